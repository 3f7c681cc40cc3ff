"""Tests of omaha8.showdown: hand-checked cases, rules, errors and properties."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from omaha8.cards import parse_cards
from omaha8.errors import CardError, ChipError, DuplicateCardError, ShapeError, ShowdownError
from omaha8.core._evaluate import evaluate
from omaha8.pots._showdown import CardroomOddChips, OddChipPolicy, PotSplit, ShowdownResult, showdown

CASES = json.loads((Path(__file__).parents[1] / "data" / "showdown_cases.json").read_text())["cases"]
B1 = "Ah 2h 7c Kd Qs"


def settle(case: dict) -> ShowdownResult:
    return showdown(
        case["holes"],
        case["board"],
        contributions=case.get("contributions"),
        folded=case.get("folded"),
        button=case.get("button", 0),
        last_aggressor=case.get("last_aggressor"),
    )


def check_invariants(result: ShowdownResult, chips: Sequence[int], live: set[int]) -> None:
    """What every settlement must satisfy, whatever the cards."""
    n = len(chips)
    assert sum(result.payouts) == sum(chips)
    assert result.net == tuple(p - c for p, c in zip(result.payouts, chips))
    assert sum(result.net) == 0
    assert len(result.payouts) == len(result.uncalled) == len(result.hands) == n
    won = [0] * n
    for pot in result.pots:
        assert pot.amount > 0
        assert len(pot.awards) == n and sum(pot.awards) == pot.amount
        assert set(pot.eligible) <= live and pot.eligible == tuple(sorted(pot.eligible))
        assert set(pot.high_winners) <= set(pot.eligible)
        assert pot.low_winners is None or set(pot.low_winners) <= set(pot.eligible)
        for seat, chips_won in enumerate(pot.awards):
            assert chips_won >= 0
            if chips_won:
                assert seat in pot.eligible, f"seat {seat} won from a pot it is not eligible for"
            won[seat] += chips_won
        if pot.halves is not None:
            assert sum(pot.halves) == pot.amount and pot.halves[0] - pot.halves[1] in (0, 1)
    assert tuple(w + u for w, u in zip(won, result.uncalled)) == result.payouts
    # only the unique top contributor can get chips back, and only its excess
    top = max(chips)
    for seat, back in enumerate(result.uncalled):
        if back:
            assert chips[seat] == top and back == top - max(c for s, c in enumerate(chips) if s != seat)
    for seat in range(n):
        if seat not in live:
            assert won[seat] == 0
    # pots are nested: later pots are open to fewer seats
    for lower, upper in zip(result.pots, result.pots[1:]):
        assert set(upper.eligible) < set(lower.eligible)


# ---------------------------------------------------------------- the hand-checked table


def test_the_table_covers_every_rule() -> None:
    splits = {pot["split"] for case in CASES for pot in case["pots"]}
    assert splits == {"halves", "high only", "same winners", "uncontested"}
    assert len(CASES) >= 30
    assert len({case["id"] for case in CASES}) == len(CASES)
    assert any(isinstance(h, str) and len(h.split()) == 5 for case in CASES for h in case["holes"])
    assert any(any(case.get("uncalled", [0])) for case in CASES)
    assert any(len(case["pots"]) == 3 for case in CASES)


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_hand_checked_case(case: dict) -> None:
    result = settle(case)
    n = len(case["holes"])
    assert list(result.payouts) == case["payouts"]
    assert list(result.uncalled) == case.get("uncalled", [0] * n)
    assert list(result.show_order) == case["show_order"]
    assert list(result.scoops) == case["scoops"]
    got = [
        {
            "amount": pot.amount,
            "eligible": list(pot.eligible),
            "split": pot.split.value,
            "high": list(pot.high_winners),
            "low": None if pot.low_winners is None else list(pot.low_winners),
            "halves": None if pot.halves is None else list(pot.halves),
            "awards": list(pot.awards),
            "odd_chips": list(pot.odd_chips),
        }
        for pot in result.pots
    ]
    assert got == case["pots"]
    folded = set(case.get("folded") or ())
    live = {seat for seat, hole in enumerate(case["holes"]) if hole is not None and seat not in folded}
    check_invariants(result, result.contributions, live)


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_case_hands_are_the_core_evaluations(case: dict) -> None:
    result = settle(case)
    folded = set(case.get("folded") or ())
    for seat, hole in enumerate(case["holes"]):
        hand = result.hands[seat]
        if hole is None or seat in folded or case["board"] is None or len(case["board"].split()) < 5:
            assert hand is None
        else:
            assert hand == evaluate(hole, case["board"])


def test_hands_named_in_the_table() -> None:
    """The hand descriptions the table's explanations rely on."""
    assert evaluate("Kh Ks 9c 9d", B1).high_description == "Three of a kind, kings"
    assert evaluate("Kh Ks 9c 9d", B1).low is None
    assert evaluate("3c 4c 5d 6d", B1).low_description == "7-4-3-2-A low"
    assert evaluate("3d 5d Jh Jc", B1).low_description == "7-5-3-2-A low"
    assert evaluate("Qc Qh 5d 6d", B1).low_description == "7-6-5-2-A low"
    assert evaluate("Jh Th 9c 9d", B1).high_description == "Straight, ace high"
    assert evaluate("Jh Jd 6c 6s", B1).high_description == "One pair, jacks"
    wheel = evaluate("4c 5c 9h 9d", "Ah 2d 3c Kh Qs")
    assert (wheel.high_description, wheel.low_description) == ("Straight, five high", "5-4-3-2-A low")
    assert evaluate("As Ah 4c 4d", "Ks Jd 9h 6c 2d").low is None
    assert evaluate("Qs Tc 3h 4h", "Ks Jd 9h 6c 2d").high_description == "Straight, king high"


