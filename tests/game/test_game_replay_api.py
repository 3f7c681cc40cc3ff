"""The engine's API for replaying real hands: posts, dead button, rake, per-pot results, rule messages.

Every expected value is worked out by hand in the comment beside it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from omaha8 import PotSplit
from omaha8.errors import ArgumentError, ArgumentTypeError, ChipError, ShapeError
from omaha8.game import (
    FixedLimit,
    GameError,
    Hand,
    HandHistory,
    IllegalActionError,
    LegalActions,
    NoLimit,
    NoRake,
    PercentageRake,
    PotLimit,
    Post,
    RakePolicy,
    replay,
)

# a board with no card below nine: nobody can have a low, the high takes every pot
NO_LOW_BOARD = "Kc Kd Qh Jc 9c"
# a board with a low: seat 0's kings full of... here: three kings for high; 3-4 makes 7-4-3-2-A low
LOW_BOARD = "Ah 2h 7c Kd Qs"


def antes(n: int, amount: int) -> list[Post]:
    return [Post(seat, "ante", amount) for seat in range(n)]


def check_chips(hand: Hand) -> None:
    """Payouts + rake == contributions, and stacks add up."""
    result = hand.result
    assert sum(result.payouts) + result.rake_total == sum(hand.contributions)
    assert sum(result.rake) == result.rake_total
    assert len(result.rake) == len(result.pots)
    for pot in result.pots:
        assert sum(pot.awards) + pot.rake == pot.amount
    assert sum(result.stacks) + result.rake_total == sum(hand.starting_stacks)


# ---------------------------------------------------------------------- posts


def test_ante_hand_antes_are_dead_money_in_the_pot() -> None:
    posts = antes(3, 1) + [Post(1, "small_blind", 1), Post(2, "big_blind", 2)]
    hand = Hand([50, 50, 50], PotLimit(1, 2), button=0, seed=1, posts=posts)
    # pot 3 antes + 1 + 2 = 6; the bets are only the blinds
    assert hand.pot == 6 and hand.bets == (0, 1, 2)
    # seat 0 (left of the big blind) calls 2; pot-limit raise: 2 to call + (pot 6 + 2) = to 10
    assert hand.legal_actions() == LegalActions(seat=0, call=2, min_to=4, max_to=10, raising=True)

    hand = Hand([50, 50, 50], NoLimit(1, 2), button=0, seed=1, posts=posts)
    hand.act("raise", 6)
    hand.act("fold")
    hand.act("fold")
    result = hand.result
    # contributions 7 (ante 1 + 6), 2, 3: seat 0's 7 - 3 (the next highest) = 4 is uncalled;
    # the pot is 12 - 4 = 8, and seat 0 nets 8 - 3 = +5 (seat 1 lost 2, seat 2 lost 3)
    assert hand.contributions == (7, 2, 3)
    assert result.uncalled == (4, 0, 0)
    assert result.payouts == (12, 0, 0)
    assert result.net == (5, -2, -3)
    assert [(p.amount, p.eligible, p.high_winners, p.split) for p in result.pots] == [
        (8, (0,), (0,), PotSplit.UNCONTESTED)
    ]
    check_chips(hand)
    assert [e.text() for e in hand.history.events[:3]] == [
        "Seat 0 posts ante 1", "Seat 1 posts ante 1", "Seat 2 posts ante 1"
    ]


def test_dead_small_blind_and_live_big_blind_posted_by_a_new_player() -> None:
    # button 0, blinds on seats 1 and 2; seat 3 (new) posts a dead 1 and a live 2
    posts = [Post(1, "small_blind", 1), Post(2, "big_blind", 2), Post(3, "dead", 1), Post(3, "big_blind", 2)]
    hand = Hand([100, 100, 100, 100], NoLimit(1, 2), button=0, seed=1, posts=posts)
    assert hand.blinds == (1, 2)
    # pot 1 + 2 + 1 + 2 = 6; the dead chip is not part of seat 3's bet of 2
    assert hand.pot == 6 and hand.bets == (0, 1, 2, 2)
    # action starts after the first big blind (seat 2): seat 3, whose live 2 matches the bet, may check
    assert hand.legal_actions() == LegalActions(seat=3, call=0, min_to=4, max_to=99, raising=True)
    hand.act("check")
    hand.act("raise", 10)
    hand.act("fold")
    hand.act("fold")
    # seat 3 has 2 of the 10 in its bet: it owes 8, not 7
    assert hand.legal_actions().call == 8
    hand.act("fold")
    result = hand.result
    # contributions 10, 1, 2, 3 (1 of it dead): the top bet anyone matched is 2, so 10 - 2 = 8 is uncalled;
    # the pot is 16 - 8 = 8 (the dead chip stays in it) and goes to seat 0: 8 + 8 - 10 = +6
    assert result.uncalled == (8, 0, 0, 0) and [pot.amount for pot in result.pots] == [8]
    assert result.payouts == (16, 0, 0, 0)
    assert result.net == (6, -1, -2, -3)
    check_chips(hand)


def test_out_of_position_big_blind_keeps_and_checks_its_option() -> None:
    # five seats, button 0, blinds 1 and 2, and seat 4 posts a big blind out of position
    posts = [Post(1, "small_blind", 1), Post(2, "big_blind", 2), Post(4, "big_blind", 2)]
    hand = Hand([100] * 5, NoLimit(1, 2), button=0, seed=1, posts=posts)
    assert hand.actor == 3  # first after the first big blind post (seat 2)
    hand.act("call")
    # seat 4's live 2 is the bet: it has the option to check or raise
    assert hand.legal_actions() == LegalActions(seat=4, call=0, min_to=4, max_to=100, raising=True)
    hand.act("check")
    hand.act("call")  # seat 0 adds 2
    hand.act("call")  # seat 1 adds 1
    # the real big blind still has its option
    assert hand.legal_actions() == LegalActions(seat=2, call=0, min_to=4, max_to=100, raising=True)
    hand.act("check")
    # everyone put in 2: pot 10; the flop is first acted on left of the button
    assert (hand.street, hand.pot, hand.actor) == ("flop", 10, 1)


def test_all_in_ante_makes_a_main_pot_and_a_side_pot() -> None:
    holes = ["Qs Qd 7s 8s", "2d 3s 4h 5h", "As Ah 6c 6d"]
    posts = antes(3, 2) + [Post(1, "small_blind", 1), Post(2, "big_blind", 2)]
    hand = Hand([1, 50, 50], NoLimit(1, 2), button=0, holes=holes, board=NO_LOW_BOARD, posts=posts)
    # seat 0 had 1 chip for an ante of 2: all-in for 1, it does not act
    assert hand.all_in == (0,) and hand.stacks[0] == 0
    assert hand.history.events[0].text() == "Seat 0 posts ante 1 and is all-in"
    assert hand.legal_actions() == LegalActions(seat=1, call=1, min_to=4, max_to=48, raising=True)
    hand.act("call")
    hand.act("check")
    for _ in range(3):
        hand.act("check")
        hand.act("check")
    result = hand.result
    # contributions 1, 2 + 2, 2 + 2: main pot 1 x 3 = 3 for all, side pot 3 x 2 = 6 for seats 1 and 2.
    # On K-K-Q-J-9: seat 0 has queens full (Qs Qd + Qh Kc Kd) and wins the main pot; seat 2's aces and
    # kings beat seat 1's kings with 5-4 for the side pot
    assert [(p.amount, p.eligible) for p in result.pots] == [(3, (0, 1, 2)), (6, (1, 2))]
    assert result.payouts == (3, 0, 6)
    check_chips(hand)


def test_all_in_big_blind_post_still_sets_the_full_bet() -> None:
    # seat 2 posts a big blind of 4 with 1 chip: all-in for 1, but the bet to call stays 4
    posts = [Post(1, "small_blind", 2), Post(2, "big_blind", 4)]
    hand = Hand([100, 100, 1], NoLimit(2, 4), button=0, seed=2, posts=posts)
    assert hand.bets == (0, 2, 1) and hand.all_in == (2,)
    assert hand.legal_actions() == LegalActions(seat=0, call=4, min_to=8, max_to=100, raising=True)


def test_no_blinds_only_antes_opens_with_a_bet_left_of_the_button() -> None:
    hand = Hand([30, 30, 30], FixedLimit(2, 4), button=1, seed=3, posts=antes(3, 1))
    # no live post: nothing to call, seat 2 (left of the button) may check or bet one small bet
    assert hand.legal_actions() == LegalActions(seat=2, call=0, min_to=2, max_to=2, raising=False)


def test_fixed_limit_live_post_of_one_small_bet_is_the_first_bet() -> None:
    # FixedLimit 2/4: a big blind of 2 is one small bet; the first raise is to 4, the cap (4 bets) at 8
    posts = [Post(0, "small_blind", 1), Post(1, "big_blind", 2)]
    hand = Hand([100, 100, 100], FixedLimit(2, 4), button=2, seed=3, posts=posts)
    assert hand.legal_actions() == LegalActions(seat=2, call=2, min_to=4, max_to=4, raising=True)
    hand.act("raise", 4)
    hand.act("raise", 6)
    hand.act("raise", 8)
    # 2 (the post), 4, 6, 8: four bets, capped
    lo, hi, _ = hand._wager_bounds(hand.actor)  # type: ignore[arg-type]
    assert (lo, hi) == (0, 0)


def test_post_errors_name_the_post() -> None:
    with pytest.raises(GameError, match=r"posts\[0\]: seat 1 has no chips and is not in the hand"):
        Hand([100, 0, 100], NoLimit(1, 2), posts=[Post(1, "ante", 1)])
    with pytest.raises(GameError, match=r"posts\[1\]\.kind must be one of ante, small_blind, big_blind, dead"):
        Hand([100, 100], NoLimit(1, 2), posts=[Post(0, "ante", 1), Post(1, "straddle", 4)])
    with pytest.raises(ChipError, match=r"posts\[0\]\.amount must be at least 1, got 0"):
        Hand([100, 100], NoLimit(1, 2), posts=[Post(0, "ante", 0)])
    with pytest.raises(ChipError, match=r"posts\[0\]\.amount must be an int, not bool True"):
        Hand([100, 100], NoLimit(1, 2), posts=[Post(0, "ante", True)])
    with pytest.raises(GameError, match=r"posts\[0\]\.seat must be at most 1, got 2"):
        Hand([100, 100], NoLimit(1, 2), posts=[Post(2, "ante", 1)])
    with pytest.raises(GameError, match=r"posts\[0\] must be a Post\(seat, kind, amount\)"):
        Hand([100, 100], NoLimit(1, 2), posts=[(0, "ante")])  # type: ignore[list-item]
    with pytest.raises(GameError, match="posts must be a sequence"):
        Hand([100, 100], NoLimit(1, 2), posts=5)  # type: ignore[arg-type]


def test_posts_survive_history_json_and_replay() -> None:
    posts = antes(3, 1) + [Post(1, "small_blind", 1), Post(2, "dead", 1), Post(2, "big_blind", 2)]
    hand = Hand([40, 40, 40], NoLimit(1, 2), button=0, seed=4, posts=posts)
    hand.act("call")
    hand.act("raise", 8)
    hand.act("fold")
    hand.act("call")
    data = json.loads(json.dumps(hand.history.as_dict()))
    assert data["posts"][0] == [0, "ante", 1]
    history = HandHistory.from_dict(data)
    assert history == hand.history
    again = replay(history)
    assert again.history == hand.history and again.pot == hand.pot


# ----------------------------------------------------------- seats and button


def test_dead_button_on_an_empty_seat() -> None:
    # the button stays on empty seat 1: seat 2 posts the small blind, seat 3 the big, seat 0 acts first
    hand = Hand([100, 0, 100, 100], NoLimit(1, 2), button=1, seed=5)
    assert hand.blinds == (2, 3)
    assert hand.actor == 0
    hand.act("call")
    hand.act("call")
    hand.act("check")
    # after the flop the first seat left of the (dead) button acts first
    assert hand.actor == 2


def test_ten_seats_in_five_card_omaha() -> None:
    # file seats 1..10 map to 0..9; seat 4 sits out, so nine are dealt 5 cards: 45 + 5 = 50 of 52
    stacks = [100] * 10
    stacks[4] = 0
    hand = Hand(stacks, PotLimit(1, 2), variant=5, button=9, seed=6)
    assert hand.n_seats == 10 and hand.holes[4] is None
    dealt = [c for hole in hand.holes if hole is not None for c in hole]
    assert len(dealt) == 45 and len(set(dealt)) == 45
    with pytest.raises(ShapeError, match="a 5-card hand deals at most 9 seats, got 10 seats with chips"):
        Hand([100] * 10, PotLimit(1, 2), variant=5)


# ----------------------------------------------------------------------- rake


class FixedTake:
    """Takes a fixed answer; records what it was asked."""

    def __init__(self, answer: object) -> None:
        self.answer = answer
        self.asked: list[tuple[tuple[int, ...], bool]] = []

    def take(self, pots: tuple[int, ...], *, flop_seen: bool) -> Sequence[int]:
        self.asked.append((pots, flop_seen))
        return self.answer  # type: ignore[return-value]


SIDE_POT_HOLES = ["Kh Ks 9c 9d", "3c 4c Jh Jd", "Tc Td 8h 8s"]


def side_pot_hand(rake: RakePolicy | None) -> Hand:
    # no limit 1/2, stacks 10/30/30, button 0: seat 0 (first to act) shoves 10, seat 1 shoves 30,
    # seat 2 calls 30 all-in; the board is dealt out
    hand = Hand([10, 30, 30], NoLimit(1, 2), button=0, holes=SIDE_POT_HOLES, board=LOW_BOARD, rake=rake)
    hand.act("raise", 10)
    hand.act("raise", 30)
    hand.act("call")
    assert hand.is_over
    return hand


def test_raked_side_pots_pay_out_the_rest() -> None:
    # contributions 10, 30, 30: main pot 30 (all three), side pot 40 (seats 1, 2).
    # On A-2-7-K-Q seat 0 has three kings (high), seat 1 7-4-3-2-A (the only low) and jacks,
    # seat 2 tens and no low.
    hand = side_pot_hand(PercentageRake(10))
    result = hand.result
    # 10% of 70 = 7, taken from the main pot: 23 left, halves 12 (high, odd chip) / 11 (low).
    # Side pot 40: seat 1 has the better high (jacks over tens) and the only low: 40.
    assert result.rake == (7, 0) and result.rake_total == 7
    assert [(p.amount, p.rake, p.eligible, p.high_winners, p.low_winners) for p in result.pots] == [
        (30, 7, (0, 1, 2), (0,), (1,)), (40, 0, (1, 2), (1,), (1,))
    ]
    assert result.payouts == (12, 51, 0)
    # 12 + 51 + 7 = 70 = 10 + 30 + 30
    check_chips(hand)
    assert "Rake 7 from pot" in hand.history.text()

    # a policy that takes from both pots: (2, 3): main 28 -> 14/14, side 37 all to seat 1
    policy = FixedTake((2, 3))
    hand = side_pot_hand(policy)
    assert policy.asked == [((30, 40), True)]
    assert hand.result.payouts == (14, 51, 0)  # 14 + 51 + 2 + 3 = 70
    assert [p.awards for p in hand.result.pots] == [(14, 14, 0), (0, 37, 0)]
    check_chips(hand)


def test_no_flop_no_drop_and_cap() -> None:
    hand = Hand([100, 100, 100], NoLimit(1, 2), button=0, seed=7, rake=PercentageRake(5, cap=1))
    hand.act("raise", 6)
    hand.act("fold")
    hand.act("fold")
    # pre-flop: nothing taken; the pot 1 + 2 + 2 (6 - the 4 uncalled) = 5 goes whole to seat 0
    assert hand.result.rake == (0,) and hand.result.payouts == (9, 0, 0)
    hand = Hand([100, 100], NoLimit(1, 2), button=0, seed=7, rake=PercentageRake("50", cap=3))
    hand.act("call")
    hand.act("check")
    hand.act("bet", 2)
    hand.act("fold")
    # pot 4 after the uncalled 2 went back; 50% is 2 chips; the flop was seen
    assert hand.result.rake == (2,) and sum(hand.result.payouts) == 6 - 2
    check_chips(hand)
    assert NoRake().take((5, 6), flop_seen=True) == (0, 0)


@pytest.mark.parametrize(
    "answer, message",
    [
        ((31, 0), r"rake.take\(\[30, 40\]\)\[0\] = 31: the rake of a pot is 0..30"),
        ((-1, 0), r"\[0\] = -1: the rake of a pot is 0..30"),
        ((1.5, 0), r"\[0\] = 1.5 is not a whole number of chips"),
        ((True, 0), r"\[0\] = True is not a whole number of chips"),
        ((1,), "returned 1 amounts for 2 pots"),
        (None, "returned None, not one chip count per pot"),
    ],
)
def test_bad_rake_answers_are_refused(answer: object, message: str) -> None:
    with pytest.raises(GameError, match=message):
        side_pot_hand(FixedTake(answer))


def test_rake_policy_objects_are_checked_up_front() -> None:
    with pytest.raises(ArgumentTypeError, match="rake must be None or an omaha8.game.RakePolicy"):
        Hand([100, 100], NoLimit(1, 2), rake=0.05)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="percent must be between 0 and 100"):
        PercentageRake(-1)
    with pytest.raises(ArgumentError, match="cap must be at least 0"):
        PercentageRake(5, cap=-2)
    with pytest.raises(ArgumentTypeError, match="percent must be an int, a Fraction or a decimal string"):
        PercentageRake(0.05)  # type: ignore[arg-type]


# ------------------------------------------------------------ per-pot results


def test_pots_are_reported_with_and_without_a_showdown() -> None:
    hand = side_pot_hand(None)
    result = hand.result
    # unraked: main 30 -> 15 high (seat 0) / 15 low (seat 1); side 40 to seat 1
    assert [(p.amount, p.rake, p.awards, p.split) for p in result.pots] == [
        (30, 0, (15, 15, 0), PotSplit.HALVES), (40, 0, (0, 40, 0), PotSplit.SAME_WINNERS)
    ]
    assert result.payouts == (15, 55, 0) and result.rake == (0, 0)


# ------------------------------------------------------------ rule messages


def test_illegal_action_messages_name_the_rule() -> None:
    hand = Hand([1000, 1000, 1000], NoLimit(10, 20), button=0, seed=8)
    hand.act("call")
    hand.act("call")
    hand.act("check")
    # flop: seat 1 bets 30; a raise must add at least 30: to 60
    hand.act("bet", 30)
    with pytest.raises(IllegalActionError, match=r"seat 2 cannot raise to 50: a raise here is to 60\.\.980 "
                       r"\(no limit\): 50 is below the minimum 60 \(a raise must be at least the previous "
                       r"bet or raise, 30\)"):
        hand.act("raise", 50)
    with pytest.raises(IllegalActionError, match=r"1001 is more than the seat has: all-in is to 980"):
        hand.act("raise", 1001)
    hand.act("fold")
    hand.act("fold")

    hand = Hand([1000, 1000], PotLimit(25, 50), button=0, seed=0)
    hand.act("call")
    hand.act("check")
    # flop pot 100: a bet is 50 (the big blind) to 100 (the pot)
    with pytest.raises(IllegalActionError, match=r"40 is below the minimum 50 \(a bet must be at least the big "
                       r"blind, 50\)"):
        hand.act("bet", 40)
    with pytest.raises(IllegalActionError, match=r"101 is above the pot-limit maximum 100 \(a bet may be at most "
                       r"the pot, 100\)"):
        hand.act("bet", 101)
    hand.act("bet", 100)
    # call 100 -> pot 300, raise 300 more: to 400
    with pytest.raises(IllegalActionError, match=r"401 is above the pot-limit maximum 400 \(a raise may add at "
                       r"most the pot after calling, 200 with the bets \+ 100 to call = 300, to the bet of 100\)"):
        hand.act("raise", 401)

    hand = Hand([100, 7, 100], NoLimit(1, 2), button=0, seed=5)
    hand.act("raise", 6)
    # seat 1 has 6 behind its small blind of 1: all-in is to 7, short of the minimum 10 (6 + a raise of 4)
    with pytest.raises(IllegalActionError, match=r"a raise here is to 7 \(no limit\): 5 is below 7: short of a "
                       r"full raise, the seat may only go all-in"):
        hand.act("raise", 5)

    hand = Hand([100, 100, 100], FixedLimit(2, 4), button=0, seed=5)
    with pytest.raises(IllegalActionError, match=r"in fixed limit every raise is to exactly one bet of 2 above "
                       r"the 2 bet, 4"):
        hand.act("raise", 5)


def test_dead_money_is_not_part_of_the_uncalled_bet() -> None:
    # seat 3 posts a dead 5 and a live 10 (PokerStars' "small & big blinds"); seat 0 calls 10, seat 1
    # completes its small blind, seat 2 checks: pot 5 + 10 + 10 + 10 + 10 = 45. On the flop seat 3 bets 45
    # and everyone folds: the 45 is uncalled and goes back; the dead 5 stays in the pot, which seat 3 wins.
    # Seat 3 put in 60 and gets 45 + 45 = 90 -> +30; the others -10 each.
    hand = Hand([1000] * 4, NoLimit(5, 10), button=0, seed=1,
                posts=[Post(1, "small_blind", 5), Post(2, "big_blind", 10), Post(3, "dead", 5),
                       Post(3, "big_blind", 10)])
    while hand.street == "preflop" and not hand.is_over:
        hand.act("call" if hand.legal_actions().call else "check")
    hand.act("check", seat=1)
    hand.act("check", seat=2)
    hand.act("bet", 45, seat=3)
    for seat in (0, 1, 2):
        hand.act("fold", seat=seat)
    assert hand.result.payouts == (0, 0, 0, 90)
    assert hand.result.net == (-10, -10, -10, 30)
    assert [pot.amount for pot in hand.result.pots] == [45]


def test_antes_are_not_part_of_the_uncalled_bet() -> None:
    # antes 1 each (4), blinds 1/2; seat 3 raises to 10, all fold: 8 of the raise is uncalled (10 - 2),
    # the pot is 4 antes + 1 + 2 + 2 (the called part of the raise) = 9; seat 3 nets 9 - 1 (its ante) - 2 = +6,
    # the others lose what they put in: seat 0 -1, seat 1 -2, seat 2 -3.
    hand = Hand([100] * 4, NoLimit(1, 2), button=0, seed=2,
                posts=[Post(s, "ante", 1) for s in range(4)] + [Post(1, "small_blind", 1), Post(2, "big_blind", 2)])
    hand.act("raise", 10, seat=3)
    for seat in (0, 1, 2):
        hand.act("fold", seat=seat)
    assert hand.result.net == (-1, -2, -3, 6)
    assert hand.result.uncalled == (0, 0, 0, 8) and hand.result.payouts == (0, 0, 0, 8 + 9)
