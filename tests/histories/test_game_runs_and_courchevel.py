"""The engine's run it twice (and more) and Courchevel Hi/Lo, with results worked out by hand."""

from __future__ import annotations

import pytest

from omaha8 import cli
from omaha8.errors import ArgumentError, DuplicateCardError, ShapeError
from omaha8.game import Hand, NoLimit, PotLimit, Table, replay


def _allin_preflop(runs: int = 2, boards: list[str] | None = None) -> Hand:
    # three seats of 50, blinds 1/2: seat 0 (button) moves in for 50, seat 1 folds its small blind, seat 2
    # calls all-in: a pot of 50 + 1 + 50 = 101, run before the flop
    hand = Hand([50, 50, 50], NoLimit(1, 2), button=0, holes=["As Ad Kh Kd", None, "2c 3c 9h Tc"],
                board="Ah Js Qs Jd 9c", runs=runs, boards=boards if boards is not None else ["4h 5s 8d Kc Qd"])
    hand.act("raise", 50)
    hand.act("fold")
    hand.act("call")
    return hand


def test_run_twice_each_board_its_share_the_first_the_odd_chip() -> None:
    # 101 chips run twice: the first board 51 (the odd chip), the second 50. Board one (Ah Js Qs Jd 9c)
    # has no low: seat 0's aces full take 51. Board two (4h 5s 8d Kc Qd): seat 0's three kings the high
    # half, 25; seat 2's 8-5-4-3-2 the low half, 25. Seat 0: 51 + 25 = 76, seat 2: 25, seat 1 lost 1.
    hand = _allin_preflop()
    assert hand.is_over and hand.boards == (hand.board, hand.boards[1]) and len(hand.boards[1]) == 5
    result = hand.result
    assert result.payouts == (76, 0, 25) and result.net == (26, -1, -25)
    (pot,) = result.pots
    assert [run.amount for run in pot.runs] == [51, 50]
    assert [run.awards for run in pot.runs] == [(51, 0, 0), (25, 0, 25)]
    assert sum(result.payouts) == 101


def test_run_three_times_and_the_history_replays() -> None:
    # 101 in three: 34, 34 and 33. The third board drawn from the shuffle, so the replay must deal it again
    hand = _allin_preflop(runs=3)
    (pot,) = hand.result.pots
    assert [run.amount for run in pot.runs] == [34, 34, 33] and sum(hand.result.payouts) == 101
    again = replay(hand.history)
    assert again.boards == hand.boards and again.result.payouts == hand.result.payouts
    assert "boards" in hand.history.as_dict() and hand.history.runs == 3


def test_no_run_when_the_betting_ends_on_the_river_or_by_folds() -> None:
    hand = Hand([100, 100], PotLimit(1, 2), button=0, seed=2, runs=2)
    hand.act("fold")
    assert hand.boards == ((),) and not hand.result.pots[0].runs


def test_run_arguments_are_checked() -> None:
    with pytest.raises(ArgumentError, match="runs must be 1 to 4"):
        Hand([50, 50], NoLimit(1, 2), runs=5)
    with pytest.raises(ShapeError, match="for a hand run once"):
        Hand([50, 50], NoLimit(1, 2), boards=["2c 3c 4c 5c 6c"])
    with pytest.raises(DuplicateCardError, match="boards"):
        _allin_preflop(boards=["Ah Js Qs Jd As"])  # As is seat 0's


def test_courchevel_deals_five_cards_and_the_first_flop_card_up_before_the_betting() -> None:
    hand = Hand([100, 100, 100], PotLimit(1, 2), game="courchevel", seed=11)
    assert hand.variant == 5 and hand.game == "courchevel" and len(hand.board) == 1
    upcard = hand.board[0]
    assert all(len(h) == 5 for h in hand.holes if h)
    hand.act("call"); hand.act("call"); hand.act("check")
    assert hand.street == "flop" and len(hand.board) == 3 and hand.board[0] == upcard
    text = hand.history.text()
    assert text.startswith("Courchevel Hi/Lo") and "*** UPCARD ***" in text
    while not hand.is_over:
        hand.act("check")
    assert replay(hand.history).history == hand.history
    with pytest.raises(ShapeError, match="Courchevel deals 5 hole cards"):
        Hand([100, 100], PotLimit(1, 2), game="courchevel", variant=4)
    table = Table([200] * 4, PotLimit(1, 2), game="courchevel", seed=3)
    assert len(table.new_hand().board) == 1


def test_play_courchevel(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["play", "--game", "courchevel", "--hands", "20", "--players", "4", "--seed", "5"])
    out = capsys.readouterr().out
    assert code == 0 and out.startswith("20 hands of Courchevel Hi/Lo, pot limit 1/2, 4 players")
