"""An iPoker game's XML read into its parts, in file order, the structure checked as they come.

A game is read from the tree that expat's C handlers build (:func:`from_tree`, through
``_xml_tree``) where it has the format's own shape; any other game is read by Python
handlers (:func:`scan`), which refuse what is wrong with it, where and why. Its
session's header is read the same two ways (:func:`session_fields`).
:mod:`omaha8.histories.sites._ipoker` gives the parts their meaning.
"""

from __future__ import annotations

from xml.parsers import expat

from ..._support._args import brief
from .._grammar import _Bad
from ._xml import MAX_DEPTH, MAYBE_TEXT, _Refused, guard, position, run, stray_text
from ._xml_tree import parse_tree

__all__ = ["WRAPPER", "Game", "parser_over", "scan", "from_tree", "session_fields"]

#: The root a game's (or a session header's) lines are read under.
WRAPPER = "omaha8-hand"

# the elements of a game and the parent each must have
_PARENTS = {"game": WRAPPER, "general": "game", "startdate": "general", "players": "general", "player": "players",
            "round": "game", "action": "round", "cards": "round"}
# elements whose text is read
_TEXT = frozenset(("startdate", "cards"))


def parser_over(lines: list[str], start: int) -> tuple[expat.XMLParserType, str]:
    """A guarded expat parser over ``lines`` wrapped in one root, and the document."""
    text = "\n".join(lines)
    parser = expat.ParserCreate()
    guard(parser, lines, start, text)
    return parser, f"<{WRAPPER}>\n{text}\n</{WRAPPER}>"


# what a game's lines hold, as the parse collects them: (attributes, line, column) and the cards' text
_Item = tuple[dict[str, str], int, int]


class Game:
    """A game's parts: its ``<game>`` (attributes, line, column), date, players, actions and cards, in file order."""

    __slots__ = ("code", "date", "players", "actions", "cards")

    def __init__(self) -> None:
        self.code: _Item | None = None
        self.date = ""
        self.players: list[_Item] = []
        self.actions: list[tuple[int, dict[str, str], int, int]] = []  # (round, attributes, line, column)
        self.cards: list[tuple[int, dict[str, str], int, int, str]] = []  # (round, attributes, line, column, text)


def _stray_text_possible(document: str) -> bool:
    """Whether ``document`` may hold text outside the elements that have some (``<cards>``, ``<startdate>``).

    Every run of text follows a '>' and maybe white space; one right after a start tag of those elements is
    theirs. A '>' inside an attribute may be taken for text too: that only costs the slower parse."""
    if "<!" in document or "<?" in document:
        return True
    for m in MAYBE_TEXT.finditer(document):
        at = m.start()
        k = document.rfind("<", 0, at)
        if document[at - 1] == "/" or not (document.startswith("<cards ", k) or document.startswith("<cards>", k)
                                           or document.startswith("<startdate>", k)):
            return True
    return False


def scan(lines: list[str], start: int, *, watch_text: bool | None = None, tree: bool = True) -> Game:
    """One pass of expat over a game's lines: its parts in file order, the structure checked as they come.

    ``tree`` reads the game from the tree that expat's C handlers build (:func:`from_tree`) where it can.
    Otherwise (and with ``tree`` False) ``watch_text`` True sees every text event (the slow twin); None only the
    text inside the elements that have some, unless the document may hold text elsewhere (most of expat's text
    events are the line breaks and indents between elements: no handler need see them)."""
    # the session's end (and a next session's declaration) may follow the last game
    while lines and (lines[-1].strip() == "</session>" or lines[-1].startswith("<?xml ")):
        lines = lines[:-1]
    if tree:
        game = from_tree(lines, start)
        if game is not None:
            return game
    parser, document = parser_over(lines, start)
    if watch_text is None:
        watch_text = _stray_text_possible(document)
    first = start - 2
    game = Game()
    path: list[str] = []
    text: list[str] = []
    state = [-1]  # the round being read

    def open_tag(tag: str, attrs: dict[str, str]) -> None:
        if not path:
            path.append(tag)  # the wrapper
            return
        line, column = first + parser.CurrentLineNumber, parser.CurrentColumnNumber + 1
        parent = _PARENTS.get(tag)
        if parent != path[-1]:
            if path[-1] == "general" and len(path) == 3:
                parent = tag  # another field of the game's <general>: not read
            elif len(path) == 1 and tag != "game":
                raise _Refused(line, column, f"an iPoker hand is one <game> element, not <{tag[:40]}>")
            else:
                raise _Refused(line, column, f"<{tag[:40]}> inside <{path[-1][:40]}> is not part of an iPoker hand")
        if len(path) >= MAX_DEPTH:
            raise _Refused(line, column, "elements nest too deep")
        path.append(tag if parent == _PARENTS.get(tag) else "?")
        if tag == "action":
            game.actions.append((state[0], attrs, line, column))
        elif tag == "player":
            game.players.append((attrs, line, column))
        elif tag == "round":
            no = attrs.get("no", "")
            if not (no.isascii() and no.isdigit() and len(no) == 1) or int(no) <= state[0] or int(no) > 4:
                raise _Refused(line, column, f"round no={brief(no)} is not the next round (0 to 4)")
            state[0] = int(no)
        elif tag == "cards":
            game.cards.append((state[0], attrs, line, column, ""))
            if not watch_text:
                parser.CharacterDataHandler = characters
        elif tag == "startdate" and not watch_text:
            parser.CharacterDataHandler = characters
        elif tag == "game":
            if game.code is not None:
                raise _Refused(line, column, "a second <game> in one hand")
            game.code = (attrs, line, column)
        text.clear()

    def close_tag(tag: str) -> None:
        path.pop()
        if tag in _TEXT:
            if not watch_text:
                parser.CharacterDataHandler = None
            body = "".join(text).strip()
            if tag == "cards":
                r, attrs, line, column, _ = game.cards[-1]
                game.cards[-1] = (r, attrs, line, column, body)
            elif len(path) == 3:
                game.date = body
        text.clear()

    def characters(data: str) -> None:
        if path[-1] == "?":
            return  # the text of a field of the game's <general> that is not read (<servername>)
        if path[-1] in _TEXT:
            text.append(data)
            if len(text) > 64:  # bounded: a text is a few words
                joined = "".join(text)
                text.clear()
                text.append(joined[:4096])
        elif not data.isspace():
            raise stray_text(data, *position(lines, start, parser.CurrentLineNumber, parser.CurrentColumnNumber))

    parser.StartElementHandler = open_tag
    parser.EndElementHandler = close_tag
    if watch_text:
        parser.CharacterDataHandler = characters
    try:
        run(parser, document, lines, start)
    finally:
        # the handlers that switch the text handler refer to it: compiled, that ties them into a cycle
        characters = None  # type: ignore[assignment]
    if game.code is None:
        raise _Bad(start, 1, "an iPoker hand is one <game> element")
    return game


