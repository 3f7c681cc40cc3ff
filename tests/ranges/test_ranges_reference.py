"""The fast range matcher against its brute-force twin (omaha8.ranges._reference), on every feature.

Four-card hands: every one of the 270,725, directly for patterns that name suits, and through the 16,432
suit-isomorphism classes for patterns that do not (renaming suits cannot change whether such a pattern
matches, so one representative per class settles every hand of it). Five-card hands: a large seeded
sample. The quick tests check every feature on a sample of both sizes.
"""

from __future__ import annotations

import numpy as np
import pytest

from omaha8.ranges._ranges import match_patterns
from omaha8.ranges import _reference
from omaha8.ranges.combine import evaluate
from omaha8.ranges.match import compile_patterns
from omaha8.ranges.syntax import parse
from omaha8.ranges.universe import all_hands
from omaha8.core._starting_hands import canonical_hands, canonical_index

# patterns that name no suit: their result is the same for every hand of a suit class
SUIT_FREE = [
    "AA", "AA!AAA", "*", "RR", "RRON", "RONP", "RROO!RRR", "AARR", "AxAyxy", "wxy", "wxyz", "xxyy", "xxx",
    "RxRyOxOy", "RxOx", "AxKx", "RRx", "RxOxNx", "*x*x*y*y", "KK-TT", "TT+", "KK-", "A2-A5", "A5-", "A2+",
    "KT+", "JT98-5432", "8765+", "JT98-", "A23+", "AxKx-AxTx", "$B$B$L$L", "$L$L$L$ds", "A$W$W", "$N$Mx$Mx", "[K-T]x", "[KK-TT][55-33]", "[KK,QQ]R", "[A,2,3][A,2,3]$np",
    "$ds", "$ss", "$np", "$s", "$o", "$rb", "AA23$ds", "RR$ds", "RxRy$ss", "!AA", "!(RR:xx)",
    "AA:xxyy, JJ!JJJ, KK", "(AA,KK):xxyy", "AA@50, KK@20", "(AA@30, KK@60):$ds!KKK", "TT+!AA",
    # the ordering ranks suit classes, so percentages are suit-free too
    "15%", "5%-10%", "2.5%", "AA:20%", "10%!$ds", "15%@80, AA@100", "!50%",
]
# patterns that name suits or cards: checked hand by hand
SUITED = [
    "AsKhJd2c", "As", "Ks*", "*h", "sshh", "ssxx", "shx", "[A,K]s", "A[s,h]", "[As,Kh]", "[s,h][s,h]",
    "Rs Os", "Ax As", "$Bs$Lh", "KsQs-KsTs", "[A,K]s[2,3]", "A[s,h]J$ss", "As!AsAh@5, Kd@2, Qc@1",
]
# unions of every kind of pattern, matched in batches (suit-free, suit variables, anchored, macros): sampled
UNIONS = [
    "AsKs, AhKh$ds, QdJd, Tc9c, 2s3s4s, RR, RxOx, [As,Kd], sshh, AA$np, KK$np",
    "AsKs@9, AhKh@9, RxRy@3, QQ@3, 7s@1",
]
FEATURES = SUIT_FREE + SUITED + UNIONS


def fast_weights(text: str, cards: int) -> np.ndarray:
    mask, weights = evaluate(parse(text), cards, text)
    return mask.astype(np.int64) if weights is None else weights.astype(np.int64)


def reference_weights(text: str, hands: np.ndarray, cards: int) -> np.ndarray:
    tree = parse(text)
    return np.array([_reference.weight(tree, hand, cards) for hand in hands.tolist()], dtype=np.int64)


