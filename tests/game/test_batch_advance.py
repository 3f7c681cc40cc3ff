"""BatchTables.advance against its twin: the scalar engine dealt the batch's cards, played by the same choices.

:class:`batch_twin.TwinTable` draws table t's cards and random choices from
the streams the kernel draws them from and plays them through
:class:`omaha8.game.Hand`: after every call, each table's result (the hand in
play at the call, its end, the hands after it) and its observation must be
the twin's, over every structure, 2-10 seats, 4 and 5 cards, short stacks,
empty seats, stacks that carry over, and mixed policies.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from omaha8.errors import ArgumentError, ArgumentTypeError, ShapeError
from omaha8.game import Advance, BatchTables, FixedLimit, IllegalActionError, NoLimit, PotLimit, replay

from batch_twin import CALLING, RANDOM, WAIT, TwinTable, choose, short_stacks
from test_batch_tables import STRUCTURES

CODES = {"random": RANDOM, "call": CALLING, None: WAIT}


def assert_rows_are_the_twins(tables: BatchTables, twins: list[TwinTable], result: Advance | None,
                              outs: list[dict[str, Any]] | None) -> None:
    obs = tables.observe()
    for t, twin in enumerate(twins):
        view = twin.view()
        for key, value in view.items():
            assert np.array_equal(obs[key][t], np.asarray(value)), f"table {t}: observe()[{key!r}]"
        if result is None or outs is None:
            continue
        out = outs[t]
        assert bool(result.finished[t]) == out["finished"], f"table {t}"
        assert result.net[t].tolist() == out["net"], f"table {t}"
        assert int(result.more_hands[t]) == out["more_hands"], f"table {t}"
        assert result.more_net[t].tolist() == out["more_net"], f"table {t}"
        if out["finished"]:
            for key, value in out["final"].items():
                assert np.array_equal(result.final[key][t], np.asarray(value)), f"table {t}: final[{key!r}]"
        else:
            assert int(result.final["button"][t]) == -1 and (result.final["board"][t] == 255).all()
            assert (result.final["holes"][t] == 255).all() and not result.final["stacks"][t].any()


def play_against_twins(structure: Any, n_seats: int, variant: int, carry: bool, policy: list[str | None],
                       stacks: np.ndarray[Any, Any], seed: int, calls: int, rng: np.random.Generator) -> dict[str, int]:
    n_tables = stacks.shape[0]
    tables = BatchTables(n_tables, n_seats, structure, variant=variant, stacks=stacks, seed=seed,
                         carry_stacks=carry)
    twins = [TwinTable(stacks[t].tolist(), structure, variant=variant, carry=carry, seed=seed, table=t)
             for t in range(n_tables)]
    codes = [CODES[name] for name in policy]
    assert_rows_are_the_twins(tables, twins, None, None)
    seen = {"finished": 0, "more": 0, "acted": 0}
    total = stacks.sum(axis=1)
    for call in range(calls):
        obs = tables.observe()
        kind, amount = choose(rng, obs)
        # an action at about two tables in three (where a stopping seat is to act), none at the others
        kind = np.where(rng.random(n_tables) < 0.65, kind, -1).astype(np.int8)
        result = tables.advance(policy, kind=kind, amount=amount)
        outs = [twin.advance(codes, int(kind[t]), int(amount[t])) for t, twin in enumerate(twins)]
        assert_rows_are_the_twins(tables, twins, result, outs)
        after = tables.observe()
        assert all(policy[s] is None for s in after["seat"].tolist())  # every table stopped at a waiting seat
        assert (result.net.sum(axis=1) == 0).all() and (result.more_net.sum(axis=1) == 0).all()
        assert np.array_equal(after["stacks"].sum(axis=1) + after["pot"], total)
        seen["finished"] += int(result.finished.sum())
        seen["more"] += int(result.more_hands.sum())
        seen["acted"] += int((kind >= 0).sum())
        # the last hand finished at a table replays through the scalar engine to its net chips
        last = np.flatnonzero(result.finished & (result.more_hands == 0))
        for t in last[:3].tolist():
            assert list(replay(tables.history(t)).result.net) == result.net[t].tolist()
    return seen


@pytest.mark.parametrize("index", range(len(STRUCTURES)), ids=[s.name for s in STRUCTURES])
def test_advance_plays_what_the_twin_plays(index: int) -> None:
    structure = STRUCTURES[index]
    rng = np.random.default_rng(300 + index)
    seen = {"finished": 0, "more": 0, "acted": 0}
    for variant in (4, 5):
        n_seats = int(rng.integers(2, 11))
        carry = bool((index + variant) % 2)
        stacks = short_stacks(rng, structure, 16, n_seats, variant, empty=bool(index % 2))
        # with stacks carrying over, a table whose waiting seats are all broke plays through to its restart:
        # there, half the seats wait and the others play at random (busting fast), to keep the twins quick
        names = ["random"] if carry else ["random", "call"]
        policy: list[str | None] = [names[int(rng.integers(len(names)))] for _ in range(n_seats)]
        waiting = (n_seats + 1) // 2 if carry else int(rng.integers(1, 3))
        for s in rng.choice(n_seats, size=waiting, replace=False).tolist():
            policy[s] = None
        policy[0] = None  # seat 0 (always seated by short_stacks) stops the tables
        counts = play_against_twins(structure, n_seats, variant, carry, policy, stacks, 40 + index, 40, rng)
        for key in seen:
            seen[key] += counts[key]
    assert seen["finished"] > 60 and seen["acted"] > 600


def test_no_decision_hands_in_carry_mode_are_told_apart_from_the_hand_in_play() -> None:
    # heads-up no limit 1/2 with stacks carrying over from 3 to 6 chips: a seat left with at most the small
    # blind is all-in on its blind and nobody has a decision: such a hand is played out as the one before it
    # ends. The hand in play is reported alone (net), the ones played out after it apart (more_net)
    rng = np.random.default_rng(5)
    stacks = rng.integers(3, 7, size=(40, 2))
    seen = play_against_twins(NoLimit(1, 2), 2, 4, True, [None, "random"], stacks, 6, 40, rng)
    assert seen["more"] > 100 and seen["finished"] > 300


def test_deep_stacks_and_the_call_policy() -> None:
    rng = np.random.default_rng(8)
    for structure in (PotLimit(1, 2), NoLimit(1, 2), FixedLimit(2, 4)):
        stacks = np.tile([200, 300, 1000, 5000, 200, 20_000], (10, 1))
        play_against_twins(structure, 6, 4, False, ["call", None, "random", "call", None, "random"], stacks, 9,
                           20, rng)


def test_until_seat_is_a_waiting_seat() -> None:
    a = BatchTables(16, 6, PotLimit(1, 2), seed=3)
    b = BatchTables(16, 6, PotLimit(1, 2), seed=3)
    for _ in range(20):
        ra = a.advance("random", until_seat=4)
        rb = b.advance(["random"] * 4 + [None, "random"])
        assert np.array_equal(ra.net, rb.net) and np.array_equal(ra.more_net, rb.more_net)
        assert (a.observe()["seat"] == 4).all()
        # a second call with nothing to apply does nothing: every table waits on seat 4 already
        again = a.advance("random", until_seat=4)
        assert not again.finished.any() and not again.more_hands.any()
        a.advance("random", until_seat=4, kind=1)
        b.advance(["random"] * 4 + [None, "random"], kind=1)
    assert a.history(0) == b.history(0)


def test_the_same_seed_advances_alike_on_any_number_of_threads() -> None:
    runs = []
    for threads in (1, 2):
        tables = BatchTables(2000, 6, NoLimit(1, 2), seed=21, n_threads=threads, carry_stacks=True)
        rng = np.random.default_rng(4)
        nets = []
        for _ in range(10):
            kind, amount = choose(rng, tables.observe())
            result = tables.advance("random", until_seat=1, kind=kind, amount=amount)
            nets.append((result.net.tolist(), result.more_net.tolist(), result.final["board"].tolist()))
        runs.append((nets, tables.observe()["hole"].tolist()))
    assert runs[0] == runs[1]


def test_an_illegal_action_refuses_the_whole_call() -> None:
    a = BatchTables(20, 6, PotLimit(1, 2), seed=12)
    b = BatchTables(20, 6, PotLimit(1, 2), seed=12)
    a.advance("random", until_seat=2)
    b.advance("random", until_seat=2)
    obs = a.observe()
    kind = np.ones(20, np.int64)
    amount = np.zeros(20, np.int64)
    raising = np.flatnonzero(obs["max_to"] > 0)
    bad = int(raising[1])
    kind[bad], amount[bad] = 2, int(obs["max_to"][bad]) + 1
    kind[int(raising[0])] = -1   # no action there: not checked, not applied
    with pytest.raises(IllegalActionError, match=f"at table {bad}: a raise here is to") as caught:
        a.advance("random", until_seat=2, kind=kind, amount=amount)
    assert getattr(caught.value, "table") == bad and caught.value.seat == 2
    for wrong in (3, -2):
        kind[bad] = wrong
        with pytest.raises(IllegalActionError, match=f"kind {wrong} at table {bad}"):
            a.advance("random", until_seat=2, kind=kind)
    # nothing was applied: a and b go on alike
    for _ in range(10):
        ra = a.advance("random", until_seat=2, kind=1)
        rb = b.advance("random", until_seat=2, kind=1)
        assert np.array_equal(ra.net, rb.net) and np.array_equal(ra.finished, rb.finished)
    assert all(np.array_equal(a.observe()[key], b.observe()[key]) for key in obs)


def test_bad_policies_and_seats_are_refused() -> None:
    tables = BatchTables(3, 4, PotLimit(1, 2), seed=1, stacks=[[100, 100, 0, 100]] * 2 + [[100, 100, 100, 0]])
    with pytest.raises(ArgumentError, match="a seat to stop at"):
        tables.advance("random")
    with pytest.raises(ArgumentError, match="policy must be 'random', 'call' or None, not 'fold'"):
        tables.advance("fold", until_seat=0)
    with pytest.raises(ArgumentError, match=r"policy\[1\] must be 'random', 'call' or None, not 3"):
        tables.advance([None, 3, "call", "call"])  # type: ignore[list-item]
    with pytest.raises(ShapeError, match=r"one policy per seat \(4\), got 3"):
        tables.advance([None, "call", "call"])
    with pytest.raises(ArgumentTypeError, match="policy must be"):
        tables.advance(5, until_seat=0)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="until_seat must be at most 3"):
        tables.advance("call", until_seat=4)
    # seat 3 is empty at table 2: stopping only at seat 3 would never return there
    with pytest.raises(ArgumentError, match=r"at table 2 no seat that stops the table \(\[3\]\) has chips"):
        tables.advance("call", until_seat=3)
    result = tables.advance(["call", "call", None, None])   # seat 2 or seat 3 is seated everywhere
    assert set(tables.observe()["seat"].tolist()) <= {2, 3} and isinstance(result, Advance)
    with pytest.raises(ShapeError, match="one entry per table"):
        tables.advance("call", until_seat=0, kind=[1, 1])
    with pytest.raises(ArgumentTypeError, match="whole numbers"):
        tables.advance("call", until_seat=0, kind=[1.0, 1.0, 1.0])


def test_returned_arrays_stay_the_callers() -> None:
    tables = BatchTables(8, 3, NoLimit(1, 2), seed=2)
    first = tables.advance("random", until_seat=0, kind=0)
    kept = (first.net.copy(), first.final["stacks"].copy(), first.final["board"].copy())
    for _ in range(20):
        tables.advance("random", until_seat=0, kind=0)
    assert np.array_equal(first.net, kept[0]) and np.array_equal(first.final["stacks"], kept[1])
    assert np.array_equal(first.final["board"], kept[2])
