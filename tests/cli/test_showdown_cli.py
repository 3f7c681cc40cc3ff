"""Tests of the ``omaha8 showdown`` command."""

from __future__ import annotations

import pytest

from omaha8 import cli


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(["showdown", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def chips_table(out: str) -> list[list[str]]:
    """The seat, put in, payout and net columns of the table of seats."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.split()[:4] == ["seat", "put", "in", "payout"])
    rows = []
    for line in lines[start + 1:]:
        if not line[:1].isdigit():
            break
        rows.append(line.split()[:4])
    return rows


def test_example_hand_with_a_side_pot(capsys: pytest.CaptureFixture[str]) -> None:
    # seat 2 all-in 40 with the only low; seat 0's three kings win the rest (see showdown_cases.json)
    code, out, _ = run(capsys)
    assert code == 0
    assert "Main pot: 120 (seats 0, 1, 2)" in out
    assert "Side pot 1: 120 (seats 0, 1)" in out
    assert "high  seat 0  Three of a kind, kings" in out
    assert "low   seat 2  7-4-3-2-A low (3c 4c Ah 2h 7c)" in out
    assert "no qualifying low: the high takes the whole pot" in out
    assert chips_table(out) == [["0", "100", "180", "+80"], ["1", "100", "0", "-100"], ["2", "40", "60", "+20"]]


def test_same_winners_odd_chip_and_a_folded_seat(capsys: pytest.CaptureFixture[str]) -> None:
    # both seats hold the wheel both ways; 67 chips divided once: 33 and 34, the odd chip left of the button
    code, out, _ = run(capsys, "--board", "Ah 2d 3c Kh Qs", "4c 5c 9h 9d", "4d 5d Th Td", "-",
                       "--contributions", "33,33,1", "--folded", "2")
    assert code == 0
    assert "Seat 2: -" in out and "(folded)" in out
    assert "the same seats win both ways: the whole pot is divided once" in out
    assert "pays seat 0 33, seat 1 34" in out
    assert "odd chip to seat 1" in out


def test_uncalled_bet_and_show_order(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--board", "Ah 2h 7c Kd Qs", "Kh Ks 9c 9d", "3c 4c 5d 6d",
                       "--contributions", "100,60", "--last-aggressor", "0", "--button", "1")
    assert code == 0
    assert "Uncalled: 40 returned to seat 0" in out
    assert "Show order: seats 0, 1" in out
    # seat 0's 40 beyond seat 1's 60 comes back; the 120 called splits 60/60
    assert chips_table(out) == [["0", "100", "100", "+0"], ["1", "60", "60", "+0"]]


def test_everyone_folded_without_a_board(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "-", "Kh Ks 9c 9d", "-", "--contributions", "1,6,2", "--folded", "0,2")
    assert code == 0
    assert "Board: (none)" in out
    assert "seat 1 takes it uncontested" in out
    assert "Uncalled: 4 returned to seat 1" in out
    assert "Show order" not in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--board", "Ah 2h 7c Kd Qs", "Kh Ks 9c 9d", "3c 4c 5d 6d", "--contributions", "10,x"],
         "--contributions must be whole numbers"),
        (["--board", "Ah 2h 7c Kd Qs", "Kh Ks 9c 9d", "3c 4c 5d 6d", "--contributions", "10,-1"],
         "contributions[1] = -1 is negative"),
        (["--board", "Ah 2h 7c Kd Qs", "Kh Ks 9c 9d", "3c 4c 5d 6d", "--folded", "0,1"], "every seat folded"),
        (["--board", "Ah 2h 7c Kd Qs", "Kh Ks 9c 9d", "3c 4c 5d Kh"], "'Kh' appears twice"),
        (["--board", "Ah 2h 7c Kd", "Kh Ks 9c 9d", "3c 4c 5d 6d"], "board has 4 cards"),
        (["--board", "Ah 2h 7c Kd Qs", "Kh Ks 9c 9d", "3c 4c 5d 6d", "--button", "5"], "button must be a seat"),
        (["Kh Ks 9c 9d", "3c 4c 5d 6d"], "board has 0 cards"),
    ],
)
def test_errors_exit_2_with_a_message(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert message in err and err.startswith("omaha8: error:")
    assert out == ""
