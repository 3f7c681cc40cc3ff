"""Fast range matching: a mask over every hand of :func:`~omaha8.ranges.universe.all_hands`.

Each pattern compiles to a few small arrays for the nogil kernel
:func:`omaha8._ranges.match_patterns` (per pattern card: a 52-bit mask of the
cards it may be, its variable slots, whether it is interchangeable with
the card before it, and how many of its cards share that mask); macros are numpy tests on per-hand suit-count and pair
tables built once per hand size; ``,`` ``:`` ``!`` are numpy ``| & ~`` on the
masks, weights ``uint8`` arrays combined with ``maximum``, each folded into one
running array per list or chain, so memory does not grow with the number of
items (see :func:`evaluate`). A pattern that
names no suit (``RRON``, ``KK-TT``, ``A2+``) sees only a hand's ranks, so it is
matched once per rank multiset (1,820 of 4 cards, 6,175 of 5) and looked up;
one with suit variables but no explicit suit (``RxRyOxOy``, ``wxy``) cannot
tell hands apart that differ by a renaming of suits, so it is matched once
per suit class (16,432 and 134,459) and looked up. Masks of patterns,
macros and percentages are kept in the range cache (:mod:`omaha8.ranges._cache`,
:data:`CACHE_BYTES` in all), keyed by the patterns' canonical text, so a
pattern that recurs costs one lookup.

>>> from omaha8.ranges.syntax import parse
>>> mask, weights = evaluate(parse("AA!AAA"), 4, "AA!AAA")
>>> int(mask.sum()), weights is None
(6768, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from itertools import combinations_with_replacement
from typing import Any

import numpy as np

from .._args import brief
from .._ranges import match_patterns
from .._threads import threads_for
from ..errors import ArgumentError, RangeSyntaxError
from ._cache import CACHE, CACHE_BYTES
from .syntax import (
    ALL_RANKS,
    ALL_SUITS,
    AnyOf,
    Complement,
    Difference,
    MACROS,
    Intersect,
    Node,
    Pattern,
    Patterns,
    Percent,
    Weighted,
)
from .tree import chain_parts, children, node_keys, pattern_key
from .universe import all_hands

__all__ = ["evaluate", "patterns_mask", "macro_mask", "compile_patterns", "clear_cache", "CACHE_BYTES", "Work"]

BoolArray = np.ndarray[Any, np.dtype[np.bool_]]
U8Array = np.ndarray[Any, np.dtype[np.uint8]]
#: The value of a sub-range: its mask, and its weights (``uint8``, 0 outside) when it is weighted.
Value = tuple[BoolArray, "U8Array | None"]


def clear_cache(kinds: tuple[str, ...] | None = None) -> None:
    """Forget every cached mask and range, or only those of ``kinds`` (``"rows"``: whole ranges' rows)."""
    CACHE.clear(kinds)


@dataclass
class Work:
    """What evaluating a range did, counted: a measure of its time that no machine changes.

    ``passes`` counts operations over every hand (a numpy operation on masks, or
    one kernel run), ``patterns`` the patterns the kernel matched (each tries at
    most every hand, each hand at most 120 placements).
    """

    passes: int = 0
    patterns: int = 0


# --- per-hand tables, built once per hand size ------------------------------------------


@lru_cache(maxsize=None)
def _suit_profile(hole_size: int) -> np.ndarray[Any, np.dtype[np.uint16]]:
    """Each hand's suit counts ``(c, d, h, s)`` as one number ``c + 6d + 36h + 216s``."""
    suits = all_hands(hole_size) & 3
    profile = np.zeros(suits.shape[0], dtype=np.uint16)
    for column in range(hole_size):
        profile += np.array([1, 6, 36, 216], dtype=np.uint16)[suits[:, column]]
    profile.setflags(write=False)
    return profile


@lru_cache(maxsize=None)
def _paired(hole_size: int) -> BoolArray:
    """Whether each hand holds two cards of one rank (rows are ascending ids, so ranks are sorted)."""
    ranks = all_hands(hole_size) >> 2
    paired: BoolArray = (ranks[:, 1:] == ranks[:, :-1]).any(axis=1)
    paired.setflags(write=False)
    return paired


def _suit_test(name: str, counts: tuple[int, ...]) -> bool:
    """Whether a suit macro admits a hand with these four suit counts."""
    most, twos = max(counts), counts.count(2)
    tests = {
        "ds": twos == 2 and most == 2,
        "ss": twos == 1 and most == 2,
        "s": most >= 2,
        "o": sum(c > 0 for c in counts) >= 2,
        "rb": most == 1,
    }
    return tests[name]


def _macro(name: str, hole_size: int) -> BoolArray:
    if name == "np":
        unpaired: BoolArray = np.logical_not(_paired(hole_size))
        return unpaired
    # the test once per suit-count profile, then a lookup per hand
    table = np.zeros(6**4, dtype=np.bool_)
    for code in range(6**4):
        counts = (code % 6, code // 6 % 6, code // 36 % 6, code // 216)
        table[code] = _suit_test(name, counts)
    looked_up: BoolArray = table[_suit_profile(hole_size)]
    return looked_up


def macro_mask(name: str, cards: int) -> BoolArray:
    """The hands a macro (``"ds"``, ``"np"``, ...) admits, over ``all_hands(cards)``."""
    if not isinstance(name, str) or name not in MACROS:
        raise ArgumentError(f"name must be a macro ({', '.join(MACROS)}), not {brief(name)}")
    all_hands(cards)  # checks cards
    return CACHE.get(("macro", name, cards), lambda: (_macro(name, cards),))[0]


# --- patterns ---------------------------------------------------------------------------

_Compiled = tuple[
    np.ndarray[Any, np.dtype[np.int32]],
    np.ndarray[Any, np.dtype[np.uint64]],
    np.ndarray[Any, np.dtype[np.int8]],
    np.ndarray[Any, np.dtype[np.int8]],
    np.ndarray[Any, np.dtype[np.uint8]],
    np.ndarray[Any, np.dtype[np.uint8]],
    np.ndarray[Any, np.dtype[np.int32]],
    np.ndarray[Any, np.dtype[np.int32]],
    np.ndarray[Any, np.dtype[np.int32]],
]


#: A pattern whose most constrained card may be at most this many cards is tried only on hands holding one.
ANCHOR_CARDS = 4
#: Fewer hand rows than this run on one thread: starting threads would cost more than they save.
PARALLEL_ROWS = 65_536


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
    need: list[int] = []
    by_card: list[list[int]] = [[] for _ in range(52)]
    unanchored: list[int] = []
    for number, pattern in enumerate(patterns):
        if len(pattern.cards) > cards:
            raise RangeSyntaxError(
                f"the pattern {pattern.text!r} has {len(pattern.cards)} cards, more than a {cards}-card hand holds",
                text, pattern.column)
        previous_key: tuple[object, ...] | None = None
        rows = _card_rows(pattern)
        masks = [row[0] for row in rows]
        # a hand must hold one of the most constrained card's cards: when they are few, file the pattern there
        if rows and bin(rows[0][0]).count("1") <= ANCHOR_CARDS:
            for card in range(52):
                if rows[0][0] >> card & 1:
                    by_card[card].append(number)
        else:
            unanchored.append(number)
        for mask, r_slot, s_slot, key in rows:
            allowed.append(mask)
            need.append(masks.count(mask))  # a hand needs that many cards of this mask to match
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
        np.array(need, dtype=np.uint8),
        np.array([0, *np.cumsum([len(filed) for filed in by_card])], dtype=np.int32),
        np.array([number for filed in by_card for number in filed], dtype=np.int32),
        np.array(unanchored, dtype=np.int32),
    )


@lru_cache(maxsize=None)
def _rank_keys(hole_size: int) -> np.ndarray[Any, np.dtype[np.int32]]:
    """Each hand's rank multiset as a number: its ranks (ascending along a row) in base 13."""
    hands = all_hands(hole_size)
    keys = np.zeros(hands.shape[0], dtype=np.int32)  # below 13**5: int32 keeps the table small
    for column in range(hole_size - 1, -1, -1):
        keys *= 13
        keys += hands[:, column] >> 2
    keys.setflags(write=False)
    return keys


@lru_cache(maxsize=None)
def _rank_representatives(hole_size: int) -> tuple[U8Array, np.ndarray[Any, np.dtype[np.int64]]]:
    """One hand per rank multiset (1,820 of 4 cards, 6,175 of 5), and the multiset's number."""
    hands = []
    for ranks in combinations_with_replacement(range(13), hole_size):
        if max(ranks.count(r) for r in ranks) <= 4:
            # the i-th card of a rank takes suit i, so the cards are distinct and ascending
            hands.append([r * 4 + ranks[:i].count(r) for i, r in enumerate(ranks)])
    reps = np.array(hands, dtype=np.uint8)
    keys = (reps >> 2).astype(np.int64) @ (13 ** np.arange(hole_size, dtype=np.int64))
    return reps, keys


@lru_cache(maxsize=None)
def _suit_classes(hole_size: int) -> tuple[U8Array, np.ndarray[Any, np.dtype[np.int32]]]:
    """One hand per suit-renaming class, and each hand's class.

    A class is fixed by the sorted multiset of the four per-suit rank masks, packed into one integer.
    """
    hands = all_hands(hole_size)
    bits = _or_columns(_SUIT_MAJOR_BIT, hands)
    field = np.uint64(0x1FFF)
    a, b, c, d = (((bits >> np.uint64(13 * s)) & field).astype(np.uint16) for s in range(4))
    # sort the four fields with a five-exchange network (uint16: a quarter of the memory traffic)
    for x, y in ((0, 1), (2, 3), (0, 2), (1, 3), (1, 2)):
        pair = [a, b, c, d]
        pair[x], pair[y] = np.minimum(pair[x], pair[y]), np.maximum(pair[x], pair[y])
        a, b, c, d = pair
    wide = [x.astype(np.uint64) for x in (a, b, c, d)]
    keys = (((wide[0] << np.uint64(13)) | wide[1]) << np.uint64(26)) | (wide[2] << np.uint64(13)) | wide[3]
    # number the distinct keys in sorted order; any hand of a class represents it
    order = np.argsort(keys)
    ordered = keys[order]
    starts = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1])))
    classes: np.ndarray[Any, np.dtype[np.int32]] = np.empty(hands.shape[0], dtype=np.int32)
    classes[order] = np.cumsum(np.concatenate(([0], (ordered[1:] != ordered[:-1]).astype(np.int32))),
                               dtype=np.int32)
    reps: U8Array = np.ascontiguousarray(hands[order[starts]])
    reps.setflags(write=False)
    classes.setflags(write=False)
    return reps, classes


