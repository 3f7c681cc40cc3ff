"""The fast evaluator: hand-checked cases, the reference oracle, tables, properties."""

from __future__ import annotations

import itertools
import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import omaha8
from omaha8.core import _core, _reference
from omaha8.cards import parse_cards
from omaha8.errors import CardError, CardTypeError, DuplicateCardError, ShapeError
from omaha8.core._values import HighCategory

# Category boundaries follow from the class counts (1277 high cards, 2860
# pairs, 858 two pairs, 858 trips, 10 straights, 1277 flushes, 156 full
# houses, 156 quads, 10 straight flushes): 1277 + 2860 + 858 + 858 = 5853.
WHEEL_STRAIGHT = 5854
BROADWAY = 5863
STEEL_WHEEL = 7453
ROYAL = 7462

# hole, board, high description, low description, high cards, low cards (None = don't check)
HAND_CHECKED = [
    # only two low ranks (7, 6) on the board: nobody has a low
    ("As 2s 3d 4d", "Kh Qh 7c 6d 9s", "High card, ace high", "No low", "As 4d Kh Qh 9s", None),
    # four hearts on board but one heart in the hole: no flush, and no straight with Q-J-T from the hole
    ("Qh Jc Tc 9d", "Ah Kh 7h 4h 2c", "High card, ace high", "No low", "Qh Jc Ah Kh 7h", None),
    # trips on board: the board alone is no full house, two hole cards must play
    ("As Qd Jh 9c", "Kc Kd Kh 7s 2c", "Three of a kind, kings", "No low", None, None),
    # hole A-2 pairs the board's A and 2: only 7 and 8 are left for the board's three -> counterfeited
    ("As 2d Kc Qc", "Ac 2h 7d 8s Ks", "Two pair, aces and kings", "No low", None, None),
    # the wheel is a straight (five high) and the best low at once
    ("As 2d Kc Kh", "3c 4h 5s Jd Qc", "Straight, five high", "5-4-3-2-A low", "As 2d 3c 4h 5s", "As 2d 3c 4h 5s"),
    # 5-card hole with three low pairs to choose from: A-2 makes the best low
    ("As 2d 3c Kh Kd", "4s 5h 8c Qd Jc", "One pair, kings", "8-5-4-2-A low", "Kh Kd Qd Jc 8c", "As 2d 4s 5h 8c"),
    # four hearts in the hole, two on the board: no flush; A-K-Q-J with T-9 is no straight
    ("Ah Kh Qh Jh", "Th 9h 2c 3d 4s", "High card, ace high", "No low", "Ah Kh Th 9h 4s", None),
    # four aces: only two play
    ("As Ad Ah Ac", "Ks Qd Jh 2c 3c", "One pair, aces", "No low", None, None),
    # quads on board: three sevens and the hole's aces
    ("As Ad 2c 3d", "7c 7d 7h 7s Kc", "Full house, sevens full of aces", "No low", "As Ad 7c 7d 7h", None),
    ("As Ks 2d 3d", "Qs Js Ts 4h 5c", "Royal flush", "No low", "As Ks Qs Js Ts", None),
    ("Ah 2h Kc Kd", "3h 4h 5h 9c Tc", "Straight flush, five high", "5-4-3-2-A low", "Ah 2h 3h 4h 5h", "Ah 2h 3h 4h 5h"),
    ("Ac 2c Kd Qs", "4h 6d 8s Jc Td", "High card, ace high", "8-6-4-2-A low", "Ac Kd Jc Td 8s", "Ac 2c 4h 6d 8s"),
    # pair in the hole under a paired board: two pair, not a full house
    ("9c 9d 3s 6s", "Kh Kd 5c Ah 2d", "Two pair, kings and nines", "6-5-3-2-A low", "9c 9d Kh Kd Ah", "3s 6s Ah 5c 2d"),
    # a board straight does not play without two hole cards
    ("Ac Ad Kc Kd", "5h 6s 7d 8c 9h", "One pair, aces", "No low", None, None),
    # 7-6-4-3-2 beats 8-4-3-2-A (highest card first): hole 3-2 with 7-6-4
    ("3c 2d Kh Ks", "7h 6s 4d Qc 8c", "One pair, kings", "7-6-4-3-2 low", "Kh Ks Qc 8c 7h", "3c 2d 7h 6s 4d"),
    # the board's pair cannot give three low ranks: low needs 3 distinct board ranks
    ("Ac 2d Ks Qs", "3h 3s 4c 4d Kh", "Two pair, kings and fours", "No low", "Ks Ac Kh 4c 4d", None),
    # flush from the hole's two suited cards with three board cards of that suit
    # the board offers exactly three low ranks, so 8-7-4 must play with the best two from the hole
    ("Kd 2d Ac 3h", "9d 7d 4d Ts 8h", "Flush, king high", "8-7-4-2-A low", "Kd 2d 9d 7d 4d", "Ac 2d 8h 7d 4d"),
]


