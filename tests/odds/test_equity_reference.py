"""Exact equity equals a brute-force twin: every board, the reference evaluator, Fractions.

The twin (the ``twin`` fixture of ``conftest.py``) enumerates the remaining
boards with itertools, scores each player with :mod:`omaha8.core._reference`
(every 2-of-hole x 3-of-board hand, in pure Python) and splits each pot by
the rules in plain Fractions, so it shares no code with the kernels beyond
the card ids.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from omaha8.cards import parse_cards
from omaha8.odds._equity import equity

Twin = Callable[..., Any]
Matches = Callable[..., None]


def deal(rng: random.Random, players: int, hole_size: int, board_size: int, dead: int) -> tuple:
    cards = rng.sample(range(52), players * hole_size + board_size + dead)
    holes = [cards[i * hole_size : (i + 1) * hole_size] for i in range(players)]
    board = cards[players * hole_size : players * hole_size + board_size]
    return holes, board, cards[players * hole_size + board_size :]


@pytest.mark.parametrize("seed", range(12))
def test_turn_spots(seed: int, twin: Twin, assert_matches: Matches) -> None:
    rng = random.Random(seed)
    players = rng.randint(2, 6)
    holes, board, dead = deal(rng, players, rng.choice((4, 5)), 4, rng.randint(0, 3))
    assert_matches(equity(holes, board, dead), twin(holes, board, dead))


@pytest.mark.parametrize("seed", range(12))
def test_river_spots(seed: int, twin: Twin, assert_matches: Matches) -> None:
    rng = random.Random(100 + seed)
    holes, board, dead = deal(rng, rng.randint(2, 9), rng.choice((4, 5)), 5, 0)
    assert_matches(equity(holes, board, dead), twin(holes, board, dead))


@pytest.mark.parametrize("seed", range(4))
def test_flop_spots(seed: int, twin: Twin, assert_matches: Matches) -> None:
    # dead cards keep the twin quick: 20 cards left, 190 boards
    rng = random.Random(200 + seed)
    players = 2 + seed % 2
    hole_size = 4 + seed // 2
    dead_count = 52 - players * hole_size - 3 - 20
    holes, board, dead = deal(rng, players, hole_size, 3, dead_count)
    assert_matches(equity(holes, board, dead), twin(holes, board, dead))


def test_flop_spot_full_deck(twin: Twin, assert_matches: Matches) -> None:
    holes = [parse_cards("Ah 2h 3c Kd").tolist(), parse_cards("Ks Kc Qs Jd").tolist()]
    board = parse_cards("4h 5d Qh").tolist()
    assert_matches(equity(holes, board), twin(holes, board))


@pytest.mark.parametrize("seed", range(6))
def test_small_preflop_spots(seed: int, twin: Twin, assert_matches: Matches) -> None:
    # every chunk of the 5-card enumeration, on a deck cut to 9-11 cards
    rng = random.Random(300 + seed)
    players = rng.choice((2, 3))
    hole_size = rng.choice((4, 5))
    left = rng.randint(9, 11)
    holes, board, dead = deal(rng, players, hole_size, 0, 52 - players * hole_size - left)
    assert_matches(equity(holes, board, dead), twin(holes, board, dead))


def test_flush_heavy_preflop(twin: Twin, assert_matches: Matches) -> None:
    # all spades and hearts left: flushes on most boards, straight flushes on some
    holes = [parse_cards("As Ks 2h 3h").tolist(), parse_cards("Qs Js Ah 4h").tolist()]
    spades_hearts = {c for c in range(52) if c % 4 in (2, 3)}
    used = {c for hole in holes for c in hole}
    left = sorted(spades_hearts - used)[:11]
    dead = [c for c in range(52) if c not in used and c not in left]
    assert_matches(equity(holes, [], dead), twin(holes, [], dead))
