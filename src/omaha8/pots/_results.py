"""What a showdown returns: each pot and how it was split, and the whole settlement.

>>> from omaha8.pots._showdown import showdown
>>> result = showdown("Ah 2h 7c Kd Qs", ["3c 4c Kh Ks", "5d 8d Qc Jc"])
>>> isinstance(result, ShowdownResult), result.pots[0].split is PotSplit.SAME_WINNERS
(True, True)
>>> result.pots[0].scooper
0
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..core._evaluate import HandEvaluation

__all__ = ["PotSplit", "Pot", "ShowdownResult"]


class PotSplit(enum.Enum):
    """How one pot was divided."""

    #: Only one live seat was eligible: it takes the pot without showing.
    UNCONTESTED = "uncontested"
    #: No eligible seat had a qualifying low: the best high takes it all.
    HIGH_ONLY = "high only"
    #: The same seat(s) won high and low: the whole pot divided once among them.
    SAME_WINNERS = "same winners"
    #: Cut into a high half and a low half, each divided among its winners.
    HALVES = "halves"


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot (the main pot or a side pot) and how it was split.

    Attributes
    ----------
    amount
        Chips in the pot.
    eligible
        Live seats that may win it (they put in at least its level), ascending.
    split
        How the pot was divided, a :class:`PotSplit`.
    high_winners
        Seats that won the high (the sole eligible seat of an uncontested pot).
    low_winners
        Seats that won the low; None when no eligible seat has a low or the
        pot was uncontested.
    halves
        ``(high half, low half)`` in chips when the pot was cut in halves
        (:attr:`PotSplit.HALVES`), else None.
    awards
        Chips from this pot per seat (one entry per seat of the table).
    odd_chips
        Seats that received an odd chip from dividing this pot among tied
        winners, in the order they got them (a seat quartered in both halves
        may appear twice).
    """

    amount: int
    eligible: tuple[int, ...]
    split: PotSplit
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...] | None
    halves: tuple[int, int] | None
    awards: tuple[int, ...]
    odd_chips: tuple[int, ...]

    @property
    def scooper(self) -> int | None:
        """The seat that won the whole pot at showdown alone, else None."""
        if self.split in (PotSplit.HIGH_ONLY, PotSplit.SAME_WINNERS) and len(self.high_winners) == 1:
            return self.high_winners[0]
        return None


@dataclass(frozen=True, slots=True)
class ShowdownResult:
    """The settlement of one hand; every per-seat tuple has one entry per seat.

    Attributes
    ----------
    payouts
        Chips each seat takes from the table: pots won plus uncalled chips
        returned. They sum exactly to the contributions.
    net
        ``payouts - contributions`` per seat; sums to zero.
    pots
        The main pot, then the side pots in order of level.
    uncalled
        Chips returned to the seat whose bet nobody matched (zeros elsewhere).
    hands
        Each live seat's :class:`~omaha8.HandEvaluation`; None for folded or
        empty seats and for cards that were not all dealt (everyone else folded).
    scoops
        Seats that won at least one pot whole at showdown, ascending.
    show_order
        The order live seats with chips in show their cards; empty when only
        one of them is left (it wins without showing).
    contributions
        The chips each seat put in (the defaults filled in).
    """

    payouts: tuple[int, ...]
    net: tuple[int, ...]
    pots: tuple[Pot, ...]
    uncalled: tuple[int, ...]
    hands: tuple[HandEvaluation | None, ...]
    scoops: tuple[int, ...]
    show_order: tuple[int, ...]
    contributions: tuple[int, ...]
