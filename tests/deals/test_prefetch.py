"""Prefetched: the items of an iterator, made ahead in a thread, in order, with its errors where they happened."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from omaha8.deals._prefetch import Prefetched


def test_same_items_in_order() -> None:
    for n in (0, 1, 2, 50):
        with Prefetched(iter(range(n)), ahead=2) as items:
            assert list(items) == list(range(n))
            assert list(items) == []  # exhausted stays exhausted


def test_error_arrives_after_the_items_before_it() -> None:
    def items() -> Iterator[int]:
        yield 1
        yield 2
        raise KeyError("third")

    got = []
    with Prefetched(items()) as p:
        with pytest.raises(KeyError, match="third"):
            for item in p:
                got.append(item)
    assert got == [1, 2]


def test_close_stops_the_thread_early() -> None:
    made = []
    stop = threading.Event()

    def endless() -> Iterator[int]:
        i = 0
        while not stop.is_set():
            made.append(i)
            yield i
            i += 1

    p = Prefetched(endless(), ahead=1)
    assert next(p) == 0
    p.close()
    count = len(made)
    assert not p._thread.is_alive()
    assert count <= 4  # one taken, one queued, one being made when the stop came
    with pytest.raises(StopIteration):
        next(p)
    stop.set()
