"""The engine's fast settlement and trusted showdown against their slow twins.

A :class:`Hand` without rake or dead money is settled by
``_Settlement._settlement_fast``, whose showdown is
``omaha8.game._showdown_lane.trusted_showdown``, as is the showdown of the
general ``_settlement`` that settles the others (rake, dead money, run more
than once); the twin settles every hand by ``_settlement`` going through the
public :func:`omaha8.pots._showdown.showdown`. Here the same random hands are played both
ways and must end with equal results and histories, and the trusted showdown
is compared with ``showdown`` on random deals and contributions.
"""

from __future__ import annotations

import random

import pytest

from omaha8.game import FixedLimit, Hand, NoLimit, Post, PotLimit
from omaha8.game._showdown_lane import trusted_showdown
from omaha8.game.rake import NoRake, PercentageRake
from omaha8.pots._odd_chips import CardroomOddChips
from omaha8.pots._showdown import showdown


class SlowHand(Hand):
    """A hand settled only by the general path (the twin)."""

    __slots__ = ()
    _fast_settlement = False


class LowGetsOddChip(CardroomOddChips):
    def split_halves(self, amount: int) -> tuple[int, int]:
        return amount // 2, amount - amount // 2


class ButtonFirst(CardroomOddChips):
    def order(self, winners, button, n_seats):  # type: ignore[no-untyped-def]
        return tuple(sorted(winners, key=lambda seat: (seat - button) % n_seats))


POLICIES = [None, CardroomOddChips(), LowGetsOddChip(), ButtonFirst()]


def _random_setup(rng: random.Random) -> dict[str, object]:
    n = rng.randint(2, 9)
    # short and empty stacks make all-ins, side pots and dead seats
    stacks = [rng.choice([0, rng.randint(1, 12), rng.randint(1, 400)]) for _ in range(n)]
    while sum(1 for s in stacks if s) < 2:
        stacks[rng.randrange(n)] = rng.randint(1, 400)
    structure = rng.choice([PotLimit(1, 2), NoLimit(1, 2), FixedLimit(2, 4), NoLimit(5, 10), PotLimit(2, 5)])
    setup: dict[str, object] = dict(
        stacks=stacks, structure=structure, button=rng.randrange(n), variant=rng.choice([4, 5]),
        odd_chips=rng.choice(POLICIES), seed=rng.randrange(2**32),
    )
    if rng.random() < 0.25:
        # live posts and antes (still the fast lane), at times a dead blind
        seated = [s for s in range(n) if stacks[s]]
        posts = [Post(s, "ante", rng.randint(1, 3)) for s in seated if rng.random() < 0.5]
        posts.append(Post(rng.choice(seated), "big_blind", structure.big_blind))
        if rng.random() < 0.3:
            # dead money: the general path, whose showdown is the trusted lane in Hand and the public one here
            posts.append(Post(rng.choice(seated), "dead", 1))
        setup["posts"] = posts
    if rng.random() < 0.25:
        # a rake: the general path too
        setup["rake"] = rng.choice([PercentageRake(5), PercentageRake(10, cap=3), NoRake()])
    if rng.random() < 0.15 and setup["variant"] == 4 and sum(1 for s in stacks if s) <= 6:
        setup["runs"] = 2
    return setup


def _play(cls: type[Hand], setup: dict[str, object], actions: random.Random) -> Hand:
    hand = cls(**setup)  # type: ignore[arg-type]
    while not hand.is_over:
        legal = hand.legal_actions()
        kinds = legal.kinds
        # fold rarely, so that many hands reach a showdown with side pots
        kind = kinds[0] if actions.random() < 0.12 else actions.choice(kinds[1:])
        if kind in ("bet", "raise"):
            to = legal.max_to if actions.random() < 0.3 else actions.randint(legal.min_to, legal.max_to)
            hand.act(kind, to)
        else:
            hand.act(kind)
    return hand


@pytest.mark.parametrize("seed", range(4))
def test_fast_settlement_matches_the_general_one(seed: int) -> None:
    rng = random.Random(seed)
    showdowns = side_pots = 0
    for _ in range(150):
        setup = _random_setup(rng)
        action_seed = rng.randrange(2**32)
        fast = _play(Hand, setup, random.Random(action_seed))
        slow = _play(SlowHand, setup, random.Random(action_seed))
        assert fast.result == slow.result, setup
        assert fast.history.events == slow.history.events, setup
        assert sum(fast.result.stacks) + fast.result.rake_total == sum(setup["stacks"])  # type: ignore[arg-type]
        showdowns += fast.result.showdown is not None
        side_pots += len(fast.result.pots) > 1
    # the comparison covered both kinds of ending and side pots
    assert 20 < showdowns < 150 and side_pots > 5


def test_the_general_path_is_the_one_compared() -> None:
    # the twin really takes the other path: a hand settled by it never calls the fast one
    calls: list[str] = []

    class Spy(SlowHand):
        __slots__ = ()

        def _settlement_fast(self):  # type: ignore[no-untyped-def]
            calls.append("fast")
            return super()._settlement_fast()

    class FastSpy(Hand):
        __slots__ = ()

        def _settlement_fast(self):  # type: ignore[no-untyped-def]
            calls.append("fast")
            return super()._settlement_fast()

    for cls in (Spy, FastSpy):
        hand = cls([100, 100, 100], PotLimit(1, 2), seed=1)
        hand.act("fold")
        hand.act("fold")
    assert calls == ["fast"]


