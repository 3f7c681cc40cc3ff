"""Every command's data out: --json objects and -o rows in each format, read back and compared.

Each command runs once per output: ``--json`` (every line one JSON object), ``-o x.csv``, ``-o x.jsonl``,
``-o x.parquet`` (the same rows and columns in the three, read back by csv, json and pyarrow) and
``-o -`` (the CSV file's bytes on standard output, the text on standard error). A name of another kind is
refused with the list of kinds, and nothing is left under it.
"""

from __future__ import annotations

import csv
import importlib.util
import json
import math
from pathlib import Path
from typing import Any

import pytest

from omaha8 import cli

HH = Path(__file__).resolve().parents[1] / "data" / "hh" / "allin_ev_turn.txt"

#: Each command with arguments that run in well under a second and give the same output every time.
COMMANDS: dict[str, list[str]] = {
    "evaluate": ["evaluate", "--board", "Ah Kh 7c 4d 2s", "As 3s Qc Jd", "5c 5d 8h 9h"],
    "showdown": ["showdown", "--board", "Ah 2h 7c Kd Qs", "Kh Ks 9c 9d", "Jh Jd 6c 6s", "3c 4c 5d 6d",
                 "--contributions", "100,100,40"],
    "equity": ["equity", "As Ad 2c 3d", "Ks Kd Qh Jh", "--board", "Ac Kc 4h 5s", "--threads", "1"],
    "range": ["range", "AA23$ds", "--board", "Ah Kd 7c"],
    "play": ["play", "--players", "3", "--hands", "25", "--seed", "7"],
    "preflop-table": ["preflop-table", "--slice", "0:4", "--samples", "40", "--seed", "1", "--no-progress"],
    "batch": ["batch", "--random", "30", "--players", "3", "--seed", "5", "--threads", "1", "--no-progress"],
    "hands": ["hands", str(HH)],
}


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[str, str]:
    code = cli.main(argv)
    out, err = capsys.readouterr()
    assert code == 0, err
    return out, err


def read_rows(path: Path) -> tuple[list[str], list[dict[str, Any]]]:
    """The columns and rows of a row file, each format by its own reader."""
    if path.suffix == ".csv":
        with open(path, newline="", encoding="utf-8") as f:
            reader = csv.DictReader(f)
            return list(reader.fieldnames or []), list(reader)
    if path.suffix == ".jsonl":
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        return (list(rows[0]) if rows else []), rows
    pq = pytest.importorskip("pyarrow.parquet")
    table = pq.read_table(path)
    return list(table.column_names), table.to_pylist()


