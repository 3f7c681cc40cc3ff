"""Readers of deal files (CSV, ``.csv.gz``, ``.npz``, ``.npy``) in chunks at constant memory.

The formats are described in :mod:`omaha8.deals`; the CSV dialect, with its
slow line parser, in :mod:`omaha8.deals._csv_dialect`.
"""

from __future__ import annotations

import collections
import gzip
import io
import os
import stat
import sys
import zipfile
import zlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any, BinaryIO, Union, cast

import numpy as np

from ..cards import _parse_text
from .._support._args import check_bool, check_chunk_rows
from .._support._text import noun
from .._support._threads import threads_for
from ..cards import N_CARDS
from ..errors import CardError, DealFileError, DuplicateCardError, Omaha8Error, ShapeError
from ..pots._showdown import MAX_SEATS
from . import _outputs as outputs
from ..cards._columns import _cut
from ._array_files import _ArrayFileChunks
from ._containers import Deals, RejectedRow, _check_layout, _concat
from ._layout import Window, WindowTexts, layout_of_bytes, layout_of_texts
from ._csv_dialect import (
    _BOM,
    _LINE_BLANK,
    LAYOUT_SAMPLE,
    MAX_LINE_BYTES,
    _header_fields,
    _line_text,
    _located,
    _parse_line,
    _projection,
    _quoted,
    _split_fields,
)
from ._outputs import _check_path, _close_quietly

__all__ = ["DealFileError", "DealReader", "iter_deals", "read_deals"]

PathLike = Union[str, "os.PathLike[str]"]
U8Array = np.ndarray[Any, np.dtype[np.uint8]]
I64Array = np.ndarray[Any, np.dtype[np.int64]]

# most lines in one CSV chunk: the line index is allocated up front
_MAX_CSV_CHUNK = 1 << 22

_GZIP_MAGIC = b"\x1f\x8b"


