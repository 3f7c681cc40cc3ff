"""The spot of an equity run: each seat read once, as a hand or a range, and every card checked once.

:func:`read_spot` turns :func:`omaha8.equity`'s ``holes``, ``board`` and
``dead`` into a :class:`Spot`: the fixed hands, board and dead cards parsed
and checked for repeats together (:func:`omaha8.cards.check_distinct`), each
range seat's combos and weights checked and stripped of the combos that hold
a card already taken, and the deck the rest is dealt from. The kernel
adapters (:mod:`omaha8.odds._runs`) trust what it holds.

A seat is a range when it is an object with ``combos``, a 2-D array of
combos, a ``(combos, weights)`` pair, or a string that is not cards and not
a list of card-like tokens (range text: ``"AA23$ds"``, ``"15%"``, ``"*"``).
Anything else is a hand.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from typing import Any

import numpy as np

from .._support._args import brief
from ..cards import check_distinct, format_cards, parse_named
from ..core import _core
from ..errors import ArgumentTypeError, CardError, CardTypeError, DuplicateCardError, EmptyRangeError, \
    Omaha8Error, RangeEquityError, RangeSyntaxError, ShapeError
from ..ranges._checks import refuse_bools, weight_array
from ..ranges.range import Range
from ..ranges.universe import hand_index, n_hands

__all__ = ["Spot", "is_range", "max_players", "read_spot"]

U8Array = np.ndarray[Any, np.dtype[np.uint8]]
F64Array = np.ndarray[Any, np.dtype[np.float64]]
#: A seat's combos (n, k) and their weights (n,).
Combos = tuple[U8Array, F64Array]

_BOARD_SIZES = (0, 3, 4, 5)
_HOLE_SIZES = (4, 5)
# a token that can only be meant as one card: a rank, then a suit letter or a suit variable
_CARD_LIKE = re.compile(r"(10|[2-9tjqka])[cdhswxyz]", re.IGNORECASE)


def max_players(hole_size: int) -> int:
    """The most players one deck deals ``hole_size`` cards and a board to (``hole_size`` checked by the caller)."""
    return (52 - 5) // hole_size


@dataclass(frozen=True, eq=False)
class Spot:
    """The checked cards of one spot.

    ``hands`` is the (players, size) array of the hands when every seat holds
    one. Otherwise ``seats`` holds each seat's combos and weights (a fixed
    hand, flagged in ``fixed``, is one combo of weight 1; None stands for
    ``"*"``, any hand, whose combos are listed only when an exact run needs
    them), and ``any_hand`` flags the seats that may hold every hand of the
    deck, equally weighted.
    """

    board: U8Array
    deck: U8Array
    size: int
    n_players: int
    hands: U8Array | None = None
    seats: tuple[Combos | None, ...] = ()
    fixed: tuple[bool, ...] = ()
    any_hand: tuple[bool, ...] = ()

    @property
    def boards(self) -> int:
        """Completions of the board from the deck."""
        return math.comb(self.deck.shape[0], 5 - self.board.shape[0])

    @property
    def work(self) -> int:
        """Combo evaluations and settled deals of an exact run over ranges (an upper bound):
        ``boards * (combos + assignments)``, over the seats that are not fixed hands."""
        counts = [math.comb(self.deck.shape[0], self.size) if seat is None else seat[0].shape[0]
                  for seat, fixed in zip(self.seats, self.fixed) if not fixed]
        return self.boards * (sum(counts) + math.prod(counts))


def _quoted(ids: U8Array) -> str:
    """Cards for an error message: their text, quoted, the first dozen at most."""
    text = repr(format_cards(ids[:12]))
    return text if len(ids) <= 12 else f"{text}… ({len(ids):,} cards)"


def _range_form(seat: object) -> bool:
    """A range by its form alone: an object with ``combos``, a 2-D array, a ``(combos, weights)`` pair."""
    if callable(getattr(seat, "combos", None)):
        return True
    if isinstance(seat, np.ndarray):
        return seat.ndim == 2
    return isinstance(seat, tuple) and len(seat) == 2 and _two_dimensional(seat[0])


def _two_dimensional(combos: object) -> bool:
    """Whether ``combos`` reads as a 2-D array; a ragged list of lists is taken as meant to (and refused later)."""
    try:
        return bool(np.ndim(combos) == 2)  # type: ignore[arg-type]  # any object: numpy says what it reads
    except ValueError:  # numpy refuses ragged nesting
        return isinstance(combos, (list, tuple)) and all(isinstance(row, (list, tuple, np.ndarray)) for row in combos)


def _hand_or_text(seat: object, name: str) -> U8Array | None:
    """A seat's hand, parsed once; None for range text (a string that neither reads as cards nor is
    written as a list of cards: ``"Ks Kd Qh Jx"`` is a mistyped hand, not the pattern ``KsKdQhJx``)."""
    try:
        return parse_named(seat, name)  # type: ignore[arg-type]
    except CardError:
        if not isinstance(seat, str):
            raise
        tokens = seat.split()
        if len(tokens) >= 2 and all(_CARD_LIKE.fullmatch(t) for t in tokens):
            raise
        return None


def is_range(seat: object) -> bool:
    """True for a seat given as a range: range text, an object with ``combos``, a ``(combos, weights)`` pair
    or a 2-D array of combos. A string that reads as cards is a hand."""
    if _range_form(seat):
        return True
    if not isinstance(seat, str):
        return False
    try:
        return _hand_or_text(seat, "seat") is None
    except CardError:
        return False


def _seat_items(holes: object) -> tuple[list[Any], bool]:
    """The seats of ``holes`` in player order, and whether they are the rows of an array (hands only)."""
    if isinstance(holes, (str, bytes)):
        raise CardTypeError(
            f"holes must be a sequence of hands, one per player, not one {type(holes).__name__}: {brief(holes)}"
        )
    if isinstance(holes, (Mapping, Set)):
        raise CardTypeError(f"holes must be a sequence of hands in player order, not a {type(holes).__name__}")
    if isinstance(holes, np.ndarray):
        if holes.ndim != 2:
            raise ShapeError(f"holes must be a (players, cards) array, got shape {holes.shape}")
        return list(holes), True
    if not isinstance(holes, Iterable):
        raise CardTypeError(f"holes must be a sequence of hands, not {type(holes).__name__}")
    return list(holes), False


def read_spot(holes: object, board: object, dead: object) -> Spot:
    """Every seat of ``holes`` read (a hand parsed once, a range resolved against the board and the dead
    cards), every card checked once, the deck found; the errors of :func:`omaha8.equity`."""
    items, rows = _seat_items(holes)
    names = [f"holes[{i}]" for i in range(len(items))]
    hands: dict[int, U8Array] = {}
    given: dict[int, Any] = {}
    for i, seat in enumerate(items):
        hand = None if not rows and _range_form(seat) else _hand_or_text(seat, names[i])
        if hand is None:
            given[i] = seat
        else:
            hands[i] = hand
    if len(items) < 2:
        raise ShapeError(f"equity needs at least 2 players, got {len(items)}")
    size = _hand_size(hands)
    board_ids, dead_ids = parse_named(board, "board"), parse_named(dead, "dead")  # type: ignore[arg-type]
    if board_ids.shape[0] not in _BOARD_SIZES:
        raise ShapeError(f"board must have 0, 3, 4 or 5 cards, got {board_ids.shape[0]}: {_quoted(board_ids)}")
    check_distinct([*((names[i], hand.tolist()) for i, hand in hands.items()),
                    ("board", board_ids.tolist()), ("dead", dead_ids.tolist())])
    taken = np.zeros(52, dtype=bool)
    for ids in (*hands.values(), board_ids, dead_ids):
        taken[ids] = True
    resolved = {i: _combos(seat, names[i], board_ids, dead_ids) for i, seat in given.items()
                if not isinstance(seat, str)}
    if size is None:
        # range text takes the hole size of the other seats, 4 when every seat is text
        size = resolved[min(resolved)][0].shape[1] if resolved else 4
        first = min(resolved) if resolved else 0
        if size not in _HOLE_SIZES:
            raise ShapeError(f"holes[{first}] has {size} cards; Omaha hands have 4 or 5")
    first = min([*hands, *resolved], default=0)
    for i, (combos, _) in resolved.items():
        if combos.shape[1] != size:
            raise ShapeError(f"{names[i]} has {combos.shape[1]} cards a hand but holes[{first}] has {size}")
    players = len(items)
    if players > max_players(size):
        raise ShapeError(
            f"holes has {players} hands; a deck deals {size}-card hands to at most {max_players(size)} players"
        )
    star = {i for i, seat in given.items() if isinstance(seat, str) and seat.strip() == "*"}
    for i, seat in given.items():
        if isinstance(seat, str) and i not in star:
            resolved[i] = _combos(_text_range(seat, size, names[i]), names[i], board_ids, dead_ids)
    free = 52 - int(taken.sum())
    missing = 5 - board_ids.shape[0]
    in_ranges = size * len(given)
    if free - in_ranges < missing:
        after = " after the hands" if given else ""
        raise ShapeError(
            f"only {free - in_ranges} cards are left in the deck{after}, but the board needs {missing} more"
        )
    deck = np.flatnonzero(~taken).astype(np.uint8)
    if not given:
        return Spot(board_ids, deck, size, players, hands=np.array([hands[i] for i in range(players)], np.uint8))
    seats: list[Combos | None] = []
    for i in range(players):
        if i in hands:
            seats.append((hands[i].reshape(1, -1), np.ones(1, dtype=np.float64)))
        elif i in star:
            seats.append(None)
        else:
            seats.append(_playable(resolved[i], taken, names[i]))
    any_hand = tuple(i in star or (i in resolved and _every_hand(seats[i], deck.shape[0]))  # type: ignore[arg-type]
                     for i in range(players))
    return Spot(board_ids, deck, size, players, seats=tuple(seats), fixed=tuple(i in hands for i in range(players)),
                any_hand=any_hand)


def _hand_size(hands: dict[int, U8Array]) -> int | None:
    """The hole size of the fixed hands, all of one size, 4 or 5 (None without a hand)."""
    if not hands:
        return None
    first = min(hands)
    size = int(hands[first].shape[0])
    if size not in _HOLE_SIZES:
        raise ShapeError(f"holes[{first}] has {size} cards; Omaha hands have 4 or 5: {_quoted(hands[first])}")
    for i, hand in hands.items():
        if hand.shape[0] != size:
            raise ShapeError(f"holes[{i}] has {hand.shape[0]} cards but holes[{first}] has {size}: {_quoted(hand)}")
    return size


def _text_range(text: str, hole_size: int, name: str) -> Range:
    """``Range(text, cards)``, its syntax errors naming the seat."""
    try:
        return Range(text, cards=hole_size)
    except RangeSyntaxError as exc:
        raise RangeSyntaxError(f"{name}: {exc.reason}", exc.text, exc.column) from None
    except EmptyRangeError as exc:
        raise EmptyRangeError(f"{name}: {exc}") from None


def _combos(seat: Any, name: str, board: U8Array, dead: U8Array) -> Combos:
    """A range seat's combos (n, k) uint8 and weights (n,), checked."""
    if callable(getattr(seat, "combos", None)):
        try:
            got = seat.combos(board=board, dead=dead)
        except EmptyRangeError as exc:
            raise EmptyRangeError(f"{name}: {exc}") from None
        except Omaha8Error:
            raise
        except (TypeError, ValueError) as exc:  # the object's own method, called as a range's is
            raise ArgumentTypeError(f"{name}.combos(board=..., dead=...) failed: {type(exc).__name__}: "
                                    f"{brief(str(exc))}") from exc
        if not (isinstance(got, tuple) and len(got) == 2):
            raise CardTypeError(f"{name}.combos() must return (combos, weights), not {type(got).__name__} "
                                f"{brief(got)}")
        raw, raw_weights = got
    elif isinstance(seat, tuple):
        raw, raw_weights = seat
    else:
        raw, raw_weights = seat, None
    refuse_bools(raw, name)  # numpy would read True as card 1
    try:
        combos = np.asarray(raw)
    except (ValueError, TypeError):
        raise ShapeError(f"{name} must be a rectangular (combos, 4 or 5 cards) array, not {brief(raw)}") from None
    if combos.ndim != 2 or combos.shape[1] not in _HOLE_SIZES:
        raise ShapeError(f"{name} must be (combos, 4 or 5 cards), got shape {combos.shape}")
    if combos.dtype == np.bool_ or not np.issubdtype(combos.dtype, np.integer):
        raise CardTypeError(f"{name} must hold card ids (integers), not {combos.dtype}")
    bad = np.argwhere((combos < 0) | (combos >= 52)) if combos.size else np.zeros((0, 2), dtype=np.int64)
    if bad.size:
        row, column = (int(i) for i in bad[0])
        raise CardError(f"{name}[{row}, {column}] = {combos[row, column]} is not a card id (0-51)")
    ids = np.ascontiguousarray(combos, dtype=np.uint8)
    row = _core.find_bad_card(ids, np.zeros((0, 0), dtype=np.uint8), 1)
    if row >= 0:
        raise DuplicateCardError(f"{name}[{row}] holds a card twice: {format_cards(ids[row])!r}")
    if raw_weights is None:
        return ids, np.ones(ids.shape[0], dtype=np.float64)
    weights = weight_array(raw_weights, f"{name}: weights")
    if weights.shape != (ids.shape[0],):
        raise ShapeError(f"{name}: {ids.shape[0]} combos need {ids.shape[0]} weights, got shape {weights.shape}")
    wrong = np.flatnonzero(~np.isfinite(weights) | (weights < 0))
    if wrong.size:
        row = int(wrong[0])
        raise RangeEquityError(f"{name}: weights must be finite and not negative, got {float(weights[row])!r} "
                               f"at row {row}")
    return ids, weights


