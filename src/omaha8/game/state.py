"""The state of a hand, shared by the modules that deal it, bet it and settle it.

:class:`~omaha8.game.Hand` is built from :class:`HandState` with the dealing
(:mod:`omaha8.game.dealing`) and settlement (:mod:`omaha8.game.settlement`)
parts; each reads and writes these fields, held in slots.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..showdown import OddChipPolicy
from .events import Post
from .rake import RakePolicy
from .results import HandResult
from .structures import Structure

__all__ = ["HandState", "OUT", "LIVE", "ALLIN", "FOLDED"]

#: Seat status codes.
OUT, LIVE, ALLIN, FOLDED = 0, 1, 2, 3


class HandState:
    """The fields of a hand in play (see :class:`omaha8.game.Hand`)."""

    __slots__ = (
        "_n", "_structure", "_sb", "_bb", "_cap",
        "_variant", "_button", "_start", "_stack", "_bet", "_contrib", "_status", "_acted",
        "_holes", "_deck_board", "_board_n", "_street", "_actor", "_bet_to", "_min_raise",
        "_level", "_n_bets", "_capped", "_hu_round", "_bet_size", "_last_aggr", "_n_live",
        "_n_in", "_pot", "_log", "_result", "_odd_chips", "_on_finish", "_sb_seat", "_bb_seat",
        "_posts", "_rake", "_settle_error", "_dead",
    )

    _n: int
    _structure: Structure
    _sb: int
    _bb: int
    _cap: int | None
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
    # each event as its class and arguments, built when the history is read: a hand played without
    # reading its history never pays for the event objects
    _log: list[tuple[Any, ...]]
    _result: HandResult | None
    _odd_chips: OddChipPolicy | None
    _on_finish: Callable[[Any], None] | None
    _sb_seat: int
    _bb_seat: int
    _posts: tuple[Post, ...] | None
    _rake: RakePolicy | None
    _settle_error: Exception | None

    def _advance(self, p: int) -> None:
        """Give the turn to the next seat that must act, or end the round (the betting's part)."""
        raise NotImplementedError
