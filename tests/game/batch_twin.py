"""A slow twin of one table of :class:`omaha8.game.BatchTables`: scalar hands dealt the batch's cards.

BatchTables draws each table's cards and its random policy's choices from two
splitmix64 streams keyed by ``(seed, table)`` (``game/_batch.pyx``,
``_support/_random.pxd``). :class:`TwinTable` draws the same numbers in plain
Python, deals them into :class:`omaha8.game.Hand` the way ``start_hand`` deals
(a partial Fisher-Yates shuffle; hole cards clockwise from the button's left,
one card a seat a round; then the board), chooses the random policy's actions
from them, and moves the stacks and the button between hands as
``finish_hand`` does (docs/rules.md §6.10). Everything else (blinds, legal
actions, streets, settlement) is the scalar engine's, so a batch table and its
twin agree on every decision only if the two engines agree on the rules.

The inputs the batch tests share are here too: short stacks, and a chooser of
every kind of legal action.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from omaha8.game import Hand, Structure

MASK = 2**64 - 1
FOLD, CALL, WAGER = 0, 1, 2
RANDOM, CALLING, WAIT = 0, 1, 2  # the kernel's policy codes


def mix64(z: int) -> int:
    """The splitmix64 finaliser, on Python ints."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


class Stream:
    """One splitmix64 stream: ``next64``, and ``below`` (Lemire's method) as ``_random.pxd`` draws them."""

    def __init__(self, state: int) -> None:
        self.state = state

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        return mix64(self.state)

    def below(self, n: int) -> int:
        m = (self.next64() >> 32) * n
        low = m & 0xFFFFFFFF
        if low < n:
            threshold = (2**32 - n) % n
            while low < threshold:
                m = (self.next64() >> 32) * n
                low = m & 0xFFFFFFFF
        return m >> 32

    def below64(self, n: int) -> int:
        if n <= 0xFFFFFFFF:
            return self.below(n)
        threshold = (2**64 - n) % n
        while True:
            r = self.next64()
            if r >= threshold:
                return r % n


def streams(seed: int, table: int) -> tuple[Stream, Stream]:
    """Table ``table``'s card stream and policy stream for ``seed``."""
    key = mix64(seed ^ 0x6261746368)
    return Stream(mix64((key + 2 * table) & MASK)), Stream(mix64((key + 2 * table + 1) & MASK))


