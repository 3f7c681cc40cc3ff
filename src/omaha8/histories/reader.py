"""Read hand histories of every site omaha8 knows: one reader, one record.

:func:`read` streams a path, an open file, bytes, the text itself, or many
paths, hand by hand at constant memory. Each hand's site is found from its
own lines (:mod:`omaha8.histories.sites`), so a folder of files from several
sites, or one file mixing them, reads the same; every hand becomes a
:class:`~omaha8.histories.HandRecord` (``record.site`` says whose) or a
:class:`~omaha8.histories.SkippedHand` saying why not: another game, a
cancelled hand, a format omaha8 recognises but does not read, or a hand it
cannot read (with the file, line, column and reason). The reader never
decides for the caller what to do with a bad hand: it reports it and goes
on (or raises, with ``errors="raise"``).

>>> from omaha8.histories import read
>>> [(hand.site, hand.hand_id, hand.status) for hand in read("tests/data/hh/split_quartered.txt")]
[('PokerStars', '900000000001', 'verified')]
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from itertools import islice
from types import ModuleType

from .._support._args import brief
from .._support._docs import fill_doc
from ..errors import HandReadError
from ._files import MAX_HAND_LINES, MAX_LINE_CHARS, Chunk, Source, hand_chunks, open_source
from ._grammar import _Bad, _NotReplayed, _OtherGame
from .hand_record import HandRecord
from .records import SkippedHand
from .sites import READERS, by_name, recognised, site_of
from .status import SkipKind

__all__ = ["read", "read_sites", "HandReadError", "MAX_LINE_CHARS", "MAX_HAND_LINES", "Source"]

#: Most hands read before the first of them is handed on: the memory of a few dozen hands.
READ_AHEAD = 64

#: What the readers of hand histories yield, as their docstrings say it (filled in by ``fill_doc``).
DOCS = {"yields": "Yields\n------\nHandRecord or SkippedHand\n    In file order."}


@fill_doc(DOCS)
def read(source: Source | Iterable[str | os.PathLike[str]], *, name: str | None = None,
         errors: str = "skip") -> Iterator[HandRecord | SkippedHand]:
    """Every hand of a hand-history source, one at a time, from any site omaha8 reads.

    Parameters
    ----------
    source
        A path (``str`` or :class:`os.PathLike`), an open text or binary
        file, ``bytes``, the text itself (a ``str`` holding a newline, or
        starting like a hand), or a list or tuple of paths, read in order.
        Files may be UTF-8 (with or without a byte-order mark), UTF-16 with a
        byte-order mark, or Windows-1252; lines may end in LF, CRLF or CR.
    name
        What to call the source in messages (default: the path, or ``"<text>"``).
    errors
        ``"skip"`` (default): yield a :class:`~omaha8.histories.SkippedHand`
        for a hand that cannot be read and go on. ``"raise"``: raise
        :class:`HandReadError` at the first one (hands of other games,
        formats and cancelled hands are still yielded as skipped).

    %(yields)s

    Examples
    --------
    >>> hands = list(read("tests/data/hh/malformed_mid_file.txt"))
    >>> for hand in hands:
    ...     print(hand.hand_id, hand.status)
    900000000101 verified
    900000000102 skipped: unreadable: line 38, column 6: the action 'shoves $5' is not a PokerStars action
    900000000103 verified
    >>> next(read(42))
    Traceback (most recent call last):
    ...
    omaha8.errors.HandReadError: <source>: source must be a path, a file or text, not int
    """
    if isinstance(source, (list, tuple)):
        for one in source:
            yield from read_sites(one, READERS, name=name, errors=errors)
        return
    yield from read_sites(source, READERS, name=name, errors=errors)  # type: ignore[arg-type]


def read_sites(source: Source, readers: tuple[ModuleType, ...], *, name: str | None = None,
               errors: str = "skip") -> Iterator[HandRecord | SkippedHand]:
    """:func:`read` with only ``readers`` (the others' hands are unreadable: not a hand of those sites)."""
    if errors not in ("skip", "raise"):
        raise HandReadError(name or "<source>", 0, 0, f"errors must be 'skip' or 'raise', not {brief(errors)}")
    stream, label, close, ours = open_source(source, name)
    try:
        chunks = hand_chunks(stream)
        ahead: list[HandRecord | SkippedHand] = []
        size = 1  # the first hand at once, then turns twice as long, up to READ_AHEAD
        while True:
            # hands read before any is handed on: a caller that replays each hand as it comes then runs the
            # readers' code and the engine's in turns of many hands, not one, and each stays in the caches (a
            # third faster, benchmarks/bench_histories.py); an error is raised where it stood
            failure: BaseException | None = None
            try:
                for chunk in islice(chunks, size):
                    item = _read_hand(label, chunk, readers)
                    if errors == "raise" and item.__class__ is SkippedHand and item.kind is SkipKind.UNREADABLE:
                        raise HandReadError(label, item.line, item.column, item.reason.split(": ", 2)[-1])
                    ahead.append(item)
            except Exception as exc:  # after the hands before it (a KeyboardInterrupt goes at once)
                failure = exc
            if not ahead and failure is None:
                return
            yield from ahead
            ahead.clear()
            if failure is not None:
                raise failure
            size = min(2 * size, READ_AHEAD)
    finally:
        if close:
            stream.close()
        elif ours is not None:
            ours.detach()  # our text layer over the caller's binary file: let go of it, leave the file open


def _read_hand(label: str, chunk: Chunk, readers: tuple[ModuleType, ...]) -> HandRecord | SkippedHand:
    lines, start = chunk.lines, chunk.start
    while lines and not lines[-1]:
        lines.pop()
    reader = site_of(lines) if lines else None
    if reader is not None and reader not in readers:
        reader = None
    if reader is None:
        hand_id = _first_id(lines)
        other = recognised(lines) if lines and readers is READERS else None
        if other is not None:
            return SkippedHand(label, start, hand_id, SkipKind.OTHER_FORMAT,
                               f"{other} hand histories are not read by omaha8", 0, other)
        if chunk.problem is not None and not lines:
            return SkippedHand(label, chunk.problem[0], None, SkipKind.UNREADABLE, f"unreadable: {chunk.problem[1]}")
        what = f"a {readers[0].SITE} hand header" if readers is not READERS and len(readers) == 1 else (
            "the start of a hand history omaha8 reads")
        return SkippedHand(label, start, None, SkipKind.UNREADABLE, f"unreadable: line {start}: not {what}")
    site = reader.SITE
    hand_id = None if chunk.problem is None else _first_id(lines)
    if chunk.problem is not None:
        return SkippedHand(label, chunk.problem[0], hand_id, SkipKind.UNREADABLE, f"unreadable: {chunk.problem[1]}",
                           0, site)
    try:
        if chunk.context is not None and hasattr(reader, "parse_game"):
            # a hand of a file whose header says what every hand is (an iPoker session)
            return reader.parse_game(chunk.context, label, start, lines)  # type: ignore[no-any-return]
        return reader.parse(label, start, lines)  # type: ignore[no-any-return]
    except (_OtherGame, _NotReplayed, _Bad) as exc:
        return _skipped(label, start, lines, site, exc)


def _skipped(label: str, start: int, lines: list[str], site: str, exc: Exception) -> SkippedHand:
    """The report of a hand a reader refused: another game, not replayed, cancelled or unreadable."""
    hand_id = _first_id(lines)
    if isinstance(exc, _OtherGame):
        return SkippedHand(label, start, hand_id, SkipKind.OTHER_GAME, str(exc), 0, site)
    if isinstance(exc, _NotReplayed):
        return SkippedHand(label, exc.line, hand_id, SkipKind.NOT_REPLAYED, exc.reason, 0, site)
    assert isinstance(exc, _Bad)
    if exc.reason == "hand cancelled":
        return SkippedHand(label, exc.line, hand_id, SkipKind.CANCELLED, exc.reason, exc.column, site)
    reason = f"unreadable: line {exc.line}, column {exc.column}: {exc.reason}" if exc.column else (
        f"unreadable: line {exc.line}: {exc.reason}")
    return SkippedHand(label, exc.line, hand_id, SkipKind.UNREADABLE, reason, exc.column, site)


def _first_id(lines: list[str]) -> str | None:
    """The hand number of a hand's first lines, for the report of a hand that was not read."""
    return next((found for found in map(_hand_id, lines[:3]) if found), None) if lines else None


def _hand_id(first: str) -> str | None:
    """The hand number of a header line, for reports of hands that could not be read (digits after the first '#')."""
    i = first.find("#")
    if first.startswith("Table #"):
        return None  # PKR's first line numbers the table; the hand's number is on the next line
    if first.startswith("#Game No : "):
        i = 10
    elif first.startswith("Game ID: "):
        i = 8
    elif first.startswith("Game # "):
        i = 6  # Entraction
    elif first.startswith("***** History for hand "):
        i = 22  # OnGame
    elif first.startswith("*****") and " for Game " in first:
        i = first.find(" for Game ") + 9  # PartyPoker's and 888's "***** Hand History for Game N *****"
    elif first.lstrip(" \t").startswith("<game gamecode=\""):
        i = first.find('"')  # iPoker's game code
    elif first.startswith("<"):
        # the XML formats: the hand's id attribute (Boss Media's ID, Microgaming's and Merge's id)
        k = max(first.find(' ID="', 0, 200), first.find(' id="', 0, 200))
        i = k + 4 if k >= 0 else -1
    if i < 0:
        return None
    j = i + 1
    while j < len(first) and j - i <= 40 and (first[j].isascii() and (first[j].isalnum() or first[j] in "-")):
        j += 1
    text = first[i + 1:j].strip("-")
    return text or None
