"""omaha8.solver.showdown_values: the sweeps against the all-pairs twin, omaha8.equity and the rules."""

from __future__ import annotations

from itertools import permutations
from typing import Any

import numpy as np
import pytest

import omaha8
from omaha8.solver import _solver
from omaha8.errors import ArgumentError, ArgumentTypeError, CardError, DuplicateCardError, ShapeError
from omaha8.solver import ShowdownValues, showdown_values
from omaha8.solver._reference import showdown_values_reference

FIELDS = ("share", "high_win", "high_tie", "low_win", "low_tie", "scoop", "weight")


def random_combos(rng: np.random.Generator, n: int, deck: list[int], k: int) -> np.ndarray:
    """``n`` random k-card combos drawn from ``deck`` (repeats allowed across rows)."""
    return np.array([np.sort(rng.choice(deck, k, replace=False)) for _ in range(n)], dtype=np.uint8)


def narrow_deck(rng: np.random.Generator, board: np.ndarray, style: str) -> list[int]:
    """Cards off the board of a few ranks, or of two suits: ranges that block each other heavily."""
    if style == "ranks":
        ranks = rng.choice(13, 5, replace=False)
        cards = [r * 4 + s for r in ranks for s in range(4)]
    else:
        suits = rng.choice(4, 2, replace=False)
        cards = [r * 4 + s for r in range(13) for s in suits]
    return [c for c in cards if c not in set(board.tolist())]


def assert_same(fast: ShowdownValues, slow: ShowdownValues, exact: bool) -> None:
    for name in FIELDS:
        a, b = getattr(fast, name), getattr(slow, name)
        if exact:
            np.testing.assert_array_equal(a, b, err_msg=name)
        else:
            np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-12, err_msg=name)
    np.testing.assert_allclose(fast.ehs2, slow.ehs2, rtol=1e-12, atol=1e-12, err_msg="ehs2")
    if slow.histogram is not None:
        assert fast.histogram is not None
        np.testing.assert_allclose(fast.histogram, slow.histogram, rtol=1e-12, atol=1e-12, err_msg="histogram")
    assert fast.runouts == slow.runouts


