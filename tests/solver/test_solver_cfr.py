"""The solver's discounted CFR: its steps against the slow twin, closed-form games, symmetry, convergence."""

from __future__ import annotations

import numpy as np
import pytest

from omaha8.cards import parse_cards
from omaha8.game import NoLimit, PercentageRake, PotLimit
from omaha8.solver import solve
from omaha8.solver._cfr_reference import Spot, reference_step
from omaha8.solver._game import build_game
from omaha8.solver._tree import Betting, build_tree

from test_solver_terminal import random_combos


def blocks(game, flat) -> dict[int, np.ndarray]:
    """Each player node's (combos, actions) block of the engine's regrets or strategy sums, in float64."""
    out = {}
    for n, node in enumerate(game.tree.nodes):
        if node.kind == "player":
            size = game.combos[node.player].shape[0]
            start = int(game.engine_store[n])
            out[n] = np.asarray(flat[start : start + len(node.children) * size], dtype=np.float64).reshape(
                len(node.children), size).T.copy()
    return out


@pytest.mark.parametrize("board_text", ["Ah 7d 4c Ks 2h", "Ah 7d 4c Ks"])
@pytest.mark.parametrize("seed", range(4))
def test_each_iteration_equals_the_slow_twins(board_text: str, seed: int) -> None:
    """From the engine's own regrets and sums, one step of the twin lands where the engine's step does.

    Exact ties (two actions worth the same, to the last bit in one and not in the other) would let
    rounding pick different pure strategies; a deck of 34 cards keeps collisions and rare ties.
    """
    rng = np.random.default_rng(seed)
    board = parse_cards(board_text)
    deck = [c for c in range(52) if c not in set(board.tolist())][:34]  # collisions, few exact ties
    c0, c1 = random_combos(rng, 5, deck, 4), random_combos(rng, 6, deck, 4)
    w0, w1 = rng.random(5) + 0.1, rng.random(6) + 0.1
    rake = PercentageRake(5, cap=7) if seed % 2 else None
    rivers = tuple(c for c in range(52) if c not in set(board.tolist())) if len(board) == 4 else ()
    tree = build_tree(Betting(100, 150, PotLimit(1, 1), (0.5,), (1.0,), True, 1, rake), len(board), rivers)
    game = build_game(board, (c0, c1), (w0, w1), tree)
    spot = Spot(board, (c0, c1), (w0, w1), tree, rake)
    for t in range(5):
        regret, sums = blocks(game, game.engine.regret), blocks(game, game.engine.strat)
        reference_step(spot, regret, sums, t)
        game.engine.iterate(t, 1, *game.weights)
        fast_regret, fast_sums = blocks(game, game.engine.regret), blocks(game, game.engine.strat)
        for n in regret:  # float32 storage: 1e-7 of the magnitude
            np.testing.assert_allclose(fast_regret[n], regret[n], rtol=1e-6, atol=1e-5 * (1 + np.abs(regret[n]).max()))
            np.testing.assert_allclose(fast_sums[n], sums[n], rtol=1e-6, atol=1e-6 * (1 + sums[n].max()))


# ------------------------------------------------------------------ games with a known equilibrium

# A river with no flush, no straight within reach of these hands, and a possible low: 2c 3d 7h Ks Qd.
# Player 0 holds the nuts Ah 5h Kd Kh (trip kings, 7-5-3-2-A low) or air Jc Td 6s 6d (sixes, no low);
# player 1 a bluff catcher. Pot P = 100, one pot-sized bet B = 100, no raise.
QUARTER_BOARD = "2c 3d 7h Ks Qd"
NUTS, AIR = "Ah 5h Kd Kh", "Jc Td 6s 6d"


def bluff_spot(board: str, nuts: str, air: str, catcher: str, target: float):
    return solve(board, ([nuts, air], [catcher]), pot=100, stacks=200, structure="no-limit", bets=(1.0,),
                 raises=(), allin=False, target=target, max_iterations=50_000)


def test_clairvoyance_game() -> None:
    """High only: the catcher (nines) beats air, loses to the nuts, and no low is possible on K Q J 9 2.

    Equilibrium (P = B = 100, half nuts): the nuts bet; air bluffs b = n·B/(P + B) = 1/4 of the hands,
    half of its air; the catcher calls P/(P + B) = 1/2; player 0 wins n·(P + c·B) = 75.
    """
    spot = bluff_spot("Kh Qd Jc 9s 2h", "As Th 3c 4d", "5c 5d 6h 7c", "Kc Kd 8h 8s", 2e-5)
    assert spot.exploitability <= 2e-5
    # the values are within the exploitability of the equilibrium's
    assert spot.values[0] == pytest.approx(75.0, abs=2 * 2e-5 * 100)
    assert spot.values[0] + spot.values[1] == pytest.approx(100.0, abs=1e-9)
    root = spot.strategy(0)
    assert root[0, 1] == pytest.approx(1.0, abs=1e-3)  # the nuts bet
    assert root[1, 1] == pytest.approx(0.5, abs=0.02)  # air bluffs half the time
    call = spot.strategy(spot.nodes[0]["children"][1])
    assert spot.nodes[spot.nodes[0]["children"][1]]["actions"] == ["fold", "call"]
    assert call[0, 1] == pytest.approx(0.5, abs=0.02)


