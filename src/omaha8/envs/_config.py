"""The table an environment plays: its arguments checked once, for every environment alike.

>>> config = table_config(num_players=3, structure="no-limit", blinds=(1, 2))
>>> config.structure, config.stacks, config.n_actions
(NoLimit(small_blind=1, big_blind=2), (200, 200, 200), 5)
>>> config.action_names
('fold', 'check/call', 'raise 1/2 pot', 'raise 1 pot', 'all-in')
>>> table_config(structure="half-pot")
Traceback (most recent call last):
...
omaha8.errors.ArgumentError: structure must be 'pot-limit', 'no-limit', 'fixed-limit' or a FixedLimit, PotLimit or NoLimit, not 'half-pot'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypedDict, Union

import numpy as np

from .._support._args import brief, check_bool, check_int, is_int
from ..errors import ArgumentError, ArgumentTypeError, ChipError, ShapeError
from ..game import FixedLimit, NoLimit, PotLimit, Structure

__all__ = ["TableConfig", "TableOptions", "table_config", "STRUCTURE_NAMES", "MAX_FRACTIONS", "MAX_TOTAL_CHIPS"]

#: The structures named by a string, and what each builds from ``blinds=(small, big)``.
STRUCTURE_NAMES = ("pot-limit", "no-limit", "fixed-limit")
#: Most chips at a table: raise sizes (pot times a fraction's numerator) stay far inside int64.
MAX_TOTAL_CHIPS = 2**40
#: Most raise sizes an action set may hold (each is one discrete action).
MAX_FRACTIONS = 16
# a raise size is a fraction of the pot with a denominator at most this (0.33 stays 33/100)
_MAX_DENOMINATOR = 1000
# most seats dealt in: 10 * 4 + 5 and 9 * 5 + 5 cards fit in a deck of 52
_MAX_SEATS = {4: 10, 5: 9}


@dataclass(frozen=True)
class TableConfig:
    """What every hand of an environment is played with.

    Attributes
    ----------
    num_players
        Seats at the table, all dealt in every hand.
    structure
        The betting structure of every hand.
    variant
        Hole cards per player, 4 or 5.
    stacks
        Each seat's chips at the start of every hand (stacks do not carry
        over from hand to hand).
    fractions
        The raise sizes, as fractions of the pot after calling.
    normalize_rewards
        Rewards in big blinds (True) or in chips (False).
    """

    num_players: int
    structure: Structure
    variant: int
    stacks: tuple[int, ...]
    fractions: tuple[Fraction, ...]
    normalize_rewards: bool

    @property
    def big_blind(self) -> int:
        """The structure's big blind: the unit of the observations' chip amounts."""
        return self.structure.big_blind

    @property
    def total_chips(self) -> int:
        """All chips at the table; no amount a seat observes is larger."""
        return sum(self.stacks)

    @property
    def n_actions(self) -> int:
        """Fold, check/call, one raise per fraction, all-in."""
        return len(self.fractions) + 3

    @property
    def action_names(self) -> tuple[str, ...]:
        """The discrete actions in order, by name."""
        return ("fold", "check/call", *(f"raise {_fraction_text(f)} pot" for f in self.fractions), "all-in")

    def reward_scale(self) -> float:
        """What a chip is worth in rewards: 1, or 1 / big blind."""
        return 1.0 / self.big_blind if self.normalize_rewards else 1.0


def _fraction_text(f: Fraction) -> str:
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def _structure(structure: object, blinds: object) -> Structure:
    if isinstance(structure, (FixedLimit, PotLimit, NoLimit)):
        return structure
    if not isinstance(structure, str) or structure not in STRUCTURE_NAMES:
        raise (ArgumentError if isinstance(structure, str) else ArgumentTypeError)(
            f"structure must be 'pot-limit', 'no-limit', 'fixed-limit' or a FixedLimit, PotLimit or NoLimit, "
            f"not {brief(structure)}"
        )
    if not isinstance(blinds, (tuple, list)) or len(blinds) != 2:
        raise ArgumentTypeError(f"blinds must be a pair (small, big), not {brief(blinds)}")
    small, big = blinds
    if structure == "pot-limit":
        return PotLimit(small, big)
    if structure == "no-limit":
        return NoLimit(small, big)
    # fixed limit: bets of one big blind before the turn, two after, as `omaha8 play` deals it
    if not is_int(big):
        raise ChipError(f"blinds: the big blind must be a whole number of chips, not {brief(big)}")
    return FixedLimit(big, 2 * big, small_blind=small, big_blind=big)


def _fractions(values: object) -> tuple[Fraction, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise ArgumentTypeError(f"raise_fractions must be a sequence of numbers, not {brief(values)}")
    if len(values) > MAX_FRACTIONS:
        raise ArgumentError(f"raise_fractions holds at most {MAX_FRACTIONS} sizes, got {len(values)}")
    out: list[Fraction] = []
    for i, value in enumerate(values):
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, Fraction, np.integer,
                                                                          np.floating)):
            raise ArgumentTypeError(f"raise_fractions[{i}] must be a number, not {brief(value)}")
        number = float(value)
        if not (math.isfinite(number) and 0 < number <= 100):
            raise ArgumentError(f"raise_fractions[{i}] must be more than 0 and at most 100, got {brief(value)}")
        exact = value if isinstance(value, Fraction) else Fraction(number)
        fraction = exact.limit_denominator(_MAX_DENOMINATOR)
        if fraction in out:
            raise ArgumentError(f"raise_fractions[{i}] = {brief(value)} repeats an earlier size")
        out.append(fraction)
    return tuple(out)


class TableOptions(TypedDict, total=False):
    """The keyword arguments of :func:`table_config` that every environment passes on as given (its defaults)."""

    blinds: tuple[int, int]
    stack: Union[int, Sequence[int], None]
    raise_fractions: Sequence[float]
    normalize_rewards: bool


def table_config(
    *,
    num_players: int = 6,
    structure: Union[str, Structure] = "pot-limit",
    variant: int = 4,
    blinds: tuple[int, int] = (1, 2),
    stack: Union[int, Sequence[int], None] = None,
    raise_fractions: Sequence[float] = (0.5, 1.0),
    normalize_rewards: bool = False,
) -> TableConfig:
    """Check an environment's table arguments (see :func:`omaha8.envs.omaha_hilo_v0.raw_env`)."""
    if not is_int(variant) or int(variant) not in (4, 5):
        raise ShapeError(f"variant must be 4 or 5 hole cards, not {brief(variant)}")
    variant = int(variant)
    num_players = check_int(num_players, "num_players", minimum=2, maximum=_MAX_SEATS[variant])
    game = _structure(structure, blinds)
    if stack is None:
        stacks = (100 * game.big_blind,) * num_players
    elif is_int(stack):
        stacks = (check_int(stack, "stack", minimum=1, type_error=ChipError, value_error=ChipError),) * num_players
    elif isinstance(stack, Sequence) and not isinstance(stack, (str, bytes)):
        if len(stack) != num_players:
            raise ShapeError(f"stack must give one stack per seat ({num_players}), got {len(stack)}")
        stacks = tuple(check_int(c, f"stack[{s}]", minimum=1, type_error=ChipError, value_error=ChipError)
                       for s, c in enumerate(stack))
    else:
        raise ChipError(f"stack must be a number of chips or one per seat, not {brief(stack)}")
    for s, chips in enumerate(stacks):
        # more than the big blind: every hand has a seat to act, and every seat acts within an orbit
        if chips <= game.big_blind:
            raise ChipError(f"stack[{s}] = {chips}: every stack must be more than the big blind, {game.big_blind}")
    if sum(stacks) > MAX_TOTAL_CHIPS:
        raise ChipError(f"the stacks add up to {sum(stacks)}, more than the {MAX_TOTAL_CHIPS} chips a table may hold")
    return TableConfig(
        num_players=num_players,
        structure=game,
        variant=variant,
        stacks=stacks,
        fractions=_fractions(raise_fractions),
        normalize_rewards=check_bool(normalize_rewards, "normalize_rewards"),
    )