@pytest.mark.parametrize("seed", range(3))
def test_trusted_showdown_matches_showdown(seed: int) -> None:
    rng = random.Random(100 + seed)
    for _ in range(400):
        n = rng.randint(2, 9)
        k = rng.choice([4, 5])
        deck = rng.sample(range(52), n * k + 5)
        holes = [tuple(deck[s * k:(s + 1) * k]) for s in range(n)]
        board = tuple(deck[n * k:])
        live = sorted(rng.sample(range(n), rng.randint(2, n)))
        # contributions with ties, zeros and a unique top (an uncalled bet) among live and folded seats
        contrib = [rng.choice([0, 5, 10, 10, rng.randint(1, 60)]) for _ in range(n)]
        if not any(contrib[s] for s in live):
            contrib[live[0]] = 7
        live_chips = [s for s in live if contrib[s]]
        aggressor = rng.choice([None] + live_chips)
        button = rng.randrange(n)
        policy = rng.choice(POLICIES)
        want = showdown([holes[s] if s in live else None for s in range(n)], board, contributions=list(contrib),
                        button=button, last_aggressor=aggressor, odd_chips=policy)
        before = list(contrib)
        got = trusted_showdown(board, holes, contrib, live, button, aggressor, policy or CardroomOddChips())
        assert got == want, (board, holes, contrib, live, button, aggressor, policy)
        assert contrib == before  # the hand's contributions are not changed


def test_wager_ranges_agree_with_least_to_and_max_to() -> None:
    # the big-bet structures write least_to and max_to out in wager_range; the two must agree
    rng = random.Random(7)
    pot_limit, no_limit = PotLimit(1, 2), NoLimit(1, 2)
    for _ in range(5000):
        bet_to = rng.choice([0, rng.randint(1, 50)])
        to_call = rng.randint(0, bet_to)
        all_in_to = bet_to - to_call + rng.randint(1, 300)
        pot = bet_to + rng.randint(0, 200)
        min_raise = rng.randint(1, 40)
        lo = pot_limit.least_to(bet_to, min_raise, all_in_to)
        most = max(lo, pot_limit.max_to(bet_to, pot, to_call))
        assert pot_limit.wager_range(bet_to, to_call, all_in_to, pot, min_raise, 0, 2) == (lo, min(most, all_in_to))
        assert no_limit.wager_range(bet_to, to_call, all_in_to, pot, min_raise, 0, 2) == (
            no_limit.least_to(bet_to, min_raise, all_in_to), all_in_to)


def test_engine_results_equal_those_built_by_their_constructors() -> None:
    from omaha8.game.results import HandResult, PotResult
    from omaha8.game.settlement import new_hand_result, new_pot_result
    from omaha8.pots._showdown import PotSplit

    pot_fields = (30, 2, (0, 2), (2,), (0,), (14, 0, 14), PotSplit.HALVES)
    assert new_pot_result(*pot_fields) == PotResult(*pot_fields)
    assert hash(new_pot_result(*pot_fields)) == hash(PotResult(*pot_fields))
    assert repr(new_pot_result(*pot_fields)) == repr(PotResult(*pot_fields))
    fields = ((28, 0, 2), (8, -10, -8), (108, 90, 92), (0, 0, 2), (28, 0, 0), 28, (1, 2, 3, 4, 5), None,
              (PotResult(*pot_fields),), (2,), 2)
    assert new_hand_result(*fields) == HandResult(*fields)
    assert repr(new_hand_result(*fields)) == repr(HandResult(*fields))
    with pytest.raises(AttributeError):
        new_hand_result(*fields).pot = 3  # type: ignore[misc]  # still frozen


@pytest.mark.parametrize("variant", [4, 5])
def test_board_values_match_the_showdowns(variant: int) -> None:
    # each later board of a hand run more than once: the live holes evaluated alone, against a showdown of them
    from omaha8.game.settlement import board_values, board_values_by_showdown
    rng = random.Random(variant)
    for _ in range(400):
        n = rng.randint(2, 9 if variant == 4 else 8)
        cards = rng.sample(range(52), n * variant + 5)
        holes = tuple(tuple(cards[s * variant:(s + 1) * variant]) for s in range(n))
        board = tuple(cards[n * variant:])
        live = sorted(rng.sample(range(n), rng.randint(2, n)))
        fast = board_values(holes, live, board, n)
        assert fast == board_values_by_showdown(holes, live, board, n)
        assert all(fast[0][s] == fast[1][s] == 0 for s in range(n) if s not in live)


def test_board_values_refuse_what_the_showdown_refuses() -> None:
    # a hole repeating a board card: the evaluator takes no such hand, and the showdown's own error is raised
    from omaha8.errors import Omaha8Error
    from omaha8.game.settlement import board_values, board_values_by_showdown
    holes = ((0, 1, 2, 3), (4, 5, 6, 7))
    board = (3, 10, 20, 30, 40)
    with pytest.raises(Omaha8Error) as slow:
        board_values_by_showdown(holes, [0, 1], board, 2)
    with pytest.raises(type(slow.value), match=str(slow.value).split(":")[0]):
        board_values(holes, [0, 1], board, 2)
