"""Exact equity equals a brute-force twin: every board, the reference evaluator, Fractions.

The twin enumerates the remaining boards with itertools, scores each player
with :mod:`omaha8.core._reference` (every 2-of-hole x 3-of-board hand, in pure
Python) and splits each pot by the rules in plain Fractions, so it shares no
code with the kernels beyond the card ids.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import pytest

from omaha8.core import _reference as ref
from omaha8.cards import parse_cards
from omaha8.odds._equity import EquityResult, equity


@dataclass
class Twin:
    equity: list[Fraction]
    high_win: list[Fraction]
    high_tie: list[Fraction]
    low_win: list[Fraction]
    low_tie: list[Fraction]
    scoop: list[Fraction]
    no_low: Fraction
    boards: int


def twin(holes: Sequence[Sequence[int]], board: Sequence[int], dead: Sequence[int] = ()) -> Twin:
    """The equity of every player over every completion of ``board``, the slow way."""
    used = {c for hole in holes for c in hole} | set(board) | set(dead)
    deck = [c for c in range(52) if c not in used]
    n = len(holes)
    zero = [Fraction(0)] * n
    pot, hw, ht, lw, lt, sc = (list(zero) for _ in range(6))
    no_low = 0
    boards = 0
    for rest in itertools.combinations(deck, 5 - len(board)):
        full = tuple(board) + rest
        highs = [ref.best_high(hole, full)[0] for hole in holes]
        lows = [ref.best_low(hole, full)[0] for hole in holes]
        top = max(highs)
        high_winners = [p for p in range(n) if highs[p] == top]
        qualified = [low for low in lows if low is not None]
        low_winners = [p for p in range(n) if qualified and lows[p] == max(qualified)]
        boards += 1
        if not low_winners:
            no_low += 1
            for p in high_winners:
                pot[p] += Fraction(1, len(high_winners))
        else:
            for p in high_winners:
                pot[p] += Fraction(1, 2 * len(high_winners))
            for p in low_winners:
                pot[p] += Fraction(1, 2 * len(low_winners))
        for p in high_winners:
            if len(high_winners) == 1:
                hw[p] += 1
            else:
                ht[p] += 1
        for p in low_winners:
            if len(low_winners) == 1:
                lw[p] += 1
            else:
                lt[p] += 1
        if len(high_winners) == 1 and (not low_winners or low_winners == high_winners):
            sc[high_winners[0]] += 1

    def frac(values: list[Fraction]) -> list[Fraction]:
        return [v / boards for v in values]

    return Twin(frac(pot), frac(hw), frac(ht), frac(lw), frac(lt), frac(sc), Fraction(no_low, boards), boards)


def assert_matches(result: EquityResult, expected: Twin) -> None:
    assert result.exact
    assert result.boards == expected.boards
    for name in ("equity", "high_win", "high_tie", "low_win", "low_tie", "scoop"):
        got = getattr(result, name)
        want = [float(x) for x in getattr(expected, name)]
        np.testing.assert_allclose(got, want, rtol=0, atol=1e-14, err_msg=name)
    assert result.no_low == pytest.approx(float(expected.no_low), abs=1e-15)
    assert float(sum(result.equity)) == pytest.approx(1.0, abs=1e-14)


def deal(rng: random.Random, players: int, hole_size: int, board_size: int, dead: int) -> tuple:
    cards = rng.sample(range(52), players * hole_size + board_size + dead)
    holes = [cards[i * hole_size : (i + 1) * hole_size] for i in range(players)]
    board = cards[players * hole_size : players * hole_size + board_size]
    return holes, board, cards[players * hole_size + board_size :]


@pytest.mark.parametrize("seed", range(12))
def test_turn_spots(seed: int) -> None:
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    holes, board, dead = deal(rng, players, rng.choice((4, 5)), 4, rng.randint(0, 3))
    assert_matches(equity(holes, board, dead), twin(holes, board, dead))


@pytest.mark.parametrize("seed", range(12))
def test_river_spots(seed: int) -> None:
    rng = random.Random(100 + seed)
    holes, board, dead = deal(rng, rng.randint(2, 9), rng.choice((4, 5)), 5, 0)
    assert_matches(equity(holes, board, dead), twin(holes, board, dead))


@pytest.mark.parametrize("seed", range(4))
def test_flop_spots(seed: int) -> None:
    # dead cards keep the twin quick: 20 cards left, 190 boards
    rng = random.Random(200 + seed)
    players = 2 + seed % 2
    hole_size = 4 + seed // 2
    dead_count = 52 - players * hole_size - 3 - 20
    holes, board, dead = deal(rng, players, hole_size, 3, dead_count)
    assert_matches(equity(holes, board, dead), twin(holes, board, dead))


def test_flop_spot_full_deck() -> None:
    holes = [parse_cards("Ah 2h 3c Kd").tolist(), parse_cards("Ks Kc Qs Jd").tolist()]
    board = parse_cards("4h 5d Qh").tolist()
    assert_matches(equity(holes, board), twin(holes, board))


@pytest.mark.parametrize("seed", range(6))
def test_small_preflop_spots(seed: int) -> None:
    # every chunk of the 5-card enumeration, on a deck cut to 9-11 cards
    rng = random.Random(300 + seed)
    players = rng.choice((2, 3))
    hole_size = rng.choice((4, 5))
    left = rng.randint(9, 11)
    holes, board, dead = deal(rng, players, hole_size, 0, 52 - players * hole_size - left)
    assert_matches(equity(holes, board, dead), twin(holes, board, dead))


def test_flush_heavy_preflop() -> None:
    # all spades and hearts left: flushes on most boards, straight flushes on some
    holes = [parse_cards("As Ks 2h 3h").tolist(), parse_cards("Qs Js Ah 4h").tolist()]
    spades_hearts = {c for c in range(52) if c % 4 in (2, 3)}
    used = {c for hole in holes for c in hole}
    left = sorted(spades_hearts - used)[:11]
    dead = [c for c in range(52) if c not in used and c not in left]
    assert_matches(equity(holes, [], dead), twin(holes, [], dead))
