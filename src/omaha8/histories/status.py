"""What became of a hand: read and reconciled (:class:`HandStatus`), or skipped and why (:class:`SkipKind`).

Both are string enums: a member equals its text (``HandStatus.VERIFIED ==
"verified"``) and prints as it, so the text a report shows is the member's
value; code compares members, never prefixes of messages.

>>> HandStatus.TOTALS_ONLY == "totals only", str(HandStatus.MISMATCH), HandStatus("verified").ok
(True, 'mismatch', True)
>>> SkipKind.UNREADABLE.failure, SkipKind.OTHER_GAME.failure
(True, False)
"""

from __future__ import annotations

import enum

__all__ = ["HandStatus", "SkipKind"]


class _Text(str, enum.Enum):
    """A string enum that prints as its text (``enum.StrEnum`` comes with Python 3.11; omaha8 runs on 3.10)."""

    _value_: str

    def __str__(self) -> str:
        return self.value


class HandStatus(_Text):
    """The outcome of a hand's reconciliation, or ``SKIPPED`` for a hand that was not read."""

    #: Every player's chips agree with the replay.
    VERIFIED = "verified"
    #: Cards of a player at the showdown were not shown: only the totals are compared.
    TOTALS_ONLY = "totals only"
    #: The engine refused an action, or an amount differs (the report gives the reason).
    MISMATCH = "mismatch"
    #: Not read as an Omaha Hi/Lo hand (:class:`SkipKind` says why).
    SKIPPED = "skipped"

    @property
    def ok(self) -> bool:
        """Verified or totals only."""
        return self is HandStatus.VERIFIED or self is HandStatus.TOTALS_ONLY


class SkipKind(_Text):
    """Why a hand (or other text) was not read as an Omaha Hi/Lo hand."""

    #: A hand of another game the reader knows (hold'em, high-only Omaha, ...).
    OTHER_GAME = "other game"
    #: A hand the site cancelled.
    CANCELLED = "cancelled"
    #: An Omaha Hi/Lo hand played in a way the engine does not replay.
    NOT_REPLAYED = "not replayed"
    #: A hand history of a site whose format omaha8 recognises but does not read.
    OTHER_FORMAT = "other format"
    #: Text that cannot be read: the reason says where and why.
    UNREADABLE = "unreadable"

    @property
    def failure(self) -> bool:
        """Whether the hand counts as a failure (``--check``): only what could not be read."""
        return self is SkipKind.UNREADABLE