def _names_no_suit(patterns: Sequence[Pattern]) -> bool:
    return all(c.suits is None and c.suit_var is None and c.cards is None for p in patterns for c in p.cards)


def _names_no_explicit_suit(patterns: Sequence[Pattern]) -> bool:
    return all(c.suits is None and c.cards is None for p in patterns for c in p.cards)


_CARD_BIT = np.left_shift(np.uint64(1), np.arange(52, dtype=np.uint64))  # card id c -> bit c
# card id -> bit 13 * suit + rank: the four 13-bit fields of a hand's word are its per-suit rank masks
_SUIT_MAJOR_BIT = np.left_shift(np.uint64(1), np.array([13 * (c & 3) + (c >> 2) for c in range(52)],
                                                        dtype=np.uint64))


def _or_columns(table: np.ndarray[Any, np.dtype[np.uint64]], hands: U8Array) -> np.ndarray[Any, np.dtype[np.uint64]]:
    bits = table[hands[:, 0]].copy()
    for column in range(1, hands.shape[1]):
        bits |= table[hands[:, column]]
    return bits


@lru_cache(maxsize=None)
def hand_bits(cards: int) -> np.ndarray[Any, np.dtype[np.uint64]]:
    """Each hand of ``all_hands(cards)`` as a 52-bit set of card ids (read-only, built once)."""
    bits = _or_columns(_CARD_BIT, all_hands(cards))
    bits.setflags(write=False)
    return bits


