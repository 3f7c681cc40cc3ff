"""Typed surface of the compiled evaluator module ``omaha8.core._core``."""

from collections.abc import Sequence
from typing import Any

import numpy as np

_U8 = np.ndarray[Any, np.dtype[np.uint8]]
_U16 = np.ndarray[Any, np.dtype[np.uint16]]
_U32 = np.ndarray[Any, np.dtype[np.uint32]]
_Cards = bytes | tuple[int, ...] | list[int] | object

N_PAIR_CLASSES: int
N_TRIPLE_CLASSES: int
N_BOARD_CLASSES: int
N_HIGH_VALUES: int
N_LOW_VALUES: int
MAX_HOLE: int
N_FLUSH_MASKS: int
MAX_SHOWDOWN_SEATS: int
MAX_PLAYERS: int
HIGH_CARD: int
ONE_PAIR: int
TWO_PAIR: int
THREE_OF_A_KIND: int
STRAIGHT: int
FLUSH: int
FULL_HOUSE: int
FOUR_OF_A_KIND: int
STRAIGHT_FLUSH: int
CATEGORY_SHIFT: int

def openmp_enabled() -> bool: ...
def max_threads() -> int: ...
def high_keys() -> _U32: ...
def low_masks() -> _U8: ...
def find_bad_card(holes: _U8, boards: _U8, n_threads: int) -> int: ...
def evaluate_batch(
    holes: _U8, boards: _U8, high: _U16 | None, low: _U8 | None, n_threads: int, check: bool = ...
) -> int: ...
def evaluate_hand(
    hole: _Cards, board: _Cards
) -> tuple[int, int | None, tuple[int, int, int, int, int], tuple[int, int, int, int, int] | None] | None: ...
def table(name: str) -> np.ndarray[Any, Any]: ...
def five_card_values(cards: _U8, out: _U16) -> None: ...
def board_class_of(ranks: Sequence[int]) -> int: ...
def rebuild_tables() -> None: ...