class DealReader(_ArrayFileChunks, Iterator[Deals]):
    """Chunks of deals from a file, at constant memory; made by :func:`iter_deals`.

    Attributes
    ----------
    players, cards
        The layout, once known (after the first chunk of a CSV file).
    deals_read, rejected
        Deals yielded and rows rejected so far.
    """

    def __init__(
        self,
        path: PathLike,
        *,
        chunk_rows: int = 65536,
        players: int | None = None,
        cards: int | None = None,
        header: bool | None = None,
        skip_bad: bool = False,
        n_threads: int | None = None,
    ) -> None:
        _check_path(path)
        _check_layout(players, cards)
        self.chunk_rows = check_chunk_rows(chunk_rows)
        if header is not None:
            header = check_bool(header, "header")
        self.path = Path(path)
        self._stdin = os.fspath(path) == "-"
        self._source = "<stdin>" if self._stdin else str(self.path)
        self.players = None if players is None else int(players)
        self.cards = None if cards is None else int(cards)
        self.header = header
        self.skip_bad = check_bool(skip_bad, "skip_bad")
        self.n_threads = n_threads
        self.deals_read = 0
        self.rejected = 0
        self._done = 0
        self._total: int | None = 1
        self._project: list[int] | None = None  # columns of a result file that hold the deal
        self._n_fields = 0
        name = self.path.name.lower()
        if self._stdin:
            self._chunks: Iterator[Deals] = self._csv_chunks()
        elif name.endswith(".npz"):
            self._chunks = self._guarded(self._npz_chunks(), ".npz")
        elif name.endswith(".npy"):
            self._chunks = self._guarded(self._npy_chunks(), ".npy")
        else:
            self._chunks = self._csv_chunks()

    def __iter__(self) -> DealReader:
        return self

    def __next__(self) -> Deals:
        return next(self._chunks)

    def close(self) -> None:
        """Stop reading and close the file."""
        close = getattr(self._chunks, "close", None)
        if close is not None:
            close()

    def __enter__(self) -> DealReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def fraction_done(self) -> float | None:
        """How much of the input has been read, 0..1 (by bytes for CSV); None for a pipe."""
        if self._total is None:
            return None
        return min(1.0, self._done / self._total) if self._total else 1.0

    def _guarded(self, chunks: Iterator[Deals], kind: str) -> Iterator[Deals]:
        """``chunks``, with the errors of a corrupt or truncated array file as one DealFileError."""
        try:
            yield from chunks
        except Omaha8Error:
            raise
        except (zipfile.BadZipFile, zlib.error, EOFError, ValueError, KeyError, SyntaxError,
                NotImplementedError) as exc:
            raise DealFileError(f"{self._source}: not a readable {kind} deal file "
                                f"({type(exc).__name__}: {_cut(str(exc), 200)})") from None

    # -------------------------------------------------------- CSV

    def _bad_row(self, exc: Omaha8Error, line: int, text: str, rejects: list[RejectedRow]) -> None:
        if not self.skip_bad:
            raise _located(exc, self._source, line, text) from None
        rejects.append(RejectedRow(line, text, str(exc)))

    def _deal_text(self, text: str) -> str:
        """The board and seat fields of a line of a result file, as a deal line (``text`` otherwise)."""
        if self._project is None:
            return text
        fields = _split_fields(text)
        if len(fields) != self._n_fields:
            raise ShapeError(f"{len(fields)} {noun(len(fields), 'field')}, but the header names {self._n_fields}")
        return ",".join(_quoted(fields[i]) for i in self._project)

    def _parse_text(self, text: str, k: int | None) -> tuple[list[int], list[list[int]]] | None:
        if not text.strip():
            return None
        return _parse_line(self._deal_text(text), self.players, k)

    def _take_header(self, line: int, text: str) -> bool:
        """Settle the seats from a header line; False when ``text`` is not a header."""
        fields = _header_fields(text)
        if fields is None:
            return False
        self.header = False
        self._project = _projection(fields)
        self._n_fields = len(fields)
        n_seats = len(fields) - 1 if self._project is None else len(self._project) - 1
        if n_seats < 1:
            raise _located(ShapeError("the header names no seat columns"), self._source, line, text)
        if self.players is not None and self.players != n_seats:
            raise _located(ShapeError(f"the header has {n_seats} seat columns but players={self.players}"),
                           self._source, line, text)
        self.players = n_seats
        _check_layout(self.players, self.cards)
        return True

    def _layout_from(self, lines: Sequence[tuple[int, str]], rejects: list[RejectedRow]) -> int:
        """Settle header, players and cards from the first lines; returns lines used up.

        Leading blank lines and a header are used up. The seats and cards per
        seat not given are those most rows of the sample have (the first
        :data:`LAYOUT_SAMPLE` rows of this chunk that are deals with the same
        number of cards in every seat; the earliest layout on a tie), so a
        malformed first row is one bad row, not the file's layout. When no
        row of the chunk is a deal, each is a bad row.
        """
        used = 0
        for line, text in lines:
            if self.header is False or text.strip():
                break
            used += 1
        if self.header is not False and used < len(lines):
            line, text = lines[used]
            if self._take_header(line, text):
                used += 1
            elif self.header is True:
                raise _located(CardError("header=True but the first line is not a header (its first field "
                                         "is not 'board')"), self._source, line, text)
        self.header = False
        if self.players is not None and self.cards is not None:
            return used
        rest = lines[used:]
        agreed = self._common_layout(rest.texts() if isinstance(rest, Window) else [text for _, text in rest])
        if agreed is not None:
            self.players, self.cards = agreed
            _check_layout(self.players, self.cards)
            return used
        votes: collections.Counter[tuple[int, int]] = collections.Counter()
        problems: list[tuple[int, str, Omaha8Error]] = []
        for line, text in lines[used:]:
            if len(votes) and sum(votes.values()) + len(problems) >= LAYOUT_SAMPLE:
                break
            try:
                parsed = self._parse_text(text, self.cards)
            except Omaha8Error as exc:
                problems.append((line, text, exc))
                continue
            if parsed is None:
                continue
            counts = {len(hole) for hole in parsed[1]}
            if len(counts) == 1:
                votes[(len(parsed[1]), counts.pop())] += 1
            else:
                problems.append((line, text, ShapeError(f"seats hold different numbers of cards: "
                                                        f"{', '.join(str(len(h)) for h in parsed[1])}")))
        if not votes:
            for line, text, problem in problems:
                self._bad_row(problem, line, text, rejects)
            return len(lines)
        (self.players, self.cards), _ = votes.most_common(1)[0]
        _check_layout(self.players, self.cards)
        return used

    def _common_layout(self, texts: Sequence[str]) -> tuple[int, int] | None:
        """The layout every row of the sample has, when the fast parser reads them all alike; else None
        (:func:`omaha8.deals._layout.layout_of_texts`). The lines of a :class:`Window` are read from their
        bytes where those decide it (:meth:`_common_layout_of_bytes`)."""
        if self._project is not None:
            return None
        if isinstance(texts, WindowTexts):
            decided, layout = self._common_layout_of_bytes(texts.window)
            if decided:
                return layout
        return layout_of_texts(texts, self.players, self.cards)

    def _common_layout_of_bytes(self, window: Window) -> tuple[bool, tuple[int, int] | None]:
        """:func:`omaha8.deals._layout.layout_of_bytes` with the seats and cards given."""
        return layout_of_bytes(window, self.players, self.cards)

    def _open_csv(self) -> tuple[BinaryIO, IO[bytes], bool]:
        """The raw input, the stream of its text (gunzipped when it is gzip) and whether it is a regular file."""
        if self._stdin:
            raw = cast(BinaryIO, sys.stdin.buffer)
        else:
            raw = outputs._open_binary(self.path, "rb")
        try:
            info = os.fstat(raw.fileno())
        except (OSError, ValueError, io.UnsupportedOperation):
            info = None
        regular = info is not None and stat.S_ISREG(info.st_mode)
        self._total = info.st_size if regular and info is not None else None
        gz = self.path.name.lower().endswith(".gz") and not self._stdin
        if self._stdin and hasattr(raw, "peek"):
            gz = raw.peek(2)[:2] == _GZIP_MAGIC
        return raw, cast(IO[bytes], gzip.GzipFile(fileobj=raw, mode="rb") if gz else raw), regular

    def _read_into(self, f: IO[bytes], view: memoryview) -> int:
        """``f.readinto(view)``, with a corrupt or truncated gzip stream as one DealFileError."""
        try:
            return f.readinto(view) or 0  # type: ignore[attr-defined]
        except (gzip.BadGzipFile, zlib.error, EOFError) as exc:
            raise self._file_error(f"not a readable gzip file ({type(exc).__name__}: {_cut(str(exc), 200)})") \
                from None

    def _refuse_utf16(self, head: bytes) -> None:
        """A DealFileError for a file that starts as UTF-16 text, by its byte-order mark or its NUL bytes."""
        order = {b"\xff\xfe": "little-endian", b"\xfe\xff": "big-endian"}.get(head[:2])
        even, odd = head[0::2], head[1::2]
        if order is None and len(head) >= 4 and head.isascii():
            if not odd.strip(b"\x00") and even.strip(b"\x00") == even:
                order = "little-endian, without a byte-order mark"
            elif not even.strip(b"\x00") and odd.strip(b"\x00") == odd:
                order = "big-endian, without a byte-order mark"
        if order is not None:
            raise self._file_error(f"the file is UTF-16 text ({order}); deal files are UTF-8 (or ASCII): convert "
                                   "it first, e.g. iconv -f UTF-16 -t UTF-8")

    def _long_line(self, line: int, kept: bytes, length: int | None) -> Iterator[Deals]:
        """A line longer than MAX_LINE_BYTES (of ``length`` bytes, None: not read to its end): one bad row,
        its text cut to the first MAX_LINE_BYTES bytes."""
        size = f"{length:,} bytes, more than the {MAX_LINE_BYTES:,}" if length is not None else \
            f"more than the {MAX_LINE_BYTES:,} bytes"
        note = f"; the text kept is its first {len(kept):,} bytes" if self.skip_bad else ""
        exc = ShapeError(f"the line has {size} a deal line may have (omaha8.deals.MAX_LINE_BYTES){note}")
        rejects: list[RejectedRow] = []
        self._bad_row(exc, line, _line_text(kept), rejects)
        self.rejected += 1
        yield Deals(np.zeros((0, self.players or 1, self.cards or 4), np.uint8), np.zeros((0, 5), np.uint8),
                    np.zeros(0, np.int64), self.deals_read, tuple(rejects))

    def _csv_chunks(self) -> Iterator[Deals]:
        chunk_rows = min(self.chunk_rows, _MAX_CSV_CHUNK)
        raw, f, regular = self._open_csv()
        # the buffer grows to about one chunk of lines, then stays; a line longer than MAX_LINE_BYTES is
        # read on to its end without being kept (but for its first MAX_LINE_BYTES bytes): one bad row
        cap = max(1 << 20, min(chunk_rows * 256, 1 << 26))
        try:
            # a regular file that fills the buffer gets it at full size at once, not grown by copies
            buf = bytearray(cap if self._total is not None and self._total >= cap else 1 << 20)
            filled = 0
            pos = 0  # start of the first line not yet parsed
            eof = False
            started = False  # a byte-order mark at the very start has been looked for
            line_no = 1
            ends = np.empty(chunk_rows, dtype=np.int64)

            def read_more() -> None:
                nonlocal buf, filled, pos, eof
                if pos:
                    buf[: filled - pos] = buf[pos:filled]
                    filled -= pos
                    pos = 0
                if filled == len(buf):
                    # a regular file's buffer grows at once to what the file needs (at most the cap), not by
                    # doubling: each doubling copied the lines read so far
                    size = 2 * len(buf) if self._total is None else max(2 * len(buf), min(cap, self._total + 1))
                    grown = bytearray(size)
                    grown[:filled] = buf
                    buf = grown
                with memoryview(buf)[filled:] as free:
                    got = self._read_into(f, free)
                filled += got
                eof = not got
                if regular:
                    self._done = raw.tell()

            while True:
                if not started and (filled >= 4 or eof):
                    if buf[:3] == _BOM:
                        pos = 3
                    self._refuse_utf16(bytes(buf[:min(filled, 64)]))
                    started = True
                arr = np.frombuffer(buf, dtype=np.uint8, count=filled)
                found = _parse_text.find_line_ends(arr, pos, ends) if started else 0
                tail = int(ends[found - 1]) + 1 if found else pos  # start of the line without an end yet
                overlong = found < chunk_rows and filled - tail > MAX_LINE_BYTES
                if overlong and not found:
                    # the next line is too long already: keep its start, skip to its end, report it
                    del arr
                    kept = bytes(buf[pos : pos + MAX_LINE_BYTES])
                    if not self.skip_bad:  # reported now: the line may never end (/dev/zero)
                        yield from self._long_line(line_no, kept, None)
                    length = 0
                    while True:
                        end = buf.find(b"\n", pos, filled)
                        if end >= 0:
                            length += end - pos
                            pos = end + 1
                            break
                        length += filled - pos
                        pos = filled = 0
                        if eof:
                            break
                        read_more()
                    yield from self._long_line(line_no, kept, length)
                    line_no += 1
                    continue
                # read on unless the buffer, at its cap, is full of whole lines (or a long line follows
                # them): then parse those now
                if (found < chunk_rows and not eof and not overlong
                        and (found == 0 or filled - pos < len(buf) or len(buf) < cap)):
                    del arr
                    read_more()
                    continue
                line_ends = ends[:found].copy()
                if eof and found < chunk_rows and tail < filled:
                    line_ends = np.append(line_ends, filled)  # the last line has no newline
                if len(line_ends) == 0:
                    return
                starts = np.empty(len(line_ends), dtype=np.int64)
                starts[0] = pos
                starts[1:] = line_ends[:-1] + 1
                numbers = np.arange(line_no, line_no + len(line_ends), dtype=np.int64)
                # lines too long for the dialect are bad rows, each in its place among the others
                first = 0
                for i in np.flatnonzero(line_ends - starts > MAX_LINE_BYTES).tolist():
                    if i > first:
                        chunk = self._parse_csv_lines(arr, starts[first:i], line_ends[first:i], numbers[first:i])
                        if chunk is not None:
                            yield chunk
                    start = int(starts[i])
                    yield from self._long_line(int(numbers[i]), arr[start : start + MAX_LINE_BYTES].tobytes(),
                                               int(line_ends[i]) - start)
                    first = i + 1
                chunk = None
                if first < len(line_ends):
                    chunk = self._parse_csv_lines(arr, starts[first:], line_ends[first:], numbers[first:])
                del arr
                line_no += len(line_ends)
                pos = int(line_ends[-1]) + 1
                if chunk is not None:
                    yield chunk
        finally:
            if f is not raw:
                _close_quietly(f)
            if not self._stdin:
                _close_quietly(raw)

    def _project_spans(self, arr: U8Array, starts: I64Array, ends: I64Array
                       ) -> tuple[I64Array, I64Array, np.ndarray[Any, np.dtype[np.bool_]]] | None:
        """The spans of a result file's board and seat fields, when they stand together in that order."""
        project = self._project
        assert project is not None
        if project != list(range(project[0], project[0] + len(project))):
            return None
        n = len(starts)
        span_starts, span_ends = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64)
        fits = np.empty(n, dtype=np.uint8)
        _parse_text.field_spans(arr, np.ascontiguousarray(starts), np.ascontiguousarray(ends), project[0],
                                project[-1], self._n_fields, span_starts, span_ends, fits,
                                threads_for(self.n_threads, n * (self.players or 1)))
        return span_starts, span_ends, fits == 0

    def _parse_csv_lines(self, arr: U8Array, starts: I64Array, ends: I64Array, numbers: I64Array) -> Deals | None:
        rejects: list[RejectedRow] = []

        def text_of(i: int) -> str:
            return _line_text(arr[starts[i] : ends[i]].tobytes())

        while len(starts) and (self.players is None or self.cards is None or self.header is not False):
            count = min(len(starts), 2 * LAYOUT_SAMPLE)
            skip = self._layout_from(Window(arr, starts[:count], ends[:count], numbers[:count]), rejects)
            starts, ends, numbers = starts[skip:], ends[skip:], numbers[skip:]
        if self.players is None or self.cards is None:  # no valid row yet
            self.rejected += len(rejects)
            if not rejects:
                return None
            return Deals(np.zeros((0, 1, 4), np.uint8), np.zeros((0, 5), np.uint8), np.zeros(0, np.int64),
                         self.deals_read, tuple(rejects))
        originals: list[str] | None = None
        misfits: np.ndarray[Any, np.dtype[np.bool_]] | None = None
        spans = self._project_spans(arr, starts, ends) if self._project is not None and len(starts) else None
        if spans is not None:
            # a result file whose board and seat columns stand together, before any quoted field: the fast
            # parser reads them where they lie, at deal-file speed; a line it cannot take goes the slow way
            parse_arr, parse_starts, parse_ends, misfits = arr, *spans
        elif self._project is not None and len(starts):
            # a result file: the board and seat columns, as deal lines, for the fast parser
            originals = [text_of(i) for i in range(len(starts))]
            deal_lines = []
            for text in originals:
                try:
                    deal_lines.append(self._deal_text(text).encode() if text.strip() else b"")
                except Omaha8Error:
                    deal_lines.append(b"\x00")  # the fast parser refuses it; the slow path says why
            parse_arr = np.frombuffer(b"\n".join(deal_lines) + b"\n", dtype=np.uint8)
            sizes = np.array([len(d) for d in deal_lines], dtype=np.int64)
            parse_ends = np.cumsum(sizes + 1) - 1
            parse_starts = parse_ends - sizes
        else:
            parse_arr, parse_starts, parse_ends = arr, starts, ends
        n = len(starts)
        boards = np.empty((n, 5), dtype=np.uint8)
        holes = np.empty((n, self.players, self.cards), dtype=np.uint8)
        status = np.empty(n, dtype=np.int8)
        # every row's status is read below (the misfits' too), so the first bad row it returns is not needed
        _parse_text.parse_deal_lines(parse_arr, parse_starts, parse_ends, boards, holes, status,
                                     threads_for(self.n_threads, n * (self.players + 1)))
        if misfits is not None:
            status[misfits] = _LINE_UNREAD  # the slow grammar reads it, or says what is wrong with it
        bad = np.flatnonzero(status != 0)
        if len(bad):
            keep = np.ones(n, dtype=bool)
            for i in bad.tolist():
                keep[i] = False
                if status[i] == _LINE_BLANK:
                    continue
                text = originals[i] if originals is not None else text_of(i)
                try:
                    parsed = self._parse_text(text, self.cards)
                except Omaha8Error as exc:
                    self._bad_row(exc, int(numbers[i]), text, rejects)
                    continue
                if parsed is not None:  # text only the slow grammar reads
                    boards[i] = parsed[0]
                    holes[i] = parsed[1]
                    keep[i] = True
            boards, holes, numbers = boards[keep], holes[keep], numbers[keep]
        self.rejected += len(rejects)
        if len(boards) == 0 and not rejects:
            return None
        chunk = Deals(holes, boards, np.ascontiguousarray(numbers), self.deals_read, tuple(rejects))
        self.deals_read += len(chunk)
        return chunk


