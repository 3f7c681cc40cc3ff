"""Equity throughput: exact enumeration and Monte Carlo, one and two threads.

Run: ``python -m pytest benchmarks/bench_equity.py --benchmark-only``.
Each benchmark checks its result: exact runs against a seeded Monte Carlo
estimate (a separate kernel) and against the one-thread run.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pytest
from conftest import timed

from omaha8.odds._equity import EquityResult, equity

HEADS_UP_4 = ["As Ad 2c 3d", "Ks Kd Qh Jh"]
HEADS_UP_5 = ["As Ad 2c 3d 4c", "Ks Kd Qh Jh Th"]
SIX_WAY = ["As Ad 2c 3d", "Ks Kd Qh Jh", "7c 8c 9d Td", "2h 4h 5s 6s", "Ac 3h Kc Qs", "Jc Js 9h 9s"]
SIX_WAY_FLOP = "Ah 7d 8h"


def check_against_sampling(result: EquityResult, holes: list[str], board: str = "") -> None:
    assert float(np.sum(result.equity)) == pytest.approx(1.0, abs=1e-12)
    sampled = equity(holes, board, samples=50_000, seed=99)
    assert np.all(np.abs(sampled.equity - result.equity) < 4 * sampled.std_error)


@pytest.mark.parametrize("threads", [1, 2])
def test_exact_heads_up_preflop_4card(benchmark, report: Callable[[str], None], threads: int) -> None:  # type: ignore[no-untyped-def]
    result = benchmark(equity, HEADS_UP_4, n_threads=threads)
    assert result.exact and result.boards == math.comb(44, 5)
    assert np.array_equal(result.equity, equity(HEADS_UP_4, n_threads=1).equity)
    check_against_sampling(result, HEADS_UP_4)
    best, median = timed(benchmark), timed(benchmark, "median")
    if best is not None and median is not None:
        benchmark.extra_info["boards_per_second"] = result.boards / best
        report(f"equity exact heads-up 4-card preflop ({result.boards} boards), {threads} thread(s): "
               f"{best * 1e3:.1f} ms (best), {median * 1e3:.1f} ms (median)")


@pytest.mark.parametrize("threads", [1, 2])
def test_exact_heads_up_preflop_5card(benchmark, report: Callable[[str], None], threads: int) -> None:  # type: ignore[no-untyped-def]
    result = benchmark(equity, HEADS_UP_5, n_threads=threads)
    assert result.exact and result.boards == math.comb(42, 5)
    check_against_sampling(result, HEADS_UP_5)
    best, median = timed(benchmark), timed(benchmark, "median")
    if best is not None and median is not None:
        benchmark.extra_info["boards_per_second"] = result.boards / best
        report(f"equity exact heads-up 5-card preflop ({result.boards} boards), {threads} thread(s): "
               f"{best * 1e3:.1f} ms (best), {median * 1e3:.1f} ms (median)")


def test_exact_six_way_flop(benchmark, report: Callable[[str], None]) -> None:  # type: ignore[no-untyped-def]
    result = benchmark(equity, SIX_WAY, SIX_WAY_FLOP, n_threads=1)
    assert result.exact and result.boards == math.comb(52 - 24 - 3, 2)
    check_against_sampling(result, SIX_WAY, SIX_WAY_FLOP)
    best, median = timed(benchmark), timed(benchmark, "median")
    if best is not None and median is not None:
        report(f"equity exact 6-way 4-card flop ({result.boards} boards), 1 thread: "
               f"{best * 1e3:.2f} ms (best), {median * 1e3:.2f} ms (median)")


def test_exact_three_way_preflop(benchmark, report: Callable[[str], None]) -> None:  # type: ignore[no-untyped-def]
    holes = SIX_WAY[:3]
    result = benchmark.pedantic(equity, (holes,), {"n_threads": 1}, rounds=3, iterations=1)
    assert result.boards == math.comb(40, 5)
    check_against_sampling(result, holes)
    best = timed(benchmark)
    if best is not None:
        report(f"equity exact 3-way 4-card preflop ({result.boards} boards), 1 thread: {best * 1e3:.1f} ms (best)")


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("holes", [HEADS_UP_4, SIX_WAY], ids=["heads-up", "6-way"])
def test_monte_carlo(benchmark, report: Callable[[str], None], holes: list[str], threads: int) -> None:  # type: ignore[no-untyped-def]
    samples = 1_000_000
    result = benchmark.pedantic(
        equity, (holes,), {"samples": samples, "seed": 5, "n_threads": threads}, rounds=3, iterations=1
    )
    assert result.boards == samples
    assert np.array_equal(result.equity, equity(holes, samples=samples, seed=5, n_threads=1).equity)
    exact = equity(holes)
    assert np.all(np.abs(result.equity - exact.equity) < 4 * result.std_error)
    best = timed(benchmark)
    if best is not None:
        rate = samples * len(holes) / best
        benchmark.extra_info["board_players_per_second"] = rate
        report(f"equity Monte Carlo {len(holes)} players, {threads} thread(s): "
               f"{rate / 1e6:.1f} M board-player evaluations/s (best)")
