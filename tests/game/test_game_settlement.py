"""Settling hands: a lone player who covers every all-in deals out, every hand is cut by pot layers,
and odd-chip policies are checked when given and may fail at showdown without wrecking the hand.

Expected values are worked out by hand in the comments.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from omaha8 import CardroomOddChips, showdown
from omaha8.errors import ArgumentTypeError, ChipError
from omaha8.game import (
    FixedLimit,
    GameError,
    Hand,
    IllegalActionError,
    LegalActions,
    MixedGame,
    NoLimit,
    PotLimit,
    Table,
    replay,
)

NO_LOW_BOARD = "Kc Kd Qh Jc 9c"
KINGS, ACES, DEUCES = "Ks Kh 2d 3d", "As Ah 6c 6d", "2c 3c 4h 5h"


def covered(hand: Hand, seat: int) -> int:
    """The most ``seat`` can win: what each seat put in, up to its own contribution."""
    mine = hand.contributions[seat]
    return sum(min(c, mine) for c in hand.contributions)


# -------------------------------------------------- a lone player covering the all-ins


@pytest.mark.parametrize("bb_wins", [True, False])
def test_issue_example_small_blind_covers_the_all_in_big_blind(bb_wins: bool) -> None:
    # no limit 2/4, three seats, button 0: seat 1 posts 2, seat 2 is all-in for 1; the button folds.
    # The small blind has put in more than the big blind's 1 and nobody else can bet: nothing to decide.
    holes = [DEUCES, ACES, KINGS] if bb_wins else [DEUCES, KINGS, ACES]
    hand = Hand([100, 100, 1], NoLimit(2, 4), button=0, holes=holes, board=NO_LOW_BOARD)
    assert hand.bets == (0, 2, 1) and hand.all_in == (2,)
    hand.act("fold")
    assert hand.is_over and hand.result.went_to_showdown
    result = hand.result
    # the small blind's second chip was never matched: 1 back; the pot is 1 + 1 = 2
    assert result.uncalled == (0, 1, 0)
    assert [(p.amount, p.eligible) for p in result.pots] == [(2, (1, 2))]
    # four kings (Ks Kh + Kc Kd) beat aces up
    assert result.payouts == ((0, 1, 2) if bb_wins else (0, 3, 0))
    assert result.payouts[2] <= covered(hand, 2) == 2


@pytest.mark.parametrize(
    "structure",
    [NoLimit(2, 4), PotLimit(2, 4), FixedLimit(4, 8, small_blind=2, big_blind=4)],
    ids=["no limit", "pot limit", "fixed limit"],
)
def test_heads_up_all_in_big_blind_for_less_than_the_small_blind(structure: object) -> None:
    # heads-up the button posts the small blind 2; the big blind has 1 chip: all-in for 1.
    # The button covers it: the hand is dealt out without asking anyone.
    hand = Hand([100, 1], structure, button=0, holes=[KINGS, ACES], board=NO_LOW_BOARD)  # type: ignore[arg-type]
    assert hand.is_over and hand.result.went_to_showdown
    # 1 of the button's 2 is uncalled; kings take the pot of 2
    assert hand.result.uncalled == (1, 0)
    assert hand.result.payouts == (3, 0)


def test_mixed_game_table_deals_out_a_covered_all_in_blind() -> None:
    # mixed pot limit 1/2 / fixed limit 2/4 (blinds 1/2): the big blind (seat 1, heads-up) has 1 chip.
    table = Table([50, 1], MixedGame(PotLimit(1, 2), hands_per_game=1), seed=1, max_buy_in=None)
    hand = table.new_hand(holes=[ACES, KINGS], board=NO_LOW_BOARD)
    # the button (seat 0) posted 1, the big blind 1 all-in: covered, dealt out; kings win 2
    assert hand.is_over and hand.result.payouts == (0, 2)
    assert table.stacks == (49, 2) and table.hands_played == 1
    table.add_chips(1, 10)
    hand = table.new_hand(holes=[KINGS, ACES], board=NO_LOW_BOARD)  # now fixed limit, button seat 1
    assert hand.structure == table.game.fixed_limit  # type: ignore[union-attr]


def test_lone_player_facing_a_larger_all_in_calls_only_what_it_covers() -> None:
    # heads-up no limit 2/4: the button posts 2, the big blind has 3: all-in for 3.
    # The button is alone with chips: calling adds 1 (to the all-in 3), not 2 (to the full blind)
    hand = Hand([100, 3], NoLimit(2, 4), button=0, holes=[KINGS, ACES], board=NO_LOW_BOARD)
    assert hand.legal_actions() == LegalActions(seat=0, call=1, min_to=0, max_to=0, raising=True)
    with pytest.raises(IllegalActionError, match="calling adds 1 chips"):
        hand.act("call", 2)
    hand.act("fold")
    # contributions 2 and 3: the big blind's third chip is uncalled; it wins the 4 in the pot
    result = hand.result
    assert result.uncalled == (0, 1) and result.payouts == (0, 5) and result.net == (-2, 2)
    assert result.payouts[1] - result.uncalled[1] <= covered(hand, 1)


def test_three_handed_short_all_in_big_blind_and_fold_pays_at_most_what_was_covered() -> None:
    # no limit 2/4, button 0: seat 1 posts 2, seat 2 has 3 (all-in for 3); the button folds and
    # the small blind, alone with chips, folds too rather than add 1
    hand = Hand([100, 100, 3], NoLimit(2, 4), button=0, seed=3)
    hand.act("fold")
    assert hand.legal_actions().call == 1
    hand.act("fold")
    # pot: 2 from the small blind + 2 of the big blind's 3; its third chip is returned
    assert hand.result.payouts == (0, 0, 5) and hand.result.uncalled == (0, 0, 1)
    assert hand.result.pots[0].amount == 4


def test_all_in_run_out_after_everyone_else_is_covered_on_a_later_street() -> None:
    # pot limit 1/2, three seats, button 0; seat 0 has 10 chips
    hand = Hand([10, 100, 100], PotLimit(1, 2), button=0, seed=4)
    hand.act("call")
    hand.act("call")
    hand.act("check")
    # flop (pot 6): seat 1 bets 6, seat 2 folds, seat 0 raises all-in to its 8
    hand.act("bet", 6)
    hand.act("fold")
    hand.act("raise", 8)
    assert hand.all_in == (0,)
    # seat 1 faces 2 more from the all-in seat 0: it must call or fold (2 live chips not matched)
    assert hand.legal_actions() == LegalActions(seat=1, call=2, min_to=0, max_to=0, raising=True)
    hand.act("call")
    assert hand.is_over and len(hand.board) == 5


# ------------------------------------------------------------------- odd-chip policies


def test_a_policy_that_is_not_an_odd_chip_policy_is_refused_up_front() -> None:
    for bad in (5, "cardroom", CardroomOddChips):
        with pytest.raises(ArgumentTypeError, match="odd_chips must be None or an omaha8.OddChipPolicy"):
            Hand([100, 100], NoLimit(1, 2), odd_chips=bad)
        with pytest.raises(ArgumentTypeError, match="odd_chips must be None or an omaha8.OddChipPolicy"):
            Table([100, 100], NoLimit(1, 2), odd_chips=bad)


class Failing(CardroomOddChips):
    """Raises on the first ``fails`` cuts of a pot in halves."""

    def __init__(self, fails: int = 10**9) -> None:
        self.fails = fails

    def split_halves(self, amount: int) -> tuple[int, int]:
        if self.fails:
            self.fails -= 1
            raise RuntimeError("no halves today")
        return super().split_halves(amount)


class Wrapping(CardroomOddChips):
    """Halves as uint64 that wrap around: 2**64 - 1 + 10 == 9 in uint64."""

    def split_halves(self, amount: int) -> tuple[int, int]:
        return np.uint64(2**64 - 1), np.uint64(amount + 1)  # type: ignore[return-value]


SPLIT = (["Kh Ks 9c 9d", "3c 4c Jh Jd"], "Ah 2h 7c Kd Qs")  # seat 0 high, seat 1 low


def to_last_check(hand: Hand) -> None:
    """Heads-up: call, check, and check down to the river's last check (left to the caller)."""
    hand.act("call")
    hand.act("check")
    for _ in range(5):
        hand.act("check")


