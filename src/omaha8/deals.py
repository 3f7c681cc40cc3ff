"""Deals in bulk: card-string columns, deal files and result files.

Card strings of whole columns go to id arrays and back with
:func:`parse_card_array` and :func:`format_card_array`. Deal files are read in
chunks at constant memory with :func:`iter_deals` (or whole with
:func:`read_deals`), evaluated with :func:`analyze_deals`, and results written
with :class:`ResultWriter` / :func:`write_results`.

File formats
------------
Deals, CSV (``.csv``, or ``.csv.gz``)
    One deal a line: the board, then one field per seat::

        board,seat0,seat1,seat2
        AhKh7c4d2s,As3sQcJd,5c5d8h9h,TcTd6s6h

    Each field is cards in the grammar of :func:`omaha8.parse_cards`
    (``AsKd``, ``As Kd``, ``as kd``, ``10s``). Fields are separated by
    commas; a field may be enclosed in double quotes (then it may hold
    commas), and its closing quote must end it. The first line is a header
    when its first field is ``board`` (any case). Every row has the same
    number of seats and every seat the same number of cards (4 or 5).
    ``players=``/``cards=`` set them; else the header sets the seats, and
    what is still open is the layout most rows have among the first rows of
    the first chunk (up to :data:`LAYOUT_SAMPLE` rows whose seats all hold
    the same number of cards), so a malformed first row is one bad row like
    any other. Blank lines are skipped; ``\\r\\n`` line ends and a UTF-8
    byte-order mark at the start (Excel's CSV) are accepted; a line may have
    at most :data:`MAX_LINE_BYTES` bytes. Rows are numbered by their line in
    the file, counting from 1. ``-`` reads standard input (CSV, gzip
    detected); pipes and FIFOs are read without seeking.
    A result file (below) whose columns include ``board`` and ``seat0..``
    reads as a deal file: its other columns are skipped.
Deals, arrays (``.npz``)
    ``boards`` (N, 5) and ``holes`` (N, P, k) card ids (``uint8``; any
    integer dtype is accepted), as written by ``numpy.savez``; a result
    file's ``board`` and ``seats`` are read the same way. Rows are numbered
    from 0. A ``.npz`` file is read by seeking: a regular file, not a pipe.
Deals, one array (``.npy``)
    A structured array of N records with fields ``board`` (``uint8``, (5,))
    and ``holes`` (``uint8``, (P, k)) (or a result file's ``seats``). Read
    through a memory map (streamed from a pipe).

A file that is corrupt or truncated, or not what its name says, raises
:class:`DealFileError` naming it.
Results, CSV
    One line a deal, with a header; column groups in the order asked for:
    ``line`` (input line), ``deal`` (deal number from 0), ``board``,
    ``seat0..`` (cards), ``high0..`` (1..7462), ``low0..`` (1..56, 0 = no
    low), ``high_desc0..``, ``low_desc0..`` (in words), ``high_winners``,
    ``low_winners`` (seat numbers separated by spaces; empty when nobody has
    a low), ``share0..`` (each seat's fraction of the pot, at most 6
    decimals).
Results, arrays (``.npz``, or ``.npy`` as one structured array)
    One array per column group, named as the group: ``line``, ``deal``
    (int64), ``board`` (N, 5), ``seats`` (N, P, k), ``high``, ``low``
    (N, P), ``high_winners``, ``low_winners`` (uint16 seat masks, bit p for
    seat p), ``shares`` (N, P) float64. The description groups store the
    values they describe (``high``, ``low``).

Rejected rows (``skip_bad=True``) are kept with their line number, text and
reason, and :func:`write_rejects` writes them as CSV ``line,error,text``.

Examples
--------
>>> parse_card_array(["AsKd2c3h", "td 9h 8c 7s"])
array([[51, 45,  0,  6],
       [33, 30, 24, 23]], dtype=uint8)
>>> format_card_array([[51, 45, 0, 6]], sep=" ")
array(['As Kd 2c 3h'], dtype='<U11')
>>> parse_card_array(["AsKd2c3h", "AsKd2c"])
Traceback (most recent call last):
...
omaha8.errors.ShapeError: strings[1] has 3 cards but strings[0] has 4: 'AsKd2c'
"""

from __future__ import annotations

import collections
import csv
import gzip
import io
import math
import os
import queue
import re
import shutil
import stat
import sys
import tempfile
import threading
import zipfile
import zlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import IO, Any, BinaryIO, TextIO, Union, cast

import numpy as np
import numpy.typing as npt

from . import _cardio, _core
from ._args import brief, check_bool, check_chunk_rows, check_int, check_seed
from ._validate import check_deals, index_text
from .cards import N_CARDS, format_card, parse_cards
from .errors import (
    ArgumentError,
    ArgumentTypeError,
    CardError,
    CardTypeError,
    DuplicateCardError,
    Omaha8Error,
    ShapeError,
)
from .evaluate import evaluate_batch
from .showdown import MAX_SEATS, pot_shares, winners
from .values import N_HIGH_VALUES, N_LOW_VALUES, describe_high, describe_low

__all__ = [
    "MAX_LINE_BYTES",
    "DealFileError",
    "parse_card_array",
    "format_card_array",
    "RejectedRow",
    "Deals",
    "DealReader",
    "iter_deals",
    "read_deals",
    "write_deals",
    "random_deals",
    "iter_random_deals",
    "DealResults",
    "analyze_deals",
    "RESULT_COLUMNS",
    "resolve_columns",
    "ResultWriter",
    "write_results",
    "write_rejects",
]

PathLike = Union[str, "os.PathLike[str]"]
U8Array = np.ndarray[Any, np.dtype[np.uint8]]
I64Array = np.ndarray[Any, np.dtype[np.int64]]

#: Most cards one field may hold in the fast parser; longer text takes the slow path.
_MAX_FIELD_CARDS = 64
# cards= of parse_card_array: the kernel counts cards in int16
_MAX_STRING_CARDS = (1 << 15) - 1
_LINE_BLANK = 1

#: Longest line a CSV deal file may have, in bytes, line end excluded. A deal
#: line is under 200 bytes; a longer one means the file is not a deal file,
#: and the reader stops there rather than buffer it.
MAX_LINE_BYTES = 1 << 16
# most lines in one CSV chunk: the line index is allocated up front
_MAX_CSV_CHUNK = 1 << 22
#: Rows whose layout (seats, cards per seat) is counted to settle a CSV file's layout.
LAYOUT_SAMPLE = 1000
_BOM = b"\xef\xbb\xbf"
# deals one random_deals call may make (arrays of 5 TB and more are refused, not attempted), and in one
# stream (deal numbers are int64)
_MAX_ARRAY_DEALS = 1 << 40
_MAX_STREAM_DEALS = (1 << 63) - 1
_GZIP_MAGIC = b"\x1f\x8b"


class DealFileError(Omaha8Error, ValueError):
    """A deal file that cannot be read as one: corrupt, truncated, not the format its name says, or a
    CSV line longer than :data:`MAX_LINE_BYTES`. The message names the file."""


# ---------------------------------------------------------------- card-string columns