def _run(hands: U8Array, patterns: Sequence[Pattern], hole_size: int, text: str,
         compiled: _Compiled | None = None) -> BoolArray:
    out = np.empty(hands.shape[0], dtype=np.uint8)
    threads = 1 if hands.shape[0] < PARALLEL_ROWS else threads_for(None)
    arrays = compile_patterns(patterns, hole_size, text) if compiled is None else compiled
    match_patterns(hands, *arrays, out, n_threads=threads)
    matched: BoolArray = out.view(np.bool_)
    return matched


#: Patterns whose anchors are at most this many cards in all run on the hands holding them, not on every hand.
SUBSET_CARDS = 4


def _rows_holding(hole_size: int, card: int) -> np.ndarray[Any, np.dtype[np.int32]]:
    """Rows of ``all_hands(hole_size)`` that hold ``card`` (7.7% of the 4-card hands, 9.6% of the 5-card)."""
    def build() -> tuple[np.ndarray[Any, np.dtype[np.int32]]]:
        hands = all_hands(hole_size)
        holding = hands[:, 0] == card  # column by column: one byte a hand at a time
        for column in range(1, hole_size):
            holding |= hands[:, column] == card
        return (np.flatnonzero(holding).astype(np.int32),)

    return CACHE.get(("holding", hole_size, card), build)[0]


