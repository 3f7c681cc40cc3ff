"""Ranges: hand-checked counts for every construct, syntax errors with their columns, the Range API."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

import omaha8
from omaha8 import EmptyRangeError, Range, RangeSyntaxError
from omaha8.cards import parse_cards
from omaha8.errors import ArgumentError, ArgumentTypeError, DuplicateCardError, Omaha8Error, ShapeError
from omaha8.ranges.syntax import MAX_DEPTH, MAX_TEXT, Percent, parse
from omaha8.ranges.universe import all_hands

ALL4 = comb(52, 4)  # 270,725
RAINBOW4 = 13**4  # one card of each suit: 28,561
NO_PAIR4 = comb(13, 4) * 4**4  # four ranks, any suits: 715 * 256 = 183,040

# (text, 4-card count, the arithmetic)
COUNTS4 = [
    ("AA", 6 * 1128 + 4 * 48 + 1),  # C(4,2)C(48,2) + C(4,3)48 + 1 = 6,961
    ("AA!AAA", 6 * 1128),  # exactly two aces: C(4,2)C(48,2) = 6,768
    ("*", ALL4),
    ("****", ALL4),
    ("AsKhJd2c", 1),
    ("2cJdKhAs", 1),  # card order does not matter
    ("As Kh Jd 2c", 1),  # spaces between cards are ignored
    ("As", comb(51, 3)),  # 20,825
    ("AxAyxy", 6 * 12 * 12),  # a suit pair {x, y}: C(4,2) = 6; a second x card and a second y card: 12 * 12 = 864
    ("sshh", comb(13, 2) ** 2),  # 78 * 78 = 6,084
    ("wxy", ALL4 - 4 * 715 - 6 * (comb(26, 4) - 2 * 715)),  # minus one-suit (2,860) and two-suit (81,120) hands
    ("wxyz", RAINBOW4),
    ("RR", ALL4 - NO_PAIR4),  # at least one pair: 87,685
    ("RRON", 13 * 6 * comb(12, 2) * 16),  # pair rank, its suits, two other ranks, their suits: 82,368
    ("RONP", NO_PAIR4),
    ("RxRyOxOy", comb(13, 2) * 6),  # two pair ranks, a suit pair: 468
    ("AARR", 6 * 12 * 6),  # aces' suits, another rank, its suits: 432 (R is never A)
    ("ssxx", 78 * 3 * 78),  # two spades, another suit, two of it: 18,252 (x is never s)
    ("KK-TT", 4 * 6961 - 6 * 36),  # four "at least a pair" sets minus C(4,2) two-pair overlaps of 36: 27,628
    ("TT+", 5 * 6961 - 10 * 36),  # TT..AA: 34,445
    ("KK-", 12 * 6961 - comb(12, 2) * 36),  # KK..22: 83,532 - 2,376 = 81,156
    ("A2-A5", ALL4 - comb(48, 4) - comb(36, 4) + comb(32, 4)),  # an ace and a 2-5: 53,200
    ("A5-", ALL4 - comb(48, 4) - comb(36, 4) + comb(32, 4)),  # the same hands as A5, A4, A3, A2
    ("A2+", ALL4 - comb(48, 4) - 1),  # an ace and a non-ace card: hands with an ace, less AAAA
    # KT+ is KT, AJ (the ranks move together): |KT| = |AJ| = N - 2C(48,4) + C(44,4) = 17,316, both 4**4
    ("KT+", 2 * (ALL4 - 2 * comb(48, 4) + comb(44, 4)) - 4**4),
    ("8765+", 7 * 4**4),  # 8765, 9876, ..., AKQJ: seven rundowns, one of each rank, 256 hands each
    ("[A,K]s", ALL4 - comb(50, 4)),  # As or Ks: 40,425
    ("A[s,h]", ALL4 - comb(50, 4)),  # As or Ah
    ("[As,Kh]", ALL4 - comb(50, 4)),
    ("[K-T]", ALL4 - comb(36, 4)),  # at least one of K, Q, J, T: 211,820
    ("[KK-TT][55-33]", 4 * 3 * 36),  # a pair from K-T and a pair from 5-3: 432
    ("JT98-5432", 7 * 4**4),  # seven rundowns JT98..5432, disjoint, 4^4 suits each: 1,792
    ("$ds", 6 * 78 * 78),  # two suits, two ranks each: 36,504
    ("$ss", 4 * 3 * 78 * 13 * 13),  # paired suit, two single suits: 158,184
    ("$rb", RAINBOW4),
    ("$np", NO_PAIR4),
    ("$s", ALL4 - RAINBOW4),  # 242,164
    ("$o", ALL4 - 4 * 715),  # at least two suits: 267,865
    ("AA23$ds", 6 * 2),  # aces' suits C(4,2); the 2 and the 3 take one suit each, two ways: 12
    ("!AA", ALL4 - 6961),
    ("*!AA", ALL4 - 6961),
    ("AA:xxyy, JJ!JJJ, KK", 864 + 6768 + 6961 - 6 - 6 - 36),  # pairwise overlaps AAJJ (6), AAKK (6), JJKK (36)
    ("AA,KK:xxyy", 6961 + 6 * 12 * 12 - 6),  # ':' binds tighter than ',': AA or double-suited kings
    ("(AA,KK):xxyy", 2 * 864 - 6),  # double-suited aces or kings, AxAyKxKy in both (6)
    ("AA!AAA!AsAh", 6768 - 1128),  # then without As Ah together: C(48,2) = 1,128 fewer
    ("AA:As!AAA", 3 * 1128),  # As, exactly one more ace: 3 * C(48,2) = 3,384
]


def count(text: str, cards: int = 4) -> int:
    return len(Range(text, cards))


@pytest.mark.parametrize(("text", "expected"), COUNTS4)
def test_four_card_counts(text: str, expected: int) -> None:
    assert count(text) == expected


def test_list_of_pairs() -> None:
    # "[KK,QQ]5" is KK5 or QQ5. KK5: k >= 2 kings and f >= 1 fives, the rest from the 44 other cards:
    # C(4,2)C(4,1)C(44,1) + C(4,2)C(4,2) + C(4,3)C(4,1) = 1,056 + 36 + 16 = 1,108
    kk5 = sum(comb(4, k) * comb(4, f) * comb(44, 4 - k - f) for k in (2, 3, 4) for f in (1, 2) if k + f <= 4)
    assert kk5 == 1108
    # KK5 and QQ5 together would take five cards, so the two sets are disjoint
    assert count("[KK,QQ]5") == 2 * kk5


RANKS_UP = "23456789TJQKA"


def test_trailing_spans_are_their_expansions() -> None:
    assert count("A2+") == count("A2,A3,A4,A5,A6,A7,A8,A9,AT,AJ,AQ,AK")
    # an ace and any other rank: all hands with an ace, minus those whose other cards are aces only (AAAA 1)
    assert count("A2+") == (ALL4 - comb(48, 4)) - 1
    assert count("KT+") == count("KT,AJ")
    assert count("8765+") == count("8765,9876,T987,JT98,QJT9,KQJT,AKQJ")
    assert count("JT98-") == count("JT98-5432")
    assert count("A23+") == count(",".join("A" + RANKS_UP[i] + RANKS_UP[i + 1] for i in range(11)))
    assert count("A5-") == count("A5,A4,A3,A2")
    assert count("33-") == count("33,22") == 2 * 6961 - 36
    assert count("KQ-") == count("KQ,QJ,JT,T9,98,87,76,65,54,43,32")
    assert count("JT98-5432") == count("JT98,T987,9876,8765,7654,6543,5432")
    assert [p.text for p in parse("AxKx-AxTx").alternatives] == ["AxKx", "AxQx", "AxJx", "AxTx"]


def test_five_card_counts() -> None:
    # C(4,2)C(48,3) + C(4,3)C(48,2) + C(4,4)48 = 103,776 + 4,512 + 48
    assert count("AA", 5) == 108_336
    assert count("AA!AAA", 5) == 6 * comb(48, 3)
    assert count("*", 5) == comb(52, 5)
    assert count("$ds", 5) == 6 * 2 * 78 * 78 * 13  # two paired suits, the single from the other two: 949,104
    assert count("$np", 5) == comb(13, 5) * 4**5  # 1,317,888
    assert count("wxyz", 5) == 4 * 78 * 13**3  # suit counts 2-1-1-1: 685,464
    assert count("RONPQ", 5) == comb(12, 4) * 4**5  # Q is the queen: four other ranks and a queen, 506,880
    assert count("RONPB", 5) == comb(13, 5) * 4**5  # five rank variables: 1,317,888
    with pytest.raises(EmptyRangeError):
        Range("$rb", 5)  # five cards cannot all differ in suit


def test_five_card_double_suited_aces_with_a_deuce_and_trey() -> None:
    # AA23$ds over five cards has several suit layouts; count it independently, straight from the definition
    hands = all_hands(5)
    ranks, suits = hands >> 2, hands & 3
    has = lambda r, n: (ranks == r).sum(axis=1) >= n  # noqa: E731
    suit_counts = np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1)
    ds = ((suit_counts == 2).sum(axis=1) == 2) & (suit_counts.max(axis=1) == 2)
    expected = int((has(12, 2) & has(0, 1) & has(1, 1) & ds).sum())
    assert count("AA23$ds", 5) == expected


def test_weights() -> None:
    r = Range("AA@50, KK@20")
    combos, weights = r.combos()
    assert r.weighted and len(r) == 2 * 6961 - 36
    values, counts = np.unique(weights, return_counts=True)
    # the 36 AAKK hands are in both and take the larger weight
    assert values.tolist() == [20.0, 50.0] and counts.tolist() == [6961 - 36, 6961]
    assert not Range("AA").weighted and set(Range("AA").combos()[1].tolist()) == {1.0}
    # '@' binds after ':' and '!', and weights may follow a parenthesis
    # double-suited aces (864), KK or QQ (2 * 6,961 - 36), less AxAyKxKy and AxAyQxQy (6 each)
    assert len(Range("AA:xxyy@10, (KK,QQ)@5")) == 864 + (2 * 6961 - 36) - 12
    heavy = Range("(AA,KK)@100, QQ@1")
    assert sorted(set(heavy.combos()[1].tolist())) == [1.0, 100.0]
    # the left side of ':' keeps its weights; the right side is a filter
    assert set(Range("(AA@30, KK@60):$ds").combos()[1].tolist()) == {30.0, 60.0}


def test_stable_order_and_combos() -> None:
    r = Range("KK-TT")
    combos, weights = r.combos()
    assert combos.dtype == np.uint8 and combos.shape == (27_628, 4) and weights.dtype == np.float64
    # rows are ascending within a hand and in all_hands order
    assert np.all(np.diff(combos.astype(int), axis=1) > 0)
    keys = combos.astype(np.int64) @ (52 ** np.arange(3, -1, -1))
    assert np.all(np.diff(keys) > 0)
    # the board removes every combo that holds one of its cards
    board = parse_cards("Kh Qd 7c")
    with_board, _ = r.combos(board="Kh Qd 7c")
    assert not np.isin(with_board, board).any()
    # KK with Kh gone: C(3,2)C(46,2)... counted here against the full list instead
    full = combos[~np.isin(combos, board).any(axis=1)]
    assert np.array_equal(with_board, full)
    dead_too, _ = r.combos(board="Kh Qd 7c", dead="Ts")
    assert len(dead_too) == int((~np.isin(full, parse_cards("Ts")).any(axis=1)).sum())


def test_combos_errors() -> None:
    r = Range("AsAh")
    with pytest.raises(EmptyRangeError, match="board As"):
        r.combos(board="As Kd 2c")
    with pytest.raises(DuplicateCardError, match="'Kd' is in board and in dead"):
        r.combos(board="Kd 7c 2s", dead="Kd")
    with pytest.raises(ShapeError):
        r.combos(board="2c 3c 4c 5c 6c 7c")
    combos, _ = r.combos(board=None, dead=[0, 1])
    assert len(combos) == comb(48, 2)  # the other two cards avoid As, Ah, 2c, 2d


def test_contains_len_repr() -> None:
    r = Range("AA!AAA")
    assert "As Ad 7h 2c" in r and "Ad 2c As 7h" in r and [51, 49, 22, 0] in r
    assert "As Ad Ah 2c" not in r
    with pytest.raises(ShapeError):
        _ = "As Ad" in r
    with pytest.raises(DuplicateCardError):
        _ = "As As 2c 3c" in r
    assert len(r) == 6768
    assert repr(r) == "Range('AA!AAA', cards=4): 6,768 hands"
    assert repr(Range("AA", cards=5)) == "Range('AA', cards=5): 108,336 hands"


def test_from_hands() -> None:
    hands = np.array([[51, 50, 0, 4], [0, 1, 2, 3]], dtype=np.uint8)
    r = Range.from_hands(hands, weights=[3, 1])
    combos, weights = r.combos()
    # rows come out sorted, in all_hands order, weights following their hands
    assert combos.tolist() == [[0, 1, 2, 3], [0, 4, 50, 51]] and weights.tolist() == [1.0, 3.0]
    assert "As Ah 2c 3c" in r and r.weighted and r.text is None and len(r) == 2
    assert hands.tolist() == [[51, 50, 0, 4], [0, 1, 2, 3]]  # the input is never written over
    five = Range.from_hands(["As Ah Kd Qc 2s"])
    assert five.cards == 5 and not five.weighted
    with pytest.raises(ArgumentError, match=r"hands\[0\] and hands\[2\] are the same hand"):
        Range.from_hands([[0, 1, 2, 3], [4, 5, 6, 7], [3, 2, 1, 0]])
    with pytest.raises(DuplicateCardError):
        Range.from_hands([[0, 0, 2, 3]])
    with pytest.raises(ShapeError):
        Range.from_hands([[0, 1, 2, 3]], cards=5)
    with pytest.raises(ArgumentError, match="weights"):
        Range.from_hands([[0, 1, 2, 3]], weights=[0])
    with pytest.raises(ArgumentError, match="weights"):
        Range.from_hands([[0, 1, 2, 3]], weights=[float("nan")])
    with pytest.raises(ShapeError, match="weights"):
        Range.from_hands([[0, 1, 2, 3]], weights=[1, 2])
    with pytest.raises(EmptyRangeError):
        Range.from_hands(np.zeros((0, 4), dtype=np.uint8))
    with pytest.raises(ShapeError):
        Range.from_hands([[0, 1, 2]])


def test_bad_arguments() -> None:
    with pytest.raises(ArgumentError):
        Range("AA", cards=6)
    with pytest.raises(ArgumentTypeError):
        Range("AA", cards=True)
    with pytest.raises(ArgumentTypeError):
        Range(42)  # type: ignore[arg-type]
    assert len(Range("AA", cards=np.int64(5))) == 108_336


def test_exported() -> None:
    assert omaha8.Range is Range and omaha8.RangeSyntaxError is RangeSyntaxError
    assert {"Range", "RangeSyntaxError", "EmptyRangeError"} <= set(omaha8.__all__)
    assert issubclass(RangeSyntaxError, ValueError) and issubclass(RangeSyntaxError, Omaha8Error)


# (text, 0-based column of the caret, words the message must hold)
SYNTAX_ERRORS = [
    ("", 0, "empty"),
    ("   ", 0, "empty"),
    ("AA:(KK", 6, "expected ')'"),
    ("AA)", 2, "unmatched ')'"),
    ("AA,", 3, "expected a hand pattern"),
    ("AA,,KK", 3, "expected a hand pattern"),
    ("A1", 1, "'1' is not a rank"),
    ("10s", 0, "write T for ten"),
    ("AA@", 3, "weight"),
    ("AA@0", 3, "1-100"),
    ("AA@101", 3, "1-100"),
    ("AA@50@5", 5, "one weight"),
    ("AA@50, KK", 9, "every comma-separated sub-range"),
    ("AA!(KK@5)", 2, "filter"),
    ("!(AA@5)", 0, "weights"),
    ("$xx", 0, "unknown macro '$xx'"),
    ("$", 1, "macro name"),
    ("AA$dsKK", 5, "macros come after"),
    ("AK-Q", 2, "same number of cards"),
    ("AK-QJ2", 2, "same number of cards"),
    ("KsQs-TsJs", 7, "move together"),  # K->T is -3 steps, Q->J -1
    ("AsK-Ah2", 4, "differ only in their ranks"),
    ("RR+", 2, "explicit ranks"),
    ("[AKQ]", 1, "separates its choices with ','"),
    ("[A,K", 4, "expected ',' or ']'"),
    ("[]", 1, "expected a card"),
    ("15%6h", 3, "6-handed"),
    ("10%-5%", 0, "smaller to the larger"),
    ("150%", 0, "between 0 and 100"),
    ("1.2.3%", 0, "not a number"),
    ("AA KK ^", 6, "unexpected character '^'"),
    ("Aé", 1, "unexpected character"),
    ("AA ! ", 5, "expected a hand pattern"),
    ("aa", 0, "ranks are upper case ('A')"),
    ("AS KH", 1, "suits and suit variables are lower case ('s')"),
    ("RX", 1, "lower case ('x')"),
]


@pytest.mark.parametrize(("text", "column", "words"), SYNTAX_ERRORS)
def test_syntax_errors(text: str, column: int, words: str) -> None:
    with pytest.raises(RangeSyntaxError) as info:
        Range(text)
    error = info.value
    assert words in str(error)
    assert error.column == column and error.text == text
    lines = str(error).split("\n")
    # the text, then a caret under the column
    assert lines[-2] == "  " + "".join(c if c.isprintable() else " " for c in text)
    assert lines[-1] == "  " + " " * column + "^"
    assert f"(column {column + 1})" in lines[0]


def test_not_errors() -> None:
    assert len(Range("AA:KK@5")) == 36  # (AA:KK)@5: '@' binds after ':'
    assert len(Range("5")) == ALL4 - comb(48, 4)


def test_compile_errors_point_at_the_pattern() -> None:
    with pytest.raises(RangeSyntaxError, match="5 cards, more than a 4-card hand") as info:
        Range("KK, AAKKQ")
    assert info.value.column == 4
    assert len(Range("AAKKQ", cards=5)) == 6 * 6 * 4


def test_bounds() -> None:
    with pytest.raises(RangeSyntaxError, match="more than 10,000") as info:
        Range("A" * (MAX_TEXT + 1))
    assert len(str(info.value)) < 400  # a long text is shown as a window around the fault
    with pytest.raises(RangeSyntaxError, match="nest more than"):
        Range("(" * (MAX_DEPTH + 1) + "AA" + ")" * (MAX_DEPTH + 1))
    assert len(Range("(" * MAX_DEPTH + "AA" + ")" * MAX_DEPTH)) == 6961
    with pytest.raises(RangeSyntaxError, match="more than 2000 patterns"):
        Range("[A,K,Q,J,T,9,8,7,6,5,4,3,Rx]" * 3)  # a group of 13 single cards, three times: 13^3 = 2,197
    with pytest.raises(RangeSyntaxError, match="more than 2000 patterns"):
        Range(", ".join(["[22-AA][22-AA]"] * 12))  # 12 * 13^2 = 2,028 patterns in all
    with pytest.raises(RangeSyntaxError, match="at most 5 cards"):
        Range("[22-AA][22-AA][22-AA]")  # six cards: no hand holds them, whatever the expansions
    # a long but legal text parses
    assert len(Range(",".join(["AA"] * 2000))) == 6961


def test_error_far_into_a_long_text_keeps_the_caret_under_it() -> None:
    text = "AA," * 100 + "A1"
    with pytest.raises(RangeSyntaxError) as info:
        Range(text)
    lines = str(info.value).split("\n")
    assert info.value.column == 301
    assert lines[-1].index("^") - 2 == lines[-2][2:].index("A1") + 1


def test_percent_syntax() -> None:
    assert parse("15%") == Percent(0.0, 15.0, 0, 3)
    assert parse("5%-10%") == Percent(4.0, 10.0, 0, 6)  # percentiles 5 through 10: past the top 4%
    assert parse("0%-10%").lo == parse("1%-10%").lo == 0.0  # the top 10%, as "10%" is
    assert parse("2.5%") == Percent(0.0, 2.5, 0, 4)


def test_percentages() -> None:
    from omaha8.ranges.ordering import percent_mask

    # "15%" is the ordering's top 15%: the same hands as its mask, about 15% of all hands (a suit class on the
    # boundary moves the count by less than its 24 combos)
    top = Range("15%")
    assert np.array_equal(top.combos()[0], all_hands(4)[percent_mask(4, 0, 15)])
    assert abs(len(top) - 0.15 * ALL4) <= 24
    band = Range("6%-10%")
    assert np.array_equal(band.combos()[0], all_hands(4)[percent_mask(4, 5, 10)])
    # the bands tile: top 5% and 6%-10% (percentiles 6 through 10) are disjoint and together the top 10%
    assert len(Range("5%")) + len(band) == len(Range("10%"))
    with pytest.raises(EmptyRangeError):
        Range("5%:6%-10%")
    assert len(Range("5%:5%-10%")) == len(Range("5%")) - len(Range("4%"))  # the 5th percentile is in both
    assert len(Range("100%")) == ALL4 and len(Range("0%-100%")) == ALL4
    # ProPokerTools' own examples: "1%-100%" is every hand; "15%@10, 16%-50%@5, 51%-100%@1" weights every hand
    assert len(Range("1%-100%")) == ALL4
    combos, weights = Range("15%@10, 16%-50%@5, 51%-100%@1").combos()
    assert len(combos) == ALL4
    assert sorted(set(weights.tolist())) == [1.0, 5.0, 10.0]
    assert int((weights == 10).sum()) == len(Range("15%"))
    assert int((weights == 5).sum()) == len(Range("50%")) - len(Range("15%"))
    assert abs(len(Range("10%", cards=5)) - 0.10 * comb(52, 5)) <= 120
    # combinators work on percentages like on patterns
    assert len(Range("15%:$ds")) == int((percent_mask(4, 0, 15) & range_mask("$ds")).sum())
    with pytest.raises(EmptyRangeError):
        Range("0%")


def range_mask(text: str) -> np.ndarray:
    from omaha8.ranges.combine import evaluate

    return evaluate(parse(text), 4, text)[0]
