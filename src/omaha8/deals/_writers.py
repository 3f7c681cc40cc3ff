"""Writers of result files and deal files (CSV, ``.csv.gz``, ``.npz``, ``.npy``), and of rejected rows.

Every file is complete or absent (:mod:`omaha8.deals._outputs`); formats in :mod:`omaha8.deals`.
"""

from __future__ import annotations

import csv
import gzip
import os
import queue
import sys
import threading
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any, BinaryIO, TextIO, Union, cast

import numpy as np
import numpy.typing as npt

from ..cards import _format_text
from .._support._args import brief, check_bool, check_chunk_rows, check_int
from .._support._text import csv_cell, noun
from .._support._threads import threads_for
from ..cards._validate import check_deals
from ..errors import ArgumentError, ArgumentTypeError, ShapeError
from . import _outputs as outputs
from ..cards._columns import _id_array
from ..cards._order import old_order
from ._containers import DealResults, RejectedRow, _check_layout
from ._outputs import _check_path, _close_quietly, _Output
from ._result_columns import _header, _text_table, resolve_columns

__all__ = ["ResultWriter", "write_results", "write_deals", "write_rejects"]

PathLike = Union[str, "os.PathLike[str]"]
U8Array = np.ndarray[Any, np.dtype[np.uint8]]
I64Array = np.ndarray[Any, np.dtype[np.int64]]


# text buffers of one writer: one being formatted, two queued, one being written
_MAX_BUFFERS = 4

# Rows formatted into a buffer and written at a time. Their text (about 270 bytes a 6-seat row
# of the default columns) is still in the cache when the file write copies it: a chunk's 17 MB
# went out to memory, was read back by the copy, and its buffer's first use faulted in fresh
# pages (half the CPU time of `omaha8 batch` went to that copy).
_PIECE_ROWS = 2048


def _row_slices(n: int) -> range:
    """Starts of the row slices of ``n`` rows, each at most _PIECE_ROWS."""
    return range(0, n, _PIECE_ROWS)


def _write_pieces(f: IO[bytes], text: U8Array, pieces: I64Array) -> None:
    """Write ``text[a:b]`` for each piece ``(a, b)``, in order, without copying."""
    view = text.data
    for a, b in pieces.tolist():
        f.write(view[a:b])


class _NpyAppender:
    """Writes a ``.npy`` file row block by row block; the shape goes in at close."""

    _HEADER = 256  # bytes reserved for the header, room for any shape

    def __init__(self, path: Path, dtype: np.dtype[Any], inner: tuple[int, ...]) -> None:
        self.path, self.dtype, self.inner, self.rows = path, np.dtype(dtype), inner, 0
        self.file = outputs._open_binary(path, "wb")
        try:
            self.file.write(self._header_bytes())
        except BaseException:
            _close_quietly(self.file)
            raise

    def _header_bytes(self) -> bytes:
        descr = np.lib.format.dtype_to_descr(self.dtype)
        text = f"{{'descr': {descr!r}, 'fortran_order': False, 'shape': {(self.rows, *self.inner)!r}, }}"
        body = text.encode("latin1").ljust(self._HEADER - 10 - 1) + b"\n"
        return b"\x93NUMPY\x01\x00" + len(body).to_bytes(2, "little") + body

    def write(self, arr: np.ndarray[Any, Any]) -> None:
        arr = np.ascontiguousarray(arr, dtype=self.dtype)
        if arr.shape[1:] != self.inner:
            raise ShapeError(f"rows of shape {arr.shape[1:]} do not fit a file of rows {self.inner}")
        self.file.write(arr.data)
        self.rows += arr.shape[0]

    def close(self) -> None:
        if self.file.closed:
            return
        self.file.seek(0)
        self.file.write(self._header_bytes())
        self.file.close()


#: Array names that differ from their column group's: descriptions are stored as the values they describe, and
#: winners as bit masks (bit p: seat p), under a name that says so (``high_winners`` is a list of seats in
#: every other format).
_ARRAY_NAMES = {"high_desc": "high", "low_desc": "low", "high_winners": "high_winners_mask",
                "low_winners": "low_winners_mask"}


