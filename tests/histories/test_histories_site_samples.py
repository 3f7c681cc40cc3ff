"""Every real hand history among the samples: read, reconciled, and given an all-in EV where one applies.

The samples are real files from every site omaha8 reads (not in the repository): the folder
``shared/hh`` beside the checkout, or wherever the environment variable ``OMAHA8_HH_SAMPLES`` points
(``OMAHA8_HH_SAMPLES=/path/to/hh python -m pytest tests/histories``). Without them these tests are skipped
and say so. Each file is read whole: every hand of a site omaha8 reads must be ``verified`` or ``totals
only`` (never a mismatch, never unreadable); a hand whose live players' cards were all shown and whose
money went in before the river has an all-in EV; files of formats omaha8 only recognises (``other/``)
are skipped with that reason, never misread.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from omaha8.histories import HandRecord, HandStatus, SkipKind, SkippedHand, analyze, read

SAMPLES = Path(os.environ.get("OMAHA8_HH_SAMPLES") or Path(__file__).resolve().parents[3] / "shared" / "hh")
FILES = sorted(p for p in SAMPLES.rglob("*") if p.is_file()) if SAMPLES.is_dir() else []
WHY = f"no real hand histories at {SAMPLES}: set OMAHA8_HH_SAMPLES to a folder of them (such as shared/hh)"
#: Sample hands whose lines contradict each other, refused with the reason (by file name and hand id).
CONTRADICTED = {
    # the blinds post 10 and 20 and Player0 raises, but the summary's "Bets:" give 40 and 40 to Player3 and
    # Player4 and 0 to the blinds, and the uncalled 20 goes back to Player3, who folded
    # (Player0 posts 10 and raises 50, gets nothing back: 60 put in; its summary line, line 38, says "Bets: 0"
    # at column 42, after the 35 characters of "Player Player0 does not show cards." and "Bets: ")
    ("wpn-old-plo8-cash-noflop.txt", "727152195"): (
        "line 38, column 42: the summary says Player0 bet 0, but the action lines put in 60 "
        "(blinds, bets and raises less returns): the lines contradict each other"),
}


@pytest.mark.skipif(not FILES, reason=WHY)
@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SAMPLES)) if FILES else "" for p in FILES])
def test_every_sample_hand(path: Path) -> None:
    items = list(read(path))
    assert items, f"{path} holds no hands"
    for item in items:
        known = CONTRADICTED.get((path.name, item.hand_id or ""))
        if known is not None:
            assert isinstance(item, SkippedHand) and item.kind is SkipKind.UNREADABLE, item
            assert item.reason == f"unreadable: {known}", item.reason
            continue
        if isinstance(item, SkippedHand):
            if path.parent.name == "other":
                assert item.kind in (SkipKind.OTHER_FORMAT, SkipKind.OTHER_GAME), item
            else:
                assert item.kind in (SkipKind.OTHER_GAME, SkipKind.CANCELLED), item
            continue
        assert isinstance(item, HandRecord)
        report = analyze(item)
        assert report.outcome in (HandStatus.VERIFIED, HandStatus.TOTALS_ONLY), (item.hand_id, report.status)
        # every chip is accounted for: the nets add up to minus the rake
        assert sum(p.net for p in report.players()) == -item.rake, item.hand_id
        if report.ev is None and _all_in_before_the_river_with_every_card_shown(item, report):
            pytest.fail(f"hand {item.hand_id}: all-in before the river with every live hand shown, no all-in EV")


def _all_in_before_the_river_with_every_card_shown(item: HandRecord, report) -> bool:  # type: ignore[no-untyped-def]
    hand = item.replay()
    result = hand.result
    if result.showdown is None:
        return False
    known = item.known_cards()
    live = [s for s, value in enumerate(result.showdown.hands) if value is not None]
    names = {seat.seat: seat.name for seat in item.in_hand()}
    if any(names.get(s) not in known for s in live):
        return False
    all_in = {p.name for p in item.posts if p.all_in} | {a.name for a in item.actions if a.all_in and a.street < 3}
    return any(names[s] in all_in for s in live) and all(a.street < 3 or a.kind in ("check", "fold")
                                                         for a in item.actions)


@pytest.mark.skipif(not FILES, reason=WHY)
def test_the_samples_cover_every_site_read() -> None:
    sites = {item.site for path in FILES for item in read(path) if isinstance(item, HandRecord)}
    assert {"PokerStars", "888poker", "Winning", "Winamax", "PartyPoker", "Bovada", "Full Tilt", "KingsClub",
            "Entraction", "OnGame", "Boss Media", "Microgaming", "Merge"} <= sites


#: The rake rule each site's samples follow where the files do not state the rake (docs/rules.md §6.12).
RAKE_RULES = {"888poker": (5, None), "PartyPoker": (5, 300)}


@pytest.mark.skipif(not FILES, reason=WHY)
def test_the_rake_the_collections_leave_is_the_sites_percentage() -> None:
    # 888: 5% of the pot, rounded down to a cent ($8.50: $0.42); PartyPoker: 5% up to $3 ($60.50: $3.00)
    from omaha8.game import PercentageRake

    checked = 0
    for path in FILES:
        for item in read(path):
            rule = RAKE_RULES.get(getattr(item, "site", None) or "")
            if not isinstance(item, HandRecord) or rule is None or item.tournament_id is not None:
                continue
            pots = tuple(pot.amount for pot in item.replay().result.pots)
            taken = PercentageRake(rule[0], cap=rule[1]).take(pots, flop_seen=len(item.board) >= 3)
            assert sum(taken) == item.rake, (item.site, item.hand_id)
            checked += 1
    assert checked >= 6
