"""Range equity throughput: exact hand against a range on a flop, Monte Carlo range against range.

Run: ``python -m pytest benchmarks/bench_range_equity.py --benchmark-only``.
Monte Carlo deals with ranges in the seats are set beside hand-against-hand
Monte Carlo on the same boards, timed in the same run, and the ratio is
reported. Each benchmark checks its result against an independent run.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import numpy as np
import pytest
from conftest import timed

from omaha8 import Range
from omaha8.odds._equity import equity
from omaha8.ranges.ordering import percent_mask

HERO = "As Ad 2c 3d"
VILLAIN = "Ks Kd Qh Jh"
FLOP = "Kh 7c 2s"
SAMPLES = 1_000_000


def test_exact_hand_against_ten_percent_on_a_flop(benchmark, report: Callable[[str], None]) -> None:  # type: ignore[no-untyped-def]
    ten = Range("10%")
    result = benchmark(equity, [HERO, ten], FLOP, n_threads=1)
    assert result.exact
    combos, _ = ten.combos(board=FLOP, dead=HERO)
    assert result.boards == len(combos) * math.comb(52 - 3 - 8, 2)
    sampled = equity([HERO, ten], FLOP, samples=200_000, seed=3, n_threads=1)
    assert np.all(np.abs(sampled.equity - result.equity) < 4 * sampled.std_error)
    best = timed(benchmark)
    if best is not None:
        benchmark.extra_info["deals_per_second"] = result.boards / best
        report(f"range equity exact {HERO} against 10% ({len(combos)} combos) on {FLOP}, 1 thread: "
               f"{best * 1e3:.1f} ms (best), {result.boards / best / 1e6:.1f} M deals/s")


def _best_rate(run: Callable[[], object], samples: int, rounds: int = 3) -> float:
    best = math.inf
    for _ in range(rounds):
        started = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - started)
    return samples / best


@pytest.mark.parametrize("board", ["", FLOP], ids=["preflop", "flop"])
def test_monte_carlo_range_against_range(benchmark, report: Callable[[str], None], board: str) -> None:  # type: ignore[no-untyped-def]
    ten = Range("10%")
    seats = [ten, ten]
    result = benchmark.pedantic(equity, (seats, board), {"samples": SAMPLES, "seed": 5, "n_threads": 1},
                                rounds=3, iterations=1)
    assert result.boards == SAMPLES and not result.exact
    two = equity(seats, board, samples=SAMPLES, seed=5, n_threads=2)
    assert np.array_equal(result.equity, two.equity)
    # the same range in both seats: each holds half the pot on average
    assert np.all(np.abs(result.equity - 0.5) < 4 * result.std_error)
    best = timed(benchmark)
    if best is not None:
        # hand against hand on the same board, in this run: the figure the range kernel is held to
        hands = _best_rate(lambda: equity([HERO, VILLAIN], board, samples=SAMPLES, seed=5, n_threads=1), SAMPLES)
        ranges = SAMPLES / best
        benchmark.extra_info["deals_per_second"] = ranges
        benchmark.extra_info["hand_deals_per_second"] = hands
        benchmark.extra_info["ratio"] = ranges / hands
        report(f"range equity Monte Carlo 10% against 10% {'preflop' if not board else 'on ' + board}, 1 thread: "
               f"{ranges / 1e6:.1f} M deals/s; hand against hand {hands / 1e6:.1f} M/s; ratio {ranges / hands:.2f}")


def test_monte_carlo_against_random_hands(benchmark, report: Callable[[str], None]) -> None:  # type: ignore[no-untyped-def]
    seats = [HERO, "*", "*"]
    result = benchmark.pedantic(equity, (seats,), {"samples": SAMPLES, "seed": 7, "n_threads": 1},
                                rounds=3, iterations=1)
    assert result.boards == SAMPLES
    assert abs(float(result.equity[1] - result.equity[2])) < 4 * math.hypot(*result.std_error[1:])
    best = timed(benchmark)
    if best is not None:
        report(f"range equity Monte Carlo {HERO} against two random hands, 1 thread: {SAMPLES / best / 1e6:.1f} M deals/s")


def test_percent_mask_cached(benchmark, report: Callable[[str], None]) -> None:  # type: ignore[no-untyped-def]
    percent_mask(4, 0, 15)  # load the ordering and the class of every hand once
    mask = benchmark(percent_mask, 4, 0, 15)
    assert abs(int(mask.sum()) - 0.15 * math.comb(52, 4)) <= 24
    best = timed(benchmark)
    if best is not None:
        report(f"percent_mask(4, 0, 15), cached: {best * 1e6:.1f} us (best)")
