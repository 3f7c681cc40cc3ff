"""The PettingZoo environment: PettingZoo's own tests, and every hand checked against the engine.

Random agents play hundreds of hands of every structure; at every decision
the observation and the action mask are compared with the slow twins of
envs_reference.py (read straight from the engine's Hand), every action the
mask allows is one the engine accepts, and at the end the rewards are the
engine's net chips and add up to 0.

Of PettingZoo's own tests, api_test, seed_test and render_test apply.
max_cycles_test and the parallel tests need a ``parallel_env``, which a
turn-based game has not (and a hand ends by itself, within a bounded number
of actions); state_test needs the optional ``state()``, which this
environment does not offer; save_obs_test is for image observations; and
bombardment_test compares each observation with the first one unwrapped on
one side only, which fails for every environment whose observations are
dicts of an observation and an action mask (PettingZoo 1.27).
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from envs_reference import reference_actions, reference_observation  # noqa: E402
from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

from omaha8.envs import omaha_hilo_v0  # noqa: E402
from omaha8.errors import ArgumentError, ArgumentTypeError, ChipError, ShapeError  # noqa: E402
from omaha8.game import FixedLimit, IllegalActionError, NoLimit  # noqa: E402

# The warnings PettingZoo's api_test gives every environment whose observation is a dict of the observation
# and the action mask, unless the environment is one of its own classic card games (it lists them by name).
DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
)

CONFIGS = [
    dict(num_players=2),
    dict(num_players=6),
    dict(num_players=10),
    dict(num_players=9, variant=5),
    dict(num_players=4, structure="no-limit"),
    dict(num_players=3, structure="fixed-limit"),
    dict(num_players=3, stack=[5, 40, 500], structure="no-limit"),  # short stacks: all-ins and side pots
    dict(num_players=4, raise_fractions=(0.33, 0.75, 2.0), normalize_rewards=True),
]


def _api_warnings(run: Any) -> set[str]:
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        run()
    return {str(w.message) for w in seen}


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_api_test(config: dict[str, Any]) -> None:
    messages = _api_warnings(lambda: api_test(omaha_hilo_v0.env(**config), num_cycles=200))
    assert messages <= set(DICT_OBSERVATION_WARNINGS), messages


def test_seed_test() -> None:
    seed_test(lambda: omaha_hilo_v0.env(num_players=6), num_cycles=500)
    seed_test(lambda: omaha_hilo_v0.env(num_players=3, structure="no-limit"), num_cycles=500)


def test_render_test(capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode=None: omaha_hilo_v0.env(num_players=3, render_mode=render_mode))
    assert "pot limit 1/2" in capsys.readouterr().out  # "human" printed the table


def _last_action(hand: Any) -> Any:
    return next(e for e in reversed(hand.history.events) if e.kind in ("fold", "check", "call", "bet", "raise"))


def _play_checked(game: omaha_hilo_v0.raw_env, hands: int, seed: int) -> int:
    """Random legal actions for ``hands`` hands, each decision checked against the engine; returns decisions."""
    rng = np.random.default_rng(seed)
    config = game.config
    decisions = 0
    for number in range(hands):
        game.reset(seed=seed + number if number % 2 else None)
        hand = game.hand
        assert hand.starting_stacks == config.stacks
        rewards: dict[str, float] = {}
        while game.agents:
            agent = game.agent_selection
            obs, reward, terminated, truncated, _ = game.last()
            if terminated:
                rewards[agent] = reward
                game.step(None)
                continue
            assert reward == 0 and not truncated
            seat = game.possible_agents.index(agent)
            assert hand.actor == seat
            for other in game.possible_agents:  # every agent's view: the one to act and the others
                s = game.possible_agents.index(other)
                view = game.observe(other)
                np.testing.assert_array_equal(view["observation"], reference_observation(hand, s, config.big_blind))
                assert view["action_mask"].any() == (s == seat)
            expected = reference_actions(hand, config.fractions)
            assert obs["action_mask"].tolist() == [int(allowed) for allowed, _, _ in expected]
            # and against the engine's own offer: fold facing a bet, check/call always, raises when it allows one
            legal = hand.legal_actions()
            assert obs["action_mask"][0] == (legal.call > 0) and obs["action_mask"][1] == 1
            assert (obs["action_mask"][2:] == (legal.max_to > 0)).all()
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            game.step(action)
            _, engine_action, amount = expected[action]
            event = _last_action(hand)
            assert (event.seat, event.kind) == (seat, engine_action)
            if engine_action in ("bet", "raise"):
                assert event.total == amount
            elif engine_action == "call":
                assert event.amount == legal.call
            decisions += 1
        result = hand.result
        assert sum(result.net) == 0 and sum(result.stacks) == sum(config.stacks)
        scale = config.reward_scale()
        assert rewards == {agent: net * scale for agent, net in zip(game.possible_agents, result.net)}
    return decisions


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_random_hands_match_the_engine(config: dict[str, Any]) -> None:
    game = omaha_hilo_v0.raw_env(**config)
    assert _play_checked(game, hands=60, seed=11) > 60


def test_a_masked_action_is_refused_and_changes_nothing() -> None:
    game = omaha_hilo_v0.raw_env(num_players=3)
    game.reset(seed=5)
    game.step(1)  # the button calls 2
    game.step(1)  # the small blind completes
    assert game.agent_selection == "player_2" and game.hand.legal_actions().call == 0  # the big blind's option
    before = (game.hand.bets, game.hand.stacks, game.agent_selection)
    with pytest.raises(IllegalActionError, match=r"seat 2 cannot take action 0 \(fold\): its action mask "
                                                 r"\[0, 1, 1, 1, 1\] does not allow it"):
        game.step(0)
    with pytest.raises(IllegalActionError, match="seat 2 cannot take action 5: actions are 0..4"):
        game.step(5)
    with pytest.raises(IllegalActionError, match="an action is an int"):
        game.step(1.0)
    with pytest.raises(IllegalActionError, match="an action is an int"):
        game.step(True)
    assert (game.hand.bets, game.hand.stacks, game.agent_selection) == before
    game.step(np.int64(1))  # numpy ints are actions
    assert game.hand.street == "flop"


def test_a_finished_agent_steps_with_none() -> None:
    game = omaha_hilo_v0.raw_env(num_players=2)
    game.reset(seed=1)
    game.step(0)  # the button folds: the hand is over
    assert all(game.terminations.values())
    with pytest.raises(IllegalActionError, match="the hand is over: step with None"):
        game.step(1)
    game.step(None)
    game.step(None)
    assert game.agents == []


def test_the_button_moves_and_a_seed_restarts_the_deal() -> None:
    game = omaha_hilo_v0.raw_env(num_players=4)
    seen = []
    for seed in (3, None, None, None, None, 3):
        game.reset(seed=seed)
        seen.append((game.hand.button, game.hand.holes))
        while game.agents:
            game.step(None if game.terminations[game.agent_selection] else 1)
    assert [button for button, _ in seen] == [0, 1, 2, 3, 0, 0]
    assert seen[5] == seen[0] and seen[1][1] != seen[0][1]


def test_the_same_seed_gives_the_same_episode() -> None:
    def episode(seed: int) -> list[Any]:
        game = omaha_hilo_v0.raw_env(num_players=5, structure="no-limit")
        rng = np.random.default_rng(0)
        out = []
        for i in range(20):
            game.reset(seed=seed if i == 0 else None)
            while game.agents:
                obs, reward, terminated, _, _ = game.last()
                out.append((game.agent_selection, obs["observation"].tobytes(), reward))
                game.step(None if terminated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        return out

    assert episode(9) == episode(9)
    assert episode(9) != episode(10)


def test_normalised_rewards_are_big_blinds() -> None:
    for normalize, expected in ((False, [0.0, -1.0, 1.0]), (True, [0.0, -0.5, 0.5])):
        game = omaha_hilo_v0.raw_env(num_players=3, normalize_rewards=normalize)
        game.reset(seed=7)
        game.step(0)
        game.step(0)  # the button and the small blind fold: the big blind wins the small blind's 1 chip
        assert [game.rewards[a] for a in game.possible_agents] == expected


def test_bad_arguments_name_themselves() -> None:
    with pytest.raises(ArgumentError, match="num_players must be at least 2, got 1"):
        omaha_hilo_v0.raw_env(num_players=1)
    with pytest.raises(ArgumentError, match="num_players must be at most 9, got 10"):
        omaha_hilo_v0.raw_env(num_players=10, variant=5)
    with pytest.raises(ShapeError, match="variant must be 4 or 5"):
        omaha_hilo_v0.raw_env(variant=6)
    with pytest.raises(ArgumentTypeError, match="structure must be"):
        omaha_hilo_v0.raw_env(structure=3)
    with pytest.raises(ChipError, match=r"stack\[1\] = 2: every stack must be more than the big blind, 2"):
        omaha_hilo_v0.raw_env(num_players=2, stack=[100, 2])
    with pytest.raises(ShapeError, match=r"one stack per seat \(3\), got 2"):
        omaha_hilo_v0.raw_env(num_players=3, stack=[100, 100])
    with pytest.raises(ArgumentError, match=r"raise_fractions\[1\] = 0.5 repeats"):
        omaha_hilo_v0.raw_env(raise_fractions=(0.5, 0.5))
    with pytest.raises(ArgumentError, match=r"raise_fractions\[0\] must be more than 0"):
        omaha_hilo_v0.raw_env(raise_fractions=(float("nan"),))
    with pytest.raises(ArgumentTypeError, match="normalize_rewards must be True or False"):
        omaha_hilo_v0.raw_env(normalize_rewards=1)
    with pytest.raises(ArgumentError, match="render_mode must be None, 'human' or 'ansi', not 'rgb_array'"):
        omaha_hilo_v0.raw_env(render_mode="rgb_array")


def test_structures_given_as_objects() -> None:
    game = omaha_hilo_v0.raw_env(num_players=2, structure=NoLimit(5, 10), stack=1000)
    game.reset(seed=0)
    assert game.hand.structure == NoLimit(5, 10) and game.hand.starting_stacks == (1000, 1000)
    game = omaha_hilo_v0.raw_env(num_players=2, structure="fixed-limit", blinds=(2, 4))
    assert game.config.structure == FixedLimit(4, 8, small_blind=2, big_blind=4)


def test_render_hides_nothing_and_names_the_agents() -> None:
    game = omaha_hilo_v0.raw_env(num_players=2, render_mode="ansi")
    assert game.render() is None  # nothing dealt yet
    game.reset(seed=2)
    text = game.render()
    assert text is not None and text.splitlines()[0] == "pot limit 1/2, preflop, pot 3"
    assert "player_0" in text and "player_1" in text and "<- to act" in text
    game.step(0)
    assert game.render().splitlines()[-1] == "net: player_0 -1, player_1 +1"
