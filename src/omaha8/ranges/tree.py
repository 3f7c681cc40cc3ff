"""The syntax tree of a range: card specs, patterns and the operators over them.

>>> from omaha8.ranges.syntax import parse
>>> tree = parse("AA, KK:xxyy")
>>> [type(node).__name__ for node in walk(tree)]
['AnyOf', 'Patterns', 'Intersect', 'Patterns', 'Patterns']
>>> CardSpec(ranks=frozenset({12}), suits=frozenset({3})).text()
'As'
>>> canonical(parse("KK, AA :$ds")) == canonical(parse("AA:$ds,KK,KK"))
True
>>> canonical(parse("AA:$ds")) == canonical(parse("AA!$ds"))
False
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Union

from .tokens import RANK_CHARS, SUIT_CHARS

__all__ = [
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
    "walk",
    "children",
    "chain_parts",
    "canonical",
    "node_keys",
    "pattern_key",
    "pattern_text",
]


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


def children(node: Node) -> tuple[Node, ...]:
    """The sub-ranges ``node`` is made of, in text order."""
    if isinstance(node, AnyOf):
        return node.items
    if isinstance(node, (Intersect, Difference)):
        return (node.left, node.right)
    if isinstance(node, (Complement, Weighted)):
        return (node.node,)
    return ()


def walk(node: Node) -> Iterator[Node]:
    """Every node of a tree, parents first (with a stack: a tree of any depth)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(children(current)))


def pattern_text(pattern: Pattern) -> str:
    """One pattern as text that tells apart any two patterns that may match differently.

    Cards are separated (``A s``, a rank and a suit, is not ``As``) and sorted (card order does not matter).
    """
    return " ".join(sorted(card.text() for card in pattern.cards)) + "".join("$" + m for m in pattern.macros)


def chain_parts(node: Intersect | Difference) -> tuple[Node, list[tuple[bool, Node]]]:
    """A left-deep chain ``X:A!B``: its first operand ``X`` and its filters ``[(True, A), (False, B)]``
    (True for ``:``), in text order, read with a loop."""
    filters: list[tuple[bool, Node]] = []
    base: Node = node
    while isinstance(base, (Intersect, Difference)):
        filters.append((isinstance(base, Intersect), base.right))
        base = base.left
    filters.reverse()
    return base, filters


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def pattern_key(patterns: Iterable[Pattern]) -> str:
    """The key of a union of patterns: the digest of their sorted, distinct texts."""
    return _digest("P(" + "|".join(sorted({pattern_text(p) for p in patterns})) + ")")


def node_keys(node: Node) -> dict[int, str]:
    """The key (:func:`canonical`) of every node of a tree but the inner links of a chain, by ``id``."""
    keys: dict[int, str] = {}
    stack: list[tuple[Node, bool]] = [(node, False)]
    while stack:
        current, expanded = stack.pop()
        if isinstance(current, Patterns):
            keys[id(current)] = pattern_key(current.alternatives)
            continue
        if isinstance(current, Percent):
            keys[id(current)] = _digest(f"%({current.lo!r};{current.hi!r})")
            continue
        if isinstance(current, (Intersect, Difference)):
            base, filters = chain_parts(current)
            parts: tuple[Node, ...] = (base, *(right for _, right in filters))
        else:
            parts = children(current)
        if not expanded:
            stack.append((current, True))
            stack.extend((part, False) for part in parts)
        elif isinstance(current, AnyOf):
            keys[id(current)] = _digest("U(" + ";".join(sorted({keys[id(item)] for item in parts})) + ")")
        elif isinstance(current, (Intersect, Difference)):
            # the filters of X:A!B apply in any order, and a filter given twice filters once
            marked = sorted({(":" if keep else "!") + keys[id(right)] for keep, right in filters})
            keys[id(current)] = _digest("C(" + keys[id(parts[0])] + ";" + ";".join(marked) + ")")
        elif isinstance(current, Complement):
            keys[id(current)] = _digest("N(" + keys[id(current.node)] + ")")
        else:
            keys[id(current)] = _digest(f"W({keys[id(current.node)]};{current.weight})")
    return keys


def canonical(node: Node) -> str:
    """The range ``node`` stands for, as a key for caches: a hex SHA-256 digest of its canonical form.

    The canonical form leaves out columns, spaces, the order of ``,`` items,
    of a chain's filters and of a pattern's cards, and repeats, so texts that
    differ only in those have one key. Each node's form is ``<letter>(<the
    keys of its parts>;...)`` and no pattern text holds ``(``, ``)``, ``;``
    or ``|``, so two forms are equal only when the trees are the same up to
    those; the digest keeps a key 64 characters long whatever the text.
    Built with a stack: a tree of any depth.
    """
    return node_keys(node)[id(node)]
