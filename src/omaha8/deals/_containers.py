"""Batches of deals and of their showdowns: :class:`Deals`, :class:`DealResults`, :class:`RejectedRow`.

Examples
--------
>>> deals = Deals([[[0, 1, 2, 3], [4, 5, 6, 7]]], [[51, 47, 43, 39, 35]])
>>> len(deals), deals.players, deals.cards
(1, 2, 4)
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .._support._args import brief, check_int
from ..cards import N_CARDS
from .._support._plain import plain
from ..errors import ArgumentError, ArgumentTypeError, ShapeError
from ..pots._showdown import MAX_SEATS
from ..cards._columns import _check_count, _id_array
from ..cards._order import old_order

__all__ = ["RejectedRow", "Deals", "DealResults"]

U8Array = np.ndarray[Any, np.dtype[np.uint8]]
I64Array = np.ndarray[Any, np.dtype[np.int64]]


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
    """A batch of deals: ``holes`` (n, P, k) and ``boards`` (n, 5), both ``uint8``, the holes first.

    Attributes
    ----------
    holes, boards
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
    >>> Deals([[[0, 1, 2, 3], [4, 5, 6, 7]]], [[51, 47, 43, 39, 35]]).holes.dtype
    dtype('uint8')
    >>> Deals([[[0, 1, 2, 3]]], [[51, 47, 43, 39]])
    Traceback (most recent call last):
    ...
    omaha8.errors.ShapeError: deals need holes (n, P, k) and boards (n, 5), got (1, 1, 4) and (1, 4)
    >>> Deals([[51, 47, 43, 39, 35]], [[[0, 1, 2, 3]]])  # the boards first: the order omaha8 took before
    Traceback (most recent call last):
    ...
    omaha8.errors.ArgumentOrderError: Deals() takes the holes first, then the board: Deals(holes, boards, ...); the arguments given read as boards (n, 5), then holes (n, P, k) (the order omaha8 took before): swap them, or name them
    """

    holes: U8Array
    boards: U8Array
    lines: I64Array | None = None
    first: int = 0
    rejects: tuple[RejectedRow, ...] = field(default=())

    def __post_init__(self) -> None:
        h, b = _id_array(self.holes, "holes"), _id_array(self.boards, "boards")
        if b.ndim != 2 or b.shape[1] != 5 or h.ndim != 3 or h.shape[0] != b.shape[0]:
            if h.ndim == 2 and h.shape[1] == 5 and b.ndim == 3:
                raise old_order("Deals(holes, boards, ...)", "boards (n, 5), then holes (n, P, k)")
            raise ShapeError(f"deals need holes (n, P, k) and boards (n, 5), got {h.shape} and {b.shape}")
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
        object.__setattr__(self, "holes", h)
        object.__setattr__(self, "boards", b)
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
            raise ShapeError(f"players must be 1..{MAX_SEATS}, not {brief(players)}")
    if cards is not None:
        _check_count(cards, "cards")
        if cards not in (4, 5):
            raise ShapeError(f"cards must be 4 or 5, not {brief(cards)}")
    if players is not None and cards is not None and 5 + players * cards > N_CARDS:
        raise ShapeError(f"{players} seats of {cards} cards and a board need {5 + players * cards} cards; "
                         f"a deck has {N_CARDS}")


def _check_dealt_layout(players: object, cards: object) -> tuple[int, int]:
    """A layout to deal, as plain ints: unlike a file's, neither part can be left to be found out (None)."""
    for value, name in ((players, "players"), (cards, "cards")):
        if value is None:
            raise ArgumentTypeError(f"{name} must be an int to deal random deals, not None")
    _check_layout(players, cards)  # type: ignore[arg-type]
    # plain ints: a numpy int8 would overflow in the sizes computed from them
    return operator.index(players), operator.index(cards)  # type: ignore[arg-type]


def _concat(chunks: Sequence[Deals], players: int | None, cards: int | None) -> Deals:
    rejects = tuple(r for c in chunks for r in c.rejects)
    chunks = [c for c in chunks if len(c)]
    if not chunks:
        return Deals(np.zeros((0, players or 1, cards or 4), np.uint8), np.zeros((0, 5), np.uint8),
                     np.zeros(0, np.int64), 0, rejects)
    lines = None if chunks[0].lines is None else np.concatenate([c.lines for c in chunks if c.lines is not None])
    return Deals(np.concatenate([c.holes for c in chunks]), np.concatenate([c.boards for c in chunks]),
                 lines, 0, rejects)


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

    def _columns(self, columns: str | Sequence[str] | None) -> tuple[tuple[str, ...], dict[str, str], dict[str, Any]]:
        """The column groups asked for, the columns with their types, and their values."""
        from ._result_columns import resolve_columns, result_columns, result_data

        groups = resolve_columns(columns, lines=self.deals.lines is not None)
        arrays = {"line": self.deals.lines, "board": self.deals.boards, "seats": self.deals.holes,
                  "high": self.high, "low": self.low, "high_desc": self.high, "low_desc": self.low,
                  "high_winners": self.high_winners, "low_winners": self.low_winners, "shares": self.shares}
        for group in groups:
            if group != "deal" and arrays[group] is None:
                need = "values" if group in ("high", "low", "high_desc", "low_desc") else "shares"
                raise ArgumentError(f"column {group!r} needs results computed with {need}=True")
        types = result_columns(groups, self.deals.players)
        return groups, types, result_data(groups, arrays, self.deals.first, len(self), self.deals.players)

    def to_dict(self, columns: str | Sequence[str] | None = None) -> dict[str, list[Any]]:
        """The results as plain JSON-ready columns: each column of the result CSV as a list (winners as lists
        of seats). ``columns`` as :func:`omaha8.deals.resolve_columns` (default: the CSV's default)."""
        _, types, data = self._columns(columns)
        return {name: [list(v) for v in data[name]] if kind == "ints" else plain(data[name])
                for name, kind in types.items()}

    def rows(self, columns: str | Sequence[str] | None = None) -> list[dict[str, Any]]:
        """One dict per deal, keyed by the CSV's columns: the rows ``omaha8 batch`` writes as JSON lines."""
        data = self.to_dict(columns)
        names = list(data)
        return [dict(zip(names, values)) for values in zip(*data.values())]

    def to_dataframe(self, columns: str | Sequence[str] | None = None) -> Any:
        """The results as a pandas DataFrame with the result CSV's columns (needs pandas: ``omaha8[tables]``).

        Values are those of the CSV: card text (``AhKh7c4d2s``), values, descriptions, winners as tuples of
        seats, shares (at full precision; the CSV rounds them to 6 decimals).

        >>> import omaha8
        >>> holes, boards = omaha8.random_deals(3, players=2, seed=1)
        >>> frame = omaha8.analyze_deals(omaha8.Deals(holes, boards)).to_dataframe("deal,winners,shares")
        >>> list(frame.columns), len(frame)
        (['deal', 'high_winners', 'low_winners', 'share0', 'share1'], 3)
        """
        from ._row_files import to_dataframe

        _, types, data = self._columns(columns)
        return to_dataframe(types, data, "DealResults.to_dataframe()")

    def __str__(self) -> str:
        n = len(self)
        if not n:
            return f"0 deals of {self.deals.players} seats"
        return (f"{n:,} deals of {self.deals.players} seats of {self.deals.cards} cards: one seat scoops "
                f"{100 * float(self.scoops.mean()):.2f}%, nobody has a low {100 * float(self.no_low.mean()):.2f}%")
