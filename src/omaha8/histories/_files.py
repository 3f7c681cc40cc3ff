"""Hand-history sources: open a path, an open file, bytes or text, decode it, and cut it into hands.

A file is read a line at a time at constant memory. Its encoding is found
from its first bytes: a UTF-16 byte-order mark (little or big endian) or
the look of UTF-16 without one (a NUL byte beside every ASCII one), else
UTF-8 with or without a byte-order mark, where any byte that is not UTF-8
is read as Windows-1252 (old files are cp1252 throughout; a stray byte
costs one character, never the file). Lines end in LF, CRLF or CR.

:func:`hand_chunks` cuts the lines into hands at the lines that start one
(:data:`STARTS`, the first line of every format read or recognised), whatever
the site; a hand's site is found from its own lines (:mod:`omaha8.histories.sites`),
never from the file name. Lines are capped at :data:`MAX_LINE_CHARS` characters
and hands at :data:`MAX_HAND_LINES` lines; a hand over either is reported,
not read, and the reading goes on at the next hand.

iPoker writes a file as one ``<session>``: a header (``<general>``: the game,
the stakes, the currency, the player) and then a ``<game gamecode="N">``
element a hand, indented. Inside a session each ``<game gamecode=`` line starts
a hand whose chunk carries the session header as its :attr:`Chunk.context`;
the header is no hand of its own. An ``<?xml ...?>`` declaration before a hand
is no part of it, nor are an export's wrapper lines (Boss Media's ``<ROOT>``,
Microgaming's ``----PRIMA.DAT----`` and ``ExtendedTableName: ...``). A line that ends one game and starts the next
(``</game><game gamecode=...>``) is cut between them, the second part's
columns kept (what went before it becomes blanks).
"""

from __future__ import annotations

import codecs
import io
import os
import re
from collections.abc import Iterator
from typing import IO, Any, Union

from .._support._args import brief
from ..errors import HandReadError

__all__ = ["MAX_LINE_CHARS", "MAX_HAND_LINES", "Source", "Chunk", "open_source", "hand_chunks", "STARTS"]

#: Longest line read; a longer one makes its hand unreadable.
MAX_LINE_CHARS = 4096
#: Most lines in one hand; a longer hand is unreadable.
MAX_HAND_LINES = 1000

#: What a reader reads: a path, an open file, bytes, or the text itself.
Source = Union[str, "os.PathLike[str]", bytes, IO[str], IO[bytes]]

#: The first line of a hand, in every format omaha8 reads or recognises (the sites' modules say which is which).
STARTS = re.compile(
    r"PokerStars (?:Hand|Game|Zoom Hand|Home Game Hand|Home Game) #"
    r"|#Game No : |\*{5} (?:888poker |Cassava |Pacific Poker )?Hand [Hh]istory for [Gg]ame "
    r"|(?:Game )?Hand #[0-9]+ - |Game started at: "
    r"|Winamax Poker - |(?:Bovada|Ignition|Bodog) Hand #|Full ?Tilt ?Poker Game #|#[0-9]+: "
    r"|Hand#[0-9A-F]+ - |Game # [0-9]+ - |\*{5} History for hand |Everleaf Gaming Game #"
    r"|Table #[0-9]+ - |<HISTORY |<Game |<game |<session |<description |Stage #[0-9]+: "
    r"|<\?xml [^>]{0,200}\?>[ \t]*<session "
)


#: The first line of an iPoker hand inside a ``<session>`` (indented, or not).
IPOKER_GAME = re.compile(r"[ \t]*<game gamecode=")
#: An iPoker session's first line (after the XML declaration, on its line or the one before).
IPOKER_SESSION = re.compile(r"[ \t]*(?:<\?xml [^>]{0,200}\?>[ \t]*)?<session ")
# the end of one game and the start of the next on one line: cut between them
_GAME_AFTER_END = re.compile(r"[ \t]*</game>[ \t]*(?=<game gamecode=)")

