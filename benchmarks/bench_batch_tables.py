"""BatchTables throughput: 6-max pot-limit hands played in the kernel, and table decisions stepped from Python.

Run: ``python -m pytest benchmarks/bench_batch_tables.py --benchmark-only``.

* ``play(policy="random")`` on 4,096 tables, on 1 and 2 threads (the aim: at
  least 1,000,000 hands a second on 2 threads; ``bench_game.py`` has the
  scalar engine and pokerkit on the same kind of hands);
* ``observe()`` then ``step()`` from Python on 4,096 tables, every table acting
  each step: with every seat checking or calling, and with a random legal
  action drawn by numpy from the observation (the aim: at least 2,000,000 table
  decisions a second).

Each benchmark checks its result: chips conserved, every hand counted, and
the same hands on 1 and 2 threads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from conftest import scaled, timed

from omaha8.game import BatchTables, PotLimit

TABLES = 4096
SEATS = 6
HANDS = scaled(2_000_000, 400_000)
STEPS = scaled(200, 50)


@pytest.mark.parametrize("threads", [1, 2])
def test_play_random(benchmark, report: Callable[[str], None], threads: int) -> None:  # type: ignore[no-untyped-def]
    tables = BatchTables(TABLES, SEATS, PotLimit(1, 2), seed=2026, n_threads=threads)
    totals = benchmark.pedantic(tables.play, args=(HANDS,), rounds=3, iterations=1)
    # every hand dealt every seat in, and the chips won are the chips lost
    assert totals.n_hands == HANDS and totals.hands.tolist() == [HANDS] * SEATS and totals.net.sum() == 0
    assert 0 < totals.showdowns_won.sum() < HANDS * SEATS
    # the same seed plays the same hands on another number of threads
    other = BatchTables(TABLES, SEATS, PotLimit(1, 2), seed=2026, n_threads=3 - threads)
    mine = BatchTables(TABLES, SEATS, PotLimit(1, 2), seed=2026, n_threads=threads)
    a, b = mine.play(20_000), other.play(20_000)
    assert a.net.tolist() == b.net.tolist() and mine.history(7) == other.history(7)
    best = timed(benchmark)
    if best is not None:
        rate = HANDS / best
        benchmark.extra_info.update(hands_per_second=rate, threads=threads, tables=TABLES)
        report(f"BatchTables.play 6-max pot-limit, random policy, {TABLES} tables, {threads} thread(s): "
               f"{rate:,.0f} hands/s (aim on 2 threads: 1,000,000)")


def _random_legal(rng: np.random.Generator) -> Callable[[dict[str, Any]], tuple[Any, Any]]:
    def policy(obs: dict[str, Any]) -> tuple[Any, Any]:
        r = rng.random(len(obs["seat"]))
        raise_ok = obs["max_to"] > 0
        kind = np.where(raise_ok & (r < 0.25), 2, np.where((obs["to_call"] > 0) & (r > 0.85), 0, 1))
        return kind.astype(np.int8), obs["min_to"]
    return policy


@pytest.mark.parametrize("policy", ["call", "numpy-random"])
def test_observe_step(benchmark, report: Callable[[str], None], policy: str) -> None:  # type: ignore[no-untyped-def]
    tables = BatchTables(TABLES, SEATS, PotLimit(1, 2), seed=2027, n_threads=2)
    calls = np.ones(TABLES, np.int8)
    choose = _random_legal(np.random.default_rng(3)) if policy == "numpy-random" else None
    totals = np.zeros(SEATS, np.int64)

    def run() -> int:
        finished_hands = 0
        for _ in range(STEPS):
            obs = tables.observe()
            kind, amount = (calls, None) if choose is None else choose(obs)
            finished, net = tables.step(kind, amount)
            finished_hands += int(finished.sum())
            totals[:] += net.sum(axis=0)
        return finished_hands

    finished_hands = benchmark.pedantic(run, rounds=3, iterations=1)
    # hands finish as the tables step, and the chips they moved add up to nothing
    assert finished_hands > 0 and totals.sum() == 0
    best = timed(benchmark)
    if best is not None:
        rate = STEPS * TABLES / best
        benchmark.extra_info.update(decisions_per_second=rate, tables=TABLES)
        report(f"BatchTables.observe + step from Python, {policy} actions, {TABLES} tables, 2 threads: "
               f"{rate:,.0f} table decisions/s (aim: 2,000,000)")
