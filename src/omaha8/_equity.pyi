"""Typed surface of the compiled equity kernels ``omaha8._equity``."""

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
    def exact(self, prefixes: _I32, out: _I64, n_threads: int | None = ...) -> None: ...
    def sample(self, seed: int, first_chunk: int, total: int, out: _I64, n_threads: int | None = ...) -> None: ...

# the fields of an EquityResult, in order: six arrays, no_low, boards, exact, std_error, seed
_F64 = np.ndarray[Any, np.dtype[np.float64]]
_Run = tuple[_F64, _F64, _F64, _F64, _F64, _F64, float, int, bool, _F64, None]

def small_exact(holes: object, board: object, dead: object, names: dict[str, int]) -> _Run | None: ...
def small_exact_spot(holes: _U8, board: _U8, deck: _U8) -> _Run: ...
