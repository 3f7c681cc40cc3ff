"""Typed surface of the compiled omaha8.pots._pots module."""

from collections.abc import Sequence
from typing import Any, TypeAlias

from ..core._evaluate import HandEvaluation
from ._odd_chips import OddChipPolicy
from ._results import Pot, ShowdownResult

# what _settle gives: (payouts, uncalled, pots, show order, high values, low values, hands)
_Settled: TypeAlias = tuple[
    tuple[int, ...], tuple[int, ...], tuple[Pot, ...], tuple[int, ...], list[int], list[int], list[HandEvaluation | None]
]

def _frozen(cls: type[Any], values: tuple[Any, ...]) -> Any: ...
def _layer_pots(chips: Sequence[int], live_chips: list[int]) -> list[tuple[int, tuple[int, ...]]]: ...
def _return_uncalled(chips: list[int]) -> tuple[list[int], list[int]]: ...
def _fold_out(chips: list[int], winner: int) -> tuple[list[int], list[Pot]]: ...
def _divide(amount: int, winners: Sequence[int], awards: list[int], odd: list[int]) -> None: ...
def _ordered(
    policy: OddChipPolicy, winners: tuple[int, ...], amount: int, button: int, n_seats: int
) -> tuple[int, ...]: ...
def _chip_count(value: object) -> int | None: ...
def _checked_halves(cut: object, amount: int) -> tuple[int, int]: ...
def _split(
    amount: int,
    eligible: tuple[int, ...],
    high: list[int],
    low: list[int],
    policy: OddChipPolicy,
    button: int,
    n_seats: int,
) -> Pot: ...
def _settle(
    board: tuple[int, ...],
    cards: Sequence[tuple[int, ...] | None],
    chips: list[int],
    live: list[int],
    live_chips: list[int],
    button: int,
    last_aggressor: int | None,
    policy: OddChipPolicy,
    with_hands: bool,
) -> _Settled: ...

def _showdown_result(settled: _Settled, chips: list[int]) -> ShowdownResult: ...

class _Unevaluated(Exception): ...
