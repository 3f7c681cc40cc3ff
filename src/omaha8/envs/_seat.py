"""One seat against opponent policies at many tables: the game of the one-seat environments.

The hero's hands are played to its decisions: the opponents act until the
hero is to act or the hand is over. A hand that ends before the hero has
anything to decide (everyone folds to its big blind) is settled and
counted, and the next hand dealt: those hands' chips are reported as
skipped, never given as a reward.

>>> from omaha8.envs._config import table_config
>>> play = SeatPlay(table_config(num_players=3), 1, hero=0, opponents="call")
>>> play.seed(0, np.random.default_rng(5))
>>> play.start([0])
(array([0]), array([0]))
>>> obs, mask = play.observe([0])
>>> mask.tolist()       # the button acts first, facing the big blind: fold, call, three raises
[[1, 1, 1, 1, 1]]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..game import GameError
from ._config import TableConfig
from ._encoding import F32, I8, I64, Bools
from ._policies import Decisions, OpponentPolicy, opponent_policies
from ._tables import ScalarTables

__all__ = ["SeatPlay"]


class SeatPlay:
    """Seat ``hero`` of ``n_tables`` tables, the other seats played by ``opponents``."""

    def __init__(self, config: TableConfig, n_tables: int, *, hero: int, opponents: object) -> None:
        self.config = config
        self.hero = hero
        self.tables = ScalarTables(config, n_tables)
        self.layout = self.tables.layout
        self.policies = opponent_policies(opponents, num_players=config.num_players, hero=hero)
        self.generators: list[np.random.Generator | None] = [None] * n_tables
        # per table, the hero's action mask, kinds and amounts as last observed, with the table's version then
        self._offers: dict[int, tuple[int, I8, I8, I64]] = {}

    def seed(self, table: int, generator: np.random.Generator) -> None:
        """Draw ``table``'s shuffle and its opponents' choices from ``generator`` from now on."""
        self.generators[table] = generator
        self.tables.seed(table, generator)

    def generator(self, table: int) -> np.random.Generator:
        """``table``'s generator (a fresh one if it was never seeded)."""
        generator = self.generators[table]
        if generator is None:
            generator = np.random.default_rng()
            self.seed(table, generator)
        return generator

    def _play_opponents(self, tables: Sequence[int]) -> None:
        """Let the opponents act at ``tables`` until the hero is to act or the hand is over."""
        hero, tables_ = self.hero, self.tables
        pending = [t for t in tables if tables_.actor(t) not in (-1, hero)]
        while pending:
            # the tables where each policy is to act, asked together
            groups: dict[int, tuple[OpponentPolicy, list[int]]] = {}
            for t in pending:
                policy = self.policies[tables_.actor(t)]
                assert policy is not None  # the hero is not pending
                groups.setdefault(id(policy), (policy, []))[1].append(t)
            for policy, group in groups.values():
                decisions = Decisions(tables_, group, [self.generator(t) for t in group])
                kinds, amounts = policy.choose(decisions)
                for t, kind, amount in zip(group, kinds.tolist(), amounts.tolist()):
                    tables_.apply(t, kind, amount)
            pending = [t for t in pending if tables_.actor(t) not in (-1, hero)]

    def start(self, tables: Sequence[int]) -> tuple[I64, I64]:
        """Deal at ``tables`` and play to the hero's first decision of a hand.

        Returns the hands that ended before the hero had a decision and the
        hero's net chips in them, per table.
        """
        skipped = np.zeros(len(tables), np.int64)
        skipped_net = np.zeros(len(tables), np.int64)
        todo = list(range(len(tables)))
        # every stack is more than the big blind, so the hero decides within an orbit: the loop ends
        while todo:
            for i in todo:
                self.generator(tables[i])
                self.tables.deal(tables[i])
            self._play_opponents([tables[i] for i in todo])
            walked = [i for i in todo if self.tables.actor(tables[i]) == -1]
            for i in walked:
                skipped[i] += 1
                skipped_net[i] += self.tables.net(tables[i])[self.hero]
            todo = walked
        return skipped, skipped_net

    def observe(self, tables: Sequence[int]) -> tuple[F32, I8]:
        """The hero's observations and action masks at ``tables`` (all 0 where the hand is over)."""
        obs, mask, kind, amount = self.tables.encoded(tables, [self.hero] * len(tables))
        versions = self.tables.versions
        for i, t in enumerate(tables):
            self._offers[t] = (versions[t], mask[i], kind[i], amount[i])
        return obs, mask

    def offers(self, tables: Sequence[int]) -> tuple[I8, I8, I64]:
        """The hero's action masks, kinds and amounts at ``tables``: as last observed, or read again."""
        versions = self.tables.versions
        cached = [self._offers.get(t) for t in tables]
        if all(c is not None and c[0] == versions[t] for c, t in zip(cached, tables)):
            return (np.stack([c[1] for c in cached]), np.stack([c[2] for c in cached]),  # type: ignore[index]
                    np.stack([c[3] for c in cached]))  # type: ignore[index]
        return self.tables.encoded(tables)[1:]

    def act(self, tables: Sequence[int], actions: I64) -> tuple[Bools, Bools, I64]:
        """Play the hero's ``actions`` at ``tables`` (where it is to act), then the opponents.

        An action outside its mask is played as check/call. Returns, per
        table, whether the action was outside the mask, whether the hand is
        over, and the hero's net chips in it (0 while it runs).
        """
        for t in tables:
            actor = self.tables.actor(t)
            if actor != self.hero:  # an opponent's policy raised before the turn came back: the hand waits on it
                raise GameError(f"table {t}: the hand waits on seat {actor}, not the agent's seat {self.hero} "
                                "(an opponent's policy failed): reset() deals a new hand")
        mask, kind, amount = self.offers(tables)
        index = np.arange(len(tables))
        inside = (actions >= 0) & (actions < mask.shape[1])
        illegal = ~inside
        illegal[inside] = mask[index[inside], actions[inside]] == 0
        played = np.where(illegal, 1, actions)
        for t, k, a in zip(tables, kind[index, played].tolist(), amount[index, played].tolist()):
            self.tables.apply(t, k, a)
        self._play_opponents(tables)
        over = np.array([self.tables.actor(t) == -1 for t in tables], np.bool_)
        net = np.array([self.tables.net(t)[self.hero] if done else 0 for t, done in zip(tables, over)], np.int64)
        return illegal, over, net
