"""Every starting hand of 4- or 5-card Omaha, in one fixed order.

A range is a subset of these hands, so masks, weights and orderings over
ranges are arrays aligned with :func:`all_hands`: row ``i`` is the hand whose
ascending card ids are the ``i``-th combination in lexicographic order
(``2c 2d 2h 2s`` first, ``Kc As Ad Ah ...`` near the end).
:func:`hand_index` maps hands back to their rows.

>>> from omaha8.ranges.universe import all_hands, hand_index, n_hands
>>> n_hands(4), n_hands(5)
(270725, 2598960)
>>> hands = all_hands(4)
>>> hands[0].tolist(), hands[-1].tolist()
([0, 1, 2, 3], [48, 49, 50, 51])
>>> int(hand_index([[51, 50, 49, 48]])[0])
270724
>>> hand_index([[51, 50, 49, -1]])
Traceback (most recent call last):
...
omaha8.errors.CardError: hands[0, 3] = -1 is not a card id (0-51)
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from .._support._args import brief, is_int
from .._support._threads import threads_for
from ..core._core import find_bad_card
from ..cards import N_CARDS, format_cards
from ..errors import CardError, CardTypeError, DuplicateCardError, ShapeError

__all__ = ["all_hands", "hand_index", "n_hands", "HOLE_SIZES"]

HOLE_SIZES = (4, 5)

U8Array = np.ndarray[Any, np.dtype[np.uint8]]
I64Array = np.ndarray[Any, np.dtype[np.int64]]


def n_hands(cards: int) -> int:
    """How many distinct hands of ``cards`` hole cards a deck holds: C(52, cards)."""
    if not is_int(cards) or not 0 <= cards <= N_CARDS:
        raise ShapeError(f"cards must be a number of cards 0..52, not {brief(cards)}")
    return comb(N_CARDS, int(cards))


@lru_cache(maxsize=None)
def _tail(start: int, k: int) -> U8Array:
    """All ascending k-subsets of ``start..51`` in lexicographic order."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.uint8)
    parts = []
    for first in range(start, N_CARDS - k + 1):
        rest = _tail(first + 1, k - 1)
        block = np.empty((rest.shape[0], k), dtype=np.uint8)
        block[:, 0] = first
        block[:, 1:] = rest
        parts.append(block)
    return np.concatenate(parts)


@lru_cache(maxsize=None)
def all_hands(cards: int) -> U8Array:
    """Every hand of ``cards`` (4 or 5) hole cards: a read-only ``(C(52, cards), cards)`` uint8 array.

    Rows hold ascending card ids, in lexicographic order; the array is built
    once per process and shared.
    """
    if not is_int(cards) or cards not in HOLE_SIZES:
        raise ShapeError(f"cards must be 4 or 5, not {brief(cards)}")
    hands = _tail(0, cards).copy()
    _tail.cache_clear()
    hands.setflags(write=False)
    return hands


@lru_cache(maxsize=None)
def _offsets(hole_size: int) -> I64Array:
    """``offsets[i, c]``: how many hands put a card below ``c`` in place ``i``, summed over those cards.

    Choosing card ``j`` for place ``i`` leaves ``C(51 - j, k - 1 - i)`` ways to
    fill the places after it, so the hands that agree with a hand before
    place ``i`` and put ``previous <= j < c_i`` there number
    ``offsets[i, c_i] - offsets[i, previous]``.
    """
    table = np.zeros((hole_size, N_CARDS + 1), dtype=np.int64)
    for i in range(hole_size):
        rest = hole_size - 1 - i
        counts = [comb(N_CARDS - 1 - j, rest) for j in range(N_CARDS)]
        table[i, 1:] = np.cumsum(counts)
    return table


def hand_index(hands: npt.ArrayLike) -> I64Array:
    """Row of each hand in :func:`all_hands`; ``hands`` is ``(n, k)`` card ids, in any order within a row.

    Rows must hold distinct integer ids 0..51: anything else is refused (a negative id would
    otherwise wrap around a table and give another hand's row).
    """
    arr = _checked_ids(hands)
    hole_size = arr.shape[1]
    table = _offsets(hole_size)
    index: I64Array = np.zeros(arr.shape[0], dtype=np.int64)
    previous = np.zeros(arr.shape[0], dtype=np.int64)  # least card allowed at this place
    for i in range(hole_size):
        # hands whose i-th card is in previous..c_i-1 come first
        index += table[i, arr[:, i]] - table[i, previous]
        previous = arr[:, i] + 1
    return index


def _checked_ids(hands: npt.ArrayLike) -> I64Array:
    """``hands`` as sorted int64 rows of distinct card ids, or omaha8's error naming the first bad one."""
    from ._checks import refuse_bools  # numpy would read True as card 1

    refuse_bools(hands, "hands")
    try:
        raw = np.asarray(hands)
    except (ValueError, TypeError):
        raise ShapeError(f"hands must be an (n, 4) or (n, 5) array of card ids, not {brief(hands)}") from None
    if raw.dtype == np.bool_ or not (np.issubdtype(raw.dtype, np.integer) or raw.size == 0):
        raise CardTypeError(f"hands must hold integer card ids, not {raw.dtype}")
    if raw.ndim != 2 or raw.shape[1] not in HOLE_SIZES:
        raise ShapeError(f"hands must be (n, 4) or (n, 5), got shape {raw.shape}")
    bad = np.argwhere((raw < 0) | (raw >= N_CARDS)) if raw.size else np.zeros((0, 2), dtype=np.int64)
    if bad.size:
        row, column = (int(i) for i in bad[0])
        raise CardError(f"hands[{row}, {column}] = {brief(raw[row, column].item())} is not a card id (0-51)")
    # the ids are 0..51 now: the kernels' one card check finds a row holding a card twice
    twice = find_bad_card(np.ascontiguousarray(raw, dtype=np.uint8), _NO_BOARD, threads_for(None, raw.shape[0]))
    if twice >= 0:
        raise DuplicateCardError(f"hands[{twice}] holds a card twice: {format_cards(raw[twice])!r}")
    return np.sort(raw.astype(np.int64), axis=1)


_NO_BOARD = np.zeros((0, 0), dtype=np.uint8)
