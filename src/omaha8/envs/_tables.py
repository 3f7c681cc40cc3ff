"""Tables of the scalar engine behind array rows: the backend the environments play on.

Each table runs one :class:`omaha8.game.Hand` at a time, dealt from its own
seeded shuffle, with every seat's stack reset to the starting stacks and the
button one seat further clockwise each hand. :meth:`ScalarTables.rows` reads
tables into :class:`~omaha8.envs._encoding.TableRows` and
:meth:`ScalarTables.apply` plays an engine kind and amount, the interface of
a batched engine's ``observe`` and ``step``: the environments read and drive
tables only through it.

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
from ..game import Hand
from ..game.events import STREETS
from ._config import TableConfig
from ._encoding import CHECK_CALL, FOLD, NO_CARD, WAGER, TableRows

__all__ = ["ScalarTables"]

_STREET_INDEX = {name: i for i, name in enumerate(STREETS)}
_NO_BOARD = (NO_CARD,) * 5  # pads a board to five cards


class ScalarTables:
    """``n_tables`` tables of the scalar engine, dealt and read by index."""

    def __init__(self, config: TableConfig, n_tables: int) -> None:
        self.config = config
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
        """The hand at ``table`` (dealt first if none is)."""
        hand = self.hands[table]
        return self.deal(table) if hand is None else hand

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
