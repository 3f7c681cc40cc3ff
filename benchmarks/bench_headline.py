"""The headline throughput table: one benchmark a row, each next to a reference measured in the same run.

Run: ``python -m pytest benchmarks/bench_headline.py --benchmark-only --benchmark-json=headline.json``
then ``python benchmarks/check.py headline.json`` for the table (``--quick``: the sizes CI runs).

Every row runs on one thread and is timed in CPU time (``time.process_time``),
best of its rounds, but for ``omaha8 batch``: its row is the command end to
end on every core (it reads, computes and writes in threads of their own),
timed in wall time against the same kernels on every core. Each records ``extra_info["units"]``, the players, deals,
hands, rows or calls one round does, so the checker can put it per unit; a
figure measured outside pytest-benchmark's timer (import time, in fresh
processes) is recorded as ``extra_info["seconds_per_unit"]`` instead.

The references give the regression check a yardstick from the same machine
and the same moment, since CI machines differ and are noisy:

* ``test_reference_twin``: omaha8's pure-Python evaluator (``omaha8.core._reference``,
  the spec the kernels are tested against) on a small sample: interpreter
  speed, for the kernels;
* ``test_reference_small_call``: two small numpy arrays made from tuples and
  summed, the price of a small call, for the one-hand paths and the hand engine;
* ``test_reference_batch_kernels``: the kernels ``omaha8 batch`` runs, on the
  same deals in memory, for the command end to end;
* ``test_reference_import_numpy``: numpy's own import, for omaha8's.

Every benchmark checks its result.
"""

from __future__ import annotations

import itertools
import math
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from bench_batch import make_deal_file, run_batch, run_kernels, seat_rows, summary_count
from bench_game import play_omaha8
from bench_showdown import BOARD, CHIPS, FOLDED, HOLES, PAYOUTS
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
SHARE_DEALS = scaled(100_000, 20_000)
TWIN_HANDS = scaled(200, 80)
ENGINE_HANDS = scaled(2000, 600)
BATCH_ROWS = scaled(1_000_000, 200_000)
IMPORT_RUNS = scaled(20, 12)


def per_unit(benchmark, units: int) -> None:  # type: ignore[no-untyped-def]
    benchmark.extra_info["units"] = units


@pytest.fixture(scope="module")
def deals() -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """One-seat deals by hole size: (holes, boards)."""
    found = {}
    for cards in (4, 5):
        boards, holes = random_deals(EVAL_ROWS, players=1, cards=cards, seed=SEED + cards)
        found[cards] = (np.ascontiguousarray(holes[:, 0]), boards)
    return found


# -- evaluate_batch on random deals ---------------------------------------------------------------


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


