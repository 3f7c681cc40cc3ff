"""omaha8.odds._equity: hand-checked spots, Monte Carlo against exact, properties, errors."""

from __future__ import annotations

import math
import os
import signal
import threading
import time
from collections.abc import Sequence
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha8._support import _progress
from omaha8.cards import parse_cards
from omaha8.odds import _runs
from omaha8.odds._equity import EquityError, EquityResult, equity, max_players
from omaha8.errors import CardError, CardTypeError, DuplicateCardError, Omaha8Error, ShapeError

FIELDS = ("equity", "high_win", "high_tie", "low_win", "low_tie", "scoop")


def assert_fields(result: EquityResult, **expected: Sequence[float]) -> None:
    for name, values in expected.items():
        np.testing.assert_allclose(getattr(result, name), values, rtol=0, atol=1e-15, err_msg=name)


def assert_same(a: EquityResult, b: EquityResult) -> None:
    """Bit-identical results."""
    for name in (*FIELDS, "std_error"):
        assert np.array_equal(getattr(a, name), getattr(b, name), equal_nan=True), name
    assert (a.no_low, a.boards, a.exact, a.seed) == (b.no_low, b.boards, b.exact, b.seed)


# ---------------------------------------------------------------- worked by hand


def test_turn_spot_worked_by_hand() -> None:
    # 40 rivers. Aces hold A-2-3-4-5 (a straight and the best low) and trips.
    # Kings win the high only on Kh (quads) and the four tens (broadway):
    # 4s or 5s give them kings full but the aces aces full. Only aces have a low.
    r = equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], board="Ac Kc 4h 5s")
    assert (r.boards, r.exact, r.n_players) == (40, True, 2)
    assert_fields(
        r,
        equity=[(35 + 5 / 2) / 40, (5 / 2) / 40],
        high_win=[35 / 40, 5 / 40],
        high_tie=[0, 0],
        low_win=[1, 0],
        low_tie=[0, 0],
        scoop=[35 / 40, 0],
    )
    assert r.no_low == 0
    assert np.array_equal(r.std_error, [0, 0]) and r.seed is None


def test_river_quartered_low() -> None:
    # kings full win the high alone; Ah 2c and Ad 2d both make the wheel low
    r = equity(["Ah 2c Kd Ks", "Ad 2d Qh Jc", "3c 3d Ts Tc"], board="Kh 3s 4c 5c 5d")
    assert r.boards == 1
    assert_fields(
        r,
        equity=[3 / 4, 1 / 4, 0],
        high_win=[1, 0, 0],
        high_tie=[0, 0, 0],
        low_win=[0, 0, 0],
        low_tie=[1, 1, 0],
        scoop=[0, 0, 0],
    )
    assert r.no_low == 0


def test_river_without_low_scooped_by_high() -> None:
    # only 8 and 2 are low on the board: no low, the K-high straight takes all
    r = equity(["As Ad 3c 4d", "Ks Kd Jh Th"], board="Kh Qs 9c 8d 2h")
    assert_fields(r, equity=[0, 1], high_win=[0, 1], low_win=[0, 0], low_tie=[0, 0], scoop=[0, 1])
    assert r.no_low == 1


def test_river_split_both_ways() -> None:
    # the same wheel straight and wheel low: half each, nobody scoops
    r = equity(["As 2s Kd Qc", "Ad 2d Kc Qh"], board="3h 4c 5h 9s Jd")
    assert_fields(r, equity=[0.5, 0.5], high_tie=[1, 1], low_tie=[1, 1], high_win=[0, 0], scoop=[0, 0])


def test_five_card_river_worked_by_hand() -> None:
    # Ah Kh: nut flush (2 hole + 3 hearts); 7s 8c: 8-7-4-3-2 low is the only low
    r = equity(["Ah Kh Qd Qs Jc", "7s 8c 9d Td 2c"], board="2h 3h 4h Jd Ks")
    assert_fields(r, equity=[0.5, 0.5], high_win=[1, 0], low_win=[0, 1], scoop=[0, 0])


def test_largest_tables() -> None:
    holes4 = [parse_cards(range(4 * i, 4 * i + 4)) for i in range(11)]
    r = equity(holes4)
    assert (r.n_players, r.boards) == (11, math.comb(8, 5))
    holes5 = [list(range(5 * i, 5 * i + 5)) for i in range(9)]
    r = equity(holes5)
    assert (r.n_players, r.boards) == (9, math.comb(7, 5))
    assert max_players(4) == 11 and max_players(5) == 9