@pytest.mark.parametrize("hole, board, high_text, low_text, high_cards, low_cards", HAND_CHECKED)
def test_hand_checked(
    hole: str, board: str, high_text: str, low_text: str, high_cards: str | None, low_cards: str | None
) -> None:
    hand = omaha8.evaluate(hole, board)
    assert hand.high_description == high_text
    assert hand.low_description == low_text
    assert (hand.low is None) == (low_text == "No low") == (hand.low_cards is None)
    if high_cards is not None:
        assert set(hand.high_cards) == set(parse_cards(high_cards).tolist())
    if low_cards is not None:
        assert set(hand.low_cards or ()) == set(parse_cards(low_cards).tolist())
    # exactly two from the hole, three from the board, always
    hole_ids, board_ids = set(parse_cards(hole).tolist()), set(parse_cards(board).tolist())
    for used in (hand.high_cards, hand.low_cards):
        if used is not None:
            assert set(used[:2]) <= hole_ids and set(used[2:]) <= board_ids and len(set(used)) == 5
    assert (hand.high, hand.low) == _reference.evaluate(parse_cards(hole).tolist(), parse_cards(board).tolist())


@pytest.mark.parametrize(
    "hole, board, value",
    [
        ("As Ks 2d 3d", "Qs Js Ts 4h 5c", ROYAL),
        ("Ah 2h Kc Kd", "3h 4h 5h 9c Tc", STEEL_WHEEL),
        ("As 2d Kc Kh", "3c 4h 5s Jd Qc", WHEEL_STRAIGHT),
        ("Ac Kd 2s 2h", "Qh Jc Ts 5d 4c", BROADWAY),
        # the best high card hand, A-K-Q-J-9, is the last of the 1277
        ("Ac Kd 2s 3h", "Qh Jc 9s 5d 4c", 1277),
    ],
)
def test_high_value_boundaries(hole: str, board: str, value: int) -> None:
    assert omaha8.evaluate(hole, board).high == value


def test_low_values_order() -> None:
    low = omaha8.evaluate("Ac 2d Ks Qs", "3h 4c 5d Kh Qh").low
    assert low == 56
    assert omaha8.describe_low(1) == "8-7-6-5-4 low"
    # 7-5-3-2-A beats 7-5-4-2-A
    better = omaha8.evaluate("Ac 2d Ks Qs", "3h 5c 7d Kh Qh").low
    worse = omaha8.evaluate("Ac 2d Ks Qs", "4h 5c 7d Kh Qh").low
    assert better is not None and worse is not None and better > worse


# ---------------------------------------------------------------- oracle


def random_deals(rng: np.random.Generator, n: int, hole_size: int) -> tuple[np.ndarray, np.ndarray]:
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, : hole_size + 5].astype(np.uint8)
    return np.ascontiguousarray(cards[:, :hole_size]), np.ascontiguousarray(cards[:, hole_size:])


def tie_heavy_deals(rng: np.random.Generator, n: int, hole_size: int) -> tuple[np.ndarray, np.ndarray]:
    """Deals from a deck of low cards and aces, full of pairs, wheels and lows."""
    deck = np.array([c for c in range(52) if c >> 2 <= 6 or c >> 2 == 12], dtype=np.uint8)
    order = np.argsort(rng.random((n, deck.size)), axis=1)[:, : hole_size + 5]
    cards = deck[order]
    return np.ascontiguousarray(cards[:, :hole_size]), np.ascontiguousarray(cards[:, hole_size:])


