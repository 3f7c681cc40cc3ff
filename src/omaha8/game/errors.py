"""The game's errors: a hand or table used against the rules, an action refused, a history that does not replay.

They live below every module of the game so that each can raise them; each is
shown under the module it is documented in and has always been imported from.

>>> from omaha8.game.errors import IllegalActionError
>>> raise IllegalActionError(2, "check", "there is a bet of 3 to call")
Traceback (most recent call last):
...
omaha8.game.hand.IllegalActionError: seat 2 cannot check: there is a bet of 3 to call
"""

from __future__ import annotations

from ..errors import Omaha8Error

__all__ = ["GameError", "IllegalActionError", "ReplayError"]


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




class ReplayError(GameError):
    """A history that does not replay to the same events."""

    __module__ = "omaha8.game.history"
