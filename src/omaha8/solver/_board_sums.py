"""The sums of one board and of every runout behind :func:`omaha8.solver.showdown_values`."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np

from . import _solver
from ..core._evaluate import evaluate_batch
from ._sweep_inputs import (
    BoolArray,
    F64Array,
    I64Array,
    U8Array,
    _N_LOW_VALUES,
    _T,
    _card_bits,
    _mask_of,
)

# bytes a scoop walk's table may take whatever the ranges' size (more for large ranges: 2 per combo)
_TABLE_BUDGET = 4 << 20

_NONE = np.zeros(0)


@dataclass(slots=True)
class _Sums:
    """Per-hand sums over the opponents (weighted): numerators of the result's probabilities."""

    share: F64Array
    high_win: F64Array
    high_tie: F64Array
    low_win: F64Array
    low_tie: F64Array
    scoop: F64Array
    weight: F64Array
    fits: BoolArray  # some opponent of positive weight shares no card with the hand


@dataclass(frozen=True, slots=True)
class _Opponents:
    """Opponent combos that fit with the board, their weights (None: all 1), and the hand-equal terms."""

    cards: U8Array
    weight: F64Array | None
    equal_weight: F64Array | float  # per hand: weight of the opponent rows equal to it
    equal_count: F64Array | float  # per hand: how many there are
    same: bool  # the opponents are the hands, row for row
    whole: bool  # whole-number weights with a total below 2**53: every weight sum is exact


def _whole(n: int) -> I64Array:
    return np.array([0, n], dtype=np.int64)


def _groups(prefix_sorted: np.ndarray[Any, Any], n_groups: int) -> I64Array:
    return np.searchsorted(prefix_sorted, np.arange(n_groups + 1), side="left").astype(np.int64)


