"""The syntax tree of a range: card specs, patterns and the operators over them.

>>> from omaha8.ranges.syntax import parse
>>> tree = parse("AA, KK:xxyy")
>>> [type(node).__name__ for node in walk(tree)]
['AnyOf', 'Patterns', 'Intersect', 'Patterns', 'Patterns']
>>> CardSpec(ranks=frozenset({12}), suits=frozenset({3})).text()
'As'
"""

from __future__ import annotations

from collections.abc import Iterator
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
