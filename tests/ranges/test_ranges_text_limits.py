"""What range text may hold: ASCII digits and spaces only, bounded patterns, short quotes, lines and columns."""

from __future__ import annotations

import pytest

from omaha8 import Range, RangeSyntaxError
from omaha8.ranges.syntax import MAX_PATTERN_CARDS, parse
from omaha8.ranges.tokens import tokenize


@pytest.mark.parametrize(
    "text, column, name",
    [
        ("AA@٣", 3, "ARABIC-INDIC DIGIT THREE"),
        ("１５%", 0, "FULLWIDTH DIGIT ONE"),
        ("AA@¹", 3, "SUPERSCRIPT ONE"),  # a builtin ValueError from int() before
        ("5٥%", 1, "ARABIC-INDIC DIGIT FIVE"),
        ("AA, 𝟗%", 4, "MATHEMATICAL BOLD DIGIT NINE"),
        ("AA@1߃", 4, "NKO DIGIT THREE"),
        ("AA\u00a0KK", 2, "NO-BREAK SPACE"),
        ("AA,\u2003KK", 3, "EM SPACE"),
        ("AA\x1cKK", 2, "'\\x1c'"),  # Python's isspace() says yes; the range language says no
        ("Ａ", 0, "FULLWIDTH LATIN CAPITAL LETTER A"),
    ],
)
def test_only_ascii_digits_and_spaces(text: str, column: int, name: str) -> None:
    with pytest.raises(RangeSyntaxError, match="unexpected character") as info:
        Range(text)
    assert info.value.column == column and name in info.value.reason
    caret = str(info.value).splitlines()[-1]
    assert caret.index("^") - 2 == column  # under the character (each is one column wide here)


def test_ascii_digits_spaces_tabs_and_newlines_are_read() -> None:
    assert len(Range("AA@9,\tKK@3\n,QQ@1")) == len(Range("AA@9, KK@3, QQ@1"))
    assert [t.text for t in tokenize("15%")][:2] == ["15", "%"]


def test_a_pattern_holds_at_most_five_cards() -> None:
    with pytest.raises(RangeSyntaxError, match=f"at most {MAX_PATTERN_CARDS} cards") as info:
        parse("A" * 9_999)
    assert info.value.column == 5  # the sixth card
    with pytest.raises(RangeSyntaxError, match="at most 5 cards") as info:
        parse("AK[QQ,JJ][TT,99]")
    assert info.value.column == 9  # the bracket that makes every expansion six cards
    # a group whose shortest choice fits is read; its longer choices fail as too long for the hand
    assert len(parse("AK[Q,JJ]T").alternatives) == 2
    assert len(Range("AAKKQ", cards=5)) == 6 * 6 * 4


@pytest.mark.parametrize(
    "text, quoted",
    [
        ("AA@" + "9" * 5000, "not 999999999999999999999999… (5,000 characters)"),
        ("9" * 5000 + "%", "not 999999999999999999999999… (5,000 characters)"),
        ("5%-" + "9" * 5000, "expected ',', ':', '!' or '@' between sub-ranges, found '-'"),
        ("1." * 2500 + "%", "'1.1.1.1.1.1.1.1.1.1.1.1.… (5,000 characters)' is not a number"),
        ("$" + "q" * 5000, "unknown macro '$qqqqqqqqqqqqqqqqqqqqqqqq… (5,000 characters)'"),
        ("AA$" + "d" * 3, "unknown macro '$ddd'"),
    ],
)
def test_long_numbers_and_names_are_quoted_briefly(text: str, quoted: str) -> None:
    with pytest.raises(RangeSyntaxError) as info:
        Range(text)
    assert quoted in info.value.reason
    assert all(len(line) < 250 for line in str(info.value).splitlines())


def test_errors_in_a_text_of_several_lines_say_the_line() -> None:
    with pytest.raises(RangeSyntaxError) as info:
        Range("AA,\nKK:(QQ")
    # the '(' is line 2, column 4; the end of the text line 2, column 7
    assert info.value.reason == "expected ')' to close the '(' at line 2, column 4"
    assert str(info.value).splitlines() == [
        "expected ')' to close the '(' at line 2, column 4 (line 2, column 7)",
        "  KK:(QQ",
        "        ^",
    ]
    with pytest.raises(RangeSyntaxError, match=r"\(line 3, column 1\)"):
        Range("AA,\nKK,\n٣")
    # one line: the column alone, as before
    with pytest.raises(RangeSyntaxError, match=r"at column 4 \(column 7\)$|at column 4 \(column 7\)\n"):
        Range("AA:(KK")
