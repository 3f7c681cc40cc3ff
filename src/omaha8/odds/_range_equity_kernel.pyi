"""Typed surface of the compiled range equity kernels ``omaha8.odds._range_equity_kernel``."""

from typing import Any

from typing_extensions import disjoint_base

import numpy as np

_U8 = np.ndarray[Any, np.dtype[np.uint8]]
_I64 = np.ndarray[Any, np.dtype[np.int64]]
_F64 = np.ndarray[Any, np.dtype[np.float64]]

SAMPLE_CHUNK: int
REJECTION_LIMIT: int
MAX_SEATS: int

@disjoint_base
class RangeSpot:
    @property
    def n_players(self) -> int: ...
    @property
    def width(self) -> int: ...
    @property
    def unknown(self) -> int: ...
    @property
    def n_deck(self) -> int: ...
    def __new__(
        cls, combos: _U8, offsets: _I64, weights: _F64, known: _U8, deck: _U8, any_hand: _U8
    ) -> RangeSpot: ...
    def n_exact_chunks(self) -> int: ...
    def exact(self, first_chunk: int, out: _F64, n_threads: int) -> int: ...
    def sample(self, seed: int, first_chunk: int, total: int, out: _F64, n_threads: int) -> int: ...
