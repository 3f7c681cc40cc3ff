"""Hand histories: every event of a hand, as data and as text, and replay.

>>> from omaha8.game import Hand, PotLimit, replay
>>> hand = Hand([100, 100], PotLimit(1, 2), button=0, holes=["As Ad 2c 3c", "Ks Kd 4h 5h"],
...             board="7c 8d 9h Ts 2d")
>>> hand.act("call"); hand.act("check")
>>> hand.act("bet", 4); hand.act("fold")
>>> print(hand.history.text())
Omaha Hi/Lo, pot limit 1/2, 2 seats, button seat 0
Seat 0: 100 chips
Seat 1: 100 chips
Seat 0 posts small blind 1
Seat 1 posts big blind 2
Seat 1 is dealt Ks Kd 4h 5h
Seat 0 is dealt As Ad 2c 3c
Seat 0 calls 1
Seat 1 checks
*** FLOP *** 7c 8d 9h
Seat 1 bets 4
Seat 0 folds
Uncalled 4 returned to seat 1
Pot 4, seats 1
Seat 1 collects 4
>>> replay(hand.history).result.payouts
(0, 8)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from .._args import brief, is_int
from ..cards import format_cards, parse_cards
from ..errors import ArgumentTypeError, Omaha8Error
from .hand import ACTIONS, GameError, Hand, IllegalActionError, Post
from .structures import FixedLimit, NoLimit, PotLimit, Structure

__all__ = ["Event", "HandHistory", "ReplayError", "replay"]


class ReplayError(GameError):
    """A history that does not replay to the same events."""


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


@dataclass(frozen=True)
class HandHistory:
    """Everything needed to reproduce a hand, and what happened in it.

    Attributes
    ----------
    variant, structure, stacks, button, odd_chips, posts, rake
        The hand's setup (stacks before the blinds; ``posts`` None for the
        automatic blinds; ``rake`` the rake policy, None for none).
    holes
        Hole cards of each seat (None for seats sitting out).
    board
        The board cards dealt.
    events
        Every :class:`Event` in order.
    """

    variant: int
    structure: Structure
    stacks: tuple[int, ...]
    button: int
    holes: tuple[tuple[int, ...] | None, ...]
    board: tuple[int, ...]
    events: tuple[Event, ...]
    odd_chips: Any = None
    posts: tuple[Post, ...] | None = None
    rake: Any = None

    @property
    def actions(self) -> tuple[Event, ...]:
        """Only the players' actions (fold, check, call, bet, raise)."""
        return tuple(e for e in self.events if e.kind in ACTIONS)

    def text(self) -> str:
        """The history as readable text, one event a line."""
        game = "Omaha Hi/Lo" if self.variant == 4 else "5-card Omaha Hi/Lo"
        lines = [f"{game}, {self.structure.name}, {len(self.stacks)} seats, button seat {self.button}"]
        lines += [f"Seat {s}: {c} chips" for s, c in enumerate(self.stacks) if c > 0]
        lines += [event.text() for event in self.events]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def as_dict(self) -> dict[str, Any]:
        """The history as plain data (JSON-ready): cards as text, events without default fields.

        The odd-chip and rake policies are not included; :meth:`from_dict`
        restores the defaults (the cardroom rule, no rake). ``posts`` is
        there only when the hand was given posts.

        >>> from omaha8.game import Hand, NoLimit
        >>> hand = Hand([100, 100], NoLimit(1, 2), holes=["As Ad 2c 3c", "Ks Kd 4h 5h"])
        >>> hand.act("fold")
        >>> data = hand.history.as_dict()
        >>> data["structure"], data["events"][0]
        ({'type': 'no-limit', 'small_blind': 1, 'big_blind': 2}, {'kind': 'small_blind', 'seat': 0, 'amount': 1, 'total': 1})
        >>> HandHistory.from_dict(data) == hand.history
        True
        """
        defaults = Event("")
        events = []
        for event in self.events:
            item: dict[str, Any] = {}
            value: Any
            for field, value in zip(Event._fields, event):
                if value != getattr(defaults, field) or field == "kind":
                    if field == "cards":
                        value = format_cards(value)
                    elif field == "seats":
                        value = list(value)
                    item[field] = value
            events.append(item)
        data: dict[str, Any] = {
            "variant": self.variant,
            "structure": _structure_dict(self.structure),
            "stacks": list(self.stacks),
            "button": self.button,
            "holes": [None if hole is None else format_cards(hole) for hole in self.holes],
            "board": format_cards(self.board),
            "events": events,
        }
        if self.posts is not None:
            data["posts"] = [list(post) for post in self.posts]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandHistory:
        """Rebuild a history from :meth:`as_dict` output.

        Raises
        ------
        ReplayError
            ``data`` is not such a dict: the message names the field (and
            the event) that is missing or malformed.

        >>> HandHistory.from_dict({"variant": 4, "structure": {"type": "no-limit"}})
        Traceback (most recent call last):
        ...
        omaha8.game.history.ReplayError: not a hand history: the field 'stacks' is missing
        """
        if not isinstance(data, Mapping):
            raise ReplayError(f"not a hand history: a dict is needed, not {type(data).__name__} {brief(data)}")
        for key in _FIELDS:
            if key not in data:
                raise ReplayError(f"not a hand history: the field {key!r} is missing")
        variant = data["variant"]
        if not is_int(variant) or int(variant) not in (4, 5):
            raise ReplayError(f"not a hand history: variant must be 4 or 5, not {brief(variant)}")
        events = _list(data["events"], "events")
        stacks = _list(data["stacks"], "stacks")
        for i, chips in enumerate(stacks):
            if not is_int(chips) or chips < 0:
                raise ReplayError(f"not a hand history: stacks[{i}] = {brief(chips)} is not a chip count")
        button = data["button"]
        if not is_int(button):
            raise ReplayError(f"not a hand history: button must be a seat number, not {brief(button)}")
        holes = _list(data["holes"], "holes")
        posts = data.get("posts")
        return cls(
            variant=int(variant),
            structure=_structure_from_dict(data["structure"]),
            stacks=tuple(int(c) for c in stacks),
            button=int(button),
            holes=tuple(None if hole is None else _cards(hole, f"holes[{i}]") for i, hole in enumerate(holes)),
            board=_cards(data["board"], "board"),
            events=tuple(_event(item, i) for i, item in enumerate(events)),
            posts=None if posts is None else tuple(_post(item, i) for i, item in enumerate(_list(posts, "posts"))),
        )


