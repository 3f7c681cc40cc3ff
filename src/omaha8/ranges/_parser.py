"""The recursive-descent parser of the generic range language (:mod:`omaha8.ranges.syntax`)."""

from __future__ import annotations

from itertools import product

from ..errors import RangeSyntaxError
from .tokens import (
    ACE,
    ALL_RANKS,
    ALL_SUITS,
    AT,
    BANG,
    CARD_START,
    CLASS,
    COLON,
    COMMA,
    DASH,
    END,
    LBRACK,
    LPAREN,
    MACRO,
    MACROS,
    MAX_DEPTH,
    MAX_NESTING,
    MAX_PATTERN_CARDS,
    MAX_PATTERNS,
    NUMBER,
    PERCENT,
    PLUS,
    RANK,
    RANK_CHARS,
    RANK_CLASSES,
    RANK_START,
    RBRACK,
    RPAREN,
    RVAR,
    SUIT,
    SUIT_CHARS,
    SVAR,
    Token,
    _error,
    _macro_list,
    _shown,
    tokenize,
)
from .tree import (
    Alternatives,
    AnyOf,
    CardSpec,
    Complement,
    Difference,
    Intersect,
    Node,
    Pattern,
    Patterns,
    Percent,
    Weighted,
)


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = tokenize(text)
        self.pos = 0
        self.depth = 0
        self.n_patterns = 0
        # tree depth of each composite node built (by id; leaves are 1): a deep tree is refused, so
        # everything that walks a tree recursively stays far from Python's recursion limit
        self.levels: dict[int, int] = {}

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

    def where(self, column: int) -> str:
        """``column N``, or ``line L, column N`` in a text of several lines, as errors say it."""
        if "\n" not in self.text:
            return f"column {column + 1}"
        first = self.text.rfind("\n", 0, column) + 1
        return f"line {self.text.count(chr(10), 0, column) + 1}, column {column - first + 1}"

    def found(self) -> str:
        tok = self.tok
        return "the end of the text" if tok.kind == END else repr(_shown("$" + tok.text if tok.kind in (MACRO, CLASS) else tok.text))

    def enter(self, column: int) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.fail(f"brackets, parentheses and leading '!' nest more than {MAX_DEPTH} deep", column)

    def nest(self, node: Node, children: tuple[Node, ...], column: int) -> Node:
        """``node``, whose tree is one level deeper than its deepest child's; refused past :data:`MAX_NESTING`."""
        level = 1 + max(self.levels.get(id(child), 1) for child in children)
        if level > MAX_NESTING:
            raise self.fail(f"the range nests more than {MAX_NESTING} levels deep (each ',' list, ':' or '!', "
                            "leading '!' and '@' adds one): write X!(A, B, C) rather than X!A!B!C", column)
        self.levels[id(node)] = level
        return node

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
        return items[0] if len(items) == 1 else self.nest(AnyOf(tuple(items), column), tuple(items), column)

    def item(self) -> Node:
        node = self.chain()
        if self.tok.kind == AT:
            at = self.take()
            if self.tok.kind != NUMBER or "." in self.tok.text:
                raise self.fail(f"expected a whole-number weight 1-100 after '@', found {self.found()}")
            number = self.take()
            weight = int(number.text) if len(number.text) <= 4 else 10_000  # never int() of 5,000 digits
            if not 1 <= weight <= 100:
                raise self.fail(f"a weight is a whole number 1-100, not {_shown(number.text)}",
                                number.start)
            node = self.nest(Weighted(node, weight, at.start), (node,), at.start)
            if self.tok.kind == AT:
                raise self.fail("a sub-range takes one weight")
        return node

    def chain(self) -> Node:
        node = self.unary()
        while self.tok.kind in (COLON, BANG):
            op = self.take()
            right = self.unary()
            combined = Intersect(node, right, op.start) if op.kind == COLON else Difference(node, right, op.start)
            node = self.nest(combined, (node, right), op.start)
        return node

    def unary(self) -> Node:
        if self.tok.kind == BANG:
            bang = self.take()
            self.enter(bang.start)
            inner = self.unary()
            self.depth -= 1
            return self.nest(Complement(inner, bang.start), (inner,), bang.start)
        return self.primary()

    def primary(self) -> Node:
        tok = self.tok
        if tok.kind == LPAREN:
            self.take()
            self.enter(tok.start)
            node = self.union()
            if self.tok.kind != RPAREN:
                raise self.fail(f"expected ')' to close the '(' at {self.where(tok.start)}")
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
            raise self.fail(f"{_shown(number.text)!r} is not a number", number.start) from None
        if self.tok.kind != PERCENT:
            raise self.fail(f"expected '%' after {_shown(number.text)}")
        self.take()
        if not 0 <= value <= 100:
            raise self.fail(f"a percentage is between 0 and 100, not {_shown(number.text)}", number.start)
        return value

    def pattern(self) -> Patterns:
        start = self.tok.start
        alternatives = self.spanned_sequence(top=True)
        macros: list[str] = []
        while self.tok.kind == MACRO:
            name = self.tok.text
            if name not in MACROS:
                raise self.fail(f"unknown macro '${_shown(name)}': the macros are {_macro_list()}")
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
        fewest = 0  # cards of the shortest pattern these elements expand into
        while self.tok.kind in CARD_START:
            start = self.tok.start
            for element in self.element():
                elements.append(element)
                fewest += min(len(choice) for choice in element)
            if fewest > MAX_PATTERN_CARDS:
                raise self.fail(f"a pattern has at most {MAX_PATTERN_CARDS} cards, as many as a hand holds", start)
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
                raise self.fail(f"expected ',' or ']' to close the '[' at {self.where(open_.start)}, "
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
