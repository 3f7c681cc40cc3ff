"""Winners and shares from seat values (omaha8.pots._settle_values) against the kernels that evaluate as they settle."""

from __future__ import annotations

import numpy as np
import pytest

from omaha8 import evaluate_batch
from omaha8.pots import _settle_values
from omaha8.deals import Deals, analyze_deals, parse_card_array, random_deals
from omaha8.pots._showdown import pot_shares, winners


def _values(holes: np.ndarray, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    n, p, k = holes.shape
    high, low = evaluate_batch(holes.reshape(n * p, k), np.repeat(boards, p, axis=0))
    return high.reshape(n, p), low.reshape(n, p)


def _settled(holes: np.ndarray, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    high, low = _values(holes, boards)
    n, p = high.shape
    hw, lw, shares = np.empty(n, np.uint16), np.empty(n, np.uint16), np.empty((n, p))
    _settle_values.winners_of_values(high, low, hw, lw, 1)
    _settle_values.shares_of_winners(hw, lw, shares, 1)
    return hw, lw, shares


@pytest.mark.parametrize("cards,players", [(4, 1), (4, 2), (4, 6), (4, 11), (5, 2), (5, 3), (5, 9)])
def test_values_settle_as_the_showdown_kernels(cards: int, players: int) -> None:
    holes, boards = random_deals(3000, players=players, cards=cards, seed=players * 10 + cards)
    hw, lw, shares = _settled(holes, boards)
    expected_hw, expected_lw = winners(holes, boards)
    assert np.array_equal(hw, expected_hw) and np.array_equal(lw, expected_lw)
    assert np.array_equal(shares, pot_shares(holes, boards))  # the same doubles, bit for bit


def test_few_distinct_boards_give_ties() -> None:
    # one board for every deal, and paired boards: many tied highs and lows, odd splits (thirds, sixths)
    rng = np.random.default_rng(3)
    for board_text in ("2c3c4dKsQh", "KcQcJc8d8h", "2h2d2s7c7d", "AsKsQsJsTs"):
        board = parse_card_array([board_text])[0]
        rest = np.setdiff1d(np.arange(52, dtype=np.uint8), board)
        holes = np.stack([rng.permutation(rest)[:16].reshape(4, 4) for _ in range(2000)]).astype(np.uint8)
        boards = np.repeat(board[None], len(holes), axis=0)
        hw, lw, shares = _settled(holes, boards)
        assert np.array_equal(hw, winners(holes, boards)[0]) and np.array_equal(lw, winners(holes, boards)[1])
        assert np.array_equal(shares, pot_shares(holes, boards))


def test_hand_checked_split() -> None:
    # board Ah2h7cKd8s: KK99 has trip kings, the best high; 3-4 with A-2 makes 7-4-3-2-A for both 34 hands,
    # so the low half splits two ways: 1/2, 1/4, 1/4
    holes = parse_card_array([["Kh Ks 9c 9d", "3c 4c Jh Jd", "3d 4d Qc Qh"]])
    hw, lw, shares = _settled(holes, parse_card_array(["Ah2h7cKd8s"]))
    assert (hw.tolist(), lw.tolist(), shares.tolist()) == ([0b001], [0b110], [[0.5, 0.25, 0.25]])


def test_analyze_deals_matches_the_showdown_kernels() -> None:
    holes, boards = random_deals(2000, players=5, cards=4, seed=9)
    for values in (True, False):
        r = analyze_deals(Deals(holes, boards), values=values)
        assert np.array_equal(r.high_winners, winners(holes, boards)[0])
        assert np.array_equal(r.low_winners, winners(holes, boards)[1])
        assert r.shares is not None and np.array_equal(r.shares, pot_shares(holes, boards))


def test_shapes_are_refused() -> None:
    with pytest.raises(ValueError):
        _settle_values.winners_of_values(np.zeros((2, 3), np.uint16), np.zeros((2, 4), np.uint8),
                                         np.empty(2, np.uint16), np.empty(2, np.uint16), 1)
    with pytest.raises(ValueError):
        _settle_values.shares_of_winners(np.zeros(2, np.uint16), np.zeros(3, np.uint16), np.empty((2, 3)), 1)


def test_analyze_deals_without_the_check_gives_the_same_results() -> None:
    holes, boards = random_deals(1500, players=4, cards=5, seed=11)
    deals = Deals(holes, boards)
    checked, trusted = analyze_deals(deals), analyze_deals(deals, validate=False)
    for name in ("high_winners", "low_winners", "high", "low", "shares"):
        assert np.array_equal(getattr(checked, name), getattr(trusted, name)), name
    with pytest.raises(TypeError):
        analyze_deals(deals, validate=1)  # type: ignore[arg-type]
