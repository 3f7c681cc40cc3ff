"""The slow, obviously-correct twin of the equity kernels, in exact rationals.

The tests hold :func:`omaha8.equity` to :func:`reference_equity` on hands
and on ranges, field by field.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations, product
from typing import Any

from ..core import _reference
from ..errors import RangeEquityError

__all__ = ["reference_equity"]


def reference_equity(
    seats: Sequence[tuple[Sequence[Sequence[int]], Sequence[float]]],
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
) -> dict[str, Any]:
    """The slow, obviously-correct twin of the range kernels, in exact rationals.

    ``seats`` holds one ``(combos, weights)`` pair per seat (card ids; a
    fixed hand is one combo of weight 1). Every combination of one combo per
    seat is listed; those sharing a card with each other, the board or the
    dead cards are skipped; each of the others is dealt every completion of
    the board, evaluated by :mod:`omaha8.core._reference` and settled by the
    hi/lo rules, weighted by the product of its combos' weights (as exact
    fractions of the given floats). Returns ``equity``, ``high_win``,
    ``high_tie``, ``low_win``, ``low_tie``, ``scoop`` (lists of Fractions),
    ``no_low`` (a Fraction) and ``deals`` (an int).

    >>> from omaha8.cards import parse_cards as c
    >>> aces = ([c("As Ad 2c 3d")], [1.0])
    >>> kings = ([c("Ks Kd Qh Jh"), c("Kc Kh Qs Js")], [1.0, 3.0])
    >>> got = reference_equity([aces, kings], c("Ac Kc 4h 5s"))
    >>> got["deals"], [str(x) for x in got["equity"]]
    (40, ['15/16', '1/16'])
    """
    fixed = set(int(x) for x in board) | set(int(x) for x in dead)
    players = len(seats)
    totals = {name: [Fraction(0)] * players for name in ("equity", "high_win", "high_tie", "low_win", "low_tie", "scoop")}
    no_low = Fraction(0)
    weight_sum = Fraction(0)
    deals = 0
    options = [list(zip([tuple(int(x) for x in combo) for combo in combos], weights)) for combos, weights in seats]
    for deal in product(*options):
        cards = [card for hand, _ in deal for card in hand]
        if len(set(cards)) != len(cards) or fixed & set(cards):
            continue
        weight = Fraction(1)
        for _, w in deal:
            weight *= Fraction(w)
        if weight == 0:
            continue
        deck = [c for c in range(52) if c not in fixed and c not in cards]
        for rest in combinations(deck, 5 - len(board)):
            full = [int(x) for x in board] + list(rest)
            values = [_reference.evaluate(hand, full) for hand, _ in deal]
            highs = [h for h, _ in values]
            lows = [lo for _, lo in values]
            top = max(highs)
            high_winners = [p for p in range(players) if highs[p] == top]
            qualified = [lo for lo in lows if lo is not None]
            low_winners = [p for p in range(players) if qualified and lows[p] == max(qualified)]
            deals += 1
            weight_sum += weight
            if not low_winners:
                no_low += weight
            for p in range(players):
                share = Fraction(0)
                if p in high_winners:
                    # the whole pot without a low, else the high half
                    share += Fraction(1, len(high_winners) * (1 if not low_winners else 2))
                    totals["high_win" if len(high_winners) == 1 else "high_tie"][p] += weight
                if p in low_winners:
                    share += Fraction(1, 2 * len(low_winners))
                    totals["low_win" if len(low_winners) == 1 else "low_tie"][p] += weight
                if high_winners == [p] and (not low_winners or low_winners == [p]):
                    totals["scoop"][p] += weight
                totals["equity"][p] += weight * share
    if weight_sum == 0:
        raise RangeEquityError(f"no deal gives each of the {players} seats a combo of its range")
    result: dict[str, Any] = {name: [v / weight_sum for v in values] for name, values in totals.items()}
    result["no_low"] = no_low / weight_sum
    result["deals"] = deals
    return result