def as_csv_text(value: Any) -> str:
    """How the CSV spells a JSON value: lists space separated, booleans true/false, None empty."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return " ".join(as_csv_text(v) for v in value)
    return str(value)


def same_cell(csv_text: str, value: Any) -> bool:
    if isinstance(value, float) and not isinstance(value, bool):
        return (csv_text == "" and math.isnan(value)) or math.isclose(float(csv_text), value, rel_tol=1e-6,
                                                                      abs_tol=1e-9)
    if isinstance(value, list) and value and isinstance(value[0], float):
        return [float(x) for x in csv_text.split()] == pytest.approx(value)
    # a cell a spreadsheet would run as a formula carries a ' in the CSV only
    return csv_text in (as_csv_text(value), "'" + as_csv_text(value))


@pytest.mark.parametrize("command", list(COMMANDS))
def test_json_prints_one_object_a_line(capsys: pytest.CaptureFixture[str], command: str) -> None:
    out, _ = run(capsys, [*COMMANDS[command], "--json"])
    lines = out.splitlines()
    assert lines
    for line in lines:
        assert isinstance(json.loads(line), dict)


@pytest.mark.parametrize("command", list(COMMANDS))
def test_o_writes_the_same_rows_in_every_format(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                command: str) -> None:
    read = {}
    # Parquet is an optional extra (pyarrow): without it, CSV and JSON lines are compared
    suffixes = [".csv", ".jsonl"] + ([".parquet"] if importlib.util.find_spec("pyarrow") else [])
    for suffix in suffixes:
        path = tmp_path / f"out{suffix}"
        run(capsys, [*COMMANDS[command], "-o", str(path)])
        read[suffix] = read_rows(path)
    columns, rows = read[".csv"]
    assert rows and columns
    for suffix in suffixes[1:]:
        other_columns, other_rows = read[suffix]
        assert other_columns == columns and len(other_rows) == len(rows), suffix
    for suffix in suffixes[1:]:
        for csv_row, other_row in zip(rows, read[suffix][1]):
            for name in columns:
                assert same_cell(csv_row[name], other_row[name]), (suffix, name, csv_row[name], other_row[name])


@pytest.mark.parametrize("command", [c for c in COMMANDS if c != "batch"])
def test_o_dash_is_the_csv_on_standard_output(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                              command: str) -> None:
    path = tmp_path / "out.csv"
    text, _ = run(capsys, [*COMMANDS[command], "-o", str(path)])
    out, err = run(capsys, [*COMMANDS[command], "-o", "-"])
    assert out == path.read_text(encoding="utf-8")
    assert text and not text.startswith(out[:20])
    assert err  # the text went to standard error


def test_batch_o_dash_is_the_csv_on_standard_output(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # batch's CSV is its result file; the summary then goes to standard error
    path = tmp_path / "out.csv"
    run(capsys, [*COMMANDS["batch"], "-o", str(path)])
    out, err = run(capsys, [*COMMANDS["batch"], "-o", "-"])
    assert out == path.read_text(encoding="utf-8") and "deals" in err


@pytest.mark.parametrize("command", list(COMMANDS))
def test_another_kind_of_name_is_refused_with_the_list(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                       command: str) -> None:
    path = tmp_path / "out.xlsx"
    with pytest.raises(SystemExit) as info:
        code = cli.main([*COMMANDS[command], "-o", str(path)])
        raise SystemExit(code)
    _, err = capsys.readouterr()
    assert info.value.code == cli.EXIT_ERROR
    assert err.startswith("omaha8: error: -o ") and ".csv" in err and ".jsonl" in err and ".parquet" in err
    assert not path.exists() and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", list(COMMANDS))
def test_json_and_o_dash_do_not_go_together(capsys: pytest.CaptureFixture[str], command: str) -> None:
    with pytest.raises(SystemExit) as info:
        code = cli.main([*COMMANDS[command], "--json", "-o", "-"])
        raise SystemExit(code)
    assert info.value.code == cli.EXIT_ERROR
    assert "--json and -o -" in capsys.readouterr().err


def test_evaluate_json_objects_are_its_rows(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out, _ = run(capsys, [*COMMANDS["evaluate"], "--json"])
    path = tmp_path / "rows.jsonl"
    run(capsys, [*COMMANDS["evaluate"], "-o", str(path)])
    assert [json.loads(line) for line in out.splitlines()] == read_rows(path)[1]
    # seat 1's 5c 5d 8h 9h on Ah Kh 7c 4d 2s: the best low takes 8 and 5 from the hole and A-4-2 from the board,
    # 8-5-4-2-A; the high is the pair of fives (two hearts only on the board: no flush)
    seat1 = json.loads(out.splitlines()[1])
    assert seat1["seat"] == 1 and seat1["hole"] == "5c 5d 8h 9h"
    assert seat1["low_description"] == "8-5-4-2-A low" and seat1["high_description"].startswith("One pair, fives")



def _readme_columns() -> dict[str, list[str]]:
    """The columns README's table of rows lists for each command."""
    text = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    found = {}
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].strip("`") in COMMANDS and ": `" in cells[1]:
            listed = cells[1].split(": `", 1)[1].split("`")[0]
            found[cells[0].strip("`")] = [name.strip() for name in listed.split(",")]
    return found


@pytest.mark.parametrize("command", [c for c in COMMANDS if c != "batch"])
def test_readme_lists_each_command_s_columns(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                             command: str) -> None:
    path = tmp_path / "out.csv"
    run(capsys, [*COMMANDS[command], "-o", str(path)])
    header = path.read_text(encoding="utf-8").splitlines()[0].split(",")
    seats = []
    for name in header:  # seat0, seat1, ...: one README name, seatN
        family = name.rstrip("0123456789") + "N" if name.startswith("seat") and name[4:].isdigit() else name
        if family not in seats:
            seats.append(family)
    assert _readme_columns()[command] == seats
