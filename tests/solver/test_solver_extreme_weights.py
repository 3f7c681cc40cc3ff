"""Weights near float64's ends, and histograms too large to allocate, in :func:`omaha8.solver.showdown_values`.

Only the ratios of the weights count, so weights scaled by any factor give
the same shares, and ``weight`` (a total of weights) scaled by that factor:
weights of 1e308 gave NaN shares when their sums overflowed.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import omaha8
from omaha8._support._args import MAX_ARRAY_BYTES
from omaha8.errors import ArgumentError
from omaha8.solver import showdown_values
from omaha8.solver._reference import showdown_values_reference

PROBABILITIES = ("share", "high_win", "high_tie", "low_win", "low_tie", "scoop", "ehs2")


def _spot(seed: int, board_cards: int = 5) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    board = rng.permutation(52)[:board_cards].astype(np.uint8)
    deck = [c for c in range(52) if c not in board.tolist() and (c % 4 < 2 or c // 4 in (0, 1, 2, 12))]
    hands = np.array([np.sort(rng.choice(deck, 4, replace=False)) for _ in range(30)], dtype=np.uint8)
    opps = np.array([np.sort(rng.choice(deck, 4, replace=False)) for _ in range(40)], dtype=np.uint8)
    return board, hands, opps, rng.integers(1, 5, len(opps)).astype(np.float64)


@pytest.mark.parametrize("exponent", [600, -600, 1000, -1060])
@pytest.mark.parametrize("board_cards", [5, 4])
def test_scaled_weights_give_the_same_shares(exponent: int, board_cards: int) -> None:
    board, hands, opps, weights = _spot(exponent % 97 + board_cards, board_cards)
    slow = showdown_values_reference(board, hands, opps, opponent_weights=weights, bins=6)
    fast = showdown_values(board, hands, opps, opponent_weights=np.ldexp(weights, exponent), bins=6)
    for name in PROBABILITIES:
        np.testing.assert_allclose(getattr(fast, name), getattr(slow, name), rtol=1e-12, atol=1e-12, err_msg=name)
    assert fast.histogram is not None and slow.histogram is not None
    np.testing.assert_allclose(fast.histogram, slow.histogram, rtol=1e-12, atol=1e-12)
    # the totals of weight in the caller's units: the reference's whole-number totals times 2**exponent
    np.testing.assert_allclose(fast.weight, np.ldexp(slow.weight, exponent), rtol=1e-12, atol=0)
    assert not np.isnan(fast.share[fast.weight > 0]).any()


def test_weights_of_1e308_give_shares_not_nan() -> None:
    # one opponent of weight 1e308 (or any other): each hand's share is its share against that hand
    board, hands, opps = "Ah Kh 7c 4d 2s", ["As 3s Qc Jd", "5c 5d 8h 9h"], ["6c 6d Ts Th"]
    huge = showdown_values(board, hands, opps, opponent_weights=[1e308])
    plain = showdown_values(board, hands, opps)
    assert huge.share.tolist() == plain.share.tolist() and not np.isnan(huge.share).any()
    assert huge.weight.tolist() == [1e308, 1e308]


def test_range_equity_of_extreme_hand_and_opponent_weights() -> None:
    board, hands, opps, weights = _spot(3)
    rng = np.random.default_rng(9)
    hand_weights = rng.integers(1, 5, len(hands)).astype(np.float64)
    plain = showdown_values(board, hands, opps, hand_weights=hand_weights, opponent_weights=weights).range_equity()
    for hand_scale, opp_scale in ((1000, 1000), (-1000, 1000), (-1070, -1000), (1020, 0)):
        scaled = showdown_values(board, hands, opps, hand_weights=np.ldexp(hand_weights, hand_scale),
                                 opponent_weights=np.ldexp(weights, opp_scale))
        assert scaled.range_equity() == pytest.approx(plain, rel=1e-12), (hand_scale, opp_scale)


def test_weights_whose_sum_overflows_are_refused() -> None:
    with pytest.raises(ArgumentError, match="opponent_weights sum to more than float64 holds"):
        showdown_values("Ah Kh 7c 4d 2s", ["As 3s Qc Jd"], ["6c 5d 8h 9h", "Ad Kd Qs Qh"],
                        opponent_weights=[1e308, 1e308])


def test_a_weight_lost_beside_the_largest_is_refused() -> None:
    # 1e-300 / 1e300 = 1e-600, below float64's smallest normal number (about 2.2e-308): the sums would drop it
    with pytest.raises(ArgumentError, match=r"opponent_weights\[0\] = 1e-300 is too small beside the largest, 1e\+300"):
        showdown_values("Ah Kh 7c 4d 2s", ["As 3s Qc Jd"], ["6c 5d 8h 9h", "Ad Kd Qs Qh"],
                        opponent_weights=[1e-300, 1e300])


def test_a_histogram_beyond_the_array_limit_is_refused_before_it_is_allocated() -> None:
    # every 4-card hand off a flop: C(49, 4) = 211,876 hands; x 65,536 bins x 8 bytes = 103.5 GiB
    assert math.comb(49, 4) * 65536 * 8 > MAX_ARRAY_BYTES
    with pytest.raises(ArgumentError, match=r"bins=65536 asks for a histogram of 211,876 hands x 65,536 bins of "
                                            r"float64: 103\.5 GiB"):
        showdown_values("Ah Kh 7c", "*", "*", bins=65536)


def test_a_histogram_within_the_limit_is_given() -> None:
    v = showdown_values("Ah Kh 7c 4d 2s", ["As 3s Qc Jd"], ["6c 5d 8h 9h"], bins=65536)
    assert v.histogram is not None and v.histogram.shape == (1, 65536)
    assert omaha8.__name__ == "omaha8"
