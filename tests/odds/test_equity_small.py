"""Exact equity on a flop, turn or river: the fast lane and its small kernel against their twins.

``equity`` counts the boards of a spot with 3+ board cards in
``_small_exact.small_exact`` (plain ids or card texts, parsed and checked in C)
or ``_small_exact.small_exact_spot`` (checked arrays): the flop grouped by the
ranks of the two new cards, never listing a board. Their twins here:

* the walk of :class:`omaha8.odds._equity_kernel.EquitySpot`, which settles every board
  (turn and river cards one by one), summed by the general path's result
  builder: bit-identical results on many random spots, flush-heavy ones too;
* the pure-Python reference twin of tests/odds/test_equity_reference.py (every
  board, :mod:`omaha8.core._reference`, Fractions) on random spots;
* hand-checked ties and split lows;
* the general path (numpy arrays in): the same results, and where the fast
  lane does not take an input, the same errors.
"""

from __future__ import annotations

import importlib
import itertools
import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pytest

from omaha8.odds import _equity_kernel as _equity, _small_exact
from omaha8.cards import _ID_OF_TEXT, format_cards, parse_cards
from omaha8.odds._equity import EquityResult, equity, max_players
from omaha8.odds._runs import Counts
from omaha8.errors import (
    ArgumentError,
    ArgumentTypeError,
    CardError,
    CardTypeError,
    DuplicateCardError,
    EquityError,
    ShapeError,
)

Twin = Callable[..., Any]  # the fixtures of conftest.py
Matches = Callable[..., None]

# the module, not the function that omaha8 exports under the same name
equity_module = importlib.import_module("omaha8.odds._equity")

FIELDS = ("equity", "high_win", "high_tie", "low_win", "low_tie", "scoop", "std_error")


def assert_same(a: EquityResult, b: EquityResult) -> None:
    """Bit-identical results."""
    for name in FIELDS:
        got, want = getattr(a, name), getattr(b, name)
        assert got.dtype == want.dtype == np.float64 and np.array_equal(got, want), name
        assert not got.flags.writeable, name
    assert (a.no_low, a.boards, a.exact, a.seed) == (b.no_low, b.boards, b.exact, b.seed)


def walk(holes: Sequence[Sequence[int]], board: Sequence[int], dead: Sequence[int] = ()) -> EquityResult:
    """The same spot settled board by board by EquitySpot's walk, totals as the general path sums them."""
    used = {c for hole in holes for c in hole} | set(board) | set(dead)
    deck = [c for c in range(52) if c not in used]
    known, draw = (list(board[:4]), list(board[4:])) if len(board) == 5 else (list(board), deck)
    spot = _equity.EquitySpot(
        np.array(holes, dtype=np.uint8), np.array(known, dtype=np.uint8), np.array(draw, dtype=np.uint8)
    )
    prefixes, sizes = spot.exact_chunks()
    out = np.zeros((len(prefixes), spot.width), dtype=np.int64)
    spot.exact(prefixes, out, 1)
    totals = [int(x) for x in out.sum(axis=0)]
    return equity_module._result(Counts(totals, totals[-1], None, None), len(holes))  # type: ignore[no-any-return]


def deal(rng: random.Random, players: int, hole_size: int, board_size: int, dead: int,
         deck: list[int] | None = None) -> tuple[list[list[int]], list[int], list[int]]:
    cards = rng.sample(range(52) if deck is None else deck, players * hole_size + board_size + dead)
    holes = [cards[i * hole_size : (i + 1) * hole_size] for i in range(players)]
    board = cards[players * hole_size : players * hole_size + board_size]
    return holes, board, cards[players * hole_size + board_size :]


def random_spot(rng: random.Random, board_size: int) -> tuple[list[list[int]], list[int], list[int]]:
    hole_size = rng.choice((4, 5))
    players = rng.randint(2, max_players(hole_size))
    room = 52 - players * hole_size - board_size - (5 - board_size)
    return deal(rng, players, hole_size, board_size, rng.randint(0, min(room, 8)))


def flush_heavy_spot(rng: random.Random, board_size: int) -> tuple[list[list[int]], list[int], list[int]]:
    # the holes, board and most of the deck from two suits: suited pairs, three- and
    # four-flush boards and straight flushes on many runouts
    suits = rng.sample(range(4), 2)
    pool = [c for c in range(52) if c % 4 in suits]
    hole_size = rng.choice((4, 5))
    players = rng.randint(2, 4)
    holes, board, _ = deal(rng, players, hole_size, board_size, 0, pool)
    used = {c for hole in holes for c in hole} | set(board)
    others = [c for c in range(52) if c not in used and c % 4 not in suits]
    dead = rng.sample(others, rng.randint(0, len(others)))
    return holes, board, dead


