"""Typed surface of omaha8._cardio: nogil kernels for card text <-> ids and result lines."""

from typing import Any

import numpy as np

_U8 = np.ndarray[Any, np.dtype[np.uint8]]
_I64 = np.ndarray[Any, np.dtype[np.int64]]

COLUMN_KINDS: dict[str, int]
__test__: dict[str, str]

def parse_text_rows(
    text: np.ndarray[Any, np.dtype[np.uint8]] | np.ndarray[Any, np.dtype[np.uint32]],
    out: _U8,
    counts: np.ndarray[Any, np.dtype[np.int16]],
    n_threads: int,
) -> None: ...
def format_id_rows(
    ids: _U8,
    sep: np.ndarray[Any, np.dtype[np.uint32]],
    out: np.ndarray[Any, np.dtype[np.uint8]] | np.ndarray[Any, np.dtype[np.uint32]],
    n_threads: int,
) -> None: ...
def find_line_ends(buf: _U8, start: int, ends: _I64) -> int: ...
def parse_deal_lines(
    buf: _U8,
    starts: _I64,
    ends: _I64,
    boards: _U8,
    holes: _U8,
    status: np.ndarray[Any, np.dtype[np.int8]],
    n_threads: int,
) -> None: ...
def format_result_rows(
    plan: Any,
    n: int,
    n_seats: int,
    k: int,
    deal_start: int,
    line: Any = ...,
    boards: Any = ...,
    holes: Any = ...,
    high: Any = ...,
    low: Any = ...,
    high_winners: Any = ...,
    low_winners: Any = ...,
    shares: Any = ...,
    high_table: tuple[Any, Any] | None = ...,
    low_table: tuple[Any, Any] | None = ...,
    out: _U8 | None = ...,
    n_threads: int = ...,
) -> tuple[_U8, _I64]: ...
def random_deals(seed: int, first: int, boards: _U8, holes: _U8, n_threads: int) -> None: ...
