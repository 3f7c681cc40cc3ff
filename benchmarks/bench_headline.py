"""The headline throughput table: one benchmark a row, each next to a reference of its own kind from the same run.

Run: ``python -m pytest benchmarks/bench_headline.py --benchmark-only --benchmark-json=headline.json``
then ``python benchmarks/check.py headline.json`` for the table (``--quick``: the sizes CI runs).

Every row runs on one thread and is timed in CPU time (``time.process_time``),
best of its rounds, but for ``omaha8 batch``: its row is the command end to
end on every core (it reads, computes and writes in threads of their own),
timed in wall time, against ``pot_shares`` on one thread, also in wall time.
Each records ``extra_info["units"]``, the players, deals, hands, rows or
calls one round does, so the checker can put it per unit; a
figure measured outside pytest-benchmark's timer (import time, in fresh
processes) is recorded as ``extra_info["seconds_per_unit"]`` instead.

The references give the regression check a yardstick of the same kind, from
the same machine and the same moment, since CI machines differ (in caches as
much as in clock) and are noisy:

* ``test_reference_c_baseline``: a plain C hi/lo evaluator (``c_baseline.c``,
  every 2 + 3 combination scored by lookups in tables of about 100 KB),
  compiled in this run with the system's ``cc -O3`` and run on the same
  deals, for the C kernels (``evaluate_batch``, ``pot_shares``);
* ``test_reference_python_call``: plain Python of a small call's size (card
  text read through a dict, a few checks, a frozen result) on a fresh spot
  each call, for the calls that cross the Python layer (one hand, one row,
  the equity of one spot, a showdown, the hand engine);
* ``test_reference_batch_pot_shares``: ``pot_shares`` in process on the same
  deals, already in memory, on one thread, for ``omaha8 batch`` end to end:
  the yardstick its floor, "within 2x of in-process ``pot_shares``", was set
  against (on the Zen 3 machine, whose ``pot_shares`` made 5.5 M deals a
  second on one thread, the command's 0.87 s for 1M rows was 4.5x it, and
  0.207 s on the Xeon, at 9.27 M a second, 1.9x);
* ``test_reference_import_numpy``: numpy's own import, for omaha8's.

Small calls are timed the way callers make them: every call gets a spot of
its own (new card text, new seats), drawn from a seeded stream before its
round starts, never one spot repeated, so the memo of parsed card text
(``omaha8.cards.text_ids``) misses as it does for a simulator's fresh deals.
A round is a list of such calls; its time over its calls is the time a call.

Every benchmark checks its result.
"""

from __future__ import annotations

import itertools
import math
import os
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from bench_batch import make_deal_file, run_batch, summary_count
from bench_game import play_omaha8
from c_baseline import Baseline, NoCompiler, build
from conftest import scaled

import omaha8
from omaha8.core import _reference
from omaha8.deals import random_deals

CPU = pytest.mark.benchmark(timer=time.process_time)
WALL = pytest.mark.benchmark(timer=time.perf_counter)
SEED = 20261201
# Sizes: under --quick, calls short enough that the best of many rounds is a round no other process
# interrupted (on a busy 2-core machine a 1M-row call is always interrupted, and then misses in cache)
ROUNDS = scaled(15, 30)  # rounds of each kernel benchmark; the best one counts
EVAL_ROWS = scaled(1_000_000, 100_000)
BASELINE_ROWS = EVAL_ROWS // 4
SHARE_DEALS = scaled(100_000, 20_000)
TWIN_HANDS = scaled(200, 80)
SMALL_ROUNDS = scaled(30, 25)  # rounds of each small-call benchmark: many short ones, some uninterrupted
ENGINE_HANDS = scaled(2000, 200)
BATCH_ROWS = scaled(1_000_000, 200_000)
IMPORT_RUNS = scaled(20, 12)


def per_unit(benchmark, units: int) -> None:  # type: ignore[no-untyped-def]
    benchmark.extra_info["units"] = units


@pytest.fixture(scope="module")
def deals() -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """One-seat deals by hole size: (holes, boards)."""
    found = {}
    for cards in (4, 5):
        holes, boards = random_deals(EVAL_ROWS, players=1, cards=cards, seed=SEED + cards)
        found[cards] = (np.ascontiguousarray(holes[:, 0]), boards)
    return found


