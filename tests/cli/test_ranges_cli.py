"""Tests of the ``omaha8 range`` command."""

from __future__ import annotations

from math import comb

import pytest

from omaha8 import cli


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(["range", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_count_prints_the_number_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "AA!AAA", "--count") == (0, "6768\n", "")  # C(4,2)C(48,2)
    assert run(capsys, "AA", "--cards", "5", "--count") == (0, "108336\n", "")
    # AA!AAA without Ah Kd 7c: three aces left, C(3,2) * C(46,2) = 3 * 1,035
    assert run(capsys, "AA!AAA", "--board", "Ah Kd 7c", "--count") == (0, "3105\n", "")
    # and without 2c too: 3 * C(45,2) = 3 * 990
    assert run(capsys, "AA!AAA", "--board", "Ah Kd 7c", "--dead", "2c", "--count") == (0, "2970\n", "")


def test_list_one_combo_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "AsAh$ds", "--list")
    lines = out.splitlines()
    # As Ah, one more spade (12) and one more heart (12)
    assert code == 0 and len(lines) == 144
    # ascending ids put Ah As last; the other two are a heart and a spade
    assert lines[0] == "2h 2s Ah As" and all(line.split()[2:] == ["Ah", "As"] for line in lines)
    assert all(sorted(card[1] for card in line.split()[:2]) == ["h", "s"] for line in lines)
    code, out, _ = run(capsys, "AsAhAdAc@7, KsKhKdKc@3", "--list")
    assert out == "Kc Kd Kh Ks @3\nAc Ad Ah As @7\n"


def test_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "AA@50,KK@20")
    assert code == 0
    assert "Combos: 13,886 (5.129% of 270,725)" in out  # 2 * 6,961 - 36 AAKK
    assert "Weights: 20 to 50, total 486,550" in out  # 50 * 6,961 + 20 * 6,925
    assert out.splitlines()[-1].startswith("First: 2c 2d Kc Kd, ")
    code, out, _ = run(capsys, "*", "--cards", "5", "--board", "As Ks Qs")
    assert f"Combos: {comb(49, 5):,} without the cards of board As Ks Qs" in out


def test_errors_exit_2_with_a_caret(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "AA:(KK")
    assert code == 2 and out == ""
    assert err == "omaha8: error: expected ')' to close the '(' at column 4 (column 7)\n  AA:(KK\n        ^\n"
    code, _, err = run(capsys, "AsAh", "--board", "As 2c 3c")
    assert code == 2 and err == "omaha8: error: the range 'AsAh' holds no hand without the cards of board As 2c 3c\n"
    code, _, err = run(capsys, "AA", "--board", "As Zz")
    assert code == 2 and "not a card" in err


def test_count_and_list_exclude_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        cli.main(["range", "AA", "--count", "--list"])
    assert info.value.code == 2
    capsys.readouterr()