# ---------------------------------------------------------------- rules, one at a time


def test_same_winners_split_evenly_not_half_by_half() -> None:
    r = showdown(["4c 5c 9h 9d", "4d 5d Th Td"], "Ah 2d 3c Kh Qs", contributions=[33, 33])
    assert r.payouts == (33, 33)
    # the half-by-half split a different rule would give: 17 + 17 and 16 + 16
    assert r.payouts != (34, 32)
    assert r.pots[0].split is PotSplit.SAME_WINNERS and r.pots[0].halves is None


def test_quartered_seat_gets_a_quarter() -> None:
    r = showdown(["Kh Ks 3c 4c", "3d 4d Jh Jc", "Qc Qh 9c 9d"], B1, contributions=[400, 400, 400])
    assert r.payouts == (900, 300, 0)


def test_show_order_wraps_from_the_last_aggressor() -> None:
    holes = ["Kh Ks 9c 9d", "Jh Jd 6c 6s", "3c 4c 5d 6d", "Qc Qh 8c 8d"]
    assert showdown(holes, B1, last_aggressor=2).show_order == (2, 3, 0, 1)
    assert showdown(holes, B1, button=3).show_order == (0, 1, 2, 3)
    assert showdown(holes, B1, button=2).show_order == (3, 0, 1, 2)
    # an all-in seat still shows
    assert showdown(holes, B1, contributions=[9, 9, 3, 9], button=1).show_order == (2, 3, 0, 1)


def test_everyone_folds_board_absent_or_partial() -> None:
    for board in (None, "", "Ah 2h 7c", "Ah 2h 7c Kd", B1):
        r = showdown([None, "Kh Ks 9c 9d", None], board, contributions=[5, 20, 20], folded=[0, 2])
        assert r.payouts == (0, 45, 0) and r.show_order == () and r.scoops == ()
        assert (r.hands[1] is not None) == (board == B1)
    # holes given for the folded seats, and the winner's cards unknown
    r = showdown(["3c 4c 5d 6d", [], "Qc Qh 8c 8d"], "Ah 2h 7c", contributions=[5, 20, 20], folded=[0, 2])
    assert r.payouts == (0, 45, 0)


