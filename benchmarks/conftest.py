"""Shared benchmark fixtures: seeded deals and a throughput report.

Throughput figures go into each benchmark's ``extra_info`` and, through the
``report`` fixture, into a summary printed at the end of the run.

``--quick`` runs the sizes CI runs (fewer rounds, smaller inputs where the
measured ratio stays the same); without it every benchmark runs at full size.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np
import pytest

_LINES: list[str] = []
_QUICK = [False]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--quick", action="store_true", default=False,
                     help="omaha8 benchmarks: the reduced sizes CI runs (fewer rounds, smaller inputs)")


def pytest_configure(config: pytest.Config) -> None:
    _QUICK[0] = bool(config.getoption("--quick", default=False))


def scaled(full: int, quick: int) -> int:
    """``full`` in a full run, ``quick`` under ``--quick`` (read when a benchmark module is imported)."""
    return quick if _QUICK[0] else full


def random_deals(seed: int, n: int, hole_size: int, players: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """``n`` deals of ``players`` holes and a board each, all cards distinct within a deal."""
    rng = np.random.default_rng(seed)
    width = players * hole_size + 5
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, :width].astype(np.uint8)
    holes = cards[:, : players * hole_size].reshape(n, players, hole_size) if players > 1 else cards[:, :hole_size]
    return np.ascontiguousarray(holes), np.ascontiguousarray(cards[:, players * hole_size :])


def timed(benchmark, statistic: str = "min") -> float | None:  # type: ignore[no-untyped-def]
    """A timing statistic in seconds, or None in a smoke run (``--benchmark-disable``)."""
    stats = getattr(benchmark, "stats", None)
    return None if stats is None else float(getattr(stats.stats, statistic))


@pytest.fixture
def report() -> Iterator[Callable[[str], None]]:
    """Add a line to the summary printed after the benchmarks."""
    yield _LINES.append


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _LINES:
        terminalreporter.section("omaha8 throughput")
        for line in _LINES:
            terminalreporter.write_line(line)