#: A first line that the hand's header line follows (888 and PartyPoker's ``#Game No : N``, Everleaf's site line,
#: Merge's ``<description .../>`` before a file's first ``<game>``).
PRE_HEADER = re.compile(r"#Game No : |Everleaf Gaming Game #|<description ")


# PartyPoker's announcement of the next hand (``Game #N starts.``), which some exports put before a file's
# first hand too: there, alone, it is not a hand to report
_ANNOUNCEMENT = re.compile(r"Game #[0-9]+ starts\.\Z")


# lines an export wraps its hands in: Boss Media's <ROOT> (never closed in the 2012 file), Microgaming's
# ----PRIMA.DAT---- before a hand and "ExtendedTableName: name [id]" after it (the table, already in the hand)
_WRAPPERS = frozenset(["<ROOT>", "</ROOT>", "----PRIMA.DAT----"])
# (a longer line is none of them: an XML hand's lines are not hashed to find out)
_WRAPPER_CHARS = max(map(len, _WRAPPERS))
# PokerStars' numbering of the hands of an exported file, a line before each: "*********** # 2 **************"
_NUMBERING = re.compile(r"\*{3,} # [0-9]{1,9} \*{3,}\Z")


def _announcement_only(lines: list[str]) -> bool:
    return any(lines) and all(not line or _ANNOUNCEMENT.match(line) is not None for line in lines)


# the first two characters of the lines that start a hand (every alternative of STARTS): most lines fail
# this one test before the pattern is tried (tests/histories/test_histories_reader.py checks it lets every
# start through)
_START_PAIRS = frozenset(["Po", "#G", "**", "Ga", "Ha", "Wi", "Bo", "Ig", "Fu", "Ev", "Ta", "<H", "<G", "<g", "<s",
                          "<d", "St", "<?"] + [f"#{digit}" for digit in "0123456789"])


def _cp1252_fallback(error: UnicodeError) -> tuple[str, int]:
    """A decoding error handler: the bytes that are not UTF-8 read as Windows-1252, one by one."""
    assert isinstance(error, UnicodeDecodeError)
    return error.object[error.start:error.end].decode("cp1252", "replace"), error.end


codecs.register_error("omaha8.cp1252", _cp1252_fallback)


class _Decoded:
    """A text reader over a binary stream, its encoding found from the first bytes."""

    def __init__(self, raw: Any) -> None:
        self.raw = raw
        head = raw.peek(64)[:64] if hasattr(raw, "peek") else b""
        self.prefix = b""
        if not head:
            head = raw.read(64)
            self.prefix = head
        if head.startswith((b"\xff\xfe", b"\xfe\xff")):
            encoding = "utf-16"
        elif len(head) >= 8 and head[1::2].count(0) >= len(head) // 2 - 1 and head[0::2].count(0) == 0:
            encoding = "utf-16-le"  # UTF-16 without a byte-order mark: a NUL after every ASCII byte
        elif len(head) >= 8 and head[0::2].count(0) >= len(head) // 2 - 1 and head[1::2].count(0) == 0:
            encoding = "utf-16-be"
        else:
            encoding = "utf-8"
        self.encoding = encoding
        stream: Any = _Prefixed(self.prefix, raw) if self.prefix else raw
        self.text = io.TextIOWrapper(stream, encoding=encoding,
                                     errors="omaha8.cp1252" if encoding == "utf-8" else "replace", newline=None)


