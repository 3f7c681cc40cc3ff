"""Rows of hands for files and spreadsheets: CSV, JSON lines and Parquet written atomically, and a DataFrame.

:class:`RowFile` writes one row per hand and player (the columns of
:data:`~omaha8.histories.ROW_COLUMNS`) to a ``.csv``, ``.jsonl`` (or
``.ndjson``) or ``.parquet`` file through omaha8's atomic output
(:mod:`omaha8.io.outputs`): the file appears whole when the run ends well,
and nothing of it (an older file of that name is left as it was) when it
fails. Parquet needs pyarrow (``pip install omaha8[tables]``).

Text cells that a spreadsheet would run as a formula (a player named
``=HYPERLINK(...)``, ``+1``, ``-1``, ``@x``, or starting with a tab or a
carriage return) are written to CSV with a ``'`` before them, as the OWASP
guidance on CSV injection recommends; JSON lines and Parquet keep every
value as it is (they are read as data, never evaluated).

>>> safe_cell("=1+2"), safe_cell("Ann"), safe_cell(-5)
("'=1+2", 'Ann', -5)
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any

from ..errors import MissingExtraError, OutputError
from ..deals._outputs import _close_quietly, _Output, _open_binary

__all__ = ["RowFile", "safe_cell", "ROW_KINDS", "FORMULA_STARTS"]

#: File kinds by name ending.
ROW_KINDS = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl", ".parquet": "parquet"}
#: First characters that make a spreadsheet read a cell as a formula (OWASP: CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_BATCH = 65536  # rows a Parquet row group holds, so a large run keeps only one batch in memory


def safe_cell(value: Any) -> Any:
    """``value`` with a ``'`` before it when it is text a spreadsheet would run as a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _kind(path: str) -> str:
    for ending, kind in ROW_KINDS.items():
        if path.lower().endswith(ending):
            return kind
    raise OutputError(f"-o {path!r}: the name must end in .csv, .jsonl, .ndjson or .parquet")


class RowFile:
    """One row file being written: :meth:`write` rows, then :meth:`close` (complete) or :meth:`discard` (none)."""

    def __init__(self, path: str, columns: tuple[str, ...]) -> None:
        if not path:
            raise OutputError("-o '': give a file name ending in .csv, .jsonl or .parquet")
        self.kind = _kind(path)
        self.columns = columns
        self.output = _Output(path)
        self._built: Path | None = None
        self._raw: IO[bytes] | None = None
        self._text: io.TextIOWrapper | None = None
        self._rows: list[dict[str, Any]] = []
        self._parquet: Any = None
        if self.kind == "parquet":
            try:
                import pyarrow  # type: ignore[import-untyped,unused-ignore]  # noqa: F401
                import pyarrow.parquet  # type: ignore[import-untyped,unused-ignore]  # noqa: F401
            except ImportError:
                raise MissingExtraError(
                    f"-o {path!r}: Parquet needs pyarrow: pip install 'omaha8[tables]'") from None
        try:
            if self.output.direct:
                self._raw = self.output.stream()
            else:
                self._built = self.output.scratch("rows")
                self._raw = _open_binary(self._built, "wb")
        except OSError as exc:
            self.discard()
            raise OutputError(f"-o {path!r}: cannot write: {exc.strerror or exc}") from None
        if self.kind != "parquet":
            self._text = io.TextIOWrapper(self._raw, encoding="utf-8", newline="", write_through=False)
            if self.kind == "csv":
                self._csv = csv.DictWriter(self._text, fieldnames=columns, extrasaction="ignore")
                self._csv.writeheader()

    def write(self, rows: Iterable[dict[str, Any]]) -> None:
        """Write rows (dicts keyed by the columns)."""
        if self.kind == "csv":
            for row in rows:
                self._csv.writerow({key: safe_cell(value) for key, value in row.items()})
        elif self.kind == "jsonl":
            assert self._text is not None
            for row in rows:
                self._text.write(json.dumps(row) + "\n")
        else:
            self._rows.extend(rows)
            if len(self._rows) >= _BATCH:
                self._flush_parquet()

    def _flush_parquet(self) -> None:
        import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]
        import pyarrow.parquet as pq  # type: ignore[import-untyped,unused-ignore]

        table = pa.Table.from_pylist(self._rows, schema=_schema(pa, self.columns))
        if self._parquet is None:
            self._parquet = pq.ParquetWriter(self._raw, table.schema)
        self._parquet.write_table(table)
        self._rows = []

    def close(self) -> None:
        """Finish the file: it appears complete under its name."""
        try:
            if self.kind == "parquet":
                if self._rows or self._parquet is None:
                    self._flush_parquet()
                self._parquet.close()
            elif self._text is not None:
                self._text.flush()
                self._text.detach()
                self._text = None
            if self._built is not None:
                assert self._raw is not None
                self._raw.close()
                self.output.commit(self._built)
            else:
                self.output.finish_stream()
        except BaseException:
            self.discard()
            raise

    def discard(self) -> None:
        """Leave nothing behind (an older file of that name stays as it was)."""
        if self._text is not None:
            try:
                self._text.detach()
            except (OSError, ValueError):
                pass
            self._text = None
        if self._raw is not None and self._built is not None:
            _close_quietly(self._raw)
        self.output.discard()


def _schema(pa: Any, columns: tuple[str, ...]) -> Any:
    """The Parquet columns: numbers as 64-bit integers, the rest as text."""
    ints = {"cards", "seat", "contributed", "collected_file", "collected_replay", "net", "allin_ev_net", "line",
            "hands_seen", "vpip", "pfr", "showdown", "won_at_showdown", "scooped", "quartered"}
    return pa.schema([(name, pa.int64() if name in ints else pa.string()) for name in columns])