def _text_array(strings: Any, name: str) -> np.ndarray[Any, Any]:
    """``strings`` as a numpy str (``U``) or bytes (``S``) array, any shape."""
    if isinstance(strings, (str, bytes)):
        return np.array(strings)
    if isinstance(strings, np.ndarray) and strings.dtype.kind in "US":
        return strings
    if isinstance(strings, np.ndarray) and strings.dtype.kind != "O":
        raise CardTypeError(f"{name} must hold card strings, not dtype {strings.dtype}")
    try:
        obj = np.asarray(strings, dtype=object)
    except ValueError as exc:
        raise ShapeError(f"{name} must be a rectangular array of card strings: {exc}") from None
    items = obj.ravel().tolist()
    kinds = set(map(type, items))
    if kinds <= {str, np.str_}:
        return obj.astype(str) if items else np.zeros(obj.shape, dtype="U1")
    if kinds <= {bytes, np.bytes_}:
        return obj.astype(bytes)
    want = str if str in kinds or np.str_ in kinds else bytes
    i = next(i for i, item in enumerate(items) if not isinstance(item, want))
    where = _where(name, obj.shape, i)
    raise CardTypeError(f"{where} = {brief(items[i])} is not a card string")


def _where(name: str, shape: tuple[int, ...], flat_index: int) -> str:
    """``name[i, j]`` for a flat index into an array of ``shape``."""
    if not shape:
        return name
    return index_text(name, tuple(int(i) for i in np.unravel_index(flat_index, shape)))


def _slow_hand(text: Any, where: str) -> U8Array:
    """Parse one hand with :func:`parse_cards`, naming ``where`` in errors."""
    if isinstance(text, (bytes, np.bytes_)):
        text = bytes(text).decode("utf-8", errors="replace")
    try:
        return parse_cards(str(text))
    except CardError as exc:
        raise CardError(f"{where}: {_cut(str(exc))}") from None


def _cut(message: str, limit: int = 400) -> str:
    """A message from elsewhere, cut so that it cannot carry a huge quote into ours."""
    return message if len(message) <= limit else message[: limit - 1] + "…"


def _check_count(cards: object, name: str = "cards") -> int:
    return check_int(cards, name, minimum=0)


