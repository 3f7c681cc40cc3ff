"""A checked subgame turned into the engine's arrays: segments, boards, terminal coefficients, combos.

>>> import numpy as np
>>> from omaha8.cards import parse_cards
>>> from omaha8.game import PotLimit
>>> from omaha8.solver._tree import Betting, build_tree
>>> board = parse_cards("Ah 7d 4c Ks 2h")
>>> combos = (np.array([parse_cards("As 3s Qc Jd")]), np.array([parse_cards("5c 5d 8h 9h")]))
>>> tree = build_tree(Betting(100, 0, PotLimit(1, 1), (), (), False, 0, None), 5, ())
>>> game = build_game(board, combos, (np.ones(1), np.ones(1)), tree)
>>> [round(float(v), 6) for v in game.root_values(0, "average")]  # no betting: aces and 7-4-3-2-A scoop
[100.0]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..cards import N_CARDS
from . import _terminal
from ._arrays import board_sides, board_values, card_masks, combo_slots, live_only, same_rows, side_orders
from ._cfr import AVERAGE, BEST, Engine
from ._tree import CHANCE, FOLD, KIND_NAMES, PLAYER, SHOWDOWN, Tree

F64Array = np.ndarray[Any, np.dtype[np.float64]]
U8Array = np.ndarray[Any, np.dtype[np.uint8]]
U16Array = np.ndarray[Any, np.dtype[np.uint16]]

_MODES = {"best": BEST, "average": AVERAGE}


@dataclass(slots=True)
class Game:
    """The engine and what is needed to read its results back: boards, combos, weights, values."""

    engine: Engine
    tree: Tree
    board: U8Array
    combos: tuple[U8Array, U8Array]
    weights: tuple[F64Array, F64Array]  # each side's weights over its largest: at most 1
    rivers: tuple[int, ...]  # the river cards of board rows 1.. (a turn); empty on a river
    values: list[tuple[tuple[U16Array, U16Array], tuple[U16Array, U16Array]]]  # per river board: (high, low) each
    pair_weight: float  # sum over the pairs of combos that fit together of the product of weights
    node_board: np.ndarray[Any, np.dtype[np.int32]]  # board row of each node (0: the board as given)
    sides: list[tuple[Any, Any]]  # per board row, both players' orders
    slots: tuple[Any, Any]
    same: tuple[Any, Any]
    engine_store: np.ndarray[Any, np.dtype[np.int64]]  # player nodes: where their strategy block starts
    parents: dict[int, tuple[int, int]]  # node: (its parent, its index among the parent's children)
    threads: int = 1

    def root_values(self, player: int, mode: str) -> F64Array:
        root, _, _ = self.engine.values(player, _MODES[mode], *self.weights, threads=self.threads)
        return np.asarray(root) / self.pair_weight

    def node_values(self, player: int, mode: str, node: int) -> tuple[F64Array, F64Array]:
        """Counterfactual chips of each combo at ``node`` and the opponent's reach there."""
        _, cfv, reach = self.engine.values(player, _MODES[mode], *self.weights, record_node=node,
                                           threads=self.threads)
        return np.asarray(cfv), np.asarray(reach)

    def disjoint(self, player: int, node: int, reach: F64Array) -> F64Array:
        """For each of the player's combos, the opponent reach ``reach`` of the combos that fit with it."""
        side = self.sides[int(self.node_board[node])]
        cfv = _terminal.terminal_values(
            side[player], side[1 - player], self.same[player], self.same[1 - player], reach[None, :], np.zeros(1),
            np.ones(1), 0, 1,
        )  # fmt: skip
        return np.asarray(cfv[0])


def _segments(tree: Tree) -> tuple[list[int], list[list[int]]]:
    """Each node's segment, and each segment's nodes in id order (parents first: ids are pre-order)."""
    seg = [-1] * len(tree.nodes)
    seg[0] = 0
    members: list[list[int]] = [[0]]
    for i, node in enumerate(tree.nodes):
        for child in node.children:
            if node.kind == "chance":
                seg[child] = len(members)
                members.append([])
            else:
                seg[child] = seg[i]
            members[seg[child]].append(child)
    for nodes in members:
        nodes.sort()
    return seg, members