# ---------------------------------------------------------------- Monte Carlo against exact

MC_SPOTS = [
    (["As Ad 2c 3d", "Ks Kd Qh Jh"], "", ""),
    (["Ah 2h 3c Kd 9s", "Ks Kc Qs Jd Td"], "", ""),
    (["As Ad 2c 3d", "Ks Kd Qh Jh", "7c 8c 9d Td"], "Ah 7d 8h", ""),
    (["As Ad 2c 3d", "Ks Kd Qh Jh", "7c 8c 9d Td", "2h 4h 5s 6s", "Ac 3h Kc Qs", "Jc Js 9h 9s"], "", ""),
    (["As 2s 3d 4d", "Ac 2c 5h 6h", "Kd Qd Jd Td"], "7s 8s Th", "9c"),
    (["Ah 2h 3c Kd", "Ks Kc Qs Jd"], "4h 5d 9s Qh", ""),
]


@pytest.mark.parametrize("spot", range(len(MC_SPOTS)))
def test_monte_carlo_within_four_standard_errors(spot: int) -> None:
    holes, board, dead = MC_SPOTS[spot]
    exact = equity(holes, board, dead)
    sampled = equity(holes, board, dead, samples=30_000, seed=1000 + spot)
    assert not sampled.exact and sampled.boards == 30_000 and sampled.seed == 1000 + spot
    assert np.all(sampled.std_error > 0)
    assert np.all(np.abs(sampled.equity - exact.equity) < 4 * sampled.std_error)
    assert float(np.sum(sampled.equity)) == pytest.approx(1.0, abs=1e-12)
    # the rates are proportions of 30,000 boards: binomial error at most 0.5 / sqrt(n)
    for name in FIELDS[1:]:
        assert np.all(np.abs(getattr(sampled, name) - getattr(exact, name)) < 4 * 0.5 / math.sqrt(30_000)), name
    assert abs(sampled.no_low - exact.no_low) < 4 * 0.5 / math.sqrt(30_000)


def test_standard_error_matches_the_spread_of_board_shares() -> None:
    # the per-board share distribution of a turn spot, from one exact run per river
    holes, board = ["Ah 2h 3c Kd", "Ks Kc Qs Jd"], parse_cards("4h 5d 9s Qh").tolist()
    used = set(parse_cards(" ".join(holes)).tolist()) | set(board)
    shares = np.array([equity(holes, [*board, river]).equity[0] for river in range(52) if river not in used])
    samples = 40_000
    predicted = math.sqrt(shares.var() / samples)
    sampled = equity(holes, board, samples=samples, seed=3)
    assert sampled.std_error[0] == pytest.approx(predicted, rel=0.05)
    assert sampled.std_error[1] == pytest.approx(predicted, rel=0.05)  # heads-up: shares sum to 1


def test_samples_not_a_multiple_of_the_chunk() -> None:
    r = equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], samples=5_000, seed=1)
    assert r.boards == 5_000
    one = equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], samples=1, seed=1)
    assert one.boards == 1 and np.all(np.isnan(one.std_error))
    assert set(one.equity.tolist()) <= {0.0, 0.25, 0.5, 0.75, 1.0}


def test_seed_reproduces_and_differs() -> None:
    holes = ["As Ad 2c 3d", "Ks Kd Qh Jh"]
    a = equity(holes, samples=10_000, seed=42)
    assert_same(a, equity(holes, samples=10_000, seed=42))
    b = equity(holes, samples=10_000, seed=43)
    assert not np.array_equal(a.equity, b.equity)
    drawn = equity(holes, samples=10_000)
    assert isinstance(drawn.seed, int) and 0 <= drawn.seed < 2**64
    assert_same(drawn, equity(holes, samples=10_000, seed=drawn.seed))
    assert_same(a, equity(holes, samples=10_000, seed=42, n_threads=2))


def test_complete_board_sampled_is_that_board() -> None:
    exact = equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], board="Ac Kc 4h 5s Td")
    sampled = equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], board="Ac Kc 4h 5s Td", samples=100, seed=0)
    assert np.array_equal(exact.equity, sampled.equity) and np.all(sampled.std_error == 0)


# ---------------------------------------------------------------- properties


