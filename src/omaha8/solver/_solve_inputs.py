"""The arguments of :func:`omaha8.solver.solve` checked: board, ranges, chips, structure, sizes, rake.

Every refusal is one of omaha8's errors naming the argument (``ranges[1]``,
``bets[0]``, ``stacks``) and quoting the value briefly.

>>> check_sizes((0.5, 1.0), "bets")
(0.5, 1.0)
>>> check_sizes((0.5, float("nan")), "bets")
Traceback (most recent call last):
...
omaha8.errors.ArgumentError: bets[1] = nan is not a pot fraction above 0 and at most 100
>>> check_stacks(-5)
Traceback (most recent call last):
...
omaha8.errors.ChipError: stacks must be at least 0 chips, got -5
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from .._support._args import brief, check_bool, check_int, is_int
from ..cards import CardsLike, format_cards
from ..core._core import find_bad_card
from ..errors import ArgumentError, ArgumentTypeError, ChipError, DuplicateCardError, EmptyRangeError, ShapeError
from ..game.rake import PercentageRake, RakePolicy
from ..game.structures import FixedLimit, NoLimit, PotLimit
from ..ranges.range import Range
from ..ranges.universe import hand_index
from ._sweep_inputs import CombosSource, _board_cards, _combos
from ._tree import Betting, Structure

U8Array = np.ndarray[Any, np.dtype[np.uint8]]
F64Array = np.ndarray[Any, np.dtype[np.float64]]

#: Structures given by name.
STRUCTURE_NAMES = ("pot-limit", "no-limit", "fixed-limit")
#: The largest weight a combo may have: weights are relative, and one past this (1e308, say) is a mistake
#: whose sums would overflow.
MAX_WEIGHT = 1e12
#: The largest bet or raise, as a fraction of the pot.
MAX_SIZE = 100.0
#: Most raises per street that may be asked for.
MAX_RAISES = 100
#: Most iterations that may be asked for.
MAX_ITERATIONS = 10**9

RangeLike = str | CombosSource | Any


def check_board(board: CardsLike) -> U8Array:
    """A turn or river board: 4 or 5 distinct cards."""
    cards, _ = _board_cards(board, None)
    if cards.shape[0] not in (4, 5):
        raise ShapeError(f"board must have 4 cards (the turn) or 5 (the river), got {cards.shape[0]}")
    return cards


def _side(source: object, name: str, board: U8Array, cards: int) -> tuple[U8Array, F64Array]:
    if isinstance(source, (bytes, bytearray)) or source is None:
        raise ArgumentTypeError(f"{name} must be range text, a Range or (n, 4) / (n, 5) combos, not {brief(source)}")
    try:
        combos, weights = _combos(source, None, name, f"{name} weights", board, np.zeros(0, dtype=np.uint8), cards)
    except EmptyRangeError as exc:  # the range's own words, with the argument named
        raise EmptyRangeError(f"{name}: {exc}") from None
    if weights is None:
        weights = np.ones(combos.shape[0])
    if not isinstance(source, (str, CombosSource)) or isinstance(source, np.ndarray):
        # the combos' own cards are checked (_combos): the kernels' one card check finds a row meeting the board
        row = find_bad_card(np.ascontiguousarray(combos, dtype=np.uint8), board.reshape(1, -1), 1)
        if row >= 0:
            col = int(np.flatnonzero(np.isin(combos[row], board))[0])
            raise DuplicateCardError(f"{name}[{row}] holds {format_cards(combos[row, col:col + 1])}, a board card")
        keys = hand_index(combos)
        order = np.argsort(keys, kind="stable")
        again = np.flatnonzero(keys[order][1:] == keys[order][:-1])
        if again.size:
            first, second = sorted(int(i) for i in order[again[0] : again[0] + 2])
            raise ArgumentError(f"{name}[{first}] and {name}[{second}] are the same combo "
                                f"({format_cards(combos[first])})")
    big = np.flatnonzero(weights > MAX_WEIGHT)
    if big.size:
        row = int(big[0])
        raise ArgumentError(f"{name} weights[{row}] = {brief(float(weights[row]))} is above {MAX_WEIGHT:g}: "
                            "weights are relative, scale them down")
    keep = weights > 0
    if not keep.any():
        raise EmptyRangeError(f"{name} holds no combo of positive weight that fits the board {format_cards(board)}")
    return np.ascontiguousarray(combos[keep]), np.ascontiguousarray(weights[keep], dtype=np.float64)


def check_ranges(ranges: object, board: U8Array) -> tuple[tuple[U8Array, U8Array], tuple[F64Array, F64Array]]:
    """Both players' combos that fit the board and their weights (above 0); text takes the other side's size."""
    if isinstance(ranges, (str, bytes, np.ndarray)) or not isinstance(ranges, Sequence) or len(ranges) != 2:
        raise ArgumentTypeError(f"ranges must be a pair (player 0's range, player 1's), not {brief(ranges)}")
    size = 4
    for source in ranges:
        if isinstance(source, Range):
            size = source.cards
        elif not isinstance(source, (str, CombosSource)):
            try:
                shape = np.shape(source)
            except (TypeError, ValueError):  # ragged or odd input: _combos says what is wrong with it
                continue
            if len(shape) == 2 and shape[1] in (4, 5):
                size = int(shape[1])
    sides = [_side(source, f"ranges[{i}]", board, size) for i, source in enumerate(ranges)]
    if sides[0][0].shape[1] != sides[1][0].shape[1]:
        raise ShapeError(f"ranges[0] has {sides[0][0].shape[1]}-card combos but ranges[1] has "
                         f"{sides[1][0].shape[1]}-card ones")
    return (sides[0][0], sides[1][0]), (sides[0][1], sides[1][1])


def _chips(value: object, name: str, minimum: int) -> int:
    if not is_int(value):
        raise ChipError(f"{name} must be a whole number of chips, not {brief(value)}")
    number = operator.index(value)  # type: ignore[arg-type]
    if number < minimum:
        raise ChipError(f"{name} must be at least {minimum} chips, got {brief(number)}")
    if number > 10**15:
        raise ChipError(f"{name} must be at most 10**15 chips, got {brief(number)}")
    return int(number)


def check_stacks(stacks: object) -> tuple[int, int]:
    """The two players' stacks: one number for both, or a pair."""
    if isinstance(stacks, (list, tuple)):
        if len(stacks) != 2:
            raise ChipError(f"stacks must be one number or a pair, not {brief(stacks)}")
        return _chips(stacks[0], "stacks[0]", 0), _chips(stacks[1], "stacks[1]", 0)
    stack = _chips(stacks, "stacks", 0)
    return stack, stack


