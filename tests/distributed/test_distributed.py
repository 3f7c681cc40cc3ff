"""omaha8.distributed: the same numbers on a cluster as on one machine, and the preflop kernel.

The cluster tests share one local cluster of two worker processes (one
thread each), started once for the module. The preflop-table tests that need
no cluster run without Dask.
"""

from __future__ import annotations

import csv
import logging
import math
import os
import signal
import threading
import time
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from omaha8.odds import _preflop
from omaha8._support import _progress
from omaha8.core._reference import evaluate as reference_evaluate
from omaha8.cards import format_cards, parse_cards
from omaha8.cli import main
from omaha8.deals import Deals, analyze_deals, iter_random_deals, write_deals
from omaha8.deals import random_deals as local_deals
from omaha8.distributed import (
    PreflopError,
    Spot,
    equity_many,
    preflop_table,
    random_batch_summary,
    read_spots,
    run_batch_on_cluster,
    spot_seed,
)
from omaha8.distributed.preflop import COLUMNS, preflop_counts
from omaha8.odds._equity import EquityError, EquityResult, equity
from omaha8.errors import CardError, CardTypeError, DuplicateCardError, ShapeError
from omaha8.core._evaluate import evaluate_batch
from omaha8.pots._showdown import pot_shares, winners
from omaha8.core._starting_hands import canonical_hands, canonical_index

STATS = _preflop.STATS
MASK64 = (1 << 64) - 1


# ---------------------------------------------------------------- preflop kernel, its reference twin


