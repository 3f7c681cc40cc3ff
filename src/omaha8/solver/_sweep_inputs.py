"""The inputs of :func:`omaha8.solver.showdown_values` checked: the board, dead cards, combos and weights."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any, Protocol, TypeVar, runtime_checkable

import numpy as np
import numpy.typing as npt

from .._support._args import brief, check_int
from ..cards._validate import card_array, check_deals
from ..cards import CardsLike, N_CARDS, format_card, parse_cards
from ..errors import ArgumentError, ArgumentTypeError, DuplicateCardError, ShapeError
from ..ranges.range import Range
from ..ranges.universe import HOLE_SIZES, hand_index
from ..core._values import N_LOW_VALUES

U8Array = np.ndarray[Any, np.dtype[np.uint8]]
I32Array = np.ndarray[Any, np.dtype[np.int32]]
I64Array = np.ndarray[Any, np.dtype[np.int64]]
F64Array = np.ndarray[Any, np.dtype[np.float64]]
BoolArray = np.ndarray[Any, np.dtype[np.bool_]]

_BOARD_SIZES = (3, 4, 5)
# weights whose largest lies outside 2**-_SCALE_EXPONENT .. 2**_SCALE_EXPONENT are scaled by a power of two
# (exact) before they are summed: no sum of them overflows, none sinks below float64's normal numbers
_SCALE_EXPONENT = 500
_TINY = float(np.finfo(np.float64).tiny)
_MAX_BINS = 1 << 16
_N_LOW_VALUES = N_LOW_VALUES  # lows are 1..56, 0 = none
_T = TypeVar("_T")


@runtime_checkable
class CombosSource(Protocol):
    """Anything with the combos of a range: ``combos(board=, dead=) -> ((n, k) uint8, (n,) float64)``."""

    def combos(self, board: Any = ..., dead: Any = ...) -> tuple[Any, Any]: ...


def _board_cards(board: CardsLike, dead: CardsLike | None) -> tuple[U8Array, U8Array]:
    b = parse_cards(board, name="board")
    d = np.zeros(0, dtype=np.uint8) if dead is None else parse_cards(dead, name="dead")
    if b.shape[0] not in _BOARD_SIZES:
        raise ShapeError(f"board must have 3, 4 or 5 cards, got {b.shape[0]}")
    places = [(int(c), f"board[{i}]") for i, c in enumerate(b)] + [(int(c), f"dead[{i}]") for i, c in enumerate(d)]
    first: dict[int, str] = {}
    for card, place in places:
        if card in first:
            raise DuplicateCardError(f"card {format_card(card)!r} appears twice: {first[card]} and {place}")
        first[card] = place
    if N_CARDS - len(places) < 5 - b.shape[0]:
        raise ShapeError(f"too few cards left to complete the board: {len(places)} are on the board or dead")
    return b, d


def _weights(weights: npt.ArrayLike | None, n: int, name: str) -> F64Array | None:
    """Weights as float64 (never a copy that is written to), checked; None (every weight 1) stays None."""
    if weights is None:
        return None
    arr = np.asarray(weights)
    if arr.dtype == np.bool_ or not (np.issubdtype(arr.dtype, np.integer) or np.issubdtype(arr.dtype, np.floating)):
        raise ArgumentTypeError(f"{name} must hold numbers, not dtype {arr.dtype}")
    if arr.shape != (n,):
        raise ShapeError(f"{name} must have one weight per combo, shape ({n},), got shape {arr.shape}")
    out = np.ascontiguousarray(arr, dtype=np.float64)
    bad = ~np.isfinite(out) | (out < 0)
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        raise ArgumentError(f"{name}[{row}] = {brief(arr[row].item())} is not a finite weight >= 0")
    return out


def _scaled_weights(weights: F64Array, name: str) -> tuple[F64Array, int]:
    """``weights`` times ``2**-k``, and ``k``: 0 unless their largest is far from 1 (the results are ratios).

    Weights that sum past float64 (their total weight could not be given), or
    whose ratio to the largest is below float64's smallest normal number (the
    sums would lose them), are refused.
    """
    top = float(weights.max()) if weights.size else 0.0
    if top == 0.0:
        return weights, 0
    with np.errstate(over="ignore"):
        total = float(weights.sum())
    if not math.isfinite(total):
        raise ArgumentError(f"{name} sum to more than float64 holds ({np.finfo(np.float64).max:.4g}): only "
                            f"their ratios count, so divide them by a common factor")
    k = math.frexp(top)[1]
    ratio = np.ldexp(weights, -k)  # the largest is in [0.5, 1): below tiny means a ratio below about tiny
    small = np.flatnonzero((weights > 0) & (ratio < _TINY))
    if small.size:
        row = int(small[0])
        raise ArgumentError(f"{name}[{row}] = {brief(float(weights[row]))} is too small beside the largest, "
                            f"{brief(top)}: their ratio is below float64's smallest normal number")
    if -_SCALE_EXPONENT <= k <= _SCALE_EXPONENT:
        return weights, 0  # whole-number weights stay whole: their sums stay exact
    return ratio, k


def _combos(
    source: object,
    weights: npt.ArrayLike | None,
    name: str,
    weight_name: str,
    board: U8Array,
    dead: U8Array,
    cards: int = 4,
) -> tuple[U8Array, F64Array | None]:
    """Combos and weights (None: all 1) of ``source``: range text, a range object or an (n, k) array of hands.

    Range text is read as a :class:`~omaha8.ranges.Range` of ``cards`` hole cards.
    """
    if isinstance(source, str):
        source = Range(source, cards=cards)
    if isinstance(source, CombosSource) and not isinstance(source, np.ndarray):
        if weights is not None:
            raise ArgumentError(f"{weight_name} must be None when {name} is a range: the range's weights are used")
        combos, weights = source.combos(board=board.copy(), dead=dead.copy())
    else:
        combos = source
    arr = card_array(combos, name, (2,))
    if arr.shape[1] not in HOLE_SIZES:
        raise ShapeError(f"{name} must have 4 or 5 cards per combo, got shape {arr.shape}")
    check_deals(arr, np.zeros(0, dtype=np.uint8), hole_name=name)
    return arr, _weights(weights, arr.shape[0], weight_name)


def _both_sides(
    hands: object,
    hand_weights: npt.ArrayLike | None,
    opponents: object,
    opponent_weights: npt.ArrayLike | None,
    board: U8Array,
    dead: U8Array,
    cards: int | None,
) -> tuple[U8Array, F64Array | None, U8Array, F64Array | None]:
    """Both sides' combos and weights; range text takes its size from ``cards`` or the other side."""
    size = None if cards is None else check_int(cards, "cards", minimum=4, maximum=5)
    sides: dict[str, tuple[U8Array, F64Array | None]] = {}
    order = ("opponents", "hands") if isinstance(hands, str) else ("hands", "opponents")
    given = {"hands": (hands, hand_weights, "hand_weights"), "opponents": (opponents, opponent_weights, "opponent_weights")}
    for name in order:
        source, weights, weight_name = given[name]
        if size is None and not isinstance(source, str):
            sides[name] = _combos(source, weights, name, weight_name, board, dead)
            if sides[name][0].shape[0]:
                size = int(sides[name][0].shape[1])
        else:
            sides[name] = _combos(source, weights, name, weight_name, board, dead, 4 if size is None else size)
    return (*sides["hands"], *sides["opponents"])