# ---------------------------------------------------------------- against the walk


@pytest.mark.parametrize("board_size", [3, 4, 5])
def test_random_spots_equal_the_walk(board_size: int) -> None:
    rng = random.Random(board_size)
    for _ in range(150):
        holes, board, dead = random_spot(rng, board_size)
        assert_same(equity(holes, board, dead), walk(holes, board, dead))


@pytest.mark.parametrize("board_size", [3, 4, 5])
def test_flush_heavy_spots_equal_the_walk(board_size: int) -> None:
    rng = random.Random(10 + board_size)
    for _ in range(150):
        holes, board, dead = flush_heavy_spot(rng, board_size)
        assert_same(equity(holes, board, dead), walk(holes, board, dead))


@pytest.mark.parametrize("players", range(2, 12))
def test_flops_of_every_table_size_equal_the_walk(players: int) -> None:
    # outcomes are tallied by index up to 4 players and in a hashed table above
    rng = random.Random(100 + players)
    for _ in range(25):
        hole_size = 4 if players > max_players(5) else rng.choice((4, 5))
        holes, board, dead = deal(rng, players, hole_size, 3, 0)
        assert_same(equity(holes, board, dead), walk(holes, board, dead))


def test_every_flop_texture_heads_up() -> None:
    # monotone, two-tone and rainbow flops, paired and trips flops, on both hole sizes:
    # every suit pattern of the flop meets hands that hold two of its suits, or none
    rng = random.Random(7)
    flops = [(49, 45, 41), (49, 45, 40), (49, 44, 40), (48, 49, 41), (48, 49, 50), (0, 4, 8), (0, 5, 10)]
    for flop, hole_size in itertools.product(flops, (4, 5)):
        rest = [c for c in range(52) if c not in flop]
        for _ in range(12):
            cards = rng.sample(rest, 2 * hole_size)
            holes = [cards[:hole_size], cards[hole_size:]]
            assert_same(equity(holes, list(flop)), walk(holes, list(flop)))


def test_the_deck_cut_to_few_cards() -> None:
    # dead cards leave 2..6 cards: rank pairs with one card, none, or a single board
    rng = random.Random(3)
    for left in range(2, 7):
        for _ in range(10):
            holes, board, dead = deal(rng, 2, rng.choice((4, 5)), 3, 0)
            used = {c for hole in holes for c in hole} | set(board)
            dead = rng.sample([c for c in range(52) if c not in used], 52 - len(used) - left)
            result = equity(holes, board, dead)
            assert result.boards == left * (left - 1) // 2
            assert_same(result, walk(holes, board, dead))


# ---------------------------------------------------------------- against the reference twin


@pytest.mark.parametrize("seed", range(6))
def test_flop_spots_equal_the_reference_twin(seed: int, twin: Twin,
        assert_matches: Matches) -> None:
    # dead cards keep the twin quick: 16 cards left, 120 boards
    rng = random.Random(500 + seed)
    players = 2 + seed % 3
    hole_size = 4 + seed % 2
    holes, board, dead = deal(rng, players, hole_size, 3, 52 - players * hole_size - 3 - 16)
    assert_matches(equity(holes, board, dead), twin(holes, board, dead))


@pytest.mark.parametrize("seed", range(8))
def test_turn_and_river_spots_equal_the_reference_twin(seed: int, twin: Twin,
        assert_matches: Matches) -> None:
    rng = random.Random(600 + seed)
    holes, board, dead = random_spot(rng, 4 + seed % 2)
    assert_matches(equity(holes, board, dead), twin(holes, board, dead))


def test_flush_heavy_flops_equal_the_reference_twin(twin: Twin,
        assert_matches: Matches) -> None:
    rng = random.Random(700)
    for _ in range(4):
        holes, board, dead = flush_heavy_spot(rng, 3)
        used = {c for hole in holes for c in hole} | set(board) | set(dead)
        left = [c for c in range(52) if c not in used]
        dead = dead + left[14:]  # 14 cards left, 91 boards, still mostly of the two suits
        assert_matches(equity(holes, board, dead), twin(holes, board, dead))


# ---------------------------------------------------------------- worked by hand


