"""Equity with ranges in the seats: against exact rationals, hands, Monte Carlo and the joint weights."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

import omaha8
from omaha8.odds import _runs
from omaha8.cards import parse_cards
from omaha8.errors import ArgumentError, ArgumentTypeError, CardError, DuplicateCardError, EquityError, ShapeError
from omaha8.odds._reference import reference_equity
from omaha8.odds._spot import read_spot
from omaha8.errors import RangeEquityError
from omaha8.ranges.ordering import ordering, percent_mask
from omaha8.ranges.universe import all_hands
from omaha8.core._starting_hands import canonical_index

FIELDS = ("equity", "high_win", "high_tie", "low_win", "low_tie", "scoop")


def hands(*texts: str) -> np.ndarray:
    return np.array([parse_cards(t) for t in texts], dtype=np.uint8)


def check_against_reference(seats: list, board: str = "", dead: str = "") -> omaha8.EquityResult:
    """omaha8.odds._equity's exact run equals the Fraction brute force on every field."""
    as_pairs = []
    for seat in seats:
        if isinstance(seat, str):
            as_pairs.append(([parse_cards(seat)], [1.0]))
        elif isinstance(seat, tuple):
            as_pairs.append((seat[0], list(seat[1])))
        else:
            as_pairs.append((seat, [1.0] * len(seat)))
    want = reference_equity(as_pairs, parse_cards(board), parse_cards(dead))
    got = omaha8.equity(seats, board, dead)
    assert got.exact and got.boards == want["deals"]
    for name in FIELDS:
        np.testing.assert_allclose(getattr(got, name), [float(x) for x in want[name]], rtol=0, atol=1e-12,
                                   err_msg=name)
    assert got.no_low == pytest.approx(float(want["no_low"]), abs=1e-12)
    assert np.all(got.std_error == 0)
    return got


# ---------------------------------------------------------------- exact against rationals


def test_reference_hand_checked_river() -> None:
    # board Ac Kc 4h 5s: the aces (wheel, nut low, set... ) against two kings combos, weights 1 and 3.
    # Kc Kh Qs Js holds Kc of the board: only Ks Kd Qh Jh is dealt, so the weights do not matter and the
    # figure is the hand against hand one: 15/16 for the aces (35 rivers scoop, 5 split the high half).
    got = check_against_reference(["As Ad 2c 3d", (hands("Ks Kd Qh Jh", "Kc Kh Qs Js"), [1.0, 3.0])], "Ac Kc 4h 5s")
    assert got.equity.tolist() == [0.9375, 0.0625]
    assert got.boards == 40


@pytest.mark.parametrize(
    "seats, board, dead",
    [
        # overlapping small ranges on the turn, weighted
        ([(hands("As Ad 2c 3d", "Ah Ac 2d 3c", "Ks Kd Qh Jh"), [1.0, 2.0, 0.5]),
          (hands("Ks Kh Qs Js", "As Kd 4c 5c", "7h 8h 9d Td"), [3.0, 1.0, 1.0])], "2h 7c Jd 4s", ""),
        # a fixed hand against a range, with a dead card, on the river
        (["Ah 2h 3c 4c", hands("Kh Qh Js Ts", "Ad Kd 5s 6s", "9h 9s 8d 8c", "2d 3d Ac Kc")],
         "5h 6h 7s Qd Tc", "Jh"),
        # three seats, two of them ranges that share cards
        ([hands("As Ad 2c 3d", "As Kd 2d 3c"), "Ks Kh Qh Jh", hands("Ad 2s 4s 5d", "Ac 2h 4h 5c", "7d 8d 9c 9s")],
         "Ah 6c 8h Tc", ""),
        # 5-card hands
        ([hands("As Ad 2c 3d 4h", "Ks Kd Qh Jh Th"), (hands("Ac Kc 5s 6s 7s", "2h 3h 4d 5d 6c"), [1.0, 4.0])],
         "8c 9c Td 2s", ""),
    ],
)
def test_exact_equals_reference(seats: list, board: str, dead: str) -> None:
    check_against_reference(seats, board, dead)


@pytest.mark.slow
def test_exact_equals_reference_on_a_flop() -> None:
    check_against_reference(
        [(hands("As Ad 2c 3d", "Ks Kd Qh Jh"), [1.0, 2.0]), hands("7h 8h 9d Td", "Ac 2d 4h 5h")], "Ah 6c Kc"
    )


