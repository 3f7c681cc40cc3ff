"""Batch throughput: ``omaha8 batch`` end to end on a 1,000,000-row CSV, and the card-text kernels.

Run: ``python -m pytest benchmarks/bench_batch.py --benchmark-only``
(``OMAHA8_BENCH_ROWS`` sets the file's rows; default 1,000,000).

Each ``omaha8 batch`` benchmark records the end-to-end rate (deals a second,
in-process, the file read, parsed, evaluated and written) next to the rate of
the kernels alone on the same arrays already in memory (``winners``, plus
``pot_shares`` and ``evaluate_batch`` when the columns need them), and the
ratio of the two. Results are checked: summary counts against the kernels,
written rows against the input.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from conftest import timed

from omaha8 import evaluate_batch
from omaha8.cli import main
from omaha8.deals import format_card_array, parse_card_array, random_deals, write_deals
from omaha8.pots._showdown import pot_shares, winners

N_ROWS = int(os.environ.get("OMAHA8_BENCH_ROWS", "1000000"))
N_SEATS = 6
SEED = 20261130


@pytest.fixture(scope="module")
def deal_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, np.ndarray, np.ndarray, dict[str, int]]:
    return make_deal_file(tmp_path_factory.mktemp("batch") / "deals.csv", N_ROWS)


def make_deal_file(path: Path, n_rows: int) -> tuple[Path, np.ndarray, np.ndarray, dict[str, int]]:
    """A seeded 6-seat 4-card CSV deal file, its arrays, and its scoop / no-low counts."""
    holes, boards = random_deals(n_rows, players=N_SEATS, cards=4, seed=SEED)
    write_deals(path, holes, boards)
    high, low = winners(holes, boards)
    single = (high & (high - 1)) == 0
    counts = {"scoops": int((single & ((low == 0) | (low == high))).sum()), "no_low": int((low == 0).sum())}
    return path, boards, holes, counts


def seat_rows(boards: np.ndarray, holes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every seat's hole as a row with its deal's board: what ``evaluate_batch`` takes."""
    n, p, k = holes.shape
    return holes.reshape(n * p, k), np.repeat(boards, p, axis=0)


def run_kernels(boards: np.ndarray, holes: np.ndarray, rows: tuple[np.ndarray, np.ndarray] | None,
                shares: bool, n_threads: int | None = None) -> None:
    """The kernels a batch run needs, on arrays in memory: ``rows`` (from :func:`seat_rows`) for the values."""
    winners(holes, boards, n_threads=n_threads)
    if shares:
        pot_shares(holes, boards, n_threads=n_threads)
    if rows is not None:
        evaluate_batch(*rows, validate=False, n_threads=n_threads)


def kernel_seconds(boards: np.ndarray, holes: np.ndarray, values: bool, shares: bool) -> float:
    """Best of three: the kernels a batch run needs, on arrays in memory."""
    rows = seat_rows(boards, holes) if values else None
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        run_kernels(boards, holes, rows, shares)
        best = min(best, time.perf_counter() - start)
    return best


