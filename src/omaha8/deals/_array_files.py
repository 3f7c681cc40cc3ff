"""The ``.npy`` and ``.npz`` deal files of :class:`omaha8.deals._readers.DealReader`, read in chunks.

A ``.npy`` file holds one structured array with fields ``board`` and
``holes`` (a result file's ``seats``), memory-mapped when it is a regular
file; a ``.npz`` holds arrays ``boards`` and ``holes`` streamed member by
member. Every chunk's card ids are checked as the CSV reader checks its rows.

>>> import os, tempfile
>>> from omaha8.deals import read_deals
>>> path = os.path.join(tempfile.mkdtemp(), "deals.npz")
>>> np.savez(path, boards=np.array([[0, 1, 2, 3, 4]], np.uint8),
...          holes=np.array([[[5, 6, 7, 8], [9, 10, 11, 12]]], np.uint8))
>>> read_deals(path).holes.shape
(1, 2, 4)
>>> np.savez(path, boards=np.array([[0, 1, 2, 3, 4]], np.uint8),
...          holes=np.array([[[4, 6, 7, 8], [9, 10, 11, 12]]], np.uint8))
>>> read_deals(path)
Traceback (most recent call last):
...
omaha8.errors.DuplicateCardError: ...
"""

from __future__ import annotations

import math
import os
import stat
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import numpy as np

from ..core import _core
from .._support._args import brief
from .._support._threads import threads_for
from ..errors import CardTypeError, DealFileError, ShapeError
from . import _outputs as outputs
from ._array_rows import _ids_for_check, _row_problem, _row_text
from ..cards._columns import _cut
from ._containers import Deals, RejectedRow, _check_layout

__all__: list[str] = []