# ---------------------------------------------------------------- ranges of one combo are hands

HAND_SPOTS = [
    (["As Ad 2c 3d", "Ks Kd Qh Jh"], "", ""),
    (["Ah 2h 3c 4c", "Kh Qh Js Ts", "7d 8d 9c 9s"], "2s 5h 6h", ""),
    (["8h 8d 2s 2c", "Ah Kh 3d 4d"], "Qh Jh Th", "9h"),
    (["As Ad 2c 3d 4h", "Ks Kd Qh Jh Th"], "Kc 7d 2h 9s", ""),
]


@pytest.mark.parametrize("holes, board, dead", HAND_SPOTS)
def test_single_combo_ranges_equal_hands(holes: list[str], board: str, dead: str) -> None:
    want = omaha8.equity(holes, board, dead)
    as_ranges = [hands(h) for h in holes]
    got = omaha8.equity(as_ranges, board, dead)
    assert got.exact and got.boards == want.boards
    for name in FIELDS:
        np.testing.assert_allclose(getattr(got, name), getattr(want, name), rtol=0, atol=1e-12, err_msg=name)
    assert got.no_low == pytest.approx(want.no_low, abs=1e-12)
    # one seat a range, the others hands
    mixed = omaha8.equity([as_ranges[0], *holes[1:]], board, dead)
    np.testing.assert_allclose(mixed.equity, want.equity, rtol=0, atol=1e-12)


def test_range_equity_is_the_weighted_mean_of_hand_equities_without_card_clashes() -> None:
    # villain combos that share no card with the hero or the board: equity is their weighted mean
    villains = ["Ks Kd Qh Jh", "7h 8h 9d Td", "Ac 2d 4h 5h"]
    weights = [1.0, 2.0, 5.0]
    board = "Ah 6c Kc 3s"
    per_hand = [omaha8.equity(["As Ad 2c 3d", v], board).equity for v in villains]
    want = sum(w * e for w, e in zip(weights, per_hand)) / sum(weights)
    got = omaha8.equity(["As Ad 2c 3d", (hands(*villains), weights)], board)
    np.testing.assert_allclose(got.equity, want, rtol=0, atol=1e-12)


# ---------------------------------------------------------------- weights act jointly

# Board Kh Qh Jh 2c 7d (no low possible). Seat 0: X = Ah Th 9s 9d (a royal flush, scoops) or
# Y = 3d 4d 5s 6c (king high, loses to any pair). Seat 1: Z = 9s 8c 8d 3c (shares 9s with X) or
# W = Kc Ks 4c 4s. Deals: (X, W) weight wX*wW, (Y, Z) wY*wZ, (Y, W) wY*wW; seat 0 wins the pot only
# with X. With weights 1, 2 | 3, 4: 4 / (4 + 6 + 8) = 2/9 (drawing the seats independently would give 1/3).
JOINT_BOARD = "Kh Qh Jh 2c 7d"
JOINT_SEATS = [(hands("Ah Th 9s 9d", "3d 4d 5s 6c"), [1.0, 2.0]), (hands("9s 8c 8d 3c", "Kc Ks 4c 4s"), [3.0, 4.0])]


def test_joint_weights_exact() -> None:
    got = omaha8.equity(JOINT_SEATS, JOINT_BOARD)
    assert got.exact and got.boards == 3
    assert got.equity[0] == pytest.approx(2 / 9, abs=1e-15)
    assert got.scoop[0] == pytest.approx(2 / 9, abs=1e-15) and got.no_low == 1.0
    want = reference_equity([(s[0], s[1]) for s in JOINT_SEATS], parse_cards(JOINT_BOARD))
    assert want["equity"][0] == Fraction(2, 9)


def test_joint_weights_sampled_within_their_standard_error() -> None:
    got = omaha8.equity(JOINT_SEATS, JOINT_BOARD, samples=200_000, seed=11)
    p = 2 / 9
    binomial = math.sqrt(p * (1 - p) / 200_000)  # the frequency of X among accepted deals
    assert got.std_error[0] == pytest.approx(binomial, rel=0.02)
    assert abs(got.equity[0] - p) < 4 * binomial