def mix64(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


class Stream:
    """splitmix64 keyed by (seed, index), with Lemire's unbiased draw below n."""

    def __init__(self, seed: int, index: int) -> None:
        self.state = mix64(seed ^ mix64((index * 0xD1B54A32D192ED03 + 1) & MASK64))

    def below(self, n: int) -> int:
        while True:
            self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
            m = (mix64(self.state) >> 32) * n
            if (m & 0xFFFFFFFF) >= (2**32 - n) % n:
                return m >> 32


def reference_counts(hand: tuple[int, ...], index: int, opponents: int, samples: int, seed: int) -> list[int]:
    """The kernel's counts for one hand, with the slow reference evaluator and the rules of docs/rules.md §4."""
    k = len(hand)
    deck = [c for c in range(52) if c not in hand]
    stream = Stream(seed, index)
    pot = 2 * math.lcm(*range(1, opponents + 2))
    counts = dict.fromkeys(STATS, 0)
    for _ in range(samples):
        for i in range(5 + opponents * k):  # a partial shuffle of the deck as it was left
            j = i + stream.below(len(deck) - i)
            deck[i], deck[j] = deck[j], deck[i]
        board = deck[:5]
        players = [hand] + [tuple(deck[5 + p * k : 5 + (p + 1) * k]) for p in range(opponents)]
        values = [reference_evaluate(h, board) for h in players]
        highs = [v[0] for v in values]
        lows = [v[1] for v in values]
        high_winners = [p for p, h in enumerate(highs) if h == max(highs)]
        qualified = [lo for lo in lows if lo is not None]
        low_winners = [p for p, lo in enumerate(lows) if qualified and lo == max(qualified)]
        won = 0
        if not low_winners:
            counts["no_low"] += 1
            won = pot // len(high_winners) if 0 in high_winners else 0
        else:
            won += pot // 2 // len(high_winners) if 0 in high_winners else 0
            won += pot // 2 // len(low_winners) if 0 in low_winners else 0
        if 0 in high_winners:
            counts["high_win" if len(high_winners) == 1 else "high_tie"] += 1
        if 0 in low_winners:
            counts["low_win" if len(low_winners) == 1 else "low_tie"] += 1
        if high_winners == [0] and low_winners in ([], [0]):
            counts["scoop"] += 1
        counts["units"] += won
        counts["squares"] += won * won
    return [counts[name] for name in STATS]


@pytest.mark.parametrize("cards,opponents,classes", [(4, 1, [0, 25, 9000, 16431]), (4, 3, [777]), (5, 2, [5, 130000])])
def test_kernel_matches_reference_twin(cards: int, opponents: int, classes: list[int]) -> None:
    hands, _ = canonical_hands(cards)
    got = preflop_counts(cards, opponents, 40, 11, classes)
    for row, c in zip(got, classes):
        assert row.tolist() == reference_counts(tuple(hands[c].tolist()), c, opponents, 40, 11)


def test_a_class_row_depends_only_on_seed_and_class() -> None:
    classes = np.array([3, 17, 400, 5000, 16000])
    together = preflop_counts(4, 1, 300, 5, classes, n_threads=2)
    for i, c in enumerate(classes):
        assert np.array_equal(preflop_counts(4, 1, 300, 5, [c], n_threads=1)[0], together[i])
    assert np.array_equal(preflop_counts(4, 1, 300, 5, classes[::-1])[::-1], together)
    assert not np.array_equal(preflop_counts(4, 1, 300, 6, classes), together)
    table = preflop_table(4, samples=300, seed=5, hands=classes, hands_per_task=2)
    assert np.array_equal(table.rows["class"], classes)
    assert np.array_equal(table.rows["equity"], together[:, 0] / (_preflop.pot_units(2) * 300))


def test_every_class_heads_up_averages_out_to_a_fair_game() -> None:
    # over real hands, the known hand is just one of two random hands: symmetry gives
    # mean equity 1/2, 2 high_win + high_tie = 1 and 2 low_win + low_tie + no_low = 1
    table = preflop_table(4, samples=120, seed=2024)
    assert len(table) == 16_432
    rows, w = table.rows, table.rows["multiplicity"] / 270_725
    equity_se = float(np.sqrt(np.sum((w * rows["std_error"]) ** 2)))
    assert abs(table.weighted_mean("equity") - 0.5) < 4 * equity_se
    for combo in (2 * rows["high_win"] + rows["high_tie"], 2 * rows["low_win"] + rows["low_tie"] + rows["no_low"]):
        mean = float(np.sum(w * combo))
        se = float(np.sqrt(np.sum(w * w * combo * (2 - combo) / table.samples)))  # values in 0..2
        assert abs(mean - 1) < 4 * se + 1e-12
    # with three players, a random hand's share is a third
    full_three = preflop_table(4, 2, samples=40, seed=8)
    se3 = float(np.sqrt(np.sum((w * full_three.rows["std_error"]) ** 2)))
    assert abs(full_three.weighted_mean("equity") - 1 / 3) < 4 * se3


def test_table_against_pot_shares_on_independently_dealt_deals() -> None:
    hero = parse_cards("As Ah Ks Kh")
    n = 20_000
    table = preflop_table(4, samples=n, seed=99, hands=[int(canonical_index(hero))])
    rng = np.random.default_rng(1)
    rest = np.array([c for c in range(52) if c not in hero], dtype=np.uint8)
    picks = rest[np.argsort(rng.random((n, 48)), axis=1)[:, :9]]
    holes = np.stack([np.broadcast_to(hero, (n, 4)), picks[:, 5:]], axis=1)
    shares = pot_shares(holes, picks[:, :5])[:, 0]
    high, low = winners(holes, picks[:, :5])
    row = table.lookup("Ad Kd Ac Kc")
    bound = 4 * math.hypot(float(row["std_error"]), float(shares.std(ddof=1) / math.sqrt(n)))
    assert abs(float(row["equity"]) - float(shares.mean())) < bound
    for name, sample in (("no_low", low == 0), ("scoop", (high == 1) & ((low == 0) | (low == 1)))):
        p = float(sample.mean())
        assert abs(float(row[name]) - p) < 4 * math.sqrt(2 * p * (1 - p) / n), name


def test_write_csv_and_lookup(tmp_path: Any) -> None:
    table = preflop_table(5, opponents=2, samples=200, seed=4, hands=[0, 1, 134458])
    path = tmp_path / "table.csv"
    table.write_csv(path)
    with open(path, newline="") as f:
        lines = list(csv.reader(f))
    assert tuple(lines[0]) == COLUMNS and len(lines) == 4
    for line, row in zip(lines[1:], table.rows):
        assert (int(line[0]), line[1], int(line[2])) == (int(row["class"]), str(row["hand"]), int(row["multiplicity"]))
        assert [float(x) for x in line[3:]] == pytest.approx([float(row[name]) for name in COLUMNS[3:]], abs=1e-6)
    assert format_cards(parse_cards(lines[3][1])) == "3s 2s 2h 2d 2c"
    assert int(table.lookup("2c 2d 2h 2s 3c")["class"]) == 134458
    with pytest.raises(KeyError, match="is not in this table"):
        table.lookup("As Ks Qs Js Ts")
    with pytest.raises(KeyError, match="column must be one of"):
        table.weighted_mean("hand")


def test_progress_line_counts_tasks(monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    monkeypatch.setattr(_progress, "DRAW_AFTER_S", 0.0)  # a fast run: draw from the first task
    preflop_table(4, samples=10, seed=1, hands=slice(0, 40), hands_per_task=10, progress=True)
    err = capsys.readouterr().err
    assert err.startswith("\rpreflop table [") and "0/4 tasks" in err
    assert "[##############################] 4/4 tasks" in err and err.endswith("left\n")
    preflop_table(4, samples=10, seed=1, hands=slice(0, 40))
    assert capsys.readouterr().err == ""


def test_preflop_errors() -> None:
    with pytest.raises(ShapeError, match="cards must be 4 or 5"):
        preflop_table(6, samples=1)
    with pytest.raises(ShapeError, match=r"5-card hands: opponents must be 1..8 \(10 hands and a board need 55 cards\)"):
        preflop_table(5, opponents=9, samples=1)
    with pytest.raises(ShapeError, match="opponents must be 1..10"):
        preflop_table(4, opponents=0, samples=1)
    with pytest.raises(PreflopError, match="samples must be 1.."):
        preflop_table(samples=0)
    with pytest.raises(PreflopError, match="seed must be 0.."):
        preflop_table(samples=1, seed=-1)
    with pytest.raises(TypeError, match="samples must be an int"):
        preflop_table(samples=2.5)
    with pytest.raises(ValueError, match="hands_per_task must be None or a positive int, not 0"):
        preflop_table(samples=1, hands_per_task=0)
    with pytest.raises(ValueError, match="spots_per_task must be None or a positive int, not 0"):
        equity_many([SPOTS[0]], spots_per_task=0)
    with pytest.raises(ValueError, match="deals_per_task must be None or a positive int"):
        random_batch_summary(10, seed=1, deals_per_task=-2)
    with pytest.raises(ValueError, match="n must be at least 0, got -1"):
        random_batch_summary(-1, seed=1)
    with pytest.raises(PreflopError, match="hands must pick classes 0..16431"):
        preflop_table(samples=1, hands=[16432])
    with pytest.raises(ValueError, match="holds card 0 twice"):
        _preflop.sample_hands(np.array([[0, 0, 1, 2]], dtype=np.uint8), np.zeros(1, dtype=np.int64), 1, 1, 0,
                              np.zeros((1, len(STATS)), dtype=np.int64), 1)
    with pytest.raises(ValueError, match="is not a card id"):
        _preflop.sample_hands(np.array([[0, 1, 2, 200]], dtype=np.uint8), np.zeros(1, dtype=np.int64), 1, 1, 0,
                              np.zeros((1, len(STATS)), dtype=np.int64), 1)


# ---------------------------------------------------------------- spots, no cluster


SPOTS: list[Any] = [
    {"holes": ["As Ad 2c 3d", "Ks Kd Qh Jh"], "board": "Ac Kc 4h 5s"},       # exact: 40 rivers
    (["Ah 2h 3c Kd", "Ks Kc Qs Jd", "7c 8c 9d Td"], "4h 5d 9s"),               # exact: a flop, three players
    (["As Ad 2c 3d 4c", "Ks Kd Qh Jh Th"],),                                    # sampled 5-card preflop
    Spot((tuple(parse_cards("As Kd Qh Jc")), tuple(parse_cards("2c 3c 4c 5d"))), (), tuple(parse_cards("Ac"))),
]


def test_read_spots_format_and_errors(tmp_path: Any) -> None:
    path = tmp_path / "spots.csv"
    path.write_text("board,dead,hand1,hand2,hand3\n# a comment\n\n,,As Ad 2c 3d,Ks Kd Qh Jh,,\n"
                    "Ac Kc 4h,7d,As Ad 2c 3d,Ks Kd Qh Jh,9c Tc Jd Qd\n")
    spots = read_spots(path)
    assert spots == [
        Spot((tuple(parse_cards("As Ad 2c 3d")), tuple(parse_cards("Ks Kd Qh Jh")))),
        Spot((tuple(parse_cards("As Ad 2c 3d")), tuple(parse_cards("Ks Kd Qh Jh")), tuple(parse_cards("9c Tc Jd Qd"))),
             tuple(parse_cards("Ac Kc 4h")), tuple(parse_cards("7d"))),
    ]
    assert equity_many(path)[1].boards == math.comb(52 - 12 - 3 - 1, 2)
    path.write_text(",,As Ad 2c 3d,Ks Kd Qh Xx\n")
    with pytest.raises(CardError, match=r"spots.csv, line 1: holes\[1\]: 'Xx' is not a card"):
        read_spots(path)


def test_spot_errors_name_the_spot() -> None:
    with pytest.raises(DuplicateCardError, match=r"spots\[1\]: card 'As' appears twice: holes\[0\]\[0\] and dead\[0\]"):
        equity_many([SPOTS[0], (["As Ad 2c 3d", "Ks Kd Qh Jh"], "", "As")])
    with pytest.raises(ShapeError, match=r"spots\[0\]: board must have 0, 3, 4 or 5 cards"):
        equity_many([(["As Ad 2c 3d", "Ks Kd Qh Jh"], "2c 3c")])
    with pytest.raises(CardTypeError, match=r"spots\[0\]: holes must be a sequence of hands"):
        equity_many([("As Ad 2c 3d",)])
    with pytest.raises(ShapeError, match=r"spots\[0\]: a spot has keys holes, board and dead"):
        equity_many([{"hole": ["As Ad 2c 3d", "Ks Kd Qh Jh"]}])
    with pytest.raises(EquityError, match="samples must be at least 1"):
        equity_many([SPOTS[0]], samples=0)
    with pytest.raises(TypeError, match="seed must be an int, not str '1'"):
        equity_many([SPOTS[0]], seed="1")
    with pytest.raises(ValueError, match="seed must be at least 0, got -1"):  # a value, not a type, is wrong
        spot_seed(-1, 0)


def assert_same(a: EquityResult, b: EquityResult) -> None:
    for name in ("equity", "high_win", "high_tie", "low_win", "low_tie", "scoop", "std_error"):
        assert np.array_equal(getattr(a, name), getattr(b, name), equal_nan=True), name
    assert (a.no_low, a.boards, a.exact, a.seed) == (b.no_low, b.boards, b.exact, b.seed)


def single_machine(spots: list[Any], samples: int | None, seed: int) -> list[EquityResult]:
    out = []
    for i, spot in enumerate(spots):
        if isinstance(spot, dict):
            args = (spot["holes"], spot.get("board", ()), spot.get("dead", ()))
        elif isinstance(spot, Spot):
            args = (spot.holes, spot.board, spot.dead)
        else:
            args = (*spot, (), ())[:3]
        out.append(equity(*args, samples=samples, seed=None if samples is None else spot_seed(seed, i)))
    return out


def test_equity_many_here_equals_equity_spot_by_spot() -> None:
    for samples in (None, 3000):
        got = equity_many(SPOTS, samples=samples, seed=42, spots_per_task=3)
        for a, b in zip(got, single_machine(SPOTS, samples, 42)):
            assert_same(a, b)


# ---------------------------------------------------------------- on a cluster


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=logging.ERROR) as cluster:
        with distributed.Client(cluster) as c:
            c.wait_for_workers(2, timeout=60)
            yield c


def test_arrays_equal_the_single_machine_kernels(client: Any) -> None:
    dask = pytest.importorskip("dask")
    da = pytest.importorskip("dask.array")
    distributed = pytest.importorskip("distributed")

    from omaha8 import distributed as odist

    n = 120_000
    boards, holes = local_deals(n, players=3, cards=4, seed=21)
    dboards, dholes = odist.random_deals(n, players=3, cards=4, seed=21, chunk_rows=25_000)
    got_boards, got_holes = dask.compute(dboards, dholes)
    assert np.array_equal(got_boards, boards) and np.array_equal(got_holes, holes)

    with dask.config.set(scheduler=client):
        # dask input, rows per board; numpy input with one board for all; 5-card holes
        high, low = odist.evaluate(dholes[:, 1], dboards)
        got = dask.compute(high, low)
        want = evaluate_batch(holes[:, 1], boards)
        assert got[0].dtype == np.uint16 and got[1].dtype == np.uint8
        assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1])
        apart = holes[~np.isin(holes[:, 2], boards[7]).any(axis=1), 2]  # rows that can share board 7
        high, low = odist.evaluate(apart, boards[7], chunk_rows=30_000)
        assert np.array_equal(high.compute(), evaluate_batch(apart, boards[7])[0])
        b5, h5 = local_deals(10_000, players=2, cards=5, seed=3)
        assert np.array_equal(odist.evaluate(da.from_array(h5[:, 0].astype(np.int64), chunks=3000), b5)[1].compute(),
                              evaluate_batch(h5[:, 0], b5)[1])

        active = np.random.default_rng(5).random((n, 3)) < 0.7
        active[:, 0] |= ~active.any(axis=1)
        shares = odist.pot_shares(dholes, dboards, active=da.from_array(active, chunks=40_000))
        with distributed.get_task_stream(client) as stream:
            assert np.array_equal(shares.compute(), pot_shares(holes, boards, active=active))
        hw, lw = odist.winners(holes, boards, chunk_rows=50_000)
        want_w = winners(holes, boards)
        assert np.array_equal(hw.compute(), want_w[0]) and np.array_equal(lw.compute(), want_w[1])
    # the kernels ran in the worker processes
    ran_on = {t["worker"] for t in stream.data if "shares_block" in str(t["key"])}
    assert ran_on and ran_on <= set(client.scheduler_info()["workers"])


