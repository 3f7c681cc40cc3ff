"""Fast range matching: a mask over every hand of :func:`~omaha8.ranges.universe.all_hands`.

Each pattern compiles to a few small arrays for the nogil kernel
:func:`omaha8._ranges.match_patterns` (per pattern card: a 52-bit mask of the
cards it may be, its variable slots, and whether it is interchangeable with
the card before it); macros are numpy tests on per-hand suit-count and pair
tables built once per hand size; ``,`` ``:`` ``!`` are numpy ``| & ~`` on the
masks, weights ``uint8`` arrays combined with ``maximum``. Masks of patterns,
macros and percentages are cached per ``(pattern, cards)`` within a memory
budget, so a pattern that recurs costs one lookup.

>>> from omaha8.ranges.syntax import parse
>>> mask, weights = evaluate(parse("AA!AAA"), 4, "AA!AAA")
>>> int(mask.sum()), weights is None
(6768, True)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from .._ranges import match_patterns
from ..errors import RangeSyntaxError
from .syntax import (
    ALL_RANKS,
    ALL_SUITS,
    AnyOf,
    Complement,
    Difference,
    Intersect,
    Node,
    Pattern,
    Patterns,
    Percent,
    Weighted,
)
from .universe import all_hands

__all__ = ["evaluate", "patterns_mask", "macro_mask", "compile_patterns", "clear_cache", "CACHE_BYTES"]

BoolArray = np.ndarray[Any, np.dtype[np.bool_]]
U8Array = np.ndarray[Any, np.dtype[np.uint8]]
#: The value of a sub-range: its mask, and its weights (``uint8``, 0 outside) when it is weighted.
Value = tuple[BoolArray, "U8Array | None"]

#: Most bytes the mask cache holds (about 100 five-card masks, or 1,000 four-card ones).
CACHE_BYTES = 256 * 2**20


class _MaskCache:
    """Least-recently-used read-only masks, bounded by total bytes."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.used = 0
        self.items: OrderedDict[Hashable, BoolArray] = OrderedDict()

    def get(self, key: Hashable, build: Callable[[], BoolArray]) -> BoolArray:
        found = self.items.get(key)
        if found is not None:
            self.items.move_to_end(key)
            return found
        mask = build()
        mask.setflags(write=False)
        self.items[key] = mask
        self.used += mask.nbytes
        while self.used > self.budget and len(self.items) > 1:
            _, old = self.items.popitem(last=False)
            self.used -= old.nbytes
        return mask

    def clear(self) -> None:
        self.items.clear()
        self.used = 0


_CACHE = _MaskCache(CACHE_BYTES)


def clear_cache() -> None:
    """Forget every cached mask (for benchmarks of cold matching)."""
    _CACHE.clear()


# --- per-hand tables, built once per hand size ------------------------------------------


@lru_cache(maxsize=None)
def _suit_counts(cards: int) -> U8Array:
    """``(n, 4)``: how many cards of each suit every hand holds."""
    suits = all_hands(cards) & 3
    counts = np.stack([(suits == s).sum(axis=1, dtype=np.uint8) for s in range(4)], axis=1)
    counts.setflags(write=False)
    return counts


@lru_cache(maxsize=None)
def _paired(cards: int) -> BoolArray:
    """Whether each hand holds two cards of one rank (rows are ascending ids, so ranks are sorted)."""
    ranks = all_hands(cards) >> 2
    paired = (ranks[:, 1:] == ranks[:, :-1]).any(axis=1)
    paired.setflags(write=False)
    return paired


def _macro(name: str, cards: int) -> BoolArray:
    if name == "np":
        unpaired: BoolArray = np.logical_not(_paired(cards))
        return unpaired
    counts = _suit_counts(cards)
    most = counts.max(axis=1)
    pairs = (counts == 2).sum(axis=1)
    tests: dict[str, BoolArray] = {}
    if name == "ds":
        tests[name] = np.logical_and(pairs == 2, most == 2)
    elif name == "ss":
        tests[name] = np.logical_and(pairs == 1, most == 2)
    elif name == "s":
        tests[name] = np.greater_equal(most, 2)
    elif name == "o":
        tests[name] = np.greater_equal((counts > 0).sum(axis=1), 2)
    elif name == "rb":
        tests[name] = np.equal(most, 1)
    else:
        raise ValueError(f"unknown macro {name!r}")  # the parser admits only known macros
    return tests[name]


def macro_mask(name: str, cards: int) -> BoolArray:
    """The hands a macro (``"ds"``, ``"np"``, ...) admits, over ``all_hands(cards)``."""
    return _CACHE.get(("macro", name, cards), lambda: _macro(name, cards))


# --- patterns ---------------------------------------------------------------------------

_Compiled = tuple[
    np.ndarray[Any, np.dtype[np.int32]],
    np.ndarray[Any, np.dtype[np.uint64]],
    np.ndarray[Any, np.dtype[np.int8]],
    np.ndarray[Any, np.dtype[np.int8]],
    np.ndarray[Any, np.dtype[np.uint8]],
]