# a status of the deal-line kernel: text it could not read (the slow grammar then reads or explains the line)
_LINE_UNREAD = 2

def iter_deals(
    path: PathLike,
    *,
    chunk_rows: int = 65536,
    players: int | None = None,
    cards: int | None = None,
    header: bool | None = None,
    skip_bad: bool = False,
    n_threads: int | None = None,
) -> DealReader:
    """Read a deal file in chunks of at most ``chunk_rows`` deals, at constant memory.

    Parameters
    ----------
    path
        A ``.csv`` (or ``.csv.gz``), ``.npz`` or ``.npy`` deal file (formats
        in :mod:`omaha8.deals`); ``-`` for standard input (CSV).
    chunk_rows
        Most lines (CSV) or rows (arrays) per chunk (a CSV chunk holds at
        most 4,194,304 lines, and fewer when they are very long).
    players, cards
        Seats per deal and cards per seat; by default from the file.
    header
        CSV: None detects a header (first field ``board``); True requires
        one; False reads the first line as a deal.
    skip_bad
        Collect invalid rows in each chunk's ``rejects`` and go on, rather
        than raise at the first.
    n_threads
        OpenMP threads for parsing; None uses every core.

    Returns
    -------
    DealReader
        An iterator of :class:`Deals`, each with ``boards``, ``holes`` and
        ``lines``.

    Raises
    ------
    CardError, DuplicateCardError, ShapeError
        An invalid row (unless ``skip_bad``), a line longer than
        :data:`MAX_LINE_BYTES` among them; the message names the file, the
        line and the row's text (cut to a couple of hundred characters). The
        first bad row of the file is the one reported.
    DealFileError
        A corrupt or truncated file, or one that is not UTF-8 text (UTF-16, say).

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "deals.csv")
    >>> _ = open(path, "w").write("board,seat0,seat1\\nAhKh7c4d2s,As3sQcJd,5c5d8h9h\\nAhKh7c4d2s,As3sQcJd,As5d8h9h\\n")
    >>> [len(chunk) for chunk in iter_deals(path, skip_bad=True)]
    [1]
    >>> for chunk in iter_deals(path): pass
    Traceback (most recent call last):
    ...
    omaha8.errors.DuplicateCardError: ...deals.csv, line 3: card 'As' appears twice: seat0 and seat1; the row: 'AhKh7c4d2s,As3sQcJd,As5d8h9h'
    """
    return DealReader(path, chunk_rows=chunk_rows, players=players, cards=cards, header=header,
                      skip_bad=skip_bad, n_threads=n_threads)


def read_deals(path: PathLike, **options: Any) -> Deals:
    """Read a whole deal file into memory; options as :func:`iter_deals`.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "deals.csv")
    >>> _ = open(path, "w").write("AhKh7c4d2s,As3sQcJd,5c5d8h9h\\r\\n\\r\\nah kh 7c 4d 2s,10s3sQcJd,5c5d8h9h\\r\\n")
    >>> deals = read_deals(path)
    >>> deals.holes.shape, deals.lines.tolist()
    ((2, 2, 4), [1, 3])
    """
    reader = iter_deals(path, **options)
    with reader:
        chunks = list(reader)
    return _concat(chunks, reader.players, reader.cards)
