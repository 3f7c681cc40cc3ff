"""Slow, plain twins of the environments' observation and action encoding, read straight from a Hand.

Each function reads the engine's public state (``Hand`` properties and
``legal_actions()``) one value at a time, with Python ints and Fractions, the
way the documentation describes the vectors: the environments' vectorised
encoding is tested against these.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from omaha8.game import STREETS, Hand


def reference_observation(hand: Hand, seat: int, big_blind: int) -> np.ndarray:
    """The documented observation vector of ``seat`` at ``hand``."""
    n = hand.n_seats
    values = [0.0] * (112 + 4 * n)
    for card in hand.holes[seat]:
        values[card] = 1.0
    for card in hand.board:
        values[52 + card] = 1.0
    if hand.street != "over":
        values[104 + STREETS.index(hand.street)] = 1.0
    values[108 + (seat - hand.button) % n] = 1.0
    bb = float(big_blind)
    values[108 + n] = hand.pot / bb
    if hand.actor == seat:
        legal = hand.legal_actions()
        values[109 + n] = legal.call / bb
        values[110 + n] = legal.min_to / bb
        values[111 + n] = legal.max_to / bb
    for i in range(n):
        other = (seat + i) % n
        values[112 + n + i] = hand.stacks[other] / bb
        values[112 + 2 * n + i] = hand.bets[other] / bb
        # a seat not dealt in (no chips, with stacks that carry over) is not in the hand either
        values[112 + 3 * n + i] = 0.0 if other in hand.folded or hand.holes[other] is None else 1.0
    return np.array(values, np.float32)


def reference_actions(hand: Hand, fractions: tuple[Fraction, ...]) -> list[tuple[bool, str, int]]:
    """(legal, engine action, amount) of each discrete action for the seat to act, as documented."""
    legal = hand.legal_actions()
    seat = legal.seat
    mine, stack, pot, call = hand.bets[seat], hand.stacks[seat], hand.pot, legal.call
    out = [(call > 0, "fold", 0), (True, "call" if call else "check", call)]
    can_wager = legal.max_to > 0
    wager = "raise" if legal.raising else "bet"
    targets = [mine + call + int(f * (pot + call)) for f in fractions] + [mine + stack]
    for target in targets:
        if can_wager:
            out.append((True, wager, min(max(target, legal.min_to), legal.max_to)))
        else:
            out.append((False, wager, 0))
    return out
