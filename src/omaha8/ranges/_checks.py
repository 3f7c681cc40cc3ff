"""Checks of the hands and weights a caller gives a range, where numpy alone would take them silently.

``numpy.asarray`` reads ``[True, 5, 9, 13]`` as the ids ``1, 5, 9, 13`` and
``['1', '2']`` as the weights 1.0 and 2.0 once cast; these checks refuse both
with omaha8's errors, naming the argument and the item.

>>> refuse_bools([[51, 47, 43, True]], "hands")
Traceback (most recent call last):
...
omaha8.errors.CardTypeError: hands[0, 3] = True is not a card: give card ids (int) or card strings
>>> weight_array([2, 0.5], "weights").tolist()
[2.0, 0.5]
>>> weight_array(["1", "2"], "weights")
Traceback (most recent call last):
...
omaha8.errors.ArgumentTypeError: weights must be numbers, not strings: ['1', '2']
"""

from __future__ import annotations

import numbers
from typing import Any

import numpy as np

from .._support._args import brief
from ..cards._columns import index_text
from ..errors import ArgumentError, ArgumentTypeError, CardTypeError, ShapeError

__all__ = ["refuse_bools", "weight_array"]

F64Array = np.ndarray[Any, np.dtype[np.float64]]

# what a dtype's kind is called in an error
_KINDS = {"b": "booleans", "U": "strings", "S": "bytes", "c": "complex numbers", "M": "dates", "m": "time spans",
          "V": "records"}


def _first_bool(value: object, depth: int) -> tuple[int, ...] | None:
    """Where the first bool is in nested lists, tuples and object arrays ``depth`` levels deep, if anywhere."""
    stack: list[tuple[tuple[int, ...], object]] = [((), value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, (bool, np.bool_)):
            return where
        if len(where) < depth and (isinstance(item, (list, tuple)) or
                                   (isinstance(item, np.ndarray) and item.dtype == object)):
            parts: list[object] = list(item)
            stack.extend(((*where, i), parts[i]) for i in range(len(parts) - 1, -1, -1))
    return None


def refuse_bools(hands: object, name: str, depth: int = 2) -> None:
    """Refuse a bool among the card ids of ``hands`` (lists, tuples or object arrays, ``depth`` deep)."""
    if isinstance(hands, (str, bytes)) or (isinstance(hands, np.ndarray) and hands.dtype != object):
        return  # text is parsed; an array of bools is refused by its dtype
    where = _first_bool(hands, depth)
    if where is not None:
        item: Any = hands
        for i in where:
            item = item[i]
        raise CardTypeError(f"{index_text(name, where)} = {bool(item)!r} is not a card: give card ids (int) or "
                            "card strings")


def weight_array(weights: object, name: str) -> F64Array:
    """``weights`` as float64: ints, floats and real numbers, never bools, strings or complex numbers.

    The shape and the values (finite, positive) are the caller's to check.
    """
    if not isinstance(weights, np.ndarray) or weights.dtype == object:
        where = _first_bool(weights, 1)  # numpy would read [1, True] as the ints 1, 1
        if where:
            item = list(weights)[where[0]]  # type: ignore[call-overload]  # a list, tuple or array: it held a bool
            raise ArgumentTypeError(f"{index_text(name, where)} = {bool(item)!r} is not a number "
                                    "(True and False are not weights)")
    try:
        arr = np.asarray(weights)
    except (ValueError, TypeError):
        raise ShapeError(f"{name} must be a flat list of numbers, not {brief(weights)}") from None
    kind = arr.dtype.kind
    if kind in "iuf":
        with np.errstate(over="ignore"):  # float128 past float64 becomes inf, which the caller refuses
            return np.asarray(arr, dtype=np.float64)
    if kind != "O":
        raise ArgumentTypeError(f"{name} must be numbers, not {_KINDS.get(kind, str(arr.dtype))}: {brief(weights)}")
    values = np.empty(arr.shape, dtype=np.float64)
    flat = values.reshape(-1)
    for i, item in enumerate(arr.reshape(-1).tolist()):
        if isinstance(item, (bool, np.bool_)) or not isinstance(item, numbers.Real):
            raise ArgumentTypeError(f"{name}[{i}] = {brief(item)} is not a number")
        try:
            flat[i] = float(item)
        except OverflowError:
            raise ArgumentError(f"{name}[{i}] = {brief(item)} is too large for a weight") from None
    return values
