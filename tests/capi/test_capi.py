"""omaha8.capi: the C functions against evaluate_batch, showdown and the pot rules' Python twins.

The functions are called through :func:`omaha8.capi.ctypes_function`, which
calls the very C functions that Cython code cimports (``tests/capi/test_capi_build.py``
builds such a module). Every invalid input must give -1 and leave the output
buffers exactly as they were (sentinel-filled), and many threads may call at once.
"""

from __future__ import annotations

import ctypes
import json
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import omaha8
from omaha8 import capi
from omaha8.pots._pots import _layer_pots, _split
from omaha8.cards import parse_cards
from omaha8.errors import ArgumentError, ArgumentTypeError, Omaha8Error
from omaha8.pots import CardroomOddChips
from omaha8.pots import showdown

CASES = json.loads((Path(__file__).parents[1] / "data" / "showdown_cases.json").read_text())["cases"]
EVALUATE = capi.ctypes_function("o8_evaluate")
SPLIT_POT = capi.ctypes_function("o8_split_pot")
SETTLE = capi.ctypes_function("o8_settle")
SHOWDOWN = capi.ctypes_function("o8_showdown")
CTYPES = {np.dtype(np.uint8): ctypes.c_uint8, np.dtype(np.uint16): ctypes.c_uint16,
          np.dtype(np.int64): ctypes.c_int64}
SENTINEL = 0x5A5A5A5A5A5A5A5A


def ptr(array: np.ndarray[Any, Any] | None) -> Any:
    """A C pointer to a contiguous array's data (NULL for None)."""
    if array is None:
        return None
    assert array.flags.c_contiguous
    return array.ctypes.data_as(ctypes.POINTER(CTYPES[array.dtype]))


