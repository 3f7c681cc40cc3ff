"""Equity when seats hold ranges: weighted sets of hands instead of one hand.

:func:`omaha8.equity` sends a spot here when any seat is a range: range
text in the generic syntax (``"AA23$ds"``, ``"15%"``, ``"*"`` for any hand),
an object with a ``combos(board=None, dead=None) -> (combos, weights)``
method (:class:`omaha8.Range`), a ``(combos, weights)`` pair, or an
``(n, k)`` array of combos (each weight 1). Other seats are single hands. A
string that reads as cards, or is written as a list of card-like tokens
(``"Ks Kd Qh Jx"``), is a hand, so a mistyped hand is an error and not a
range; range text takes the hole size of the other seats (4 when every
seat is text; use ``Range(text, cards=5)`` for 5-card text ranges).

The deals
---------
A deal gives each seat one of its combos and completes the board. Combos
that hold a board card, a dead card or a card of a seat's fixed hand are
dropped first; then a deal of combos ``c_0 .. c_{P-1}`` in which no card
appears twice has probability proportional to
``weight_0(c_0) * ... * weight_{P-1}(c_{P-1})``, and deals that share a card
have none: card removal between seats is exact and weights act jointly (a
seat's combos are not drawn independently of the others'). Every
completion of the board from the cards left is equally likely. The result
has :class:`omaha8.EquityResult`'s fields, as averages over deals; an exact
run's ``boards`` is the number of (combos, board) deals it settled.

Exact or sampled
----------------
With ``samples=None`` the run is exact when its work, ``boards * (combos +
assignments)``, is at most :data:`EXACT_WORK` (2**27: about a second on one
core). ``boards`` is the number of completions of the board from the deck
(without the fixed hands' cards), ``combos`` the total number of combos of
the range seats (each is evaluated once per board) and ``assignments`` the
product of the range seats' combo counts (the deals settled per board, at
most). Otherwise it samples :data:`DEFAULT_SAMPLES` deals; an explicit
``samples`` always samples. Monte Carlo draws each seat's combo by weight,
draws again from the first seat whenever two seats share a card (rejection:
accepted deals follow the joint distribution exactly), then the board. A
seat that may hold any hand (every combo of the deck's cards, equally
weighted: ``"*"``) is dealt cards from what the others left instead, which
is the same distribution. Seats that share a card on nearly every deal
(``omaha8.odds._range_equity_kernel.REJECTION_LIMIT`` clashes in a row) raise
:class:`RangeEquityError`, as do seats that can never be dealt together.

>>> import numpy as np
>>> from omaha8 import equity, parse_cards
>>> kings = np.array([parse_cards(h) for h in ["Ks Kd Qh Jh", "Kc Kh Qs Js"]])
>>> r = equity(["As Ad 2c 3d", kings], board="Ac Kc 4h 5s")
>>> r.exact, r.boards, r.equity.round(4).tolist()  # the second kings are dealt on 36 rivers: Kc is on the board
(True, 40, [0.9375, 0.0625])
>>> r = equity(["AA23$ds", "15%"], board="Kh 7c 2s", samples=100_000, seed=1)
>>> r.exact, r.boards, bool(abs(r.equity[0] - 0.714) < 4 * r.std_error[0])
(False, 100000, True)
>>> equity(["As Ad 2c 3d", (kings, [1.0, -1.0])])
Traceback (most recent call last):
...
omaha8.errors.RangeEquityError: holes[1]: weights must be finite and not negative, got -1.0 at row 1
"""

from __future__ import annotations

import math
import re
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import _range_equity_kernel as _range_equity
from .._support._args import brief
from .._support._threads import threads_for
from ..cards import format_card, format_cards, parse_cards
from ..errors import (
    CardError,
    CardTypeError,
    DuplicateCardError,
    EmptyRangeError,
    RangeEquityError,
    RangeSyntaxError,
    ShapeError,
)
from ..ranges.range import Range
from ..ranges.universe import all_hands, hand_index, n_hands

__all__ = [
    "DEFAULT_SAMPLES",
    "EXACT_WORK",
    "MAX_SAMPLES",
    "RangeEquityError",
    "is_range",
    "prepare_ranges",
    "reference_equity",
    "run_ranges",
]

#: Largest work (combo evaluations plus settled deals) of an automatic exact run.
EXACT_WORK = 1 << 27
#: Deals sampled when a run with ``samples=None`` is too large to be exact.
DEFAULT_SAMPLES = 1_000_000
#: Most deals one Monte Carlo run samples (2**40: days of work); counts stay inside int64.
MAX_SAMPLES = 2**40
# evaluations per kernel call, so that progress is drawn and Ctrl-C stops a run
_SLICE_WORK = 1 << 22
_BOARD_SIZES = (0, 3, 4, 5)
_HOLE_SIZES = (4, 5)