def test_river_with_a_shared_low_and_a_lone_high() -> None:
    # Board 2c 3d 4h Ks Qd. Seat 1's 5d 6s make a six-high straight (2-3-4-5-6), the
    # best high; seat 0's A5 make only the wheel (5-high straight). Both make the
    # wheel low A-2-3-4-5 with A5 (seat 1's 6 is no part of a better low), so they
    # quarter the low: seat 1 wins 1/2 + 1/4, seat 0 1/4. Seat 2 (KK 99: trip
    # kings, no low) wins nothing. Nobody scoops: seat 1 shares the low.
    r = equity(["Ac 5c Jh Jd", "Ad 5d 6s 7s", "Kh Kc 9s 9h"], "2c 3d 4h Ks Qd")
    assert r.boards == 1 and r.no_low == 0
    assert r.equity.tolist() == [0.25, 0.75, 0.0]
    assert r.high_win.tolist() == [0, 1, 0] and r.high_tie.tolist() == [0, 0, 0]
    assert r.low_win.tolist() == [0, 0, 0] and r.low_tie.tolist() == [1, 1, 0]
    assert r.scoop.tolist() == [0, 0, 0]


def test_turn_with_the_same_hands_in_other_suits() -> None:
    # The seats hold the same ranks (A 2 9 T) and no flush can come: the four
    # board cards are of four suits, so a river makes two of a suit at most.
    # Every river is a tie for the high and for the low alike: each seat gets
    # 1/2 of every pot, wins nothing alone and scoops nothing. 52 - 8 - 4 rivers.
    holes = ["Ac 2d 9h Ts", "Ad 2c 9s Th"]
    r = equity(holes, "3h 4s 5c Kd")
    assert r.boards == 52 - 8 - 4
    assert r.equity.tolist() == [0.5, 0.5]
    assert r.high_win.tolist() == [0, 0] and r.high_tie.tolist() == [1, 1]
    assert r.scoop.tolist() == [0, 0]
    # A-2 with 3-4-5 is a wheel low for both on every river: always a low, always tied
    assert r.no_low == 0 and r.low_tie.tolist() == [1, 1]


def test_flop_with_no_low_possible() -> None:
    # K-Q-J flop: no board can hold three low ranks, so no runout has a low and
    # each board's whole pot goes to the high. C(52 - 8 - 3, 2) = 820 runouts.
    holes = ["As Ad 2c 3d", "Ks Kd Qh Jh"]
    r = equity(holes, "Kc Qd Jc")
    assert r.no_low == 1 and r.boards == 41 * 40 // 2
    assert r.low_win.tolist() == [0, 0] and r.low_tie.tolist() == [0, 0]
    assert r.scoop.tolist() == r.high_win.tolist()


# ---------------------------------------------------------------- every form, one answer


FORMS: dict[str, Callable[[Any, Any, Any], tuple[Any, Any, Any]]] = {
    "ids in tuples": lambda hands, board, dead: ([tuple(h) for h in hands], tuple(board), tuple(dead)),
    "ids in lists": lambda hands, board, dead: ([list(h) for h in hands], list(board), list(dead)),
    "texts": lambda hands, board, dead: ([format_cards(h) for h in hands], format_cards(board), format_cards(dead)),
    "lists of names": lambda hands, board, dead: (
        [format_cards(h).split() for h in hands], format_cards(board).split(), format_cards(dead).split()
    ),
    "numpy ints": lambda hands, board, dead: (
        [[np.int64(c) for c in h] for h in hands], [np.uint8(c) for c in board], [np.int32(c) for c in dead]
    ),
    "arrays": lambda hands, board, dead: (
        np.array(hands, dtype=np.uint8), np.array(board, dtype=np.int16), np.array(dead, dtype=np.uint8)
    ),
    "texts without spaces": lambda hands, board, dead: (
        tuple(format_cards(h, sep="") for h in hands), format_cards(board, sep=","), format_cards(dead, sep=";")
    ),
}


@pytest.mark.parametrize("form", sorted(FORMS))
def test_every_form_gives_the_same_result(form: str) -> None:
    rng = random.Random(11)
    for board_size in (3, 4, 5):
        for _ in range(10):
            holes, board, dead = random_spot(rng, board_size)
            given = FORMS[form](holes, board, dead)
            assert_same(equity(*given), walk(holes, board, dead))


def test_progress_on_a_small_run_draws_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    r = equity([(51, 47, 0, 4), (50, 46, 1, 5)], (49, 45, 41), progress=True)
    assert r.boards == 41 * 40 // 2 and capsys.readouterr().err == ""


