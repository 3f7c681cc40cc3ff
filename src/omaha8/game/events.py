"""What happens in a hand: the posts that open it and every event after, as data and as text.

Every event is an :class:`Event` (one record shape, the fields of
:meth:`omaha8.game.HandHistory.as_dict`); each kind is a typed subclass built
from the fields it has, and writes its own line of text:

>>> Call(1, 5, 10).text()
'Seat 1 calls 5'
>>> Call(1, 5, 10) == Event("call", 1, 5, 10), typed(Event("call", 1, 5, 10))
(True, Call(kind='call', seat=1, amount=5, total=10, cards=(), seats=(), all_in=False, note=''))
>>> PotFormed(1, 30, (0, 2)).text()
'Side pot 1 30, seats 0, 2'
"""

from __future__ import annotations

from typing import Any, NamedTuple, TypeVar

from ..cards import format_cards

__all__ = [
    "ACTIONS", "STREETS", "POST_KINDS", "Post", "Event", "Posted", "HoleDealt", "BoardDealt", "Fold", "Check",
    "Call", "Bet", "Raise", "Shown", "Uncalled", "PotFormed", "Raked", "Award", "Collect", "EVENT_TYPES", "typed",
]

#: Betting rounds in order; a finished hand's street is ``"over"``.
STREETS = ("preflop", "flop", "turn", "river", "over")
#: The actions a player may take.
ACTIONS = ("fold", "check", "call", "bet", "raise")
#: The kinds of :class:`Post`: dead money (``"ante"``, ``"dead"``) and live blinds.
POST_KINDS = ("ante", "small_blind", "big_blind", "dead")

_new = tuple.__new__
_A = TypeVar("_A", bound="_Action")
_W = TypeVar("_W", bound="_Wager")


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
        """The event as a line of text (written by its typed kind; an unknown kind as its fields)."""
        kind = EVENT_TYPES.get(self.kind)
        if kind is None:
            return f"{self.kind} {self.seat} {self.amount}"
        return kind._make(self).text()


def _tail(event: Event) -> str:
    return " and is all-in" if event.all_in else ""


def _pot_name(number: int) -> str:
    return "pot" if number == 0 else f"side pot {number}"


class _Typed(Event):
    # a typed kind pickles and copies through its plain fields (its constructor takes fewer)
    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return typed, (Event._make(self),)


class Posted(_Typed):
    """``seat`` posts ``amount`` (a :data:`POST_KINDS` kind); ``total`` is its bet after the post."""

    __slots__ = ()
    _NAMES = {"small_blind": "small blind", "big_blind": "big blind", "ante": "ante", "dead": "dead"}

    def __new__(cls, kind: str, seat: int, amount: int, total: int, all_in: bool = False) -> Posted:
        return _new(cls, (kind, seat, amount, total, (), (), all_in, ""))

    def text(self) -> str:
        return f"Seat {self.seat} posts {self._NAMES[self.kind]} {self.amount}{_tail(self)}"


class HoleDealt(_Typed):
    """``seat`` is dealt ``cards``."""

    __slots__ = ()

    def __new__(cls, seat: int, cards: tuple[int, ...]) -> HoleDealt:
        return _new(cls, ("hole", seat, 0, 0, cards, (), False, ""))

    def text(self) -> str:
        return f"Seat {self.seat} is dealt {format_cards(self.cards)}"


class BoardDealt(_Typed):
    """The ``"flop"``, ``"turn"`` or ``"river"`` ``cards`` are dealt (``"upcard"``: Courchevel's first flop
    card, face up before the pre-flop betting; the flop then deals its three cards with it)."""

    __slots__ = ()

    def __new__(cls, street: str, cards: tuple[int, ...]) -> BoardDealt:
        return _new(cls, (street, -1, 0, 0, cards, (), False, ""))

    def text(self) -> str:
        return f"*** {self.kind.upper()} *** {format_cards(self.cards)}"


class _Action(_Typed):
    # a seat's action; as such a fold or a check (no chips, the seat's street total kept), its line the seat and
    # the kind's verb
    __slots__ = ()
    _KIND = ""
    _VERB = ""

    def __new__(cls: type[_A], seat: int, total: int) -> _A:
        return _new(cls, (cls._KIND, seat, 0, total, (), (), False, ""))

    def text(self) -> str:
        return f"Seat {self.seat} {self._VERB}"


class Fold(_Action):
    """``seat`` folds; ``total`` is what it had bet on the street."""

    __slots__ = ()
    _KIND, _VERB = "fold", "folds"


