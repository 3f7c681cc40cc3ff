"""The one argument order of the API, holes first and then the board, and how a call in the old order is told.

Every function that takes hole cards and a board takes the holes first:
``evaluate(hole, board)``, ``evaluate_batch(holes, boards)``,
``showdown(holes, board)``, ``pot_shares(holes, boards)``,
``equity(holes, board=...)``, ``Deals(holes, boards)``,
``showdown_values(hands, opponents, board)``; :func:`omaha8.random_deals`
returns ``(holes, boards)``. Before, ``showdown``, ``showdown_values``,
``Deals`` and ``write_deals`` took the board first and ``random_deals``
returned it first. A positional call in that old order fails the new
order's checks; those failures ask :func:`old_order` whether the arguments
read the other way round, and then raise :class:`ArgumentOrderError`, which
says so, instead of a shape error about the wrong argument. Only the failure
path asks: a call in the right order costs nothing more.

>>> board_count("Ah 2h 7c Kd Qs"), board_count([[1, 2, 3, 4]]), board_count("15%")
(5, None, None)
>>> is_hand_list(["Kh Ks 9c 9d", None, (4, 8, 13, 17)]), is_hand_list("Kh Ks 9c 9d")
(True, False)
>>> array_ndim([[1, 2, 3, 4, 5]]), array_ndim("As Kd")
(2, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..errors import ArgumentOrderError, Omaha8Error

__all__ = ["array_ndim", "board_count", "is_hand_list", "not_a_board", "old_order"]

# the most items a check reads of an argument: enough to tell a hand list from a board
_LOOK = 64


def _ids(value: object) -> list[int] | None:
    """``value`` as card ids when it is card text or a flat sequence of card ids, else None; never raises."""
    from . import parse_cards  # the card vocabulary imports this module's users, not this module

    if isinstance(value, np.ndarray):
        if value.ndim != 1 or value.dtype.kind not in "iu" or value.size > _LOOK:
            return None
    elif isinstance(value, (list, tuple)):
        if len(value) > _LOOK or not all(isinstance(item, (int, np.integer, str)) for item in value):
            return None
    elif not isinstance(value, str) or len(value) > 4 * _LOOK:
        return None
    try:
        ids: list[int] = parse_cards(value).tolist()
    except (Omaha8Error, ValueError, TypeError):
        return None
    return ids


def board_count(value: object) -> int | None:
    """The number of cards ``value`` holds when it reads as a board (3 to 5 distinct cards), else None."""
    ids = _ids(value)
    if ids is None or not 3 <= len(ids) <= 5 or len(set(ids)) != len(ids):
        return None
    return len(ids)


def _is_hand(value: object) -> bool:
    if value is None or (isinstance(value, (list, tuple)) and not value):
        return True  # an empty seat, or the cards of a seat that won without showing
    ids = _ids(value)
    return ids is not None and len(ids) in (4, 5)


def is_hand_list(value: object) -> bool:
    """Whether ``value`` reads as one hand per seat: a list, tuple or 2-D array of 4- or 5-card hands."""
    if isinstance(value, np.ndarray):
        return value.ndim == 2 and value.shape[1] in (4, 5) and value.dtype.kind in "iu"
    if not isinstance(value, (list, tuple)) or not value or len(value) > _LOOK:
        return False
    return all(_is_hand(item) for item in value) and any(item is not None for item in value)


def array_ndim(value: object) -> int | None:
    """The number of dimensions of ``value`` as an array of card ids, or None when it is not one."""
    if isinstance(value, np.ndarray):
        return value.ndim
    if isinstance(value, str) or not isinstance(value, Sequence):
        return None
    try:
        return int(np.ndim(value))
    except (ValueError, TypeError):
        return None


# characters of range text that card text never holds
_RANGE_ONLY = frozenset("%$,:!@*+-[(")
_SUITS = frozenset("cdhsCDHS")


def not_a_board(value: object) -> bool:
    """Whether ``value`` is clearly something other than a board: hands or combos, a range object, or range text.

    A string counts as range text when it holds a character card text never
    holds (``%``, ``$``, ``,`` ...) or no suit letter at all (``"AA23"``);
    text that tries to be cards and fails (``"Ah 7d 4c Zz"``) is not
    counted, so its own error is the one raised.

    >>> not_a_board("15%"), not_a_board("AA23"), not_a_board("Ah 7d 4c Zz"), not_a_board([[1, 2, 3, 4]])
    (True, True, False, True)
    """
    if isinstance(value, str):
        return bool(_RANGE_ONLY.intersection(value)) or not _SUITS.intersection(value)
    if hasattr(value, "combos"):
        return True
    if isinstance(value, tuple) and len(value) == 2 and array_ndim(value[0]) == 2:
        return True  # a (combos, weights) pair
    return array_ndim(value) == 2 or is_hand_list(value)


def old_order(usage: str, given: str, before: str = "the order omaha8 took before") -> ArgumentOrderError:
    """The error for a call whose arguments read as the old order: ``usage`` is the call as it is now.

    >>> raise old_order("showdown(holes, board)", "a board, then one hand per seat")
    Traceback (most recent call last):
    ...
    omaha8.errors.ArgumentOrderError: showdown() takes the holes first, then the board: showdown(holes, board); \
the arguments given read as a board, then one hand per seat (the order omaha8 took before): swap them, or name them
    """
    function = usage.split("(", 1)[0]
    return ArgumentOrderError(
        f"{function}() takes the holes first, then the board: {usage}; the arguments given read as {given} "
        f"({before}): swap them, or name them"
    )
