"""One hand's XML, parsed safely: expat with no DTD, no entities but XML's own, bounded depth, positions kept.

The XML sites (Boss Media, Microgaming, Merge) write a hand as one element
(Merge: a ``<description>`` then a ``<game>``), cut from the file like any
other hand (:mod:`omaha8.histories._files`: lines capped in length and
number, so a hand's text is bounded). :func:`parse_xml` reads those lines
with :mod:`xml.parsers.expat` (a linear-time, non-validating parser) into
small :class:`Element` trees that remember the line and column of each start
tag, so a reader's refusal points into the file. A document type
declaration is refused outright (no entity can be declared, so none can
expand), so are external entities and text where the formats have none;
a syntax error is reported with expat's line and column, in characters.

>>> root = parse_xml(['<game id="7">', ' <player seat="0"/>', '</game>'], 10)
>>> [(e.tag, e.attrs, e.line, e.column) for e in root.children[0].children]
[('player', {'seat': '0'}, 11, 2)]
>>> parse_xml(['<!DOCTYPE x [<!ENTITY a "aa">]>', '<x/>'], 5)
Traceback (most recent call last):
...
omaha8.histories._grammar._Bad: a document type declaration (DOCTYPE) is not read in a hand history
"""

from __future__ import annotations

import re
from xml.parsers import expat

from ..._support._args import brief
from .._builder import HandBuilder
from .._grammar import _Bad
from ._xml_tree import MAX_DEPTH, Element, parse_tree

__all__ = ["Element", "parse_xml", "MAX_DEPTH", "attr", "amount_of", "children", "only", "LIMIT_CODES", "xml_error",
           "guard", "position", "MAYBE_TEXT", "stray_text", "run"]

#: The limits as the XML formats abbreviate them (Boss Media's ``LIMIT``, Microgaming's ``betlimit``, iPoker's
#: game type).
LIMIT_CODES = {"PL": "Pot Limit", "NL": "No Limit", "FL": "Limit"}

# the root the hand's elements are read under (Merge writes two top-level elements per hand), on a line
# of its own before the hand's first line, so the hand's lines and columns are expat's less one line
_WRAPPER = "omaha8-hand"
#: Text that may hold more than white space: a '>' then, after white space, anything but a tag. Text always
# follows a '>' (of a tag, or the wrapper's) and holds no '<', so a document without a match has none; a '>'
# inside an attribute may match too, which only costs the slower parse. Linear: each '>' scans only the white
# space after it.
MAYBE_TEXT = re.compile(r">\s*[^\s<]")


class _Refused(Exception):
    """Raised inside an expat handler: the parse stops with this position and reason."""

    def __init__(self, line: int, column: int, reason: str) -> None:
        super().__init__(reason)
        self.line, self.column, self.reason = line, column, reason


def parse_xml(lines: list[str], start: int) -> Element:
    """The elements of a hand's ``lines`` (the first on file line ``start``) under one root; :class:`_Bad` if not XML.

    Parameters
    ----------
    lines
        The hand's lines as :func:`~omaha8.histories._files.hand_chunks` cut them.
    start
        The file line of ``lines[0]``.
    """
    text = "\n".join(lines)
    # the fast path (expat's C handlers) reads a hand without a declaration the guard must see; it gives up,
    # and this parse is done again the slow way, where that one would refuse anything
    if "<!" not in text:
        try:
            document = f"<{_WRAPPER}>\n{text}\n</{_WRAPPER}>".encode()
        except UnicodeEncodeError:
            pass  # a lone surrogate: left to the slow path, as before
        else:
            root = parse_tree(document, start - 2, False)
            if root is not None:
                return root
    return _parse(lines, start, watch_text=None)


def _parse(lines: list[str], start: int, *, watch_text: bool | None) -> Element:
    """:func:`parse_xml`; ``watch_text`` True sees every text event (the slow twin), None only when text may be
    more than white space."""
    text = "\n".join(lines)
    document = f"<{_WRAPPER}>\n{text}\n</{_WRAPPER}>"
    # without a declaration, CDATA or comment ("<!") and with no text, expat's text events are all white space:
    # no handler need see them (about half of all its events)
    if watch_text is None:
        watch_text = "<!" in text or MAYBE_TEXT.search(document) is not None
    parser = expat.ParserCreate()
    guard(parser, lines, start, text)
    top = Element("", {}, start, 1)  # holds the wrapper element, the hand's root
    stack = [top]

    # (no handler calls another inner function: compiled, such a call would tie the handlers into a cycle)
    # the wrapper's line comes first: expat's line n is the hand's line n - 1, file line start + n - 2
    first = start - 2

    def open_tag(tag: str, attrs: dict[str, str]) -> None:
        if len(stack) > MAX_DEPTH:
            raise _Refused(*position(lines, start, parser.CurrentLineNumber, parser.CurrentColumnNumber),
                          f"elements nest more than {MAX_DEPTH} deep")
        element = Element(tag, attrs, first + parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)
        stack[-1].children.append(element)
        stack.append(element)

    def close_tag(tag: str) -> None:
        stack.pop().end_line = first + parser.CurrentLineNumber

    def characters(data: str) -> None:
        if data.isspace():
            return  # the line breaks and indents between elements: most calls
        raise stray_text(data, *position(lines, start, parser.CurrentLineNumber, parser.CurrentColumnNumber))

    parser.StartElementHandler = open_tag
    parser.EndElementHandler = close_tag
    if watch_text:
        parser.CharacterDataHandler = characters
    run(parser, document, lines, start)
    return top.children[0]


