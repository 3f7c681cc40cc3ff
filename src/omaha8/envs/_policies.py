"""The built-in opponents of the one-seat environments, and callables that play as opponents.

* ``"call"``: checks or calls, always.
* ``"random"``: picks fold (only facing a bet), check or call, and bet or
  raise with equal chance among those legal; a bet or raise goes to a
  whole number of chips drawn uniformly between the least and the most
  allowed.
* a callable ``policy(observations, masks) -> actions``: given the
  observations (``float32``, one row per table where it is to act) and
  their action masks, it returns one discrete action per row, which must
  be legal (an action outside its mask is an
  :class:`~omaha8.errors.ArgumentError`).

Random choices draw from each table's own generator, so a table's hands
do not depend on the others.

>>> policies = opponent_policies("call", num_players=3, hero=0)
>>> policies[0] is None, policies[1] is policies[2]
(True, True)
>>> opponent_policies(["call", "random"], num_players=3, hero=0)
Traceback (most recent call last):
...
omaha8.errors.ShapeError: opponents must give one policy per seat (3, the hero's None), got 2
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, Union

import numpy as np
import numpy.typing as npt

from .._support._args import brief, check_int
from ..errors import ArgumentError, ArgumentTypeError, ShapeError
from ._encoding import CHECK_CALL, FOLD, WAGER, F32, I8, I64

__all__ = ["Decisions", "DecisionSource", "Opponent", "OpponentPolicy", "opponent_policies", "check_hero", "BUILT_IN"]

#: What ``opponents=`` takes for a seat: a built-in policy's name or a callable.
Opponent = Union[str, Callable[[F32, I8], npt.ArrayLike]]
#: The built-in opponents by name.
BUILT_IN = ("call", "random")


class DecisionSource(Protocol):
    """Where decisions are read from: the scalar tables, or rows a batched engine observed."""

    def offers(self, tables: Sequence[int]) -> I64: ...

    def encoded(self, tables: Sequence[int]) -> tuple[F32, I8, I8, I64]: ...


class Decisions:
    """Tables where an opponent is to act, read only as far as its policy asks.

    ``count`` decisions at ``tables``; ``generators[i]`` is the generator of
    the ``i``-th table.
    """

    def __init__(self, backend: DecisionSource, tables: Sequence[int],
                 generators: Sequence[np.random.Generator]) -> None:
        self.count = len(tables)
        self.generators = generators
        self._backend = backend
        self._tables = tables

    def offers(self) -> I64:
        """Per decision, the chips a call adds and the least and most total a bet or raise may make (0, 0: none)."""
        return self._backend.offers(self._tables)

    def encoded(self) -> tuple[F32, I8, I8, I64]:
        """The observations, action masks, and each action's engine kind and amount."""
        return self._backend.encoded(self._tables)


class OpponentPolicy:
    """Chooses engine actions where an opponent is to act."""

    name = "policy"
    #: The name of the batched engine's policy that plays the same way (in its own random stream), or None.
    built_in: str | None = None

    def choose(self, decisions: Decisions) -> tuple[I8, I64]:
        """Engine kinds and amounts, one per decision."""
        raise NotImplementedError


class _Call(OpponentPolicy):
    name = built_in = "call"

    def choose(self, decisions: Decisions) -> tuple[I8, I64]:
        n = decisions.count  # nothing to read
        return np.full(n, CHECK_CALL, np.int8), np.zeros(n, np.int64)


class _Random(OpponentPolicy):
    name = built_in = "random"

    def choose(self, decisions: Decisions) -> tuple[I8, I64]:
        n = decisions.count
        kinds = np.empty(n, np.int8)
        amounts = np.zeros(n, np.int64)
        for i, (call, least, most) in enumerate(decisions.offers().tolist()):
            legal = [FOLD, CHECK_CALL] if call > 0 else [CHECK_CALL]
            if most > 0:
                legal.append(WAGER)
            gen = decisions.generators[i]
            kind = legal[int(gen.integers(len(legal)))]
            kinds[i] = kind
            if kind == WAGER:
                amounts[i] = gen.integers(least, most, endpoint=True)
        return kinds, amounts


class _Callable(OpponentPolicy):
    def __init__(self, function: Callable[[F32, I8], npt.ArrayLike], name: str) -> None:
        self.function = function
        self.name = name

    def choose(self, decisions: Decisions) -> tuple[I8, I64]:
        obs, mask, kind, amount = decisions.encoded()
        given = self.function(obs, mask)
        actions = np.asarray(given)
        n = obs.shape[0]
        if actions.shape != (n,) or not (np.issubdtype(actions.dtype, np.integer) or n == 0):
            raise ArgumentError(f"{self.name} must return {n} integer actions, one per observation, "
                                f"not {brief(given)}")
        rows_ = np.arange(n)
        bad = (actions < 0) | (actions >= mask.shape[1])
        bad[~bad] = mask[rows_[~bad], actions[~bad]] == 0
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            raise ArgumentError(f"{self.name} returned action {int(actions[i])} for row {i}, which its mask "
                                f"{mask[i].tolist()} does not allow")
        return kind[rows_, actions], amount[rows_, actions]


_BUILT_IN: dict[str, OpponentPolicy] = {"call": _Call(), "random": _Random()}


def _policy(value: object, name: str) -> OpponentPolicy:
    if isinstance(value, str):
        policy = _BUILT_IN.get(value)
        if policy is None:
            raise ArgumentError(f"{name} must be 'call', 'random' or a callable, not {brief(value)}")
        return policy
    if callable(value):
        return _Callable(value, f"{name} ({getattr(value, '__name__', type(value).__name__)})")
    raise ArgumentTypeError(f"{name} must be 'call', 'random' or a callable, not {brief(value)}")


def opponent_policies(opponents: object, *, num_players: int, hero: int) -> tuple[OpponentPolicy | None, ...]:
    """One policy per seat, None at the hero's: from one policy for every opponent, or one per seat."""
    if isinstance(opponents, str) or callable(opponents):
        one = _policy(opponents, "opponents")
        return tuple(None if s == hero else one for s in range(num_players))
    if not isinstance(opponents, Sequence):
        raise ArgumentTypeError(f"opponents must be 'call', 'random', a callable or one of those per seat, "
                                f"not {brief(opponents)}")
    if len(opponents) != num_players:
        raise ShapeError(f"opponents must give one policy per seat ({num_players}, the hero's None), "
                         f"got {len(opponents)}")
    out: list[OpponentPolicy | None] = []
    for s, value in enumerate(opponents):
        if s == hero:
            if value is not None:
                raise ArgumentError(f"opponents[{s}] is the hero's seat: give None there, not {brief(value)}")
            out.append(None)
        else:
            out.append(_policy(value, f"opponents[{s}]"))
    return tuple(out)


def check_hero(seat: object, num_players: int) -> int:
    """The hero's seat: an int in 0..num_players - 1."""
    return check_int(seat, "seat", minimum=0, maximum=num_players - 1)