@pytest.mark.slow
@pytest.mark.parametrize("hole_size", [4, 5])
def test_kernels_match_reference_on_100k_random_deals(hole_size: int) -> None:
    rng = np.random.default_rng(20261130 + hole_size)
    holes, boards = random_deals(rng, 100_000, hole_size)
    high, low = omaha8.evaluate_batch(holes, boards)
    for row, (hole, board) in enumerate(zip(holes.tolist(), boards.tolist())):
        ref_high, ref_low = _reference.evaluate(hole, board)
        assert (int(high[row]), int(low[row])) == (ref_high, ref_low or 0), (row, hole, board)


@pytest.mark.parametrize("hole_size", [4, 5])
def test_kernels_match_reference_on_tie_heavy_deals(hole_size: int) -> None:
    rng = np.random.default_rng(77 + hole_size)
    holes, boards = tie_heavy_deals(rng, 5_000, hole_size)
    high, low = omaha8.evaluate_batch(holes, boards)
    for row, (hole, board) in enumerate(zip(holes.tolist(), boards.tolist())):
        assert (int(high[row]), int(low[row])) == _tuple_or_zero(_reference.evaluate(hole, board)), (hole, board)


def _tuple_or_zero(result: tuple[int, int | None]) -> tuple[int, int]:
    return result[0], result[1] or 0


@pytest.mark.parametrize("hole_size", [4, 5])
def test_scalar_cards_are_a_best_combination(hole_size: int) -> None:
    rng = np.random.default_rng(11 + hole_size)
    holes, boards = random_deals(rng, 2_000, hole_size)
    for hole, board in zip(holes.tolist(), boards.tolist()):
        hand = omaha8.evaluate(hole, board)
        assert _reference.high_value(hand.high_cards) == hand.high
        assert set(hand.high_cards[:2]) <= set(hole) and set(hand.high_cards[2:]) <= set(board)
        if hand.low_cards is not None:
            assert _reference.low_value(hand.low_cards) == hand.low
            assert set(hand.low_cards[:2]) <= set(hole) and set(hand.low_cards[2:]) <= set(board)


# ---------------------------------------------------------------- tables


@pytest.fixture(scope="module")
def all_five_card_hands() -> np.ndarray:
    combos = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), 5)), dtype=np.uint8)
    return combos.reshape(-1, 5)


def test_all_2598960_five_card_hands_by_category(all_five_card_hands: np.ndarray) -> None:
    values = np.empty(len(all_five_card_hands), dtype=np.uint16)
    _core.five_card_values(all_five_card_hands, values)
    assert len(values) == 2_598_960
    counts = np.bincount(omaha8.high_categories(values), minlength=9).tolist()
    assert counts == [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
    assert np.array_equal(np.unique(values), np.arange(1, 7463))


def test_every_high_class_matches_reference() -> None:
    # one representative hand per rank multiset (unsuited) and per 5-rank set (suited)
    hands = []
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) <= 4:
            seen: dict[int, int] = {}
            hand = []
            for r in ranks:
                suit = seen.get(r, 0)
                seen[r] = suit + 1
                hand.append(r * 4 + suit)
            if len({c & 3 for c in hand}) == 1:  # five distinct ranks all got suit 0: break the flush
                hand[-1] += 1
            hands.append(hand)
    for ranks in itertools.combinations(range(13), 5):
        hands.append([r * 4 + 2 for r in ranks])
    assert len(hands) == 7462
    cards = np.array(hands, dtype=np.uint8)
    expected = [_reference.high_value(hand) for hand in hands]
    values = np.empty(len(cards), dtype=np.uint16)
    for order in itertools.permutations(range(5)):  # every split into pair + triple scores the same
        _core.five_card_values(np.ascontiguousarray(cards[:, order]), values)
        assert values.tolist() == expected


def test_high_board_table_is_best_over_triples() -> None:
    high_ranks = _core.table("high_ranks").reshape(91, 455)
    high_board = _core.table("high_board").reshape(6188, 91)
    triple_index = _core.table("triple_index")
    classes = set()
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        board_class = _core.board_class_of(ranks[::-1])
        assert board_class == _core.board_class_of(ranks)
        classes.add(board_class)
        triples = [triple_index[a * 169 + b * 13 + c] for a, b, c in itertools.combinations(ranks, 3)]
        assert np.array_equal(high_board[board_class], high_ranks[:, triples].max(axis=1)), ranks
    assert classes == set(range(6188))