def stray_text(data: str, line: int, column: int) -> _Refused:
    """The refusal of text ``data`` (not all white space) that expat reports at (``line``, ``column``): it points at
    the first visible character (unbuffered, expat reports where each run of text starts)."""
    stripped = data.lstrip()
    skipped = data[: len(data) - len(stripped)]
    newlines = skipped.count("\n")
    if newlines:
        line, column = line + newlines, len(skipped) - skipped.rfind("\n")
    else:
        column += len(skipped)
    return _Refused(line, column, f"text {brief(stripped.strip())} is no part of the hand's XML")


def run(parser: expat.XMLParserType, document: str, lines: list[str], start: int) -> None:
    """Parse ``document`` (``lines`` under one root): a handler's :class:`_Refused` or a syntax error as :class:`_Bad`.

    The handlers are let go of afterwards: they refer to the parser (for its position), and the cycle would
    keep the parser, the handlers and all they hold alive until a garbage collection, which a file of many
    hands would then run every few hands."""
    try:
        parser.Parse(document, True)
    except _Refused as exc:
        raise _Bad(exc.line, exc.column, exc.reason) from None
    except expat.ExpatError as exc:
        raise xml_error(lines, start, exc) from None
    except UnicodeEncodeError as exc:
        # text given as a str may hold a lone surrogate, which no file's bytes can: expat is given UTF-8
        before = document[:exc.start]
        line, column = position(lines, start, before.count("\n") + 1, exc.start - before.rfind("\n") - 1)
        raise _Bad(line, column,
                   f"the character U+{ord(document[exc.start]):04X} is half a surrogate pair, not text") from None
    finally:
        _let_go(parser)


def _let_go(parser: expat.XMLParserType) -> None:
    """Clear ``parser``'s handlers, breaking the cycle between it and the closures that ask for its position."""
    parser.StartElementHandler = parser.EndElementHandler = parser.CharacterDataHandler = None
    parser.StartDoctypeDeclHandler = parser.EntityDeclHandler = parser.ExternalEntityRefHandler = None


def guard(parser: expat.XMLParserType, lines: list[str], start: int, text: str) -> None:
    """Make ``parser`` (over ``lines``, joined ``text``, wrapped in one root) refuse any DOCTYPE, entity declaration
    or external entity; a declaration in the lines is refused by name at once. Without a "<!" in the text there
    is nothing to refuse (no declaration, so no entity but XML's own): most hands need no handler."""
    if "<!" not in text:
        return
    _declarations(lines, start)
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)

    def doctype(*_: object) -> None:
        raise _refusal(parser, lines, start, "a document type declaration (DOCTYPE) is not read in a hand history")

    def entity(*_: object) -> None:
        raise _refusal(parser, lines, start, "an entity declaration is not read in a hand history")

    def external(*_: object) -> int:
        raise _refusal(parser, lines, start, "an external entity is not read in a hand history")

    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    parser.ExternalEntityRefHandler = external


def _refusal(parser: expat.XMLParserType, lines: list[str], start: int, reason: str) -> _Refused:
    return _Refused(*position(lines, start, parser.CurrentLineNumber, parser.CurrentColumnNumber), reason)


def xml_error(lines: list[str], start: int, exc: expat.ExpatError) -> _Bad:
    """The :class:`_Bad` of expat's syntax error ``exc`` in ``lines`` (wrapped in one root, the first on ``start``)."""
    at, column = position(lines, start, exc.lineno, exc.offset)
    reason = expat.ErrorString(exc.code) if exc.code is not None else "not XML"
    if at >= start + len(lines):
        at, column, reason = start + len(lines) - 1, 0, f"the hand's XML ends early ({reason})"
    return _Bad(at, column, f"the hand's XML is broken here: {reason}")


def _declarations(lines: list[str], start: int) -> None:
    """Refuse a DOCTYPE or ENTITY declaration by name (inside the wrapper expat would call it only a syntax error)."""
    for i, line in enumerate(lines):
        j = line.find("<!")
        while j >= 0:
            word = line[j + 2:j + 9].upper()
            if word == "DOCTYPE":
                raise _Bad(start + i, j + 1, "a document type declaration (DOCTYPE) is not read in a hand history")
            if word[:6] == "ENTITY":
                raise _Bad(start + i, j + 1, "an entity declaration is not read in a hand history")
            j = line.find("<!", j + 2)


def position(lines: list[str], start: int, expat_line: int, expat_column: int) -> tuple[int, int]:
    """The file line and 1-based column of expat's (line, 0-based column in characters) in the wrapped text."""
    i = expat_line - 2
    if i < 0:
        return start, 1
    if i >= len(lines):
        return start + len(lines), 1
    return start + i, expat_column + 1


def attr(element: Element, name: str, what: str | None = None) -> str:
    """The attribute ``name`` of ``element``; :class:`_Bad` at the element when it has none."""
    value = element.attrs.get(name)
    if value is None:
        raise _Bad(element.line, element.column, f"<{element.tag}> has no {what or name} ({name}=\"...\")")
    return value


def amount_of(b: HandBuilder, element: Element, name: str, what: str = "amount") -> int:
    """The attribute ``name`` of ``element`` as an amount in the hand's units; :class:`_Bad` at the element."""
    return b.amount(attr(element, name, what), element.line, element.column)


def children(element: Element, tag: str) -> list[Element]:
    """The children of ``element`` named ``tag``."""
    return [child for child in element.children if child.tag == tag]


def only(root: Element, tag: str, site: str) -> Element:
    """The one element of ``root``, a ``<tag>``; :class:`_Bad` at the first other element when it is not alone."""
    if len(root.children) != 1 or root.children[0].tag != tag:
        extra = root.children[1] if len(root.children) > 1 else root
        raise _Bad(extra.line, extra.column, f"a {site} hand is one <{tag}> element")
    return root.children[0]
