"""Typed surface of the omaha8._showdown Cython module."""

from typing import Any

import numpy as np

_U8 = np.ndarray[Any, np.dtype[np.uint8]]

def winners(
    holes: _U8,
    boards: _U8,
    active: _U8 | None,
    high_out: np.ndarray[Any, np.dtype[np.uint16]],
    low_out: np.ndarray[Any, np.dtype[np.uint16]],
    n_threads: int | None = ...,
) -> None: ...
def pot_shares(
    holes: _U8,
    boards: _U8,
    active: _U8 | None,
    out: np.ndarray[Any, np.dtype[np.float64]],
    n_threads: int | None = ...,
) -> None: ...
def high_values(
    holes: _U8,
    boards: _U8,
    out: np.ndarray[Any, np.dtype[np.uint16]],
) -> None: ...