def build_game(
    board: U8Array,
    combos: tuple[U8Array, U8Array],
    weights: tuple[F64Array, F64Array],
    tree: Tree,
    threads: int = 1,
) -> Game:
    """The engine for ``tree`` on ``board`` between the two sides' combos (that fit with the board)."""
    nodes = tree.nodes
    n = len(nodes)
    k = combos[0].shape[1]
    rivers = tuple(card for card in range(N_CARDS) if card not in set(board.tolist())) if board.shape[0] == 4 else ()
    card_row = {card: i + 1 for i, card in enumerate(rivers)}
    seg, members = _segments(tree)
    kind = np.array([KIND_NAMES.index(node.kind) for node in nodes], dtype=np.uint8)
    actor = np.array([max(node.player, 0) for node in nodes], dtype=np.int8)
    n_child = np.array([len(node.children) for node in nodes], dtype=np.int32)
    child_start = np.zeros(n, dtype=np.int32)
    child_start[1:] = np.cumsum(n_child)[:-1]
    children = np.array([c for node in nodes for c in node.children], dtype=np.int32)
    node_seg = np.array(seg, dtype=np.int32)
    node_local = np.zeros(n, dtype=np.int32)
    for nodes_of in members:
        node_local[nodes_of] = np.arange(len(nodes_of), dtype=np.int32)
    seg_start = np.zeros(len(members) + 1, dtype=np.int32)
    seg_start[1:] = np.cumsum([len(m) for m in members])
    seg_nodes = np.array([i for m in members for i in m], dtype=np.int32)
    river_card = np.full(n, -1, dtype=np.int32)
    node_board = np.zeros(n, dtype=np.int32)
    for i, node in enumerate(nodes):
        if node.river >= 0:
            node_board[i] = card_row[node.river]
        if node.kind == "chance":
            river_card[node.children] = node.cards
    seg_board = np.array([node_board[m[0]] for m in members], dtype=np.int32)

    coef_share = np.zeros((n, 2))
    coef_total = np.zeros((n, 2))
    for i, node in enumerate(nodes):
        if node.kind == "fold":
            folder = node.player
            coef_total[i, folder] = -node.invested[folder]
            coef_total[i, 1 - folder] = tree.pot + node.invested[folder] - node.rake
        elif node.kind == "showdown":
            coef_share[i, :] = tree.pot + node.invested[0] + node.invested[1] - node.rake
            coef_total[i, :] = [-node.invested[0], -node.invested[1]]
    store = np.zeros(n, dtype=np.int64)
    offset = 0
    for i, node in enumerate(nodes):
        if node.kind == "player":
            store[i] = offset
            offset += len(node.children) * combos[node.player].shape[0]

    slots = (combo_slots(combos[0]), combo_slots(combos[1]))
    same = (same_rows(combos[0], combos[1]), same_rows(combos[1], combos[0]))
    masks = (card_masks(combos[0]), card_masks(combos[1]))
    sides: list[tuple[Any, Any]] = []
    values: list[Any] = []
    everyone = (np.arange(combos[0].shape[0]), np.arange(combos[1].shape[0]))
    if board.shape[0] == 5:
        vals = [board_values(combos[p], board, everyone[p]) for p in range(2)]
        values.append(tuple(vals))
        sides.append(board_sides(slots, (side_orders(everyone[0], *vals[0]), side_orders(everyone[1], *vals[1]))))
    else:
        values.append(((np.zeros(0, np.uint16),) * 2, (np.zeros(0, np.uint16),) * 2))
        sides.append(board_sides(slots, (live_only(everyone[0]), live_only(everyone[1]))))
        for card in rivers:
            full = np.append(board, np.uint8(card))
            bit = np.uint64(1) << np.uint64(card)
            live = [np.flatnonzero((masks[p] & bit) == 0) for p in range(2)]
            vals = [board_values(combos[p], full, live[p]) for p in range(2)]
            values.append(tuple(vals))
            sides.append(board_sides(slots, (side_orders(live[0], *vals[0]), side_orders(live[1], *vals[1]))))
    engine = Engine(
        kind, actor, child_start, n_child, children, node_seg, node_local, coef_share, coef_total, store,
        river_card, seg_start, seg_nodes, seg_board, sides, int(slots[0].shape[1]), same, masks,
        1.0 / (N_CARDS - board.shape[0] - 2 * k),
    )  # fmt: skip
    scaled = tuple(np.ascontiguousarray(w / w.max(), dtype=np.float64) for w in weights)
    parents = {child: (i, which) for i, node in enumerate(nodes) for which, child in enumerate(node.children)}
    game = Game(engine, tree, board, combos, scaled, rivers, values, 1.0, node_board, sides, slots, same,  # type: ignore[arg-type]
                store, parents, threads)
    game.pair_weight = float(np.dot(scaled[0], game.disjoint(0, 0, scaled[1])))
    return game


__all__ = ["CHANCE", "FOLD", "PLAYER", "SHOWDOWN", "Game", "build_game"]