class _ArrayFileChunks:
    """The array-file half of a deal reader: the attributes below are the reader's."""

    path: Path
    players: int | None
    cards: int | None
    chunk_rows: int
    skip_bad: bool
    n_threads: int | None
    deals_read: int
    rejected: int
    _source: str
    _done: int
    _total: int | None

    def _file_error(self, what: str) -> DealFileError:
        return DealFileError(f"{self._source}: {what}")

    def _array_chunk(self, boards: Any, holes: Any, first_row: int) -> Deals | None:
        """Checked ids of rows ``first_row..`` of an array file."""
        rows = np.arange(first_row, first_row + len(boards), dtype=np.int64)
        b = _ids_for_check(boards, self._source, "boards")
        h = _ids_for_check(holes, self._source, "holes")
        rejects: list[RejectedRow] = []
        keep = np.ones(len(b), dtype=bool)
        start = 0
        while start < len(b):
            found = _core.find_bad_card(h[start:].reshape(len(h) - start, -1), b[start:],
                                        threads_for(self.n_threads, len(h) - start))
            if found < 0:
                break
            i = start + found
            exc = _row_problem(np.asarray(boards[i]).tolist(), np.asarray(holes[i]).tolist())
            text = _row_text(boards[i], holes[i])
            if not self.skip_bad:
                raise type(exc)(f"{self._source}, row {first_row + i}: {exc}; the row: {brief(text)}")
            rejects.append(RejectedRow(first_row + i, text, str(exc)))
            keep[i] = False
            start = i + 1
        if not keep.all():
            b, h, rows = b[keep], h[keep], rows[keep]
        self.rejected += len(rejects)
        if len(b) == 0 and not rejects:
            return None
        chunk = Deals(h, b, rows, self.deals_read, tuple(rejects))
        self.deals_read += len(chunk)
        return chunk

    def _set_layout(self, holes_shape: tuple[int, ...], boards_shape: tuple[int, ...]) -> None:
        if len(boards_shape) != 2 or boards_shape[1] != 5:
            raise ShapeError(f"{self._source}: boards must have shape (N, 5), got {boards_shape}")
        if len(holes_shape) != 3 or holes_shape[0] != boards_shape[0]:
            raise ShapeError(f"{self._source}: holes must have shape ({boards_shape[0]}, P, k), got {holes_shape}")
        for given, found, what in ((self.players, holes_shape[1], "players"), (self.cards, holes_shape[2], "cards")):
            if given is not None and given != found:
                raise ShapeError(f"{self._source}: the file has {what}={found} but {what}={given} was asked for")
        self.players, self.cards = int(holes_shape[1]), int(holes_shape[2])
        _check_layout(self.players, self.cards)

    def _npy_chunks(self) -> Iterator[Deals]:
        with outputs._open_binary(self.path, "rb") as f:
            info = os.fstat(f.fileno())
            shape, fortran, dtype = _npy_header_any(f, self._source)
            names = dtype.names or ()
            holes_name = "holes" if "holes" in names else "seats"  # a result file's seats are deal holes
            if "board" not in names or holes_name not in names or len(shape) != 1:
                raise ShapeError(f"{self._source}: a deal .npy file holds a 1-D structured array with fields "
                                 f"'board' and 'holes' (or 'seats'), not {dtype} of shape {shape}")
            n = int(shape[0])
            self._set_layout((n, *dtype[holes_name].shape), (n, *dtype["board"].shape))
            regular = stat.S_ISREG(info.st_mode)
            offset = f.tell() if regular else 0  # a pipe cannot tell, and is read in order
            if regular and info.st_size < offset + n * dtype.itemsize:
                raise self._file_error(f"truncated: {n:,} rows need {offset + n * dtype.itemsize:,} bytes, the "
                                       f"file has {info.st_size:,}")
            data = np.memmap(f, dtype=dtype, mode="r", offset=offset, shape=(n,)) if regular and n else None
            self._total = n
            for start in range(0, n, self.chunk_rows):
                m = min(self.chunk_rows, n - start)
                part = data[start : start + m] if data is not None else self._read_rows(f, dtype, m)
                self._done = start + m
                chunk = self._array_chunk(part["board"], part[holes_name], start)
                if chunk is not None:
                    yield chunk

    def _npz_chunks(self) -> Iterator[Deals]:
        with outputs._open_binary(self.path, "rb") as raw:
            if not stat.S_ISREG(os.fstat(raw.fileno()).st_mode):
                raise self._file_error("a .npz file is read by seeking, so it must be a regular file, not a pipe; "
                                       "send CSV through a pipe instead")
            with zipfile.ZipFile(raw) as zf:
                members = set(zf.namelist())
                boards_name = next((m for m in ("boards.npy", "board.npy") if m in members), None)
                holes_name = next((m for m in ("holes.npy", "seats.npy") if m in members), None)
                if boards_name is None or holes_name is None:
                    raise ShapeError(f"{self._source}: a deal .npz file needs arrays 'boards' and 'holes' (or a "
                                     f"result file's 'board' and 'seats'), found "
                                     f"{sorted(m.removesuffix('.npy') for m in members)}")
                with zf.open(boards_name) as fb, zf.open(holes_name) as fh:
                    b_shape, b_dtype = _npy_header(fb, self._source, "boards")
                    h_shape, h_dtype = _npy_header(fh, self._source, "holes")
                    self._set_layout(h_shape, b_shape)
                    n = b_shape[0]
                    self._total = n
                    per_hole = math.prod(h_shape[1:])
                    for start in range(0, n, self.chunk_rows):
                        m = min(self.chunk_rows, n - start)
                        boards = self._read_rows(fb, b_dtype, m * 5).reshape(m, 5)
                        holes = self._read_rows(fh, h_dtype, m * per_hole).reshape(m, *h_shape[1:])
                        self._done = start + m
                        chunk = self._array_chunk(boards, holes, start)
                        if chunk is not None:
                            yield chunk

    def _read_rows(self, f: IO[bytes], dtype: np.dtype[Any], count: int) -> np.ndarray[Any, Any]:
        """``count`` items of ``dtype`` from ``f``; a short read is a truncated file."""
        want = count * dtype.itemsize
        data = f.read(want)
        if len(data) != want:
            raise self._file_error(f"truncated: an array ends after {len(data):,} of the {want:,} bytes of a "
                                   f"block of rows")
        return np.frombuffer(data, dtype=dtype, count=count)


def _npy_header_any(f: IO[bytes], source: str) -> tuple[tuple[int, ...], bool, np.dtype[Any]]:
    """Shape, Fortran order and dtype from the header of a ``.npy`` stream; DealFileError if it has none."""
    try:
        version = np.lib.format.read_magic(f)
        if version == (1, 0):
            shape, fortran, dtype = np.lib.format.read_array_header_1_0(f)
        else:
            shape, fortran, dtype = np.lib.format.read_array_header_2_0(f)
    except (ValueError, EOFError, SyntaxError, KeyError, TypeError) as exc:
        raise DealFileError(f"{source}: not a .npy file, or its header is damaged ({_cut(str(exc), 200)})") from None
    return tuple(int(d) for d in shape), bool(fortran), dtype


def _npy_header(f: IO[bytes], source: str, name: str) -> tuple[tuple[int, ...], np.dtype[Any]]:
    shape, fortran, dtype = _npy_header_any(f, f"{source} ({name})")
    if fortran and len(shape) > 1:
        raise ShapeError(f"{source}: {name} is stored in Fortran order; save it C-ordered to stream it")
    if dtype.kind not in "iu" or dtype.hasobject:
        raise CardTypeError(f"{source}: {name} must hold integer card ids, not dtype {dtype}")
    return shape, dtype