def test_folded_cards_are_checked_but_win_nothing() -> None:
    # seat 2 would win both ways but folded
    r = showdown(["Jh Jd 6c 6s", "Qc Qh 9c 9d", "Kh Ks 3c 4c"], B1, contributions=[10, 10, 10], folded=[2])
    assert r.payouts == (0, 30, 0)
    assert r.hands[2] is None
    with pytest.raises(DuplicateCardError, match=r"'Qc' appears twice: holes\[1\]\[0\] and holes\[2\]\[0\]"):
        showdown(["Jh Jd 6c 6s", "Qc Qh 9c 9d", "Qc 8s 3c 4c"], B1, folded=[2])


def test_card_forms() -> None:
    ids = [list(parse_cards(h)) for h in ("Kh Ks 9c 9d", "3c 4c 5d 6d")]
    by_text = showdown(["Kh Ks 9c 9d", "3c 4c 5d 6d"], B1, contributions=[7, 7])
    by_ids = showdown([[int(c) for c in h] for h in ids], [int(c) for c in parse_cards(B1)], contributions=[7, 7])
    by_array = showdown(np.array(ids, dtype=np.int64), parse_cards(B1), contributions=np.array([7, 7]))
    by_lists = showdown([h.split() for h in ("Kh Ks 9c 9d", "3c 4c 5d 6d")], B1.split(), contributions=[7, 7])
    assert by_text == by_ids == by_array == by_lists
    assert by_text.payouts == (7, 7)


def test_result_is_frozen() -> None:
    r = showdown(["Kh Ks 9c 9d", "3c 4c 5d 6d"], B1)
    with pytest.raises(AttributeError):
        r.payouts = (0, 0)  # type: ignore[misc]
    with pytest.raises(AttributeError):
        r.pots[0].amount = 0  # type: ignore[misc]


# ---------------------------------------------------------------- odd-chip policies


class LowHalfGetsOddChip(CardroomOddChips):
    def split_halves(self, amount: int) -> tuple[int, int]:
        return amount // 2, amount - amount // 2


class ButtonFirst(CardroomOddChips):
    def order(self, winners: Sequence[int], button: int, n_seats: int) -> Sequence[int]:
        return sorted(winners, key=lambda seat: (seat - button) % n_seats)


def test_default_policy_is_the_cardroom_rule() -> None:
    rule = CardroomOddChips()
    assert isinstance(rule, OddChipPolicy)
    assert rule.split_halves(21) == (11, 10) and rule.split_halves(20) == (10, 10)
    assert rule.order([0, 1, 2, 3], button=1, n_seats=4) == (2, 3, 0, 1)
    assert rule.order([5, 0], button=5, n_seats=6) == (0, 5)


def test_replacing_the_policy() -> None:
    holes = ["Kh Ks 9c 9d", "3c 4c 5d 6d", None]
    odd = dict(contributions=[10, 10, 1], folded=[2])
    assert showdown(holes, B1, **odd).payouts == (11, 10, 0)
    assert showdown(holes, B1, **odd, odd_chips=LowHalfGetsOddChip()).payouts == (10, 11, 0)
    tie = (["As Ah 4c 4d", "Ac Ad 5c 5d", "Qs Qh 3c 3d"], "Ks Jd 9h 6c 2d")
    assert showdown(*tie, contributions=[5, 5, 5]).payouts == (7, 8, 0)
    assert showdown(*tie, contributions=[5, 5, 5], odd_chips=ButtonFirst()).payouts == (8, 7, 0)


