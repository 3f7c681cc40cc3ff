"""JSON lines of whole columns at once: the text ``json.dumps`` gives each row, without a call a row.

A row file's JSON lines (:class:`omaha8.deals._row_files.RowFile`) are
``json.dumps({name: value, ...})`` of each row. Written row by row, that is
about 10,000 rows a second for a 6-seat result row of 32 columns. Here each
column's values become their JSON text once a distinct value (a share, a
description, a list of winners) or by one conversion for the whole column
(numbers, card text that needs no escapes), and each line is one ``%``
format of a template that holds the keys. Any value the fast conversions do
not cover exactly goes through ``json.dumps`` itself, so the bytes are those
of the row-by-row writer whatever the values; a test compares the two.

>>> import numpy as np
>>> print(json_lines({"deal": "int", "board": "str", "share0": "float", "high_winners": "ints"},
...                  {"deal": np.array([0, 1]), "board": ["AhKh7c4d2s", "2c3c4c5c6c"],
...                   "share0": np.array([0.5, float("nan")]), "high_winners": [(0, 2), (1,)]}), end="")
{"deal": 0, "board": "AhKh7c4d2s", "share0": 0.5, "high_winners": [0, 2]}
{"deal": 1, "board": "2c3c4c5c6c", "share0": null, "high_winners": [1]}
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

__all__ = ["json_lines", "json_text", "json_value"]

# what json.dumps (ensure_ascii) writes other than as itself inside a string
_ESCAPED = re.compile(r'[\x00-\x1f"\\\x7f-\U0010ffff]')


def json_value(value: Any) -> Any:
    """``value`` as JSON holds it: NaN is null (JSON has no NaN)."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, (list, tuple)):
        return [json_value(v) for v in value]
    return value


def json_text(value: Any) -> str:
    """One value as the row writer writes it."""
    return json.dumps(json_value(value))


def _by_value(values: list[Any], convert: Callable[[Any], str]) -> list[str]:
    """``convert`` of each value, worked out once a distinct value.

    Values are told apart by type and value, so ``1``, ``1.0`` and ``True`` (equal in Python, but
    ``1``, ``1.0`` and ``true`` in JSON) never share a text, nor do ``0.0`` and ``-0.0``; a tuple holding
    anything but ints, and any value not a float, an int, a str or a tuple, is converted each time.
    """
    seen: dict[tuple[type, Any], str] = {}
    zeros = (convert(0.0), convert(-0.0))  # equal, and written apart: told apart by their sign
    out = []
    for value in values:
        kind = type(value)
        if kind is float and value == 0.0:
            out.append(zeros[math.copysign(1.0, value) < 0])
            continue
        if kind is float:
            known = True  # a NaN is found again only as itself
        elif kind is tuple:
            known = all(type(v) is int for v in value)
        else:
            known = kind is int or kind is str
        if not known:
            out.append(convert(value))
            continue
        key = (kind, value)
        text = seen.get(key)
        if text is None:
            text = seen[key] = convert(value)
        out.append(text)
    return out


def _column_text(kind: str, values: Any) -> tuple[str, list[Any]]:
    """How one column of type ``kind`` goes into a line: a ``%`` format and the values it takes, one a row
    (``%d`` and the ints, ``"%s"`` and text that needs no escape, else ``%s`` and each value's JSON text)."""
    if kind == "int" and isinstance(values, np.ndarray) and values.dtype.kind in "iu":
        return "%d", values.tolist()  # an int's JSON is its decimal text
    if kind == "float" and isinstance(values, np.ndarray) and values.dtype == np.float64 and values.ndim == 1:
        # one text a distinct bit pattern (0.0 and -0.0 apart, as each NaN): a pot's shares take few values
        bits, where = np.unique(values.view(np.uint64), return_inverse=True)
        texts = np.array([json_text(v) for v in bits.view(np.float64).tolist()], dtype=object)
        return "%s", texts[where.reshape(-1)].tolist()
    plain = values.tolist() if isinstance(values, np.ndarray) else list(values)
    if kind == "int" and all(type(v) is int for v in plain):
        return "%d", plain
    if kind == "str":
        try:
            joined = "".join(plain)  # a TypeError when a value is not text
        except TypeError:
            joined = None
        if joined is not None and not _ESCAPED.search(joined):
            return '"%s"', plain  # nothing in them json.dumps would escape
    if kind in ("ints", "floats"):
        plain = [tuple(v) if isinstance(v, list) else v for v in plain]
    try:
        return "%s", _by_value(plain, json_text)
    except TypeError:  # an unhashable value: each on its own
        return "%s", [json_text(v) for v in plain]


def json_lines(columns: Mapping[str, str], data: Mapping[str, Sequence[Any]]) -> str:
    """The JSON lines of the rows of ``data`` (column name to values, all of one length), keys in the order
    of ``columns`` (name to :data:`~omaha8.deals._row_files.COLUMN_TYPES` kind); a missing column is null."""
    names = list(columns)
    lengths = {len(data[name]) for name in names if name in data}
    if len(lengths) > 1:
        raise ValueError(f"columns of different lengths: {sorted(lengths)}")
    n = lengths.pop() if lengths else 0
    if not n:
        return ""
    formats, texts = [], []
    for name in names:
        spec, values = _column_text(columns[name], data[name]) if name in data else ("null", [])
        formats.append(json.dumps(name).replace("%", "%%") + ": " + spec)
        if name in data:
            texts.append(values)
    template = "{" + ", ".join(formats) + "}\n"
    return "".join([template % row for row in zip(*texts)])
