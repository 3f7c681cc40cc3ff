"""Environment throughput: what omaha8.envs adds to the hand engine, 6-handed pot limit.

Run: ``python -m pytest benchmarks/bench_envs.py --benchmark-only``.

* ``engine``: the reference, :class:`omaha8.game.Hand` driven directly by
  players who pick uniformly among the legal kinds (fold only facing a bet,
  check or call, bet or raise) and a uniform size between the bounds.
* ``pettingzoo``: ``omaha_hilo_v0.raw_env``, every seat a random agent that
  picks uniformly among the actions its mask allows.
* ``gymnasium``: ``OmahaHiLoEnv``, the agent random over its mask, the five
  other seats the built-in ``"random"`` opponents (the engine row's players).
* ``sync``: Gymnasium's ``SyncVectorEnv`` of 64 ``OmahaHiLoEnv`` (same-step
  autoreset): the vector form a user gets from the scalar environment.
* ``scalar-loop``: the same game at 64 tables of the scalar engine, played
  through the array interface the vector environment had before it moved to
  the batched engine (``envs._seat.SeatPlay``): one step, every table.
* ``vector``, ``vector-4096``: ``OmahaHiLoVectorEnv`` on ``BatchTables``, 64
  and 4,096 tables (the agent and the opponents as above).

Each benchmark asserts that chips are conserved in every hand and records
hands and agent decisions (table steps) a second; the summary gives each
environment's cost as a multiple of the engine's time per hand, and the
vector rows' decisions a second as a multiple of the scalar loop's and of
``sync``'s, all measured in the same run.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
import pytest
from conftest import scaled, timed

from omaha8.game import Hand, PotLimit

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium as gym  # noqa: E402

from omaha8.envs import OmahaHiLoEnv, OmahaHiLoVectorEnv  # noqa: E402
from omaha8.envs import omaha_hilo_v0  # noqa: E402
from omaha8.envs._config import table_config  # noqa: E402
from omaha8.envs._seat import SeatPlay  # noqa: E402

SEATS = 6
HANDS = scaled(600, 150)
TABLES = 64
MANY_TABLES = 4096
_ENGINE_SECONDS_PER_HAND: list[float] = []
_DECISIONS_PER_SECOND: dict[str, float] = {}


def play_engine(n_hands: int, seed: int) -> tuple[int, int]:
    """Random players at the engine; returns (hands, decisions)."""
    rng = random.Random(seed)
    decisions = 0
    for i in range(n_hands):
        hand = Hand([200] * SEATS, PotLimit(1, 2), button=i % SEATS, rng=rng)
        while not hand.is_over:
            legal = hand.legal_actions()
            kind = rng.choice(legal.kinds if legal.call else legal.kinds[1:])
            if kind in ("bet", "raise"):
                hand.act(kind, rng.randint(legal.min_to, legal.max_to))
            else:
                hand.act(kind)
            decisions += 1
        assert sum(hand.result.net) == 0
    return n_hands, decisions


def play_pettingzoo(n_hands: int, seed: int) -> tuple[int, int]:
    env = omaha_hilo_v0.raw_env(num_players=SEATS)
    rng = np.random.default_rng(seed)
    decisions = 0
    env.reset(seed=seed)
    for _ in range(n_hands):
        total = 0.0
        while env.agents:
            obs, reward, terminated, _, _ = env.last()
            total += reward
            if terminated:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                decisions += 1
        assert total == 0.0
        env.reset()
    return n_hands, decisions


def play_gymnasium(n_hands: int, seed: int) -> tuple[int, int]:
    env = OmahaHiLoEnv(num_players=SEATS, opponents="random")
    rng = np.random.default_rng(seed)
    decisions = 0
    obs, info = env.reset(seed=seed)
    for _ in range(n_hands):
        done = False
        while not done:
            obs, _, done, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            decisions += 1
        assert info["net_chips"].sum() == 0
        obs, info = env.reset()
    return n_hands, decisions


def random_legal(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    """A random legal action per table: the first legal action after a random offset."""
    return (rng.random(masks.shape) + masks.astype(bool)).argmax(axis=1)


def play_vector_env(envs: gym.vector.VectorEnv, n_steps: int, seed: int) -> tuple[int, int]:
    """A random legal action at every table for ``n_steps`` steps; returns (hands, decisions)."""
    rng = np.random.default_rng(seed)
    obs, info = envs.reset(seed=seed)
    hands = 0
    for _ in range(n_steps):
        obs, _, terminated, _, info = envs.step(random_legal(rng, info["action_mask"]))
        hands += int(terminated.sum())
        if terminated.any():
            assert info["final_info"]["net_chips"].sum() == 0
    return hands, n_steps * envs.num_envs


def play_sync(n_steps: int, seed: int) -> tuple[int, int]:
    envs = gym.vector.SyncVectorEnv([lambda: OmahaHiLoEnv(num_players=SEATS, opponents="random")] * TABLES,
                                    autoreset_mode=gym.vector.AutoresetMode.SAME_STEP)
    return play_vector_env(envs, n_steps, seed)


def play_scalar_loop(n_steps: int, seed: int) -> tuple[int, int]:
    play = SeatPlay(table_config(num_players=SEATS), TABLES, hero=0, opponents="random")
    every = list(range(TABLES))
    for t in every:
        play.seed(t, np.random.default_rng(seed + t))
    play.start(every)
    rng = np.random.default_rng(seed)
    hands = 0
    for _ in range(n_steps):
        _, masks = play.observe(every)
        _, over, _ = play.act(every, random_legal(rng, masks))
        done = np.flatnonzero(over).tolist()
        assert all(sum(play.tables.net(t)) == 0 for t in done)
        hands += len(done)
        if done:
            play.start(done)
    return hands, n_steps * TABLES


def play_vector(n_steps: int, seed: int, tables: int = TABLES) -> tuple[int, int]:
    return play_vector_env(OmahaHiLoVectorEnv(num_envs=tables, num_players=SEATS, opponents="random"), n_steps, seed)


def play_vector_many(n_steps: int, seed: int) -> tuple[int, int]:
    return play_vector(n_steps, seed, MANY_TABLES)


PLAYERS: dict[str, Callable[[int, int], tuple[int, int]]] = {
    "engine": play_engine, "pettingzoo": play_pettingzoo, "gymnasium": play_gymnasium, "sync": play_sync,
    "scalar-loop": play_scalar_loop, "vector": play_vector, "vector-4096": play_vector_many,
}
# steps of the vector forms (every table acts once a step), sized to take about as long as the other rows
_STEPS = {"sync": HANDS // 4, "scalar-loop": HANDS // 4, "vector": HANDS // 4, "vector-4096": HANDS // 15}


@pytest.mark.parametrize("name", list(PLAYERS))
def test_environment_throughput(benchmark, report: Callable[[str], None], name: str) -> None:  # type: ignore[no-untyped-def]
    play = PLAYERS[name]
    size = _STEPS.get(name, HANDS)
    assert play(20, 7) == play(20, 7)  # seeded: the same hands
    hands, decisions = benchmark.pedantic(play, args=(size, 2026), rounds=3, iterations=1)
    best = timed(benchmark)
    if best is None:
        return
    benchmark.extra_info.update(hands_per_second=hands / best, decisions_per_second=decisions / best)
    _DECISIONS_PER_SECOND[name] = decisions / best
    per_hand = best / hands
    if name == "engine":
        _ENGINE_SECONDS_PER_HAND.append(per_hand)
    cost = f", {per_hand / _ENGINE_SECONDS_PER_HAND[0]:.1f}x the engine's time a hand" if name != "engine" else ""
    if name.startswith("vector"):
        cost += "".join(f", {decisions / best / _DECISIONS_PER_SECOND[base]:.1f}x {base}'s decisions/s"
                        for base in ("scalar-loop", "sync") if base in _DECISIONS_PER_SECOND)
    report(f"envs {name} 6-max pot limit, random players: {hands / best:,.0f} hands/s, "
           f"{decisions / best:,.0f} agent decisions/s{cost}")
