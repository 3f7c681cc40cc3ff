"""Typed surface of the compiled solver engine ``omaha8.solver._cfr``."""

from typing import Any

import numpy as np
from typing_extensions import disjoint_base

_F32 = np.ndarray[Any, np.dtype[np.float32]]
_F64 = np.ndarray[Any, np.dtype[np.float64]]

UPDATE: int
BEST: int
AVERAGE: int

@disjoint_base
class Engine:
    regret: _F32
    strat: _F32
    n_nodes: int
    def __init__(
        self,
        kind: Any,
        actor: Any,
        child_start: Any,
        n_child: Any,
        children: Any,
        node_seg: Any,
        node_local: Any,
        coef_share: Any,
        coef_total: Any,
        store: Any,
        river_card: Any,
        seg_start: Any,
        seg_nodes: Any,
        seg_board: Any,
        sides: list[Any],
        nsub: int,
        same: tuple[Any, ...],
        masks: tuple[Any, ...],
        chance_factor: float,
    ) -> None: ...
    def iterate(self, first: int, count: int, weights0: Any, weights1: Any, threads: int = ...) -> None: ...
    def values(
        self, p: int, mode: int, weights0: Any, weights1: Any, record_node: int = ..., threads: int = ...
    ) -> tuple[_F64, _F64 | None, _F64 | None]: ...