@pytest.fixture(scope="module")
def c_baseline() -> Iterator[Baseline]:
    """The plain C evaluator, compiled for this run; the test skips, saying why, where no compiler exists."""
    try:
        baseline = build()
    except NoCompiler as error:
        pytest.skip(f"the C baseline rows need a C compiler: {error}")
    yield baseline
    shutil.rmtree(baseline.directory, ignore_errors=True)


def twin_values(holes: np.ndarray, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """High and low values from the pure-Python evaluator, 0 for no low as the kernels give."""
    pairs = [_reference.evaluate(h, b) for h, b in zip(holes.tolist(), boards.tolist())]
    high = np.array([p[0] for p in pairs], dtype=np.uint16)
    low = np.array([p[1] or 0 for p in pairs], dtype=np.uint8)
    return high, low


# -- the C kernels, and the plain C evaluator on the same deals -----------------------------------


@CPU
@pytest.mark.parametrize("cards", [4, 5])
def test_evaluate_batch(benchmark, deals, cards: int) -> None:  # type: ignore[no-untyped-def]
    holes, boards = deals[cards]
    high, low = benchmark.pedantic(omaha8.evaluate_batch, (holes, boards), {"n_threads": 1},
                                   rounds=ROUNDS, iterations=1, warmup_rounds=1)
    # the twin's values on a sample, and every value in range
    twin_high, twin_low = twin_values(holes[:TWIN_HANDS], boards[:TWIN_HANDS])
    assert np.array_equal(high[:TWIN_HANDS], twin_high) and np.array_equal(low[:TWIN_HANDS], twin_low)
    assert 1 <= high.min() and high.max() <= 7462 and low.max() <= 56
    per_unit(benchmark, len(holes))


@CPU
@pytest.mark.parametrize("cards", [4, 5])
def test_reference_c_baseline(benchmark, deals, c_baseline: Baseline, cards: int) -> None:  # type: ignore[no-untyped-def]
    # the first quarter of the kernel's deals: rounds about as short as the kernel's, as likely to run uninterrupted
    holes, boards = (a[:BASELINE_ROWS] for a in deals[cards])
    high, low = benchmark.pedantic(c_baseline.evaluate, (holes, boards), rounds=ROUNDS, iterations=1,
                                   warmup_rounds=1)
    # the same values as the kernel on every deal, and as the Python twin on a sample
    kernel_high, kernel_low = omaha8.evaluate_batch(holes, boards, n_threads=1)
    assert np.array_equal(high, kernel_high) and np.array_equal(low, kernel_low)
    twin_high, twin_low = twin_values(holes[:TWIN_HANDS], boards[:TWIN_HANDS])
    assert np.array_equal(high[:TWIN_HANDS], twin_high) and np.array_equal(low[:TWIN_HANDS], twin_low)
    benchmark.extra_info["command"] = " ".join(c_baseline.command)
    per_unit(benchmark, len(holes))


@CPU
def test_pot_shares(benchmark) -> None:  # type: ignore[no-untyped-def]
    holes, boards = random_deals(SHARE_DEALS, players=6, cards=4, seed=SEED + 6)
    shares = benchmark.pedantic(omaha8.pot_shares, (holes, boards), {"n_threads": 1},
                                rounds=ROUNDS, iterations=1, warmup_rounds=1)
    # each pot shared out exactly once, to the seats that win a half
    assert np.allclose(shares.sum(axis=1), 1.0, rtol=0, atol=1e-12)
    high, low = omaha8.winners(holes, boards, n_threads=1)
    assert np.array_equal(shares > 0, ((high | low)[:, None] & (1 << np.arange(6))) != 0)
    per_unit(benchmark, SHARE_DEALS)


# As Ks 2c 3c on Ad Kd Qd 4c 5c: 2c 3c with Ad 4c 5c, the wheel, for the high (5854) and the best low (56)
WHEEL_HOLE, WHEEL_BOARD = (51, 47, 0, 4), (49, 45, 41, 8, 12)


# -- small calls, a fresh spot each call ----------------------------------------------------------

# card text by id (rank * 4 + suit, as omaha8.cards): the spots' text is written here, not by omaha8
CARD_TEXT = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]


ID_OF_TEXT = {text: card for card, text in enumerate(CARD_TEXT)}


def text_of(cards: tuple[int, ...]) -> str:
    return " ".join([CARD_TEXT[card] for card in cards])


