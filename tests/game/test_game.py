"""Scripted hands of the omaha8.game engine, with expected values worked out by hand.

Seats are numbered clockwise. With the button on seat 0 and three or more
players, seat 1 posts the small blind, seat 2 the big blind, and pre-flop
action starts on seat 3 (or seat 0 when there are three players).
"""

from __future__ import annotations

import dataclasses

import pytest

from omaha8.errors import ChipError, DuplicateCardError, ShapeError
from omaha8.game import (
    BuyInError,
    FixedLimit,
    GameError,
    Hand,
    HandHistory,
    IllegalActionError,
    LegalActions,
    MixedGame,
    NoLimit,
    PotLimit,
    ReplayError,
    Table,
    replay,
)


def play(hand: Hand, script: str) -> None:
    """Apply comma-separated actions like ``"call, raise 7, fold"``."""
    for step in script.split(","):
        words = step.split()
        hand.act(words[0], int(words[1]) if len(words) > 1 else None)


def snapshot(hand: Hand) -> tuple[object, ...]:
    return (hand.stacks, hand.bets, hand.contributions, hand.pot, hand.actor, hand.street, hand.history)


# a board with no card below nine: nobody can have a low, the high takes every pot
NO_LOW_BOARD = "Kc Kd Qh Jc 9c"


# ---------------------------------------------------------------- blinds and order


def test_blinds_and_first_actor_six_handed() -> None:
    hand = Hand([100] * 6, PotLimit(1, 2), button=4, seed=0)
    # button 4: small blind seat 5, big blind seat 0, under the gun seat 1
    assert hand.blinds == (5, 0)
    assert hand.bets == (2, 0, 0, 0, 0, 1)
    assert hand.actor == 1
    assert hand.pot == 3


def test_heads_up_button_posts_small_blind_acts_first_preflop_last_after() -> None:
    hand = Hand([100, 100], NoLimit(1, 2), button=1, seed=0)
    assert hand.blinds == (1, 0)
    assert hand.actor == 1
    play(hand, "call")
    # the big blind has the option
    assert hand.actor == 0
    assert hand.legal_actions().can_check
    play(hand, "check")
    # after the flop the big blind (not the button) acts first
    assert hand.street == "flop"
    assert hand.actor == 0
    play(hand, "check")
    assert hand.actor == 1


def test_seats_without_chips_sit_out() -> None:
    hand = Hand([100, 0, 100, 0, 100], PotLimit(1, 2), button=0, seed=3)
    # small blind is the next seat with chips (2), big blind the one after (4)
    assert hand.blinds == (2, 4)
    assert hand.holes[1] is None and hand.holes[3] is None
    assert hand.actor == 0


def test_short_stack_posts_big_blind_all_in_and_the_full_blind_is_still_called() -> None:
    holes = ["2c 3c 4c 5c", "Ks Kh 2d 3d", "As Ah 6c 6d"]
    hand = Hand([100, 100, 1], NoLimit(1, 2), button=0, holes=holes, board=NO_LOW_BOARD)
    assert hand.bets == (0, 1, 1)
    assert hand.all_in == (2,)
    # the button must still call the full big blind of 2
    assert hand.legal_actions() == LegalActions(seat=0, call=2, min_to=4, max_to=100, raising=True)
    play(hand, "fold")
    # the small blind is left alone with chips and has put in the big blind's whole all-in (1):
    # nothing to decide, the board runs out. Pot 1 + 1; four kings beat aces up.
    assert hand.is_over and hand.result.went_to_showdown
    assert hand.result.payouts == (0, 2, 0)
    assert hand.result.net == (0, 1, -1)


def test_short_small_blind_all_in_and_no_one_left_to_bet_against() -> None:
    holes = [None, "Ks Kh 2c 3d", "As Ah 6c 6d"]
    hand = Hand([100, 1, 100], PotLimit(5, 10), button=0, holes=holes, board=NO_LOW_BOARD)
    assert hand.bets == (0, 1, 10)
    play(hand, "fold")
    # the big blind is alone with an all-in small blind: no option, the board runs out.
    # The pot is 1 + 1; the big blind's other 9 are uncalled. Four kings beat aces up.
    assert hand.is_over
    assert hand.result.payouts == (0, 2, 9)
    assert hand.result.uncalled == (0, 0, 9)


# ------------------------------------------------------------------- pot limit


def test_pot_limit_rules_example_pot_100_bet_100_raise_to_400() -> None:
    # heads-up 25/50: the button completes, the big blind checks, the flop pot is 100
    hand = Hand([1000, 1000], PotLimit(25, 50), button=0, seed=0)
    play(hand, "call, check")
    assert hand.street == "flop" and hand.pot == 100
    # the big blind may bet 50 (one big blind) up to the pot, 100
    assert hand.legal_actions() == LegalActions(seat=1, call=0, min_to=50, max_to=100, raising=False)
    play(hand, "bet 100")
    # call 100 makes the pot 300; raise 300 more: 400 in all. The least raise is 100 more: 200
    assert hand.legal_actions() == LegalActions(seat=0, call=100, min_to=200, max_to=400, raising=True)
    with pytest.raises(IllegalActionError, match=r"seat 0 cannot raise to 401: a raise here is to 200\.\.400"):
        hand.act("raise", 401)
    play(hand, "raise 400")
    assert hand.contributions == (450, 150)


