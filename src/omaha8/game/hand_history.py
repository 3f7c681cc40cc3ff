"""A hand's history as data: its setup and events, and their plain (JSON-ready) form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .._support._args import brief, is_int
from ..cards import format_cards, parse_cards
from ..errors import Omaha8Error
from .errors import ReplayError
from .events import ACTIONS, Event, Post, typed
from .structures import FixedLimit, NoLimit, PotLimit, Structure

__all__ = ["HandHistory"]


@dataclass(frozen=True)
class HandHistory:
    """Everything needed to reproduce a hand, and what happened in it.

    Attributes
    ----------
    variant, structure, stacks, button, odd_chips, posts, rake, game, runs
        The hand's setup (stacks before the blinds; ``posts`` None for the
        automatic blinds; ``rake`` the rake policy, None for none; ``game``
        ``"omaha"`` or ``"courchevel"``; ``runs`` how many times a board is
        run when the betting ends with cards to come).
    holes
        Hole cards of each seat (None for seats sitting out).
    board
        The board cards dealt (the first board when the hand was run more than once).
    boards
        The boards of runs 2.. when the hand was run more than once, else empty.
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
    game: str = "omaha"
    runs: int = 1
    boards: tuple[tuple[int, ...], ...] = ()

    @property
    def actions(self) -> tuple[Event, ...]:
        """Only the players' actions (fold, check, call, bet, raise)."""
        return tuple(e for e in self.events if e.kind in ACTIONS)

    def text(self) -> str:
        """The history as readable text, one event a line."""
        game = "Courchevel Hi/Lo" if self.game == "courchevel" else (
            "Omaha Hi/Lo" if self.variant == 4 else "5-card Omaha Hi/Lo")
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
        if self.game != "omaha":
            data["game"] = self.game
        if self.runs != 1:
            data["runs"] = self.runs
            data["boards"] = [format_cards(board) for board in self.boards]
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
            game=str(data.get("game", "omaha")),
            runs=int(data.get("runs", 1)),
            boards=tuple(_cards(board, f"boards[{i}]") for i, board in enumerate(_list(data.get("boards", []), "boards"))),
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
    return typed(Event(**fields))


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
