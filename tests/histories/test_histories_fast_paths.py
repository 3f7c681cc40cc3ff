"""The readers' fast paths against slow, obviously-correct twins written here, on random and hand-picked inputs.

- ``HandBuilder.player``: the longest seated name that the line starts with, followed by the separator
  (twin: every name, longest first).
- ``HandBuilder.behind``: a player's chips left, from running totals (twin: the sum of their posts and actions).
- ``hand_chunks``: the file cut into hands a block of lines at a time (twin: a line at a time, cleaning
  each line on its own), with blocks and line caps made small so that every boundary is crossed.
- ``parse_xml``: expat's text events seen only when the hand may hold text (twin: every text event seen),
  on the XML fixtures with text, entities, markup and white space put in at random places; and the hands
  ``parse_xml`` reads with expat's C handlers (``_xml_tree.parse_tree``) against the same twin, on the same kind of
  inputs and at the nesting limit.
"""

from __future__ import annotations

import io
import random
from pathlib import Path
from collections.abc import Iterator
from typing import IO

import pytest

from omaha8.histories import _files
from omaha8.histories._builder import HandBuilder
from omaha8.histories._files import IPOKER_SESSION, MAX_HAND_LINES, PRE_HEADER, STARTS, Chunk, hand_chunks
from omaha8.histories._grammar import _Bad
from omaha8.histories.sites import _xml, _xml_tree


def _player_twin(names: list[str], line: str, sep: str) -> tuple[str, str] | None:
    if sep == ": ":  # the colon form: the first ": " that ends a seated name
        for i in range(1, len(line)):
            if line[i:i + 2] == ": " and line[:i] in names:
                return line[:i], line[i + 2:]
        return None
    for name in sorted(names, key=len, reverse=True):
        if line.startswith(name) and line[len(name):len(name) + len(sep)] == sep:
            return name, line[len(name) + len(sep):]
    return None


_WORDS = ["Ann", "Ann Lee", "Ann Lee Jr", "Bob", "Bo", "B", "Seat 1", "x: y", "Cy  d", "Dee ", " Eve", "Ann:"]


@pytest.mark.parametrize("seed", range(40))
def test_player_is_the_longest_seated_name_before_the_separator(seed: int) -> None:
    rng = random.Random(seed)
    names = rng.sample(_WORDS, rng.randrange(1, len(_WORDS) + 1))
    b = HandBuilder("<text>", 1, "Example")
    for number, name in enumerate(names, 1):
        b.seat(number, name, 100, 1, 1, highest=99)
    for _ in range(200):
        pieces = [rng.choice(_WORDS + ["calls $2", ":", " ", "", "folds", "Lee", "Jr calls"]) for _ in range(3)]
        line = rng.choice(["", " ", ": ", "  "]).join(pieces)
        for sep in (" ", ": "):
            assert b.player(line, sep) == _player_twin(names, line, sep), (names, line, sep)


def test_player_hand_picked() -> None:
    b = HandBuilder("<text>", 1, "Example")
    for number, name in enumerate(["Ann", "Ann Lee", "Bob"], 1):
        b.seat(number, name, 100, 1, 1)
    assert b.player("Ann Lee calls $2") == ("Ann Lee", "calls $2")   # the longer name wins
    assert b.player("Ann Leeds calls $2") == ("Ann", "Leeds calls $2")
    assert b.player("Bobby calls $2") is None
    assert b.player("Ann Lee: hi", ": ") == ("Ann Lee", "hi")


