"""Tiny Omaha spots against the linear program of their sequence form (scipy), and best responses by brute force.

The sequence form (Koller, Megiddo and von Stengel) writes a strategy of each
player as the probability of each of its action sequences, one per (node,
own combo, action), under linear constraints; the game value is the optimum
of max over x, q of f·q subject to E x = e, x >= 0, Fᵀq <= Aᵀx, where A holds
player 0's expected chips for each pair of sequences. The same matrices give
a best response to a fixed strategy as a smaller linear program.
"""

from __future__ import annotations

from itertools import product

import numpy as np
import pytest

scipy_optimize = pytest.importorskip("scipy.optimize")

from omaha8.cards import parse_cards  # noqa: E402
from omaha8.game import PercentageRake  # noqa: E402
from omaha8 import pot_shares  # noqa: E402
from omaha8.solver import solve  # noqa: E402


class SequenceForm:
    """The sequence-form matrices of a solved river spot (its tree, combos and weights)."""

    def __init__(self, spot, board: str, rake) -> None:
        self.spot = spot
        self.nodes = spot.nodes
        self.combos = spot.combos
        self.weights = spot.weights
        self.seq: list[dict] = [{(): 0}, {(): 0}]  # (node, action, combo) -> index; () the empty sequence
        self.rows: list[list] = [[], []]  # constraints: (parent index, [child indices])
        self.last: list[dict] = [{}, {}]  # terminal node -> last own (node, action) or None
        self.parent: list[dict] = [{}, {}]  # sequence -> its parent sequence
        self._walk(0, [None, None])
        board_cards = parse_cards(board)
        n0, n1 = len(self.combos[0]), len(self.combos[1])
        self.A = np.zeros((len(self.seq[0]), len(self.seq[1])))  # player 0's chips
        self.B = np.zeros((len(self.seq[0]), len(self.seq[1])))  # player 1's
        total = 0.0
        for i, j in product(range(n0), range(n1)):
            if set(self.combos[0][i].tolist()) & set(self.combos[1][j].tolist()):
                continue
            total += self.weights[0][i] * self.weights[1][j]
        for z, (l0, l1) in enumerate(zip(*[[self.last[p].get(z, "x") for z in range(len(self.nodes))]
                                           for p in (0, 1)])):
            info = self.nodes[z]
            if info["kind"] not in ("fold", "showdown"):
                continue
            inv = info["invested"]
            for i, j in product(range(n0), range(n1)):
                if set(self.combos[0][i].tolist()) & set(self.combos[1][j].tolist()):
                    continue
                if info["kind"] == "fold":  # chips collected less chips put in; the uncalled bet returned
                    f = info["folded"]
                    pot = spot.pot + 2 * inv[f]
                    raked = pot - (rake.take((pot,), flop_seen=True)[0] if rake else 0)
                    returned = abs(inv[0] - inv[1])
                    u = -inv[0] if f == 0 else raked + returned - inv[0]
                    v = -inv[1] if f == 1 else raked + returned - inv[1]
                else:
                    pot = spot.pot + inv[0] + inv[1]
                    raked = pot - (rake.take((pot,), flop_seen=True)[0] if rake else 0)
                    share = pot_shares(np.array([[self.combos[0][i], self.combos[1][j]]]), board_cards)[0]
                    u, v = share[0] * raked - inv[0], share[1] * raked - inv[1]
                p = self.weights[0][i] * self.weights[1][j] / total
                self.A[self._index(0, l0, i), self._index(1, l1, j)] += p * u
                self.B[self._index(0, l0, i), self._index(1, l1, j)] += p * v

    def _index(self, p: int, last, combo: int) -> int:
        return 0 if last is None else self.seq[p][(*last, combo)]

    def _walk(self, node: int, last: list) -> None:
        info = self.nodes[node]
        if info["kind"] in ("fold", "showdown"):
            self.last[0][node], self.last[1][node] = last
            return
        p = info["player"]
        for combo in range(len(self.combos[p])):
            children = []
            for a in range(len(info["children"])):
                self.seq[p][(node, a, combo)] = len(self.seq[p])
                children.append(self.seq[p][(node, a, combo)])
                self.parent[p][children[-1]] = self._index(p, last[p], combo)
            self.rows[p].append((self._index(p, last[p], combo), children))
        for a, child in enumerate(info["children"]):
            nxt = list(last)
            nxt[p] = (node, a)
            self._walk(child, nxt)

    def constraints(self, p: int) -> tuple[np.ndarray, np.ndarray]:
        """E, e: the empty sequence is 1, each information set's sequences add up to its parent's."""
        E = np.zeros((len(self.rows[p]) + 1, len(self.seq[p])))
        E[0, 0] = 1.0
        for r, (parent, children) in enumerate(self.rows[p], start=1):
            E[r, parent] = -1.0
            E[r, children] = 1.0
        e = np.zeros(E.shape[0])
        e[0] = 1.0
        return E, e

    def value(self) -> float:
        """Player 0's equilibrium value, by linear programming."""
        E, e = self.constraints(0)
        F, f = self.constraints(1)
        nx, nq = E.shape[1], F.shape[0]
        c = np.concatenate([np.zeros(nx), -f])
        a_ub = np.hstack([-self.A.T, F.T])
        a_eq = np.hstack([E, np.zeros((E.shape[0], nq))])
        bounds = [(0, None)] * nx + [(None, None)] * nq
        res = scipy_optimize.linprog(c, A_ub=a_ub, b_ub=np.zeros(a_ub.shape[0]), A_eq=a_eq, b_eq=e, bounds=bounds,
                                     method="highs")
        assert res.status == 0, res.message
        return float(-res.fun)

    def realisation(self, p: int) -> np.ndarray:
        """The solution's strategy of player p as sequence probabilities (parents come first in index order)."""
        out = np.zeros(len(self.seq[p]))
        out[0] = 1.0
        for key, index in sorted(self.seq[p].items(), key=lambda item: item[1])[1:]:
            node, a, combo = key
            out[index] = out[self.parent[p][index]] * self.spot.strategy(node)[combo, a]
        return out

    def best_response(self, p: int) -> float:
        """Player p's best-response value (player 0's chips for p = 0, player 1's for p = 1) by LP."""
        other = self.realisation(1 - p)
        E, e = self.constraints(p)
        gain = self.A @ other if p == 0 else self.B.T @ other
        res = scipy_optimize.linprog(-gain, A_eq=E, b_eq=e, bounds=[(0, None)] * E.shape[1], method="highs")
        assert res.status == 0, res.message
        return float(-res.fun)


