"""Typed surface of omaha8.deals._random_deals: the nogil kernel that draws random deals."""

from typing import Any

import numpy as np

_U8 = np.ndarray[Any, np.dtype[np.uint8]]

__test__: dict[str, str]

def random_deals(seed: int, first: int, boards: _U8, holes: _U8, n_threads: int) -> int: ...
