"""Formats met in real PokerStars files, each on a hand-made fixture (tests/data/hh/) with its payout worked by hand.

Amounts are cents in cash games and chips in tournaments.
"""

from __future__ import annotations

from pathlib import Path

from omaha8.histories import HandRecord, SkippedHand, read_pokerstars

DATA = Path(__file__).resolve().parent / "data" / "hh"


def _items(name: str) -> list[HandRecord | SkippedHand]:
    return list(read_pokerstars(DATA / name))


def _nets(record: HandRecord) -> tuple[str, dict[str, int], dict[str, int]]:
    check = record.reconcile()
    return (check.status, {p.name: p.collected_replay or 0 for p in check.players},
            {p.name: p.net for p in check.players})


def test_lines_ending_in_spaces_are_read() -> None:
    # Files of 2005-2012 end nearly every line with a space ("Abe: checks "): it carries nothing.
    # Pre-flop 3 x 5c = 15c; flop Abe bets 15c, Cal calls: 45c, no rake. Cal's trip kings (Kd Ks + Kh)
    # take the high half, 23c with the odd cent; Abe's 7-6-3-2-A (Ac 2d + 3c 6d 7s) the low half 22c.
    # Abe and Cal each put in 20c: +2 and +3; Bea 5c -> -5.
    (record,) = _items("trailing_spaces.txt")
    assert isinstance(record, HandRecord)
    assert record.date == "2009/06/02 9:15:40 ET"
    assert record.table == "Quillon"
    status, collected, nets = _nets(record)
    assert status == "verified"
    assert collected == {"Abe": 22, "Bea": 0, "Cal": 23}
    assert nets == {"Abe": 2, "Bea": -5, "Cal": 3}