def ids_of(cards: str | tuple[int, ...]) -> list[int]:
    """The ids of a spot's cards, text (as ``text_of`` writes it) or ids."""
    return [ID_OF_TEXT[token] for token in cards.split()] if isinstance(cards, str) else list(cards)


class FreshSpots:
    """Spots from a seeded stream, a round's worth at a time: no call gets a spot another call had.

    ``round`` is a pytest-benchmark ``setup`` (untimed): it draws the next
    round's spots and keeps them as ``last`` for the result checks.
    """

    def __init__(self, make: Callable[[random.Random], Any], per_round: int, seed: int) -> None:
        self.make, self.per_round, self.rng = make, per_round, random.Random(seed)
        self.last: list[Any] = []

    def round(self) -> tuple[tuple[list[Any]], dict[str, Any]]:
        self.last = [self.make(self.rng) for _ in range(self.per_round)]
        return (self.last,), {}


def fresh_calls(benchmark, spots: FreshSpots, each: Callable[[list[Any]], list[Any]]) -> list[Any]:  # type: ignore[no-untyped-def]
    """Time ``each`` over rounds of fresh spots, per call, best round; the last round's results."""
    results = benchmark.pedantic(each, setup=spots.round, rounds=SMALL_ROUNDS, warmup_rounds=1)
    per_unit(benchmark, spots.per_round)
    assert len(results) == len(spots.last) == spots.per_round
    return results  # type: ignore[no-any-return]


