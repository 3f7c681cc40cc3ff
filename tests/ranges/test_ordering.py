"""The 8-or-better ordering behind range percentages: shipped tables, rebuilds, masks and percentiles."""

from __future__ import annotations

import math

import numpy as np
import pytest

from omaha8.distributed.preflop import preflop_counts, preflop_table
from omaha8.errors import ArgumentError, ArgumentTypeError, ShapeError
from omaha8.ranges import ordering as om
from omaha8.ranges.universe import all_hands
from omaha8.core._starting_hands import canonical_hands, canonical_index

QUANTUM = 1 / om.EQUITY_SCALE


@pytest.mark.parametrize("cards", [4, 5])
def test_shipped_table_is_a_valid_ordering(cards: int) -> None:
    table = om.ordering(cards)
    hands, multiplicity = canonical_hands(cards)
    assert len(table) == len(hands)
    assert np.array_equal(np.sort(table.classes), np.arange(len(hands)))
    assert table.samples == om.SAMPLES[cards] and table.seed == om.SEED
    steps = np.diff(table.equity)
    assert np.all(steps <= 0)
    assert np.all(np.diff(table.classes)[steps == 0] > 0)  # ties: the lower class number first
    assert np.array_equal(table.multiplicity, multiplicity[table.classes])
    assert int(table.multiplicity.sum()) == math.comb(52, cards)
    assert table.cumulative[-1] == 1.0 and np.all(np.diff(table.cumulative) > 0)
    assert np.array_equal(table.rank[table.classes], np.arange(len(table)))


@pytest.mark.parametrize("cards", [4, 5])
def test_heads_up_mean_equity_is_one_half(cards: int) -> None:
    # over every real hand, a random hand against a random hand wins half the pot on average
    table = om.ordering(cards)
    m = table.multiplicity.astype(np.float64)
    mean = float(np.sum(m * table.equity) / m.sum())
    error = float(np.sqrt(np.sum((m * table.std_error) ** 2)) / m.sum())
    assert abs(mean - 0.5) < 4 * error + QUANTUM


def test_double_suited_aces_with_a_wheel_draw_lead() -> None:
    # AA23 double-suited is the best Omaha-8 starting hand; trip and quad cards rank near the bottom
    table = om.ordering(4)
    assert table.hand_text(0) == "As Ah 3s 2h"
    assert om.percentile("As Ah Ad Ac") > 50
    assert om.percentile("As Ah 2s 3h") < om.percentile("As Ah 2s 3d") < om.percentile("Ks Kh Qd Jc")


def _sample_classes(cards: int, count: int, seed: int) -> np.ndarray:
    table = om.ordering(cards)
    rng = np.random.default_rng(seed)
    picked = rng.choice(len(table), size=count, replace=False)
    return np.unique(np.concatenate([table.classes[:3], table.classes[-2:], picked]))


@pytest.mark.parametrize("cards", [4, 5])
def test_rebuilt_entries_match_the_shipped_table(cards: int) -> None:
    # the kernel's stream for class c depends on (seed, c) only: each entry rebuilds on its own
    table = om.ordering(cards)
    classes = _sample_classes(cards, 12, seed=cards)
    rows = preflop_table(cards, 1, samples=table.samples, seed=table.seed, hands=classes, n_threads=1).rows
    places = table.rank[classes]
    assert np.all(np.abs(rows["equity"] - table.equity[places]) <= QUANTUM / 2 + 1e-12)
    assert np.all(np.abs(rows["std_error"] - table.std_error[places]) <= 1 / om.ERROR_SCALE)


@pytest.mark.parametrize("cards", [4, 5])
def test_fresh_samples_agree_within_their_standard_errors(cards: int) -> None:
    table = om.ordering(cards)
    classes = _sample_classes(cards, 12, seed=10 + cards)
    samples = table.samples // 2
    rows = preflop_table(cards, 1, samples=samples, seed=12345, hands=classes, n_threads=1).rows
    places = table.rank[classes]
    both = np.sqrt(rows["std_error"] ** 2 + table.std_error[places] ** 2)
    assert np.all(np.abs(rows["equity"] - table.equity[places]) < 4 * both + QUANTUM)


def test_build_orders_by_quantized_equity_then_class() -> None:
    built = om.build_ordering(4, samples=30, seed=3, n_threads=1)
    # the slow twin: sort class numbers by (-stored equity, class) in Python
    rows = preflop_table(4, 1, samples=30, seed=3, n_threads=1).rows
    stored = [round(min(max(e, 0.0), 1.0) * om.EQUITY_SCALE) for e in rows["equity"].tolist()]
    expected = sorted(range(len(stored)), key=lambda c: (-stored[c], c))
    assert built.classes.tolist() == expected
    assert np.array_equal(built.equity, np.array(stored)[expected] / om.EQUITY_SCALE)
    again = om.build_ordering(4, samples=30, seed=3, n_threads=2)
    assert np.array_equal(again.classes, built.classes)


def test_save_load_round_trip_and_corrupt_files(tmp_path) -> None:  # type: ignore[no-untyped-def]
    built = om.build_ordering(4, samples=10, seed=5)
    path = tmp_path / "o.npz"
    om.save_ordering(built, path)
    back = om.load_ordering(path)
    assert np.array_equal(back.classes, built.classes) and np.array_equal(back.equity, built.equity)
    assert (back.samples, back.seed) == (10, 5)
    with np.load(path) as data:
        fields = dict(data)
    fields["classes"] = fields["classes"][::-1].copy()  # no longer best first
    bad = tmp_path / "bad.npz"
    np.savez(bad, **fields)
    with pytest.raises(om.OrderingDataError, match="highest equity down"):
        om.load_ordering(bad)
    (tmp_path / "junk.npz").write_bytes(b"not a zip")
    with pytest.raises(om.OrderingDataError, match="not an ordering file"):
        om.load_ordering(tmp_path / "junk.npz")


