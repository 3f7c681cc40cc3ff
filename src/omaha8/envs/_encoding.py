"""Table state as arrays, the observation vector, and the discrete actions: one definition for every environment.

The environments read a table through :class:`TableRows`, one row per table
(or per seat observed), the shape a batched engine's ``observe()`` gives;
:func:`encode` turns rows into observation vectors laid out by
:class:`ObservationLayout`, and :func:`action_table` gives each row's action
mask with the engine action each discrete action stands for. Both are
vectorised over rows.

>>> import numpy as np
>>> layout = ObservationLayout(2)
>>> layout.size, layout.hole, layout.stacks
(120, slice(0, 52, None), slice(114, 116, None))
>>> rows = TableRows(  # heads-up pot limit 1/2 pre-flop: seat 0, the button, to act, facing the big blind
...     seat=np.array([0]), button=np.array([0]), street=np.array([0]),
...     board=np.full((1, 5), NO_CARD, np.uint8), hole=np.array([[51, 47, 0, 4]], np.uint8),
...     pot=np.array([3]), stacks=np.array([[199, 198]]), bets=np.array([[1, 2]]),
...     in_hand=np.ones((1, 2), bool), acting=np.array([True]),
...     to_call=np.array([1]), min_to=np.array([4]), max_to=np.array([6]), raising=np.array([True]))
>>> obs = encode(rows, layout, big_blind=2)
>>> np.flatnonzero(obs[0, layout.hole]).tolist(), obs[0, layout.pot].tolist(), obs[0, layout.bets].tolist()
([0, 4, 47, 51], [1.5], [0.5, 1.0])
>>> mask, kind, amount = action_table(rows, (Fraction(1, 2), Fraction(1)))
>>> mask.tolist(), amount.tolist()   # half pot: 2 + 4 // 2 = 4; pot: 2 + 4 = 6; all-in 200 clamped to 6
([[1, 1, 1, 1, 1]], [[0, 1, 4, 6, 6]])
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

__all__ = ["ObservationLayout", "TableRows", "encode", "action_table", "observation_bounds", "NO_CARD",
           "FOLD", "CHECK_CALL", "WAGER"]

I64 = np.ndarray[Any, np.dtype[np.int64]]
U8 = np.ndarray[Any, np.dtype[np.uint8]]
I8 = np.ndarray[Any, np.dtype[np.int8]]
Bools = np.ndarray[Any, np.dtype[np.bool_]]
F32 = np.ndarray[Any, np.dtype[np.float32]]

#: A board card not dealt yet.
NO_CARD = 255
#: Engine action kinds, as a batched engine's ``step`` takes them: fold, check or call, bet or raise to an amount.
FOLD, CHECK_CALL, WAGER = 0, 1, 2
_N_STREETS = 4  # pre-flop, flop, turn, river; a finished hand has none of them set


# the parts of an observation, in order: (name, entries, entries more per player)
_PARTS = (("hole", 52, 0), ("board", 52, 0), ("street", _N_STREETS, 0), ("position", 0, 1), ("pot", 1, 0),
          ("to_call", 1, 0), ("min_to", 1, 0), ("max_to", 1, 0), ("stacks", 0, 1), ("bets", 0, 1), ("in_hand", 0, 1))


def _part(name: str) -> functools.cached_property[slice]:
    """The slice of part ``name`` of an observation, an attribute of :class:`ObservationLayout`."""

    def part(self: ObservationLayout) -> slice:
        return self._slices[name]

    part.__name__ = name
    return functools.cached_property(part)


@dataclass(frozen=True)
class ObservationLayout:
    """Where each part of the state sits in an observation vector (``float32``).

    Seats are counted from the observing seat: entry 0 of ``stacks``,
    ``bets`` and ``in_hand`` is the observer, entry 1 the next seat
    clockwise, and so on. Chip amounts are in big blinds.

    Attributes
    ----------
    hole
        52 entries, 1 for each of the observer's hole cards (card id
        ``rank * 4 + suit``, as in :mod:`omaha8.cards`).
    board
        52 entries, 1 for each board card dealt.
    street
        4 entries: pre-flop, flop, turn, river, one-hot; all 0 once the
        hand is over.
    position
        ``num_players`` entries, one-hot: the observer's seats after the
        button (0 the button, 1 the small blind, 2 the big blind; heads-up
        the button posts the small blind).
    pot
        All chips put in this hand, current bets included (0 once paid out).
    to_call
        Chips a call adds for the seat to act (all it has when that is
        less); 0 when nothing is to be called or the observer is not to act.
    min_to, max_to
        The least and most total bet this street a bet or raise may make
        for the seat to act; 0 when it may not bet or raise, or is not to act.
    stacks
        Chips behind (not put in), per seat.
    bets
        Chips put in on this street, per seat.
    in_hand
        1 for each seat dealt in that has not folded (a seat without chips
        sits a hand out where stacks carry over).
    """

    num_players: int

    # the slices are asked for at every observation: each is computed once (a frozen dataclass keeps its
    # __dict__, where cached_property stores them)

    @functools.cached_property
    def _slices(self) -> dict[str, slice]:
        out: dict[str, slice] = {}
        at = 0
        for name, fixed, per_player in _PARTS:
            width = fixed + per_player * self.num_players
            out[name] = slice(at, at + width)
            at += width
        return out

    hole = _part("hole")
    board = _part("board")
    street = _part("street")
    position = _part("position")
    pot = _part("pot")
    to_call = _part("to_call")
    min_to = _part("min_to")
    max_to = _part("max_to")
    stacks = _part("stacks")
    bets = _part("bets")
    in_hand = _part("in_hand")

    @functools.cached_property
    def size(self) -> int:
        """Entries in an observation."""
        return int(self._slices["in_hand"].stop)

    def chip_slots(self) -> tuple[slice, ...]:
        """The slices that hold chip amounts (the rest are 0/1 flags)."""
        return (self.pot, self.to_call, self.min_to, self.max_to, self.stacks, self.bets)


@dataclass(frozen=True)
class TableRows:
    """Tables seen by one seat each, one row per table: what :func:`encode` and :func:`action_table` read.

    Chip arrays are int64; ``stacks``, ``bets`` and ``in_hand`` have one
    column per seat (absolute seat numbers). ``to_call``, ``min_to``,
    ``max_to`` and ``raising`` are the engine's
    :class:`~omaha8.game.LegalActions` for the seat to act, and must be 0
    (False) in rows where the observer is not to act.
    """

    seat: I64
    button: I64
    street: I64  # 0..3, 4 once the hand is over
    board: U8  # (rows, 5), NO_CARD where not dealt
    hole: U8  # (rows, variant): the observer's cards
    pot: I64
    stacks: I64
    bets: I64
    in_hand: Bools
    acting: Bools
    to_call: I64
    min_to: I64
    max_to: I64
    raising: Bools


def observation_bounds(layout: ObservationLayout, total_chips: int, big_blind: int) -> tuple[F32, F32]:
    """``low`` and ``high`` of the observation box: flags in 0..1, chips in 0..all chips at the table."""
    low = np.zeros(layout.size, np.float32)
    high = np.ones(layout.size, np.float32)
    # the same float64 division, then rounding, as encode(): no observed amount exceeds the bound
    top = np.float32(np.float64(total_chips) / np.float64(big_blind))
    for part in layout.chip_slots():
        high[part] = top
    return low, high


def encode(rows: TableRows, layout: ObservationLayout, big_blind: int) -> F32:
    """Observation vectors of ``rows``: shape (rows, layout.size), ``float32``."""
    n = rows.seat.shape[0]
    seats = layout.num_players
    out = np.zeros((n, layout.size), np.float32)
    index = np.arange(n)
    out[index[:, None], rows.hole] = 1.0
    dealt_row, dealt_col = np.nonzero(rows.board != NO_CARD)
    out[dealt_row, layout.board.start + rows.board[dealt_row, dealt_col]] = 1.0
    live = np.flatnonzero(rows.street < _N_STREETS)
    out[live, layout.street.start + rows.street[live]] = 1.0
    out[index, layout.position.start + (rows.seat - rows.button) % seats] = 1.0
    # every seat's columns from the observer's on, clockwise
    order = (rows.seat[:, None] + np.arange(seats)) % seats
    column = index[:, None]
    # pot, to_call, min_to, max_to, stacks and bets sit side by side: one block of chips, in big blinds
    chips = np.empty((n, 4 + 2 * seats), np.int64)
    chips[:, 0] = rows.pot
    chips[:, 1] = rows.to_call
    chips[:, 2] = rows.min_to
    chips[:, 3] = rows.max_to
    chips[:, 4 : 4 + seats] = rows.stacks[column, order]
    chips[:, 4 + seats :] = rows.bets[column, order]
    out[:, layout.pot.start : layout.bets.stop] = chips / np.float64(big_blind)
    out[:, layout.in_hand] = rows.in_hand[column, order]
    return out


def action_table(rows: TableRows, fractions: tuple[Fraction, ...]) -> tuple[I8, I8, I64]:
    """Each row's action mask, and the engine kind and amount each discrete action plays.

    Actions: 0 fold, 1 check/call, then one raise per fraction, then all-in.
    A raise of fraction ``f`` is to the current bet plus ``f`` times the
    pot after calling (``f = 1`` is the pot-limit maximum); all-in is to
    the seat's bet plus its stack. Every raise size is clamped into the
    engine's ``min_to..max_to``, so each one is legal whenever a bet or
    raise is: in pot limit all-in becomes a pot-sized raise when the stack
    is deeper, in fixed limit every size is the limit's. Fold is masked
    out when there is nothing to call. Rows whose seat is not to act have
    every action masked out.
    """
    n = rows.seat.shape[0]
    index = np.arange(n)
    n_actions = len(fractions) + 3
    acting = rows.acting
    can_wager = acting & (rows.max_to > 0)
    mask = np.zeros((n, n_actions), np.int8)
    mask[:, 0] = acting & (rows.to_call > 0)
    mask[:, 1] = acting
    mask[:, 2:] = can_wager[:, None]
    kind = np.full((n, n_actions), WAGER, np.int8)
    kind[:, 0] = FOLD
    kind[:, 1] = CHECK_CALL
    mine = rows.bets[index, rows.seat]
    amount = np.zeros((n, n_actions), np.int64)
    amount[:, 1] = np.where(acting, rows.to_call, 0)
    # a raise by f times the pot after calling: the pot (bets included) plus the call
    called_to = mine + rows.to_call
    after_call = rows.pot + rows.to_call
    for j, f in enumerate(fractions):
        amount[:, 2 + j] = called_to + after_call * f.numerator // f.denominator
    amount[:, -1] = mine + rows.stacks[index, rows.seat]
    wagers = amount[:, 2:]
    np.clip(wagers, rows.min_to[:, None], rows.max_to[:, None], out=wagers)
    wagers[~can_wager] = 0
    return mask, kind, amount