def u8(values: Sequence[int] | np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    return np.ascontiguousarray(values, dtype=np.uint8)


def i64(values: Sequence[int] | np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    return np.ascontiguousarray(values, dtype=np.int64)


def c_evaluate(hole: np.ndarray[Any, Any], board: np.ndarray[Any, Any]) -> tuple[int, int, int]:
    high, low = np.zeros(1, np.uint16), np.zeros(1, np.uint8)
    status = EVALUATE(ptr(hole), len(hole), ptr(board), ptr(high), ptr(low))
    return status, int(high[0]), int(low[0])


def c_showdown(holes: np.ndarray[Any, Any], board: np.ndarray[Any, Any], chips: Sequence[int],
               folded: Sequence[int], button: int) -> tuple[int, list[int]]:
    """o8_showdown on (seats, n_hole) holes; the payouts or the untouched sentinels."""
    n_seats, n_hole = holes.shape
    out = i64([SENTINEL] * n_seats)
    status = SHOWDOWN(n_seats, n_hole, ptr(u8(holes)), ptr(u8(board)), ptr(i64(chips)), ptr(u8(folded)),
                      button, ptr(out))
    return status, out.tolist()


def c_settle(chips: Sequence[int], folded: Sequence[int], high: Sequence[int], low: Sequence[int],
             button: int) -> tuple[int, list[int]]:
    out = i64([SENTINEL] * len(chips))
    status = SETTLE(len(chips), ptr(i64(chips)), ptr(u8(folded)), ptr(np.asarray(high, np.uint16)),
                    ptr(u8(low)), button, ptr(out))
    return status, out.tolist()


def reference_settle(chips: list[int], folded: Sequence[int], high: list[int], low: list[int],
                     button: int) -> list[int]:
    """Payouts by omaha8's Python pot rules (``_layer_pots``, ``_split``) for any seat values."""
    n = len(chips)
    live = [s for s in range(n) if not folded[s]]
    live_chips = [s for s in live if chips[s] > 0]
    uncalled, in_pots = [0] * n, list(chips)
    top = max(chips)
    if chips.count(top) == 1:
        seat = chips.index(top)
        in_pots[seat] = max(chips[:seat] + chips[seat + 1:])
        uncalled[seat] = top - in_pots[seat]
    payouts = uncalled
    for amount, eligible in _layer_pots(in_pots, live_chips):
        pot = _split(amount, eligible, high, low, CardroomOddChips(), button, n)
        payouts = [a + b for a, b in zip(payouts, pot.awards)]
    return payouts


def random_chips(rng: np.random.Generator, n: int) -> tuple[list[int], list[int]]:
    """Contributions with repeated levels, zeros and short all-ins, and folded seats (some live seat has chips)."""
    while True:
        levels = [0, 1, 2, 5, 7, 13, 40, 41, 100, 333]
        chips = [int(levels[rng.integers(len(levels))]) if rng.random() < 0.7 else int(rng.integers(0, 500))
                 for _ in range(n)]
        folded = [int(rng.random() < 0.35) for _ in range(n)]
        if any(chips[s] > 0 and not folded[s] for s in range(n)):
            return chips, folded


# ---------------------------------------------------------------- the functions and their addresses


def test_the_api_lists_its_functions() -> None:
    assert capi.FUNCTIONS == ("o8_evaluate", "o8_split_pot", "o8_settle", "o8_showdown")
    addresses = {capi.address(name) for name in capi.FUNCTIONS}
    assert len(addresses) == 4 and all(isinstance(a, int) and a > 0 for a in addresses)
    for name in capi.FUNCTIONS:
        assert ctypes.cast(capi.ctypes_function(name), ctypes.c_void_p).value == capi.address(name)
    assert capi.MAX_SEATS == 16


@pytest.mark.parametrize("name", ["o8_evaluat", "", "evaluate", "O8_EVALUATE"])
def test_an_unknown_name_is_an_argument_error(name: str) -> None:
    with pytest.raises(ArgumentError, match="has no function"):
        capi.address(name)
    with pytest.raises(ArgumentError, match="has no function"):
        capi.ctypes_function(name)


@pytest.mark.parametrize("name", [None, 3, b"o8_evaluate"])
def test_a_name_that_is_not_a_str_is_a_type_error(name: object) -> None:
    with pytest.raises(ArgumentTypeError):
        capi.address(name)  # type: ignore[arg-type]


def test_get_include_holds_the_pxd() -> None:
    assert (Path(omaha8.get_include()) / "omaha8" / "capi.pxd").is_file()


# ---------------------------------------------------------------- o8_evaluate


@pytest.mark.parametrize("n_hole", [4, 5])
def test_evaluate_equals_evaluate_batch(n_hole: int) -> None:
    rng = np.random.default_rng(23 + n_hole)
    n = 4000
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, : n_hole + 5].astype(np.uint8)
    holes, boards = np.ascontiguousarray(cards[:, :n_hole]), np.ascontiguousarray(cards[:, n_hole:])
    want_high, want_low = omaha8.evaluate_batch(holes, boards)
    high, low = np.zeros(n, np.uint16), np.zeros(n, np.uint8)
    for i in range(n):
        status, high[i], low[i] = c_evaluate(holes[i], boards[i])
        assert status == 0
    assert np.array_equal(high, want_high) and np.array_equal(low, want_low)


def test_evaluate_hand_picked() -> None:
    # As Ah 2c 3c on Ks Kd 4h 5h 9s: the board has two low ranks (4, 5), a low needs three: no low
    # As 2s 3s 4s 5s on 6s 7s 8d Kd Qc: two spades from the hole and three from the board at most: 6s 7s + ...
    # only two spades on the board, so no flush; 4s 5s + 6s 7s 8d is an eight-high straight
    # 2c 3d Kh Kd on Ah 4s 5c 8h 8d: 2c 3d + A 4 5 is the wheel, the best low (56), and a five-high straight
    for hole, board in [("As Ah 2c 3c", "Ks Kd 4h 5h 9s"), ("As 2s 3s 4s 5s", "6s 7s 8d Kd Qc"),
                        ("2c 3d Kh Kd", "Ah 4s 5c 8h 8d")]:
        h, b = u8(parse_cards(hole)), u8(parse_cards(board))
        status, high, low = c_evaluate(h, b)
        want = omaha8.evaluate(hole, board)
        assert (status, high, low) == (0, want.high, want.low or 0)
    assert c_evaluate(u8(parse_cards("As Ah 2c 3c")), u8(parse_cards("Ks Kd 4h 5h 9s")))[2] == 0
    straight = c_evaluate(u8(parse_cards("As 2s 3s 4s 5s")), u8(parse_cards("6s 7s 8d Kd Qc")))[1]
    assert omaha8.describe_high(straight) == "Straight, eight high"
    status, high, low = c_evaluate(u8(parse_cards("2c 3d Kh Kd")), u8(parse_cards("Ah 4s 5c 8h 8d")))
    assert low == 56 and omaha8.describe_high(high) == "Straight, five high"


@pytest.mark.parametrize(("hole", "board"), [
    ([0, 1, 2, 52], [10, 11, 12, 13, 14]),       # a card id past 51
    ([0, 1, 2, 255], [10, 11, 12, 13, 14]),
    ([0, 1, 2, 3], [10, 11, 12, 13, 64]),        # 64 would alias card 0 in a 64-bit set
    ([0, 1, 2, 2], [10, 11, 12, 13, 14]),        # repeated in the hole
    ([0, 1, 2, 3], [10, 11, 12, 13, 10]),        # repeated on the board
    ([0, 1, 2, 10], [10, 11, 12, 13, 14]),       # in the hole and on the board
    ([0, 1, 2], [10, 11, 12, 13, 14]),           # 3 hole cards
    ([0, 1, 2, 3, 4, 5], [10, 11, 12, 13, 14]),  # 6 hole cards
])
def test_evaluate_refuses_what_evaluate_batch_refuses(hole: list[int], board: list[int]) -> None:
    h, b = u8(hole), u8(board)
    high, low = np.full(1, 0x5A5A, np.uint16), np.full(1, 0x5A, np.uint8)
    assert EVALUATE(ptr(h), len(hole), ptr(b), ptr(high), ptr(low)) == -1
    assert (high[0], low[0]) == (0x5A5A, 0x5A)
    if len(hole) in (4, 5) and max(hole + board) < 256:
        with pytest.raises(Omaha8Error):
            omaha8.evaluate_batch([hole], [board])


def test_evaluate_refuses_null_pointers() -> None:
    h, b = u8([0, 1, 2, 3]), u8([10, 11, 12, 13, 14])
    high, low = np.full(1, 7, np.uint16), np.full(1, 7, np.uint8)
    for args in [(None, 4, ptr(b), ptr(high), ptr(low)), (ptr(h), 4, None, ptr(high), ptr(low)),
                 (ptr(h), 4, ptr(b), None, ptr(low)), (ptr(h), 4, ptr(b), ptr(high), None)]:
        assert EVALUATE(*args) == -1
    assert (high[0], low[0]) == (7, 7)


# ---------------------------------------------------------------- o8_showdown against showdown


@pytest.mark.parametrize("case", [c for c in CASES if c.get("board") and len(parse_cards(c["board"])) == 5
                                  and c.get("contributions")],
                         ids=lambda c: c["id"])
def test_showdown_hand_checked_cases(case: dict[str, Any]) -> None:
    # the hand-checked table of tests/data/showdown_cases.json (each case's arithmetic is in its "why")
    holes = case["holes"]
    n_hole = next(len(parse_cards(h)) for h in holes if h is not None)
    rows = np.zeros((len(holes), n_hole), np.uint8)
    folded = [1 if hole is None or s in case.get("folded", []) else 0 for s, hole in enumerate(holes)]
    for s, hole in enumerate(holes):
        if hole is not None:
            rows[s] = parse_cards(hole)
    status, payouts = c_showdown(rows, u8(parse_cards(case["board"])), case["contributions"], folded,
                                 case.get("button", 0))
    assert (status, payouts) == (0, case["payouts"])


@pytest.mark.parametrize("n_hole", [4, 5])
def test_showdown_equals_showdown_on_random_hands(n_hole: int) -> None:
    rng = np.random.default_rng(2300 + n_hole)
    compared = 0
    for _ in range(1500):
        n = int(rng.integers(2, 10 if n_hole == 4 else 9) + 1)
        deal = np.argsort(rng.random(52))[: n * n_hole + 5].astype(np.uint8)
        holes, board = deal[: n * n_hole].reshape(n, n_hole), deal[n * n_hole:]
        chips, folded = random_chips(rng, n)
        button = int(rng.integers(n))
        want = showdown(board.tolist(), [None if folded[s] else holes[s].tolist() for s in range(n)],
                        contributions=chips, button=button)
        status, payouts = c_showdown(holes, board, chips, folded, button)
        assert (status, payouts) == (0, list(want.payouts))
        compared += sum(1 for pot in want.pots if len(pot.eligible) > 1)
    assert compared > 1000  # most hands contest a pot


def test_showdown_ignores_folded_seats_cards() -> None:
    # seat 1 folded: its row repeats the board and holds 200, which would be refused if read
    holes = u8([[46, 47, 31, 29], [48, 0, 200, 200], [4, 8, 13, 17]])
    board = u8([48, 0, 22, 45, 43])   # Ac 2c 7h Kd Qs
    status, payouts = c_showdown(holes, board, [100, 10, 40], [0, 1, 0], 0)
    # showdown's own docstring hand: seat 0's 60 over seat 2's 40 back, the pot of 90 halved 45/45
    assert (status, payouts) == (0, [105, 0, 45])


def test_one_live_seat_takes_the_pots_it_can_win() -> None:
    # seat 0 alone, 30 in: seat 2's 50 is 20 over seat 0 and 20 over the second contribution (30): 20 back;
    # the pot is 30 + 10 + 30 = 70, all seat 0's
    holes = u8([[46, 47, 31, 29], [1, 2, 3, 5], [4, 8, 13, 17]])
    status, payouts = c_showdown(holes, u8([48, 0, 22, 45, 43]), [30, 10, 50], [0, 1, 1], 1)
    assert (status, payouts) == (0, [70, 0, 20])
    assert showdown(None, [(), None, None], contributions=[30, 10, 50], folded=[1, 2]).payouts == (70, 0, 20)


# ---------------------------------------------------------------- o8_settle and o8_split_pot against the Python rules


def test_settle_equals_the_python_rules_up_to_sixteen_seats() -> None:
    rng = np.random.default_rng(2301)
    for _ in range(3000):
        n = int(rng.integers(2, 17))
        chips, folded = random_chips(rng, n)
        # few distinct values, so ties for high and low (split and quartered pots) are common
        high = [int(v) for v in rng.choice([1, 2, 1800, 5000, 7462], size=n)]
        low = [int(v) for v in rng.choice([0, 0, 1, 30, 56], size=n)]
        button = int(rng.integers(n))
        status, payouts = c_settle(chips, folded, high, low, button)
        assert (status, payouts) == (0, reference_settle(chips, folded, high, low, button))
        assert sum(payouts) == sum(chips)


def test_settle_with_evaluated_values_equals_showdown() -> None:
    rng = np.random.default_rng(2302)
    for _ in range(500):
        n = int(rng.integers(2, 11))
        deal = np.argsort(rng.random(52))[: n * 4 + 5].astype(np.uint8)
        holes, board = deal[: n * 4].reshape(n, 4), deal[n * 4:]
        high, low = omaha8.evaluate_batch(holes, board)
        chips, folded = random_chips(rng, n)
        button = int(rng.integers(n))
        want = showdown(board.tolist(), [None if folded[s] else holes[s].tolist() for s in range(n)],
                        contributions=chips, button=button).payouts
        assert c_settle(chips, folded, high.tolist(), low.tolist(), button) == (0, list(want))


def test_split_pot_equals_the_python_split() -> None:
    rng = np.random.default_rng(2303)
    for _ in range(3000):
        n = int(rng.integers(2, 17))
        eligible = [int(rng.random() < 0.6) for _ in range(n)]
        if not any(eligible):
            eligible[int(rng.integers(n))] = 1
        high = [int(v) for v in rng.choice([1, 900, 900, 7462], size=n)]
        low = [int(v) for v in rng.choice([0, 0, 12, 12, 56], size=n)]
        amount, button = int(rng.integers(0, 1000)), int(rng.integers(n))
        before = [int(v) for v in rng.integers(-50, 50, size=n)]
        out = i64(before)
        status = SPLIT_POT(n, ptr(np.asarray(high, np.uint16)), ptr(u8(low)), ptr(u8(eligible)), amount, button,
                           ptr(out))
        seats = tuple(s for s in range(n) if eligible[s])
        awards = _split(amount, seats, high, low, CardroomOddChips(), button, n).awards
        assert status == 0 and out.tolist() == [b + a for b, a in zip(before, awards)]


def test_split_pot_hand_picked() -> None:
    def split(high: list[int], low: list[int], eligible: list[int], amount: int, button: int) -> list[int]:
        out = i64([0] * len(high))
        assert SPLIT_POT(len(high), ptr(np.asarray(high, np.uint16)), ptr(u8(low)), ptr(u8(eligible)), amount,
                         button, ptr(out)) == 0
        return out.tolist()

    # 7 chips, seat 0 the high, seat 1 the low: the odd chip to the high half, 4 and 3
    assert split([9, 5], [0, 20], [1, 1], 7, 0) == [4, 3]
    # no low among the eligible: the best high takes the whole pot (seat 2's low does not count, not eligible)
    assert split([9, 5, 1], [0, 0, 56], [1, 1, 0], 7, 0) == [7, 0, 0]
    # same winners both ways (seats 0 and 1 tie for high and low): 65 divided once, 33 and 32, the odd chip
    # to the first of them clockwise from the button (button 0: seat 1 first)
    assert split([9, 9, 5], [20, 20, 0], [1, 1, 1], 65, 0) == [32, 33, 0]
    # quartered: 90 in halves of 45; the high 45 to seat 0, the low 45 shared by seats 0 and 1: 22 and 23,
    # the odd chip clockwise from button 2 (seat 0 first): seat 0 gets 45 + 23 = 68, seat 1 22
    assert split([9, 5, 1], [20, 20, 3], [1, 1, 1], 90, 2) == [68, 22, 0]
    # one eligible seat takes it whole, whatever its values
    assert split([0, 9], [99, 0], [1, 0], 11, 1) == [11, 0]


# ---------------------------------------------------------------- bad input: -1 and nothing written


GOOD_HOLES = [[46, 47, 31, 29], [1, 2, 3, 5], [4, 8, 13, 17]]
GOOD_BOARD = [48, 0, 22, 45, 43]


@pytest.mark.parametrize(("why", "change"), [
    ("a hole card past 51", {"holes": [[46, 47, 31, 52], [1, 2, 3, 5], [4, 8, 13, 17]]}),
    ("a board card past 51", {"board": [48, 0, 22, 45, 99]}),
    ("a card in two holes", {"holes": [[46, 47, 31, 29], [1, 2, 3, 5], [4, 8, 13, 29]]}),
    ("a hole card on the board", {"holes": [[46, 47, 31, 48], [1, 2, 3, 5], [4, 8, 13, 17]]}),
    ("a repeated board card", {"board": [48, 0, 22, 45, 48]}),
    ("n_hole 3", {"n_hole": 3}),
    ("n_hole 6", {"n_hole": 6}),
    ("one seat", {"n_seats": 1}),
    ("seventeen seats", {"n_seats": 17}),
    ("a button below 0", {"button": -1}),
    ("a button past the seats", {"button": 3}),
    ("negative chips", {"chips": [10, -1, 10]}),
    ("no chips at all", {"chips": [0, 0, 0]}),
    ("every seat folded", {"folded": [1, 1, 1]}),
    ("only folded seats put chips in", {"chips": [0, 10, 0], "folded": [0, 1, 0]}),
    ("chips past int64", {"chips": [2**62, 2**62, 2**62]}),
])
def test_showdown_refuses_invalid_hands(why: str, change: dict[str, Any]) -> None:
    args: dict[str, Any] = {"holes": GOOD_HOLES, "board": GOOD_BOARD, "chips": [10, 10, 10], "folded": [0, 0, 0],
                            "button": 0, "n_hole": 4, "n_seats": 3, **change}
    n_seats, n_hole = args["n_seats"], args["n_hole"]
    # 20 rows of each buffer: whatever n_seats and n_hole say, the function reads inside them
    holes = u8(np.resize(np.array(args["holes"], np.uint8), (20, 6)))
    if n_hole in (4, 5):
        holes = u8(np.resize(np.array(args["holes"], np.uint8)[:, :n_hole], (20, n_hole)))
    board, chips, folded = u8(args["board"]), i64(np.resize(args["chips"], 20)), u8(np.resize(args["folded"], 20))
    out = i64([SENTINEL] * 20)
    status = SHOWDOWN(n_seats, n_hole, ptr(holes), ptr(board), ptr(chips), ptr(folded), args["button"], ptr(out))
    assert status == -1, why
    assert out.tolist() == [SENTINEL] * 20, why
    # showdown refuses the same hand (where it can be stated with three seats of 4 cards; Python's chips
    # add up past int64, C's cannot)
    if n_seats == 3 and n_hole == 4 and 0 <= args["button"] < 3 and sum(args["chips"]) < 2**63:
        with pytest.raises(Omaha8Error):
            showdown(args["board"], [None if args["folded"][s] else args["holes"][s] for s in range(3)],
                     contributions=args["chips"], button=args["button"])


@pytest.mark.parametrize(("why", "high", "low"), [
    ("a live high of 0", [0, 5, 9], [0, 0, 0]),
    ("a live high past 7462", [7463, 5, 9], [0, 0, 0]),
    ("a live low past 56", [1, 5, 9], [57, 0, 0]),
])
def test_settle_refuses_invalid_values(why: str, high: list[int], low: list[int]) -> None:
    assert c_settle([10, 10, 10], [0, 0, 0], high, low, 0) == (-1, [SENTINEL] * 3), why
    # a folded seat's values are not read, nor a lone live seat's
    assert c_settle([10, 10, 10], [1, 0, 0], high, low, 0)[0] == 0, why
    assert c_settle([10, 10, 10], [0, 1, 1], high, low, 0) == (0, [30, 0, 0]), why


def test_settle_and_split_pot_refuse_null_pointers() -> None:
    chips, folded, high, low = i64([5, 5]), u8([0, 0]), np.array([1, 2], np.uint16), u8([0, 0])
    out = i64([SENTINEL, SENTINEL])
    assert SETTLE(2, None, ptr(folded), ptr(high), ptr(low), 0, ptr(out)) == -1
    assert SETTLE(2, ptr(chips), None, ptr(high), ptr(low), 0, ptr(out)) == -1
    assert SETTLE(2, ptr(chips), ptr(folded), None, ptr(low), 0, ptr(out)) == -1
    assert SETTLE(2, ptr(chips), ptr(folded), ptr(high), None, 0, ptr(out)) == -1
    assert SETTLE(2, ptr(chips), ptr(folded), ptr(high), ptr(low), 0, None) == -1
    assert SPLIT_POT(2, None, ptr(low), ptr(folded), 5, 0, ptr(out)) == -1
    assert SPLIT_POT(2, ptr(high), ptr(low), ptr(folded), 5, 0, None) == -1
    assert SHOWDOWN(2, 4, None, ptr(u8(GOOD_BOARD)), ptr(chips), ptr(folded), 0, ptr(out)) == -1
    assert out.tolist() == [SENTINEL, SENTINEL]


@pytest.mark.parametrize(("why", "args"), [
    ("no eligible seat", dict(eligible=[0, 0, 0])),
    ("a negative amount", dict(amount=-1)),
    ("an eligible high of 0", dict(high=[0, 5, 9])),
    ("an eligible low past 56", dict(low=[0, 57, 0])),
    ("one seat", dict(n_seats=1)),
    ("seventeen seats", dict(n_seats=17)),
    ("a button past the seats", dict(button=3)),
    ("a share that passes int64", dict(out=[2**63 - 5, 0, 0], amount=100)),
])
def test_split_pot_refuses_invalid_pots(why: str, args: dict[str, Any]) -> None:
    a: dict[str, Any] = {"high": [9, 5, 9], "low": [0, 0, 0], "eligible": [1, 1, 0], "amount": 10, "button": 0,
                         "n_seats": 3, "out": [SENTINEL] * 3, **args}
    out = i64(np.resize(a["out"], 20))
    before = out.tolist()
    status = SPLIT_POT(a["n_seats"], ptr(np.resize(np.array(a["high"], np.uint16), 20)), ptr(u8(np.resize(a["low"], 20))),
                       ptr(u8(np.resize(a["eligible"], 20))), a["amount"], a["button"], ptr(out))
    assert (status, out.tolist()) == (-1, before), why


# ---------------------------------------------------------------- threads


def test_many_threads_call_at_once() -> None:
    # ctypes releases the GIL around each call, so the threads' calls overlap in the C functions
    rng = np.random.default_rng(2304)
    n, seats = 3000, 6
    deals = np.argsort(rng.random((n, 52)), axis=1)[:, : seats * 4 + 5].astype(np.uint8)
    holes = np.ascontiguousarray(deals[:, : seats * 4].reshape(n, seats, 4))
    boards = np.ascontiguousarray(deals[:, seats * 4:])
    chips = [random_chips(rng, seats) for _ in range(n)]

    def run(rows: range) -> list[list[int]]:
        out = []
        for i in rows:
            status, payouts = c_showdown(holes[i], boards[i], chips[i][0], chips[i][1], i % seats)
            assert status == 0
            out.append(payouts)
        return out

    alone = run(range(n))
    with ThreadPoolExecutor(max_workers=6) as pool:
        parts = list(pool.map(run, [range(k, n, 6) for k in range(6)]))
    together = [None] * n
    for k, part in enumerate(parts):
        for j, payouts in enumerate(part):
            together[k + 6 * j] = payouts
    assert together == alone
