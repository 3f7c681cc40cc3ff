"""CSV that omaha8 writes outside ``hands`` holds no cell a spreadsheet would run as a formula.

OWASP's CSV-injection guidance: a cell starting with ``=``, ``+``, ``-``,
``@``, a tab or a carriage return is a formula to Excel and LibreOffice. The
rejects file carries the user's own lines, so such cells get a ``'`` before
them; the result, deal and preflop-table files hold numbers (never negative)
and card and hand text built by omaha8, shown here to never start that way.
"""

from __future__ import annotations

import csv
import subprocess
from pathlib import Path

import numpy as np
import pytest

from omaha8 import Deals, analyze_deals, describe_high, describe_low, random_deals, write_deals, write_results
from omaha8._support._text import FORMULA_STARTS, csv_cell
from omaha8.cli import main
from omaha8.core._values import N_HIGH_VALUES, N_LOW_VALUES
from omaha8.deals import RejectedRow, write_rejects
from omaha8.distributed.preflop import PreflopTable, preflop_table


def _cells(path: Path) -> list[str]:
    with open(path, newline="", encoding="utf-8") as f:
        return [cell for row in csv.reader(f) for cell in row]


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_rejected_lines_that_look_like_formulas_get_a_quote(tmp_path: Path, start: str) -> None:
    # (a carriage return inside a cell is quoted too, so that it does not split the row)
    text = f"{start}HYPERLINK(\"http://x\"),KhKs9c9d,3c4cJhJd"
    path = tmp_path / "bad.csv"
    write_rejects(path, [RejectedRow(2, text, f"{start}1+1 an error that starts like one")])
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    assert rows[1] == ["2", "'" + f"{start}1+1 an error that starts like one", "'" + text]


def test_ordinary_rejects_are_written_as_they_are(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    write_rejects(path, [RejectedRow(7, "AsAs,KdKd", "card 'As' appears twice")])
    assert _cells(path) == ["line", "error", "text", "7", "card 'As' appears twice", "AsAs,KdKd"]


def test_batch_rejects_file_of_a_hostile_deal_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "deals.csv"
    source.write_text("board,seat0,seat1\n=cmd|' /C calc'!A0,KhKs9c9d,3c4cJhJd\n@SUM(1+1),KhKs9c9d,3c4cJhJd\n"
                      "Ah2h7cKdQs,KhKs9c9d,3c4cJhJd\n")
    assert main(["batch", str(source), "--skip-bad", "--rejects", str(tmp_path / "bad.csv"), "-q"]) == 0
    texts = [row[2] for row in csv.reader(open(tmp_path / "bad.csv", newline="", encoding="utf-8"))][1:]
    assert texts == ["'=cmd|' /C calc'!A0,KhKs9c9d,3c4cJhJd", "'@SUM(1+1),KhKs9c9d,3c4cJhJd"]


def test_no_result_or_deal_cell_can_start_a_formula(tmp_path: Path) -> None:
    # every column group of the result file over random deals, 4 and 5 cards, 1 to 9 seats
    for players, cards in ((1, 4), (2, 5), (6, 4), (9, 5)):
        boards, holes = random_deals(2000, players=players, cards=cards, seed=players)
        path = tmp_path / f"r{players}.csv"
        write_results(path, analyze_deals(Deals(boards, holes)), columns="all")
        write_deals(tmp_path / f"d{players}.csv", boards, holes)
        for name in (path, tmp_path / f"d{players}.csv"):
            bad = [cell for cell in _cells(name) if cell.startswith(FORMULA_STARTS)]
            assert bad == [], (name, bad[:5])


def test_no_description_starts_a_formula() -> None:
    # the description columns come from these two functions: every value they can be given
    texts = [describe_high(v) for v in range(1, N_HIGH_VALUES + 1)]
    texts += [describe_low(v) for v in range(1, N_LOW_VALUES + 1)] + [describe_low(None)]
    assert not [t for t in texts if t.startswith(FORMULA_STARTS)]


def test_preflop_table_hands_and_numbers(tmp_path: Path) -> None:
    table = preflop_table(4, samples=200, seed=3, hands=slice(0, 50))
    table.write_csv(tmp_path / "t.csv")
    assert not [c for c in _cells(tmp_path / "t.csv") if c.startswith(FORMULA_STARTS)]
    # a table built from anyone's rows: a hand text that would be a formula is quoted
    rows = table.rows.copy()
    rows["hand"][0] = "=1+1"
    PreflopTable(rows, 4, 1, 200, 3).write_csv(tmp_path / "u.csv")
    with open(tmp_path / "u.csv", newline="", encoding="utf-8") as f:
        assert list(csv.reader(f))[1][1] == "'=1+1"


def test_range_lists_start_with_a_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["range", "AA@50,KK@100", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines and all(line[0] in "23456789TJQKA" for line in lines)


def test_csv_cell_leaves_numbers_and_plain_text() -> None:
    assert csv_cell(-3) == -3 and csv_cell(1.5) == 1.5 and csv_cell("AhKh") == "AhKh" and csv_cell("") == ""
    assert subprocess is not None and np is not None
