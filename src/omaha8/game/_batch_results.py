"""What :class:`~omaha8.game.BatchTables`' calls return: observations, play totals, and what advance played."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["Observation", "PlayTotals", "Advance"]

#: :meth:`BatchTables.observe`'s dict: a name to an array with one row per table.
Observation = dict[str, np.ndarray[Any, Any]]


@dataclass(frozen=True)
class PlayTotals:
    """What :meth:`BatchTables.play` played, per seat number, summed over the tables.

    Attributes
    ----------
    n_hands
        Hands finished, all tables together.
    hands
        int64 (n_seats,): hands each seat was dealt in.
    net
        int64 (n_seats,): chips each seat won (negative: lost).
    showdowns_won
        int64 (n_seats,): hands that ended in a showdown in which the seat won chips from a pot.
    """

    n_hands: int
    hands: np.ndarray[Any, np.dtype[np.int64]]
    net: np.ndarray[Any, np.dtype[np.int64]]
    showdowns_won: np.ndarray[Any, np.dtype[np.int64]]


@dataclass(frozen=True)
class Advance:
    """What :meth:`BatchTables.advance` played at each table.

    The hand in play when the call began is told apart from the hands dealt
    after it: a caller that acted in the first (a learning agent, say) gets
    its result alone, and the hands that followed (played through by the
    policies, or in which nobody had a decision) apart.

    Attributes
    ----------
    finished
        bool (n_tables,): the hand in play at the call finished in it.
    net
        int64 (n_tables, n_seats): that hand's net chips per seat (0 where it
        did not finish).
    final
        That hand as it ended (rows where it did not finish: cards 255,
        ``button`` -1, the rest 0): ``button`` (int8), ``board`` (uint8,
        (n, 5), 255 for cards not dealt), ``stacks`` (int64, (n, n_seats),
        after the payouts, before the next hand's blinds), ``bets`` (int64,
        the last street's bets), ``in_hand`` (bool, the seats dealt in that
        had not folded) and ``holes`` (uint8, (n, n_seats, variant), 255 for
        seats not dealt in).
    more_hands
        int64 (n_tables,): hands dealt after it that finished during the call.
    more_net
        int64 (n_tables, n_seats): their net chips per seat, summed.
    """

    finished: np.ndarray[Any, np.dtype[np.bool_]]
    net: np.ndarray[Any, np.dtype[np.int64]]
    final: Observation
    more_hands: np.ndarray[Any, np.dtype[np.int64]]
    more_net: np.ndarray[Any, np.dtype[np.int64]]
