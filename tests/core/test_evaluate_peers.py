"""The fast evaluator against independent implementations: phevaluator and pokerkit.

Both are test extras (``pip install ".[test]"``), never runtime dependencies.
"""

from __future__ import annotations

import numpy as np
import pytest

phevaluator = pytest.importorskip("phevaluator")
pokerkit = pytest.importorskip("pokerkit")

import omaha8  # noqa: E402


def _deals(seed: int, n: int, hole_size: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, : hole_size + 5].astype(np.uint8)
    return np.ascontiguousarray(cards[:, :hole_size]), np.ascontiguousarray(cards[:, hole_size:])


def test_high_values_equal_phevaluator_ranks() -> None:
    # phevaluator numbers the same 7,462 classes from 1 = royal flush down: ours = 7463 - its rank
    holes, boards = _deals(101, 30_000, 4)
    high = omaha8.evaluate_high_batch(holes, boards)
    theirs = [phevaluator.evaluate_omaha_cards(*b, *h) for h, b in zip(holes.tolist(), boards.tolist())]
    assert (high.astype(np.int64) == 7463 - np.array(theirs)).all()


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def test_order_of_hands_equals_pokerkit() -> None:
    for hole_size in (4, 5):
        holes, boards = _deals(202 + hole_size, 1_200, hole_size)
        high, low = omaha8.evaluate_batch(holes, boards)
        text = [(omaha8.format_cards(h, sep=""), omaha8.format_cards(b, sep="")) for h, b in zip(holes, boards)]
        highs = [pokerkit.OmahaHoldemHand.from_game(h, b) for h, b in text]
        lows = [pokerkit.OmahaEightOrBetterLowHand.from_game_or_none(h, b) for h, b in text]
        assert [x is not None for x in lows] == (low > 0).tolist()
        for i in range(len(text) - 1):
            j = i + 1
            theirs = (highs[i] > highs[j]) - (highs[i] < highs[j])
            assert _sign(int(high[i]) - int(high[j])) == theirs, (text[i], text[j])
            if lows[i] is not None and lows[j] is not None:
                theirs = (lows[i] > lows[j]) - (lows[i] < lows[j])
                assert _sign(int(low[i]) - int(low[j])) == theirs, (text[i], text[j])