class Check(_Action):
    """``seat`` checks; ``total`` is its bet on the street."""

    __slots__ = ()
    _KIND, _VERB = "check", "checks"


class _Wager(_Action):
    # a call, bet or raise: ``amount`` added to a street total ``total``; the line gives the chips of one of the
    # two (``_CHIPS``) after the verb, and says all-in
    __slots__ = ()
    _CHIPS = "total"

    def __new__(cls: type[_W], seat: int, amount: int, total: int, all_in: bool = False) -> _W:
        return _new(cls, (cls._KIND, seat, amount, total, (), (), all_in, ""))

    def text(self) -> str:
        chips = self.amount if self._CHIPS == "amount" else self.total
        return f"Seat {self.seat} {self._VERB} {chips}{_tail(self)}"


class Call(_Wager):
    """``seat`` calls, adding ``amount``, to a street total ``total``."""

    __slots__ = ()
    _KIND, _VERB, _CHIPS = "call", "calls", "amount"


class Bet(_Wager):
    """``seat`` bets ``total``, adding ``amount``."""

    __slots__ = ()
    _KIND, _VERB = "bet", "bets"


class Raise(_Wager):
    """``seat`` raises to ``total``, adding ``amount``."""

    __slots__ = ()
    _KIND, _VERB = "raise", "raises to"


class Shown(_Typed):
    """``seat`` shows ``cards`` (in show order)."""

    __slots__ = ()

    def __new__(cls, seat: int, cards: tuple[int, ...]) -> Shown:
        return _new(cls, ("show", seat, 0, 0, cards, (), False, ""))

    def text(self) -> str:
        return f"Seat {self.seat} shows {format_cards(self.cards)}"


class Uncalled(_Typed):
    """``amount`` returned to ``seat``."""

    __slots__ = ()

    def __new__(cls, seat: int, amount: int) -> Uncalled:
        return _new(cls, ("uncalled", seat, amount, 0, (), (), False, ""))

    def text(self) -> str:
        return f"Uncalled {self.amount} returned to seat {self.seat}"


class PotFormed(_Typed):
    """Pot number ``total`` (0 the main pot) of ``amount`` chips, contested by ``seats``."""

    __slots__ = ()

    def __new__(cls, number: int, amount: int, seats: tuple[int, ...]) -> PotFormed:
        return _new(cls, ("pot", -1, amount, number, (), seats, False, ""))

    def text(self) -> str:
        name = "Pot" if self.total == 0 else f"Side pot {self.total}"
        return f"{name} {self.amount}, seats {', '.join(map(str, self.seats))}"


class Raked(_Typed):
    """``amount`` taken from pot number ``total`` by the rake."""

    __slots__ = ()

    def __new__(cls, number: int, amount: int) -> Raked:
        return _new(cls, ("rake", -1, amount, number, (), (), False, ""))

    def text(self) -> str:
        return f"Rake {self.amount} from {_pot_name(self.total)}"


class Award(_Typed):
    """``seat`` wins ``amount`` of pot number ``total``, ``note`` saying what for."""

    __slots__ = ()

    def __new__(cls, seat: int, amount: int, number: int, note: str) -> Award:
        return _new(cls, ("award", seat, amount, number, (), (), False, note))

    def text(self) -> str:
        return f"Seat {self.seat} wins {self.amount} ({self.note}) from {_pot_name(self.total)}"


class Collect(_Typed):
    """``seat`` takes ``amount`` from the pots in all."""

    __slots__ = ()

    def __new__(cls, seat: int, amount: int) -> Collect:
        return _new(cls, ("collect", seat, amount, 0, (), (), False, ""))

    def text(self) -> str:
        return f"Seat {self.seat} collects {self.amount}"


#: The typed class of each event kind.
EVENT_TYPES: dict[str, type[Event]] = {
    **dict.fromkeys(POST_KINDS, Posted),
    "hole": HoleDealt,
    **dict.fromkeys(("upcard", "flop", "turn", "river"), BoardDealt),
    "fold": Fold,
    "check": Check,
    "call": Call,
    "bet": Bet,
    "raise": Raise,
    "show": Shown,
    "uncalled": Uncalled,
    "pot": PotFormed,
    "rake": Raked,
    "award": Award,
    "collect": Collect,
}


def typed(event: Event) -> Event:
    """``event`` as its kind's typed class (an unknown kind stays a plain :class:`Event`)."""
    kind = EVENT_TYPES.get(event.kind, Event)
    return event if type(event) is kind else kind._make(event)
