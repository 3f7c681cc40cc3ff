"""Every combo's exact hi/lo pot share against a weighted range, by sorted sweeps.

For one board, each hand and opponent combo is ranked once (one
:func:`omaha8.evaluate_batch` call per side gives high and low), then
sorted by high value and by low value. One walk up an order adds each
opponent's weight to a table of weight sums per card subset, and each hand
reads from it the weight of the weaker opponents that share none of its
cards (exact card removal by inclusion–exclusion, proved in
:mod:`omaha8._solver`). Ties come from a second read after the opponents of
equal value are added; the whole river costs a few walks, O(n log n) time
and O(n) memory, never a pair of combos (and exact sums when the weights
are whole numbers).

The share of hand h against one opponent o, with H = 1, ½, 0 as h wins, ties
or loses the high, and L the same for the low (a hand without a low loses
the low to one with it; two hands without a low do not tie it):

* someone has a low: share = ½·H + ½·L;
* neither has a low: share = H (the high takes the pot).

Both cases are ½·H + ½·X with X = L when h has a low (the second case
cannot arise) and, when h has none, X = H against opponents without a low
and X = L = 0 against opponents with one. So every term is a count of one
sweep: the high walk over all opponents, the low walk over all opponents
(hands with a low) or the high walk over the opponents without a low
(hands without one). A scoop is H = 1 and (L = 1 or neither has a low): for
a hand without a low, the high wins over opponents without one; for a hand
with a low, the high wins over opponents without a low (one more high walk)
and over opponents with a lower low: below it in both orders at once. That
is counted by writing the low classes (the low values present, in order)
in base B: o's class is below h's exactly when, at the highest digit where
they differ, o's digit is the smaller. For each digit the combos that agree
above it form groups; one high walk per group keeps B weight sums per card
subset, one per opponent digit, and each hand reads those below its own
digit. B is as large as a table of a few megabytes allows, so the classes
take one walk, or two for 5-card ranges or many distinct lows.

On a flop or turn every runout is such a river, ranked once for both sides,
and a hand's equity is its share summed over the runouts and opponents
that fit with it, divided by their weight.

>>> from omaha8.solver import showdown_values
>>> v = showdown_values("Ah 2h 7c Kd Qs", ["Kh Ks 9c 9d", "3c 4c 5d 6d"], ["Jh Jd 6c 6s", "3d 4d 8c 8s"])
>>> v.share.tolist()  # trip kings: 1 (no low for JJ66) and 1/2; 3456: 1/2 and 1/4 (a quartered low)
[0.75, 0.375]
>>> v.scoop.tolist(), v.low_tie.tolist(), v.weight.tolist()
([0.5, 0.0], [0.0, 0.5], [2.0, 2.0])
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Protocol, TypeVar, runtime_checkable

import numpy as np
import numpy.typing as npt

from .. import _core, _solver
from .._args import brief, check_int, check_n_threads
from .._validate import card_array, check_deals
from ..cards import N_CARDS, CardsLike, format_card, parse_cards
from ..errors import ArgumentError, ArgumentTypeError, DuplicateCardError, ShapeError
from ..evaluate import evaluate_batch
from ..ranges.range import Range
from ..ranges.universe import HOLE_SIZES, hand_index

__all__ = ["CombosSource", "ShowdownValues", "showdown_values"]

U8Array = np.ndarray[Any, np.dtype[np.uint8]]
I32Array = np.ndarray[Any, np.dtype[np.int32]]
I64Array = np.ndarray[Any, np.dtype[np.int64]]
F64Array = np.ndarray[Any, np.dtype[np.float64]]
BoolArray = np.ndarray[Any, np.dtype[np.bool_]]

_BOARD_SIZES = (3, 4, 5)
_MAX_BINS = 1 << 16
_N_LOW_VALUES = 56  # lows are 1..56, 0 = none
# bytes a scoop walk's table may take whatever the ranges' size (more for large ranges: 2 per combo)
_TABLE_BUDGET = 4 << 20
_T = TypeVar("_T")


@runtime_checkable
class CombosSource(Protocol):
    """Anything with the combos of a range: ``combos(board=, dead=) -> ((n, k) uint8, (n,) float64)``."""

    def combos(self, board: Any = ..., dead: Any = ...) -> tuple[Any, Any]: ...


@dataclass(frozen=True, slots=True, eq=False)
class ShowdownValues:
    """Each hand's expected pot share against the opponent range (arrays: one entry per hand).

    Attributes
    ----------
    hands
        (n, k) uint8: the hands, in the rows of the input (or as the range gave them).
    hand_weight
        The hands' own weights (ones when none were given); used only by
        :meth:`range_equity`.
    share
        Expected fraction of the pot against one opponent drawn from the
        range by weight, leaving out the combos that share a card with the
        hand, averaged over every runout on a flop or turn: the hand's equity.
    high_win, high_tie
        Probability that the hand alone has the best high / ties it.
    low_win, low_tie
        Probability that it alone has the best qualifying low / ties it.
    scoop
        Probability that it takes the whole pot alone.
    weight
        Total weight of the opponents that share no card with the hand (or
        the board or the dead cards). Where it is 0 every probability is NaN;
        hands that hold a board or dead card have weight 0.
    ehs2
        Expected square of the per-runout share (``share`` is its mean, the
        EHS), weighting each runout by the opponents that fit with it.
    histogram
        (n, bins): the distribution of the per-runout share over ``bins``
        equal parts of [0, 1] (the last one closed), rows summing to 1;
        None unless ``bins`` was given.
    runouts
        Board completions dealt from the cards off the board and not dead
        (1 on a river); each hand meets the ones that hold none of its cards.
    """

    hands: U8Array
    hand_weight: F64Array
    share: F64Array
    high_win: F64Array
    high_tie: F64Array
    low_win: F64Array
    low_tie: F64Array
    scoop: F64Array
    weight: F64Array
    ehs2: F64Array
    histogram: F64Array | None
    runouts: int

    def __len__(self) -> int:
        return int(self.share.shape[0])

    @property
    def ehs(self) -> F64Array:
        """The expected share over the runouts (EHS): ``share`` under its bucketing name."""
        return self.share

    @property
    def bin_edges(self) -> F64Array | None:
        """Edges of the histogram's bins, ``bins + 1`` of them from 0 to 1; None without a histogram."""
        if self.histogram is None:
            return None
        return np.linspace(0.0, 1.0, self.histogram.shape[1] + 1)

    def range_equity(self) -> float:
        """Equity of the whole hand range against the opponent range: pairs weighted by both weights.

        NaN when no hand and opponent fit together.
        """
        pair_weight = self.hand_weight * self.weight
        total = float(pair_weight.sum())
        if total == 0.0:
            return math.nan
        return float(np.sum(pair_weight[pair_weight > 0] * self.share[pair_weight > 0]) / total)