class TwinTable:
    """Table ``table`` of ``BatchTables(..., seed=seed)``, played by :class:`Hand` one hand after another."""

    def __init__(self, start: list[int], structure: Structure, *, variant: int = 4, carry: bool = False,
                 seed: int = 0, table: int = 0) -> None:
        self.start = list(start)
        self.stacks = list(start)
        self.structure = structure
        self.variant = variant
        self.carry = carry
        self.cards, self.choices = streams(seed, table)
        self.button = next(s for s, chips in enumerate(start) if chips > 0)
        self.hand = self._deal()
        while self.hand.is_over:  # nobody had a decision: the batch plays such a hand out as it deals it
            self.next_hand()

    def _deal(self) -> Hand:
        n, k = len(self.stacks), self.variant
        order = [(self.button + j) % n for j in range(1, n + 1) if self.stacks[(self.button + j) % n] > 0]
        m = len(order)
        deck = list(range(52))
        for j in range(m * k + 5):
            r = j + self.cards.below(52 - j)
            deck[j], deck[r] = deck[r], deck[j]
        holes: list[list[int] | None] = [None] * n
        for j, seat in enumerate(order):
            holes[seat] = [deck[j + r * m] for r in range(k)]
        return Hand(self.stacks, self.structure, button=self.button, variant=k, holes=holes,
                    board=deck[m * k : m * k + 5])

    def next_hand(self) -> tuple[int, ...]:
        """Settle the finished hand (its net chips are returned) and deal the next one."""
        hand = self.hand
        assert hand.is_over
        self.stacks = list(hand.stacks)
        if not self.carry or sum(chips > 0 for chips in self.stacks) < 2:
            self.stacks = list(self.start)
        n = len(self.stacks)
        self.button = next(q % n for q in range(self.button + 1, self.button + n + 1) if self.stacks[q % n] > 0)
        self.hand = self._deal()
        return hand.result.net

    def act(self, kind: int, amount: int = 0) -> None:
        """A step() kind for the seat to act: 0 fold, 1 check or call, 2 bet or raise to ``amount``."""
        legal = self.hand.legal_actions()
        if kind == FOLD:
            self.hand.act("fold")
        elif kind == CALL:
            self.hand.act("call" if legal.call else "check")
        else:
            self.hand.act("raise" if legal.raising else "bet", amount)

    def random_action(self) -> tuple[int, int]:
        """The random policy's choice: fold (only facing a bet), check or call, bet or raise, equally likely."""
        legal = self.hand.legal_actions()
        can_fold, can_raise = legal.call > 0, legal.max_to > 0
        r = self.choices.below(1 + can_fold + can_raise)
        if can_fold:
            if r == 0:
                return FOLD, 0
            r -= 1
        if r == 0:
            return CALL, 0
        return WAGER, legal.min_to + self.choices.below64(legal.max_to - legal.min_to + 1)

    def final(self) -> dict[str, Any]:
        """The finished hand as ``Advance.final`` gives it: button, board, stacks, bets, in_hand, holes."""
        hand = self.hand
        return {
            "button": hand.button,
            "board": list(hand.board) + [255] * (5 - len(hand.board)),
            "stacks": list(hand.stacks),
            "bets": list(hand.bets),
            "in_hand": [hole is not None and s not in hand.folded for s, hole in enumerate(hand.holes)],
            "holes": [list(hole) if hole is not None else [255] * self.variant for hole in hand.holes],
        }

    def view(self) -> dict[str, Any]:
        """The seat to act's view, as one row of ``BatchTables.observe()``."""
        hand = self.hand
        legal = hand.legal_actions()
        seat = legal.seat
        return {
            "seat": seat, "street": ("preflop", "flop", "turn", "river").index(hand.street), "button": hand.button,
            "board": list(hand.board) + [255] * (5 - len(hand.board)), "hole": list(hand.holes[seat]),
            "pot": hand.pot, "stacks": list(hand.stacks), "bets": list(hand.bets),
            "in_hand": [hole is not None and s not in hand.folded for s, hole in enumerate(hand.holes)],
            "to_call": legal.call, "min_to": legal.min_to, "max_to": legal.max_to, "can_check": legal.call == 0,
        }

    def advance(self, policy: list[int], kind: int = -1, amount: int = 0) -> dict[str, Any]:
        """What ``BatchTables.advance`` does at this table: the action, then the policies until a WAIT seat acts."""
        n = len(self.stacks)
        out: dict[str, Any] = {"finished": False, "net": [0] * n, "final": None, "more_hands": 0,
                               "more_net": [0] * n}
        if kind >= 0:
            self.act(kind, amount)
        while True:
            if self.hand.is_over:
                if out["finished"]:
                    out["more_hands"] += 1
                    out["more_net"] = [a + b for a, b in zip(out["more_net"], self.next_hand())]
                else:
                    out["final"] = self.final()
                    out["net"] = list(self.next_hand())
                    out["finished"] = True
                continue
            seat = self.hand.actor
            assert seat is not None
            if policy[seat] == WAIT:
                return out
            if policy[seat] == RANDOM:
                self.act(*self.random_action())
            else:
                self.act(CALL)


# ---------------------------------------------------------------- inputs for the batch tests


def short_stacks(rng: np.random.Generator, structure: Any, n_tables: int, n_seats: int, variant: int,
                 empty: bool) -> np.ndarray[Any, Any]:
    """Stacks of a few blinds to 30 big blinds, so that all-ins and side pots are common; some seats empty."""
    low, high = structure.small_blind + 1, 30 * structure.big_blind
    stacks = rng.integers(low, high, size=(n_tables, n_seats))
    if empty:
        stacks[rng.random((n_tables, n_seats)) < 0.25] = 0
        stacks[:, :2] = np.maximum(stacks[:, :2], low)
    if variant == 5 and n_seats == 10:
        stacks[:, 9] = 0   # at most nine seats dealt in 5-card Omaha
    return stacks


def choose(rng: np.random.Generator, obs: dict[str, Any]) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """Every legal action, the odd ones too: folds with a check free, wagers at both bounds and between."""
    n = len(obs["seat"])
    r = rng.random(n)
    can_raise = obs["max_to"] > 0
    kind = np.where(r < 0.12, 0, np.where(can_raise & (r > 0.55), 2, 1))
    where = rng.random(n)
    amount = np.where(where < 0.3, obs["min_to"], np.where(where < 0.5, obs["max_to"],
                      obs["min_to"] + (rng.random(n) * (obs["max_to"] - obs["min_to"] + 1)).astype(np.int64)))
    return kind.astype(np.int8), np.minimum(amount, obs["max_to"]).astype(np.int64)
