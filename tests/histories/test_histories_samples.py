"""Every real PokerStars hand in ../shared/hh (beside the checkout) is verified or totals-only, never a mismatch."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from omaha8.histories import HandRecord, SkippedHand, read_pokerstars

# ../shared/hh from the repository root (CI puts it beside the checkout); OMAHA8_HH_SAMPLES may point elsewhere
SAMPLES = Path(os.environ.get("OMAHA8_HH_SAMPLES") or Path(__file__).resolve().parents[3] / "shared" / "hh")
FILES = sorted(SAMPLES.glob("*.txt")) if SAMPLES.is_dir() else []


@pytest.mark.skipif(not FILES, reason=f"no real hand histories at {SAMPLES}: set OMAHA8_HH_SAMPLES to a folder of them (such as shared/hh)")
@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_real_hand_reconciles(path: Path) -> None:
    items = list(read_pokerstars(path))
    assert items, f"{path} holds no hands"
    for item in items:
        if isinstance(item, SkippedHand):
            # other games and cancelled hands may be skipped; nothing may be unreadable
            assert item.kind != "unreadable", item
            continue
        assert isinstance(item, HandRecord)
        check = item.reconcile()
        assert check.status in ("verified", "totals only"), (item.hand_id, check.status)
        # the file's nets and rake account for every chip
        assert sum(p.net for p in check.players) == -item.rake, item.hand_id


@pytest.mark.skipif(not FILES, reason=f"no real hand histories at {SAMPLES}: set OMAHA8_HH_SAMPLES to a folder of them (such as shared/hh)")
def test_real_rake_is_taken_before_the_hi_lo_split() -> None:
    # the 2009 hand 35875159084: a $4.85 pot raked $0.20 pays $2.33 and $2.32 (odd cent high)
    hands = {h.hand_id: h for p in FILES for h in read_pokerstars(p) if isinstance(h, HandRecord)}
    hand = hands.get("35875159084")
    if hand is None:
        pytest.skip("hand 35875159084 is not among the samples")
    assert (hand.total_pot, hand.rake) == (485, 20)
    assert [c.amount for c in hand.collected] == [233, 232]
    assert hand.reconcile().status == "verified"


@pytest.mark.skipif(not FILES, reason=f"no real hand histories at {SAMPLES}: set OMAHA8_HH_SAMPLES to a folder of them (such as shared/hh)")
def test_the_2009_rake_rule_gives_every_stated_rake() -> None:
    # before 2012 PokerStars raked 5% in steps of 5 cents per full dollar of pot: the computed rule
    # must give exactly the rake each 2009 cash hand states (0 below $1, $0.20 for $4.85, ...)
    from omaha8.game.rake import PokerStarsRake

    rule = PokerStarsRake(percent=5, step=5)
    checked = 0
    for path in FILES:
        for hand in read_pokerstars(path):
            if isinstance(hand, HandRecord) and hand.currency and hand.date.startswith("2009"):
                flop_seen = len(hand.board) >= 3
                assert rule.total((hand.total_pot,), flop_seen=flop_seen) == hand.rake, hand.hand_id
                checked += 1
    if not checked:
        pytest.skip("no 2009 cash hands among the samples")

