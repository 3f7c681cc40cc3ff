"""What a showdown returns: each pot and how it was split, and the whole settlement.

>>> from omaha8.pots._showdown import showdown
>>> result = showdown(["3c 4c Kh Ks", "5d 8d Qc Jc"], "Ah 2h 7c Kd Qs")
>>> isinstance(result, ShowdownResult), result.pots[0].split is PotSplit.SAME_WINNERS
(True, True)
>>> result.pots[0].scooper
0
>>> print(result)
seat  put in  payout  net  high                                        low
0          1       2   +1  Three of a kind, kings (Kh Ks Ah Kd Qs)     7-4-3-2-A low (3c 4c Ah 2h 7c)
1          1       0   -1  One pair, queens (Qc Jc Ah Kd Qs)           8-7-5-2-A low (5d 8d Ah 2h 7c)
Show order: seats 1, 0
Main pot: 2 (seats 0, 1)
  high  seat 0  Three of a kind, kings (Kh Ks Ah Kd Qs)
  low   seat 0  7-4-3-2-A low (3c 4c Ah 2h 7c)
  scoop
  pays seat 0 2
>>> result.to_dict()["pots"][0]["high_winners"], result.to_dict()["payouts"]
([0], [2, 0])
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from .._support._plain import plain
from ..cards import format_cards
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

    def to_dict(self) -> dict[str, Any]:
        """The pot as plain JSON-ready values: seat lists as lists, ``split`` as its text (``"halves"``)."""
        return {
            "amount": self.amount,
            "eligible": list(self.eligible),
            "split": self.split.value,
            "high_winners": list(self.high_winners),
            "low_winners": None if self.low_winners is None else list(self.low_winners),
            "halves": None if self.halves is None else list(self.halves),
            "awards": list(self.awards),
            "odd_chips": list(self.odd_chips),
        }

    def __str__(self) -> str:
        return "\n".join(self.lines("Pot"))

    def lines(self, name: str, hands: tuple[HandEvaluation | None, ...] | None = None) -> list[str]:
        """The pot in words, a line each: its amount and seats, its winners (with ``hands``, their hands), how
        it was divided, what it pays and who got odd chips."""
        out = [f"{name}: {self.amount:,} ({_seats(self.eligible)})"]

        def winners(label: str, seats: tuple[int, ...], low: bool) -> None:
            for seat in seats:
                hand = "" if hands is None else _hand_text(hands[seat], low)
                out.append(f"  {label:<5} seat {seat}  {hand}".rstrip())

        if self.split is PotSplit.UNCONTESTED:
            out.append(f"  seat {self.eligible[0]} takes it uncontested")
        elif self.split is PotSplit.HIGH_ONLY:
            winners("high", self.high_winners, False)
            out.append("  no qualifying low: the high takes the whole pot")
        elif self.split is PotSplit.SAME_WINNERS:
            winners("high", self.high_winners, False)
            winners("low", self.high_winners, True)
            out.append("  the same seats win both ways: the whole pot is divided once"
                       if len(self.high_winners) > 1 else "  scoop")
        else:
            assert self.halves is not None and self.low_winners is not None
            out.append(f"  halves: high {self.halves[0]:,}, low {self.halves[1]:,}")
            winners("high", self.high_winners, False)
            winners("low", self.low_winners, True)
        awards = ", ".join(f"seat {seat} {chips:,}" for seat, chips in enumerate(self.awards) if chips)
        out.append(f"  pays {awards}")
        if self.odd_chips:
            chips = "odd chip" if len(self.odd_chips) == 1 else "odd chips"
            out.append(f"  {chips} to {_seats(self.odd_chips)}")
        return out


def _seats(seats: tuple[int, ...]) -> str:
    """``seat 2`` or ``seats 0, 2``."""
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(str(seat) for seat in seats)


def _hand_text(hand: HandEvaluation | None, low: bool) -> str:
    if hand is None:
        return "-"
    if low:
        return f"{hand.low_description} ({format_cards(hand.low_cards)})" if hand.low_cards else "no low"
    return f"{hand.high_description} ({format_cards(hand.high_cards)})"


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

    def to_dict(self) -> dict[str, Any]:
        """The settlement as plain JSON-ready values: per-seat lists, each pot's dict, each hand's dict (None
        for a seat not evaluated)."""
        return {
            "payouts": list(self.payouts),
            "net": list(self.net),
            "contributions": list(self.contributions),
            "uncalled": list(self.uncalled),
            "scoops": list(self.scoops),
            "show_order": list(self.show_order),
            "pots": [pot.to_dict() for pot in self.pots],
            "hands": [plain(hand) for hand in self.hands],
        }

    def table(self) -> str:
        """One line per seat: chips put in, paid out and net, and the seat's high and low."""
        rows = [(str(seat), f"{put:,}", f"{paid:,}", f"{net:+,}", _hand_text(hand, False), _hand_text(hand, True))
                for seat, (put, paid, net, hand) in enumerate(zip(self.contributions, self.payouts, self.net,
                                                                   self.hands))]
        head = ("seat", "put in", "payout", "net", "high", "low")
        widths = [max(len(head[i]), *(len(row[i]) for row in rows)) for i in range(5)]
        lines = []
        for row in (head, *rows):
            cells = [row[0].ljust(widths[0])] + [row[i].rjust(widths[i]) for i in (1, 2, 3)]
            lines.append("  ".join([*cells, row[4].ljust(max(widths[4], 42)), row[5]]).rstrip())
        return "\n".join(lines)

    def __str__(self) -> str:
        lines = [self.table()]
        if self.show_order:
            lines.append(f"Show order: {_seats(self.show_order)}")
        for index, pot in enumerate(self.pots):
            lines += pot.lines("Main pot" if index == 0 else f"Side pot {index}", self.hands)
        lines += [f"Uncalled: {chips:,} returned to seat {seat}" for seat, chips in enumerate(self.uncalled) if chips]
        return "\n".join(lines)
