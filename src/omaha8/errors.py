"""Exceptions raised by omaha8.

Every error subclasses :class:`ValueError` or :class:`TypeError`, so callers
that already catch those keep working, and carries the offending argument,
row and value in its message.
"""

from __future__ import annotations

__all__ = [
    "Omaha8Error",
    "CardError",
    "CardTypeError",
    "DuplicateCardError",
    "ShapeError",
    "ChipError",
    "ShowdownError",
    "MissingExtraError",
    "ArgumentError",
    "ArgumentTypeError",
]


class Omaha8Error(Exception):
    """Base class of every omaha8 error."""


class CardError(Omaha8Error, ValueError):
    """A card text or id that is not one of the 52 cards."""


class CardTypeError(Omaha8Error, TypeError):
    """Cards given as an object of the wrong type or dtype."""


class DuplicateCardError(CardError):
    """The same card appears twice where every card must be distinct."""


class ShapeError(Omaha8Error, ValueError):
    """An array or card list of the wrong length or number of dimensions."""


class ChipError(Omaha8Error, ValueError):
    """Chip amounts that are negative, fractional or inconsistent."""


class ShowdownError(Omaha8Error, ValueError):
    """A showdown that cannot happen: no live seat, bad seat numbers, ..."""


class MissingExtraError(Omaha8Error, ImportError):
    """An optional extra (``omaha8[distributed]``) that a feature needs is not installed."""


class ArgumentError(Omaha8Error, ValueError):
    """An argument of the right type whose value is out of range: a negative seed, a chunk size of 0, ..."""


class ArgumentTypeError(Omaha8Error, TypeError):
    """An argument of the wrong type: a float where an int is needed, a non-bool flag, ..."""