def _card_bits(combos: U8Array) -> np.ndarray[Any, np.dtype[np.uint64]]:
    """One 52-bit mask of the cards of each combo."""
    bits = np.zeros(combos.shape[0], dtype=np.uint64)
    for column in range(combos.shape[1]):
        bits |= np.left_shift(np.uint64(1), combos[:, column].astype(np.uint64))
    return bits


def _holds_any(combos: U8Array, cards: U8Array) -> BoolArray:
    """Rows of ``combos`` holding one of ``cards``."""
    hit = np.zeros(N_CARDS, dtype=np.bool_)
    hit[cards] = True
    return np.asarray(hit[combos].any(axis=1))


def _mask_of(cards: Iterable[int]) -> np.uint64:
    mask = 0
    for card in cards:
        mask |= 1 << int(card)
    return np.uint64(mask)


def _equal_weight(hands: U8Array, opps: U8Array, weights: F64Array | None) -> tuple[F64Array, F64Array]:
    """Weight and number of the opponent rows holding exactly each hand's cards."""
    if opps.shape[0] == 0 or hands.shape[0] == 0:
        return np.zeros(hands.shape[0]), np.zeros(hands.shape[0])
    opp_index = hand_index(opps)
    order = np.argsort(opp_index, kind="stable")
    keys, starts, counts = np.unique(opp_index[order], return_index=True, return_counts=True)
    sums = counts.astype(np.float64) if weights is None else np.add.reduceat(weights[order], starts)
    hand_keys = hand_index(hands)
    pos = np.minimum(np.searchsorted(keys, hand_keys), keys.shape[0] - 1)
    found = keys[pos] == hand_keys
    return np.where(found, sums[pos], 0.0), np.where(found, counts[pos], 0).astype(np.float64)
