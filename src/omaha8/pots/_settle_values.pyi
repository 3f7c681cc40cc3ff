"""Typed surface of omaha8.pots._settle_values: winner masks and pot shares from seat values already computed."""

from typing import Any

import numpy as np

_U16 = np.ndarray[Any, np.dtype[np.uint16]]

__test__: dict[str, str]

def winners_of_values(
    high: _U16, low: np.ndarray[Any, np.dtype[np.uint8]], high_out: _U16, low_out: _U16, n_threads: int
) -> None: ...
def shares_of_winners(
    high_winners: _U16, low_winners: _U16, out: np.ndarray[Any, np.dtype[np.float64]], n_threads: int
) -> None: ...
