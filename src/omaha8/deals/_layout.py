"""The layout of a CSV deal file (seats, cards per seat) from the first lines of its first chunk.

:meth:`omaha8.deals._readers.DealReader._layout_from` decides the header and
the layout from a :class:`Window` of those lines; where every row of the
sample reads alike by the fast parser, :func:`layout_of_texts` (from the
lines' text) or :func:`layout_of_bytes` (from their bytes where they lie,
decoding none) gives that layout without the slow vote.

>>> data = np.frombuffer(b"AhKd2c7s8h,AsAdKsKc\\n\\nQhQd3c4c5c,2h2d9s9c\\n", dtype=np.uint8)
>>> window = Window(data, np.array([0, 20, 21]), np.array([19, 20, 40]), np.array([1, 2, 3]))
>>> window[1], layout_of_bytes(window, None, None)
((2, ''), (True, (1, 4)))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, overload

import numpy as np

from ..cards import N_CARDS, _parse_text
from ..pots._showdown import MAX_SEATS
from ._csv_dialect import LAYOUT_SAMPLE, _line_text

U8Array = np.ndarray[Any, np.dtype[np.uint8]]
I64Array = np.ndarray[Any, np.dtype[np.int64]]
Layout = tuple[int, int]

# the ASCII characters str.strip() takes for white space that bytes.strip() does not
_UNICODE_SPACES = frozenset(b"\x1c\x1d\x1e\x1f")


class Window(Sequence[tuple[int, str]]):
    """The first lines of a chunk as ``(line number, text)``, each decoded only when asked for: the layout
    is found from a few lines' text (blank lines, a header) and the rest's bytes."""

    def __init__(self, arr: U8Array, starts: I64Array, ends: I64Array, numbers: I64Array) -> None:
        self.arr, self.starts, self.ends, self.numbers = arr, starts, ends, numbers

    def __len__(self) -> int:
        return len(self.starts)

    @overload
    def __getitem__(self, i: int) -> tuple[int, str]: ...

    @overload
    def __getitem__(self, i: slice) -> Window: ...

    def __getitem__(self, i: int | slice) -> tuple[int, str] | Window:
        if isinstance(i, slice):
            return Window(self.arr, self.starts[i], self.ends[i], self.numbers[i])
        return int(self.numbers[i]), _line_text(self.arr[self.starts[i] : self.ends[i]].tobytes())

    def texts(self) -> WindowTexts:
        return WindowTexts(self)


class WindowTexts(Sequence[str]):
    """The texts of a :class:`Window`'s lines, each decoded when asked for."""

    def __init__(self, window: Window) -> None:
        self.window = window

    def __len__(self) -> int:
        return len(self.window)

    @overload
    def __getitem__(self, i: int) -> str: ...

    @overload
    def __getitem__(self, i: slice) -> list[str]: ...

    def __getitem__(self, i: int | slice) -> str | list[str]:
        if isinstance(i, slice):
            return [self.window[j][1] for j in range(len(self.window))[i]]
        return self.window[i][1]


def layout_of_texts(texts: Sequence[str], players: int | None, cards: int | None) -> Layout | None:
    """The layout every row of the sample has, when the fast parser reads them all alike; else None.

    The vote of ``_layout_from`` then has one outcome, found without parsing
    the sample line by line in Python: the sample is the first
    :data:`LAYOUT_SAMPLE` lines that are not blank, and the fast parser
    accepts only lines that the slow one reads the same way. ``players`` and
    ``cards`` are those already given (None: open).
    """
    sample = [text.encode() for text in texts if text.strip()][:LAYOUT_SAMPLE]
    if not sample:
        return None
    players = players if players is not None else sample[0].count(b",")
    if b'"' in sample[0] or not 1 <= players <= MAX_SEATS:
        return None
    sizes = np.array([len(text) for text in sample], dtype=np.int64)
    ends = np.cumsum(sizes + 1) - 1
    starts = ends - sizes
    buf = np.frombuffer(b"\n".join(sample) + b"\n", dtype=np.uint8)
    status = np.empty(len(sample), dtype=np.int8)
    for k in (4, 5) if cards is None else (cards,):
        if k not in (4, 5) or 5 + players * k > N_CARDS:
            continue
        boards = np.empty((len(sample), 5), dtype=np.uint8)
        holes = np.empty((len(sample), players, k), dtype=np.uint8)
        if _parse_text.parse_deal_lines(buf, starts, ends, boards, holes, status, 1) < 0:
            return players, k
    return None


def layout_of_bytes(window: Window, players: int | None, cards: int | None) -> tuple[bool, Layout | None]:
    """:func:`layout_of_texts` of the window's lines read where they lie, without decoding each line:
    ``(True, its answer)``, or ``(False, None)`` when a line's bytes leave it open (text that is not
    ASCII or holds a separator character str.strip() takes for white space, two \\r at a line's end, a
    quote in the first line): the text way then decides.

    The sample is the same: a line the fast parser reads is a deal, and so not blank; any other line is
    blank when its bytes strip to nothing, not blank when they are plain ASCII without those separators.
    """
    arr, starts, ends = window.arr, window.starts, window.ends
    # the text way drops one \r before the parser drops another: a line ending in two reads otherwise
    last = np.maximum(ends - 1, 0)
    if bool(((ends - starts >= 2) & (arr[last] == 13) & (arr[np.maximum(last - 1, 0)] == 13)).any()):
        return False, None

    def blank(i: int) -> bool | None:
        raw = arr[starts[i] : ends[i]].tobytes()
        if not raw.strip():
            return True
        return False if raw.isascii() and not _UNICODE_SPACES.intersection(raw) else None

    first = next((i for i in range(len(window)) if blank(i) is not True), None)
    if first is None:
        return True, None  # no line but blank ones
    head = arr[starts[first] : ends[first]].tobytes()
    if blank(first) is None or b'"' in head:
        return False, None
    players = players if players is not None else head.count(b",")
    if not 1 <= players <= MAX_SEATS:
        return True, None
    count = len(window) - first
    status = np.empty(count, dtype=np.int8)
    part_starts, part_ends = np.ascontiguousarray(starts[first:]), np.ascontiguousarray(ends[first:])
    for k in (4, 5) if cards is None else (cards,):
        if k not in (4, 5) or 5 + players * k > N_CARDS:
            continue
        boards = np.empty((count, 5), dtype=np.uint8)
        holes = np.empty((count, players, k), dtype=np.uint8)
        if _parse_text.parse_deal_lines(arr, part_starts, part_ends, boards, holes, status, 1) < 0:
            return True, (players, k)
        fits = _sample_reads(status, first, blank)
        if fits is None:
            return False, None
        if fits:
            return True, (players, k)
    return True, None


def _sample_reads(status: np.ndarray[Any, np.dtype[np.int8]], first: int,
                  blank: Callable[[int], bool | None]) -> bool | None:
    """Whether every line of the sample (the first LAYOUT_SAMPLE that are not blank) read, by the parser's
    ``status`` of the lines from ``first`` on; None when a line it did not read may be blank or not."""
    sampled = 0
    for i in range(len(status)):
        if status[i] != 0:
            is_blank = blank(first + i)
            if is_blank is None:
                return None
            if is_blank:
                continue
            return False
        sampled += 1
        if sampled == LAYOUT_SAMPLE:
            break
    return True
