"""Typed surface of the compiled preflop-table kernel ``omaha8.odds._preflop``."""

from typing import Any

import numpy as np

STATS: tuple[str, ...]
MAX_SEATS: int
MAX_SAMPLES: int

def pot_units(players: int) -> int: ...
def sample_hands(
    hands: np.ndarray[Any, np.dtype[np.uint8]],
    index: np.ndarray[Any, np.dtype[np.int64]],
    opponents: int,
    samples: int,
    seed: int,
    out: np.ndarray[Any, np.dtype[np.int64]],
    n_threads: int,
) -> int: ...