class _Prefixed(io.RawIOBase):
    """A binary stream that gives back ``prefix`` (bytes already read to sniff the encoding) first."""

    def __init__(self, prefix: bytes, raw: IO[bytes]) -> None:
        self.prefix, self.raw = prefix, raw

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: "bytearray | memoryview") -> int:  # type: ignore[override]
        if self.prefix:
            n = min(len(buffer), len(self.prefix))
            buffer[:n] = self.prefix[:n]
            self.prefix = self.prefix[n:]
            return n
        data = self.raw.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def open_source(source: Source, name: str | None) -> tuple[IO[str], str, bool, io.TextIOWrapper | None]:
    """(text stream, label for messages, whether to close it, our text layer to detach from the caller's file)."""
    if isinstance(source, bytes):
        decoded = _Decoded(io.BufferedReader(io.BytesIO(source)))
        return decoded.text, name or "<text>", True, None
    if isinstance(source, str) and ("\n" in source or "\r" in source or STARTS.match(source.lstrip("\ufeff"))):
        return io.StringIO(source, newline=None), name or "<text>", True, None
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        if not isinstance(path, str) or "\0" in path or not path:
            raise HandReadError(name or "<source>", 0, 0, f"source {brief(path)} is not a file name (nor hand-history text)")
        try:
            raw = open(path, "rb")
        except OSError as exc:
            raise HandReadError(path, 0, 0, f"cannot open: {exc.strerror}") from None
        except ValueError as exc:
            raise HandReadError(path, 0, 0, f"cannot open: {exc}") from None
        return _Decoded(raw).text, name or path, True, None
    read = getattr(source, "read", None)
    readline = getattr(source, "readline", None)
    if callable(read) and callable(readline):
        label = name or str(getattr(source, "name", "<stream>"))
        try:
            probe = read(0)
        except (OSError, ValueError) as exc:
            raise HandReadError(label, 0, 0, f"cannot read the file: {exc}") from None
        if isinstance(probe, bytes):
            buffered: Any = source if hasattr(source, "peek") else io.BufferedReader(_Unclosing(source))  # type: ignore[arg-type]
            decoded = _Decoded(buffered)
            return decoded.text, label, False, decoded.text
        if isinstance(probe, str):
            return source, label, False, None  # type: ignore[return-value]
        raise HandReadError(label, 0, 0, f"the file's read() gives {type(probe).__name__}, not text or bytes")
    raise HandReadError(name or "<source>", 0, 0,
                        f"source must be a path, a file or text, not {type(source).__name__}")


class _Unclosing(io.RawIOBase):
    """A caller's binary file seen as raw IO, never closed by us."""

    def __init__(self, raw: IO[bytes]) -> None:
        self.raw = raw

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: "bytearray | memoryview") -> int:  # type: ignore[override]
        data = self.raw.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def close(self) -> None:
        pass


class Chunk:
    """One hand's lines as the file holds them: the first line's number (from 1), the lines, and a problem.

    ``context`` is the chunk of the header the hand belongs to (an iPoker session's), or None; ``memo``
    keeps what a reader made of a context chunk, so that a header is read once for all its hands.
    """

    __slots__ = ("start", "lines", "problem", "context", "memo")

    def __init__(self, start: int, lines: list[str], problem: tuple[int, str] | None,
                 context: Chunk | None = None) -> None:
        self.start, self.lines, self.problem, self.context = start, lines, problem, context
        self.memo: object = None


_BLOCK = 1 << 16  # characters read at a time


def _bounded_lines(stream: IO[str]) -> Iterator[list[str | None]]:
    """The lines of ``stream``, a block's worth at a time: without their ends or trailing blanks, a byte-order
    mark and a line of only undecodable bytes made empty, and None for a line over :data:`MAX_LINE_CHARS`
    characters (never held whole: memory stays within a block and a line)."""
    read = stream.read
    rest = ""
    skipping = False
    while True:
        block = read(_BLOCK)
        if not block:
            break
        text = rest + block
        split = text.split("\n")
        rest = split.pop()
        # trailing blanks carry nothing (old files end most lines with a space: "folds ")
        lines = [line.rstrip() for line in split]
        if "\ufeff" in text or "\ufffd" in text:
            lines = [_cleaned(line) for line in lines]
        parts: list[str | None] = list(lines)
        if lines and max(map(len, lines)) > MAX_LINE_CHARS:
            parts = [None if len(line) > MAX_LINE_CHARS else line for line in lines]
        if skipping and parts:
            skipping, parts[0] = False, None  # the end of an over-long line
        yield parts
        if len(rest) > MAX_LINE_CHARS:
            skipping, rest = True, ""
    if skipping:
        yield [None]
    elif rest:
        yield [_cleaned(rest.rstrip())]