def parse_card_array(
    strings: Any,
    *,
    cards: int | None = None,
    name: str = "strings",
    n_threads: int | None = None,
) -> U8Array:
    """Parse an array of card strings into card ids, one row of cards per string.

    Parameters
    ----------
    strings
        A list, tuple or numpy array (``str``, ``bytes`` or ``object`` dtype,
        any shape) of strings like ``"AsKd2c3h"``, ``"as kd 2c 3h"`` or
        ``"10s 9s"``: the grammar of :func:`omaha8.parse_cards`.
    cards
        Cards in every string. By default the first string's count, which
        every other string must match.
    name
        The argument's name in error messages.
    n_threads
        OpenMP threads; None uses every core.

    Returns
    -------
    numpy.ndarray
        ``uint8`` of shape ``strings.shape + (cards,)``. Duplicates within a
        string are kept (the functions that take hands refuse them).

    Raises
    ------
    CardError
        A string that is not cards; the message names its index and text.
    ShapeError
        A string with a different number of cards.

    Examples
    --------
    >>> parse_card_array([["Ah Kh 7c 4d 2s", "10s9s8s7s6s"]]).shape
    (1, 2, 5)
    >>> parse_card_array(["As", "Kx"])
    Traceback (most recent call last):
    ...
    omaha8.errors.CardError: strings[1]: 'Kx' is not a card: suit 'x' is not one of c, d, h, s (in 'Kx')
    """
    text = _text_array(strings, name)
    want = None if cards is None else check_int(cards, "cards", minimum=0, maximum=_MAX_STRING_CARDS)
    shape = text.shape
    flat = np.ascontiguousarray(text.reshape(-1))
    n = flat.shape[0]
    unit = np.dtype(np.uint32 if flat.dtype.kind == "U" else np.uint8)
    codes = flat.view(unit).reshape(n, flat.dtype.itemsize // unit.itemsize)
    k = want
    if k is None:
        k = 0 if n == 0 else _first_count(codes, flat, name, shape, n_threads)
    out = np.empty((n, k), dtype=np.uint8)
    counts = np.empty(n, dtype=np.int16)
    _cardio.parse_text_rows(codes, out, counts, n_threads)
    for i in np.flatnonzero(counts != k).tolist():
        where = _where(name, shape, i)
        hand = _slow_hand(flat[i], where)
        if len(hand) != k:
            against = f"cards={k} was asked for" if want is not None else f"{_where(name, shape, 0)} has {k}"
            raise ShapeError(f"{where} has {len(hand)} cards but {against}: {brief(_as_str(flat[i]))}")
        out[i] = hand
    return out.reshape(*shape, k)


def _as_str(text: Any) -> str:
    return bytes(text).decode("utf-8", errors="replace") if isinstance(text, (bytes, np.bytes_)) else str(text)


def _first_count(codes: Any, flat: Any, name: str, shape: tuple[int, ...], n_threads: int | None) -> int:
    """Number of cards in the first string."""
    out = np.empty((1, _MAX_FIELD_CARDS), dtype=np.uint8)
    counts = np.empty(1, dtype=np.int16)
    _cardio.parse_text_rows(codes[:1], out, counts, 1)
    if counts[0] >= 0:
        return int(counts[0])
    return len(_slow_hand(flat[0], _where(name, shape, 0)))


def _id_array(ids: npt.ArrayLike, name: str) -> U8Array:
    """Card ids as uint8, checked 0..51, at least one axis."""
    try:
        arr = np.asarray(ids)
    except (ValueError, TypeError) as exc:
        raise ShapeError(f"{name} must be a rectangular array of card ids: {_cut(str(exc))}") from None
    if arr.dtype == np.bool_ or not (np.issubdtype(arr.dtype, np.integer) or arr.size == 0):
        raise CardTypeError(f"{name} must hold integer card ids, not dtype {arr.dtype}")
    if arr.ndim < 1:
        raise ShapeError(f"{name} must have at least one axis (the cards of a row), got a scalar")
    if arr.size:
        bad = (arr < 0) | (arr >= N_CARDS) if arr.dtype != np.uint8 else arr >= N_CARDS
        if bad.any():
            where = tuple(int(i) for i in np.argwhere(bad)[0])
            raise CardError(f"{index_text(name, where)} = {arr[where]} is not a card id (0-51)")
    return np.ascontiguousarray(arr, dtype=np.uint8)


def format_card_array(
    ids: npt.ArrayLike,
    *,
    sep: str = "",
    as_bytes: bool = False,
    name: str = "ids",
    n_threads: int | None = None,
) -> np.ndarray[Any, Any]:
    """The text of every row of card ids, as a fixed-width numpy string array.

    Parameters
    ----------
    ids
        Card ids of shape (..., k), any integer dtype.
    sep
        Text between cards: ``""`` gives ``"AsKd2c3h"``, ``" "`` gives
        ``"As Kd 2c 3h"``.
    as_bytes
        Return ``bytes`` (``S`` dtype, ``sep`` UTF-8 encoded) rather than
        ``str`` (``U`` dtype).
    name
        The argument's name in error messages.
    n_threads
        OpenMP threads; None uses every core.

    Returns
    -------
    numpy.ndarray
        Shape ``ids.shape[:-1]``, dtype ``<U{w}`` (or ``S{w}``), ``w = 2k +
        (k - 1) len(sep)``. Ten is written ``T``.

    Examples
    --------
    >>> format_card_array([[51, 45], [0, 34]], sep=",").tolist()
    ['As,Kd', '2c,Th']
    >>> format_card_array([[51, 52]])
    Traceback (most recent call last):
    ...
    omaha8.errors.CardError: ids[0, 1] = 52 is not a card id (0-51)
    """
    as_bytes = check_bool(as_bytes, "as_bytes")
    if not isinstance(sep, str):
        raise CardTypeError(f"sep must be a str, not {type(sep).__name__}")
    arr = _id_array(ids, name)
    lead, k = arr.shape[:-1], arr.shape[-1]
    n = math.prod(lead)
    if as_bytes:
        sep_codes = np.frombuffer(sep.encode("utf-8"), dtype=np.uint8).astype(np.uint32)
    else:
        sep_codes = np.array([ord(c) for c in sep], dtype=np.uint32)
    width = 2 * k + (k - 1) * len(sep_codes) if k else 0
    kind = "S" if as_bytes else "U"
    if width == 0:
        return np.zeros(lead, dtype=f"{kind}1")
    out = np.empty((n, width), dtype=np.uint8 if as_bytes else np.uint32)
    _cardio.format_id_rows(arr.reshape(n, k), sep_codes, out, n_threads)
    return out.view(f"{kind}{width}" if as_bytes else f"<U{width}").reshape(lead)


# ---------------------------------------------------------------- deals


@dataclass(frozen=True)
class RejectedRow:
    """A row of a deal file that is not a valid deal.

    Attributes
    ----------
    line
        Its line number (CSV, from 1) or row index (arrays, from 0).
    text
        The row as text (CSV: the line as read).
    error
        Why it was rejected.
    """

    line: int
    text: str
    error: str


@dataclass(frozen=True, eq=False)
class Deals:
    """A batch of deals: ``boards`` (n, 5), ``holes`` (n, P, k), both ``uint8``.

    Attributes
    ----------
    boards, holes
        Card ids (any integer array-like is converted to ``uint8``, ids
        checked 0..51; duplicates are checked by :func:`analyze_deals`).
    lines
        int64 (n,): each deal's line in its CSV file (from 1) or row in its
        array file (from 0); None for generated deals.
    first
        Number of deals before this batch in its stream: deal ``i`` here is
        deal ``first + i`` of the stream.
    rejects
        Rows of this part of the file that were skipped as invalid.

    Examples
    --------
    >>> Deals([[51, 47, 43, 39, 35]], [[[0, 1, 2, 3], [4, 5, 6, 7]]]).holes.dtype
    dtype('uint8')
    >>> Deals([[51, 47, 43, 39]], [[[0, 1, 2, 3]]])
    Traceback (most recent call last):
    ...
    omaha8.errors.ShapeError: deals need boards (n, 5) and holes (n, P, k), got (1, 4) and (1, 1, 4)
    """

    boards: U8Array
    holes: U8Array
    lines: I64Array | None = None
    first: int = 0
    rejects: tuple[RejectedRow, ...] = field(default=())

    def __post_init__(self) -> None:
        b, h = _id_array(self.boards, "boards"), _id_array(self.holes, "holes")
        if b.ndim != 2 or b.shape[1] != 5 or h.ndim != 3 or h.shape[0] != b.shape[0]:
            raise ShapeError(f"deals need boards (n, 5) and holes (n, P, k), got {b.shape} and {h.shape}")
        lines = self.lines
        if lines is not None:
            arr = np.asarray(lines)
            if arr.dtype == np.bool_ or not (np.issubdtype(arr.dtype, np.integer) or arr.size == 0):
                raise ArgumentTypeError(f"lines must hold integer line numbers, not dtype {arr.dtype}")
            if arr.shape != (b.shape[0],):
                raise ShapeError(f"lines must have shape ({b.shape[0]},), got {arr.shape}")
            lines = np.ascontiguousarray(arr, dtype=np.int64)
        rejects = self.rejects
        if not isinstance(rejects, tuple) or not all(isinstance(r, RejectedRow) for r in rejects):
            raise ArgumentTypeError(f"rejects must be a tuple of RejectedRow, not {brief(rejects)}")
        # frozen: the checked forms replace what was given
        object.__setattr__(self, "boards", b)
        object.__setattr__(self, "holes", h)
        object.__setattr__(self, "lines", lines)
        object.__setattr__(self, "first", check_int(self.first, "first", minimum=0))

    def __len__(self) -> int:
        return int(self.boards.shape[0])

    @property
    def players(self) -> int:
        """Seats per deal."""
        return int(self.holes.shape[1])

    @property
    def cards(self) -> int:
        """Hole cards per seat (4 or 5)."""
        return int(self.holes.shape[2])


def _check_layout(players: int | None, cards: int | None) -> None:
    if players is not None:
        _check_count(players, "players")
        if not 1 <= players <= MAX_SEATS:
            raise ShapeError(f"players must be 1..{MAX_SEATS}, not {players}")
    if cards is not None:
        _check_count(cards, "cards")
        if cards not in (4, 5):
            raise ShapeError(f"cards must be 4 or 5, not {cards}")
    if players is not None and cards is not None and 5 + players * cards > N_CARDS:
        raise ShapeError(f"{players} seats of {cards} cards and a board need {5 + players * cards} cards; "
                         f"a deck has {N_CARDS}")


def _check_dealt_layout(players: object, cards: object) -> None:
    """A layout to deal: unlike a file's, neither part can be left to be found out (None)."""
    for value, name in ((players, "players"), (cards, "cards")):
        if value is None:
            raise ArgumentTypeError(f"{name} must be an int to deal random deals, not None")
    _check_layout(players, cards)  # type: ignore[arg-type]


def _split_fields(text: str) -> list[str]:
    """The fields of one CSV line, by the rules in this module's docstring."""
    fields = []
    pos, n = 0, len(text)
    while True:
        if pos < n and text[pos] == '"':
            end = text.find('"', pos + 1)
            if end < 0:
                raise CardError("a quoted field has no closing quote")
            fields.append(text[pos + 1 : end])
            pos = end + 1
            if pos < n and text[pos] != ",":
                raise CardError("a closing quote must end its field")
        else:
            end = text.find(",", pos)
            end = n if end < 0 else end
            if '"' in text[pos:end]:
                raise CardError(f"a quote inside the unquoted field {brief(text[pos:end])}")
            fields.append(text[pos:end])
            pos = end
        if pos >= n:
            return fields
        pos += 1


def _line_text(raw: bytes) -> str:
    text = raw.decode("utf-8", errors="replace")
    return text[:-1] if text.endswith("\r") else text


def _field_label(i: int) -> str:
    return "board" if i == 0 else f"seat{i - 1}"


def _parse_line(text: str, n_seats: int | None, k: int | None) -> tuple[list[int], list[list[int]]] | None:
    """Board and holes of one CSV line, None for a blank one; raises why it is not a deal."""
    if not text.strip():
        return None
    fields = _split_fields(text)
    if n_seats is not None and len(fields) != n_seats + 1:
        raise ShapeError(f"{len(fields)} fields, but a deal here has {n_seats + 1}: the board and {n_seats} seats")
    if len(fields) < 2:
        raise ShapeError("a deal needs a board and at least one seat")
    hands = []
    for i, text_i in enumerate(fields):
        try:
            ids = parse_cards(text_i).tolist()
        except CardError as exc:
            raise CardError(f"{_field_label(i)}: {exc}") from None
        want = 5 if i == 0 else (k if k is not None else (len(ids) if len(ids) in (4, 5) else 4))
        if len(ids) != want:
            raise ShapeError(f"{_field_label(i)} has {len(ids)} cards, not {want}: {brief(text_i.strip())}")
        hands.append(ids)
    seen: dict[int, str] = {}
    for i, ids in enumerate(hands):
        for card in ids:
            if card in seen:
                raise DuplicateCardError(f"card {format_card(card)!r} appears twice: {seen[card]} and {_field_label(i)}")
            seen[card] = _field_label(i)
    if 5 + (len(hands) - 1) * len(hands[1]) > N_CARDS:
        raise ShapeError(f"{len(hands) - 1} seats of {len(hands[1])} cards need more than {N_CARDS} cards")
    return hands[0], hands[1:]


_SEAT_NAME = re.compile(r"seat(\d+)")


def _header_fields(text: str) -> list[str] | None:
    """The column names of a header line, or None when ``text`` is not one.

    A header names a ``board`` column: first (a deal file), or after ``line``
    or ``deal`` (a result file, whose other columns are skipped).
    """
    try:
        fields = [f.strip().lower() for f in _split_fields(text)]
    except CardError:
        return None
    if fields[0] == "board" or (fields[0] in ("line", "deal") and "board" in fields):
        return fields
    return None


def _is_header(text: str) -> bool:
    return _header_fields(text) is not None


def _projection(fields: list[str]) -> list[int] | None:
    """Columns to keep of a header with columns other than the board and the seats, or None.

    ``board,seat0,seat1`` (or ``board,alice,bob``) is a plain deal file; a
    result file (``line,board,seat0,seat1,high0,...``) keeps ``board`` and
    ``seat0..``.
    """
    seats = {int(m.group(1)): i for i, f in enumerate(fields) if (m := _SEAT_NAME.fullmatch(f))}
    if fields[0] == "board" and not (seats and len(seats) < len(fields) - 1):
        return None
    if not seats or sorted(seats) != list(range(len(seats))):
        return None
    return [fields.index("board"), *(seats[p] for p in range(len(seats)))]


def _located(exc: Omaha8Error, source: str, line: int, text: str) -> Omaha8Error:
    """The same kind of error, with the file, line and row text in front."""
    return type(exc)(f"{source}, line {line}: {exc}; the row: {brief(text)}")


def _quoted(text: str) -> str:
    return f'"{text}"' if "," in text else text


class DealReader(Iterator[Deals]):
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

    def _file_error(self, what: str) -> DealFileError:
        return DealFileError(f"{self._source}: {what}")

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
            raise ShapeError(f"{len(fields)} fields, but the header names {self._n_fields}")
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

    def _open_csv(self) -> tuple[BinaryIO, IO[bytes], bool]:
        """The raw input, the stream of its text (gunzipped when it is gzip) and whether it is a regular file."""
        if self._stdin:
            raw = cast(BinaryIO, sys.stdin.buffer)
        else:
            raw = _open_binary(self.path, "rb")
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

    def _too_long(self, line: int) -> DealFileError:
        return self._file_error(f"line {line} is longer than {MAX_LINE_BYTES:,} bytes, the most a deal line "
                                f"may have (omaha8.deals.MAX_LINE_BYTES); is this a deal file?")

    def _csv_chunks(self) -> Iterator[Deals]:
        chunk_rows = min(self.chunk_rows, _MAX_CSV_CHUNK)
        raw, f, regular = self._open_csv()
        # the buffer grows to about one chunk of lines, then stays; lines longer than MAX_LINE_BYTES stop the read
        cap = max(1 << 20, min(chunk_rows * 256, 1 << 26))
        try:
            buf = bytearray(1 << 20)
            filled = 0
            pos = 0  # start of the first line not yet parsed
            eof = False
            started = False  # a byte-order mark at the very start has been looked for
            line_no = 1
            ends = np.empty(chunk_rows, dtype=np.int64)
            while True:
                if not started and (filled >= 3 or eof):
                    if buf[:3] == _BOM:
                        pos = 3
                    started = True
                arr = np.frombuffer(buf, dtype=np.uint8, count=filled)
                found = _cardio.find_line_ends(arr, pos, ends) if started else 0
                tail = int(ends[found - 1]) + 1 if found else pos  # start of the line without an end yet
                if found < chunk_rows and filled - tail > MAX_LINE_BYTES:
                    raise self._too_long(line_no + found)
                # read on unless the buffer, at its cap, is full of whole lines: then parse those now
                if found < chunk_rows and not eof and (found == 0 or filled - pos < len(buf) or len(buf) < cap):
                    del arr
                    if pos:
                        buf[: filled - pos] = buf[pos:filled]
                        filled -= pos
                        pos = 0
                    if filled == len(buf):
                        buf = buf + bytes(len(buf))
                    with memoryview(buf)[filled:] as free:
                        got = self._read_into(f, free)
                    filled += got
                    eof = not got
                    if regular:
                        self._done = raw.tell()
                    continue
                line_ends = ends[:found].copy()
                if eof and found < chunk_rows and tail < filled:
                    line_ends = np.append(line_ends, filled)  # the last line has no newline
                if len(line_ends) == 0:
                    return
                starts = np.empty(len(line_ends), dtype=np.int64)
                starts[0] = pos
                starts[1:] = line_ends[:-1] + 1
                if int((line_ends - starts).max()) > MAX_LINE_BYTES:
                    raise self._too_long(line_no + int(np.argmax(line_ends - starts > MAX_LINE_BYTES)))
                numbers = np.arange(line_no, line_no + len(line_ends), dtype=np.int64)
                chunk = self._parse_csv_lines(arr, starts, line_ends, numbers)
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

    def _parse_csv_lines(self, arr: U8Array, starts: I64Array, ends: I64Array, numbers: I64Array) -> Deals | None:
        rejects: list[RejectedRow] = []

        def text_of(i: int) -> str:
            return _line_text(arr[starts[i] : ends[i]].tobytes())

        while len(starts) and (self.players is None or self.cards is None or self.header is not False):
            lines = [(int(numbers[i]), text_of(i)) for i in range(min(len(starts), 2 * LAYOUT_SAMPLE))]
            skip = self._layout_from(lines, rejects)
            starts, ends, numbers = starts[skip:], ends[skip:], numbers[skip:]
        if self.players is None or self.cards is None:  # no valid row yet
            self.rejected += len(rejects)
            if not rejects:
                return None
            return Deals(np.zeros((0, 5), np.uint8), np.zeros((0, 1, 4), np.uint8), np.zeros(0, np.int64),
                         self.deals_read, tuple(rejects))
        originals: list[str] | None = None
        if self._project is not None and len(starts):
            # a result file: the board and seat columns, as deal lines, for the fast parser
            originals = [text_of(i) for i in range(len(starts))]
            deal_lines = []
            for text in originals:
                try:
                    deal_lines.append(self._deal_text(text).encode() if text.strip() else b"")
                except Omaha8Error:
                    deal_lines.append(b"\x00")  # the fast parser refuses it; the slow path says why
            arr = np.frombuffer(b"\n".join(deal_lines) + b"\n", dtype=np.uint8)
            sizes = np.array([len(d) for d in deal_lines], dtype=np.int64)
            ends = np.cumsum(sizes + 1) - 1
            starts = ends - sizes
        n = len(starts)
        boards = np.empty((n, 5), dtype=np.uint8)
        holes = np.empty((n, self.players, self.cards), dtype=np.uint8)
        status = np.empty(n, dtype=np.int8)
        _cardio.parse_deal_lines(arr, starts, ends, boards, holes, status, self.n_threads)
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
        chunk = Deals(boards, holes, np.ascontiguousarray(numbers), self.deals_read, tuple(rejects))
        self.deals_read += len(chunk)
        return chunk

    # -------------------------------------------------------- arrays

    def _array_chunk(self, boards: Any, holes: Any, first_row: int) -> Deals | None:
        """Checked ids of rows ``first_row..`` of an array file."""
        rows = np.arange(first_row, first_row + len(boards), dtype=np.int64)
        b = _ids_for_check(boards, self._source, "boards")
        h = _ids_for_check(holes, self._source, "holes")
        rejects: list[RejectedRow] = []
        keep = np.ones(len(b), dtype=bool)
        start = 0
        while start < len(b):
            found = _core.find_bad_card(h[start:].reshape(len(h) - start, -1), b[start:], self.n_threads)
            if found is None:
                break
            i = start + found[0]
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
        chunk = Deals(b, h, rows, self.deals_read, tuple(rejects))
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
        with _open_binary(self.path, "rb") as f:
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
        with _open_binary(self.path, "rb") as raw:
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


def _ids_for_check(values: Any, source: str, name: str) -> U8Array:
    """uint8 ids of an array file; ids outside 0..51 become 255, which the row check reports."""
    arr = np.asarray(values)
    if arr.dtype == np.uint8:
        return np.ascontiguousarray(arr)
    if arr.dtype == np.bool_ or not np.issubdtype(arr.dtype, np.integer):
        raise CardTypeError(f"{source}: {name} must hold integer card ids, not dtype {arr.dtype}")
    return np.where((arr < 0) | (arr >= N_CARDS), 255, arr).astype(np.uint8)


def _row_problem(board: list[int], holes: list[list[int]]) -> Omaha8Error:
    """Why one deal of an array file is invalid (it is known to be)."""
    seen: dict[int, str] = {}
    for label, ids in [("board", board), *((f"seat{p}", hole) for p, hole in enumerate(holes))]:
        for j, card in enumerate(ids):
            if not 0 <= card < N_CARDS:
                return CardError(f"{label}[{j}] = {card} is not a card id (0-51)")
            if card in seen:
                return DuplicateCardError(f"card {format_card(card)!r} appears twice: {seen[card]} and {label}")
            seen[card] = label
    return CardError("not a valid deal")


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


def _row_text(board: Any, holes: Any) -> str:
    """A deal as a CSV line, ids outside 0..51 shown as ``?<id>``."""

    def cards(ids: Any) -> str:
        return "".join(format_card(int(c)) if 0 <= int(c) < N_CARDS else f"?{int(c)}" for c in ids)

    return ",".join([cards(board), *(cards(h) for h in holes)])


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
        An invalid row (unless ``skip_bad``); the message names the file,
        the line and the row's text (cut to a couple of hundred characters).
    DealFileError
        A corrupt or truncated file, or a line longer than :data:`MAX_LINE_BYTES`.

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


def _concat(chunks: Sequence[Deals], players: int | None, cards: int | None) -> Deals:
    rejects = tuple(r for c in chunks for r in c.rejects)
    chunks = [c for c in chunks if len(c)]
    if not chunks:
        return Deals(np.zeros((0, 5), np.uint8), np.zeros((0, players or 1, cards or 4), np.uint8),
                     np.zeros(0, np.int64), 0, rejects)
    lines = None if chunks[0].lines is None else np.concatenate([c.lines for c in chunks if c.lines is not None])
    return Deals(np.concatenate([c.boards for c in chunks]), np.concatenate([c.holes for c in chunks]),
                 lines, 0, rejects)


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


# ---------------------------------------------------------------- random deals


def _check_seed(seed: int | None) -> int:
    """A seed as an int in 0..2**64-1; None draws a fresh one."""
    checked = check_seed(seed)
    if checked is None:
        return int(np.random.SeedSequence().generate_state(1, np.uint64)[0])
    return checked


def random_deals(
    n: int,
    *,
    players: int = 6,
    cards: int = 4,
    seed: int | None = None,
    first: int = 0,
    n_threads: int | None = None,
) -> tuple[U8Array, U8Array]:
    """``n`` random deals: boards (n, 5) and holes (n, players, cards), uint8.

    Deal ``i`` depends only on ``(seed, first + i)``, so chunks generated
    with ``first`` offsets join into the same stream, and ``n_threads``
    never changes a deal.

    Examples
    --------
    >>> boards, holes = random_deals(3, players=2, cards=5, seed=1)
    >>> boards.shape, holes.shape
    ((3, 5), (3, 2, 5))
    >>> bool((random_deals(3, players=2, cards=5, seed=1)[1] == holes).all())
    True
    >>> random_deals(1, players=10, cards=5)
    Traceback (most recent call last):
    ...
    omaha8.errors.ShapeError: 10 seats of 5 cards and a board need 55 cards; a deck has 52
    """
    _check_dealt_layout(players, cards)
    n = check_int(n, "n", minimum=0, maximum=_MAX_ARRAY_DEALS)
    first = check_int(first, "first", minimum=0, maximum=_MAX_STREAM_DEALS - n)
    seed = _check_seed(seed)
    boards = np.empty((n, 5), dtype=np.uint8)
    holes = np.empty((n, players, cards), dtype=np.uint8)
    _cardio.random_deals(seed, first, boards, holes, n_threads)
    return boards, holes


def iter_random_deals(
    n: int,
    *,
    players: int = 6,
    cards: int = 4,
    seed: int | None = None,
    chunk_rows: int = 65536,
    n_threads: int | None = None,
) -> Iterator[Deals]:
    """:func:`random_deals` in chunks of ``chunk_rows`` (the same deals as one call).

    Examples
    --------
    >>> [len(chunk) for chunk in iter_random_deals(5, seed=2, chunk_rows=2)]
    [2, 2, 1]
    """
    _check_dealt_layout(players, cards)
    n = check_int(n, "n", minimum=0, maximum=_MAX_STREAM_DEALS)
    seed = _check_seed(seed)
    chunk_rows = check_chunk_rows(chunk_rows)
    for start in range(0, n, chunk_rows):
        m = min(chunk_rows, n - start)
        boards, holes = random_deals(m, players=players, cards=cards, seed=seed, first=start, n_threads=n_threads)
        yield Deals(boards, holes, None, start)


# ---------------------------------------------------------------- results


@dataclass(frozen=True, eq=False)
class DealResults:
    """The showdown of every deal of a :class:`Deals` batch.

    Attributes
    ----------
    deals
        The deals.
    high_winners, low_winners
        uint16 (n,) seat masks (bit p: seat p wins or ties); ``low_winners``
        is 0 when nobody has a low.
    high, low
        (n, P) values (uint16 1..7462, uint8 1..56 with 0 = no low), or
        None when not computed.
    shares
        float64 (n, P): each seat's fraction of the pot, or None.
    """

    deals: Deals
    high_winners: np.ndarray[Any, np.dtype[np.uint16]]
    low_winners: np.ndarray[Any, np.dtype[np.uint16]]
    high: np.ndarray[Any, np.dtype[np.uint16]] | None = None
    low: np.ndarray[Any, np.dtype[np.uint8]] | None = None
    shares: np.ndarray[Any, np.dtype[np.float64]] | None = None

    def __len__(self) -> int:
        return len(self.deals)

    @property
    def scoops(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """bool (n,): one seat wins the whole pot (high and low alone, or the high alone with no low)."""
        hw, lw = self.high_winners, self.low_winners
        single = (hw != 0) & ((hw & (hw - 1)) == 0)
        scoop: np.ndarray[Any, np.dtype[np.bool_]] = single & ((lw == 0) | (lw == hw))
        return scoop

    @property
    def no_low(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """bool (n,): nobody has a qualifying low."""
        none: np.ndarray[Any, np.dtype[np.bool_]] = self.low_winners == 0
        return none


def analyze_deals(
    deals: Deals,
    *,
    values: bool = True,
    shares: bool = True,
    n_threads: int | None = None,
) -> DealResults:
    """Winners, and optionally values and pot shares, of every deal.

    Parameters
    ----------
    deals
        The deals (every seat in the hand).
    values
        Compute each seat's high and low value.
    shares
        Compute each seat's fraction of the pot (:func:`omaha8.showdown.pot_shares`).
    n_threads
        OpenMP threads; None uses every core.

    Examples
    --------
    >>> boards = parse_card_array(["Ah2h7cKd8s"])
    >>> holes = parse_card_array([["Kh Ks 9c 9d", "3c 4c Jh Jd", "3d 4d Qc Qh"]])
    >>> result = analyze_deals(Deals(boards, holes))
    >>> result.high_winners.tolist(), result.low_winners.tolist(), result.shares.tolist()
    ([1], [6], [[0.5, 0.25, 0.25]])
    >>> analyze_deals(Deals(boards, parse_card_array([["Ah Ks 9c 9d", "3c 4c Jh Jd"]])))
    Traceback (most recent call last):
    ...
    omaha8.errors.DuplicateCardError: card 'Ah' appears twice in deal 0: holes[0, 0, 0] and boards[0, 0]
    """
    if not isinstance(deals, Deals):
        raise ArgumentTypeError(f"deals must be a Deals batch, not {type(deals).__name__} {brief(deals)}")
    values, shares = check_bool(values, "values"), check_bool(shares, "shares")
    h, b = deals.holes, deals.boards
    high_w, low_w = winners(h, b, n_threads=n_threads)  # checks every card once; the passes below trust it
    high = low = share = None
    if values:
        n, n_seats, k = h.shape
        flat = np.ascontiguousarray(h.reshape(n * n_seats, k))
        high, low = evaluate_batch(flat, np.repeat(b, n_seats, axis=0), n_threads=n_threads, validate=False)
        high, low = high.reshape(n, n_seats), low.reshape(n, n_seats)
    if shares:
        share = pot_shares(h, b, n_threads=n_threads, validate=False)
    return DealResults(deals, high_w, low_w, high, low, share)


#: Column groups of a result file, in their default order.
RESULT_COLUMNS = ("line", "deal", "board", "seats", "high", "low", "high_desc", "low_desc",
                  "high_winners", "low_winners", "shares")
_COLUMN_ALIASES = {
    "cards": ("board", "seats"),
    "values": ("high", "low"),
    "desc": ("high_desc", "low_desc"),
    "winners": ("high_winners", "low_winners"),
    "share": ("shares",),
    "all": RESULT_COLUMNS,
}
_DEFAULT_COLUMNS = ("high", "low", "high_desc", "low_desc", "high_winners", "low_winners", "shares")


def resolve_columns(columns: str | Sequence[str] | None, *, lines: bool = True) -> tuple[str, ...]:
    """Column groups from a spec like ``"line,high,winners"``.

    Groups are those of :data:`RESULT_COLUMNS`; ``cards``, ``values``,
    ``desc``, ``winners`` and ``all`` stand for several. None gives the
    default: ``line`` (when the deals have lines; else ``deal`` and the
    cards), values, descriptions, winners and shares.

    Examples
    --------
    >>> resolve_columns("line,winners")
    ('line', 'high_winners', 'low_winners')
    >>> resolve_columns("wins")
    Traceback (most recent call last):
    ...
    omaha8.errors.ArgumentError: unknown column 'wins': choose from line, deal, board, seats, high, low, high_desc, low_desc, high_winners, low_winners, shares, cards, values, desc, winners, share, all
    """
    if columns is None:
        return (("line",) if lines else ("deal", "board", "seats")) + _DEFAULT_COLUMNS
    if isinstance(columns, str):
        names = columns.split(",")
    elif isinstance(columns, (list, tuple)) and all(isinstance(n, str) for n in columns):
        names = list(columns)
    else:
        raise ArgumentTypeError(f"columns must be a str like 'line,winners' or a list of str, not "
                                f"{type(columns).__name__} {brief(columns)}")
    out: list[str] = []
    for name in (n.strip().lower() for n in names):
        if not name:
            continue
        group = _COLUMN_ALIASES.get(name, (name,))
        for g in group:
            if g not in RESULT_COLUMNS:
                choices = ", ".join([*RESULT_COLUMNS, *_COLUMN_ALIASES])
                raise ArgumentError(f"unknown column {brief(name)}: choose from {choices}")
            if g == "line" and not lines and name == "all":
                continue
            if g not in out:
                out.append(g)
    if not out:
        raise ArgumentError("no columns asked for")
    if "line" in out and not lines:
        raise ArgumentError("the 'line' column needs deals read from a file; use 'deal' for generated deals")
    return tuple(out)


def _needs(columns: Sequence[str]) -> tuple[bool, bool]:
    """Whether ``columns`` need values and shares."""
    values = bool({"high", "low", "high_desc", "low_desc"} & set(columns))
    return values, "shares" in columns


@cache
def _text_table(high: bool) -> tuple[U8Array, np.ndarray[Any, np.dtype[np.int32]]]:
    """Descriptions of every high (index 0 empty) or low (index 0 "No low") value."""
    texts = [b""] + [describe_high(v).encode() for v in range(1, N_HIGH_VALUES + 1)] if high else \
        [describe_low(v).encode() for v in range(0, N_LOW_VALUES + 1)]
    # a description with a comma ("Two pair, aces and kings") is a quoted CSV field
    texts = [b'"' + t + b'"' if b"," in t else t for t in texts]
    offsets = np.zeros(len(texts) + 1, dtype=np.int32)
    offsets[1:] = np.cumsum([len(t) for t in texts])
    return np.frombuffer(b"".join(texts), dtype=np.uint8), offsets


def _header(columns: Sequence[str], players: int) -> str:
    names = []
    prefix = {"seats": "seat", "high": "high", "low": "low", "high_desc": "high_desc", "low_desc": "low_desc",
              "shares": "share"}
    for group in columns:
        if group in prefix:
            names += [f"{prefix[group]}{p}" for p in range(players)]
        else:
            names.append(group)
    return ",".join(names) + "\n"


def _write_pieces(f: IO[bytes], text: U8Array, pieces: I64Array) -> None:
    """Write ``text[a:b]`` for each piece ``(a, b)``, in order, without copying."""
    view = text.data
    for a, b in pieces.tolist():
        f.write(view[a:b])


def _open_binary(path: Path, mode: str = "wb") -> BinaryIO:
    """Open a scratch or output file; the one place output files are opened (tests replace it)."""
    return cast(BinaryIO, open(path, mode))


def _close_quietly(f: IO[Any] | None) -> None:
    """Close ``f`` while another error is already on its way: a second one (disk full) must not hide it."""
    if f is None:
        return
    try:
        f.close()
    except (OSError, ValueError):
        pass


def _is_stream_path(path: str) -> bool:
    """Whether ``path`` is written into rather than replaced: ``-``, a device, a FIFO, a socket, /proc."""
    if path == "-":
        return True
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return False
    except OSError:
        return True  # let the open say why it cannot be written
    if not stat.S_ISREG(info.st_mode):
        return True
    # /dev/stdout redirected to a file resolves through /proc to that file (or to a name that no longer
    # exists): write into it, never rename over the link
    real = os.path.realpath(path)
    if real.startswith("/proc/") or (os.path.islink(path) and os.path.abspath(path).startswith(("/dev/", "/proc/"))):
        return True
    try:
        same = os.path.samestat(os.stat(real), info)
    except OSError:
        same = False
    return not same


def _check_path(path: object, name: str = "path") -> str:
    """``path`` as text: a str or an os.PathLike of str."""
    if isinstance(path, str) or (isinstance(path, os.PathLike) and isinstance(os.fspath(path), str)):
        text = os.fspath(path)
        if text and "\0" not in text:
            return text
    raise ArgumentTypeError(f"{name} must be a file name (str or os.PathLike), not {type(path).__name__} {brief(path)}")


class _Output:
    """Where one output file goes, and the scratch space it is built in.

    A regular file (or a new one) is built under a temporary name in a
    directory beside it and moved into place by :meth:`commit`, so a run that
    fails leaves nothing half-written and never touches the old file; a
    symlink keeps pointing at the file it names. ``-`` (standard output), a
    terminal, a FIFO or any other file that is not a regular file is written
    into, never renamed over: :meth:`stream` opens it for streaming writes,
    and scratch files (arrays need them) go to the system's temporary folder.
    """

    def __init__(self, path: PathLike) -> None:
        self.text = _check_path(path)
        self.direct = _is_stream_path(self.text)
        self.final = Path(self.text) if self.direct else Path(os.path.realpath(self.text))
        self.name = "<stdout>" if self.text == "-" else self.text
        self._scratch: Path | None = None
        self._stream: BinaryIO | None = None

    def scratch(self, name: str) -> Path:
        """A path for a temporary file (created on first use, deleted by :meth:`discard`)."""
        if self._scratch is None:
            where = None if self.direct else str(self.final.parent)
            try:
                self._scratch = Path(tempfile.mkdtemp(prefix=f".{self.final.name}.", dir=where))
            except OSError as exc:
                raise OSError(exc.errno, f"cannot write {self.name}: {exc.strerror}") from None
        return self._scratch / name

    def stream(self) -> BinaryIO:
        """The output itself, for a direct output: standard output's buffer, or the file opened to write."""
        assert self.direct
        if self._stream is None:
            self._stream = sys.stdout.buffer if self.text == "-" else _open_binary(Path(self.text), "wb")
        return self._stream

    def commit(self, built: Path) -> None:
        """Put the finished file ``built`` (a scratch file) in place, then drop the scratch space."""
        try:
            if not self.direct:
                os.replace(built, self.final)
            else:
                out = self.stream()
                with open(built, "rb") as f:
                    shutil.copyfileobj(f, out, 1 << 20)
                self.finish_stream()
        finally:
            self.discard()

    def finish_stream(self) -> None:
        """Flush a direct output and close it (standard output stays open)."""
        if self._stream is None:
            return
        stream, self._stream = self._stream, None
        if stream is sys.stdout.buffer:
            stream.flush()
        else:
            stream.close()

    def discard(self) -> None:
        """Delete the scratch space; never raises, so it can run while another error is raised."""
        if self._stream is not None and self._stream is not sys.stdout.buffer:
            _close_quietly(self._stream)
        self._stream = None
        if self._scratch is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)
            self._scratch = None


class _NpyAppender:
    """Writes a ``.npy`` file row block by row block; the shape goes in at close."""

    _HEADER = 256  # bytes reserved for the header, room for any shape

    def __init__(self, path: Path, dtype: np.dtype[Any], inner: tuple[int, ...]) -> None:
        self.path, self.dtype, self.inner, self.rows = path, np.dtype(dtype), inner, 0
        self.file = _open_binary(path, "wb")
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


def _array_columns(columns: Sequence[str]) -> list[str]:
    """Array names for column groups: descriptions are stored as the values they describe."""
    out: list[str] = []
    for group in columns:
        name = {"high_desc": "high", "low_desc": "low"}.get(group, group)
        if name not in out:
            out.append(name)
    return out


class ResultWriter:
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

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "results.csv")
    >>> deals = Deals(parse_card_array(["Ah2h7cKd8s"]), parse_card_array([["KhKs9c9d", "3c4cJhJd"]]))
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
    ) -> None:
        _check_layout(players, cards)
        self.path = Path(path)
        self.players, self.cards = players, cards
        self.columns = resolve_columns(columns, lines=lines)
        self.n_threads = n_threads
        self.rows = 0
        name = self.path.name.lower()
        self.kind = "npz" if name.endswith(".npz") else "npy" if name.endswith(".npy") else "csv"
        self._plan = np.array([_cardio.COLUMN_KINDS[c] for c in self.columns], dtype=np.int32)
        self._output: _Output | None = _Output(path)
        self._sink: BinaryIO | None = None  # the file the CSV bytes go to
        self._csv: IO[bytes] | None = None  # what the CSV is written through (gzip or the sink)
        self._arrays: dict[str, _NpyAppender] = {}
        self._queue: queue.Queue[tuple[U8Array, I64Array] | None] = queue.Queue(maxsize=2)
        self._spare: queue.Queue[U8Array] = queue.Queue()  # text buffers written out, for reuse
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = None
        try:
            self._open(header, name.endswith(".gz"))
        except BaseException:
            self.abort()
            raise

    def _open(self, header: bool, gz: bool) -> None:
        output = self._output
        assert output is not None
        if self.kind == "csv":
            self._sink = output.stream() if output.direct else _open_binary(output.scratch("results.csv"))
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
        """Writer thread: write queued text until None arrives."""
        assert self._csv is not None
        try:
            while (item := self._queue.get()) is not None:
                _write_pieces(self._csv, *item)
                self._spare.put(item[0])
        except BaseException as exc:  # handed to the producer at its next call
            self._error = exc
            while self._queue.get() is not None:
                pass

    def _put(self, item: tuple[U8Array, I64Array] | None) -> None:
        while True:
            if self._error is not None and item is not None:
                raise self._error
            try:
                self._queue.put(item, timeout=0.1)
                return
            except queue.Full:
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
            "high_winners": (np.dtype(np.uint16), ()),
            "low_winners": (np.dtype(np.uint16), ()),
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
            raise ShapeError(f"results for {deals.players} seats of {deals.cards} cards do not fit a file "
                             f"of {self.players} seats of {self.cards}")
        arrays = {
            "line": deals.lines,
            "deal": np.arange(deals.first, deals.first + n, dtype=np.int64),
            "board": deals.boards,
            "seats": deals.holes,
            "high": results.high,
            "low": results.low,
            "high_winners": results.high_winners,
            "low_winners": results.low_winners,
            "shares": results.shares,
        }
        for group in self.columns:
            source = {"high_desc": "high", "low_desc": "low"}.get(group, group)
            if arrays[source] is None:
                raise ArgumentError(f"column {group!r} needs results computed with "
                                 f"{'values' if source in ('high', 'low') else 'shares'}=True")
        if self._csv is not None:
            if n:
                text, pieces = _cardio.format_result_rows(
                    self._plan, n, self.players, self.cards, deals.first,
                    line=deals.lines, boards=deals.boards, holes=deals.holes, high=results.high,
                    low=results.low, high_winners=results.high_winners, low_winners=results.low_winners,
                    shares=results.shares,
                    high_table=_text_table(True) if "high_desc" in self.columns else None,
                    low_table=_text_table(False) if "low_desc" in self.columns else None,
                    out=None if self._spare.empty() else self._spare.get_nowait(),
                    n_threads=self.n_threads)
                self._put((text, pieces))
        else:
            for name, appender in self._arrays.items():
                appender.write(arrays[name][:n] if n else np.zeros((0, *appender.inner), appender.dtype))  # type: ignore[index]
        self.rows += n

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
                with _open_binary(built) as f, zipfile.ZipFile(f, "w", zipfile.ZIP_STORED, allowZip64=True) as zf:
                    for name in self._arrays:
                        zf.write(output.scratch(f"{name}.npy"), f"{name}.npy")
                output.commit(built)
        finally:
            self.abort()

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

    def abort(self) -> None:
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

    def __enter__(self) -> ResultWriter:
        return self

    def __exit__(self, exc_type: object, *exc: object) -> None:
        if exc_type is None:
            self.close()
        else:
            self.abort()


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
    >>> path = os.path.join(tempfile.mkdtemp(), "results.npz")
    >>> boards, holes = random_deals(4, players=3, seed=5)
    >>> write_results(path, analyze_deals(Deals(boards, holes)), columns="seats,shares")
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
    boards: npt.ArrayLike,
    holes: npt.ArrayLike,
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
    >>> write_deals(path, [[51, 47, 43, 39, 35]], [[[0, 1, 2, 3], [4, 5, 6, 7]]])
    >>> print(open(path).read(), end="")
    board,seat0,seat1
    AsKsQsJsTs,2c2d2h2s,3c3d3h3s
    >>> write_deals(path, [[51, 47, 43, 39, 35]], [[[0, 1, 2, 3]]], chunk_rows=0)
    Traceback (most recent call last):
    ...
    omaha8.errors.ArgumentError: chunk_rows must be at least 1, got 0
    """
    chunk_rows = check_chunk_rows(chunk_rows)
    header = check_bool(header, "header")
    b = _id_array(boards, "boards")
    h = _id_array(holes, "holes")
    if b.ndim != 2 or b.shape[1] != 5 or h.ndim != 3 or h.shape[0] != b.shape[0]:
        raise ShapeError(f"deals need boards (N, 5) and holes (N, P, k), got {b.shape} and {h.shape}")
    _check_layout(h.shape[1], h.shape[2])
    check_deals(h, b)
    output = _Output(path)
    name = output.final.name.lower()
    try:
        built = output.scratch("deals")
        with _open_binary(built) as raw:
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
    plan = np.array([_cardio.COLUMN_KINDS["board"], _cardio.COLUMN_KINDS["seats"]], dtype=np.int32)
    f = cast(IO[bytes], gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) if gz else raw)
    with f:
        if header:
            f.write(_header(("board", "seats"), h.shape[1]).encode())
        for start in range(0, b.shape[0], chunk_rows):
            stop = start + chunk_rows
            text, pieces = _cardio.format_result_rows(plan, len(b[start:stop]), h.shape[1], h.shape[2], start,
                                                      boards=b[start:stop], holes=h[start:stop],
                                                      n_threads=n_threads)
            _write_pieces(f, text, pieces)


def write_rejects(path: PathLike | TextIO, rejects: Iterable[RejectedRow], *, append: bool = False) -> int:
    """Write rejected rows as CSV ``line,error,text``; returns how many.

    ``path`` may also be an open text file: the rows are written to it (a
    header first when it is at its start), and it stays open.

    Examples
    --------
    >>> import io, tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "bad.csv")
    >>> write_rejects(path, [RejectedRow(3, "AsAs", "card 'As' appears twice")])
    1
    >>> print(open(path).read(), end="")
    line,error,text
    3,card 'As' appears twice,AsAs
    """
    if not isinstance(path, (str, bytes, os.PathLike)):
        return _write_reject_rows(path, rejects, header=not append)
    with open(path, "a" if append else "w", newline="", encoding="utf-8") as f:
        return _write_reject_rows(f, rejects, header=not append or f.tell() == 0)


def _write_reject_rows(f: TextIO, rejects: Iterable[RejectedRow], header: bool) -> int:
    out = csv.writer(f, lineterminator="\n")
    if header:
        out.writerow(["line", "error", "text"])
    count = 0
    for row in rejects:
        out.writerow([row.line, row.error, row.text])
        count += 1
    return count
