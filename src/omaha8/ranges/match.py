"""Fast range matching: a mask over every hand of :func:`~omaha8.ranges.universe.all_hands`.

Each pattern compiles to a few small arrays for the nogil kernel
:func:`omaha8.ranges._ranges.match_patterns` (per pattern card: a 52-bit mask of the
cards it may be, its variable slots, whether it is interchangeable with
the card before it, and how many of its cards share that mask); macros are numpy tests on per-hand suit-count and pair
tables built once per hand size; :mod:`omaha8.ranges.combine` combines the
masks of a range's parts. A pattern that
names no suit (``RRON``, ``KK-TT``, ``A2+``) sees only a hand's ranks, so it is
matched once per rank multiset (1,820 of 4 cards, 6,175 of 5) and looked up;
one with suit variables but no explicit suit (``RxRyOxOy``, ``wxy``) cannot
tell hands apart that differ by a renaming of suits, so it is matched once
per suit class (16,432 and 134,459) and looked up. Masks of patterns,
macros and percentages are kept in the range cache (:mod:`omaha8.ranges._cache`,
:data:`CACHE_BYTES` in all), keyed by the patterns' canonical text, so a
pattern that recurs costs one lookup.

>>> from omaha8.ranges.syntax import parse
>>> mask = patterns_mask(parse("AsAh"), 4, "AsAh")
>>> int(mask.sum()), mask.flags.writeable  # As, Ah and two of the other 50 cards: C(50, 2)
(1225, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

import numpy as np

from .._support._args import brief
from .._support._threads import threads_for
from ._ranges import match_patterns
from ..errors import ArgumentError, RangeSyntaxError
from ._cache import CACHE, CACHE_BYTES
from .syntax import ALL_RANKS, ALL_SUITS, MACROS, Pattern, Patterns
from .tree import pattern_key
from .universe import all_hands

__all__ = ["patterns_mask", "macro_mask", "compile_patterns", "clear_cache", "CACHE_BYTES", "Work"]

BoolArray = np.ndarray[Any, np.dtype[np.bool_]]
U8Array = np.ndarray[Any, np.dtype[np.uint8]]


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
