"""omaha8.capi from compiled code: o8_evaluate against evaluate_batch, and a 6-seat o8_showdown.

Run: ``python -m pytest benchmarks/bench_capi.py --benchmark-only``.

The C functions are called from Cython loops (``examples/capi_loops.pyx``,
compiled into a temporary folder when this module's first benchmark runs),
one call per deal, on one thread. ``evaluate_batch`` runs on one thread over
the same deals with its checks on, as ``o8_evaluate`` checks every call: the
report gives both times per player and their ratio (the aim: within 1.5x).
A 6-seat ``o8_showdown`` with side pots and folded seats aims under 1 us.
Each benchmark checks its answers against omaha8's own functions.
"""

from __future__ import annotations

import importlib.util
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from conftest import random_deals, scaled, timed

import omaha8
from omaha8.pots import showdown

N_DEALS = scaled(400_000, 100_000)
N_HANDS = scaled(200_000, 50_000)
SEATS = 6
BUILDER = Path(__file__).resolve().parent.parent / "examples" / "build_capi_loops.py"


@pytest.fixture(scope="module")
def loops(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    pytest.importorskip("Cython")
    spec = importlib.util.spec_from_file_location("omaha8_build_capi_loops", BUILDER)
    assert spec is not None and spec.loader is not None
    builder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(builder)
    module: ModuleType = builder.build(tmp_path_factory.mktemp("capi_loops"))
    return module


def _best(call: Callable[[], Any], rounds: int = 5) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return min(times)


@pytest.mark.parametrize("hole_size", [4, 5])
def test_o8_evaluate(benchmark, loops: ModuleType, report: Callable[[str], None], hole_size: int) -> None:  # type: ignore[no-untyped-def]
    holes, boards = random_deals(2300 + hole_size, N_DEALS, hole_size)
    high, low = np.zeros(N_DEALS, np.uint16), np.zeros(N_DEALS, np.uint8)
    refused = benchmark(loops.evaluate_rows, holes, boards, high, low)
    want_high, want_low = omaha8.evaluate_batch(holes, boards, n_threads=1)
    assert refused == 0 and np.array_equal(high, want_high) and np.array_equal(low, want_low)
    best = timed(benchmark, "min")
    if best is not None:
        batch = _best(lambda: omaha8.evaluate_batch(holes, boards, n_threads=1))
        ratio = best / batch
        benchmark.extra_info.update(ns_per_player=1e9 * best / N_DEALS, batch_ns_per_player=1e9 * batch / N_DEALS,
                                    ratio_to_batch=ratio)
        report(f"o8_evaluate {hole_size}-card from Cython, one call a player: {1e9 * best / N_DEALS:.1f} ns/player; "
               f"evaluate_batch 1 thread {1e9 * batch / N_DEALS:.1f} ns/player; ratio {ratio:.2f} (aim <= 1.5)")


def test_o8_showdown_six_seats(benchmark, loops: ModuleType, report: Callable[[str], None]) -> None:  # type: ignore[no-untyped-def]
    holes, boards = random_deals(2310, N_HANDS, 4, players=SEATS)
    rng = np.random.default_rng(2311)
    # side pots and dead money: contributions from a few levels, about one seat in four folded
    contributed = rng.choice([2, 10, 10, 35, 100, 100], size=(N_HANDS, SEATS)).astype(np.int64)
    folded = (rng.random((N_HANDS, SEATS)) < 0.25).astype(np.uint8)
    folded[:, 0] = 0
    buttons = rng.integers(0, SEATS, size=N_HANDS).astype(np.intc)
    payouts = np.zeros((N_HANDS, SEATS), np.int64)
    refused = benchmark(loops.showdown_rows, holes, boards, contributed, folded, buttons, payouts)
    assert refused == 0 and np.array_equal(payouts.sum(axis=1), contributed.sum(axis=1))
    for i in range(0, N_HANDS, N_HANDS // 200):   # 200 hands against showdown()
        want = showdown(boards[i].tolist(), [None if folded[i, s] else holes[i, s].tolist() for s in range(SEATS)],
                        contributions=contributed[i].tolist(), button=int(buttons[i])).payouts
        assert tuple(payouts[i]) == want
    best = timed(benchmark, "min")
    if best is not None:
        benchmark.extra_info["us_per_call"] = 1e6 * best / N_HANDS
        report(f"o8_showdown 6 seats 4-card from Cython (side pots, folded seats): "
               f"{1e9 * best / N_HANDS:.0f} ns/call (aim < 1000)")
