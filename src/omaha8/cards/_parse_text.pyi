"""Typed surface of omaha8.cards._parse_text: nogil kernels that read card text and deal lines into card ids."""

from typing import Any

import numpy as np

_U8 = np.ndarray[Any, np.dtype[np.uint8]]
_I64 = np.ndarray[Any, np.dtype[np.int64]]

__test__: dict[str, str]

def parse_text_rows(
    text: np.ndarray[Any, np.dtype[np.uint8]] | np.ndarray[Any, np.dtype[np.uint32]],
    out: _U8,
    counts: np.ndarray[Any, np.dtype[np.int16]],
    n_threads: int,
) -> None: ...
def card_text_ids(text: str) -> tuple[int, ...] | None: ...
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