def test_the_small_kernel_refuses_what_it_cannot_hold() -> None:
    holes = np.array([[51, 47, 0, 4], [50, 46, 1, 5]], dtype=np.uint8)
    with pytest.raises(ValueError, match="bad board"):
        _small_exact.small_exact_spot(holes, np.array([49, 45], dtype=np.uint8), np.arange(6, 20, dtype=np.uint8))
    with pytest.raises(ValueError, match="ascending"):
        _small_exact.small_exact_spot(holes, np.array([49, 45, 41], dtype=np.uint8), np.array([7, 6], dtype=np.uint8))
    with pytest.raises(ValueError, match="holes must be"):
        _small_exact.small_exact_spot(np.zeros((12, 4), dtype=np.uint8), np.array([49, 45, 41], dtype=np.uint8),
                                      np.array([6, 7], dtype=np.uint8))


# ---------------------------------------------------------------- what the fast lane leaves to the general path


def general_error(holes: Any, board: Any, dead: Any = (), **options: Any) -> tuple[type, str]:
    """The error of the general path: the same spot with the holes as a generator, which the fast lane never takes."""
    try:
        equity((hand for hand in holes), board, dead, **options)
    except Exception as exc:  # the type and message are what the test compares
        return type(exc), str(exc)
    raise AssertionError("the general path took the spot")


class Card(int):
    """An int subclass: a card id to parse_cards, not a plain int to the fast lane."""


class CardArray(np.ndarray):  # type: ignore[type-arg,unused-ignore]
    """An ndarray subclass: card ids to parse_cards, not a plain array to the fast lane."""


BAD_SPOTS = [
    ([(51, 47, 0, 4), (51, 46, 1, 5)], (49, 45, 41), (), DuplicateCardError),  # As twice
    ([(51, 47, 0, 4), (50, 46, 1, 5)], (49, 45, 41), (47,), DuplicateCardError),  # dead Ks is held
    ([(51, 47, 0, 4), (50, 46, 1, 5)], (49, 45, 49), (), DuplicateCardError),
    ([(51, 47, 0, 4), "Ah Kh 2d As"], "Ad Kd Jd", (), DuplicateCardError),
    ([(51, 47, 0, True), (50, 46, 1, 5)], (49, 45, 41), (), CardTypeError),
    ([(51, 47, 0, 4), (50, 46, 1, 52)], (49, 45, 41), (), CardError),
    ([(51, 47, 0, 4), (50, 46, 1, -1)], (49, 45, 41), (), CardError),
    ([(51, 47, 0, 4), (50, 46, 1, 2**70)], (49, 45, 41), (), CardError),
    ([(51, 47, 0, 4), (50, 46, 1, 5.0)], (49, 45, 41), (), CardTypeError),
    ([(51, 47, 0, 4), (50, 46, 1, "5")], (49, 45, 41), (), CardTypeError),
    ([(51, 47, 0, 4), (50, 46, 1, 5, 9)], (49, 45, 41), (), ShapeError),
    ([(51, 47, 0), (50, 46, 1)], (49, 45, 41), (), ShapeError),
    ([(51, 47, 0, 4, 8, 12), (50, 46, 1, 5, 9, 13)], (49, 45, 41), (), ShapeError),
    ([(51, 47, 0, 4)], (49, 45, 41), (), ShapeError),
    ([(51, 47, 0, 4), (50, 46, 1, 5)], (49, 45), (), ShapeError),
    ([(51, 47, 0, 4), (50, 46, 1, 5)], (49, 45, 41, 37, 33, 29), (), ShapeError),
    ([(51, 47, 0, 4), (50, 46, 1, 5)], "Ad Kd Jx", (), CardError),
    ([(51, 47, 0, 4), (50, 46, 1, 5)], "Ad Kd Jd", "Zz", CardError),
    # one card left for a flop's two
    ([(51, 47, 0, 4), (50, 46, 1, 5)], (49, 45, 41), (2, 3, *range(7, 41), 42, 43, 44, 48), ShapeError),
    ([tuple(range(4 * i, 4 * i + 4)) for i in range(12)], (48, 49, 50), (), ShapeError),  # 12 players
    ([(51, 47, 0, 4), (50, 46, 1, 5)], "Ad Kd " + "Jd " * 40, (), ShapeError),  # a long text
    ([(51, 47, 0, 4), (50, 46, 1, 5)], (49, 45, 41), {37}, CardTypeError),
]


@pytest.mark.parametrize("holes, board, dead, kind", BAD_SPOTS)
def test_the_fast_lane_refuses_as_the_general_path_does(holes: Any, board: Any, dead: Any, kind: type) -> None:
    assert _small_exact.small_exact(holes, board, dead, _ID_OF_TEXT) is None
    want = general_error(holes, board, dead)
    assert want[0] is kind
    with pytest.raises(kind) as caught:
        equity(holes, board, dead)
    assert (type(caught.value), str(caught.value)) == want


