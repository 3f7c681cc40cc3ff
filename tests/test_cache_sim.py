"""benchmarks/cache_sim.py: its workloads run, and it reads cachegrind's counters right.

The simulation itself (valgrind, about a minute a workload) is run by hand;
these tests keep the script working as the API moves.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location(
    "cache_sim", Path(__file__).resolve().parent.parent / "benchmarks" / "cache_sim.py")
assert _spec is not None and _spec.loader is not None
cache_sim = importlib.util.module_from_spec(_spec)
sys.modules["cache_sim"] = cache_sim
_spec.loader.exec_module(cache_sim)


@pytest.mark.parametrize("workload", sorted(cache_sim.WORKLOADS))
def test_workload_runs(workload: str) -> None:
    cache_sim.run_workload(workload, 50)


def test_counters_read_by_event_name() -> None:
    # the two lines of a cachegrind output file that the script reads; the rest is per-function detail
    text = "desc: I1 cache: 32768 B\ncmd: python\nevents: Ir Dr D1mr DLmr\nfl=a.c\n1 5 6 7 8\nsummary: 10 20 3 1\n"
    assert cache_sim.read_counters(text, "evaluate4") == {"Ir": 10, "Dr": 20, "D1mr": 3, "DLmr": 1}


def test_output_without_summary_is_refused() -> None:
    with pytest.raises(SystemExit, match="no summary for pot_shares"):
        cache_sim.read_counters("events: Ir\n", "pot_shares")
