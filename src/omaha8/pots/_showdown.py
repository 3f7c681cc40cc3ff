"""Showdown: who wins each pot, and how the chips are split.

:func:`showdown` settles one hand at the table: it cuts the chips into a main
pot and side pots, returns an uncalled bet, splits every pot into a high and
a low half among the live seats eligible for it, and pays odd chips by the
cardroom rule (or a policy you give it). :func:`pot_shares` and
:func:`winners` do the hi/lo split of one pot over arrays of many deals.

The rules are those of ``docs/rules.md`` §4-§5; where they are silent this module
follows the standard cardroom rule, and says so where it applies.

>>> result = showdown(["3c 4c Kh Ks", "5d 8d Qc Jc"], "Ah 2h 7c Kd Qs")
>>> result.payouts  # seat 0: three kings for high and 7-4-3-2-A for low
(2, 0)
>>> result.pots[0].split
<PotSplit.SAME_WINNERS: 'same winners'>
>>> showdown(["3c 4c Kh Ks", "3c 8d Qc Jc"], "Ah 2h 7c Kd Qs")
Traceback (most recent call last):
...
omaha8.errors.DuplicateCardError: card '3c' appears twice: holes[0][0] and holes[1][0]
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from .._support._args import brief
from .._support._text import noun
from ._pots import _settle, _showdown_result, _Unevaluated
from ._pots import _split as _split  # re-exported: the game splits a raked pot by the same rule
from ..cards import CardsLike, check_distinct, parse_cards, text_ids
from ..cards._order import board_count, is_hand_list, old_order
from ..errors import (ArgumentTypeError, CardError, CardTypeError, ChipError, Omaha8Error,
                      ShapeError, ShowdownError)
from ._odd_chips import _CARDROOM, CardroomOddChips, OddChipPolicy
from ._results import Pot, PotSplit, ShowdownResult
from ._batch import MAX_SEATS, pot_shares, winners

__all__ = [
    "MAX_CHIPS",
    "MAX_SEATS",
    "OddChipPolicy",
    "CardroomOddChips",
    "PotSplit",
    "Pot",
    "ShowdownResult",
    "showdown",
    "settle_ids",
    "pot_shares",
    "winners",
]


# ---------------------------------------------------------------- input checks

_INT = {int}


#: Largest contribution :func:`showdown` takes from one seat (chips fit in 64-bit counters).
MAX_CHIPS = 2**63 - 1


def _is_int(value: object) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def _seat(value: object, name: str, n_seats: int) -> int:
    """A seat number 0..n_seats-1, or a ShowdownError naming ``name``."""
    if type(value) is int and 0 <= value < n_seats:
        return value
    if _is_int(value):
        seat = operator.index(value)  # type: ignore[arg-type]
        if 0 <= seat < n_seats:
            return seat
    raise ShowdownError(f"{name} must be a seat number 0..{n_seats - 1}, not {brief(value)}")


def _card_tuple(cards: object, name: str) -> tuple[int, ...]:
    """Card ids of one hand, parsed and range-checked (duplicates are checked later); errors name the hand."""
    try:
        return tuple(parse_cards(cards, name=name).tolist())  # type: ignore[arg-type]
    except (CardError, CardTypeError) as exc:
        if str(exc).startswith(name):
            raise
        raise type(exc)(f"{name}: {exc}") from None


def _deal(
    board: object, holes: Sequence[object]
) -> tuple[tuple[int, ...], list[tuple[int, ...] | None], bool]:
    """The board and holes as tuples of ids, and whether they are known to be distinct.

    Tuples and lists of int ids (what a game engine holds) are checked all
    at once; anything else goes through the parser, which explains errors.
    """
    cards: list[tuple[int, ...] | None] = []
    flat: list[int] = []
    fast = board is None or type(board) is tuple or type(board) is list
    if fast:
        for hole in holes:
            if hole is None:
                cards.append(None)
            elif type(hole) is tuple or type(hole) is list:
                held = tuple(hole)
                cards.append(held)
                flat += held
            else:
                fast = False
                break
    if fast:
        board_cards = () if board is None else tuple(board)  # type: ignore[arg-type]
        flat += board_cards
        if not flat or (set(map(type, flat)) == _INT and min(flat) >= 0 and max(flat) < 52
                        and len(set(flat)) == len(flat)):
            return board_cards, cards, True
    elif (board is None or type(board) is str) and all([hole is None or type(hole) is str for hole in holes]):
        # card strings (parsed once and remembered); a bad one is explained by the path below
        try:
            text_cards = [None if hole is None else text_ids(hole) for hole in holes]  # type: ignore[arg-type]
            text_board = () if board is None else text_ids(board)
        except CardError:
            pass
        else:
            return text_board, text_cards, False
    cards = [None if hole is None else _card_tuple(hole, f"holes[{seat}]") for seat, hole in enumerate(holes)]
    return (() if board is None else _card_tuple(board, "board")), cards, False


def _sequence(value: object, name: str, error: type[Exception]) -> list[object]:
    """The items of a list, tuple, range or 1-D array; dicts, sets, strings and scalars are refused."""
    if type(value) is list or type(value) is tuple:
        return list(value)
    if isinstance(value, np.ndarray):
        if value.ndim != 1:
            raise error(f"{name} must be a sequence (a 1-D array), got an array of shape {value.shape}")
        items: list[object] = value.tolist()
        return items
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise error(f"{name} must be a sequence (a list or tuple), not {type(value).__name__} {brief(value)}")
    return list(value)


def _folded_seats(folded: Iterable[int] | None, n_seats: int) -> set[int]:
    if folded is None:
        return set()
    if type(folded) is list or type(folded) is tuple or type(folded) is set:
        seats = set(folded) if set(map(type, folded)) <= _INT else None
        if seats is not None and (not seats or (min(seats) >= 0 and max(seats) < n_seats)):
            return seats
    if isinstance(folded, np.ndarray):
        items = _sequence(folded, "folded", ShowdownError)
    elif isinstance(folded, (str, bytes, Mapping)) or not isinstance(folded, Iterable):
        raise ShowdownError(f"folded must be an iterable of seat numbers, not {type(folded).__name__} {brief(folded)}")
    else:
        items = list(folded)  # the order of folded seats does not matter: sets and iterators are fine
    return {_seat(seat, f"folded seat {brief(seat, 40)}", n_seats) for seat in items}


def _chips(contributions: Sequence[int] | None, n_seats: int, live: list[int]) -> list[int]:
    if contributions is None:
        chips = [0] * n_seats
        for seat in live:
            chips[seat] = 1
        return chips
    items = _sequence(contributions, "contributions", ChipError)
    if len(items) != n_seats:
        raise ShapeError(f"contributions has {len(items)} {noun(len(items), 'entry', 'entries')} but holes has "
                         f"{n_seats} {noun(n_seats, 'seat')}")
    if set(map(type, items)) == _INT:
        plain: list[int] = items  # type: ignore[assignment]  # every item is an int
        if min(plain) >= 0 and max(plain) <= MAX_CHIPS:
            return plain
    chips = []
    for seat, amount in enumerate(items):
        if not _is_int(amount):
            raise ChipError(f"contributions[{seat}] = {brief(amount)} is not a whole number of chips")
        number = operator.index(amount)  # type: ignore[arg-type]
        if number < 0:
            raise ChipError(f"contributions[{seat}] = {number} is negative")
        if number > MAX_CHIPS:
            raise ChipError(f"contributions[{seat}] = {brief(number)} is more than {MAX_CHIPS} chips")
        chips.append(int(number))
    return chips


def _check_shapes(board: tuple[int, ...], cards: list[tuple[int, ...] | None]) -> None:
    """Two or more live seats: a full board and equal 4- or 5-card holes."""
    sizes_seen = {len(hole) for hole in cards if hole is not None}
    if len(board) == 5 and (sizes_seen == {4} or sizes_seen == {5}):
        return
    if len(board) != 5:
        raise ShapeError(f"board has {len(board)} {noun(len(board), 'card')}; a showdown needs 5")
    sizes = [(seat, len(hole)) for seat, hole in enumerate(cards) if hole is not None]
    for seat, size in sizes:
        if size not in (4, 5):
            raise ShapeError(f"holes[{seat}] has {size} {noun(size, 'card')}; a hole has 4 or 5")
    first_seat, first_size = sizes[0]
    for seat, size in sizes:
        if size != first_size:
            raise ShapeError(f"holes[{seat}] has {size} {noun(size, 'card')} but holes[{first_seat}] has {first_size}")


# ---------------------------------------------------------------- showdown


def showdown(
    holes: Sequence[CardsLike | None],
    board: CardsLike | None = None,
    *,
    contributions: Sequence[int] | None = None,
    folded: Iterable[int] | None = None,
    button: int = 0,
    last_aggressor: int | None = None,
    odd_chips: OddChipPolicy | None = None,
) -> ShowdownResult:
    """Settle one hand of Omaha Hi/Lo: side pots, hi/lo splits, odd chips.

    Parameters
    ----------
    holes
        One entry per seat, in clockwise seat order: the seat's 4 or 5 hole
        cards (the same count for every seat), or None for a seat that
        folded or is empty. When only one seat is live its cards are not
        needed: pass ``()`` or whatever was dealt.
    board
        The 5 board cards (any form :func:`omaha8.parse_cards` accepts).
        When at most one seat is live it may be None (the default) or have
        fewer cards.
    contributions
        Chips each seat put in this hand (non-negative ints), folded seats
        included. Default: one chip from each live seat (a plain split).
    folded
        Seats that folded (their hole cards may still be given: they are
        checked for duplicates). Their chips stay in the pots as dead money;
        they win nothing.
    button
        The button's seat (odd chips and the show order start left of it).
    last_aggressor
        The live seat that bet or raised last on the final round, if any:
        it shows first.
    odd_chips
        An :class:`OddChipPolicy`; default :class:`CardroomOddChips`.

    Returns
    -------
    ShowdownResult

    Raises
    ------
    ShapeError
        A board or hole with the wrong number of cards, or contributions of
        the wrong length.
    DuplicateCardError
        A card on the board or in two holes.
    ChipError
        Negative or non-integer chips, more than :data:`MAX_CHIPS` from one
        seat, no chips at all, contributions that are not a list, tuple or
        1-D array, or an odd-chip policy whose ``split_halves`` answer is not
        two non-negative whole chip counts adding up to the amount.
    ShowdownError
        No live seat, no live seat with chips in, a seat number out of range,
        or an odd-chip policy whose ``order`` is not an order of the winners.
    ArgumentTypeError
        ``odd_chips`` that is not an :class:`OddChipPolicy`.
    ArgumentOrderError
        The board first and the holes second, the order omaha8 took before
        (keywords, ``board=...``, are read in any order).

    Notes
    -----
    * A seat is live when its hole is given and it is not in ``folded``.
    * Uncalled bet: the top contributor's excess over the second-highest
      contribution of any seat, folded or not, is returned to it.
    * Pots: each contribution level cuts a layer of chips, eligible to the
      live seats that reached it; consecutive layers with the same eligible
      seats make one pot, so a folded seat's level adds dead money rather
      than a new pot. A layer that only folded seats reached (possible only
      when every seat that reached it folded) joins the highest pot below
      it that a live seat can win (standard cardroom practice).
    * A pot only one live seat is eligible for goes to that seat whole.
    * A live seat that put in no chips is eligible for nothing.

    Examples
    --------
    Seat 2 is all-in for 40; seats 0 and 1 put in 100 each. Seat 2 has the
    best low and wins the low of the main pot only:

    >>> r = showdown(["Kh Ks 9c 9d", "Jh Jd 6c 6s", "3c 4c 5d 6d"], "Ah 2h 7c Kd Qs",
    ...              contributions=[100, 100, 40])
    >>> [(p.amount, p.eligible, p.high_winners, p.low_winners) for p in r.pots]
    [(120, (0, 1, 2), (0,), (2,)), (120, (0, 1), (0,), None)]
    >>> r.payouts, r.net
    ((180, 0, 60), (80, -100, 20))

    Everyone else folded: no cards needed.

    >>> showdown([(), None, None], contributions=[30, 10, 20], folded=[1, 2]).payouts
    (60, 0, 0)
    >>> showdown([(), None], folded=[0])
    Traceback (most recent call last):
    ...
    omaha8.errors.ShowdownError: every seat folded: there is no live seat to win the pot

    The board before the holes is the order omaha8 took before; it is refused, not misread:

    >>> showdown("Ah 2h 7c Kd Qs", ["Kh Ks 9c 9d", "Jh Jd 6c 6s"])
    Traceback (most recent call last):
    ...
    omaha8.errors.ArgumentOrderError: showdown() takes the holes first, then the board: showdown(holes, board, ...); the arguments given read as a board, then one hand per seat (the order omaha8 took before): swap them, or name them
    """
    try:
        return _checked_showdown(holes, board, contributions, folded, button, last_aggressor, odd_chips)
    except Omaha8Error:
        # only a failed call asks whether its first two arguments read the other way round
        if (holes is None or board_count(holes) is not None) and is_hand_list(board):
            raise old_order("showdown(holes, board, ...)", "a board, then one hand per seat") from None
        raise


def _checked_showdown(
    holes: Sequence[CardsLike | None],
    board: CardsLike | None,
    contributions: Sequence[int] | None,
    folded: Iterable[int] | None,
    button: int,
    last_aggressor: int | None,
    odd_chips: OddChipPolicy | None,
) -> ShowdownResult:
    """:func:`showdown`'s checks and settlement."""
    if odd_chips is not None and (isinstance(odd_chips, type) or not isinstance(odd_chips, OddChipPolicy)):
        raise ArgumentTypeError(
            "odd_chips must be an OddChipPolicy instance (split_halves and order methods), not "
            f"{type(odd_chips).__name__} {brief(odd_chips)}"
        )
    policy = _CARDROOM if odd_chips is None else odd_chips
    if isinstance(holes, np.ndarray) and holes.ndim >= 1:
        holes = list(holes)
    if type(holes) is not list and type(holes) is not tuple and (
            isinstance(holes, (str, bytes)) or not isinstance(holes, Sequence)):
        raise ShapeError(f"holes must be a sequence with one entry per seat, not {type(holes).__name__}")
    n_seats = len(holes)
    if n_seats == 0:
        raise ShowdownError("holes is empty: a showdown needs at least one seat")
    folded_set = _folded_seats(folded, n_seats)
    button = _seat(button, "button", n_seats)
    if last_aggressor is not None:
        last_aggressor = _seat(last_aggressor, "last_aggressor", n_seats)

    board_cards, cards, distinct = _deal(board, holes)
    live = [seat for seat in range(n_seats) if cards[seat] is not None and seat not in folded_set]
    chips = _chips(contributions, n_seats, live)
    if not live:
        raise ShowdownError("every seat folded: there is no live seat to win the pot")
    if len(live) >= 2:
        _check_shapes(board_cards, cards)
    else:
        if len(board_cards) > 5:
            raise ShapeError(f"board has {len(board_cards)} {noun(len(board_cards), 'card')}; it must have at most 5")
        for seat, hole in enumerate(cards):
            if hole is not None and len(hole) > 5:
                raise ShapeError(f"holes[{seat}] has {len(hole)} {noun(len(hole), 'card')}; a hole has at most 5")
    if not distinct:
        check_distinct([("board", board_cards)] + [(f"holes[{seat}]", hole) for seat, hole in enumerate(cards)
                                                   if hole is not None])
    total = sum(chips)
    if total == 0:
        raise ChipError("contributions are all zero: there is no pot to split")
    live_chips = [seat for seat in live if chips[seat] > 0]
    if not live_chips:
        raise ShowdownError(
            f"no live seat put chips in (live seats {live}): nobody is eligible for the pot"
        )
    if last_aggressor is not None and last_aggressor not in live_chips:
        raise ShowdownError(f"last_aggressor {last_aggressor} is not a live seat with chips in")

    settled = _settle(board_cards, cards, chips, live, live_chips, button, last_aggressor, policy, True)
    return _showdown_result(settled, chips)


