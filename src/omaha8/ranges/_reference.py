"""Slow, obviously-correct range matching: the twin of :mod:`omaha8.ranges.match`.

One hand at a time, by brute force: a pattern matches when some choice of
distinct hand cards, one per pattern card, fits every card's rank, suit and
card lists, and the variables read off that choice are consistent
(one letter, one rank or suit; different letters, different ranks or suits;
never a rank or suit written explicitly in the pattern). Every assignment of
variables that could work is the one read off some choice, so trying every
choice tries every assignment. Macros count suits and ranks with a
:class:`~collections.Counter`. No masks, no tables, no kernel.

>>> from omaha8.cards import parse_cards
>>> from omaha8.ranges.syntax import parse
>>> weight(parse("AxAyxy"), parse_cards("As Ah Ks 2h").tolist(), 4)
1
>>> weight(parse("AxAyxy"), parse_cards("As Ah Ks 2d").tolist(), 4)
0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import product

from .syntax import AnyOf, CardSpec, Complement, Difference, Intersect, Node, Pattern, Patterns, Percent, Weighted

__all__ = ["pattern_matches", "macro_holds", "weight"]


def _card_fits(spec: CardSpec, card: int) -> bool:
    rank, suit = divmod(card, 4)
    if spec.cards is not None and card not in spec.cards:
        return False
    if spec.ranks is not None and rank not in spec.ranks:
        return False
    return spec.suits is None or suit in spec.suits


def _variables_fit(pattern: Pattern, chosen: Sequence[int], explicit_ranks: frozenset[int],
                   explicit_suits: frozenset[int]) -> bool:
    """Whether the variables read off a choice of hand cards are consistent."""
    rank_of: dict[str, int] = {}
    suit_of: dict[str, int] = {}
    for spec, card in zip(pattern.cards, chosen):
        rank, suit = divmod(card, 4)
        if spec.rank_var is not None:
            if rank in explicit_ranks or rank_of.setdefault(spec.rank_var, rank) != rank:
                return False
        if spec.suit_var is not None:
            if suit in explicit_suits or suit_of.setdefault(spec.suit_var, suit) != suit:
                return False
    distinct_ranks = len(set(rank_of.values())) == len(rank_of)
    return distinct_ranks and len(set(suit_of.values())) == len(suit_of)


def macro_holds(name: str, hand: Sequence[int]) -> bool:
    """Whether a macro (``"ds"``, ``"np"``, ...) admits ``hand``."""
    suit_counts = sorted(Counter(card % 4 for card in hand).values(), reverse=True)
    rank_counts = Counter(card // 4 for card in hand).values()
    twos = suit_counts.count(2)
    if name == "ds":
        return twos == 2 and max(suit_counts) == 2
    if name == "ss":
        return twos == 1 and max(suit_counts) == 2
    if name == "np":
        return max(rank_counts) == 1
    if name == "s":
        return max(suit_counts) >= 2
    if name == "o":
        return len(suit_counts) >= 2
    if name == "rb":
        return max(suit_counts) == 1
    raise ValueError(f"unknown macro {name!r}")


def pattern_matches(pattern: Pattern, hand: Sequence[int]) -> bool:
    """Whether ``hand`` (distinct card ids) matches one expanded pattern."""
    # every choice of a fitting hand card per pattern card, the same card never twice
    candidates = [[card for card in hand if _card_fits(spec, card)] for spec in pattern.cards]
    ranks, suits = pattern.explicit_ranks(), pattern.explicit_suits()
    found = any(
        len(set(chosen)) == len(chosen) and _variables_fit(pattern, chosen, ranks, suits)
        for chosen in product(*candidates)
    )
    return found and all(macro_holds(name, hand) for name in pattern.macros)


def weight(node: Node, hand: Sequence[int], cards: int) -> int:
    """The weight ``node`` gives ``hand``: 0 when it is not in the range, 1 in an unweighted range."""
    if isinstance(node, Patterns):
        return int(any(pattern_matches(p, hand) for p in node.alternatives))
    if isinstance(node, Percent):
        from .ordering import percent_mask
        from .universe import hand_index

        return int(percent_mask(cards, node.lo, node.hi)[int(hand_index([list(hand)])[0])])
    if isinstance(node, AnyOf):
        return max(weight(item, hand, cards) for item in node.items)
    if isinstance(node, Intersect):
        return weight(node.left, hand, cards) if weight(node.right, hand, cards) else 0
    if isinstance(node, Difference):
        return 0 if weight(node.right, hand, cards) else weight(node.left, hand, cards)
    if isinstance(node, Complement):
        return 0 if weight(node.node, hand, cards) else 1
    if isinstance(node, Weighted):
        return node.weight if weight(node.node, hand, cards) else 0
    raise TypeError(f"not a range node: {type(node).__name__}")
