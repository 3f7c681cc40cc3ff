"""What the equity tests share: the brute-force twin of exact equity.

The twin enumerates the remaining boards with itertools, scores each player
with :mod:`omaha8.core._reference` (every 2-of-hole x 3-of-board hand, in pure
Python) and splits each pot by the rules in plain Fractions, so it shares no
code with the kernels beyond the card ids. Tests ask for it as the ``twin``
fixture, and for its comparison with a result as ``assert_matches``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import pytest

from omaha8.core import _reference as ref
from omaha8.odds._equity import EquityResult


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


def equity_twin(holes: Sequence[Sequence[int]], board: Sequence[int], dead: Sequence[int] = ()) -> Twin:
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


def assert_equity_matches(result: EquityResult, expected: Twin) -> None:
    assert result.exact
    assert result.boards == expected.boards
    for name in ("equity", "high_win", "high_tie", "low_win", "low_tie", "scoop"):
        got = getattr(result, name)
        want = [float(x) for x in getattr(expected, name)]
        np.testing.assert_allclose(got, want, rtol=0, atol=1e-14, err_msg=name)
    assert result.no_low == pytest.approx(float(expected.no_low), abs=1e-15)
    assert float(sum(result.equity)) == pytest.approx(1.0, abs=1e-14)



@pytest.fixture(name="twin")
def _twin() -> Callable[..., Twin]:
    return equity_twin


@pytest.fixture(name="assert_matches")
def _assert_matches() -> Callable[[EquityResult, Twin], None]:
    return assert_equity_matches
