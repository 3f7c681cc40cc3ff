"""Typed surface of the compiled equity kernels ``omaha8.odds._equity_kernel``."""

from typing import Any

from typing_extensions import disjoint_base

import numpy as np

_U8 = np.ndarray[Any, np.dtype[np.uint8]]
_I32 = np.ndarray[Any, np.dtype[np.int32]]
_I64 = np.ndarray[Any, np.dtype[np.int64]]

POT_UNITS: int
SAMPLE_CHUNK: int
STATS: tuple[str, ...]
MAX_SEATS: int

@disjoint_base
class EquitySpot:
    @property
    def n_players(self) -> int: ...
    @property
    def width(self) -> int: ...
    @property
    def unknown(self) -> int: ...
    def __new__(cls, holes: _U8, known: _U8, deck: _U8) -> EquitySpot: ...
    def exact_chunks(self) -> tuple[_I32, _I64]: ...
    def exact(self, prefixes: _I32, out: _I64, n_threads: int) -> int: ...
    def sample(self, seed: int, first_chunk: int, total: int, out: _I64, n_threads: int) -> int: ...
