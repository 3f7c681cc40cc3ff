"""The subgame solver: time to a stated exploitability on the river and the turn, on two threads.

Run: ``OMAHA8_BENCH_SOLVER=full python -m pytest benchmarks/bench_solve.py --benchmark-only`` for the
full-size spots:

* river: 10,000 against 10,000 combos (seeded random samples of the 178,365 four-card combos the board
  leaves), pot limit, bets of 50% and 100% of the pot, one raise (100%, the pot-limit maximum), to 0.5%;
* turn: 2,000 against 2,000 combos, the same sizes, every river dealt, to 1%;
* full-range river: all 178,365 combos against all of them, one bet size (100%) and one raise, to 1%.

Pot 100, stacks 400 (pot limit makes the second raise an all-in). Without ``OMAHA8_BENCH_SOLVER=full``
(as in CI's smoke run) the ranges are 300 combos (river), 60 (turn) and 1,500 (full river), so the file
runs in seconds. Each benchmark checks its result: the exploitability reached the target before the
iteration limit, and the two values add up to the pot. ``extra_info`` records the iterations, the
exploitability, the bytes the regrets and average strategies take (float32, one per combo, action and
node of the acting player), and the process's peak resident memory after the run.
"""

from __future__ import annotations

import os
import resource
from collections.abc import Callable

import numpy as np
import pytest
from conftest import timed

from omaha8.cards import parse_cards
from omaha8.ranges.universe import all_hands
from omaha8.solver import Solution, solve

FULL = os.environ.get("OMAHA8_BENCH_SOLVER", "") == "full"
RIVER = "Ah 7d 4c Ks 2h"
TURN = "Ah 7d 4c Ks"
POT, STACKS = 100, 400
MAX_ITERATIONS = 2000


def sample(board: str, n: int | None, seed: int) -> np.ndarray:
    """``n`` distinct combos of the board's unblocked four-card combos, drawn from ``seed`` (all: None)."""
    hands = all_hands(4)
    hands = hands[~np.isin(hands, parse_cards(board)).any(axis=1)]
    if n is None or n >= len(hands):
        return np.ascontiguousarray(hands)
    rng = np.random.default_rng(seed)
    return np.ascontiguousarray(hands[np.sort(rng.choice(len(hands), n, replace=False))])


def run(benchmark, report: Callable[[str], None], name: str, board: str, sizes: tuple[int | None, int | None],  # type: ignore[no-untyped-def]
        target: float, **options: object) -> None:
    ranges = (sample(board, sizes[0], 31), sample(board, sizes[1], 32))
    result: Solution = benchmark.pedantic(
        solve, (board, ranges, POT, STACKS),
        dict(target=target, max_iterations=MAX_ITERATIONS, n_threads=2, **options), rounds=1, iterations=1,
    )  # fmt: skip
    assert result.exploitability <= target and result.iterations < MAX_ITERATIONS
    assert sum(result.values) == pytest.approx(POT, abs=1e-6)
    engine = result._game.engine
    strategy_bytes = engine.regret.nbytes + engine.strat.nbytes
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux
    best = timed(benchmark)
    benchmark.extra_info.update(
        combos=[len(c) for c in result.combos], nodes=len(result.nodes), iterations=result.iterations,
        exploitability=result.exploitability, strategy_bytes=strategy_bytes, peak_rss_mb=peak_mb,
    )  # fmt: skip
    if best is not None:
        report(f"solve {name}, {len(ranges[0]):,} vs {len(ranges[1]):,} combos, 2 threads: {best:.2f} s to "
               f"{result.exploitability:.3%} in {result.iterations} iterations; {len(result.nodes):,} nodes, "
               f"strategies {strategy_bytes / 2**20:.1f} MiB, peak RSS {peak_mb:.0f} MiB")


def test_river(benchmark, report: Callable[[str], None]) -> None:  # type: ignore[no-untyped-def]
    n = 10_000 if FULL else 300
    run(benchmark, report, "river", RIVER, (n, n), 0.005, bets=(0.5, 1.0), raises=(1.0,), max_raises=1)


def test_turn(benchmark, report: Callable[[str], None]) -> None:  # type: ignore[no-untyped-def]
    n = 2_000 if FULL else 60
    run(benchmark, report, "turn", TURN, (n, n), 0.01, bets=(0.5, 1.0), raises=(1.0,), max_raises=1)


def test_full_range_river(benchmark, report: Callable[[str], None]) -> None:  # type: ignore[no-untyped-def]
    n = None if FULL else 1_500
    run(benchmark, report, "full-range river", RIVER, (n, n), 0.01, bets=(1.0,), raises=(1.0,), max_raises=1)