SPOTS = [
    # board, ranges, pot, stacks, options
    ("Ah 7d 4c Ks 2h", (["As 3s Qc Jd", "5c 5d 8h 9h", "Kh Kc 6d 3d"], ["Ad Kd Qs Qh", "3c 4d 6h 6s"]), 100, 150,
     dict(bets=(0.5,), raises=(1.0,), max_raises=1)),
    ("2c 3d 7h Ks Qd", (["Ah 5h Kd Kh", "Jc Td 6s 6d", "4c 5c 9d 9c"], ["Ac 5c 9s 9h", "As 4s Jh Th"]), 60, 120,
     dict(bets=(0.5, 1.0), raises=(), structure="no-limit")),
    ("Ah 7d 4c Ks 2h", (["As 3s Qc Jd", "5c 5d 8h 9h"], ["Ad Kd Qs Qh", "3c 4d 6h 6s", "8c 8d Jh Js"]), 40, 100,
     dict(bets=(1.0,), raises=(1.0,), max_raises=2, rake=(5, 3))),
]


@pytest.mark.parametrize("spot_args", SPOTS)
def test_game_value_and_exploitability_match_the_linear_program(spot_args) -> None:
    board, ranges, pot, stacks, options = spot_args
    spot = solve(board, ranges, pot, stacks, target=1e-5, max_iterations=20_000, **options)
    rake = PercentageRake(*options["rake"]) if "rake" in options else None
    form = SequenceForm(spot, board, rake)
    best0, best1 = form.best_response(0), form.best_response(1)
    # the solver's exploitability is the LP's, to 1e-6 of the pot
    if rake is None:
        lp_exploitability = (best0 + best1 - pot) / 2 / pot
    else:
        lp_exploitability = (best0 - spot.values[0] + best1 - spot.values[1]) / 2 / pot
    assert spot.exploitability == pytest.approx(lp_exploitability, abs=1e-6)
    assert spot.exploitability <= 1e-5
    if rake is None:  # zero-sum: the equilibrium value by LP lies between the best responses
        value = form.value()
        assert best0 + 1e-9 >= value >= pot - best1 - 1e-9
        assert abs(spot.values[0] - value) <= 2 * spot.exploitability * pot + 1e-9


def test_best_response_equals_the_best_pure_strategy() -> None:
    """Enumerate every pure strategy of player 1 against player 0's fixed strategy: the best is the solver's."""
    board = "Ah 7d 4c Ks 2h"
    spot = solve(board, (["As 3s Qc Jd", "5c 5d 8h 9h"], ["Ad Kd Qs Qh", "3c 4d 6h 6s"]), 100, 100, bets=(1.0,),
                 raises=(), max_iterations=7, target=1e-9)
    form = SequenceForm(spot, board, None)
    x = form.realisation(0)
    sets = [(parent, children) for parent, children in form.rows[1]]
    best = -np.inf
    for choice in product(*[range(len(children)) for _, children in sets]):
        y = np.zeros(len(form.seq[1]))
        y[0] = 1.0
        for (parent, children), pick in zip(sets, choice):  # rows are in walk order: parents first
            y[children[pick]] = y[parent]
        best = max(best, x @ form.B @ y)
    assert spot.exploitability * 2 * 100 + 100 == pytest.approx(form.best_response(0) + best, abs=1e-9)
    assert best == pytest.approx(form.best_response(1), abs=1e-9)
