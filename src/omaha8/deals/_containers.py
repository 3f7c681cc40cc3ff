"""Batches of deals and of their showdowns: :class:`Deals`, :class:`DealResults`, :class:`RejectedRow`.

Examples
--------
>>> deals = Deals([[51, 47, 43, 39, 35]], [[[0, 1, 2, 3], [4, 5, 6, 7]]])
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
from ..errors import ArgumentTypeError, ShapeError
from ..pots._showdown import MAX_SEATS
from ..cards._columns import _check_count, _id_array

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
        return Deals(np.zeros((0, 5), np.uint8), np.zeros((0, players or 1, cards or 4), np.uint8),
                     np.zeros(0, np.int64), 0, rejects)
    lines = None if chunks[0].lines is None else np.concatenate([c.lines for c in chunks if c.lines is not None])
    return Deals(np.concatenate([c.boards for c in chunks]), np.concatenate([c.holes for c in chunks]),
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
