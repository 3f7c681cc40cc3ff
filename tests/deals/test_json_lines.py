"""JSON lines of whole columns (deals._json_lines) against the row writer's json.dumps of each row."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from omaha8.deals import Deals, analyze_deals, random_deals
from omaha8.deals._json_lines import json_lines
from omaha8.deals._row_files import RowFile, json_value


def _slow(columns: dict[str, str], data: dict[str, Any]) -> str:
    """The row writer's text: one json.dumps a row, NaN as null, a missing column null (numpy numbers as the
    Python numbers to_dict() makes of them)."""
    n = max(len(v) for v in data.values())
    rows = [{name: (data[name][i] if name in data else None) for name in columns} for i in range(n)]
    rows = [{name: v.item() if isinstance(v, np.generic) else v for name, v in row.items()} for row in rows]
    return "".join(json.dumps({name: json_value(row[name]) for name in columns}) + "\n" for row in rows)


@pytest.mark.parametrize("players,cards,lines", [(6, 4, True), (2, 4, False), (9, 5, True), (1, 4, False)])
def test_deal_results_as_the_row_writer_writes_them(tmp_path: Path, players: int, cards: int, lines: bool) -> None:
    holes, boards = random_deals(700, players=players, cards=cards, seed=players)
    line_numbers = np.arange(5, 5 + 2 * 700, 2, dtype=np.int64) if lines else None
    results = analyze_deals(Deals(holes, boards, lines=line_numbers, first=40))
    _, types, data = results._columns("all" if lines else "deal,cards,values,desc,winners,shares")
    fast = json_lines(types, data)
    assert fast == _slow(types, results.to_dict("all" if lines else "deal,cards,values,desc,winners,shares"))
    # and the file: RowFile.write_columns against RowFile.write of the rows
    files = []
    for how in ("rows", "columns"):
        path = tmp_path / f"{how}.jsonl"
        with RowFile(str(path), types) as out:
            if how == "rows":
                out.write(results.rows("all" if lines else "deal,cards,values,desc,winners,shares"))
            else:
                out.write_columns(data)
        assert out.rows == 700
        files.append(path.read_bytes())
    assert files[0] == files[1] == fast.encode()


def test_values_that_need_json_dumps_itself() -> None:
    # text with quotes, backslashes, control characters, DEL and non-ASCII (json.dumps escapes them all),
    # bools where ints stand, NaN and infinities, lists holding NaN, None, and a key that holds % and a quote
    text = ['plain', 'say "hi"', "back\\slash", "tab\there", "\x7f", "caf\u00e9", "\U0001f0a1", ""]
    n = len(text)
    columns = {"s": "str", "i": "int", "f": "float", "l": "ints", "g": "floats", 'odd "%s" key': "int",
               "missing": "str", "mixed": "str", "equal": "float", "tuples": "ints",
               "zeros": "float"}
    data: dict[str, Any] = {
        "s": text,
        "i": [0, -1, True, 2**70, False, 7, 8, 9],
        "f": np.array([0.5, float("nan"), float("inf"), -float("inf"), -0.0, 1 / 3, 1e300, 5e-324]),
        "l": [(0, 5), [1], (), [2, 3], (4,), (0, 5), [], (15,)],
        "g": [[0.5, float("nan")], (1.0,), [], [float("inf")], [0.1], [0.5, float("nan")], [2.0], [3.0]],
        'odd "%s" key': np.arange(n, dtype=np.uint16),
        "mixed": ["a", None, "b", 3, "c", "d", "e", "f"],
        # equal in Python, apart in JSON: a text worked out once for one must not serve another
        "equal": [0.0, -0.0, 1.0, 1, True, -0.0, 0.0, False],
        "zeros": np.array([0.0, -0.0, 0.5, -0.0, float("nan"), 0.0, -float("nan"), 0.5]),
        "tuples": [(1, 0), (True, False), (1.0, 0), (1, 0), (True, 0), (1, 0.0), (1, False), (1, 0)],
    }
    assert json_lines(columns, data) == _slow(columns, data)
    # every string alone as well: escapes must not depend on the neighbours
    for value in text:
        assert json_lines({"s": "str"}, {"s": [value, "x"]}) == _slow({"s": "str"}, {"s": [value, "x"]})


def test_random_numbers_and_text() -> None:
    rng = np.random.default_rng(8)
    alphabet = list("abcAB09 ,\"\\\n\x01\u00e9%")
    for trial in range(30):
        n = int(rng.integers(1, 60))
        data = {
            "i": rng.integers(-10**12, 10**12, n),
            "f": np.where(rng.random(n) < 0.2, np.nan, rng.normal(size=n) * 10.0 ** int(rng.integers(-8, 8))),
            "s": ["".join(rng.choice(alphabet, int(rng.integers(0, 6)))) for _ in range(n)],
            "w": [tuple(int(x) for x in np.flatnonzero(rng.random(4) < 0.5)) for _ in range(n)],
        }
        columns = {"i": "int", "f": "float", "s": "str", "w": "ints"}
        assert json_lines(columns, data) == _slow(columns, data), trial


def test_columns_of_different_lengths_are_refused() -> None:
    with pytest.raises(ValueError, match="different lengths"):
        json_lines({"a": "int", "b": "int"}, {"a": np.arange(3), "b": np.arange(4)})
    assert json_lines({"a": "int"}, {"a": np.arange(0)}) == ""