def _run_anchored(patterns: Sequence[Pattern], hole_size: int, text: str) -> BoolArray:
    """Patterns that name suits or cards, matched on the hands that hold an anchor when the anchors are few.

    A hand matches a pattern only if it holds one of the pattern's anchor cards (those its most
    constrained card may be), so the kernel runs on the rows holding each anchor card in turn, a
    tenth of the hands each, instead of on every hand; a row holding two anchors is matched twice,
    to the same result.
    """
    hands = all_hands(hole_size)
    anchors = 0
    for pattern in patterns:
        rows = _card_rows(pattern)
        if not rows or bin(rows[0][0]).count("1") > ANCHOR_CARDS:
            return _run(hands, patterns, hole_size, text)
        anchors |= rows[0][0]
    cards = [card for card in range(52) if anchors >> card & 1]
    if len(cards) > SUBSET_CARDS:
        return _run(hands, patterns, hole_size, text)
    compiled = compile_patterns(patterns, hole_size, text)
    mask = np.zeros(hands.shape[0], dtype=np.bool_)
    for card in cards:
        holding = _rows_holding(hole_size, card)
        mask[holding] |= _run(np.ascontiguousarray(hands[holding]), patterns, hole_size, text, compiled)
    return mask


def _match(patterns: Sequence[Pattern], hole_size: int, text: str) -> BoolArray:
    """The hands that match any of ``patterns`` (all with the same macros)."""
    mask: BoolArray
    if _names_no_suit(patterns):
        # without suits a pattern sees only the hand's ranks: match one hand per rank multiset, then look up
        reps, rep_keys = _rank_representatives(hole_size)
        table = np.zeros(13**hole_size, dtype=np.bool_)
        table[rep_keys] = _run(reps, patterns, hole_size, text)
        mask = table[_rank_keys(hole_size)]
    elif _names_no_explicit_suit(patterns):
        # suit variables only: renaming the suits cannot change a match, so match one hand per suit class
        reps, classes = _suit_classes(hole_size)
        mask = _run(reps, patterns, hole_size, text)[classes]
    else:
        mask = _run_anchored(patterns, hole_size, text)
    for name in patterns[0].macros if patterns else ():
        mask &= macro_mask(name, hole_size)
    return mask


def _match_many(patterns: Sequence[Pattern], hole_size: int, text: str) -> BoolArray:
    """The union of many patterns: one kernel run per kind of pattern and set of macros."""
    groups: dict[tuple[tuple[str, ...], int], list[Pattern]] = {}
    for pattern in patterns:
        kind = 0 if _names_no_suit([pattern]) else 1 if _names_no_explicit_suit([pattern]) else 2
        groups.setdefault((pattern.macros, kind), []).append(pattern)
    mask = np.zeros(all_hands(hole_size).shape[0], dtype=np.bool_)
    for group in groups.values():
        mask |= _match(group, hole_size, text)
    return mask