def test_pot_limit_preflop_pot_raises() -> None:
    hand = Hand([500] * 4, PotLimit(1, 2), button=0, seed=0)
    # under the gun: call 2 makes the pot 1+2+2 = 5; raise 5 more: to 7
    assert hand.legal_actions() == LegalActions(seat=3, call=2, min_to=4, max_to=7, raising=True)
    play(hand, "raise 7")
    # next: call 7 makes the pot 1+2+7+7 = 17; raise 17 more: to 24. Least raise: 7+5 = 12
    assert hand.legal_actions() == LegalActions(seat=0, call=7, min_to=12, max_to=24, raising=True)


def test_big_blind_option_check_or_raise() -> None:
    hand = Hand([100, 100, 100], PotLimit(1, 2), button=0, seed=0)
    play(hand, "call, call")
    # the big blind has matched, but has not acted: option to check or raise
    # raise: pot 6, nothing to call, so up to 2 + 6 = 8
    assert hand.legal_actions() == LegalActions(seat=2, call=0, min_to=4, max_to=8, raising=True)
    play(hand, "raise 8")
    # the others must act again: call 6; pot 2+2+8 = 12 +6 = 18, so up to 8 + 18 = 26
    assert hand.legal_actions() == LegalActions(seat=0, call=6, min_to=14, max_to=26, raising=True)
    play(hand, "call, fold")
    assert hand.street == "flop"
    assert hand.contributions == (8, 2, 8)


def test_big_blind_checks_option_ends_round() -> None:
    hand = Hand([100, 100, 100], PotLimit(1, 2), button=0, seed=0)
    play(hand, "call, call, check")
    assert hand.street == "flop"
    assert hand.actor == 1
    assert hand.bets == (0, 0, 0)


def test_pot_limit_all_in_for_less_than_the_pot() -> None:
    hand = Hand([30, 100, 100], PotLimit(1, 2), button=0, seed=0)
    # the button may raise to 7 at most (pot limit) even with 30
    assert hand.legal_actions().max_to == 7
    play(hand, "raise 7, call, call")
    # flop: pot 21; seat 1 bets the pot
    play(hand, "bet 21, fold")
    # seat 0 has 23 behind: calling 21 leaves 2, a raise may only be all-in to 23
    assert hand.legal_actions() == LegalActions(seat=0, call=21, min_to=23, max_to=23, raising=True)


# -------------------------------------------------------------------- no limit


def test_no_limit_minimum_raise_after_short_all_in_bet() -> None:
    # Robert's Rules: a bet of 100, an all-in for 140: a raise must make it at least 240
    hand = Hand([1000, 1000, 142, 1000], NoLimit(1, 2), button=0, seed=0)
    play(hand, "call, call, call, check")
    assert hand.street == "flop" and hand.actor == 1
    play(hand, "bet 100, raise 140")
    assert hand.all_in == (2,)
    assert hand.legal_actions() == LegalActions(seat=3, call=140, min_to=240, max_to=998, raising=True)
    with pytest.raises(IllegalActionError, match=r"raise here is to 240\.\.998 \(no limit\)"):
        hand.act("raise", 239)


def test_incomplete_raise_does_not_reopen_the_betting() -> None:
    # Robert's Rules: A bets 100, B raises to 200, C is all-in for 250, A calls: B may not raise
    # button 0; post-flop order is seats 1 (A), 2 (B), 0 (C)
    hand = Hand([252, 1000, 1000], NoLimit(1, 2), button=0, seed=0)
    play(hand, "call, call, check")
    play(hand, "bet 100, raise 200")
    # C has 250 left: less than a full raise (to 300), so the raise is all-in to 250
    assert hand.legal_actions() == LegalActions(seat=0, call=200, min_to=250, max_to=250, raising=True)
    play(hand, "raise 250")
    # A was fully raised by B: A may raise (at least 250 + 100)
    assert hand.legal_actions() == LegalActions(seat=1, call=150, min_to=350, max_to=998, raising=True)
    play(hand, "call")
    # B faces only 50 more than it bet, less than a full raise of 100: call or fold only
    assert hand.legal_actions() == LegalActions(seat=2, call=50, min_to=0, max_to=0, raising=True)
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="seat 2 cannot raise to 400: the betting was not reopened"):
        hand.act("raise", 400)
    assert snapshot(hand) == before
    play(hand, "call")
    assert hand.street == "turn"


@pytest.mark.parametrize(("c_all_in", "a_may_raise"), [(210, True), (190, False)])
def test_two_short_all_ins_adding_up_to_a_full_raise_reopen(c_all_in: int, a_may_raise: bool) -> None:
    # button 0, four players; post-flop order 1 (A), 2 (B), 3 (C), 0 (D)
    # A bets 100; B is all-in for 150 (+50, short); C all-in for 210 (+60, short); D calls.
    # A now faces 110 more than it bet: a full raise (100) in all, so A may raise again.
    # With C all-in for 190, A faces 90: not reopened.
    hand = Hand([1000, 1000, 152, c_all_in + 2], NoLimit(1, 2), button=0, seed=0)
    play(hand, "call, call, call, check")
    play(hand, "bet 100, raise 150")
    # C's least raise would be to 250; it has only c_all_in
    assert hand.legal_actions() == LegalActions(seat=3, call=150, min_to=c_all_in, max_to=c_all_in, raising=True)
    play(hand, f"raise {c_all_in}, call")
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.call == c_all_in - 100
    if a_may_raise:
        # the least raise is the largest full raise so far (100) above 210
        assert (legal.min_to, legal.max_to) == (310, 998)
    else:
        assert not legal.can_raise


