"""The reference evaluator orders hands exactly as pokerkit, an independent implementation, does.

pokerkit's hands compare with ``<`` and ``==`` (stronger is greater, for lows
too); its Omaha classes take any number of hole cards, always two of them
with three board cards, so they cover 5-card Omaha as well.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

pokerkit = pytest.importorskip("pokerkit")

from omaha8.core import _reference as ref  # noqa: E402
from omaha8.cards import format_cards  # noqa: E402

Deal = tuple[tuple[int, ...], tuple[int, ...]]


def text(cards: Sequence[int]) -> str:
    """pokerkit's card text: "AsKd..." with no separators."""
    return format_cards(list(cards), sep="")


def assert_same_order(values: Sequence[int], hands: Sequence[pokerkit.Hand]) -> None:
    """pokerkit's order of ``hands`` is the order of ``values``: equal iff equal, less iff less.

    Checking neighbours after sorting by value covers every pair, since both orders are total.
    """
    order = sorted(range(len(values)), key=values.__getitem__)
    for i, j in itertools.pairwise(order):
        if values[i] == values[j]:
            assert hands[i] == hands[j], (values[i], hands[i], hands[j])
        else:
            assert hands[i] < hands[j], (values[i], values[j], hands[i], hands[j])


def test_all_high_classes_in_pokerkit_order() -> None:
    values = list(range(1, ref.N_HIGH_VALUES + 1))
    hands = [pokerkit.StandardHighHand(text(ref.high_hand_of_value(v))) for v in values]
    assert_same_order(values, hands)
    # one example per category: pokerkit names the same category
    for value in (1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453):
        label = pokerkit.StandardHighHand(text(ref.high_hand_of_value(value))).entry.label.value
        assert label.lower() == ref.HIGH_CATEGORIES[ref.high_category(value)].lower()


def test_all_lows_in_pokerkit_order() -> None:
    values = list(range(1, ref.N_LOW_VALUES + 1))
    hands = [pokerkit.EightOrBetterLowHand(text(ref.low_hand_of_value(v))) for v in values]
    assert_same_order(values, hands)


def random_deals(rng: random.Random, count: int, hole_size: int, deck: Sequence[int]) -> list[Deal]:
    deals = []
    for _ in range(count):
        board_size = rng.choice((3, 4, 5, 5, 5, 5))
        cards = rng.sample(deck, hole_size + board_size)
        deals.append((tuple(cards[:hole_size]), tuple(cards[hole_size:])))
    return deals


# seeded; the low-heavy deck (A-8 and the kings) makes lows, ties and counterfeits common
RNG = random.Random(20240601)
FULL_DECK = list(range(52))
LOW_DECK = [card for card in range(52) if card >> 2 in (0, 1, 2, 3, 4, 5, 6, 11, 12)]
DEALS = {
    "4-card": random_deals(RNG, 1200, 4, FULL_DECK),
    "5-card": random_deals(RNG, 1000, 5, FULL_DECK),
    "4-card low-heavy": random_deals(RNG, 500, 4, LOW_DECK),
    "5-card low-heavy": random_deals(RNG, 400, 5, LOW_DECK),
}


@pytest.mark.parametrize("name", list(DEALS))
def test_omaha_order_agrees_with_pokerkit(name: str) -> None:
    deals = DEALS[name]
    highs: list[int] = []
    lows: list[int] = []
    kit_highs: list[pokerkit.Hand] = []
    kit_lows: list[pokerkit.Hand] = []
    for hole, board in deals:
        high, low = ref.evaluate(hole, board)
        kit_high = pokerkit.OmahaHoldemHand.from_game(text(hole), text(board))
        kit_low = pokerkit.OmahaEightOrBetterLowHand.from_game_or_none(text(hole), text(board))
        # a low exists for both or for neither
        assert (low is None) == (kit_low is None), (text(hole), text(board), low, kit_low)
        highs.append(high)
        kit_highs.append(kit_high)
        if low is not None and kit_low is not None:
            lows.append(low)
            kit_lows.append(kit_low)
    assert 0 < len(lows) < len(deals)  # both kinds of deal were seen
    assert_same_order(highs, kit_highs)
    assert_same_order(lows, kit_lows)
    # and directly, on random pairs of deals
    rng = random.Random(name)
    for _ in range(1000):
        i, j = rng.randrange(len(deals)), rng.randrange(len(deals))
        assert (highs[i] < highs[j]) == (kit_highs[i] < kit_highs[j])
        assert (highs[i] == highs[j]) == (kit_highs[i] == kit_highs[j])
    for _ in range(1000):
        i, j = rng.randrange(len(lows)), rng.randrange(len(lows))
        assert (lows[i] < lows[j]) == (kit_lows[i] < kit_lows[j])
        assert (lows[i] == lows[j]) == (kit_lows[i] == kit_lows[j])


def test_best_five_cards_match_pokerkit_strength() -> None:
    # the five cards the reference picks are a hand pokerkit rates as its own best
    for hole, board in DEALS["5-card low-heavy"][:200]:
        _, high_cards = ref.best_high(hole, board)
        assert pokerkit.StandardHighHand(text(high_cards)) == pokerkit.StandardHighHand(
            pokerkit.OmahaHoldemHand.from_game(text(hole), text(board)).cards
        )
        _, low_cards = ref.best_low(hole, board)
        kit_low = pokerkit.OmahaEightOrBetterLowHand.from_game_or_none(text(hole), text(board))
        if low_cards is None:
            assert kit_low is None
        else:
            assert kit_low is not None
            assert pokerkit.EightOrBetterLowHand(text(low_cards)) == pokerkit.EightOrBetterLowHand(kit_low.cards)
