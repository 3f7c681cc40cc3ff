"""Tables of the scalar engine behind array rows: the backend of the one-table environments.

Each table runs one :class:`omaha8.game.Hand` at a time, dealt from its own
seeded shuffle, with every seat's stack reset to the starting stacks and the
button one seat further clockwise each hand. :meth:`ScalarTables.rows` reads
tables into :class:`~omaha8.envs._encoding.TableRows` and
:meth:`ScalarTables.apply` plays an engine kind and amount, the interface of
a batched engine's ``observe`` and ``step``; :meth:`ScalarTables.encoded`
and :meth:`ScalarTables.offers` are what the environments need from those
rows. :class:`~omaha8.envs.OmahaHiLoEnv` and the PettingZoo environment play
on these tables; the vector environment plays on
:class:`omaha8.game.BatchTables` (:mod:`omaha8.envs._batch_seat`), whose
``observe()`` arrays become the same rows, encoded by the same
:mod:`~omaha8.envs._encoding`.

>>> from omaha8.envs._config import table_config
>>> tables = ScalarTables(table_config(num_players=3), 1)
>>> tables.seed(0, np.random.default_rng(7))
>>> hand = tables.deal(0)
>>> hand.button, hand.actor, tables.rows([0]).to_call.tolist()
(0, 0, [2])
>>> tables.apply(0, CHECK_CALL, 0)
>>> hand.bets
(2, 1, 2)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from ..errors import ArgumentError
from ..game import GameError, Hand
from ..game.events import STREETS
from ._config import TableConfig
from ._encoding import (CHECK_CALL, FOLD, I8, I64, F32, NO_CARD, WAGER, ObservationLayout, TableRows, action_table,
                        encode)

__all__ = ["ScalarTables"]

_STREET_INDEX = {name: i for i, name in enumerate(STREETS)}
_NO_BOARD = (NO_CARD,) * 5  # pads a board to five cards
# below this many rows, numpy's cost per call outweighs a loop over the hands: encoded() reads each hand
_FEW_ROWS = 8


class ScalarTables:
    """``n_tables`` tables of the scalar engine, dealt and read by index."""

    def __init__(self, config: TableConfig, n_tables: int) -> None:
        self.config = config
        self.layout = ObservationLayout(config.num_players)
        self.hands: list[Hand | None] = [None] * n_tables
        self._decks: list[random.Random | None] = [None] * n_tables
        self._buttons = [0] * n_tables
        #: Per table, a count that changes whenever its state does (a deal or an action): caches key on it.
        self.versions = [0] * n_tables

    def seed(self, table: int, generator: np.random.Generator) -> None:
        """Restart ``table``'s shuffle from a seed drawn from ``generator``, the button on seat 0 for its next hand."""
        self._decks[table] = random.Random(int(generator.integers(2**63)))
        self._buttons[table] = 0

    def deal(self, table: int) -> Hand:
        """Deal the next hand at ``table`` (a running hand there is dropped)."""
        deck = self._decks[table]
        if deck is None:
            deck = self._decks[table] = random.Random()  # never seeded: fresh entropy
        config = self.config
        button = self._buttons[table]
        hand = Hand(config.stacks, config.structure, button=button, variant=config.variant, rng=deck)
        self._buttons[table] = (button + 1) % config.num_players
        self.hands[table] = hand
        self.versions[table] += 1
        return hand

    def hand(self, table: int) -> Hand:
        """The hand at ``table``; a GameError before its first deal."""
        hand = self.hands[table]
        if hand is None:
            raise GameError(f"no hand has been dealt at table {table}: reset() deals one")
        return hand

    def actor(self, table: int) -> int:
        """The seat to act at ``table``, or -1 when its hand is over."""
        actor = self.hand(table).actor
        return -1 if actor is None else actor

    def rows(self, tables: Sequence[int], seats: Sequence[int] | None = None) -> TableRows:
        """``tables`` seen by ``seats`` (default: the seat to act at each; a finished hand's by seat 0)."""
        seat, button, street, board, hole, pot, stacks, bets, in_hand, acting, legal = ([] for _ in range(11))
        no_cards = (NO_CARD,) * self.config.variant
        not_acting = (0, 0, 0, False)
        for i, table in enumerate(tables):
            hand = self.hand(table)
            actor = hand.actor
            s = (0 if actor is None else actor) if seats is None else seats[i]
            seat.append(s)
            button.append(hand.button)
            street.append(_STREET_INDEX[hand.street])
            board.append((hand.board + _NO_BOARD)[:5])
            cards = hand.holes[s]
            hole.append(no_cards if cards is None else cards)
            pot.append(hand.pot)
            stacks.append(hand.stacks)
            bets.append(hand.bets)
            folded = hand.folded
            in_hand.append([q not in folded for q in range(len(hand.stacks))])
            is_actor = actor is not None and actor == s
            acting.append(is_actor)
            legal.append(hand.legal_actions()[1:] if is_actor else not_acting)
        offers = np.array(legal, np.int64).reshape(len(tables), 4)  # call, min_to, max_to, raising
        return TableRows(
            seat=np.array(seat, np.int64), button=np.array(button, np.int64), street=np.array(street, np.int64),
            board=np.array(board, np.uint8).reshape(-1, 5),
            hole=np.array(hole, np.uint8).reshape(-1, self.config.variant), pot=np.array(pot, np.int64),
            stacks=np.array(stacks, np.int64).reshape(-1, self.config.num_players),
            bets=np.array(bets, np.int64).reshape(-1, self.config.num_players),
            in_hand=np.array(in_hand, np.bool_).reshape(-1, self.config.num_players),
            acting=np.array(acting, np.bool_), to_call=offers[:, 0], min_to=offers[:, 1], max_to=offers[:, 2],
            raising=offers[:, 3].astype(np.bool_),
        )

    def offers(self, tables: Sequence[int]) -> I64:
        """Per table, the seat to act's call, least and most total bet or raise (as in its LegalActions)."""
        return np.array([self.hand(t).legal_actions()[1:4] for t in tables], np.int64).reshape(len(tables), 3)

    def encoded(self, tables: Sequence[int], seats: Sequence[int] | None = None) -> tuple[F32, I8, I8, I64]:
        """Observations, action masks, and each action's engine kind and amount at ``tables`` seen by ``seats``.

        The same as :func:`~omaha8.envs._encoding.encode` and
        :func:`~omaha8.envs._encoding.action_table` of :meth:`rows`; for a
        few tables, read from each hand without building the rows.
        """
        config = self.config
        if len(tables) >= _FEW_ROWS:
            rows = self.rows(tables, seats)
            return (encode(rows, self.layout, config.big_blind), *action_table(rows, config.fractions))
        n = len(tables)
        obs = np.zeros((n, self.layout.size), np.float32)
        mask = np.zeros((n, config.n_actions), np.int8)
        amount = np.zeros((n, config.n_actions), np.int64)
        for i, table in enumerate(tables):
            hand = self.hand(table)
            actor = hand.actor
            seat = (0 if actor is None else actor) if seats is None else seats[i]
            self._encode_hand(hand, seat, obs[i])
            if actor is not None and actor == seat:
                mask[i], amount[i] = self._actions(hand, seat)
        kind = np.full((n, config.n_actions), WAGER, np.int8)
        kind[:, 0] = FOLD
        kind[:, 1] = CHECK_CALL
        return obs, mask, kind, amount

    def _encode_hand(self, hand: Hand, seat: int, out: F32) -> None:
        """``seat``'s observation of ``hand`` into the zeroed vector ``out`` (encode()'s layout, one hand)."""
        layout, n = self.layout, self.config.num_players
        ones = list(hand.holes[seat] or ())
        ones += [layout.board.start + card for card in hand.board]
        street = _STREET_INDEX[hand.street]
        if street < 4:  # a finished hand has no street set
            ones.append(layout.street.start + street)
        ones.append(layout.position.start + (seat - hand.button) % n)
        order = [(seat + i) % n for i in range(n)]
        folded = hand.folded
        ones += [layout.in_hand.start + i for i, other in enumerate(order) if other not in folded]
        out[ones] = 1.0
        offer = hand.legal_actions()[1:4] if hand.actor == seat else (0, 0, 0)
        stacks, bets = hand.stacks, hand.bets
        chips = [hand.pot, *offer, *[stacks[q] for q in order], *[bets[q] for q in order]]
        out[layout.pot.start : layout.bets.stop] = np.array(chips, np.int64) / np.float64(self.config.big_blind)

    def _actions(self, hand: Hand, seat: int) -> tuple[list[int], list[int]]:
        """The action mask and each action's amount for ``seat``, the seat to act (action_table's rules)."""
        config = self.config
        legal = hand.legal_actions()
        call, lo, hi = legal.call, legal.min_to, legal.max_to
        mask = [int(call > 0), 1] + [int(hi > 0)] * (len(config.fractions) + 1)
        if not hi:
            return mask, [0, call] + [0] * (len(config.fractions) + 1)
        mine = hand.bets[seat]
        after_call = hand.pot + call
        targets = [mine + call + after_call * f.numerator // f.denominator for f in config.fractions]
        targets.append(mine + hand.stacks[seat])
        return mask, [0, call] + [lo if t < lo else hi if t > hi else t for t in targets]

    def apply(self, table: int, kind: int, amount: int) -> None:
        """Play engine ``kind`` (fold, check or call, bet or raise to ``amount``) for the seat to act."""
        hand = self.hand(table)
        self.versions[table] += 1
        if kind == FOLD:
            hand.act("fold")
        elif kind == CHECK_CALL:
            hand.act("call" if hand.legal_actions().call else "check")
        elif kind == WAGER:
            hand.act("raise" if hand.legal_actions().raising else "bet", int(amount))
        else:
            raise ArgumentError(f"action kind must be 0 (fold), 1 (check/call) or 2 (bet/raise), not {kind}")

    def net(self, table: int) -> tuple[int, ...]:
        """The finished hand's net chips per seat."""
        return self.hand(table).result.net