def _slow_mask(cards: int, lo: float, hi: float) -> np.ndarray:
    """Walk the classes best first, counting combos; keep a class when its midpoint is in [lo, hi)."""
    table = om.ordering(cards)
    total = math.comb(52, cards)
    chosen, before = [], 0
    for cls, m in zip(table.classes.tolist(), table.multiplicity.tolist()):
        middle = 100 * (before + m / 2) / total
        if lo <= middle < hi:
            chosen.append(cls)
        before += m
    return np.isin(canonical_index(all_hands(cards)), chosen)


@pytest.mark.parametrize("lo, hi", [(0, 15), (5, 10), (0, 100), (0, 0), (37.5, 37.5), (99.99, 100), (0, 0.004)])
def test_percent_mask_matches_the_slow_walk(lo: float, hi: float) -> None:
    fast = om.percent_mask(4, lo, hi)
    assert np.array_equal(fast, _slow_mask(4, lo, hi))
    # the midpoint rule: off the nominal count by at most half a class at each end
    assert abs(int(fast.sum()) - (hi - lo) / 100 * math.comb(52, 4)) <= 24


def test_percent_mask_five_cards_sample() -> None:
    fast = om.percent_mask(5, 10, 12.5)
    slow = _slow_mask(5, 10, 12.5)
    assert np.array_equal(fast, slow)
    assert abs(int(fast.sum()) - 0.025 * math.comb(52, 5)) <= 24


def test_adjacent_percentages_partition() -> None:
    cuts = [0, 2.5, 10, 10, 33.3, 100]
    parts = [om.percent_mask(4, a, b) for a, b in zip(cuts[:-1], cuts[1:])]
    stacked = np.stack(parts).astype(np.int64)
    assert np.all(stacked.sum(axis=0) == 1)  # every hand in exactly one part


def test_mask_is_cached_and_read_only() -> None:
    mask = om.percent_mask(4, 0, 15)
    assert om.percent_mask(4, 0.0, 15.0) is mask
    with pytest.raises(ValueError):
        mask[0] = True


def test_percentile_agrees_with_masks() -> None:
    rng = np.random.default_rng(7)
    hands = all_hands(4)
    rows = rng.choice(len(hands), size=200, replace=False)
    for p in (1.0, 15.0, 62.0):
        mask = om.percent_mask(4, 0, p)
        for row in rows.tolist():
            assert (om.percentile(hands[row]) < p) == bool(mask[row])
    five = all_hands(5)[rng.choice(math.comb(52, 5), size=50, replace=False)]
    mask5 = om.percent_mask(5, 0, 40)
    from omaha8.ranges.universe import hand_index
    for hand, row in zip(five, hand_index(five).tolist()):
        assert (om.percentile(hand) < 40) == bool(mask5[row])


def test_suits_and_card_order_do_not_move_a_hand() -> None:
    assert om.percentile("Kh Qh Jd Td") == om.percentile("Td Kc Jd Qc") == om.percentile("Ks Qs Jc Tc")


@pytest.mark.parametrize(
    "args, error, text",
    [
        ((6, 0, 10), ShapeError, "cards must be 4 or 5"),
        ((True, 0, 10), ShapeError, "cards must be 4 or 5"),
        ((4, 20, 10), ArgumentError, "from low to high"),
        ((4, -1, 10), ArgumentError, "lo must be a percentage"),
        ((4, 0, 101), ArgumentError, "hi must be a percentage"),
        ((4, 0, float("nan")), ArgumentError, "hi must be a percentage"),
        ((4, "0", 10), ArgumentTypeError, "lo must be a number"),
        ((4, 0, True), ArgumentTypeError, "hi must be a number"),
    ],
)
def test_percent_mask_refuses_bad_arguments(args: tuple, error: type, text: str) -> None:
    with pytest.raises(error, match=text):
        om.percent_mask(*args)


def test_percentile_refuses_bad_hands() -> None:
    with pytest.raises(ShapeError, match="4 or 5 cards"):
        om.percentile("As Ah 2s")
    with pytest.raises(ValueError, match="twice"):
        om.percentile("As Ah 2s As")


def test_build_command(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "o4.npz"
    assert om.main(["build", "--cards", "4", "--samples", "20", "--seed", "2", "-o", str(path)]) == 0
    assert "16432 classes, 20 samples each, seed 2" in capsys.readouterr().out
    assert om.load_ordering(path).samples == 20
    assert om.main(["show", "--file", str(path), "--top", "3"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 4
    assert om.main(["show", "--file", str(tmp_path / "missing.npz")]) == 2
    assert "not an ordering file" in capsys.readouterr().err


def test_counts_kernel_is_the_one_shipped() -> None:
    # the table's equity is units / (samples * pot) of the preflop kernel's counts
    table = om.ordering(4)
    cls = int(table.classes[0])
    counts = preflop_counts(4, 1, table.samples, table.seed, [cls])
    from omaha8.odds import _preflop
    equity = counts[0, 0] / (table.samples * _preflop.pot_units(2))
    assert abs(equity - table.equity[0]) <= QUANTUM / 2
