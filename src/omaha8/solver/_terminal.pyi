"""Typed surface of the compiled terminal-value kernel ``omaha8.solver._terminal``."""

from typing import Any

import numpy as np

_U8 = np.ndarray[Any, np.dtype[np.uint8]]
_I32 = np.ndarray[Any, np.dtype[np.int32]]
_F64 = np.ndarray[Any, np.dtype[np.float64]]

def table_rows(k: int) -> int: ...
def combo_slots(cards: _U8) -> _I32: ...
def terminal_values(
    hand_side: tuple[Any, ...],
    opp_side: tuple[Any, ...],
    hand_same: _I32,
    opp_same: _I32,
    reach: Any,
    coef_share: Any,
    coef_total: Any,
    m_s: int,
    threads: int = ...,
) -> _F64: ...
