"""Real hand histories: read PokerStars Omaha Hi/Lo files, replay every hand, reconcile every chip, all-in EV.

:func:`read_pokerstars` yields a :class:`HandRecord` per hand (and a
:class:`SkippedHand`, with the reason, for anything it does not read);
``record.replay()`` is the engine's :class:`omaha8.game.Hand` after every
action, ``record.reconcile()`` compares its payouts with the file's,
``record.allin_ev()`` values each all-in by exact equity, and
:func:`analyze` does all of it for a report.

>>> from omaha8.histories import read_pokerstars
>>> for hand in read_pokerstars("tests/data/hh/other_game_and_cancelled.txt"):
...     print(hand.hand_id, hand.status)
900000000201 skipped: Hold'em No Limit is not Omaha Hi/Lo
900000000202 verified
900000000203 skipped: hand cancelled
900000000204 skipped: Omaha Pot Limit is not Omaha Hi/Lo
900000000205 skipped: Courchevel Pot Limit is not Omaha Hi/Lo
"""

from __future__ import annotations

from .allin_ev import AllInEV, PlayerEV, PotEV, allin_ev, pot_equity
from .pokerstars import MAX_HAND_LINES, MAX_LINE_CHARS, HandReadError, read_pokerstars
from .reader import read
from .status import HandStatus, SkipKind
from .frames import plot_results, to_dataframe
from .stats import Flags
from .reconcile import TOTALS_ONLY, VERIFIED, PlayerResult, Reconciliation, reconcile
from .hand_record import HandRecord, record_from_history
from .records import Action, Collection, Post, Seat, SkippedHand
from .replay import ReplayDiscrepancy, replay_record, structure_of
from .report import ROW_COLUMNS, HandReport, analyze, totals
from .stats import PlayerTotals
from .writer import format_pokerstars

__all__ = [
    "read",
    "to_dataframe",
    "plot_results",
    "Flags",
    "read_pokerstars",
    "HandStatus",
    "SkipKind",
    "format_pokerstars",
    "HandReadError",
    "MAX_LINE_CHARS",
    "MAX_HAND_LINES",
    "HandRecord",
    "SkippedHand",
    "Seat",
    "Post",
    "Action",
    "Collection",
    "replay_record",
    "record_from_history",
    "structure_of",
    "ReplayDiscrepancy",
    "reconcile",
    "Reconciliation",
    "PlayerResult",
    "VERIFIED",
    "TOTALS_ONLY",
    "allin_ev",
    "pot_equity",
    "AllInEV",
    "PotEV",
    "PlayerEV",
    "analyze",
    "totals",
    "HandReport",
    "PlayerTotals",
    "ROW_COLUMNS",
]
