"""What a hand offers and how it ended: the legal actions, the pots and the result.

>>> LegalActions(seat=0, call=2, min_to=4, max_to=7, raising=True).kinds
('fold', 'call', 'raise')
>>> from omaha8.game import Table, PotLimit
>>> hand = Table([200] * 3, PotLimit(1, 2), seed=7).new_hand()
>>> hand.act("fold"); hand.act("fold")
>>> print(hand.result)  # blinds 1 and 2: a pot of 2 (1 from each) and 1 of the big blind back uncalled
Board: (none)   pot 2
Main pot: 2 (seat 2): high seat 2
seat 0:        0  (+0)
seat 1:        0  (-1)
seat 2:        3  (+1)
>>> hand.result.to_dict()["payouts"]
[0, 0, 3]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ..cards import format_cards
from ..pots._showdown import PotSplit

__all__ = ["LegalActions", "PotResult", "HandResult"]


class LegalActions(NamedTuple):
    """What the acting player may do.

    Folding is always allowed. ``call == 0`` means there is nothing to call
    (the player may check); otherwise ``call`` is the chips a call adds (all
    the player has when that is less). ``min_to``/``max_to`` bound the
    player's total bet for the round after a bet or raise (0, 0 when they
    may not bet or raise); ``raising`` says whether that wager is a raise
    (a bet is outstanding) or an opening bet.
    """

    seat: int
    call: int
    min_to: int
    max_to: int
    raising: bool

    @property
    def can_fold(self) -> bool:
        """Always True: a player may fold in turn."""
        return True

    @property
    def can_check(self) -> bool:
        """Nothing to call."""
        return self.call == 0

    @property
    def can_call(self) -> bool:
        """A bet to call."""
        return self.call > 0

    @property
    def can_bet(self) -> bool:
        """May open the betting (nothing to call)."""
        return self.max_to > 0 and not self.raising

    @property
    def can_raise(self) -> bool:
        """May raise the outstanding bet."""
        return self.max_to > 0 and self.raising

    @property
    def kinds(self) -> tuple[str, ...]:
        """The names of the legal actions, e.g. ``("fold", "call", "raise")``."""
        call = self.call
        if not self.max_to:
            return _FOLD_CALL if call else _FOLD_CHECK
        if self.raising:
            return _FOLD_CALL_RAISE if call else _FOLD_CHECK_RAISE
        return _FOLD_CALL_BET if call else _FOLD_CHECK_BET


# the answers of LegalActions.kinds, built once (it is asked before every action)
_FOLD_CALL, _FOLD_CHECK = ("fold", "call"), ("fold", "check")
_FOLD_CALL_RAISE, _FOLD_CHECK_RAISE = ("fold", "call", "raise"), ("fold", "check", "raise")
_FOLD_CALL_BET, _FOLD_CHECK_BET = ("fold", "call", "bet"), ("fold", "check", "bet")


@dataclass(frozen=True)
class PotResult:
    """One pot of a settled hand: the main pot or a side pot, with or without a showdown.

    Attributes
    ----------
    amount
        Chips in the pot, before the rake (uncalled chips are never in it).
    rake
        Chips the rake took from it.
    eligible
        Seats still in the hand that may win it, ascending.
    high_winners
        Seats paid for the high (the whole pot when nobody in it has a low);
        the sole eligible seat of an uncontested pot.
    low_winners
        Seats paid for the low; None when nobody eligible has a qualifying
        low or the pot was not contested.
    awards
        Chips from this pot per seat (after the rake); they add up to
        ``amount - rake``.
    split
        How the pot was divided, a :class:`omaha8.PotSplit`.
    runs
        When the hand was run more than once: each board's share of the pot
        and how it was split (:class:`omaha8.Pot` each); the winners and the
        split above are the first board's. Empty for one board.
    """

    amount: int
    rake: int
    eligible: tuple[int, ...]
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...] | None
    awards: tuple[int, ...]
    split: PotSplit
    runs: tuple[Any, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The pot as plain JSON-ready values (``split`` as its text)."""
        return {
            "amount": self.amount,
            "rake": self.rake,
            "eligible": list(self.eligible),
            "high_winners": list(self.high_winners),
            "low_winners": None if self.low_winners is None else list(self.low_winners),
            "awards": list(self.awards),
            "split": self.split.value,
        }

    def __str__(self) -> str:
        rake = f", rake {self.rake:,}" if self.rake else ""
        low = "" if self.low_winners is None else f", low {_seats(self.low_winners)}"
        return f"{self.amount:,}{rake} ({_seats(self.eligible)}): high {_seats(self.high_winners)}{low}"


def _seats(seats: tuple[int, ...]) -> str:
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(str(seat) for seat in seats)


@dataclass(frozen=True)
class HandResult:
    """How a finished hand ended.

    Attributes
    ----------
    payouts
        Per seat, the chips taken from the table: pots won plus uncalled
        chips returned. Sums to the chips put in.
    net
        Per seat, payout minus the chips the seat put in.
    stacks
        Per seat, the stack after the hand.
    uncalled
        Per seat, uncalled chips returned (part of ``payouts``).
    won
        Per seat, chips won from pots (``payouts - uncalled``).
    pot
        All chips won from pots (uncalled chips excluded).
    board
        The board cards dealt (fewer than five when the hand ended early).
    showdown
        The :func:`omaha8.pots._showdown.showdown` result (hands, show order, and
        pots as split before any rake), or None when everyone else folded.
    pots
        Each pot as settled, main pot first: its chips, rake, eligible
        seats and winners (:class:`PotResult`); filled with or without a
        showdown.
    rake
        Chips the rake took from each pot (one entry per pot).
    rake_total
        All the rake; ``sum(payouts) + rake_total`` is the chips put in.
    """

    payouts: tuple[int, ...]
    net: tuple[int, ...]
    stacks: tuple[int, ...]
    uncalled: tuple[int, ...]
    won: tuple[int, ...]
    pot: int
    board: tuple[int, ...]
    showdown: Any
    pots: tuple[PotResult, ...] = ()
    rake: tuple[int, ...] = ()
    rake_total: int = 0

    @property
    def went_to_showdown(self) -> bool:
        """Two or more players showed down."""
        return self.showdown is not None

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats that won chips from a pot."""
        return tuple(s for s, w in enumerate(self.won) if w > 0)

    def to_dict(self) -> dict[str, Any]:
        """The result as plain JSON-ready values: per-seat lists, the board as card text, each pot's dict, and
        ``showdown``, the showdown's own dict (None when everyone else folded)."""
        return {
            "payouts": list(self.payouts),
            "net": list(self.net),
            "stacks": list(self.stacks),
            "uncalled": list(self.uncalled),
            "won": list(self.won),
            "pot": self.pot,
            "board": format_cards(self.board),
            "pots": [pot.to_dict() for pot in self.pots],
            "rake": list(self.rake),
            "rake_total": self.rake_total,
            "showdown": None if self.showdown is None else self.showdown.to_dict(),
        }

    def __str__(self) -> str:
        lines = [f"Board: {format_cards(self.board) or '(none)'}   pot {self.pot:,}"
                 + (f", rake {self.rake_total:,}" if self.rake_total else "")]
        lines += [f"{'Main pot' if i == 0 else f'Side pot {i}'}: {pot}" for i, pot in enumerate(self.pots)]
        lines += [f"seat {seat}: {paid:>8,}  ({net:+,})" for seat, (paid, net) in enumerate(zip(self.payouts, self.net))]
        return "\n".join(lines)