@pytest.mark.parametrize("seed", range(20))
def test_behind_is_the_stack_less_every_post_and_action(seed: int) -> None:
    rng = random.Random(seed)
    b = HandBuilder("<text>", 1, "Example")
    for number, name in enumerate(["Ann", "Bob", "Cyd"], 1):
        b.seat(number, name, 10_000, 1, 1)
    b.post("Ann", "small_blind", 1, 2)
    b.post("Bob", "big_blind", 2, 3)
    b.post("Cyd", rng.choice(["ante", "dead"]), 1, 4)
    for street in range(4):
        b.street(street, tuple(range(2 + street)) if street else (), 5, 1)
        for _ in range(rng.randrange(8)):
            name = rng.choice(["Ann", "Bob", "Cyd"])
            move = rng.randrange(5)
            if move == 0:
                b.call(name, rng.randrange(50), 6, 1)
            elif move == 1:
                b.raise_adding(name, 1 + rng.randrange(50), 6, 1)
            elif move == 2:
                b.bet_adding(name, 1 + rng.randrange(50), 6, 1)
            elif move == 3:
                b.all_in_adding(name, 1 + rng.randrange(50), 6, 1)
            else:
                b.check(name, 6, 1)
            for who in ("Ann", "Bob", "Cyd"):
                put = sum(p.amount for p in b.posts if p.name == who) + sum(a.amount for a in b.actions if a.name == who)
                assert b.behind(who) == 10_000 - put


def _lines_twin(stream: IO[str]) -> Iterator[str | None]:
    """The file's lines as the reader had them before blocks: None for an over-long line."""
    rest = ""
    skipping = False
    while True:
        block = stream.read(_files._BLOCK)
        if not block:
            break
        parts = (rest + block).split("\n")
        rest = parts.pop()
        for part in parts:
            if skipping:
                skipping = False
                yield None
            elif len(part) > _files.MAX_LINE_CHARS:
                yield None
            else:
                yield part
        if len(rest) > _files.MAX_LINE_CHARS:
            skipping, rest = True, ""
    if skipping:
        yield None
    elif rest:
        yield rest


def _chunks_twin(stream: IO[str]) -> Iterator[Chunk]:
    """``hand_chunks`` a line at a time, each line cleaned on its own."""
    number, start = 0, 0
    lines: list[str] = []
    problem: tuple[int, str] | None = None
    header_only = False
    session = False
    context: Chunk | None = None
    for raw in _lines_twin(stream):
        number += 1
        if raw is None:
            if problem is None:
                problem = (number, f"line {number} is longer than {_files.MAX_LINE_CHARS} characters")
                if not lines:
                    start = number
            raw = ""
        line = raw.rstrip()
        if line[:1] == "\ufeff":
            line = line.lstrip("\ufeff")
        if line and not line.strip("\ufffd"):
            line = ""
        if session and line.lstrip(" \t").startswith("</game>") and "<game gamecode=" in line:
            k = line.index("<game gamecode=")
            if line[:k].strip(" \t") == "</game>":
                if len(lines) < MAX_HAND_LINES:
                    lines.append(line[:k])
                line = " " * k + line[k:]
        if session and line.lstrip(" \t").startswith("<game gamecode="):
            if context is None and lines and IPOKER_SESSION.match(lines[0]):
                context = Chunk(start, lines, problem)
            elif lines or problem is not None:
                yield Chunk(start, lines, problem, context)
            start, lines, problem, header_only = number, [line], None, False
            continue
        if STARTS.match(line) or (line[:1] in " \t" and IPOKER_SESSION.match(line)):
            if header_only:
                lines.append(line)
                header_only = False
                continue
            if lines or problem is not None:
                yield Chunk(start, lines, problem, context)
            start, lines, problem, header_only = number, [line], None, PRE_HEADER.match(line) is not None
            session, context = IPOKER_SESSION.match(line) is not None, None
            continue
        if not lines and problem is None:
            if line and not line.startswith("<?xml "):
                start, lines, header_only = number, [line], False
            continue
        if line:
            header_only = False
        elif header_only:
            continue
        if len(lines) >= MAX_HAND_LINES:
            if problem is None:
                problem = (number, f"the hand has more than {MAX_HAND_LINES} lines")
            continue
        lines.append(line)
    if lines or problem is not None:
        yield Chunk(start or number, lines, problem, context)