def sample_rows(fast: np.ndarray, n: int, seed: int) -> np.ndarray:
    """Random rows, half of them from inside the range (most ranges are a small part of all hands)."""
    rng = np.random.default_rng(seed)
    inside = np.flatnonzero(fast)
    rows = rng.integers(0, fast.size, n // 2)
    if inside.size:
        rows = np.concatenate([rows, inside[rng.integers(0, inside.size, n - n // 2)]])
    return np.unique(rows)


@pytest.mark.parametrize("text", FEATURES)
@pytest.mark.parametrize("cards", [4, 5])
def test_sample_agrees(text: str, cards: int) -> None:
    fast = fast_weights(text, cards)
    rows = sample_rows(fast, 300 if cards == 4 else 200, seed=len(text) * 7 + cards)
    expected = reference_weights(text, all_hands(cards)[rows], cards)
    assert np.array_equal(fast[rows], expected), text


@pytest.mark.slow
def test_every_four_card_hand_suit_free_patterns() -> None:
    hands = all_hands(4)
    representatives, _ = canonical_hands(4)
    classes = canonical_index(hands)
    for text in SUIT_FREE:
        per_class = reference_weights(text, representatives, 4)
        assert np.array_equal(fast_weights(text, 4), per_class[classes]), text


@pytest.mark.slow
def test_every_four_card_hand_suited_patterns() -> None:
    hands = all_hands(4)
    for text in SUITED:
        assert np.array_equal(fast_weights(text, 4), reference_weights(text, hands, 4)), text


@pytest.mark.slow
def test_large_five_card_sample() -> None:
    rng = np.random.default_rng(2024)
    rows = np.unique(rng.integers(0, all_hands(5).shape[0], 4_000))
    hands = all_hands(5)[rows]
    for text in FEATURES:
        assert np.array_equal(fast_weights(text, 5)[rows], reference_weights(text, hands, 5)), text


def test_symmetry_breaking_is_exact_on_interchangeable_cards() -> None:
    # RONPB: five interchangeable cards (singleton rank variables) placed in one order only;
    # R R O O N mixes a repeated variable with singletons: both against the twin on sampled five-card hands
    for text in ("RONPB", "RROON", "RxOxNy", "xxyyz", "RxRyOz"):
        fast = fast_weights(text, 5)
        rows = sample_rows(fast, 600, seed=11)
        assert np.array_equal(fast[rows], reference_weights(text, all_hands(5)[rows], 5)), text


def test_thread_counts_agree() -> None:
    patterns = [p for text in ("RxRyOxOy", "AA23", "[KK-TT]x") for p in parse(text).alternatives]
    arrays = compile_patterns(patterns, 4, "")
    hands = all_hands(4)
    outs = []
    for threads in (1, 2):
        out = np.empty(hands.shape[0], dtype=np.uint8)
        match_patterns(hands, *arrays, out, n_threads=threads)
        outs.append(out)
    assert np.array_equal(outs[0], outs[1]) and outs[0].sum() > 0


def test_kernel_refuses_bad_tables() -> None:
    hands = all_hands(4)[:10]
    out = np.empty(10, dtype=np.uint8)
    starts = np.array([0, 1], dtype=np.int32)
    cards = (np.array([1], dtype=np.uint64), np.array([-1], dtype=np.int8), np.array([-1], dtype=np.int8),
             np.array([0], dtype=np.uint8), np.array([1], dtype=np.uint8))
    no_anchors = (np.zeros(53, dtype=np.int32), np.zeros(0, dtype=np.int32), np.array([0], dtype=np.int32))
    match_patterns(hands, starts, *cards, *no_anchors, out)
    assert out.tolist() == [1] * 10  # every one of the first ten hands holds 2c
    # the same pattern filed under 2c: tried only by hands holding it, which all ten do
    at_2c = (np.array([0] + [1] * 52, dtype=np.int32), np.array([0], dtype=np.int32), np.zeros(0, dtype=np.int32))
    match_patterns(hands, starts, *cards, *at_2c, out)
    assert out.tolist() == [1] * 10
    # filed nowhere, it is never tried
    match_patterns(hands, starts, *cards, np.zeros(53, dtype=np.int32), np.zeros(0, dtype=np.int32),
                   np.zeros(0, dtype=np.int32), out)
    assert out.tolist() == [0] * 10
    with pytest.raises(ValueError, match="slots"):
        match_patterns(hands, starts, cards[0], np.array([5], dtype=np.int8), *cards[2:], *no_anchors, out)
    with pytest.raises(ValueError, match="bits 0..51"):
        match_patterns(hands, starts, np.array([1 << 60], dtype=np.uint64), *cards[1:], *no_anchors, out)
    with pytest.raises(ValueError, match="at most 5 cards"):
        match_patterns(hands, np.array([0, 6], dtype=np.int32), *(np.repeat(a, 6) for a in cards), *no_anchors,
                       out)
    with pytest.raises(ValueError, match="one entry per hand"):
        match_patterns(hands, starts, *cards, *no_anchors, np.empty(3, dtype=np.uint8))
    with pytest.raises(ValueError, match="pattern numbers"):
        match_patterns(hands, starts, *cards, no_anchors[0], no_anchors[1], np.array([1], dtype=np.int32), out)
    with pytest.raises(ValueError, match="anchor_starts"):
        match_patterns(hands, starts, *cards, np.zeros(52, dtype=np.int32), *no_anchors[1:], out)