_FIELDS = ("variant", "structure", "stacks", "button", "holes", "board", "events")
_EVENT_TYPES: dict[str, Any] = {
    "kind": str, "seat": int, "amount": int, "total": int, "cards": str, "seats": list, "all_in": bool, "note": str,
}


def _list(value: Any, name: str) -> list[Any]:
    if not isinstance(value, (list, tuple)):
        raise ReplayError(f"not a hand history: {name} must be a list, not {type(value).__name__} {brief(value)}")
    return list(value)


def _cards(value: Any, name: str) -> tuple[int, ...]:
    if not isinstance(value, str):
        raise ReplayError(f"not a hand history: {name} must be cards as text, not {brief(value)}")
    try:
        return tuple(parse_cards(value, name=name).tolist())
    except Omaha8Error as exc:
        raise ReplayError(f"not a hand history: {name}: {exc}") from None


def _event(item: Any, i: int) -> Event:
    name = f"events[{i}]"
    if not isinstance(item, Mapping):
        raise ReplayError(f"not a hand history: {name} must be a dict, not {brief(item)}")
    fields: dict[str, Any] = {}
    for key, value in item.items():
        want = _EVENT_TYPES.get(key)
        if want is None:
            raise ReplayError(f"not a hand history: {name} has an unknown field {brief(key)}")
        if want is int:
            ok = is_int(value)
            value = int(value) if ok else value
        elif want is bool:
            ok = isinstance(value, bool)
        else:
            ok = isinstance(value, want)
        if not ok:
            raise ReplayError(f"not a hand history: {name}.{key} must be {want.__name__}, not {brief(value)}")
        if key == "cards":
            value = _cards(value, f"{name}.cards")
        elif key == "seats":
            if not all(is_int(seat) for seat in value):
                raise ReplayError(f"not a hand history: {name}.seats must be seat numbers, not {brief(value)}")
            value = tuple(int(seat) for seat in value)
        fields[key] = value
    if "kind" not in fields:
        raise ReplayError(f"not a hand history: {name} has no kind")
    return Event(**fields)


def _post(item: Any, i: int) -> Post:
    if not isinstance(item, (list, tuple)) or len(item) != 3:
        raise ReplayError(f"not a hand history: posts[{i}] must be [seat, kind, amount], not {brief(item)}")
    seat, kind, amount = item
    if not is_int(seat) or not isinstance(kind, str) or not is_int(amount):
        raise ReplayError(f"not a hand history: posts[{i}] must be [seat, kind, amount], not {brief(item)}")
    return Post(int(seat), kind, int(amount))