def _playable(seat: Combos, taken: Any, name: str) -> Combos:
    """The combos of a range that can be dealt (weight above 0, no taken card), weights scaled to at most 1."""
    combos, weights = seat
    keep = (weights > 0) & ~np.any(taken[combos], axis=1)
    if not keep.any():
        raise RangeEquityError(
            f"{name}: no combo of its range is left beside the board, the dead cards and the fixed hands"
        )
    kept = weights[keep]
    scaled = kept / kept.max()  # scaled: products of many seats stay normal
    tiny = np.flatnonzero(scaled < np.finfo(np.float64).tiny)
    if tiny.size:
        row = int(np.flatnonzero(keep)[tiny[0]])
        raise RangeEquityError(
            f"{name}: weights[{row}] = {float(weights[row])!r} is too small beside the largest, "
            f"{float(kept.max())!r}: their ratio is below float64's smallest normal number"
        )
    return combos[keep], scaled


def _every_hand(seat: Combos, n_deck: int) -> bool:
    """Whether a seat's combos are every hand of ``n_deck`` cards (its combos hold only deck cards), equally weighted."""
    combos, weights = seat
    if combos.shape[0] != math.comb(n_deck, combos.shape[1]) or not np.all(weights == weights[0]):
        return False
    seen = np.zeros(n_hands(combos.shape[1]), dtype=bool)
    seen[hand_index(combos)] = True
    return bool(np.count_nonzero(seen) == combos.shape[0])  # no hand twice