def test_no_raise_when_everyone_else_is_all_in() -> None:
    hand = Hand([1000, 50, 1000], NoLimit(1, 2), button=0, seed=0)
    play(hand, "fold, raise 50")
    # the big blind is the only player with chips left: it may call or fold, not raise
    assert hand.legal_actions() == LegalActions(seat=2, call=48, min_to=0, max_to=0, raising=True)
    with pytest.raises(IllegalActionError, match="no other player has chips to call more"):
        hand.act("raise", 200)


def test_no_raise_when_nobody_left_could_call_more() -> None:
    # flop order 1, 2, 0. Seat 1 bets 2 keeping 1 chip; seat 2 is all-in for 3.
    # Seat 0 may not raise: the bettor can put in at most 3 in all, seat 2 is all-in.
    hand = Hand([100, 5, 5], NoLimit(1, 2), button=0, seed=0)
    play(hand, "call, call, check")
    play(hand, "bet 2, raise 3")
    assert hand.legal_actions() == LegalActions(seat=0, call=3, min_to=0, max_to=0, raising=True)
    with pytest.raises(IllegalActionError, match="no other player has chips to call more"):
        hand.act("raise", 10)
    play(hand, "call, call")
    # everyone is in for 5 and the board runs out
    assert hand.contributions == (5, 5, 5) and hand.is_over


# ----------------------------------------------------------------- fixed limit


def test_fixed_limit_bet_sizes_by_street() -> None:
    hand = Hand([100] * 3, FixedLimit(2, 4), button=0, seed=0)
    # pre-flop: the big blind is the first bet of 2, a raise is to 4
    assert hand.legal_actions() == LegalActions(seat=0, call=2, min_to=4, max_to=4, raising=True)
    play(hand, "call, call, check")
    assert hand.legal_actions() == LegalActions(seat=1, call=0, min_to=2, max_to=2, raising=False)
    play(hand, "bet 2, raise 4, call, call")
    assert hand.street == "turn"
    # turn and river: the big bet
    assert hand.legal_actions() == LegalActions(seat=1, call=0, min_to=4, max_to=4, raising=False)
    play(hand, "bet 4, raise 8, raise 12")
    assert hand.legal_actions() == LegalActions(seat=1, call=8, min_to=16, max_to=16, raising=True)


def test_fixed_limit_cap_four_bets_multiway() -> None:
    hand = Hand([100] * 4, FixedLimit(2, 4), button=0, seed=0)
    # big blind 2 (bet 1), raises to 4, 6, 8: capped at four bets
    play(hand, "raise 4, raise 6, raise 8")
    assert hand.legal_actions() == LegalActions(seat=2, call=6, min_to=0, max_to=0, raising=True)
    with pytest.raises(IllegalActionError, match="the betting is capped at 4 bets"):
        hand.act("raise", 10)
    play(hand, "call, call, call")
    assert hand.street == "flop"


def test_fixed_limit_configurable_cap() -> None:
    hand = Hand([100] * 4, FixedLimit(2, 4, cap=5), button=0, seed=0)
    play(hand, "raise 4, raise 6, raise 8")
    assert hand.legal_actions().max_to == 10
    play(hand, "raise 10")
    assert not hand.legal_actions().can_raise
    uncapped = Hand([100] * 4, FixedLimit(2, 4, cap=None), button=0, seed=0)
    play(uncapped, "raise 4, raise 6, raise 8, raise 10, raise 12")
    assert uncapped.legal_actions().max_to == 14


@pytest.mark.parametrize(
    ("rule", "may_raise"), [("two-left", True), (True, True), ("round-start", False), ("never", False), (False, False)]
)
def test_fixed_limit_heads_up_uncapping(rule: str | bool, may_raise: bool) -> None:
    # three players; the small blind folds, then the two left reach the cap
    hand = Hand([100] * 3, FixedLimit(2, 4, uncapped_heads_up=rule), button=0, seed=0)
    play(hand, "raise 4, fold, raise 6, raise 8")
    # Robert's Rules: two players left, so no cap; WSOP: the round began three-handed
    assert hand.legal_actions().can_raise is may_raise


def test_fixed_limit_cap_stays_once_reached_three_handed() -> None:
    # capped with four players in; later folds leave two, the round stays capped (Robert's Rules)
    hand = Hand([100] * 4, FixedLimit(2, 4), button=0, seed=0)
    play(hand, "raise 4, raise 6, raise 8, fold, fold")
    assert hand.legal_actions() == LegalActions(seat=0, call=2, min_to=0, max_to=0, raising=True)


def test_fixed_limit_round_starting_heads_up_is_uncapped_under_both_rules() -> None:
    for rule in ("two-left", "round-start"):
        hand = Hand([100] * 3, FixedLimit(2, 4, uncapped_heads_up=rule), button=0, seed=0)
        play(hand, "fold, call, check")
        # flop begins heads-up
        play(hand, "bet 2, raise 4, raise 6, raise 8")
        assert hand.legal_actions().max_to == 10, rule


