"""Every combo's exact hi/lo pot share against a weighted range, by sorted sweeps.

For one board, each hand and opponent combo is ranked once (one
:func:`omaha8.evaluate_batch` call per side gives high and low), then
sorted by high value and by low value. One walk up an order adds each
opponent's weight to a table of weight sums per card subset, and each hand
reads from it the weight of the weaker opponents that share none of its
cards (exact card removal by inclusion–exclusion, proved in
:mod:`omaha8.solver._solver`). Ties come from a second read after the opponents of
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
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from . import _solver
from .._support._args import check_array_bytes, check_int
from .._support._threads import threads_for
from ..cards import CardsLike, N_CARDS
from ..errors import ShapeError
from ._board_sums import _Opponents, _bin_of, _board_sums, _disjoint_weight, _runout_sums
from ._sweep_inputs import (
    CombosSource,
    F64Array,
    U8Array,
    _MAX_BINS,
    _board_cards as _board_cards,
    _both_sides,
    _combos as _combos,
    _equal_weight,
    _holds_any,
    _scaled_weights,
)

__all__ = ["CombosSource", "ShowdownValues", "showdown_values"]


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
        # each pair's weight as mantissa and exponent, all scaled by one power of two so that the largest
        # is about 1: weights near float64's ends neither overflow nor vanish in the products
        hand_mantissa, hand_exponent = np.frexp(self.hand_weight)
        opp_mantissa, opp_exponent = np.frexp(self.weight)
        mantissa = hand_mantissa * opp_mantissa
        live = mantissa > 0
        if not live.any():
            return math.nan
        exponent = hand_exponent[live] + opp_exponent[live]
        pair_weight = np.ldexp(mantissa[live], exponent - exponent.max())
        return float(np.sum(pair_weight * self.share[live]) / pair_weight.sum())


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
    if n_bins is not None:
        n_hands = hand_cards.shape[0]
        check_array_bytes(n_hands * n_bins * 8, f"a histogram of {n_hands:,} hands x {n_bins:,} bins of float64",
                          f"bins={n_bins}")
    threads = threads_for(n_threads)
    scale = 0  # the opponents' weights are 2**scale times those summed
    if opp_weight is not None:
        opp_weight, scale = _scaled_weights(opp_weight, "opponent_weights")

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
        weight=spread(weight if scale == 0 else np.ldexp(weight, scale), 0.0),
        ehs2=spread(ehs2, math.nan),
        histogram=None if histogram is None else spread(histogram, math.nan),
        runouts=runouts,
    )
