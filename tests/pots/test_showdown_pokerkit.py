"""Differential tests of omaha8's showdown against pokerkit 0.7.7.

pokerkit is an independent implementation: its Omaha hand classes pick the
high and low winners, and its state machine cuts side pots and pays them.
Two of its rules differ from docs/rules.md, so payouts are compared only where
those rules cannot matter:

* odd chips: pokerkit gives every chip left over after dividing a half to
  one player (the first in seat order), where docs/rules.md §4.5 gives them one
  each, clockwise from the button;
* same winners both ways: pokerkit always halves the pot and splits each
  half, where docs/rules.md §4.4 splits the whole pot evenly (66 chips: 34/32
  there, 33/33 here);
* a side pot none of whose eligible players has a low: pokerkit decides
  once per hand whether there is a low half (if any player has a low, every
  pot is halved) and then gives that pot's low half to all its remaining
  players without a low, where docs/rules.md §4.1 decides per pot: the best
  high takes the whole pot.

With every contribution a multiple of 120, each pot and each half divides
exactly among up to six winners, so the first two cannot matter; deals
where the third can are left out of the payout comparison and counted.
``test_the_documented_differences`` shows all three on hand-checked deals.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pokerkit")

from pokerkit import (  # noqa: E402
    Automation,
    BettingStructure,
    Deck,
    Mode,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    Opening,
    State,
    Street,
)

from omaha8.cards import format_cards, parse_cards  # noqa: E402
from omaha8.pots._showdown import PotSplit, ShowdownResult, showdown, winners  # noqa: E402

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def text(cards: list[int]) -> str:
    return format_cards(cards, sep="")


def pokerkit_payouts(board: list[int], holes: list[list[int]], stacks: list[int]) -> list[int]:
    """Final stacks of a no-limit Omaha Hi/Lo hand where everyone moves all-in pre-flop.

    Starting stacks equal the chips each seat will put in, so the final
    stacks are the payouts (pokerkit returns the uncalled part itself).
    """
    n_hole = len(holes[0])
    streets = (
        Street(False, (False,) * n_hole, 0, False, Opening.POSITION, 1, None),
        Street(True, (), 3, False, Opening.POSITION, 1, None),
        Street(True, (), 1, False, Opening.POSITION, 1, None),
        Street(True, (), 1, False, Opening.POSITION, 1, None),
    )
    with warnings.catch_warnings():
        # the automatic burns may draw cards we deal later; pokerkit warns, and it does not matter here
        warnings.simplefilter("ignore")
        state = State(
            AUTOMATIONS, Deck.STANDARD, (OmahaHoldemHand, OmahaEightOrBetterLowHand), streets,
            BettingStructure.NO_LIMIT, False, 0, (1, 2), 0, list(stacks), len(holes), mode=Mode.CASH_GAME,
        )
        for hole in holes:
            state.deal_hole(text(hole))
        while state.actor_index is not None:
            seat = state.actor_index
            all_in = state.stacks[seat] + state.bets[seat]
            if all_in > max(state.bets) and state.can_complete_bet_or_raise_to(all_in):
                state.complete_bet_or_raise_to(all_in)
            else:
                state.check_or_call()
        state.deal_board(text(board[:3]))
        state.deal_board(text(board[3:4]))
        state.deal_board(text(board[4:5]))
    assert state.status is False, "the hand did not finish"
    return list(state.stacks)


def pokerkit_winners(board: list[int], holes: list[list[int]]) -> tuple[int, int]:
    """Seat bitmasks of the best high and best low by pokerkit's hand classes."""
    b = text(board)
    highs = [OmahaHoldemHand.from_game(text(h), b) for h in holes]
    lows: list[OmahaEightOrBetterLowHand | None] = []
    for h in holes:
        try:
            lows.append(OmahaEightOrBetterLowHand.from_game(text(h), b))
        except ValueError:  # pokerkit's way of saying "no low"
            lows.append(None)
    best_high = max(highs)
    high_mask = sum(1 << s for s, hand in enumerate(highs) if hand == best_high)
    real = [hand for hand in lows if hand is not None]
    if not real:
        return high_mask, 0
    best_low = max(real)
    return high_mask, sum(1 << s for s, hand in enumerate(lows) if hand is not None and hand == best_low)


def deals(seed: int, n: int, n_seats: int, n_hole: int) -> list[tuple[list[int], list[list[int]]]]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        deck = rng.permutation(52).tolist()
        holes = [deck[5 + n_hole * s: 5 + n_hole * (s + 1)] for s in range(n_seats)]
        out.append((deck[:5], holes))
    return out