# ---------------------------------------------------------------- the card-removal formula


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_inclusion_exclusion_sums_equal_brute_force(k: int) -> None:
    rng = np.random.default_rng(k)
    deck = [0, 1, 2, 3, 17, 18, 40, 50, 51]  # 9 cards: most pairs of combos collide
    opps, hands = random_combos(rng, 60, deck, k), random_combos(rng, 40, deck, k)
    weights = rng.integers(0, 5, len(opps)).astype(np.float64)

    def key(rows: np.ndarray) -> np.ndarray:  # any function of the card set: equal combos, equal keys
        return np.array([(sum(int(c) ** 2 for c in row) // 3) % 5 for row in rows], dtype=np.uint16)

    def group(rows: np.ndarray) -> np.ndarray:
        return np.array([int(row.min()) % 2 for row in rows])

    opp_key, hand_key, opp_group, hand_group = key(opps), key(hands), group(opps), group(hands)
    opp_seq = np.lexsort((opp_key, opp_group)).astype(np.int32)
    hand_seq = np.lexsort((hand_key, hand_group)).astype(np.int32)
    opp_bounds = np.searchsorted(opp_group[opp_seq], [0, 1, 2]).astype(np.int64)
    hand_bounds = np.searchsorted(hand_group[hand_seq], [0, 1, 2]).astype(np.int64)
    less, upto, total = np.zeros(len(hands)), np.zeros(len(hands)), np.zeros(len(hands))
    _solver.sweep(
        opps, weights, opp_seq, opp_key, opp_bounds, hands, hand_seq, hand_key, hand_bounds, less, upto, total, 2
    )
    # with digits: only opponents of a smaller digit count, in the same walk
    opp_digit, hand_digit = rng.integers(0, 3, len(opps)).astype(np.uint8), rng.integers(0, 3, len(hands)).astype(np.uint8)
    below = np.zeros(len(hands))
    _solver.sweep(opps, weights, opp_seq, opp_key, opp_bounds, hands, hand_seq, hand_key, hand_bounds,
                  below, np.zeros(0), np.zeros(0), 1, opp_digit, hand_digit, 3)  # fmt: skip
    sign = (-1) ** k
    for i, hand in enumerate(hands):
        h = set(hand.tolist())
        mates = [j for j in range(len(opps)) if opp_group[j] == hand_group[i]]
        disjoint = [j for j in mates if not h & set(opps[j].tolist())]
        equal = sum(weights[j] for j in mates if set(opps[j].tolist()) == h)
        assert less[i] == sum(weights[j] for j in disjoint if opp_key[j] < hand_key[i])
        assert below[i] == sum(w for j in disjoint if opp_key[j] < hand_key[i] and opp_digit[j] < hand_digit[i]
                               for w in [weights[j]])  # fmt: skip
        # upto and total leave out the (-1)^k term of the opponents equal to the hand
        assert upto[i] + sign * equal == sum(weights[j] for j in disjoint if opp_key[j] <= hand_key[i])
        assert total[i] + sign * equal == sum(weights[j] for j in disjoint)


def test_stable_order_is_a_stable_sort() -> None:
    rng = np.random.default_rng(0)
    keys = rng.integers(0, 300, 1000).astype(np.uint16)
    np.testing.assert_array_equal(_solver.stable_order(keys), np.argsort(keys, kind="stable"))
    seq = rng.permutation(1000)[:400].astype(np.int32)
    np.testing.assert_array_equal(_solver.stable_order(keys, seq), seq[np.argsort(keys[seq], kind="stable")])
    assert _solver.stable_order(keys, np.zeros(0, dtype=np.int32)).shape == (0,)  # an empty sequence stays empty
    with pytest.raises(ValueError, match="is not a row"):
        _solver.stable_order(keys, np.array([1000], dtype=np.int32))


@pytest.mark.parametrize("k", [4, 5])
def test_has_repeats_sees_a_combo_given_twice_in_any_card_order(k: int) -> None:
    from omaha8.ranges.universe import all_hands

    hands = all_hands(k)
    assert not _solver.has_repeats(hands)
    assert _solver.has_repeats(np.concatenate([hands[-5:], hands[-2:-1, ::-1]]))
    assert not _solver.has_repeats(np.zeros((0, k), dtype=np.uint8))
    with pytest.raises(ValueError, match="not a combo"):
        _solver.has_repeats(np.array([[1, 1, 2, 3]], dtype=np.uint8))


def test_kernel_refuses_bad_input() -> None:
    hands = np.array([[0, 1, 2, 3]], dtype=np.uint8)
    seq, key, bounds = np.zeros(1, dtype=np.int32), np.zeros(1, dtype=np.uint16), np.array([0, 1])
    out = np.zeros(1)
    with pytest.raises(ValueError, match="not a combo"):
        _solver.sweep(np.array([[0, 1, 2, 52]], dtype=np.uint8), np.ones(1), seq, key, bounds,
                      hands, seq, key, bounds, out, out, out)  # fmt: skip
    with pytest.raises(ValueError, match="not a combo"):
        _solver.sweep(np.array([[0, 1, 1, 2]], dtype=np.uint8), np.ones(1), seq, key, bounds,
                      hands, seq, key, bounds, out, out, out)  # fmt: skip
    with pytest.raises(ValueError, match="is not a row"):
        _solver.sweep(hands, np.ones(1), np.array([1], dtype=np.int32), key, bounds,
                      hands, seq, key, bounds, out, out, out)  # fmt: skip
    with pytest.raises(ValueError, match="appears twice"):
        _solver.sweep(hands, np.ones(1), seq, key, np.array([0, 1, 1]),
                      hands, np.zeros(2, dtype=np.int32), key, np.array([0, 1, 2]), out, out, out)  # fmt: skip


# ---------------------------------------------------------------- hand-checked


def test_hand_checked_river() -> None:
    # Board Ah 2h 7c Kd Qs.
    # Kh Ks 9c 9d: trip kings, no low.  3c 4c 5d 6d: ace high, low 7-4-3-2-A.
    # Jh Jd 6c 6s: jacks, no low (one low rank).  3d 4d 8c 8s: eights, low 7-4-3-2-A.
    # Kings vs jacks: nobody has a low, kings take the pot: 1. Kings vs 3d4d8c8s: high half only: 1/2.
    # 3c4c5d6d vs jacks: low half: 1/2. vs 3d4d8c8s: ties the low (1/4), loses the high: 1/4.
    v = showdown_values(["Kh Ks 9c 9d", "3c 4c 5d 6d"], ["Jh Jd 6c 6s", "3d 4d 8c 8s"], "Ah 2h 7c Kd Qs")
    assert v.share.tolist() == [(1 + 0.5) / 2, (0.5 + 0.25) / 2]
    assert v.high_win.tolist() == [1.0, 0.0]
    assert v.low_win.tolist() == [0.0, 0.5] and v.low_tie.tolist() == [0.0, 0.5]
    assert v.scoop.tolist() == [0.5, 0.0]
    assert v.weight.tolist() == [2.0, 2.0]
    # weights: 3 on the jacks, 1 on the eights -> kings (3*1 + 1*0.5)/4
    w = showdown_values(["Kh Ks 9c 9d"], ["Jh Jd 6c 6s", "3d 4d 8c 8s"], "Ah 2h 7c Kd Qs", opponent_weights=[3, 1])
    assert w.share.tolist() == [3.5 / 4] and w.weight.tolist() == [4.0]


def test_no_low_board_is_a_high_only_game() -> None:
    # K Q J 9 3: two low ranks on the board, nobody can make a low; the high takes every pot
    board = "Kc Qd Jh 9s 3c"
    rng = np.random.default_rng(5)
    deck = [c for c in range(52) if c not in omaha8.parse_cards(board).tolist()]
    hands, opps = random_combos(rng, 30, deck, 4), random_combos(rng, 40, deck, 4)
    v = showdown_values(hands, opps, board)
    fits = v.weight > 0
    assert np.all(v.low_win[fits] == 0) and np.all(v.low_tie[fits] == 0)
    np.testing.assert_allclose(v.share[fits], v.high_win[fits] + v.high_tie[fits] / 2, rtol=0, atol=1e-15)
    np.testing.assert_array_equal(v.scoop[fits], v.high_win[fits])


# ---------------------------------------------------------------- against the twin


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("k", [4, 5])
def test_river_matches_reference_exactly(seed: int, k: int) -> None:
    rng = np.random.default_rng(100 * k + seed)
    board = rng.permutation(52)[:5].astype(np.uint8)
    deck = narrow_deck(rng, board, "ranks" if seed % 2 else "suits")
    hands, opps = random_combos(rng, 20, deck, k), random_combos(rng, 25, deck, k)
    weights = rng.integers(0, 4, len(opps)).astype(np.float64)  # whole weights: every sum is exact
    fast = showdown_values(hands, opps, board, opponent_weights=weights, bins=7)
    slow = showdown_values_reference(hands, opps, board, opponent_weights=weights, bins=7, exact=True)
    assert_same(fast, slow, exact=True)


@pytest.mark.parametrize("budget", [0, 1 << 30])
@pytest.mark.parametrize("k", [4, 5])
def test_scoop_walks_in_any_base(monkeypatch: pytest.MonkeyPatch, budget: int, k: int) -> None:
    # a tiny table budget splits the low classes bit by bit, a huge one takes them all in one walk
    from omaha8.solver import _board_sums

    monkeypatch.setattr(_board_sums, "_TABLE_BUDGET", budget)
    rng = np.random.default_rng(k)
    board = omaha8.parse_cards("Ah 2d 4c 6s 7h")  # five low ranks: 46 lows are possible
    deck = [c for c in range(52) if c not in board.tolist() and c // 4 in (1, 2, 4, 6, 10, 11)]
    hands, opps = random_combos(rng, 40, deck, k), random_combos(rng, 50, deck, k)
    fast = showdown_values(hands, opps, board)
    slow = showdown_values_reference(hands, opps, board, exact=True)
    assert_same(fast, slow, exact=True)


@pytest.mark.parametrize("seed", range(4))
def test_river_float_weights_medium_ranges(seed: int) -> None:
    rng = np.random.default_rng(seed)
    board = rng.permutation(52)[:5].astype(np.uint8)
    deck = [c for c in range(52) if c not in board.tolist() and (c % 4 < 2 or c // 4 in (0, 1, 2, 12))]
    hands, opps = random_combos(rng, 150, deck, 4), random_combos(rng, 200, deck, 4)
    hw, ow = rng.random(len(hands)), rng.random(len(opps)) * (rng.random(len(opps)) < 0.8)
    fast = showdown_values(hands, opps, board, hand_weights=hw, opponent_weights=ow, bins=10)
    slow = showdown_values_reference(hands, opps, board, hand_weights=hw, opponent_weights=ow, bins=10)
    assert_same(fast, slow, exact=False)
    assert fast.range_equity() == pytest.approx(slow.range_equity(), abs=1e-12)


@pytest.mark.parametrize("k", [4, 5])
def test_turn_matches_reference_exactly(k: int) -> None:
    rng = np.random.default_rng(7 + k)
    board = rng.permutation(52)[:4].astype(np.uint8)
    deck = narrow_deck(rng, board, "suits")
    hands, opps = random_combos(rng, 8, deck, k), random_combos(rng, 10, deck, k)
    weights = rng.integers(1, 4, len(opps)).astype(np.float64)
    dead = [c for c in range(52) if c not in deck and c not in board.tolist()][:3]
    fast = showdown_values(hands, opps, board, opponent_weights=weights, dead=dead, bins=4)
    slow = showdown_values_reference(hands, opps, board, opponent_weights=weights, dead=dead, bins=4, exact=True)
    assert_same(fast, slow, exact=True)


def test_flop_matches_reference() -> None:
    rng = np.random.default_rng(11)
    board = omaha8.parse_cards("Ah 4d 9c")
    deck = narrow_deck(rng, board, "ranks")
    hands, opps = random_combos(rng, 6, deck, 4), random_combos(rng, 8, deck, 4)
    fast = showdown_values(hands, opps, board, bins=5)
    slow = showdown_values_reference(hands, opps, board, bins=5)
    assert_same(fast, slow, exact=False)
    assert fast.runouts == 49 * 48 // 2


@pytest.mark.parametrize("k", [4, 5])
@pytest.mark.parametrize("board", ["Ah 2h 7c Kd Qs", "As 5d 8c Th", "2c 3c 4c"])
def test_single_hands_match_equity(board: str, k: int) -> None:
    rng = np.random.default_rng(len(board) + k)
    used = omaha8.parse_cards(board).tolist()
    for _ in range(4 if len(used) > 3 else 1):
        cards = [int(c) for c in rng.permutation([c for c in range(52) if c not in used])[: 2 * k]]
        hero, villain = cards[:k], cards[k:]
        v = showdown_values([hero], [villain], board)
        e = omaha8.equity([hero, villain], board=board)
        assert v.share[0] == pytest.approx(e.equity[0], abs=1e-12)
        for name in ("high_win", "high_tie", "low_win", "low_tie", "scoop"):
            assert getattr(v, name)[0] == pytest.approx(getattr(e, name)[0], abs=1e-12), name
        assert v.ehs2[0] >= v.share[0] ** 2 - 1e-12  # E[X^2] >= E[X]^2
        assert v.ehs is v.share


# ---------------------------------------------------------------- card removal and empty cases


def test_conflicts_and_empty_ranges() -> None:
    board = "Ah 2h 7c Kd Qs"
    hands = np.array([[0, 4, 8, 12], [1, 5, 9, 13], [48, 44, 40, 36]], dtype=np.uint8)  # 2c3c4c5c 2d3d4d5d AcKcQcJc
    # 2c 3d 8c 9c and 2d 3c 8d 9d: each shares a card with each of the first two hands
    opps = np.array([[0, 5, 24, 28], [1, 4, 25, 29]], dtype=np.uint8)
    v = showdown_values(hands, opps, board)
    assert v.weight.tolist()[:2] == [0.0, 0.0]
    assert np.isnan(v.share[:2]).all() and np.isnan(v.scoop[:2]).all() and np.isnan(v.ehs2[:2]).all()
    assert v.weight[2] == 2.0 and not np.isnan(v.share[2])
    # fractional weights take the counting path: still exactly 0 and NaN, never a rounding crumb
    f = showdown_values(hands, opps, board, opponent_weights=[0.1, 0.7])
    assert f.weight.tolist()[:2] == [0.0, 0.0] and np.isnan(f.share[:2]).all()
    assert f.weight[2] == pytest.approx(0.8, abs=1e-15)

    none = showdown_values(hands, np.zeros((0, 4), dtype=np.uint8), board)
    assert none.weight.tolist() == [0.0, 0.0, 0.0] and np.isnan(none.share).all()
    zero = showdown_values(hands, opps, board, opponent_weights=[0, 0])
    assert zero.weight.tolist() == [0.0, 0.0, 0.0] and np.isnan(zero.share).all()
    empty = showdown_values(np.zeros((0, 4), dtype=np.uint8), opps, board)
    assert len(empty) == 0 and empty.share.shape == (0,)


def test_combos_on_the_board_or_dead_are_left_out() -> None:
    board = "Ah 2h 7c Kd Qs"
    hands = omaha8.parse_card_array(["As 3s Qc Jd", "Ah 3d 4d 5d", "8c 8d 9c 9d"])  # row 1 holds the board's Ah
    opps = omaha8.parse_card_array(["5c 5d 8h 9h", "Ad Kh 3c 4h", "Tc Td Ts 6h"])
    v = showdown_values(hands, opps, board, dead="6h")  # opponent 2 holds the dead 6h
    assert v.weight.tolist() == [2.0, 0.0, 2.0]
    assert np.isnan(v.share[1])
    kept = showdown_values(hands[[0, 2]], opps[:2], board)
    np.testing.assert_array_equal(v.share[[0, 2]], kept.share)


def test_same_range_both_sides_is_fair_and_two_ranges_add_up() -> None:
    rng = np.random.default_rng(3)
    board = omaha8.parse_cards("5h 6h 9d Jc 2s")
    deck = [c for c in range(52) if c not in board.tolist()]
    a, b = random_combos(rng, 300, deck, 4), random_combos(rng, 250, deck, 4)
    wa, wb = rng.random(300), rng.random(250)
    both = showdown_values(a, a, board, hand_weights=wa, opponent_weights=wa)
    assert both.range_equity() == pytest.approx(0.5, abs=1e-12)  # a zero-sum game against itself
    ab = showdown_values(a, b, board, hand_weights=wa, opponent_weights=wb)
    ba = showdown_values(b, a, board, hand_weights=wb, opponent_weights=wa)
    assert ab.range_equity() + ba.range_equity() == pytest.approx(1.0, abs=1e-12)


def test_suits_do_not_matter() -> None:
    rng = np.random.default_rng(9)
    board = rng.permutation(52)[:5].astype(np.uint8)
    deck = [c for c in range(52) if c not in board.tolist()]
    hands, opps = random_combos(rng, 40, deck, 4), random_combos(rng, 50, deck, 4)
    weights = rng.random(50)
    base = showdown_values(hands, opps, board, opponent_weights=weights)
    for perm in list(permutations(range(4)))[1::7]:
        table = np.array([c // 4 * 4 + perm[c % 4] for c in range(52)], dtype=np.uint8)
        moved = showdown_values(table[hands], table[opps], table[board], opponent_weights=weights)
        for name in FIELDS:
            np.testing.assert_allclose(getattr(moved, name), getattr(base, name), rtol=1e-12, atol=1e-12)


def test_threads_do_not_change_results_and_inputs_are_untouched() -> None:
    rng = np.random.default_rng(4)
    board = omaha8.parse_cards("Ah 4d 9c 8h")
    deck = [c for c in range(52) if c not in board.tolist()]
    hands = random_combos(rng, 400, deck, 4)
    weights = rng.random(400)
    before = hands.copy(), weights.copy()
    one = showdown_values(hands, hands, board, opponent_weights=weights, bins=5, n_threads=1)
    two = showdown_values(hands, hands, board, opponent_weights=weights, bins=5, n_threads=2)
    for name in (*FIELDS, "ehs2", "histogram"):
        np.testing.assert_array_equal(getattr(one, name), getattr(two, name), err_msg=name)
    np.testing.assert_array_equal(hands, before[0])
    np.testing.assert_array_equal(weights, before[1])
    river_one = showdown_values(hands, hands, "Ah 4d 9c 8h 2c", opponent_weights=weights, n_threads=1)
    river_two = showdown_values(hands, hands, "Ah 4d 9c 8h 2c", opponent_weights=weights, n_threads=2)
    for name in FIELDS:
        np.testing.assert_array_equal(getattr(river_one, name), getattr(river_two, name), err_msg=name)


# ---------------------------------------------------------------- ranges and errors


class ToyRange:
    """A range object as omaha8.solver sees one: combos(board=, dead=) gives combos and weights."""

    def __init__(self, combos: np.ndarray, weights: np.ndarray) -> None:
        self._combos, self._weights = combos, weights
        self.calls: list[tuple[list[int], list[int]]] = []

    def combos(self, board: Any = None, dead: Any = None) -> tuple[np.ndarray, np.ndarray]:
        self.calls.append((list(board), list(dead)))
        out = np.array([set(row.tolist()).isdisjoint([*board, *dead]) for row in self._combos], dtype=bool)
        return self._combos[out], self._weights[out]


def test_range_objects() -> None:
    rng = np.random.default_rng(2)
    board = omaha8.parse_cards("Ah 2h 7c Kd Qs")
    deck = [c for c in range(52) if c not in board.tolist()]
    combos, weights = random_combos(rng, 30, deck, 4), rng.random(30)
    toy = ToyRange(combos, weights)
    v = showdown_values(toy, toy, board, dead="3c")
    assert toy.calls == [(board.tolist(), [4]), (board.tolist(), [4])]  # 3c is card 4
    kept = np.array([4 not in row for row in combos.tolist()])
    direct = showdown_values(combos[kept], combos[kept], board, hand_weights=weights[kept],
                             opponent_weights=weights[kept], dead="3c")  # fmt: skip
    np.testing.assert_array_equal(v.share, direct.share)
    np.testing.assert_array_equal(v.hand_weight, weights[kept])
    with pytest.raises(ArgumentError, match="opponent_weights must be None when opponents is a range"):
        showdown_values(combos, toy, board, opponent_weights=weights)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"opponent_weights": [1.0, -2.0]}, ArgumentError, r"opponent_weights\[1\] = -2.0 is not a finite weight"),
        ({"opponent_weights": [1.0, float("nan")]}, ArgumentError, r"opponent_weights\[1\] = nan"),
        ({"opponent_weights": [1.0]}, ShapeError, r"opponent_weights must have one weight per combo, shape \(2,\)"),
        ({"hand_weights": [True]}, ArgumentTypeError, "hand_weights must hold numbers, not dtype bool"),
        ({"board": "Ah 2h"}, ShapeError, "board must have 3, 4 or 5 cards, got 2"),
        ({"board": "Ah 2h 7c Kd Qs", "dead": "7c"}, DuplicateCardError, r"card '7c' appears twice: board\[2\] and dead\[0\]"),
        ({"hands": [[51, 50, 49, 49]]}, DuplicateCardError, r"card 'Ad' appears twice in deal 0: hands\[0, 2\] and hands\[0, 3\]"),
        ({"hands": [[51, 50, 49, 60]]}, CardError, r"hands\[0, 3\] = 60 is not a card id"),
        ({"hands": [[51, 50, 49, 48, 47]]}, ShapeError, "hands have 5 cards but opponents have 4"),
        ({"hands": [[51, 50, 49]]}, ShapeError, r"hands must have 4 or 5 cards per combo, got shape \(1, 3\)"),
        ({"bins": 0}, ArgumentError, "bins must be at least 1"),
        ({"n_threads": 0}, ArgumentError, "n_threads must be at least 1"),
    ],
)
def test_errors_name_the_argument(kwargs: dict[str, Any], error: type[Exception], message: str) -> None:
    args: dict[str, Any] = {"board": "Ah 2h 7c Kd Qs", "hands": ["As 3s Qc Jd"], "opponents": ["5c 5d 8h 9h", "Ad Kc Qd Qh"]}
    args.update(kwargs)
    board, hands, opponents = args.pop("board"), args.pop("hands"), args.pop("opponents")
    with pytest.raises(error, match=message):
        showdown_values(hands, opponents, board, **args)


@pytest.mark.slow
def test_every_combo_of_a_narrow_deck_against_the_reference() -> None:
    # every 4-card combo of 14 cards (1,001) against every one: 10^6 pairs, two boards
    for board_text, cards in (("Ah 2h 7c Kd Qs", "2c 3c 4c 5c 6c 8d 9d Td 3s 4s 5s Jh Jc Jd"),
                              ("Kc Qd Jh 9s 3c", "As Ad 2s 2d 4h 5h 6h 7h 8s Tc Th Ts Kd Qc")):  # fmt: skip
        deck = sorted(set(omaha8.parse_cards(cards).tolist()))
        from itertools import combinations

        combos = np.array(list(combinations(deck, 4)), dtype=np.uint8)
        fast = showdown_values(combos, combos, board_text)
        slow = showdown_values_reference(combos, combos, board_text)
        assert_same(fast, slow, exact=False)


def test_range_text_reads_as_omaha8_ranges() -> None:
    from omaha8.ranges import Range

    board = "Ah 7d 4c Ks 2h"
    text = showdown_values("AA@100, KK@50", "AA, 23", board)
    combos, weights = Range("AA@100, KK@50").combos(board=board)
    opp_combos, opp_weights = Range("AA, 23").combos(board=board)
    arrays = showdown_values(combos, opp_combos, board, hand_weights=weights, opponent_weights=opp_weights)
    for name in FIELDS:
        np.testing.assert_array_equal(getattr(text, name), getattr(arrays, name), err_msg=name)
    np.testing.assert_array_equal(text.hand_weight, weights)
    # range text takes its hole size from the other side, or from cards=
    five = np.array([[0, 1, 5, 9, 13]], dtype=np.uint8)
    assert showdown_values("AA", five, board).hands.shape[1] == 5
    aces5 = Range("AA", cards=5).combos(board=board)[0]
    disjoint = ~np.isin(aces5, five[0]).any(axis=1)
    assert showdown_values(five, "AA", board).weight[0] == float(disjoint.sum())
    assert showdown_values("AA", "KK", board, cards=5).hands.shape[1] == 5
    with pytest.raises(ArgumentError, match="cards must be at most 5"):
        showdown_values("AA", "KK", board, cards=6)


def test_row_and_card_order_and_repeated_combos() -> None:
    rng = np.random.default_rng(12)
    board = omaha8.parse_cards("Ah 2h 7c Kd Qs")
    deck = [c for c in range(52) if c not in board.tolist()]
    hands, opps = random_combos(rng, 60, deck, 5), random_combos(rng, 80, deck, 5)
    weights = rng.integers(1, 5, 80).astype(np.float64)
    base = showdown_values(hands, opps, board, opponent_weights=weights)
    # shuffled rows and cards within each row: the same values, row for row
    row_order = rng.permutation(60)
    shuffled = np.array([rng.permutation(row) for row in hands[row_order]], dtype=np.uint8)
    moved = showdown_values(shuffled, opps[::-1], board, opponent_weights=weights[::-1])
    for name in FIELDS:
        np.testing.assert_array_equal(getattr(moved, name), getattr(base, name)[row_order], err_msg=name)
    # an opponent combo listed twice counts like one combo of twice the weight
    doubled = showdown_values(hands, np.concatenate([opps, opps[:10]]), board,
                              opponent_weights=np.concatenate([weights, weights[:10]]))  # fmt: skip
    heavier = weights.copy()
    heavier[:10] *= 2
    again = showdown_values(hands, opps, board, opponent_weights=heavier)
    for name in FIELDS:
        np.testing.assert_array_equal(getattr(doubled, name), getattr(again, name), err_msg=name)
    # the same array on both sides, with a repeated row: each copy still meets the other's cards
    twice = np.concatenate([hands, hands[:5]])
    same = showdown_values(twice, twice, board)
    slow = showdown_values_reference(twice, twice, board)
    assert_same(same, slow, exact=False)


def test_one_array_on_both_sides_with_blocked_rows() -> None:
    rng = np.random.default_rng(13)
    board = rng.permutation(52)[:5].astype(np.uint8)
    combos = random_combos(rng, 70, list(range(52)), 4)  # some rows hold board cards
    assert _holds_board(combos, board).any()
    for weights in (None, rng.integers(0, 3, 70).astype(np.float64)):
        fast = showdown_values(combos, combos, board, hand_weights=weights, opponent_weights=weights)
        slow = showdown_values_reference(combos, combos, board, hand_weights=weights, opponent_weights=weights,
                                         exact=True)  # fmt: skip
        assert_same(fast, slow, exact=True)
        assert np.isnan(fast.share[_holds_board(combos, board)]).all()


def _holds_board(combos: np.ndarray, board: np.ndarray) -> np.ndarray:
    return np.isin(combos, board).any(axis=1)
