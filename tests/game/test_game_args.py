"""Engine arguments: omaha8's own errors for bad values, no silent coercion, numpy ints everywhere."""

from __future__ import annotations

import copy
import random
import re
from typing import Any

import numpy as np
import pytest

from omaha8.errors import ArgumentTypeError, ChipError, Omaha8Error, ShapeError
from omaha8.game import (
    FixedLimit,
    GameError,
    Hand,
    HandHistory,
    MixedGame,
    NoLimit,
    PotLimit,
    Post,
    ReplayError,
    Structure,
    Table,
    replay,
)
from omaha8.game.table import BuyInError


def test_raw_errors_of_the_issue_are_omaha8_errors() -> None:
    with pytest.raises(ArgumentTypeError, match="rng must be a random.Random, not int 5"):
        Hand([100, 100], NoLimit(1, 2), rng=5)  # type: ignore[arg-type]
    with pytest.raises(ShapeError, match="variant must be 4 or 5 hole cards, not 4.0"):
        Hand([100, 100], NoLimit(1, 2), variant=4.0)  # type: ignore[arg-type]
    with pytest.raises(ShapeError, match="variant must be 4 or 5 hole cards, not True"):
        Table([100, 100], NoLimit(1, 2), variant=True)
    with pytest.raises(BuyInError, match="min_buy_in must be an int, not str '5'"):
        Table([100, 100], NoLimit(1, 2), min_buy_in="5")  # type: ignore[arg-type]
    with pytest.raises(BuyInError, match="max_buy_in must be an int, not float 2.5"):
        Table([100, 100], NoLimit(1, 2), max_buy_in=2.5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="seed must be an int, not str 'x'"):
        Table([100, 100], NoLimit(1, 2), seed="x")  # type: ignore[arg-type]
    with pytest.raises(Omaha8Error, match="seed must be at most"):
        Hand([100, 100], NoLimit(1, 2), seed=2**64)
    with pytest.raises(ChipError, match="stacks must be a sequence of chip counts"):
        Hand(100, NoLimit(1, 2))  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="structure must be FixedLimit, PotLimit or NoLimit"):
        Hand([100, 100], "no limit")  # type: ignore[arg-type]
    with pytest.raises(Omaha8Error, match="uncapped_heads_up must be one of"):
        FixedLimit(2, 4, uncapped_heads_up=["never"])  # type: ignore[arg-type]


def test_true_is_never_one_chip() -> None:
    with pytest.raises(ChipError, match=r"stacks\[0\] = True is not a whole number of chips"):
        Hand([True, 100], NoLimit(1, 2))
    with pytest.raises(ChipError, match="big_blind must be a whole number of chips, not True"):
        NoLimit(1, True)
    table = Table([100, 0], NoLimit(1, 2))
    with pytest.raises(ChipError, match="chips must be an int, not bool True"):
        table.add_chips(1, True)
    with pytest.raises(GameError, match="button must be an int, not bool True"):
        Hand([100, 100], NoLimit(1, 2), button=True)
    hand = Hand([100, 100], NoLimit(1, 2), seed=1)
    for action, amount in (("raise", True), ("call", True)):
        with pytest.raises(GameError, match="True"):
            hand.act(action, amount)  # type: ignore[arg-type]