@st.composite
def spots(draw: st.DrawFn, board_sizes: tuple[int, ...] = (3, 4, 5)) -> tuple[list[list[int]], list[int], list[int]]:
    hole_size = draw(st.sampled_from((4, 5)))
    players = draw(st.integers(2, 6))
    board_size = draw(st.sampled_from(board_sizes))
    dead_size = draw(st.integers(0, 4))
    cards = draw(st.permutations(range(52)))
    holes = [cards[i * hole_size : (i + 1) * hole_size] for i in range(players)]
    rest = cards[players * hole_size :]
    return holes, rest[:board_size], rest[board_size : board_size + dead_size]


@settings(max_examples=40, deadline=None)
@given(spots(), st.randoms(use_true_random=False))
def test_permuting_players_permutes_the_result(spot, rnd) -> None:  # type: ignore[no-untyped-def]
    holes, board, dead = spot
    order = list(range(len(holes)))
    rnd.shuffle(order)
    a = equity(holes, board, dead)
    b = equity([holes[i] for i in order], board, dead)
    for name in FIELDS:
        assert np.array_equal(getattr(a, name)[order], getattr(b, name)), name
    assert a.no_low == b.no_low


@settings(max_examples=40, deadline=None)
@given(spots(), st.permutations(range(4)), st.randoms(use_true_random=False))
def test_suits_and_card_order_do_not_matter(spot, suits, rnd) -> None:  # type: ignore[no-untyped-def]
    holes, board, dead = spot

    def relabel(cards: list[int]) -> list[int]:
        out = [card - card % 4 + suits[card % 4] for card in cards]
        rnd.shuffle(out)
        return out

    a = equity(holes, board, dead)
    b = equity([relabel(h) for h in holes], relabel(board), relabel(dead))
    assert_same(a, b)


@settings(max_examples=40, deadline=None)
@given(spots())
def test_fractions_add_up(spot) -> None:  # type: ignore[no-untyped-def]
    holes, board, dead = spot
    r = equity(holes, board, dead)
    assert float(np.sum(r.equity)) == pytest.approx(1.0, abs=1e-13)
    # a board has one sole high winner or a tie; one sole low winner, a tie, or no low
    assert float(np.sum(r.high_win)) <= 1 + 1e-13
    assert float(np.sum(r.low_win)) + r.no_low <= 1 + 1e-13
    assert np.all(r.scoop <= r.high_win + 1e-15)
    assert np.all(r.equity >= r.scoop - 1e-15)
    if len(holes) == 2:
        assert r.high_win.sum() + r.high_tie[0] == pytest.approx(1.0, abs=1e-13)
        assert r.low_win.sum() + r.low_tie[0] + r.no_low == pytest.approx(1.0, abs=1e-13)
        assert r.high_tie[0] == r.high_tie[1] and r.low_tie[0] == r.low_tie[1]


def threads_used(call):  # type: ignore[no-untyped-def]
    """``call()``'s result and the thread counts it handed the kernels (through ``_runs.threads_for``)."""
    used: list[int] = []
    real = _runs.threads_for

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        used.append(real(*args, **kwargs))
        return used[-1]

    with mock.patch.object(_runs, "threads_for", spy):
        return call(), used


@settings(max_examples=15, deadline=None)
@given(spots(board_sizes=(0, 3, 4)), st.integers(2, 4), st.integers(0, 2**64 - 1))
def test_same_for_any_thread_count(spot, threads, seed) -> None:  # type: ignore[no-untyped-def]
    # the runs compared really are cut across threads: after the first chunk alone, 30,000 samples leave six
    # more chunks of 4,096 and, with at least two seats, 2 * 25,904 = 51,808 units of work, enough for four
    # threads (a flop, turn or river counted exactly is one small kernel call on one thread: no thread count
    # reaches it)
    holes, board, dead = spot
    a = equity(holes, board, dead, samples=30_000, seed=seed, n_threads=1)
    b, used = threads_used(lambda: equity(holes, board, dead, samples=30_000, seed=seed, n_threads=threads))
    assert max(used) == threads
    assert_same(a, b)
    if not board:  # preflop, exact: one chunk per flop, many chunks
        a = equity(holes, board, dead, n_threads=1)
        b, used = threads_used(lambda: equity(holes, board, dead, n_threads=threads))
        assert max(used) == threads
        assert_same(a, b)