# ------------------------------------------------------------------ inputs


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


# ------------------------------------------------------------------ one board

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


def _digit_base(n_classes: int, k: int, n_combos: int) -> int:
    """Digits per scoop walk: the fewest walks whose tables fit ``_TABLE_BUDGET`` bytes (or 2 per combo).

    ``base ** walks >= n_classes``; each walk's table keeps ``base`` sums per card subset.
    """
    most = max(2, max(_TABLE_BUDGET, 2 * n_combos) // (8 * _solver.table_slots(k)))
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
    n_h, n_o, k = hands.shape[0], opp.cards.shape[0], hands.shape[1]
    sign = -1.0 if k % 2 else 1.0  # (-1)^k: the term of an opponent equal to the hand
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
        base = _digit_base(n_classes, k, n_h + n_o)
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

    # the walks leave out the (-1)^k term of an opponent equal to the hand; add it
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
    n_h, n_o, k = hands.shape[0], opp.cards.shape[0], hands.shape[1]
    total = np.zeros(n_h)
    _solver.sweep(
        opp.cards, _NONE if opp.weight is None else opp.weight, np.arange(n_o, dtype=np.int32),
        np.zeros(n_o, dtype=np.uint16), _whole(n_o),
        hands, np.arange(n_h, dtype=np.int32), np.zeros(n_h, dtype=np.uint16), _whole(n_h),
        _NONE, _NONE, total, 1,
    )  # fmt: skip
    _add_signed(total, -1.0 if k % 2 else 1.0, opp.equal_weight)
    return total


# ------------------------------------------------------------------ the public function


def showdown_values(
    board: CardsLike,
    hands: str | npt.ArrayLike | CombosSource,
    opponents: str | npt.ArrayLike | CombosSource,
    *,
    hand_weights: npt.ArrayLike | None = None,
    opponent_weights: npt.ArrayLike | None = None,
    dead: CardsLike | None = None,
    cards: int | None = None,
    bins: int | None = None,
    n_threads: int | None = None,
) -> ShowdownValues:
    """Each hand's exact hi/lo equity against a weighted opponent range, heads-up.

    Parameters
    ----------
    board
        3, 4 or 5 board cards. On a flop or turn every runout is dealt out.
    hands, opponents
        Range text (``"AA, KK@50"``, ``"20%"``: see :class:`omaha8.ranges.Range`);
        (n, 4) or (n, 5) card ids (or a list of hand strings); or any range
        object with a ``combos(board=, dead=)`` method returning combos and
        weights. Both sides hold the same number of cards.
    hand_weights, opponent_weights
        One weight >= 0 per combo (default 1); None when the side is a range
        object. Opponent combos that hold a board or dead card, or weigh 0,
        cannot be dealt and are left out.
    dead
        Cards out of the deck (folded, exposed): no combo or runout holds them.
    cards
        Hole cards (4 or 5) of a side given as range text; default: as many as
        the other side's combos, else 4.
    bins
        Also give the histogram of each hand's per-runout share in this many
        bins (default: none).
    n_threads
        Threads; None uses every core. Results never depend on it.

    Returns
    -------
    ShowdownValues

    Raises
    ------
    ShapeError
        A board of another size, combos of other sizes or of different
        sizes on the two sides, weights of the wrong length.
    CardError, DuplicateCardError
        A bad card id, a card twice within a combo or on board and dead.
    ArgumentError, ArgumentTypeError
        A negative or non-finite weight, weights given with a range object,
        ``bins`` or ``n_threads`` out of range.

    Examples
    --------
    >>> v = showdown_values("Ah Kh 7c 4d 2s", ["As 3s Qc Jd"], ["5c 5d 8h 9h", "Ad Kd Qs Qh"])
    >>> v.share.tolist(), v.high_win.tolist(), v.low_win.tolist()  # scoops 55, halves with AAKK
    ([0.75], [0.5], [1.0])
    >>> v = showdown_values("Ah Kh 7c 4d", ["As 3s Qc Jd"], ["5c 5d 8h 9h"], bins=4)
    >>> v.runouts, v.histogram.tolist()  # of the 40 rivers, 6 scoop, 28 split, 6 lose (8h 9h's flush)
    (48, [[0.15, 0.0, 0.7, 0.15]])
    >>> showdown_values("Ah Kh 7c 4d 2s", ["As 3s Qc Jd"], ["5c 5d 8h 9h"], opponent_weights=[-1])
    Traceback (most recent call last):
    ...
    omaha8.errors.ArgumentError: opponent_weights[0] = -1 is not a finite weight >= 0
    """
    board_cards, dead_cards = _board_cards(board, dead)
    hand_cards, hand_weight, opp_cards, opp_weight = _both_sides(
        hands, hand_weights, opponents, opponent_weights, board_cards, dead_cards, cards
    )
    if opp_cards.shape[0] and hand_cards.shape[0] and opp_cards.shape[1] != hand_cards.shape[1]:
        raise ShapeError(f"hands have {hand_cards.shape[1]} cards but opponents have {opp_cards.shape[1]}")
    n_bins = None if bins is None else check_int(bins, "bins", minimum=1, maximum=_MAX_BINS)
    threads = check_n_threads(n_threads)
    threads = _core.max_threads() if threads is None else threads

    out_of_deck = np.concatenate([board_cards, dead_cards])
    hand_keep = ~_holds_any(hand_cards, out_of_deck)
    opp_keep = ~_holds_any(opp_cards, out_of_deck)
    if opp_weight is not None:
        opp_keep &= opp_weight > 0
    all_hands_kept, all_opps_kept = bool(hand_keep.all()), bool(opp_keep.all())
    hand_rows = np.flatnonzero(hand_keep)
    hands_in = hand_cards if all_hands_kept else np.ascontiguousarray(hand_cards[hand_rows])
    # the same combos on both sides (a range against itself): rank and sort them once
    same = (
        hand_cards.shape == opp_cards.shape
        and np.array_equal(hand_keep, opp_keep)
        and (opp_cards is hand_cards or np.array_equal(hand_cards, opp_cards))
    )
    if same:
        opps_in = hands_in
    elif all_opps_kept:
        opps_in = opp_cards
    else:
        opps_in = np.ascontiguousarray(opp_cards[opp_keep])
    weight_in = opp_weight if opp_weight is None or all_opps_kept else np.ascontiguousarray(opp_weight[opp_keep])
    del hand_keep, opp_keep
    whole = weight_in is None or bool(np.all(weight_in == np.floor(weight_in)) and weight_in.sum() < 2.0**53)
    opp: _Opponents
    if same and not _solver.has_repeats(hands_in):
        # each hand's only equal opponent is its own row
        opp = _Opponents(hands_in, weight_in, 1.0 if weight_in is None else weight_in, 1.0, True, whole)
    else:
        equal_weight, equal_count = _equal_weight(hands_in, opps_in, weight_in)
        opp = _Opponents(opps_in, weight_in, equal_weight, equal_count, False, whole)

    if board_cards.shape[0] == 5:
        sums = _board_sums(board_cards, hands_in, opp, threads)
        squares, histogram, runouts = None, None, 1
        if n_bins is not None:
            histogram = np.zeros((hands_in.shape[0], n_bins))
            fits = np.flatnonzero(sums.fits)
            histogram[fits, _bin_of(sums.share[fits], sums.weight[fits], n_bins)] = sums.weight[fits]
        weight = sums.weight
    else:
        deck = [c for c in range(N_CARDS) if c not in set(int(x) for x in out_of_deck)]
        sums, squares, histogram, runouts = _runout_sums(board_cards, deck, hands_in, opp, n_bins, threads)
        # the weight on this board: the opponents that fit with the hand, whatever the runout
        weight = _disjoint_weight(hands_in, opp)
        weight[~sums.fits] = 0.0

    misfits = ~sums.fits
    with np.errstate(invalid="ignore", divide="ignore"):
        for arr in (sums.share, sums.high_win, sums.high_tie, sums.low_win, sums.low_tie, sums.scoop):
            arr /= sums.weight  # in place: these arrays become the result
            arr[misfits] = math.nan
            np.clip(arr, 0.0, 1.0, out=arr)  # rounding never takes a probability out of [0, 1]
        if squares is None:
            ehs2 = sums.share * sums.share
        else:
            squares /= sums.weight
            squares[misfits] = math.nan
            ehs2 = np.clip(squares, 0.0, 1.0, out=squares)
        if histogram is not None:
            histogram /= sums.weight[:, None]
            histogram[misfits] = math.nan

    n = hand_cards.shape[0]

    def spread(values: F64Array, fill: float) -> F64Array:
        if all_hands_kept:
            return values
        out = np.full((n, *values.shape[1:]), fill)
        out[hand_rows] = values
        return out

    return ShowdownValues(
        hands=hand_cards,
        hand_weight=np.broadcast_to(1.0, (n,)) if hand_weight is None else hand_weight,
        share=spread(sums.share, math.nan),
        high_win=spread(sums.high_win, math.nan),
        high_tie=spread(sums.high_tie, math.nan),
        low_win=spread(sums.low_win, math.nan),
        low_tie=spread(sums.low_tie, math.nan),
        scoop=spread(sums.scoop, math.nan),
        weight=spread(weight, 0.0),
        ehs2=spread(ehs2, math.nan),
        histogram=None if histogram is None else spread(histogram, math.nan),
        runouts=runouts,
    )
