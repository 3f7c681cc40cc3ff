"""The batch kernel's fast paths against the reference evaluator.

``omaha8.core._core.evaluate_batch`` scores a row in one pass: the card check
(sums and ORs of card bits), a prepared board (class from two lookups, low
mask, flush suit), the hole pairs, and the flush rule only when the board has
three of a suit and the hole two of it. Each part is checked here against
``omaha8.core._reference`` (every 2-of-hole x 3-of-board hand scored directly) or
against a plain Python rule, on random deals and on the flush edge cases.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from omaha8.core import _core, _reference
from omaha8.cards import parse_cards
from omaha8.core._values import HighCategory, high_category


def kernel(holes: np.ndarray, boards: np.ndarray, n_threads: int = 1, check: bool = True) -> tuple[np.ndarray, np.ndarray, int]:
    holes = np.ascontiguousarray(holes, dtype=np.uint8)
    boards = np.ascontiguousarray(boards, dtype=np.uint8).reshape(-1, 5)
    high = np.empty(len(holes), dtype=np.uint16)
    low = np.empty(len(holes), dtype=np.uint8)
    bad = _core.evaluate_batch(holes, boards, high, low, n_threads, check)
    return high, low, bad


def reference(hole: tuple[int, ...], board: tuple[int, ...]) -> tuple[int, int]:
    high, low = _reference.evaluate(hole, board)
    return high, low or 0


def suited_deal(rng: np.random.Generator, n_hole: int, board_suited: int, hole_suited: int) -> np.ndarray:
    """One deal whose board has ``board_suited`` cards of a random suit and whose hole has ``hole_suited``."""
    suit = int(rng.integers(4))
    of_suit = [c for c in range(52) if c % 4 == suit]
    other = [c for c in range(52) if c % 4 != suit]
    picked = rng.permutation(of_suit)[: board_suited + hole_suited].tolist()
    rest = rng.permutation(other)[: 5 - board_suited + n_hole - hole_suited].tolist()
    board = picked[:board_suited] + rest[: 5 - board_suited]
    hole = picked[board_suited:] + rest[5 - board_suited :]
    # card order within hole and board must not matter
    return np.array(rng.permutation(hole).tolist() + rng.permutation(board).tolist(), dtype=np.uint8)


@pytest.mark.parametrize("n_hole", [4, 5])
def test_random_deals_match_the_reference(n_hole: int) -> None:
    rng = np.random.default_rng(12 + n_hole)
    cards = np.argsort(rng.random((600, 52)), axis=1)[:, : n_hole + 5].astype(np.uint8)
    high, low, bad = kernel(cards[:, :n_hole], cards[:, n_hole:])
    assert bad == -1
    for row in range(len(cards)):
        hole, board = tuple(cards[row, :n_hole].tolist()), tuple(cards[row, n_hole:].tolist())
        assert (int(high[row]), int(low[row])) == reference(hole, board), (hole, board)


@pytest.mark.parametrize("n_hole", [4, 5])
@pytest.mark.parametrize("board_suited", [3, 4, 5])
def test_flush_edge_cases_match_the_reference(n_hole: int, board_suited: int) -> None:
    """Boards with 3, 4 or 5 of a suit against holes with 0..n_hole of it."""
    rng = np.random.default_rng(100 * n_hole + board_suited)
    counts = [hole_suited for hole_suited in range(min(n_hole, 13 - board_suited) + 1) for _ in range(25)]
    deals = np.array([suited_deal(rng, n_hole, board_suited, hole_suited) for hole_suited in counts])
    high, low, bad = kernel(deals[:, :n_hole], deals[:, n_hole:])
    assert bad == -1
    for row, hole_suited in enumerate(counts):
        hole, board = tuple(deals[row, :n_hole].tolist()), tuple(deals[row, n_hole:].tolist())
        assert (int(high[row]), int(low[row])) == reference(hole, board), (hole, board)
        # two suited hole cards always make a flush, so nothing below one is best: the flush path ran
        if hole_suited >= 2:
            assert high_category(int(high[row])) >= HighCategory.FLUSH


# hole, board, category; the values come from the reference, the category is hand-checked
STRAIGHT_FLUSHES = [
    # A-2 of spades with 3-4-5 of spades: the wheel straight flush (five high), also the best low
    ("As 2s Kd Qh", "3s 4s 5s Kc 9h", HighCategory.STRAIGHT_FLUSH),
    # K-Q of hearts with A-J-T of hearts: royal flush
    ("Kh Qh 2c 3d", "Ah Jh Th 4c 5d", HighCategory.STRAIGHT_FLUSH),
    # five spades on the board, 6-7 of spades in the hole: 3-4-5 of the board make a 7-high straight flush
    ("6s 7s Ad Ac", "3s 4s 5s Ks Qs", HighCategory.STRAIGHT_FLUSH),
    # four hole spades, five board spades: the best pair is A-K with Q-J-T (royal)
    ("As Ks 2s 3s", "Qs Js Ts 4s 9s", HighCategory.STRAIGHT_FLUSH),
    # 5-card hole with three spades: 8-9 with 5-6-7 of spades (nine high); 4 of spades in the hole is not used
    ("8s 9s 4s Ad Ac", "5s 6s 7s Kd Kh", HighCategory.STRAIGHT_FLUSH),
    # one spade in the hole: no flush although the board has four spades and the hole makes a straight
    ("As 2d Kd Qh", "3s 4s 5s 6s 9h", HighCategory.STRAIGHT),
    # two spades in the hole, two on the board: no flush
    ("As 2s Kd Qh", "3s 4s 5d 6c 9h", HighCategory.STRAIGHT),
]


@pytest.mark.parametrize(("hole", "board", "category"), STRAIGHT_FLUSHES)
def test_straight_flush_cases(hole: str, board: str, category: HighCategory) -> None:
    h, b = parse_cards(hole), parse_cards(board)
    high, low, bad = kernel(np.array([h]), np.array([b]))
    assert bad == -1
    assert (int(high[0]), int(low[0])) == reference(tuple(h), tuple(b))
    assert high_category(int(high[0])) == category


def test_shared_board_matches_one_board_per_row() -> None:
    rng = np.random.default_rng(7)
    for n_hole in (4, 5):
        for board_suited in (0, 3, 4, 5):
            deck = rng.permutation(52)
            if board_suited:
                spades = [c for c in deck if c % 4 == 0][:board_suited]
                others = [c for c in deck if c % 4 != 0][: 5 - board_suited]
                board = np.array(spades + others, dtype=np.uint8)
            else:
                board = deck[:5].astype(np.uint8)
            rest = np.array([c for c in range(52) if c not in board.tolist()], dtype=np.uint8)
            holes = np.array([rng.permutation(rest)[:n_hole] for _ in range(3000)], dtype=np.uint8)
            shared = kernel(holes, board[None, :])
            per_row = kernel(holes, np.repeat(board[None, :], len(holes), axis=0))
            assert shared[2] == per_row[2] == -1
            assert np.array_equal(shared[0], per_row[0]) and np.array_equal(shared[1], per_row[1])


def test_high_only_and_low_only_match_both() -> None:
    rng = np.random.default_rng(8)
    cards = np.argsort(rng.random((5000, 52)), axis=1)[:, :9].astype(np.uint8)
    holes, boards = cards[:, :4].copy(), cards[:, 4:].copy()
    high, low, _ = kernel(holes, boards)
    high_only = np.empty(len(holes), dtype=np.uint16)
    low_only = np.empty(len(holes), dtype=np.uint8)
    assert _core.evaluate_batch(holes, boards, high_only, None, 1, True) == -1
    assert _core.evaluate_batch(holes, boards, None, low_only, 1, True) == -1
    assert np.array_equal(high, high_only) and np.array_equal(low, low_only)


def first_bad_row(holes: np.ndarray, boards: np.ndarray) -> int:
    """The plain rule: the first row with an id over 51 or a card twice."""
    for row in range(len(holes)):
        cards = holes[row].tolist() + boards[row if len(boards) > 1 else 0].tolist()
        if max(cards) >= 52 or len(set(cards)) != len(cards):
            return row
    return -1


@pytest.mark.parametrize("n_hole", [4, 5])
def test_check_finds_every_bad_card(n_hole: int) -> None:
    """A bad byte (52, 63, 64, 255) or a repeat at every position, alone in a batch of good rows."""
    rng = np.random.default_rng(9 + n_hole)
    width = n_hole + 5
    good = np.argsort(rng.random((3000, 52)), axis=1)[:, :width].astype(np.uint8)
    cases = []
    for col in range(width):
        for byte in (52, 63, 64, 127, 200, 255):
            cases.append((col, None, byte))
        for other in range(width):
            if other != col:
                cases.append((col, other, None))
    for col, other, byte in cases:
        cards = good.copy()
        row = int(rng.integers(len(cards)))
        cards[row, col] = byte if other is None else cards[row, other]
        holes, boards = cards[:, :n_hole], cards[:, n_hole:]
        assert first_bad_row(holes, boards) == row
        for threads in (1, 2):
            assert kernel(holes, boards, threads)[2] == row, (col, other, byte, threads)


def test_check_with_a_shared_board() -> None:
    rng = np.random.default_rng(10)
    board = np.array(parse_cards("As Kd 7h 3c 2s"), dtype=np.uint8)
    rest = np.array([c for c in range(52) if c not in board.tolist()], dtype=np.uint8)
    holes = np.array([rng.permutation(rest)[:4] for _ in range(5000)], dtype=np.uint8)
    assert kernel(holes, board[None, :])[2] == -1
    for bad in (int(board[0]), int(board[4]), 52, 255):
        spoiled = holes.copy()
        spoiled[4321, 2] = bad
        assert first_bad_row(spoiled, board[None, :]) == 4321
        assert kernel(spoiled, board[None, :], 2)[2] == 4321
    repeated = holes.copy()
    repeated[17, 3] = repeated[17, 0]
    assert kernel(repeated, board[None, :])[2] == 17
    # a bad shared board is row 0
    assert kernel(holes, np.array([[51, 51, 1, 2, 3]], dtype=np.uint8))[2] == 0


def test_every_byte_stays_in_range_without_check() -> None:
    """Without the check any bytes give values in range (the tables are never read outside)."""
    rng = np.random.default_rng(11)
    for n_hole in (2, 3, 4, 5):
        holes = rng.integers(0, 256, (20000, n_hole), dtype=np.uint8)
        boards = rng.integers(0, 256, (20000, 5), dtype=np.uint8)
        high, low, bad = kernel(holes, boards, check=False)
        assert bad == -1
        assert high.max() <= 7462 and low.max() <= 56


def test_results_do_not_depend_on_threads_or_block_edges() -> None:
    rng = np.random.default_rng(12)
    for n in (1, 1023, 1024, 1025, 9000, 20481):
        cards = np.argsort(rng.random((n, 52)), axis=1)[:, :9].astype(np.uint8)
        one = kernel(cards[:, :4], cards[:, 4:], 1)
        two = kernel(cards[:, :4], cards[:, 4:], 2)
        assert np.array_equal(one[0], two[0]) and np.array_equal(one[1], two[1]) and one[2] == two[2] == -1


def test_board_class_table_matches_the_sorted_numbering() -> None:
    """BOARD_CLASS_3_2[triple class of r0..r2, pair class of r3, r4] is the class of the sorted multiset."""
    table = _core.table("board_class_3_2").tolist()
    triple_index = _core.table("triple_index").tolist()
    pair_class = (_core.table("pair_offset") // 455).tolist()
    seen = set()
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        want = _core.board_class_of(ranks)
        seen.add(want)
        for order in set(itertools.permutations(ranks)):
            r = order
            got = table[triple_index[r[0] * 169 + r[1] * 13 + r[2]] * 91 + pair_class[r[3] * 13 + r[4]]]
            assert got == want, order
    assert seen == set(range(6188))


def test_three_card_holes_take_the_best_of_their_three_pairs() -> None:
    """A 3-card hole (the kernels take 2..5 cards) scores as the best of its pairs (0,1), (0,2), (1,2)."""
    rng = np.random.default_rng(13)
    cards = np.argsort(rng.random((20000, 52)), axis=1)[:, :8].astype(np.uint8)
    holes, boards = cards[:, :3], cards[:, 3:]
    high, low, bad = kernel(holes, boards)
    assert bad == -1
    pair_values = [kernel(holes[:, list(pair)], boards) for pair in ((0, 1), (0, 2), (1, 2))]
    assert np.array_equal(high, np.max([v[0] for v in pair_values], axis=0))
    assert np.array_equal(low, np.max([v[1] for v in pair_values], axis=0))
    # and the 2-card values are the reference's five-card values of the pair with the best three board cards
    for row in range(200):
        pair, board = cards[row, :2].tolist(), cards[row, 3:].tolist()
        want = max(_reference.high_value(pair + list(t)) for t in itertools.combinations(board, 3))
        assert int(pair_values[0][0][row]) == want
