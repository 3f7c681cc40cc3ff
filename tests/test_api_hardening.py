"""Regression tests for hostile input to the public API: wrong chips, builtin errors, silent coercions.

Each test names the defect it pins down. Worked chip counts carry their
arithmetic in a comment.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import omaha8
from omaha8 import (
    CardroomOddChips,
    card_id,
    describe_high,
    describe_low,
    equity,
    evaluate,
    evaluate_batch,
    evaluate_high_batch,
    evaluate_low_batch,
    format_card,
    format_cards,
    high_categories,
    high_category,
    max_players,
    parse_card,
    parse_cards,
    pot_shares,
    showdown,
    winners,
)
from omaha8._support._args import brief
from omaha8.cards import MAX_CARD_TEXT
from omaha8.odds._equity import MAX_SAMPLES
from omaha8.errors import (
    ArgumentError,
    ArgumentTypeError,
    CardError,
    CardTypeError,
    ChipError,
    Omaha8Error,
    ShapeError,
    ShowdownError,
)
from omaha8.pots._showdown import MAX_CHIPS
from omaha8.core._values import ValueRangeError

ROOT = Path(__file__).resolve().parent.parent
# seat 0: trip kings (Kh Ks + Kd) for the high, no low; seat 1: 7-4-3-2-A low (3c 4c + Ah 2h 7c);
# seat 2: a pair of tens and no low (8h 8s is one low rank), so it wins nothing
DEAL = (["Kh Ks 9c 9d", "3c 4c Jh Jd", "Tc Td 8h 8s"], "Ah 2h 7c Kd Qs")
# both seats hold the wheel for high (a five-high straight) and for low: the same winners both ways
TIE = ("Ah 2d 3c Kh Qs", ["4c 5c 9h 9d", "4d 5d Th Td"])
HUGE = [2**63, 2**64, 2**70, -(2**63) - 1, 10**30]


class Halves(CardroomOddChips):
    """An odd-chip policy whose split_halves answer is fixed by the test."""

    def __init__(self, answer: Any) -> None:
        self.answer = answer

    def split_halves(self, amount: int) -> Any:
        return self.answer


class Order(CardroomOddChips):
    """An odd-chip policy whose order answer is fixed by the test."""

    def __init__(self, answer: Any) -> None:
        self.answer = answer

    def order(self, winners: Any, button: int, n_seats: int) -> Any:
        return self.answer


class LyingInt(int):
    """An int whose sums are always 9: it once passed the conservation check with 100 chips."""

    def __add__(self, other: object) -> int:
        return 9

    __radd__ = __add__


# ---------------------------------------------------------------- odd-chip policies: wrong chips


def test_cardroom_split_of_the_test_deal() -> None:
    # 9 chips: 5 to the high (seat 0), 4 to the low (seat 1), the odd chip high
    assert showdown(*DEAL, contributions=[3, 3, 3]).payouts == (5, 4, 0)


@pytest.mark.parametrize("answer", [
    (np.uint64(2**64 - 1), np.uint64(10)),  # wraps to 9 in uint64: paid out 2**64 chips for 9
    (LyingInt(100), LyingInt(0)),  # "adds up" to 9 through its __add__: paid 100 for 9
    (4.5, 4.5),
    (5.0, 4.0),
    None,
    (5, 4, 0),
    (9,),
    (-1, 10),
    (10, -1),
    (np.True_, 8),
    "54",
    [5, "4"],
    (2**70, 9 - 2**70),
])
def test_split_halves_answers_that_are_not_chip_counts_are_refused(answer: Any) -> None:
    with pytest.raises(ChipError, match=r"odd_chips.split_halves\(9\) returned .* adding up to 9"):
        showdown(*DEAL, contributions=[3, 3, 3], odd_chips=Halves(answer))


@pytest.mark.parametrize("answer", [(np.int64(4), np.uint8(5)), [4, 5], (LyingInt(4), LyingInt(5))])
def test_split_halves_answers_become_plain_ints(answer: Any) -> None:
    # a cut of 4 high and 5 low: seat 0 takes 4, seat 1 takes 5; every payout is a plain int
    result = showdown(*DEAL, contributions=[3, 3, 3], odd_chips=Halves(answer))
    assert result.payouts == (4, 5, 0)
    assert result.pots[0].halves == (4, 5)
    assert all(type(chips) is int for chips in (*result.payouts, *result.pots[0].halves, *result.net))


def test_order_policy_decides_who_gets_the_odd_chip() -> None:
    # 67 chips between two seats with the same wheel both ways: 33 each and one odd chip;
    # the cardroom rule gives it to seat 1 (left of the button, seat 0), this policy to seat 0
    args = dict(contributions=[33, 33, 1], folded=[2])
    holes = [*TIE[1], None]
    assert showdown(holes, TIE[0], **args).payouts == (33, 34, 0)
    assert showdown(holes, TIE[0], odd_chips=Order([np.int64(0), np.uint8(1)]), **args).payouts == (34, 33, 0)


def _forever() -> Any:
    while True:
        yield 0


@pytest.mark.parametrize("answer", [[0.0, 1.0], [0, 0], [1], [0, 1, 2], None, 5, "01", [None, 1], [True, 0],
                                    _forever()])
def test_order_answers_that_are_not_an_order_of_the_winners_are_refused(answer: Any) -> None:
    holes = [*TIE[1], None]
    with pytest.raises(ShowdownError, match=r"odd_chips.order\(\[0, 1\]\) returned .* not an order of those seats"):
        showdown(holes, TIE[0], contributions=[33, 33, 1], folded=[2], odd_chips=Order(answer))


@pytest.mark.parametrize("policy", [object(), "cardroom", 5, CardroomOddChips, lambda amount: (amount, 0)])
def test_something_that_is_not_a_policy_is_refused(policy: Any) -> None:
    with pytest.raises(ArgumentTypeError, match="odd_chips must be an OddChipPolicy instance"):
        showdown(*DEAL, contributions=[3, 3, 3], odd_chips=policy)


chip_answers = st.one_of(
    st.integers(-3, 30), st.sampled_from([2**64 - 1, 2**63, np.uint64(2**64 - 1), np.uint8(255), LyingInt(100)]),
    st.floats(allow_nan=True), st.none(), st.booleans(),
)


@settings(max_examples=300, deadline=None)
@given(high=chip_answers, low=chip_answers, chips=st.lists(st.integers(0, 40), min_size=3, max_size=3))
def test_chips_are_conserved_whatever_the_policy_answers(high: Any, low: Any, chips: list[int]) -> None:
    try:
        result = showdown(*DEAL, contributions=chips, odd_chips=Halves((high, low)))
    except (ChipError, ShowdownError):
        return
    assert sum(result.payouts) == sum(chips)
    assert all(type(p) is int and p >= 0 for p in result.payouts)


# ---------------------------------------------------------------- huge integers


@pytest.mark.parametrize("big", HUGE)
def test_huge_card_ids_are_card_errors(big: int) -> None:
    board = [4, 5, 6, 7, 8]
    with pytest.raises(CardError, match="is not a card id"):
        parse_cards([big, 1])
    with pytest.raises(CardError, match="is not a card id"):
        evaluate([big, 1, 2, 3], board)
    with pytest.raises(CardError, match=r"holes\[0\]\[0\] = .* is not a card id"):
        showdown([[big, 1, 2, 3], [9, 10, 11, 12]], board)
    with pytest.raises(Omaha8Error):
        evaluate_batch([[big, 1, 2, 3]], board)
    with pytest.raises(CardError):
        format_card(big)
    with pytest.raises(CardError, match="no card has rank"):
        card_id(big, 0)


def test_largest_unsigned_array_values_are_card_errors() -> None:
    holes = np.array([[2**64 - 1, 1, 2, 3]], dtype=np.uint64)
    with pytest.raises(CardError, match=r"holes\[0, 0\] = 18446744073709551615 is not a card id"):
        evaluate_batch(holes, [4, 5, 6, 7, 8])


@pytest.mark.parametrize("big", HUGE)
def test_huge_samples_seeds_threads_chips_and_seats(big: int) -> None:
    hands = ["As Ad 2c 3d", "Ks Kd Qh Jh"]
    with pytest.raises(omaha8.EquityError, match="samples must be at"):
        equity(hands, samples=big, seed=1)
    if not 0 <= big < 2**64:  # seeds are 64-bit: 2**63 is a fine one
        with pytest.raises(omaha8.EquityError, match="seed must be in 0 .. 2\\*\\*64 - 1"):
            equity(hands, samples=10, seed=big)
    with pytest.raises(ArgumentError, match="n_threads must be at"):
        equity(hands, board="Ac Kc 4h 5s", n_threads=big)
    with pytest.raises(ArgumentError, match="n_threads must be at"):
        evaluate_batch([[51, 47, 0, 4]], [49, 45, 41, 8, 12], n_threads=big)
    with pytest.raises(ArgumentError, match="n_threads must be at"):
        pot_shares([["Kh Ks 9c 9d", "3c 4c Jh Jd"]], "Ah 2h 7c Kd 8s", n_threads=big)
    with pytest.raises(ChipError, match=r"contributions\[0\]"):
        showdown(*DEAL, contributions=[big, 1, 1])
    with pytest.raises(ShowdownError, match="button must be a seat number 0..2"):
        showdown(*DEAL, button=big)
    with pytest.raises(ValueRangeError):
        high_category(big)
    with pytest.raises(ValueRangeError):
        describe_low(big)
    with pytest.raises(ShapeError):
        max_players(big)


def test_samples_have_a_documented_upper_bound() -> None:
    assert MAX_SAMPLES == 2**40 and "MAX_SAMPLES" in (equity.__doc__ or "")
    with pytest.raises(omaha8.EquityError, match=f"samples must be at most {MAX_SAMPLES}, got {MAX_SAMPLES + 1}"):
        equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], samples=MAX_SAMPLES + 1)


def test_chips_up_to_the_bound_are_paid_exactly() -> None:
    # one pot of 2 * MAX_CHIPS + 1 (seat 2's folded chip is dead money), seat 0 high, seat 1 low:
    # the odd chip goes high, so MAX_CHIPS + 1 and MAX_CHIPS
    result = showdown(*DEAL, contributions=[MAX_CHIPS, MAX_CHIPS, 1], folded=[2])
    assert result.payouts == (MAX_CHIPS + 1, MAX_CHIPS, 0)
    with pytest.raises(ChipError, match="is more than 9223372036854775807 chips"):
        showdown(*DEAL, contributions=[MAX_CHIPS + 1, 1, 1])
    with pytest.raises(ChipError, match="is more than"):
        showdown(*DEAL, contributions=np.array([2**64 - 1, 1, 1], dtype=np.uint64))


def test_brief_quotes_integers_past_pythons_digit_limit() -> None:
    assert brief(2**20000) == "an int of 20,001 bits"
    with pytest.raises(ChipError, match="an int of 20,001 bits"):
        showdown(*DEAL, contributions=[2**20000, 1, 1])


# ---------------------------------------------------------------- builtin errors that leaked


def test_format_cards_sep_must_be_a_str() -> None:
    assert format_cards("AsKd", sep="-") == "As-Kd"
    with pytest.raises(ArgumentTypeError, match="sep must be a str, not int 5"):
        format_cards("As Kd", sep=5)  # type: ignore[arg-type]


@pytest.mark.parametrize("rank,suit", [(None, 0), (0, None), ("A", 0), (1.5, 0), (True, 0), (0, False),
                                       ([1], 0), (np.float64(2.0), 1)])
def test_card_id_refuses_what_is_not_an_int(rank: Any, suit: Any) -> None:
    with pytest.raises(CardTypeError, match="must be an int"):
        card_id(rank, suit)


def test_card_id_keeps_numpy_ints_and_returns_a_plain_int() -> None:
    # rank 12 (ace) * 4 + suit 3 (spades) = 51
    assert card_id(np.int64(12), np.uint8(3)) == 51 and type(card_id(np.int64(12), np.uint8(3))) is int
    with pytest.raises(CardError, match="no card has rank 13 and suit 0"):
        card_id(13, 0)


@pytest.mark.parametrize("folded", [[[1]], [{1}], [None], ["1"], [1.0], [True], np.array([[1]]), {0: 1}, "1", 5])
def test_folded_seats_that_are_not_seat_numbers(folded: Any) -> None:
    with pytest.raises(ShowdownError):
        showdown(*DEAL, folded=folded)


def test_folded_accepts_sets_iterators_and_numpy_ints() -> None:
    # seat 2 folded either way: the 3-chip default pot (1 chip from each live seat) is seats 0 and 1's
    for folded in ({2}, iter([2]), (np.int64(2),), np.array([2])):
        assert showdown(*DEAL, contributions=[3, 3, 3], folded=folded).payouts == (5, 4, 0)


@pytest.mark.parametrize("contributions", [np.array(5), np.array([[3, 3, 3]]), {0: 3, 1: 3, 2: 3}, {3, 4, 5},
                                           frozenset({3, 4, 5}), "333", 9, (c for c in [3, 3, 3])])
def test_contributions_must_be_a_sequence(contributions: Any) -> None:
    # a 0-d array used to raise numpy's TypeError; a dict or set was read in arbitrary order
    with pytest.raises(ChipError, match="contributions must be a sequence"):
        showdown(*DEAL, contributions=contributions)


@pytest.mark.parametrize("contributions", [[3, 3, 3.0], [3, None, 3], [3, True, 3], [3, "3", 3], [3, -1, 3]])
def test_contributions_entries_must_be_chip_counts(contributions: list[Any]) -> None:
    with pytest.raises(ChipError, match=r"contributions\[\d\]"):
        showdown(*DEAL, contributions=contributions)


def test_contributions_as_a_numpy_array() -> None:
    assert showdown(*DEAL, contributions=np.array([3, 3, 3], dtype=np.uint16)).payouts == (5, 4, 0)


@pytest.mark.parametrize("values", [[[1], [1, 2]], [1.5], [True], np.array([0]), np.array([7463]), "1", None])
def test_high_categories_refuses_what_is_not_high_values(values: Any) -> None:
    with pytest.raises(ValueRangeError):
        high_categories(values)


@pytest.mark.parametrize("value", [[1], {1}, 1.0, 0.0, True, False, "1", np.float64(3)])
def test_describe_refuses_unhashable_and_non_int_values(value: Any) -> None:
    # describe_high is cached: an unhashable value used to raise TypeError from the cache
    # and 0.0 or False are not "no low": only None and an integer 0 are
    with pytest.raises(ValueRangeError):
        describe_high(value)
    with pytest.raises(ValueRangeError):
        describe_low(value)
    assert describe_low(np.int8(0)) == describe_low(0) == describe_low(None) == "No low"


@pytest.mark.parametrize("size", [3, 6, 0, -4, 4.0, "4", None, True])
def test_max_players_needs_an_omaha_hole_size(size: Any) -> None:
    with pytest.raises(ShapeError, match="hole_size must be 4 or 5"):
        max_players(size)


# ---------------------------------------------------------------- silent coercions


@pytest.mark.parametrize("call", [
    lambda: parse_cards([True, 1, 2, 3]),
    lambda: parse_cards([np.True_, 1]),
    lambda: evaluate([True, 1, 2, 3], [4, 5, 6, 7, 8]),
    lambda: showdown([[True, 1, 2, 3], [9, 10, 11, 12]], [4, 5, 6, 7, 8]),
    lambda: evaluate_batch(np.array([[True, False, True, False]]), [4, 5, 6, 7, 8]),
    lambda: format_card(True),
    lambda: parse_cards([0, 1.0]),
    lambda: parse_cards(np.array([0.0, 1.0])),
])
def test_bools_and_floats_are_not_card_ids(call: Any) -> None:
    with pytest.raises(CardTypeError):
        call()


@pytest.mark.parametrize("cards", [{"As": 1, "Kd": 2}, {51, 45}, frozenset({51}), 51, None, 2.5])
def test_cards_as_a_dict_set_or_scalar_are_refused(cards: Any) -> None:
    with pytest.raises(CardTypeError, match="must be a string or a sequence of cards"):
        parse_cards(cards)


def test_equity_holes_as_a_dict_are_refused() -> None:
    with pytest.raises(CardTypeError, match="not a dict"):
        equity({"As Ad 2c 3d": 1, "Ks Kd Qh Jh": 2})  # type: ignore[arg-type]


BATCH = [
    (evaluate_batch, ([[51, 47, 0, 4]], [49, 45, 41, 8, 12])),
    (evaluate_high_batch, ([[51, 47, 0, 4]], [49, 45, 41, 8, 12])),
    (evaluate_low_batch, ([[51, 47, 0, 4]], [49, 45, 41, 8, 12])),
    (pot_shares, ([["Kh Ks 9c 9d", "3c 4c Jh Jd"]], "Ah 2h 7c Kd 8s")),
    (winners, ([["Kh Ks 9c 9d", "3c 4c Jh Jd"]], "Ah 2h 7c Kd 8s")),
]


@pytest.mark.parametrize("flag", [None, 0, 1, [], "", "yes", np.int64(1), 1.0])
@pytest.mark.parametrize("func,args", BATCH)
def test_validate_takes_only_true_or_false(func: Any, args: Any, flag: Any) -> None:
    # validate=None, 0 or [] used to turn validation off silently
    with pytest.raises(ArgumentTypeError, match="validate must be True or False"):
        func(*args, validate=flag)


@pytest.mark.parametrize("func,args", BATCH)
def test_validate_true_false_and_numpy_bools_work(func: Any, args: Any) -> None:
    first = func(*args, validate=True)
    for flag in (False, np.True_, np.False_):
        again = func(*args, validate=flag)
        for a, b in zip(first if isinstance(first, tuple) else (first,), again if isinstance(again, tuple) else (again,)):
            assert np.array_equal(a, b)


def test_equity_progress_takes_only_bools() -> None:
    with pytest.raises(ArgumentTypeError, match="progress must be True or False"):
        equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], board="Ac Kc 4h 5s", progress=1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="samples must be an int, not bool True"):
        equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], samples=True)  # type: ignore[arg-type]


# ---------------------------------------------------------------- messages quote the input briefly


@pytest.mark.parametrize("call", [
    lambda: parse_cards("As" * 5_000_000),  # 10 MB of card text
    lambda: parse_cards("Zz" * 5_000_000),
    lambda: parse_card("Zz" * 5_000_000),
    lambda: evaluate("x" * 10_000_000, "Ah Kh 7c 4d 2s"),
    lambda: equity(["As Ad 2c 3d", "Kd" * 5_000_000]),
    lambda: showdown(["Kh Ks 9c 9d", "Q" * 10_000_000], "Ah 2h 7c Kd Qs"),
    lambda: showdown(*DEAL, contributions=[1.5] * 1_000_000),
    lambda: showdown(*DEAL, folded=[[1]] * 1_000_000),
    lambda: showdown(*DEAL, contributions=[3, 3, 3], odd_chips=Halves(list(range(1_000_000)))),
    lambda: card_id(list(range(1_000_000)), 0),
    lambda: parse_cards([*range(52), 10**30]),
    lambda: evaluate(list(range(100_000)), "Ah Kh 7c 4d 2s"),
])
def test_error_messages_quote_at_most_a_few_hundred_characters(call: Any) -> None:
    # a 10 MB card string used to give a 10 MB message, after 12 s of parsing
    with pytest.raises(Omaha8Error) as info:
        call()
    assert len(str(info.value)) < 400, str(info.value)[:500]


def test_card_text_longer_than_the_limit_is_refused_before_parsing() -> None:
    text = "As " * (MAX_CARD_TEXT // 3 + 1)
    assert len(text) > MAX_CARD_TEXT
    with pytest.raises(CardError, match="is too long"):
        parse_cards(text)


# ---------------------------------------------------------------- documents


def _sections() -> set[str]:
    """Section numbers of docs/rules.md: '4', '4.5', '6.10', ..."""
    numbers: set[str] = set()
    chapter = ""
    for line in (ROOT / "docs" / "rules.md").read_text(encoding="utf-8").splitlines():
        heading = re.match(r"## (\d+)\.", line)
        if heading:
            chapter = heading.group(1)
            numbers.add(chapter)
            continue
        item = re.match(r"(\d+)\. ", line)
        if item and chapter:
            numbers.add(f"{chapter}.{item.group(1)}")
    return numbers


def _project_texts() -> list[Path]:
    paths = [ROOT / "README.md", *(ROOT / "src").rglob("*.py"), *(ROOT / "src").rglob("*.pyx"),
             *(ROOT / "tests").rglob("*.py")]
    return [p for p in paths if p.is_file()]


def test_rules_document_is_in_the_repository_and_cited_by_its_path() -> None:
    stale = [str(p.relative_to(ROOT)) for p in _project_texts()
             if re.search(r"(?<!docs/)\bRULES\.md", p.read_text(encoding="utf-8"))
             and p.name != Path(__file__).name]
    assert stale == []


def test_every_cited_section_of_the_rules_exists() -> None:
    sections = _sections()
    assert {"4.1", "4.4", "4.5", "4.8", "5", "6.4"} <= sections
    cited: dict[str, str] = {}
    for path in _project_texts():
        for match in re.finditer(r"docs/rules\.md`{0,2}\s*§\s*([\d.]+)(?:\s*[-–]\s*§?\s*([\d.]+))?",
                                 path.read_text(encoding="utf-8")):
            for number in match.groups():
                if number:
                    cited[number.rstrip(".")] = str(path.relative_to(ROOT))
    assert cited, "no citations found: the pattern is wrong"
    missing = {number: where for number, where in cited.items() if number not in sections}
    assert missing == {}


def test_rules_document_covers_what_it_must() -> None:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for topic in ("exactly 2 of", "8 or lower", "Same winners both ways", "Odd chips", "Side pots", "Uncalled bet",
                  "Order of showing", "Fixed limit", "Pot limit", "No limit", "Half-bet rule", "Robert's Rules",
                  "TDA", "(cardroom rule)", "(omaha8's choice"):
        assert topic in text, topic


def test_evaluate_batch_documents_what_it_raises() -> None:
    doc = evaluate_batch.__doc__ or ""
    assert "Raises\n    ------" in doc
    raises = doc.split("Raises\n    ------", 1)[1].split("Examples", 1)[0]
    for error in ("CardTypeError", "CardError", "DuplicateCardError", "ShapeError", "ArgumentTypeError"):
        assert error in raises
