"""The vector environment on BatchTables against its twin: scalar hands dealt the engine's cards.

Table ``t`` of ``OmahaHiLoVectorEnv`` reset with seed ``s`` deals from
``BatchTables(seed=s)``'s streams of table ``t``. ``tests/game/batch_twin.py``
draws the same cards and random opponents' choices in Python and plays them
through :class:`omaha8.game.Hand`; here each table's twin is stepped with the
agent's actions, its opponents played by the same policies, and its
observations, masks, rewards, final observations, net chips and skipped hands
read from the scalar engine with ``envs_reference`` (the documented encoding,
written out plainly). Every step must match, table by table.
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path
from typing import Any, Callable

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium as gym  # noqa: E402
from envs_reference import reference_actions, reference_observation  # noqa: E402
from gymnasium.utils.env_checker import (  # noqa: E402
    check_reset_options,
    check_reset_return_type,
    check_reset_seed_determinism,
    check_returned_data_not_reused,
    data_equivalence,
)
from gymnasium.utils.passive_env_checker import env_reset_passive_checker  # noqa: E402
from gymnasium.vector import AutoresetMode  # noqa: E402
from gymnasium.wrappers.vector import RecordEpisodeStatistics  # noqa: E402

from omaha8.envs import ENV_ID, ObservationLayout, OmahaHiLoEnv, OmahaHiLoVectorEnv  # noqa: E402
from omaha8.errors import ArgumentError, ArgumentTypeError, ShapeError  # noqa: E402
from omaha8.game import GameError, replay  # noqa: E402

# the batched engine's twin lives with the engine's tests
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "game"))
from batch_twin import CALL, FOLD, WAGER, TwinTable  # noqa: E402

_KINDS = {"fold": FOLD, "check": CALL, "call": CALL, "bet": WAGER, "raise": WAGER}


def ace_raiser(obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """An opponent that raises the pot holding an ace, folds without one to a bet over 3 big blinds, else calls."""
    n = (obs.shape[1] - 112) // 4
    to_call = obs[:, ObservationLayout(n).to_call.start]
    aces = obs[:, 48:52].sum(axis=1) > 0
    return np.where(aces & (masks[:, 3] == 1), 3, np.where(~aces & (masks[:, 0] == 1) & (to_call > 3), 0, 1))


CONFIGS = [
    dict(num_players=2, opponents="call"),
    dict(num_players=6, opponents="random"),
    dict(num_players=3, opponents="random", seat=1, structure="no-limit", stack=[40, 200, 90]),
    dict(num_players=4, opponents="random", structure="fixed-limit", normalize_rewards=True),
    dict(num_players=5, opponents=["random", ace_raiser, None, "call", ace_raiser], seat=2, variant=5),
    dict(num_players=3, opponents="random", structure="no-limit", stack=[10, 30, 20], carry_stacks=True),
    dict(num_players=2, opponents="random", structure="no-limit", stack=5, carry_stacks=True),
]
IDS = [f"config{i}" for i in range(len(CONFIGS))]


class Twin:
    """One table of the vector environment, played by the scalar engine on the engine's cards."""

    def __init__(self, envs: OmahaHiLoVectorEnv, config: dict[str, Any], seed: int, table: int) -> None:
        c = envs.config
        self.hero, self.fractions, self.bb, self.scale = envs.seat, c.fractions, c.big_blind, c.reward_scale()
        opponents = config.get("opponents", "call")
        self.policies = [None if s == self.hero else opponents if isinstance(opponents, str) or callable(opponents)
                         else opponents[s] for s in range(c.num_players)]
        self.table = TwinTable(list(c.stacks), c.structure, variant=c.variant,
                               carry=config.get("carry_stacks", False), seed=seed, table=table)

    def _apply(self, index: int) -> None:
        _, name, amount = reference_actions(self.table.hand, self.fractions)[index]
        self.table.act(_KINDS[name], amount)

    def play_on(self, running: bool) -> dict[str, Any]:
        """Play the opponents to the hero's turn; the hero's hand ends at most once (``running``)."""
        out: dict[str, Any] = {"over": False, "skipped": 0, "skipped_net": 0}
        while True:
            hand = self.table.hand
            if hand.is_over:
                if running:
                    out.update(over=True, net=list(hand.result.net),
                               final=reference_observation(hand, self.hero, self.bb))
                    running = False
                else:
                    out["skipped"] += 1
                    out["skipped_net"] += hand.result.net[self.hero]
                self.table.next_hand()
                continue
            seat = hand.actor
            if seat == self.hero:
                out["obs"] = reference_observation(hand, seat, self.bb)
                out["mask"] = [int(legal) for legal, _, _ in reference_actions(hand, self.fractions)]
                return out
            policy = self.policies[seat]
            if policy == "random":
                self.table.act(*self.table.random_action())
            elif policy == "call":
                self.table.act(CALL)
            else:
                mask = np.array([[int(legal) for legal, _, _ in reference_actions(hand, self.fractions)]], np.int8)
                self._apply(int(policy(reference_observation(hand, seat, self.bb)[None], mask)[0]))

    def step(self, action: int, mask: list[int]) -> dict[str, Any]:
        illegal = not (0 <= action < len(mask) and mask[action])
        self._apply(1 if illegal else action)
        out = self.play_on(True)
        out["illegal"] = illegal
        return out