def test_low_table_rederived_from_the_rule() -> None:
    # best low over every 2 distinct hole ranks + 3 other board ranks, by superset masks
    low_of_mask = _core.table("low_of_mask")
    expected = np.zeros((256, 256), dtype=np.uint8)
    masks = np.arange(256)
    for pair in itertools.combinations(range(8), 2):
        hole_bits = sum(1 << r for r in pair)
        for triple in itertools.combinations(sorted(set(range(8)) - set(pair)), 3):
            board_bits = sum(1 << r for r in triple)
            value = low_of_mask[hole_bits | board_bits]
            ok = np.outer((masks & hole_bits) == hole_bits, (masks & board_bits) == board_bits)
            np.maximum(expected, np.where(ok, value, 0).astype(np.uint8), out=expected)
    assert np.array_equal(_core.table("low_best").reshape(256, 256), expected)
    assert sorted(low_of_mask[low_of_mask > 0].tolist()) == list(range(1, 57))


def test_low_values_match_reference_for_all_56_lows() -> None:
    for value in range(1, 57):
        ranks = _reference.low_key_of_value(value)
        assert omaha8.describe_low(value) == "-".join("A" if r == 1 else str(r) for r in ranks) + " low"


# ---------------------------------------------------------------- properties

deals = st.lists(st.integers(0, 51), min_size=10, max_size=10, unique=True)


@given(deals, st.permutations(range(4)), st.booleans())
@settings(max_examples=300, deadline=None)
def test_suit_permutation_and_card_order_do_not_matter(cards: list[int], suits: list[int], five: bool) -> None:
    size = 5 if five else 4
    hole, board = cards[:size], cards[size : size + 5]
    base = omaha8.evaluate(hole, board)
    relabel = [(c & ~3) | suits[c & 3] for c in hole], [(c & ~3) | suits[c & 3] for c in board]
    other = omaha8.evaluate(relabel[0][::-1], relabel[1][::-1])
    assert (other.high, other.low) == (base.high, base.low)


@given(deals, st.randoms(use_true_random=False))
@settings(max_examples=200, deadline=None)
def test_batch_equals_scalar(cards: list[int], rnd) -> None:  # type: ignore[no-untyped-def]
    size = rnd.choice([4, 5])
    hole, board = cards[:size], cards[size : size + 5]
    hand = omaha8.evaluate(hole, board)
    high, low = omaha8.evaluate_batch([hole], [board])
    assert (int(high[0]), int(low[0])) == (hand.high, hand.low or 0)


def test_n_threads_and_shared_board_do_not_change_results() -> None:
    rng = np.random.default_rng(3)
    holes, boards = random_deals(rng, 50_001, 4)
    base = omaha8.evaluate_batch(holes, boards, n_threads=1)
    for threads in (2, 3, 7):
        for got, want in zip(omaha8.evaluate_batch(holes, boards, n_threads=threads), base):
            assert np.array_equal(got, want)
    assert np.array_equal(omaha8.evaluate_high_batch(holes, boards), base[0])
    assert np.array_equal(omaha8.evaluate_low_batch(holes, boards), base[1])
    board = np.array([0, 5, 10, 40, 51], dtype=np.uint8)
    holes = holes[~np.isin(holes, board).any(axis=1)]
    shared = omaha8.evaluate_batch(holes, board)
    repeated = omaha8.evaluate_batch(holes, np.tile(board, (len(holes), 1)))
    assert all(np.array_equal(a, b) for a, b in zip(shared, repeated))


def test_input_forms_agree() -> None:
    ids = omaha8.evaluate([51, 47, 0, 4], [49, 45, 41, 8, 12])
    for hole, board in [
        ("As Ks 2c 3c", "Ad Kd Qd 4c 5c"),
        ("asks2c3c", "ad kd qd 4c 5c"),
        (["As", "Ks", "2c", "3c"], ["Ad", "Kd", "Qd", "4c", "5c"]),
        (np.array([51, 47, 0, 4], dtype=np.int64), np.array([49, 45, 41, 8, 12], dtype=np.int16)),
        (bytes([51, 47, 0, 4]), bytes([49, 45, 41, 8, 12])),
    ]:
        assert omaha8.evaluate(hole, board) == ids
    strings = omaha8.evaluate_batch(["As Ks 2c 3c"], "Ad Kd Qd 4c 5c")
    assert (int(strings[0][0]), int(strings[1][0])) == (ids.high, ids.low)


