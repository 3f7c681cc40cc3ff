"""The tokens of the generic range language, and its bounds and macro names.

The language itself is specified in :mod:`omaha8.ranges.syntax`.

>>> [(t.kind, t.text) for t in tokenize("AA:xx")]
[('rank', 'A'), ('rank', 'A'), (':', ':'), ('suit variable', 'x'), ('suit variable', 'x'), ('end of text', '')]
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import RangeSyntaxError

__all__ = ["MAX_TEXT", "MAX_DEPTH", "MAX_NESTING", "MAX_PATTERNS", "MAX_PATTERN_CARDS", "MACROS", "RANK_CLASSES",
           "Token", "tokenize"]

#: Longest range text accepted, in characters.
MAX_TEXT = 10_000
#: Deepest nesting of parentheses, brackets and leading ``!``.
MAX_DEPTH = 32
#: Deepest syntax tree: each ``,`` list, ``:`` or ``!``, leading ``!`` and ``@`` adds a level.
MAX_NESTING = 100
#: Most patterns one range may expand into (lists and spans multiply).
MAX_PATTERNS = 2_000
#: Most cards of one pattern: the most a hand holds.
MAX_PATTERN_CARDS = 5

RANK_CHARS = "23456789TJQKA"  # index = rank id, as in omaha8.cards
SUIT_CHARS = "cdhs"  # index = suit id
SUIT_VARS = "wxyz"
ALL_RANKS = frozenset(range(13))
ALL_SUITS = frozenset(range(4))
ACE = 12

#: Macro names and what they mean (see the module docstring).
MACROS = {
    "ds": "double-suited",
    "ss": "single-suited",
    "np": "no pair",
    "s": "suited (two or more cards of one suit)",
    "o": "at least two suits",
    "rb": "rainbow (no two cards of one suit)",
}

#: Rank-class macros: each is one card whose rank is in the class (``$B$B$L$L``).
RANK_CLASSES = {
    "B": "AKQJ",  # big
    "F": "KQJ",  # face
    "R": "AKQJT",  # broadway
    "M": "T987",  # middle
    "Z": "65432",  # small
    "L": "A2345678",  # low: the 8-or-better ranks
    "N": "KQJT9",  # no-low
    "W": "A2345",  # wheel
}


# --- tokens -------------------------------------------------------------------

RANK, STAR, RVAR, SUIT, SVAR = "rank", "*", "rank variable", "suit", "suit variable"
LBRACK, RBRACK, LPAREN, RPAREN = "[", "]", "(", ")"
COMMA, COLON, BANG, AT, DASH, PLUS, PERCENT = ",", ":", "!", "@", "-", "+", "%"
NUMBER, MACRO, CLASS, END = "number", "macro", "rank class", "end of text"
CARD_START = {RANK, STAR, RVAR, SUIT, SVAR, LBRACK, CLASS}
RANK_START = {RANK, STAR, RVAR, CLASS}
_PUNCTUATION = {"[": LBRACK, "]": RBRACK, "(": LPAREN, ")": RPAREN, ",": COMMA, ":": COLON,
                "!": BANG, "@": AT, "-": DASH, "+": PLUS, "%": PERCENT, "*": STAR}


@dataclass(frozen=True)
class Token:
    kind: str
    text: str
    start: int
    end: int


def _error(reason: str, text: str, column: int) -> RangeSyntaxError:
    return RangeSyntaxError(reason, text, column)


def _shown(part: str, limit: int = 24) -> str:
    """A piece of range text for an error message, cut to ``limit`` characters (the caret shows the rest)."""
    return part if len(part) <= limit else f"{part[:limit]}… ({len(part):,} characters)"


def tokenize(text: str) -> list[Token]:
    """The tokens of ``text``, with their columns; whitespace only separates."""
    tokens: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in _SPACE:
            i += 1
        elif ch in _NUMBER_CHARS:
            j = i
            while j < n and text[j] in _NUMBER_CHARS:
                j += 1
            if (j < n and text[j] == "%") or (tokens and tokens[-1].kind == AT):
                tokens.append(Token(NUMBER, text[i:j], i, j))
                i = j
                continue
            for k in range(i, j):  # a run of digits that is not a number: ranks, one token each
                if text[k] not in RANK_CHARS:
                    hint = ": write T for ten" if text.startswith("10", k) else ""
                    raise _error(f"{text[k]!r} is not a rank (ranks are AKQJT98765432){hint}", text, k)
                tokens.append(Token(RANK, text[k], k, k + 1))
            i = j
        elif ch == "$" and i + 1 < n and text[i + 1] in RANK_CLASSES:
            tokens.append(Token(CLASS, text[i + 1], i, i + 2))
            i += 2
        elif ch == "$":
            j = i + 1
            while j < n and "a" <= text[j] <= "z":  # macro names are lower case
                j += 1
            if j == i + 1:
                raise _error("expected a macro name after '$' (" + _macro_list() + ")", text, j)
            if j - i > _LONGEST_MACRO:  # no macro is that long: refuse it before keeping its name
                raise _error(f"unknown macro '${_shown(text[i + 1 : j])}': the macros are {_macro_list()}",
                             text, i)
            tokens.append(Token(MACRO, text[i + 1 : j], i, j))
            i = j
        elif ch in _PUNCTUATION:
            tokens.append(Token(_PUNCTUATION[ch], ch, i, i + 1))
            i += 1
        elif ch.isascii() and ch.isalpha():
            if ch in _MISCASED:
                raise _error(_MISCASED[ch], text, i)
            kind = RANK if ch in RANK_CHARS else SUIT if ch in SUIT_CHARS else SVAR if ch in SUIT_VARS else RVAR
            tokens.append(Token(kind, ch, i, i + 1))
            i += 1
        else:
            # only ASCII digits are digits and only ASCII spaces separate: '٣', '１', '¹' and a no-break
            # space are refused, never read as what they look like
            raise _error(f"unexpected character {ch!r}{_unicode_name(ch)}: expected a card, a combinator "
                         "(, : !), a bracket, a percentage or a weight (ASCII only)", text, i)
    tokens.append(Token(END, "", n, n))
    return tokens


_SPACE = frozenset(" \t\n\r\f\v")
_NUMBER_CHARS = frozenset("0123456789.")
_LONGEST_MACRO = 1 + max(len(name) for name in MACROS)


def _unicode_name(ch: str) -> str:
    """`` (NAME)`` for a character outside ASCII, so a look-alike digit or space is recognisable."""
    if ch.isascii():
        return ""
    from unicodedata import name

    return f" ({name(ch, 'U+%04X' % ord(ch))})"


# letters that would be rank variables but far more likely mean a rank or suit in the other case
_MISCASED = {
    **{r.lower(): f"{r.lower()!r} would be a rank variable: ranks are upper case ({r!r}); for a variable, "
                  "use another letter (R, O, N ...)" for r in "AKQJT"},
    **{u.upper(): f"{u.upper()!r} would be a rank variable: suits and suit variables are lower case ({u!r}); "
                  "for a rank variable, use another letter (R, O, N ...)" for u in SUIT_CHARS + SUIT_VARS},
}


def _macro_list() -> str:
    return ", ".join("$" + name for name in [*MACROS, *RANK_CLASSES])
