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

# defined with every other error in omaha8.errors; shown under the game's modules
from ..errors import GameError, IllegalActionError, ReplayError

__all__ = ["GameError", "IllegalActionError", "ReplayError"]