def test_numpy_integers_are_accepted_in_every_engine_argument() -> None:
    i = np.int64
    structure = NoLimit(i(1), i(2))
    assert structure == NoLimit(1, 2) and type(structure.big_blind) is int
    assert FixedLimit(np.int32(2), np.uint8(4), cap=np.int16(3)) == FixedLimit(2, 4, cap=3)
    assert MixedGame(PotLimit(1, 2), hands_per_game=i(3), limit_factor=np.uint16(2)).hands_per_game == 3
    stacks = np.array([100, 0, 100, 100], dtype=np.int32)
    hand = Hand(stacks, structure, button=i(1), seed=np.uint64(7), variant=np.int8(4),  # type: ignore[arg-type]
                posts=[Post(i(2), "small_blind", i(1)), Post(np.int16(3), "big_blind", np.uint32(2))])
    plain = Hand([100, 0, 100, 100], NoLimit(1, 2), button=1, seed=7,
                 posts=[Post(2, "small_blind", 1), Post(3, "big_blind", 2)])
    assert hand.history == plain.history
    for h in (hand, plain):
        h.act("raise", np.int64(6), seat=np.int64(0))
        h.act("call", np.int64(5))
        h.act("call")
    assert hand.history == plain.history
    assert all(type(c) is int for c in hand.contributions + hand.stacks)
    table = Table(np.array([100, 0]), NoLimit(1, 2), seed=np.int64(3), max_buy_in=np.int64(300),
                  min_buy_in=np.uint8(10), button=np.int64(0))
    table.add_chips(np.int64(1), np.int32(50))
    assert table.stacks == (100, 50) and all(type(c) is int for c in table.stacks)
    # stacks up to the showdown's MAX_CHIPS (2**63 - 1) play; beyond it they are refused up front,
    # never an OverflowError or a failure at the end of the hand
    top = 2**63 - 1
    big = Hand([top, top - 1], NoLimit(1, 2), seed=0)
    big.act("raise", top - 1)
    big.act("call")
    # each put in top - 1 (the shorter stack, all-in): the pot pays out exactly that twice
    assert big.is_over and sum(big.result.payouts) == 2 * (top - 1) and sum(big.stacks) == 2 * top - 1
    with pytest.raises(ChipError, match="more than"):
        Hand([2**70, 2**64], NoLimit(1, 2), seed=0)


def test_play_says_when_a_busted_seat_buys_in_again(capsys: pytest.CaptureFixture[str]) -> None:
    from omaha8.cli import main

    assert main(["play", "--players", "3", "--hands", "30", "--seed", "2", "--stack", "4", "--verbose"]) == 0
    out = capsys.readouterr().out
    said = out.count("busted and buys in again for 4")
    assert said > 0
    rebuys = [line for line in out.splitlines() if line.startswith("rebuys")]
    assert rebuys == [f"rebuys        {said} (busted seats that bought in again for 4)"]
    # seats are numbered from 0 in the histories
    assert "Seat 0 " in out and "Seat 3 " not in out
    assert "scoops        " in out and "(contested pots won whole by one seat at showdown" in out


def test_structure_has_a_docstring() -> None:
    assert Structure.__doc__ is not None and "FixedLimit, PotLimit or NoLimit" in Structure.__doc__


# ------------------------------------------------------------- histories from data


def good_history() -> dict[str, Any]:
    hand = Hand([40, 40, 40], NoLimit(1, 2), button=0, seed=4, posts=[Post(1, "small_blind", 1), Post(2, "big_blind", 2)])
    hand.act("raise", 6)
    hand.act("call")
    hand.act("fold")
    return hand.history.as_dict()


