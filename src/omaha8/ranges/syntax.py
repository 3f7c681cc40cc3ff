"""The generic range language: tokens, parser and syntax tree.

omaha8 reads the generic range syntax that ProPokerTools introduced (its help
pages "Range of Hands Syntax", "Generic Syntax" and "Weighted Ranges"), for
4- and 5-card Omaha. This docstring is the specification; where those pages
are silent, the choice made here is marked *(omaha8)*.

Cards
-----
- Ranks ``AKQJT98765432``, suits ``shdc``, ``*`` for any rank. Case matters:
  ranks are upper case, suits lower case.
- Suit variables ``wxyz``: the same letter is one suit, different letters are
  different suits, and a suit variable never stands for a suit written
  explicitly in the same pattern (``ssxx``: two spades and two cards of one
  other suit).
- Rank variables: every other ASCII letter (``R``, ``O``, ``N``, ...), with the
  same rules against ranks (``AARR``: two aces and a pair of another rank).
  *(omaha8)*: ``a k q j t`` and ``S H D C W X Y Z`` are refused rather than
  read as rank variables, since ``aa`` or ``AS KH`` almost surely mean aces,
  spades and hearts.
- A rank followed *immediately* by a suit is one card (``As``, ``Ax``, ``*h``);
  a suit on its own is a card of any rank (``sshh``) *(omaha8: a space between
  them makes two cards)*. Spaces between cards are ignored (``As Kh`` = ``AsKh``).
- Card order does not matter (Omaha).

Patterns
--------
A pattern is a sequence of cards; a hand matches when the pattern's cards can
be found among the hand's cards, the rest free: ``AA`` is "at least two
aces", ``wxy`` "at least three suits", ``*`` every hand. A pattern longer
than the hand is an error *(omaha8)*.

Lists and spans
---------------
- ``[A,K,Q]``: one card of any of those ranks; ``[s,h]`` one card of either
  suit; ``[As,Kh]`` one of those cards; a rank list or rank followed
  immediately by a suit or suit list is one card (``[A,K]s``, ``A[s,h]``).
  Alternatives are separated by ``,``; ``[AKQ]`` is an error rather than a
  guess *(omaha8)*. Alternatives of several cards (``[KK,QQ]5``) expand the
  pattern into one pattern per choice.
- Rank spans: ``KK-TT`` is ``KK, QQ, JJ, TT``; ``A2-A5`` is ``A2, A3, A4,
  A5``; ``JT98-5432`` the rundowns from JT98 down to 5432. Both sides have the
  same cards; the ranks that differ all move by the same step, the others stay;
  suits and variables must match on both sides (``KsQs-TsJs`` is refused,
  ``AxKx-AxTx`` is fine). A single-rank span ``[K-T]`` is the rank list
  ``[K,Q,J,T]``. Several spans in one pattern go in brackets: ``[KK-TT][55-33]``.
- A trailing ``+`` or ``-`` runs a pattern up or down, its explicit ranks
  moving together as in a span: ``TT+`` = ``TT`` .. ``AA``, ``33-`` = ``33``
  .. ``22``, ``8765+`` = ``8765, 9876, ..., AKQJ`` (up until the highest
  rank is an ace), ``JT98-`` = ``JT98`` .. ``5432`` (down until the lowest is
  a deuce), ``KT+`` = ``KT, AJ``. Aces stay where other ranks can move
  *(omaha8, the hold'em reading for ace-high patterns)*: ``A2+`` = ``A2`` ..
  ``AK``, ``A5-`` = ``A5, A4, A3, A2``, ``A23+`` = ``A23`` .. ``AQK``.

Macros
------
Written after a pattern's cards (``AA23$ds``, meaning both) or alone:

=========  ===================================================================
``$ds``    double-suited: exactly two suits hold two cards each, none holds
           more (4 cards: 2-2; 5 cards: 2-2-1)
``$ss``    single-suited: exactly one suit holds two cards, none holds more
``$np``    no pair: no two cards of the same rank (the no-pair constraint)
``$s``     suited: some suit holds two or more cards (the pattern ``xx``)
``$o``     "offsuit": at least two suits (the pattern ``xy``)
``$rb``    rainbow: no two cards of the same suit *(omaha8; empty for 5 cards)*
=========  ===================================================================

Rank-class macros are cards, written among a pattern's cards: each is one
card whose rank is in the class, and a suit may follow it (``$Bs``, ``$Lx``).
``$B$B$L$L`` is two big cards and two low cards (four different cards; an
ace may be either). Like a rank list's, a class's ranks are explicit ranks of
its pattern, which its rank variables never stand for *(omaha8)*: ``$BRR`` is
a big card and a pair of tens or lower, ``[A,K]RR`` an ace or king and a
pair below kings.

=========  ==================================  =========  ====================
``$B``     big: ``[A,K,Q,J]``                  ``$Z``     small: ``[6,5,4,3,2]``
``$F``     face: ``[K,Q,J]``                   ``$L``     low: ``[A,2,3,4,5,6,7,8]``
``$R``     broadway: ``[A,K,Q,J,T]``           ``$N``     no-low: ``[K,Q,J,T,9]``
``$M``     middle: ``[T,9,8,7]``               ``$W``     wheel: ``[A,2,3,4,5]``
=========  ==================================  =========  ====================

Combining
---------
``,`` (or), ``:`` (and), ``!`` (and not) and parentheses. ``:`` and ``!`` bind
tighter than ``,`` and associate left to right at one level, so
``AA:xxyy, JJ!JJJ, KK`` is "double-suited aces, or exactly two jacks, or at
least two kings", and ``TT+!AA`` is TT to KK. A leading ``!`` is "every hand
but" *(omaha8)*: ``!AA`` = ``*!AA``.

Percentages and weights
-----------------------
- ``15%``: the top 15% of hands by omaha8's 8-or-better ordering
  (:mod:`omaha8.ranges.ordering`). ``a%-b%`` is the percentiles ``a``
  through ``b``, both included, as ProPokerTools reads it (its pages give
  ``1%-100%`` as every hand, and ``15%@10, 16%-50%@5, 51%-100%@1`` as
  weighting every hand): the top ``b%`` less the top ``(a-1)%``, so
  ``5%-10%`` is the hands past the top 4% and within the top 10%, and
  ``0%-10%`` = ``1%-10%`` = ``10%``. Decimals are allowed (``2.5%``,
  ``2.5%-10%`` = the top 10% less the top 1.5%) *(omaha8: the rule for
  whole percentiles, applied as is)*. ProPokerTools' 6-handed
  orderings (``15%6h``) have no counterpart and are an error.
- ``@N`` after a comma-separated sub-range or a closing parenthesis weights it,
  ``N`` an integer 1..100, relative: ``AA@100, KK@50`` deals each AA combo
  twice as often as each KK combo. ``@`` binds just after ``:`` and ``!``. A
  weighted range weights every sub-range; where a hand is weighted twice the
  larger weight wins. The right side of ``:`` or ``!`` is a filter and takes
  no weight *(omaha8)*.

Board and dead cards
--------------------
:meth:`Range.combos <omaha8.ranges.Range.combos>` takes the board and dead
cards as explicit cards (``"Kh7c2s"``, ``"Kh 7c 2s"``). ProPokerTools also
allows generic syntax there (a *set* of boards); a set of boards is a
question for equity, not for a range's combos, and is not read here
*(omaha8)*.

Sources
-------
The ProPokerTools pages give the cards, variables, wildcard, pattern
semantics, the three combinators (with the example ``AA:xxyy, JJ!JJJ, KK``),
rank spans with trailing ``+``/``-``, lists, percentages and weights (``@``
"given precedence just after the ':' and '!' symbols", integers 1-100,
relative, highest weight wins, all or none) and percentage spans whose ends
are included (``1%-100%``). The macro names ``$ds``, ``$ss``, ``$np``, ``$s``
and ``$o``, the rank classes (``$B`` ... ``$W``), trailing ``+`` moving every
rank (``678+``: ``678, 789, 89T ...``) and the reading of ``:``/``!`` as one
level, left to right, come from tools that document the same syntax;
``$rb`` and ``$L``'s use for 8-or-better lows are omaha8's.

Bounds *(omaha8)*
-----------------
Untrusted text is bounded: at most :data:`MAX_TEXT` characters, parentheses
and brackets nested at most :data:`MAX_DEPTH` deep, and at most
:data:`MAX_PATTERNS` patterns after lists and spans expand. Variables cannot
explode the work: a pattern has at most as many cards as a hand (5), so
matching one hand tries at most 5! = 120 placements however many variables
it has, and most hands are turned away by a card count before any. A
pattern is tried only on hands that hold one of its most constrained card's
cards when those are few (``As``, an ace); patterns with no such card (every
card a list of five or more) are tried on every hand, so the worst range is
the most of those that fit in :data:`MAX_TEXT` characters (about 400 like
``[A,K,Q,J,T]s[9,8,7,6,5]h``): about 0.4 s over all 4-card hands and 3.5 s
over all 5-card hands on two cores.

>>> tree = parse("AA:xxyy, JJ!JJJ, KK")
>>> type(tree).__name__, len(tree.items)
('AnyOf', 3)
>>> [p.text for p in parse("KK-TT").alternatives]
['KK', 'QQ', 'JJ', 'TT']
>>> parse("AA:(KK")
Traceback (most recent call last):
...
omaha8.errors.RangeSyntaxError: expected ')' to close the '(' at column 4 (column 7)
  AA:(KK
        ^
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import product
from typing import Union

from ..errors import RangeSyntaxError

__all__ = [
    "MAX_TEXT",
    "MAX_DEPTH",
    "MAX_PATTERNS",
    "MACROS",
    "RANK_CLASSES",
    "CardSpec",
    "Pattern",
    "Patterns",
    "Percent",
    "AnyOf",
    "Intersect",
    "Difference",
    "Complement",
    "Weighted",
    "Node",
    "parse",
    "is_weighted",
    "walk",
]

#: Longest range text accepted, in characters.
MAX_TEXT = 10_000
#: Deepest nesting of parentheses and brackets.
MAX_DEPTH = 32
#: Most patterns one range may expand into (lists and spans multiply).
MAX_PATTERNS = 2_000

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


def tokenize(text: str) -> list[Token]:
    """The tokens of ``text``, with their columns; whitespace only separates."""
    tokens: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch.isdigit() or ch == ".":
            j = i
            while j < n and (text[j].isdigit() or text[j] == "."):
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
            raise _error(f"unexpected character {ch!r}: expected a card, a combinator (, : !), "
                         "a bracket, a percentage or a weight", text, i)
    tokens.append(Token(END, "", n, n))
    return tokens


# letters that would be rank variables but far more likely mean a rank or suit in the other case
_MISCASED = {
    **{r.lower(): f"{r.lower()!r} would be a rank variable: ranks are upper case ({r!r}); for a variable, "
                  "use another letter (R, O, N ...)" for r in "AKQJT"},
    **{u.upper(): f"{u.upper()!r} would be a rank variable: suits and suit variables are lower case ({u!r}); "
                  "for a rank variable, use another letter (R, O, N ...)" for u in SUIT_CHARS + SUIT_VARS},
}


def _macro_list() -> str:
    return ", ".join("$" + name for name in [*MACROS, *RANK_CLASSES])


# --- the tree -------------------------------------------------------------------


@dataclass(frozen=True)
class CardSpec:
    """One card of a pattern: what its rank and suit may be.

    ``ranks``/``suits`` are explicit sets (None: not explicit); ``rank_var``/
    ``suit_var`` a variable letter; ``cards`` an explicit set of card ids (a
    card list), in which case ranks and suits are None.
    """

    ranks: frozenset[int] | None = None
    rank_var: str | None = None
    suits: frozenset[int] | None = None
    suit_var: str | None = None
    cards: frozenset[int] | None = None
    column: int = field(default=0, compare=False)

    def key(self) -> tuple[object, ...]:
        return (self.ranks, self.rank_var, self.suits, self.suit_var, self.cards)

    def text(self) -> str:
        if self.cards is not None:
            ids = sorted(self.cards, reverse=True)
            return "[" + ",".join(RANK_CHARS[c >> 2] + SUIT_CHARS[c & 3] for c in ids) + "]"
        return _rank_text(self) + _suit_text(self)


def _set_text(values: frozenset[int], chars: str) -> str:
    if len(values) == 1:
        return chars[next(iter(values))]
    return "[" + ",".join(chars[v] for v in sorted(values, reverse=True)) + "]"


def _rank_text(spec: CardSpec) -> str:
    if spec.rank_var is not None:
        return spec.rank_var
    if spec.ranks is not None:
        return _set_text(spec.ranks, RANK_CHARS)
    return "*" if spec.suits is None and spec.suit_var is None else ""


def _suit_text(spec: CardSpec) -> str:
    if spec.suit_var is not None:
        return spec.suit_var
    return "" if spec.suits is None else _set_text(spec.suits, SUIT_CHARS)


@dataclass(frozen=True)
class Pattern:
    """One pattern after lists and spans expand: its cards and its macros."""

    cards: tuple[CardSpec, ...]
    macros: tuple[str, ...]
    column: int = field(default=0, compare=False)

    def key(self) -> tuple[object, ...]:
        return (tuple(card.key() for card in self.cards), self.macros)

    @property
    def text(self) -> str:
        return "".join(card.text() for card in self.cards) + "".join("$" + m for m in self.macros)

    def explicit_ranks(self) -> frozenset[int]:
        """Every rank written in the pattern: rank variables never stand for these."""
        found: set[int] = set()
        for card in self.cards:
            found |= card.ranks or set()
            found |= {c >> 2 for c in card.cards or ()}
        return frozenset(found)

    def explicit_suits(self) -> frozenset[int]:
        """Every suit written in the pattern: suit variables never stand for these."""
        found: set[int] = set()
        for card in self.cards:
            found |= card.suits or set()
            found |= {c & 3 for c in card.cards or ()}
        return frozenset(found)


@dataclass(frozen=True)
class Patterns:
    """A pattern as written: the union of its expansions (one, unless it has lists or spans)."""

    alternatives: tuple[Pattern, ...]
    column: int
    end: int


@dataclass(frozen=True)
class Percent:
    """From ``lo`` % to ``hi`` % of the ordering (``15%`` is 0 to 15, ``5%-10%`` 4 to 10)."""

    lo: float
    hi: float
    column: int
    end: int


@dataclass(frozen=True)
class AnyOf:
    items: tuple[Node, ...]
    column: int


@dataclass(frozen=True)
class Intersect:
    left: Node
    right: Node
    column: int


@dataclass(frozen=True)
class Difference:
    left: Node
    right: Node
    column: int


@dataclass(frozen=True)
class Complement:
    """A leading ``!``: every hand not in ``node``."""

    node: Node
    column: int


@dataclass(frozen=True)
class Weighted:
    node: Node
    weight: int
    column: int


Node = Union[Patterns, Percent, AnyOf, Intersect, Difference, Complement, Weighted]

# Alternatives of a bracket or span: each a tuple of card specs.
Alternatives = list[tuple[CardSpec, ...]]


# --- the parser -----------------------------------------------------------------


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = tokenize(text)
        self.pos = 0
        self.depth = 0
        self.n_patterns = 0

    # token helpers
    @property
    def tok(self) -> Token:
        return self.tokens[self.pos]

    def peek(self, offset: int = 1) -> Token:
        return self.tokens[min(self.pos + offset, len(self.tokens) - 1)]

    def take(self) -> Token:
        token = self.tokens[self.pos]
        self.pos += 1
        return token

    def glued(self) -> bool:
        """Whether the current token follows the previous one with no space between."""
        return self.pos > 0 and self.tokens[self.pos - 1].end == self.tok.start

    def fail(self, reason: str, column: int | None = None) -> RangeSyntaxError:
        return _error(reason, self.text, self.tok.start if column is None else column)

    def found(self) -> str:
        tok = self.tok
        return "the end of the text" if tok.kind == END else repr("$" + tok.text if tok.kind in (MACRO, CLASS) else tok.text)

    def enter(self, column: int) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.fail(f"brackets and parentheses nest more than {MAX_DEPTH} deep", column)

    # grammar
    def parse(self) -> Node:
        if not self.text.strip():
            raise self.fail("the range is empty: expected a hand pattern, a percentage or '('", 0)
        node = self.union()
        if self.tok.kind != END:
            if self.tok.kind == RPAREN:
                raise self.fail("unmatched ')'")
            raise self.fail(f"expected ',', ':', '!' or '@' between sub-ranges, found {self.found()}")
        return node

    def union(self) -> Node:
        column = self.tok.start
        items = [self.item()]
        while self.tok.kind == COMMA:
            self.take()
            items.append(self.item())
        return items[0] if len(items) == 1 else AnyOf(tuple(items), column)

    def item(self) -> Node:
        node = self.chain()
        if self.tok.kind == AT:
            at = self.take()
            if self.tok.kind != NUMBER or not self.tok.text.isdigit():
                raise self.fail(f"expected a whole-number weight 1-100 after '@', found {self.found()}")
            number = self.take()
            weight = int(number.text) if len(number.text) <= 4 else 10_000
            if not 1 <= weight <= 100:
                raise self.fail(f"a weight is a whole number 1-100, not {number.text}", number.start)
            node = Weighted(node, weight, at.start)
            if self.tok.kind == AT:
                raise self.fail("a sub-range takes one weight")
        return node

    def chain(self) -> Node:
        node = self.unary()
        while self.tok.kind in (COLON, BANG):
            op = self.take()
            right = self.unary()
            node = Intersect(node, right, op.start) if op.kind == COLON else Difference(node, right, op.start)
        return node

    def unary(self) -> Node:
        if self.tok.kind == BANG:
            bang = self.take()
            self.enter(bang.start)
            node = Complement(self.unary(), bang.start)
            self.depth -= 1
            return node
        return self.primary()

    def primary(self) -> Node:
        tok = self.tok
        if tok.kind == LPAREN:
            self.take()
            self.enter(tok.start)
            node = self.union()
            if self.tok.kind != RPAREN:
                raise self.fail(f"expected ')' to close the '(' at column {tok.start + 1}")
            self.take()
            self.depth -= 1
            return node
        if tok.kind == NUMBER:
            return self.percent()
        if tok.kind in CARD_START or tok.kind == MACRO:
            return self.pattern()
        raise self.fail(f"expected a hand pattern, a percentage or '(', found {self.found()}")

    def percent(self) -> Percent:
        start = self.tok.start
        lo = self.percent_value()
        hi = None
        if self.tok.kind == DASH and self.peek().kind == NUMBER:
            self.take()
            hi = self.percent_value()
        if self.tok.kind == RANK and self.tok.text == "6" and self.glued() and self.peek().kind == SUIT:
            raise self.fail("omaha8 has one ordering, not ProPokerTools' 6-handed one: drop the '6h'")
        if hi is None:
            lo, hi = 0.0, lo
        elif hi < lo:
            raise self.fail(f"a percentage span runs from the smaller to the larger, not {lo:g}%-{hi:g}%", start)
        else:
            # percentiles lo through hi, both included: 1%-100% is every hand, 16%-50% follows 15%
            lo = max(lo - 1.0, 0.0)
        return Percent(lo, hi, start, self.tokens[self.pos - 1].end)

    def percent_value(self) -> float:
        number = self.take()
        try:
            value = float(number.text)
        except ValueError:
            raise self.fail(f"{number.text!r} is not a number", number.start) from None
        if self.tok.kind != PERCENT:
            raise self.fail(f"expected '%' after {number.text}")
        self.take()
        if not 0 <= value <= 100:
            raise self.fail(f"a percentage is between 0 and 100, not {number.text}", number.start)
        return value

    def pattern(self) -> Patterns:
        start = self.tok.start
        alternatives = self.spanned_sequence(top=True)
        macros: list[str] = []
        while self.tok.kind == MACRO:
            name = self.tok.text
            if name not in MACROS:
                raise self.fail(f"unknown macro '${name}': the macros are {_macro_list()}")
            if name not in macros:
                macros.append(name)
            self.take()
        if self.tok.kind in CARD_START:
            raise self.fail("macros come after a pattern's cards")
        expanded = tuple(Pattern(cards, tuple(macros), start) for cards in alternatives)
        self.n_patterns += len(expanded)
        if self.n_patterns > MAX_PATTERNS:
            raise self.fail(f"the range expands to more than {MAX_PATTERNS} patterns", start)
        return Patterns(expanded, start, self.tokens[self.pos - 1].end)

    def spanned_sequence(self, top: bool) -> Alternatives:
        """Cards, then an optional span (``-`` cards, trailing ``+`` or ``-``): its alternatives."""
        start = self.tok.start
        first = self.sequence()
        if self.tok.kind == DASH:
            dash = self.take()
            if self.tok.kind in CARD_START:
                second_start = self.tok.start
                second = self.sequence()
                return self.span(first, second, dash.start, second_start)
            return self.trailing(first, up=False, column=dash.start)
        if self.tok.kind == PLUS:
            plus = self.take()
            return self.trailing(first, up=True, column=plus.start)
        return self.expand(first, start)

    def sequence(self) -> list[Alternatives]:
        """Cards up to the next non-card token: one list of alternatives per element."""
        elements: list[Alternatives] = []
        while self.tok.kind in CARD_START:
            elements.extend(self.element())
        return elements

    def element(self) -> list[Alternatives]:
        tok = self.tok
        if tok.kind in RANK_START:
            self.take()
            spec = self.rank_spec(tok)
            return self.with_suit(spec)
        if tok.kind in (SUIT, SVAR):
            self.take()
            return [[(self.suit_part(tok, CardSpec(column=tok.start)),)]]
        # a bracket
        alternatives, kind, merged = self.bracket()
        if kind == "ranks":
            return self.with_suit(merged)
        if kind in ("suits", "cards"):
            return [[(merged,)]]
        return [alternatives]

    def rank_spec(self, tok: Token) -> CardSpec:
        if tok.kind == RANK:
            return CardSpec(ranks=frozenset({RANK_CHARS.index(tok.text)}), column=tok.start)
        if tok.kind == RVAR:
            return CardSpec(rank_var=tok.text, column=tok.start)
        if tok.kind == CLASS:
            return CardSpec(ranks=frozenset(RANK_CHARS.index(r) for r in RANK_CLASSES[tok.text]),
                            column=tok.start)
        return CardSpec(column=tok.start)

    def with_suit(self, spec: CardSpec) -> list[Alternatives]:
        """A rank part, with the suit part that follows it immediately, if any."""
        if not self.glued():
            return [[(spec,)]]
        tok = self.tok
        if tok.kind in (SUIT, SVAR):
            self.take()
            return [[(self.suit_part(tok, spec),)]]
        if tok.kind == LBRACK:
            alternatives, kind, merged = self.bracket()
            if kind == "suits":
                return [[(CardSpec(ranks=spec.ranks, rank_var=spec.rank_var, suits=merged.suits,
                                   column=spec.column),)]]
            tail: Alternatives = [(merged,)] if kind in ("ranks", "cards") else alternatives
            if kind == "ranks":
                return [[(spec,)], *self.with_suit(merged)]
            return [[(spec,)], tail]
        return [[(spec,)]]

    def suit_part(self, tok: Token, spec: CardSpec) -> CardSpec:
        if tok.kind == SUIT:
            return CardSpec(ranks=spec.ranks, rank_var=spec.rank_var,
                            suits=frozenset({SUIT_CHARS.index(tok.text)}), column=spec.column)
        return CardSpec(ranks=spec.ranks, rank_var=spec.rank_var, suit_var=tok.text, column=spec.column)

    def bracket(self) -> tuple[Alternatives, str, CardSpec]:
        """``[alt, alt, ...]``: its alternatives, and what it is (ranks, suits, cards or group)."""
        open_ = self.take()
        self.enter(open_.start)
        alternatives: Alternatives = []
        n_items = 0
        while True:
            if self.tok.kind not in CARD_START:
                raise self.fail(f"expected a card, rank or suit inside '[ ]', found {self.found()}")
            item_start = self.tok.start
            before = self.pos
            item = self.spanned_sequence(top=False)
            spanned = any(t.kind in (DASH, PLUS) for t in self.tokens[before : self.pos])
            n_items += 1
            if not spanned and any(len(alt) > 1 for alt in item) and self.tok.kind != COMMA and n_items == 1:
                raise self.fail("a list in '[ ]' separates its choices with ',': write [A,K,Q] for one card "
                                "of those ranks", item_start)
            alternatives.extend(item)
            if self.tok.kind == COMMA:
                self.take()
                continue
            if self.tok.kind != RBRACK:
                raise self.fail(f"expected ',' or ']' to close the '[' at column {open_.start + 1}, "
                                f"found {self.found()}")
            self.take()
            break
        self.depth -= 1
        self.count(len(alternatives), open_.start)
        kind, merged = _classify(alternatives, open_.start)
        return alternatives, kind, merged

    def count(self, n: int, column: int) -> None:
        if n > MAX_PATTERNS:
            raise self.fail(f"the range expands to more than {MAX_PATTERNS} patterns", column)

    def expand(self, elements: list[Alternatives], column: int) -> Alternatives:
        total = 1
        for choices in elements:
            total *= len(choices)
            self.count(total, column)
        return [tuple(card for part in choice for card in part) for choice in product(*elements)]

    def single_cards(self, elements: list[Alternatives], column: int) -> list[CardSpec]:
        """The cards of one side of a span, which may not hold multi-card lists."""
        cards: list[CardSpec] = []
        for choices in elements:
            if len(choices) != 1:
                raise self.fail("a span's sides are plain cards, without multi-card lists", column)
            cards.extend(choices[0])
        return cards

    def span(self, first_el: list[Alternatives], second_el: list[Alternatives], dash: int,
             second_start: int) -> Alternatives:
        first = self.single_cards(first_el, dash)
        second = self.single_cards(second_el, second_start)
        if len(first) != len(second):
            raise self.fail(f"a span's sides have the same number of cards, not {len(first)} and {len(second)}",
                            dash)
        step = 0
        moving: list[int] = []
        for i, (a, b) in enumerate(zip(first, second)):
            same_suit = (a.suits, a.suit_var) == (b.suits, b.suit_var)
            if a.cards is not None or b.cards is not None or not same_suit or a.rank_var != b.rank_var:
                raise self.fail("a span's sides differ only in their ranks: suits, variables and "
                                "lists must match", b.column)
            if a.ranks == b.ranks:
                continue
            if a.ranks is None or b.ranks is None or len(a.ranks) != 1 or len(b.ranks) != 1:
                raise self.fail("a span moves single explicit ranks", b.column)
            delta = next(iter(b.ranks)) - next(iter(a.ranks))
            if step and delta != step:
                raise self.fail("the ranks of a span move together: every changing rank moves by the same "
                                "number of steps", b.column)
            step = delta
            moving.append(i)
        if not moving:
            return [tuple(first)]
        direction = 1 if step > 0 else -1
        return [_shift(first, moving, direction * k) for k in range(abs(step) + 1)]

    def trailing(self, elements: list[Alternatives], up: bool, column: int) -> Alternatives:
        cards = self.single_cards(elements, column)
        ranked = [i for i, c in enumerate(cards) if c.ranks is not None and c.cards is None]
        if not ranked or any(len(cards[i].ranks or ()) != 1 for i in ranked):
            raise self.fail(f"a trailing '{'+' if up else '-'}' needs cards with single explicit ranks", column)
        rank = {i: next(iter(cards[i].ranks or ())) for i in ranked}
        # every explicit rank moves together, except that aces stay when other ranks can move
        # (A2+ = A2..AK, A5- = A5..A2), and never past an ace they stay below
        moving = [i for i in ranked if rank[i] != ACE] or ranked
        staying = len(moving) < len(ranked)
        if up:
            steps = (ACE - 1 if staying else ACE) - max(rank[i] for i in moving)
        else:
            steps = min(rank[i] for i in moving)
        return [_shift(cards, moving, k if up else -k) for k in range(max(steps, 0) + 1)]


def _shift(cards: list[CardSpec], moving: list[int], by: int) -> tuple[CardSpec, ...]:
    out = list(cards)
    for i in moving:
        c = cards[i]
        out[i] = CardSpec(ranks=frozenset({next(iter(c.ranks or ())) + by}), suits=c.suits,
                          suit_var=c.suit_var, column=c.column)
    return tuple(out)


def _classify(alternatives: Alternatives, column: int) -> tuple[str, CardSpec]:
    """Whether a bracket's alternatives are one card (ranks, suits or cards) or a group of patterns."""
    singles = [alt[0] for alt in alternatives if len(alt) == 1]
    plain = len(singles) == len(alternatives) and all(
        c.rank_var is None and c.suit_var is None for c in singles
    )
    if not plain:
        return "group", CardSpec(column=column)
    if all(c.ranks is not None and c.suits is None and c.cards is None for c in singles):
        return "ranks", CardSpec(ranks=frozenset().union(*(c.ranks or () for c in singles)), column=column)
    if all(c.suits is not None and c.ranks is None and c.cards is None for c in singles):
        return "suits", CardSpec(suits=frozenset().union(*(c.suits or () for c in singles)), column=column)
    ids: set[int] = set()
    for c in singles:
        if c.cards is not None:
            ids |= c.cards
        else:
            ranks = c.ranks if c.ranks is not None else ALL_RANKS
            suits = c.suits if c.suits is not None else ALL_SUITS
            ids |= {r * 4 + s for r in ranks for s in suits}
    return "cards", CardSpec(cards=frozenset(ids), column=column)


