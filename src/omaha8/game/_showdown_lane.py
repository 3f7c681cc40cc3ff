"""The engine's showdown: :func:`omaha8.showdown.showdown` for a hand's own, already checked values.

A :class:`~omaha8.game.Hand` holds card ids it dealt or checked itself and
integer contributions it counted, so the input checks and parsing of the
public :func:`~omaha8.showdown.showdown` (most of its cost on one hand) are
skipped here. The rules are not copied: the pot layers and the hi/lo splits
with their odd chips are :mod:`omaha8.showdown`'s own helpers, and the result
is the same :class:`~omaha8.showdown.ShowdownResult`, field for field
(``tests/test_game_settlement_fast.py`` compares the two on many random
hands). The uncalled-bet rule is restated in three lines, with the test as
its guard.

The one place a seat's cards are evaluated is :func:`_evaluate_ids`; switch it
there to a faster kernel entry point when one exists.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add as _add
from operator import sub as _sub

from .. import _core
from ..evaluate import HandEvaluation
from ..odd_chips import OddChipPolicy
from ..pot_results import ShowdownResult
from .._pots import _layer_pots, _split

__all__ = ["trusted_showdown"]

# the kernel's single-hand entry point: card ids in (tuples of ints), a plain tuple out
# (high, low or None, high cards, low cards or None); None only for cards it refuses, which a hand never holds
_evaluate_ids = _core.evaluate_hand


def trusted_showdown(
    board: tuple[int, ...],
    holes: Sequence[tuple[int, ...] | None],
    contributions: list[int],
    live: list[int],
    button: int,
    last_aggressor: int | None,
    policy: OddChipPolicy,
) -> ShowdownResult:
    """``showdown(board, [holes[s] if s in live else None ...], contributions=..., button=..., ...)``, unchecked.

    ``board`` is the full board and ``holes`` each seat's dealt cards (card
    ids, all distinct); ``live`` the seats still in, ascending, at least two;
    ``contributions`` non-negative ints, one per seat (it is not changed);
    ``policy`` the odd-chip policy (never None). Nothing is checked: give it
    only what a hand built.
    """
    n = len(contributions)
    chips = contributions
    # the uncalled part of the top bet goes back before any pot is cut (showdown()'s rule)
    uncalled = [0] * n
    in_pots = list(chips)
    top = max(chips)
    if chips.count(top) == 1:
        seat = chips.index(top)
        in_pots[seat] = second = max(chips[:seat] + chips[seat + 1:])
        uncalled[seat] = top - second

    hands: list[HandEvaluation | None] = [None] * n
    high = [0] * n
    low = [0] * n
    evaluate_ids = _evaluate_ids
    for seat in live:
        found = evaluate_ids(holes[seat], board)
        hands[seat] = HandEvaluation(*found)  # type: ignore[misc]  # a hand's own cards always evaluate
        high[seat] = found[0]  # type: ignore[index]
        low[seat] = found[1] or 0  # type: ignore[index]

    live_chips = [seat for seat in live if chips[seat] > 0]
    level = max(in_pots)
    if level and min([in_pots[seat] for seat in live_chips]) == level:
        # every live seat reached the top level (nobody all-in for less): every layer has the same eligible
        # seats, so _layer_pots would make them one pot of all the chips
        layers = [(sum(in_pots), tuple(live_chips))]
    else:
        layers = _layer_pots(in_pots, live_chips)
    pots = [_split(amount, eligible, high, low, policy, button, n) for amount, eligible in layers]
    payouts = uncalled[:]
    scoops = set()
    for pot in pots:
        awards = pot.awards
        payouts = list(map(_add, payouts, awards))
        scooper = pot.scooper
        if scooper is not None:
            scoops.add(scooper)

    show_order: tuple[int, ...] = ()
    if len(live_chips) >= 2:
        # clockwise from the last aggressor, or from the first seat left of the button
        first = last_aggressor
        if first is None:
            first = live_chips[0]
            for seat in live_chips:
                if seat > button:
                    first = seat
                    break
        at = 0
        for seat in live_chips:  # ascending: the seats from ``first`` on, then those before it
            if seat >= first:
                break
            at += 1
        show_order = tuple(live_chips[at:] + live_chips[:at])
    return ShowdownResult(
        payouts=tuple(payouts),
        net=tuple(map(_sub, payouts, chips)),
        pots=tuple(pots),
        uncalled=tuple(uncalled),
        hands=tuple(hands),
        scoops=tuple(sorted(scoops)),
        show_order=show_order,
        contributions=tuple(chips),
    )
