"""Real hand histories: read PokerStars Omaha Hi/Lo files, replay, reconcile, all-in EV."""

from __future__ import annotations

from .pokerstars import MAX_HAND_LINES, MAX_LINE_CHARS, HandReadError, read_pokerstars
from .records import Action, Collection, HandRecord, Post, Seat, SkippedHand

__all__ = [
    "read_pokerstars",
    "HandReadError",
    "MAX_LINE_CHARS",
    "MAX_HAND_LINES",
    "HandRecord",
    "SkippedHand",
    "Seat",
    "Post",
    "Action",
    "Collection",
]
