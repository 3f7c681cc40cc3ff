"""``Range``: a weighted set of 4- or 5-card Omaha starting hands.

A range is written in the generic range language (:mod:`omaha8.ranges.syntax`)
or given as an array of hands. Its combos come in one stable order, that of
:func:`~omaha8.ranges.universe.all_hands` (ascending card ids within a hand,
hands in lexicographic order), with float64 weights: 1.0 each in an
unweighted range, the ``@N`` weights in a weighted one.

>>> from omaha8.ranges import Range
>>> aces = Range("AA!AAA")
>>> len(aces), aces
(6768, Range('AA!AAA', cards=4): 6,768 hands)
>>> combos, weights = aces.combos(board="Ah Kd 7c")
>>> combos.shape, float(weights.sum())
((3105, 4), 3105.0)
>>> "As Ad 7h 2c" in aces, "As Ad Ah 2c" in aces
(True, False)
>>> Range("AA!AA")
Traceback (most recent call last):
...
omaha8.errors.EmptyRangeError: the range 'AA!AA' holds no 4-card hand
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from .._support._args import brief
from ..cards._validate import card_array, check_deals
from ..cards import CardsLike, first_repeat, format_card, format_cards, parse_cards
from ..errors import ArgumentError, ArgumentTypeError, DuplicateCardError, EmptyRangeError, ShapeError
from ._cache import CACHE
from ._checks import refuse_bools, weight_array
from .combine import evaluate
from .match import hand_bits
from .syntax import parse
from .tree import canonical
from .universe import HOLE_SIZES, all_hands, hand_index

__all__ = ["Range"]

U8Array = np.ndarray[Any, np.dtype[np.uint8]]
I64Array = np.ndarray[Any, np.dtype[np.int64]]
F64Array = np.ndarray[Any, np.dtype[np.float64]]


def _check_cards(cards: object) -> int:
    if isinstance(cards, (bool, np.bool_)) or not isinstance(cards, (int, np.integer)):
        raise ArgumentTypeError(f"cards must be 4 or 5 (hole cards per hand), not {brief(cards)}")
    if int(cards) not in HOLE_SIZES:
        raise ArgumentError(f"cards must be 4 or 5 (hole cards per hand), not {int(cards)}")
    return int(cards)


def _read_only(array: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    array.setflags(write=False)
    return array


def _rows_of_text(text: str, hole_size: int) -> tuple[I64Array, F64Array, bool]:
    """Rows of ``all_hands(cards)`` in the range, their weights, and whether it is weighted.

    Kept in the range cache under the range's canonical form, not its text:
    ``"AA,KK"``, ``"KK, AA"`` and ``"AA ,KK,AA"`` are one entry.
    """
    tree = parse(text)

    def build() -> tuple[I64Array, F64Array, np.ndarray[Any, np.dtype[np.bool_]]]:
        mask, weights = evaluate(tree, hole_size, text)
        rows = np.flatnonzero(mask).astype(np.int64)
        values = np.ones(rows.size) if weights is None else weights[rows].astype(np.float64)
        return rows, values, np.array(weights is not None)

    rows, values, weighted = CACHE.get(("rows", hole_size, canonical(tree)), build)
    if rows.size == 0:
        raise EmptyRangeError(f"the range {brief(text)} holds no {hole_size}-card hand")
    return rows, values, bool(weighted)


def _removed_cards(board: CardsLike | None, dead: CardsLike | None) -> tuple[int, str]:
    """The board and dead cards as a 52-bit set, and a short description; repeats are refused."""
    groups: list[tuple[str, list[int]]] = []
    for name, cards in (("board", board), ("dead", dead)):
        if cards is None:
            continue
        ids = parse_cards(cards, name=name)
        if name == "board" and ids.size > 5:
            raise ShapeError(f"board must have at most 5 cards, got {ids.size}")
        groups.append((name, ids.tolist()))
        # the board's own repeats are found before the dead cards are read, as a reader reads them
        repeat = first_repeat(groups, indexed=False)
        if repeat is not None:
            card, first, second = repeat
            raise DuplicateCardError(f"card {format_card(card)!r} is in {first} and in {second}")
    bits = 0
    for _, ids_of in groups:
        for card in ids_of:
            bits |= 1 << card
    described = " and ".join(f"{name} {format_cards(ids_of)}" for name, ids_of in groups if ids_of)
    return bits, described


class Range:
    """A weighted set of starting hands of ``cards`` (4 or 5) hole cards.

    Parameters
    ----------
    text
        A range in the generic syntax: ``"AA"``, ``"AA23$ds"``, ``"KK-TT:xxyy"``,
        ``"15%"``, ``"AA@100, KK@50"``. Raises
        :class:`~omaha8.errors.RangeSyntaxError` (with a caret) on bad text and
        :class:`~omaha8.errors.EmptyRangeError` when it holds no hand.
    cards
        Hole cards per hand: 4 (Omaha) or 5 (5-card Omaha).

    Examples
    --------
    >>> r = Range("AA@100, KK@50")
    >>> len(r), r.weighted
    (13886, True)
    >>> Range("AA:(KK")
    Traceback (most recent call last):
    ...
    omaha8.errors.RangeSyntaxError: expected ')' to close the '(' at column 4 (column 7)
      AA:(KK
            ^
    """

    __slots__ = ("_text", "_cards", "_rows", "_weights", "_weighted")
    _text: str | None
    _cards: int
    _rows: I64Array
    _weights: F64Array
    _weighted: bool

    def __init__(self, text: str, cards: int = 4) -> None:
        self._cards = _check_cards(cards)
        if not isinstance(text, str):
            raise ArgumentTypeError(f"text must be a range string, not {type(text).__name__}")
        self._text = text
        self._rows, self._weights, self._weighted = _rows_of_text(text, self._cards)

    @classmethod
    def from_hands(cls, hands: npt.ArrayLike, weights: npt.ArrayLike | None = None, *,
                   cards: int | None = None) -> Range:
        """A range of explicit hands: ``(n, cards)`` card ids or card strings, with optional weights.

        Cards within a hand may come in any order; a hand given twice, a card
        repeated within a hand, or a weight that is not a positive finite number
        is refused.

        >>> r = Range.from_hands(["As Ad 2c 3h", "Kh Kd 7c 8c"], weights=[2, 1])
        >>> r
        Range.from_hands(2 hands, cards=4, weighted)
        >>> r.combos()[1].tolist()
        [2.0, 1.0]
        """
        refuse_bools(hands, "hands")  # numpy would read True as card 1
        arr = card_array(hands, "hands", (1, 2) if isinstance(hands, str) else (2,))
        if arr.ndim == 1:
            arr = arr[None, :]
        size = arr.shape[1] if cards is None else _check_cards(cards)
        if arr.shape[1] != size or size not in HOLE_SIZES:
            raise ShapeError(f"hands must be (n, 4) or (n, 5) card ids, one row per hand, got shape {arr.shape}"
                             + ("" if cards is None else f" for cards={size}"))
        if arr.shape[0] == 0:
            raise EmptyRangeError("hands holds no hand")
        check_deals(arr, np.zeros(0, dtype=np.uint8), hole_name="hands")
        rows = hand_index(arr)
        order = np.argsort(rows, kind="stable")
        sorted_rows = rows[order]
        repeated = np.flatnonzero(sorted_rows[1:] == sorted_rows[:-1])
        if repeated.size:
            first, second = sorted(int(i) for i in order[repeated[0] : repeated[0] + 2])
            raise ArgumentError(f"hands[{first}] and hands[{second}] are the same hand "
                                f"({format_cards(arr[first])})")
        if weights is None:
            values = np.ones(arr.shape[0])
            weighted = False
        else:
            values = weight_array(weights, "weights")
            if values.shape != (arr.shape[0],):
                raise ShapeError(f"weights must have one entry per hand ({arr.shape[0]}), got shape {values.shape}")
            bad = np.flatnonzero(~np.isfinite(values) | (values <= 0))
            if bad.size:
                raise ArgumentError(f"weights[{bad[0]}] = {values[bad[0]]!r} is not a positive finite weight")
            weighted = True
        self = cls.__new__(cls)
        self._text = None
        self._cards = size
        self._rows = _read_only(sorted_rows.astype(np.int64))
        self._weights = _read_only(values[order].copy())
        self._weighted = weighted
        return self

    @property
    def text(self) -> str | None:
        """The range text, or None for a range built from hands."""
        return self._text

    @property
    def cards(self) -> int:
        """Hole cards per hand: 4 or 5."""
        return self._cards

    @property
    def weighted(self) -> bool:
        """Whether the range carries weights (``@N`` or ``from_hands(..., weights=)``)."""
        return self._weighted

    def combos(self, board: CardsLike | None = None, dead: CardsLike | None = None) -> tuple[U8Array, F64Array]:
        """The hands of the range that hold no board or dead card, and their weights.

        Returns a ``(n, cards)`` uint8 array of card ids, ascending within each
        hand, hands in the order of :func:`~omaha8.ranges.universe.all_hands`,
        and a float64 array of ``n`` weights. ``board`` (at most 5 cards) and
        ``dead`` take any form :func:`~omaha8.parse_cards` reads; a card in
        both is refused, and a range emptied by them raises
        :class:`~omaha8.errors.EmptyRangeError`.
        """
        rows, weights = self._rows, self._weights
        removed, described = _removed_cards(board, dead)
        if removed:
            keep = (hand_bits(self._cards)[rows] & np.uint64(removed)) == 0
            rows, weights = rows[keep], weights[keep]
            if rows.size == 0:
                raise EmptyRangeError(f"{self._name()} holds no hand without the cards of {described}")
        return all_hands(self._cards)[rows], weights.copy()

    def _name(self) -> str:
        if self._text is None:
            return f"the range of {len(self):,} {self._cards}-card hands"
        return f"the range {brief(self._text)}"

    def __len__(self) -> int:
        return int(self._rows.size)

    def __contains__(self, hand: object) -> bool:
        cards = parse_cards(hand, name="hand")  # type: ignore[arg-type]  # parse_cards checks the type
        if cards.size != self._cards:
            raise ShapeError(f"a hand of this range has {self._cards} cards, got {cards.size}")
        check_deals(cards[None, :], np.zeros(0, dtype=np.uint8), hole_name="hand")
        row = int(hand_index(cards[None, :])[0])
        at = int(np.searchsorted(self._rows, row))
        return at < self._rows.size and int(self._rows[at]) == row

    def __repr__(self) -> str:
        if self._text is None:
            weighted = ", weighted" if self._weighted else ""
            return f"Range.from_hands({len(self):,} hands, cards={self._cards}{weighted})"
        return f"Range({brief(self._text)}, cards={self._cards}): {len(self):,} hands"