def test_fixed_limit_half_bet_all_in_counts_as_a_raise() -> None:
    # 10/20, blinds 5/10. Button 0 (Bonnie), small blind 1 (Charlie), big blind 2 (Dennis),
    # under the gun 3 (Adam). Adam calls 10; Bonnie is all-in for 15: +5 over the 10, at
    # least half a bet, so it counts as a raise (bet 2). Charlie raises a full bet over it, to 25
    # (bet 3), Dennis to 35 (bet 4): the cap.
    hand = Hand([15, 100, 100, 100], FixedLimit(10, 20, small_blind=5, big_blind=10), button=0, seed=0)
    play(hand, "call")
    assert hand.legal_actions() == LegalActions(seat=0, call=10, min_to=15, max_to=15, raising=True)
    play(hand, "raise 15")
    assert hand.legal_actions() == LegalActions(seat=1, call=10, min_to=25, max_to=25, raising=True)
    play(hand, "raise 25, raise 35")
    # Adam faces 25 more but the round is capped
    assert hand.legal_actions() == LegalActions(seat=3, call=25, min_to=0, max_to=0, raising=True)


def test_fixed_limit_all_in_under_half_a_bet_is_completed_and_does_not_reopen() -> None:
    # as above, but Bonnie is all-in for 13: +3, less than half a bet, not a raise.
    # Charlie may call 13 or complete to 20 (not 23).
    hand = Hand([13, 100, 100, 100], FixedLimit(10, 20, small_blind=5, big_blind=10), button=0, seed=0)
    play(hand, "call, raise 13")
    assert hand.legal_actions() == LegalActions(seat=1, call=8, min_to=20, max_to=20, raising=True)
    play(hand, "call, call")
    # Adam already acted and faces only 3 more: call or fold, no raise
    assert hand.legal_actions() == LegalActions(seat=3, call=3, min_to=0, max_to=0, raising=True)
    play(hand, "call")
    assert hand.street == "flop"


def test_fixed_limit_short_all_in_bet_completed_to_a_full_bet() -> None:
    # flop of a 10/20 game: a player all-in with a bet of 4 (under half); the next completes to 10
    hand = Hand([100, 14, 100], FixedLimit(10, 20, small_blind=5, big_blind=10), button=0, seed=0)
    play(hand, "call, call, check")
    play(hand, "bet 4")
    assert hand.all_in == (1,)
    assert hand.legal_actions() == LegalActions(seat=2, call=4, min_to=10, max_to=10, raising=True)


def test_fixed_limit_small_big_blind_is_completed() -> None:
    # 3/6 with blinds 1/2: the big blind is less than a bet; the first raise completes it to 3
    hand = Hand([100] * 3, FixedLimit(3, 6, small_blind=1, big_blind=2), button=0, seed=0)
    assert hand.legal_actions() == LegalActions(seat=0, call=2, min_to=3, max_to=3, raising=True)
    play(hand, "raise 3")
    assert hand.legal_actions() == LegalActions(seat=1, call=2, min_to=6, max_to=6, raising=True)


# --------------------------------------------------------- illegal actions


def test_illegal_actions_are_refused_and_leave_the_hand_unchanged() -> None:
    hand = Hand([100, 100, 100], PotLimit(1, 2), button=0, seed=9)
    before = snapshot(hand)
    cases = [
        (("check",), "seat 0 cannot check: there is a bet of 2 to call"),
        (("bet", 4), "seat 0 cannot bet 4: there is already a bet of 2; raise instead"),
        (("raise", 3), "seat 0 cannot raise to 3: a raise here is to 4..7 (pot limit)"),
        (("raise", 8), "seat 0 cannot raise to 8: a raise here is to 4..7 (pot limit)"),
        (("raise", -5), "a raise here is to 4..7"),
        (("raise", 5.0), "seat 0 cannot raise to 5.0: give the total to raise to as a whole number of chips"),
        (("raise", None), "seat 0 cannot raise: give the total to raise to"),
        (("call", 3), "seat 0 cannot call 3: calling adds 2 chips"),
        (("fold", 2), "a fold takes no amount"),
        (("shove",), "seat 0 cannot 'shove': the action must be one of fold, check, call, bet, raise"),
    ]
    for args, message in cases:
        with pytest.raises(IllegalActionError, match=message.replace("(", r"\(").replace(")", r"\)")):
            hand.act(*args)  # type: ignore[arg-type]
        assert snapshot(hand) == before, args
    with pytest.raises(IllegalActionError, match="seat 2 cannot call: it is seat 0's turn"):
        hand.act("call", seat=2)
    err = pytest.raises(IllegalActionError, hand.act, "check").value
    assert (err.seat, err.action) == (0, "check")
    assert isinstance(err, ValueError)
    play(hand, "call, call, check")
    with pytest.raises(IllegalActionError, match="seat 1 cannot call: there is no bet to call; check instead"):
        hand.act("call")
    with pytest.raises(IllegalActionError, match="seat 1 cannot raise to 4: there is no bet to raise; bet instead"):
        hand.act("raise", 4)