def patterns_mask(nodes: Patterns | Sequence[Patterns], cards: int, text: str, work: Work | None = None) -> BoolArray:
    """The hands that written patterns (each the union of its expansions) match; cached, read-only."""
    nodes = [nodes] if isinstance(nodes, Patterns) else list(nodes)
    # a pattern written twice is matched once
    patterns = list({p.key(): p for node in nodes for p in node.alternatives}.values())
    for pattern in patterns:  # checked before the cache, so the error names this text
        if len(pattern.cards) > cards:
            compile_patterns([pattern], cards, text)

    def build() -> tuple[BoolArray]:
        if work is not None:
            work.passes += 1
            work.patterns += len(patterns)
        return (_match_many(patterns, cards, text),)

    return CACHE.get(("patterns", cards, pattern_key(patterns)), build)[0]


def _percent_mask(nodes: Sequence[Percent], hole_size: int, work: Work | None) -> BoolArray:
    """The union of percentages, in one pass over the hands."""
    from .ordering import percent_mask_cached, percents_mask  # the ordering ships its table: load it when asked

    spans = [(node.lo, node.hi) for node in nodes]
    if work is not None and not percent_mask_cached(hole_size, spans):
        work.passes += 1
    return percents_mask(hole_size, spans)


# --- the tree ---------------------------------------------------------------------------

#: One sub-range's value while a tree is evaluated: a bool mask, or uint8 weights (0 outside) when weighted.
#: A read-only array is the cache's; a writable one belongs to the evaluation and is combined in place.
_Array = np.ndarray[Any, Any]


def _needs(root: Node) -> dict[int, int]:
    """How many whole-universe arrays evaluating each node holds at once, at most (by ``id``).

    A list or chain evaluates its most demanding operand first, then holds one running
    array while it evaluates each other operand: ``max(first, 1 + second)``, the
    rule that numbers registers for expression trees (Sethi and Ullman). A
    balanced tree of ``n`` operands needs about ``log2(n)``; a list of any length
    of simple items, 2.
    """
    need: dict[int, int] = {}
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, expanded = stack.pop()
        parts = _operands(node)
        if not parts:
            need[id(node)] = 1
        elif not expanded:
            stack.append((node, True))
            stack.extend((part, False) for part in parts)
        else:
            top = sorted((need[id(part)] for part in parts), reverse=True)
            need[id(node)] = max(2, top[0], 1 + top[1] if len(top) > 1 else 0)
    return need


def _operands(node: Node) -> tuple[Node, ...]:
    if isinstance(node, (Intersect, Difference)):
        base, filters = chain_parts(node)
        return (base, *(right for _, right in filters))
    return children(node)


