"""Betting structures: fixed limit, pot limit, no limit, and the mixed game.

A structure fixes the blinds and how much a player may bet or raise.

>>> PotLimit(1, 2)
PotLimit(small_blind=1, big_blind=2)
>>> FixedLimit(2, 4)
FixedLimit(small_bet=2, big_bet=4, small_blind=1, big_blind=2, cap=4, uncapped_heads_up='two-left')
>>> FixedLimit(15, 30, small_blind=10, big_blind=15).name
'fixed limit 15/30 (blinds 10/15)'
>>> NoLimit(2, 1)
Traceback (most recent call last):
...
omaha8.errors.ChipError: NoLimit: small_blind (2) must not exceed big_blind (1)
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from enum import IntEnum
from typing import Union

import numpy as np

from .._support._args import brief, is_int
from ..errors import ArgumentError, ArgumentTypeError, ChipError

__all__ = [
    "FixedLimit",
    "PotLimit",
    "NoLimit",
    "MixedGame",
    "Structure",
    "HEADS_UP_RULES",
    "StructureKind",
]

#: Values of :attr:`FixedLimit.uncapped_heads_up`.
HEADS_UP_RULES = ("two-left", "round-start", "never")



class StructureKind(IntEnum):
    """Which betting structure: the ``kind`` of each structure.

    >>> PotLimit(1, 2).kind, PotLimit(1, 2).kind.label
    (<StructureKind.POT_LIMIT: 1>, 'pot limit')
    """

    FIXED_LIMIT = 0
    POT_LIMIT = 1
    NO_LIMIT = 2

    @property
    def label(self) -> str:
        """``"fixed limit"``, ``"pot limit"`` or ``"no limit"``."""
        return self.name.lower().replace("_", " ")


FIXED_LIMIT, POT_LIMIT, NO_LIMIT = StructureKind.FIXED_LIMIT, StructureKind.POT_LIMIT, StructureKind.NO_LIMIT


def _chips(owner: str, name: str, value: object, *, minimum: int = 1) -> int:
    """``value`` as a plain int of at least ``minimum`` chips (numpy ints too, bools never), or a ChipError."""
    if not is_int(value):
        raise ChipError(f"{owner}: {name} must be a whole number of chips, not {brief(value)}")
    number: int = operator.index(value)  # type: ignore[arg-type]
    if number < minimum:
        raise ChipError(f"{owner}: {name} must be at least {minimum}, got {brief(number)}")
    return number


def _blinds(owner: str, small_blind: object, big_blind: object) -> tuple[int, int]:
    sb = _chips(owner, "small_blind", small_blind)
    bb = _chips(owner, "big_blind", big_blind)
    if sb > bb:
        raise ChipError(f"{owner}: small_blind ({sb}) must not exceed big_blind ({bb})")
    return sb, bb


@dataclass(frozen=True, init=False)
class FixedLimit:
    """Fixed limit: every bet and raise is one small bet pre-flop and on the
    flop, one big bet on the turn and river.

    Parameters
    ----------
    small_bet, big_bet
        The bet sizes: a 2/4 game has ``small_bet=2, big_bet=4``.
    small_blind, big_blind
        Default: half the small bet (at least 1) and the small bet. The big
        blind may be smaller than the small bet (then the first raise
        pre-flop completes it to a small bet) but not larger.
    cap
        Most bets per betting round, the opening bet (or the big blind)
        included: 4 is bet, raise, re-raise, cap (Robert's Rules); WSOP
        uses 5. ``None``: no cap.
    uncapped_heads_up
        When the cap is lifted because only two players are left:

        - ``"two-left"`` (default, Robert's Rules): whenever at most two
          players not all-in remain, unless the round was already capped
          while three or more were in it (a later fold does not uncap it).
        - ``"round-start"`` (WSOP): only when the betting round began with
          at most two players not all-in.
        - ``"never"``: the cap always holds.

        ``True`` and ``False`` mean ``"two-left"`` and ``"never"``.

    Notes
    -----
    Half-bet rule: an all-in bet or raise of at least half a bet counts as a
    full bet or raise: it reopens the betting, counts towards the cap, and
    the next raise goes a full bet above it (a $15 all-in on a $20 round may
    be raised to $35). A smaller all-in does not reopen the betting for
    players who already acted; the next player who may raise completes it
    (raises to a full bet above the last full level).
    """

    small_bet: int
    big_bet: int
    small_blind: int
    big_blind: int
    cap: int | None
    uncapped_heads_up: str

    def __init__(
        self,
        small_bet: int,
        big_bet: int,
        *,
        small_blind: int | None = None,
        big_blind: int | None = None,
        cap: int | None = 4,
        uncapped_heads_up: str | bool = "two-left",
    ) -> None:
        small = _chips("FixedLimit", "small_bet", small_bet)
        big = _chips("FixedLimit", "big_bet", big_bet)
        if big < small:
            raise ChipError(f"FixedLimit: big_bet ({big}) must not be smaller than small_bet ({small})")
        sb, bb = _blinds(
            "FixedLimit",
            max(1, small // 2) if small_blind is None else small_blind,
            small if big_blind is None else big_blind,
        )
        if bb > small:
            raise ChipError(f"FixedLimit: big_blind ({bb}) must not exceed small_bet ({small})")
        if cap is not None:
            cap = _chips("FixedLimit", "cap", cap)
        if isinstance(uncapped_heads_up, (bool, np.bool_)):
            uncapped_heads_up = "two-left" if uncapped_heads_up else "never"
        if not isinstance(uncapped_heads_up, str) or uncapped_heads_up not in HEADS_UP_RULES:
            raise ArgumentError(
                f"FixedLimit: uncapped_heads_up must be one of {', '.join(HEADS_UP_RULES)} "
                f"(or True/False), not {brief(uncapped_heads_up)}"
            )
        for name, value in (
            ("small_bet", small),
            ("big_bet", big),
            ("small_blind", sb),
            ("big_blind", bb),
            ("cap", cap),
            ("uncapped_heads_up", uncapped_heads_up),
        ):
            object.__setattr__(self, name, value)

    kind = FIXED_LIMIT

    def bet_size(self, street: int) -> int:
        """The bet of a street (0 pre-flop .. 3 the river): the small bet, then the big bet from the turn."""
        return self.small_bet if street < 2 else self.big_bet

    def counts_as_bet(self, raised_by: int, bet_size: int) -> bool:
        """Whether a wager ``raised_by`` above the last full level is a bet (the half-bet rule)."""
        return 2 * raised_by >= bet_size

    def reopen_refusal(self, faced: int, min_raise: int, bet_size: int) -> str:
        """Why a seat that acted, facing ``faced`` more since, may not raise ('' when it may): half a bet reopens."""
        if 2 * faced < bet_size:
            return (f"the betting was not reopened: it faces {faced} more since it acted, "
                    f"less than half a bet ({bet_size})")
        return ""

    def cap_holds(self, capped: bool, n_live: int, round_heads_up: bool) -> bool:
        """Whether the cap, once reached, holds: ``uncapped_heads_up`` lifts it with two players left."""
        rule = self.uncapped_heads_up
        return (
            rule == "never"
            or capped
            or (rule == "two-left" and n_live > 2)
            or (rule == "round-start" and not round_heads_up)
        )

    def wager_range(self, bet_to: int, to_call: int, all_in_to: int, pot: int, min_raise: int, level: int,
                    bet_size: int) -> tuple[int, int]:
        """Least and most total of a bet or raise: exactly one bet above the last full level (or all-in for less)."""
        target = level + bet_size
        lo = target if target < all_in_to else all_in_to
        return lo, lo

    def rule_broken(self, action: str, amount: int, lo: int, hi: int, bet_to: int, to_call: int, all_in_to: int,
                    pot: int, min_raise: int, level: int, bet_size: int) -> str:
        """The rule a wager to ``amount`` (within the stack) outside ``lo..hi`` breaks, in words."""
        if lo == all_in_to and lo < level + bet_size:
            return f"a short stack may only go all-in, to {lo}"
        start = f"the {level} bet" if level else "nothing"
        return f"in fixed limit every {action} is to exactly one bet of {bet_size} above {start}, {lo}"

    @property
    def name(self) -> str:
        """``"fixed limit 2/4"`` (with the blinds when they are not half and one small bet)."""
        text = f"fixed limit {self.small_bet}/{self.big_bet}"
        if (self.small_blind, self.big_blind) != (max(1, self.small_bet // 2), self.small_bet):
            text += f" (blinds {self.small_blind}/{self.big_blind})"
        return text

    @property
    def max_buy_in(self) -> int | None:
        """Default buy-in limit: limit games have none."""
        return None


@dataclass(frozen=True, init=False)
class _BigBet:
    """The rules pot limit and no limit share: two blinds, the minimum bet and raise, no cap, no counted bets."""

    small_blind: int
    big_blind: int

    def __init__(self, small_blind: int, big_blind: int) -> None:
        sb, bb = _blinds(type(self).__name__, small_blind, big_blind)
        object.__setattr__(self, "small_blind", sb)
        object.__setattr__(self, "big_blind", bb)

    def bet_size(self, street: int) -> int:
        """The least bet on every street: the big blind."""
        return self.big_blind

    @property
    def max_buy_in(self) -> int | None:
        """Default buy-in limit: 100 big blinds."""
        return 100 * self.big_blind

    def counts_as_bet(self, raised_by: int, bet_size: int) -> bool:
        """Big-bet games count no bets (there is no cap)."""
        return False

    def reopen_refusal(self, faced: int, min_raise: int, bet_size: int) -> str:
        """Why a seat that acted, facing ``faced`` more since, may not raise ('' when it may): a full raise reopens."""
        if faced < min_raise:
            return (f"the betting was not reopened: it faces {faced} more since it acted, "
                    f"less than a full raise ({min_raise})")
        return ""

    def cap_holds(self, capped: bool, n_live: int, round_heads_up: bool) -> bool:
        """No cap."""
        return False

    def least_to(self, bet_to: int, min_raise: int, all_in_to: int) -> int:
        """The least total of a bet or raise: the bet plus the last bet or raise (or all-in for less)."""
        target = bet_to + min_raise
        return target if target < all_in_to else all_in_to

    def below_least(self, action: str, amount: int, lo: int, bet_to: int, all_in_to: int, min_raise: int) -> str:
        """The rule a wager to ``amount`` below ``lo`` breaks, in words."""
        if lo == all_in_to and lo < bet_to + min_raise:
            return f"{amount} is below {lo}: short of a full {action}, the seat may only go all-in"
        if action == "bet":
            return f"{amount} is below the minimum {lo} (a bet must be at least the big blind, {self.big_blind})"
        return (f"{amount} is below the minimum {lo} (a raise must be at least the previous bet "
                f"or raise, {min_raise})")


@dataclass(frozen=True, init=False)
class PotLimit(_BigBet):
    """Pot limit: bets from the big blind up to the pot.

    The most a player may raise to is the current bet plus the pot after
    calling: pot + every bet on the table + the call. Pot 100, a bet of
    100: the next player may raise to at most 400. A raise must be at least
    the largest bet or raise made before it in the round; no cap.

    >>> PotLimit(1, 2).name
    'pot limit 1/2'
    """

    kind = POT_LIMIT

    def max_to(self, bet_to: int, pot: int, to_call: int) -> int:
        """The pot-limit maximum: the bet plus the pot after calling (``pot`` holds every bet on the table).

        >>> PotLimit(1, 2).max_to(100, 200, 100)   # pot 100 + a bet of 100; call 100, raise 300 more
        400
        """
        return bet_to + pot + to_call

    def wager_range(self, bet_to: int, to_call: int, all_in_to: int, pot: int, min_raise: int, level: int,
                    bet_size: int) -> tuple[int, int]:
        """Least and most total of a bet or raise: a full raise up to the pot-limit maximum (or all-in)."""
        # least_to and max_to written out (asked before every action; tests/game/test_game_settlement_fast.py
        # checks that the two agree)
        lo = bet_to + min_raise
        if lo > all_in_to:
            lo = all_in_to
        most = bet_to + pot + to_call
        if most < lo:
            most = lo
        return lo, (most if most < all_in_to else all_in_to)

    def rule_broken(self, action: str, amount: int, lo: int, hi: int, bet_to: int, to_call: int, all_in_to: int,
                    pot: int, min_raise: int, level: int, bet_size: int) -> str:
        """The rule a wager to ``amount`` (within the stack) outside ``lo..hi`` breaks, in words."""
        if amount < lo:
            return self.below_least(action, amount, lo, bet_to, all_in_to, min_raise)
        if action == "bet":
            return f"{amount} is above the pot-limit maximum {hi} (a bet may be at most the pot, {pot})"
        return (f"{amount} is above the pot-limit maximum {hi} (a raise may add at most the pot after "
                f"calling, {pot} with the bets + {to_call} to call = {pot + to_call}, to the bet of {bet_to})")

    @property
    def name(self) -> str:
        """``"pot limit 1/2"``."""
        return f"pot limit {self.small_blind}/{self.big_blind}"


@dataclass(frozen=True, init=False)
class NoLimit(_BigBet):
    """No limit: bets from the big blind up to the whole stack.

    A raise must be at least the largest bet or raise made before it in the
    round; no cap.

    >>> NoLimit(1, 2).name
    'no limit 1/2'
    """

    kind = NO_LIMIT

    def wager_range(self, bet_to: int, to_call: int, all_in_to: int, pot: int, min_raise: int, level: int,
                    bet_size: int) -> tuple[int, int]:
        """Least and most total of a bet or raise: a full raise up to all-in."""
        # least_to written out, as in PotLimit.wager_range
        lo = bet_to + min_raise
        return (lo if lo < all_in_to else all_in_to), all_in_to

    def rule_broken(self, action: str, amount: int, lo: int, hi: int, bet_to: int, to_call: int, all_in_to: int,
                    pot: int, min_raise: int, level: int, bet_size: int) -> str:
        """The rule a wager to ``amount`` (within the stack) outside ``lo..hi`` breaks, in words."""
        return self.below_least(action, amount, lo, bet_to, all_in_to, min_raise)

    @property
    def name(self) -> str:
        """``"no limit 1/2"``."""
        return f"no limit {self.small_blind}/{self.big_blind}"


#: The structure of one hand: :class:`FixedLimit`, :class:`PotLimit` or :class:`NoLimit`.
Structure = Union[FixedLimit, PotLimit, NoLimit]
Structure.__doc__ = """The betting structure of one hand: FixedLimit, PotLimit or NoLimit.

Each has ``small_blind``, ``big_blind``, a :class:`StructureKind` ``kind``, its betting rules as methods,
a ``name`` (``"pot limit 1/2"``) and a default ``max_buy_in``. A
:class:`MixedGame` is not a Structure: a Table plays it as one of its two
structures hand by hand.
"""


@dataclass(frozen=True, init=False)
class MixedGame:
    """Alternate pot limit and fixed limit, one orbit of each by default.

    Parameters
    ----------
    pot_limit
        The pot-limit structure; play starts with it.
    fixed_limit
        The fixed-limit structure. Default: the pot-limit blinds raised by
        ``limit_factor``, betting one (raised) big blind pre-flop and on the
        flop and two on the turn and river. With ``PotLimit(1, 2)`` and the
        default factor 2 the limit rounds are 4/8 with blinds 2/4, so that
        average pots stay comparable.
    hands_per_game
        Hands played before switching. Default ``None``: one orbit, as many
        hands as there are players with chips when the game switches.
    limit_factor
        How much the blinds are raised for the limit rounds when
        ``fixed_limit`` is not given.

    Examples
    --------
    >>> MixedGame(PotLimit(1, 2)).fixed_limit
    FixedLimit(small_bet=4, big_bet=8, small_blind=2, big_blind=4, cap=4, uncapped_heads_up='two-left')
    >>> MixedGame(PotLimit(1, 2), limit_factor=0)
    Traceback (most recent call last):
    ...
    omaha8.errors.ChipError: MixedGame: limit_factor must be at least 1, got 0
    """

    pot_limit: PotLimit
    fixed_limit: FixedLimit
    hands_per_game: int | None
    limit_factor: int

    def __init__(
        self,
        pot_limit: PotLimit,
        fixed_limit: FixedLimit | None = None,
        *,
        hands_per_game: int | None = None,
        limit_factor: int = 2,
    ) -> None:
        if not isinstance(pot_limit, PotLimit):
            raise ArgumentTypeError(f"MixedGame: pot_limit must be a PotLimit, not {type(pot_limit).__name__}")
        factor = _chips("MixedGame", "limit_factor", limit_factor)
        if fixed_limit is None:
            bb = factor * pot_limit.big_blind
            fixed_limit = FixedLimit(bb, 2 * bb, small_blind=factor * pot_limit.small_blind, big_blind=bb)
        elif not isinstance(fixed_limit, FixedLimit):
            raise ArgumentTypeError(f"MixedGame: fixed_limit must be a FixedLimit, not {type(fixed_limit).__name__}")
        if hands_per_game is not None:
            hands_per_game = _chips("MixedGame", "hands_per_game", hands_per_game)
        object.__setattr__(self, "pot_limit", pot_limit)
        object.__setattr__(self, "fixed_limit", fixed_limit)
        object.__setattr__(self, "hands_per_game", hands_per_game)
        object.__setattr__(self, "limit_factor", factor)

    @property
    def name(self) -> str:
        """``"mixed pot limit 1/2 / fixed limit 4/8"``."""
        return f"mixed {self.pot_limit.name} / {self.fixed_limit.name}"

    @property
    def max_buy_in(self) -> int | None:
        """Default buy-in limit: that of the pot-limit game."""
        return self.pot_limit.max_buy_in
