"""Solve a heads-up Omaha Hi/Lo turn or river spot between two ranges: :func:`solve` and its :class:`Solution`.

The solver is discounted CFR over arrays of every combo of both ranges
(:mod:`omaha8.solver._cfr`), with exact hi/lo showdown and fold values from
sorted sweeps with card removal (:mod:`omaha8.solver._terminal`), and an
exact best response for the exploitability. It stops when the average
strategies are exploitable by at most ``target`` times the pot, or after
``max_iterations``.

Values are chips collected minus chips put in after the start of the
subgame; a pot is split high/low as an exact fraction (no odd chips), so a
combo's value is an expectation. Without rake the two players' values add
up to the starting pot.

Examples
--------
A clairvoyance game: player 0 holds the nut straight or nothing, player 1
a set that beats nothing. Player 0 bets the pot with the nuts and bluffs
half as often; player 1 calls half the time; player 0 wins 150 chips a
hand on average (P = B = 100: bluff ratio B / (P + B), call P / (P + B),
value n·P·(P + 2B) / (P + B) with n = ½).

>>> from omaha8.solver import solve
>>> spot = solve("Kh Qd Jc 9s 2h", (["As Th 3c 4d", "5c 5d 6h 7c"], ["Kc Kd 8h 8s"]), pot=100, stacks=200,
...              structure="no-limit", bets=(1.0,), raises=(), allin=False, target=1e-4)
>>> spot.exploitability <= 1e-4, [round(v, 1) for v in spot.values]
(True, [75.0, 25.0])
>>> spot.nodes[0]["actions"], spot.strategy(0).round(2).tolist()   # the nuts bet; air bluffs half as often
(['check', 'bet 100'], [[0.0, 1.0], [0.5, 0.5]])
>>> solve("Kh Qd Jc 9s 2h", ("AA", "KK"), pot=-1, stacks=100)
Traceback (most recent call last):
...
omaha8.errors.ChipError: pot must be at least 1 chips, got -1
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, TextIO

import numpy as np

from .._support._args import check_bool, check_int
from .._support._progress import Progress
from .._support._threads import threads_for
from ..cards import CardsLike, format_card, format_cards
from ..errors import ArgumentError, EmptyRangeError
from ..deals._outputs import PathLike, _Output
from ._classes import river_classes, turn_classes
from ._game import Game, build_game
from ._solve_inputs import check_betting, check_board, check_iterations, check_ranges, check_target
from ._tree import build_tree

__all__ = ["ClassRow", "Solution", "solve"]

U8Array = np.ndarray[Any, np.dtype[np.uint8]]
F64Array = np.ndarray[Any, np.dtype[np.float64]]

#: Iterations between two measures of the exploitability (each costs about one iteration).
CHECK_EVERY = 10
#: Decimals of the probabilities ``to_dict`` and ``to_json`` write (far finer than any solve's precision).
DECIMALS = 6
_NAMES = ("OOP (player 0)", "IP (player 1)")


@dataclass(frozen=True, slots=True)
class ClassRow:
    """One row of a summary: a hand class of the acting player at a node.

    ``weight`` is the class's share of the player's range there (reach
    weighted), ``frequencies`` how often the class takes each action, and
    ``ev`` its expected chips (NaN when no combo of it can be there).
    """

    group: str
    name: str
    combos: int
    weight: float
    frequencies: dict[str, float]
    ev: float


@dataclass(frozen=True, eq=False)
class Solution:
    """A solved subgame: the average strategies of both players, their values, and the tree.

    Attributes
    ----------
    board
        The board as text.
    pot, stacks
        The chips in the middle and each player's stack at the start.
    combos, weights
        Each player's combos ((n, k) card ids) and weights, the combos that
        fit the board and weigh more than 0, in the order the strategies use.
    exploitability
        (best-response value of player 0 against player 1's strategy + that of
        player 1 against player 0's − pot) / 2 / pot, of these strategies;
        with rake, the values of the strategies themselves stand for the pot.
    iterations
        DCFR iterations run.
    values
        Each player's expected chips when both play these strategies.
    nodes
        Each node's kind, chips invested and what follows, as in :meth:`to_dict`
        without the strategies.
    seconds
        Time the solve took.
    """

    board: str
    pot: int
    stacks: tuple[int, int]
    combos: tuple[U8Array, U8Array]
    weights: tuple[F64Array, F64Array]
    exploitability: float
    iterations: int
    values: tuple[float, float]
    nodes: list[dict[str, Any]]
    seconds: float
    _game: Game = field(repr=False)

    def __repr__(self) -> str:
        return (f"Solution(board={self.board!r}, pot={self.pot}, stacks={self.stacks}, "
                f"combos=({len(self.combos[0])}, {len(self.combos[1])}), nodes={len(self.nodes)}, "
                f"iterations={self.iterations}, exploitability={self.exploitability:.3%})")

    def __str__(self) -> str:
        n0, n1 = (len(c) for c in self.combos)
        lines = [
            f"Board: {self.board}   pot {self.pot:,}, stacks {self.stacks[0]:,}",
            f"Ranges: OOP {n0:,} combos, IP {n1:,} combos;  tree of {len(self.nodes):,} nodes",
            f"Solved: {self.iterations:,} iterations in {self.seconds:.1f} s, exploitability "
            f"{self.exploitability:.3%} of the pot",
            f"EV: OOP {self.values[0]:,.2f}, IP {self.values[1]:,.2f} chips",
            self.format_summary(0) if self.nodes[0]["kind"] == "player" else "No betting: the stacks are all in.",
        ]
        return "\n".join(lines)

    # ------------------------------------------------------------------ reading the solution

    def _node(self, node: object, kind: str | None = None) -> int:
        index = check_int(node, "node", minimum=0, maximum=len(self.nodes) - 1)
        if kind is not None and self.nodes[index]["kind"] != kind:
            raise ArgumentError(f"node {index} is a {self.nodes[index]['kind']} node, not a {kind} node")
        return index

    def strategy(self, node: int) -> F64Array:
        """(combos of the acting player, actions): the average strategy at a player node, rows summing to 1."""
        index = self._node(node, "player")
        return _average_strategy(self._game, index)

    def ev(self, node: int, player: int) -> F64Array:
        """Each of ``player``'s combos' expected chips at ``node``, given that it holds the combo and is there.

        NaN for a combo that cannot be at the node (every opponent combo that
        could be there shares a card with it, or it holds the river dealt).
        """
        index = self._node(node)
        p = check_int(player, "player", minimum=0, maximum=1)
        cfv, reach = self._game.node_values(p, "average", index)
        total = self._game.disjoint(p, index, reach)
        with np.errstate(invalid="ignore", divide="ignore"):
            out = cfv / total
        out[~(total > 1e-12 * max(float(reach.sum()), 1e-300))] = math.nan
        return out

    def own_reach(self, node: int, player: int) -> F64Array:
        """How likely each of ``player``'s combos is to reach ``node`` through its own actions and the cards."""
        index = self._node(node)
        p = check_int(player, "player", minimum=0, maximum=1)
        return _own_reach(self._game, index, p)

    def summary(self, node: int = 0) -> tuple[ClassRow, ...]:
        """The acting player's strategy at a player node by hand class: made hands, lows and draws."""
        index = self._node(node, "player")
        return _summary(self, index)

    def format_summary(self, node: int = 0) -> str:
        """:meth:`summary` as a table people read."""
        index = self._node(node, "player")
        rows = _summary(self, index)
        actions = list(self.nodes[index]["actions"])
        player = int(self.nodes[index]["player"])
        width = max(12, *(len(a) for a in actions))
        head = f"{'':<30}{'combos':>8}{'range':>8}" + "".join(f"{a:>{width + 2}}" for a in actions) + f"{'EV':>10}"
        lines = [f"{_NAMES[player]} to act at node {index}", head]
        group = ""
        for row in rows:
            if row.group != group:
                group = row.group
                lines.append(group)
            cells = "".join(f"{row.frequencies[a]:>{width + 1}.1%} " for a in actions)
            ev = "" if math.isnan(row.ev) else f"{row.ev:.2f}"
            lines.append(f"  {row.name:<28}{row.combos:>8,}{row.weight:>8.1%}{cells}{ev:>10}")
        return "\n".join(lines)

    # ------------------------------------------------------------------ output

    def _node_dicts(self) -> Iterator[dict[str, Any]]:
        for index, node in enumerate(self.nodes):
            out = dict(node)
            if node["kind"] == "player":
                out["strategy"] = np.round(_average_strategy(self._game, index), DECIMALS).tolist()
            yield out

    def _header(self) -> dict[str, Any]:
        return {
            "board": self.board,
            "pot": self.pot,
            "stacks": list(self.stacks),
            "combos": [_combo_texts(c) for c in self.combos],
            "weights": [w.tolist() for w in self.weights],
            "exploitability": self.exploitability,
            "iterations": self.iterations,
        }

    def to_dict(self) -> dict[str, Any]:
        """The solution as plain data: board, pot, stacks, combos, weights, exploitability, iterations, nodes.

        Each node has ``kind`` (``"player"``, ``"chance"``, ``"fold"`` or
        ``"showdown"``) and ``invested`` (each player's chips since the start);
        a player node ``player``, ``actions``, ``children`` and ``strategy``
        (a row per combo of the acting player, probabilities to 6 decimals);
        a chance node ``cards`` (the river each child deals) and
        ``children``; a fold node ``folded``. Node 0 is the root.
        """
        out = self._header()
        out["nodes"] = list(self._node_dicts())
        return out

    def to_json(self, path: PathLike) -> None:
        """Write :meth:`to_dict` as JSON to ``path``: complete or not at all (written aside, then moved in place)."""
        target = _Output(path)
        try:
            if target.direct:
                stream = target.stream()
                self._write_json(_TextOut(stream))
                target.finish_stream()
            else:
                built = target.scratch("solution.json")
                with open(built, "w", encoding="utf-8") as f:
                    self._write_json(f)
                    f.flush()
                    os.fsync(f.fileno())
                target.commit(built)
        finally:
            target.discard()

    def _write_json(self, f: TextIO | _TextOut) -> None:
        header = json.dumps(self._header())
        f.write(header[:-1] + ', "nodes": [')
        for index, node in enumerate(self._node_dicts()):
            f.write((",\n" if index else "\n") + json.dumps(node))
        f.write("\n]}\n")


class _TextOut:
    """Text written to a binary stream (standard output, a FIFO), UTF-8."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def write(self, text: str) -> None:
        self.stream.write(text.encode("utf-8"))


def _combo_texts(combos: U8Array) -> list[str]:
    names = [format_card(c) for c in range(52)]
    return [" ".join(names[c] for c in row) for row in combos.tolist()]


def _average_strategy(game: Game, node: int) -> F64Array:
    tree_node = game.tree.nodes[node]
    n = game.combos[tree_node.player].shape[0]
    start = int(game.engine_store[node])
    sums = np.asarray(game.engine.strat[start : start + len(tree_node.children) * n], dtype=np.float64)
    sums = sums.reshape(len(tree_node.children), n).T
    total = sums.sum(axis=1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        out = np.where(total > 0, sums / total, 1.0 / len(tree_node.children))
    return np.ascontiguousarray(out)


def _path(game: Game, node: int) -> list[tuple[int, int]]:
    """(ancestor, child index) pairs from the root down to ``node``."""
    steps = []
    while node != 0:
        parent, which = game.parents[node]
        steps.append((parent, which))
        node = parent
    return steps[::-1]


def _own_reach(game: Game, node: int, player: int) -> F64Array:
    reach = game.weights[player].copy()
    for ancestor, which in _path(game, node):
        parent = game.tree.nodes[ancestor]
        if parent.kind == "player" and parent.player == player:
            reach *= _average_strategy(game, ancestor)[:, which]
        elif parent.kind == "chance":
            reach[np.any(game.combos[player] == parent.cards[which], axis=1)] = 0.0
    return reach


def _classes(solution: Solution, node: int, player: int) -> list[tuple[str, list[str], list[str]]]:
    """(group, order of names, each combo's name) for the acting player's combos at ``node``."""
    game = solution._game
    row = int(game.node_board[node])
    made_order = ["straight flush", "four of a kind", "full house", "flush", "straight", "three of a kind",
                  "two pair", "one pair", "high card"]
    if game.board.shape[0] == 5 or row > 0:
        high, low = game.values[row][player]
        board = game.board if row == 0 else np.append(game.board, np.uint8(game.rivers[row - 1]))
        made, lows = river_classes(high, low, board)
        return [("made hands", made_order, made), ("lows", ["nut low", "low", "no low"], lows)]
    live = [np.flatnonzero(~np.any(game.combos[player] == card, axis=1)) for card in game.rivers]
    made, lows, draws = turn_classes([game.values[r + 1][player] for r in range(len(game.rivers))], live)
    draw_order = ["flush draw + straight draw", "flush draw", "straight draw", "no draw"]
    return [("made hands", made_order, made), ("lows", ["low", "low draw", "no low"], lows),
            ("draws", draw_order, draws)]


def _summary(solution: Solution, node: int) -> tuple[ClassRow, ...]:
    game = solution._game
    info = solution.nodes[node]
    player, actions = int(info["player"]), list(info["actions"])
    reach = _own_reach(game, node, player)
    sigma = _average_strategy(game, node)
    ev = solution.ev(node, player)
    total = float(reach.sum())
    rows = []
    for group, order, names in _classes(solution, node, player):
        labels = np.array(names)
        for name in order:
            mask = (labels == name) & (reach > 0)
            if not mask.any():
                continue
            w = reach[mask]
            weight = float(w.sum())
            freq = {a: float(np.dot(w, sigma[mask, i]) / weight) for i, a in enumerate(actions)}
            finite = np.isfinite(ev[mask])
            value = float(np.dot(w[finite], ev[mask][finite]) / w[finite].sum()) if finite.any() else math.nan
            rows.append(ClassRow(group, name, int(mask.sum()), weight / total if total else math.nan, freq, value))
    return tuple(rows)


def _node_info(game: Game) -> list[dict[str, Any]]:
    out = []
    for node in game.tree.nodes:
        info: dict[str, Any] = {"kind": node.kind, "invested": list(node.invested)}
        if node.kind == "player":
            info.update(player=node.player, actions=list(node.actions), children=list(node.children))
        elif node.kind == "chance":
            info.update(cards=[format_card(c) for c in node.cards], children=list(node.children))
        elif node.kind == "fold":
            info["folded"] = node.player
        out.append(info)
    return out


def _exploitability(game: Game, pot: int, raked: bool) -> float:
    best = [float(np.dot(game.weights[p], game.root_values(p, "best"))) for p in range(2)]
    base = float(pot)
    if raked:
        base = sum(float(np.dot(game.weights[p], game.root_values(p, "average"))) for p in range(2))
    return (best[0] + best[1] - base) / 2.0 / pot


def _fraction(first: float, now: float, target: float) -> float:
    """How far the exploitability has come from ``first`` to ``target``, on a log scale."""
    if now <= target or first <= target:
        return 1.0
    if now >= first:
        return 0.0
    return math.log(first / now) / math.log(first / target)


def solve(
    board: CardsLike,
    ranges: Any,
    pot: int,
    stacks: int | tuple[int, int],
    *,
    structure: Any = "pot-limit",
    bets: Any = (0.5, 1.0),
    raises: Any = (1.0,),
    allin: bool = True,
    max_raises: int = 3,
    rake: Any = None,
    target: float = 0.005,
    max_iterations: int = 10_000,
    n_threads: int | None = None,
    progress: bool = False,
) -> Solution:
    """Solve a heads-up Omaha Hi/Lo subgame on the turn or the river; player 0 acts first.

    Parameters
    ----------
    board
        4 cards (the turn: every river is dealt) or 5 (the river).
    ranges
        (player 0's range, player 1's): each range text (``"AA, KK@50"``, a
        :class:`~omaha8.ranges.Range`, ``Range.from_hands(combos, weights)``)
        or an (n, 4) / (n, 5) array or list of combos. Combos that hold a
        board card are left out of a range (an explicit combo that does is
        refused), and so are combos of weight 0.
    pot
        Chips in the middle at the start (at least 1).
    stacks
        Each player's chips behind: one number, or a pair (the smaller plays).
    structure
        ``"pot-limit"`` (sizes capped at the pot-limit maximum), ``"no-limit"``,
        ``"fixed-limit"`` (every bet and raise is ``bets[0]`` of the pot), or a
        :class:`~omaha8.game.PotLimit`, :class:`~omaha8.game.NoLimit` or
        :class:`~omaha8.game.FixedLimit` (its blind is the least bet; its big
        bet and cap rule in fixed limit).
    bets, raises
        Bet sizes as fractions of the pot, and raise sizes as fractions of the
        pot after calling (1.0 is a pot-sized raise).
    allin
        Also offer the all-in wherever the structure allows it.
    max_raises
        Most raises per street.
    rake
        None, ``(percent, cap)`` or a rake policy (:class:`~omaha8.game.PercentageRake`).
    target
        Stop when the exploitability is at most this fraction of the pot.
    max_iterations
        Stop after this many iterations anyway.
    n_threads
        Threads; None uses every core. Results never depend on it.
    progress
        Draw a progress line with the exploitability on standard error.

    Returns
    -------
    Solution

    Raises
    ------
    ShapeError, CardError, DuplicateCardError
        A board of another size, bad cards, a combo holding a board card.
    EmptyRangeError
        A range with no combo left, or two ranges no two combos of which fit together.
    ChipError
        A pot below 1 or a negative stack.
    ArgumentError, ArgumentTypeError
        Bad sizes, weights (NaN, infinite, above 1e12), structure, rake, target.
    """
    bar = Progress("solve", enabled=True, keep=True) if check_bool(progress, "progress") else None
    return _solve(board, ranges, pot, stacks, structure, bets, raises, allin, max_raises, rake, target,
                  max_iterations, n_threads, bar)


def _solve(board: CardsLike, ranges: Any, pot: Any, stacks: Any, structure: Any, bets: Any, raises: Any,
           allin: Any, max_raises: Any, rake: Any, target: Any, max_iterations: Any, n_threads: Any,
           bar: Progress | None) -> Solution:
    started = time.perf_counter()
    board_cards = check_board(board)
    combos, weights = check_ranges(ranges, board_cards)
    betting, stacks_given = check_betting(pot, stacks, structure, bets, raises, allin, max_raises, rake)
    goal = check_target(target)
    most = check_iterations(max_iterations)
    threads = threads_for(n_threads)
    rivers = tuple(c for c in range(52) if c not in set(board_cards.tolist())) if board_cards.shape[0] == 4 else ()
    tree = build_tree(betting, board_cards.shape[0], rivers)
    game = build_game(board_cards, combos, weights, tree, threads)
    if not game.pair_weight > 0:
        raise EmptyRangeError("no combo of ranges[0] fits with a combo of ranges[1]: every pair shares a card")
    raked = betting.rake is not None
    done = 0
    exploitability = first = _exploitability(game, betting.pot, raked)
    try:
        while exploitability > goal and done < most:
            step = min(CHECK_EVERY, most - done)
            game.engine.iterate(done, step, *game.weights, threads=threads)
            done += step
            exploitability = _exploitability(game, betting.pot, raked)
            if bar is not None:
                bar.update(_fraction(first, exploitability, goal),
                           f"{done:,} iterations, exploitability {exploitability:.3%} of the pot (target {goal:.3%})")
    finally:
        if bar is not None:
            bar.close()
    values = tuple(float(np.dot(game.weights[p], game.root_values(p, "average"))) for p in range(2))
    return Solution(
        board=format_cards(board_cards), pot=betting.pot, stacks=stacks_given, combos=combos, weights=weights,
        exploitability=exploitability, iterations=done, values=(values[0], values[1]), nodes=_node_info(game),
        seconds=time.perf_counter() - started, _game=game,
    )  # fmt: skip