def _cleaned(line: str) -> str:
    """A line without a leading byte-order mark, and empty when it holds only undecodable bytes."""
    if line[:1] == "\ufeff":
        line = line.lstrip("\ufeff")
    if line and not line.strip("\ufffd"):
        return ""  # only undecodable bytes (a file cut in the middle of a character): nothing to read
    return line


def hand_chunks(stream: IO[str]) -> Iterator[Chunk]:
    """Every hand of ``stream`` as a :class:`Chunk`, cut at the lines that start a hand, bounded in size.

    Text before the first hand is a chunk of its own (reported as not a hand).
    A line that starts a hand right after another one (``#Game No : 1`` then
    ``***** 888poker Hand History for Game 1 *****``) joins it. Inside an
    iPoker ``<session>`` each game is a chunk whose ``context`` is the session's header.
    """
    starts = STARTS.match
    game_line = IPOKER_GAME.match
    session_line = IPOKER_SESSION.match
    number = 0
    start = 0
    lines: list[str] = []
    problem: tuple[int, str] | None = None
    header_only = False  # the chunk so far is one line that another header line follows
    in_session = False  # inside an iPoker <session>: its games start chunks
    context: Chunk | None = None  # the header of the session the current chunk is a game of
    for block in _bounded_lines(stream):
        for line in block:
            number += 1
            if line is None:
                # an over-long line, read past without being held
                if problem is None:
                    problem = (number, f"line {number} is longer than {MAX_LINE_CHARS} characters")
                    if not lines:
                        start = number
                line = ""
            # (the lines come without trailing blanks)
            if line[:1] in "<-E*" and ((len(line) <= _WRAPPER_CHARS and line in _WRAPPERS)
                                       or line.startswith("ExtendedTableName: ")
                                       or (line[:4] == "****" and _NUMBERING.match(line) is not None)):
                continue  # an export's wrapper or numbering line, no part of any hand (see _WRAPPERS, _NUMBERING)
            # (the substring tests keep the patterns off a session's other lines, most of them)
            if in_session and "</game>" in line:
                cut = _GAME_AFTER_END.match(line)
                if cut is not None:
                    # "</game><game gamecode=...>": the end stays with its game, the next starts here (its columns kept)
                    if len(lines) < MAX_HAND_LINES:
                        lines.append(line[:cut.end()])
                    line = " " * cut.end() + line[cut.end():]
            if in_session and "<game gamecode=" in line and game_line(line):
                if context is None and lines[:1] and session_line(lines[0]):
                    # the session's header: the context of its games, no hand of its own
                    context = Chunk(start, lines, problem)
                elif lines or problem is not None:
                    yield Chunk(start, lines, problem, context)
                start, lines, problem, header_only = number, [line], None, False
                continue
            if (line[:2] in _START_PAIRS and starts(line)) or (
                    # an indented <session> (iPoker); the substring test keeps the pattern off other indented lines
                    line[:1] in " \t" and "<session " in line and session_line(line)):
                if header_only:
                    lines.append(line)
                    header_only = False
                    continue
                if (lines or problem is not None) and not (problem is None and _announcement_only(lines)):
                    yield Chunk(start, lines, problem, context)
                start, lines, problem, header_only = number, [line], None, PRE_HEADER.match(line) is not None
                in_session, context = session_line(line) is not None, None
                continue
            if not lines and problem is None:
                if line and not line.startswith("<?xml "):  # an XML declaration: no part of a hand
                    start, lines, header_only = number, [line], False
                continue
            if line:
                header_only = False
            elif header_only:
                continue  # a blank line between the two header lines
            if len(lines) >= MAX_HAND_LINES:
                if problem is None:
                    problem = (number, f"the hand has more than {MAX_HAND_LINES} lines")
                continue
            lines.append(line)
    if lines or problem is not None:
        yield Chunk(start or number, lines, problem, context)
