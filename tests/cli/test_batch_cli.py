"""``omaha8 batch``: files and random deals through the whole pipeline."""

from __future__ import annotations

import csv
import io
import re
import sys
from pathlib import Path

import numpy as np
import pytest

from omaha8._support import _progress
from omaha8 import deals as dl
from omaha8.cli import main


def _summary(text: str) -> dict[str, int]:
    """Counts of the summary lines: deals, scoops, no low, rejected."""
    counts = {}
    for key, pattern in (("deals", r"^deals\s+([\d,]+)"), ("scoops", r"^scoops\s+([\d,]+)"),
                         ("no_low", r"^no low\s+([\d,]+)"), ("rejected", r"^rejected\s+([\d,]+)")):
        match = re.search(pattern, text, re.M)
        if match:
            counts[key] = int(match.group(1).replace(",", ""))
    return counts


def _expected_counts(boards: np.ndarray, holes: np.ndarray) -> dict[str, int]:
    """Scoops and no-low deals from evaluate_batch values, not from the batch pipeline."""
    from omaha8 import evaluate_batch

    n, p, k = holes.shape
    high, low = evaluate_batch(holes.reshape(n * p, k), np.repeat(boards, p, axis=0))
    high, low = high.reshape(n, p).astype(int), low.reshape(n, p).astype(int)
    high_winners = high == high.max(axis=1, keepdims=True)
    low_winners = (low == low.max(axis=1, keepdims=True)) & (low > 0)
    no_low = ~low_winners.any(axis=1)
    single = high_winners.sum(axis=1) == 1
    same = (low_winners == high_winners).all(axis=1)
    return {"deals": n, "scoops": int((single & (no_low | same)).sum()), "no_low": int(no_low.sum())}


def test_random_summary_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["batch", "--random", "5000", "--seed", "17", "--players", "5", "--chunk-rows", "999"]) == 0
    out, err = capsys.readouterr()
    assert err == ""  # no progress bar when stderr is not a terminal
    counts = _summary(out)
    holes, boards = dl.random_deals(5000, players=5, seed=17)
    assert counts == _expected_counts(boards, holes)
    assert "random, seed 17" in out and "(5 seats, 4 hole cards)" in out and "deals/s" in out


def test_random_results_file_holds_the_deals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_path = tmp_path / "r.csv"
    assert main(["batch", "--random", "300", "--seed", "5", "--cards", "5", "--players", "3",
                 "-o", str(out_path)]) == 0
    holes, boards = dl.random_deals(300, players=3, cards=5, seed=5)
    with open(out_path, newline="") as f:
        rows = list(csv.DictReader(f))
    assert [int(r["deal"]) for r in rows] == list(range(300))
    assert (dl.parse_card_array([r["board"] for r in rows]) == boards).all()
    assert (dl.parse_card_array([[r[f"seat{p}"] for p in range(3)] for r in rows]) == holes).all()
    r = dl.analyze_deals(dl.Deals(holes, boards))
    assert [int(row["high1"]) for row in rows] == r.high[:, 1].tolist()
    assert "results    " in capsys.readouterr().out


def test_file_results_match_library(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    holes, boards = dl.random_deals(3000, players=6, seed=21)
    deals_path, out_path = tmp_path / "deals.csv", tmp_path / "r.csv"
    dl.write_deals(deals_path, holes, boards)
    assert main(["batch", str(deals_path), "-o", str(out_path), "--chunk-rows", "1000"]) == 0
    expected = tmp_path / "expected.csv"
    dl.write_results(expected, dl.analyze_deals(dl.Deals(holes, boards, np.arange(2, 3002, dtype=np.int64))))
    assert out_path.read_bytes() == expected.read_bytes()
    assert _summary(capsys.readouterr().out) == _expected_counts(boards, holes)


@pytest.mark.parametrize("options", [["--chunk-rows", "7"], ["--threads", "1"], ["--chunk-rows", "100000"]])
def test_chunks_and_threads_do_not_change_output(tmp_path: Path, options: list[str]) -> None:
    holes, boards = dl.random_deals(500, players=4, seed=2)
    deals_path = tmp_path / "deals.csv"
    dl.write_deals(deals_path, holes, boards, header=False)
    outputs = []
    for extra in ([], options):
        out_path = tmp_path / f"r{len(outputs)}.csv"
        assert main(["batch", str(deals_path), "-o", str(out_path), "--columns", "all", "-q", *extra]) == 0
        outputs.append(out_path.read_bytes())
    assert outputs[0] == outputs[1]


@pytest.mark.parametrize("part_rows", [1, 7, 64])
def test_parts_of_a_chunk_do_not_change_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               part_rows: int) -> None:
    # each chunk is evaluated and written in parts of batch.PART_ROWS deals: smaller parts (one deal, a
    # part that does not divide the chunk, one larger than some chunks) give the same results, rejects and
    # summary, and the deal numbers and lines go on across parts
    from omaha8.commands import batch

    holes, boards = dl.random_deals(300, players=3, seed=12)
    deals_path = tmp_path / "deals.csv"
    dl.write_deals(deals_path, holes, boards)
    lines = deals_path.read_text().splitlines()
    lines[5], lines[150] = BAD, lines[150] + ",AcAd"
    deals_path.write_text("\n".join(lines) + "\n")
    runs = []
    for size in (batch.PART_ROWS, part_rows):
        monkeypatch.setattr(batch, "PART_ROWS", size)
        out_path, bad_path, drawn_path = (tmp_path / f"{name}{size}.csv" for name in ("r", "bad", "drawn"))
        summary = io.StringIO()
        monkeypatch.setattr(sys, "stdout", summary)
        assert main(["batch", str(deals_path), "-o", str(out_path), "--columns", "all", "--chunk-rows", "100",
                     "--skip-bad", "--rejects", str(bad_path), "--deals-out", str(drawn_path)]) == 0
        monkeypatch.undo()
        runs.append((out_path.read_bytes(), bad_path.read_bytes(), drawn_path.read_bytes(),
                     _summary(summary.getvalue())))
    assert runs[0] == runs[1]
    assert runs[0][3]["deals"] == 298 and runs[0][3]["rejected"] == 2
    assert len(list(batch._parts(dl.Deals(holes, boards, first=5)))) == 1  # PART_ROWS restored