def check_table(t: int, obs: Any, info: dict[str, Any], out: dict[str, Any], scale: float) -> None:
    np.testing.assert_array_equal(obs[t], out["obs"], err_msg=f"table {t}")
    assert info["action_mask"][t].tolist() == out["mask"], f"table {t}"
    assert info["skipped_hands"][t] == out["skipped"] if "skipped_hands" in info else out["skipped"] == 0
    assert info["skipped_net"][t] == out["skipped_net"] * scale if "skipped_net" in info else out["skipped"] == 0


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_every_table_plays_what_its_scalar_twin_plays(config: dict[str, Any]) -> None:
    n, seed = 6, 40
    envs = OmahaHiLoVectorEnv(num_envs=n, n_threads=2, **config)
    obs, info = envs.reset(seed=seed)
    assert obs in envs.observation_space
    twins = [Twin(envs, config, seed, t) for t in range(n)]
    scale = envs.config.reward_scale()
    for t, twin in enumerate(twins):
        check_table(t, obs, info, twin.play_on(False), scale)
    rng = np.random.default_rng(1)
    seen = {"finished": 0, "skipped": 0, "illegal": 0}
    for _ in range(120):
        actions = rng.integers(envs.single_action_space.n, size=n)  # masked actions too: played as check/call
        masks = info["action_mask"]
        obs, rewards, terminated, truncated, info = envs.step(actions)
        assert obs in envs.observation_space and not truncated.any()
        for t, twin in enumerate(twins):
            out = twin.step(int(actions[t]), masks[t].tolist())
            assert info["illegal_action"][t] == out["illegal"], f"table {t}"
            assert terminated[t] == out["over"], f"table {t}"
            if out["over"]:
                seen["finished"] += 1
                seen["skipped"] += out["skipped"]
                assert rewards[t] == out["net"][twin.hero] * scale, f"table {t}"
                assert info["_final_obs"][t] and info["final_info"]["_net_chips"][t]
                np.testing.assert_array_equal(info["final_obs"][t], out["final"], err_msg=f"table {t}")
                assert info["final_info"]["net_chips"][t].tolist() == out["net"]
                assert sum(out["net"]) == 0
                assert info["final_obs"][t] in envs.single_observation_space
            else:
                assert rewards[t] == 0 and not info.get("_final_obs", np.zeros(n, bool))[t]
            seen["illegal"] += out["illegal"]
            check_table(t, obs, info, out, scale)
    assert seen["finished"] > 100 and seen["illegal"] > 20
    if config.get("carry_stacks") or config["opponents"] == "random" and config["num_players"] == 3:
        # hands without a decision of the agent's happened, and were matched: 3-handed, both random opponents
        # fold to the agent's big blind one time in 9; stacks that carry over bust seats and play hands out
        assert seen["skipped"] > 0