def _array_columns(columns: Sequence[str]) -> list[str]:
    """Array names for column groups (:data:`_ARRAY_NAMES`)."""
    out: list[str] = []
    for group in columns:
        name = _ARRAY_NAMES.get(group, group)
        if name not in out:
            out.append(name)
    return out


class ResultWriter(outputs.CompleteOrAbsent):
    """Streams :class:`DealResults` to a CSV (``.csv.gz`` compressed), ``.npz`` or ``.npy`` file.

    A regular file is written under a temporary name beside it and moved
    into place by :meth:`close`, so a run that fails (a full disk included)
    leaves no partial result file and no temporary file, and an existing file
    is untouched until the new one is complete. ``-`` means standard output;
    standard output, a FIFO or a device is written into and never replaced
    (CSV streams into it; arrays are built in the temporary folder and
    copied in at :meth:`close`). Results that carry the ``board`` and
    ``seats`` groups are deal files that :func:`iter_deals` reads back.

    Parameters
    ----------
    path
        ``.npz`` or ``.npy`` for arrays; anything else is CSV, gzip-compressed
        when it ends in ``.gz``.
    players, cards
        The layout of the deals.
    columns
        Column groups (see :func:`resolve_columns`); None for the default.
    lines
        Whether the deals carry input lines (file input).
    header
        CSV: write the header line.
    n_threads
        OpenMP threads for formatting; None uses every core.
    format_in_background
        CSV: format each batch's text in the writer thread, overlapping the
        caller's work on the next batch. The arrays of the results given to
        :meth:`write` must then not change until :meth:`close` returns; an
        error of the formatting is raised by a later call.

    Examples
    --------
    >>> import os, tempfile
    >>> from omaha8 import Deals, analyze_deals, parse_card_array
    >>> path = os.path.join(tempfile.mkdtemp(), "results.csv")
    >>> deals = Deals(parse_card_array([["KhKs9c9d", "3c4cJhJd"]]), parse_card_array(["Ah2h7cKd8s"]))
    >>> with ResultWriter(path, players=2, cards=4, columns="deal,values,winners,shares", lines=False) as w:
    ...     w.write(analyze_deals(deals))
    >>> print(open(path).read(), end="")  # trip kings (5783) v. jacks (3474) and 7-4-3-2-A (50)
    deal,high0,high1,low0,low1,high_winners,low_winners,share0,share1
    0,5783,3474,0,50,0,1,0.5,0.5
    """

    def __init__(
        self,
        path: PathLike,
        *,
        players: int,
        cards: int,
        columns: str | Sequence[str] | None = None,
        lines: bool = True,
        header: bool = True,
        n_threads: int | None = None,
        format_in_background: bool = False,
    ) -> None:
        players = check_int(players, "players")
        cards = check_int(cards, "cards")
        _check_layout(players, cards)
        self._format_in_background = check_bool(format_in_background, "format_in_background")
        header = check_bool(header, "header")
        lines = check_bool(lines, "lines")
        self.path = Path(path)
        self.players, self.cards = players, cards
        self.columns = resolve_columns(columns, lines=lines)
        self.n_threads = n_threads
        self.rows = 0
        name = self.path.name.lower()
        self.kind = "npz" if name.endswith(".npz") else "npy" if name.endswith(".npy") else "csv"
        self._plan = np.array([_format_text.COLUMN_KINDS[c] for c in self.columns], dtype=np.int32)
        self._output: _Output | None = _Output(path)
        self._sink: BinaryIO | None = None  # the file the CSV bytes go to
        self._csv: IO[bytes] | None = None  # what the CSV is written through (gzip or the sink)
        self._arrays: dict[str, _NpyAppender] = {}
        # text to write, or results to format first (format_in_background)
        self._queue: queue.Queue[tuple[U8Array, I64Array] | DealResults | None] = queue.Queue(maxsize=2)
        self._spare: queue.Queue[U8Array] = queue.Queue()  # text buffers written out, for reuse
        self._buffers = 0  # text buffers made; at most _MAX_BUFFERS, then written ones are reused
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = None
        try:
            self._open(header, name.endswith(".gz"))
        except BaseException:
            self.discard()
            raise

    def _open(self, header: bool, gz: bool) -> None:
        output = self._output
        assert output is not None
        if self.kind == "csv":
            self._sink = output.stream() if output.direct else outputs._open_binary(output.scratch("results.csv"))
            self._csv = cast(IO[bytes], gzip.GzipFile(fileobj=self._sink, mode="wb", mtime=0) if gz else self._sink)
            if header:
                self._csv.write(_header(self.columns, self.players).encode())
            # file writes overlap the next chunk's work; the queue bounds the memory held
            self._thread = threading.Thread(target=self._drain, name="omaha8-result-writer", daemon=True)
            self._thread.start()
        else:
            for name in _array_columns(self.columns):
                dtype, inner = self._layout(name)
                self._arrays[name] = _NpyAppender(output.scratch(f"{name}.npy"), dtype, inner)

    def _drain(self) -> None:
        """Writer thread: write queued text (formatting queued results first, into one buffer) until None."""
        assert self._csv is not None
        buffer: U8Array | None = None
        try:
            while (item := self._queue.get()) is not None:
                if isinstance(item, DealResults):
                    for start in _row_slices(len(item)):
                        text, pieces = self._format(item, buffer, start)
                        buffer = text  # reused for the next slice
                        _write_pieces(self._csv, text, pieces)
                else:
                    _write_pieces(self._csv, *item)
                    self._spare.put(item[0])
        except BaseException as exc:  # handed to the producer at its next call
            self._error = exc
            while self._queue.get() is not None:
                pass

    def _put(self, item: tuple[U8Array, I64Array] | DealResults | None) -> None:
        while True:
            if self._error is not None and item is not None:
                raise self._error
            try:
                self._queue.put(item, timeout=0.1)
                return
            except queue.Full:
                continue

    def _text_buffer(self) -> U8Array | None:
        """A text buffer written out, to format the next chunk into; None (make one) while there are few.

        Reusing them saves the page faults of fresh memory, which cost about
        as much as formatting the text.
        """
        if self._buffers < _MAX_BUFFERS and self._spare.empty():
            self._buffers += 1
            return None
        while True:
            if self._error is not None:
                raise self._error
            try:
                return self._spare.get(timeout=0.1)
            except queue.Empty:
                continue

    def _stop_thread(self) -> None:
        if self._thread is not None:
            self._put(None)
            self._thread.join()
            self._thread = None

    def _layout(self, name: str) -> tuple[np.dtype[Any], tuple[int, ...]]:
        P, k = self.players, self.cards
        layouts: dict[str, tuple[np.dtype[Any], tuple[int, ...]]] = {
            "line": (np.dtype(np.int64), ()),
            "deal": (np.dtype(np.int64), ()),
            "board": (np.dtype(np.uint8), (5,)),
            "seats": (np.dtype(np.uint8), (P, k)),
            "high": (np.dtype(np.uint16), (P,)),
            "low": (np.dtype(np.uint8), (P,)),
            "high_winners_mask": (np.dtype(np.uint16), ()),
            "low_winners_mask": (np.dtype(np.uint16), ()),
            "shares": (np.dtype(np.float64), (P,)),
        }
        return layouts[name]

    def write(self, results: DealResults) -> None:
        """Append the rows of one batch of results."""
        if not isinstance(results, DealResults):
            raise ArgumentTypeError(f"results must be DealResults, not {type(results).__name__} {brief(results)}")
        if self._output is None:
            raise ArgumentError("this ResultWriter is closed")
        deals = results.deals
        n = len(deals)
        if (deals.players, deals.cards) != (self.players, self.cards) and n:
            raise ShapeError(f"results for {deals.players} {noun(deals.players, 'seat')} of {deals.cards} cards do not "
                             f"fit a file of {self.players} {noun(self.players, 'seat')} of {self.cards}")
        arrays = {
            "line": deals.lines,
            "deal": np.arange(deals.first, deals.first + n, dtype=np.int64),
            "board": deals.boards,
            "seats": deals.holes,
            "high": results.high,
            "low": results.low,
            "high_winners_mask": results.high_winners,
            "low_winners_mask": results.low_winners,
            "shares": results.shares,
        }
        for group in self.columns:
            source = _ARRAY_NAMES.get(group, group)
            if arrays[source] is None:
                raise ArgumentError(f"column {group!r} needs results computed with "
                                 f"{'values' if source in ('high', 'low') else 'shares'}=True")
        if self._csv is not None:
            if n and self._format_in_background:
                self._put(results)
            elif n:
                for start in _row_slices(n):
                    self._put(self._format(results, self._text_buffer(), start))
        else:
            for name, appender in self._arrays.items():
                appender.write(arrays[name][:n] if n else np.zeros((0, *appender.inner), appender.dtype))  # type: ignore[index]
        self.rows += n

    def _format(self, results: DealResults, out: U8Array | None, start: int = 0) -> tuple[U8Array, I64Array]:
        """The CSV text of rows ``start`` to ``start + _PIECE_ROWS`` of ``results`` (in ``out`` when it is
        large enough) and its pieces."""
        deals = results.deals
        rows = slice(start, min(len(deals), start + _PIECE_ROWS))
        n = rows.stop - start

        def part(arr: np.ndarray[Any, Any] | None) -> np.ndarray[Any, Any] | None:
            return None if arr is None else arr[rows]

        text, pieces = _format_text.format_result_rows(
            self._plan, n, self.players, self.cards, deals.first + start,
            line=part(deals.lines), boards=part(deals.boards), holes=part(deals.holes), high=part(results.high),
            low=part(results.low), high_winners=part(results.high_winners), low_winners=part(results.low_winners),
            shares=part(results.shares),
            high_table=_text_table(True) if "high_desc" in self.columns else None,
            low_table=_text_table(False) if "low_desc" in self.columns else None,
            out=out, n_threads=threads_for(self.n_threads, n * (self.players + 1)))
        return text, pieces

    def close(self) -> None:
        """Finish the file and move it into place (or, for a stream, finish writing into it)."""
        output = self._output
        if output is None:
            return
        try:
            if self._csv is not None:
                self._stop_thread()
                if self._error is not None:
                    raise self._error
                if self._csv is not self._sink:
                    self._csv.close()  # the gzip trailer
                if output.direct:
                    output.finish_stream()
                else:
                    assert self._sink is not None
                    self._sink.close()
                    output.commit(output.scratch("results.csv"))
            elif self.kind == "npy":
                for appender in self._arrays.values():
                    appender.close()
                output.commit(self._write_structured(output))
            else:
                for appender in self._arrays.values():
                    appender.close()
                built = output.scratch("results.npz")
                with outputs._open_binary(built) as f, zipfile.ZipFile(f, "w", zipfile.ZIP_STORED, allowZip64=True) as zf:
                    for name in self._arrays:
                        zf.write(output.scratch(f"{name}.npy"), f"{name}.npy")
                output.commit(built)
        finally:
            self.discard()

    def _write_structured(self, output: _Output) -> Path:
        """Interleave the column files into one structured ``.npy``, block by block."""
        fields = [(name, a.dtype, a.inner) for name, a in self._arrays.items()]
        out = _NpyAppender(output.scratch("results.npy"), np.dtype(fields), ())
        try:
            sources = {name: np.load(output.scratch(f"{name}.npy"), mmap_mode="r") for name in self._arrays}
            block = 1 << 16
            for start in range(0, self.rows, block):
                part = np.empty(min(block, self.rows - start), dtype=out.dtype)
                for name, source in sources.items():
                    part[name] = source[start : start + len(part)]
                out.write(part)
            del sources
            out.close()
        except BaseException:
            _close_quietly(out.file)
            raise
        return out.path

    def discard(self) -> None:
        """Drop the file being written (nothing replaces ``path``) and every temporary file; never raises
        an error of its own, so that it can run while another (a full disk, say) is being raised."""
        output = self._output
        if output is None:
            return
        self._output = None
        try:
            self._stop_thread()
        except BaseException:
            pass
        if self._csv is not None and self._csv is not self._sink:
            _close_quietly(self._csv)
        if self._sink is not None and not (output.direct and self._sink is sys.stdout.buffer):
            _close_quietly(self._sink)
        for appender in self._arrays.values():
            _close_quietly(appender.file)
        output.discard()

    abort = discard  # the name callers knew it by


