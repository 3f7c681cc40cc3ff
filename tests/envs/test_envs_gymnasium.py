"""The one-seat Gymnasium environment: Gymnasium's checker, and every hand checked against the engine."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium as gym  # noqa: E402
from envs_reference import reference_actions, reference_observation  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

import omaha8.envs  # noqa: E402
from omaha8.envs import ENV_ID, OmahaHiLoEnv  # noqa: E402
from omaha8.errors import ArgumentError, ArgumentTypeError, ShapeError  # noqa: E402
from omaha8.game import GameError  # noqa: E402


def _fold_to_a_bet(obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """An opponent that folds whenever it may, checks otherwise."""
    return np.where(masks[:, 0] == 1, 0, 1)


CONFIGS = [
    dict(num_players=2, opponents="call"),
    dict(num_players=6, opponents="random"),
    dict(num_players=3, opponents="random", seat=2, structure="no-limit"),
    dict(num_players=4, opponents="random", structure="fixed-limit", variant=5),
    dict(num_players=3, opponents=["random", None, _fold_to_a_bet], seat=1, stack=[30, 300, 60]),
    dict(num_players=2, opponents="random", normalize_rewards=True, raise_fractions=(0.25, 3)),
]
IDS = [f"config{i}" for i in range(len(CONFIGS))]


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_check_env(config: dict[str, Any]) -> None:
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        env = gym.make(ENV_ID, **config)
        check_env(env.unwrapped)  # its spec makes the render modes too
    assert [str(w.message) for w in seen] == []


def test_the_id_is_registered_on_import() -> None:
    assert ENV_ID == "omaha8/OmahaHiLo-v0" and ENV_ID in gym.registry
    env = gym.make("omaha8.envs:omaha8/OmahaHiLo-v0", num_players=2)
    assert isinstance(env.unwrapped, OmahaHiLoEnv)
    omaha8.envs.register()  # again: nothing changes, no warning
    assert gym.spec(ENV_ID).entry_point == "omaha8.envs.seat_env:OmahaHiLoEnv"


def _play_checked(env: OmahaHiLoEnv, hands: int, seed: int) -> None:
    """Random actions (masked ones too) for ``hands`` hands, each decision checked against the engine."""
    rng = np.random.default_rng(seed)
    config, hero = env.config, env.seat
    scale = config.reward_scale()
    obs, info = env.reset(seed=seed)
    dealt = 0  # hands dealt since the seed: the button moves one seat a hand, skipped hands too
    for _ in range(hands):
        dealt += info["skipped_hands"]
        hand = env.hand
        assert hand.button == dealt % config.num_players
        dealt += 1
        done = False
        while not done:
            assert hand.actor == hero
            np.testing.assert_array_equal(obs, reference_observation(hand, hero, config.big_blind))
            expected = reference_actions(hand, config.fractions)
            assert info["action_mask"].tolist() == [int(allowed) for allowed, _, _ in expected]
            assert env.action_masks().tolist() == [allowed for allowed, _, _ in expected]
            action = int(rng.integers(config.n_actions))
            obs, reward, done, truncated, info = env.step(action)
            assert info["illegal_action"] == (not expected[action][0]) and not truncated
            if not done:
                assert reward == 0.0
        result = hand.result
        assert hand.is_over and reward == result.net[hero] * scale
        assert info["net_chips"].tolist() == list(result.net) and sum(result.net) == 0
        assert not info["action_mask"].any()
        np.testing.assert_array_equal(obs, reference_observation(hand, hero, config.big_blind))
        obs, info = env.reset()


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_random_hands_match_the_engine(config: dict[str, Any]) -> None:
    _play_checked(OmahaHiLoEnv(**config), hands=60, seed=3)


def test_a_masked_action_is_played_as_check_or_call() -> None:
    env = OmahaHiLoEnv(num_players=2, opponents="call")
    env.reset(seed=4)
    env.step(1)  # the button completes the small blind; the caller checks its option
    assert env.hand.street == "flop" and env.hand.legal_actions().call == 0
    _, _, _, _, info = env.step(0)  # fold is masked with nothing to call: a check
    assert info["illegal_action"] and env.hand.folded == ()
    _, _, _, _, info = env.step(99)  # outside the space: a check too
    assert info["illegal_action"] and env.hand.street == "river"
    with pytest.raises(ArgumentTypeError, match="action must be an int, not 1.0"):
        env.step(1.0)


def test_stepping_a_finished_hand_is_refused() -> None:
    env = OmahaHiLoEnv(num_players=2)
    env.reset(seed=1)
    _, reward, done, _, _ = env.step(0)  # the button folds its small blind
    assert done and reward == -1.0
    with pytest.raises(GameError, match=r"the hand is over: call reset\(\)"):
        env.step(1)
    with pytest.raises(GameError, match=r"the hand is over: call reset\(\)"):
        OmahaHiLoEnv(num_players=2).step(1)  # never reset


def test_hands_without_a_decision_are_skipped_and_counted() -> None:
    # heads-up against a player who folds to any bet: whenever the agent has the big blind, the button folds
    # its small blind at once, a walk; the agent wins that 1 chip without a decision
    env = OmahaHiLoEnv(num_players=2, opponents=_fold_to_a_bet)
    obs, info = env.reset(seed=8)
    assert (info["skipped_hands"], info["skipped_net"]) == (0, 0.0)  # the button's first hand is the agent's
    for _ in range(5):
        env.step(1)  # call; the opponent checks it down or folds to nothing: the hand ends by the river
        while not env.hand.is_over:
            env.step(1)
        obs, info = env.reset()
        assert (info["skipped_hands"], info["skipped_net"], env.hand.button) == (1, 1.0, 0)


def test_opponent_policies_are_checked() -> None:
    with pytest.raises(ArgumentError, match="opponents must be 'call', 'random' or a callable, not 'raise'"):
        OmahaHiLoEnv(opponents="raise")
    with pytest.raises(ArgumentTypeError, match="opponents must be"):
        OmahaHiLoEnv(opponents=3)
    with pytest.raises(ShapeError, match=r"one policy per seat \(3, the hero's None\), got 2"):
        OmahaHiLoEnv(num_players=3, opponents=["call", "call"])
    with pytest.raises(ArgumentError, match=r"opponents\[0\] is the hero's seat: give None there"):
        OmahaHiLoEnv(num_players=2, opponents=["call", "call"])
    with pytest.raises(ArgumentError, match="seat must be at most 1, got 2"):
        OmahaHiLoEnv(num_players=2, seat=2)
    env = OmahaHiLoEnv(num_players=2, seat=1, opponents=lambda obs, masks: np.zeros(len(obs), np.int64))
    env.reset(seed=2)  # the opponent folds the first hand's small blind: a walk; the agent has the button now
    assert env.hand.button == 1
    with pytest.raises(ArgumentError, match=r"returned action 0 for row 0, which its mask \[0, 1, 1, 1, 1\] "
                                            r"does not allow"):
        env.step(1)  # the agent completes: the opponent may check, not fold
    env = OmahaHiLoEnv(num_players=2, seat=1, opponents=lambda obs, masks: [1, 1])
    with pytest.raises(ArgumentError, match=r"must return 1 integer actions, one per observation, not \[1, 1\]"):
        env.reset(seed=2)


def test_a_callable_opponent_sees_its_own_seat() -> None:
    env = OmahaHiLoEnv(num_players=3, opponents=lambda obs, masks: watcher(obs, masks))
    asked = []

    def watcher(obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
        hand = env.hand
        np.testing.assert_array_equal(obs[0], reference_observation(hand, hand.actor, 2))
        assert masks[0].tolist() == [int(allowed) for allowed, _, _ in reference_actions(hand, env.config.fractions)]
        asked.append(hand.actor)
        return np.ones(len(obs), np.int64)

    env.reset(seed=6)
    while not env.hand.is_over:
        env.step(1)
    assert set(asked) == {1, 2}


def test_the_same_seed_gives_the_same_run() -> None:
    def run(seed: int) -> list[bytes]:
        env = OmahaHiLoEnv(num_players=4, opponents="random")
        rng = np.random.default_rng(0)
        obs, _ = env.reset(seed=seed)
        out = [obs.tobytes()]
        for _ in range(200):
            obs, reward, done, _, _ = env.step(int(rng.integers(5)))
            out.append(obs.tobytes() + bytes(str(reward), "ascii"))
            if done:
                obs, _ = env.reset()
                out.append(obs.tobytes())
        return out

    assert run(5) == run(5) and run(5) != run(6)


def test_render_hides_the_opponents_cards_until_the_end() -> None:
    env = OmahaHiLoEnv(num_players=2, render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    assert text is not None and "you " in text and "seat 1" in text
    assert text.splitlines()[3].endswith("?")  # seat 1's cards
    env.step(0)
    text = env.render()
    assert not text.splitlines()[3].endswith("?") and text.splitlines()[-1] == "net: you -1, seat 1 +1"
    assert OmahaHiLoEnv(num_players=2).render() is None


def test_a_failing_opponent_leaves_the_hand_to_reset() -> None:
    calls = []

    def flaky(obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
        calls.append(1)
        if len(calls) == 2:
            raise RuntimeError("policy crashed")
        return np.ones(len(obs), np.int64)

    env = OmahaHiLoEnv(num_players=3, opponents=flaky)
    env.reset(seed=1)  # the agent has the button and acts first: no opponent asked yet
    with pytest.raises(RuntimeError, match="policy crashed"):
        env.step(1)  # the small blind is asked (1), then the big blind (2) crashes
    waiting = env.hand.actor
    assert waiting == 2
    with pytest.raises(GameError, match="the hand waits on seat 2, not the agent's seat 0"):
        env.step(1)
    assert env.hand.actor == waiting  # nothing was played for seat 2
    obs, info = env.reset()
    assert env.hand.actor == 0 and info["action_mask"].any()


def test_nothing_is_read_before_the_first_reset() -> None:
    env = OmahaHiLoEnv(num_players=2)
    for call in (env.action_masks, lambda: env.hand):
        with pytest.raises(GameError, match=r"no hand has been dealt at table 0: reset\(\) deals one"):
            call()
