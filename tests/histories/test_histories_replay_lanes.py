"""The replay's fast lanes against their slow twins, on every hand of every fixture (and the real samples).

A hand whose file states no rake is replayed without a rake policy, so the engine settles it by its own
fast lane; :data:`omaha8.histories.replay.RAKE_LANE` off replays every hand with a policy taking the
stated rake, as before. The betting structure of a hand is remembered by its limit, stakes and small
blind; :func:`omaha8.histories.structure_of` builds it afresh. Both ways must give the same hand.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from omaha8.game import PotLimit
from omaha8.histories import HandRecord, read, structure_of
from omaha8.histories import replay as replay_module
from omaha8.histories.reconcile import reconcile

DATA = Path(__file__).resolve().parent.parent / "data" / "hh"
SAMPLES = Path(os.environ.get("OMAHA8_HH_SAMPLES") or Path(__file__).resolve().parents[3] / "shared" / "hh")


def _records(root: Path) -> Iterator[HandRecord]:
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        for item in read(path):
            if isinstance(item, HandRecord):
                yield item


def _outcome(record: HandRecord) -> tuple[object, ...]:
    """Everything a replay decides, and the reconciliation's verdict."""
    try:
        hand = replay_module.replay_record(record)
    except Exception as exc:  # a refusal must be the same refusal both ways
        return ("refused", type(exc).__name__, str(exc))
    result = hand.result
    pots = tuple((p.amount, p.rake, p.eligible, p.high_winners, p.low_winners, p.awards, p.split) for p in result.pots)
    shown = None if result.showdown is None else (result.showdown.show_order, result.showdown.hands)
    check = reconcile(record)
    return (result.payouts, result.net, result.uncalled, result.won, result.rake, result.rake_total, pots, shown,
            check.status, tuple(p.as_dict().items() for p in check.players))


def _both_ways(records: list[HandRecord], monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    unraked = 0
    for record in records:
        monkeypatch.setattr(replay_module, "RAKE_LANE", True)
        fast = _outcome(record)
        monkeypatch.setattr(replay_module, "RAKE_LANE", False)
        slow = _outcome(record)
        assert fast == slow, record.hand_id
        unraked += record.rake == 0
    return len(records), unraked


def test_unraked_hands_settle_alike_with_and_without_a_rake_policy(monkeypatch: pytest.MonkeyPatch) -> None:
    n, unraked = _both_ways(list(_records(DATA)), monkeypatch)
    # the fixtures hold both kinds, so both lanes are compared (not one lane with itself)
    assert n > 30 and 0 < unraked < n


@pytest.mark.skipif(not SAMPLES.is_dir(), reason=f"no real hand histories at {SAMPLES}")
def test_real_samples_settle_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    n, unraked = _both_ways(list(_records(SAMPLES)), monkeypatch)
    assert n > 40 and 0 < unraked < n


def test_the_remembered_structure_is_the_one_built_afresh() -> None:
    seen = 0
    for record in _records(DATA):
        assert replay_module._structure(record) == structure_of(record), record.hand_id
        seen += 1
    assert seen > 30


def test_a_limit_hand_remembers_its_own_small_blind() -> None:
    # two limit hands at the same stakes, one with a small blind of 10, one with 15: two structures
    text = (DATA / "no_low_limit_home.txt").read_text(encoding="utf-8")
    record = next(r for r in read(text) if isinstance(r, HandRecord))
    assert record.limit == "Limit"
    posts = tuple(p._replace(amount=p.amount + 5) if p.kind == "small_blind" else p for p in record.posts)
    other = HandRecord(**{**{f: getattr(record, f) for f in record.__dataclass_fields__}, "posts": posts})
    first, second = replay_module._structure(record), replay_module._structure(other)
    assert first.small_blind + 5 == second.small_blind or first.small_blind == second.small_blind == record.stakes[0]
    assert first == structure_of(record) and second == structure_of(other)
    assert isinstance(replay_module._structure(next(_records(DATA / "888"))), PotLimit)


def _dealt(record: HandRecord) -> tuple[object, ...]:
    """The replay's cards (those the file does not show come from the shuffle) and its outcome."""
    try:
        hand = replay_module.replay_record(record)
    except Exception as exc:
        return ("refused", type(exc).__name__, str(exc))
    history = hand.history
    return (history.holes, history.board, history.boards, history.text(), _outcome(record))


@pytest.mark.parametrize("root", [DATA, SAMPLES], ids=["fixtures", "samples"])
def test_the_seeded_floats_deal_as_the_seeded_generator(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if not root.is_dir():
        pytest.skip(f"no real hand histories at {root}")
    hidden = 0
    for record in _records(root):
        monkeypatch.setattr(replay_module, "SEEDED_FLOATS", True)
        fast = _dealt(record)
        monkeypatch.setattr(replay_module, "SEEDED_FLOATS", False)
        assert fast == _dealt(record), record.hand_id
        hidden += len(record.known_cards()) < len(record.in_hand())
    assert hidden > 10  # hands with cards the file does not show: the shuffle deals them


def test_the_seeded_floats_are_the_seeded_generators() -> None:
    import random
    fast, slow = replay_module._SeededFloats(), replay_module._shuffle()
    seeded = random.Random(replay_module.SHUFFLE_SEED)
    # past the floats taken once, into the generator brought to the same point
    n = 3 * len(replay_module._FLOATS)
    assert [fast.random() for _ in range(n)] == [slow.random() for _ in range(n)] == [seeded.random() for _ in range(n)]
    # any draw other than a float is refused, never answered from an unseeded state
    for draw in (lambda: fast.getrandbits(8), lambda: fast.randrange(52), lambda: fast.shuffle([1, 2, 3])):
        with pytest.raises(NotImplementedError):
            draw()