def from_tree(lines: list[str], start: int) -> Game | None:
    """:func:`scan`'s game read from the tree of expat's C handlers; None where the handlers must read it.

    Only a game of the format's own shape is read here, each part where :data:`_PARENTS` puts it and text only in
    ``<cards>`` and ``<startdate>`` (other fields of the game's ``<general>`` taken as they are): anything else, a
    declaration the guard must see, or XML the tree does not read (see ``_xml_tree``) is left to the handlers,
    which say what is wrong with it."""
    text = "\n".join(lines)
    if "<!" in text:
        return None
    try:
        document = f"<{WRAPPER}>\n{text}\n</{WRAPPER}>".encode()
    except UnicodeEncodeError:
        return None
    root = parse_tree(document, start - 2, True)
    if root is None or root.text or len(root.children) != 1:
        return None
    top = root.children[0]
    if top.tag != "game" or top.text:
        return None
    game = Game()
    game.code = (top.attrs, top.line, top.column)
    state = -1
    for part in top.children:
        if part.tag == "general":
            if part.text:
                return None
            for field in part.children:
                if field.tag == "players":
                    if field.text:
                        return None
                    for player in field.children:
                        if player.tag != "player" or player.children or player.text:
                            return None
                        game.players.append((player.attrs, player.line, player.column))
                elif field.tag == "startdate":
                    if field.children:
                        return None
                    game.date = field.text.strip()
                elif field.tag in _PARENTS or field.children:
                    return None
                # another field of the game's <general>: not read
        elif part.tag == "round":
            no = part.attrs.get("no", "")
            if not (no.isascii() and no.isdigit() and len(no) == 1) or int(no) <= state or int(no) > 4 or part.text:
                return None
            state = int(no)
            for item in part.children:
                if item.children:
                    return None
                if item.tag == "action":
                    if item.text:
                        return None
                    game.actions.append((state, item.attrs, item.line, item.column))
                elif item.tag == "cards":
                    game.cards.append((state, item.attrs, item.line, item.column, item.text.strip()))
                else:
                    return None
        else:
            return None
    return game


def session_fields(lines: list[str], start: int, *, tree: bool = True) -> dict[str, tuple[str, int, int]]:
    """The fields of a session header's ``<general>`` (``lines``, its ``<session>`` closed): each field's text, the
    line of its end and column 1, the first of a name kept.

    ``tree`` reads them from the tree of expat's C handlers (text kept) where every field is a leaf; otherwise
    (and with ``tree`` False) Python handlers read them, which also say what is wrong with the XML."""
    if tree:
        found = _fields_from_tree(lines, start)
        if found is not None:
            return found
    parser, document = parser_over(lines, start)
    first = start - 2
    fields: dict[str, tuple[str, int, int]] = {}
    path: list[str] = []
    text: list[str] = []

    def open_tag(tag: str, attrs: dict[str, str]) -> None:
        if len(path) >= MAX_DEPTH:
            raise _Refused(first + parser.CurrentLineNumber, parser.CurrentColumnNumber + 1, "elements nest too deep")
        path.append(tag)
        text.clear()

    def close_tag(tag: str) -> None:
        path.pop()
        if len(path) == 3 and path[1] == "session" and path[2] == "general":
            fields.setdefault(tag, ("".join(text).strip(), first + parser.CurrentLineNumber, 1))
        text.clear()

    parser.StartElementHandler = open_tag
    parser.EndElementHandler = close_tag
    parser.CharacterDataHandler = text.append
    run(parser, document, lines, start)
    return fields


def _fields_from_tree(lines: list[str], start: int) -> dict[str, tuple[str, int, int]] | None:
    """:func:`session_fields` from the tree; None where the handlers must read the header."""
    text = "\n".join(lines)
    if "<!" in text:
        return None
    try:
        root = parse_tree(f"<{WRAPPER}>\n{text}\n</{WRAPPER}>".encode(), start - 2, True)
    except UnicodeEncodeError:
        return None
    if root is None:
        return None
    fields: dict[str, tuple[str, int, int]] = {}
    for top in root.children:
        for general in top.children if top.tag == "session" else ():
            for field in general.children if general.tag == "general" else ():
                if field.children:
                    return None  # the handlers keep only the text after its last child
                fields.setdefault(field.tag, (field.text.strip(), field.end_line, 1))
    return fields
