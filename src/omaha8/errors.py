"""Exceptions raised by omaha8.

Every error subclasses :class:`ValueError` or :class:`TypeError`, so callers
that already catch those keep working, and carries the offending argument,
row and value in its message. The one exception is :class:`MissingExtraError`:
a missing optional package is not bad input, so it is an :class:`ImportError`
(what ``try: import ...`` guards already catch), and still an :class:`Omaha8Error`.

Each class is defined here once; the modules that raise it re-export it under
the name they always had (``omaha8.deals.DealFileError is
omaha8.errors.DealFileError``). The hand engine's errors (:class:`GameError`
and its subclasses, :class:`BuyInError`) and :class:`ReplayDiscrepancy` are
shown, and pickled, under the module that documents them
(``omaha8.game.hand.IllegalActionError``), which re-exports them. Every error
survives a pickle round trip (results and errors cross processes on Dask) with
its message and its fields.

>>> import pickle
>>> err = pickle.loads(pickle.dumps(IllegalActionError(2, "check", "there is a bet of 3 to call")))
>>> err.seat, err.action, str(err)
(2, 'check', 'seat 2 cannot check: there is a bet of 3 to call')
"""

from __future__ import annotations

from typing import Any

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
    "ValueRangeError",
    "EquityError",
    "RangeEquityError",
    "OrderingDataError",
    "DealFileError",
    "HandReadError",
    "OutputError",
    "SchedulerError",
    "PreflopError",
    "GameError",
    "IllegalActionError",
    "ReplayError",
    "BuyInError",
    "ReplayDiscrepancy",
]


class Omaha8Error(Exception):
    """Base class of every omaha8 error."""


def _fields(*names: str) -> Any:
    """A ``__reduce__`` for an error built from the fields ``names``: a pickle calls the class with them again.

    An exception pickles as its class called with ``args``, the message alone,
    which an ``__init__`` that takes the fields cannot accept.
    """

    def __reduce__(self: BaseException) -> tuple[Any, ...]:
        return type(self), tuple(getattr(self, name) for name in names), self.__dict__

    return __reduce__


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
        # a text of several lines shows the fault's line, and says which (lines and columns count from 1)
        first = text.rfind("\n", 0, column) + 1
        end = text.find("\n", column)
        end = len(text) if end < 0 else end
        where = f"column {column + 1}" if first == 0 and end == len(text) else \
            f"line {text.count(chr(10), 0, column) + 1}, column {column - first + 1}"
        # long lines are shown as a window around the fault, so the caret stays readable
        start = max(first, column - 60)
        # control characters (tabs) would move the caret: show them as spaces
        shown = "".join(ch if ch.isprintable() else " " for ch in text[start : min(end, start + 120)])
        prefix = "…" if start > first else ""
        suffix = "…" if start + 120 < end else ""
        caret = " " * (len(prefix) + column - start) + "^"
        super().__init__(f"{reason} ({where})\n  {prefix}{shown}{suffix}\n  {caret}")

    __reduce__ = _fields("reason", "text", "column")


class EmptyRangeError(Omaha8Error, ValueError):
    """A range that holds no hand, as written or once the board and dead cards are removed."""


class ValueRangeError(Omaha8Error, ValueError):
    """A high or low value outside its range."""


class EquityError(Omaha8Error, ValueError):
    """An equity parameter out of range: ``samples`` below 1, a bad ``seed``."""


class RangeEquityError(Omaha8Error, ValueError):
    """A range seat that cannot be dealt: bad weights, no combo left, seats that always clash."""


class OrderingDataError(Omaha8Error, ValueError):
    """An ordering file that is not a valid ordering table."""


class DealFileError(Omaha8Error, ValueError):
    """A deal file that cannot be read as one: corrupt, truncated, not the format its name says, or not
    text a deal file holds (UTF-16, say). The message names the file."""


class HandReadError(Omaha8Error, ValueError):
    """A hand that cannot be read: where (file, line, column) and why."""

    def __init__(self, source: str, line: int, column: int, reason: str) -> None:
        self.source, self.line, self.column, self.reason = source, line, column, reason
        where = source + (f":{line}" if line else "") + (f":{column}" if column else "")
        super().__init__(f"{where}: {reason}")

    __reduce__ = _fields("source", "line", "column", "reason")


class OutputError(Omaha8Error, ValueError):
    """An output file that cannot be written, or of an unknown kind."""


class SchedulerError(Omaha8Error, ValueError):
    """A ``client`` that cannot be used: an unreachable scheduler address, a
    server there that is not a Dask scheduler, or a closed client."""


class PreflopError(Omaha8Error, ValueError):
    """A preflop-table parameter out of range: ``samples``, ``seed``, class numbers."""


# The hand engine's errors and the replay's: each keeps the module it has always
# been shown and pickled under, which documents it and re-exports it from here.


class GameError(Omaha8Error, ValueError):
    """A hand or table used in a way the rules do not allow."""

    __module__ = "omaha8.game.hand"


class IllegalActionError(GameError):
    """An action the acting player may not take; the hand is left unchanged.

    Attributes
    ----------
    seat
        The seat that tried to act (None when the hand is over).
    action
        The action tried, with its amount if any.
    reason
        Why it is refused.
    """

    __module__ = "omaha8.game.hand"

    def __init__(self, seat: int | None, action: str, reason: str) -> None:
        self.seat = seat
        self.action = action
        self.reason = reason
        who = "" if seat is None else f"seat {seat} "
        super().__init__(f"{who}cannot {action}: {reason}")

    __reduce__ = _fields("seat", "action", "reason")


class ReplayError(GameError):
    """A history that does not replay to the same events."""

    __module__ = "omaha8.game.history"


class BuyInError(ChipError):
    """Chips brought to the table outside the buy-in limits."""

    __module__ = "omaha8.game.table"


class ReplayDiscrepancy(GameError):
    """The engine refused the file's hand: ``line`` (0 for the setup) and the rule it applied."""

    __module__ = "omaha8.histories.replay"

    def __init__(self, line: int, reason: str) -> None:
        self.line, self.reason = line, reason
        super().__init__(f"line {line}: {reason}" if line else reason)

    __reduce__ = _fields("line", "reason")