def spoiled(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(good_history())
    where: Any = data
    for key in path[:-1]:
        where = where[key]
    if value is KeyError:
        del where[path[-1]]
    else:
        where[path[-1]] = value
    return data


@pytest.mark.parametrize(
    "path, value, message",
    [
        (("variant",), 4.0, "variant must be 4 or 5, not 4.0"),
        (("variant",), KeyError, "the field 'variant' is missing"),
        (("stacks",), "40 40", "stacks must be a list, not str"),
        (("stacks", 1), True, r"stacks\[1\] = True is not a chip count"),
        (("stacks", 1), -3, r"stacks\[1\] = -3 is not a chip count"),
        (("button",), "0", "button must be a seat number, not '0'"),
        (("holes",), {"a": 1}, "holes must be a list"),
        (("holes", 0), 7, r"holes\[0\] must be cards as text, not 7"),
        (("holes", 0), "Zz Ad", r"holes\[0\]: 'Zz' is not a card"),
        (("board",), None, "board must be cards as text"),
        (("structure",), "no-limit", "structure must be a dict"),
        (("structure", "type"), "limit", "structure type must be one of fixed-limit, pot-limit, no-limit"),
        (("structure", "big_blind"), "2", "structure: NoLimit: big_blind must be a whole number of chips"),
        (("structure", "ante"), 1, "structure has an unknown field 'ante'"),
        (("structure", "small_blind"), KeyError, "structure: NoLimit needs small_blind and big_blind"),
        (("events",), None, "events must be a list"),
        (("events", 0), "fold", r"events\[0\] must be a dict"),
        (("events", 0, "kind"), KeyError, r"events\[0\] has no kind"),
        (("events", 0, "kind"), 3, r"events\[0\]\.kind must be str, not 3"),
        (("events", 0, "amount"), "1", r"events\[0\]\.amount must be int, not '1'"),
        (("events", 0, "amount"), True, r"events\[0\]\.amount must be int, not True"),
        (("events", 0, "all_in"), 1, r"events\[0\]\.all_in must be bool, not 1"),
        (("events", 0, "color"), "red", r"events\[0\] has an unknown field 'color'"),
        (("events", 2, "cards"), 5, r"events\[2\]\.cards must be str"),
        (("posts",), 5, "posts must be a list"),
        (("posts", 0), [1, "small_blind"], r"posts\[0\] must be \[seat, kind, amount\]"),
        (("posts", 0), [1, "small_blind", "1"], r"posts\[0\] must be \[seat, kind, amount\]"),
    ],
)
def test_history_from_junk_names_the_field(path: tuple[Any, ...], value: Any, message: str) -> None:
    with pytest.raises(ReplayError, match="not a hand history: " + message):
        HandHistory.from_dict(spoiled(path, value))


@pytest.mark.parametrize("junk", [None, 5, "history", [1, 2], b"x", {"variant"}])
def test_history_from_something_not_a_dict(junk: Any) -> None:
    with pytest.raises(ReplayError, match="not a hand history: a dict is needed"):
        HandHistory.from_dict(junk)


def test_a_history_of_bad_but_well_formed_values_fails_on_replay_with_our_error() -> None:
    data = spoiled(("button",), 9)
    with pytest.raises(GameError, match="button must be at most 2, got 9"):
        replay(HandHistory.from_dict(data))
    data = spoiled(("posts", 0, 1), "straddle")
    with pytest.raises(GameError, match=r"posts\[0\]\.kind must be one of"):
        replay(HandHistory.from_dict(data))
    assert replay(HandHistory.from_dict(good_history())).history.as_dict() == good_history()


def test_replay_of_something_not_a_history() -> None:
    with pytest.raises(ArgumentTypeError, match="replay needs a HandHistory, not dict"):
        replay(good_history())  # type: ignore[arg-type]


def test_random_rng_and_seed_agree() -> None:
    a = Hand([100, 100], NoLimit(1, 2), seed=11)
    b = Hand([100, 100], NoLimit(1, 2), rng=random.Random(11))
    assert a.holes == b.holes


@pytest.mark.parametrize(("game", "runs"), [
    ("omaha", 1), ("omaha", True), ("omaha", 1.0), ("omaha", np.int64(1)), ("omaha", 2), ("omaha", 0),
    ("courchevel", 1), ("holdem", 1),
])
def test_a_hand_without_a_variant_takes_check_games_answer(game: Any, runs: Any) -> None:
    # Hand answers the usual call (4-card Omaha run once) without calling check_game: the same answer, and
    # the same refusals (True and 1.0 equal 1 but are not a number of runs)
    from omaha8.game.arguments import check_game

    try:
        want = check_game(game, None, runs)
    except Omaha8Error as exc:
        with pytest.raises(type(exc), match=re.escape(str(exc))):
            Hand([100, 100, 100], NoLimit(1, 2), game=game, runs=runs, seed=1)
        return
    hand = Hand([100, 100, 100], NoLimit(1, 2), game=game, runs=runs, seed=1)
    assert (hand.game, hand.variant, hand.runs) == want
