"""Starting hands up to suit isomorphism.

Suits never rank against each other, so two starting hands that differ only
by a renaming of the suits (``As Ks Ah Kh`` and ``Ad Kd Ac Kc``) have the
same equity in every respect. The 270,725 four-card hands fall into 16,432
classes, the 2,598,960 five-card hands into 134,459.

A class is fixed by the multiset of its four per-suit rank sets. Its
*representative* gives those rank sets to spades, hearts, diamonds and clubs
in that order, the largest set first (more cards first, then the higher
13-bit rank mask), and lists its cards from the highest id down. Classes are
numbered in descending order of their representatives, so class 0 is
``As Ah Ad Ac``. Its *multiplicity* is the number of real hands in it:
``24 / |suit renamings that fix it|``.

>>> hands, multiplicity = canonical_hands(4)
>>> hands.shape, int(multiplicity.sum())
((16432, 4), 270725)
>>> format_cards(hands[0]), int(multiplicity[0])
('As Ah Ad Ac', 1)
>>> canonical_form("Kd Ad Kc Ac")
(51, 50, 47, 46)
>>> format_cards(canonical_form("Kd Ad Kc Ac"))
'As Ah Ks Kh'
>>> canonical_form("As Ks Ah As")
Traceback (most recent call last):
...
omaha8.errors.DuplicateCardError: card 'As' appears twice in hole: hole[0] and hole[3]
"""

from __future__ import annotations

import functools
import math
from typing import Any

import numpy as np
import numpy.typing as npt

from .._support._args import brief, is_int
from ..cards._validate import card_array
from ..cards import CardsLike, format_card, format_cards, parse_cards
from ..errors import CardError, DuplicateCardError, ShapeError

__all__ = ["N_CLASSES", "canonical_hands", "canonical_form", "canonical_index"]

#: Number of suit-isomorphism classes of 4- and 5-card starting hands.
N_CLASSES = {4: 16_432, 5: 134_459}

U8Array = np.ndarray[Any, np.dtype[np.uint8]]
I64Array = np.ndarray[Any, np.dtype[np.int64]]

_RANKS = 13
_SUIT_ORDER = (3, 2, 1, 0)  # the largest rank set gets spades, then hearts, diamonds, clubs
# ranks in each 13-bit mask: its bits summed (a Python loop over the 8,192 masks took 2 ms at import)
_POPCOUNT = ((np.arange(1 << _RANKS, dtype=np.int64)[:, None] >> np.arange(_RANKS)) & 1).sum(axis=1)


def _check_size(cards: object) -> int:
    # only an int can be a hole size: an array would compare elementwise
    if not is_int(cards) or cards not in (4, 5):
        raise ShapeError(f"cards must be 4 or 5 (hole cards per hand), not {brief(cards)}")
    return int(cards)


def _partitions(total: int, parts: int, largest: int | None = None) -> list[tuple[int, ...]]:
    """Non-increasing tuples of ``parts`` non-negative ints summing to ``total``."""
    largest = total if largest is None else largest
    if parts == 0:
        return [()] if total == 0 else []
    return [
        (first, *rest)
        for first in range(min(total, largest), -1, -1)
        for rest in _partitions(total - first, parts - 1, first)
    ]


def _sorted_masks(masks: I64Array) -> I64Array:
    """Each row's four rank masks, largest first: more ranks first, then the greater mask."""
    # the rank count above the 13 mask bits makes one sort order by both
    order_key = np.sort((_POPCOUNT[masks] << _RANKS) | masks, axis=1)[:, ::-1]
    return np.ascontiguousarray(order_key & ((1 << _RANKS) - 1))


def _keys(sorted_masks: I64Array) -> I64Array:
    """One int64 per row: its four sorted 13-bit masks side by side."""
    m = sorted_masks
    return (m[:, 0] << 39) | (m[:, 1] << 26) | (m[:, 2] << 13) | m[:, 3]


