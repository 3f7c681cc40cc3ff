"""Omaha Hi/Lo for Gymnasium: one seat against built-in or given opponents, one hand an episode.

:class:`OmahaHiLoEnv` is registered as ``"omaha8/OmahaHiLo-v0"`` when
:mod:`omaha8.envs` is imported. The agent plays seat ``seat``; the other
seats are played by ``opponents`` (see below) between the agent's
decisions. Every hand starts from the starting stacks, the button one seat
further clockwise each hand (on seat 0 for the first hand after a seeded
reset), so the agent plays every position in turn.

Observations
    The ``float32`` vector of :class:`~omaha8.envs.ObservationLayout`, as
    in :mod:`omaha8.envs.omaha_hilo_v0`; the action mask is
    ``info["action_mask"]`` (``int8``) and :meth:`OmahaHiLoEnv.action_masks`
    (bool), all 0 once the hand is over.
Actions
    ``Discrete(k + 3)``, the actions of :mod:`omaha8.envs.omaha_hilo_v0`
    (fold, check/call, the raise sizes clamped to the legal bounds,
    all-in). An action the mask rules out is played as check/call, and
    ``info["illegal_action"]`` says so: Gymnasium's checks and mask-less
    learners may take any action of the space.
Rewards
    The agent's net chips in the hand when it ends (0 before), in big
    blinds with ``normalize_rewards=True``.
Opponents
    ``"call"`` (checks or calls, always), ``"random"`` (fold only facing a
    bet, check/call and bet/raise with equal chance among those legal, a
    bet or raise to a uniform amount between the bounds), a callable
    ``policy(observations, masks) -> actions`` given arrays with one row
    per decision (its actions must be legal), or a sequence with one of
    those per seat and None at the agent's. Their random choices draw
    from the environment's ``np_random``.
Hands without a decision
    A hand can end before the agent has anything to decide (everyone folds
    to its big blind). :meth:`~OmahaHiLoEnv.reset` and the end of a hand
    play on to the next hand with a decision; those hands' count and the
    agent's net chips in them (in reward units) are
    ``info["skipped_hands"]`` and ``info["skipped_net"]`` of the reset.
    Add them to the rewards to count every chip.

>>> import gymnasium as gym
>>> import omaha8.envs
>>> env = gym.make("omaha8/OmahaHiLo-v0", num_players=2, opponents="call")
>>> obs, info = env.reset(seed=3)
>>> obs.shape, info["action_mask"].tolist()        # heads-up the button (seat 0) acts first
((120,), [1, 1, 1, 1, 1])
>>> total, done = 0.0, False
>>> while not done:
...     obs, reward, done, truncated, info = env.step(1)   # check or call to the end
...     total += reward
>>> total, info["net_chips"].tolist()
(-2.0, [-2, 2])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, SupportsFloat, Union

import numpy as np

from .._support._args import brief, is_int
from ..errors import ArgumentTypeError
from ..game import GameError, Hand, Structure
from ._config import TableOptions, table_config
from ._encoding import F32, I8, observation_bounds
from ._extras import missing_extra
from ._policies import Opponent, check_hero
from ._render import RENDER_MODES, check_render_mode, table_text
from ._seat import SeatPlay

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as _exc:  # pragma: no cover - the tests run with the extra installed
    raise missing_extra(_exc) from _exc

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing.Unpack from Python 3.11

__all__ = ["OmahaHiLoEnv"]

class OmahaHiLoEnv(gymnasium.Env[F32, np.int64]):
    """One seat of an Omaha Hi/Lo table (see the module's description).

    Parameters
    ----------
    num_players, structure, variant, blinds, stack, raise_fractions, normalize_rewards
        The table, as for :func:`omaha8.envs.omaha_hilo_v0.raw_env`.
    seat
        The agent's seat.
    opponents
        ``"call"``, ``"random"``, a callable, or one of those per seat
        (None at the agent's).
    render_mode
        None, ``"ansi"`` or ``"human"``; the opponents' cards are hidden
        until the hand is over.
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}

    def __init__(
        self,
        num_players: int = 6,
        structure: Union[str, Structure] = "pot-limit",
        variant: int = 4,
        *,
        seat: int = 0,
        opponents: Union[Opponent, Sequence[Opponent | None]] = "call",
        render_mode: str | None = None,
        **table: Unpack[TableOptions],
    ) -> None:
        self.config = table_config(num_players=num_players, structure=structure, variant=variant, **table)
        self.render_mode = check_render_mode(render_mode)
        self.seat = check_hero(seat, self.config.num_players)
        self._play = SeatPlay(self.config, 1, hero=self.seat, opponents=opponents)
        self.layout = self._play.layout
        self.action_names = self.config.action_names
        low, high = observation_bounds(self.layout, self.config.total_chips, self.config.big_blind)
        self.observation_space = spaces.Box(low, high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.config.n_actions)
        self._over = True

    @property
    def hand(self) -> Hand:
        """The :class:`omaha8.game.Hand` being played (after :meth:`reset`)."""
        return self._play.tables.hand(0)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[F32, dict[str, Any]]:
        super().reset(seed=seed)
        if self._play.generators[0] is not self.np_random:  # seeded now, or np_random set or made
            self._play.seed(0, self.np_random)
        skipped, skipped_net = self._play.start([0])
        self._over = False
        obs, mask = self._play.observe([0])
        info = {"action_mask": mask[0], "skipped_hands": int(skipped[0]),
                "skipped_net": float(skipped_net[0]) * self.config.reward_scale()}
        if self.render_mode == "human":
            self.render()
        return obs[0], info

    def step(self, action: Any) -> tuple[F32, SupportsFloat, bool, bool, dict[str, Any]]:
        if self._over:
            raise GameError("the hand is over: call reset() to deal the next one")
        if not is_int(action):
            raise ArgumentTypeError(f"action must be an int, not {brief(action)}")
        illegal, over, net = self._play.act([0], np.array([int(action)], np.int64))
        obs, mask = self._play.observe([0])
        info: dict[str, Any] = {"action_mask": mask[0], "illegal_action": bool(illegal[0])}
        reward = 0.0
        if over[0]:
            self._over = True
            reward = float(net[0]) * self.config.reward_scale()
            info["net_chips"] = np.array(self.hand.result.net, np.int64)
        if self.render_mode == "human":
            self.render()
        return obs[0], reward, bool(over[0]), False, info

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The legal actions now, as bools (the convention of maskable learners)."""
        mask: I8 = self._play.offers([0])[0]
        legal: np.ndarray[Any, np.dtype[np.bool_]] = mask[0] != 0
        return legal

    def render(self) -> str | None:
        """The table as text, opponents' cards hidden until the hand is over."""
        if self.render_mode is None or self._play.tables.hands[0] is None:
            return None
        hand = self.hand
        hidden = () if hand.is_over else tuple(s for s in range(hand.n_seats) if s != self.seat)
        names = [("you" if s == self.seat else f"seat {s}") for s in range(hand.n_seats)]
        text = table_text(hand, names, hidden)
        if self.render_mode == "human":
            print(text)
            return None
        return text
