# cython: language_level=3, annotation_typing=False, boundscheck=True, wraparound=True
# Python objects throughout: indexing keeps its checks and negative indices (the build turns them off for kernels).
"""Splitting the chips of one hand into pots, and each pot among its winners.

The rules of ``docs/rules.md`` §4-§5 as :func:`omaha8.showdown` applies them
to checked cards and chips: the uncalled bet, the pot layers, the hi/lo split
of each pot and its odd chips (placed by an :class:`~omaha8.pots._odd_chips.OddChipPolicy`),
the show order. Plain Python, compiled: a hand is settled in a few
microseconds. :mod:`omaha8.pots._showdown` checks the arguments and builds the
:class:`~omaha8.pots._results.ShowdownResult`; its ``settle_ids`` calls
:func:`_settle` directly for callers whose cards are already checked.
"""

from cpython.object cimport PyObject_GenericSetAttr

import dataclasses
import itertools
import operator
from collections.abc import Iterable, Sequence

import numpy as np

from ..core import _core
from .._support._args import brief
from ..errors import ChipError, ShowdownError
from ..core._evaluate import HandEvaluation
from ._odd_chips import CardroomOddChips, OddChipPolicy
from ._results import Pot, PotSplit, ShowdownResult

# field names of the frozen result classes, in their constructors' order
cdef dict FIELDS = {cls: tuple([field.name for field in dataclasses.fields(cls)])
                    for cls in (Pot, HandEvaluation, ShowdownResult)}


def _frozen(type cls, tuple values):
    """``cls(*values)`` for a frozen slots dataclass of this module's results (no defaults, no
    ``__post_init__``). Its generated ``__init__`` goes past the frozen guard with one
    ``object.__setattr__`` call per field; this sets the same slots directly, in a third of the time.
    """
    cdef tuple names = FIELDS[cls]
    cdef object obj = cls.__new__(cls)
    cdef Py_ssize_t i
    if len(values) != len(names):
        raise TypeError(f"{cls.__name__} has {len(names)} fields, got {len(values)} values")
    for i in range(len(names)):
        PyObject_GenericSetAttr(obj, names[i], values[i])
    return obj


# ---------------------------------------------------------------- pots


def _layer_pots(chips: Sequence[int], live_chips: list[int]) -> list[tuple[int, tuple[int, ...]]]:
    """``(amount, eligible live seats)`` of each pot, main pot first.

    Every contribution level cuts a layer; layers with the same eligible
    seats are one pot (a folded seat's level adds dead money, not a pot),
    and a layer no live seat reached joins the highest pot below it.
    """
    pots: list[tuple[int, tuple[int, ...]]] = []
    levels = sorted(chips)
    eligible = tuple(live_chips)
    below = 0
    for i, level in enumerate(levels):
        if level == below:
            continue
        # levels are the contributions themselves, so every seat from i on reaches this one
        amount = (level - below) * (len(levels) - i)
        eligible = tuple([seat for seat in eligible if chips[seat] >= level])
        if pots and (not eligible or eligible == pots[-1][1]):
            pots[-1] = (pots[-1][0] + amount, pots[-1][1])
        else:
            pots.append((amount, eligible))
        below = level
    return pots


def _return_uncalled(chips: list[int]) -> tuple[list[int], list[int]]:
    """``(uncalled, in_pots)``: the part of the one top contribution that no other seat matched goes
    back to it before any pot is cut (§4.7); ``in_pots`` is what each seat puts into the pots."""
    uncalled = [0] * len(chips)
    in_pots = chips
    top = max(chips)
    if chips.count(top) == 1:
        seat = chips.index(top)
        in_pots = list(chips)
        in_pots[seat] = second = max(chips[:seat] + chips[seat + 1:], default=0)
        uncalled[seat] = top - second
    return uncalled, in_pots