def _stabiliser_sizes() -> I64Array:
    """|stabiliser| for each pattern of equal neighbours (bit i: mask i == mask i+1)."""
    sizes = np.empty(8, dtype=np.int64)
    for pattern in range(8):
        runs, run = [], 1
        for i in range(3):
            if (pattern >> i) & 1:
                run += 1
            else:
                runs.append(run)
                run = 1
        runs.append(run)
        sizes[pattern] = math.prod(math.factorial(r) for r in runs)
    return sizes


def _representatives(sorted_masks: I64Array, hole_size: int) -> U8Array:
    """Card ids of each class's representative, from the highest id down."""
    k = sorted_masks.shape[0]
    present = np.zeros((k, 52), dtype=bool)  # column c holds card id 51 - c
    for position, suit in enumerate(_SUIT_ORDER):
        for rank in range(_RANKS):
            present[:, 51 - (rank * 4 + suit)] = (sorted_masks[:, position] >> rank) & 1
    _, column = np.nonzero(present)
    return (51 - column).astype(np.uint8).reshape(k, hole_size)


@functools.lru_cache(maxsize=None)
def _classes(hole_size: int) -> tuple[U8Array, I64Array, I64Array, I64Array]:
    """Representatives, multiplicities, sorted keys and the class of each sorted key."""
    by_count = {
        p: np.array([m for m in range((1 << _RANKS) - 1, -1, -1) if _POPCOUNT[m] == p], dtype=np.int64)
        for p in range(hole_size + 1)
    }
    blocks = []
    for parts in _partitions(hole_size, 4):
        rows = np.zeros((1, 0), dtype=np.int64)
        for i, p in enumerate(parts):
            choices = by_count[p]
            rows = np.column_stack([np.repeat(rows, len(choices), axis=0), np.tile(choices, len(rows))])
            if i and parts[i - 1] == p:
                # equal-size sets in non-increasing mask order: one row per multiset
                rows = rows[rows[:, i - 1] >= rows[:, i]]
        blocks.append(rows)
    masks = np.concatenate(blocks)
    equal = masks[:, 1:] == masks[:, :-1]
    pattern = equal[:, 0] * 1 + equal[:, 1] * 2 + equal[:, 2] * 4
    multiplicity = 24 // _stabiliser_sizes()[pattern]
    hands = _representatives(masks, hole_size)
    order = np.lexsort(tuple(51 - hands[:, j] for j in range(hole_size - 1, -1, -1)))
    hands, multiplicity, masks = hands[order], multiplicity[order], masks[order]
    keys = _keys(masks)
    by_key = np.argsort(keys)
    for array in (hands, multiplicity):
        array.setflags(write=False)
    return hands, multiplicity, keys[by_key], by_key


def canonical_hands(cards: int = 4) -> tuple[U8Array, I64Array]:
    """Every class of starting hands and how many real hands each holds.

    Parameters
    ----------
    cards
        Hole cards per hand: 4 or 5.

    Returns
    -------
    hands : numpy.ndarray
        uint8 (K, cards): each class's representative (read-only), classes
        in descending order of their representatives; K is 16,432 or 134,459.
    multiplicity : numpy.ndarray
        int64 (K,): real hands in each class (1, 4, 6, 12 or 24); they sum
        to C(52, cards).

    Computed once per size and cached (about 0.1 s for 5 cards).

    Examples
    --------
    >>> hands, multiplicity = canonical_hands(5)
    >>> len(hands), int(multiplicity.sum())
    (134459, 2598960)
    >>> sorted(set(multiplicity.tolist()))
    [4, 12, 24]
    >>> canonical_hands(6)
    Traceback (most recent call last):
    ...
    omaha8.errors.ShapeError: cards must be 4 or 5 (hole cards per hand), not 6
    """
    hands, multiplicity, _, _ = _classes(_check_size(cards))
    return hands, multiplicity


