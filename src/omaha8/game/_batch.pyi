"""Typed surface of the compiled module ``omaha8.game._batch`` (the kernel of ``BatchTables``)."""

from typing import Any

from typing_extensions import disjoint_base

import numpy as np

_I8 = np.ndarray[Any, np.dtype[np.int8]]
_I64 = np.ndarray[Any, np.dtype[np.int64]]
_U8 = np.ndarray[Any, np.dtype[np.uint8]]
_Rows = np.ndarray[Any, np.dtype[np.intp]] | None

@disjoint_base
class Engine:
    def __new__(
        cls,
        n_tables: int,
        n_seats: int,
        variant: int,
        kind: int,
        small_blind: int,
        big_blind: int,
        small_bet: int,
        big_bet: int,
        cap: int,
        heads_up_rule: int,
        carry: bool,
        start: _I64,
        seed: int,
    ) -> Engine: ...
    def observe(self, rows: _Rows = ...) -> dict[str, np.ndarray[Any, Any]]: ...
    def first_illegal(self, kinds: _I8, amounts: _I64, rows: _Rows = ...) -> int: ...
    def apply(
        self, kinds: _I8, amounts: _I64, n_threads: int, rows: _Rows = ...
    ) -> tuple[np.ndarray[Any, np.dtype[np.int32]], _I64]: ...
    def play(self, hands: _I64, policy: int, n_threads: int) -> None: ...
    def advance(
        self, policy: _I8, kinds: _I8, amounts: _I64, n_threads: int
    ) -> tuple[np.ndarray[Any, np.dtype[np.bool_]], _I64, _I64, _I64, dict[str, np.ndarray[Any, Any]]]: ...
    def counting(self, on: bool) -> None: ...
    def totals(self) -> tuple[_I64, _I64, _I64, bool]: ...
    def broken(self) -> bool: ...
    def buttons(self) -> _I8: ...
    def hands_finished(self) -> _I64: ...
    def last_net(self) -> _I64: ...
    def last_hand(self, t: int) -> dict[str, Any]: ...
