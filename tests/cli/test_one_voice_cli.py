"""What a user who learnt one command expects of the next: seeds printed, exact answers when cheaper,
nothing on standard output before an error, warnings where the shell ate a range macro."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from omaha8 import cli


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = cli.main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_equity_samples_beyond_the_boards_counts_them_all(capsys: pytest.CaptureFixture[str]) -> None:
    # a turn board and two hands: 52 - 4 - 8 = 40 rivers; 1,000 samples would cost more and answer less well
    hands = ["As Ad 2c 3d", "Ks Kd Qh Jh", "--board", "Ac Kc 4h 5s"]
    code, exact, _ = run(capsys, "equity", *hands)
    assert code == 0
    code, sampled, _ = run(capsys, "equity", *hands, "--samples", "1000", "--seed", "3")
    assert code == 0
    note = [line for line in sampled.splitlines() if line.startswith("Note: ")]
    assert note == ["Note: --samples 1,000 is at least the 40 boards there are: every board was counted instead "
                    "(exact, and cheaper)"]
    strip = [line for line in sampled.splitlines() if not line.startswith(("Note: ", "Time: "))]
    assert strip == [line for line in exact.splitlines() if not line.startswith("Time: ")]
    # fewer samples than boards: sampled, as asked
    code, out, _ = run(capsys, "equity", *hands, "--samples", "39", "--seed", "3")
    assert code == 0 and "Note:" not in out and "39 boards, sampled (seed 3)" in out


def test_evaluate_refuses_a_4_and_a_5_card_hole_before_printing(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "evaluate", "--board", "Ah Kh 7c 4d 2s", "As 3s Qc Jd", "5c 5d 8h 9h Tc")
    assert code == cli.EXIT_ERROR and out == ""
    assert err.startswith("omaha8: error: ") and "seat 1 has 5 cards but seat 0 has 4" in err
    # a duplicate card found at the last seat: still nothing printed for the first
    code, out, err = run(capsys, "evaluate", "--board", "Ah Kh 7c 4d 2s", "As 3s Qc Jd", "5c 5d 8h Ah")
    assert code == cli.EXIT_ERROR and out == "" and "'Ah'" in err


def test_evaluate_reads_cards_in_brackets(capsys: pytest.CaptureFixture[str]) -> None:
    code, plain, _ = run(capsys, "evaluate", "--board", "Ah Kh 7c 4d 2s", "As 3s Qc Jd")
    assert code == 0
    code, bracketed, _ = run(capsys, "evaluate", "--board", "[Ah Kh 7c] [4d] [2s]", "[As 3s Qc Jd]")
    assert code == 0 and bracketed == plain


def test_play_without_a_seed_prints_the_one_it_drew(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--players", "3", "--hands", "30")
    assert code == 0
    found = re.search(r", seed (\d+)$", out.splitlines()[0])
    assert found is not None
    code, again, _ = run(capsys, "play", "--players", "3", "--hands", "30", "--seed", found.group(1))
    assert code == 0
    # the same hands again: every line but the speed
    assert out.splitlines()[:-1] == again.splitlines()[:-1]


def test_preflop_table_runs_in_this_process_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "preflop-table", "--slice", "0:2", "--samples", "20", "--seed", "1", "--no-progress")
    assert code == 0
    assert re.search(r"this process \(\d+ cores?\)", out) and "cluster" not in out


def test_hands_check_on_a_file_that_is_no_hand_history(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("a shopping list\nnot a hand history\n")
    code, _, err = run(capsys, "hands", "--check", str(path))
    assert code == cli.EXIT_CHECK_FAILED == 1
    assert "not the start of a hand history omaha8 reads" in err


@pytest.mark.parametrize("text, where", [("AA ", "a space"), ("KK-TT:xxyy\t", "a space")])
def test_range_text_the_shell_cut_short_is_warned_about(capsys: pytest.CaptureFixture[str], text: str,
                                                         where: str) -> None:
    code, out, err = run(capsys, "range", text, "--count")
    assert code == 0 and out.strip().isdigit()
    assert f"ends in {where}: if a $ macro stood there, the shell removed it" in err
    assert err.startswith("omaha8: warning: ")


def test_range_text_as_typed_is_not_warned_about(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "range", "AA23$ds", "--count")
    assert code == 0 and out == "12\n" and err == ""


def test_range_help_says_how_to_quote(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "range", "--help")
    assert code == 0 and "QUOTING" in out and "'AA23$ds'" in out and "single quotes" in out


@pytest.mark.parametrize("argv", [["batch", "{missing}"], ["hands", "{missing}"], ["hands", "--check", "{missing}"]])
def test_an_input_that_cannot_be_read_is_one_form(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                   argv: list[str]) -> None:
    missing = str(tmp_path / "nowhere.csv")
    code, out, err = run(capsys, *[a.format(missing=missing) for a in argv])
    assert code == cli.EXIT_ERROR and out == ""
    assert err == f"omaha8: error: '{missing}': cannot read: No such file or directory\n"


@pytest.mark.parametrize("argv", [
    ["evaluate"], ["showdown"], ["equity", "As Ad 2c 3d", "Ks Kd Qh Jh", "--board", "Ac Kc 4h 5s"],
    ["range", "AA"], ["play", "--hands", "3", "--seed", "1"],
    ["preflop-table", "--slice", "0:1", "--samples", "5", "--seed", "1"], ["batch", "--random", "5", "--seed", "1"]])
def test_an_output_that_cannot_be_written_is_one_form(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                       argv: list[str]) -> None:
    target = str(tmp_path / "no" / "such" / "folder" / "out.csv")
    code, _, err = run(capsys, *argv, "-o", target)
    assert code == cli.EXIT_ERROR
    assert err.splitlines()[-1] == f"omaha8: error: -o '{target}': cannot write: No such file or directory"