def parse(text: str) -> Node:
    """The syntax tree of a range text; raises :class:`~omaha8.errors.RangeSyntaxError`."""
    if not isinstance(text, str):
        from ..errors import ArgumentTypeError

        raise ArgumentTypeError(f"a range is a str, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise RangeSyntaxError(f"the range text has {len(text):,} characters, more than {MAX_TEXT:,}",
                               text, MAX_TEXT)
    tree = _Parser(text).parse()
    is_weighted(tree, text)
    return tree


def is_weighted(node: Node, text: str) -> bool:
    """Whether ``node`` carries weights; refuses weights where the weighted-range rules forbid them."""
    if isinstance(node, (Patterns, Percent)):
        return False
    if isinstance(node, Weighted):
        if is_weighted(node.node, text):
            raise _error("this sub-range already carries weights: weight each sub-range once", text, node.column)
        return True
    if isinstance(node, AnyOf):
        flags = [is_weighted(item, text) for item in node.items]
        if any(flags) and not all(flags):
            unweighted = node.items[flags.index(False)]
            raise _error("a weighted range gives every comma-separated sub-range a weight: expected '@N' "
                         "(1-100) after this one", text, _end_column(unweighted, text))
        return all(flags)
    if isinstance(node, (Intersect, Difference)):
        if is_weighted(node.right, text):
            op = ":" if isinstance(node, Intersect) else "!"
            raise _error(f"the right side of '{op}' is a filter and takes no weights", text, node.column)
        return is_weighted(node.left, text)
    if is_weighted(node.node, text):
        raise _error("'!' takes every hand not in an unweighted sub-range; this one carries weights",
                     text, node.column)
    return False


def _end_column(node: Node, text: str) -> int:
    """Where a weight would go after ``node`` (its last column), for error carets."""
    if isinstance(node, (Patterns, Percent)):
        return node.end
    if isinstance(node, AnyOf):
        return _end_column(node.items[-1], text)
    if isinstance(node, (Intersect, Difference)):
        return _end_column(node.right, text)
    return _end_column(node.node, text)


def walk(node: Node) -> Iterator[Node]:
    """Every node of a tree, parents first."""
    yield node
    if isinstance(node, AnyOf):
        for item in node.items:
            yield from walk(item)
    elif isinstance(node, (Intersect, Difference)):
        yield from walk(node.left)
        yield from walk(node.right)
    elif isinstance(node, (Complement, Weighted)):
        yield from walk(node.node)
