"""Read PokerStars text hand histories of Omaha Hi/Lo and 5 Card Omaha Hi/Lo.

:func:`read_pokerstars` streams a file (a path, an open text or binary
file, or the text itself) hand by hand at constant memory and yields a
:class:`~omaha8.histories.HandRecord` for every Omaha Hi/Lo hand, and a
:class:`~omaha8.histories.SkippedHand` for everything it does not read: a
hand of another game (hold'em, high-only Omaha, Courchevel, ...), a
cancelled hand, or a hand it cannot read, with the line, column and reason.

Each line of a hand is recognised by its form: markers (``*** FLOP ***``),
the header, seat lines, summary lines, and player lines, whose player is
found among the names of the seat lines (so a name may hold spaces or
colons). An action that does not read as one of PokerStars' forms makes the
hand unreadable; it is never guessed at. Lines are capped at
:data:`MAX_LINE_CHARS` characters and hands at :data:`MAX_HAND_LINES` lines.

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

import io
import os
from collections.abc import Iterator
from typing import IO, Union

from .._support._args import brief
from ..errors import HandReadError
from ._pokerstars_hand import _Bad, _HEADER, _NotReplayed, _OtherGame, _Parser
from .hand_record import HandRecord
from .records import SkippedHand

__all__ = ["read_pokerstars", "HandReadError", "MAX_LINE_CHARS", "MAX_HAND_LINES", "Source"]

#: Longest line read; a longer one makes its hand unreadable.
MAX_LINE_CHARS = 4096
#: Most lines in one hand; a longer hand is unreadable.
MAX_HAND_LINES = 1000

#: What :func:`read_pokerstars` reads: a path, an open file, or the text.
Source = Union[str, "os.PathLike[str]", bytes, IO[str], IO[bytes]]


# ------------------------------------------------------------------ reading


def read_pokerstars(source: Source, *, name: str | None = None, errors: str = "skip") -> Iterator[HandRecord | SkippedHand]:
    """Every hand of a PokerStars hand-history file, one at a time.

    Parameters
    ----------
    source
        A path (``str`` without a newline, or :class:`os.PathLike`), an open
        text or binary file, ``bytes``, or the text itself (a ``str`` with
        a newline). Files are read as UTF-8 with or without a byte-order
        mark, with LF or CRLF line ends; undecodable bytes read as U+FFFD.
    name
        What to call the source in messages (default: the path, or
        ``"<text>"``).
    errors
        ``"skip"`` (default): yield a :class:`~omaha8.histories.SkippedHand`
        for a hand that cannot be read and go on. ``"raise"``: raise
        :class:`HandReadError` at the first one (hands of other games and
        cancelled hands are still yielded as skipped).

    Yields
    ------
    HandRecord or SkippedHand
        In file order.

    Examples
    --------
    >>> hands = list(read_pokerstars("tests/data/hh/other_game_and_cancelled.txt"))
    >>> [getattr(hand, "kind", "read") for hand in hands]
    ['other game', 'read', 'cancelled', 'other game', 'other game']
    >>> list(read_pokerstars("tests/data/hh/malformed_mid_file.txt", errors="raise"))
    Traceback (most recent call last):
    ...
    omaha8.errors.HandReadError: tests/data/hh/malformed_mid_file.txt:38:6: the action 'shoves $5' is not a PokerStars action
    """
    if errors not in ("skip", "raise"):
        raise HandReadError(name or "<source>", 0, 0, f"errors must be 'skip' or 'raise', not {brief(errors)}")
    stream, label, close = _open(source, name)
    try:
        for start, lines, problem in _hands(stream):
            item = _read_hand(label, start, lines, problem)
            if errors == "raise" and item.__class__ is SkippedHand and item.kind == "unreadable":
                raise HandReadError(label, item.line, item.column, item.reason.split(": ", 2)[-1])
            yield item
    finally:
        if close:
            stream.close()
        elif isinstance(stream, io.TextIOWrapper) and stream is not source:
            # our text layer over the caller's binary file: let go of it, leave the file open
            stream.detach()


def _open(source: Source, name: str | None) -> tuple[IO[str], str, bool]:
    if isinstance(source, bytes):
        return io.TextIOWrapper(io.BytesIO(source), encoding="utf-8", errors="replace", newline=""), name or "<text>", True
    if isinstance(source, str) and ("\n" in source or source.lstrip("\ufeff").startswith("PokerStars")):
        return io.StringIO(source, newline=""), name or "<text>", True
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        try:
            return open(path, encoding="utf-8", errors="replace", newline=""), name or path, True
        except OSError as exc:
            raise HandReadError(path, 0, 0, f"cannot open: {exc.strerror}") from None
    if hasattr(source, "readline"):
        probe = source.read(0)
        label = name or str(getattr(source, "name", "<stream>"))
        if isinstance(probe, bytes):
            return io.TextIOWrapper(source, encoding="utf-8", errors="replace", newline=""), label, False  # type: ignore[type-var]
        return source, label, False  # type: ignore[return-value]
    raise HandReadError(name or "<source>", 0, 0, f"source must be a path, a file or text, not {type(source).__name__}")


def _hands(stream: IO[str]) -> Iterator[tuple[int, list[str], tuple[int, str] | None]]:
    """(first line number, lines, problem) per hand: split at header lines, bounded in size."""
    readline = stream.readline
    number = 0
    start = 0
    lines: list[str] = []
    problem: tuple[int, str] | None = None
    while True:
        raw = readline(MAX_LINE_CHARS + 2)
        if not raw:
            break
        number += 1
        if len(raw) > MAX_LINE_CHARS and not raw.endswith("\n"):
            # an over-long line: read past it without holding it
            while True:
                more = readline(MAX_LINE_CHARS)
                if not more or more.endswith("\n"):
                    break
            if problem is None:
                problem = (number, f"line {number} is longer than {MAX_LINE_CHARS} characters")
            raw = ""
        # old files end most lines with a space ("folds "): trailing blanks carry nothing
        line = raw.rstrip()
        if line.startswith("\ufeff"):
            line = line.lstrip("\ufeff")
        if line.startswith("PokerStars ") and "#" in line:
            if lines or problem is not None:
                yield start, lines, problem
            start, lines, problem = number, [line], None
            continue
        if not lines and problem is None:
            if line.strip():
                start, lines = number, [line]
            continue
        if len(lines) >= MAX_HAND_LINES:
            if problem is None:
                problem = (number, f"the hand has more than {MAX_HAND_LINES} lines")
            continue
        lines.append(line)
    if lines or problem is not None:
        yield start, lines, problem


def _read_hand(label: str, start: int, lines: list[str], problem: tuple[int, str] | None) -> HandRecord | SkippedHand:
    while lines and not lines[-1].strip():
        lines.pop()
    head = _HEADER.match(lines[0]) if lines else None
    hand_id = head.group(2) if head else None
    if head is None:
        return SkippedHand(label, start, None, "unreadable", f"unreadable: line {start}: not a PokerStars hand header")
    if problem is not None:
        return SkippedHand(label, problem[0], hand_id, "unreadable", f"unreadable: {problem[1]}")
    try:
        return _Parser(label, start, lines).parse()
    except _OtherGame as exc:
        return SkippedHand(label, start, hand_id, "other game", str(exc))
    except _NotReplayed as exc:
        return SkippedHand(label, exc.line, hand_id, "not replayed", exc.reason)
    except _Bad as exc:
        kind = "cancelled" if exc.reason == "hand cancelled" else "unreadable"
        reason = exc.reason if kind == "cancelled" else f"unreadable: line {exc.line}, column {exc.column}: {exc.reason}"
        return SkippedHand(label, exc.line, hand_id, kind, reason, exc.column)
