"""The one cache of :mod:`omaha8.ranges`: arrays kept between calls, least recently used first out,
within :data:`CACHE_BYTES` in all.

Pattern, macro and percentage masks and the rows of whole ranges share it.
Keys are short tuples whose text parts are digests of a range's canonical
form (:func:`omaha8.ranges.tree.canonical`), never the raw text, so texts
that differ in spaces or item order share an entry. An entry's size is the
bytes of its arrays plus its key and bookkeeping; an entry that alone
exceeds the budget is returned and not kept. Tables built once per hand
size (the hands, their card sets, suit classes and places) are not in it:
there are two of each, whatever the ranges.

>>> cache = ByteCache(2_000)  # room for one 600-byte mask with its key and bookkeeping, not two
>>> a = cache.get(("mask", 1), lambda: (np.zeros(600, dtype=np.bool_),))
>>> b = cache.get(("mask", 2), lambda: (np.zeros(600, dtype=np.bool_),))
>>> len(cache), cache.used <= cache.budget, ("mask", 1) in cache  # the first went out to make room
(1, True, False)
"""

from __future__ import annotations

import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

import numpy as np

__all__ = ["CACHE_BYTES", "ByteCache", "CACHE", "entry_bytes"]

#: Most bytes the range cache holds: about 100 five-card masks, or 1,000 four-card ones.
CACHE_BYTES = 256 * 2**20

#: Bytes counted for an entry besides its arrays and key: the dictionary slot, the tuple, the array headers.
ENTRY_OVERHEAD = 512

Entry = tuple[np.ndarray[Any, Any], ...]


def _key_bytes(key: Hashable) -> int:
    """Bytes of a key: a tuple of short strings and numbers (its parts are counted one level deep)."""
    if isinstance(key, tuple):
        return sys.getsizeof(key) + sum(sys.getsizeof(part) for part in key)
    return sys.getsizeof(key)


def entry_bytes(key: Hashable, value: Entry) -> int:
    """What an entry costs the budget: its arrays' bytes, its key's, and :data:`ENTRY_OVERHEAD`."""
    return sum(int(array.nbytes) for array in value) + _key_bytes(key) + ENTRY_OVERHEAD


class ByteCache:
    """Read-only arrays by key, least recently used evicted first, at most ``budget`` bytes in all.

    Safe to share between threads: lookups, insertions and evictions hold a lock,
    and a value is built outside it (two threads may build the same value; one is kept).
    """

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.used = 0
        self._items: OrderedDict[Hashable, tuple[Entry, int]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def get(self, key: Hashable, build: Callable[[], Entry]) -> Entry:
        """The arrays stored under ``key``, built (and made read-only) by ``build()`` when absent."""
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                return found[0]
        value = build()
        for array in value:
            array.setflags(write=False)
        size = entry_bytes(key, value)
        with self._lock:
            if key in self._items or size > self.budget:
                return value
            self._items[key] = (value, size)
            self.used += size
            while self.used > self.budget:
                _, (_, old) = self._items.popitem(last=False)
                self.used -= old
        return value

    def clear(self, kinds: tuple[str, ...] | None = None) -> None:
        """Forget every entry, or those whose key starts with one of ``kinds`` (``"rows"``, ``"patterns"`` ...)."""
        with self._lock:
            if kinds is None:
                self._items.clear()
                self.used = 0
                return
            for key in [k for k in self._items if isinstance(k, tuple) and k[0] in kinds]:
                self.used -= self._items.pop(key)[1]

    def entries(self) -> list[tuple[Hashable, Entry]]:
        """The keys and arrays held now, least recently used first (for tests that count the bytes)."""
        with self._lock:
            return [(key, value) for key, (value, _) in self._items.items()]


#: The cache every range shares.
CACHE = ByteCache(CACHE_BYTES)
