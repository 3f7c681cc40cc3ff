"""Writers of deal files (CSV, ``.csv.gz``, ``.npz``, ``.npy``) and of rejected rows.

Every file is complete or absent (:mod:`omaha8.deals._outputs`); formats in :mod:`omaha8.deals`.
"""

from __future__ import annotations

import csv
import gzip
import os
from collections.abc import Iterable
from typing import IO, BinaryIO, TextIO, cast

import numpy as np
import numpy.typing as npt

from ..cards import _format_text
from .._support._args import brief, check_bool, check_chunk_rows
from .._support._text import csv_cell
from .._support._threads import threads_for
from ..cards._validate import check_deals
from ..errors import ArgumentTypeError, ShapeError
from . import _outputs as outputs
from ..cards._columns import _id_array
from ..cards._order import old_order
from ._containers import RejectedRow, _check_layout
from ._outputs import _check_path, _Output
from ._result_columns import _header
from ._row_files import row_format
from ._writers import DEAL_FORMATS, PathLike, U8Array, _write_pieces

__all__ = ["write_deals", "write_rejects"]


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
    row_format(_check_path(path), DEAL_FORMATS, "path")  # a name of no known kind is refused, not written CSV
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