def test_polarised_game_with_a_quartered_low() -> None:
    """The catcher Ac 5c 9s 9h ties the nuts' low (7-5-3-2-A): called, the nuts get 3/4 of the pot.

    Catcher indifferent: α(P + B) + (1 - α)(¼(P + 2B) - B) = 0, so bluffs are α = 1/9 of the bets:
    b = n·α/(1 - α) = 1/16 of the hands, 1/8 of the air. Bluffs indifferent: the catcher calls 1/2.
    Player 0: n·(½(¾·300 - 100) + ½·100) = ½·112.5 = 56.25.
    """
    spot = bluff_spot(QUARTER_BOARD, NUTS, AIR, "Ac 5c 9s 9h", 2e-5)
    assert spot.exploitability <= 2e-5
    assert spot.values[0] == pytest.approx(56.25, abs=2 * 2e-5 * 100)
    root = spot.strategy(0)
    assert root[0, 1] == pytest.approx(1.0, abs=1e-3)
    assert root[1, 1] == pytest.approx(1 / 8, abs=0.02)
    assert spot.strategy(spot.nodes[0]["children"][1])[0, 1] == pytest.approx(0.5, abs=0.02)
    # the quartered showdown itself: the nuts' EV after a call is 3/4 of 300 less the 100 put in
    call = spot.nodes[spot.nodes[0]["children"][1]]["children"][1]
    assert spot.ev(call, 0)[0] == pytest.approx(125.0, abs=1e-9)


# ------------------------------------------------------------------ properties

SUITS_SWAPPED = [c - c % 4 + (3 if c % 4 == 2 else 2 if c % 4 == 3 else c % 4) for c in range(52)]


def test_a_suit_symmetric_spot_gives_mirrored_combos_the_same_strategy() -> None:
    # no heart or spade on the board, ranges closed under swapping hearts and spades
    oop = ["Ah As 3c 4d", "Kh Ks 6c 6d", "Ah 3h 7s 8s", "As 3s 7h 8h", "Qh Jh Qs Js", "Ac Ad 2h 4s", "Ac Ad 2s 4h"]
    ip = ["Qc Qd Jc Td", "2h 4h 6s 9s", "2s 4s 6h 9h", "Jh Th 9c 7c", "Js Ts 9c 7c", "Ah Kh 3d 3c", "As Ks 3d 3c"]
    spot = solve("2c 5d 8c Jd Kc", (oop, ip), pot=100, stacks=300, target=1e-4, max_iterations=400)
    for player in (0, 1):
        combos = spot.combos[player]
        index = {tuple(sorted(row)): i for i, row in enumerate(combos.tolist())}
        mirror = np.array([index[tuple(sorted(SUITS_SWAPPED[c] for c in row))] for row in combos.tolist()])
        assert not np.array_equal(mirror, np.arange(len(combos)))
        ev = spot.ev(0, player)
        np.testing.assert_allclose(ev[mirror], ev, rtol=0, atol=1e-6)
        for node, info in enumerate(spot.nodes):
            if info["kind"] == "player" and info["player"] == player:
                sigma = spot.strategy(node)
                np.testing.assert_allclose(sigma[mirror], sigma, rtol=0, atol=1e-5)


def ranges_of(seed: int, n: int, board: str) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    deck = [c for c in range(52) if c not in set(parse_cards(board).tolist())]
    return random_combos(rng, n, deck, 4), random_combos(rng, n, deck, 4)


def test_exploitability_falls_with_the_iterations() -> None:
    args = ("Ah 7d 4c Ks 2h", ranges_of(1, 40, "Ah 7d 4c Ks 2h"), 100, 400)
    few = solve(*args, target=1e-9, max_iterations=10)
    many = solve(*args, target=1e-9, max_iterations=200)
    assert few.iterations == 10 and many.iterations == 200
    assert many.exploitability < few.exploitability / 4
    assert many.exploitability >= 0.0


def test_values_add_up_to_the_pot_without_rake_and_to_less_with_it() -> None:
    ranges = ranges_of(2, 12, "Ah 7d 4c Ks")
    spot = solve("Ah 7d 4c Ks", ranges, pot=60, stacks=90, target=0.01, max_iterations=10)
    assert sum(spot.values) == pytest.approx(60.0, abs=1e-9)
    raked = solve("Ah 7d 4c Ks", ranges, pot=60, stacks=90, rake=(5, 4), target=0.01, max_iterations=10)
    # every hand ends with a pot of at least 60, raked 5% (3 chips) up to 4
    assert 60 - 4 - 1e-9 <= sum(raked.values) <= 60 - 3 + 1e-9


def test_no_betting_is_the_equity() -> None:
    """Stacks of 0: the value is the pot times the showdown_values share, range against range."""
    from omaha8.solver import showdown_values

    spot = solve("Ah 7d 4c Ks 2h", ("AA, 23", "KK, 45"), pot=100, stacks=0)
    assert spot.nodes[0]["kind"] == "showdown" and spot.iterations == 0 and spot.exploitability == pytest.approx(0)
    share = showdown_values("AA, 23", "KK, 45", "Ah 7d 4c Ks 2h").range_equity()  # a range against a range
    assert spot.values[0] == pytest.approx(100 * share, abs=1e-9)


def test_results_do_not_depend_on_the_threads() -> None:
    args = ("Ah 7d 4c Ks", ranges_of(3, 12, "Ah 7d 4c Ks"), 100, 200)
    one = solve(*args, max_iterations=10, target=1e-9, n_threads=1)
    two = solve(*args, max_iterations=10, target=1e-9, n_threads=2)
    assert one.exploitability == two.exploitability
    np.testing.assert_array_equal(one.strategy(0), two.strategy(0))
