"""Hand-history throughput: read, replay and reconcile a large generated PokerStars file, on one core.

Run: ``python -m pytest benchmarks/bench_histories.py --benchmark-only``.

The file is the hand-made fixtures of ``tests/data/hh`` written again and
again with new hand ids (every Omaha Hi/Lo hand of them, in turn, plus the
skipped and unreadable ones, as a real file has). The benchmark reads it
hand by hand, replays every hand through the engine and reconciles it, and
checks the statuses and the chips collected against a count made once from
the fixtures; it records hands per second of wall-clock time and of CPU
time (the two differ on a machine shared with other work). A second test reads files of
two sizes under ``tracemalloc`` and checks that the memory held between
hands does not grow with the file.
"""

from __future__ import annotations

import gc
import re
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from conftest import timed

from omaha8.histories import HandRecord, read_pokerstars
from omaha8.histories.reconcile import reconcile

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "data" / "hh"
HANDS = 10_000
_ID = re.compile(r"^(\ufeff?PokerStars [^#]*#)(\d+)", re.M)


def fixture_hands() -> list[str]:
    """Every hand text of the fixtures, in file order."""
    out = []
    for path in sorted(FIXTURES.glob("*.txt")):
        text = path.read_text(encoding="utf-8-sig").replace("\r\n", "\n")
        starts = [m.start() for m in _ID.finditer(text)] + [len(text)]
        out += [text[a:b].strip() for a, b in zip(starts, starts[1:])]
    return out


def write_file(path: Path, n_hands: int) -> Counter[str]:
    """``n_hands`` fixture hands with new ids (one per hand, from 10**12); the status counts to expect."""
    hands = fixture_hands()
    want: Counter[str] = Counter()
    per_hand = [_status(text) for text in hands]
    with open(path, "w", encoding="utf-8") as out:
        for i in range(n_hands):
            j = i % len(hands)
            out.write(_ID.sub(lambda m: m.group(1) + str(10**12 + i), hands[j], count=1))
            out.write("\n\n\n")
            want[per_hand[j]] += 1
    return want


def _status(text: str) -> str:
    item = next(read_pokerstars(text))
    return item.reconcile().status.split(":")[0] if isinstance(item, HandRecord) else item.status.split(":")[0]


def read_replay_reconcile(path: Path) -> tuple[Counter[str], int]:
    """Status counts and all chips collected (file side) over the file."""
    counts: Counter[str] = Counter()
    collected = 0
    for item in read_pokerstars(path):
        if isinstance(item, HandRecord):
            check = reconcile(item)
            counts[check.status.split(":")[0]] += 1
            collected += sum(p.collected_file for p in check.players)
        else:
            counts[item.status.split(":")[0]] += 1
    return counts, collected


def test_read_replay_reconcile(benchmark, report: Callable[[str], None], tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "big.txt"
    want = write_file(path, HANDS)
    counts, collected = benchmark.pedantic(read_replay_reconcile, args=(path,), rounds=3, iterations=1)
    assert counts == want
    assert counts["verified"] > HANDS // 2
    best = timed(benchmark)
    if best is not None:
        rate = HANDS / best
        # the CPU time of one more run: on a shared machine the wall clock also counts other processes
        started = time.process_time()
        read_replay_reconcile(path)
        cpu_rate = HANDS / (time.process_time() - started)
        benchmark.extra_info["hands_per_second"] = rate
        benchmark.extra_info["hands_per_cpu_second"] = cpu_rate
        report(f"histories: {rate:,.0f} hands/s read, replayed and reconciled ({HANDS} hands, one core; "
               f"{cpu_rate:,.0f} per CPU second)")
    assert collected > 0


def _retained(path: Path) -> int:
    """The most memory held between hands (sampled every 100 hands, after a cycle collection)."""
    gc.collect()
    tracemalloc.start()
    try:
        most = 0
        for i, item in enumerate(read_pokerstars(path)):
            if isinstance(item, HandRecord):
                reconcile(item)
            if i % 100 == 99:
                del item
                # without this the sample would measure when the collector last ran, not what is kept
                gc.collect()
                most = max(most, tracemalloc.get_traced_memory()[0])
        return most
    finally:
        tracemalloc.stop()


def test_memory_does_not_grow_with_the_file(report: Callable[[str], None], tmp_path: Path) -> None:
    small, large = tmp_path / "small.txt", tmp_path / "large.txt"
    write_file(small, 200)
    write_file(large, 1000)
    _retained(small)  # first use builds the tables
    held_small, held_large = _retained(small), _retained(large)
    report(f"histories: {held_small / 1e3:,.1f} kB held while reading 200 hands, {held_large / 1e3:,.1f} kB for 1000")
    # five times the hands, the same memory (slack for bounded caches, such as hand descriptions, filling up)
    assert held_large < held_small + 32_000