@pytest.mark.parametrize(("n_seats", "n_hole", "n"), [(6, 4, 250), (3, 5, 250)])
def test_winners_agree_with_pokerkit_hand_classes(n_seats: int, n_hole: int, n: int) -> None:
    table = deals(11 + n_hole, n, n_seats, n_hole)
    holes = np.array([h for _, h in table], dtype=np.uint8)
    boards = np.array([b for b, _ in table], dtype=np.uint8)
    high, low = winners(holes, boards)
    for row, (board, hole_list) in enumerate(table):
        assert (int(high[row]), int(low[row])) == pokerkit_winners(board, hole_list), row


def low_decided_per_pot(result: ShowdownResult) -> bool:
    """True when some pot has no low among its eligible seats while another live seat has one:
    docs/rules.md gives that pot to the high alone, pokerkit halves it anyway."""
    anyone_low = any(hand is not None and hand.low is not None for hand in result.hands)
    return anyone_low and any(pot.split is PotSplit.HIGH_ONLY for pot in result.pots)


def test_payouts_agree_with_pokerkit_side_pots() -> None:
    rng = np.random.default_rng(12)
    compared = side_pots = left_out = 0
    for board, holes in deals(13, 70, 6, 4):
        # all-in for 1 to 4 units of 120: side pots whose halves divide exactly among up to six winners
        chips = (120 * rng.integers(1, 5, size=6)).tolist()
        ours = showdown(board, holes, contributions=chips)
        if low_decided_per_pot(ours):
            left_out += 1
            continue
        assert list(ours.payouts) == pokerkit_payouts(board, holes, chips)
        compared += 1
        side_pots += len(ours.pots) > 1
    assert compared >= 60 and side_pots >= 55, (compared, side_pots, left_out)


def test_payouts_agree_with_pokerkit_five_card_heads_up() -> None:
    for board, holes in deals(14, 60, 2, 5):
        ours = showdown(board, holes, contributions=[120, 240])
        assert list(ours.payouts) == pokerkit_payouts(board, holes, [120, 240])
        assert ours.uncalled == (0, 120)


def test_the_documented_differences() -> None:
    """Where pokerkit's rules and docs/rules.md part, on small pots worked out by hand."""

    def ids(cards: str) -> list[int]:
        return [int(c) for c in parse_cards(cards)]

    # same winners both ways (the TDA 66-chip example): both hold 4-5 on A-2-3, the wheel both ways
    board, holes = ids("Ah 2d 3c Kh Qs"), [ids("4c 5c 9h 9d"), ids("4d 5d Th Td")]
    assert showdown(board, holes, contributions=[33, 33]).payouts == (33, 33)
    # pokerkit: high 33 -> 17/16, low 33 -> 17/16, the odd chips both to seat 0
    assert pokerkit_payouts(board, holes, [33, 33]) == [34, 32]

    # three-way tie for the high, no low, 20 chips: 6 each and 2 odd chips
    board = ids("Ks Jd 9h 6c 2d")
    holes = [ids("Qs Tc 3h 4h"), ids("Qh Td 3c 4c"), ids("Qc Th 3d 4d"), ids("As Ah 5c 5d")]
    # here one each, clockwise from the seat left of the button (seat 0): seats 1 and 2
    assert showdown(board, holes, contributions=[5, 5, 5, 5]).payouts == (6, 7, 7, 0)
    # pokerkit: both odd chips to one player
    assert sorted(pokerkit_payouts(board, holes, [5, 5, 5, 5])) == [0, 6, 6, 8]

    # a side pot with no low among its players, in a hand where someone has a low.
    # Seat 4 Qc Qs + Qd: three queens, the best high, no low. Seat 5 Q-J + Qd Jh: two pair, no low.
    # Seat 1 a pair of eights, no low. Seat 2 A-2 + 6-5-4: 6-5-4-2-A, the best low (seat 0's
    # 6-5-4-3-A is second). Levels 120 (6 seats: 720), 240 (4: 480), 360 (3: 360), 480 (2: 240).
    board = ids("6d Qd Jh 5s 4c")
    holes = [ids(h) for h in ("3s 6h Td Ad", "8h 8d 9h 5d", "9d Tc As 2h", "Th 2s 8c Kh", "Qc Ac Qs Js",
                              "7d Qh Kc Jd")]
    chips = [120, 480, 240, 120, 360, 480]
    # here: 720 + 480 split 600/600 between seats 4 and 2; the 360 pot (seats 1, 4, 5) has no low:
    # all to seat 4; the 240 pot (seats 1, 5) to seat 5's two pair
    assert showdown(board, holes, contributions=chips).payouts == (0, 0, 600, 0, 960, 240)
    # pokerkit halves the 360 pot and splits its low half 90/90 between seats 4 and 5
    assert pokerkit_payouts(board, holes, chips) == [0, 0, 600, 0, 870, 330]