def write_results(
    path: PathLike,
    results: DealResults | Iterable[DealResults],
    *,
    columns: str | Sequence[str] | None = None,
    header: bool = True,
    n_threads: int | None = None,
) -> int:
    """Write results (one batch, or an iterable of batches) to ``path``; returns the rows written.

    Parameters as :class:`ResultWriter`; the layout comes from the results.

    Examples
    --------
    >>> import os, tempfile
    >>> from omaha8 import Deals, analyze_deals, random_deals
    >>> path = os.path.join(tempfile.mkdtemp(), "results.npz")
    >>> holes, boards = random_deals(4, players=3, seed=5)
    >>> write_results(path, analyze_deals(Deals(holes, boards)), columns="seats,shares")
    4
    >>> with np.load(path) as f: sorted(f), f["shares"].sum(axis=1).tolist()
    (['seats', 'shares'], [1.0, 1.0, 1.0, 1.0])
    """
    def refuse(value: object) -> ArgumentTypeError:
        return ArgumentTypeError(f"results must be DealResults or an iterable of them, not "
                                 f"{type(value).__name__} {brief(value)}")

    def checked(items: Iterable[Any]) -> Iterator[DealResults]:
        for item in items:
            if not isinstance(item, DealResults):
                raise refuse(item)
            yield item

    if isinstance(results, DealResults):
        batches: Iterator[DealResults] = iter([results])
    elif isinstance(results, Iterable) and not isinstance(results, (str, bytes, np.ndarray)):
        batches = checked(results)
    else:
        raise refuse(results)
    first = next(batches, None)
    if first is None:
        raise ArgumentError("no results to write: give at least one batch")
    writer = ResultWriter(path, players=first.deals.players, cards=first.deals.cards, columns=columns,
                          lines=first.deals.lines is not None, header=header, n_threads=n_threads)
    with writer:
        writer.write(first)
        for batch in batches:
            writer.write(batch)
    return writer.rows


