"""Omaha Hi/Lo for PettingZoo: one table, every seat an agent, one hand an episode (AEC API).

Agents are ``player_0`` .. ``player_{n-1}``, one per seat, seat numbers as
in :mod:`omaha8.game`. Each :meth:`raw_env.reset` deals one hand, every
stack at its starting size, the button one seat further clockwise than the
last hand's (on seat 0 for the first hand after a seeded reset); the
episode ends with the hand, when every agent is terminated at once and
gets its reward.

Observations
    A dict: ``"observation"``, a ``float32`` vector laid out by
    :class:`~omaha8.envs.ObservationLayout` (hole cards and board one-hot,
    street, position, pot, to-call and raise bounds, then every seat's
    stack, bet and whether it is in the hand, counted from the observer;
    chips in big blinds), and ``"action_mask"``, ``int8``, 1 for each
    legal action. An agent not to act sees its own cards and an all-zero
    mask.
Actions
    ``Discrete(k + 3)``: 0 fold, 1 check/call, then one raise per entry of
    ``raise_fractions`` (to the current bet plus that fraction of the pot
    after calling), then all-in. Raise sizes outside the engine's bounds
    are **clamped** to them (so every raise is legal whenever raising is;
    in pot limit all-in raises the pot when the stack is deeper, in fixed
    limit every size is the limit's); fold is masked when there is nothing
    to call. A masked action is refused with an
    :class:`~omaha8.game.IllegalActionError` that names the agent and
    leaves the hand as it was.
Rewards
    Each agent's net chips in the hand (what it won minus what it put
    in), given when the hand ends; 0 before. ``normalize_rewards=True``
    divides them by the big blind. The rewards of a hand add up to 0.

>>> game = raw_env(num_players=3)
>>> game.reset(seed=7)
>>> game.agent_selection, game.action_names
('player_0', ('fold', 'check/call', 'raise 1/2 pot', 'raise 1 pot', 'all-in'))
>>> obs = game.observe("player_0")
>>> obs["action_mask"].tolist(), game.hand.legal_actions()
([1, 1, 1, 1, 1], LegalActions(seat=0, call=2, min_to=4, max_to=7, raising=True))
>>> game.step(0)                  # player_0 folds
>>> game.step(0)                  # so does player_1 (the small blind): player_2 wins its 1 chip
>>> game.terminations["player_2"], game.rewards
(True, {'player_0': 0.0, 'player_1': -1.0, 'player_2': 1.0})
>>> game.reset(seed=7)
>>> game.step(9)
Traceback (most recent call last):
...
omaha8.game.hand.IllegalActionError: seat 0 cannot take action 9: actions are 0..4
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Union

import numpy as np

from .._support._args import brief, is_int
from ..game import Hand, IllegalActionError, Structure
from ._config import TableOptions, table_config
from ._encoding import observation_bounds
from ._extras import missing_extra
from ._render import RENDER_MODES, check_render_mode, table_text
from ._tables import ScalarTables

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as _exc:  # pragma: no cover - the tests run with the extra installed
    raise missing_extra(_exc) from _exc

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing.Unpack from Python 3.11

__all__ = ["env", "raw_env"]


def env(**kwargs: Any) -> Any:
    """:class:`raw_env` behind PettingZoo's order-enforcing wrapper (reset before step, and so on).

    >>> wrapped = env(num_players=2)
    >>> wrapped.reset(seed=1)
    >>> wrapped.unwrapped.hand.n_seats
    2
    """
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))


class raw_env(AECEnv):  # type: ignore[misc]  # pettingzoo's classes are untyped
    """One table of Omaha Hi/Lo, every seat an agent (see the module's description).

    Parameters
    ----------
    num_players
        Seats, 2-10 (2-9 for 5-card Omaha).
    structure
        ``"pot-limit"``, ``"no-limit"``, ``"fixed-limit"`` (bets of one big
        blind before the turn, two after), or a
        :class:`~omaha8.game.PotLimit`, :class:`~omaha8.game.NoLimit` or
        :class:`~omaha8.game.FixedLimit`.
    variant
        4 or 5 hole cards.
    blinds
        ``(small, big)`` for a structure given by name.
    stack
        Every seat's chips at the start of each hand, or one stack per
        seat; each more than the big blind. Default: 100 big blinds.
    raise_fractions
        The raise sizes, as fractions of the pot after calling.
    normalize_rewards
        Rewards in big blinds instead of chips.
    render_mode
        None, ``"ansi"`` (:meth:`render` returns the table as text) or
        ``"human"`` (prints it after every action).
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1, "name": "omaha_hilo_v0", "is_parallelizable": False}

    def __init__(
        self,
        num_players: int = 6,
        structure: Union[str, Structure] = "pot-limit",
        variant: int = 4,
        *,
        render_mode: str | None = None,
        **table: Unpack[TableOptions],
    ) -> None:
        super().__init__()
        self.config = table_config(num_players=num_players, structure=structure, variant=variant, **table)
        self.render_mode = check_render_mode(render_mode)
        self._tables = ScalarTables(self.config, 1)
        self.layout = self._tables.layout
        self.action_names = self.config.action_names
        self.possible_agents = [f"player_{s}" for s in range(self.config.num_players)]
        self.agents: list[str] = []
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        low, high = observation_bounds(self.layout, self.config.total_chips, self.config.big_blind)
        n = self.config.n_actions
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(low, high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(n) for agent in self.possible_agents}
        self._generator: np.random.Generator | None = None
        # the action mask, kinds and amounts of the seat to act as last observed, with the table's version then
        self._offer: tuple[int, Any, Any, Any] | None = None

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    @property
    def hand(self) -> Hand:
        """The :class:`omaha8.game.Hand` of this episode (after :meth:`reset`)."""
        return self._tables.hand(0)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a hand: from a shuffle restarted from ``seed``, or the running one when ``seed`` is None."""
        if seed is not None or self._generator is None:
            self._generator = np.random.default_rng(seed)
            self._tables.seed(0, self._generator)
        self._tables.deal(0)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        # every stack is more than the big blind, so a new hand always has a seat to act
        self.agent_selection = self.possible_agents[self._tables.actor(0)]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """``agent``'s observation: its view of the table and its action mask."""
        seat = self._seat[agent]
        obs, mask, kind, amount = self._tables.encoded([0], [seat])
        if self._tables.actor(0) == seat:  # the agent to act: step() plays from these
            self._offer = (self._tables.versions[0], mask, kind, amount)
        return {"observation": obs[0], "action_mask": mask[0]}

    def step(self, action: Any) -> None:
        """Play ``action`` for the agent selected; a terminated agent steps with None."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise IllegalActionError(self._seat[agent], f"take action {brief(action)}",
                                         "the hand is over: step with None")
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        offer = self._offer
        if offer is not None and offer[0] == self._tables.versions[0]:
            _, mask, kind, amount = offer
        else:
            _, mask, kind, amount = self._tables.encoded([0])
        n = mask.shape[1]
        if not is_int(action):
            raise IllegalActionError(seat, f"take action {brief(action)}", f"an action is an int 0..{n - 1}")
        a = int(action)
        if not 0 <= a < n:
            raise IllegalActionError(seat, f"take action {a}", f"actions are 0..{n - 1}")
        if not mask[0, a]:
            raise IllegalActionError(seat, f"take action {a} ({self.action_names[a]})",
                                     f"its action mask {mask[0].tolist()} does not allow it")
        self._tables.apply(0, int(kind[0, a]), int(amount[0, a]))
        self._cumulative_rewards[agent] = 0.0
        hand = self.hand
        if hand.is_over:
            scale = self.config.reward_scale()
            self.rewards = {a: net * scale for a, net in zip(self.possible_agents, hand.result.net)}
            self.terminations = {a: True for a in self.agents}
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self.agent_selection = self.possible_agents[self._tables.actor(0)]
        self._accumulate_rewards()
        self._deads_step_first()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text (``"ansi"``), printed (``"human"``); None without a render mode."""
        if self.render_mode is None or self._tables.hands[0] is None:
            return None
        text = table_text(self.hand, self.possible_agents)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
