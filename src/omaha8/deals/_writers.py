"""Writers of result files (CSV, ``.csv.gz``, ``.npz``, ``.npy``, JSON lines, Parquet); deal files and rejected
rows are written by :mod:`omaha8.deals._deal_writers`.

Every file is complete or absent (:mod:`omaha8.deals._outputs`); formats in :mod:`omaha8.deals`.
"""

from __future__ import annotations

import errno
import gzip
import io
import os
import queue
import sys
import threading
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any, BinaryIO, Union, cast

import numpy as np

from ..cards import _format_text
from .._support._args import brief, check_bool, check_int
from .._support._text import noun
from .._support._threads import threads_for
from ..errors import ArgumentError, ArgumentTypeError, ShapeError
from . import _outputs as outputs
from ._containers import DealResults, _check_layout
from ._outputs import _check_path, _close_quietly, _Output
from ._result_columns import _header, _padded_table, resolve_columns, result_columns
from ._row_files import ROW_FORMATS, RowFile, row_format

__all__ = ["DEAL_FORMATS", "RESULT_FORMATS", "ResultWriter", "write_results"]

#: The kinds of deal file, by the ending of the name (``-``, a FIFO or a device takes CSV).
DEAL_FORMATS = {".csv": "csv", ".csv.gz": "csv", ".npz": "npz", ".npy": "npy"}
#: The kinds of result file: those of deal files, and the row files.
RESULT_FORMATS = {**DEAL_FORMATS, **ROW_FORMATS}

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


# most buffers one writev takes (POSIX guarantees at least 16; Linux takes 1,024)
_MAX_IOV = 16


def _write_pieces(f: IO[bytes], text: U8Array, pieces: I64Array) -> None:
    """Write ``text[a:b]`` for each piece ``(a, b)``, in order, without copying.

    A plain file gets the pieces in one ``writev`` call, not a write each: the kernel's cost a call
    falls with its size (the pieces of a slice are each a thread's block, about 70 KB on two threads).
    """
    view = text.data
    parts = [view[a:b] for a, b in pieces.tolist() if b > a]
    if type(f) is not io.BufferedWriter or not hasattr(os, "writev"):
        for part in parts:
            f.write(part)
        return
    f.flush()  # what the buffer holds (a header) goes first
    fd = f.fileno()
    while parts:
        written = os.writev(fd, parts[:_MAX_IOV])
        if not written:
            raise OSError(errno.EIO, "cannot write: the file took none of the bytes")
        # a pipe or a full disk may take less than all: go on from the first byte not written
        while parts and written >= len(parts[0]):
            written -= len(parts[0])
            parts.pop(0)
        if written:
            parts[0] = parts[0][written:]


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
    """Streams :class:`DealResults` to a CSV (``.csv.gz`` compressed), ``.npz``, ``.npy``, JSON-lines or
    Parquet file.

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
        Its ending says the kind: ``.csv``, ``.csv.gz`` (gzip-compressed),
        ``.npz`` or ``.npy`` (arrays), ``.jsonl`` (or ``.ndjson``) or
        ``.parquet`` (rows as :meth:`DealResults.rows` gives them; Parquet
        needs pyarrow). ``-``, a FIFO or a device is written CSV; any other
        name is refused with :class:`~omaha8.errors.OutputError`.
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
    option
        How error messages name the path (the command line says ``-o``).

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
        option: str = "path",
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
        # the kind is read from the name, never guessed: an unknown ending is refused before anything is made
        self.kind = row_format(_check_path(path), RESULT_FORMATS, option)
        self._option = option
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
        self._rows: RowFile | None = None  # JSON lines and Parquet
        # where the writer thread reserves file space next (None: at the file's offset; -1: it does not)
        self._reserve_at: int | None = None
        try:
            self._open(header, name.endswith(".gz"))
        except BaseException:
            self.discard()
            raise

    def _open(self, header: bool, gz: bool) -> None:
        output = self._output
        assert output is not None
        if self.kind in ("jsonl", "parquet"):
            self._rows = RowFile(_check_path(self.path), result_columns(self.columns, self.players),
                                 option=self._option)
        elif self.kind == "csv":
            self._sink = output.stream() if output.direct else outputs._open_binary(output.scratch("results.csv"))
            if output.direct:
                self._reserve_at = -1  # only a file built here: a stream's offset may not be where it writes
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
                if isinstance(item, DealResults) and type(self._csv) is io.BufferedWriter:
                    buffer = self._write_rows(self._csv, item, buffer)
                elif isinstance(item, DealResults):
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
        if self._rows is not None:
            if self.kind == "jsonl":
                # whole columns at once: the bytes of each row's json.dumps (deals._json_lines)
                self._rows.write_columns(results._columns(self.columns)[2])
            else:
                self._rows.write(results.rows(self.columns))
        elif self._csv is not None:
            if n and self._format_in_background:
                self._put(results)
            elif n:
                for start in _row_slices(n):
                    self._put(self._format(results, self._text_buffer(), start))
        else:
            for name, appender in self._arrays.items():
                appender.write(arrays[name][:n] if n else np.zeros((0, *appender.inner), appender.dtype))  # type: ignore[index]
        self.rows += n

    def _write_rows(self, f: io.BufferedWriter, results: DealResults, out: U8Array | None) -> U8Array:
        """Format and write a batch's rows to the plain file ``f`` in one call without the GIL, on this thread
        alone (the writer thread is one stage of a pipeline, beside the reader's and the kernels' threads):
        each slice of _PIECE_ROWS rows is written while it is in this core's cache. The slow twin is
        :meth:`_format` with :func:`_write_pieces`, which a file of any other kind takes."""
        f.flush()  # what the buffer holds (a header) goes first
        fd = f.fileno()
        if self._reserve_at is None:
            self._reserve_at = os.lseek(fd, 0, os.SEEK_CUR)
        deals = results.deals
        text, _, self._reserve_at = _format_text.write_result_rows(
            fd, self._plan, len(deals), self.players, self.cards, deals.first, line=deals.lines,
            boards=deals.boards, holes=deals.holes, high=results.high, low=results.low,
            high_winners=results.high_winners, low_winners=results.low_winners, shares=results.shares,
            high_table=_padded_table(True) if "high_desc" in self.columns else None,
            low_table=_padded_table(False) if "low_desc" in self.columns else None,
            out=out, piece_rows=_PIECE_ROWS, reserve_at=self._reserve_at)
        return text

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
            high_table=_padded_table(True) if "high_desc" in self.columns else None,
            low_table=_padded_table(False) if "low_desc" in self.columns else None,
            out=out, n_threads=threads_for(self.n_threads, n * (self.players + 1)))
        return text, pieces

    def close(self) -> None:
        """Finish the file and move it into place (or, for a stream, finish writing into it)."""
        output = self._output
        if output is None:
            return
        try:
            if self._rows is not None:
                rows, self._rows = self._rows, None
                rows.close()
            elif self._csv is not None:
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
        if self._rows is not None:
            self._rows.discard()
            self._rows = None
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
