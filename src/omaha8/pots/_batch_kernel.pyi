"""Typed surface of the omaha8.pots._batch_kernel Cython module."""

from typing import Any

import numpy as np

_U8 = np.ndarray[Any, np.dtype[np.uint8]]
_U16 = np.ndarray[Any, np.dtype[np.uint16]]

def split(
    holes: _U8,
    boards: _U8,
    active: _U8 | None,
    high_out: _U16 | None,
    low_out: _U16 | None,
    shares_out: np.ndarray[Any, np.dtype[np.float64]] | None,
    n_threads: int,
    check: bool = ...,
    high_values: _U16 | None = ...,
    low_values: _U8 | None = ...,
    high_shares: np.ndarray[Any, np.dtype[np.float64]] | None = ...,
    low_shares: np.ndarray[Any, np.dtype[np.float64]] | None = ...,
) -> int: ...