def test_preflop_same_for_any_thread_count() -> None:
    holes = ["As Ad 2c 3d", "Ks Kd Qh Jh"]
    one = equity(holes, n_threads=1)
    assert one.boards == math.comb(44, 5)
    for threads in (2, 3, 8):
        assert_same(one, equity(holes, n_threads=threads))


def test_result_is_frozen() -> None:
    r = equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], board="Ac Kc 4h 5s")
    with pytest.raises(AttributeError):
        r.boards = 3  # type: ignore[misc]
    with pytest.raises(ValueError):
        r.equity[0] = 1.0
    assert "40 boards, exact" in str(r)


# ---------------------------------------------------------------- progress and interruption


def test_progress_bar_only_for_slow_runs(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], board="Ac Kc 4h", progress=True)
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(_progress, "DRAW_AFTER_S", 0.0)
    monkeypatch.setattr(_runs, "_SLICE_WORK", 100_000)
    r = equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], progress=True)
    err = capsys.readouterr().err
    assert "equity [" in err and "100.0%" in err and err.endswith("\n")
    assert_same(r, equity(["As Ad 2c 3d", "Ks Kd Qh Jh"]))  # slicing does not change the counts
    equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], samples=300_000, seed=1, progress=True)
    assert "100.0%" in capsys.readouterr().err


def test_ctrl_c_stops_a_long_run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(_progress, "DRAW_AFTER_S", 0.0)
    monkeypatch.setattr(_runs, "_SLICE_WORK", 200_000)  # the bar is drawn before the interrupt
    # a process started in the background by a shell inherits SIGINT ignored: Ctrl-C is Python's default here
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT))
    started = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            # about ten minutes of work on two cores
            equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], samples=10**11, seed=1, progress=True)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert time.perf_counter() - started < 6
    err = capsys.readouterr().err
    assert err.startswith("\requity [") and err.endswith("\n")  # the bar's line is finished


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        (dict(holes=["As Ad 2c 3d", "Ks Kd Qh As"]), DuplicateCardError,
         "card 'As' appears twice: holes[0][0] and holes[1][3]"),
        (dict(holes=["As Ad 2c 3d", "Ks Kd Qh Jh"], dead="9c Qh"), DuplicateCardError,
         "card 'Qh' appears twice: holes[1][2] and dead[1]"),
        (dict(holes=["As Ad 2c 3d", "Ks Kd Qh Jh"], board="2c 7h 8h"), DuplicateCardError,
         "card '2c' appears twice: holes[0][2] and board[0]"),
        (dict(holes=["As Ad 2c 3d", "Ks Kd Qh Jh"], board="7h 8h 9h", dead="8h"), DuplicateCardError,
         "card '8h' appears twice: board[1] and dead[0]"),
        (dict(holes=["As Ad 2c 3d", "Ks Kd Qh Jh"], board="7h"), ShapeError,
         "board must have 0, 3, 4 or 5 cards, got 1: '7h'"),
        (dict(holes=["As Ad 2c 3d", "Ks Kd Qh Jh"], board="7h 8h"), ShapeError,
         "board must have 0, 3, 4 or 5 cards, got 2: '7h 8h'"),
        (dict(holes=["As Ad 2c 3d", "Ks Kd Qh Jh"], board="2h 3h 4h 5h 6h 7h"), ShapeError,
         "board must have 0, 3, 4 or 5 cards, got 6"),
        (dict(holes=["As Ad 2c 3d"]), ShapeError, "equity needs at least 2 players, got 1"),
        (dict(holes=[list(range(4 * i, 4 * i + 4)) for i in range(12)]), ShapeError,
         "holes has 12 hands; a deck deals 4-card hands to at most 11 players"),
        (dict(holes=[list(range(5 * i, 5 * i + 5)) for i in range(10)]), ShapeError,
         "holes has 10 hands; a deck deals 5-card hands to at most 9 players"),
        (dict(holes=["As Ad 2c 3d", "Ks Kd Qh Jh Th"]), ShapeError,
         "holes[1] has 5 cards but holes[0] has 4: 'Ks Kd Qh Jh Th'"),
        (dict(holes=["As Ad 2c", "Ks Kd Qh"]), ShapeError, "holes[0] has 3 cards; Omaha hands have 4 or 5"),
        (dict(holes=[list(range(4 * i, 4 * i + 4)) for i in range(11)], dead="Kc Kd Kh Ks"), ShapeError,
         "only 4 cards are left in the deck, but the board needs 5 more"),
        (dict(holes=["As Ad 2c 3d", "Ks Kd Qh Jx"]), CardError, "holes[1]: 'Jx' is not a card"),
        (dict(holes=["As Ad 2c 3d", "Ks Kd Qh Jh"], dead="9z"), CardError, "dead: '9z' is not a card"),
        (dict(holes=["As Ad 2c 3d", ["Ks", "Kd", "Qh", "Jx"]]), CardError, "holes[1][3]: 'Jx' is not a card"),
        (dict(holes=["As Ad 2c 3d", [44, 45, 46, 52]]), CardError, "holes[1][3] = 52 is not a card id"),
        (dict(holes="As Ad 2c 3d Ks Kd Qh Jh"), CardTypeError, "holes must be a sequence of hands"),
        (dict(holes=["As Ad 2c 3d", "Ks Kd Qh Jh"], samples=0), EquityError, "samples must be at least 1, got 0"),
        (dict(holes=["As Ad 2c 3d", "Ks Kd Qh Jh"], samples=10, seed=-1), EquityError,
         "seed must be in 0 .. 2**64 - 1, got -1"),
        (dict(holes=["As Ad 2c 3d", "Ks Kd Qh Jh"], samples=10, seed=2**64), EquityError, "seed must be in"),
    ],
)
def test_bad_input(kwargs: dict, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as info:
        equity(**kwargs)
    assert message in str(info.value)
    assert isinstance(info.value, Omaha8Error)


@pytest.mark.parametrize(("name", "value"), [("samples", 2.5), ("samples", True), ("seed", "7"), ("seed", 1.0)])
def test_bad_parameter_types(name: str, value: object) -> None:
    kwargs = {"samples": 10, name: value}
    with pytest.raises(TypeError, match=name):
        equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("threads", [0, -1])
def test_bad_thread_count(threads: int) -> None:
    with pytest.raises(ValueError, match="n_threads"):
        equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], n_threads=threads)