def test_acting_after_the_hand_is_over() -> None:
    hand = Hand([100, 100], NoLimit(1, 2), seed=0)
    play(hand, "fold")
    assert hand.is_over and hand.actor is None and hand.street == "over"
    with pytest.raises(IllegalActionError, match="cannot call: the hand is over"):
        hand.act("call")
    with pytest.raises(IllegalActionError, match="the hand is over"):
        hand.legal_actions()


def test_result_before_the_end_is_an_error() -> None:
    hand = Hand([100, 100], NoLimit(1, 2), seed=0)
    with pytest.raises(GameError, match="the hand is not over: seat 0 is to act on the preflop"):
        hand.result


# ------------------------------------------------------------- folds and payouts


def test_uncalled_bet_returned_when_everyone_folds() -> None:
    hand = Hand([100, 100, 100, 100], NoLimit(1, 2), button=0, seed=0)
    # under the gun raises to 10, everyone folds: 8 of it was never called
    play(hand, "raise 10, fold, fold, fold")
    result = hand.result
    assert result.uncalled == (0, 0, 0, 8)
    assert result.won == (0, 0, 0, 5)
    assert result.payouts == (0, 0, 0, 13)
    assert result.net == (0, -1, -2, 3)
    assert result.stacks == (100, 99, 98, 103)
    assert result.showdown is None and not result.went_to_showdown
    assert result.winners == (3,)
    kinds = [e.kind for e in hand.history.events[-3:]]
    assert kinds == ["uncalled", "pot", "collect"]


def test_fold_on_the_river_after_a_bet() -> None:
    hand = Hand([100, 100, 100], PotLimit(1, 2), button=0, seed=0)
    play(hand, "call, call, check")  # pot 6
    play(hand, "check, check, check")
    play(hand, "bet 6, call, call")  # pot 24
    play(hand, "check, bet 10, fold, fold")
    # seat 2's 10 on the river is uncalled; it wins the 24 in the pot
    assert hand.result.payouts == (0, 0, 34)
    assert hand.result.net == (-8, -8, 16)


# ---------------------------------------------------------------- showdown


def test_three_all_ins_make_a_main_pot_and_two_side_pots() -> None:
    # No-low board: each pot goes whole to its best high hand.
    # seat 3 (50): Ks Kh: four kings   seat 0 (100): Qs Qd: queens full of kings
    # seat 1 (150): Js Jd: jacks full  seat 2 (300): As Ah: aces and kings
    holes = ["Qs Qd 4c 5d", "Js Jd 4h 5h", "As Ah 6c 6d", "Ks Kh 2c 3d"]
    hand = Hand([100, 150, 300, 50], NoLimit(1, 2), button=0, holes=holes, board=NO_LOW_BOARD)
    play(hand, "raise 50, raise 100, raise 150, call")
    # main pot 4 x 50 = 200 (all four), side pot 3 x 50 = 150 (seats 0, 1, 2), side pot 2 x 50 = 100 (1, 2)
    assert hand.is_over
    result = hand.result
    assert result.payouts == (150, 100, 0, 200)
    assert result.net == (50, -50, -150, 150)
    assert result.uncalled == (0, 0, 0, 0)
    assert result.board == hand.history.board and len(result.board) == 5
    pots = [(e.amount, e.seats) for e in hand.history.events if e.kind == "pot"]
    assert [amount for amount, _ in pots] == [200, 150, 100]
    assert [sorted(seats) for _, seats in pots] == [[0, 1, 2, 3], [0, 1, 2], [1, 2]]


def test_all_in_run_out_deals_every_street_and_returns_the_uncalled_part() -> None:
    holes = ["Ks Kh 2c 3d", "As Ah 6c 6d"]
    hand = Hand([100, 40], NoLimit(1, 2), button=0, holes=holes, board=NO_LOW_BOARD)
    # the button shoves 100, the big blind calls all-in for 40: 60 comes back
    play(hand, "raise 100, call")
    assert hand.is_over
    kinds = [e.kind for e in hand.history.events]
    assert kinds.index("flop") < kinds.index("turn") < kinds.index("river") < kinds.index("show")
    # four kings beat aces up: seat 0 wins the 80 pot and gets its 60 back
    assert hand.result.payouts == (140, 0)
    assert hand.result.uncalled == (60, 0)
    assert hand.result.stacks == (140, 0)


def test_high_low_split_at_showdown() -> None:
    # board Ah 7c 4d 2s Ks: seat 0 "As 3s Qc Jd" has 7-4-3-2-A for low and a pair of aces;
    # seat 1 "Kc Kd 9h 9c" has three kings for high and no low. Pot 2 x 20 = 40: 20 each.
    hand = Hand([100, 100], PotLimit(1, 2), button=0, holes=["As 3s Qc Jd", "Kc Kd 9h 9c"],
                board="Ah 7c 4d 2s Ks")
    play(hand, "raise 6, call")  # pot 12
    play(hand, "bet 4, call")  # pot 20
    play(hand, "check, check, bet 10, call")  # pot 40
    assert hand.result.payouts == (20, 20)
    assert hand.result.net == (0, 0)
    shows = [e.seat for e in hand.history.events if e.kind == "show"]
    # the river bettor (seat 1, the big blind, first to act after the flop) shows first
    assert shows == [1, 0]