def _card_rows(pattern: Pattern) -> list[tuple[int, int, int, tuple[object, ...]]]:
    """Per pattern card: (allowed mask, rank slot, suit slot, interchangeability key)."""
    explicit_ranks = pattern.explicit_ranks()
    explicit_suits = pattern.explicit_suits()
    rank_vars = list(dict.fromkeys(c.rank_var for c in pattern.cards if c.rank_var is not None))
    suit_vars = list(dict.fromkeys(c.suit_var for c in pattern.cards if c.suit_var is not None))
    uses = {v: sum(c.rank_var == v for c in pattern.cards) for v in rank_vars}
    suit_uses = {v: sum(c.suit_var == v for c in pattern.cards) for v in suit_vars}
    rows: list[tuple[int, int, int, tuple[object, ...]]] = []
    for card in pattern.cards:
        if card.cards is not None:
            ids = set(card.cards)
        else:
            ranks = card.ranks if card.ranks is not None else (
                ALL_RANKS - explicit_ranks if card.rank_var is not None else ALL_RANKS)
            suits = card.suits if card.suits is not None else (
                ALL_SUITS - explicit_suits if card.suit_var is not None else ALL_SUITS)
            ids = {r * 4 + s for r in ranks for s in suits}
        allowed = sum(1 << c for c in ids)
        rank_slot = -1 if card.rank_var is None else rank_vars.index(card.rank_var)
        suit_slot = -1 if card.suit_var is None else suit_vars.index(card.suit_var)
        # a variable used once can be renamed, so two such cards that agree otherwise are interchangeable
        rank_key = -2 if rank_slot < 0 else (-1 if uses[card.rank_var or ""] == 1 else rank_slot)
        suit_key = -2 if suit_slot < 0 else (-1 if suit_uses[card.suit_var or ""] == 1 else suit_slot)
        rows.append((allowed, rank_slot, suit_slot, (bin(allowed).count("1"), allowed, rank_key, suit_key)))
    # the most constrained cards first; interchangeable cards side by side
    rows.sort(key=lambda row: row[3])
    return rows


def compile_patterns(patterns: Sequence[Pattern], cards: int, text: str) -> _Compiled:
    """The kernel's arrays for a union of patterns; a pattern longer than the hand is an error."""
    starts = [0]
    allowed: list[int] = []
    rank_slot: list[int] = []
    suit_slot: list[int] = []
    after: list[int] = []
    for pattern in patterns:
        if len(pattern.cards) > cards:
            raise RangeSyntaxError(
                f"the pattern {pattern.text!r} has {len(pattern.cards)} cards, more than a {cards}-card hand holds",
                text, pattern.column)
        previous_key: tuple[object, ...] | None = None
        for mask, r_slot, s_slot, key in _card_rows(pattern):
            allowed.append(mask)
            rank_slot.append(r_slot)
            suit_slot.append(s_slot)
            after.append(1 if key == previous_key else 0)
            previous_key = key
        starts.append(len(allowed))
    return (
        np.array(starts, dtype=np.int32),
        np.array(allowed, dtype=np.uint64),
        np.array(rank_slot, dtype=np.int8),
        np.array(suit_slot, dtype=np.int8),
        np.array(after, dtype=np.uint8),
    )


def _match(patterns: Sequence[Pattern], cards: int, text: str) -> BoolArray:
    hands = all_hands(cards)
    out = np.empty(hands.shape[0], dtype=np.uint8)
    match_patterns(hands, *compile_patterns(patterns, cards, text), out)
    mask = out.view(np.bool_)
    for name in patterns[0].macros if patterns else ():
        mask &= macro_mask(name, cards)
    return mask


def patterns_mask(node: Patterns, cards: int, text: str) -> BoolArray:
    """The hands a written pattern (the union of its expansions) matches; cached, read-only."""
    for pattern in node.alternatives:  # checked before the cache, so the error names this text
        if len(pattern.cards) > cards:
            compile_patterns([pattern], cards, text)
    key = ("patterns", cards, tuple(p.key() for p in node.alternatives))
    return _CACHE.get(key, lambda: _match(node.alternatives, cards, text))


def _percent_mask(node: Percent, cards: int) -> BoolArray:
    from .ordering import percent_mask  # the ordering ships its table; load it only when a range asks

    return _CACHE.get(("percent", cards, node.lo, node.hi),
                      lambda: np.array(percent_mask(cards, node.lo, node.hi), dtype=np.bool_))


# --- the tree ---------------------------------------------------------------------------


def evaluate(node: Node, cards: int, text: str) -> Value:
    """The mask of the hands in ``node``, and their weights when it is weighted.

    Cached masks are read-only; every combination builds a new array.
    """
    if isinstance(node, Patterns):
        return patterns_mask(node, cards, text), None
    if isinstance(node, Percent):
        return _percent_mask(node, cards), None
    if isinstance(node, AnyOf):
        values = [evaluate(item, cards, text) for item in node.items]
        if values[0][1] is None:
            mask = values[0][0].copy()
            for other, _ in values[1:]:
                mask |= other
            return mask, None
        weights = np.maximum.reduce([w for _, w in values if w is not None])  # the largest weight wins
        return weights > 0, weights
    if isinstance(node, (Intersect, Difference)):
        left, weights = evaluate(node.left, cards, text)
        right, _ = evaluate(node.right, cards, text)
        keep = left & right if isinstance(node, Intersect) else left & ~right
        return keep, None if weights is None else np.where(keep, weights, 0).astype(np.uint8)
    if isinstance(node, Complement):
        return ~evaluate(node.node, cards, text)[0], None
    if isinstance(node, Weighted):
        mask = evaluate(node.node, cards, text)[0]
        return mask.copy(), np.where(mask, node.weight, 0).astype(np.uint8)
    raise TypeError(f"not a range node: {type(node).__name__}")