def write_deals(
    path: PathLike,
    holes: npt.ArrayLike,
    boards: npt.ArrayLike,
    *,
    header: bool = True,
    chunk_rows: int = 1 << 16,
    n_threads: int | None = None,
) -> None:
    """Write deals as a deal file (CSV, ``.csv.gz``, ``.npz`` or ``.npy``) that :func:`iter_deals` reads.

    The file is built under a temporary name and moved into place when it is
    complete (``-``, a FIFO or a device is written into), as
    :class:`ResultWriter` does.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "deals.csv")
    >>> write_deals(path, [[[0, 1, 2, 3], [4, 5, 6, 7]]], [[51, 47, 43, 39, 35]])
    >>> print(open(path).read(), end="")
    board,seat0,seat1
    AsKsQsJsTs,2c2d2h2s,3c3d3h3s
    >>> write_deals(path, [[[0, 1, 2, 3]]], [[51, 47, 43, 39, 35]], chunk_rows=0)
    Traceback (most recent call last):
    ...
    omaha8.errors.ArgumentError: chunk_rows must be at least 1, got 0
    """
    chunk_rows = check_chunk_rows(chunk_rows)
    header = check_bool(header, "header")
    h = _id_array(holes, "holes")
    b = _id_array(boards, "boards")
    if b.ndim != 2 or b.shape[1] != 5 or h.ndim != 3 or h.shape[0] != b.shape[0]:
        if h.ndim == 2 and h.shape[1] == 5 and b.ndim == 3:
            raise old_order("write_deals(path, holes, boards, ...)", "boards (N, 5), then holes (N, P, k)")
        raise ShapeError(f"deals need holes (N, P, k) and boards (N, 5), got {h.shape} and {b.shape}")
    _check_layout(h.shape[1], h.shape[2])
    check_deals(h, b)
    output = _Output(path)
    name = output.final.name.lower()
    try:
        built = output.scratch("deals")
        with outputs._open_binary(built) as raw:
            if name.endswith(".npz"):
                np.savez(raw, boards=b, holes=h)
            elif name.endswith(".npy"):
                records = np.empty(b.shape[0], dtype=[("board", np.uint8, (5,)), ("holes", np.uint8, h.shape[1:])])
                records["board"], records["holes"] = b, h
                np.save(raw, records)
            else:
                _write_deal_lines(raw, b, h, header, chunk_rows, n_threads, name.endswith(".gz"))
        output.commit(built)
    finally:
        output.discard()


