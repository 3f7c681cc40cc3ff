"""Cache misses of the C kernels on a simulated cache, per player or per deal.

Cachegrind simulates a first-level data cache and a last-level cache of any
size, so a machine with 1 MiB of L2 a core can say what the kernels do on one
with 512 KB. Each workload runs at two sizes in two processes; the difference
between them, over the difference in units, is the kernel's own cost per unit,
free of the interpreter's start and of building the deals::

    python benchmarks/cache_sim.py                       # every workload, 512 KB and 1 MiB last level
    python benchmarks/cache_sim.py --ll 524288,8,64 evaluate4

Needs ``valgrind`` on the PATH. One workload alone (what cachegrind runs) is
``python benchmarks/cache_sim.py --run evaluate4 20000``.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

SEED = 20261201
# The workloads and their units: one player's hi and lo, or one 6-seat deal's pot shares
WORKLOADS = {"evaluate4": "player", "evaluate5": "player", "pot_shares": "deal"}
# Sizes (units) of the two runs whose difference is measured: large enough that the tables' first
# touches are a small part of the difference, small enough that cachegrind's 50x slowdown is bearable
SIZES = {"evaluate4": (20_000, 60_000), "evaluate5": (20_000, 60_000), "pot_shares": (4_000, 12_000)}
# Zen 3's first-level data cache (32 KiB, 8-way) stands for the small-cache machine's
D1 = "32768,8,64"
LAST_LEVELS = ("524288,8,64", "1048576,16,64")
COUNTERS = ("Dr", "D1mr", "DLmr", "Dw", "D1mw", "DLmw")


def run_workload(name: str, units: int) -> None:
    """Build the deals, then run the kernel once on them (what cachegrind measures)."""
    import omaha8

    if name == "pot_shares":
        holes, boards = omaha8.random_deals(units, players=6, cards=4, seed=SEED, n_threads=1)
        omaha8.pot_shares(holes, boards, n_threads=1)
    else:
        cards = 4 if name == "evaluate4" else 5
        holes, boards = omaha8.random_deals(units, players=1, cards=cards, seed=SEED, n_threads=1)
        omaha8.evaluate_batch(holes.reshape(units, cards), boards, n_threads=1)


def simulate(name: str, units: int, last_level: str) -> dict[str, int]:
    """Run one workload under cachegrind and return its whole-program counters."""
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, "cachegrind.out")
        command = ["valgrind", "--tool=cachegrind", "--cache-sim=yes", f"--D1={D1}", f"--LL={last_level}",
                   f"--cachegrind-out-file={out}", sys.executable, __file__, "--run", name, str(units)]
        # one thread, and no OpenMP thread spinning while it waits: its reads would vary run to run
        environment = {**os.environ, "OMP_NUM_THREADS": "1", "OMP_WAIT_POLICY": "passive"}
        done = subprocess.run(command, capture_output=True, text=True, env=environment)
        if done.returncode != 0:
            raise SystemExit(f"cache_sim: {name} failed under cachegrind:\n{done.stderr[-2000:]}")
        with open(out, encoding="utf-8") as counts:
            return read_counters(counts.read(), name)


def read_counters(text: str, name: str) -> dict[str, int]:
    """The whole-program counters of a cachegrind output file, by event name."""
    events = re.search(r"^events: (.*)$", text, re.MULTILINE)
    summary = re.search(r"^summary: (.*)$", text, re.MULTILINE)
    if events is None or summary is None:
        raise SystemExit(f"cache_sim: cachegrind wrote no summary for {name}")
    return dict(zip(events.group(1).split(), map(int, summary.group(1).split())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("workloads", nargs="*", metavar="WORKLOAD", help=f"any of {', '.join(WORKLOADS)} (all)")
    parser.add_argument("--ll", action="append", help="last-level cache as size,ways,line (repeatable)")
    parser.add_argument("--run", nargs=2, metavar=("WORKLOAD", "UNITS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.run:
        run_workload(args.run[0], int(args.run[1]))
        return
    unknown = [name for name in args.workloads if name not in WORKLOADS]
    if unknown:
        parser.error(f"unknown workload {unknown[0]!r}; choose from {', '.join(WORKLOADS)}")
    if shutil.which("valgrind") is None:
        raise SystemExit("cache_sim: valgrind is not on the PATH")
    print(f"D1 {D1}; per unit, the difference of two runs; counters: reads, writes and their misses")
    print(f"{'workload':<12}{'last level':>16}{'reads':>10}{'D1 miss':>10}{'LL miss':>10}"
          f"{'writes':>10}{'D1 miss':>10}{'LL miss':>10}")
    for name in args.workloads or WORKLOADS:
        small, large = SIZES[name]
        for last_level in args.ll or LAST_LEVELS:
            a = simulate(name, small, last_level)
            b = simulate(name, large, last_level)
            per_unit = [(b[c] - a[c]) / (large - small) for c in COUNTERS]
            print(f"{name:<12}{last_level:>16}" + "".join(f"{v:>10.2f}" for v in per_unit)
                  + f"   per {WORKLOADS[name]}")


if __name__ == "__main__":
    main()