def test_weights_honoured_with_a_fixed_hand() -> None:
    # board as above: the royal flush hand is fixed; the range's combos are dealt in proportion 1 : 3,
    # and only Kc Ks 4c 4s ties nothing, so the range's high-win rate is 0 and the hero scoops always;
    # the per-combo frequency shows in a three-way spot: seat 2 holds 9s 8c 8d 3c (beats Y, loses to W)
    hero = "Ah Th 9d 9c"
    villain = (hands("3d 4d 5s 6c", "Kc Ks 4c 4s"), [1.0, 3.0])
    third = "9s 8c 8d 3c"
    exact = omaha8.equity([hero, villain, third], JOINT_BOARD)
    assert exact.equity.tolist() == [1.0, 0.0, 0.0]
    # without the hero: the villain wins (set of kings) exactly when dealt W, 3/4 of the deals
    two = omaha8.equity([villain, third], JOINT_BOARD, samples=100_000, seed=5)
    se = math.sqrt(0.75 * 0.25 / 100_000)
    assert abs(two.equity[0] - 0.75) < 4 * se
    assert omaha8.equity([villain, third], JOINT_BOARD).equity[0] == pytest.approx(0.75, abs=1e-15)


# ---------------------------------------------------------------- Monte Carlo against exact


@pytest.mark.parametrize(
    "seats, board, dead",
    [
        ([(hands("As Ad 2c 3d", "Ah Ac 2d 3c", "Ks Kd Qh Jh"), [1.0, 2.0, 0.5]),
          (hands("Ks Kh Qs Js", "As Kd 4c 5c", "7h 8h 9d Td"), [3.0, 1.0, 1.0])], "2h 7c Jd", ""),
        (["As Ad 2c 3d", all_hands(4)[percent_mask(4, 0, 2)]], "Kh 7c 2s", "Qd 5c"),
        ([all_hands(4)[percent_mask(4, 0, 0.2)], all_hands(4)[percent_mask(4, 50, 50.3)], "Qs Js Td 9d"],
         "Ah 5h 4c 8s", ""),
        ([all_hands(5)[::20_000], "As Ad 2c 3d 4h"], "Kh 7c 2s", "9c"),
    ],
)
def test_monte_carlo_within_four_standard_errors_of_exact(seats: list, board: str, dead: str) -> None:
    exact = omaha8.equity(seats, board, dead)
    assert exact.exact
    sampled = omaha8.equity(seats, board, dead, samples=100_000, seed=21)
    assert not sampled.exact and sampled.boards == 100_000 and sampled.seed == 21
    assert np.all(np.abs(sampled.equity - exact.equity) <= 4 * sampled.std_error)
    assert float(np.sum(sampled.equity)) == pytest.approx(1.0, abs=1e-9)


def test_against_a_random_hand_matches_the_ordering_table() -> None:
    # every 4-card hand, weight 1: equity against one random hand preflop, the ordering's own figure
    table = ordering(4)
    hero = "As Kd 7h 2c"
    place = int(table.rank[int(canonical_index(parse_cards(hero)))])
    got = omaha8.equity([hero, all_hands(4)], samples=200_000, seed=3)
    assert not got.exact and got.boards == 200_000
    both = math.hypot(got.std_error[0], table.std_error[place])
    assert abs(got.equity[0] - table.equity[place]) < 4 * both + 1e-4


# ---------------------------------------------------------------- seeds, threads, the exact rule


def test_threads_and_seeds() -> None:
    seats = ["As Ad 2c 3d", all_hands(4)[percent_mask(4, 0, 10)]]
    one = omaha8.equity(seats, "Kh 7c 2s", samples=30_000, seed=9, n_threads=1)
    two = omaha8.equity(seats, "Kh 7c 2s", samples=30_000, seed=9, n_threads=2)
    for name in (*FIELDS, "std_error"):
        assert np.array_equal(getattr(one, name), getattr(two, name)), name
    other = omaha8.equity(seats, "Kh 7c 2s", samples=30_000, seed=10, n_threads=1)
    assert not np.array_equal(one.equity, other.equity)
    drawn = omaha8.equity(seats, "Kh 7c 2s", samples=5_000)
    assert drawn.seed is not None
    again = omaha8.equity(seats, "Kh 7c 2s", samples=5_000, seed=drawn.seed)
    assert np.array_equal(drawn.equity, again.equity)
    exact1 = omaha8.equity(seats, "Kh 7c 2s 9d", n_threads=1)
    exact2 = omaha8.equity(seats, "Kh 7c 2s 9d", n_threads=2)
    assert np.array_equal(exact1.equity, exact2.equity) and exact1.seed is None


