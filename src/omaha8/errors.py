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
    "RangeSyntaxError",
    "EmptyRangeError",
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


class RangeSyntaxError(Omaha8Error, ValueError):
    """Range text that does not parse: the message shows the text with a caret under the column.

    ``text`` is the range text, ``column`` the 0-based position of the fault and
    ``reason`` what was expected there.
    """

    def __init__(self, reason: str, text: str, column: int) -> None:
        self.reason = reason
        self.text = text
        self.column = column
        # long texts are shown as a window around the fault, so the caret stays readable
        start = max(0, column - 60)
        # control characters (tabs, newlines) would move the caret: show them as spaces
        shown = "".join(ch if ch.isprintable() else " " for ch in text[start : start + 120])
        prefix = "…" if start else ""
        suffix = "…" if start + 120 < len(text) else ""
        caret = " " * (len(prefix) + column - start) + "^"
        super().__init__(f"{reason} (column {column + 1})\n  {prefix}{shown}{suffix}\n  {caret}")


class EmptyRangeError(Omaha8Error, ValueError):
    """A range that holds no hand, as written or once the board and dead cards are removed."""
