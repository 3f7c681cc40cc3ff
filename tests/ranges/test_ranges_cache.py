"""The range cache: keyed by a range's canonical form, within its byte budget, least recently used out first.

The bytes are measured twice over: by summing the arrays and keys the cache holds, and by tracemalloc
(which sees numpy's buffers) once the ranges that filled it are gone.
"""

from __future__ import annotations

import gc
import threading
import tracemalloc
from collections.abc import Iterator

import numpy as np
import pytest

from omaha8 import Range
from omaha8.ranges import _cache, match
from omaha8.ranges._cache import CACHE, CACHE_BYTES, ByteCache, entry_bytes
from omaha8.ranges.ordering import percent_mask
from omaha8.ranges.syntax import parse
from omaha8.ranges.tree import canonical
from omaha8.ranges.universe import all_hands


@pytest.fixture
def budget(request: pytest.FixtureRequest) -> Iterator[int]:
    """The shared cache, emptied, with the budget the test asks for (the real one by default)."""
    size = getattr(request, "param", CACHE_BYTES)
    saved = CACHE.budget
    CACHE.clear()
    CACHE.budget = size
    try:
        yield size
    finally:
        CACHE.clear()
        CACHE.budget = saved


def held_bytes() -> tuple[int, int]:
    """What the cache holds, summed here: its arrays' bytes, and every entry as the budget counts it."""
    entries = CACHE.entries()
    arrays = sum(int(a.nbytes) for _, value in entries for a in value)
    return arrays, sum(entry_bytes(key, value) for key, value in entries)


def kinds() -> list[str]:
    return [str(key[0]) for key, _ in CACHE.entries()]  # type: ignore[index]


def test_texts_that_differ_in_spaces_and_order_share_an_entry(budget: int) -> None:
    texts = ["AA, KK", "KK,AA", " AA ,KK , AA", "AA,\tKK", "(KK), (AA)", "KK, AA, KK"]
    ranges = [Range(t) for t in texts]
    assert kinds().count("rows") == 1 and kinds().count("patterns") == 1
    assert all(len(r) == 13_886 for r in ranges)  # 2 * 6,961 - 36 hands with two aces and two kings
    # the cards of a pattern in any order, a filter twice, the filters of a chain in any order
    assert canonical(parse("AKQJ")) == canonical(parse("J Q K A"))
    assert canonical(parse("AA:$ds!AAA")) == canonical(parse("AA!AAA:$ds:$ds"))
    # and what differs stays apart: a rank and a suit are two cards, not one
    assert canonical(parse("A s")) != canonical(parse("As"))
    assert canonical(parse("AA:$ds")) != canonical(parse("AA!$ds"))
    assert canonical(parse("AA@5, KK@6")) != canonical(parse("AA@6, KK@5"))
    assert canonical(parse("AA!KK")) != canonical(parse("KK!AA"))


def test_sixty_four_texts_that_differ_in_spaces_keep_one_range(budget: int) -> None:
    # the reported case: 64 texts of one range, each with its own spacing (2.6 GB for 5-card '*' before)
    texts = ["*" + " " * i + "!" + " " * (63 - i) + "AAAA" for i in range(64)]
    for text in texts:
        assert len(Range(text)) == 270_724
    assert kinds().count("rows") == 1
    arrays, counted = held_bytes()
    assert counted == CACHE.used <= CACHE_BYTES and arrays < 5 * 2**20  # one 4-card range's rows and weights


def test_percentages_that_hold_the_same_classes_share_an_entry(budget: int) -> None:
    masks = [percent_mask(4, 0, 10), percent_mask(4, 0.0, 10.0)]
    Range("10%"), Range("1%-10%"), Range("0%-10%")  # the percentiles 1 through 10 are the top 10%
    assert kinds().count("percent") == 1
    assert masks[0] is masks[1] and not masks[0].flags.writeable


@pytest.mark.parametrize("budget", [8 * 2**20], indirect=True)
def test_many_distinct_texts_stay_within_the_budget(budget: int) -> None:
    # 300 distinct ranges, 4.3 MB of rows and weights each at most: far past 8 MB, and the cache stays under it
    texts = [f"{p}%" for p in range(1, 101)] + [f"*!{r}{s}" for r in "AKQJT98765432" for s in "shdc"] + \
        [f"{r}{q}, {p}%" for r in "AKQJ" for q in "T987" for p in range(5, 101, 10)][:148]
    sizes = []
    for text in texts:
        sizes.append(len(Range(text)))
        arrays, counted = held_bytes()
        assert counted == CACHE.used <= budget and arrays <= budget
    assert len(set(texts)) == 300 and sizes[99] == 270_725  # 100% is every hand
    assert len(CACHE) >= 2  # something is kept


def test_least_recently_used_goes_first() -> None:
    cache = ByteCache(3 * (1000 + 800))

    def array() -> tuple[np.ndarray]:
        return (np.zeros(1000, dtype=np.uint8),)

    for key in ("a", "b", "c"):
        cache.get(key, array)
    assert len(cache) <= 3
    first = cache.get("a", lambda: pytest.fail("'a' was cached"))  # a lookup: 'a' is now the most recent
    cache.get("d", array)
    assert "a" in cache and "b" not in cache and first[0].nbytes == 1000
    with pytest.raises(ValueError):
        first[0][0] = 1  # read-only: a caller cannot change what others get
    # an entry larger than the whole budget is returned and not kept
    big = cache.get("big", lambda: (np.zeros(10_000, dtype=np.uint8),))
    assert big[0].size == 10_000 and "big" not in cache and cache.used <= cache.budget


def test_threads_share_the_cache_and_its_count(budget: int) -> None:
    texts = [f"{r}{r}, {q}{q}" for r in "AKQJT" for q in "98765"]
    errors: list[BaseException] = []

    def work(offset: int) -> None:
        try:
            for text in texts[offset:] + texts[:offset]:
                Range(text)
        except BaseException as exc:  # noqa: BLE001  # the main thread reports it
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i * 5,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert held_bytes()[1] == CACHE.used <= budget


def test_resident_memory_after_many_ranges_is_within_the_budget(budget: int) -> None:
    # the reported case: every percentage of 5-card hands (635 MB before, outside any budget), with its rows
    all_hands(5)
    percent_mask(5, 0, 1)
    match.hand_bits(5)
    CACHE.clear()
    gc.collect()
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        for p in range(1, 101):
            r = Range(f"{p}%", cards=5)
            assert len(r) > 0
            del r
        gc.collect()
        resident = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
    arrays, counted = held_bytes()
    assert counted == CACHE.used <= CACHE_BYTES
    assert resident <= CACHE_BYTES + 2**20, resident  # what stays is the cache, and the cache is in budget
    assert arrays <= resident


def test_clear_by_kind(budget: int) -> None:
    Range("AA"), Range("15%")
    assert {"rows", "patterns", "percent"} <= set(kinds())
    match.clear_cache(("rows",))
    assert "rows" not in kinds() and "patterns" in kinds()
    assert held_bytes()[1] == CACHE.used
    _cache.CACHE.clear()
    assert CACHE.used == 0 and len(CACHE) == 0
