"""Items of an iterator made ahead, in a thread of their own: reading the next chunk of a deal file
overlaps the work on this one.

The kernels that read a chunk release the GIL, so the file's reading and
parsing run beside the evaluation and formatting of the chunk before it.
An error of the iterator reaches the consumer where the item it stopped
would have, and :meth:`Prefetched.close` stops the thread and waits for it.

Examples
--------
>>> with Prefetched(iter(range(4))) as items:
...     list(items)
[0, 1, 2, 3]
>>> def failing():
...     yield 1
...     raise ValueError("line 2: not a deal")
>>> with Prefetched(failing()) as items:
...     next(items), next(items)
Traceback (most recent call last):
...
ValueError: line 2: not a deal
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator
from typing import Generic, TypeVar

__all__ = ["Prefetched"]

T = TypeVar("T")

# what the thread hands over: an item, the end, or the error that ended it
_ITEM, _END, _ERROR = 0, 1, 2


class Prefetched(Iterator[T], Generic[T]):
    """The items of ``items``, made up to ``ahead`` ahead of the consumer in a background thread.

    ``items`` must not be used elsewhere until :meth:`close` has returned.
    """

    def __init__(self, items: Iterator[T], ahead: int = 1) -> None:
        self._items = items
        self._queue: queue.Queue[tuple[int, object]] = queue.Queue(maxsize=max(1, ahead))
        self._stop = threading.Event()
        self._finished = False
        self._thread = threading.Thread(target=self._make, name="omaha8-prefetch", daemon=True)
        self._thread.start()

    def _hand(self, kind: int, value: object) -> bool:
        """Queue one thing for the consumer; False when the consumer has stopped."""
        while not self._stop.is_set():
            try:
                self._queue.put((kind, value), timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def _make(self) -> None:
        try:
            for item in self._items:
                if not self._hand(_ITEM, item):
                    return
        except BaseException as exc:  # raised to the consumer at the item it stopped
            self._hand(_ERROR, exc)
            return
        self._hand(_END, None)

    def __iter__(self) -> Prefetched[T]:
        return self

    def __next__(self) -> T:
        if self._finished:
            raise StopIteration
        kind, value = self._queue.get()
        if kind == _ITEM:
            return value  # type: ignore[return-value]
        self._finished = True
        self._thread.join()
        if kind == _ERROR:
            assert isinstance(value, BaseException)
            raise value
        raise StopIteration

    def close(self) -> None:
        """Stop making items and wait for the thread (at most the item it is making)."""
        self._stop.set()
        self._finished = True
        while self._thread.is_alive():
            try:
                self._queue.get(timeout=0.05)
            except queue.Empty:
                pass
        self._thread.join()

    def __enter__(self) -> Prefetched[T]:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