def test_columns_option(tmp_path: Path) -> None:
    deals_path, out_path = tmp_path / "deals.csv", tmp_path / "r.csv"
    # the hand-checked split deal of test_deals: seat 0 high, seats 1 and 2 tie for low
    deals_path.write_text("board,a,b,c\nAh2h7cKd8s,KhKs9c9d,3c4cJhJd,3d4dQcQh\n")
    assert main(["batch", str(deals_path), "-o", str(out_path), "--columns", "line,winners,shares", "-q"]) == 0
    assert out_path.read_text() == "line,high_winners,low_winners,share0,share1,share2\n2,0,1 2,0.5,0.25,0.25\n"
    assert main(["batch", str(deals_path), "-o", str(tmp_path / "r.npz"), "--columns", "desc", "-q"]) == 0
    with np.load(tmp_path / "r.npz") as f:
        assert sorted(f.files) == ["high", "low"] and f["low"].tolist() == [[0, 50, 50]]


BAD = "AhKh7c4d2s,As3sQcJd,As5d8h9h"  # As twice


def test_bad_row_stops_with_line_number(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deals_path, out_path = tmp_path / "deals.csv", tmp_path / "r.csv"
    deals_path.write_text(f"board,s0,s1\nAhKh7c4d2s,As3sQcJd,5c5d8h9h\n{BAD}\n")
    assert main(["batch", str(deals_path), "-o", str(out_path)]) == 2
    err = capsys.readouterr().err
    assert "line 3: card 'As' appears twice: seat0 and seat1" in err and BAD in err
    assert not out_path.exists()  # no partial result file
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deals.csv"]


def test_skip_bad_writes_rejects_and_counts_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    holes, boards = dl.random_deals(50, players=2, seed=8)
    deals_path, out_path = tmp_path / "deals.csv", tmp_path / "r.csv"
    dl.write_deals(deals_path, holes, boards)
    lines = deals_path.read_text().splitlines()
    lines[10] = BAD
    lines[20] = lines[20] + ",AcAd"  # a third seat
    deals_path.write_text("\n".join(lines) + "\n")
    assert main(["batch", str(deals_path), "-o", str(out_path), "--skip-bad", "--columns", "line"]) == 0
    out = capsys.readouterr().out
    assert _summary(out)["rejected"] == 2 and _summary(out)["deals"] == 48
    with open(f"{out_path}.rejects.csv", newline="") as f:
        rejects = list(csv.DictReader(f))
    assert [int(r["line"]) for r in rejects] == [11, 21]
    assert rejects[0]["text"] == BAD and "appears twice" in rejects[0]["error"]
    assert "3 seats" in rejects[1]["error"] or "4 fields" in rejects[1]["error"]
    written = [int(x) for x in out_path.read_text().split()[1:]]
    assert written == [n for n in range(2, 52) if n not in (11, 21)]  # every line either written or rejected


def test_rejects_path_option_and_default_without_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deals_path = tmp_path / "deals.csv"
    deals_path.write_text(f"{BAD}\nAhKh7c4d2s,As3sQcJd,5c5d8h9h\n")
    assert main(["batch", str(deals_path), "--skip-bad"]) == 0
    assert (tmp_path / "deals.csv.rejects.csv").read_text().count("\n") == 2
    assert main(["batch", str(deals_path), "--skip-bad", "--rejects", str(tmp_path / "bad.csv")]) == 0
    assert " 1  row written to" in capsys.readouterr().out and (tmp_path / "bad.csv").exists()


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    # no delay and no rate limit, so a fast test sees the bar
    monkeypatch.setattr(_progress, "DRAW_AFTER_S", 0.0)
    monkeypatch.setattr(_progress, "REDRAW_EVERY_S", 0.0)
    assert main(["batch", "--random", "3000", "--seed", "1", "--chunk-rows", "1000"]) == 0
    shown = terminal.getvalue()
    assert "deals" in shown and "/s" in shown and "left" in shown
    assert shown.endswith("\r")  # the bar is cleared at the end
    terminal.truncate(0)
    assert main(["batch", "--random", "3000", "--seed", "1", "--no-progress"]) == 0
    assert terminal.getvalue().strip("\x00") == ""


@pytest.mark.parametrize(
    "argv,message",
    [
        (["batch"], "give a deal file or --random N"),
        (["batch", "x.csv", "--random", "5"], "give a deal file or --random N"),
        (["batch", "--random", "5", "--skip-bad"], "apply to a deal file"),
        (["batch", "--random", "5", "--seed", "-1"], "argument --seed: must be at least 0, got -1"),
        # column groups are an option's value, checked as the other options are (it was a data error)
        (["batch", "--random", "5", "-o", "r.csv", "--columns", "line,wins"],
         "argument --columns: unknown column 'wins'"),
        (["batch", "--random", "5", "--cards", "3"], "argument --cards: must be at least 4, got 3"),
        (["batch", "x.csv", "--rejects", "bad.csv"], "--rejects names the file for rows --skip-bad skips"),
    ],
)
def test_usage_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert message in capsys.readouterr().err


def test_missing_file_and_bad_columns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["batch", str(tmp_path / "none.csv")]) == 2
    assert "No such file" in capsys.readouterr().err
    assert main(["batch", "--random", "5", "-o", str(tmp_path / "r.csv"), "--columns", "line"]) == 2
    assert "'line' column needs deals read from a file" in capsys.readouterr().err