def test_show_order_without_a_river_bet_starts_left_of_the_button() -> None:
    holes = ["Qs Qd 4c 5d", "Js Jd 4h 5h", "As Ah 6c 6d"]
    hand = Hand([100] * 3, PotLimit(1, 2), button=1, holes=holes, board=NO_LOW_BOARD)
    play(hand, "call, call, check")
    for _ in range(3):
        play(hand, "check, check, check")
    assert [e.seat for e in hand.history.events if e.kind == "show"] == [2, 0, 1]
    # queens full wins the 6
    assert hand.result.payouts == (6, 0, 0)


# --------------------------------------------------------------- cards and seats


def test_explicit_cards_are_dealt_and_checked() -> None:
    hand = Hand([100, 100, 100], PotLimit(1, 2), holes=["As Ad 2c 3c", None, "Ks Kd 4h 5h"], board="7c 8d",
                seed=1)
    assert hand.holes[0] == (51, 49, 0, 4)
    assert hand.holes[1] is not None and len(set(hand.holes[1]) & {51, 49, 0, 4, 47, 45, 10, 14, 20, 25}) == 0
    play(hand, "call, call, check")
    assert hand.board[:2] == (20, 25)
    with pytest.raises(DuplicateCardError, match=r"card 'As' appears twice: holes\[0\]\[0\] and holes\[1\]\[2\]"):
        Hand([100, 100], PotLimit(1, 2), holes=["As Ad 2c 3c", "Ks Kd As 5h"])
    with pytest.raises(DuplicateCardError, match=r"card '7c' appears twice: board\[0\] and holes\[0\]\[1\]"):
        Hand([100, 100], PotLimit(1, 2), holes=["As 7c 2c 3c", None], board="7c")
    with pytest.raises(ShapeError, match=r"holes\[1\] has 4 cards, a 5-card game deals 5"):
        Hand([100, 100], PotLimit(1, 2), variant=5, holes=[None, "As Ad 2c 3c"])
    with pytest.raises(ShapeError, match=r"holes needs one entry per seat \(3\), got 2 entries"):
        Hand([100, 100, 100], PotLimit(1, 2), holes=["As Ad 2c 3c", None])
    with pytest.raises(ShapeError, match=r"holes\[1\]: seat 1 has no chips"):
        Hand([100, 0, 100], PotLimit(1, 2), holes=[None, "As Ad 2c 3c", None])
    with pytest.raises(ShapeError, match="board has at most 5 cards, got 6"):
        Hand([100, 100], PotLimit(1, 2), board="2c 3c 4c 5c 6c 7c")


def test_seeded_deals_repeat_and_differ_by_seed() -> None:
    a = Hand([100] * 6, PotLimit(1, 2), seed=11)
    b = Hand([100] * 6, PotLimit(1, 2), seed=11)
    c = Hand([100] * 6, PotLimit(1, 2), seed=12)
    assert a.holes == b.holes and a.holes != c.holes
    cards = [card for hole in a.holes for card in hole or ()]
    assert len(cards) == 24 and len(set(cards)) == 24


def test_five_card_omaha_seats_and_holes() -> None:
    hand = Hand([100] * 9, PotLimit(1, 2), variant=5, seed=2)
    assert all(hole is not None and len(hole) == 5 for hole in hand.holes)
    # ten seats, but 10 x 5 + 5 cards do not fit in the deck: at most nine are dealt in
    assert Hand([100] * 9 + [0], PotLimit(1, 2), variant=5, seed=2).n_seats == 10
    with pytest.raises(ShapeError, match="a 5-card hand deals at most 9 seats, got 10 seats with chips"):
        Hand([100] * 10, PotLimit(1, 2), variant=5)
    with pytest.raises(ShapeError, match="a 4-card table has 2 to 10 seats, got 11"):
        Hand([100] * 11, PotLimit(1, 2))
    with pytest.raises(ShapeError, match="variant must be 4 or 5"):
        Hand([100] * 3, PotLimit(1, 2), variant=6)


def test_hand_setup_errors() -> None:
    with pytest.raises(ChipError, match="at least two seats with chips"):
        Hand([100, 0, 0], PotLimit(1, 2))
    with pytest.raises(ChipError, match=r"stacks\[1\] = -5 is negative"):
        Hand([100, -5], PotLimit(1, 2))
    with pytest.raises(ChipError, match=r"stacks\[0\] = 1.5 is not a whole number of chips"):
        Hand([1.5, 100], PotLimit(1, 2))  # type: ignore[list-item]
    with pytest.raises(GameError, match="button must be at most 2, got 3"):
        Hand([100, 0, 100], PotLimit(1, 2), button=3)
    with pytest.raises(TypeError, match="a Table plays a MixedGame hand by hand"):
        Hand([100, 100], MixedGame(PotLimit(1, 2)))  # type: ignore[arg-type]


# --------------------------------------------------------------------- structures


