"""Hostile driving of the hand engine: random legal and illegal actions, amounts, seats, posts and policies.

Whatever comes in, only omaha8's own errors come out, a refused action leaves
the hand as it was, chips are conserved (payouts + rake == contributions),
no stack goes negative, and nobody wins more from the pots than they covered.
"""

from __future__ import annotations

import os

from collections.abc import Sequence
from typing import Any

import numpy as np
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from omaha8 import CardroomOddChips
from omaha8.errors import Omaha8Error
from omaha8.game import (
    POST_KINDS,
    FixedLimit,
    Hand,
    IllegalActionError,
    NoLimit,
    NoRake,
    PercentageRake,
    PotLimit,
    Post,
    replay,
)

STRUCTURES = [PotLimit(1, 2), NoLimit(1, 2), NoLimit(5, 5), FixedLimit(2, 4), FixedLimit(10, 20, small_blind=5,
                                                                                          big_blind=7)]

# amounts and objects a careless or hostile caller might pass
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.sampled_from([np.int64(3), np.uint64(2**64 - 1), np.bool_(True), np.float64(2.0), [], {}, object(), b"4"]),
)


class Scripted(CardroomOddChips):
    """An odd-chip policy whose answers are drawn: good ones, wrong ones, or an exception."""

    def __init__(self, mode: str) -> None:
        self.mode = mode

    def split_halves(self, amount: int) -> tuple[int, int]:
        if self.mode == "raise":
            raise RuntimeError("policy broke")
        if self.mode == "float":
            return (amount / 2, amount / 2)  # type: ignore[return-value]
        if self.mode == "uint":
            return (np.uint64(2**64 - 1), np.uint64(amount + 1))  # type: ignore[return-value]
        if self.mode == "low":
            return amount // 2, amount - amount // 2
        return super().split_halves(amount)

    def order(self, winners: Sequence[int], button: int, n_seats: int) -> Sequence[int]:
        if self.mode == "bad order":
            return [winners[0]] * len(winners)
        return super().order(winners, button, n_seats)


class DrawnRake:
    """A rake policy answering from a drawn list (too many, too few, negative, floats...)."""

    def __init__(self, answers: list[Any]) -> None:
        self.answers = answers

    def take(self, pots: tuple[int, ...], *, flop_seen: bool) -> Sequence[int]:
        if self.answers and self.answers[0] == "raise":
            raise ValueError("rake broke")
        return self.answers[: len(pots)] if len(self.answers) > len(pots) else self.answers


@st.composite
def setups(draw: st.DrawFn) -> dict[str, Any]:
    variant = draw(st.sampled_from((4, 5)))
    n = draw(st.integers(2, 10))
    stacks = draw(st.lists(st.sampled_from((0, 1, 2, 3, 5, 9, 20, 60, 250)), min_size=n, max_size=n))
    seated = [s for s, c in enumerate(stacks) if c]
    if len(seated) < 2 or len(seated) > (10 if variant == 4 else 9):
        stacks = [0] * n
        for s in range(2):
            stacks[s] = 20
        seated = [0, 1]
    kwargs: dict[str, Any] = {
        "variant": variant,
        "button": draw(st.integers(0, n - 1)),
        "seed": draw(st.integers(0, 2**32)),
    }
    if draw(st.booleans()):
        posts = draw(st.lists(
            st.builds(Post, st.sampled_from(seated), st.sampled_from(POST_KINDS), st.integers(1, 12)), max_size=6))
        kwargs["posts"] = posts
    mode = draw(st.sampled_from(["default", "default", "low", "raise", "float", "uint", "bad order"]))
    kwargs["odd_chips"] = Scripted(mode)
    rake_kind = draw(st.sampled_from(["none", "percent", "drawn"]))
    if rake_kind == "percent":
        kwargs["rake"] = PercentageRake(draw(st.integers(0, 100)), cap=draw(st.none() | st.integers(0, 10)),
                                        no_flop_no_drop=draw(st.booleans()))
    elif rake_kind == "drawn":
        kwargs["rake"] = DrawnRake(draw(st.lists(st.one_of(st.integers(-2, 30), st.just("raise"), JUNK),
                                                 max_size=4)))
    return {"stacks": stacks, "structure": draw(st.sampled_from(STRUCTURES)), "kwargs": kwargs}


def snapshot(hand: Hand) -> tuple[object, ...]:
    return (hand.stacks, hand.bets, hand.contributions, hand.pot, hand.actor, hand.street, hand.history)


def dead_blinds(stacks: list[int], posts: list[Post] | None) -> list[int]:
    """Chips each seat paid in dead blinds (posted in order, each at most what the seat had left)."""
    left, dead = list(stacks), [0] * len(stacks)
    for seat, kind, amount in posts or ():
        pay = min(amount, left[seat])
        left[seat] -= pay
        if kind == "dead":
            dead[seat] += pay
    return dead