_PIECES = ["PokerStars Hand #1: Omaha Hi/Lo", "#Game No : 7", "***** 888poker Hand History for Game 7 *****",
           "Seat 1: Ann ($1 in chips)", "Ann: folds ", "\ufeffPokerStars Hand #2:", "\ufeff", "\ufffd\ufffd", "a\ufffd",
           "", " ", "\t", "x" * 30, "y" * 9, "Ann: calls $2\r", "\ufeff\ufeffAnn", "Game started at: 2010", "\u2028",
           '<?xml version="1.0"?>', '<session sessioncode="1">', ' <general>', '  <game gamecode="5">', '<game gamecode="6">',
           "</session>", '<game id="7">', '\t</game><game gamecode="8">', '<?xml version="1.0"?><session sessioncode="2">',
           " </game>  <game gamecode=\"9\">", "</game></game><game gamecode=\"10\">",
           '\t<session sessioncode="3">', "  <session x>"]


def _as_tuples(chunks: Iterator[Chunk]) -> list[tuple[object, ...]]:
    return [(c.start, c.lines, c.problem, None if c.context is None else (c.context.start, c.context.lines))
            for c in chunks]


@pytest.mark.parametrize("seed", range(60))
def test_hand_chunks_match_the_line_at_a_time_twin(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    monkeypatch.setattr(_files, "_BLOCK", rng.choice([1, 2, 3, 7, 16, 64]))
    monkeypatch.setattr(_files, "MAX_LINE_CHARS", rng.choice([8, 20, 40]))
    text = "\n".join(rng.choice(_PIECES) for _ in range(rng.randrange(0, 60)))
    text += rng.choice(["", "\n", "\n\n", "tail", "z" * 50])
    assert _as_tuples(hand_chunks(io.StringIO(text))) == _as_tuples(_chunks_twin(io.StringIO(text))), text


_XML_FIXTURES = ("bossmedia", "merge", "microgaming")
# what may be put into a hand's XML: text, entities and character references (a space, a letter), white space
# Python and XML count differently, a '>' that may sit in an attribute, markup, and declarations
_XML_PIECES = ["x", " ", "\t", "\u00a0", "\u2003", "\u0085", "\x1c", "&amp;", "&#32;", "&#65;", ">", "> ", "<", "</a>",
               "<b/>", "<!-- c -->", "<![CDATA[ ]]>", "<![CDATA[y]]>", "<?pi x?>", "\n", "\r", '"', "&nope;"]


def _xml_outcome(lines: list[str], watch_text: bool | None) -> object:
    def tree(e: _xml.Element) -> object:
        return (e.tag, sorted(e.attrs.items()), e.line, e.column, [tree(c) for c in e.children])
    try:
        return tree(_xml._parse(lines, 10, watch_text=watch_text))
    except _Bad as exc:
        return ("refused", exc.line, exc.column, exc.reason)


@pytest.mark.parametrize("seed", range(40))
def test_parse_xml_matches_the_every_text_event_twin(seed: int) -> None:
    rng = random.Random(seed)
    site = _XML_FIXTURES[seed % len(_XML_FIXTURES)]
    with open(Path(__file__).resolve().parents[1] / "data" / "hh" / site / "split_and_fold.txt", encoding="utf-8") as f:
        hands = [chunk.lines for chunk in hand_chunks(f)][:2]
    assert len(hands) == 2
    for lines in hands:
        for _ in range(15):
            copy = list(lines)
            for _ in range(rng.randrange(1, 4)):
                i = rng.randrange(len(copy))
                j = rng.randrange(len(copy[i]) + 1)
                copy[i] = copy[i][:j] + rng.choice(_XML_PIECES) + copy[i][j:]
            assert _xml_outcome(copy, None) == _xml_outcome(copy, True), copy
        assert _xml_outcome(lines, None) == _xml_outcome(lines, True)


def _ended_tree(e: _xml.Element) -> object:
    return (e.tag, sorted(e.attrs.items()), e.line, e.column, e.end_line, [_ended_tree(c) for c in e.children])


def _fast_outcome(lines: list[str], *, slow: bool = False) -> object:
    """The tree ``parse_xml`` reads (``slow``: the every-text-event twin's), end lines too, or its refusal."""
    try:
        return _ended_tree(_xml._parse(lines, 10, watch_text=True) if slow else _xml.parse_xml(lines, 10))
    except _Bad as exc:
        return ("refused", exc.line, exc.column, exc.reason)


def _xml_hands() -> list[list[str]]:
    hands = []
    for site in _XML_FIXTURES:
        for path in sorted((Path(__file__).resolve().parents[1] / "data" / "hh" / site).glob("*.txt")):
            with open(path, encoding="utf-8-sig") as f:
                hands += [chunk.lines for chunk in hand_chunks(f) if chunk.lines]
    return hands


def test_the_c_handlers_read_every_xml_fixture_as_the_slow_parse_does() -> None:
    hands = _xml_hands()
    assert len(hands) > 8
    read_fast = 0
    for lines in hands:
        document = ("<omaha8-hand>\n" + "\n".join(lines) + "\n</omaha8-hand>").encode()
        read_fast += _xml_tree.parse_tree(document, 8, False) is not None
        assert _fast_outcome(lines) == _fast_outcome(lines, slow=True), lines
    # the fast path is the one taken: only a hand the slow path refuses (or one with a declaration) is not read
    assert read_fast >= len(hands) - 3


@pytest.mark.parametrize("seed", range(40))
def test_parse_xml_with_the_c_handlers_matches_the_slow_parse(seed: int) -> None:
    rng = random.Random(seed)
    hands = _xml_hands()
    for _ in range(30):
        copy = list(rng.choice(hands))
        for _ in range(rng.randrange(1, 4)):
            i = rng.randrange(len(copy))
            j = rng.randrange(len(copy[i]) + 1)
            copy[i] = copy[i][:j] + rng.choice(_XML_PIECES + ["é", "\U0001f0a1", "<c>", "</c>", "<c d='é'>"]) + copy[i][j:]
        assert _fast_outcome(copy) == _fast_outcome(copy, slow=True), copy


@pytest.mark.parametrize("depth", [_xml.MAX_DEPTH - 2, _xml.MAX_DEPTH - 1, _xml.MAX_DEPTH, _xml.MAX_DEPTH + 1])
def test_parse_xml_nesting_at_the_limit_is_read_or_refused_as_the_slow_parse_does(depth: int) -> None:
    lines = ['<game id="1">'] + [" " * k + f'<x n="{k}">' for k in range(1, depth)] + [
        " " * k + "</x>" for k in range(depth - 1, 0, -1)] + ["</game>"]
    assert _fast_outcome(lines) == _fast_outcome(lines, slow=True)


def test_parse_tree_keeps_the_text_of_elements_without_children() -> None:
    root = _xml_tree.parse_tree(b"<w>\n <a>\n  X  Y \n</a>\n <b\n c='1'/>\n</w>", 0, True)
    assert root is not None
    assert [(e.tag, e.text.strip(), e.line, e.end_line) for e in root.children] == [("a", "X  Y", 2, 4), ("b", "", 5, 6)]
    # text beside a child element, text where none is kept, too much text: the slow path's to read
    assert _xml_tree.parse_tree(b"<w> X <a/></w>", 0, True) is None
    assert _xml_tree.parse_tree(b"<w><a/> X </w>", 0, True) is None
    assert _xml_tree.parse_tree(b"<w><a>X</a></w>", 0, False) is None
    assert _xml_tree.parse_tree(b"<w><a>" + b" " * _xml_tree.MAX_TEXT + b"X</a></w>", 0, True) is None
    assert _xml_tree.parse_tree(b"<w><a>" + b"X" * _xml_tree.MAX_TEXT + b"</a></w>", 0, True) is not None
    assert _xml_tree.parse_tree(b"<w><a></w>", 0, True) is None