def test_structure_validation_and_defaults() -> None:
    assert FixedLimit(2, 4) == FixedLimit(2, 4, small_blind=1, big_blind=2, cap=4, uncapped_heads_up="two-left")
    assert FixedLimit(2, 4, uncapped_heads_up=False).uncapped_heads_up == "never"
    assert PotLimit(1, 2).max_buy_in == 200 and NoLimit(5, 10).max_buy_in == 1000
    assert FixedLimit(2, 4).max_buy_in is None
    with pytest.raises(ChipError, match=r"FixedLimit: big_bet \(2\) must not be smaller than small_bet \(4\)"):
        FixedLimit(4, 2)
    with pytest.raises(ChipError, match=r"FixedLimit: big_blind \(5\) must not exceed small_bet \(4\)"):
        FixedLimit(4, 8, big_blind=5)
    with pytest.raises(ChipError, match="PotLimit: big_blind must be at least 1, got 0"):
        PotLimit(1, 0)
    with pytest.raises(ChipError, match="NoLimit: small_blind must be a whole number of chips, not 0.5"):
        NoLimit(0.5, 1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="uncapped_heads_up must be one of two-left, round-start, never"):
        FixedLimit(2, 4, uncapped_heads_up="sometimes")


def test_mixed_game_alternates_each_orbit_and_raises_the_blinds_for_limit() -> None:
    game = MixedGame(PotLimit(1, 2))
    # the limit rounds: blinds doubled to 2/4, bets 4/8
    assert game.fixed_limit == FixedLimit(4, 8, small_blind=2, big_blind=4)
    table = Table([200] * 3, game, seed=5)
    seen = []
    for _ in range(7):
        assert table.next_structure.name == (game.pot_limit.name if len(seen) % 6 < 3 else game.fixed_limit.name)
        hand = table.new_hand()
        seen.append(hand.structure)
        blinds = (hand.bets[hand.blinds[0]], hand.bets[hand.blinds[1]])
        assert blinds == ((1, 2) if isinstance(hand.structure, PotLimit) else (2, 4))
        while not hand.is_over:
            hand.act("fold")
    # one orbit (three hands at three seats) of each
    assert seen == [game.pot_limit] * 3 + [game.fixed_limit] * 3 + [game.pot_limit]


def test_mixed_game_fixed_number_of_hands_and_explicit_limit() -> None:
    game = MixedGame(PotLimit(5, 10), FixedLimit(10, 20, small_blind=5, big_blind=10), hands_per_game=2)
    table = Table([1000] * 4, game, seed=1)
    kinds = []
    for _ in range(6):
        hand = table.new_hand()
        kinds.append(type(hand.structure).__name__)
        while not hand.is_over:
            hand.act("fold")
    assert kinds == ["PotLimit", "PotLimit", "FixedLimit", "FixedLimit", "PotLimit", "PotLimit"]


# ------------------------------------------------------------------------ table


def test_table_moves_the_button_and_skips_busted_seats() -> None:
    table = Table([100, 100, 100, 100], NoLimit(1, 2), seed=0)
    assert table.button == 0
    hand = table.new_hand()
    with pytest.raises(GameError, match="the previous hand is not over"):
        table.new_hand()
    play(hand, "fold, fold, fold")
    assert table.button == 1 and table.hands_played == 1
    assert table.stacks == (100, 99, 101, 100)
    # bust seat 3: seat 2 goes all-in for 101, seat 3 calls all-in for 100 and loses
    hand = table.new_hand(holes=[None, None, "Ks Kh 2c 3d", "As Ah 6c 6d"], board=NO_LOW_BOARD)
    # button 1: blinds 2 and 3, seat 0 first
    assert hand.blinds == (2, 3)
    play(hand, "fold, fold, raise 101, call")
    # four kings win 200; seat 2's extra chip is uncalled
    assert table.stacks == (100, 99, 201, 0)
    assert table.button == 2
    hand = table.new_hand()
    # seat 3 sits out: blinds on seats 0 and 1, the button (seat 2) acts first
    assert hand.blinds == (0, 1)
    assert hand.holes[3] is None
    assert hand.actor == 2
    play(hand, "fold, fold")
    # the button skips the empty seat 3
    assert table.button == 0


def test_table_buy_in_limits() -> None:
    with pytest.raises(BuyInError, match=r"stacks\[1\] = 201, more than the maximum buy-in of 200"):
        Table([200, 201], PotLimit(1, 2))
    Table([200, 5000], FixedLimit(2, 4))  # limit: no maximum
    Table([200, 5000], PotLimit(1, 2), max_buy_in=None)
    with pytest.raises(BuyInError, match=r"stacks\[0\] = 20, less than the minimum buy-in of 40"):
        Table([20, 100], NoLimit(1, 2), min_buy_in=40)
    table = Table([100, 0, 100], PotLimit(1, 2), min_buy_in=40)
    with pytest.raises(BuyInError, match="seat 1 would have 30, less than the minimum buy-in of 40"):
        table.add_chips(1, 30)
    table.add_chips(1, 200)
    assert table.stacks == (100, 200, 100)
    table.new_hand()
    with pytest.raises(GameError, match="chips can only be added between hands"):
        table.add_chips(0, 10)


# ---------------------------------------------------------------------- history