def _structure_dict(structure: Structure) -> dict[str, Any]:
    if isinstance(structure, FixedLimit):
        return {
            "type": "fixed-limit",
            "small_bet": structure.small_bet,
            "big_bet": structure.big_bet,
            "small_blind": structure.small_blind,
            "big_blind": structure.big_blind,
            "cap": structure.cap,
            "uncapped_heads_up": structure.uncapped_heads_up,
        }
    name = "pot-limit" if isinstance(structure, PotLimit) else "no-limit"
    return {"type": name, "small_blind": structure.small_blind, "big_blind": structure.big_blind}


def _structure_from_dict(data: Any) -> Structure:
    if not isinstance(data, Mapping):
        raise ReplayError(f"not a hand history: structure must be a dict, not {brief(data)}")
    fields = dict(data)
    kind = fields.pop("type", None)
    makers: dict[str, Any] = {"fixed-limit": FixedLimit, "pot-limit": PotLimit, "no-limit": NoLimit}
    if kind not in makers:
        raise ReplayError(f"not a hand history: structure type must be one of {', '.join(makers)}, not {brief(kind)}")
    maker = makers[kind]
    allowed = _STRUCTURE_FIELDS[kind]
    for key in fields:
        if key not in allowed:
            raise ReplayError(f"not a hand history: structure has an unknown field {brief(key)}")
    needed = ("small_bet", "big_bet") if kind == "fixed-limit" else ("small_blind", "big_blind")
    if any(key not in fields for key in needed):
        raise ReplayError(f"not a hand history: structure: {maker.__name__} needs {' and '.join(needed)}")
    try:
        return maker(**fields)  # type: ignore[no-any-return]
    except Omaha8Error as exc:
        raise ReplayError(f"not a hand history: structure: {exc}") from None


_STRUCTURE_FIELDS = {
    "fixed-limit": ("small_bet", "big_bet", "small_blind", "big_blind", "cap", "uncapped_heads_up"),
    "pot-limit": ("small_blind", "big_blind"),
    "no-limit": ("small_blind", "big_blind"),
}


def replay(history: HandHistory) -> Hand:
    """Play a history's actions again on the same deal; the new hand's events must match.

    Parameters
    ----------
    history
        A :attr:`Hand.history`.

    Returns
    -------
    Hand
        The replayed hand, in the state the history ends in.

    Raises
    ------
    ReplayError
        An action is refused, or the replay's events differ from the
        history's (the message gives the first difference).

    Examples
    --------
    >>> from omaha8.game import Hand, NoLimit
    >>> hand = Hand([100, 100, 100], NoLimit(1, 2), seed=4)
    >>> hand.act("fold"); hand.act("fold")
    >>> replay(hand.history).history == hand.history
    True
    >>> import dataclasses
    >>> replay(dataclasses.replace(hand.history, button=1))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    omaha8.game.history.ReplayError: event 0 differs: replayed Event(kind='small_blind', seat=2, ...
    """
    if not isinstance(history, HandHistory):
        raise ArgumentTypeError(f"replay needs a HandHistory, not {type(history).__name__} {brief(history)}")
    hand = Hand(
        history.stacks,
        history.structure,
        button=history.button,
        variant=history.variant,
        holes=history.holes,
        board=history.board,
        odd_chips=history.odd_chips,
        posts=history.posts,
        rake=history.rake,
    )
    want = history.events
    checked = 0

    def compare() -> None:
        # report the first event that differs, before the actions that follow it are refused
        nonlocal checked
        got = hand._log
        upto = min(len(got), len(want))
        for j in range(checked, upto):
            if Event._make(got[j]) != want[j]:
                raise ReplayError(f"event {j} differs: replayed {Event._make(got[j])!r}, history has {want[j]!r}")
        checked = upto

    for i, event in enumerate(want):
        if event.kind not in ACTIONS:
            continue
        compare()
        if hand.is_over:
            raise ReplayError(f"event {i} ({event.text()}): the replayed hand is already over")
        amount = event.total if event.kind in ("bet", "raise") else None
        try:
            hand.act(event.kind, amount, seat=event.seat)
        except IllegalActionError as exc:
            raise ReplayError(f"event {i} ({event.text()}) is refused: {exc}") from None
    compare()
    if len(hand._log) != len(want):
        raise ReplayError(f"the replay has {len(hand._log)} events, the history {len(want)}")
    return hand
