"""The fixed order of every starting hand that ranges are aligned with."""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest

from omaha8.ranges.universe import all_hands, hand_index, n_hands


@pytest.mark.parametrize("cards", [4, 5])
def test_rows_are_every_hand_once_in_lexicographic_order(cards: int) -> None:
    hands = all_hands(cards)
    assert hands.shape == (comb(52, cards), cards) == (n_hands(cards), cards)
    assert (np.diff(hands.astype(int), axis=1) > 0).all()  # ascending within a row
    # lexicographic: each row compares greater than the one before it
    step = hands[1:].astype(int) - hands[:-1].astype(int)
    first_change = np.argmax(step != 0, axis=1)
    assert (step[np.arange(len(step)), first_change] > 0).all()
    assert not hands.flags.writeable


def test_first_rows_match_itertools() -> None:
    expected = list(itertools.islice(itertools.combinations(range(52), 4), 5000))
    assert all_hands(4)[:5000].tolist() == [list(c) for c in expected]


@pytest.mark.parametrize("cards", [4, 5])
def test_index_inverts_rows_in_any_card_order(cards: int) -> None:
    hands = all_hands(cards)
    rng = np.random.default_rng(3)
    rows = rng.choice(len(hands), 20_000, replace=False)
    shuffled = rng.permuted(hands[rows].astype(np.int64), axis=1)
    assert (hand_index(shuffled) == rows).all()
    assert hand_index(hands[-1:])[0] == len(hands) - 1


def test_bad_shapes_are_refused() -> None:
    with pytest.raises(ValueError):
        all_hands(3)
    with pytest.raises(ValueError):
        hand_index([[1, 2, 3]])