def _write_deal_lines(raw: BinaryIO, b: U8Array, h: U8Array, header: bool, chunk_rows: int,
                      n_threads: int | None, gz: bool) -> None:
    plan = np.array([_format_text.COLUMN_KINDS["board"], _format_text.COLUMN_KINDS["seats"]], dtype=np.int32)
    f = cast(IO[bytes], gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) if gz else raw)
    with f:
        if header:
            f.write(_header(("board", "seats"), h.shape[1]).encode())
        for start in range(0, b.shape[0], chunk_rows):
            stop = start + chunk_rows
            text, pieces = _format_text.format_result_rows(plan, len(b[start:stop]), h.shape[1], h.shape[2], start,
                                                      boards=b[start:stop], holes=h[start:stop],
                                                      n_threads=threads_for(n_threads, (stop - start) * (h.shape[1] + 1)))
            _write_pieces(f, text, pieces)


def write_rejects(path: PathLike | TextIO, rejects: Iterable[RejectedRow], *, append: bool = False) -> int:
    """Write rejected rows as CSV ``line,error,text``; returns how many.

    ``path`` may also be an open text file: the rows are written to it (a
    header first when it is at its start), and it stays open. A cell that a
    spreadsheet would run as a formula (it starts with ``=``, ``+``, ``-``,
    ``@``, a tab or a carriage return) is written with a ``'`` before it, as
    the OWASP guidance on CSV injection says: a rejected line is the user's
    text, whatever it holds.

    Examples
    --------
    >>> import io, tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "bad.csv")
    >>> write_rejects(path, [RejectedRow(3, "AsAs", "card 'As' appears twice")])
    1
    >>> print(open(path).read(), end="")
    line,error,text
    3,"card 'As' appears twice","AsAs"
    """
    append = check_bool(append, "append")
    if isinstance(rejects, (str, bytes, RejectedRow)) or not isinstance(rejects, Iterable):
        raise ArgumentTypeError(f"rejects must be an iterable of RejectedRow, not {type(rejects).__name__} "
                                f"{brief(rejects)}")
    if not isinstance(path, (str, bytes, os.PathLike)):
        if not callable(getattr(path, "write", None)):
            raise ArgumentTypeError(f"path must be a file name or an open text file, not {type(path).__name__} "
                                    f"{brief(path)}")
        return _write_reject_rows(path, rejects, header=not append)
    with open(_check_path(path), "a" if append else "w", newline="", encoding="utf-8") as f:
        return _write_reject_rows(f, rejects, header=not append or f.tell() == 0)


def _write_reject_rows(f: TextIO, rejects: Iterable[RejectedRow], header: bool) -> int:
    # every text cell quoted: a rejected line may hold a lone carriage return, which the csv module
    # quotes only when it ends lines, and which would split the row for every reader
    out = csv.writer(f, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC)
    if header:
        f.write("line,error,text\n")
    count = 0
    for row in rejects:
        if not isinstance(row, RejectedRow):
            raise ArgumentTypeError(f"rejects[{count}] must be a RejectedRow, not {type(row).__name__} {brief(row)}")
        # the text is the user's line: a spreadsheet must not run it (OWASP: CSV injection)
        out.writerow([row.line, csv_cell(row.error), csv_cell(row.text)])
        count += 1
    return count
