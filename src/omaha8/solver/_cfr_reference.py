"""Slow twin of the subgame solver's engine: the test oracle.

Every pair of combos is settled on every river by :func:`omaha8.pot_shares`
(the showdown module's own split, not the sweeps' algebra), payoffs are
chips collected minus chips put in with the rake policy asked again at each
terminal node, and the tree is walked recursively one node at a time in
float64. :func:`reference_values` gives a player's counterfactual chips
against fixed strategies (its own, or a best response), and
:func:`reference_dcfr` runs the same discounted CFR as the engine. Cost:
pairs × rivers × nodes; small spots only.

>>> import numpy as np
>>> from omaha8.cards import parse_cards
>>> from omaha8.game import NoLimit
>>> from omaha8.solver._tree import Betting, build_tree
>>> board = parse_cards("Kh Qd Jc 9s 2h")
>>> combos = (np.array([parse_cards("As Th 3c 4d")]), np.array([parse_cards("Kc Kd 8h 8s")]))
>>> tree = build_tree(Betting(100, 0, NoLimit(1, 1), (), (), False, 0, None), 5, ())
>>> spot = Spot(board, combos, (np.ones(1), np.ones(1)), tree, None)
>>> spot.values(0, {}, "average").tolist()  # broadway scoops the set of kings: the whole pot
[100.0]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..game.rake import RakePolicy
from ..pots._showdown import pot_shares
from ._tree import Tree

F64Array = np.ndarray[Any, np.dtype[np.float64]]
U8Array = np.ndarray[Any, np.dtype[np.uint8]]
BoolArray = np.ndarray[Any, np.dtype[np.bool_]]
Strategies = dict[int, F64Array]  # player node: (combos of the actor, actions)
#: An action's value within this fraction of the node's value is a tie (the engine's rule).
TIE = 1e-9

__all__ = ["Spot", "average", "reference_dcfr", "reference_step", "zeros"]


def _shares(board: U8Array, c0: U8Array, c1: U8Array) -> tuple[F64Array, Any]:
    """Player 0's pot share against each combo of player 1 on a 5-card board, and which pairs can be dealt."""
    n0, n1 = c0.shape[0], c1.shape[0]
    fits = np.zeros((n0, n1), dtype=bool)
    share = np.zeros((n0, n1))
    used = set(int(c) for c in board)
    rows = [(i, j) for i in range(n0) for j in range(n1)
            if not (set(c0[i].tolist()) & set(c1[j].tolist())) and not (set(c0[i].tolist()) | set(c1[j].tolist())) & used]
    if rows:
        i = np.array([r[0] for r in rows])
        j = np.array([r[1] for r in rows])
        holes = np.stack([c0[i], c1[j]], axis=1)
        share[i, j] = pot_shares(holes, board)[:, 0]
        fits[i, j] = True
    return share, fits


@dataclass
class Spot:
    """A subgame as plain data: board, both players' combos and weights, the tree, the rake policy."""

    board: U8Array
    combos: tuple[U8Array, U8Array]
    weights: tuple[F64Array, F64Array]
    tree: Tree
    rake: RakePolicy | None
    _boards: dict[int, tuple[F64Array, Any]] = field(default_factory=dict)

    def _pairs(self, river: int) -> tuple[F64Array, Any]:
        if river not in self._boards:
            board = self.board if river < 0 else np.append(self.board, np.uint8(river))
            if board.shape[0] == 5:
                self._boards[river] = _shares(board, *self.combos)
            else:  # the turn: folds only need which pairs fit
                fits = self._fit_matrix(board)
                self._boards[river] = (np.zeros(fits.shape), fits)
        return self._boards[river]

    def _fit_matrix(self, board: U8Array) -> np.ndarray[Any, np.dtype[np.bool_]]:
        c0, c1 = self.combos
        used = set(int(c) for c in board)
        out = np.zeros((c0.shape[0], c1.shape[0]), dtype=bool)
        for i in range(c0.shape[0]):
            for j in range(c1.shape[0]):
                a, b = set(c0[i].tolist()), set(c1[j].tolist())
                out[i, j] = not (a & b) and not ((a | b) & used)
        return out

    def _rake(self, total: int) -> int:
        return 0 if self.rake is None else int(self.rake.take((total,), flop_seen=True)[0])

    def _terminal(self, node: int, p: int, reach: F64Array) -> F64Array:
        info = self.tree.nodes[node]
        share, fits = self._pairs(info.river)
        inv = info.invested
        if info.kind == "fold":
            f = info.player
            returned = inv[1 - f] - inv[f]  # the uncalled bet goes back to the winner
            pot = self.tree.pot + inv[0] + inv[1] - returned
            won = pot - self._rake(pot)
            gain = -inv[p] if p == f else won + returned - inv[p]
            payoff = np.full(fits.shape, float(gain))
        else:
            pot = self.tree.pot + inv[0] + inv[1]
            kept = pot - self._rake(pot)
            payoff = (share if p == 0 else 1.0 - share) * kept - inv[p]
        if p == 1:
            payoff, fit = payoff.T, fits.T
        else:
            fit = fits
        return np.asarray((payoff * fit) @ reach, dtype=np.float64)

    def _chance(self, node: int, p: int, child_value: Callable[[int, BoolArray, BoolArray], F64Array]) -> F64Array:
        """Player p's mean over the cards of chance ``node`` of ``child_value(child, mine, theirs)``, where
        ``mine``/``theirs`` say which of p's / the opponent's combos miss the card (0 for p's combos that hold it)."""
        info = self.tree.nodes[node]
        total = np.zeros(self.combos[p].shape[0])
        for card, child in zip(info.cards, info.children):
            mine = ~(self.combos[p] == card).any(axis=1)
            theirs = ~(self.combos[1 - p] == card).any(axis=1)
            total += child_value(child, mine, theirs) * mine
        return np.asarray(total / (52 - self.board.shape[0] - 2 * self.combos[0].shape[1]), dtype=np.float64)

    def walk(self, node: int, p: int, strategies: Strategies, mode: str, opp_reach: F64Array) -> F64Array:
        """Player p's counterfactual chips at ``node``: ``mode`` "average" (both play ``strategies``) or "best"."""
        info = self.tree.nodes[node]
        if info.kind in ("fold", "showdown"):
            return self._terminal(node, p, opp_reach)
        if info.kind == "chance":
            return self._chance(node, p, lambda child, mine, theirs: self.walk(child, p, strategies, mode,
                                                                                opp_reach * theirs))
        sigma = strategies.get(node)
        if sigma is None:
            sigma = np.full((self.combos[info.player].shape[0], len(info.children)), 1.0 / len(info.children))
        if info.player != p:
            return np.asarray(sum(self.walk(c, p, strategies, mode, opp_reach * sigma[:, a])
                                  for a, c in enumerate(info.children)))
        values = np.stack([self.walk(c, p, strategies, mode, opp_reach) for c in info.children], axis=1)
        out = values.max(axis=1) if mode == "best" else (values * sigma).sum(axis=1)
        return np.asarray(out, dtype=np.float64)

    def values(self, p: int, strategies: Strategies, mode: str) -> F64Array:
        """Player p's counterfactual chips at the root, each combo weighted by nothing of its own."""
        return self.walk(0, p, strategies, mode, self.weights[1 - p].astype(np.float64))

    def pair_weight(self) -> float:
        fits = self._pairs(-1)[1] if self.board.shape[0] == 5 else self._fit_matrix(self.board)
        return float(self.weights[0] @ fits @ self.weights[1])

    def value(self, p: int, strategies: Strategies, mode: str) -> float:
        """Player p's expected chips (a best response's with mode "best")."""
        return float(self.weights[p] @ self.values(p, strategies, mode)) / self.pair_weight()