def run_batch(argv: list[str]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(argv) == 0
    return out.getvalue()


def summary_count(text: str, name: str) -> int:
    match = re.search(rf"^{name}\s+([\d,]+)", text, re.M)
    assert match, text
    return int(match.group(1).replace(",", ""))


CASES = {
    # summary only: read, parse, winners
    "summary": ([], False, False),
    # the default result file: values, descriptions, winners and shares of every seat
    "default-columns": (["-o", "{out}"], True, True),
    # winners and shares only
    "winners-shares": (["-o", "{out}", "--columns", "line,winners,shares"], False, True),
}


@pytest.mark.parametrize("case", list(CASES))
def test_batch_csv_end_to_end(benchmark, deal_file, report: Callable[[str], None], tmp_path: Path,  # type: ignore[no-untyped-def]
                              case: str) -> None:
    path, boards, holes, counts = deal_file
    options, values, shares = CASES[case]
    out_path = tmp_path / "results.csv"
    argv = ["batch", str(path), *(o.format(out=out_path) for o in options)]

    def fresh() -> None:  # deleting the previous run's file is the file system's time, not the run's
        out_path.unlink(missing_ok=True)

    text = benchmark.pedantic(run_batch, args=(argv,), setup=fresh, rounds=3, iterations=1)
    assert summary_count(text, "deals") == N_ROWS
    assert summary_count(text, "scoops") == counts["scoops"]
    assert summary_count(text, r"no low") == counts["no_low"]
    if options:
        with open(out_path, "rb") as f:
            assert sum(chunk.count(b"\n") for chunk in iter(lambda: f.read(1 << 24), b"")) == N_ROWS + 1
    best = timed(benchmark, "min")
    if best is not None:
        kernel = kernel_seconds(boards, holes, values, shares)
        rate, kernel_rate = N_ROWS / best, N_ROWS / kernel
        benchmark.extra_info.update(rows=N_ROWS, seats=N_SEATS, rows_per_second=rate,
                                    kernel_rows_per_second=kernel_rate, fraction_of_kernel_rate=rate / kernel_rate)
        if options:
            benchmark.extra_info["output_bytes"] = out_path.stat().st_size
        report(f"omaha8 batch {case}: {rate / 1e6:.2f} M rows/s end to end; kernels alone "
               f"{kernel_rate / 1e6:.2f} M rows/s; ratio {rate / kernel_rate:.2f}")


def test_batch_random_main_job(benchmark, report: Callable[[str], None]) -> None:  # type: ignore[no-untyped-def]
    argv = ["batch", "--random", str(N_ROWS), "--seed", str(SEED)]
    text = benchmark.pedantic(run_batch, args=(argv,), rounds=3, iterations=1)
    holes, boards = random_deals(N_ROWS, players=N_SEATS, seed=SEED)
    high, low = winners(holes, boards)
    assert summary_count(text, "no low") == int((low == 0).sum())
    best = timed(benchmark, "min")
    if best is not None:
        benchmark.extra_info["deals_per_second"] = N_ROWS / best
        report(f"omaha8 batch --random {N_ROWS}: {best:.2f} s, {N_ROWS / best / 1e6:.2f} M deals/s")


@pytest.fixture(scope="module")
def hole_text() -> tuple[np.ndarray, np.ndarray]:
    holes, _ = random_deals(N_ROWS // 4, players=4, seed=SEED + 1)
    ids = holes.reshape(-1, 4)  # one 4-card hand a string
    return ids, format_card_array(ids)


def test_parse_card_array(benchmark, hole_text, report: Callable[[str], None]) -> None:  # type: ignore[no-untyped-def]
    ids, text = hole_text
    parsed = benchmark(parse_card_array, text)
    assert np.array_equal(parsed, ids)
    best = timed(benchmark, "min")
    if best is not None:
        benchmark.extra_info["cards_per_second"] = ids.size / best
        report(f"parse_card_array: {ids.size / best / 1e6:.1f} M cards/s ({len(text):,} strings)")


def test_parse_card_array_from_list(benchmark, hole_text, report: Callable[[str], None]) -> None:  # type: ignore[no-untyped-def]
    ids, text = hole_text
    strings = text.tolist()
    parsed = benchmark(parse_card_array, strings)
    assert np.array_equal(parsed, ids)
    best = timed(benchmark, "min")
    if best is not None:
        benchmark.extra_info["cards_per_second"] = ids.size / best
        report(f"parse_card_array (list of str): {ids.size / best / 1e6:.1f} M cards/s")


def test_format_card_array(benchmark, hole_text, report: Callable[[str], None]) -> None:  # type: ignore[no-untyped-def]
    ids, text = hole_text
    formatted = benchmark(format_card_array, ids)
    assert np.array_equal(formatted, text)
    best = timed(benchmark, "min")
    if best is not None:
        benchmark.extra_info["cards_per_second"] = ids.size / best
        report(f"format_card_array: {ids.size / best / 1e6:.1f} M cards/s")