ARRAYS = np.array([[51, 47, 0, 4], [50, 46, 1, 5]], dtype=np.uint8), np.array([49, 45, 41], dtype=np.uint8)
BAD_ARRAYS = [
    (ARRAYS[0].astype(bool), ARRAYS[1], CardTypeError),
    (ARRAYS[0].astype(float), ARRAYS[1], CardTypeError),
    (ARRAYS[0], ARRAYS[1].astype(float), CardTypeError),
    (ARRAYS[0], ARRAYS[1][None, :], CardTypeError),
    (ARRAYS[0] + 200, ARRAYS[1], CardError),
    (ARRAYS[0].astype(np.int8) - 60, ARRAYS[1], CardError),
    (ARRAYS[0].astype(np.uint64) + 2**63, ARRAYS[1], CardError),
    (ARRAYS[0][None], ARRAYS[1], ShapeError),
    (ARRAYS[0][:, :3], ARRAYS[1], ShapeError),
    (np.array([[51, 47, 0, 4], [51, 46, 1, 5]]), ARRAYS[1], DuplicateCardError),
]


@pytest.mark.parametrize("holes, board, kind", BAD_ARRAYS)
def test_the_fast_lane_leaves_odd_arrays_to_the_general_path(holes: Any, board: Any, kind: type) -> None:
    assert _small_exact.small_exact(holes, board, (), _ID_OF_TEXT) is None
    with pytest.raises(kind):
        equity(holes, board)


def test_subclasses_and_odd_containers_take_the_general_path() -> None:
    holes = [(Card(51), 47, 0, 4), (50, 46, 1, 5)]
    assert _small_exact.small_exact(holes, (49, 45, 41), (), _ID_OF_TEXT) is None
    assert_same(equity(holes, (49, 45, 41)), walk([[51, 47, 0, 4], [50, 46, 1, 5]], [49, 45, 41]))
    arrays = ARRAYS[0].view(CardArray), ARRAYS[1].view(CardArray)
    assert _small_exact.small_exact(*arrays, (), _ID_OF_TEXT) is None
    assert_same(equity(*arrays), walk(ARRAYS[0].tolist(), ARRAYS[1].tolist()))
    assert _small_exact.small_exact(((51, 47, 0, 4), (50, 46, 1, 5)), (49, 45, 41), (), _ID_OF_TEXT) is not None
    assert _small_exact.small_exact([(51, 47, 0, 4), (50, 46, 1, 5)], (49, 45, 41), (), _ID_OF_TEXT) is not None
    for odd in (iter([(51, 47, 0, 4), (50, 46, 1, 5)]), {0: (51, 47, 0, 4), 1: (50, 46, 1, 5)}):
        assert _small_exact.small_exact(odd, (49, 45, 41), (), _ID_OF_TEXT) is None
    # preflop is the general path's: big runs in slices, on threads
    assert _small_exact.small_exact([(51, 47, 0, 4), (50, 46, 1, 5)], (), (), _ID_OF_TEXT) is None


@pytest.mark.parametrize("options, kind", [
    ({"seed": -1}, EquityError),
    ({"seed": 2**64}, EquityError),
    ({"seed": 1.5}, ArgumentTypeError),
    ({"n_threads": 0}, ArgumentError),
    ({"n_threads": 2**70}, ArgumentError),
    ({"n_threads": "2"}, ArgumentTypeError),
    ({"progress": 1}, ArgumentTypeError),
    ({"samples": 0}, EquityError),
    ({"samples": True}, ArgumentTypeError),
])
def test_options_are_checked_on_the_fast_lane(options: dict[str, Any], kind: type) -> None:
    holes, board = [(51, 47, 0, 4), (50, 46, 1, 5)], (49, 45, 41)
    want = general_error(holes, board, **options)
    assert want[0] is kind
    with pytest.raises(kind) as caught:
        equity(holes, board, **options)
    assert str(caught.value) == want[1]


def test_inputs_are_not_changed() -> None:
    holes = [[51, 47, 0, 4], [50, 46, 1, 5]]
    board, dead = [49, 45, 41], [2]
    equity(holes, board, dead)
    assert holes == [[51, 47, 0, 4], [50, 46, 1, 5]] and board == [49, 45, 41] and dead == [2]
    arrays = np.array(holes, dtype=np.uint8), np.array(board, dtype=np.uint8)
    equity(*arrays)
    assert arrays[0].tolist() == holes and arrays[1].tolist() == board
    assert parse_cards("As Ks 2c 3c").tolist() == [51, 47, 0, 4]