def test_array_errors_name_the_block(client: Any) -> None:
    dask = pytest.importorskip("dask")
    da = pytest.importorskip("dask.array")

    from omaha8 import distributed as odist

    boards, holes = local_deals(1000, players=2, cards=4, seed=1)
    holes[700, 1, 2] = holes[700, 0, 0]
    with dask.config.set(scheduler=client):
        block = r"\(block of rows 600..799: deal d is row 600 \+ d\)"
        with pytest.raises(DuplicateCardError, match=r"appears twice in deal 100: .*" + block):
            odist.pot_shares(da.from_array(holes, chunks=(200, 2, 4)), boards).compute()
        block = r"\(block of rows 1..1: deal d is row 1 \+ d\)"
        with pytest.raises(CardError, match=r"holes\[0, 3\] = 60 is not a card id \(0-51\) " + block):
            bad = da.from_array(np.array([[0, 1, 2, 3], [4, 5, 6, 60]]), chunks=1)
            odist.evaluate(bad, [8, 9, 10, 11, 12])[0].compute()
    with pytest.raises(CardTypeError, match="holes must hold integer card ids, not dtype float64"):
        odist.evaluate(da.zeros((3, 4)), [8, 9, 10, 11, 12])
    with pytest.raises(ShapeError, match="boards has 999 rows but holes has 1000"):
        odist.pot_shares(holes, boards[1:])
    with pytest.raises(ShapeError, match="boards must have 5 cards per row"):
        odist.evaluate(holes[:, 0], boards[0, :4])


