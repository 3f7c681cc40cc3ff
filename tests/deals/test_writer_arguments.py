"""The writers' arguments: write_rejects, ResultWriter and the name= of the card functions.

Each leaked a builtin error (TypeError, AttributeError, numpy's truth-value
ValueError, str()'s digit limit) for a value of the wrong kind.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from omaha8 import format_card_array, parse_card_array, parse_cards
from omaha8.deals import RejectedRow, ResultWriter, write_rejects
from omaha8.errors import ArgumentError, ArgumentTypeError, CardError


def test_write_rejects_arguments(tmp_path: Path) -> None:
    with pytest.raises(ArgumentTypeError, match="path must be a file name or an open text file, not list"):
        write_rejects(["bad.csv"], [])  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="rejects must be an iterable of RejectedRow, not str"):
        write_rejects(tmp_path / "a.csv", "AsAs")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"rejects\[1\] must be a RejectedRow, not tuple"):
        write_rejects(tmp_path / "b.csv", [RejectedRow(1, "x", "y"), (2, "x", "y")])  # type: ignore[list-item]
    with pytest.raises(ArgumentTypeError, match="append must be True or False, not ndarray"):
        write_rejects(tmp_path / "c.csv", [], append=np.zeros(0))  # type: ignore[arg-type]
    # an open text file, and a path
    stream = io.StringIO()
    assert write_rejects(stream, [RejectedRow(4, "AsAs", "twice")]) == 1
    assert stream.getvalue() == 'line,error,text\n4,"twice","AsAs"\n'
    assert write_rejects(tmp_path / "d.csv", [RejectedRow(4, "AsAs", "twice")]) == 1


@pytest.mark.parametrize("kwargs, error, words", [
    ({"players": None, "cards": 4}, ArgumentTypeError, "players must be an int, not NoneType"),
    ({"players": 2, "cards": 4.0}, ArgumentTypeError, "cards must be an int, not float"),
    ({"players": 2, "cards": 4, "header": np.zeros(0)}, ArgumentTypeError, "header must be True or False"),
    ({"players": 2, "cards": 4, "lines": "yes"}, ArgumentTypeError, "lines must be True or False"),
    ({"players": 10**5000, "cards": 4}, Exception, "players must be 1..16, not an int of"),
])
def test_result_writer_arguments(tmp_path: Path, kwargs: dict[str, Any], error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        ResultWriter(tmp_path / "r.csv", **kwargs)
    assert list(tmp_path.iterdir()) == []  # nothing left behind


@pytest.mark.parametrize("call", [
    lambda name: parse_cards([51, 99], name=name),
    lambda name: parse_card_array(["As", "Kx"], name=name),
    lambda name: format_card_array([[51, 99]], name=name),
])
def test_the_name_of_an_argument_is_a_short_str(call: Any) -> None:
    with pytest.raises(CardError, match=r"^hand\[(0, )?1"):
        call("hand")
    with pytest.raises(ArgumentTypeError, match="name must be a str, not int an int of 16,610 bits"):
        call(10**5000)  # str() of this int raises: the message must not try
    with pytest.raises(ArgumentError, match="name must be at most 100 characters, got 1,000"):
        call("x" * 1000)


@pytest.mark.parametrize("name", ["r.txt", "r.gz", "r", "r.csv.bak"])
def test_result_writer_refuses_a_name_of_no_known_kind(tmp_path: Path, name: str) -> None:
    # the kind is read from the name: it used to write CSV under any name (gzip under any .gz)
    from omaha8.errors import OutputError

    with pytest.raises(OutputError, match=r"path '.*': the name must end in \.csv, \.csv\.gz, \.npz, \.npy, "
                                          r"\.jsonl or \.parquet"):
        ResultWriter(tmp_path / name, players=2, cards=4)
    assert list(tmp_path.iterdir()) == []  # nothing left behind


@pytest.mark.parametrize("name", ["r.jsonl", "r.ndjson", "r.JSONL", "r.parquet"])
def test_result_writer_writes_row_files_as_the_row_writer(tmp_path: Path, name: str) -> None:
    # JSON lines and Parquet hold DealResults.rows(), as `omaha8 batch -o` writes them
    from omaha8.deals import Deals, analyze_deals, random_deals
    from omaha8.deals._result_columns import result_columns
    from omaha8.deals._row_files import RowFile

    if name.endswith(".parquet"):
        pytest.importorskip("pyarrow")
    holes, boards = random_deals(300, players=3, cards=4, seed=2)
    batches = [analyze_deals(Deals(holes[:100], boards[:100])), analyze_deals(Deals(holes[100:], boards[100:],
                                                                                     first=100))]
    with ResultWriter(tmp_path / name, players=3, cards=4, columns="all", lines=False) as writer:
        for batch in batches:
            writer.write(batch)
    expected = tmp_path / f"expected{name[1:]}"
    with RowFile(str(expected), result_columns(writer.columns, 3)) as rows:
        for batch in batches:
            rows.write(batch.rows("all"))
    assert (tmp_path / name).read_bytes() == expected.read_bytes() and writer.rows == 300


def test_write_deals_refuses_a_name_of_no_known_kind(tmp_path: Path) -> None:
    from omaha8.deals import write_deals
    from omaha8.errors import OutputError

    with pytest.raises(OutputError, match=r"the name must end in \.csv, \.csv\.gz, \.npz or \.npy"):
        write_deals(tmp_path / "d.jsonl", [[[0, 1, 2, 3]]], [[51, 47, 43, 39, 35]])
    assert list(tmp_path.iterdir()) == []
