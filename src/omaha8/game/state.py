"""The state of a hand, shared by the modules that deal it, bet it and settle it, and its read-only views.

:class:`~omaha8.game.Hand` is built on :class:`HandState` from the dealing
(:mod:`omaha8.game.dealing`), settlement (:mod:`omaha8.game.settlement`) and
inspection (:class:`HandView`) parts; each reads and writes these fields,
held in slots, and the betting in :mod:`omaha8.game.hand` drives them.

>>> from omaha8.game import Hand, NoLimit
>>> hand = Hand([100, 100, 0], NoLimit(1, 2), seed=1)  # seat 2 has no chips: it sits out
>>> hand.n_seats, hand.street, hand.in_hand, hand.starting_stacks
(3, 'preflop', (0, 1), (100, 100, 0))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..pots._showdown import OddChipPolicy
from .events import STREETS, HoleDealt, Post
from .rake import RakePolicy
from .results import HandResult, LegalActions
from .structures import Structure

__all__ = ["HandState", "HandView", "OUT", "LIVE", "ALLIN", "FOLDED", "AFTER"]

#: Seat status codes.
OUT, LIVE, ALLIN, FOLDED = 0, 1, 2, 3

# Log entries that stand for several events, written out when the history is read: every seat dealt in is
# dealt its cards (HoleDealt, clockwise from the button's left), and the settlement's events (from the result)
HOLES_DEALT: tuple[Any, ...] = ("holes dealt",)
SETTLED: tuple[Any, ...] = ("settled",)

#: ``AFTER[n][p]``: the seats of an n-seat table after seat ``p`` clockwise, ``p`` itself last.
AFTER = tuple(tuple(tuple((p + i) % n for i in range(1, n + 1)) for p in range(n)) for n in range(11))


class HandState:
    """The fields of a hand in play (see :class:`omaha8.game.Hand`)."""

    __slots__ = (
        "_n", "_structure", "_sb", "_bb", "_cap",
        "_variant", "_button", "_start", "_stack", "_bet", "_contrib", "_status", "_acted",
        "_holes", "_deck_board", "_board_n", "_street", "_actor", "_bet_to", "_min_raise",
        "_level", "_n_bets", "_capped", "_hu_round", "_bet_size", "_last_aggr", "_n_live",
        "_n_in", "_pot", "_log", "_result", "_odd_chips", "_on_finish", "_sb_seat", "_bb_seat",
        "_posts", "_rake", "_settle_error", "_dead", "_legal", "_after", "_pot_limit", "_big_bet",
        "_game", "_runs", "_run_boards", "_run_from",
    )

    _n: int
    _after: tuple[tuple[int, ...], ...]  # AFTER[_n]: the seats after each seat, clockwise
    _structure: Structure
    _sb: int
    _bb: int
    _cap: int | None
    _pot_limit: bool  # the structure is exactly PotLimit: its wager range is written out in legal_actions
    _big_bet: bool  # exactly PotLimit or NoLimit: a bet size of the big blind on every street, no bet counted
    _variant: int
    _button: int
    _start: tuple[int, ...]
    _stack: list[int]
    _bet: list[int]
    _contrib: list[int]
    _dead: list[int]
    _status: list[int]
    _acted: list[bool]
    _holes: tuple[tuple[int, ...] | None, ...]
    _deck_board: tuple[int, ...]
    _board_n: int
    _street: int
    _actor: int
    _bet_to: int
    _min_raise: int
    _level: int
    _n_bets: int
    _capped: bool
    _hu_round: bool
    _bet_size: int
    _last_aggr: int
    _n_live: int
    _n_in: int
    _pot: int
    # each event as its class and arguments (or HOLES_DEALT, SETTLED), built when the history is read: a hand
    # played without reading its history never pays for the event objects
    _log: list[tuple[Any, ...]]
    _result: HandResult | None
    _odd_chips: OddChipPolicy | None
    _on_finish: Callable[[Any], None] | None
    _sb_seat: int
    _bb_seat: int
    _posts: tuple[Post, ...] | None
    _rake: RakePolicy | None
    _settle_error: Exception | None
    # the acting seat's legal actions once asked for, until the hand changes (reset when the turn passes)
    _legal: LegalActions | None
    _game: str  # "omaha", or "courchevel": the first flop card face up before the pre-flop betting
    _runs: int  # how many times the board is dealt when the betting ends with cards to come
    _run_boards: tuple[tuple[int, ...], ...]  # the boards of runs 2.., five cards each, drawn or given
    _run_from: int  # board cards dealt when the betting ended and the runs began; -1: one board

    def _advance(self, p: int) -> None:
        """Give the turn to the next seat that must act, or end the round (the betting's part)."""
        raise NotImplementedError

    def _settlement_log(self) -> list[tuple[Any, ...]]:
        """The log entries SETTLED stands for (the settlement's part)."""
        raise NotImplementedError

    def _log_entries(self) -> list[tuple[Any, ...]]:
        """The log with HOLES_DEALT and SETTLED written out: each event as its class and arguments."""
        out: list[tuple[Any, ...]] = []
        holes = self._holes
        for entry in self._log:
            if entry is HOLES_DEALT:
                out += [(HoleDealt, s, holes[s]) for s in AFTER[self._n][self._button] if holes[s] is not None]
            elif entry is SETTLED:
                out += self._settlement_log()
            else:
                out.append(entry)
        return out


class HandView(HandState):
    """A hand's state as read-only properties (the inspection part of :class:`omaha8.game.Hand`)."""

    __slots__ = ()

    @property
    def structure(self) -> Structure:
        """The betting structure."""
        return self._structure

    @property
    def variant(self) -> int:
        """Hole cards per player, 4 or 5."""
        return self._variant

    @property
    def n_seats(self) -> int:
        """Number of seats at the table."""
        return self._n

    @property
    def button(self) -> int:
        """The button's seat."""
        return self._button

    @property
    def blinds(self) -> tuple[int | None, int | None]:
        """The seats of the small and big blind (with ``posts``: of the first such post, None without one)."""
        return self._sb_seat, self._bb_seat

    @property
    def posts(self) -> tuple[Post, ...] | None:
        """The posts given in place of the automatic blinds, or None."""
        return self._posts

    @property
    def rake_policy(self) -> RakePolicy | None:
        """The rake policy (None: no rake)."""
        return self._rake

    @property
    def settlement_error(self) -> Exception | None:
        """Why settling the hand failed (a policy raised), or None; see :meth:`settle`."""
        return self._settle_error

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """Stacks before the blinds."""
        return self._start

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips each seat has behind (not yet put in)."""
        return tuple(self._stack)

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips each seat has put in on the current street."""
        return tuple(self._bet)

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each seat has put in during the hand."""
        return tuple(self._contrib)

    @property
    def pot(self) -> int:
        """All chips put in so far (current bets included)."""
        return self._pot

    @property
    def holes(self) -> tuple[tuple[int, ...] | None, ...]:
        """Each seat's hole cards (None for seats sitting out)."""
        return self._holes

    @property
    def board(self) -> tuple[int, ...]:
        """The board cards dealt so far (the first board when the hand is run more than once)."""
        return self._deck_board[: self._board_n]

    @property
    def boards(self) -> tuple[tuple[int, ...], ...]:
        """Every board dealt: the one board, or one per run once the hand was run more than once."""
        if self._run_from < 0:
            return (self._deck_board[: self._board_n],)
        return (self._deck_board[: self._board_n],) + tuple(
            self._deck_board[: self._run_from] + run[self._run_from:] for run in self._run_boards)

    @property
    def game(self) -> str:
        """``"omaha"``, or ``"courchevel"`` (the first flop card dealt face up before the pre-flop betting)."""
        return self._game

    @property
    def runs(self) -> int:
        """How many times the rest of the board is dealt when the betting ends with cards to come."""
        return self._runs

    @property
    def street(self) -> str:
        """``"preflop"``, ``"flop"``, ``"turn"``, ``"river"`` or ``"over"``."""
        return STREETS[self._street]

    @property
    def actor(self) -> int | None:
        """The seat to act, or None when the hand is over."""
        return None if self._actor < 0 else self._actor

    @property
    def is_over(self) -> bool:
        """The hand has ended and its chips are paid out."""
        return self._result is not None

    @property
    def folded(self) -> tuple[int, ...]:
        """Seats that have folded."""
        return tuple(s for s in range(self._n) if self._status[s] == FOLDED)

    @property
    def all_in(self) -> tuple[int, ...]:
        """Seats that are all-in."""
        return tuple(s for s in range(self._n) if self._status[s] == ALLIN)

    @property
    def in_hand(self) -> tuple[int, ...]:
        """Seats dealt in that have not folded."""
        return tuple(s for s in range(self._n) if self._status[s] in (LIVE, ALLIN))