def test_result_is_frozen_and_printable() -> None:
    hand = omaha8.evaluate("As 2d Kc Kh", "3c 4h 5s Jd Qc")
    with pytest.raises(AttributeError):
        hand.high = 1  # type: ignore[misc]
    assert str(hand) == "Straight, five high (As 2d 3c 4h 5s); 5-4-3-2-A low (As 2d 3c 4h 5s)"
    assert hand.high_category is HighCategory.STRAIGHT


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "hole, board, error, message",
    [
        ("As 3s Qc", "Ah Kh 7c 4d 2s", ShapeError, "hole must have 4 or 5 cards, got 3"),
        ("As 3s Qc Jd 2c 3c", "Ah Kh 7c 4d 2s", ShapeError, "hole must have 4 or 5 cards, got 6"),
        ("As 3s Qc Jd", "Ah Kh 7c 4d", ShapeError, "board must have 5 cards, got 4"),
        ("As 3s Qc Jd", "Ah Kh 7c 4d As", DuplicateCardError, "card 'As' appears twice: hole[0] and board[4]"),
        ("As 3s As Jd", "Ah Kh 7c 4d 2s", DuplicateCardError, "card 'As' appears twice: hole[0] and hole[2]"),
        ([51, 52, 1, 2], [3, 4, 5, 6, 7], CardError, "hole[1] = 52 is not a card id"),
        ([51, -1, 1, 2], [3, 4, 5, 6, 7], CardError, "hole[1] = -1 is not a card id"),
        ([True, 1, 2, 3], [4, 5, 6, 7, 8], CardTypeError, "hole[0] = True"),
        ([1.0, 1, 2, 3], [4, 5, 6, 7, 8], CardTypeError, "hole[0] = 1.0"),
        ("As 3s Qc Jx", "Ah Kh 7c 4d 2s", CardError, "'Jx' is not a card"),
        (None, "Ah Kh 7c 4d 2s", CardTypeError, "hole must be a string or a sequence"),
    ],
)
def test_evaluate_bad_input(hole: object, board: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message.replace("[", r"\[").replace("]", r"\]")):
        omaha8.evaluate(hole, board)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "holes, boards, error, message",
    [
        (np.array([[1, 2, 3, 4]]), np.array([5, 6, 7, 8, 300]), CardError, r"boards\[4\] = 300"),
        (np.array([[1, 2, 3, 4], [5, 6, 7, -8]]), np.array([9, 10, 11, 12, 13]), CardError, r"holes\[1, 3\] = -8"),
        (np.array([[1, 2, 3, 4]], np.uint8), np.array([[5, 6, 7, 8, 99]], np.uint8), CardError, r"boards\[0, 4\] = 99"),
        (np.array([[1, 2, 3, 4], [5, 6, 7, 8]]), np.array([9, 10, 11, 12, 8]), DuplicateCardError,
         r"card '4c' appears twice in deal 1: holes\[1, 3\] and boards\[4\]"),
        (np.array([[1, 2, 3, 4], [5, 6, 7, 5]]), np.array([[9, 10, 11, 12, 13]] * 2), DuplicateCardError,
         r"card '3d' appears twice in deal 1: holes\[1, 0\] and holes\[1, 3\]"),
        (np.array([[1, 2, 3, 4.0]]), np.array([5, 6, 7, 8, 9]), CardTypeError, "dtype float64"),
        (np.array([[True, False, True, True]]), np.array([5, 6, 7, 8, 9]), CardTypeError, "dtype bool"),
        (np.array([[1, 2, 3]]), np.array([5, 6, 7, 8, 9]), ShapeError, r"4 or 5 cards per row, got shape \(1, 3\)"),
        (np.array([1, 2, 3, 4]), np.array([5, 6, 7, 8, 9]), ShapeError, "holes must be 2-D"),
        (np.array([[1, 2, 3, 4]]), np.array([5, 6, 7, 8]), ShapeError, "boards must have 5 cards"),
        (np.array([[1, 2, 3, 4]] * 2), np.array([[5, 6, 7, 8, 9]] * 3), ShapeError, "boards has 3 rows"),
        (["As Ks 2c 3c", "Ah Kh"], "Ad Kd Qd 4c 5c", ShapeError, r"holes\[1\] has 2 cards"),
    ],
)
def test_evaluate_batch_bad_input(holes: object, boards: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        omaha8.evaluate_batch(holes, boards)  # type: ignore[arg-type]


def test_n_threads_must_be_positive() -> None:
    holes = np.array([[1, 2, 3, 4]])
    with pytest.raises(ValueError, match="n_threads"):
        omaha8.evaluate_batch(holes, [5, 6, 7, 8, 9], n_threads=0)
    with pytest.raises(TypeError, match="n_threads"):
        omaha8.evaluate_batch(holes, [5, 6, 7, 8, 9], n_threads=1.5)  # type: ignore[arg-type]


def test_unvalidated_garbage_stays_in_range() -> None:
    # validate=False on arbitrary bytes: no crash, no read outside a table, values in range
    rng = np.random.default_rng(9)
    for size in (4, 5):
        holes = rng.integers(0, 256, (20_000, size), dtype=np.uint8)
        boards = rng.integers(0, 256, (20_000, 5), dtype=np.uint8)
        high, low = omaha8.evaluate_batch(holes, boards, validate=False)
        assert high.max() <= 7462 and low.max() <= 56


def test_empty_batch() -> None:
    high, low = omaha8.evaluate_batch(np.zeros((0, 4), dtype=np.uint8), np.zeros((0, 5), dtype=np.uint8))
    assert high.shape == low.shape == (0,)


def test_batch_releases_the_gil() -> None:
    rng = np.random.default_rng(4)
    holes, boards = random_deals(rng, 300_000, 5)
    holes, boards = np.tile(holes, (10, 1)), np.tile(boards, (10, 1))
    started, done = threading.Event(), threading.Event()

    def work() -> None:
        started.set()
        omaha8.evaluate_batch(holes, boards, n_threads=1)
        done.set()

    worker = threading.Thread(target=work)
    worker.start()
    started.wait()
    spins = 0
    while not done.is_set():
        spins += 1
    worker.join()
    # with the GIL held for the whole call this loop could barely run
    assert spins > 10_000


def test_check_deals_without_board_names_the_duplicate() -> None:
    from omaha8.cards._validate import check_deals

    holes = np.array([[1, 2, 3, 4], [5, 6, 7, 5]], dtype=np.uint8)
    with pytest.raises(DuplicateCardError, match=r"card '3d' appears twice in deal 1: holes\[1, 0\] and holes\[1, 3\]"):
        check_deals(holes, np.zeros((2, 0), dtype=np.uint8))
    with pytest.raises(CardError, match=r"holes\[0, 2\] = 60"):
        check_deals(np.array([[1, 2, 60, 4]], dtype=np.uint8), np.zeros((1, 0), dtype=np.uint8))


@pytest.mark.parametrize("shared", [False, True])
def test_the_first_bad_row_is_named_whatever_the_threads(shared: bool) -> None:
    rng = np.random.default_rng(31 + shared)
    holes, boards = random_deals(rng, 40_000, 4)
    if shared:
        boards = np.array([0, 9, 18, 27, 36], dtype=np.uint8)
        holes = np.ascontiguousarray(holes[~np.isin(holes, boards).any(axis=1)])
    for trial in range(20):
        bad_holes = holes.copy()
        rows = np.sort(rng.choice(len(holes), size=3, replace=False))
        for row in rows:
            col = rng.integers(4)
            # a repeated card, a card from the board, or an id past 51
            choice = rng.integers(3)
            other = bad_holes[row, (col + 1) % 4]
            board_card = (boards if shared else boards[row])[rng.integers(5)]
            bad_holes[row, col] = (other, board_card, 52 + rng.integers(200))[choice]
        for threads in (1, 2, 5):
            with pytest.raises((CardError, DuplicateCardError), match=rf"\b{rows[0]}\b"):
                omaha8.evaluate_batch(bad_holes, boards, n_threads=threads)