def test_too_much_work_is_sampled() -> None:
    # a hand against every hand before the flop: C(48, 5) boards times 270,725 combos is far too many
    got = omaha8.equity(["As Ad 2c 3d", all_hands(4)], n_threads=1)
    assert not got.exact and got.boards == _runs.DEFAULT_SAMPLES and got.seed is not None
    spot = read_spot(["As Ad 2c 3d", all_hands(4)[percent_mask(4, 0, 10)]], "Kh 7c 2s", "")
    assert spot.work <= _runs.EXACT_WORK
    assert spot.boards == math.comb(52 - 3 - 4, 2)


# ---------------------------------------------------------------- errors


def test_ranges_that_never_fit_together() -> None:
    seats = [hands("As Ad 2c 3d"), hands("As Kd Qh Jh")]
    with pytest.raises(RangeEquityError, match="no deal gives each of the 2 seats"):
        omaha8.equity(seats, "Kh 7c 2s")
    with pytest.raises(RangeEquityError, match="nearly every deal"):
        omaha8.equity(seats, "Kh 7c 2s", samples=10, seed=1)


def test_a_range_emptied_by_the_board_and_the_hands() -> None:
    with pytest.raises(RangeEquityError, match=r"holes\[1\]: no combo of its range is left"):
        omaha8.equity(["As Ad 2c 3d", hands("Kh Kd Qh Jh", "As Kc Qs Js")], "Kh 7c 2s")
    with pytest.raises(RangeEquityError, match=r"holes\[1\]: no combo"):
        omaha8.equity(["As Ad 2c 3d", (hands("Ks Kd Qh Jh"), [0.0])])


@pytest.mark.parametrize(
    "seat, error, text",
    [
        (np.array([[51, 50, 49, 52]]), CardError, r"holes\[1\]\[0, 3\] = 52 is not a card id"),
        (np.array([[51, 50, 49, 51]]), DuplicateCardError, r"holes\[1\]\[0\] holds a card twice"),
        (np.array([[51, 50, 49]]), ShapeError, r"holes\[1\] must be \(combos, 4 or 5 cards\)"),
        ((hands("Ks Kd Qh Jh"), [1.0, 2.0]), ShapeError, "1 combos need 1 weights"),
        ((hands("Ks Kd Qh Jh"), [float("nan")]), RangeEquityError, "weights must be finite"),
        ((hands("Ks Kd Qh Jh"), ["x"]), TypeError, "weights must be numbers"),
        (np.array([[1.0, 2.0, 3.0, 4.0]]), TypeError, "must hold card ids"),
    ],
)
def test_bad_range_seats(seat: object, error: type, text: str) -> None:
    with pytest.raises(error, match=text):
        omaha8.equity(["As Ad 2c 3d", seat])


def test_spot_errors_name_their_argument() -> None:
    ten = all_hands(4)[100_000:100_010]
    # the same order of places as for hands: the seats, then the board, then the dead cards
    with pytest.raises(DuplicateCardError, match=r"card 'Kh' appears twice: holes\[0\]\[0\] and board\[0\]"):
        omaha8.equity(["Kh Ad 2c 3d", ten], "Kh 7c 2s")
    with pytest.raises(ShapeError, match="board must have 0, 3, 4 or 5 cards"):
        omaha8.equity(["As Ad 2c 3d", ten], "Kh 7c")
    with pytest.raises(ShapeError, match="has 5 cards a hand but holes\\[0\\] has 4"):
        omaha8.equity(["As Ad 2c 3d", all_hands(5)[:3]])
    with pytest.raises(ShapeError, match="at least 2 players"):
        omaha8.equity([ten])
    with pytest.raises(ShapeError, match="at most 11 players"):
        omaha8.equity([ten] * 12, samples=10)
    with pytest.raises(omaha8.EquityError, match="samples must be at least 1"):
        omaha8.equity(["As Ad 2c 3d", ten], samples=0)


class FakeRange:
    """The duck type equity() accepts: combos(board, dead) -> (combos, weights)."""

    def __init__(self, combos: np.ndarray, weights: list[float]) -> None:
        self._combos, self._weights = combos, np.array(weights)
        self.calls: list[tuple[list[int], list[int]]] = []

    def combos(self, board: object = None, dead: object = None) -> tuple[np.ndarray, np.ndarray]:
        self.calls.append((list(np.asarray(board)), list(np.asarray(dead))))
        return self._combos, self._weights


