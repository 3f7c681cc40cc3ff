"""Equity agrees with pokerkit's ``calculate_equities``, an independent implementation.

pokerkit scores each sampled board with every hand type given (here the
Omaha high and the Omaha 8-or-better low), splits each type's share among its
best hands, and divides by the number of types that anyone qualified for:
the same hi/lo split. On a complete board it samples nothing, so one sample
is that board's exact split; a turn spot is then enumerated river by river
through it, and a preflop spot is compared within its sampling error.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence

import numpy as np
import pytest

pokerkit = pytest.importorskip("pokerkit")

from omaha8.cards import format_cards  # noqa: E402
from omaha8.odds._equity import equity  # noqa: E402

HAND_TYPES = (pokerkit.OmahaHoldemHand, pokerkit.OmahaEightOrBetterLowHand)


@pytest.fixture(autouse=True)
def seeded_random() -> Iterator[None]:
    """pokerkit samples with the ``random`` module: seed it, then restore it."""
    state = random.getstate()
    random.seed(20260)
    yield
    random.setstate(state)


def pokerkit_equity(holes: Sequence[Sequence[int]], board: Sequence[int], samples: int) -> list[float]:
    ranges = [[list(pokerkit.Card.parse(format_cards(list(hole), sep="")))] for hole in holes]
    board_cards = list(pokerkit.Card.parse(format_cards(list(board), sep=""))) if board else []
    return pokerkit.calculate_equities(
        ranges, board_cards, len(holes[0]), 5, pokerkit.Deck.STANDARD, HAND_TYPES, sample_count=samples
    )


def deal(rng: random.Random, players: int, hole_size: int, board_size: int) -> tuple[list[list[int]], list[int]]:
    cards = rng.sample(range(52), players * hole_size + board_size)
    return [cards[i * hole_size : (i + 1) * hole_size] for i in range(players)], cards[players * hole_size :]


@pytest.mark.parametrize("seed", range(25))
def test_river_splits(seed: int) -> None:
    rng = random.Random(seed)
    holes, board = deal(rng, rng.randint(2, 6), rng.choice((4, 5)), 5)
    ours = equity(holes, board).equity
    np.testing.assert_allclose(ours, pokerkit_equity(holes, board, 1), rtol=0, atol=1e-12)


@pytest.mark.parametrize("seed", range(3))
def test_turn_spot_river_by_river(seed: int) -> None:
    rng = random.Random(100 + seed)
    holes, board = deal(rng, 2 + seed, 4 if seed != 1 else 5, 4)
    used = {c for hole in holes for c in hole} | set(board)
    rivers = [c for c in range(52) if c not in used]
    theirs = np.mean([pokerkit_equity(holes, [*board, river], 1) for river in rivers], axis=0)
    np.testing.assert_allclose(equity(holes, board).equity, theirs, rtol=0, atol=1e-12)


def test_preflop_within_sampling_error() -> None:
    holes = [[51, 49, 0, 5], [47, 45, 42, 38]]  # As Ad 2c 3d against Ks Kd Qh Jh
    samples = 400
    ours = equity(holes).equity
    theirs = pokerkit_equity(holes, [], samples)
    # a board's share x lies in [0, 1], so its variance is at most e * (1 - e)
    tolerance = [4 * math.sqrt(e * (1 - e) / samples) for e in ours]
    assert np.all(np.abs(np.array(theirs) - ours) < tolerance), (ours, theirs)
