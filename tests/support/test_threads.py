"""Threads: how many a call uses, that results never depend on it, the wait policy, and inputs that another
thread changes during a call. CPU and wall time are measured in benchmarks/bench_threads.py, not here."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

import omaha8
from omaha8.core import _core
from omaha8._support import _threads
from omaha8.deals import format_card_array, parse_card_array, random_deals
from omaha8.errors import ArgumentError, ArgumentTypeError, Omaha8Error
from omaha8.pots._showdown import pot_shares, winners

# where the omaha8 under test was imported from (src/ in a checkout, site-packages when installed):
# subprocesses must run that same build
SRC = Path(omaha8.__file__).resolve().parent.parent
WORK = _threads.WORK_PER_THREAD


def test_small_work_runs_on_one_thread() -> None:
    assert _threads.threads_for(8, 0) == 1
    assert _threads.threads_for(8, 2 * WORK - 1) == 1  # a second thread needs a full share of its own
    assert _threads.threads_for(8, 2 * WORK) == 2
    assert _threads.threads_for(8, 5 * WORK + 7) == 5
    assert _threads.threads_for(3, 100 * WORK) == 3  # never more than asked
    assert _threads.threads_for(1, 100 * WORK) == 1
    assert _threads.threads_for(6) == 6  # unknown work: as many as asked
    assert _threads.threads_for(None, 100 * WORK) == min(100, omaha8.max_threads())
    assert _threads.threads_for(np.int64(4), 100 * WORK) == 4


@pytest.mark.parametrize("bad,error", [(0, ArgumentError), (-3, ArgumentError), (2**64, ArgumentError),
                                       (True, ArgumentTypeError), (2.0, ArgumentTypeError), ("2", ArgumentTypeError)])
def test_thread_counts_are_checked(bad: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="n_threads"):
        _threads.threads_for(bad)
    holes, boards = random_deals(3, players=1, seed=1)
    with pytest.raises(error, match="n_threads"):
        omaha8.evaluate_batch(holes[:, 0], boards, n_threads=bad)  # type: ignore[arg-type]
    with pytest.raises(error, match="n_threads"):
        winners(holes, boards, n_threads=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("n", [1, 2 * WORK - 1, 2 * WORK, 2 * WORK + 1, 5 * WORK + 3])
def test_results_do_not_depend_on_threads_either_side_of_the_threshold(n: int) -> None:
    holes, boards = random_deals(n, players=3, cards=4, seed=n)
    flat, seat_boards = holes.reshape(-1, 4), np.repeat(boards, 3, axis=0)
    one = omaha8.evaluate_batch(flat, seat_boards, n_threads=1)
    one_winners, one_shares = winners(holes, boards, n_threads=1), pot_shares(holes, boards, n_threads=1)
    text = format_card_array(flat, n_threads=1)
    for threads in (2, 3, None):
        high, low = omaha8.evaluate_batch(flat, seat_boards, n_threads=threads)
        assert np.array_equal(high, one[0]) and np.array_equal(low, one[1])
        for got, want in zip(winners(holes, boards, n_threads=threads), one_winners):
            assert np.array_equal(got, want)
        assert np.array_equal(pot_shares(holes, boards, n_threads=threads), one_shares)
        assert np.array_equal(random_deals(n, players=3, seed=n, n_threads=threads)[0], holes)
        assert np.array_equal(format_card_array(flat, n_threads=threads), text)
        assert np.array_equal(parse_card_array(text, n_threads=threads), flat)


def test_sampled_equity_does_not_depend_on_threads() -> None:
    # 20,000 samples of three seats: after the first chunk alone, four chunks of 4,096 and 3 * 15,904 units of
    # work, so three threads each get a chunk (an exact flop, turn or river runs on one thread whatever is
    # asked, so it is not compared here; tests/odds/test_equity.py compares the exact preflop run)
    holes = ["As 2s 3d Kh", "Qc Qd Jh Th", "5c 6c 7h 8d"]
    sampled = omaha8.equity(holes, samples=20000, seed=3, n_threads=1)
    assert np.array_equal(omaha8.equity(holes, samples=20000, seed=3, n_threads=3).equity, sampled.equity)


def _environment_after_import(env: dict[str, str]) -> str:
    code = "import os, omaha8; print(os.environ.get('OMP_WAIT_POLICY'))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={**env, "PYTHONPATH": str(SRC)})
    assert run.returncode == 0, run.stderr
    return run.stdout.strip()


def test_idle_threads_sleep_unless_the_environment_says_otherwise() -> None:
    env = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}
    assert _environment_after_import(env) == "PASSIVE"
    assert _environment_after_import({**env, "OMP_WAIT_POLICY": "ACTIVE"}) == "ACTIVE"


def test_an_input_changed_during_the_call_gives_a_clear_answer() -> None:
    # one row flips between a valid hand and one that repeats a board card while other threads of
    # the process evaluate the array: every call returns the values of one state or raises omaha8's error
    holes, boards = random_deals(4 * WORK, players=1, cards=4, seed=5)
    holes = np.ascontiguousarray(holes[:, 0])
    row = len(holes) // 2
    good = holes[row].copy()
    bad = good.copy()
    bad[0] = boards[row, 0]
    want_high, want_low = omaha8.evaluate_batch(holes, boards)
    stop = threading.Event()

    def flip() -> None:
        while not stop.is_set():
            holes[row] = bad
            holes[row] = good

    flipper = threading.Thread(target=flip, daemon=True)
    flipper.start()
    outcomes = {"values": 0, "error": 0}
    try:
        for _ in range(200):
            try:
                high, low = omaha8.evaluate_batch(holes, boards, n_threads=2)
            except Omaha8Error as exc:
                assert "appears twice" in str(exc) and f"deal {row}" in str(exc)
                outcomes["error"] += 1
            else:
                assert np.array_equal(high, want_high) and np.array_equal(low, want_low)
                outcomes["values"] += 1
    finally:
        stop.set()
        flipper.join(10)
    assert sum(outcomes.values()) == 200
