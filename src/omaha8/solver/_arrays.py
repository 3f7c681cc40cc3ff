"""The arrays the solver's kernels read: each player's combos as table slots, each board's orders.

A *side* is one player's live combos on one board (those holding no board
card) in the three orders of :mod:`omaha8.solver._terminal`'s walks: by
high value, by low value (no low first) and, for the combos without a low,
by high value again; each sequence comes with its keys.

>>> import numpy as np
>>> from omaha8.cards import parse_cards
>>> combos = np.array([parse_cards("As 2s Kd Qd"), parse_cards("Kc Ks 9h 9d")], dtype=np.uint8)
>>> high, low = board_values(combos, parse_cards("Ah 3c 4d Jh 7s"), np.arange(2))
>>> side = side_orders(np.arange(2), high, low)
>>> side[0].tolist(), side[4].tolist()  # by high: the kings' pair loses to aces; only the kings lack a low
([1, 0], [1])
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core._evaluate import evaluate_batch
from ..ranges.universe import hand_index
from . import _terminal
from ._sweep_inputs import _card_bits as card_masks

I32Array = np.ndarray[Any, np.dtype[np.int32]]
I64Array = np.ndarray[Any, np.dtype[np.int64]]
U16Array = np.ndarray[Any, np.dtype[np.uint16]]
U8Array = np.ndarray[Any, np.dtype[np.uint8]]
Orders = tuple[I32Array, U16Array, I32Array, U16Array, I32Array, U16Array]
Side = tuple[I32Array, U16Array, I32Array, U16Array, I32Array, U16Array, I32Array, int]

__all__ = ["board_sides", "board_values", "card_masks", "combo_slots", "live_only", "same_rows", "side_orders"]


def combo_slots(combos: U8Array) -> I32Array:
    """(n, 2**k - 1) int32: the table row of each proper subset of each combo's cards."""
    return np.asarray(_terminal.combo_slots(np.ascontiguousarray(combos, dtype=np.uint8)))


def same_rows(hands: U8Array, opps: U8Array) -> I32Array:
    """For each hand, the row of ``opps`` holding the same cards (rows are distinct combos), or -1."""
    out = np.full(hands.shape[0], -1, dtype=np.int32)
    if hands.shape[0] == 0 or opps.shape[0] == 0:
        return out
    opp_index = hand_index(opps)
    order = np.argsort(opp_index, kind="stable")
    keys = opp_index[order]
    hand_keys = hand_index(hands)
    pos = np.minimum(np.searchsorted(keys, hand_keys), keys.shape[0] - 1)
    found = keys[pos] == hand_keys
    out[found] = order[pos[found]]
    return out


def board_values(combos: U8Array, board: U8Array, live: I64Array) -> tuple[U16Array, U16Array]:
    """High and low value (0: no low) of each combo on a 5-card board; 0 for the rows not in ``live``."""
    high = np.zeros(combos.shape[0], dtype=np.uint16)
    low = np.zeros(combos.shape[0], dtype=np.uint16)
    if live.shape[0]:
        h, lo = evaluate_batch(np.ascontiguousarray(combos[live]), board, n_threads=1, validate=False)
        high[live] = h
        low[live] = lo
    return high, low


def side_orders(live: I64Array, high: U16Array, low: U16Array) -> Orders:
    """The walks' orders of the ``live`` rows, with keys: by high, by low, and by high without a low."""
    by_high = live[np.argsort(high[live], kind="stable")].astype(np.int32)
    by_low = live[np.argsort(low[live], kind="stable")].astype(np.int32)
    no_low = by_high[low[by_high] == 0]
    return (
        by_high, np.ascontiguousarray(high[by_high]),
        by_low, np.ascontiguousarray(low[by_low]),
        np.ascontiguousarray(no_low), np.ascontiguousarray(high[no_low]),
    )  # fmt: skip


def live_only(live: I64Array) -> Orders:
    """The orders for a board that is not a river (fold values only): every live row, keys 0."""
    rows = live.astype(np.int32)
    keys = np.zeros(rows.shape[0], dtype=np.uint16)
    empty = np.zeros(0, dtype=np.int32)
    return rows, keys, rows, keys, empty, np.zeros(0, dtype=np.uint16)


def board_sides(slots: tuple[I32Array, I32Array], orders: tuple[Orders, Orders]) -> tuple[Side, Side]:
    """Both players' sides on one board, their slots renumbered to the subsets some live combo holds.

    A board's tables then have a row per subset that can be touched, not one
    per subset of the deck: a few thousand for small ranges instead of 23,479
    (4 cards) or 294,204 (5 cards), so that a walk's table is cheap to clear.
    """
    size = _terminal.table_rows(int(slots[0].shape[1]).bit_length())
    used = np.zeros(size, dtype=np.bool_)
    for p in range(2):
        used[slots[p][orders[p][0]].ravel()] = True
    renumber = np.cumsum(used, dtype=np.int64).astype(np.int32) - 1
    n_rows = int(used.sum())
    out = []
    for p in range(2):
        compact = np.zeros(slots[p].shape, dtype=np.int32)  # rows not live keep 0: never read
        live = orders[p][0]
        compact[live] = renumber[slots[p][live]]
        out.append((*orders[p], compact, n_rows))
    return out[0], out[1]
