"""One seat against opponent policies at many tables of the batched engine: the game of the vector environment.

:class:`BatchSeatPlay` plays the hero's seat at every table of one
:class:`omaha8.game.BatchTables`. Between the hero's decisions the built-in
opponents (``"call"``, ``"random"``) are played inside the engine by
:meth:`~omaha8.game.BatchTables.advance`; a callable opponent stops its
tables, is asked with their observations, and its actions are applied by the
next ``advance``. After every call each table waits on the hero.

The hand in play when the hero acts is the hero's hand: its end gives the
reward and the final observation. Hands that end before the hero has a
decision (everyone folds to its big blind; with stacks that carry over, a
hand without a decision, or every hand while the hero sits out broke) are
skipped: counted, with the hero's chips in them, never given as a reward.

>>> from omaha8.envs._config import table_config
>>> play = BatchSeatPlay(table_config(num_players=3), 2, hero=0, opponents="call")
>>> play.deal(seed=5)
(array([0, 0]), array([0, 0]))
>>> obs, mask = play.observe()
>>> mask.tolist()       # the button acts first, facing the big blind: fold, call, three raises
[[1, 1, 1, 1, 1], [1, 1, 1, 1, 1]]
>>> played = play.act(np.zeros(2, np.int64))       # the hero folds at both tables
>>> played.over.tolist(), played.net[:, 0].tolist()
([True, True], [0, 0])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..game import Advance, BatchTables, GameError
from ._config import TableConfig
from ._encoding import F32, I8, I64, Bools, ObservationLayout, TableRows, action_table, encode
from ._policies import Decisions, OpponentPolicy, opponent_policies

__all__ = ["BatchSeatPlay", "Played"]

_OVER = 4  # the street of a finished hand in TableRows


@dataclass(frozen=True)
class Played:
    """What one hero action played at every table.

    ``over``: the hero's hand ended; ``net`` (tables, seats): its net chips
    (0 where it goes on); ``final``: its observation by the hero where it
    ended (0 elsewhere); ``skipped`` and ``skipped_net``: the hands dealt
    after it that ended before the hero's next decision, and the hero's net
    chips in them.
    """

    illegal: Bools
    over: Bools
    net: I64
    final: F32
    skipped: I64
    skipped_net: I64


class _Rows:
    """Decisions read from rows already encoded (the waiting tables of one observation)."""

    def __init__(self, rows: TableRows, encoded: tuple[F32, I8, I8, I64]) -> None:
        self._rows = rows
        self._encoded = encoded

    def offers(self, tables: Sequence[int]) -> I64:
        rows = self._rows
        return np.stack([rows.to_call[tables], rows.min_to[tables], rows.max_to[tables]], axis=1)

    def encoded(self, tables: Sequence[int]) -> tuple[F32, I8, I8, I64]:
        obs, mask, kind, amount = self._encoded
        return obs[tables], mask[tables], kind[tables], amount[tables]


def observed_rows(obs: dict[str, np.ndarray[Any, Any]], which: Any = slice(None)) -> TableRows:
    """:meth:`BatchTables.observe`'s arrays (rows ``which``) as TableRows of the seat to act."""
    seat = obs["seat"][which].astype(np.int64)
    bets = obs["bets"][which]
    street = obs["street"][which].astype(np.int64)
    return TableRows(
        seat=seat, button=obs["button"][which].astype(np.int64), street=street, board=obs["board"][which],
        hole=obs["hole"][which], pot=obs["pot"][which], stacks=obs["stacks"][which], bets=bets,
        in_hand=obs["in_hand"][which], acting=np.ones(len(seat), np.bool_), to_call=obs["to_call"][which],
        min_to=obs["min_to"][which], max_to=obs["max_to"][which],
        # a wager is a raise pre-flop (the blinds are bets) and once someone has bet on the street
        raising=(street == 0) | (bets.max(axis=1, initial=0) > 0),
    )


