"""The betting tree of a heads-up turn or river subgame, built from omaha8's structure rules.

Player 0 acts first on each street. Sizes are fractions of the pot: a bet
of ``f`` is ``f`` times the chips in the middle, a raise of ``f`` puts in
the call and then ``f`` times the pot after the call (``raises=(1.0,)`` is
the pot-limit maximum). Each size is rounded to a whole chip (halves up)
and then held within the least and most wager the structure allows
(:meth:`~omaha8.game.PotLimit.wager_range` and its twins: the least bet or
raise, the pot-limit maximum, exactly one bet above the last level in fixed
limit); a size that reaches the stack is the all-in. ``allin=True`` also
offers the all-in itself wherever the structure allows it (in pot limit,
only when the stack is within the pot-limit maximum). The most raises per
street is ``max_raises``, and in fixed limit also the cap less the opening
bet when :meth:`~omaha8.game.FixedLimit.cap_holds` says the cap holds with
two players (by default it does not: Robert's Rules lift it heads-up).
Stacks are the effective stack, the smaller of the two, so every call is
covered and no bet is ever uncalled at a call.

At a terminal node the rake is the rake policy's take of the pot the hand
ends with, uncalled chips left out (:meth:`~omaha8.game.rake.RakePolicy.take`
with ``flop_seen=True``).

>>> from omaha8.game import PotLimit
>>> tree = build_tree(Betting(pot=100, stack=150, structure=PotLimit(1, 1), bets=(0.5,), raises=(1.0,),
...                           allin=True, max_raises=3, rake=None), board_size=5, rivers=())
>>> [(n.kind, n.actions) for n in tree.nodes[:3]]  # the pot-limit maximum at the root is 100: no all-in
[('player', ['check', 'bet 50']), ('player', ['check', 'bet 50']), ('showdown', [])]
>>> root_bet = tree.nodes[tree.nodes[0].children[1]]
>>> root_bet.actions  # a pot raise of 50 is to 250, past the stack: all-in to 150
['fold', 'call', 'allin']
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Union

from ..errors import ArgumentError
from ..game.rake import RakePolicy
from ..game.structures import FixedLimit, NoLimit, PotLimit

Structure = Union[PotLimit, NoLimit, FixedLimit]

PLAYER, CHANCE, FOLD, SHOWDOWN = 0, 1, 2, 3
KIND_NAMES = ("player", "chance", "fold", "showdown")
TURN, RIVER = 2, 3  # street numbers, as FixedLimit.bet_size counts them
#: Most nodes a tree may have: past this the sizes or the raises are too many for the memory the
#: strategies would take.
MAX_NODES = 2_000_000


@dataclass(frozen=True, slots=True)
class Betting:
    """The betting of a subgame, checked: chips, the structure object, sizes and the rake rule."""

    pot: int
    stack: int
    structure: Structure
    bets: tuple[float, ...]
    raises: tuple[float, ...]
    allin: bool
    max_raises: int
    rake: RakePolicy | None


@dataclass(slots=True)
class TreeNode:
    """One node: its kind, the chips each player put in since the subgame began, and what follows."""

    kind: str
    invested: tuple[int, int]
    player: int = -1  # who acts (player node) or who folded (fold node)
    actions: list[str] = field(default_factory=list)
    children: list[int] = field(default_factory=list)
    cards: list[int] = field(default_factory=list)  # chance: the river card of each child
    river: int = -1  # the river card dealt on the way here (-1: none, or the river is on the board)
    rake: int = 0  # terminal nodes: chips the rake takes


@dataclass(slots=True)
class Tree:
    nodes: list[TreeNode]
    pot: int


@dataclass(slots=True)
class _Street:
    """Betting state within a street."""

    inv: list[int]
    bets: list[int]
    actor: int
    raises: int
    min_raise: int
    level: int


def _round_chips(x: float) -> int:
    return int(math.floor(x + 0.5))


def _rake(b: Betting, total: int) -> int:
    if b.rake is None:
        return 0
    taken = b.rake.take((total,), flop_seen=True)
    if len(taken) != 1 or not isinstance(taken[0], int) or isinstance(taken[0], bool) or not 0 <= taken[0] <= total:
        raise ArgumentError(f"rake: the policy took {taken!r} from a pot of {total}; it must take 0..{total} chips")
    return int(taken[0])


class _Builder:
    def __init__(self, b: Betting, board_size: int, rivers: tuple[int, ...]) -> None:
        self.b = b
        self.board_size = board_size
        self.rivers = rivers
        self.nodes: list[TreeNode] = []
        if isinstance(b.structure, FixedLimit) and b.structure.cap is not None and b.structure.cap_holds(
            False, 2, True
        ):
            self.most_raises = min(b.max_raises, b.structure.cap - 1)  # the cap counts the opening bet
        else:
            self.most_raises = b.max_raises

    def add(self, node: TreeNode) -> int:
        if len(self.nodes) >= MAX_NODES:
            raise ArgumentError(
                f"the betting tree has more than {MAX_NODES:,} nodes: give fewer bet or raise sizes or a "
                "smaller max_raises"
            )
        self.nodes.append(node)
        return len(self.nodes) - 1

    def start_street(self, street: int, inv: list[int], river: int) -> int:
        bet_size = self.b.structure.bet_size(street)
        if self.b.stack - inv[0] <= 0:  # all-in: nothing left to bet
            return self.end_street(street, inv, river)
        return self.decision(street, _Street(list(inv), [0, 0], 0, 0, bet_size, 0), river)

    def end_street(self, street: int, inv: list[int], river: int) -> int:
        if street == RIVER or self.board_size == 5:
            total = self.b.pot + inv[0] + inv[1]
            return self.add(TreeNode("showdown", (inv[0], inv[1]), river=river, rake=_rake(self.b, total)))
        chance = self.add(TreeNode("chance", (inv[0], inv[1]), river=river))
        for card in self.rivers:
            child = self.start_street(RIVER, inv, card)
            self.nodes[chance].children.append(child)
            self.nodes[chance].cards.append(card)
        return chance

    def wagers(self, street: int, s: _Street) -> list[int]:
        """The totals (street chips) the actor may bet or raise to, ascending, each once."""
        a, o = s.actor, 1 - s.actor
        to_call = s.bets[o] - s.bets[a]
        all_in_to = s.bets[a] + self.b.stack - s.inv[a]
        pot = self.b.pot + s.inv[0] + s.inv[1]
        bet_size = self.b.structure.bet_size(street)
        lo, hi = self.b.structure.wager_range(s.bets[o], to_call, all_in_to, pot, s.min_raise, s.level, bet_size)
        if isinstance(self.b.structure, FixedLimit):
            return [lo]
        fractions = self.b.bets if to_call == 0 else self.b.raises
        sizes = {min(max(_round_chips(s.bets[o] + f * (pot + to_call)), lo), hi) for f in fractions}
        if self.b.allin and hi == all_in_to:
            sizes.add(all_in_to)
        return sorted(sizes)

    def decision(self, street: int, s: _Street, river: int) -> int:
        a, o = s.actor, 1 - s.actor
        node_id = self.add(TreeNode("player", (s.inv[0], s.inv[1]), player=a, river=river))
        to_call = s.bets[o] - s.bets[a]
        all_in_to = s.bets[a] + self.b.stack - s.inv[a]
        follow: list[tuple[str, int]] = []
        if to_call == 0:
            if a == 0:
                follow.append(("check", self.decision(street, _Street(s.inv, s.bets, o, 0, s.min_raise, 0), river)))
            else:
                follow.append(("check", self.end_street(street, s.inv, river)))
        else:
            folded = self.b.pot + 2 * s.inv[a]  # the pot without the uncalled chips
            fold = TreeNode("fold", (s.inv[0], s.inv[1]), player=a, river=river, rake=_rake(self.b, folded))
            follow.append(("fold", self.add(fold)))
            inv = list(s.inv)
            inv[a] += to_call
            follow.append(("call", self.end_street(street, inv, river)))
        can_wager = all_in_to > s.bets[o] and self.b.stack - s.inv[o] > 0
        if to_call and s.raises >= self.most_raises:
            can_wager = False
        if can_wager:
            for to in self.wagers(street, s):
                inv, bets = list(s.inv), list(s.bets)
                inv[a] += to - bets[a]
                bets[a] = to
                raised_by = to - s.bets[o]
                full = (
                    self.b.structure.counts_as_bet(raised_by, self.b.structure.bet_size(street))
                    if isinstance(self.b.structure, FixedLimit)
                    else raised_by >= s.min_raise
                )
                nxt = _Street(inv, bets, o, s.raises + (1 if to_call else 0),
                              max(s.min_raise, raised_by) if full else s.min_raise, to if full else s.level)
                if to == all_in_to:
                    label = "allin"
                else:
                    label = f"bet {to}" if to_call == 0 else f"raise to {to}"
                follow.append((label, self.decision(street, nxt, river)))
        node = self.nodes[node_id]
        node.actions = [label for label, _ in follow]
        node.children = [child for _, child in follow]
        return node_id


def build_tree(betting: Betting, board_size: int, rivers: tuple[int, ...]) -> Tree:
    """The tree of a subgame on a board of ``board_size`` cards (4: the turn, ``rivers`` dealt; 5: the river)."""
    builder = _Builder(betting, board_size, rivers)
    builder.start_street(RIVER if board_size == 5 else TURN, [0, 0], -1)
    return Tree(builder.nodes, betting.pot)
