"""Range parsing and matching over every 4- and 5-card hand, cold (no cached masks) and cached.

Run: ``python -m pytest benchmarks/bench_ranges.py --benchmark-only``.
Floors on a 2-core machine: any range over all 4-card hands in 50 ms, 5-card in 1 s, cold. Each benchmark
checks its count (hand-checked where the arithmetic is short, see tests/ranges/test_ranges.py) and that the cold
and cached runs agree.
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb

import pytest
from conftest import timed

from omaha8.ranges import Range
from omaha8.ranges import match
from omaha8.ranges.match import clear_cache
from omaha8.ranges.universe import all_hands
from omaha8.core._starting_hands import N_CLASSES

# (range, its 4-card count, its 5-card count); None where the count is only checked cold against cached
RANGES = [
    ("AA", 6961, 6 * comb(48, 3) + 4 * comb(48, 2) + 48),
    ("AA23$ds", 12, None),
    ("RxRyOxOy", comb(13, 2) * 6, None),
    ("KK-TT:$ds, RxRyOxOy, A2+!AAA, [A,2,3][A,2,3][A,2,3,4,5]$np, RRON:wxy", None, None),
    ("$B$B$L$L, 8765+, JT98-5432:$ds, $L$L$L$W", None, None),
    ("15%", None, None),
    ("AA@100, KK@60, QQ@30, JJ@10, 10%!$rb@5", None, None),
    # explicit suited cards: each pattern tried only on the hands holding its anchor card
    (",".join(f"{a}{s}{b}{s}" for a, b in ("AK", "QJ", "T9", "87", "65") for s in "shdc") + ", [A,K]s[2,3]h", None, None),
    # hostile: many separate items, each its own kernel run (the slowest kind of text for its length), and
    # 1,999 items of one (5 GB of masks before: now one match and one array); the hands without an ace
    # are C(48, 4) and C(48, 5)
    pytest.param(", ".join(f"!{r}{s}" for r in "AKQJT98765432" for s in "shdc"), comb(52, 4), comb(52, 5),
                 id="hostile-separate-items"),
    pytest.param(", ".join(["!A"] * 1999), comb(48, 4), comb(48, 5), id="hostile-1999-items"),
]


def cold(text: str, cards: int) -> int:
    clear_cache()
    return len(Range(text, cards))


def cached(text: str, cards: int) -> int:
    clear_cache(("rows",))  # the masks stay cached; parsing and combining run again
    return len(Range(text, cards))


@pytest.mark.parametrize("cards", [4, 5])
@pytest.mark.parametrize(("text", "count4", "count5"), RANGES)
@pytest.mark.parametrize("mode", ["cold", "cached"])
def test_range_over_all_hands(  # type: ignore[no-untyped-def]
    benchmark, report: Callable[[str], None], mode: str, text: str, count4: int | None, count5: int | None,
    cards: int,
) -> None:
    all_hands(cards)  # the hand table is built once per process, outside the timing
    if text.endswith("%") or "%" in text:
        from omaha8.ranges.ordering import percent_mask

        percent_mask(cards, 0, 1)  # load the shipped ordering once, outside the timing
    expected = count4 if cards == 4 else count5
    reference = cold(text, cards)
    if expected is not None:
        assert reference == expected
    n = benchmark(cold if mode == "cold" else cached, text, cards)
    assert n == reference
    best = timed(benchmark)
    if best is not None:
        benchmark.extra_info["ms"] = best * 1e3
        shown = text if len(text) <= 60 else f"{text[:57]}... ({len(text):,} characters)"
        report(f"range {shown!r} {cards}-card, {mode}: {best * 1e3:.1f} ms (best), {n:,} combos")


TABLES = (match._rank_keys, match._rank_representatives, match._suit_profile, match._paired, match._suit_classes,
          match.hand_bits)


def build_tables(cards: int) -> int:
    for table in TABLES:
        table.cache_clear()
    for table in TABLES:
        table(cards)
    return int(match._suit_classes(cards)[0].shape[0])


@pytest.mark.parametrize("cards", [4, 5])
def test_tables_built_once(benchmark, report: Callable[[str], None], cards: int) -> None:  # type: ignore[no-untyped-def]
    all_hands(cards)
    # the per-hand tables a process builds once per hand size; the suit classes are starting_hands' classes
    assert benchmark.pedantic(build_tables, args=(cards,), rounds=1, iterations=1) == N_CLASSES[cards]
    assert match._rank_representatives(cards)[0].shape[0] == (1820 if cards == 4 else 6175)  # C(16,4); C(17,5)-13
    best = timed(benchmark)
    if best is not None:
        report(f"range tables {cards}-card, built once per process: {best * 1e3:.0f} ms")