def check_sizes(sizes: object, name: str) -> tuple[float, ...]:
    """Bet or raise sizes: fractions of the pot above 0 and at most :data:`MAX_SIZE`."""
    if isinstance(sizes, (str, bytes)) or not isinstance(sizes, (Sequence, np.ndarray)):
        raise ArgumentTypeError(f"{name} must be a sequence of pot fractions such as (0.5, 1.0), not {brief(sizes)}")
    out = []
    for i, size in enumerate(sizes):
        if isinstance(size, (bool, np.bool_)) or not isinstance(size, (int, float, np.integer, np.floating)):
            raise ArgumentTypeError(f"{name}[{i}] must be a number, not {brief(size)}")
        value = float(size)
        if not (math.isfinite(value) and 0.0 < value <= MAX_SIZE):
            raise ArgumentError(f"{name}[{i}] = {brief(size)} is not a pot fraction above 0 and at most {MAX_SIZE:g}")
        out.append(value)
    return tuple(out)


def check_structure(structure: object, bets: tuple[float, ...], pot: int) -> Structure:
    """A structure object; by name, the least bet is 1 chip, and fixed limit bets ``bets[0]`` of the pot."""
    if isinstance(structure, (PotLimit, NoLimit, FixedLimit)):
        return structure
    if not isinstance(structure, str):
        raise ArgumentTypeError(f"structure must be one of {', '.join(STRUCTURE_NAMES)} or a PotLimit, NoLimit or "
                                f"FixedLimit, not {brief(structure)}")
    if structure == "pot-limit":
        return PotLimit(1, 1)
    if structure == "no-limit":
        return NoLimit(1, 1)
    if structure == "fixed-limit":
        if not bets:
            raise ArgumentError("bets must hold the fixed bet (a fraction of the pot) when structure is 'fixed-limit'")
        bet = max(1, int(math.floor(bets[0] * pot + 0.5)))
        return FixedLimit(bet, bet)
    raise ArgumentError(f"structure must be one of {', '.join(STRUCTURE_NAMES)}, not {brief(structure)}")


def check_rake(rake: object) -> RakePolicy | None:
    """None, a rake policy, or ``(percent, cap)`` for a :class:`~omaha8.game.rake.PercentageRake`."""
    if rake is None or (isinstance(rake, RakePolicy) and not isinstance(rake, (tuple, list))):
        return rake
    if isinstance(rake, (tuple, list)) and len(rake) == 2:
        percent = rake[0]
        if isinstance(percent, float):
            if not math.isfinite(percent):
                raise ArgumentError(f"rake[0] = {brief(percent)} is not a percentage")
            percent = Fraction(str(percent))
        return PercentageRake(percent, rake[1])
    raise ArgumentTypeError(f"rake must be None, (percent, cap) or a rake policy such as PercentageRake(5, cap=3), "
                            f"not {brief(rake)}")


def check_betting(pot: object, stacks: object, structure: object, bets: object, raises: object, allin: object,
                  max_raises: object, rake: object) -> tuple[Betting, tuple[int, int]]:
    """The betting of the subgame, and the stacks as given."""
    chips = _chips(pot, "pot", 1)
    both = check_stacks(stacks)
    bet_sizes = check_sizes(bets, "bets")
    raise_sizes = check_sizes(raises, "raises")
    rule = check_structure(structure, bet_sizes, chips)
    betting = Betting(
        pot=chips, stack=min(both), structure=rule, bets=bet_sizes, raises=raise_sizes,
        allin=check_bool(allin, "allin"), max_raises=check_int(max_raises, "max_raises", minimum=0, maximum=MAX_RAISES),
        rake=check_rake(rake),
    )  # fmt: skip
    return betting, both


def check_target(target: object) -> float:
    """The exploitability to stop at, a fraction of the pot above 0."""
    if isinstance(target, (bool, np.bool_)) or not isinstance(target, (int, float, np.integer, np.floating)):
        raise ArgumentTypeError(f"target must be a number (a fraction of the pot), not {brief(target)}")
    value = float(target)
    if not (math.isfinite(value) and 0.0 < value <= 10.0):
        raise ArgumentError(f"target = {brief(target)} must be a fraction of the pot above 0 and at most 10")
    return value


def check_iterations(max_iterations: object) -> int:
    return check_int(max_iterations, "max_iterations", minimum=0, maximum=MAX_ITERATIONS)
