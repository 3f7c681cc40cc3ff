"""Typed surface of omaha8.cards._format_text: nogil kernels that write card ids and result lines as text."""

from typing import Any

import numpy as np
from typing_extensions import disjoint_base

_U8 = np.ndarray[Any, np.dtype[np.uint8]]
_I64 = np.ndarray[Any, np.dtype[np.int64]]

COLUMN_KINDS: dict[str, int]
__test__: dict[str, str]

@disjoint_base
class PaddedTable:
    text: _U8
    lengths: _U8
    n: int
    max_len: int
    def __init__(self, text: Any, offsets: Any) -> None: ...

def format_id_rows(
    ids: _U8,
    sep: np.ndarray[Any, np.dtype[np.uint32]],
    out: np.ndarray[Any, np.dtype[np.uint8]] | np.ndarray[Any, np.dtype[np.uint32]],
    n_threads: int,
) -> int: ...
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
    high_table: tuple[Any, Any] | PaddedTable | None = ...,
    low_table: tuple[Any, Any] | PaddedTable | None = ...,
    out: _U8 | None = ...,
    n_threads: int = ...,
) -> tuple[_U8, _I64]: ...
def write_result_rows(
    fd: int,
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
    high_table: tuple[Any, Any] | PaddedTable | None = ...,
    low_table: tuple[Any, Any] | PaddedTable | None = ...,
    out: _U8 | None = ...,
    piece_rows: int = ...,
    reserve_at: int = ...,
) -> tuple[_U8, int, int]: ...