def _digit_base(n_classes: int, hole_size: int, n_combos: int) -> int:
    """Digits per scoop walk: the fewest walks whose tables fit ``_TABLE_BUDGET`` bytes (or 2 per combo).

    ``base ** walks >= n_classes``; each walk's table keeps ``base`` sums per card subset.
    """
    most = max(2, max(_TABLE_BUDGET, 2 * n_combos) // (8 * _solver.table_slots(hole_size)))
    walks = 1
    while True:
        base = 2
        while base**walks < n_classes:  # the least base with `walks` digits enough for every class
            base += 1
        if base <= min(most, 255):
            return base
        walks += 1


def _run_all(tasks: list[Callable[[], None]], threads: int) -> None:
    if threads == 1:
        for task in tasks:
            task()
        return
    with ThreadPoolExecutor(max_workers=min(threads, len(tasks))) as pool:
        for future in [pool.submit(task) for task in tasks]:
            future.result()


def _add_signed(target: F64Array, sign: float, value: F64Array | float) -> None:
    """``target += sign * value`` in place, without a temporary array."""
    if sign > 0:
        target += value
    else:
        target -= value


def _board_sums(board: U8Array, hands: U8Array, opp: _Opponents, threads: int) -> _Sums:
    """Sums for hands and opponents that all fit with the 5-card board (opponents of weight > 0)."""
    n_h, n_o, hole_size = hands.shape[0], opp.cards.shape[0], hands.shape[1]
    sign = -1.0 if hole_size % 2 else 1.0  # (-1)^hole_size: the term of an opponent equal to the hand
    opps = opp.cards
    weight = _NONE if opp.weight is None else opp.weight
    hand_high, hand_low = evaluate_batch(hands, board, n_threads=threads, validate=False)
    opp_high, opp_low = (hand_high, hand_low) if opp.same else evaluate_batch(opps, board, n_threads=threads, validate=False)
    opp_by_high = _solver.stable_order(opp_high)
    hand_by_high = opp_by_high if opp.same else _solver.stable_order(hand_high)
    hand_has_low = hand_low > 0

    high_less, high_upto, total = np.zeros(n_h), np.zeros(n_h), np.zeros(n_h)
    # low rows: the low walk; no-low rows: the high walk over opponents without a low
    x_less, x_upto, scoop = np.zeros(n_h), np.zeros(n_h), np.zeros(n_h)

    def count_walk(count: F64Array) -> None:
        _solver.sweep(
            opps, _NONE, opp_by_high, opp_high, _whole(n_o),
            hands, hand_by_high, hand_high, _whole(n_h),
            _NONE, _NONE, count, 1,
        )  # fmt: skip
        _add_signed(count, sign, opp.equal_count)

    def high_walk() -> None:
        _solver.sweep(
            opps, weight, opp_by_high, opp_high, _whole(n_o),
            hands, hand_by_high, hand_high, _whole(n_h),
            high_less, high_upto, total, 1,
        )  # fmt: skip

    def no_low_walk() -> None:
        opp_seq = opp_by_high[opp_low[opp_by_high] == 0]
        hand_seq = hand_by_high[~hand_has_low[hand_by_high]]
        _solver.sweep(
            opps, weight, opp_seq, opp_high, _whole(opp_seq.shape[0]),
            hands, hand_seq, hand_high, _whole(hand_seq.shape[0]),
            x_less, x_upto, _NONE, 1,
        )  # fmt: skip

    def low_walk() -> None:
        opp_key = opp_low.astype(np.uint16)
        hand_key = opp_key if opp.same else hand_low.astype(np.uint16)
        opp_seq = _solver.stable_order(opp_key)
        hand_seq = opp_seq if opp.same else _solver.stable_order(hand_key)
        hand_seq = hand_seq[hand_has_low[hand_seq]]
        _solver.sweep(
            opps, weight, opp_seq, opp_key, _whole(n_o),
            hands, hand_seq, hand_key, _whole(hand_seq.shape[0]),
            x_less, x_upto, _NONE, 1,
        )  # fmt: skip

    def scoop_walks() -> None:
        # opponents without a low lose the low to every hand with one: one high walk
        hands_with_low = hand_by_high[hand_has_low[hand_by_high]]
        no_low_opps = opp_by_high[opp_low[opp_by_high] == 0]
        _solver.sweep(
            opps, weight, no_low_opps, opp_high, _whole(no_low_opps.shape[0]),
            hands, hands_with_low, hand_high, _whole(hands_with_low.shape[0]),
            scoop, _NONE, _NONE, 1,
        )  # fmt: skip
        # opponents with a low: classes 0.. in the order of the low values present on this board
        present = np.zeros(_N_LOW_VALUES + 1, dtype=np.bool_)
        present[hand_low] = True
        present[opp_low] = True
        present[0] = False
        classes = (np.cumsum(present) - 1).astype(np.uint16)
        n_classes = int(present.sum())
        low_opps = opp_by_high[opp_low[opp_by_high] > 0]
        opp_class = classes[opp_low]
        hand_class = opp_class if opp.same else classes[hand_low]
        base = _digit_base(n_classes, hole_size, n_h + n_o)
        scale = 1
        while scale < n_classes:  # one walk per base-`base` digit of the classes
            opp_digit = ((opp_class // scale) % base).astype(np.uint8)
            hand_digit = opp_digit if opp.same else ((hand_class // scale) % base).astype(np.uint8)
            opp_seq = low_opps[opp_digit[low_opps] < base - 1]  # the top digit is below no hand's
            hand_seq = hands_with_low[hand_digit[hands_with_low] > 0]
            # grouped by the digits above this one, in high order within a group
            opp_prefix = (opp_class // (scale * base)).astype(np.uint16)
            hand_prefix = opp_prefix if opp.same else (hand_class // (scale * base)).astype(np.uint16)
            opp_seq = _solver.stable_order(opp_prefix, opp_seq)
            hand_seq = _solver.stable_order(hand_prefix, hand_seq)
            n_groups = (n_classes - 1) // (scale * base) + 1
            _solver.sweep(
                opps, weight, opp_seq, opp_high, _groups(opp_prefix[opp_seq], n_groups),
                hands, hand_seq, hand_high, _groups(hand_prefix[hand_seq], n_groups),
                scoop, _NONE, _NONE, 1, opp_digit, hand_digit, base,
            )  # fmt: skip
            scale *= base

    # A hand fits when some opponent shares no card with it. Where every weight
    # sum is exact, that is total > 0; otherwise rounding in the alternating
    # sums could leave a crumb where the true total is 0, so count the opponents.
    walks = [high_walk, no_low_walk, low_walk, scoop_walks]
    fits: BoolArray | None = None
    if opp.whole:
        _run_all(walks, threads)
    elif threads == 1:
        count = np.zeros(n_h)
        count_walk(count)
        fits = count > 0.5  # counts are whole numbers, exact in float64
        del count
        _run_all(walks, 1)
    else:
        count = np.zeros(n_h)
        _run_all([*walks, lambda: count_walk(count)], threads)
        fits = count > 0.5
        del count

    # the walks leave out the (-1)^hole_size term of an opponent equal to the hand; add it
    _add_signed(total, sign, opp.equal_weight)
    if fits is None:
        fits = total > 0.5  # whole weights >= 1: the total is 0 or at least 1
    _add_signed(high_upto, sign, opp.equal_weight)
    high_upto -= high_less  # now the high ties
    _add_signed(x_upto, sign, opp.equal_weight)
    x_upto -= x_less  # low ties (low rows), high ties against no-low opponents (no-low rows)
    # share = ½(high wins + ½ high ties) + ½(x wins + ½ x ties), without temporaries
    share = np.add(high_less, x_less)
    share *= 2.0
    share += high_upto
    share += x_upto
    share *= 0.25
    no_low = ~hand_has_low
    np.copyto(scoop, x_less, where=no_low)  # a hand without a low scoops only opponents without one
    x_less[no_low] = 0.0
    x_upto[no_low] = 0.0
    misfits = ~fits
    for arr in (share, high_less, high_upto, x_less, x_upto, scoop, total):
        arr[misfits] = 0.0
    return _Sums(share, high_less, high_upto, x_less, x_upto, scoop, total, fits)


# ------------------------------------------------------------------ runouts


def _ordered_map(fn: Callable[[_T], Any], items: Iterable[_T], threads: int) -> Iterator[Any]:
    """``map(fn, items)`` on ``threads`` threads, results in order, a bounded number in flight."""
    if threads == 1:
        yield from map(fn, items)
        return
    with ThreadPoolExecutor(max_workers=threads) as pool:
        pending: deque[Future[Any]] = deque()
        for item in items:
            pending.append(pool.submit(fn, item))
            if len(pending) >= 2 * threads:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()


def _runout_sums(
    board: U8Array, deck: list[int], hands: U8Array, opp: _Opponents, bins: int | None, threads: int
) -> tuple[_Sums, F64Array, F64Array | None, int]:
    """Sums over every completion of a 3- or 4-card board; also the squares' sums and the histogram."""
    m = hands.shape[0]
    hand_bits = _card_bits(hands)
    opp_bits = hand_bits if opp.same else _card_bits(opp.cards)
    acc = _Sums(
        share=np.zeros(m), high_win=np.zeros(m), high_tie=np.zeros(m), low_win=np.zeros(m),
        low_tie=np.zeros(m), scoop=np.zeros(m), weight=np.zeros(m), fits=np.zeros(m, dtype=np.bool_),
    )  # fmt: skip
    squares = np.zeros(m)
    histogram = None if bins is None else np.zeros((m, bins))

    def pick(values: F64Array | float, rows: I64Array) -> F64Array | float:
        return values if isinstance(values, float) else values[rows]

    def one_runout(runout: tuple[int, ...]) -> tuple[I64Array, _Sums]:
        bits = _mask_of(runout)
        rows = np.flatnonzero((hand_bits & bits) == 0)
        live = rows if opp.same else np.flatnonzero((opp_bits & bits) == 0)
        full_board = np.concatenate([board, np.array(runout, dtype=np.uint8)])
        h = np.ascontiguousarray(hands[rows])
        o = h if opp.same else np.ascontiguousarray(opp.cards[live])
        w = None if opp.weight is None else np.ascontiguousarray(opp.weight[live])
        part = _Opponents(o, w, pick(opp.equal_weight, rows), pick(opp.equal_count, rows), opp.same, opp.whole)
        return rows, _board_sums(full_board, h, part, 1)

    runouts = 0
    for rows, part in _ordered_map(one_runout, combinations(deck, 5 - board.shape[0]), threads):
        runouts += 1
        for name in ("share", "high_win", "high_tie", "low_win", "low_tie", "scoop", "weight"):
            getattr(acc, name)[rows] += getattr(part, name)
        live = rows[part.fits]
        acc.fits[live] = True
        won, weighed = part.share[part.fits], part.weight[part.fits]
        squares[live] += won * won / weighed  # the runout's weight times its share squared
        if histogram is not None:
            histogram[live, _bin_of(won, weighed, histogram.shape[1])] += weighed
    return acc, squares, histogram, runouts


def _bin_of(won: F64Array, weighed: F64Array, bins: int) -> I64Array:
    """Bin of each share ``won / weighed``, from ``won * bins / weighed`` (one rounding, so 3/10 is in bin 3 of 10)."""
    return np.minimum(np.floor(won * bins / weighed).astype(np.int64), bins - 1)


def _disjoint_weight(hands: U8Array, opp: _Opponents) -> F64Array:
    """Weight of the opponents sharing no card with each hand (any board)."""
    n_h, n_o, hole_size = hands.shape[0], opp.cards.shape[0], hands.shape[1]
    total = np.zeros(n_h)
    _solver.sweep(
        opp.cards, _NONE if opp.weight is None else opp.weight, np.arange(n_o, dtype=np.int32),
        np.zeros(n_o, dtype=np.uint16), _whole(n_o),
        hands, np.arange(n_h, dtype=np.int32), np.zeros(n_h, dtype=np.uint16), _whole(n_h),
        _NONE, _NONE, total, 1,
    )  # fmt: skip
    _add_signed(total, -1.0 if hole_size % 2 else 1.0, opp.equal_weight)
    return total
