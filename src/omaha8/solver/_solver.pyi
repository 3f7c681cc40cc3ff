"""Typed surface of the compiled sweep kernel ``omaha8.solver._solver``."""

from typing import Any

import numpy as np

_U8 = np.ndarray[Any, np.dtype[np.uint8]]
_I32 = np.ndarray[Any, np.dtype[np.int32]]
_U16 = np.ndarray[Any, np.dtype[np.uint16]]
_I64 = np.ndarray[Any, np.dtype[np.int64]]
_F64 = np.ndarray[Any, np.dtype[np.float64]]

def table_slots(k: int) -> int: ...
def sweep(
    opp_cards: _U8,
    opp_weight: _F64,
    opp_seq: _I32,
    opp_key: _U16,
    opp_bounds: _I64,
    hand_cards: _U8,
    hand_seq: _I32,
    hand_key: _U16,
    hand_bounds: _I64,
    out_less: _F64,
    out_upto: _F64,
    out_all: _F64,
    n_threads: int = ...,
    opp_digit: _U8 | None = ...,
    hand_digit: _U8 | None = ...,
    base: int = ...,
) -> int: ...
def stable_order(key: _U16, seq: _I32 | None = ...) -> _I32: ...
def has_repeats(cards: _U8) -> bool: ...
