"""Hand-history throughput: read, replay and reconcile a large generated file of every format, on one core.

Run: ``python -m pytest benchmarks/bench_histories.py --benchmark-only``.

Each site's file is that site's hand-made fixtures (``tests/data/hh/<site>/``; PokerStars' are
``tests/data/hh/*.txt``) written again and again with new hand ids, the skipped and unreadable ones
among them as a real file has. The benchmark reads it hand by hand, replays every hand through the
engine and reconciles it, checks the statuses and the chips collected against a count made once from
the fixtures, and records hands per CPU second, the best of its rounds (CPU time: on a machine shared
with other work the wall clock also counts the other processes). A second test reads files of two sizes under ``tracemalloc`` and
checks that the memory held between hands does not grow with the file.
"""

from __future__ import annotations

import gc
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import scaled, timed

from omaha8.histories import HandRecord, SkippedHand, read
from omaha8.histories._files import hand_chunks
from omaha8.histories.reconcile import reconcile

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "data" / "hh"
HANDS = scaled(10_000, 2_000)
SITES = ["pokerstars", "888", "bovada", "cake", "everleaf", "fulltilt", "kingsclub", "partypoker", "pkr", "winamax", "winning",
         "entraction", "ongame", "bossmedia", "microgaming", "merge", "ipoker"]


def fixture_hands(site: str) -> list[tuple[str, str | None, str]]:
    """(text, hand id, the header it is read under) of every hand of a site's fixtures, in file order.

    The header is an iPoker session's (its ``<session>`` and ``<general>``), empty for the other sites; a
    game's text leaves out the session's end.
    """
    paths = sorted(FIXTURES.glob("*.txt")) if site == "pokerstars" else sorted((FIXTURES / site).glob("*.txt"))
    out = []
    for path in paths:
        with open(path, encoding="utf-8-sig") as stream:
            for chunk in hand_chunks(stream):
                lines = list(chunk.lines)
                head = ""
                if chunk.context is not None:
                    head = "\n".join(chunk.context.lines) + "\n"
                    while lines and lines[-1].strip() == "</session>":
                        lines.pop()
                text = "\n".join(lines)
                out.append((text, _first(head, text).hand_id, head))
    return out


def _first(head: str, text: str) -> HandRecord | SkippedHand:
    """The hand ``text`` read alone (under its session's ``head`` when it has one)."""
    return next(read(head + text + ("\n</session>\n" if head else "\n")))


def _status(head: str, text: str) -> str:
    item = _first(head, text)
    return str(reconcile(item).outcome) if isinstance(item, HandRecord) else f"skipped {item.kind}"


def write_file(path: Path, site: str, n_hands: int) -> Counter[str]:
    """``n_hands`` of the site's fixture hands with new ids; the status counts to expect."""
    hands = fixture_hands(site)
    per_hand = [_status(header, text) for text, _, header in hands]
    want: Counter[str] = Counter()
    session = ""  # the iPoker session written last, still open
    with open(path, "w", encoding="utf-8") as out:
        for i in range(n_hands):
            j = i % len(hands)
            text, old, header = hands[j]
            if header != session:
                out.write(("</session>\n" if session else "") + header)
                session = header
            if old is not None:
                # a new id of the same shape: digits, hexadecimal (Cake's), or Winamax's "N-N-N"
                new = str(10**12 + i) if old.isdigit() else (
                    f"{10**12 + i:X}" if old.isascii() and old.isalnum() else f"{10**12 + i}-1-1")
                head, sep, rest = text.partition("\n")
                second, sep2, body = rest.partition("\n")
                # the id may be on the first line, the second, or both (888's and Everleaf's two header lines)
                found = old in head
                head = head.replace(old, new, 1)
                if old in second or not found:
                    second = second.replace(old, new, 1)
                # OnGame's last line repeats the id
                trailer = f" {old} *****"
                if body.endswith(trailer):
                    body = body[: -len(trailer)] + f" {new} *****"
                text = head + sep + second + sep2 + body
            out.write(text + "\n\n")
            want[per_hand[j]] += 1
        if session:
            out.write("</session>\n")
    return want


def read_replay_reconcile(path: Path) -> tuple[Counter[str], int]:
    """Status counts and all chips collected (file side) over the file."""
    counts: Counter[str] = Counter()
    collected = 0
    for item in read(path):
        if isinstance(item, HandRecord):
            check = reconcile(item)
            counts[str(check.outcome)] += 1
            collected += sum(p.collected_file for p in check.players)
        else:
            counts[f"skipped {item.kind}"] += 1
    return counts, collected


@pytest.mark.benchmark(timer=time.process_time)
@pytest.mark.parametrize("site", SITES)
def test_read_replay_reconcile(benchmark, report: Callable[[str], None], tmp_path: Path, site: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / f"{site}.txt"
    want = write_file(path, site, HANDS)
    counts, collected = benchmark.pedantic(read_replay_reconcile, args=(path,), rounds=5, iterations=1)
    assert counts == want
    assert counts["verified"] > HANDS // 2 and collected > 0
    best = timed(benchmark)
    if best is not None:
        rate = HANDS / best
        benchmark.extra_info["hands_per_cpu_second"] = rate
        report(f"histories {site}: {rate:,.0f} hands read, replayed and reconciled a CPU second "
               f"({HANDS} hands, one core, best of 5 rounds)")


def _retained(path: Path) -> int:
    """The most memory held between hands (sampled every 100 hands, after a cycle collection)."""
    gc.collect()
    tracemalloc.start()
    try:
        most = 0
        for i, item in enumerate(read(path)):
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
    write_file(small, "pokerstars", 200)
    write_file(large, "pokerstars", 1000)
    _retained(small)  # first use builds the tables
    held_small, held_large = _retained(small), _retained(large)
    report(f"histories: {held_small / 1e3:,.1f} kB held while reading 200 hands, {held_large / 1e3:,.1f} kB for 1000")
    # five times the hands, the same memory (slack for bounded caches, such as hand descriptions, filling up)
    assert held_large < held_small + 32_000