def test_the_engines_last_hand_replays_to_the_reward() -> None:
    envs = OmahaHiLoVectorEnv(num_envs=64, num_players=6, opponents="random")
    obs, info = envs.reset(seed=2)
    checked = 0
    for _ in range(30):
        obs, rewards, terminated, _, info = envs.step(np.ones(64, np.int64))
        # where no hand followed it, the engine's last hand is the agent's: it replays to the reward
        for t in np.flatnonzero(terminated & (info.get("skipped_hands", np.zeros(64)) == 0)).tolist():
            assert replay(envs.tables.history(t)).result.net[0] == rewards[t]
            checked += 1
    assert checked > 100


def test_gymnasium_vector_conventions_and_wrappers() -> None:
    envs = gym.make_vec(ENV_ID, num_envs=3, num_players=2)
    assert isinstance(envs.unwrapped, OmahaHiLoVectorEnv)
    assert envs.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    assert envs.observation_space.shape == (3, 120) and envs.action_space.nvec.tolist() == [5, 5, 5]
    obs, info = envs.reset(seed=[7, 8, 9])
    again, _ = gym.make_vec(ENV_ID, num_envs=3, num_players=2).reset(seed=[7, 8, 9])
    np.testing.assert_array_equal(obs, again)
    assert set(info) == {"action_mask", "_action_mask", "skipped_hands", "_skipped_hands", "skipped_net",
                         "_skipped_net"}
    obs, rewards, terminated, truncated, info = envs.step(np.zeros(3, np.int64))  # every button folds
    # heads-up the button (seat 0 in the first hand) posts the small blind, 1 chip, and acts first
    assert terminated.all() and rewards.tolist() == [-1.0, -1.0, -1.0]
    assert rewards.dtype == np.float64 and terminated.dtype == truncated.dtype == np.bool_
    # Gymnasium's episode statistics (they read SAME_STEP autoreset): an episode's return is its reward
    stats = RecordEpisodeStatistics(OmahaHiLoVectorEnv(num_envs=4, num_players=3, opponents="random"))
    obs, info = stats.reset(seed=5)
    returns = []
    for _ in range(40):
        obs, rewards, terminated, truncated, info = stats.step(np.ones(4, np.int64))
        if "episode" in info:
            done = info["_episode"]
            assert np.array_equal(info["episode"]["r"][done], rewards[done])
            returns.extend(rewards[done].tolist())
    assert len(returns) > 10


def test_the_checks_gymnasium_has_for_environments() -> None:
    # Gymnasium has no checker for vector environments. Its env checker's checks that read reset() and step()
    # the same way for both kinds run here (check_returned_data_not_reused tests `if terminated`: one table);
    # check_step_determinism asks `truncated is False` of a single environment, so determinism is checked below
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        for n in (1, 4):
            envs = gym.make_vec(ENV_ID, num_envs=n, num_players=3, opponents="random").unwrapped
            assert envs.spec is not None and envs.spec.nondeterministic is False  # the seeded checks compare data
            checks = [check_reset_seed_determinism, check_reset_options, check_reset_return_type,
                      env_reset_passive_checker] + [check_returned_data_not_reused] * (n == 1)
            for check in checks:
                check(envs)
    assert [str(w.message) for w in seen] == []

    def run(seed: int) -> list[Any]:
        envs = OmahaHiLoVectorEnv(num_envs=5, num_players=4, opponents="random")
        envs.action_space.seed(seed)
        out = [envs.reset(seed=seed)]
        for _ in range(12):
            out.append(envs.step(envs.action_space.sample()))
        return out

    assert data_equivalence(run(3), run(3), exact=True)
    assert not data_equivalence(run(3), run(4))
    envs = OmahaHiLoVectorEnv(num_envs=5, num_players=4, opponents="random")
    first, first_info = envs.reset(seed=1)
    second, _, _, _, second_info = envs.step(np.ones(5, np.int64))
    assert not np.shares_memory(first, second)
    assert not np.shares_memory(first_info["action_mask"], second_info["action_mask"])