def test_objects_with_combos_are_ranges() -> None:
    fake = FakeRange(hands("Ks Kd Qh Jh", "7h 8h 9d Td"), [1.0, 2.0])
    got = omaha8.equity(["As Ad 2c 3d", fake], "Ah 6c Kc 3s", "2s")
    want = omaha8.equity(["As Ad 2c 3d", (hands("Ks Kd Qh Jh", "7h 8h 9d Td"), [1.0, 2.0])], "Ah 6c Kc 3s", "2s")
    assert np.array_equal(got.equity, want.equity)
    assert fake.calls == [(parse_cards("Ah 6c Kc 3s").tolist(), parse_cards("2s").tolist())]


# ---------------------------------------------------------------- range text and Range objects


def test_range_text_and_range_objects_are_the_same_seat() -> None:
    board = "Kh 7c 2s 9d"
    by_text = omaha8.equity(["As Ad 2c 3d", "10%"], board)
    by_object = omaha8.equity(["As Ad 2c 3d", omaha8.Range("10%")], board)
    by_array = omaha8.equity(["As Ad 2c 3d", all_hands(4)[percent_mask(4, 0, 10)]], board)
    assert by_text.exact and np.array_equal(by_text.equity, by_object.equity)
    np.testing.assert_allclose(by_text.equity, by_array.equity, rtol=0, atol=1e-12)


def test_weighted_range_text() -> None:
    # "AsAhKsKh@25, QsQhJsJh@1": two combos, weights 25 and 1 (Range gives them in its own order)
    rng = omaha8.Range("AsAhKsKh@25, QsQhJsJh@1")
    combos, weights = rng.combos()
    got = omaha8.equity(["Ac Ad 2c 3d", "AsAhKsKh@25, QsQhJsJh@1"], "Kd 7c 2s 9d")
    want = check_against_reference(["Ac Ad 2c 3d", (combos, list(weights))], "Kd 7c 2s 9d")
    np.testing.assert_allclose(got.equity, want.equity, rtol=0, atol=1e-12)
    assert sorted(weights.tolist()) == [1.0, 25.0]


def test_star_is_a_random_hand() -> None:
    a = omaha8.equity(["As Ad 2c 3d", "*"], "Kh 7c 2s", samples=20_000, seed=4)
    b = omaha8.equity(["As Ad 2c 3d", all_hands(4)], "Kh 7c 2s", samples=20_000, seed=4)
    assert np.array_equal(a.equity, b.equity)


def test_five_card_text_takes_the_hands_size() -> None:
    got = omaha8.equity(["As Ad 2c 3d 4h", "AA"], "Kh 7c 2s", samples=5_000, seed=1)
    want = omaha8.equity(["As Ad 2c 3d 4h", omaha8.Range("AA", cards=5)], "Kh 7c 2s", samples=5_000, seed=1)
    assert np.array_equal(got.equity, want.equity)


def test_text_errors_name_the_seat() -> None:
    with pytest.raises(omaha8.RangeSyntaxError, match=r"holes\[1\]: expected"):
        omaha8.equity(["As Ad 2c 3d", "AA:(KK"])
    with pytest.raises(omaha8.EmptyRangeError, match=r"holes\[1\]: .* holds no hand without the cards of board"):
        omaha8.equity(["Kc Kd 2c 3d", "AsAh**"], "As Ah 7c")
    # a mistyped hand stays a card error, not the pattern KsKdQhJx
    with pytest.raises(CardError, match=r"holes\[1\]: 'Jx' is not a card"):
        omaha8.equity(["As Ad 2c 3d", "Ks Kd Qh Jx"])