def test_empty_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deals_path, out_path = tmp_path / "deals.csv", tmp_path / "r.csv"
    deals_path.write_text("board,seat0,seat1\n")
    assert main(["batch", str(deals_path), "-o", str(out_path), "--columns", "line,shares"]) == 0
    assert out_path.read_text() == "line,share0,share1\n"
    assert _summary(capsys.readouterr().out)["deals"] == 0


def test_usage_errors_end_with_where_to_find_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["batch", "--random", "5", "-o", "r.csv", "--columns", ""])
    assert info.value.code == 2
    assert capsys.readouterr().err == ("omaha8: error: argument --columns: no columns asked for "
                                       "(see omaha8 batch --help)\n")


def test_a_rejects_file_that_cannot_be_written_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deals_path = tmp_path / "deals.csv"
    deals_path.write_text("AhKh7c4d2s,As3sQcJd,5c5d8h9h\n")
    target = tmp_path / "no" / "bad.csv"
    assert main(["batch", str(deals_path), "--skip-bad", "--rejects", str(target)]) == 2
    assert capsys.readouterr().err == f"omaha8: error: --rejects '{target}': cannot write: No such file or directory\n"


def test_a_failed_run_leaves_no_rejects_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the results file cannot be made (its folder is missing) after the rejects file was opened: the
    # rejects file goes too, and an older one of that name stays as it was
    deals_path, rejects = tmp_path / "deals.csv", tmp_path / "bad.csv"
    deals_path.write_text("AhKh7c4d2s,As3sQcJd,5c5d8h9h\nAhKh7c4d2s,As3sQcJd,As5d8h9h\n")
    rejects.write_text("older\n")
    code = main(["batch", str(deals_path), "--skip-bad", "--rejects", str(rejects), "-o",
                 str(tmp_path / "no" / "r.csv")])
    assert code == 2 and "-o" in capsys.readouterr().err
    assert rejects.read_text() == "older\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.csv", "deals.csv"]
    # and a run that succeeds replaces it whole
    assert main(["batch", str(deals_path), "--skip-bad", "--rejects", str(rejects), "-q"]) == 0
    assert rejects.read_text().splitlines()[0] == "line,error,text" and len(rejects.read_text().splitlines()) == 2


def test_deals_out_is_a_deal_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the deals written are a deal file: JSON lines (which iter_deals does not read) are refused, as -o
    # refuses a name of no known kind
    assert main(["batch", "--random", "5", "--deals-out", str(tmp_path / "d.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "--deals-out '" in err and "the name must end in .csv, .csv.gz, .npz or .npy" in err
    assert list(tmp_path.iterdir()) == []
