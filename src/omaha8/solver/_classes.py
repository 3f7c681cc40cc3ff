"""Hand classes for the solver's summaries: made hands, lows and, on the turn, draws.

On a river each combo has its high category and its low: the nut low (the
best low any two cards could make on this board), another low, or none.
On the turn a combo's made hand is the category it holds whatever the
river (the least over the rivers it can see), its low is a low on every
river, a low draw (a low on some), or none, and its draws are the flush
(a flush or better on some river, none now) and the straight (a straight
on some river, less now), both, or neither. A combo is in one row of each
group.

>>> import numpy as np
>>> from omaha8.cards import parse_cards
>>> board = parse_cards("Ah 7d 4c Ks 2h")
>>> combos = np.array([parse_cards("3s 5s Kd Kh"), parse_cards("Qc Qd 9s 9h")], dtype=np.uint8)
>>> high, low = _board_values(combos, board)  # 3-5 makes the wheel and the nut low
>>> [list(c) for c in river_classes(high, low, board)]
[['straight', 'one pair'], ['nut low', 'no low']]
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np

from ..cards import N_CARDS
from ..core._evaluate import evaluate_batch
from ..core._values import HighCategory, high_categories

U8Array = np.ndarray[Any, np.dtype[np.uint8]]
U16Array = np.ndarray[Any, np.dtype[np.uint16]]

#: The category names, weakest first, as the summary prints them.
CATEGORY_NAMES = tuple(category.name.lower().replace("_", " ") for category in HighCategory)
LOW_RANKS = (12, 0, 1, 2, 3, 4, 5, 6)  # ace, deuce .. eight as card ranks (card id // 4)


def _board_values(combos: U8Array, board: U8Array) -> tuple[U16Array, U16Array]:
    high, low = evaluate_batch(np.ascontiguousarray(combos), board, n_threads=1)
    return np.asarray(high, dtype=np.uint16), np.asarray(low, dtype=np.uint16)


def nut_low(board: U8Array) -> int:
    """The best low value any two hole cards make on a 5-card board (0: no low is possible)."""
    used = set(int(c) for c in board)
    by_rank = {}
    for rank in LOW_RANKS:
        free = [rank * 4 + suit for suit in range(4) if rank * 4 + suit not in used]
        if free:
            by_rank[rank] = free[0]
    fillers = [c for c in range(N_CARDS - 1, -1, -1) if c // 4 not in LOW_RANKS and c not in used][:2]
    holes = [[a, b, *fillers] for a, b in combinations(by_rank.values(), 2)]
    if not holes:
        return 0
    _, low = evaluate_batch(np.array(holes, dtype=np.uint8), board, n_threads=1)
    return int(np.max(low))


def river_classes(high: U16Array, low: U16Array, board: U8Array) -> tuple[list[str], list[str]]:
    """Each combo's made-hand and low class on a river."""
    categories = high_categories(np.maximum(high, 1))
    best = nut_low(board)
    made = [CATEGORY_NAMES[c] for c in categories.tolist()]
    lows = ["no low" if v == 0 else ("nut low" if v == best else "low") for v in low.tolist()]
    return made, lows


def turn_classes(values: list[tuple[U16Array, U16Array]], live: list[np.ndarray[Any, Any]]
                 ) -> tuple[list[str], list[str], list[str]]:
    """Each combo's made hand, low and draws on a turn, from its values on every river it can see.

    ``values[r]`` are (high, low) by combo on river ``r``, ``live[r]`` the
    combos that do not hold that river card.
    """
    n = values[0][0].shape[0]
    least = np.full(n, 99, dtype=np.int64)
    most = np.full(n, -1, dtype=np.int64)
    straight = np.zeros(n, dtype=np.bool_)
    low_every = np.ones(n, dtype=np.bool_)
    low_some = np.zeros(n, dtype=np.bool_)
    for (high, low), rows in zip(values, live):
        cat = high_categories(np.maximum(high[rows], 1)).astype(np.int64)
        least[rows] = np.minimum(least[rows], cat)
        most[rows] = np.maximum(most[rows], cat)
        straight[rows] |= cat == int(HighCategory.STRAIGHT)
        has = low[rows] > 0
        low_every[rows] &= has
        low_some[rows] |= has
    made = [CATEGORY_NAMES[c] for c in least.tolist()]
    lows = ["low" if every else ("low draw" if some else "no low") for every, some in zip(low_every, low_some)]
    flush = int(HighCategory.FLUSH)
    draws = []
    for lo, hi, st in zip(least.tolist(), most.tolist(), straight.tolist()):
        names = []
        if lo < flush <= hi:
            names.append("flush draw")
        if st and lo < int(HighCategory.STRAIGHT):
            names.append("straight draw")
        draws.append(" + ".join(names) if names else "no draw")
    return made, lows, draws
