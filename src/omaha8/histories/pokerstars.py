"""Read PokerStars text hand histories of Omaha Hi/Lo, 5 Card Omaha Hi/Lo and Courchevel Hi/Lo.

:func:`read_pokerstars` is :func:`omaha8.histories.read` for PokerStars
files alone: it streams a file (a path, an open text or binary file, or the
text itself) hand by hand at constant memory and yields a
:class:`~omaha8.histories.HandRecord` for every Omaha Hi/Lo hand, and a
:class:`~omaha8.histories.SkippedHand` for everything it does not read: a
hand of another game (hold'em, high-only Omaha, ...), a cancelled hand, or a
hand it cannot read, with the line, column and reason. The lines are read by
:mod:`omaha8.histories.sites._pokerstars`.

>>> text = '''PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 1:00:00 ET
... Table 'T' 6-max Seat #1 is the button
... '''
>>> next(read_pokerstars(text)).status
"skipped: Hold'em No Limit is not Omaha Hi/Lo"
>>> for hand in read_pokerstars("tests/data/hh/malformed_mid_file.txt"):
...     print(hand.hand_id, getattr(hand, "reason", "read"))
900000000101 read
900000000102 unreadable: line 38, column 6: the action 'shoves $5' is not a PokerStars action
900000000103 read
"""

from __future__ import annotations

from collections.abc import Iterator

from .._support._docs import fill_doc
from ..errors import HandReadError
from ._files import MAX_HAND_LINES, MAX_LINE_CHARS, Source
from .hand_record import HandRecord
from .reader import DOCS, read_sites
from .records import SkippedHand
from .sites import by_name

__all__ = ["read_pokerstars", "HandReadError", "MAX_LINE_CHARS", "MAX_HAND_LINES", "Source"]

_STARS = by_name(("PokerStars",))


@fill_doc(DOCS)
def read_pokerstars(source: Source, *, name: str | None = None, errors: str = "skip") -> Iterator[HandRecord | SkippedHand]:
    """Every hand of a PokerStars hand-history file, one at a time.

    Parameters
    ----------
    source
        A path (``str`` without a newline, or :class:`os.PathLike`), an open
        text or binary file, ``bytes``, or the text itself (a ``str`` with
        a newline). Files are read as UTF-8 with or without a byte-order
        mark (bytes that are not UTF-8 as Windows-1252), or UTF-16 with a
        byte-order mark, with LF, CRLF or CR line ends.
    name
        What to call the source in messages (default: the path, or
        ``"<text>"``).
    errors
        ``"skip"`` (default): yield a :class:`~omaha8.histories.SkippedHand`
        for a hand that cannot be read and go on. ``"raise"``: raise
        :class:`HandReadError` at the first one (hands of other games and
        cancelled hands are still yielded as skipped).

    %(yields)s

    Examples
    --------
    >>> hands = list(read_pokerstars("tests/data/hh/other_game_and_cancelled.txt"))
    >>> [str(getattr(hand, "kind", "read")) for hand in hands]
    ['other game', 'read', 'cancelled', 'other game', 'other game']
    >>> list(read_pokerstars("tests/data/hh/malformed_mid_file.txt", errors="raise"))
    Traceback (most recent call last):
    ...
    omaha8.errors.HandReadError: tests/data/hh/malformed_mid_file.txt:38:6: the action 'shoves $5' is not a PokerStars action
    """
    return read_sites(source, _STARS, name=name, errors=errors)
