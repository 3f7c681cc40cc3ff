"""Typed surface of the compiled small exact runs ``omaha8.odds._small_exact``."""

from typing import Any

import numpy as np

_U8 = np.ndarray[Any, np.dtype[np.uint8]]

# the fields of an EquityResult, in order: six arrays, no_low, boards, exact, std_error, seed
_F64 = np.ndarray[Any, np.dtype[np.float64]]
_Run = tuple[_F64, _F64, _F64, _F64, _F64, _F64, float, int, bool, _F64, None]

def small_exact(holes: object, board: object, dead: object, names: dict[str, int]) -> _Run | None: ...
def small_exact_spot(holes: _U8, board: _U8, deck: _U8) -> _Run: ...
