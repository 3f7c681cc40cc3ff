"""The vector environment: each table plays exactly what a one-seat environment seeded alike plays."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium as gym  # noqa: E402
from gymnasium.vector import AutoresetMode  # noqa: E402

from omaha8.envs import ENV_ID, OmahaHiLoEnv, OmahaHiLoVectorEnv  # noqa: E402
from omaha8.errors import ArgumentError, ArgumentTypeError, ShapeError  # noqa: E402
from omaha8.game import GameError  # noqa: E402

CONFIGS = [
    dict(num_players=2, opponents="call"),
    dict(num_players=6, opponents="random"),
    dict(num_players=3, opponents="random", seat=1, structure="no-limit", stack=[40, 200, 90]),
    dict(num_players=4, opponents="random", structure="fixed-limit", normalize_rewards=True),
]


@pytest.mark.parametrize("config", CONFIGS, ids=[f"config{i}" for i in range(len(CONFIGS))])
def test_each_table_is_a_one_seat_environment(config: dict[str, Any]) -> None:
    n, seed = 5, 40
    envs = OmahaHiLoVectorEnv(num_envs=n, **config)
    singles = [OmahaHiLoEnv(**config) for _ in range(n)]
    obs, info = envs.reset(seed=seed)
    assert obs in envs.observation_space
    for i, env in enumerate(singles):
        one, one_info = env.reset(seed=seed + i)
        np.testing.assert_array_equal(obs[i], one)
        np.testing.assert_array_equal(info["action_mask"][i], one_info["action_mask"])
        assert info["skipped_hands"][i] == one_info["skipped_hands"]
        assert info["skipped_net"][i] == one_info["skipped_net"]
    rng = np.random.default_rng(1)
    finished = 0
    for _ in range(150):
        actions = rng.integers(envs.single_action_space.n, size=n)  # masked actions too: played as check/call
        obs, rewards, terminated, truncated, info = envs.step(actions)
        assert obs in envs.observation_space and not truncated.any()
        for i, env in enumerate(singles):
            one, reward, done, _, one_info = env.step(int(actions[i]))
            assert (rewards[i], terminated[i], info["illegal_action"][i]) == (reward, done, one_info["illegal_action"])
            if done:
                finished += 1
                assert info["_final_obs"][i] and info["final_info"]["_net_chips"][i]
                np.testing.assert_array_equal(info["final_obs"][i], one)
                np.testing.assert_array_equal(info["final_info"]["net_chips"][i], one_info["net_chips"])
                assert info["final_info"]["net_chips"][i].sum() == 0
                one, one_info = env.reset()
                assert info["skipped_hands"][i] == one_info["skipped_hands"]
                assert info["skipped_net"][i] == one_info["skipped_net"]
            else:
                assert not info.get("_final_obs", np.zeros(n, bool))[i]
            np.testing.assert_array_equal(obs[i], one)
            np.testing.assert_array_equal(info["action_mask"][i], one_info["action_mask"])
    assert finished > 20


def test_make_vec_and_the_vector_conventions() -> None:
    envs = gym.make_vec(ENV_ID, num_envs=3, num_players=2)
    assert isinstance(envs.unwrapped, OmahaHiLoVectorEnv)
    assert envs.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    assert envs.observation_space.shape == (3, 120) and envs.action_space.nvec.tolist() == [5, 5, 5]
    obs, info = envs.reset(seed=[7, 8, 9])
    one, _ = OmahaHiLoEnv(num_players=2).reset(seed=8)
    np.testing.assert_array_equal(obs[1], one)
    assert set(info) == {"action_mask", "_action_mask", "skipped_hands", "_skipped_hands", "skipped_net",
                         "_skipped_net"}
    obs, rewards, terminated, truncated, info = envs.step(np.zeros(3, np.int64))  # every button folds
    assert terminated.all() and rewards.tolist() == [-1.0, -1.0, -1.0]
    assert rewards.dtype == np.float64 and terminated.dtype == truncated.dtype == np.bool_


def test_bad_calls_are_refused() -> None:
    envs = OmahaHiLoVectorEnv(num_envs=2, num_players=2)
    with pytest.raises(GameError, match=r"call reset\(\) before step\(\)"):
        envs.step(np.ones(2, np.int64))
    envs.reset(seed=1)
    with pytest.raises(ArgumentError, match="actions must be 2 integer actions, one per table"):
        envs.step(np.ones(3, np.int64))
    with pytest.raises(ArgumentError, match="actions must be 2 integer actions, one per table"):
        envs.step(np.ones(2, np.float64))
    with pytest.raises(ShapeError, match=r"one seed per table \(2\), got 3 seeds"):
        envs.reset(seed=[1, 2, 3])
    with pytest.raises(ArgumentTypeError, match="seed must be None, an int or a list of ints"):
        envs.reset(seed=1.5)
    with pytest.raises(ArgumentError, match="num_envs must be at least 1, got 0"):
        OmahaHiLoVectorEnv(num_envs=0)


def test_unseeded_resets_continue_the_streams() -> None:
    envs = OmahaHiLoVectorEnv(num_envs=2, num_players=3)
    first, _ = envs.reset(seed=3)
    second, _ = envs.reset()
    again, _ = OmahaHiLoVectorEnv(num_envs=2, num_players=3).reset(seed=3)
    np.testing.assert_array_equal(first, again)
    assert not np.array_equal(first, second)
    fresh = OmahaHiLoVectorEnv(num_envs=2, num_players=3)
    obs, _ = fresh.reset()  # never seeded: fresh entropy
    assert obs in fresh.observation_space
