"""Many one-seat Omaha Hi/Lo tables as one Gymnasium vector environment, on the batched engine.

:class:`OmahaHiLoVectorEnv` follows :class:`gymnasium.vector.VectorEnv`:
observations ``(num_envs, size)`` ``float32``, actions a
``MultiDiscrete`` of one discrete action per table, rewards, terminations
and truncations ``(num_envs,)`` arrays, infos a dict of arrays each with
its ``"_key"`` mask. ``gymnasium.make_vec("omaha8/OmahaHiLo-v0",
num_envs=n)`` builds it. Each table plays the game of
:class:`~omaha8.envs.OmahaHiLoEnv` (the same observations, actions,
rewards, opponents and skipped hands).

The tables are one :class:`omaha8.game.BatchTables`: the agent's actions
and the built-in opponents' (``"call"``, ``"random"``) are played in its
nogil kernel (:meth:`~omaha8.game.BatchTables.advance`), every table in
one call, by the rules of :mod:`omaha8.game`. A callable opponent is asked
from Python, once per step for all the tables where one of its seats is to
act. ``envs.tables`` is the engine (its ``history(t)`` is table ``t``'s
last hand).

Autoreset: ``AutoresetMode.SAME_STEP``. When a table's hand ends, its
step returns the reward and ``terminated`` with the observation of the
next hand's first decision; the finished hand's last observation and info
are in ``info["final_obs"]`` and ``info["final_info"]`` (``final_info``
holds ``"net_chips"``, every seat's net chips), masked by
``info["_final_obs"]``, as :class:`gymnasium.vector.SyncVectorEnv` gives
them. The hands that ended before the agent's next decision are in
``info["skipped_hands"]`` and ``info["skipped_net"]``.

Seeding: ``reset(seed=s)`` deals from ``BatchTables(seed=s)``: table
``i``'s cards and its random opponents' choices come from streams keyed by
``(s, i)``, whatever ``n_threads`` is. They are not the hands
``OmahaHiLoEnv`` deals with the same seed (it shuffles with Python's
``random`` and its opponents draw from ``np_random``). ``reset()`` without
a seed draws one from the environment's ``np_random``, so it too repeats
after a seeded reset; a list of seeds (one per table) is folded into one
seed: the same list gives the same hands.

Stacks: every hand starts from the starting stacks (``carry_stacks=False``,
as ``OmahaHiLoEnv``), or they carry over from hand to hand
(``carry_stacks=True``, this environment only): a seat without chips sits
out (``in_hand`` 0) and a table left with one seat with chips starts again
from the starting stacks. The hands played while the agent sits out, and
hands in which nobody has a decision, are skipped hands; a reward is only
ever the agent's chips in the hand it acted in.

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
from typing import TYPE_CHECKING, Any, Union

import numpy as np

from .._support._args import SEED_LIMIT, brief, check_bool, check_int, check_n_threads, check_seed, is_int
from ..errors import ArgumentError, ArgumentTypeError, ShapeError
from ..game import BatchTables, GameError, Structure
from ._batch_seat import BatchSeatPlay
from ._config import TableOptions, table_config
from ._encoding import F32, I64, observation_bounds
from ._extras import missing_extra
from ._policies import Opponent, check_hero

try:
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError as _exc:  # pragma: no cover - the tests run with the extra installed
    raise missing_extra(_exc) from _exc

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing.Unpack from Python 3.11

__all__ = ["OmahaHiLoVectorEnv"]

# most tables one vector environment plays
_MAX_ENVS = 1 << 20


def _seed(seed: object, n: int) -> int | None:
    """The engine's seed: an int as given, a list of one seed per table folded into one; None for none."""
    if seed is None:
        return None
    if is_int(seed):
        return check_seed(seed)
    if isinstance(seed, Sequence) and not isinstance(seed, (str, bytes)):
        if len(seed) != n:
            raise ShapeError(f"seed must be an int or one seed per table ({n}), got {len(seed)} seeds")
        seeds = [check_int(s, f"seed[{i}]", minimum=0, maximum=SEED_LIMIT - 1) for i, s in enumerate(seed)]
        return int(np.random.SeedSequence(seeds).generate_state(1, np.uint64)[0])
    raise ArgumentTypeError(f"seed must be None, an int or a list of ints, not {brief(seed)}")