def test_unseeded_resets_continue_the_streams() -> None:
    envs = OmahaHiLoVectorEnv(num_envs=2, num_players=3)
    first, _ = envs.reset(seed=3)
    second, _ = envs.reset()
    other = OmahaHiLoVectorEnv(num_envs=2, num_players=3)
    again, _ = other.reset(seed=3)
    np.testing.assert_array_equal(first, again)
    np.testing.assert_array_equal(second, other.reset()[0])  # the seed drawn after a seeded reset repeats
    assert not np.array_equal(first, second)
    fresh = OmahaHiLoVectorEnv(num_envs=2, num_players=3)
    obs, _ = fresh.reset()  # never seeded: fresh entropy
    assert obs in fresh.observation_space


def test_the_same_seed_on_any_number_of_threads() -> None:
    runs = []
    for threads in (1, 2):
        envs = OmahaHiLoVectorEnv(num_envs=600, num_players=6, opponents="random", n_threads=threads)
        obs, _ = envs.reset(seed=9)
        rewards = []
        for _ in range(5):
            obs, reward, *_ = envs.step(np.ones(600, np.int64))
            rewards.append(reward)
        runs.append((obs, np.array(rewards)))
    np.testing.assert_array_equal(runs[0][0], runs[1][0])
    np.testing.assert_array_equal(runs[0][1], runs[1][1])


def test_a_failing_opponent_leaves_the_tables_to_reset() -> None:
    calls = []

    def flaky(obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
        calls.append(len(obs))
        if len(calls) == 2:
            raise RuntimeError("policy crashed")
        return np.ones(len(obs), np.int64)

    envs = OmahaHiLoVectorEnv(num_envs=3, num_players=3, opponents=[None, flaky, "call"])
    envs.reset(seed=1)
    with pytest.raises(RuntimeError, match="policy crashed"):
        for _ in range(10):
            envs.step(np.ones(3, np.int64))
    with pytest.raises(GameError, match="waits on seat 1, not the agent's seat 0"):
        envs.step(np.ones(3, np.int64))
    obs, info = envs.reset(seed=2)
    assert obs in envs.observation_space


def test_a_callable_opponent_must_answer_legally() -> None:
    envs = OmahaHiLoVectorEnv(num_envs=2, num_players=3, opponents=[None, lambda obs, masks: np.full(len(obs), 9),
                                                                   "call"])
    with pytest.raises(ArgumentError, match="returned action 9 for row 0"):
        for _ in range(5):
            envs.reset(seed=1)
            envs.step(np.ones(2, np.int64))


def test_bad_calls_are_refused() -> None:
    envs = OmahaHiLoVectorEnv(num_envs=2, num_players=2)
    with pytest.raises(GameError, match=r"call reset\(\) before step\(\)"):
        envs.step(np.ones(2, np.int64))
    with pytest.raises(GameError, match="no hand has been dealt"):
        envs.tables
    envs.reset(seed=1)
    with pytest.raises(ArgumentError, match="actions must be 2 integer actions, one per table"):
        envs.step(np.ones(3, np.int64))
    with pytest.raises(ArgumentError, match="actions must be 2 integer actions, one per table"):
        envs.step(np.ones(2, np.float64))
    with pytest.raises(ShapeError, match=r"one seed per table \(2\), got 3 seeds"):
        envs.reset(seed=[1, 2, 3])
    with pytest.raises(ArgumentTypeError, match="seed must be None, an int or a list of ints"):
        envs.reset(seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"seed\[1\]"):
        envs.reset(seed=[1, None])  # type: ignore[list-item]
    with pytest.raises(ArgumentError, match=r"seed\[0\]"):
        envs.reset(seed=[-1, 2])
    with pytest.raises(ArgumentError, match="num_envs must be at least 1, got 0"):
        OmahaHiLoVectorEnv(num_envs=0)
    with pytest.raises(ArgumentTypeError, match="carry_stacks"):
        OmahaHiLoVectorEnv(carry_stacks="yes")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="n_threads"):
        OmahaHiLoVectorEnv(n_threads=0)


def test_the_one_seat_environment_plays_the_same_game() -> None:
    # not the same cards (each engine shuffles its own way), the same spaces, actions and encoding
    single = OmahaHiLoEnv(num_players=4, opponents="random")
    envs = OmahaHiLoVectorEnv(num_envs=2, num_players=4, opponents="random")
    assert envs.single_observation_space == single.observation_space
    assert envs.single_action_space == single.action_space and envs.action_names == single.action_names