class BatchSeatPlay:
    """Seat ``hero`` of ``n_tables`` tables of the batched engine, the other seats played by ``opponents``."""

    def __init__(self, config: TableConfig, n_tables: int, *, hero: int, opponents: object,
                 carry_stacks: bool = False, n_threads: int | None = None) -> None:
        self.config = config
        self.n_tables = n_tables
        self.hero = hero
        self.carry_stacks = carry_stacks
        self.n_threads = n_threads
        self.layout = ObservationLayout(config.num_players)
        self.policies = opponent_policies(opponents, num_players=config.num_players, hero=hero)
        # the engine plays the built-in policies; the hero's seat and the callables' seats stop the tables
        self._engine_policy = [None if p is None else p.built_in for p in self.policies]
        self._asked: dict[int, tuple[OpponentPolicy, list[int]]] = {}
        for seat, policy in enumerate(self.policies):
            if policy is not None and policy.built_in is None:
                self._asked.setdefault(id(policy), (policy, []))[1].append(seat)
        self._tables: BatchTables | None = None
        # the hero's action mask, kinds and amounts at every table, as last observed
        self._offers: tuple[I8, I8, I64] | None = None

    @property
    def tables(self) -> BatchTables:
        """The engine's tables (after :meth:`deal`)."""
        if self._tables is None:
            raise GameError("no hand has been dealt: reset() deals one")
        return self._tables

    def deal(self, seed: int) -> tuple[I64, I64]:
        """New tables from the starting stacks, seeded with ``seed``, played to the hero's first decision.

        Returns, per table, the hands that ended before it and the hero's net chips in them.
        """
        config = self.config
        self._tables = BatchTables(self.n_tables, config.num_players, config.structure, variant=config.variant,
                                   stacks=list(config.stacks), carry_stacks=self.carry_stacks, seed=seed,
                                   n_threads=self.n_threads)
        self._offers = None
        played = self._play(None, None, hero_in_play=False)
        return played.skipped, played.skipped_net

    def observe(self) -> tuple[F32, I8]:
        """The hero's observations and action masks at every table (where it is to act)."""
        obs = self.tables.observe()
        if not (obs["seat"] == self.hero).all():
            t = int(np.flatnonzero(obs["seat"] != self.hero)[0])
            raise GameError(f"table {t} waits on seat {int(obs['seat'][t])}, not the agent's seat {self.hero} "
                            "(an opponent's policy failed): reset() deals new hands")
        rows = observed_rows(obs)
        mask, kind, amount = action_table(rows, self.config.fractions)
        self._offers = (mask, kind, amount)
        return encode(rows, self.layout, self.config.big_blind), mask

    def act(self, actions: I64) -> Played:
        """Play the hero's ``actions`` (one per table; one outside its mask is played as check/call), then on."""
        if self._offers is None:
            self.observe()
        assert self._offers is not None
        mask, kind, amount = self._offers
        self._offers = None
        index = np.arange(self.n_tables)
        inside = (actions >= 0) & (actions < mask.shape[1])
        illegal = ~inside
        illegal[inside] = mask[index[inside], actions[inside]] == 0
        played = np.where(illegal, 1, actions)
        result = self._play(kind[index, played], amount[index, played], hero_in_play=True)
        return Played(illegal, result.over, result.net, result.final, result.skipped, result.skipped_net)

    def _play(self, kind: I8 | None, amount: I64 | None, *, hero_in_play: bool) -> Played:
        """Apply ``kind``/``amount`` (the hero's), then play on until the hero is to act at every table."""
        tables, hero, n = self.tables, self.hero, self.n_tables
        running = np.full(n, hero_in_play)
        over = np.zeros(n, np.bool_)
        net = np.zeros((n, self.config.num_players), np.int64)
        skipped = np.zeros(n, np.int64)
        skipped_net = np.zeros(n, np.int64)
        ends: list[tuple[np.ndarray[Any, Any], Advance]] = []
        result = tables.advance(self._engine_policy, kind=kind, amount=amount)
        while True:
            ended = running & result.finished
            later = ~running & result.finished
            over |= ended
            net[ended] = result.net[ended]
            if ended.any():
                ends.append((ended, result))
            skipped += later + result.more_hands
            skipped_net += np.where(later, result.net[:, hero], 0) + result.more_net[:, hero]
            running &= ~result.finished
            if not self._asked:
                break
            kinds = self._ask(tables.observe())
            if kinds is None:
                break
            result = tables.advance(self._engine_policy, kind=kinds[0], amount=kinds[1])
        final = np.zeros((n, self.layout.size), np.float32)
        for ended, result in ends:
            final[ended] = self._final_observation(result, ended)
        return Played(np.zeros(n, np.bool_), over, net, final, skipped, skipped_net)

    def _ask(self, obs: dict[str, np.ndarray[Any, Any]]) -> tuple[I8, I64] | None:
        """The callable opponents' actions where one is to act (kind -1 elsewhere), or None where none is."""
        seat = obs["seat"]
        waiting = np.flatnonzero(seat != self.hero)
        if not len(waiting):
            return None
        rows = observed_rows(obs, waiting)
        config = self.config
        source = _Rows(rows, (encode(rows, self.layout, config.big_blind), *action_table(rows, config.fractions)))
        kinds = np.full(self.n_tables, -1, np.int8)
        amounts = np.zeros(self.n_tables, np.int64)
        for policy, seats in self._asked.values():
            mine = np.flatnonzero(np.isin(rows.seat, seats))
            if len(mine):
                k, a = policy.choose(Decisions(source, mine.tolist(), []))
                kinds[waiting[mine]] = k
                amounts[waiting[mine]] = a
        return kinds, amounts

    def _final_observation(self, result: Advance, ended: np.ndarray[Any, Any]) -> F32:
        """The hero's observation of each hand that ended (rows ``ended`` of ``result``)."""
        final, hero = result.final, self.hero
        m = int(ended.sum())
        zero = np.zeros(m, np.int64)
        rows = TableRows(
            seat=np.full(m, hero, np.int64), button=final["button"][ended].astype(np.int64),
            street=np.full(m, _OVER, np.int64), board=final["board"][ended], hole=final["holes"][ended, hero],
            pot=zero, stacks=final["stacks"][ended], bets=final["bets"][ended], in_hand=final["in_hand"][ended],
            acting=np.zeros(m, np.bool_), to_call=zero, min_to=zero, max_to=zero, raising=np.zeros(m, np.bool_),
        )
        return encode(rows, self.layout, self.config.big_blind)