def test_a_policy_that_loses_chips_is_refused() -> None:
    class Greedy(CardroomOddChips):
        def split_halves(self, amount: int) -> tuple[int, int]:
            return amount, 1

    class Forgetful(CardroomOddChips):
        def order(self, winners: Sequence[int], button: int, n_seats: int) -> Sequence[int]:
            return list(winners)[:1]

    with pytest.raises(ChipError, match=r"split_halves\(20\) returned \(20, 1\)"):
        showdown(["Kh Ks 9c 9d", "3c 4c 5d 6d"], B1, contributions=[10, 10], odd_chips=Greedy())
    # the order is asked for only when a chip is left over: 3 chips (one dead) between two tied seats
    assert showdown(["As Ah 4c 4d", "Ac Ad 5c 5d"], "Ks Jd 9h 6c 2d", odd_chips=Forgetful()).payouts == (1, 1)
    with pytest.raises(ShowdownError, match="not an order of those seats"):
        showdown(["As Ah 4c 4d", "Ac Ad 5c 5d", None], "Ks Jd 9h 6c 2d", contributions=[1, 1, 1],
                 odd_chips=Forgetful())


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        (dict(holes=["Kh Ks 9c", "3c 4c 5d 6d"]), ShapeError, r"holes\[0\] has 3 cards; a hole has 4 or 5"),
        (dict(holes=["Kh Ks 9c 9d Tc", "3c 4c 5d 6d"]), ShapeError, r"holes\[1\] has 4 cards but holes\[0\] has 5"),
        (dict(board="Ah 2h 7c Kd"), ShapeError, "board has 4 cards; a showdown needs 5"),
        (dict(board=None), ShapeError, "board has 0 cards"),
        (dict(board="Ah 2h 7c Kd 3c"), DuplicateCardError, r"'3c' appears twice: board\[4\] and holes\[1\]\[0\]"),
        (dict(holes=["Kh Ks 9c 9d", "3c 4c 5d 9d"]), DuplicateCardError, r"holes\[0\]\[3\] and holes\[1\]\[3\]"),
        (dict(holes=["Kh Ks 9c 9x", "3c 4c 5d 6d"]), CardError, "'9x' is not a card"),
        (dict(contributions=[10, -5]), ChipError, r"contributions\[1\] = -5 is negative"),
        (dict(contributions=[10, 2.5]), ChipError, r"contributions\[1\] = 2.5 is not a whole number"),
        (dict(contributions=[10, True]), ChipError, r"contributions\[1\] = True is not a whole number"),
        (dict(contributions=[10, 10, 10]), ShapeError, "contributions has 3 entries but holes has 2 seats"),
        (dict(contributions=[0, 0]), ChipError, "contributions are all zero"),
        (dict(contributions=10), ChipError, "contributions must be a sequence"),
        (dict(folded=[0, 1]), ShowdownError, "every seat folded"),
        (dict(folded=[2]), ShowdownError, r"folded seat 2 must be a seat number 0..1"),
        (dict(folded=3), ShowdownError, "folded must be an iterable"),
        (dict(button=2), ShowdownError, "button must be a seat number 0..1, not 2"),
        (dict(button=-1), ShowdownError, "button must be a seat number"),
        (dict(button=1.0), ShowdownError, "button must be a seat number"),
        (dict(last_aggressor=5), ShowdownError, "last_aggressor must be a seat number 0..1, not 5"),
        (dict(contributions=[10, 0], folded=[0]), ShowdownError, r"no live seat put chips in \(live seats \[1\]\)"),
        (dict(folded=[1], last_aggressor=1), ShowdownError, "last_aggressor 1 is not a live seat with chips in"),
        (dict(holes=[]), ShowdownError, "holes is empty"),
        (dict(holes="Kh Ks 9c 9d"), ShapeError, "holes must be a sequence"),
        (dict(holes=[None, None]), ShowdownError, "every seat folded"),
    ],
)
def test_bad_input_is_refused(kwargs: dict, error: type[Exception], match: str) -> None:
    args = dict(board=B1, holes=["Kh Ks 9c 9d", "3c 4c 5d 6d"]) | kwargs
    board, holes = args.pop("board"), args.pop("holes")
    with pytest.raises(error, match=match):
        showdown(holes, board, **args)


def test_uncontested_hands_still_need_real_distinct_cards() -> None:
    with pytest.raises(ShapeError, match="board has 6 cards; it must have at most 5"):
        showdown(["Kh Ks 9c 9d", None], "Ah 2h 7c Kd Qs 3s", folded=[1])
    with pytest.raises(DuplicateCardError, match=r"'Ah' appears twice: board\[0\] and holes\[0\]\[0\]"):
        showdown(["Ah Ks 9c 9d", None], "Ah 2h 7c", folded=[1])
    with pytest.raises(ShapeError, match=r"holes\[0\] has 6 cards; a hole has at most 5"):
        showdown(["Kh Ks 9c 9d Tc Td", None], None, folded=[1])


