"""The solver's terminal values and walks against the slow all-pairs twin (omaha8.pot_shares, pair by pair)."""

from __future__ import annotations

import numpy as np
import pytest

from omaha8.cards import parse_cards
from omaha8.game import NoLimit, PercentageRake, PotLimit
from omaha8 import pot_shares
from omaha8.solver import _arrays, _terminal
from omaha8.solver._cfr_reference import Spot
from omaha8.solver._game import build_game
from omaha8.solver._tree import Betting, build_tree
from omaha8.solver.subgame import _average_strategy

RIVER = "Ah 7d 4c Ks 2h"


def random_combos(rng: np.random.Generator, n: int, deck: list[int], k: int) -> np.ndarray:
    seen: set[tuple[int, ...]] = set()
    while len(seen) < n:
        seen.add(tuple(sorted(rng.choice(deck, k, replace=False).tolist())))
    return np.array(sorted(seen), dtype=np.uint8)


def sides(hands: np.ndarray, opps: np.ndarray, board: np.ndarray) -> tuple:
    live_h, live_o = np.arange(len(hands)), np.arange(len(opps))
    hh, hl = _arrays.board_values(hands, board, live_h)
    oh, ol = _arrays.board_values(opps, board, live_o)
    hand_side, opp_side = _arrays.board_sides(
        (_arrays.combo_slots(hands), _arrays.combo_slots(opps)),
        (_arrays.side_orders(live_h, hh, hl), _arrays.side_orders(live_o, oh, ol)),
    )
    return hand_side, opp_side, _arrays.same_rows(hands, opps), _arrays.same_rows(opps, hands)


def all_pairs(hands, opps, board, reach, coef_share, coef_total) -> np.ndarray:
    """Each terminal's value for every hand, one (hand, opponent) pair at a time."""
    out = np.zeros((reach.shape[0], len(hands)))
    for i, h in enumerate(hands):
        for j, o in enumerate(opps):
            if set(h.tolist()) & set(o.tolist()):
                continue
            share = pot_shares(np.array([[h, o]]), board)[0, 0]
            out[:, i] += reach[:, j] * (coef_share * share + coef_total)
    return out


@pytest.mark.parametrize("k", [4, 5])
@pytest.mark.parametrize("seed", range(4))
def test_terminal_values_equal_all_pairs(k: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    board = parse_cards(RIVER)
    # a narrow deck: most pairs collide, ties and quartered lows are common
    deck = [c for c in range(52) if c not in set(board.tolist())][: 14 + 4 * seed]
    hands = random_combos(rng, 12, deck, k)
    opps = random_combos(rng, 15, deck, k)
    opps[:4] = hands[:4]  # combos both players hold: the equal-combo term
    m_s, m_t = 3, 6
    reach = rng.random((m_t, len(opps))) * (rng.random((m_t, len(opps))) < 0.7)  # zeros too
    coef_share = np.where(np.arange(m_t) < m_s, rng.random(m_t) * 300, 0.0)
    coef_total = rng.normal(0, 50, m_t)
    fast = _terminal.terminal_values(*sides(hands, opps, board), reach, coef_share, coef_total, m_s, 1)
    slow = all_pairs(hands, opps, board, reach, coef_share, coef_total)
    np.testing.assert_allclose(fast, slow, rtol=0, atol=1e-9)
    two = _terminal.terminal_values(*sides(hands, opps, board), reach, coef_share, coef_total, m_s, 2)
    np.testing.assert_array_equal(fast, two)  # the threads split columns, never a sum


def test_terminal_values_hand_checked() -> None:
    # Ah 7d 4c Ks 2h: As 3s Qc Jd has aces and 7-4-3-2-A; 5c 5d 8h 9h fives and 8-7-5-4-2 (scooped);
    # Ad Kd Qs Qh two pair aces and kings (wins the high, loses the low): 3/4 of 100 with reach 1 each is
    # 100 + 50 = 150, and a fold column pays 10 per reach: 20.
    board = parse_cards(RIVER)
    hands = np.array([parse_cards("As 3s Qc Jd")])
    opps = np.array([parse_cards("5c 5d 8h 9h"), parse_cards("Ad Kd Qs Qh")])
    out = _terminal.terminal_values(*sides(hands, opps, board), np.ones((2, 2)), np.array([100.0, 0.0]),
                                    np.array([0.0, 10.0]), 1, 1)
    assert out.tolist() == [[150.0], [20.0]]


def test_a_hand_that_meets_nobody_gets_exactly_zero() -> None:
    board = parse_cards(RIVER)
    hands = np.array([parse_cards("3s 5s 6s 9c")])
    opps = np.array([parse_cards("3s 6c 6d 9d"), parse_cards("5s Tc Td 9h")])  # both share a card with it
    out = _terminal.terminal_values(*sides(hands, opps, board), np.array([[0.3, 0.7]]), np.array([77.0]),
                                    np.array([-3.0]), 1, 1)
    assert out.tolist() == [[0.0]]


def spot_and_game(seed: int, board_text: str, rake: object, k: int = 4):
    rng = np.random.default_rng(seed)
    board = parse_cards(board_text)
    deck = [c for c in range(52) if c not in set(board.tolist())][:24]
    c0, c1 = random_combos(rng, 5, deck, k), random_combos(rng, 6, deck, k)
    w0, w1 = rng.random(5) + 0.1, rng.random(6) + 0.1
    rivers = tuple(c for c in range(52) if c not in set(board.tolist())) if len(board) == 4 else ()
    structure = PotLimit(1, 1) if seed % 2 else NoLimit(1, 1)
    tree = build_tree(Betting(100, 150, structure, (0.5,), (1.0,), True, 1, rake), len(board), rivers)
    return Spot(board, (c0, c1), (w0, w1), tree, rake), build_game(board, (c0, c1), (w0, w1), tree), rng


@pytest.mark.parametrize("board_text", [RIVER, "Ah 7d 4c Ks"])
@pytest.mark.parametrize("seed", range(3))
def test_walk_values_equal_the_slow_twin(board_text: str, seed: int) -> None:
    """Fixed random strategies (with zeros): values and best responses, river and turn, rake or none."""
    rake = PercentageRake(5, cap=7) if seed != 1 else None
    spot, game, rng = spot_and_game(seed, board_text, rake)
    sums = np.asarray(game.engine.strat)
    sums[:] = (rng.random(sums.shape) < 0.6) * rng.random(sums.shape)
    strategies = {n: _average_strategy(game, n) for n, node in enumerate(game.tree.nodes) if node.kind == "player"}
    for p in (0, 1):
        for mode in ("average", "best"):
            fast = game.root_values(p, mode) * game.pair_weight * spot.weights[1 - p].max()
            np.testing.assert_allclose(fast, spot.values(p, strategies, mode), rtol=1e-9, atol=1e-9)
    assert game.pair_weight * spot.weights[0].max() * spot.weights[1].max() == pytest.approx(spot.pair_weight())
