"""All-pairs twin of :func:`omaha8.solver.showdown_values`: the test oracle.

Every hand meets every opponent on every runout, one pair at a time: the
pair's pot share comes from :func:`omaha8.pot_shares` (the showdown
module's own split, not the sweep's algebra), its high and low results from
comparing the two players' values. ``exact=True`` adds everything up in
:class:`fractions.Fraction` and rounds once at the end (small ranges);
otherwise in float64 (medium ranges). Cost: hands × opponents × runouts.

>>> from omaha8.solver._reference import showdown_values_reference
>>> v = showdown_values_reference(["As 3s Qc Jd"], ["5c 5d 8h 9h", "Ad Kd Qs Qh"], "Ah Kh 7c 4d 2s", exact=True)
>>> v.share.tolist(), v.scoop.tolist()
([0.75], [0.5])
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt

from ..cards import N_CARDS, CardsLike
from ..core._evaluate import evaluate_batch
from ..pots._showdown import pot_shares
from .sweeps import CombosSource, ShowdownValues, _board_cards, _combos

__all__ = ["showdown_values_reference"]

_FIELDS = ("share", "high_win", "high_tie", "low_win", "low_tie", "scoop")


def _cards_set(row: np.ndarray[Any, Any]) -> frozenset[int]:
    return frozenset(int(c) for c in row)


def showdown_values_reference(
    hands: npt.ArrayLike | CombosSource,
    opponents: npt.ArrayLike | CombosSource,
    board: CardsLike,
    *,
    hand_weights: npt.ArrayLike | None = None,
    opponent_weights: npt.ArrayLike | None = None,
    dead: CardsLike | None = None,
    bins: int | None = None,
    exact: bool = False,
) -> ShowdownValues:
    """:func:`omaha8.solver.showdown_values` by brute force over every (hand, opponent, runout)."""
    board_cards, dead_cards = _board_cards(board, dead)
    hand_cards, hand_weight = _combos(hands, hand_weights, "hands", "hand_weights", board_cards, dead_cards)
    opp_cards, opp_weight = _combos(opponents, opponent_weights, "opponents", "opponent_weights", board_cards, dead_cards)
    opp_weight = np.ones(opp_cards.shape[0]) if opp_weight is None else opp_weight
    hand_weight = np.ones(hand_cards.shape[0]) if hand_weight is None else hand_weight
    out_of_deck = {int(c) for c in board_cards} | {int(c) for c in dead_cards}
    deck = [c for c in range(N_CARDS) if c not in out_of_deck]
    runouts = list(combinations(deck, 5 - board_cards.shape[0]))
    hand_sets = [_cards_set(h) for h in hand_cards]
    opp_sets = [_cards_set(o) for o in opp_cards]
    weights: list[Fraction | float] = [Fraction(float(w)) if exact else float(w) for w in opp_weight]
    zero: Fraction | float = Fraction(0) if exact else 0.0
    n = len(hand_sets)
    sums = {name: [zero] * n for name in _FIELDS}
    weight_sum = [zero] * n
    squares = [zero] * n
    histogram = None if bins is None else [[zero] * bins for _ in range(n)]

    for runout in runouts:
        full = np.concatenate([board_cards, np.array(runout, dtype=np.uint8)])
        seen = out_of_deck | set(runout)
        pairs = [
            (i, j)
            for i, h in enumerate(hand_sets)
            if not h & seen
            for j, o in enumerate(opp_sets)
            if opp_weight[j] > 0 and not o & seen and not o & h
        ]
        if not pairs:
            continue
        first = np.array([p[0] for p in pairs])
        second = np.array([p[1] for p in pairs])
        holes = np.stack([hand_cards[first], opp_cards[second]], axis=1)
        shares = pot_shares(holes, full)[:, 0]
        high, low = evaluate_batch(holes.reshape(-1, hand_cards.shape[1]), full)
        h_high, o_high = high[0::2].astype(int), high[1::2].astype(int)
        h_low, o_low = low[0::2].astype(int), low[1::2].astype(int)
        run_share = [zero] * n
        run_weight = [zero] * n
        for p, (i, j) in enumerate(pairs):
            w = weights[j]
            share: Fraction | float = Fraction(float(shares[p])) if exact else float(shares[p])
            outcome = {
                "share": share,
                "high_win": 1 if h_high[p] > o_high[p] else 0,
                "high_tie": 1 if h_high[p] == o_high[p] else 0,
                "low_win": 1 if h_low[p] > 0 and h_low[p] > o_low[p] else 0,
                "low_tie": 1 if h_low[p] > 0 and h_low[p] == o_low[p] else 0,
                "scoop": 1 if shares[p] == 1.0 else 0,
            }
            for name in _FIELDS:
                sums[name][i] += w * outcome[name]
            weight_sum[i] += w
            run_share[i] += w * share
            run_weight[i] += w
        for i in range(n):
            if run_weight[i] == 0:
                continue
            squares[i] += run_share[i] * run_share[i] / run_weight[i]
            if histogram is not None and bins is not None:
                which = min(math.floor(run_share[i] * bins / run_weight[i]), bins - 1)
                histogram[i][which] += run_weight[i]

    def ratio(values: list[Any]) -> np.ndarray[Any, np.dtype[np.float64]]:
        return np.array([float(v / d) if d != 0 else math.nan for v, d in zip(values, weight_sum)], dtype=np.float64)

    # the weight on the board as given: opponents that fit with the hand, whatever the runout
    weight = np.zeros(n)
    for i, h in enumerate(hand_sets):
        if h & out_of_deck or weight_sum[i] == 0:
            continue
        weight[i] = float(
            sum((weights[j] for j, o in enumerate(opp_sets) if not o & out_of_deck and not o & h), start=zero)
        )
    hist_out = None
    if histogram is not None:
        hist_out = np.array([[float(x / d) if d != 0 else math.nan for x in row] for row, d in zip(histogram, weight_sum)])
    return ShowdownValues(
        hands=hand_cards,
        hand_weight=hand_weight,
        weight=weight,
        ehs2=ratio(squares),
        histogram=hist_out,
        runouts=len(runouts),
        **{name: ratio(sums[name]) for name in _FIELDS},
    )