# ---------------------------------------------------------------- properties


@st.composite
def hands(draw: st.DrawFn) -> dict:
    """A random table: seats, cards, contributions, folds, button."""
    n_hole = draw(st.sampled_from([4, 5]))
    n_seats = draw(st.integers(2, 9))
    deck = draw(st.permutations(range(52)))
    board = deck[:5]
    holes: list[list[int] | None] = [deck[5 + n_hole * s: 5 + n_hole * (s + 1)] for s in range(n_seats)]
    folded = draw(st.sets(st.integers(0, n_seats - 1), max_size=n_seats - 1))
    empty = draw(st.sets(st.integers(0, n_seats - 1), max_size=n_seats - 1))
    for seat in empty:
        holes[seat] = None
    live = {s for s in range(n_seats) if holes[s] is not None and s not in folded}
    assume(live)
    # few distinct levels so side pots and ties between contributions are common
    levels = draw(st.lists(st.integers(0, 60), min_size=1, max_size=4))
    chips = [draw(st.sampled_from(levels)) for _ in range(n_seats)]
    for seat in empty:
        if draw(st.booleans()):
            chips[seat] = 0
    assume(any(chips[s] > 0 for s in live))
    button = draw(st.integers(0, n_seats - 1))
    return dict(board=board, holes=holes, contributions=chips, folded=sorted(folded), button=button, live=live)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_chips_are_conserved_and_only_eligible_seats_win(table: dict) -> None:
    live = table.pop("live")
    result = showdown(**table)
    check_invariants(result, table["contributions"], live)
    chips = table["contributions"]
    for pot in result.pots:
        for seat in pot.eligible:
            assert chips[seat] > 0


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(), st.data())
def test_seating_rotation_rotates_the_payouts(table: dict, data: st.DataObject) -> None:
    """Moving everyone (and the button) r seats round the table moves the payouts with them."""
    table.pop("live")
    n = len(table["holes"])
    r = data.draw(st.integers(1, n - 1))

    def move(seq: list) -> list:
        return [seq[(s - r) % n] for s in range(n)]

    before = showdown(**table)
    after = showdown(
        move(table["holes"]), table["board"], contributions=move(table["contributions"]),
        folded=[(s + r) % n for s in table["folded"]], button=(table["button"] + r) % n,
    )
    assert list(after.payouts) == move(list(before.payouts))
    assert list(after.show_order) == [(s + r) % n for s in before.show_order]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(), st.permutations(range(4)))
def test_suits_do_not_matter(table: dict, suits: list[int]) -> None:
    table.pop("live")

    def recolour(cards: list[int] | None) -> list[int] | None:
        return None if cards is None else [c - c % 4 + suits[c % 4] for c in cards]

    before = showdown(**table)
    after = showdown(**(table | dict(board=recolour(table["board"]), holes=[recolour(h) for h in table["holes"]])))
    assert after.payouts == before.payouts and after.pots == before.pots


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_a_seat_that_wins_both_ways_alone_takes_what_it_covers(table: dict) -> None:
    """The best high that is also the best (or only) low wins min(its chips, theirs) from every seat."""
    live = table.pop("live")
    result = showdown(**table)
    chips = table["contributions"]
    showing = [s for s in live if chips[s] > 0]
    if len(showing) < 2:
        return
    board = table["board"]
    values = {s: evaluate(table["holes"][s], board) for s in showing}
    best = max(showing, key=lambda s: values[s].high)
    highs = [values[s].high for s in showing]
    lows = [values[s].low or 0 for s in showing]
    if highs.count(values[best].high) != 1:
        return
    if max(lows) and (lows.count(max(lows)) != 1 or (values[best].low or 0) != max(lows)):
        return
    # it wins every pot it is eligible for whole: each seat's chips up to its own level
    in_pots = [c - u for c, u in zip(chips, result.uncalled)]
    covered = sum(min(c, in_pots[best]) for c in in_pots)
    assert result.payouts[best] - result.uncalled[best] >= covered
    for pot in result.pots:
        if best in pot.eligible:
            assert pot.awards[best] == pot.amount