def reference_step(spot: Spot, regret: Strategies, sums: Strategies, t: int) -> None:
    """Iteration ``t`` of the engine's discounted CFR, node by node in float64: ``regret`` and ``sums`` updated.

    Both map each player node to a (combos of the actor, actions) array.
    """

    def current(node: int) -> F64Array:
        positive = np.maximum(regret[node], 0.0)
        total = positive.sum(axis=1, keepdims=True)
        uniform = np.full(positive.shape, 1.0 / positive.shape[1])
        return np.where(total > 0, positive / np.where(total > 0, total, 1.0), uniform)

    ta = max(t - 1, 0) ** 1.5
    alpha, beta, gamma = ta / (ta + 1.0), 0.5, (t / (t + 1.0)) ** 2

    def walk(node: int, p: int, own: F64Array, opp: F64Array) -> F64Array:
        info = spot.tree.nodes[node]
        if info.kind in ("fold", "showdown"):
            return spot._terminal(node, p, opp)
        if info.kind == "chance":
            return spot._chance(node, p, lambda child, mine, theirs: walk(child, p, own * mine, opp * theirs))
        sigma = current(node)
        if info.player != p:
            return np.asarray(sum(walk(c, p, own, opp * sigma[:, a]) for a, c in enumerate(info.children)))
        values = np.stack([walk(c, p, own * sigma[:, a], opp) for a, c in enumerate(info.children)], axis=1)
        value = (values * sigma).sum(axis=1)
        r = regret[node]
        gain = values - value[:, None]
        gain[np.abs(gain) <= TIE * (np.abs(values) + np.abs(value[:, None]))] = 0.0  # ties, as the engine
        regret[node] = np.where(r >= 0, r * alpha, r * beta) + gain
        sums[node] = sums[node] * gamma + own[:, None] * sigma
        return np.asarray(value, dtype=np.float64)

    for p in range(2):
        walk(0, p, spot.weights[p] / spot.weights[p].max(), spot.weights[1 - p] / spot.weights[1 - p].max())


def average(sums: Strategies) -> Strategies:
    """The average strategies of the strategy sums (uniform where a combo's sums are 0)."""
    out = {}
    for node, s in sums.items():
        total = s.sum(axis=1, keepdims=True)
        out[node] = np.where(total > 0, s / np.where(total > 0, total, 1.0), 1.0 / s.shape[1])
    return out


def zeros(spot: Spot) -> Strategies:
    """A (combos, actions) array of zeros for each player node."""
    return {i: np.zeros((spot.combos[node.player].shape[0], len(node.children)))
            for i, node in enumerate(spot.tree.nodes) if node.kind == "player"}


def reference_dcfr(spot: Spot, iterations: int) -> Strategies:
    """The average strategies after ``iterations`` of :func:`reference_step` from zero regrets."""
    regret, sums = zeros(spot), zeros(spot)
    for t in range(iterations):
        reference_step(spot, regret, sums, t)
    return average(sums)