def twin_values(holes: np.ndarray, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """High and low values from the pure-Python evaluator, 0 for no low as the kernels give."""
    pairs = [_reference.evaluate(h, b) for h, b in zip(holes.tolist(), boards.tolist())]
    high = np.array([p[0] for p in pairs], dtype=np.uint16)
    low = np.array([p[1] or 0 for p in pairs], dtype=np.uint8)
    return high, low


@CPU
@pytest.mark.parametrize("cards", [4, 5])
def test_reference_twin(benchmark, deals, cards: int) -> None:  # type: ignore[no-untyped-def]
    holes, boards = (a[:TWIN_HANDS] for a in deals[cards])
    high, low = benchmark.pedantic(twin_values, (holes, boards), rounds=scaled(5, 8), iterations=1, warmup_rounds=1)
    kernel_high, kernel_low = omaha8.evaluate_batch(holes, boards, n_threads=1)
    assert np.array_equal(high, kernel_high) and np.array_equal(low, kernel_low)
    per_unit(benchmark, len(holes))


# -- pot_shares, 6 seats, 4 cards ----------------------------------------------------------------


@CPU
def test_pot_shares(benchmark) -> None:  # type: ignore[no-untyped-def]
    boards, holes = random_deals(SHARE_DEALS, players=6, cards=4, seed=SEED + 6)
    shares = benchmark.pedantic(omaha8.pot_shares, (holes, boards), {"n_threads": 1},
                                rounds=ROUNDS, iterations=1, warmup_rounds=1)
    # each pot shared out exactly once, to the seats that win a half
    assert np.allclose(shares.sum(axis=1), 1.0, rtol=0, atol=1e-12)
    high, low = omaha8.winners(holes, boards, n_threads=1)
    assert np.array_equal(shares > 0, ((high | low)[:, None] & (1 << np.arange(6))) != 0)
    per_unit(benchmark, SHARE_DEALS)


# -- one hand at a time --------------------------------------------------------------------------

# As Ks 2c 3c on Ad Kd Qd 4c 5c: 2c 3c with Ad 4c 5c, the wheel, for the high (5854) and the best low (56)
WHEEL_HOLE, WHEEL_BOARD = (51, 47, 0, 4), (49, 45, 41, 8, 12)
SMALL_ITERATIONS = scaled(2000, 1000)


def small_call(benchmark, call, *args):  # type: ignore[no-untyped-def]
    """Time ``call(*args)`` per call, best of the rounds."""
    result = benchmark.pedantic(call, args, rounds=scaled(30, 12), iterations=SMALL_ITERATIONS, warmup_rounds=1)
    per_unit(benchmark, 1)
    return result


def small_arrays(hole: tuple[int, ...], board: tuple[int, ...]) -> int:
    return int(np.asarray(hole, dtype=np.uint8).sum()) + int(np.asarray(board, dtype=np.uint8).sum())


@CPU
def test_reference_small_call(benchmark) -> None:  # type: ignore[no-untyped-def]
    assert small_call(benchmark, small_arrays, WHEEL_HOLE, WHEEL_BOARD) == sum(WHEEL_HOLE) + sum(WHEEL_BOARD)


@CPU
@pytest.mark.parametrize("form", ["ids", "text"])
def test_evaluate_one_hand(benchmark, form: str) -> None:  # type: ignore[no-untyped-def]
    hole, board = (WHEEL_HOLE, WHEEL_BOARD) if form == "ids" else (omaha8.format_cards(WHEEL_HOLE),
                                                                  omaha8.format_cards(WHEEL_BOARD))
    hand = small_call(benchmark, omaha8.evaluate, hole, board)
    assert (hand.high, hand.low) == _reference.evaluate(WHEEL_HOLE, WHEEL_BOARD) == (5854, 56)


@CPU
def test_evaluate_batch_one_row(benchmark) -> None:  # type: ignore[no-untyped-def]
    holes, boards = np.array([WHEEL_HOLE], dtype=np.uint8), np.array([WHEEL_BOARD], dtype=np.uint8)

    def one_row() -> tuple[int, int]:
        high, low = omaha8.evaluate_batch(holes, boards, n_threads=1)
        return int(high[0]), int(low[0])

    assert small_call(benchmark, one_row) == (5854, 56)


HEADS_UP = ("As Ad 2c 3d", "Ks Kd Qh Jh")
STREETS = {"flop": "Ac Kc 4h", "turn": "Ac Kc 4h 5s", "river": "Ac Kc 4h 5s 9d"}


def equity_by_pot_shares(holes: tuple[str, ...], board: str) -> np.ndarray:
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
    board = STREETS[street]
    result = benchmark.pedantic(omaha8.equity, (list(HEADS_UP), board), {"n_threads": 1},
                                rounds=scaled(30, 12), iterations=scaled(100, 40), warmup_rounds=1)
    shown = len(omaha8.parse_cards(board))
    assert result.exact and result.boards == math.comb(52 - 8 - shown, 5 - shown)
    np.testing.assert_allclose(result.equity, equity_by_pot_shares(HEADS_UP, board), rtol=0, atol=1e-12)
    per_unit(benchmark, 1)


@CPU
@pytest.mark.parametrize("form", ["ids", "text"])
def test_showdown_side_pots(benchmark, form: str) -> None:  # type: ignore[no-untyped-def]
    if form == "ids":  # what a game engine holds: tuples of card ids
        board: object = tuple(int(c) for c in omaha8.parse_cards(BOARD))
        holes: object = [tuple(int(c) for c in omaha8.parse_cards(h)) for h in HOLES]
    else:
        board, holes = BOARD, list(HOLES)
    result = benchmark.pedantic(lambda: omaha8.showdown(board, holes, contributions=CHIPS, folded=FOLDED, button=0),
                                rounds=scaled(30, 12), iterations=scaled(300, 100), warmup_rounds=1)
    assert result.payouts == PAYOUTS  # hand-checked in bench_showdown
    assert [pot.amount for pot in result.pots] == [222, 210, 160]
    per_unit(benchmark, 1)


# -- the hand engine -----------------------------------------------------------------------------


@CPU
def test_hand_engine(benchmark) -> None:  # type: ignore[no-untyped-def]
    showdowns, won = benchmark.pedantic(play_omaha8, (ENGINE_HANDS, 2026, True), rounds=scaled(5, 3),
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
def test_reference_batch_kernels(benchmark, deal_file) -> None:  # type: ignore[no-untyped-def]
    _, boards, holes, counts = deal_file
    rows = seat_rows(boards, holes)
    benchmark.pedantic(run_kernels, (boards, holes, rows, True, None), rounds=5, iterations=1, warmup_rounds=1)
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
