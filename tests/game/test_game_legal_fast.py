"""The engine's per-turn legal actions and its unchecked lane for the actions it offered, against their twins.

``Hand.legal_actions`` works out the bet and raise bounds itself;
``Hand._wager_bounds``, which also says why a wager is refused, is its twin
and must give the same bounds at every turn. ``Hand.act`` applies a call,
check, bet or raise it offered in the cached legal actions without checking
it again; with the cache cleared before each action the same hands go
through the full checks, and must end with equal results and histories.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from omaha8.game import FixedLimit, Hand, NoLimit, Post, PotLimit

STRUCTURES: list[FixedLimit | PotLimit | NoLimit] = [PotLimit(1, 2), NoLimit(1, 2), FixedLimit(2, 4), FixedLimit(2, 4, cap=None),
              FixedLimit(2, 4, uncapped_heads_up="round-start"), FixedLimit(2, 4, uncapped_heads_up="never"),
              NoLimit(5, 10), PotLimit(2, 5)]


def _setup(rng: random.Random) -> dict[str, object]:
    n = rng.randint(2, 9)
    # short and empty stacks make all-ins for less, side pots and seats that cannot raise
    stacks = [rng.choice([0, rng.randint(1, 12), rng.randint(1, 400)]) for _ in range(n)]
    while sum(1 for s in stacks if s) < 2:
        stacks[rng.randrange(n)] = rng.randint(1, 400)
    structure = rng.choice(STRUCTURES)
    setup: dict[str, object] = dict(stacks=stacks, structure=structure, button=rng.randrange(n),
                                    variant=rng.choice([4, 5]), seed=rng.randrange(2**32))
    if rng.random() < 0.25:
        seated = [s for s in range(n) if stacks[s]]
        posts = [Post(s, "ante", rng.randint(1, 3)) for s in seated if rng.random() < 0.5]
        posts.append(Post(rng.choice(seated), "big_blind", structure.big_blind))
        if rng.random() < 0.3:
            posts.append(Post(rng.choice(seated), "dead", 1))
        setup["posts"] = posts
    return setup


def _choice(rng: random.Random, hand: Hand) -> tuple[str, int | None]:
    legal = hand.legal_actions()
    kind = rng.choice(legal.kinds)
    if kind in ("bet", "raise"):
        return kind, rng.randint(legal.min_to, legal.max_to)
    return kind, None


@pytest.mark.parametrize("seed", range(4))
def test_legal_bounds_match_wager_bounds(seed: int) -> None:
    rng = random.Random(seed)
    turns = refused = 0
    for _ in range(300):
        hand = Hand(**_setup(rng))  # type: ignore[arg-type]
        while not hand.is_over:
            legal = hand.legal_actions()
            lo, hi, why = hand._wager_bounds(legal.seat)
            assert (legal.min_to, legal.max_to) == (lo, hi)
            # a wager is refused exactly when the twin gives a reason
            assert (hi == 0) == (why != "")
            turns += 1
            refused += hi == 0
            hand.act(*_choice(rng, hand))
    # both kinds of turn were seen
    assert turns > refused > 0


@pytest.mark.parametrize("seed", range(4))
def test_offered_actions_applied_as_the_checked_path_applies_them(seed: int) -> None:
    rng = random.Random(100 + seed)
    for _ in range(300):
        setup = _setup(rng)
        fast, slow = Hand(**setup), Hand(**setup)  # type: ignore[arg-type]
        while not fast.is_over:
            kind, amount = _choice(rng, fast)
            assert slow.legal_actions() == fast.legal_actions()
            fast.act(kind, amount)
            # the twin: no cached legal actions, every check made again (numpy ints take the checked path too)
            slow._legal = None
            slow.act(kind, None if amount is None else np.int64(amount))  # type: ignore[arg-type]
            assert (slow.actor, slow.pot, slow.bets, slow.stacks) == (fast.actor, fast.pot, fast.bets, fast.stacks)
        assert slow.is_over
        assert slow.result == fast.result
        assert slow.history.text() == fast.history.text()
        assert slow.history.events == fast.history.events


def test_offered_actions_still_refuse_what_was_not_offered() -> None:
    # pot limit 1/2, three seats of 100: seat 0 faces the big blind of 2; calling adds 2, raises are to 4..7
    hand = Hand([100, 100, 100], PotLimit(1, 2), button=0, seed=1)
    assert hand.legal_actions() == (0, 2, 4, 7, True)
    with pytest.raises(Exception, match="there is a bet of 2 to call"):
        hand.act("check")
    with pytest.raises(Exception, match="already a bet of 2; raise instead"):
        hand.act("bet", 4)
    with pytest.raises(Exception, match="8 is above the pot-limit maximum 7"):
        hand.act("raise", 8)
    with pytest.raises(Exception, match="whole number"):
        hand.act("raise", True)
    with pytest.raises(Exception, match="calling adds 2 chips"):
        hand.act("call", 3)
    assert (hand.actor, hand.pot, hand.bets) == (0, 3, (0, 1, 2))
    hand.act("raise", 7)
    assert (hand.actor, hand.pot, hand.bets) == (1, 10, (7, 1, 2))