U8Array = np.ndarray[Any, np.dtype[np.uint8]]
F64Array = np.ndarray[Any, np.dtype[np.float64]]
Parse = Callable[[Any, str], U8Array]


# a token that can only be meant as one card: a rank, then a suit letter or a suit variable
_CARD_LIKE = re.compile(r"(10|[2-9tjqka])[cdhswxyz]", re.IGNORECASE)


def _is_text_range(seat: object) -> bool:
    """Range text (``"AA23$ds"``, ``"15%"``, ``"*"``): a string that neither reads as cards nor is
    written as a list of cards (``"Ks Kd Qh Jx"`` is a mistyped hand, not the pattern ``KsKdQhJx``)."""
    if not isinstance(seat, str):
        return False
    try:
        parse_cards(seat)
    except CardError:
        tokens = seat.split()
        return not (len(tokens) >= 2 and all(_CARD_LIKE.fullmatch(t) for t in tokens))
    return False


def is_range(seat: object) -> bool:
    """True for a seat given as a range: range text, an object with ``combos``, a ``(combos, weights)`` pair
    or a 2-D array of combos. A string that reads as cards is a hand."""
    if callable(getattr(seat, "combos", None)) or _is_text_range(seat):
        return True
    if isinstance(seat, np.ndarray):
        return seat.ndim == 2
    return isinstance(seat, tuple) and len(seat) == 2 and np.ndim(seat[0]) == 2


@dataclass(frozen=True, eq=False)
class Plan:
    """A checked spot for the range kernels; ``build(exact)`` makes its kernel object."""

    build: Callable[[bool], Any]
    n_players: int
    boards: int
    combos: int
    assignments: int

    @property
    def work(self) -> int:
        """Combo evaluations and settled deals of an exact run (an upper bound)."""
        return self.boards * (self.combos + self.assignments)


@dataclass(frozen=True, eq=False)
class Run:
    """Counts of a run in ``omaha8.odds._equity_kernel``'s layout (per seat, then no-low and boards, weighted)."""

    totals: list[Any]
    deals: int
    exact: bool
    samples: int | None
    seed: int | None


def _where(name: str, row: int, column: int | None = None) -> str:
    return f"{name}[{row}]" if column is None else f"{name}[{row}, {column}]"


def _is_any_hand_text(seat: object) -> bool:
    """The range text ``"*"``: any hand, dealt from the deck without listing its combos."""
    return isinstance(seat, str) and seat.strip() == "*"


def _text_range(text: str, hole_size: int, name: str) -> Range:
    """``Range(text, cards)``, its syntax errors naming the seat."""
    try:
        return Range(text, cards=hole_size)
    except RangeSyntaxError as exc:
        raise RangeSyntaxError(f"{name}: {exc.reason}", exc.text, exc.column) from None
    except EmptyRangeError as exc:
        raise EmptyRangeError(f"{name}: {exc}") from None


def _range_arrays(seat: Any, name: str, board: U8Array, dead: U8Array) -> tuple[U8Array, F64Array]:
    """A range seat's combos (n, k) uint8 and weights (n,), checked."""
    if callable(getattr(seat, "combos", None)):
        try:
            got = seat.combos(board=board, dead=dead)
        except EmptyRangeError as exc:
            raise EmptyRangeError(f"{name}: {exc}") from None
        if not (isinstance(got, tuple) and len(got) == 2):
            raise CardTypeError(f"{name}.combos() must return (combos, weights), not {type(got).__name__}")
        raw, raw_weights = got
    elif isinstance(seat, tuple):
        raw, raw_weights = seat
    else:
        raw, raw_weights = seat, None
    combos = np.asarray(raw)
    if combos.ndim != 2 or combos.shape[1] not in _HOLE_SIZES:
        raise ShapeError(f"{name} must be (combos, 4 or 5 cards), got shape {combos.shape}")
    if combos.dtype == np.bool_ or not np.issubdtype(combos.dtype, np.integer):
        raise CardTypeError(f"{name} must hold card ids (integers), not {combos.dtype}")
    low, high = (int(combos.min()), int(combos.max())) if combos.size else (0, 0)
    bad = np.argwhere((combos < 0) | (combos >= 52)) if low < 0 or high >= 52 else np.zeros((0, 2), dtype=np.int64)
    if bad.size:
        row, column = (int(i) for i in bad[0])
        raise CardError(f"{_where(name, row, column)} = {combos[row, column]} is not a card id (0-51)")
    ids = combos.astype(np.uint8)
    ordered = np.sort(ids, axis=1)
    twice = np.flatnonzero(np.any(ordered[:, 1:] == ordered[:, :-1], axis=1))
    if twice.size:
        row = int(twice[0])
        raise DuplicateCardError(f"{_where(name, row)} holds a card twice: {format_cards(ids[row])!r}")
    if raw_weights is None:
        weights = np.ones(ids.shape[0], dtype=np.float64)
    else:
        try:
            weights = np.asarray(raw_weights, dtype=np.float64)
        except (TypeError, ValueError):
            raise CardTypeError(f"{name}: weights must be numbers, not {brief(raw_weights)}") from None
        if weights.shape != (ids.shape[0],):
            raise ShapeError(f"{name}: {ids.shape[0]} combos need {ids.shape[0]} weights, got shape {weights.shape}")
        wrong = np.flatnonzero(~np.isfinite(weights) | (weights < 0))
        if wrong.size:
            row = int(wrong[0])
            raise RangeEquityError(
                f"{name}: weights must be finite and not negative, got {float(weights[row])!r} at row {row}"
            )
    return ids, weights


