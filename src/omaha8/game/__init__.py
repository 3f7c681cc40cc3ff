"""Play Omaha Hi/Lo hands: blinds, betting, side pots, showdown, histories.

A :class:`Table` seats 2 to 10 players (at most 9 dealt in for 5-card
Omaha) and deals hand after hand under a :class:`FixedLimit`,
:class:`PotLimit` or :class:`NoLimit` structure, or a :class:`MixedGame`
switching between pot limit and limit. Each :class:`Hand` is driven one
action at a time. To replay a real hand, give a :class:`Hand` the seats'
stacks (0 for empty seats), the button (it may be dead), the
:class:`Post` s (antes, live and dead blinds) and a :class:`RakePolicy`;
its :attr:`HandResult.pots` say who won each pot, for high and for low,
and what the rake took.
:class:`BatchTables` plays thousands of tables by the same rules in lockstep,
in nogil code, for simulators and training loops.

>>> from omaha8.game import Table, PotLimit
>>> table = Table([200] * 6, PotLimit(1, 2), seed=7)
>>> hand = table.new_hand()
>>> hand.legal_actions()
LegalActions(seat=3, call=2, min_to=4, max_to=7, raising=True)
>>> hand.act("raise", 7)
>>> for _ in range(5):
...     hand.act("fold")
>>> hand.result.payouts            # 5 uncalled back, the blinds' 3 won
(0, 0, 0, 10, 0, 0)
>>> hand.result.net
(0, -1, -2, 3, 0, 0)
>>> hand.act("check")
Traceback (most recent call last):
...
omaha8.game.hand.IllegalActionError: cannot check: the hand is over
"""

from __future__ import annotations

from .batch import Advance, BatchTables, PlayTotals
from .hand import (
    ACTIONS,
    POST_KINDS,
    STREETS,
    GameError,
    Hand,
    HandResult,
    IllegalActionError,
    LegalActions,
    Post,
    PotResult,
)
from .history import Event, HandHistory, ReplayError, replay
from .rake import NoRake, PercentageRake, RakePolicy
from .structures import HEADS_UP_RULES, FixedLimit, MixedGame, NoLimit, PotLimit, Structure, StructureKind
from .table import BuyInError, Table

__all__ = [
    "Table",
    "BatchTables",
    "PlayTotals",
    "Advance",
    "Hand",
    "HandResult",
    "PotResult",
    "LegalActions",
    "Post",
    "POST_KINDS",
    "RakePolicy",
    "NoRake",
    "PercentageRake",
    "FixedLimit",
    "PotLimit",
    "NoLimit",
    "MixedGame",
    "Structure",
    "StructureKind",
    "HEADS_UP_RULES",
    "Event",
    "HandHistory",
    "replay",
    "ACTIONS",
    "STREETS",
    "GameError",
    "IllegalActionError",
    "ReplayError",
    "BuyInError",
]
