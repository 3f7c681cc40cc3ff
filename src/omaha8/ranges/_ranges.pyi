"""Typed surface of omaha8.ranges._ranges: the nogil range-pattern matcher."""

from typing import Any

import numpy as np

def match_patterns(
    hands: np.ndarray[Any, np.dtype[np.uint8]],
    starts: np.ndarray[Any, np.dtype[np.int32]],
    allowed: np.ndarray[Any, np.dtype[np.uint64]],
    rank_slot: np.ndarray[Any, np.dtype[np.int8]],
    suit_slot: np.ndarray[Any, np.dtype[np.int8]],
    after_previous: np.ndarray[Any, np.dtype[np.uint8]],
    need: np.ndarray[Any, np.dtype[np.uint8]],
    anchor_starts: np.ndarray[Any, np.dtype[np.int32]],
    anchored: np.ndarray[Any, np.dtype[np.int32]],
    unanchored: np.ndarray[Any, np.dtype[np.int32]],
    out: np.ndarray[Any, np.dtype[np.uint8]],
    n_threads: int = ...,
) -> int: ...
