"""Checks of a hand's and a table's arguments: stacks, and the odd-chip and rake policies.

>>> from omaha8.game.arguments import check_rake
>>> check_rake(None) is None
True
>>> check_rake(5)
Traceback (most recent call last):
...
omaha8.errors.ArgumentTypeError: rake must be None or an omaha8.game.RakePolicy (with a take method), not int 5
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .._support._args import brief, is_int
from ..errors import ArgumentError, ArgumentTypeError, ChipError, ShapeError
from ..pots._showdown import MAX_CHIPS, OddChipPolicy
from .rake import RakePolicy

__all__ = ["check_odd_chips", "check_rake", "check_game"]

#: The games a hand plays: Omaha Hi/Lo, and Courchevel Hi/Lo (five cards, the first flop card up before the betting).
GAMES = ("omaha", "courchevel")
#: Most times a board may be run.
MAX_RUNS = 4


def check_game(game: Any, variant: Any, runs: Any) -> tuple[str, int, int]:
    """(game, hole cards, runs) of a hand's ``game``, ``variant`` (None: the game's) and ``runs`` arguments.

    >>> check_game("courchevel", None, 2)
    ('courchevel', 5, 2)
    >>> check_game("courchevel", 4, 1)
    Traceback (most recent call last):
    ...
    omaha8.errors.ShapeError: Courchevel deals 5 hole cards, not variant=4
    """
    if game not in GAMES:
        raise ArgumentError(f"game must be one of {', '.join(GAMES)}, not {brief(game)}")
    if variant is None:
        variant = 5 if game == "courchevel" else 4
    elif type(variant) is not int or (variant != 4 and variant != 5):
        if not is_int(variant) or int(variant) not in (4, 5):
            raise ShapeError(f"variant must be 4 or 5 hole cards, not {brief(variant)}")
        variant = int(variant)
    if game == "courchevel" and variant != 5:
        raise ShapeError(f"Courchevel deals 5 hole cards, not variant={variant}")
    if type(runs) is not int or not 1 <= runs <= MAX_RUNS:
        if not is_int(runs) or not 1 <= int(runs) <= MAX_RUNS:
            raise ArgumentError(f"runs must be 1 to {MAX_RUNS}, not {brief(runs)}")
        runs = int(runs)
    return game, variant, runs


def _chip_list(stacks: Iterable[int], name: str) -> list[int]:
    if type(stacks) is not list and type(stacks) is not tuple and (
            isinstance(stacks, (str, bytes)) or not isinstance(stacks, Iterable)):
        raise ChipError(f"{name} must be a sequence of chip counts, one per seat, not {brief(stacks)}")
    out = list(stacks)
    # plain ints in range (the usual case) are checked in one pass over their types and two over their values
    if out and set(map(type, out)) == _INT and min(out) >= 0 and max(out) <= MAX_CHIPS:
        return out
    return _checked_chips(out, name)


_INT = {int}


def _checked_chips(stacks: list[Any], name: str) -> list[int]:
    out = []
    for i, value in enumerate(stacks):
        # bools are not chips; numpy integers are
        if not is_int(value):
            raise ChipError(f"{name}[{i}] = {brief(value)} is not a whole number of chips")
        value = int(value)
        if value < 0:
            raise ChipError(f"{name}[{i}] = {brief(value)} is negative")
        if value > MAX_CHIPS:
            raise ChipError(f"{name}[{i}] = {brief(value)} is more than {MAX_CHIPS} chips")
        out.append(value)
    return out


# (policy type, protocol) -> whether instances of the type implement it: an isinstance check against a
# runtime-checkable protocol costs tens of microseconds, a good part of replaying a hand
_IMPLEMENTS: dict[tuple[type, type], bool] = {}


def _check_policy(value: Any, name: str, protocol: type, what: str) -> Any:
    """``value`` when it is None or implements ``protocol``, else an ArgumentTypeError."""
    if value is None:
        return value
    key = (type(value), protocol)
    known = _IMPLEMENTS.get(key)
    if known is None:
        # a class is not a policy, though it has the methods
        known = isinstance(value, protocol) and not isinstance(value, type)
        if len(_IMPLEMENTS) < 1024:
            _IMPLEMENTS[key] = known
    if known:
        return value
    raise ArgumentTypeError(f"{name} must be {what}, not {type(value).__name__} {brief(value)}")


def check_odd_chips(value: Any) -> OddChipPolicy | None:
    """An odd-chip policy argument: None or an :class:`omaha8.OddChipPolicy`."""
    return _check_policy(  # type: ignore[no-any-return]
        value, "odd_chips", OddChipPolicy, "None or an omaha8.OddChipPolicy (with split_halves and order)"
    )


def check_rake(value: Any) -> RakePolicy | None:
    """A rake argument: None or an :class:`omaha8.game.RakePolicy`."""
    return _check_policy(  # type: ignore[no-any-return]
        value, "rake", RakePolicy, "None or an omaha8.game.RakePolicy (with a take method)"
    )
