"""omaha8.core._starting_hands: the suit-isomorphism classes, proved against their orbits."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha8.cards import format_cards, parse_cards
from omaha8.errors import CardError, DuplicateCardError, ShapeError
from omaha8.core._starting_hands import N_CLASSES, canonical_form, canonical_hands, canonical_index

PERMUTATIONS = np.array(list(itertools.permutations(range(4))), dtype=np.uint8)  # 24 suit renamings


def orbit_bits(hands: np.ndarray) -> np.ndarray:
    """(K, 24) uint64: every suit renaming of every hand, each as a 52-bit card set."""
    ranks, suits = hands >> 2, hands & 3
    renamed = ranks[:, None, :] * 4 + PERMUTATIONS[:, suits].transpose(1, 0, 2)  # (K, 24, k)
    return np.bitwise_or.reduce(np.left_shift(1, renamed, dtype=np.uint64), axis=2)


def all_hands(k: int) -> np.ndarray:
    return np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), k)),
                       dtype=np.uint8).reshape(-1, k)


@pytest.mark.parametrize("k", [4, 5])
def test_classes_partition_every_hand_into_suit_orbits(k: int) -> None:
    hands, multiplicity = canonical_hands(k)
    assert hands.shape == (N_CLASSES[k], k) and multiplicity.shape == (N_CLASSES[k],)
    assert int(multiplicity.sum()) == math.comb(52, k)
    assert ((hands >= 0) & (hands < 52)).all()
    # distinct cards, listed from the highest id down
    assert (np.diff(hands.astype(np.int16), axis=1) < 0).all()
    orbits = orbit_bits(hands)
    orbits.sort(axis=1)
    sizes = 1 + (np.diff(orbits, axis=1) != 0).sum(axis=1)
    # each class's multiplicity is the number of distinct suit renamings of its representative...
    assert np.array_equal(sizes, multiplicity)
    # ...and the orbits are disjoint and together hold C(52, k) distinct hands: every hand once
    every = np.sort(orbits.ravel())
    assert 1 + int((np.diff(every) != 0).sum()) == math.comb(52, k)


@pytest.mark.parametrize("k", [4, 5])
def test_every_hand_maps_to_the_class_whose_orbit_holds_it(k: int) -> None:
    hands, multiplicity = canonical_hands(k)
    orbits = orbit_bits(hands)
    flat = orbits.ravel()
    order = np.argsort(flat, kind="stable")
    members, owner = flat[order], order // 24  # every orbit member, and its class
    every = all_hands(k)
    bits = np.bitwise_or.reduce(np.left_shift(1, every, dtype=np.uint64), axis=1)
    at = np.searchsorted(members, bits)
    assert np.array_equal(members[at], bits)
    expected = owner[at]
    found = canonical_index(every)
    assert np.array_equal(found, expected)
    assert np.array_equal(np.bincount(found, minlength=len(hands)), multiplicity)


@pytest.mark.parametrize("k", [4, 5])
def test_representatives_are_their_own_canonical_form(k: int) -> None:
    hands, _ = canonical_hands(k)
    assert np.array_equal(canonical_index(hands), np.arange(len(hands)))
    for i in (0, 1, len(hands) // 2, len(hands) - 1):
        assert canonical_form(hands[i]) == tuple(hands[i].tolist())


def test_class_order_and_cache() -> None:
    hands, multiplicity = canonical_hands(4)
    assert format_cards(hands[0]) == "As Ah Ad Ac" and format_cards(hands[-1]) == "2s 2h 2d 2c"
    keys = [tuple(row) for row in hands[:2000].tolist()]
    assert keys == sorted(keys, reverse=True)
    assert canonical_hands(4)[0] is hands  # cached, and read-only so nobody changes the cache
    with pytest.raises(ValueError):
        hands[0, 0] = 0
    with pytest.raises(ValueError):
        multiplicity[0] = 0


# (hand, real hands in its class), counted by hand
HAND_CHECKED = [
    ("As Ah Ad Ac", 1),        # one way
    ("As Ks Qs Js", 4),        # monotone: pick the suit
    ("As Ks Qh Jh", 12),       # two suited pairs: 4 * 3
    ("As Ah Ks Kh", 6),        # double-suited aces and kings: pick two suits of four
    ("As Ah Ks Kd", 24),       # the shared suit 4, the other ace 3, the other king 2
    ("As Kh Qd Jc", 24),       # rainbow, four ranks: 4!
    ("As Ah Ad Ks", 12),       # the suit without an ace 4, the king's suit among the other 3
    ("As Ah Ad Kc", 4),        # the king in the suit without an ace
    ("2c 2d 3c 3d", 6),
    ("As Ks Qs Js Ts", 4),     # 5-card monotone
    ("As Kh Qd Jc Ts", 24),    # 5-card: spades doubled, three singletons
    ("As Ah Ks Kh Qd", 12),    # 5-card: AK in two suits (6 ways), the queen in one of the other two
    ("As Ah Ad Ac Ks", 4),     # 5-card: all four aces, the king in any suit
]


@pytest.mark.parametrize("hand,expected", HAND_CHECKED)
def test_hand_checked_multiplicities(hand: str, expected: int) -> None:
    cards = parse_cards(hand)
    _, multiplicity = canonical_hands(len(cards))
    assert int(multiplicity[int(canonical_index(cards))]) == expected
    # and independently: the distinct suit renamings of the hand itself
    assert len(set(orbit_bits(cards.reshape(1, -1))[0].tolist())) == expected


def test_hand_checked_forms() -> None:
    assert format_cards(canonical_form("Kd Ad Kc Ac")) == "As Ah Ks Kh"
    assert format_cards(canonical_form("2c 3c 4d 5h 6s")) == "6h 5d 4c 3s 2s"
    assert format_cards(canonical_form([0, 4, 8, 12])) == "5s 4s 3s 2s"
    assert format_cards(canonical_form("Qh Jc Td 9s Ah")) == "As Qs Jh Td 9c"


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([4, 5]), st.randoms(use_true_random=False))
def test_form_ignores_suit_names_and_card_order(k: int, rnd: object) -> None:
    import random

    assert isinstance(rnd, random.Random)
    hand = rnd.sample(range(52), k)
    perm = rnd.sample(range(4), 4)
    renamed = [(c >> 2) * 4 + perm[c & 3] for c in hand]
    rnd.shuffle(renamed)
    form = canonical_form(hand)
    assert canonical_form(renamed) == form
    assert int(canonical_index(renamed)) == int(canonical_index(hand))
    # the form is the hand under some suit renaming: same ranks, suits mapped one to one
    assert sorted(c >> 2 for c in form) == sorted(c >> 2 for c in hand)
    assert any(sorted((c >> 2) * 4 + p[c & 3] for c in hand) == sorted(form) for p in itertools.permutations(range(4)))


def test_errors_name_the_problem() -> None:
    with pytest.raises(ShapeError, match="cards must be 4 or 5"):
        canonical_hands(3)
    with pytest.raises(ShapeError, match="cards must be 4 or 5"):
        canonical_hands(True)  # type: ignore[arg-type]
    with pytest.raises(ShapeError, match="hole must have 4 or 5 cards, got 3"):
        canonical_form("As Ks Qs")
    with pytest.raises(DuplicateCardError, match=r"'Ks' appears twice in hole: hole\[1\] and hole\[3\]"):
        canonical_form("As Ks Qs Ks")
    with pytest.raises(CardError, match="'Zz' is not a card"):
        canonical_form("As Ks Qs Zz")
    with pytest.raises(DuplicateCardError, match=r"'2c' appears twice in holes\[1\]: holes\[1, 0\] and holes\[1, 2\]"):
        canonical_index([[51, 50, 49, 48], [0, 1, 0, 2]])
    with pytest.raises(ShapeError, match="4 or 5 cards per hand"):
        canonical_index([[0, 1, 2]])
    with pytest.raises(CardError, match=r"holes\[1, 2\] = 60 is not a card id"):
        canonical_index(np.array([[0, 1, 2, 3], [4, 5, 60, 7]], dtype=np.uint8))


def test_the_popcount_table_counts_the_ranks_of_each_mask() -> None:
    from omaha8.core._starting_hands import _POPCOUNT

    # the vectorised table against Python's own bit count, mask by mask (0b1011 holds 3 ranks)
    assert _POPCOUNT[0b1011] == 3
    assert _POPCOUNT.tolist() == [bin(m).count("1") for m in range(1 << 13)]
