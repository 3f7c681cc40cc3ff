"""Solver sweeps: every combo's hi/lo equity against a whole range, river, turn and flop.

Run: ``OMAHA8_BENCH_SOLVER=full python -m pytest benchmarks/bench_solver.py --benchmark-only``
for the full-size spots:

* river: all 178,365 four-card combos not blocked by the board against all
  of them, and all 1,533,939 five-card combos against all of them;
* turn: all 194,580 four-card combos against all of them (48 rivers);
* flop: a 20% range against itself (42,290 combos: a seeded random fifth of
  the 211,876 four-card combos not blocked by the flop; 1,176 runouts).

Without ``OMAHA8_BENCH_SOLVER=full`` (as in CI's smoke run) each range is a
seeded sample of 1,500 combos, so the file runs in seconds.
Each benchmark checks its result: a range against itself wins exactly half
(the game is zero-sum and symmetric), every probability lies in [0, 1], a
few hands match the all-pairs twin, and two threads give the same arrays as
one. The river runs also record the peak memory per combo beyond the inputs
(tracemalloc; the result arrays are counted).
"""

from __future__ import annotations

import os
import tracemalloc
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from conftest import timed

from omaha8.cards import parse_cards
from omaha8.ranges.universe import all_hands
from omaha8.solver import ShowdownValues, showdown_values
from omaha8.solver._reference import showdown_values_reference

FULL = os.environ.get("OMAHA8_BENCH_SOLVER", "") == "full"
RIVER = "Ah 7d 4c Ks 2h"
TURN = "Ah 7d 4c Ks"
FLOP = "Ah 7d 4c"
FLOP_SHARE = 0.2  # the flop ranges: this fraction of the combos, drawn with a fixed seed
SMOKE_COMBOS = 1500  # combos per range without OMAHA8_BENCH_SOLVER=full

_FIRST_RUN: dict[str, ShowdownValues] = {}


def unblocked(board: str, cards: int) -> np.ndarray:
    """Every combo of ``cards`` hole cards that holds no board card."""
    hands = all_hands(cards)
    on_board = np.zeros(52, dtype=bool)
    on_board[parse_cards(board)] = True
    return np.ascontiguousarray(hands[~on_board[hands].any(axis=1)])


def spot_range(board: str, cards: int, fraction: float = 1.0, seed: int = 20) -> np.ndarray:
    combos = unblocked(board, cards)
    rng = np.random.default_rng(seed)
    if fraction < 1.0:
        combos = combos[rng.random(combos.shape[0]) < fraction]
    if not FULL and combos.shape[0] > SMOKE_COMBOS:
        combos = combos[np.sort(rng.choice(combos.shape[0], SMOKE_COMBOS, replace=False))]
    return np.ascontiguousarray(combos)


def check(result: ShowdownValues, board: str, combos: np.ndarray, key: str, reference_rows: int) -> None:
    """Zero-sum symmetry, bounds, a few hands against the twin, and one thread = two threads."""
    assert result.range_equity() == pytest.approx(0.5, abs=1e-9)
    for name in ("share", "high_win", "high_tie", "low_win", "low_tie", "scoop"):
        values = getattr(result, name)
        assert np.all((values >= 0) & (values <= 1)), name
    rows = np.random.default_rng(1).choice(combos.shape[0], reference_rows, replace=False)
    if reference_rows:
        slow = showdown_values_reference(combos[rows], combos, board)
        np.testing.assert_allclose(result.share[rows], slow.share, rtol=0, atol=1e-12)
        np.testing.assert_allclose(result.scoop[rows], slow.scoop, rtol=0, atol=1e-12)
    first = _FIRST_RUN.setdefault(key, result)
    if first is not result:
        for name in ("share", "high_win", "high_tie", "low_win", "low_tie", "scoop", "weight", "ehs2"):
            assert np.array_equal(getattr(first, name), getattr(result, name)), name


def peak_bytes_per_combo(fn: Callable[[], Any], combos: int) -> float:
    tracemalloc.start()
    try:
        fn()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / combos


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("cards", [4, 5])
def test_river_full_ranges(benchmark, report: Callable[[str], None], cards: int, threads: int) -> None:  # type: ignore[no-untyped-def]
    combos = spot_range(RIVER, cards)
    result = benchmark.pedantic(showdown_values, (combos, combos, RIVER), {"n_threads": threads}, rounds=3, iterations=1)
    check(result, RIVER, combos, f"river{cards}", reference_rows=2)
    best = timed(benchmark)
    if best is not None:
        memory = peak_bytes_per_combo(lambda: showdown_values(combos, combos, RIVER, n_threads=threads), len(combos))
        benchmark.extra_info["combos"] = len(combos)
        benchmark.extra_info["peak_bytes_per_combo"] = memory
        report(f"solver river {cards}-card, {len(combos):,} vs {len(combos):,} combos, {threads} thread(s): "
               f"{best:.3f} s (best), peak {memory:.0f} bytes/combo")  # fmt: skip


@pytest.mark.parametrize("threads", [1, 2])
def test_turn_full_ranges(benchmark, report: Callable[[str], None], threads: int) -> None:  # type: ignore[no-untyped-def]
    combos = spot_range(TURN, 4, seed=21)
    result = benchmark.pedantic(showdown_values, (combos, combos, TURN), {"n_threads": threads}, rounds=1, iterations=1)
    check(result, TURN, combos, "turn", reference_rows=0 if FULL else 1)
    assert result.runouts == 48
    best = timed(benchmark)
    if best is not None:
        benchmark.extra_info["combos"] = len(combos)
        report(f"solver turn 4-card, {len(combos):,} vs {len(combos):,} combos, {threads} thread(s): {best:.2f} s")


@pytest.mark.parametrize("threads", [1, 2])
def test_flop_fifth_of_the_combos(benchmark, report: Callable[[str], None], threads: int) -> None:  # type: ignore[no-untyped-def]
    combos = spot_range(FLOP, 4, fraction=FLOP_SHARE, seed=22)
    result = benchmark.pedantic(
        showdown_values, (combos, combos, FLOP), {"n_threads": threads, "bins": 10}, rounds=1, iterations=1
    )
    check(result, FLOP, combos, "flop", reference_rows=0)
    assert result.runouts == 49 * 48 // 2
    assert result.histogram is not None
    fits = result.weight > 0
    np.testing.assert_allclose(result.histogram[fits].sum(axis=1), 1.0, rtol=0, atol=1e-9)
    best = timed(benchmark)
    if best is not None:
        benchmark.extra_info["combos"] = len(combos)
        report(f"solver flop 4-card, {len(combos):,} vs {len(combos):,} combos (20%), {threads} thread(s): {best:.2f} s")
