"""Threads on a busy machine: small calls on one thread, no spinning, small batch chunks.

Run: ``python -m pytest benchmarks/bench_threads.py --benchmark-only``

* CPU time (``time.process_time``: every thread of the process) of small
  ``evaluate_batch`` calls and of a river ``equity`` call with ``n_threads=1``
  and ``n_threads=2``: two threads must cost no more than one. Before, idle
  OpenMP threads spun after each call (twice the CPU of one thread for a
  one-row call).
* Wall and CPU time of ``evaluate_batch`` either side of the point where a
  second thread starts (twice the rows one thread is given: 2 x 4,096 when
  this was written), the measurement the threshold was picked by.
* ``omaha8 batch --chunk-rows 1000`` against ``--threads 1`` on the same file
  (before: 15 times slower, the OpenMP team spinning against the writer).
* What the private copy of the caller's arrays costs ``evaluate_batch``.

Every benchmark checks its result against a one-thread run.
"""

from __future__ import annotations

import contextlib
import io
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from conftest import timed

import omaha8
from omaha8 import equity, evaluate_batch
from omaha8._support._threads import threads_for
from omaha8.cli import main
from omaha8.deals import random_deals, write_deals

SEED = 20261201
CALLS = 400  # small calls per measured round


@pytest.fixture(scope="module")
def hands() -> tuple[np.ndarray, np.ndarray]:
    holes, boards = random_deals(200_000, players=1, cards=4, seed=SEED)
    return np.ascontiguousarray(holes[:, 0]), boards


def _threads_used(n_threads: int, rows: int) -> int:
    """The threads a call of ``rows`` rows starts: the count omaha8._support._threads resolves for it."""
    return threads_for(n_threads, rows)


def _checksum(n_threads: int, holes: np.ndarray, boards: np.ndarray) -> int:
    high, low = evaluate_batch(holes, boards, n_threads=n_threads)
    return int(high.astype(np.int64).sum() + low.astype(np.int64).sum())


@pytest.mark.parametrize("rows", [1, 100, 1000])
@pytest.mark.parametrize("n_threads", [1, 2])
@pytest.mark.benchmark(timer=time.process_time, group="small-call-cpu")
def test_small_evaluate_cpu(benchmark, hands, report: Callable[[str], None], rows: int,  # type: ignore[no-untyped-def]
                            n_threads: int) -> None:
    holes, boards = hands[0][:rows], hands[1][:rows]

    def calls() -> int:
        total = 0
        for _ in range(CALLS):
            total += _checksum(n_threads, holes, boards)
        return total

    assert benchmark.pedantic(calls, rounds=5, iterations=1) == CALLS * _checksum(1, holes, boards)
    best = timed(benchmark, "min")
    if best is not None:
        benchmark.extra_info.update(cpu_us_per_call=1e6 * best / CALLS, threads_used=_threads_used(n_threads, rows))
        report(f"evaluate_batch {rows:>5} rows, n_threads={n_threads}: {1e6 * best / CALLS:7.1f} us CPU a call")


@pytest.mark.parametrize("n_threads", [1, 2])
@pytest.mark.benchmark(timer=time.process_time, group="small-call-cpu")
def test_river_equity_cpu(benchmark, report: Callable[[str], None], n_threads: int) -> None:  # type: ignore[no-untyped-def]
    holes, board = ["As 2s 3d Kh", "Qc Qd Jh Th", "5c 6c 7h 8d"], "Ah Kd 4c 9s 2h"

    def calls() -> tuple[float, ...]:
        result = None
        for _ in range(CALLS // 4):
            result = equity(holes, board, n_threads=n_threads)
        assert result is not None
        return tuple(result.equity)

    assert benchmark.pedantic(calls, rounds=5, iterations=1) == tuple(equity(holes, board, n_threads=1).equity)
    best = timed(benchmark, "min")
    if best is not None:
        per_call = 1e6 * best / (CALLS // 4)
        benchmark.extra_info["cpu_us_per_call"] = per_call
        report(f"river equity, 3 players, n_threads={n_threads}: {per_call:7.1f} us CPU a call")


@pytest.mark.parametrize("rows", [4096, 8192, 16384, 65536])
@pytest.mark.parametrize("n_threads", [1, 2])
@pytest.mark.benchmark(group="threshold")
def test_threshold_wall(benchmark, hands, report: Callable[[str], None], rows: int,  # type: ignore[no-untyped-def]
                        n_threads: int) -> None:
    holes, boards = hands[0][:rows], hands[1][:rows]
    cpu = [0.0]

    def call() -> int:
        start = time.process_time()
        value = _checksum(n_threads, holes, boards)
        cpu[0] += time.process_time() - start
        return value

    assert benchmark.pedantic(call, rounds=50, iterations=1) == _checksum(1, holes, boards)
    best = timed(benchmark, "min")
    if best is not None:
        used = _threads_used(n_threads, rows)
        benchmark.extra_info.update(wall_us=1e6 * best, threads_used=used, cpu_us_mean=1e6 * cpu[0] / 50)
        report(f"evaluate_batch {rows:>6} rows, n_threads={n_threads} ({used or '?'} used): {1e6 * best:8.1f} us wall, "
               f"{1e6 * cpu[0] / 50:8.1f} us CPU (mean)")


@pytest.fixture(scope="module")
def small_chunk_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    holes, boards = random_deals(100_000, players=6, cards=4, seed=SEED + 1)
    path = tmp_path_factory.mktemp("threads") / "deals.csv"
    write_deals(path, holes, boards)
    return path


@pytest.mark.parametrize("options", [["--threads", "1"], ["--threads", "2"], []], ids=["threads-1", "threads-2", "default"])
@pytest.mark.benchmark(group="batch-small-chunks")
def test_batch_small_chunks(benchmark, small_chunk_file: Path, tmp_path: Path,  # type: ignore[no-untyped-def]
                            report: Callable[[str], None], options: list[str]) -> None:
    out = tmp_path / "r.csv"
    argv = ["batch", str(small_chunk_file), "-o", str(out), "--chunk-rows", "1000", "-q", *options]

    def run() -> bytes:
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(argv) == 0
        return out.read_bytes()

    reference = tmp_path / "reference.csv"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["batch", str(small_chunk_file), "-o", str(reference), "-q", "--threads", "1"]) == 0
    assert benchmark.pedantic(run, rounds=3, iterations=1) == reference.read_bytes()
    best = timed(benchmark, "min")
    if best is not None:
        benchmark.extra_info["deals_per_second"] = 100_000 / best
        report(f"omaha8 batch --chunk-rows 1000 {' '.join(options) or '(every core)'}: {best:.3f} s for 100,000 deals")


@pytest.mark.parametrize("copy", [False, True], ids=["kernel", "copy-only"])
@pytest.mark.benchmark(group="private-copy")
def test_private_copy_cost(benchmark, report: Callable[[str], None], copy: bool) -> None:  # type: ignore[no-untyped-def]
    holes, boards = random_deals(1_000_000, players=1, cards=4, seed=SEED + 2)
    holes = np.ascontiguousarray(holes[:, 0])
    if copy:
        result = benchmark(lambda: (holes.copy(), boards.copy()))
        assert np.array_equal(result[0], holes)
    else:
        high, _ = benchmark(evaluate_batch, holes, boards, n_threads=1)
        assert np.array_equal(high, omaha8.evaluate_high_batch(holes, boards, n_threads=1))
    best = timed(benchmark, "min")
    if best is not None:
        report(f"1,000,000 rows, one thread: {'copying holes and boards' if copy else 'evaluate_batch (copy included)'}"
               f" {1e3 * best:.2f} ms")
