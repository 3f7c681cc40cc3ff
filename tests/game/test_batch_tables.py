"""omaha8.game.BatchTables against the scalar engine: replayed histories, twin hands, and its own promises.

The batched engine must never disagree with :class:`omaha8.game.Hand` on a
rule. Three ways of checking it:

* every finished hand's :meth:`~BatchTables.history` replays through
  :func:`omaha8.game.replay` (which compares every event: posts, each action's
  chips and all-in flag, the streets dealt, shows, pots, awards) to the same net
  chips, over every structure, 2-10 seats, 4 and 5 cards, short stacks, empty
  seats and stacks that carry over;
* a :class:`Hand` driven with the same actions offers the same legal actions
  at every decision (the betting does not depend on the cards);
* hand-checked spots of the betting rules (the half-bet rule, the cap, short
  all-ins, heads-up order, the button over empty seats).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from omaha8.errors import ArgumentError, ArgumentTypeError, ChipError, ShapeError
from omaha8.game import (
    BatchTables,
    FixedLimit,
    GameError,
    Hand,
    IllegalActionError,
    MixedGame,
    NoLimit,
    PlayTotals,
    PotLimit,
    replay,
)
from omaha8.game.batch import STRUCTURE_NAMES

from batch_twin import choose, short_stacks

STRUCTURES = [
    PotLimit(1, 2),
    NoLimit(1, 2),
    NoLimit(5, 10),
    FixedLimit(2, 4),
    FixedLimit(2, 4, cap=3, uncapped_heads_up="round-start"),
    FixedLimit(4, 8, small_blind=1, big_blind=3, uncapped_heads_up="never"),
    FixedLimit(10, 20, cap=None),
    FixedLimit(20, 40, small_blind=10, big_blind=20, cap=5),
]


def replay_all(tables: BatchTables) -> int:
    """Replay every table's last hand; its net chips must be the batch's. Returns the hands replayed."""
    net = tables.last_net
    for t in range(tables.n_tables):
        history = tables.history(t)
        hand = replay(history)
        assert hand.result.net == tuple(net[t]), f"table {t}:\n{history.text()}"
        assert sum(hand.result.net) == 0
    return tables.n_tables


def play_and_replay(n_tables: int, rounds: int, seed: int) -> int:
    rng = np.random.default_rng(seed)
    replayed = 0
    for i, structure in enumerate(STRUCTURES):
        for variant in (4, 5):
            n_seats = int(rng.integers(2, 11))
            empty, carry = bool(i % 2), bool((i + variant) % 2)
            stacks = short_stacks(rng, structure, n_tables, n_seats, variant, empty)
            tables = BatchTables(n_tables, n_seats, structure, variant=variant, stacks=stacks, seed=seed + i,
                                 carry_stacks=carry)
            for _ in range(rounds):
                tables.play(n_tables)   # one hand a table
                replayed += replay_all(tables)
    return replayed


def test_played_hands_replay_to_the_same_nets() -> None:
    assert play_and_replay(60, 2, 23) == 60 * 2 * 2 * len(STRUCTURES)


@pytest.mark.slow
def test_tens_of_thousands_of_played_hands_replay() -> None:
    assert play_and_replay(500, 5, 2300) == 40_000


def test_deep_stacks_replay() -> None:
    # 100 big blinds and more: long pot-limit and no-limit wars of raises
    for structure in (PotLimit(1, 2), NoLimit(1, 2), FixedLimit(2, 4)):
        tables = BatchTables(150, 6, structure, stacks=[200, 300, 1000, 5000, 200, 20_000], seed=9)
        for _ in range(3):
            tables.play(150)
            replay_all(tables)


# ---------------------------------------------------------------- stepped from Python, against a twin Hand


def legal_view(hand: Hand) -> tuple[int, ...]:
    legal = hand.legal_actions()
    return (legal.seat, legal.call, legal.min_to, legal.max_to, hand.pot, *hand.stacks, *hand.bets)


def batch_view(obs: dict[str, Any], t: int) -> tuple[int, ...]:
    return (int(obs["seat"][t]), int(obs["to_call"][t]), int(obs["min_to"][t]), int(obs["max_to"][t]),
            int(obs["pot"][t]), *obs["stacks"][t].tolist(), *obs["bets"][t].tolist())


@pytest.mark.parametrize("structure", STRUCTURES[:6], ids=lambda s: s.name)
def test_stepped_tables_offer_what_a_twin_hand_offers(structure: Any) -> None:
    rng = np.random.default_rng(77)
    n_tables, n_seats = 30, 6
    stacks = short_stacks(rng, structure, n_tables, n_seats, 4, True)
    tables = BatchTables(n_tables, n_seats, structure, stacks=stacks, seed=5, carry_stacks=True)
    twins = [Hand(stacks[t].tolist(), structure, button=int(tables.buttons[t]), seed=t) for t in range(n_tables)]
    finished_hands = chained = 0
    for _ in range(300):
        obs = tables.observe()
        for t in range(n_tables):
            assert batch_view(obs, t) == legal_view(twins[t]), f"table {t}"
        kind, amount = choose(rng, obs)
        before = tables.hands_finished
        finished, net = tables.step(kind, amount)
        played = tables.hands_finished - before
        assert np.array_equal(played > 0, finished)
        for t in range(n_tables):
            name = ("fold", "call" if obs["to_call"][t] else "check",
                    "raise" if obs["street"][t] == 0 or obs["bets"][t].max() > 0 else "bet")[kind[t]]
            twins[t].act(name, int(amount[t]) if kind[t] == 2 else None)
            assert twins[t].is_over == bool(finished[t]), f"table {t}"
            if finished[t]:
                finished_hands += 1
                # the twin's cards are its own, so its chips differ: the batch's hand replays to the batch's
                assert int(net[t].sum()) == 0
                last = replay(tables.history(t)).result.net
                assert last == tuple(tables.last_net[t])
                if played[t] == 1:
                    assert last == tuple(net[t])
                else:
                    # heads-up, a stack of at most the small blind left nobody a decision in the next hand:
                    # it was played out in the same step, and net holds both hands
                    chained += 1
                    assert min(h for h in tables.history(t).stacks if h) <= structure.small_blind
                # the next hand's twin starts from the batch's stacks before the blinds
                after = tables.observe()
                following = after["stacks"][t] + after["bets"][t]
                twins[t] = Hand(following.tolist(), structure, button=int(tables.buttons[t]), seed=t + 1000)
    assert finished_hands > 200


def test_chips_are_conserved_at_every_step() -> None:
    rng = np.random.default_rng(78)
    for structure in (PotLimit(1, 2), FixedLimit(2, 4), NoLimit(1, 2)):
        stacks = short_stacks(rng, structure, 50, 7, 4, True)
        for carry in (False, True):
            tables = BatchTables(50, 7, structure, stacks=stacks, seed=8, carry_stacks=carry)
            total = stacks.sum(axis=1)
            for _ in range(300):
                obs = tables.observe()
                assert np.array_equal(obs["stacks"].sum(axis=1) + obs["pot"], total)
                finished, net = tables.step(*choose(rng, obs))
                assert (net.sum(axis=1) == 0).all() and not net[~finished].any()


# ---------------------------------------------------------------- hand-checked rules


def one_table(structure: Any, stacks: list[int]) -> BatchTables:
    return BatchTables(1, len(stacks), structure, stacks=stacks, seed=1)


def act(tables: BatchTables, kind: int, amount: int = 0) -> tuple[bool, list[int]]:
    finished, net = tables.step([kind], [amount])
    return bool(finished[0]), net[0].tolist()


def legal(tables: BatchTables) -> tuple[int, int, int, int]:
    obs = tables.observe()
    return int(obs["seat"][0]), int(obs["to_call"][0]), int(obs["min_to"][0]), int(obs["max_to"][0])


def test_a_raise_that_everyone_folds_to() -> None:
    # 6 seats, pot limit 1/2, button 0: seat 1 posts 1, seat 2 posts 2, seat 3 acts first: call 2 or raise
    # to 4..7 (the pot 3 plus the call 2, over the bet 2). It raises to 7; the rest fold: 5 of its 7 come
    # back uncalled, and it wins the blinds: +3, seat 1 -1, seat 2 -2
    tables = one_table(PotLimit(1, 2), [200] * 6)
    assert legal(tables) == (3, 2, 4, 7)
    assert act(tables, 2, 7) == (False, [0] * 6)
    for _ in range(4):
        assert act(tables, 0)[0] is False
    assert act(tables, 0) == (True, [0, -1, -2, 3, 0, 0])
    assert tables.history(0).actions[0].text() == "Seat 3 raises to 7"


def test_half_a_bet_all_in_reopens_fixed_limit_betting() -> None:
    # fixed limit 20/40, blinds 10/20; seat 2 (big blind) has 35: 15 behind after its blind. Seat 0 and
    # seat 1 call 20; seat 2 may raise only all-in, to 35: 15 more, at least half a bet (10), so a full bet
    # (Robert's Rules): seat 0, who acted, may raise again, one bet above it: to 35 + 20 = 55
    tables = one_table(FixedLimit(20, 40, small_blind=10, big_blind=20), [100, 100, 35])
    assert legal(tables) == (0, 20, 40, 40)
    act(tables, 1)
    act(tables, 1)
    assert legal(tables) == (2, 0, 35, 35)
    act(tables, 2, 35)
    assert legal(tables) == (0, 15, 55, 55)


def test_less_than_half_a_bet_all_in_does_not_reopen_it() -> None:
    # as above with 28 chips: the all-in raise to 28 adds 8, less than half a bet: seat 0 and seat 1, who
    # acted, may only call 8 (or fold)
    tables = one_table(FixedLimit(20, 40, small_blind=10, big_blind=20), [100, 100, 28])
    act(tables, 1)
    act(tables, 1)
    act(tables, 2, 28)
    assert legal(tables) == (0, 8, 0, 0)
    act(tables, 1)
    assert legal(tables) == (1, 8, 0, 0)


def test_a_short_all_in_does_not_reopen_no_limit_betting() -> None:
    # no limit 1/2, button 0: seat 1 (9 chips) posts 1, seat 2 posts 2, seat 3 raises to 6 (a raise of 4),
    # seat 0 calls 6, seat 1 goes all-in to 9: 3 more, short of a full raise (4). Seat 2 has not acted: it
    # may raise to 9 + 4 = 13 or more. Seat 3 and seat 0 acted: they may only call 3
    tables = one_table(NoLimit(1, 2), [100, 9, 100, 100])
    act(tables, 2, 6)
    act(tables, 1)
    # seat 1 has its blind of 1 in and 8 behind: all-in is to 9, and the least raise, to 10, is more than it has
    assert legal(tables) == (1, 5, 9, 9)
    act(tables, 2, 9)
    assert legal(tables) == (2, 7, 13, 100)
    act(tables, 1)
    assert legal(tables) == (3, 3, 0, 0)
    act(tables, 1)
    assert legal(tables) == (0, 3, 0, 0)


def test_the_cap_and_its_heads_up_rules() -> None:
    # fixed limit 2/4, cap 4: the big blind is bet 1, then raises to 4, 6 and 8 (the cap). With three in,
    # the cap holds
    tables = one_table(FixedLimit(2, 4), [100, 100, 100])
    for to in (4, 6, 8):
        act(tables, 2, to)
    assert legal(tables)[3] == 0
    # heads-up (the button posts the small blind and acts first pre-flop): "two-left" and "round-start" lift
    # the cap, so the big blind may raise to 10 after 8; "never" keeps it
    for rule, most in (("two-left", 10), ("round-start", 10), ("never", 0)):
        tables = one_table(FixedLimit(2, 4, uncapped_heads_up=rule), [100, 100])
        assert legal(tables) == (0, 1, 4, 4)
        for to in (4, 6, 8):
            act(tables, 2, to)
        assert legal(tables)[0] == 1 and legal(tables)[3] == most


def test_heads_up_order_and_the_button_over_empty_seats() -> None:
    # heads-up the button posts the small blind, acts first pre-flop and last after
    tables = one_table(NoLimit(1, 2), [100, 100])
    assert legal(tables) == (0, 1, 4, 100)
    act(tables, 1)
    act(tables, 1)
    assert tables.observe()["street"][0] == 1 and legal(tables)[0] == 1
    # seats 0 and 2 empty: the first button is seat 1, then seat 3, 4 and 1 again
    tables = one_table(PotLimit(1, 2), [0, 50, 0, 50, 50])
    buttons = [int(tables.buttons[0])]
    for _ in range(3):
        tables.play(1)
        buttons.append(int(tables.buttons[0]))
    assert buttons == [1, 3, 4, 1]


# ---------------------------------------------------------------- refusals, seeds, policies, arguments


def test_an_illegal_action_is_refused_for_the_whole_call() -> None:
    a = BatchTables(30, 6, PotLimit(1, 2), seed=12)
    b = BatchTables(30, 6, PotLimit(1, 2), seed=12)
    rng = np.random.default_rng(13)
    for _ in range(20):
        kind, amount = choose(rng, a.observe())
        a.step(kind, amount)
        b.step(kind, amount)
    obs = a.observe()
    kind, amount = choose(rng, obs)
    bad = int(np.flatnonzero(obs["max_to"] > 0)[3])
    for wrong_kind, wrong_amount, match in ((2, int(obs["max_to"][bad]) + 1, "here is to"),
                                            (2, int(obs["min_to"][bad]) - 1, "here is to"),
                                            (5, 0, "kind 5 at table"),
                                            (-1, 0, "kind -1 at table")):
        k, m = kind.copy(), amount.copy()
        k[bad], m[bad] = wrong_kind, wrong_amount
        with pytest.raises(IllegalActionError, match=f"table {bad}") as caught:
            a.step(k, m)
        assert match in str(caught.value) and caught.value.seat == obs["seat"][bad]
        assert getattr(caught.value, "table") == bad
    after = a.observe()
    assert all(np.array_equal(obs[key], after[key]) for key in obs)
    # a raise where none is allowed
    no_raise = int(np.flatnonzero(obs["max_to"] == 0)[0])
    k = kind.copy()
    k[no_raise] = 2
    with pytest.raises(IllegalActionError, match=f"at table {no_raise}: it may not"):
        a.step(k, amount)
    # nothing was applied: a and b go on alike
    for _ in range(30):
        kind, amount = choose(rng, a.observe())
        fa, na = a.step(kind, amount)
        fb, nb = b.step(kind, amount)
        assert np.array_equal(fa, fb) and np.array_equal(na, nb)
    assert all(np.array_equal(a.observe()[key], b.observe()[key]) for key in obs)


def test_the_same_seed_plays_the_same_hands_on_any_number_of_threads() -> None:
    results = []
    for threads in (1, 2):
        tables = BatchTables(64, 6, NoLimit(1, 2), seed=99, n_threads=threads, carry_stacks=True)
        totals = tables.play(3000)
        rng = np.random.default_rng(5)
        nets = [tables.step(*choose(rng, tables.observe()))[1] for _ in range(50)]
        results.append((totals.hands.tolist(), totals.net.tolist(), totals.showdowns_won.tolist(),
                        [tables.history(t) for t in range(64)], np.array(nets).tolist(),
                        {key: value.tolist() for key, value in tables.observe().items()}))
    assert results[0] == results[1]
    other = BatchTables(64, 6, NoLimit(1, 2), seed=100, n_threads=1, carry_stacks=True)
    other.play(3000)
    assert [other.history(t) for t in range(64)] != results[0][3]


def test_play_totals() -> None:
    tables = BatchTables(7, 4, FixedLimit(2, 4), seed=3)
    totals = tables.play(100)
    # 100 hands over 7 tables: 15 at tables 0 and 1, 14 at the others; every seat is dealt in every hand
    assert isinstance(totals, PlayTotals) and totals.n_hands == 100
    assert tables.hands_finished.tolist() == [15, 15, 14, 14, 14, 14, 14]
    assert totals.hands.tolist() == [100] * 4 and totals.net.sum() == 0
    assert 0 < totals.showdowns_won.sum() <= 100 * 4
    assert tables.play(0).n_hands == 0


def test_a_callable_policy_is_played_as_the_built_in_one() -> None:
    seen: list[int] = []

    def always_call(obs: dict[str, Any]) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        seen.append(len(obs["table"]))
        return np.ones(len(obs["table"]), np.int8), np.zeros(len(obs["table"]), np.int64)

    a = BatchTables(10, 6, PotLimit(1, 2), seed=4)
    b = BatchTables(10, 6, PotLimit(1, 2), seed=4)
    ta, tb = a.play(35, always_call), b.play(35, "call")
    assert (ta.hands.tolist(), ta.net.tolist(), ta.showdowns_won.tolist()) == (
        tb.hands.tolist(), tb.net.tolist(), tb.showdowns_won.tolist())
    assert [a.history(t) for t in range(10)] == [b.history(t) for t in range(10)]
    # tables leave the observation as they finish their share: 5 tables play 4 hands, 5 play 3
    assert seen[0] == 10 and seen[-1] == 5
    assert ta.showdowns_won.sum() >= 35   # everyone calls down: every hand has a showdown


def test_a_policy_that_answers_badly_is_refused() -> None:
    tables = BatchTables(3, 2, NoLimit(1, 2), seed=1)
    with pytest.raises(ArgumentTypeError, match="return"):
        tables.play(5, lambda obs: "call")  # type: ignore[arg-type,return-value]
    with pytest.raises(ShapeError, match="one entry per table"):
        tables.play(5, lambda obs: (np.ones(7, np.int8), np.zeros(7, np.int64)))
    with pytest.raises(IllegalActionError, match="at table 0"):
        tables.play(5, lambda obs: (np.full(len(obs["table"]), 2), np.zeros(len(obs["table"]), np.int64)))
    with pytest.raises(ArgumentError, match="policy"):
        tables.play(5, "fold")


def test_history_before_any_hand_and_out_of_range() -> None:
    tables = BatchTables(2, 3, PotLimit(1, 2))
    with pytest.raises(GameError, match="no hand has finished at table 1"):
        tables.history(1)
    with pytest.raises(ArgumentError):
        tables.history(2)


@pytest.mark.parametrize(("args", "kwargs", "error", "match"), [
    ((0, 6, "pot-limit"), {}, ArgumentError, "n_tables"),
    ((2, 1, "pot-limit"), {}, ShapeError, "n_seats"),
    ((2, 11, "pot-limit"), {}, ShapeError, "n_seats"),
    ((2, 6, "pot-limit"), {"variant": 6}, ShapeError, "variant"),
    ((2, 6, "limit"), {}, ArgumentError, "structure must be one of"),
    ((2, 6, MixedGame(PotLimit(1, 2))), {}, ArgumentTypeError, "MixedGame"),
    ((2, 6, 5), {}, ArgumentTypeError, "structure"),
    ((2, 6, "pot-limit"), {"stacks": [100] * 5}, ShapeError, "stacks"),
    ((2, 6, "pot-limit"), {"stacks": np.full((3, 6), 100)}, ShapeError, "stacks"),
    ((2, 6, "pot-limit"), {"stacks": [100, 100, -1, 100, 100, 100]}, ChipError, "stacks"),
    ((2, 6, "pot-limit"), {"stacks": [100.0] * 6}, ChipError, "whole numbers"),
    ((2, 6, "pot-limit"), {"stacks": [100, 0, 0, 0, 0, 0]}, ChipError, "2 to 10 seats"),
    ((2, 10, "pot-limit"), {"variant": 5}, ChipError, "2 to 9 seats"),
    ((2, 2, "no-limit"), {"stacks": [1, 100]}, ChipError, "nobody would ever act"),
    ((2, 6, "pot-limit"), {"stacks": 2**60}, ChipError, "stacks"),
    ((2, 6, "pot-limit"), {"seed": -1}, ArgumentError, "seed"),
    ((2, 6, "pot-limit"), {"carry_stacks": 1}, ArgumentTypeError, "carry_stacks"),
    ((2, 6, "pot-limit"), {"n_threads": 0}, ArgumentError, "n_threads"),
])
def test_bad_arguments(args: tuple[Any, ...], kwargs: dict[str, Any], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        BatchTables(*args, **kwargs)


def test_bad_actions_shapes_and_types() -> None:
    tables = BatchTables(3, 2, NoLimit(1, 2), seed=1)
    with pytest.raises(ShapeError, match="one entry per table"):
        tables.step([1, 1])
    with pytest.raises(ArgumentTypeError, match="whole numbers"):
        tables.step([1.0, 1.0, 1.0])
    with pytest.raises(ArgumentTypeError, match="whole numbers"):
        tables.step("call")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="amount"):
        tables.step([2, 2, 2], [4.5, 4.5, 4.5])
    # one kind (and amount) for every table is broadcast
    finished, net = tables.step(0)
    assert finished.all() and net.shape == (3, 2)


def test_structure_names_and_observation() -> None:
    for name, structure in STRUCTURE_NAMES.items():
        assert BatchTables(1, 2, name).structure == structure
    tables = BatchTables(5, 9, "no-limit", variant=5, seed=2)
    obs = tables.observe()
    assert obs["hole"].shape == (5, 5) and obs["board"].shape == (5, 5) and (obs["board"] == 255).all()
    assert obs["stacks"].shape == obs["bets"].shape == obs["in_hand"].shape == (5, 9)
    assert obs["seat"].dtype == np.int8 and obs["pot"].dtype == np.int64 and obs["can_check"].dtype == np.bool_
    assert (obs["seat"] == 3).all() and (obs["pot"] == 3).all() and obs["in_hand"].all()
    tables.play(5, "call")   # to the river: every card seen once
    for t in range(5):
        history = tables.history(t)
        cards = [c for hole in history.holes if hole for c in hole] + list(history.board)
        assert len(cards) == len(set(cards)) == 9 * 5 + 5
    assert "5-card" in repr(tables)


def test_arrays_returned_stay_the_callers() -> None:
    # observe() and step() reuse their last arrays only once nothing else holds them
    tables = BatchTables(8, 6, PotLimit(1, 2), seed=6)
    first = tables.observe()
    kept = {key: value.copy() for key, value in first.items()}
    finished, net = tables.step(1)
    net_kept = net.copy()
    view = tables.observe()["stacks"][:, 0]   # a view holds its array
    view_kept = view.copy()
    for _ in range(40):
        tables.observe()
        tables.step(0)
    assert all(np.array_equal(first[key], kept[key]) for key in first)
    assert np.array_equal(net, net_kept) and np.array_equal(view, view_kept)
    # and what the caller dropped is refilled: the values are the current ones either way
    again = tables.observe()
    assert np.array_equal(again["pot"], tables.observe()["pot"])