def _fold_out(chips: list[int], winner: int) -> tuple[list[int], list[Pot]]:
    """``(uncalled, pots)`` of a hand everyone but ``winner`` (who put chips in) folded: the same
    uncalled rule and pot layers as a showdown, each pot the winner's alone (§4.8)."""
    cdef list awards
    uncalled, in_pots = _return_uncalled(chips)
    pots = []
    for amount, eligible in _layer_pots(in_pots, [winner]):
        awards = [0] * len(chips)
        awards[winner] = amount
        pots.append(_frozen(Pot, (amount, eligible, PotSplit.UNCONTESTED, eligible, None, None, tuple(awards), ())))
    return uncalled, pots


def _divide(amount: int, winners: Sequence[int], awards: list[int], odd: list[int]) -> None:
    """Give ``amount`` to ``winners`` equally, odd chips one each in the order given."""
    share, left = divmod(amount, len(winners))
    for seat in winners:
        awards[seat] += share
    for seat in winners[:left]:
        awards[seat] += 1
    odd += winners[:left]


def _ordered(
    policy: OddChipPolicy, winners: tuple[int, ...], amount: int, button: int, n_seats: int
) -> tuple[int, ...]:
    """``winners`` in odd-chip order; asked of the policy only when there is an odd chip."""
    if len(winners) == 1 or amount % len(winners) == 0:
        return winners
    answer = policy.order(winners, button, n_seats)
    order: tuple[int | None, ...] = ()
    if isinstance(answer, (tuple, list)) or (isinstance(answer, Iterable) and not isinstance(answer, (str, bytes))):
        order = tuple(_chip_count(seat) for seat in itertools.islice(answer, len(winners) + 1))
    if sorted(order, key=lambda seat: -1 if seat is None else seat) != list(winners):
        raise ShowdownError(
            f"odd_chips.order({list(winners)}) returned {brief(answer)}, not an order of those seats"
        )
    return order  # type: ignore[return-value]  # every entry is one of the winners


def _chip_count(value: object) -> int | None:
    """``value`` as a plain int when it is a non-negative integer (numpy ints too), else None.

    ``operator.index`` turns numpy unsigned ints and int subclasses into plain
    ints first, so the sums checked below cannot wrap around or be overridden.
    """
    if isinstance(value, (bool, np.bool_)):
        return None
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None
    number = int(number)  # an int subclass's __index__ may return itself
    return number if number >= 0 else None


def _checked_halves(cut: object, amount: int) -> tuple[int, int]:
    """The policy's ``(high, low)`` cut as plain ints that add up to ``amount``, or a ChipError."""
    if isinstance(cut, (tuple, list)) and len(cut) == 2:
        high, low = _chip_count(cut[0]), _chip_count(cut[1])
        if high is not None and low is not None and high + low == amount:
            return high, low
    raise ChipError(
        f"odd_chips.split_halves({amount}) returned {brief(cut)}, not two non-negative "
        f"whole chip counts adding up to {amount}"
    )


def _split(
    amount: int,
    eligible: tuple[int, ...],
    high: list[int],
    low: list[int],
    policy: OddChipPolicy,
    button: int,
    n_seats: int,
) -> Pot:
    """Split one pot among its eligible seats by their high and low values."""
    awards = [0] * n_seats
    if len(eligible) == 1:
        awards[eligible[0]] = amount
        return _frozen(Pot, (amount, eligible, PotSplit.UNCONTESTED, eligible, None, None, tuple(awards), ()))
    odd: list[int] = []
    best_high = best_low = 0
    for seat in eligible:
        if high[seat] > best_high:
            best_high = high[seat]
        if low[seat] > best_low:
            best_low = low[seat]
    high_winners = tuple([seat for seat in eligible if high[seat] == best_high])
    low_winners = tuple([seat for seat in eligible if low[seat] == best_low]) if best_low else None
    halves = None
    if low_winners is None or low_winners == high_winners:
        split = PotSplit.HIGH_ONLY if low_winners is None else PotSplit.SAME_WINNERS
        if len(high_winners) == 1:  # the common case, without asking for an order
            awards[high_winners[0]] = amount
        else:
            _divide(amount, _ordered(policy, high_winners, amount, button, n_seats), awards, odd)
    else:
        split = PotSplit.HALVES
        cut = policy.split_halves(amount)
        # the built-in rule (not a subclass) answers two plain ints that add up: nothing to check
        halves = cut if type(policy) is CardroomOddChips else _checked_halves(cut, amount)
        for half, winners in ((halves[0], high_winners), (halves[1], low_winners)):
            if len(winners) == 1:
                awards[winners[0]] += half
            else:
                _divide(half, _ordered(policy, winners, half, button, n_seats), awards, odd)
    return _frozen(Pot, (amount, eligible, split, high_winners, low_winners, halves, tuple(awards), tuple(odd)))