def test_history_text_and_replay() -> None:
    hand = Hand([100, 100, 100], PotLimit(1, 2), button=0, holes=["As Ad 2c 3c", "Ks Kd 4h 5h", "Qs Qd 6h 7h"],
                board="7c 8d 9h Ts 2d")
    play(hand, "raise 7, fold, call")
    play(hand, "check, bet 10, fold")
    lines = hand.history.text().splitlines()
    assert lines == [
        "Omaha Hi/Lo, pot limit 1/2, 3 seats, button seat 0",
        "Seat 0: 100 chips",
        "Seat 1: 100 chips",
        "Seat 2: 100 chips",
        "Seat 1 posts small blind 1",
        "Seat 2 posts big blind 2",
        "Seat 1 is dealt Ks Kd 4h 5h",
        "Seat 2 is dealt Qs Qd 6h 7h",
        "Seat 0 is dealt As Ad 2c 3c",
        "Seat 0 raises to 7",
        "Seat 1 folds",
        "Seat 2 calls 5",
        "*** FLOP *** 7c 8d 9h",
        "Seat 2 checks",
        "Seat 0 bets 10",
        "Seat 2 folds",
        "Uncalled 10 returned to seat 0",
        "Pot 15, seats 0",
        "Seat 0 collects 15",
    ]
    again = replay(hand.history)
    assert again.history == hand.history
    assert again.result == hand.result
    assert isinstance(hand.history, HandHistory)
    assert [e.kind for e in hand.history.actions] == ["raise", "fold", "call", "check", "bet", "fold"]


def test_replay_of_an_unfinished_hand_and_of_a_tampered_history() -> None:
    hand = Hand([100, 100, 100], NoLimit(1, 2), seed=3)
    play(hand, "raise 6, call")
    again = replay(hand.history)
    assert not again.is_over and again.actor == hand.actor and again.stacks == hand.stacks
    events = list(hand.history.events)
    i = next(i for i, e in enumerate(events) if e.kind == "raise")
    events[i] = events[i]._replace(total=5, amount=5)
    with pytest.raises(ReplayError, match=r"event \d+ differs"):
        replay(dataclasses.replace(hand.history, events=tuple(events)))
    events[i] = events[i]._replace(total=500)
    with pytest.raises(ReplayError, match=r"is refused: seat 0 cannot raise to 500"):
        replay(dataclasses.replace(hand.history, events=tuple(events)))


def test_history_as_json_data_replays() -> None:
    import json

    structure = FixedLimit(10, 20, small_blind=5, big_blind=10, cap=5, uncapped_heads_up="round-start")
    hand = Hand([15, 100, 100, 100], structure, button=0, seed=8)
    play(hand, "call, raise 15, raise 25, fold, call")
    data = json.loads(json.dumps(hand.history.as_dict()))
    assert data["structure"] == {"type": "fixed-limit", "small_bet": 10, "big_bet": 20, "small_blind": 5,
                                 "big_blind": 10, "cap": 5, "uncapped_heads_up": "round-start"}
    assert data["events"][0] == {"kind": "small_blind", "seat": 1, "amount": 5, "total": 5}
    assert {"kind": "raise", "seat": 0, "amount": 15, "total": 15, "all_in": True} in data["events"]
    history = HandHistory.from_dict(data)
    assert history == hand.history
    again = replay(history)
    assert again.history == hand.history and again.actor == hand.actor
    with pytest.raises(ReplayError, match="not a hand history"):
        HandHistory.from_dict({"events": []})


# ---------------------------------------------------------------------- command


def test_play_command_summary(capsys: pytest.CaptureFixture[str]) -> None:
    from omaha8.cli import main

    assert main(["play", "--players", "4", "--hands", "40", "--seed", "7"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "40 hands of Omaha Hi/Lo, pot limit 1/2, 4 players, stacks 200, seed 7"
    assert [line.split()[0] for line in out[1:]] == [
        "average", "largest", "showdowns", "scoops", "split", "rebuys", "speed"
    ]
    # the same seed plays the same hands
    assert main(["play", "--players", "4", "--hands", "40", "--seed", "7"]) == 0
    again = capsys.readouterr().out.splitlines()
    assert again[:-1] == out[:-1]


def test_play_command_verbose_histories_match_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    from omaha8.cli import main

    assert main(["play", "--structure", "fixed-limit", "--players", "3", "--hands", "25", "--seed", "3",
                 "--verbose"]) == 0
    out = capsys.readouterr().out
    hands = out.split("\n\n")
    assert hands[0].startswith("Hand 1\nOmaha Hi/Lo, fixed limit 2/4, 3 seats, button seat 0")
    with_showdown = sum(1 for text in hands[:-1] if " shows " in text)
    summary = hands[-1].splitlines()
    assert summary[0] == "25 hands of Omaha Hi/Lo, fixed limit 2/4, 3 players, stacks 200, seed 3"
    assert summary[3].startswith(f"showdowns     {with_showdown} (")


def test_play_command_structures_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    from omaha8.cli import main

    assert main(["play", "--structure", "mixed", "--hands", "12", "--seed", "1", "--cards", "5"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == "12 hands of 5-card Omaha Hi/Lo, mixed pot limit 1/2 / fixed limit 4/8, 6 players, stacks 200, seed 1"
    assert main(["play", "--players", "11"]) == 2
    assert capsys.readouterr().err == "omaha8: error: a 4-card table has 2 to 10 seats, got 11\n"
    # 5 cards: 10 seats would need 50 hole cards and a board from a 52-card deck
    assert main(["play", "--players", "10", "--cards", "5"]) == 2
    assert capsys.readouterr().err == "omaha8: error: a 5-card hand deals at most 9 seats, got 10 seats with chips\n"
    with pytest.raises(SystemExit):
        main(["play", "--blinds", "2/1"])
    assert "blinds must be positive with small <= big, not '2/1'" in capsys.readouterr().err