def one_hand(rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A 4-card hole and a board: nine distinct cards in random order."""
    cards = rng.sample(range(52), 9)
    return tuple(cards[:4]), tuple(cards[4:])


def one_hand_text(rng: random.Random) -> tuple[str, str]:
    hole, board = one_hand(rng)
    return text_of(hole), text_of(board)


HAND_CALLS = scaled(2000, 400)  # calls a round of the one-hand benchmarks


# The Python-level yardstick: work of the size of a small call's Python layer, in plain Python.
_CALIBRATION_IDS = dict(ID_OF_TEXT)


@dataclass(frozen=True, slots=True)
class Tally:
    cards: tuple[int, ...]
    top_rank: int
    most_of_a_suit: int
    low_ranks: int


def python_call(hole: str, board: str) -> Tally:
    """Card text read through a dict, a duplicate check, a few counts, a frozen result: plain Python."""
    ids = [_CALIBRATION_IDS[token] for token in hole.split()] + [_CALIBRATION_IDS[token] for token in board.split()]
    if len(set(ids)) != len(ids):
        raise ValueError(f"a card repeats in {hole!r} {board!r}")
    ranks = sorted([card >> 2 for card in ids], reverse=True)
    suits = [0, 0, 0, 0]
    for card in ids:
        suits[card & 3] += 1
    lows = {rank for rank in ranks if rank < 7 or rank == 12}
    return Tally(tuple(ids), ranks[0], max(suits), len(lows))


@CPU
def test_reference_python_call(benchmark) -> None:  # type: ignore[no-untyped-def]
    spots = FreshSpots(one_hand_text, HAND_CALLS, SEED + 10)
    tallies = fresh_calls(benchmark, spots, lambda round_: [python_call(hole, board) for hole, board in round_])
    for tally, (hole, board) in zip(tallies, spots.last):
        assert text_of(tally.cards) == f"{hole} {board}" and tally.most_of_a_suit <= 9


@CPU
@pytest.mark.parametrize("form", ["ids", "text"])
def test_evaluate_one_hand(benchmark, form: str) -> None:  # type: ignore[no-untyped-def]
    spots = FreshSpots(one_hand if form == "ids" else one_hand_text, HAND_CALLS, SEED + 11)
    evaluate = omaha8.evaluate
    hands = fresh_calls(benchmark, spots, lambda round_: [evaluate(hole, board) for hole, board in round_])
    for hand, (hole, board) in zip(hands, spots.last):
        assert (hand.high, hand.low) == _reference.evaluate(ids_of(hole), ids_of(board))


@CPU
def test_evaluate_batch_one_row(benchmark) -> None:  # type: ignore[no-untyped-def]
    def one_row(rng: random.Random) -> tuple[np.ndarray, np.ndarray]:
        hole, board = one_hand(rng)
        return np.array([hole], dtype=np.uint8), np.array([board], dtype=np.uint8)

    spots = FreshSpots(one_row, HAND_CALLS, SEED + 12)
    evaluate_batch = omaha8.evaluate_batch
    values = fresh_calls(benchmark, spots, lambda round_: [evaluate_batch(hole, board, n_threads=1)
                                                           for hole, board in round_])
    for (high, low), (hole, board) in zip(values, spots.last):
        twin_high, twin_low = _reference.evaluate(hole[0].tolist(), board[0].tolist())
        assert high.tolist() == [twin_high] and low.tolist() == [twin_low or 0]


STREETS = {"flop": 3, "turn": 4, "river": 5}
EQUITY_CALLS = scaled(100, 20)


def equity_by_pot_shares(holes: list[str], board: str) -> np.ndarray:
    """Exact equity the long way: ``pot_shares`` on every completion of the board, averaged."""
    hole_ids = [omaha8.parse_cards(h) for h in holes]
    board_ids = list(omaha8.parse_cards(board))
    used = set(board_ids).union(*hole_ids)
    rest = [c for c in range(52) if c not in used]
    boards = np.array([board_ids + list(more) for more in itertools.combinations(rest, 5 - len(board_ids))],
                      dtype=np.uint8)
    seats = np.broadcast_to(np.array(hole_ids, dtype=np.uint8), (len(boards), len(holes), 4))
    return np.asarray(omaha8.pot_shares(np.ascontiguousarray(seats), boards, n_threads=1).mean(axis=0))


@CPU
@pytest.mark.parametrize("street", list(STREETS))
def test_equity_heads_up(benchmark, street: str) -> None:  # type: ignore[no-untyped-def]
    shown = STREETS[street]

    def heads_up(rng: random.Random) -> tuple[list[str], str]:
        cards = rng.sample(range(52), 8 + shown)
        return [text_of(tuple(cards[:4])), text_of(tuple(cards[4:8]))], text_of(tuple(cards[8:]))

    spots = FreshSpots(heads_up, EQUITY_CALLS, SEED + 20 + shown)
    equity = omaha8.equity
    results = fresh_calls(benchmark, spots, lambda round_: [equity(holes, board, n_threads=1) for holes, board in round_])
    for result, (holes, board) in zip(results, spots.last):
        assert result.exact and result.boards == math.comb(52 - 8 - shown, 5 - shown)
        np.testing.assert_allclose(result.equity, equity_by_pot_shares(holes, board), rtol=0, atol=1e-12)


# Six seats, two of them folded with dead money below every live contribution, and live levels
# low < middle < top = top: a main pot and two side pots every time.
SHOWDOWN_CALLS = scaled(300, 50)


def side_pot_spot(rng: random.Random) -> tuple[tuple[int, ...], list[tuple[int, ...]], list[int], list[int], int]:
    """(board, holes, contributions, folded, button) of a fresh 6-seat showdown with side pots."""
    cards = rng.sample(range(52), 29)
    board, holes = tuple(cards[:5]), [tuple(cards[5 + 4 * seat:9 + 4 * seat]) for seat in range(6)]
    seats = rng.sample(range(6), 6)
    low, middle, top = rng.randrange(20, 80), rng.randrange(80, 160), rng.randrange(160, 400)
    chips = [0] * 6
    for seat, amount in zip(seats, (low, middle, top, top, rng.randrange(1, 20), rng.randrange(1, 20))):
        chips[seat] = amount
    return board, holes, chips, sorted(seats[4:]), rng.randrange(6)


def side_pot_text(rng: random.Random) -> tuple[str, list[str], list[int], list[int], int]:
    board, holes, chips, folded, button = side_pot_spot(rng)
    return text_of(board), [text_of(hole) for hole in holes], chips, folded, button


@CPU
@pytest.mark.parametrize("form", ["ids", "text"])
def test_showdown_side_pots(benchmark, form: str) -> None:  # type: ignore[no-untyped-def]
    # ids: what a game engine holds, tuples of card ids
    spots = FreshSpots(side_pot_spot if form == "ids" else side_pot_text, SHOWDOWN_CALLS, SEED + 30)
    showdown = omaha8.showdown
    results = fresh_calls(benchmark, spots, lambda round_: [
        showdown(holes, board, contributions=chips, folded=folded, button=button)
        for board, holes, chips, folded, button in round_])
    for result, (board, holes, chips, folded, button) in zip(results, spots.last):
        high = [_reference.evaluate(ids_of(hole), ids_of(board))[0] for hole in holes]
        assert sum(result.payouts) == sum(chips) and len(result.pots) == 3
        for pot in result.pots:  # every pot's high half to the eligible seats with the best high
            best = max(high[seat] for seat in pot.eligible)
            assert pot.high_winners == tuple(seat for seat in pot.eligible if high[seat] == best)
            assert not set(pot.eligible) & set(folded)


# -- the hand engine -----------------------------------------------------------------------------


@CPU
def test_hand_engine(benchmark) -> None:  # type: ignore[no-untyped-def]
    showdowns, won = benchmark.pedantic(play_omaha8, (ENGINE_HANDS, 2026, True), rounds=scaled(5, 10),
                                        iterations=1, warmup_rounds=0)
    # chips conserved in every hand (asserted inside), the same seed plays the same hands
    assert play_omaha8(ENGINE_HANDS, 2026, True) == (showdowns, won)
    assert 0 < showdowns < ENGINE_HANDS and won > 0
    per_unit(benchmark, ENGINE_HANDS)


# -- omaha8 batch end to end ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def deal_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, np.ndarray, np.ndarray, dict[str, int]]:
    return make_deal_file(tmp_path_factory.mktemp("headline") / "deals.csv", BATCH_ROWS)


@WALL
def test_batch_default_columns(benchmark, deal_file, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path, boards, holes, counts = deal_file
    out = tmp_path / "results.csv"
    argv = ["batch", str(path), "-o", str(out)]
    text = benchmark.pedantic(run_batch, (argv,), setup=lambda: out.unlink(missing_ok=True),
                              rounds=5, iterations=1, warmup_rounds=1)
    assert summary_count(text, "deals") == BATCH_ROWS
    assert summary_count(text, "scoops") == counts["scoops"] and summary_count(text, "no low") == counts["no_low"]
    with open(out, "rb") as f:
        assert sum(chunk.count(b"\n") for chunk in iter(lambda: f.read(1 << 24), b"")) == BATCH_ROWS + 1
    per_unit(benchmark, BATCH_ROWS)


@WALL
def test_reference_batch_pot_shares(benchmark, deal_file) -> None:  # type: ignore[no-untyped-def]
    _, boards, holes, counts = deal_file
    shares = benchmark.pedantic(omaha8.pot_shares, (holes, boards), {"n_threads": 1}, rounds=5, iterations=1,
                                warmup_rounds=1)
    # every pot shared out, and the deals are the file's (its count of deals without a low)
    assert np.allclose(shares.sum(axis=1), 1.0, rtol=0, atol=1e-12)
    _, low = omaha8.winners(holes, boards, n_threads=1)
    assert int((low == 0).sum()) == counts["no_low"]
    per_unit(benchmark, BATCH_ROWS)


# -- import time, in fresh processes -------------------------------------------------------------

NUMPY_IMPORT = "import time; t = time.process_time(); import numpy; print(time.process_time() - t)"
OWN_IMPORT = "import time, numpy; t = time.process_time(); import omaha8; print(time.process_time() - t)"


def best_import(code: str) -> float:
    """Best CPU seconds ``code`` reports over fresh interpreters (this one's path and environment).

    numpy's BLAS on one thread: its threads starting up would count about 25 ms of CPU, more or less
    of it as the machine is busy, in what is numpy's import and our reference.
    """
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    times = []
    for _ in range(IMPORT_RUNS):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
        times.append(float(done.stdout))
    return min(times)


def test_reference_import_numpy(benchmark) -> None:  # type: ignore[no-untyped-def]
    seconds = benchmark.pedantic(best_import, (NUMPY_IMPORT,), rounds=1, iterations=1)
    assert 0 < seconds < 10
    benchmark.extra_info["seconds_per_unit"] = seconds


def test_import_omaha8(benchmark) -> None:  # type: ignore[no-untyped-def]
    seconds = benchmark.pedantic(best_import, (OWN_IMPORT,), rounds=1, iterations=1)
    assert 0 < seconds < 10
    # a fresh interpreter imports this omaha8, and one that works
    probe = f"import omaha8; print(omaha8.__file__, omaha8.evaluate({WHEEL_HOLE}, {WHEEL_BOARD}).high)"
    where = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert where.stdout.split() == [omaha8.__file__, "5854"]
    benchmark.extra_info["seconds_per_unit"] = seconds
