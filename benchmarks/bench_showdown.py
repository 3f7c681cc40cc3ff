"""Showdown throughput: the pot_shares / winners kernels and one settled hand.

Run: ``python -m pytest benchmarks/bench_showdown.py --benchmark-only``.
Each benchmark checks its result (row sums, agreement across thread counts,
hand-checked payouts).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from conftest import random_deals, timed

from omaha8.cards import parse_cards
from omaha8.pots._showdown import pot_shares, showdown, winners

N_DEALS = 100_000
N_SEATS = 6


@pytest.fixture(scope="module")
def deals4() -> tuple[np.ndarray, np.ndarray]:
    return random_deals(3031, N_DEALS, 4, players=N_SEATS)


@pytest.fixture(scope="module")
def deals5() -> tuple[np.ndarray, np.ndarray]:
    return random_deals(3032, N_DEALS, 5, players=N_SEATS)


@pytest.mark.parametrize("hole_size", [4, 5])
@pytest.mark.parametrize("threads", [1, 2])
def test_pot_shares(
    benchmark, request, report: Callable[[str], None], hole_size: int, threads: int  # type: ignore[no-untyped-def]
) -> None:
    holes, boards = request.getfixturevalue(f"deals{hole_size}")
    shares = benchmark(pot_shares, holes, boards, n_threads=threads)
    # every deal's pot is shared out exactly once, and the thread count changes nothing
    assert shares.shape == (N_DEALS, N_SEATS)
    assert np.allclose(shares.sum(axis=1), 1.0, rtol=0, atol=1e-12)
    assert abs(shares.sum() - N_DEALS) < 1e-6
    assert np.array_equal(shares[:20_000], pot_shares(holes[:20_000], boards[:20_000], n_threads=1))
    high, low = winners(holes[:20_000], boards[:20_000], n_threads=1)
    seat_bits = 1 << np.arange(N_SEATS)
    assert np.array_equal((shares[:20_000] > 0), ((high | low)[:, None] & seat_bits) != 0)
    best = timed(benchmark, "min")
    if best is not None:
        rate = N_DEALS / best
        benchmark.extra_info["deals_per_second"] = rate
        benchmark.extra_info["seats"] = N_SEATS
        benchmark.extra_info["low_rows"] = float(np.mean(low > 0))
        report(f"pot_shares {N_SEATS} seats {hole_size}-card, {threads} thread(s): {rate / 1e6:.2f} M deals/s (best)")


def test_winners(benchmark, deals4, report: Callable[[str], None]) -> None:  # type: ignore[no-untyped-def]
    holes, boards = deals4
    high, low = benchmark(winners, holes, boards, n_threads=1)
    # every deal has at least one high winner; about 60% of random boards allow a low
    assert (high > 0).all() and 0.5 < np.mean(low > 0) < 0.7
    best = timed(benchmark, "min")
    if best is not None:
        benchmark.extra_info["deals_per_second"] = N_DEALS / best
        report(f"winners {N_SEATS} seats 4-card, 1 thread: {N_DEALS / best / 1e6:.2f} M deals/s (best)")


# Six seats, two all-ins and two folded seats: a main pot and two side pots (showdown_cases.json,
# two-all-ins-three-pots, plus dead money). Main 222: high seat 0 (three kings) 111, low seat 2
# (7-4-3-2-A) 111. Side 210 (seats 0, 1, 3): 105 / 105 to seat 3 (7-5-3-2-A). Side 160 (0, 1): seat 0.
BOARD = "Ah 2h 7c Kd Qs"
HOLES = ("Kh Ks 9c 9d", "Qc Qh 8c 8d", "3c 4c 5d 6d", "3d 5h Jh Jc", "Tc Td 2s 2c", "As 3s 8h 7d")
CHIPS = [200, 200, 50, 120, 20, 2]
FOLDED = [4, 5]
PAYOUTS = (376, 0, 111, 105, 0, 0)


@pytest.mark.parametrize("form", ["ids", "text"])
def test_showdown_one_hand(benchmark, report: Callable[[str], None], form: str) -> None:  # type: ignore[no-untyped-def]
    if form == "ids":  # what a game engine holds: tuples of card ids
        board: object = tuple(int(c) for c in parse_cards(BOARD))
        holes: object = [tuple(int(c) for c in parse_cards(h)) for h in HOLES]
    else:
        board, holes = BOARD, list(HOLES)
    result = benchmark(showdown, holes, board, contributions=CHIPS, folded=FOLDED, button=0)
    assert result.payouts == PAYOUTS
    assert [pot.amount for pot in result.pots] == [222, 210, 160]
    per_call = timed(benchmark, "median")
    if per_call is not None:
        benchmark.extra_info["microseconds_per_call"] = per_call * 1e6
        report(f"showdown one 6-seat hand, two side pots, cards as {form}: {per_call * 1e6:.1f} us per call (median)")