# card id -> its rank bit in its suit's 13-bit field of a 52-bit hand word
_CARD_BIT = np.array([1 << ((c & 3) * _RANKS + (c >> 2)) for c in range(52)], dtype=np.int64)


def _masks_of(holes: U8Array) -> I64Array:
    """(N, 4) per-suit rank masks of (N, k) distinct card ids."""
    word = _CARD_BIT[holes].sum(axis=1)  # distinct cards: the sum is the union
    return np.stack([(word >> (s * _RANKS)) & ((1 << _RANKS) - 1) for s in range(4)], axis=1)


def canonical_form(hole: CardsLike) -> tuple[int, ...]:
    """The representative of a starting hand's class, as card ids from the highest down.

    Parameters
    ----------
    hole
        4 or 5 distinct cards, in any form :func:`omaha8.parse_cards` accepts.

    Examples
    --------
    >>> format_cards(canonical_form("2c 3c 4d 5h 6s"))
    '6h 5d 4c 3s 2s'
    >>> canonical_form("Ad Kd Qd Jd") == canonical_form("Ac Kc Qc Jc")
    True
    """
    ids = parse_cards(hole, name="hole")
    if ids.shape[0] not in (4, 5):
        raise ShapeError(f"hole must have 4 or 5 cards, got {ids.shape[0]}: {format_cards(ids)!r}")
    seen: dict[int, int] = {}
    for i, card in enumerate(ids.tolist()):
        if card in seen:
            raise DuplicateCardError(
                f"card {format_card(card)!r} appears twice in hole: hole[{seen[card]}] and hole[{i}]"
            )
        seen[card] = i
    rep = _representatives(_sorted_masks(_masks_of(ids.reshape(1, -1))), ids.shape[0])
    return tuple(rep[0].tolist())


def _check_holes(h: U8Array) -> None:
    """Raise unless every id is a card and no hand holds a card twice."""
    bad = np.argwhere(h >= 52)
    if bad.size:
        row, col = (int(i) for i in bad[0])
        raise CardError(f"holes[{row}, {col}] = {h[row, col]} is not a card id (0-51)")
    cards = np.left_shift(1, h, dtype=np.uint64)
    # the bits of distinct cards add up to their union; a repeated card carries over
    twice = np.flatnonzero(cards.sum(axis=1) != np.bitwise_or.reduce(cards, axis=1))
    if twice.size:
        row = int(twice[0])
        first: dict[int, int] = {}
        for col, card in enumerate(h[row].tolist()):
            if card in first:
                raise DuplicateCardError(
                    f"card {format_card(card)!r} appears twice in holes[{row}]: "
                    f"holes[{row}, {first[card]}] and holes[{row}, {col}]"
                )
            first[card] = col


def canonical_index(holes: npt.ArrayLike) -> I64Array:
    """The class number (the row of :func:`canonical_hands`) of each hand.

    Parameters
    ----------
    holes
        (N, 4) or (N, 5) card ids (or hand strings), or one hand.

    Returns
    -------
    numpy.ndarray
        int64 (N,), or shape () for one hand.

    Examples
    --------
    >>> canonical_index(["As Ah Ad Ac", "Kc Ad Kd Ac"]).tolist()
    [0, 25]
    >>> format_cards(canonical_hands(4)[0][25])
    'As Ah Ks Kh'
    >>> canonical_index([[51, 50, 49, 52]])
    Traceback (most recent call last):
    ...
    omaha8.errors.CardError: holes[0, 3] = 52 is not a card id (0-51)
    """
    h = card_array(holes, "holes", (1, 2))
    one = h.ndim == 1
    h = h.reshape(1, -1) if one else h
    if h.shape[1] not in (4, 5):
        raise ShapeError(f"holes must have 4 or 5 cards per hand, got shape {h.shape}")
    _check_holes(h)
    _, _, keys, by_key = _classes(h.shape[1])
    found = by_key[np.searchsorted(keys, _keys(_sorted_masks(_masks_of(h))))]
    return found.reshape(()) if one else found
