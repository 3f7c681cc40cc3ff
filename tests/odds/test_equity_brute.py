"""Exact equity over every board equals a brute force built on evaluate_batch.

The equity kernels group boards and precompute per-hole parts; here every
board is listed in numpy, every player evaluated by the batch kernel, and
the pot split by docs/rules.md §4 directly.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import omaha8
from omaha8.cards import parse_cards


def brute_force(holes_text: list[str], board_text: str = "", dead_text: str = "") -> dict[str, np.ndarray]:
    holes = [parse_cards(h) for h in holes_text]
    known = parse_cards(board_text)
    dead = parse_cards(dead_text)
    used = set(np.concatenate([*holes, known, dead]).tolist())
    deck = np.array([c for c in range(52) if c not in used], dtype=np.uint8)
    combos = np.array(list(itertools.combinations(range(len(deck)), 5 - len(known))), dtype=np.int64)
    boards = np.concatenate([np.tile(known, (len(combos), 1)), deck[combos]], axis=1).astype(np.uint8)
    high = np.empty((len(boards), len(holes)), dtype=np.int64)
    low = np.empty_like(high)
    for seat, hole in enumerate(holes):
        high[:, seat], low[:, seat] = omaha8.evaluate_batch(np.tile(hole, (len(boards), 1)), boards)
    high_best = high == high.max(axis=1, keepdims=True)
    has_low = low.max(axis=1) > 0
    low_best = (low == low.max(axis=1, keepdims=True)) & has_low[:, None]
    n_high, n_low = high_best.sum(axis=1, keepdims=True), np.maximum(low_best.sum(axis=1, keepdims=True), 1)
    share = np.where(has_low[:, None], 0.5 * high_best / n_high + 0.5 * low_best / n_low, high_best / n_high)
    sole_high = high_best & (n_high == 1)
    sole_low = low_best & (n_low == 1) & has_low[:, None]
    return {
        "equity": share.mean(axis=0),
        "high_win": sole_high.mean(axis=0),
        "high_tie": (high_best & (n_high > 1)).mean(axis=0),
        "low_win": sole_low.mean(axis=0),
        "low_tie": (low_best & (n_low > 1)).mean(axis=0),
        "scoop": (sole_high & (sole_low | ~has_low[:, None])).mean(axis=0),
        "no_low": np.array((~has_low).mean()),
        "boards": np.array(len(boards)),
    }


SPOTS = [
    (["As Ad 2c 3d", "Ks Kd Qh Jh"], "", ""),  # all 1,086,008 heads-up preflop boards
    (["As Ad 2c 3d 4h", "Ks Kd Qh Jh Th"], "", ""),  # 5-card: all 850,668
    (["Ah 2h 3c 4c", "Kh Qh Js Ts", "7d 8d 9c 9s"], "", ""),
    (["8h 8d 2s 2c", "Ah Kh 3d 4d"], "", "Qh Jh Th 9h"),  # dead cards, flush-heavy hole
    (["Ah 2h 3c 4c", "Kh Qh Js Ts", "7d 8d 9c 9s", "5s 6s 5d 6d"], "2s 5h 6h", ""),
]


@pytest.mark.parametrize("holes, board, dead", SPOTS)
def test_exact_equity_equals_brute_force(holes: list[str], board: str, dead: str) -> None:
    got = omaha8.equity(holes, board, dead)
    want = brute_force(holes, board, dead)
    assert got.exact and got.boards == int(want["boards"])
    for name in ("equity", "high_win", "high_tie", "low_win", "low_tie", "scoop"):
        np.testing.assert_allclose(getattr(got, name), want[name], rtol=0, atol=1e-12, err_msg=name)
    assert got.no_low == pytest.approx(float(want["no_low"]), abs=1e-12)