class _Evaluation:
    """One tree, evaluated operand by operand into running arrays (see :func:`evaluate`)."""

    def __init__(self, root: Node, cards: int, text: str, work: Work) -> None:
        self.cards = cards
        self.text = text
        self.work = work
        self.keys = node_keys(root)
        self.need = _needs(root)

    def own(self, array: _Array) -> _Array:
        """``array``, or a copy of it when it is the cache's (read-only): a running array to combine into."""
        if array.flags.writeable:
            return array
        self.work.passes += 1
        return array.copy()

    def value(self, node: Node) -> tuple[_Array, bool]:
        """The mask of ``node``, or its weights; and whether it is weighted."""
        if isinstance(node, Patterns):
            return patterns_mask(node, self.cards, self.text, self.work), False
        if isinstance(node, Percent):
            return _percent_mask([node], self.cards, self.work), False
        if isinstance(node, AnyOf):
            return self.union(node)
        if isinstance(node, (Intersect, Difference)):
            return self.chain(node)
        self.work.passes += 1
        inner, _ = self.value(node.node)  # a weighted sub-range is refused under '!' and '@' by the parser
        if isinstance(node, Complement):
            return np.logical_not(inner, out=None if not inner.flags.writeable else inner), False
        weights = np.multiply(inner, np.uint8(node.weight), dtype=np.uint8)
        return weights, True

    def union(self, node: AnyOf) -> tuple[_Array, bool]:
        """``A, B, ...``: masks or'ed, weights max'ed (the largest weight wins), into one running array."""
        # an item written twice counts once; the plain patterns and the percentages of each weight are
        # matched in one batch each
        batches: dict[tuple[bool, int], list[Patterns | Percent]] = {}
        others: dict[str, Node] = {}
        for item in node.items:
            inner, weight = (item.node, item.weight) if isinstance(item, Weighted) else (item, 0)
            if isinstance(inner, (Patterns, Percent)):
                batches.setdefault((isinstance(inner, Percent), weight), []).append(inner)
            else:
                others.setdefault(self.keys[id(item)], item)
        steps: list[tuple[int, Callable[[], tuple[_Array, bool]]]] = [
            (self.need[id(item)], partial(self.value, item)) for item in others.values()
        ]
        steps += [(1, partial(self.batch, batch, weight)) for (_, weight), batch in batches.items()]
        steps.sort(key=lambda step: -step[0])  # the most demanding first: it becomes the running array
        running: _Array | None = None
        weighted = False
        for _, step in steps:
            array, weighted = step()
            if running is None:
                running = self.own(array)
            else:
                self.work.passes += 1
                (np.maximum if weighted else np.logical_or)(running, array, out=running)
        assert running is not None  # a list has two items or more
        return running, weighted

    def batch(self, batch: list[Patterns | Percent], weight: int) -> tuple[_Array, bool]:
        """Plain patterns, or percentages, of one list and one weight (0: none): matched at once."""
        if isinstance(batch[0], Percent):
            mask = _percent_mask([node for node in batch if isinstance(node, Percent)], self.cards, self.work)
        else:
            mask = patterns_mask([node for node in batch if isinstance(node, Patterns)], self.cards, self.text,
                                 self.work)
        if not weight:
            return mask, False
        self.work.passes += 1
        return np.multiply(mask, np.uint8(weight), dtype=np.uint8), True

    def chain(self, node: Intersect | Difference) -> tuple[_Array, bool]:
        """``X:A!B``: ``X``'s mask or weights, kept where ``A`` holds and ``B`` does not, in one running array."""
        base, filters = chain_parts(node)
        distinct = {(keep, self.keys[id(right)]): (keep, right) for keep, right in filters}
        # the plain patterns after '!' match in one batch: X!A!B is X!(A, B)
        excluded = [right for keep, right in distinct.values() if not keep and isinstance(right, Patterns)]
        steps: list[tuple[int, Callable[[], tuple[_Array, bool]]]] = [(self.need[id(base)], partial(self.value, base))]
        kinds = ["base"]
        for keep, right in distinct.values():
            if keep or not isinstance(right, Patterns):
                steps.append((self.need[id(right)], partial(self.value, right)))
                kinds.append(":" if keep else "!")
        if excluded:
            steps.append((1, partial(self.batch, list(excluded), 0)))
            kinds.append("!")
        order = sorted(range(len(steps)), key=lambda i: -steps[i][0])
        running: _Array | None = None
        for i in order:
            array, weighted = steps[i][1]()
            kind = kinds[i]
            if running is None:
                if kind == "!":
                    self.work.passes += 1
                    running = np.logical_not(array, out=array if array.flags.writeable else None)
                else:
                    running = self.own(array)
                continue
            self.work.passes += 1
            if kind == "base" and weighted:
                # the running array so far is a mask of the filters: the weights take its place
                weights = self.own(array)
                np.multiply(weights, running, out=weights)
                running = weights
            elif running.dtype == np.uint8:
                if kind == "!":
                    np.putmask(running, array, 0)
                else:
                    np.multiply(running, array, out=running)
            elif kind == "!":
                np.greater(running, array, out=running)  # a and not b, for bools
            else:
                np.logical_and(running, array, out=running)
        assert running is not None
        return running, running.dtype == np.uint8


def evaluate(node: Node, cards: int, text: str, work: Work | None = None) -> Value:
    """The mask of the hands in ``node``, and their weights when it is weighted.

    Each list or chain folds its operands one at a time into one running
    array, evaluating its most demanding operand first, and an item or filter
    written twice is evaluated once: memory is a few arrays over every hand
    whatever the number of items, and at most about ``log2`` of it for a
    balanced tree (:func:`_needs`); the work is at most a few passes over the
    hands per node of the tree, counted in ``work`` when given.
    The arrays returned may be the cache's (read-only).
    """
    counted = Work() if work is None else work
    array, weighted = _Evaluation(node, cards, text, counted).value(node)
    if not weighted:
        return array, None
    counted.passes += 1
    return array > 0, array