def test_equity_many_on_the_cluster_equals_one_machine(client: Any, monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    monkeypatch.setattr(_progress, "DRAW_AFTER_S", 0.0)  # a fast run: the line from the first task
    spots = SPOTS * 3
    for samples in (None, 5000):
        got = equity_many(spots, samples=samples, seed=7, client=client, spots_per_task=2)
        assert len(got) == len(spots)
        for a, b in zip(got, single_machine(spots, samples, 7)):
            assert_same(a, b)
    by_address = equity_many(spots[:2], samples=100, seed=7, client=client.scheduler.address, progress=True)
    assert "equity [##############################] 2/2 tasks" in capsys.readouterr().err
    assert_same(by_address[1], single_machine(spots[:2], 100, 7)[1])
    with pytest.raises(DuplicateCardError, match=r"spots\[2\]: card 'Kd' appears twice"):
        equity_many([SPOTS[0], SPOTS[0], (["Kd Ad 2c 3d", "Ks Kd Qh Jh"],)], client=client)


def test_preflop_table_on_the_cluster_survives_a_killed_worker(client: Any) -> None:
    classes = np.arange(0, 16_432, 41)[:320]
    samples, seed = 25_000, 31
    found: dict[str, Any] = {}

    def compute() -> None:
        found["table"] = preflop_table(4, samples=samples, seed=seed, hands=classes, client=client, hands_per_task=20)

    pids = client.run(os.getpid)  # worker address -> its process
    runner = threading.Thread(target=compute)
    runner.start()
    deadline = time.monotonic() + 60
    victim, was_busy = None, False
    while victim is None and time.monotonic() < deadline and runner.is_alive():
        for worker, keys in client.processing().items():
            if any("preflop_counts" in str(key) for key in keys):
                victim, was_busy = worker, True
                break
        time.sleep(0.005)
    assert victim is not None and was_busy, "no worker was seen running the table's tasks"
    still_running = runner.is_alive()
    os.kill(pids[victim], getattr(signal, "SIGKILL", signal.SIGTERM))  # no SIGKILL on Windows
    runner.join(timeout=180)
    assert not runner.is_alive()
    assert still_running  # the worker died mid-run: its tasks had to run again elsewhere
    expected = preflop_counts(4, 1, samples, seed, classes, n_threads=None)
    rows = found["table"].rows
    pot = _preflop.pot_units(2)
    assert np.array_equal(rows["class"], classes)
    assert np.array_equal(rows["equity"], expected[:, 0] / (pot * samples))
    assert np.array_equal(rows["scoop"], expected[:, STATS.index("scoop")] / samples)
    client.wait_for_workers(2, timeout=60)
    assert victim not in client.scheduler_info(n_workers=-1)["workers"]


def test_batches_on_the_cluster(client: Any) -> None:
    chunks = list(iter_random_deals(30_000, players=4, cards=4, seed=9, chunk_rows=7_000))
    empty = Deals(np.zeros((0, 5), np.uint8), np.zeros((0, 4, 4), np.uint8))
    chunks.insert(2, empty)
    pairs = list(run_batch_on_cluster(iter(chunks), client, in_flight=2))
    assert [chunk for chunk, _ in pairs] == chunks
    assert pairs[2][1] is None
    for chunk, got in pairs:
        if got is None:
            continue
        want = analyze_deals(chunk)
        for name in ("high_winners", "low_winners", "high", "low", "shares"):
            assert np.array_equal(getattr(got, name), getattr(want, name)), name
    only_winners = next(run_batch_on_cluster(chunks[:1], client.scheduler.address, values=False, shares=False))[1]
    assert only_winners is not None and only_winners.high is None and only_winners.shares is None

    here = random_batch_summary(200_000, players=6, seed=5, deals_per_task=30_000)
    there = random_batch_summary(200_000, players=6, seed=5, client=client, chunk_rows=20_000)
    assert (here.deals, here.scoops, here.no_low) == (there.deals, there.scoops, there.no_low)
    boards, holes = local_deals(200_000, players=6, seed=5)
    result = analyze_deals(Deals(boards, holes), values=False, shares=False)
    assert (int(result.scoops.sum()), int(result.no_low.sum())) == (here.scoops, here.no_low)
    with pytest.raises(ValueError, match="no Dask client"):
        next(run_batch_on_cluster(chunks, None))


def test_preflop_table_command(client: Any, tmp_path: Any, capsys: Any) -> None:
    path = tmp_path / "table.csv"
    args = ["preflop-table", "--hands", "100:160", "--samples", "800", "--seed", "3", "-o", str(path), "--no-progress"]
    assert main([*args, "--scheduler", client.scheduler.address]) == 0
    out = capsys.readouterr().out
    assert "classes    60 of 4-card hands" in out and "seed 3" in out and "local cluster" not in out
    on_cluster = path.read_text()
    assert main([*args, "--workers", "0"]) == 0
    assert "this process" in capsys.readouterr().out
    assert path.read_text() == on_cluster
    expected = preflop_table(4, samples=800, seed=3, hands=slice(100, 160))
    lines = on_cluster.splitlines()
    assert len(lines) == 61 and lines[1].startswith(f"100,{expected.rows['hand'][0]},")
    assert main(["preflop-table", "--hands", "0:3", "--samples", "50", "--seed", "1", "--workers", "0", "--top", "2"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 5 + 1 + 2
    with pytest.raises(SystemExit):
        main(["preflop-table", "--hands", "a:b", "--workers", "0"])
    assert main(["preflop-table", "--cards", "5", "--opponents", "9", "--workers", "0"]) == 2
    assert "opponents must be 1..8" in capsys.readouterr().err


def test_batch_command_on_the_cluster_writes_the_same_file(client: Any, tmp_path: Any, capsys: Any) -> None:
    deals = tmp_path / "deals.csv"
    boards, holes = local_deals(20_000, players=5, seed=21)
    write_deals(deals, boards, holes)
    here, there = tmp_path / "here.csv", tmp_path / "there.csv"
    common = [str(deals), "--chunk-rows", "3000", "--no-progress", "-q"]
    assert main(["batch", *common, "-o", str(here)]) == 0
    assert main(["batch", *common, "-o", str(there), "--scheduler", client.scheduler.address]) == 0
    assert here.read_bytes() == there.read_bytes()
    assert len(here.read_text().splitlines()) == 20_001


def test_a_missing_extra_is_a_clear_error() -> None:
    from omaha8.distributed._client import require
    from omaha8.errors import MissingExtraError, Omaha8Error

    with pytest.raises(MissingExtraError, match=r"pip install 'omaha8\[distributed\]'") as caught:
        require("omaha8_no_such_module")
    assert isinstance(caught.value, ImportError) and isinstance(caught.value, Omaha8Error)