def _every_hand(seat: tuple[U8Array, F64Array], n_deck: int) -> bool:
    """Whether a seat's combos are every hand of ``n_deck`` cards (its combos hold only deck cards), equally weighted."""
    combos, weights = seat
    if combos.shape[0] != math.comb(n_deck, combos.shape[1]) or not np.all(weights == weights[0]):
        return False
    seen = np.zeros(n_hands(combos.shape[1]), dtype=bool)
    seen[hand_index(combos)] = True
    return bool(np.count_nonzero(seen) == combos.shape[0])  # no hand twice


def prepare_ranges(seats: Sequence[Any], board: U8Array, dead: U8Array, parse: Parse) -> Plan:
    """Check a spot whose seats may be ranges, drop combos that cannot be dealt, build its kernel.

    ``board`` and ``dead`` are parsed card ids; ``parse(cards, name)`` parses a fixed hand.
    """
    if board.shape[0] not in _BOARD_SIZES:
        raise ShapeError(f"board must have 0, 3, 4 or 5 cards, got {board.shape[0]}: {format_cards(board)!r}")
    if len(seats) < 2:
        raise ShapeError(f"equity needs at least 2 players, got {len(seats)}")
    names = [f"holes[{i}]" for i in range(len(seats))]
    ranges = [is_range(seat) for seat in seats]
    places: dict[int, str] = {}
    named = [(f"board[{j}]", int(c)) for j, c in enumerate(board)] + [(f"dead[{j}]", int(c)) for j, c in enumerate(dead)]
    fixed: dict[int, U8Array] = {}
    for i, seat in enumerate(seats):
        if not ranges[i]:
            fixed[i] = parse(seat, names[i])
            named += [(f"{names[i]}[{j}]", int(c)) for j, c in enumerate(fixed[i])]
    for place, card in named:
        if card in places:
            raise DuplicateCardError(f"card {format_card(card)!r} appears twice: {places[card]} and {place}")
        places[card] = place
    taken = np.zeros(52, dtype=bool)
    taken[list(places)] = True
    given: dict[int, tuple[U8Array, F64Array]] = {
        i: (fixed[i].reshape(1, -1), np.ones(1, dtype=np.float64)) if i in fixed
        else _range_arrays(seat, names[i], board, dead)
        for i, seat in enumerate(seats) if not _is_text_range(seat)
    }
    # range text takes the hole size of the other seats, 4 when none has one
    size = given[min(given)][0].shape[1] if given else 4
    star = {i for i, seat in enumerate(seats) if _is_any_hand_text(seat)}
    for i, seat in enumerate(seats):
        if i not in given and i not in star:
            given[i] = _range_arrays(_text_range(seat, size, names[i]), names[i], board, dead)
    if size not in _HOLE_SIZES:
        raise ShapeError(f"holes[0] has {size} cards; Omaha hands have 4 or 5")
    for i, (combos, _) in given.items():
        if combos.shape[1] != size:
            raise ShapeError(f"{names[i]} has {combos.shape[1]} cards a hand but holes[0] has {size}")
    arrays: dict[int, tuple[U8Array, F64Array]] = {}
    for i, (combos, weights) in given.items():
        if i in fixed:
            arrays[i] = (combos, weights)
            continue
        keep = (weights > 0) & ~np.any(taken[combos], axis=1)
        if not keep.any():
            raise RangeEquityError(
                f"{names[i]}: no combo of its range is left beside the board, the dead cards and the fixed hands"
            )
        kept = weights[keep]
        arrays[i] = (combos[keep], kept / kept.max())  # scaled: products of many seats stay normal
    players = len(seats)
    if players > (52 - 5) // size:
        raise ShapeError(
            f"holes has {players} hands; a deck deals {size}-card hands to at most {(52 - 5) // size} players"
        )
    free = 52 - int(taken.sum())
    missing = 5 - board.shape[0]
    in_ranges = size * (players - len(fixed))
    if free - in_ranges < missing:
        raise ShapeError(
            f"only {free - in_ranges} cards are left in the deck after the hands, but the board needs {missing} more"
        )
    deck = np.flatnonzero(~taken).astype(np.uint8)
    counts = {i: math.comb(deck.shape[0], size) if i in star else arrays[i][0].shape[0] for i in range(players)}
    any_hand = np.array([i in star or (i not in fixed and _every_hand(arrays[i], deck.shape[0]))
                         for i in range(players)], dtype=np.uint8)

    def build(exact: bool) -> Any:
        # "*" seats list every hand of the deck only for exact runs; Monte Carlo deals them
        # cards, so one placeholder combo stands in
        every = _hands_of(deck, size) if exact else deck[:size].reshape(1, size)
        parts = [(every, np.ones(every.shape[0])) if i in star else arrays[i] for i in range(players)]
        combos_all = np.ascontiguousarray(np.concatenate([c for c, _ in parts]), dtype=np.uint8)
        weights_all = np.ascontiguousarray(np.concatenate([w for _, w in parts]), dtype=np.float64)
        offsets = np.concatenate([[0], np.cumsum([c.shape[0] for c, _ in parts])]).astype(np.int64)
        return _range_equity.RangeSpot(combos_all, offsets, weights_all, np.ascontiguousarray(board), deck, any_hand)

    range_counts = [counts[i] for i in range(players) if i not in fixed]
    return Plan(
        build=build,
        n_players=players,
        boards=math.comb(deck.shape[0], missing),
        combos=sum(range_counts),
        assignments=math.prod(range_counts),
    )


