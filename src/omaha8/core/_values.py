"""What high and low values mean: categories and descriptions.

High values run 1..7462 (greater is stronger) over the 7,462 distinct
5-card hands; low values 1..56 (greater is stronger) over the 56 distinct
8-or-better lows, with 0 (arrays) or None (scalars) meaning no low.

>>> describe_high(7462)
'Royal flush'
>>> describe_high(1)
'High card, seven high'
>>> describe_low(56)
'5-4-3-2-A low'
>>> high_category(7462)
<HighCategory.STRAIGHT_FLUSH: 8>
"""

from __future__ import annotations

import enum
import operator
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from . import _core
from .._support._args import brief, is_int
from ..errors import ValueRangeError

__all__ = [
    "HighCategory",
    "N_HIGH_VALUES",
    "N_LOW_VALUES",
    "high_category",
    "high_categories",
    "describe_high",
    "describe_low",
    "low_ranks",
    "ValueRangeError",
]

# the kernel's counts and categories: one definition, in core/_core.pxd
N_HIGH_VALUES: int = _core.N_HIGH_VALUES
N_LOW_VALUES: int = _core.N_LOW_VALUES


class HighCategory(enum.IntEnum):
    """The category of a high hand; greater is stronger."""

    HIGH_CARD = _core.HIGH_CARD
    ONE_PAIR = _core.ONE_PAIR
    TWO_PAIR = _core.TWO_PAIR
    THREE_OF_A_KIND = _core.THREE_OF_A_KIND
    STRAIGHT = _core.STRAIGHT
    FLUSH = _core.FLUSH
    FULL_HOUSE = _core.FULL_HOUSE
    FOUR_OF_A_KIND = _core.FOUR_OF_A_KIND
    STRAIGHT_FLUSH = _core.STRAIGHT_FLUSH

    @property
    def label(self) -> str:
        """``"Full house"``, ``"Straight flush"``, ..."""
        return self.name.replace("_", " ").capitalize()


_HIGH_KEYS = _core.high_keys()
_LOW_MASKS = _core.low_masks()
# category of each high value (index 0: no hand)
_CATEGORY_OF_VALUE = (_HIGH_KEYS >> _core.CATEGORY_SHIFT).astype(np.uint8)
_RANK_NAMES = ("deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
               "jack", "queen", "king", "ace")
_LOW_TEXT = "A2345678"


def _plural(rank: int) -> str:
    return _RANK_NAMES[rank] + ("es" if rank == 4 else "s")


def _check_value(value: object, what: str, top: int) -> int:
    """A high or low value as a plain int in ``1..top``, or a ValueRangeError."""
    if not is_int(value) or not 1 <= operator.index(value) <= top:  # type: ignore[arg-type]
        raise ValueRangeError(f"{what} value must be an int in 1..{top}, not {brief(value)}")
    return operator.index(value)  # type: ignore[arg-type]


def _check_high(value: int) -> int:
    return _check_value(value, "high", N_HIGH_VALUES)


def high_category(value: int) -> HighCategory:
    """The category of a high value.

    >>> high_category(1).label
    'High card'
    """
    return HighCategory(int(_CATEGORY_OF_VALUE[_check_high(value)]))


def high_categories(values: npt.ArrayLike) -> np.ndarray[Any, np.dtype[np.uint8]]:
    """Categories (as :class:`HighCategory` numbers) of an array of high values.

    >>> high_categories([1, 7462]).tolist()
    [0, 8]
    """
    try:
        arr = np.asarray(values)
    except (ValueError, TypeError):  # ragged nesting, objects numpy cannot hold
        arr = np.array([None], dtype=object)
    if arr.dtype == np.bool_ or not np.issubdtype(arr.dtype, np.integer) or (
            arr.size and (arr.min() < 1 or arr.max() > N_HIGH_VALUES)):
        raise ValueRangeError(f"high values must be integers in 1..{N_HIGH_VALUES}")
    categories: np.ndarray[Any, np.dtype[np.uint8]] = _CATEGORY_OF_VALUE[arr]
    return categories


def high_ranks(value: int) -> tuple[int, ...]:
    """The ranks (0 = deuce .. 12 = ace) that name a high hand, most important first.

    Grouped ranks appear once: a full house of kings over fives is ``(11, 3)``.

    >>> high_ranks(7462)
    (12,)
    """
    key = int(_HIGH_KEYS[_check_high(value)])
    category = key >> _core.CATEGORY_SHIFT
    n_ranks = {0: 5, 1: 4, 2: 3, 3: 3, 4: 1, 5: 5, 6: 2, 7: 2, 8: 1}[category]
    return tuple((key >> (16 - 4 * i)) & 0xF for i in range(n_ranks))


def describe_high(value: int) -> str:
    """A high value in words: ``"Full house, kings full of fives"``.

    >>> describe_high(7276)
    'Full house, kings full of fives'
    >>> describe_high(0)
    Traceback (most recent call last):
    ...
    omaha8.errors.ValueRangeError: high value must be an int in 1..7462, not 0
    """
    return _describe_high(_check_high(value))


# each category's words, from the names (``n``) and plurals (``p``) of its ranks, highest first
_HIGH_WORDS = {
    HighCategory.HIGH_CARD: "High card, {n[0]} high",
    HighCategory.ONE_PAIR: "One pair, {p[0]}",
    HighCategory.TWO_PAIR: "Two pair, {p[0]} and {p[1]}",
    HighCategory.THREE_OF_A_KIND: "Three of a kind, {p[0]}",
    HighCategory.STRAIGHT: "Straight, {n[0]} high",
    HighCategory.FLUSH: "Flush, {n[0]} high",
    HighCategory.FULL_HOUSE: "Full house, {p[0]} full of {p[1]}",
    HighCategory.FOUR_OF_A_KIND: "Four of a kind, {p[0]}",
    HighCategory.STRAIGHT_FLUSH: "Straight flush, {n[0]} high",
}


@cache
def _describe_high(value: int) -> str:
    category = high_category(value)
    ranks = high_ranks(value)
    if category == HighCategory.STRAIGHT_FLUSH and ranks[0] == 12:  # ace high: a name of its own
        return "Royal flush"
    return _HIGH_WORDS[category].format(n=[_RANK_NAMES[r] for r in ranks], p=[_plural(r) for r in ranks])


def low_ranks(value: int) -> tuple[int, ...]:
    """The five low ranks of a low value, highest first, ace as 1 .. eight as 8.

    >>> low_ranks(56)
    (5, 4, 3, 2, 1)
    """
    mask = int(_LOW_MASKS[_check_value(value, "low", N_LOW_VALUES)])
    return tuple(bit + 1 for bit in range(7, -1, -1) if mask >> bit & 1)


def describe_low(value: int | None) -> str:
    """A low value in words: ``"8-6-4-2-A low"``; ``"No low"`` for None or 0.

    >>> describe_low(1)
    '8-7-6-5-4 low'
    >>> describe_low(None)
    'No low'
    """
    if value is None or (is_int(value) and value == 0):
        return "No low"
    return _describe_low(_check_value(value, "low", N_LOW_VALUES))


@cache
def _describe_low(value: int) -> str:
    return "-".join(_LOW_TEXT[r - 1] for r in low_ranks(value)) + " low"
