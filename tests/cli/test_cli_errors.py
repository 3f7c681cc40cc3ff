"""The command line's errors: one line on stderr, the documented exit status, never a traceback.

Exit statuses (omaha8.cli): 0 success, 2 usage or data error, 70 internal
error; ``--debug`` or ``OMAHA8_DEBUG=1`` adds the traceback.
"""

from __future__ import annotations

import argparse

import pytest

import omaha8.commands.evaluate as evaluate_command
from omaha8.cli import EXIT_ERROR, EXIT_INTERNAL, EXIT_USAGE, main

HANDS = ["As Ad 2c 3d", "Ks Kd Qh Jh"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """The exit status of ``omaha8 ARGV`` (returned, or raised as SystemExit as argparse does), stdout, stderr."""
    try:
        code = main(list(argv))
    except SystemExit as exc:
        assert isinstance(exc.code, int)
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line(err: str) -> None:
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert "Traceback" not in err


@pytest.mark.parametrize("argv,message", [
    # the three from the report, now usage errors like the other commands'
    (["equity", *HANDS, "--threads", "0"], "argument --threads: must be at least 1, got 0"),
    (["equity", *HANDS, "--threads", "-3"], "argument --threads: must be at least 1, got -3"),
    (["equity", *HANDS, "--samples", "100000000000000000000"], "argument --samples: must be at most"),
    (["equity", *HANDS, "--samples", "0"], "argument --samples: must be at least 1"),
    (["equity", *HANDS, "--seed", "18446744073709551616"], "argument --seed: must be at most 18446744073709551615"),
    (["equity", *HANDS, "--threads", "x"], "argument --threads: 'x' is not a whole number"),
    (["equity", *HANDS, "--threads", "9" * 5000], "is not a whole number of sensible size"),
    (["preflop-table", "--slice", "100:0", "--workers", "0"], "argument --slice: 100:0 picks no classes"),
    (["preflop-table", "--slice", "5:5", "--workers", "0"], "picks no classes"),
    (["preflop-table", "--slice", "a:b", "--workers", "0"], "argument --slice: must be START:STOP"),
    (["preflop-table", "--slice", "1:2:3", "--workers", "0"], "argument --slice: must be START:STOP"),
    (["preflop-table", "--slice=-5:", "--workers", "0"], "argument --slice: must be START:STOP"),
    (["preflop-table", "--workers", "-1"], "argument --workers: must be at least 0, got -1"),
    (["preflop-table", "--samples", "0", "--workers", "0"], "argument --samples: must be at least 1"),
    (["preflop-table", "--connect-timeout", "0"], "argument --connect-timeout: must be more than 0"),
    (["preflop-table", "--connect-timeout", "nan"], "argument --connect-timeout: must be more than 0"),
    (["showdown", "--button", "x"], "argument --button: 'x' is not a whole number"),
    (["showdown", "--button", "-1"], "argument --button: must be at least 0"),
    (["nonsense"], "invalid choice: 'nonsense'"),
    ([], "the following arguments are required: COMMAND"),
    (["equity"], "the following arguments are required: holes"),
])
def test_usage_errors_exit_2_on_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == EXIT_USAGE == 2
    assert message in err and "--help" in err
    assert_one_line(err)
    assert out == ""


@pytest.mark.parametrize("argv,message", [
    (["equity", *HANDS, "--board", "7h 8h"], "board must have 0, 3, 4 or 5 cards, got 2"),
    (["equity", "As Ad 2c 3d"], "equity needs at least 2 players"),
    (["equity", "As Ad 2c 3d", "As Kd Qh Jh"], "card 'As' appears twice"),
    (["preflop-table", "--slice", "20000:", "--workers", "0"], "--slice 20000: picks no classes"),
    (["preflop-table", "--cards", "5", "--opponents", "9", "--workers", "0"], "opponents must be 1..8"),
    (["evaluate", "As 3s Qc Jd"], "--board is required when hole cards are given"),
    (["evaluate", "--board", "Ah Kh 7c 4d 2s", "As 3s Qc Jd", "5c 5d 8h As"], "card 'As' is in seat 1 and in seat 0"),
    (["evaluate", "--board", "Ah Kh 7c 4d 2s", "As 3s Qc Jx"], "seat 0: 'Jx' is not a card"),
    (["evaluate", "--board", "Ah Kh 7c 4d 2x", "As 3s Qc Jd"], "--board: '2x' is not a card"),
    (["showdown", "--board", "Ah 2h 7c Kd Qs", "As 3s Qc Jx", "Ks Kd Qh Jh"], "holes[0]: 'Jx' is not a card"),
    (["showdown", "--board", "Ah 2h 7c Kd Qs", *HANDS, "--contributions", "10,x"],
     "--contributions must be whole numbers"),
    (["showdown", "--board", "Ah 2h 7c Kd Qs", *HANDS, "--contributions", "10," + "9" * 50], "is too large a number"),
    (["showdown", "--board", "Ah 2h 7c Kd Qs", *HANDS, "--contributions", f"10,{2**63}"],
     "is more than 9223372036854775807 chips"),
    (["showdown", "--board", "Ah 2h 7c Kd Qs", *HANDS, "--button", "7"], "button must be a seat number 0..1"),
    (["showdown", "--board", "Ah 2h 7c Kd Qs", *HANDS, "--folded", "0,1"], "every seat folded"),
])
def test_data_errors_exit_2_on_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, _, err = run(capsys, *argv)
    assert code == EXIT_ERROR == 2
    assert err.startswith("omaha8: error: ") and message in err
    assert_one_line(err)
    assert len(err) < 600  # the input is quoted briefly, whatever its size


def test_ten_megabytes_of_seat_text_give_a_short_range_error(capsys: pytest.CaptureFixture[str]) -> None:
    # read as range text, it is refused for its length; the message shows a window of it and a caret
    code, _, err = run(capsys, "equity", "As" * 5_000_000, "Ks Kd Qh Jh")
    assert code == EXIT_ERROR == 2
    assert err.startswith("omaha8: error: ") and "characters, more than" in err
    assert err.count("\n") == 3 and err.rstrip("\n").endswith("^") and "Traceback" not in err
    assert len(err) < 600


def _crash(args: argparse.Namespace) -> int:
    raise RuntimeError("something inside broke\nover two lines")


def _register_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``omaha8 evaluate`` fail as a bug would (register() picks up run when the parser is built)."""
    monkeypatch.setattr(evaluate_command, "run", _crash)


def test_internal_error_is_one_line_with_its_type_and_how_to_see_more(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OMAHA8_DEBUG", raising=False)
    _register_crash(monkeypatch)
    code, _, err = run(capsys, "evaluate")
    assert code == EXIT_INTERNAL == 70
    assert err == ("omaha8: internal error: RuntimeError: something inside broke over two lines "
                   "(run with --debug or OMAHA8_DEBUG=1 for the traceback)\n")


@pytest.mark.parametrize("how", ["--debug before", "--debug after", "OMAHA8_DEBUG=1"])
def test_debug_shows_the_traceback(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                   how: str) -> None:
    monkeypatch.delenv("OMAHA8_DEBUG", raising=False)
    _register_crash(monkeypatch)
    if how == "--debug before":
        argv = ["--debug", "evaluate"]
    elif how == "--debug after":
        argv = ["evaluate", "--debug"]
    else:
        monkeypatch.setenv("OMAHA8_DEBUG", "1")
        argv = ["evaluate"]
    code, _, err = run(capsys, *argv)
    assert code == EXIT_INTERNAL
    assert "Traceback (most recent call last)" in err and "RuntimeError: something inside broke" in err


def test_debug_zero_is_off(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OMAHA8_DEBUG", "0")
    _register_crash(monkeypatch)
    _, _, err = run(capsys, "evaluate")
    assert_one_line(err)


@pytest.mark.parametrize("argv", [["batch"], ["batch", "--random", "5", "--skip-bad"]])
def test_usage_errors_of_commands_that_raise_systemexit_exit_2(capsys: pytest.CaptureFixture[str],
                                                                argv: list[str]) -> None:
    # SystemExit("message") exits with status 1; on the command line every usage error is status 2
    code, _, err = run(capsys, *argv)
    assert code == EXIT_USAGE
    assert err.startswith("omaha8: error: ") and err.rstrip().endswith("(see omaha8 batch --help)")
    assert_one_line(err)


def test_help_and_version_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.startswith("omaha8 ")
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "exit status:" in out
    # every status the command line can end with is listed, on its own line
    listed = {int(line.split()[0]) for line in out.split("exit status:")[1].splitlines()
              if line.startswith("  ") and line.split()[0].isdigit()}
    assert listed == {0, 1, 2, 70, 130, 141}
    assert "'AA23$ds'" in out  # how to quote range text


@pytest.mark.parametrize("argv, new", [
    (["preflop-table", "--hands", "0:5"], "--slice"),
    (["play", "--variant", "5"], "--cards"),
])
def test_a_renamed_option_names_its_new_name(capsys: pytest.CaptureFixture[str], argv: list[str], new: str) -> None:
    code, _, err = run(capsys, *argv)
    assert code == EXIT_USAGE
    assert err.startswith(f"omaha8: error: {argv[1]} is now {new}") and f"give {new} {argv[2]}" in err
    assert_one_line(err)


# every command the README documents, as users type it
@pytest.mark.parametrize("command", ["batch", "equity", "evaluate", "hands", "play", "preflop-table", "range",
                                     "showdown"])
def test_every_command_is_registered(capsys: pytest.CaptureFixture[str], command: str) -> None:
    # the parser reaches the command: its own help, not the top-level one or an unknown-command error
    code, out, _ = run(capsys, command, "--help")
    assert code == 0 and out.startswith(f"usage: omaha8 {command} ")


def test_a_file_that_cannot_be_written_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    code, _, err = run(capsys, "preflop-table", "--slice", "0:1", "--samples", "5", "--seed", "1", "--workers", "0",
                       "-o", str(tmp_path) + "/no/such/dir/table.csv")
    assert code == EXIT_ERROR
    assert err.startswith("omaha8: error: ") and "No such file or directory" in err
    assert_one_line(err)


# ---------------------------------------------------------------- output


def test_evaluate_numbers_seats_from_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "evaluate")
    assert code == 0
    assert "Seat 0: As 3s Qc Jd" in out and "Seat 1: 5c 5d 8h 9h" in out
    assert "Player" not in out and "Seat 2" not in out


def test_equity_numbers_players_from_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", *HANDS, "--board", "Ac Kc 4h 5s")
    assert code == 0
    rows = out.splitlines()[2:4]
    assert [row.split()[0] for row in rows] == ["0", "1"]


def test_showdown_plurals(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "showdown", "--board", "Ah 2d 3c Kh Qs", "4c 5c 9h 9d", "4d 5d Th Td", "-",
                       "--contributions", "33,33,1", "--folded", "2")
    assert code == 0
    # 67 chips, both seats hold the wheel both ways: divided once, 33 each and one odd chip, to seat 1
    # (the first seat left of the button, seat 0)
    assert "odd chip to seat 1" in out and "odd chips" not in out
    assert "the same seats win both ways" in out and "seat(s)" not in out
    assert "Main pot: 67 (seats 0, 1)" in out


def test_showdown_one_eligible_seat_is_singular(capsys: pytest.CaptureFixture[str]) -> None:
    # seat 0 put in 50, seat 1 only 20 and the rest of seat 0's bet is uncalled: one pot of 40, two seats;
    # with seat 1 folded, seat 0 alone is eligible: "seat 0", not "seats 0"
    code, out, _ = run(capsys, "showdown", "--board", "Ah 2d 3c Kh Qs", "4c 5c 9h 9d", "4d 5d Th Td",
                       "--contributions", "50,20", "--folded", "1")
    assert code == 0
    assert "Main pot: 40 (seat 0)" in out and "Uncalled: 30 returned to seat 0" in out


def test_preflop_table_plural_of_one_opponent(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "preflop-table", "--slice", "0:2", "--samples", "10", "--seed", "1", "--workers", "0")
    assert code == 0
    assert "1 random opponent\n" in out
    code, out, _ = run(capsys, "preflop-table", "--slice", "0:2", "--samples", "10", "--seed", "1", "--workers", "0",
                       "--opponents", "2")
    assert "2 random opponents\n" in out
