"""Hostile option values on every command: empty file names, other scripts' digits, huge values,
terminal escape codes, and counted nouns.

Every refusal is one line on stderr with exit status 2 naming the option; user text that a command
prints (file names, range text) reaches the terminal with its control characters escaped.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from omaha8.cli import build_parser, main

HANDS = ["As Ad 2c 3d", "Ks Kd Qh Jh"]
SOLVE = ["solve", "--board", "Ah 7d 4c Ks 2h", "--oop", "AA", "--ip", "KK", "--pot", "10", "--stacks", "10"]
# a control character other than the line end: what a terminal would act on
CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        assert isinstance(exc.code, int)
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv, option", [
    (["batch", "{deals}", "-o", ""], "-o/--output"),
    (["batch", "{deals}", "--skip-bad", "--rejects", ""], "--rejects"),
    (["batch", "{deals}", "--deals-out", ""], "--deals-out"),
    (["batch", ""], "input"),
    (["preflop-table", "--hands", "0:1", "--samples", "5", "--seed", "1", "--workers", "0", "-o", ""], "-o/--output"),
    ([*SOLVE, "-o", ""], "-o/--output"),
])
def test_an_empty_file_name_is_refused_naming_its_option(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         argv: list[str], option: str) -> None:
    deals = tmp_path / "deals.csv"
    deals.write_text("board,seat0,seat1\nAh2h7cKdQs,KhKs9c9d,3c4cJhJd\n")
    code, out, err = run(capsys, *(arg.format(deals=deals) for arg in argv))
    assert code == 2 and out == ""
    assert f"argument {option}: must name a file, not be empty" in err and err.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deals.csv"]  # nothing written


# every integer option, with an Arabic-Indic digit (U+0663, three) where int() would read 3
ARABIC_THREE = "\u0663"
INT_OPTIONS = [
    (["batch", "--random", "{v}"], "--random"),
    (["batch", "--random", "5", "--seed", "{v}"], "--seed"),
    (["batch", "--random", "5", "--players", "{v}"], "--players"),
    (["batch", "--random", "5", "--cards", "{v}"], "--cards"),
    (["batch", "--random", "5", "--threads", "{v}"], "--threads"),
    (["batch", "--random", "5", "--chunk-rows", "{v}"], "--chunk-rows"),
    (["equity", *HANDS, "--samples", "{v}"], "--samples"),
    (["equity", *HANDS, "--seed", "{v}"], "--seed"),
    (["equity", *HANDS, "--cards", "{v}"], "--cards"),
    (["play", "--hands", "{v}"], "--hands"),
    (["play", "--stack", "{v}"], "--stack"),
    (["play", "--players", "{v}"], "--players"),
    (["play", "--seed", "{v}"], "--seed"),
    (["play", "--variant", "{v}"], "--variant"),
    (["play", "--blinds", "1/{v}"], "--blinds"),
    (["preflop-table", "--samples", "{v}"], "--samples"),
    (["preflop-table", "--cards", "{v}"], "--cards"),
    (["showdown", "--button", "{v}"], "--button"),
    ([*SOLVE, "--max-raises", "{v}"], "--max-raises"),
    ([*SOLVE, "--cards", "{v}"], "--cards"),
    ([*SOLVE, "--bets", "{v}0%"], "--bets"),
]


@pytest.mark.parametrize("argv, option", INT_OPTIONS)
def test_only_ascii_digits_are_digits_in_options(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                 option: str) -> None:
    parser = build_parser()
    # the same option with the ASCII digit parses (4 for the options that take 4 or 5, else 3 or 5)
    ascii_digit = "4" if option in ("--cards", "--variant") else "5" if option == "--players" else "3"
    parser.parse_args([arg.replace("{v}", ascii_digit) for arg in argv])
    with pytest.raises(SystemExit) as info:
        parser.parse_args([arg.replace("{v}", ARABIC_THREE) for arg in argv])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert f"argument {option}" in err and err.count("\n") == 1


@pytest.mark.parametrize("option", ["--contributions", "--folded"])
def test_showdown_numbers_are_ascii(capsys: pytest.CaptureFixture[str], option: str) -> None:
    code, _, err = run(capsys, "showdown", *HANDS, "--board", "Ah Kh 7c 4d 2s", option, f"{ARABIC_THREE},1")
    assert code == 2 and f"{option} must be whole numbers" in err


@pytest.mark.parametrize("argv", [
    ["play", "--blinds", "1/" + "9" * 5000],
    ["play", "--stack", "9" * 5000],
    ["batch", "--random", "9" * 5000],
    ["equity", *HANDS, "--board", "Qs Ts 9s " * 2000],
    ["showdown", *HANDS, "--board", "Ah Kh 7c 4d 2s", "--contributions", "1," + "9" * 5000],
    ["batch", "--random", "5", "-o", "x.csv", "--columns", "x" * 5000],
    [*SOLVE, "--bets", "5" * 5000 + "%"],
])
def test_long_values_make_short_error_lines(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.count("\n") == 1
    assert len(err) < 600, len(err)


def test_file_names_with_escape_codes_are_printed_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    hostile = "deals\x1b[2J\x1b]0;pwned\x07.csv"  # clear the screen, retitle the terminal
    Path(hostile).write_text("board,seat0,seat1\nAh2h7cKdQs,KhKs9c9d,3c4cJhJd\n")
    code, out, err = run(capsys, "batch", hostile, "-o", "out\x1b[31m.csv", "--skip-bad", "--rejects", "bad\t.csv")
    assert code == 0 and not CONTROL.search(out) and not CONTROL.search(err)
    assert "from deals\\x1b[2J\\x1b]0;pwned\\x07.csv" in out and "results    out\\x1b[31m.csv" in out
    assert "written to bad\\t.csv" in out
    code, out, err = run(capsys, "batch", "missing\x1b[31m.csv")
    assert code == 2 and not CONTROL.search(err) and "missing\\x1b[31m.csv" in err
    code, out, err = run(capsys, "batch", hostile, "-o", hostile)
    assert code == 2 and not CONTROL.search(err) and "is the same file as the input" in err


def test_range_text_is_printed_escaped(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["range", "AA,\tKK"], ["equity", "AA,\tKK", "QQ"]):
        code, out, err = run(capsys, *argv)
        assert code == 0 and not CONTROL.search(out), (argv, out)
        assert "AA,\\tKK" in out


def test_error_messages_are_printed_escaped(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "evaluate", "As Ad 2c 3d\x1b[31m", "--board", "Ah Kh 7c 4d 2s")
    assert code == 2 and not CONTROL.search(err) and err.count("\n") == 1


def test_counted_nouns(capsys: pytest.CaptureFixture[str]) -> None:
    # a full board leaves one board to deal: "1 board", not "1 boards"
    code, out, _ = run(capsys, "equity", *HANDS, "--board", "Qs Ts 9s 8s 2h")
    assert code == 0 and "\n1 board, exact;" in out
    code, out, _ = run(capsys, "equity", *HANDS, "--board", "Qs Ts 9s 8s")
    assert code == 0 and "\n40 boards, exact;" in out  # 52 cards - 8 in the holes - 4 on the board
    code, _, err = run(capsys, "showdown", "As", "Ks Kd Qh Jh", "--board", "Ah Kh 7c 4d 2s")
    assert code == 2 and "holes[0] has 1 card; a hole has 4 or 5" in err
    code, out, _ = run(capsys, "play", "--hands", "1", "--seed", "3")
    assert code == 0 and out.startswith("1 hand of Omaha Hi/Lo")