#: What :func:`settle_ids` returns: ``(payouts, uncalled, pots, show_order, high, low)``.
Settlement = tuple[tuple[int, ...], tuple[int, ...], tuple[Pot, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def settle_ids(
    holes: Sequence[tuple[int, ...] | None],
    board: tuple[int, ...],
    contributions: list[int],
    button: int = 0,
    last_aggressor: int | None = None,
    odd_chips: OddChipPolicy | None = None,
) -> Settlement:
    """The fast lane of :func:`showdown` for callers that hold checked card ids (a hand engine).

    ``settle_ids(holes, board, contributions, button=0, last_aggressor=None, odd_chips=None)``
    settles like ``showdown(holes, board, contributions=contributions, button=button,
    last_aggressor=last_aggressor, odd_chips=odd_chips)`` and returns plain tuples
    ``(payouts, uncalled, pots, show_order, high, low)``: those of the
    :class:`ShowdownResult`, with ``high`` and ``low`` each seat's values
    (0 for a seat not evaluated, low 0 for no low) in place of ``hands``.

    The caller promises what :func:`showdown` would otherwise check: ``board`` a
    tuple of 5 int ids (fewer only when one seat is live), ``holes`` one tuple
    of 4 or 5 int ids per live seat and None for every seat that folded or is
    empty (folding is a None hole here), every card distinct and in 0..51,
    ``contributions`` a list of non-negative ints, one per seat, with chips
    from at least one live seat, ``button`` and ``last_aggressor`` seat numbers
    (the aggressor live, with chips in). Cards that do not make hands, repeated
    cards, negative chips or no live chips get :func:`showdown`'s own error;
    other broken promises (a float chip count, a seat number out of range)
    may give meaningless results or builtin errors.

    Board Ac 2c 7h Kd Qs; seat 0 holds Kh Ks 9s 9d, seat 1 folded, seat 2
    holds 3c 4c 5d 6d. Seat 0's 60 chips over seat 2's 40 go back; the pot of
    40 + 10 + 40 = 90 is halved: three kings win the high for seat 0, 7-4-3-2-A
    the low for seat 2. Seat 2 shows first (the first live seat left of the button):

    >>> board, holes = (48, 0, 22, 45, 43), [(46, 47, 31, 29), None, (4, 8, 13, 17)]
    >>> payouts, uncalled, pots, show_order, high, low = settle_ids(holes, board, [100, 10, 40])
    >>> payouts, uncalled, show_order
    ((105, 0, 45), (60, 0, 0), (2, 0))
    >>> [(pot.amount, pot.eligible, pot.halves) for pot in pots]
    [(90, (0, 2), (45, 45))]
    """
    live = [seat for seat in range(len(holes)) if holes[seat] is not None]
    live_chips = [seat for seat in live if contributions[seat] > 0]
    policy = _CARDROOM if odd_chips is None else odd_chips
    flat = [*board]
    for hole in holes:
        if hole is not None:
            flat += hole
    try:
        # the cheap promises are checked: chips, and cards repeated across holes (each hole is
        # checked against the board as it is evaluated)
        if (not live_chips or min(contributions) < 0 or len(set(flat)) != len(flat)
                or (len(live) >= 2 and len(board) != 5)
                or (last_aggressor is not None and last_aggressor not in live_chips)):
            raise _Unevaluated
        payouts, uncalled, pots, show_order, high, low, _ = _settle(
            board, holes, contributions, live, live_chips, button, last_aggressor, policy, False)
    except _Unevaluated:
        # a broken promise: showdown() says which
        showdown(holes, board, contributions=contributions, button=button, last_aggressor=last_aggressor,
                 odd_chips=odd_chips)
        raise AssertionError("settle_ids refused what showdown() accepts") from None
    return payouts, uncalled, pots, show_order, tuple(high), tuple(low)


# ---------------------------------------------------------------- batch