def _hands_of(deck: U8Array, size: int) -> U8Array:
    """Every hand of ``size`` cards from ``deck``, ascending, in lexicographic order."""
    hands = all_hands(size)
    # the hands of cards 0..n-1 are the rows of all_hands whose highest card is below n
    positions = hands[hands[:, -1] < deck.shape[0]]
    return np.ascontiguousarray(deck[positions])


def run_ranges(
    plan: Plan,
    samples: int | None,
    seed: int | None,
    n_threads: int | None,
    update: Callable[[float], None] | None = None,
) -> Run:
    """Exact counts when ``samples`` is None and the work is small enough, else Monte Carlo counts."""
    if samples is None and plan.work <= EXACT_WORK:
        return _exact(plan, plan.build(True), n_threads, update)
    n = DEFAULT_SAMPLES if samples is None else samples
    return _sampled(plan, plan.build(False), n, secrets.randbits(64) if seed is None else seed, n_threads, update)


def _no_deal(players: int) -> RangeEquityError:
    return RangeEquityError(
        f"no deal gives each of the {players} seats a combo of its range without two sharing a card"
    )


def _exact(plan: Plan, spot: Any, n_threads: int | None, update: Callable[[float], None] | None) -> Run:
    chunks = spot.n_exact_chunks()
    per_slice = max(1, math.ceil(chunks * _SLICE_WORK / max(1, plan.work)))
    parts = []
    for first in range(0, chunks, per_slice):
        out = np.zeros((min(per_slice, chunks - first), spot.width), dtype=np.float64)
        spot.exact(first, out, threads_for(n_threads))
        parts.append(out)
        if update is not None:
            update((first + out.shape[0]) / chunks)
    totals = np.concatenate(parts).sum(axis=0)
    if totals[-2] == 0:
        raise _no_deal(plan.n_players)
    return Run([float(x) for x in totals[:-1]], int(totals[-1]), True, None, None)


def _sampled(plan: Plan, spot: Any, samples: int, seed: int, n_threads: int | None,
             update: Callable[[float], None] | None) -> Run:
    chunk = _range_equity.SAMPLE_CHUNK
    n_chunks = -(-samples // chunk)
    per_slice = max(1, _SLICE_WORK // (chunk * plan.n_players))
    totals = [0] * (spot.width - 1)
    # the first chunk alone: seats that can never be dealt together fail there, not in every chunk at once
    starts = [0, *range(1, n_chunks, per_slice)]
    for first, stop in zip(starts, [*starts[1:], n_chunks]):
        out = np.zeros((stop - first, spot.width), dtype=np.float64)
        if not spot.sample(seed, first, samples, out, threads_for(n_threads)):
            raise RangeEquityError(
                f"the seats' ranges share a card on nearly every deal: {_range_equity.REJECTION_LIMIT} "
                "deals in a row clashed"
            )
        # each chunk's counts are whole numbers below 2**53: as ints, their sums are exact
        totals = [a + int(b) for a, b in zip(totals, out[:, :-1].astype(np.int64).sum(axis=0))]
        if update is not None:
            update(min(1.0, (first + out.shape[0]) * chunk / samples))
    return Run(totals, samples, False, samples, seed)


# ---------------------------------------------------------------- reference


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
    from fractions import Fraction
    from itertools import combinations, product

    from ..core import _reference

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
