"""Hand engine throughput: full 6-handed pot-limit hands, random legal actions, and pokerkit.

Run: ``python -m pytest benchmarks/bench_game.py --benchmark-only``.

Every hand is dealt from a seeded shuffle and played to its end by players
who pick a legal action uniformly at random (fold, check or call, bet or
raise) and a bet size uniformly between the least and the most allowed;
showdowns go through :func:`omaha8.pots._showdown.showdown`. A second variant
never folds, so every hand reaches a showdown. Each benchmark asserts that
chips are conserved in every hand and records hands per second.

The peer is pokerkit 0.7.7, which has no pot-limit Omaha Hi/Lo class: its
``PotLimitOmahaHoldem`` is given the high and the 8-or-better low hand types
(what its own fixed-limit hi/lo class uses), with dealing, blinds, showdown
and chip pushing automated, and driven by the same random policy.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable

import pytest
from conftest import timed

from omaha8.game import Hand, PotLimit

SEATS = 6
STACK = 200
STRUCTURE = PotLimit(1, 2)
HANDS = 2000


def play_omaha8(n_hands: int, seed: int, fold: bool) -> tuple[int, int]:
    """Play ``n_hands``; returns (showdowns, chips won from pots)."""
    rng = random.Random(seed)
    showdowns = won = 0
    rand = rng.random
    for i in range(n_hands):
        hand = Hand([STACK] * SEATS, STRUCTURE, button=i % SEATS, rng=rng)
        while not hand.is_over:
            legal = hand.legal_actions()
            kinds = legal.kinds if fold else legal.kinds[1:]
            kind = kinds[int(rand() * len(kinds))]
            if kind == "bet" or kind == "raise":
                hand.act(kind, rng.randint(legal.min_to, legal.max_to))
            else:
                hand.act(kind)
        result = hand.result
        assert sum(result.stacks) == SEATS * STACK
        showdowns += result.showdown is not None
        won += result.pot
    return showdowns, won


@pytest.mark.parametrize("fold", [True, False], ids=["random", "to-showdown"])
def test_omaha8_pot_limit_hands(benchmark, report: Callable[[str], None], fold: bool) -> None:  # type: ignore[no-untyped-def]
    showdowns, won = benchmark.pedantic(play_omaha8, args=(HANDS, 2026, fold), rounds=3, iterations=1)
    # the same seed plays the same hands
    assert play_omaha8(200, 2026, fold) == play_omaha8(200, 2026, fold)
    assert showdowns == HANDS if not fold else 0 < showdowns < HANDS
    best = timed(benchmark)
    if best is not None:
        rate = HANDS / best
        benchmark.extra_info.update(hands_per_second=rate, showdown_rate=showdowns / HANDS, chips_won=won)
        report(f"omaha8 6-max pot-limit hi/lo, {'random' if fold else 'no-fold'} players: {rate:,.0f} hands/s "
               f"({100 * showdowns / HANDS:.0f}% showdowns)")


def play_pokerkit(n_hands: int, seed: int, fold: bool) -> int:
    """pokerkit's pot-limit Omaha Hi/Lo with the same players; returns the chips in play."""
    pytest.importorskip("pokerkit")
    from pokerkit import Automation, Mode, OmahaEightOrBetterLowHand, OmahaHoldemHand, PotLimitOmahaHoldem

    class PotLimitOmahaHiLo(PotLimitOmahaHoldem):
        hand_types = (OmahaHoldemHand, OmahaEightOrBetterLowHand)

    automations = (
        Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
        Automation.RUNOUT_COUNT_SELECTION, Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING, Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
    )
    rng = random.Random(seed)
    chips = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about folds when a check is free
        for _ in range(n_hands):
            state = PotLimitOmahaHiLo.create_state(
                automations, True, 0, (1, 2), 2, (STACK,) * SEATS, SEATS, mode=Mode.CASH_GAME
            )
            while state.status:
                kinds = []
                if fold and state.can_fold():
                    kinds.append("fold")
                if state.can_check_or_call():
                    kinds.append("call")
                if state.can_complete_bet_or_raise_to():
                    kinds.append("raise")
                kind = kinds[int(rng.random() * len(kinds))]
                if kind == "fold":
                    state.fold()
                elif kind == "call":
                    state.check_or_call()
                else:
                    state.complete_bet_or_raise_to(rng.randint(
                        state.min_completion_betting_or_raising_to_amount,
                        state.max_completion_betting_or_raising_to_amount,
                    ))
            chips = sum(state.stacks)
            assert chips == SEATS * STACK
    return chips


@pytest.mark.parametrize(("fold", "hands"), [(True, 200), (False, 20)], ids=["random", "to-showdown"])
def test_pokerkit_pot_limit_hi_lo_hands(benchmark, report: Callable[[str], None], fold: bool, hands: int) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("pokerkit")
    assert benchmark.pedantic(play_pokerkit, args=(hands, 2026, fold), rounds=1, iterations=1) == SEATS * STACK
    best = timed(benchmark)
    if best is not None:
        rate = hands / best
        benchmark.extra_info["hands_per_second"] = rate
        report(f"pokerkit 0.7.7 6-max pot-limit hi/lo, {'random' if fold else 'no-fold'} players: {rate:,.1f} hands/s")
