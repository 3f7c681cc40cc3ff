"""The reference evaluator against hand-checked values, counts and properties.

Every expected number here was worked out by hand from the rules (the
reasoning sits next to it), not copied from the evaluator's output.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha8.core import _reference as ref
from omaha8.cards import parse_cards
from omaha8.errors import CardError, CardTypeError, DuplicateCardError, ShapeError


def c(text: str) -> tuple[int, ...]:
    """Card ids of a card string, as plain ints."""
    return tuple(parse_cards(text).tolist())


# ---------------------------------------------------------------- five-card highs

# Classes per category, weakest first: 1277 high card, 2860 pair, 858 two pair,
# 858 trips, 10 straights, 1277 flushes, 156 full houses, 156 quads, 10 straight
# flushes. So the first value of each category is 1, 1278, 4138, 4996, 5854,
# 5864, 7141, 7297, 7453.
HIGH_EXAMPLES = [
    # cards, value, key, why
    ("7c 5d 4h 3s 2c", 1, (0, 5, 3, 2, 1, 0), "weakest hand: 6-5-4-3-2 would be a straight"),
    ("7c 6d 4h 3s 2c", 2, (0, 5, 4, 2, 1, 0), "seven-high: 75432, 76432, 76532, 76542"),
    ("7c 6d 5h 4s 2c", 4, (0, 5, 4, 3, 2, 0), "last seven-high (76543 is a straight)"),
    ("8c 5d 4h 3s 2c", 5, (0, 6, 3, 2, 1, 0), "first eight-high"),
    ("9c 5d 4h 3s 2c", 19, (0, 7, 3, 2, 1, 0), "4 seven-highs + C(6,4)-1 = 14 eight-highs before it"),
    ("Ac Kd Qh Js 9c", 1277, (0, 12, 11, 10, 9, 7), "best high card"),
    ("2c 2d 5h 4s 3c", 1278, (1, 0, 3, 2, 1), "worst pair"),
    ("3c 3d 5h 4s 2c", 1498, (1, 1, 3, 2, 0), "first pair of threes: 1278 + C(12,3)"),
    ("Ac Ad Kh Js 9c", 4126, (1, 12, 11, 9, 7), "AA KJ9: 11 kicker sets above (10 KQx, KJT)"),
    ("Ac Ad Kh Qs Jc", 4137, (1, 12, 11, 10, 9), "best pair"),
    ("3c 3d 2h 2s 4c", 4138, (2, 1, 0, 2), "worst two pair"),
    ("Ac Ad Kh Ks 7c", 4990, (2, 12, 11, 5), "AAKK: kickers 8,9,T,J,Q above the 7"),
    ("Ac Ad Kh Ks Qc", 4995, (2, 12, 11, 10), "best two pair"),
    ("2c 2d 2h 4s 3c", 4996, (3, 0, 2, 1), "worst trips"),
    ("Ac Ad Ah Ks Qc", 5853, (3, 12, 11, 10), "best trips"),
    ("Ah 2c 3d 4s 5s", 5854, (4, 3), "the wheel is the lowest straight"),
    ("6h 2c 3d 4s 5s", 5855, (4, 4), "six-high straight is next"),
    ("Ah Kc Qd Js Ts", 5863, (4, 12), "broadway"),
    ("7h 5h 4h 3h 2h", 5864, (5, 5, 3, 2, 1, 0), "worst flush"),
    ("7h 6h 4h 3h 2h", 5865, (5, 5, 4, 2, 1, 0), "flushes order like high cards"),
    ("Ah Kh Qh Jh 9h", 7140, (5, 12, 11, 10, 9, 7), "best flush"),
    ("2c 2d 2h 3s 3c", 7141, (6, 0, 1), "worst full house"),
    ("3c 3d 3h 2s 2c", 7153, (6, 1, 0), "after the 12 deuces-full"),
    ("Kc Kd Kh As Ac", 7284, (6, 11, 12), "kings full of aces: 11*12 classes below kings full, aces the 12th"),
    ("Ac Ad Ah Ks Kc", 7296, (6, 12, 11), "best full house"),
    ("2c 2d 2h 2s 3c", 7297, (7, 0, 1), "worst quads"),
    ("3c 3d 3h 3s 2c", 7309, (7, 1, 0), "after the 12 deuce quads"),
    ("Ac Ad Ah As Kc", 7452, (7, 12, 11), "best quads"),
    ("5s 4s 3s 2s As", 7453, (8, 3), "steel wheel: lowest straight flush"),
    ("Kh Qh Jh Th 9h", 7461, (8, 11), "king-high straight flush"),
    ("As Ks Qs Js Ts", 7462, (8, 12), "royal flush"),
]


@pytest.mark.parametrize(("cards", "value", "key", "why"), HIGH_EXAMPLES, ids=[e[0] for e in HIGH_EXAMPLES])
def test_high_examples(cards: str, value: int, key: tuple[int, ...], why: str) -> None:
    assert ref.high_key(c(cards)) == key, why
    assert ref.high_value(c(cards)) == value, why
    assert ref.high_key_of_value(value) == key
    assert ref.HIGH_CATEGORIES[ref.high_category(value)] == ref.HIGH_CATEGORIES[key[0]]


def test_high_category_names() -> None:
    assert ref.HIGH_CATEGORIES == (
        "High card",
        "One pair",
        "Two pair",
        "Three of a kind",
        "Straight",
        "Flush",
        "Full house",
        "Four of a kind",
        "Straight flush",
    )


def test_high_classes_per_category() -> None:
    per_category = Counter(ref.high_category(v) for v in range(1, 7463))
    assert [per_category[i] for i in range(9)] == [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]
    # categories occupy contiguous value ranges, in order
    categories = [ref.high_category(v) for v in range(1, 7463)]
    assert categories == sorted(categories)


def test_high_values_round_trip_and_keys_increase() -> None:
    keys = [ref.high_key_of_value(v) for v in range(1, 7463)]
    assert all(a < b for a, b in itertools.pairwise(keys))
    for value in range(1, 7463):
        hand = ref.high_hand_of_value(value)
        assert len(set(hand)) == 5
        assert ref.high_value(hand) == value


def test_suits_do_not_break_ties() -> None:
    assert ref.high_value(c("Ac Kd Qh Js 9c")) == ref.high_value(c("As Kh Qd Jc 9s"))
    assert ref.high_value(c("Tc Td 4h 4s 9c")) == ref.high_value(c("Th Ts 4c 4d 9d"))


@pytest.mark.slow
def test_exhaustive_five_card_counts() -> None:
    # every one of the C(52,5) = 2,598,960 hands, through the same code as high_key
    keys = Counter(map(ref._high_key, itertools.combinations(range(52), 5)))
    assert sum(keys.values()) == 2_598_960
    assert set(keys) == {ref.high_key_of_value(v) for v in range(1, 7463)}
    per_category: Counter[int] = Counter()
    for key, count in keys.items():
        per_category[key[0]] += count
    assert [per_category[i] for i in range(9)] == [
        1_302_540,
        1_098_240,
        123_552,
        54_912,
        10_200,
        5_108,
        3_744,
        624,
        40,
    ]
    lows = Counter(map(ref._low_key, itertools.combinations(range(52), 5)))
    # C(8,5) = 56 low rank sets, each in 4**5 suitings; everything else has no low
    assert lows.pop(None) == 2_598_960 - 56 * 1024
    assert len(lows) == 56
    assert set(lows.values()) == {1024}


# ---------------------------------------------------------------- five-card lows

# All 56 lows from best to worst, written out by hand: by the highest card,
# then the next, and so on (lower is better).
LOWS_BEST_FIRST = """
5432A
6432A 6532A 6542A 6543A 65432
7432A 7532A 7542A 7543A 75432 7632A 7642A 7643A 76432 7652A 7653A 76532 7654A 76542 76543
8432A 8532A 8542A 8543A 85432 8632A 8642A 8643A 86432 8652A 8653A 86532 8654A 86542 86543
8732A 8742A 8743A 87432 8752A 8753A 87532 8754A 87542 87543 8762A 8763A 87632 8764A 87642
87643 8765A 87652 87653 87654
""".split()
SUITS_CYCLE = "cdhsc"


def low_hand(text: str) -> tuple[int, ...]:
    """A hand with the ranks of ``text`` ("7432A") in mixed suits."""
    return c(" ".join(rank + suit for rank, suit in zip(text, SUITS_CYCLE)))


def test_all_56_lows_in_order() -> None:
    assert len(LOWS_BEST_FIRST) == len(set(LOWS_BEST_FIRST)) == 56
    values = [ref.low_value(low_hand(text)) for text in LOWS_BEST_FIRST]
    assert values == list(range(56, 0, -1))
    for value, text in zip(range(56, 0, -1), LOWS_BEST_FIRST):
        assert ref.low_key_of_value(value) == tuple(1 if r == "A" else int(r) for r in text)
        assert ref.low_value(ref.low_hand_of_value(value)) == value


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("7632A", "8432A"),  # any seven beats any eight
        ("76432", "8432A"),
        ("7532A", "7542A"),  # compare from the top: 7-5-3 beats 7-5-4
        ("5432A", "6432A"),
        ("65432", "7432A"),
        ("87653", "87654"),
    ],
)
def test_low_comparisons(better: str, worse: str) -> None:
    better_value, worse_value = ref.low_value(low_hand(better)), ref.low_value(low_hand(worse))
    assert better_value is not None and worse_value is not None
    assert better_value > worse_value


def test_low_landmarks() -> None:
    # 35 eight-lows (C(7,4)) sit at 1..35, 15 seven-lows at 36..50, 5 six-lows at 51..55
    assert ref.low_value(c("8c 4d 3h 2s Ac")) == 35
    assert ref.low_value(c("7c 6d 5h 4s 3c")) == 36
    assert ref.low_value(c("7c 4d 3h 2s Ac")) == 50
    assert ref.low_value(c("7c 5d 3h 2s Ac")) == 49
    assert ref.low_value(c("7c 5d 4h 2s Ac")) == 48
    assert ref.low_value(c("6c 5d 4h 3s 2c")) == 51
    assert ref.low_value(c("5h 4h 3h 2h Ah")) == 56  # a straight flush is still the best low


@pytest.mark.parametrize(
    "cards",
    ["8c 8d 6h 5s 4c", "Ac Ad 2c 3c 4c", "9c 5d 4h 3s 2c", "Kc 5d 4h 3s 2c", "Tc Jd Qh Ks Ac"],
)
def test_no_low(cards: str) -> None:
    assert ref.low_value(c(cards)) is None
    assert ref.low_key(c(cards)) is None


# ---------------------------------------------------------------- Omaha: two and three


def test_two_low_ranks_on_board_means_no_low() -> None:
    assert ref.best_low(c("As 2s 3d 4d"), c("Kc Qh 7d 8s 9c")) == (None, None)
    # three low board cards but only two low ranks
    assert ref.best_low(c("As 2s 3d 4d"), c("7c 7d 8s Kc Qh")) == (None, None)


def test_four_flush_on_board_one_suited_hole_card() -> None:
    # hold'em would make an ace-high flush; Omaha needs two hearts from the hole,
    # so the best is AA with the board's K J 9
    value, cards = ref.best_high(c("Ah Ac 7d 3s"), c("2h 5h 9h Jh Kc"))
    assert ref.high_key_of_value(value) == (1, 12, 11, 9, 7)
    assert value == 4126
    assert cards == c("Ah Ac 9h Jh Kc")
    # with two hearts in the hole: A K of hearts + the three best board hearts J 9 5
    value, cards = ref.best_high(c("Ah Kh 7d 3s"), c("2h 5h 9h Jh Kc"))
    assert ref.high_key_of_value(value) == (5, 12, 11, 9, 7, 3)
    assert cards == c("Ah Kh 5h 9h Jh")


def test_trips_on_board() -> None:
    # AA in the hole + KKK from the board is a full house, kings full of aces
    value, cards = ref.best_high(c("Ac Ad 3h 4s"), c("Kc Kd Kh 7s 2c"))
    assert value == 7284
    assert cards == c("Ac Ad Kc Kd Kh")
    # one seven in the hole: KKK77 would need both sevens from the hole, so
    # the best is KKK with A 7 (trips beat the KK77 two pair)
    value, cards = ref.best_high(c("7d Ad 3h 4s"), c("Kc Kd Kh 7s 2c"))
    assert ref.high_key_of_value(value) == (3, 11, 12, 5)
    assert cards == c("7d Ad Kc Kd Kh")


def test_quads_on_board_cannot_play() -> None:
    value, cards = ref.best_high(c("Ac Kd Qh Js"), c("9c 9d 9h 9s 2c"))
    assert ref.high_key_of_value(value) == (3, 7, 12, 11)
    assert cards == c("Ac Kd 9c 9d 9h")
    # a pocket pair makes nines full of deuces: 7141 + 7 trip ranks * 12 below
    value, cards = ref.best_high(c("2d 2h Ac Kd"), c("9c 9d 9h 9s 2c"))
    assert value == 7225
    assert ref.high_key_of_value(value) == (6, 7, 0)


def test_counterfeited_low() -> None:
    # the board's only low cards are 2 3 4; hole A 2: the deuce pairs the board
    assert ref.best_low(c("Ad 2d Kc Ks"), c("2c 3h 4s Kd Qh")) == (None, None)
    value, cards = ref.best_high(c("Ad 2d Kc Ks"), c("2c 3h 4s Kd Qh"))
    assert ref.high_key_of_value(value) == (3, 11, 10, 2)  # KKK with Q 4, no five for a wheel
    # A 5 instead: a wheel, both ways
    assert ref.best_low(c("Ad 5d Kc Ks"), c("2c 3h 4s Kd Qh")) == (56, c("Ad 5d 2c 3h 4s"))
    assert ref.best_high(c("Ad 5d Kc Ks"), c("2c 3h 4s Kd Qh")) == (5854, c("Ad 5d 2c 3h 4s"))
    # A 2 3 in the hole, board 2 5 7: A-2 is counterfeited, A-3 makes 7-5-3-2-A
    assert ref.best_low(c("Ah 2h 3c Qd"), c("2c 5s 7d Jh Ts")) == (49, c("Ah 3c 2c 5s 7d"))


def test_wheel_is_straight_and_low() -> None:
    hole, board = c("As 2d Kc Kh"), c("3c 4h 5s Jd Qc")
    assert ref.best_high(hole, board) == (5854, c("As 2d 3c 4h 5s"))
    assert ref.best_low(hole, board) == (56, c("As 2d 3c 4h 5s"))
    assert ref.evaluate(hole, board) == (5854, 56)


def test_five_card_holes() -> None:
    # board lows are exactly 5 6 7; hole pairs A2 A3 A4 23 24 34 all make lows,
    # A-2 the best: 7-6-5-2-A, tenth of the seven-lows (50 down to 41)
    hole, board = c("Ac 2d 3h 4s Kc"), c("5c 6d 7h Qs Jd")
    assert ref.best_low(hole, board) == (41, c("Ac 2d 5c 6d 7h"))
    # 3 4 + 5 6 7 is a seven-high straight, the third straight
    assert ref.best_high(hole, board) == (5856, c("3h 4s 5c 6d 7h"))
    # board lows 3 4 6; A2 A7 A8 27 28 78 all qualify, A-2 makes 6-4-3-2-A
    assert ref.best_low(c("Ac 2d 7h 8c Ks"), c("3c 4d 6h Qs Jd")) == (55, c("Ac 2d 3c 4d 6h"))


def test_exactly_two_from_the_hole_for_a_flush() -> None:
    # four spades in the hole and one on the board: no flush, and no straight
    # (A K Q J T would need four hole cards)
    value, cards = ref.best_high(c("As Ks Qs Js"), c("Ts 2c 3d 7h 8h"))
    assert ref.high_key_of_value(value) == (0, 12, 11, 8, 6, 5)
    assert cards == c("As Ks Ts 7h 8h")
    # three hearts in the hole, two on the board: still no flush
    value, _ = ref.best_high(c("Ah Kh 7h 2c"), c("Qh Jh 3c 8d 9s"))
    assert ref.high_key_of_value(value) == (0, 12, 11, 10, 9, 7)


def test_four_aces_in_the_hole() -> None:
    # only two aces can play: AA KK with a 7; the aces pair, so no low
    hole, board = c("Ac Ad Ah As"), c("Kc Kd 7h 5s 2c")
    assert ref.best_high(hole, board) == (4990, c("Ac Ad Kc Kd 7h"))
    assert ref.best_low(hole, board) == (None, None)


def test_flop_and_turn_boards() -> None:
    hole = c("As 2d Kc Kh")
    assert ref.evaluate(hole, c("3c 4h 5s")) == (5854, 56)
    # the turn king gives KKK, still below the wheel straight
    assert ref.evaluate(hole, c("3c 4h 5s Kd")) == (5854, 56)


# ---------------------------------------------------------------- input checks


@pytest.mark.parametrize(
    ("hole", "board", "error", "message"),
    [
        ([51, 51, 0, 1], [4, 8, 12, 16, 20], DuplicateCardError, "card 'As' appears twice in hole"),
        ([51, 50, 0, 1], [4, 8, 12, 16, 4], DuplicateCardError, "card '3c' appears twice in board"),
        ([51, 50, 0, 1], [51, 8, 12, 16, 20], DuplicateCardError, "card 'As' appears in both hole and board"),
        ([51, 50, 0, 52], [4, 8, 12, 16, 20], CardError, r"hole\[3\] = 52 is not a card id"),
        ([51, 50, 0, -1], [4, 8, 12, 16, 20], CardError, r"hole\[3\] = -1 is not a card id"),
        ([51, 50, 0, True], [4, 8, 12, 16, 20], CardTypeError, r"hole\[3\] = True is not a card id"),
        ([51, 50, 0, 1.0], [4, 8, 12, 16, 20], CardTypeError, r"hole\[3\] = 1.0 is not a card id"),
        ("As Ks", [4, 8, 12, 16, 20], CardTypeError, "hole must be a sequence of card ids"),
        (51, [4, 8, 12, 16, 20], CardTypeError, "hole must be a sequence of card ids"),
        ([51], [4, 8, 12, 16, 20], ShapeError, "hole has 1 card; it must have 2 to 5"),
        ([51, 50, 49, 48, 47, 46], [4, 8, 12, 16, 20], ShapeError, "hole has 6 cards"),
        ([51, 50, 0, 1], [4, 8], ShapeError, "board has 2 cards; it must have 3 to 5"),
        ([51, 50, 0, 1], [4, 8, 12, 16, 20, 24], ShapeError, "board has 6 cards"),
    ],
)
def test_bad_input(hole: object, board: object, error: type[Exception], message: str) -> None:
    for function in (ref.best_high, ref.best_low, ref.evaluate):
        with pytest.raises(error, match=message):
            function(hole, board)  # type: ignore[arg-type]


def test_bad_five_cards_and_values() -> None:
    with pytest.raises(ShapeError, match="cards5 has 4 cards"):
        ref.high_value([0, 5, 10, 15])
    with pytest.raises(DuplicateCardError, match="card '2c' appears twice in cards5"):
        ref.low_value([0, 0, 5, 10, 15])
    with pytest.raises(ValueError, match="high_value = 7463 is not a high value"):
        ref.high_key_of_value(7463)
    with pytest.raises(ValueError, match="low_value = 0 is not a low value"):
        ref.low_key_of_value(0)
    with pytest.raises(TypeError):
        ref.high_category("7")  # type: ignore[arg-type]


def test_numpy_input_is_accepted() -> None:
    assert ref.evaluate(parse_cards("As 2d Kc Kh"), parse_cards("3c 4h 5s Jd Qc")) == (5854, 56)


# ---------------------------------------------------------------- properties

deals = st.tuples(st.sampled_from([4, 5]), st.sampled_from([3, 4, 5]), st.permutations(range(52))).map(
    lambda t: (tuple(t[2][: t[0]]), tuple(t[2][t[0] : t[0] + t[1]]))
)


def is_legal_choice(cards: tuple[int, ...], hole: tuple[int, ...], board: tuple[int, ...]) -> bool:
    """Two hole cards then three board cards, each pair in the order given."""
    return cards[:2] in set(itertools.combinations(hole, 2)) and cards[2:] in set(itertools.combinations(board, 3))


@settings(max_examples=150, deadline=None)
@given(deals, st.permutations(range(4)))
def test_suit_permutation_changes_nothing(deal: tuple[tuple[int, ...], tuple[int, ...]], suits: list[int]) -> None:
    hole, board = deal

    def recolour(cards: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(card - card % 4 + suits[card % 4] for card in cards)

    high, high_cards = ref.best_high(hole, board)
    low, low_cards = ref.best_low(hole, board)
    assert ref.best_high(recolour(hole), recolour(board)) == (high, recolour(high_cards))
    assert ref.best_low(recolour(hole), recolour(board)) == (
        low,
        None if low_cards is None else recolour(low_cards),
    )


@settings(max_examples=150, deadline=None)
@given(deals, st.randoms(use_true_random=False))
def test_card_order_changes_no_value(deal: tuple[tuple[int, ...], tuple[int, ...]], random: object) -> None:
    hole, board = deal
    shuffled_hole, shuffled_board = list(hole), list(board)
    random.shuffle(shuffled_hole)  # type: ignore[attr-defined]
    random.shuffle(shuffled_board)  # type: ignore[attr-defined]
    high, high_cards = ref.best_high(hole, board)
    low, low_cards = ref.best_low(hole, board)
    high2, high_cards2 = ref.best_high(shuffled_hole, shuffled_board)
    low2, low_cards2 = ref.best_low(shuffled_hole, shuffled_board)
    assert (high2, low2) == (high, low)
    assert (high, low) == ref.evaluate(shuffled_hole, shuffled_board)
    # the cards returned make the value, follow the 2+3 rule and the order given
    assert ref.high_value(high_cards2) == high
    assert is_legal_choice(high_cards2, tuple(shuffled_hole), tuple(shuffled_board))
    assert set(high_cards) <= set(hole) | set(board)
    if low is None:
        assert low_cards is None and low_cards2 is None
    else:
        assert low_cards2 is not None and ref.low_value(low_cards2) == low
        assert is_legal_choice(low_cards2, tuple(shuffled_hole), tuple(shuffled_board))


@settings(max_examples=100, deadline=None)
@given(deals)
def test_best_is_at_least_every_choice(deal: tuple[tuple[int, ...], tuple[int, ...]]) -> None:
    hole, board = deal
    high, _ = ref.best_high(hole, board)
    low, _ = ref.best_low(hole, board)
    choices = [two + three for two in itertools.combinations(hole, 2) for three in itertools.combinations(board, 3)]
    assert high == max(ref.high_value(hand) for hand in choices)
    lows = [v for v in (ref.low_value(hand) for hand in choices) if v is not None]
    assert low == (max(lows) if lows else None)
    # a low exists only with two distinct low ranks in the hole and three on the board, all different
    low_ranks = {0, 1, 2, 3, 4, 5, 6, 12}  # deuce..eight, ace
    assert (low is not None) == any(
        len({a >> 2, b >> 2, x >> 2, y >> 2, z >> 2}) == 5 and {a >> 2, b >> 2, x >> 2, y >> 2, z >> 2} <= low_ranks
        for a, b in itertools.combinations(hole, 2)
        for x, y, z in itertools.combinations(board, 3)
    )
