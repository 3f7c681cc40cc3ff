"""Rows of results for files and spreadsheets: CSV, JSON lines and Parquet, written atomically; DataFrames.

Every command's data (``-o FILE``, ``--json``) and every result's
``to_dataframe()`` goes through here, so a field has one name and one
encoding wherever it appears:

=========  ===============================  ==========================  ===================
type       CSV                              JSON lines                  Parquet, DataFrame
=========  ===============================  ==========================  ===================
int        ``12``                           ``12``                      int64
float      ``0.9375`` (shortest repr)       ``0.9375``                  float64
str        the text                         ``"text"``                  string
bool       ``true`` / ``false``             ``true`` / ``false``        bool
ints       ``0 5`` (space separated)        ``[0, 5]``                  list of int64
floats     ``0.5 0.25``                     ``[0.5, 0.25]``             list of float64
missing    empty                            ``null``                    null
=========  ===============================  ==========================  ===================

A seat list such as ``high_winners`` is ``ints`` everywhere (``0 5`` in a
CSV cell, ``[0, 5]`` in JSON), never a bitmask. The kind of a file comes
from its name's ending (:data:`ROW_FORMATS`); any other name is refused
with the list of kinds, never written as CSV under another name; ``-``, a
FIFO or a device is written into as CSV. :class:`RowFile` builds a file
under a temporary name and moves it into place when complete
(:mod:`omaha8.deals._outputs`), so a failed run leaves the old file as it was
and nothing half-written. Text cells a spreadsheet would run as a formula
(``=``, ``+``, ``-``, ``@``, a tab or a carriage return first) get a ``'``
before them in CSV (OWASP's advice on CSV injection); JSON lines and
Parquet keep every value as it is. Parquet and DataFrames need pyarrow and
pandas (``pip install 'omaha8[tables]'``).

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "rows.csv")
>>> out = RowFile(path, {"deal": "int", "high_winners": "ints", "share": "float", "note": "str"})
>>> out.write([{"deal": 0, "high_winners": [0, 5], "share": 0.5, "note": "=1+2"}])
>>> out.close()
>>> print(open(path).read(), end="")
deal,high_winners,share,note
0,0 5,0.5,'=1+2
>>> RowFile("rows.txt", {"deal": "int"})
Traceback (most recent call last):
...
omaha8.errors.OutputError: -o 'rows.txt': the name must end in .csv, .jsonl or .parquet (the kind of file is read from it)
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import IO, Any

from .._support._args import brief
from ..errors import MissingExtraError, OutputError
from ._json_lines import json_lines, json_value
from ._outputs import CompleteOrAbsent, _close_quietly, _is_stream_path, _open_binary, _Output

__all__ = ["COLUMN_TYPES", "FORMULA_STARTS", "ROW_FORMATS", "RowFile", "cannot_write", "csv_cell",
           "json_value", "require_tables", "row_format", "safe_cell", "to_dataframe"]

#: Row-file kinds by the ending of the name.
ROW_FORMATS = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl", ".parquet": "parquet"}
#: The types a column may have.
COLUMN_TYPES = ("int", "float", "str", "bool", "ints", "floats")
#: First characters that make a spreadsheet read a cell as a formula (OWASP: CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_TABLES = "pip install 'omaha8[tables]'  (pandas and pyarrow)"
_PARQUET_BATCH = 65536  # rows a Parquet row group holds: a long run keeps one batch in memory


def require_tables(module: str, what: str) -> ModuleType:
    """Import ``pandas`` or ``pyarrow`` (and its parquet module), or say how to install them."""
    import importlib

    try:
        found = importlib.import_module(module)
        if module == "pyarrow":
            importlib.import_module("pyarrow.parquet")
    except ImportError:
        raise MissingExtraError(f"{what} needs {module}: {_TABLES}") from None
    return found


def _kinds_text(formats: Mapping[str, str]) -> str:
    endings = [ending for ending in formats if ending != ".ndjson"]
    return ", ".join(endings[:-1]) + " or " + endings[-1] if len(endings) > 1 else endings[0]


def row_format(path: str, formats: Mapping[str, str] = ROW_FORMATS, option: str = "-o") -> str:
    """The kind of file ``path`` names by its ending; ``-`` and streams (a FIFO, a device) are CSV.

    >>> row_format("hands.JSONL"), row_format("-")
    ('jsonl', 'csv')
    """
    lowered = path.lower()
    for ending in sorted(formats, key=len, reverse=True):  # .csv.gz before .gz
        if lowered.endswith(ending):
            return formats[ending]
    if path and _is_stream_path(path):
        return "csv"
    raise OutputError(f"{option} {brief(path)}: the name must end in "
                      f"{_kinds_text(formats)} (the kind of file is read from it)")


def safe_cell(value: Any) -> Any:
    """``value`` with a ``'`` before it when it is text a spreadsheet would run as a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_cell(value: Any) -> Any:
    """One value as the CSV writes it: lists space separated, booleans ``true``/``false``, None empty."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return " ".join(str(csv_cell(v)) for v in value)
    if isinstance(value, float) and not math.isfinite(value):
        return "" if math.isnan(value) else repr(value)
    return safe_cell(value)


def _schema(pa: Any, columns: Mapping[str, str]) -> Any:
    types = {"int": pa.int64(), "float": pa.float64(), "str": pa.string(), "bool": pa.bool_(),
             "ints": pa.list_(pa.int64()), "floats": pa.list_(pa.float64())}
    return pa.schema([(name, types[kind]) for name, kind in columns.items()])


def _check_columns(columns: Mapping[str, str]) -> dict[str, str]:
    out = dict(columns)
    for name, kind in out.items():
        if kind not in COLUMN_TYPES:
            raise ValueError(f"column {name!r} has type {kind!r}, not one of {COLUMN_TYPES}")
    return out


def _reason(exc: OSError) -> str:
    """Why an output could not be written, without the words the message already has."""
    return (exc.strerror or str(exc)).removeprefix("cannot write: ")


def cannot_write(option: str, path: object, exc: OSError) -> OutputError:
    """``OPTION 'PATH': cannot write: REASON``: the one form of an output that cannot be written."""
    return OutputError(f"{option} {brief(path)}: cannot write: {_reason(exc)}")


class RowFile(CompleteOrAbsent):
    """One row file being written: :meth:`write` rows, then :meth:`close` (complete) or :meth:`discard` (none).

    Parameters
    ----------
    path
        ``.csv``, ``.jsonl`` (or ``.ndjson``) or ``.parquet``; ``-`` (standard output), a FIFO or a device
        is written into as CSV.
    columns
        Column name to type (:data:`COLUMN_TYPES`), in the order of the file's columns.
    option
        How the command line names the path, for messages (``-o``).
    """

    def __init__(self, path: str, columns: Mapping[str, str], *, option: str = "-o") -> None:
        if not path:
            raise OutputError(f"{option} '': give a file name ending in {_kinds_text(ROW_FORMATS)}")
        self.kind = row_format(path, ROW_FORMATS, option)
        self.columns = _check_columns(columns)
        self.path, self.option = path, option
        self.rows = 0
        self.output = _Output(path)
        self._built: Path | None = None
        self._raw: IO[bytes] | None = None
        self._text: io.TextIOWrapper | None = None
        self._pending: list[dict[str, Any]] = []
        self._parquet: Any = None
        if self.kind == "parquet":
            if self.output.direct:
                raise OutputError(f"{option} {brief(path)}: Parquet is written to a file, not a stream")
            require_tables("pyarrow", f"{option} {brief(path)}: Parquet")
        try:
            if self.output.direct:
                self._raw = self.output.stream()
            else:
                self._built = self.output.scratch("rows")
                self._raw = _open_binary(self._built, "wb")
        except OSError as exc:
            self.discard()
            raise cannot_write(option, path, exc) from None
        if self.kind != "parquet":
            self._text = io.TextIOWrapper(self._raw, encoding="utf-8", newline="", write_through=False)
            if self.kind == "csv":
                self._csv = csv.writer(self._text, lineterminator="\n")
                self._csv.writerow(list(self.columns))

    def write(self, rows: Iterable[Mapping[str, Any]]) -> None:
        """Write rows (mappings keyed by the columns; a missing column is empty)."""
        names = list(self.columns)
        if self.kind == "csv":
            for row in rows:
                self._csv.writerow([csv_cell(row.get(name)) for name in names])
                self.rows += 1
        elif self.kind == "jsonl":
            assert self._text is not None
            for row in rows:
                self._text.write(json.dumps({name: json_value(row.get(name)) for name in names}) + "\n")
                self.rows += 1
        else:
            for row in rows:
                self._pending.append({name: json_value(row.get(name)) for name in names})
                self.rows += 1
                if len(self._pending) >= _PARQUET_BATCH:
                    self._flush_parquet()

    def write_columns(self, data: Mapping[str, Sequence[Any]]) -> None:
        """Write the rows of whole columns (name to values, all of one length; a missing column is empty):
        the same file as :meth:`write` of their rows, JSON lines at column speed (:mod:`._json_lines`)."""
        if self.kind != "jsonl":
            names = list(data)
            self.write(dict(zip(names, values)) for values in zip(*data.values()))
            return
        assert self._text is not None
        self._text.write(json_lines(self.columns, data))
        self.rows += max((len(values) for values in data.values()), default=0)

    def _flush_parquet(self) -> None:
        pa = require_tables("pyarrow", "Parquet")
        import pyarrow.parquet as pq  # type: ignore[import-untyped,unused-ignore]

        table = pa.Table.from_pylist(self._pending, schema=_schema(pa, self.columns))
        if self._parquet is None:
            self._parquet = pq.ParquetWriter(self._raw, table.schema)
        self._parquet.write_table(table)
        self._pending = []

    def close(self) -> None:
        """Finish the file: it appears complete under its name."""
        try:
            if self.kind == "parquet":
                if self._pending or self._parquet is None:
                    self._flush_parquet()
                self._parquet.close()
            elif self._text is not None:
                self._text.flush()
                self._text.detach()
                self._text = None
            if self._built is not None:
                assert self._raw is not None
                self._raw.close()
                self._raw = None
                self.output.commit(self._built)
            else:
                self.output.finish_stream()
        except OSError as exc:
            self.discard()
            raise cannot_write(self.option, self.path, exc) from None
        except BaseException:
            self.discard()
            raise

    def discard(self) -> None:
        """Leave nothing behind (an older file of that name stays as it was); never raises."""
        if self._text is not None:
            try:
                self._text.detach()
            except (OSError, ValueError):
                pass
            self._text = None
        if self._raw is not None and self._built is not None:
            _close_quietly(self._raw)
        self._raw = None
        self.output.discard()



def to_dataframe(columns: Mapping[str, str], data: Mapping[str, Any], what: str = "to_dataframe()") -> Any:
    """A pandas DataFrame of ``data`` (column name to values), with the columns in the order of ``columns``."""
    pd = require_tables("pandas", what)
    return pd.DataFrame({name: data[name] for name in columns}, columns=list(columns))