def test_command_line_takes_ranges(capsys) -> None:  # type: ignore[no-untyped-def]
    from omaha8.cli import main

    assert main(["equity", "AA23$ds", "15%", "--board", "Kh 7c 2s", "--samples", "20000", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "AA23$ds" in out and "15%" in out and "sampled (seed 1)" in out
    want = omaha8.equity(["AA23$ds", "15%"], "Kh 7c 2s", samples=20_000, seed=1)
    assert f"{100 * want.equity[0]:.2f}%" in out
    assert main(["equity", "AA", "KK", "--cards", "5", "--samples", "2000", "--seed", "3"]) == 0
    want5 = omaha8.equity([omaha8.Range("AA", cards=5), omaha8.Range("KK", cards=5)], samples=2000, seed=3)
    assert f"{100 * want5.equity[1]:.2f}%" in capsys.readouterr().out
    assert main(["equity", "As Ad 2c 3d", "KK:("]) == 2
    err = capsys.readouterr().err
    assert "holes[1]" in err and "^" in err and "Traceback" not in err


def test_any_hand_seats_follow_the_joint_distribution() -> None:
    # "*" seats get cards dealt from the deck; the same hands with unequal weights go through the
    # combo draw with rejection. Both sample the same distribution; exact on the river for one seat.
    river = "Kh 7c 2s 9d 4h"
    exact = omaha8.equity(["As Ad 2c 3d", all_hands(4)], river)  # every hand: enumerated
    assert exact.exact
    dealt = omaha8.equity(["As Ad 2c 3d", "*"], river, samples=100_000, seed=8)
    assert np.all(np.abs(dealt.equity - exact.equity) <= 4 * dealt.std_error)
    # two random seats against a range: the dealt path against the drawn path
    hands4 = all_hands(4)
    nearly_equal = np.ones(len(hands4))
    nearly_equal[0] = 1.0 + 1e-9  # no longer "every hand, equal weights": drawn by weight instead
    seats_dealt = [omaha8.Range("AA"), "*", "*"]
    seats_drawn = [omaha8.Range("AA"), (hands4, nearly_equal), (hands4, nearly_equal)]
    a = omaha8.equity(seats_dealt, "Kh 7c 2s", samples=60_000, seed=1)
    b = omaha8.equity(seats_drawn, "Kh 7c 2s", samples=60_000, seed=2)
    assert np.all(np.abs(a.equity - b.equity) < 4 * np.hypot(a.std_error, b.std_error))
    assert not np.array_equal(a.equity, b.equity)  # two different samplers, not one path twice


def test_kernel_refuses_spots_it_could_not_deal() -> None:
    # the wrapper always checks; the kernel still never loops forever or reads past a table
    from omaha8.odds import _range_equity_kernel as kernel

    combos = hands("2c 2d 2h 2s", "3c 3d 3h 3s")
    none = np.zeros(0, dtype=np.uint8)
    with pytest.raises(ValueError, match="takes 13 cards from a deck of 6"):
        kernel.RangeSpot(combos, np.array([0, 1, 2]), np.ones(2), none, np.arange(8, 14, dtype=np.uint8),
                         np.array([1, 1], dtype=np.uint8))
    with pytest.raises(ValueError, match="not a card id"):
        kernel.RangeSpot(np.array([[0, 1, 2, 60]], dtype=np.uint8), np.array([0, 1]), np.ones(1), none,
                         np.arange(8, 20, dtype=np.uint8), np.array([0], dtype=np.uint8))
    with pytest.raises(ValueError, match="must be positive"):
        kernel.RangeSpot(combos, np.array([0, 2]), np.array([1.0, 0.0]), none, np.arange(8, 20, dtype=np.uint8),
                         np.array([0], dtype=np.uint8))


def test_progress_and_slices_do_not_change_counts(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    from omaha8._support import _progress

    seats = ["As Ad 2c 3d", all_hands(4)[percent_mask(4, 0, 3)]]
    whole_exact = omaha8.equity(seats, "Kh 7c 2s")
    whole_sampled = omaha8.equity(seats, "Kh 7c 2s", samples=50_000, seed=2)
    monkeypatch.setattr(_progress, "DRAW_AFTER_S", 0.0)
    monkeypatch.setattr(_runs, "_SLICE_WORK", 10_000)  # many kernel calls
    sliced_exact = omaha8.equity(seats, "Kh 7c 2s", progress=True)
    assert "100.0%" in capsys.readouterr().err
    sliced_sampled = omaha8.equity(seats, "Kh 7c 2s", samples=50_000, seed=2, progress=True)
    assert "100.0%" in capsys.readouterr().err
    np.testing.assert_allclose(sliced_exact.equity, whole_exact.equity, rtol=0, atol=1e-12)
    assert sliced_exact.boards == whole_exact.boards
    assert np.array_equal(sliced_sampled.equity, whole_sampled.equity)


def _rename_suits(cards: np.ndarray, perm: list[int]) -> np.ndarray:
    table = np.array([(c & ~3) | perm[c & 3] for c in range(52)], dtype=np.uint8)
    return table[cards]


def test_renaming_suits_and_permuting_seats_change_nothing() -> None:
    # suits never rank, and a seat's figures follow the seat: exact runs, so equal to rounding
    rng = np.random.default_rng(17)
    hero = parse_cards("As Ad 2c 3d")
    villain = all_hands(4)[percent_mask(4, 0, 0.5)]
    other = all_hands(4)[percent_mask(4, 60, 60.2)]
    board = parse_cards("Kh 7c 2s 9d")
    weights = rng.uniform(0.5, 2.0, size=len(villain))
    base = omaha8.equity([hero, (villain, weights), other], board)
    assert base.exact
    for _ in range(2):
        perm = [int(x) for x in rng.permutation(4)]
        renamed = omaha8.equity(
            [_rename_suits(hero, perm), (_rename_suits(villain, perm), weights), _rename_suits(other, perm)],
            _rename_suits(board, perm),
        )
        for name in FIELDS:
            np.testing.assert_allclose(getattr(renamed, name), getattr(base, name), rtol=0, atol=1e-12)
    moved = omaha8.equity([other, hero, (villain, weights)], board)
    for name in FIELDS:
        np.testing.assert_allclose(getattr(moved, name), getattr(base, name)[[2, 0, 1]], rtol=0, atol=1e-12)
    assert moved.boards == base.boards


def test_star_text_lists_every_hand_only_when_exact() -> None:
    # on the river a hand against "*" is enumerated: the same figures as the array of every hand
    river = "Kh 7c 2s 9d 4h"
    by_text = omaha8.equity(["As Ad 2c 3d", "*"], river)
    by_array = omaha8.equity(["As Ad 2c 3d", all_hands(4)], river)
    assert by_text.exact and by_text.boards == math.comb(52 - 5 - 4, 4)
    np.testing.assert_allclose(by_text.equity, by_array.equity, rtol=0, atol=1e-12)
    # 5-card: "*" takes the hero's size and is dealt, never listed
    five = omaha8.equity(["As Ad 2c 3d 4h", "*", "*"], samples=20_000, seed=6)
    assert five.boards == 20_000 and abs(float(five.equity[1] - five.equity[2])) < 4 * math.hypot(*five.std_error[1:])


@pytest.mark.parametrize(
    "kwargs, error, text",
    [
        (dict(samples=0), omaha8.EquityError, "samples must be at least 1, got 0"),
        (dict(samples=2**70), omaha8.EquityError, "samples must be at most"),
        (dict(samples=2.5), TypeError, "samples must be an int"),
        (dict(samples=True), TypeError, "samples must be an int"),
        (dict(samples=10, seed=-1), omaha8.EquityError, r"seed must be in 0 \.\. 2\*\*64 - 1, got -1"),
        (dict(samples=10, seed=2**64), omaha8.EquityError, r"seed must be in 0 \.\. 2\*\*64 - 1, got 1844"),
        (dict(samples=10, seed="7"), TypeError, "seed must be an int"),
    ],
)
def test_bad_run_parameters_with_ranges(kwargs: dict, error: type, text: str) -> None:
    with pytest.raises(error, match=text) as info:
        omaha8.equity(["As Ad 2c 3d", "10%"], "Kh 7c 2s", **kwargs)
    assert isinstance(info.value, omaha8.Omaha8Error)


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    ({"progress": "yes"}, ArgumentTypeError, "progress must be True or False, not str 'yes'"),
    ({"samples": 10, "seed": -1}, EquityError, r"seed must be in 0 \.\. 2\*\*64 - 1, got -1"),
    ({"samples": 10, "seed": 2**64}, EquityError, r"seed must be in 0 \.\. 2\*\*64 - 1, got 18446744073709551616"),
    ({"samples": 0}, EquityError, "samples must be at least 1, got 0"),
    ({"n_threads": 0}, ArgumentError, "n_threads must be at least 1, got 0"),
])
def test_hands_and_ranges_check_the_run_arguments_alike(kwargs: dict[str, object], error: type[Exception],
                                                        message: str) -> None:
    # one argument layer: a seat of hands, a seat of a range and the flop's fast lane refuse the same value alike
    for seats in (["As Ad 2c 3d", "Ks Kd Qh Jh"], ["As Ad 2c 3d", "KK"]):
        with pytest.raises(error, match=message):
            omaha8.equity(seats, "Kh 7c 2s", **kwargs)  # type: ignore[arg-type]