def test_a_failing_policy_leaves_the_hand_unsettled_and_settle_retries() -> None:
    table = Table([50, 50], NoLimit(1, 2), odd_chips=Failing(fails=1), seed=5)
    hand = table.new_hand(holes=SPLIT[0], board=SPLIT[1])
    to_last_check(hand)
    with pytest.raises(GameError, match="a policy failed while the hand was settled: RuntimeError: 'no halves today'"):
        hand.act("check")
    # the check stands; nobody may act, the result is not there, the table waits
    events = len(hand.history.events)
    assert not hand.is_over and hand.actor is None and isinstance(hand.settlement_error, GameError)
    for _ in range(2):
        with pytest.raises(IllegalActionError, match="settling the hand failed .*; settle\\(\\) retries"):
            hand.act("check")
    assert len(hand.history.events) == events
    with pytest.raises(GameError, match="the hand is not settled"):
        hand.result
    with pytest.raises(GameError, match=r"the previous hand is not settled .*table.hand.settle\(\)"):
        table.new_hand()
    assert table.hand is hand
    # the policy now works: settle() pays the pot of 4 in halves, 2 and 2
    hand.settle()
    assert hand.is_over and hand.settlement_error is None
    assert hand.result.payouts == (2, 2)
    assert table.stacks == (50, 50) and table.hands_played == 1
    assert replay(hand.history).result == hand.result
    hand.settle()  # already settled: nothing happens
    table.new_hand()