class OmahaHiLoVectorEnv(VectorEnv[F32, I64, np.ndarray[Any, Any]]):
    """``num_envs`` tables, one seat each played by the agent (see the module's description).

    Parameters
    ----------
    num_envs
        Tables.
    num_players, structure, variant, seat, opponents, blinds, stack, raise_fractions, normalize_rewards
        As for :class:`~omaha8.envs.OmahaHiLoEnv`.
    carry_stacks
        Stacks carry over from hand to hand (True) or every hand starts from
        the starting stacks (False, the default).
    n_threads
        Threads of the engine's calls; None uses every core.
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
        carry_stacks: bool = False,
        n_threads: int | None = None,
        **table: Unpack[TableOptions],
    ) -> None:
        self.num_envs = check_int(num_envs, "num_envs", minimum=1, maximum=_MAX_ENVS)
        self.config = table_config(num_players=num_players, structure=structure, variant=variant, **table)
        self.seat = check_hero(seat, self.config.num_players)
        self._play = BatchSeatPlay(self.config, self.num_envs, hero=self.seat, opponents=opponents,
                                   carry_stacks=check_bool(carry_stacks, "carry_stacks"),
                                   n_threads=check_n_threads(n_threads))
        self.layout = self._play.layout
        self.action_names = self.config.action_names
        low, high = observation_bounds(self.layout, self.config.total_chips, self.config.big_blind)
        self.single_observation_space = spaces.Box(low, high, dtype=np.float32)
        self.single_action_space = spaces.Discrete(self.config.n_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._started = False

    @property
    def tables(self) -> BatchTables:
        """The batched engine the tables are played on (after :meth:`reset`)."""
        return self._play.tables

    def _skipped_info(self, info: dict[str, Any], skipped: I64, skipped_net: I64, where: np.ndarray[Any, Any]
                      ) -> None:
        info.update(skipped_hands=skipped, _skipped_hands=where.copy(),
                    skipped_net=skipped_net * self.config.reward_scale(), _skipped_net=where.copy())

    def reset(self, *, seed: Union[int, list[int], None] = None, options: dict[str, Any] | None = None
              ) -> tuple[F32, dict[str, Any]]:
        """Deal new hands at every table from the starting stacks (seeded with ``seed`` when given)."""
        engine_seed = _seed(seed, self.num_envs)
        if engine_seed is not None:
            super().reset(seed=engine_seed)
        else:
            engine_seed = int(self.np_random.integers(2**63))  # a generator made from fresh entropy if never seeded
        self._started = False
        skipped, skipped_net = self._play.deal(engine_seed)
        info: dict[str, Any] = {}
        self._skipped_info(info, skipped, skipped_net, np.ones(self.num_envs, np.bool_))
        obs, mask = self._play.observe()
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
        played = self._play.act(given.astype(np.int64))
        over = played.over
        every = np.ones(self.num_envs, np.bool_)
        rewards = played.net[:, self.seat] * self.config.reward_scale()
        info: dict[str, Any] = {"illegal_action": played.illegal, "_illegal_action": every.copy()}
        if over.any():
            final_obs = np.full(self.num_envs, None, object)
            for t in np.flatnonzero(over).tolist():  # an object array of arrays is filled one by one
                final_obs[t] = played.final[t]
            nets = np.where(over[:, None], played.net, 0)
            info.update(final_obs=final_obs, _final_obs=over.copy(),
                        final_info={"net_chips": nets, "_net_chips": over.copy()}, _final_info=over.copy())
            self._skipped_info(info, np.where(over, played.skipped, 0), np.where(over, played.skipped_net, 0), over)
        obs, mask = self._play.observe()
        info.update(action_mask=mask, _action_mask=every)
        return obs, rewards, over, np.zeros(self.num_envs, np.bool_), info