def check_settled(hand: Hand, dead: list[int]) -> None:
    result = hand.result
    contributions = hand.contributions
    assert sum(result.payouts) + result.rake_total == sum(contributions)
    assert all(p >= 0 for p in result.payouts) and all(r >= 0 for r in result.rake)
    assert all(type(p) is int for p in result.payouts)
    assert all(s >= 0 for s in result.stacks)
    for pot in result.pots:
        assert sum(pot.awards) + pot.rake == pot.amount
    in_hand = hand.in_hand
    if any(contributions[s] for s in in_hand):
        for seat in range(hand.n_seats):
            # nobody wins from the pots more than they covered of everyone's chips, plus the dead blinds,
            # which are in the main pot for whoever wins it (docs/rules.md §6)
            own = contributions[seat] - dead[seat]
            covered = sum(min(c - d, own) for c, d in zip(contributions, dead)) + sum(dead)
            # chips of folded seats above every live seat's level join the top pot (docs/rules.md §4.6)
            top_live = max(contributions[s] - dead[s] for s in in_hand)
            if own == top_live:
                covered += sum(max(0, contributions[s] - dead[s] - top_live)
                               for s in range(hand.n_seats) if s not in in_hand)
            assert result.won[seat] <= covered
    else:
        # dead money only (posts by seats that folded): it goes to the seats still in
        assert sum(result.won[s] for s in in_hand) == sum(result.won)
    assert result.uncalled.count(0) >= len(contributions) - 1


@settings(max_examples=int(os.environ.get("OMAHA8_FUZZ_EXAMPLES", "300")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), data=st.data())
def test_hostile_driving_gives_only_omaha8_errors_and_conserves_chips(setup: dict[str, Any],
                                                                     data: st.DataObject) -> None:
    try:
        hand = Hand(setup["stacks"], setup["structure"], **setup["kwargs"])
    except Omaha8Error:
        event("refused at creation")
        return
    total = sum(hand.starting_stacks)
    for _ in range(300):
        raked = hand.result.rake_total if hand.is_over else 0
        assert sum(hand.stacks) + hand.pot + raked == total and min(hand.stacks) >= 0
        if hand.is_over or hand.settlement_error is not None:
            break
        legal = hand.legal_actions()
        if data.draw(st.integers(0, 3)) == 0:
            # something illegal or strange: it must be refused with our error, leaving the hand unchanged
            action = data.draw(st.one_of(st.sampled_from(["fold", "check", "call", "bet", "raise", "muck"]), JUNK))
            amount = data.draw(JUNK)
            seat = data.draw(st.one_of(st.none(), st.integers(-2, 11), JUNK))
            before = snapshot(hand)
            try:
                hand.act(action, amount, seat=seat)
            except IllegalActionError:
                assert snapshot(hand) == before
                continue
            except Omaha8Error:
                # a policy failed while the hand was settled: it waits, unsettled
                assert hand.settlement_error is not None
                break
            continue  # it happened to be legal
        kind = data.draw(st.sampled_from(legal.kinds))
        amount = data.draw(st.integers(legal.min_to, legal.max_to)) if kind in ("bet", "raise") else None
        try:
            hand.act(kind, amount)
        except IllegalActionError as exc:
            raise AssertionError(f"a legal action was refused: {exc}") from exc
        except Omaha8Error:
            assert hand.settlement_error is not None
            break
    event("settlement failed" if not hand.is_over else "settled")
    if not hand.is_over:
        assert hand.settlement_error is not None, "the hand did not end"
        assert sum(hand.stacks) + hand.pot == total
        try:
            hand.act("check")
        except IllegalActionError:
            pass
        hand.settle(odd_chips=CardroomOddChips(), rake=NoRake())
    check_settled(hand, dead_blinds(setup["stacks"], setup["kwargs"].get("posts")))
    event(f"showdown: {hand.result.went_to_showdown}, side pots: {len(hand.result.pots) > 1}, "
          f"raked: {hand.result.rake_total > 0}")
    assert sum(hand.result.stacks) + hand.result.rake_total == total
    if isinstance(hand.rake_policy, (type(None), PercentageRake, NoRake)):
        again = replay(hand.history)
        assert again.result == hand.result


@settings(max_examples=200, deadline=None)
@given(
    stacks=st.one_of(JUNK, st.lists(JUNK, max_size=4)),
    structure=st.one_of(JUNK, st.sampled_from(STRUCTURES)),
    button=JUNK,
    variant=JUNK,
    seed=JUNK,
    posts=st.one_of(JUNK, st.lists(st.one_of(JUNK, st.tuples(JUNK, JUNK, JUNK)), max_size=3)),
    odd_chips=JUNK,
    rake=JUNK,
)
def test_junk_arguments_give_only_omaha8_errors(stacks: Any, structure: Any, button: Any, variant: Any, seed: Any,
                                                posts: Any, odd_chips: Any, rake: Any) -> None:
    kwargs = {"button": button, "variant": variant, "seed": seed, "posts": posts, "odd_chips": odd_chips,
              "rake": rake}
    for drop in (None, "button", "variant", "seed", "posts", "odd_chips", "rake"):
        args = {k: v for k, v in kwargs.items() if k != drop}
        try:
            Hand(stacks, structure, **args)
        except Omaha8Error:
            pass
        try:
            Hand([20, 20, 0], NoLimit(1, 2), **{k: v for k, v in args.items() if k == drop or drop is None})
        except Omaha8Error:
            pass
