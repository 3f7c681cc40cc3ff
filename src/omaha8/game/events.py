"""What happens in a hand: the posts that open it and every event after, as data and as text.

>>> Event("call", 1, 5, 10).text()
'Seat 1 calls 5'
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import format_cards

__all__ = ["ACTIONS", "STREETS", "POST_KINDS", "Post", "Event"]

#: Betting rounds in order; a finished hand's street is ``"over"``.
STREETS = ("preflop", "flop", "turn", "river", "over")
#: The actions a player may take.
ACTIONS = ("fold", "check", "call", "bet", "raise")
#: The kinds of :class:`Post`: dead money (``"ante"``, ``"dead"``) and live blinds.
POST_KINDS = ("ante", "small_blind", "big_blind", "dead")

class Post(NamedTuple):
    """Chips a seat puts in before the cards are dealt (see :class:`Hand`'s ``posts``).

    ``kind`` is one of :data:`POST_KINDS`: ``"ante"`` and ``"dead"`` are dead
    money (in the pot, not part of the seat's bet), ``"small_blind"`` and
    ``"big_blind"`` live money (part of its pre-flop bet). Antes are cut into
    pots like any chips; a dead blind is outside the uncalled bet and every pot
    level and goes into the main pot (docs/rules.md §6.11). ``amount`` is
    the post as called for: a seat with fewer chips goes all-in for what it
    has, and a live post still sets the bet to call at its full amount.

    >>> Post(3, "big_blind", 10)
    Post(seat=3, kind='big_blind', amount=10)
    """

    seat: int
    kind: str
    amount: int


class Event(NamedTuple):
    """One thing that happened in a hand.

    ``kind`` is one of:

    - ``"small_blind"``, ``"big_blind"``: ``seat`` posts ``amount`` (live
      money; ``total`` is its bet after the post).
    - ``"ante"``, ``"dead"``: ``seat`` posts ``amount`` of dead money (with
      :class:`~omaha8.game.Post` s).
    - ``"hole"``: ``seat`` is dealt ``cards``.
    - ``"flop"``, ``"turn"``, ``"river"``: board ``cards`` dealt.
    - ``"fold"``, ``"check"``, ``"call"``, ``"bet"``, ``"raise"``: ``seat``
      acts, putting in ``amount`` more chips, to a street total ``total``.
    - ``"show"``: ``seat`` shows ``cards`` (in show order).
    - ``"uncalled"``: ``amount`` returned to ``seat``.
    - ``"pot"``: pot number ``total`` of ``amount`` chips, contested by
      ``seats``.
    - ``"award"``: ``seat`` wins ``amount`` of pot ``total``; ``note`` says
      what for: ``"high"`` (the high half, or the whole pot when nobody in
      it has a low), ``"low"``, ``"high and low"``, or ``"uncontested"``
      (a pot only that seat could win).
    - ``"rake"``: ``amount`` taken from pot number ``total`` by the rake.
    - ``"collect"``: ``seat`` takes ``amount`` from the pots in all.

    ``all_in`` marks a post or action that put the seat all-in. Seat -1
    means the table.
    """

    kind: str
    seat: int = -1
    amount: int = 0
    total: int = 0
    cards: tuple[int, ...] = ()
    seats: tuple[int, ...] = ()
    all_in: bool = False
    note: str = ""

    def text(self) -> str:
        """The event as a line of text."""
        kind, seat = self.kind, self.seat
        tail = " and is all-in" if self.all_in else ""
        if kind == "small_blind":
            return f"Seat {seat} posts small blind {self.amount}{tail}"
        if kind == "big_blind":
            return f"Seat {seat} posts big blind {self.amount}{tail}"
        if kind == "ante":
            return f"Seat {seat} posts ante {self.amount}{tail}"
        if kind == "dead":
            return f"Seat {seat} posts dead {self.amount}{tail}"
        if kind == "rake":
            name = "pot" if self.total == 0 else f"side pot {self.total}"
            return f"Rake {self.amount} from {name}"
        if kind == "hole":
            return f"Seat {seat} is dealt {format_cards(self.cards)}"
        if kind in ("flop", "turn", "river"):
            return f"*** {kind.upper()} *** {format_cards(self.cards)}"
        if kind in ("fold", "check"):
            return f"Seat {seat} {kind}s"
        if kind == "call":
            return f"Seat {seat} calls {self.amount}{tail}"
        if kind == "bet":
            return f"Seat {seat} bets {self.total}{tail}"
        if kind == "raise":
            return f"Seat {seat} raises to {self.total}{tail}"
        if kind == "show":
            return f"Seat {seat} shows {format_cards(self.cards)}"
        if kind == "uncalled":
            return f"Uncalled {self.amount} returned to seat {seat}"
        if kind == "pot":
            name = "Pot" if self.total == 0 else f"Side pot {self.total}"
            return f"{name} {self.amount}, seats {', '.join(map(str, self.seats))}"
        if kind == "award":
            name = "pot" if self.total == 0 else f"side pot {self.total}"
            return f"Seat {seat} wins {self.amount} ({self.note}) from {name}"
        if kind == "collect":
            return f"Seat {seat} collects {self.amount}"
        return f"{kind} {seat} {self.amount}"