def _settle(
    board: tuple[int, ...],
    cards: Sequence[tuple[int, ...] | None],
    chips: list[int],
    live: list[int],
    live_chips: list[int],
    button: int,
    last_aggressor: int | None,
    policy: OddChipPolicy,
    with_hands: bool,
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[Pot, ...], tuple[int, ...], list[int], list[int],
           list[HandEvaluation | None]]:
    """Settle cards and chips already checked: ``(payouts, uncalled, pots, show order,
    high values, low values, hands)``, the hands only ``with_hands`` (else all None).

    Raises :class:`_Unevaluated` when a live hole of a contested hand does not
    evaluate (only a fast-lane caller's cards can fail so)."""
    n_seats = len(chips)
    uncalled, in_pots = _return_uncalled(chips)

    hands: list[HandEvaluation | None] = [None] * n_seats
    high = [0] * n_seats
    low = [0] * n_seats
    if len(board) == 5:
        for seat in live:
            # None for anything but 4 or 5 valid int ids distinct from the board's
            found = _core.evaluate_hand(cards[seat], board)
            if found is None:
                if len(live) >= 2:
                    raise _Unevaluated
                continue  # the one live seat need not show real cards
            high[seat] = found[0]
            low[seat] = found[1] or 0
            if with_hands:
                hands[seat] = _frozen(HandEvaluation, found)

    pots = tuple([_split(amount, eligible, high, low, policy, button, n_seats)
                  for amount, eligible in _layer_pots(in_pots, live_chips)])
    payouts = uncalled
    for pot in pots:
        payouts = [a + b for a, b in zip(payouts, pot.awards)]
    if sum(payouts) != sum(chips) or min(payouts) < 0:  # the policy checks make this unreachable
        raise ChipError(f"payouts {payouts} do not pay out the {sum(chips)} chips put in")

    show_order: tuple[int, ...] = ()
    if len(live_chips) >= 2:
        # live_chips ascend: clockwise from a seat is a rotation of them
        first = last_aggressor
        if first is None:  # the first seat left of the button, the button itself last
            first = next((seat for seat in live_chips if seat > button), live_chips[0])
        at = live_chips.index(first)
        show_order = tuple(live_chips[at:] + live_chips[:at])
    return tuple(payouts), tuple(uncalled), pots, show_order, high, low, hands




def _showdown_result(settled: tuple, chips: list[int]) -> ShowdownResult:
    """The :class:`~omaha8.pots._results.ShowdownResult` of what :func:`_settle` gave (with hands) for
    ``chips`` (what :func:`omaha8.pots._showdown.showdown` returns once its checks pass)."""
    payouts, uncalled, pots, show_order, _, _, hands = settled
    # each pot's scooper read once: a property that compares enum members on every read
    scoops = {seat for seat in [pot.scooper for pot in pots] if seat is not None}
    return _frozen(ShowdownResult, (
        payouts,  # payouts
        tuple([p - c for p, c in zip(payouts, chips)]),  # net
        pots,  # pots
        uncalled,  # uncalled
        tuple(hands),  # hands
        tuple(sorted(scoops)),  # scoops
        show_order,  # show_order
        tuple(chips),  # contributions
    ))


class _Unevaluated(Exception):
    """A live hole given to the fast lane that is not 4 or 5 valid cards distinct from the board."""
