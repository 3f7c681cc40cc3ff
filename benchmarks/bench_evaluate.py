"""Evaluator throughput: batch kernels, the scalar call, table build, and peers.

Run: ``python -m pytest benchmarks/bench_evaluate.py --benchmark-only``.
Each benchmark checks its result (a checksum or agreement with a peer).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from conftest import random_deals, timed

import omaha8
from omaha8.core import _core

N_DEALS = 1_000_000


@pytest.fixture(scope="module")
def deals4() -> tuple[np.ndarray, np.ndarray]:
    return random_deals(2026, N_DEALS, 4)


@pytest.fixture(scope="module")
def deals5() -> tuple[np.ndarray, np.ndarray]:
    return random_deals(2027, N_DEALS, 5)


@pytest.mark.parametrize("hole_size", [4, 5])
@pytest.mark.parametrize("threads", [1, 2])
def test_evaluate_batch(
    benchmark, request, report: Callable[[str], None], hole_size: int, threads: int  # type: ignore[no-untyped-def]
) -> None:
    holes, boards = request.getfixturevalue(f"deals{hole_size}")
    high, low = benchmark(omaha8.evaluate_batch, holes, boards, n_threads=threads)
    # the result must not depend on the thread count
    ref_high, ref_low = omaha8.evaluate_batch(holes[:50_000], boards[:50_000], n_threads=1)
    assert np.array_equal(high[:50_000], ref_high) and np.array_equal(low[:50_000], ref_low)
    assert 1 <= high.min() and high.max() <= 7462 and low.max() <= 56
    seconds = timed(benchmark)
    if seconds is not None:
        rate = len(holes) / seconds
        benchmark.extra_info["players_per_second"] = rate
        report(f"evaluate_batch {hole_size}-card, {threads} thread(s): {rate / 1e6:.1f} M players/s (best of rounds)")


def test_evaluate_one_hand(benchmark, report: Callable[[str], None]) -> None:  # type: ignore[no-untyped-def]
    hole, board = (51, 47, 0, 4), (49, 45, 41, 8, 12)
    hand = benchmark(omaha8.evaluate, hole, board)
    assert (hand.high, hand.low) == (5854, 56)  # the wheel: five-high straight and the best low
    seconds = timed(benchmark, "median")
    if seconds is not None:
        report(f"evaluate one hand: {seconds * 1e6:.2f} us per call (median)")


def test_evaluate_one_hand_with_descriptions(benchmark) -> None:  # type: ignore[no-untyped-def]
    def run() -> tuple[str, str]:
        hand = omaha8.evaluate((51, 47, 0, 4), (49, 45, 41, 8, 12))
        return hand.high_description, hand.low_description

    assert benchmark(run) == ("Straight, five high", "5-4-3-2-A low")


def test_table_build(benchmark, report: Callable[[str], None]) -> None:  # type: ignore[no-untyped-def]
    rebuild = getattr(_core, "rebuild_tables", None)  # a private helper that may move
    if rebuild is None:
        pytest.skip("this build has no omaha8.core._core.rebuild_tables")
    benchmark(rebuild)
    hole, board = (51, 47, 0, 4), (49, 45, 41, 8, 12)
    assert omaha8.evaluate(hole, board).high == 5854
    seconds = timed(benchmark, "median")
    if seconds is not None:
        report(f"table build (done once at import): {seconds * 1e3:.1f} ms")


PEER_DEALS = 20_000


def test_peer_phevaluator_high_only(benchmark, deals4, report: Callable[[str], None]) -> None:  # type: ignore[no-untyped-def]
    phevaluator = pytest.importorskip("phevaluator")
    holes, boards = deals4[0][:PEER_DEALS].tolist(), deals4[1][:PEER_DEALS].tolist()

    def run() -> list[int]:
        return [phevaluator.evaluate_omaha_cards(*b, *h) for h, b in zip(holes, boards)]

    ranks = benchmark.pedantic(run, rounds=3, iterations=1)
    ours = omaha8.evaluate_high_batch(deals4[0][:PEER_DEALS], deals4[1][:PEER_DEALS], n_threads=1)
    # phevaluator ranks 1 (royal flush) .. 7462: the same classes in reverse
    assert (7463 - np.array(ranks) == ours).all()
    seconds = timed(benchmark)
    if seconds is None:
        return
    peer_rate = PEER_DEALS / seconds
    mine = _best_rate(lambda: omaha8.evaluate_batch(*deals4, n_threads=1), N_DEALS)
    benchmark.extra_info.update(peer_players_per_second=peer_rate, omaha8_players_per_second=mine)
    report(f"phevaluator (high only), 4-card: {peer_rate / 1e3:.0f} k players/s; "
           f"omaha8 high+low 1 thread: {mine / 1e6:.1f} M/s = {mine / peer_rate:.0f}x")


def test_peer_pokerkit_high_and_low(benchmark, deals4, report: Callable[[str], None]) -> None:  # type: ignore[no-untyped-def]
    pokerkit = pytest.importorskip("pokerkit")
    n = 1_000
    text = [(omaha8.format_cards(h, sep=""), omaha8.format_cards(b, sep=""))
            for h, b in zip(deals4[0][:n], deals4[1][:n])]

    def run() -> list[tuple[object, object]]:
        return [(pokerkit.OmahaHoldemHand.from_game(h, b), pokerkit.OmahaEightOrBetterLowHand.from_game_or_none(h, b))
                for h, b in text]

    hands = benchmark.pedantic(run, rounds=1, iterations=1)
    _, low = omaha8.evaluate_batch(deals4[0][:n], deals4[1][:n])
    assert [hand_low is not None for _, hand_low in hands] == (low > 0).tolist()
    seconds = timed(benchmark)
    if seconds is None:
        return
    peer_rate = n / seconds
    mine = _best_rate(lambda: omaha8.evaluate_batch(*deals4, n_threads=1), N_DEALS)
    benchmark.extra_info.update(peer_players_per_second=peer_rate, omaha8_players_per_second=mine)
    report(f"pokerkit (high and low), 4-card: {peer_rate:.0f} players/s; "
           f"omaha8 high+low 1 thread: {mine / 1e6:.1f} M/s = {mine / peer_rate:.0f}x")


def _best_rate(run: Callable[[], object], n: int, repeats: int = 3) -> float:
    import time

    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return n / best