def test_many_input_forms() -> None:
    by_text = equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], board="Ac Kc 4h", dead="9s")
    by_ids = equity([[51, 49, 0, 5], [47, 45, 42, 38]], board=[48, 44, 10], dead=[31])
    by_array = equity(np.array([[51, 49, 0, 5], [47, 45, 42, 38]]), board=np.array([48, 44, 10]), dead=("9s",))
    assert_same(by_text, by_ids)
    assert_same(by_text, by_array)


# ---------------------------------------------------------------- the kernel boundary


def test_kernel_refuses_what_would_read_outside_its_arrays() -> None:
    from omaha8.odds import _equity_kernel as _equity

    holes = np.array([[51, 49, 0, 5], [47, 45, 42, 38]], dtype=np.uint8)
    deck = np.array(sorted(set(range(52)) - set(holes.ravel().tolist())), dtype=np.uint8)
    spot = _equity.EquitySpot(holes, np.zeros(0, dtype=np.uint8), deck)
    prefixes, sizes = spot.exact_chunks()
    assert sizes.sum() == math.comb(44, 5) and prefixes.shape[1] == 2
    out = np.zeros((len(prefixes), spot.width), dtype=np.int64)
    spot.exact(prefixes, out, 1)
    assert out[:, -1].tolist() == sizes.tolist()  # each chunk counted its own boards
    for bad in ([[0, 44]], [[3, 2]], [[-1, 5]], [[40, 41]]):
        with pytest.raises(ValueError, match="not a chunk"):
            spot.exact(np.array(bad, dtype=np.int32), np.zeros((1, spot.width), dtype=np.int64), 1)
    with pytest.raises(ValueError, match="columns"):
        spot.exact(np.zeros((1, 1), dtype=np.int32), np.zeros((1, spot.width), dtype=np.int64), 1)
    with pytest.raises(ValueError, match="out must be"):
        spot.exact(prefixes, np.zeros((1, spot.width), dtype=np.int64), 1)
    with pytest.raises(ValueError, match="past the end"):
        spot.sample(1, 0, 4096, np.zeros((2, spot.width), dtype=np.int64), 1)
    with pytest.raises(ValueError):
        _equity.EquitySpot(holes[:1], np.zeros(0, dtype=np.uint8), deck)
    with pytest.raises(ValueError, match="ascending"):
        _equity.EquitySpot(holes, np.zeros(0, dtype=np.uint8), deck[::-1].copy())
