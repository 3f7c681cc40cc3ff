"""omaha8.distributed on a local cluster of two worker processes (one thread each) against one process.

Run: ``python -m pytest benchmarks/bench_distributed.py --benchmark-only -s``.

* Batch: 10,000,000 random 6-seat deals, dealt and played out (winners,
  scoops, lows) inside the workers from a seed, against the same tasks run
  one after another in one process on one thread. Both give the same
  counts (asserted); ``extra_info`` records deals per second, the cluster's
  throughput per worker core as a fraction of the single process's (wall
  clock, best of three runs each), the same for CPU time (which other load
  on the machine does not skew), and the fixed overhead of a one-task job.
* Preflop table: a stride of the 16,432 four-card classes at 20,000 samples
  each on the cluster, extrapolated to the whole table, with the standard
  error those samples give.

Sizes from the environment: ``OMAHA8_BENCH_DEALS`` (default 10,000,000),
``OMAHA8_BENCH_ROUNDS`` (default 3; the best round counts) and
``OMAHA8_BENCH_STRIDE`` (default 16: one class in 16).
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

from omaha8.distributed import preflop_table, random_batch_summary
from omaha8.distributed.preflop import preflop_counts

distributed = pytest.importorskip("distributed")

DEALS = int(os.environ.get("OMAHA8_BENCH_DEALS", 10_000_000))
STRIDE = int(os.environ.get("OMAHA8_BENCH_STRIDE", 16))
WORKERS = 2
SEED = 20_261_130
PER_TASK = DEALS // (8 * WORKERS)  # 8 tasks per worker: even loads, little scheduling
ROUNDS = int(os.environ.get("OMAHA8_BENCH_ROUNDS", 3))
_single: dict[str, Any] = {}


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with distributed.LocalCluster(n_workers=WORKERS, threads_per_worker=1, processes=True,
                                  dashboard_address=None, silence_logs=logging.ERROR) as cluster:
        with distributed.Client(cluster) as c:
            c.wait_for_workers(WORKERS, timeout=60)
            # steady state: the workers import omaha8 and touch its tables before anything is timed
            started = time.perf_counter()
            random_batch_summary(100_000, players=6, seed=1, client=c)
            _single["warm_up_s"] = time.perf_counter() - started
            yield c


def timed(func: Callable[..., Any], times: list[float]) -> Callable[..., Any]:
    """``func``, noting each call's wall-clock time (also when --benchmark-disable runs it once untimed)."""
    def call(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        result = func(*args, **kwargs)
        times.append(time.perf_counter() - started)
        return result
    return call


def cpu_seconds() -> float:
    """CPU time (user + system) of this process so far."""
    times = os.times()
    return times.user + times.system


def test_batch_single_process(benchmark: Any, report: Callable[[str], None]) -> None:
    before, times = cpu_seconds(), []
    summary = benchmark.pedantic(
        timed(random_batch_summary, times), args=(DEALS,),
        kwargs=dict(players=6, seed=SEED, deals_per_task=PER_TASK, n_threads=1), rounds=ROUNDS, iterations=1,
    )
    assert summary.deals == DEALS and 0 < summary.scoops < DEALS and 0 < summary.no_low < DEALS
    rate = DEALS / min(times)
    _single.update(summary=summary, rate=rate, cpu=(cpu_seconds() - before) / len(times))
    benchmark.extra_info["deals_per_second"] = rate
    report(f"batch, one process, one thread: {DEALS:,} deals in {min(times):.2f} s (best of "
           f"{len(times)}), {rate:,.0f} deals/s")


def test_batch_on_cluster(benchmark: Any, report: Callable[[str], None], client: Any) -> None:
    before, times = client.run(cpu_seconds), []
    summary = benchmark.pedantic(
        timed(random_batch_summary, times), args=(DEALS,),
        kwargs=dict(players=6, seed=SEED, deals_per_task=PER_TASK, client=client), rounds=ROUNDS, iterations=1,
    )
    after = client.run(cpu_seconds)
    worker_cpu = sum(after[w] - before[w] for w in before) / len(times)
    if "summary" not in _single:  # run alone (-k): time the single process here, once
        start_cpu = cpu_seconds()
        alone = random_batch_summary(DEALS, players=6, seed=SEED, deals_per_task=PER_TASK, n_threads=1)
        _single.update(summary=alone, rate=alone.deals_per_second, cpu=cpu_seconds() - start_cpu)
    single, single_rate = _single["summary"], _single["rate"]
    # the same deals, played out the same way: the counts agree exactly
    assert (summary.deals, summary.scoops, summary.no_low) == (single.deals, single.scoops, single.no_low)
    rate = DEALS / min(times)
    per_core = rate / WORKERS
    efficiency = per_core / single_rate
    started = time.perf_counter()
    random_batch_summary(1000, players=6, seed=1, client=client, deals_per_task=1000)
    overhead = time.perf_counter() - started - 1000 / single_rate
    benchmark.extra_info.update(
        deals_per_second=rate, deals_per_second_per_worker=per_core, single_process_deals_per_second=single_rate,
        efficiency_per_core=efficiency, one_task_overhead_s=overhead, tasks=summary.tasks,
        worker_cpu_s=worker_cpu, single_process_cpu_s=_single["cpu"], cpu_efficiency=_single["cpu"] / worker_cpu,
        cluster_warm_up_s=_single["warm_up_s"],
    )
    report(f"batch on {WORKERS} workers: {DEALS:,} deals in {min(times):.2f} s (best of {len(times)}), "
           f"{rate:,.0f} deals/s = {per_core:,.0f} per worker core, {100 * efficiency:.0f}% of one process's "
           f"{single_rate:,.0f} (CPU: {worker_cpu:.2f} s in the workers against {_single['cpu']:.2f} s, "
           f"{100 * _single['cpu'] / worker_cpu:.0f}%); one-task job overhead {1000 * overhead:.0f} ms, "
           f"first job on fresh workers "
           f"{_single['warm_up_s']:.2f} s")


def test_preflop_table_fraction(benchmark: Any, report: Callable[[str], None], client: Any) -> None:
    samples = 20_000
    times: list[float] = []
    table = benchmark.pedantic(
        timed(preflop_table, times), args=(4,),
        kwargs=dict(samples=samples, seed=SEED, hands=slice(None, None, STRIDE), client=client), rounds=1, iterations=1,
    )
    seconds = min(times)
    # a check of the sums: the cluster's rows are the single-process kernel's
    spot = table.rows["class"][:3]
    local = preflop_counts(4, 1, samples, SEED, spot)
    assert np.array_equal(table.rows["equity"][:3], local[:, 0] / (4 * samples))
    whole = seconds * 16_432 / len(table)
    rate = len(table) * samples / seconds
    benchmark.extra_info.update(
        classes=len(table), samples=samples, seconds=seconds, deals_per_second=rate,
        full_table_seconds_estimate=whole, mean_std_error=float(np.mean(table.rows["std_error"])),
        max_std_error=float(np.max(table.rows["std_error"])),
    )
    report(f"preflop table, 4 cards heads-up, {samples:,} samples: {len(table):,} of 16,432 classes in "
           f"{seconds:.1f} s on {WORKERS} workers ({rate:,.0f} deals/s); whole table about {whole:.0f} s; "
           f"std error of equity {100 * float(np.mean(table.rows['std_error'])):.3f}% mean, "
           f"{100 * float(np.max(table.rows['std_error'])):.3f}% max")
