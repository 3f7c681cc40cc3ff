"""Many one-seat Omaha Hi/Lo tables as one Gymnasium vector environment.

:class:`OmahaHiLoVectorEnv` follows :class:`gymnasium.vector.VectorEnv`:
observations ``(num_envs, size)`` ``float32``, actions a
``MultiDiscrete`` of one discrete action per table, rewards, terminations
and truncations ``(num_envs,)`` arrays, infos a dict of arrays each with
its ``"_key"`` mask. ``gymnasium.make_vec("omaha8/OmahaHiLo-v0",
num_envs=n)`` builds it. Each table is the game of
:class:`~omaha8.envs.OmahaHiLoEnv` (the same observations, actions,
rewards, opponents and skipped hands).

Autoreset: ``AutoresetMode.SAME_STEP``. When a table's hand ends, its
step returns the reward and ``terminated`` with the observation of the
next hand's first decision; the finished hand's last observation and info
are in ``info["final_obs"]`` and ``info["final_info"]`` (``final_info``
holds ``"net_chips"``, every seat's net chips), masked by
``info["_final_obs"]``, as :class:`gymnasium.vector.SyncVectorEnv` gives
them. The next hand's skipped hands are in ``info["skipped_hands"]`` and
``info["skipped_net"]``.

Seeding: ``reset(seed=s)`` seeds table ``i`` with ``s + i`` (or takes a list
of seeds), so table ``i`` plays exactly what ``OmahaHiLoEnv`` reset with
seed ``s + i`` plays given the same actions.

The tables are played by the scalar engine, :class:`omaha8.game.Hand`, one
after the other: the vector form batches the interface, not the engine.
They are read and driven only through the interface of a batched engine's
``observe`` and ``step`` (:mod:`omaha8.envs._tables` says what it is), so a
batched engine can replace the loop.

>>> import numpy as np
>>> envs = OmahaHiLoVectorEnv(num_envs=4, num_players=2, opponents="random")
>>> obs, info = envs.reset(seed=11)
>>> obs.shape, info["action_mask"].shape
((4, 120), (4, 5))
>>> hands = chips = 0
>>> for _ in range(50):
...     obs, rewards, terminated, truncated, info = envs.step(np.ones(4, np.int64))   # check or call
...     hands += int(terminated.sum())
...     chips += int(info["final_info"]["net_chips"].sum()) if "final_info" in info else 0
>>> hands > 0, chips                   # every finished hand's chips add up to 0
(True, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Union

import numpy as np

from .._support._args import brief, check_int, check_seed, is_int
from ..errors import ArgumentError, ArgumentTypeError, ShapeError
from ..game import GameError, Structure
from ._config import table_config
from ._encoding import F32, I64, observation_bounds
from ._extras import missing_extra
from ._policies import Opponent, check_hero
from ._seat import SeatPlay

try:
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError as _exc:  # pragma: no cover - the tests run with the extra installed
    raise missing_extra(_exc) from _exc

__all__ = ["OmahaHiLoVectorEnv"]

# most tables one vector environment plays
_MAX_ENVS = 1 << 20


def _seeds(seed: object, n: int) -> list[int] | None:
    """One seed per table: ``seed + i``, or a list given; None for no seeding."""
    if seed is None:
        return None
    if is_int(seed):
        base = check_seed(seed)
        assert base is not None
        return [(base + i) % 2**64 for i in range(n)]
    if isinstance(seed, Sequence) and not isinstance(seed, (str, bytes)):
        if len(seed) != n:
            raise ShapeError(f"seed must be an int or one seed per table ({n}), got {len(seed)} seeds")
        return [check_seed(s, f"seed[{i}]") for i, s in enumerate(seed)]  # type: ignore[misc]
    raise ArgumentTypeError(f"seed must be None, an int or a list of ints, not {brief(seed)}")


class OmahaHiLoVectorEnv(VectorEnv[F32, I64, np.ndarray[Any, Any]]):
    """``num_envs`` tables, one seat each played by the agent (see the module's description).

    Parameters
    ----------
    num_envs
        Tables.
    num_players, structure, variant, seat, opponents, blinds, stack, raise_fractions, normalize_rewards
        As for :class:`~omaha8.envs.OmahaHiLoEnv`.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(
        self,
        num_envs: int = 8,
        num_players: int = 6,
        structure: Union[str, Structure] = "pot-limit",
        variant: int = 4,
        *,
        seat: int = 0,
        opponents: Union[Opponent, Sequence[Opponent | None]] = "call",
        blinds: tuple[int, int] = (1, 2),
        stack: Union[int, Sequence[int], None] = None,
        raise_fractions: Sequence[float] = (0.5, 1.0),
        normalize_rewards: bool = False,
    ) -> None:
        self.num_envs = check_int(num_envs, "num_envs", minimum=1, maximum=_MAX_ENVS)
        self.config = table_config(num_players=num_players, structure=structure, variant=variant, blinds=blinds,
                                   stack=stack, raise_fractions=raise_fractions,
                                   normalize_rewards=normalize_rewards)
        self.seat = check_hero(seat, self.config.num_players)
        self._play = SeatPlay(self.config, self.num_envs, hero=self.seat, opponents=opponents)
        self.layout = self._play.layout
        self.action_names = self.config.action_names
        low, high = observation_bounds(self.layout, self.config.total_chips, self.config.big_blind)
        self.single_observation_space = spaces.Box(low, high, dtype=np.float32)
        self.single_action_space = spaces.Discrete(self.config.n_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._all = list(range(self.num_envs))
        self._started = False

    def _skipped_info(self, info: dict[str, Any], tables: Sequence[int], done: np.ndarray[Any, Any]) -> None:
        skipped, skipped_net = self._play.start(tables)
        hands = np.zeros(self.num_envs, np.int64)
        net = np.zeros(self.num_envs, np.float64)
        hands[list(tables)] = skipped
        net[list(tables)] = skipped_net * self.config.reward_scale()
        info.update(skipped_hands=hands, _skipped_hands=done.copy(), skipped_net=net, _skipped_net=done.copy())

    def reset(self, *, seed: Union[int, list[int], None] = None, options: dict[str, Any] | None = None
              ) -> tuple[F32, dict[str, Any]]:
        """Deal a new hand at every table (each seeded with ``seed + i`` when a seed is given)."""
        seeds = _seeds(seed, self.num_envs)
        if seeds is not None:
            if isinstance(seed, (int, np.integer)):
                super().reset(seed=int(seed))
            for t, s in enumerate(seeds):
                self._play.seed(t, np.random.default_rng(s))
        info: dict[str, Any] = {}
        self._skipped_info(info, self._all, np.ones(self.num_envs, np.bool_))
        obs, mask = self._play.observe(self._all)
        info.update(action_mask=mask, _action_mask=np.ones(self.num_envs, np.bool_))
        self._started = True
        return obs, info

    def step(self, actions: Any) -> tuple[F32, np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any],
                                          dict[str, Any]]:
        """One action per table; a table whose hand ends starts the next hand in the same step."""
        if not self._started:
            raise GameError("call reset() before step()")
        given = np.asarray(actions)
        if given.shape != (self.num_envs,) or not np.issubdtype(given.dtype, np.integer):
            raise ArgumentError(f"actions must be {self.num_envs} integer actions, one per table, not "
                                f"{brief(actions)}")
        illegal, over, net = self._play.act(self._all, given.astype(np.int64))
        every = np.ones(self.num_envs, np.bool_)
        rewards = net * self.config.reward_scale()
        info: dict[str, Any] = {"illegal_action": illegal, "_illegal_action": every.copy()}
        done = np.flatnonzero(over).tolist()
        if done:
            final_obs, _ = self._play.observe(done)
            obs_array = np.full(self.num_envs, None, object)
            nets = np.zeros((self.num_envs, self.config.num_players), np.int64)
            for row, t in enumerate(done):
                obs_array[t] = final_obs[row]
                nets[t] = self._play.tables.net(t)
            info.update(final_obs=obs_array, _final_obs=over.copy(),
                        final_info={"net_chips": nets, "_net_chips": over.copy()}, _final_info=over.copy())
            self._skipped_info(info, done, over)
        obs, mask = self._play.observe(self._all)
        info.update(action_mask=mask, _action_mask=every)
        return obs, rewards, over, np.zeros(self.num_envs, np.bool_), info