def test_settle_with_another_policy_and_misuse() -> None:
    hand = Hand([50, 50], NoLimit(1, 2), holes=SPLIT[0], board=SPLIT[1], odd_chips=Failing())
    with pytest.raises(GameError, match="the hand is not over: seat 0 is to act"):
        hand.settle()
    to_last_check(hand)
    with pytest.raises(GameError, match="RuntimeError"):
        hand.act("check")
    with pytest.raises(GameError, match="RuntimeError"):
        hand.settle()  # the same policy fails again: still unsettled
    assert not hand.is_over
    with pytest.raises(ArgumentTypeError):
        hand.settle(odd_chips=3)
    hand.settle(odd_chips=CardroomOddChips())
    assert hand.result.payouts == (2, 2)


@pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
def test_a_policy_whose_answers_do_not_conserve_chips_is_refused() -> None:
    hand = Hand([50, 50], NoLimit(1, 2), holes=SPLIT[0], board=SPLIT[1], odd_chips=Wrapping())
    to_last_check(hand)
    with pytest.raises(ChipError, match="not two non-negative whole chip counts"):
        hand.act("check")
    assert not hand.is_over and sum(hand.stacks) + hand.pot == 100
    hand.settle(odd_chips=CardroomOddChips())
    assert sum(hand.result.payouts) == 4


class Picky:
    """An odd-chip policy that is not a CardroomOddChips subclass, and answers in Python ints."""

    def split_halves(self, amount: int) -> tuple[int, int]:
        return amount // 2, amount - amount // 2

    def order(self, winners: Sequence[int], button: int, n_seats: int) -> Sequence[int]:
        return tuple(winners)


def test_any_object_with_the_protocol_methods_is_accepted() -> None:
    # 3 + 3 + 3 = 9 chips: the low half gets the odd chip under this policy: 4 high, 5 low
    hand = Hand([3, 3, 3], NoLimit(1, 2), button=0, holes=["Kh Ks 9c 9d", "3c 4c Jh Jd", "Tc Td 8h 8s"],
                board="Ah 2h 7c Kd Qs", odd_chips=Picky())
    hand.act("call")
    hand.act("call")
    hand.act("raise", 3)
    hand.act("call")
    hand.act("call")
    assert hand.result.payouts == (4, 5, 0)


def test_fold_out_cut_agrees_with_the_showdown_pot_layers() -> None:
    # the engine's fold-out cut (no cards) against omaha8.showdown's uncalled rule and layers, the winner
    # showing an empty hand: every contribution pattern, the winner on top or all-in for less
    from omaha8.pots._pots import _fold_out

    rng = np.random.default_rng(14)
    for _ in range(2000):
        n = int(rng.integers(2, 11))
        contrib = [int(c) for c in rng.choice([0, 0, 1, 2, 3, 5, 8, 40], size=n)]
        winner = int(rng.integers(n))
        if rng.random() < 0.5:
            contrib[winner] = max(contrib) + int(rng.choice([0, 0, 1, 7]))
        if contrib[winner] == 0:
            contrib[winner] = 1
        button = int(rng.integers(n))
        cut = showdown([() if s == winner else None for s in range(n)], None, contributions=contrib, button=button)
        assert _fold_out(contrib, winner) == ([int(x) for x in cut.uncalled], list(cut.pots)), contrib
