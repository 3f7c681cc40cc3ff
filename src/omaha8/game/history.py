"""Hand histories: every event of a hand, as data and as text, and replay.

>>> from omaha8.game import Hand, PotLimit, replay
>>> hand = Hand([100, 100], PotLimit(1, 2), button=0, holes=["As Ad 2c 3c", "Ks Kd 4h 5h"],
...             board="7c 8d 9h Ts 2d")
>>> hand.act("call"); hand.act("check")
>>> hand.act("bet", 4); hand.act("fold")
>>> print(hand.history.text())
Omaha Hi/Lo, pot limit 1/2, 2 seats, button seat 0
Seat 0: 100 chips
Seat 1: 100 chips
Seat 0 posts small blind 1
Seat 1 posts big blind 2
Seat 1 is dealt Ks Kd 4h 5h
Seat 0 is dealt As Ad 2c 3c
Seat 0 calls 1
Seat 1 checks
*** FLOP *** 7c 8d 9h
Seat 1 bets 4
Seat 0 folds
Uncalled 4 returned to seat 1
Pot 4, seats 1
Seat 1 collects 4
>>> replay(hand.history).result.payouts
(0, 8)
"""

from __future__ import annotations

from .errors import ReplayError
from .events import Event
from .hand_history import HandHistory
from .replay import replay

__all__ = ["Event", "HandHistory", "ReplayError", "replay"]
