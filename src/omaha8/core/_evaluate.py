"""Evaluate Omaha Hi/Lo hands: one at a time, or over arrays of millions.

A player uses exactly two hole cards and exactly three board cards, for the
high hand and for the 8-or-better low hand separately.

>>> hand = evaluate("As 3s Qc Jd", "Ah Kh 7c 4d 2s")
>>> hand.high_description, hand.low_description
('One pair, aces', '7-4-3-2-A low')
>>> format_cards(hand.low_cards)
'As 3s 7c 4d 2s'
>>> evaluate("As 3s Qc Jd", "Ah Kh 7c 4d As")
Traceback (most recent call last):
...
omaha8.errors.DuplicateCardError: card 'As' appears twice: hole[0] and board[4]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from . import _core
from .._support._args import check_bool
from .._support._threads import threads_for
from ..cards._validate import card_array, check_deals
from ..cards import CardsLike, check_distinct, format_cards, parse_cards, text_ids
from ..errors import CardError, ShapeError
from ._values import HighCategory, describe_high, describe_low, high_category

__all__ = [
    "HandEvaluation",
    "evaluate",
    "evaluate_batch",
    "evaluate_high_batch",
    "evaluate_low_batch",
]

HighArray = np.ndarray[Any, np.dtype[np.uint16]]
LowArray = np.ndarray[Any, np.dtype[np.uint8]]


@dataclass(frozen=True, slots=True)
class HandEvaluation:
    """One player's best high and low hands.

    Attributes
    ----------
    high
        High value, 1..7462, greater is stronger.
    low
        Low value, 1..56, greater is stronger; None without a qualifying low.
    high_cards, low_cards
        Card ids of the five cards used: two hole cards, then three board
        cards. ``low_cards`` is None without a low.
    """

    high: int
    low: int | None
    high_cards: tuple[int, ...]
    low_cards: tuple[int, ...] | None

    @property
    def high_category(self) -> HighCategory:
        """The category of the high hand."""
        return high_category(self.high)

    @property
    def high_description(self) -> str:
        """The high hand in words, e.g. ``"Flush, ace high"``."""
        return describe_high(self.high)

    @property
    def low_description(self) -> str:
        """The low hand in words, e.g. ``"8-6-4-2-A low"``, or ``"No low"``."""
        return describe_low(self.low)

    def __str__(self) -> str:
        low = "no low" if self.low_cards is None else f"{self.low_description} ({format_cards(self.low_cards)})"
        return f"{self.high_description} ({format_cards(self.high_cards)}); {low}"

    def to_dict(self) -> dict[str, Any]:
        """The evaluation as plain JSON-ready values: the values, their words, and the five cards of each.

        >>> evaluate("As 2d Kc Kh", "3c 4h 5s Jd Qc").to_dict()  # doctest: +NORMALIZE_WHITESPACE
        {'high': 5854, 'high_description': 'Straight, five high', 'high_cards': 'As 2d 3c 4h 5s',
         'low': 56, 'low_description': '5-4-3-2-A low', 'low_cards': 'As 2d 3c 4h 5s'}
        """
        return {
            "high": self.high,
            "high_description": self.high_description,
            "high_cards": format_cards(self.high_cards),
            "low": self.low,
            "low_description": self.low_description,
            "low_cards": None if self.low_cards is None else format_cards(self.low_cards),
        }


def evaluate(hole: CardsLike, board: CardsLike) -> HandEvaluation:
    """Best high and best 8-or-better low of one player: ``evaluate(hole, board)``, the hole first.

    Every omaha8 function takes the hole cards first and the board second.
    A 5-card hole and a board both have five cards, so nothing can tell
    them apart when they are given the wrong way round: name them
    (``evaluate(hole=..., board=...)``) where the order might be in doubt.

    Parameters
    ----------
    hole
        4 or 5 hole cards (any form :func:`omaha8.parse_cards` accepts,
        bracketed text such as ``"[As 3s Qc Jd]"`` included).
    board
        The 5 board cards.

    Returns
    -------
    HandEvaluation

    Examples
    --------
    >>> evaluate("Ks Kd 5c 9h", "Kh 5s 5d 2c 3h").high_description
    'Full house, kings full of fives'
    >>> print(evaluate([51, 47, 43, 39], [35, 0, 1, 2, 6]).low)
    None
    >>> evaluate(board="Kh 5s 5d 2c 3h", hole="Ks Kd 5c 9h").high_description
    'Full house, kings full of fives'
    """
    # tuples or lists of valid int ids take the fast path, then two card strings
    # (parsed once and remembered); anything else, or cards that do not make
    # a hand, is parsed and checked, with errors that say what is wrong
    try:
        found = _core.evaluate_hand(hole, board)
    except OverflowError:  # an id too large for a C long: the checking path names it
        found = None
    if found is None and type(hole) is str and type(board) is str:
        try:
            found = _core.evaluate_hand(text_ids(hole), text_ids(board))
        except CardError:
            found = None
    if found is None:
        found = _core.evaluate_hand(*_checked_hand(hole, board))
        assert found is not None  # checked cards always evaluate
    return HandEvaluation(*found)


def _checked_hand(hole: CardsLike, board: CardsLike) -> tuple[bytes, bytes]:
    h = parse_cards(hole, name="hole").tobytes()
    b = parse_cards(board, name="board").tobytes()
    if len(h) not in (4, 5):
        raise ShapeError(f"hole must have 4 or 5 cards, got {len(h)}: {format_cards(list(h[:12]))!r}")
    if len(b) != 5:
        raise ShapeError(f"board must have 5 cards, got {len(b)}: {format_cards(list(b[:12]))!r}"
                         + (_SWAPPED if len(h) == 5 and len(b) == 4 else ""))
    check_distinct([("hole", h), ("board", b)])
    return h, b


def _deal_arrays(holes: npt.ArrayLike, boards: npt.ArrayLike) -> tuple[Any, Any]:
    """Holes (N, 4|5) and boards (N, 5) or (1, 5) as uint8 arrays of the right shapes."""
    h = card_array(holes, "holes", (2,))
    b = card_array(boards, "boards", (1, 2))
    if h.shape[1] not in (4, 5):
        raise ShapeError(f"holes must have 4 or 5 cards per row, got shape {h.shape}")
    if b.shape[-1] != 5:
        raise ShapeError(f"boards must have 5 cards per row, got shape {b.shape}"
                         + (_SWAPPED if h.shape[1] == 5 and b.shape[-1] == 4 else ""))
    if b.ndim == 2 and b.shape[0] != h.shape[0]:
        raise ShapeError(f"boards has {b.shape[0]} rows but holes has {h.shape[0]}")
    return h, b


# said where a 5-card hole and a 4-card board may be a board and a 4-card hole, given the wrong way round
_SWAPPED = " (the hole comes first, then the board: if these are a board and a 4-card hole, swap them)"


_UINT8 = np.dtype(np.uint8)
_ONE_ROW_HOLES = ((1, 4), (1, 5))
_ONE_ROW_BOARDS = ((1, 5), (5,))
_ONE_HIGH = np.zeros(1, dtype=np.uint16)
_ONE_LOW = np.zeros(1, dtype=np.uint8)


def _private(arr: Any, given: object) -> Any:
    """``arr``, copied unless it is memory this call made (a conversion of ``given``)."""
    return arr.copy() if arr is given or not arr.flags.owndata else arr


def _run_batch(
    holes: npt.ArrayLike,
    boards: npt.ArrayLike,
    high: bool,
    low: bool,
    n_threads: int | None,
    validate: bool,
) -> tuple[HighArray | None, LowArray | None]:
    """Convert, evaluate and (in the same pass) check; raise for the first bad row."""
    validate = check_bool(validate, "validate")
    threads = threads_for(n_threads)
    if (type(holes) is np.ndarray and type(boards) is np.ndarray and holes.shape in _ONE_ROW_HOLES
            and boards.shape in _ONE_ROW_BOARDS and holes.dtype is _UINT8 and boards.dtype is _UINT8):
        h, b = holes, boards  # one row of uint8 ids: what _deal_arrays returns for it, without its checks
    else:
        h, b = _deal_arrays(holes, boards)
    if h.shape[0] == 1:
        # one row: the one-hand evaluator, without arrays or threads (its bytes are a private copy)
        found = _core.evaluate_hand(h.tobytes(), b.tobytes())
        if found is not None:
            high_out = low_out = None
            if high:
                high_out = _ONE_HIGH.copy()  # a copy of a 1-row array: half the cost of np.array([...])
                high_out[0] = found[0]
            if low:
                low_out = _ONE_LOW.copy()
                low_out[0] = found[1] or 0
            return high_out, low_out
    threads = threads_for(threads, h.shape[0])
    if validate:
        # the kernels read a private copy: another thread changing the caller's array
        # mid-call cannot make the check and the values disagree (the copy costs about
        # 2% of a one-thread call: benchmarks/bench_threads.py)
        h, b = _private(h, holes), _private(b, boards)
    high_out = np.empty(h.shape[0], dtype=np.uint16) if high else None
    low_out = np.empty(h.shape[0], dtype=np.uint8) if low else None
    if _core.evaluate_batch(h, b.reshape(-1, 5), high_out, low_out, threads, validate) >= 0:
        check_deals(h, b, n_threads=threads)  # names the bad row and card
        raise AssertionError("a row failed the kernel's check but passed check_deals")
    return high_out, low_out


def evaluate_batch(
    holes: npt.ArrayLike,
    boards: npt.ArrayLike,
    *,
    n_threads: int | None = None,
    validate: bool = True,
) -> tuple[HighArray, LowArray]:
    """Best high and low of every row of a batch of deals.

    Parameters
    ----------
    holes
        (N, 4) or (N, 5) card ids, any integer dtype (or hand strings).
    boards
        (N, 5) card ids, or one board (5,) shared by every row.
    n_threads
        OpenMP threads; None uses every core. Results never depend on it.
    validate
        Check ids (0..51) and duplicates first (default). ``False`` skips the
        check for trusted input: the kernels still never read outside their
        tables, but invalid rows give meaningless values.

    Returns
    -------
    high : numpy.ndarray
        uint16 (N,), 1..7462.
    low : numpy.ndarray
        uint8 (N,), 1..56, 0 where there is no qualifying low.

    Raises
    ------
    CardTypeError
        Holes or boards that are not integer card ids or card strings (floats,
        bools, objects).
    CardError
        A card id outside 0..51 or a card text that is not a card, named
        with its argument and position (``holes[17, 2] = 60``).
    DuplicateCardError
        A card twice in one deal (with ``validate=True``), naming both places.
    ShapeError
        Holes that are not (N, 4) or (N, 5), boards that are not (N, 5) or
        (5,), or boards and holes with different numbers of rows.
    ArgumentTypeError
        ``validate`` that is not True or False, ``n_threads`` that is not
        None or an int.
    ArgumentError
        ``n_threads`` below 1.

    Examples
    --------
    >>> high, low = evaluate_batch([[51, 47, 0, 4], [50, 46, 42, 38]], [49, 45, 41, 8, 12])
    >>> high.tolist(), low.tolist()
    ([5854, 4995], [56, 0])
    >>> evaluate_batch([[51, 47, 0, 4]], [[51, 45, 41, 8, 12]])
    Traceback (most recent call last):
    ...
    omaha8.errors.DuplicateCardError: card 'As' appears twice in deal 0: holes[0, 0] and boards[0, 0]
    """
    high, low = _run_batch(holes, boards, True, True, n_threads, validate)
    assert high is not None and low is not None
    return high, low


def evaluate_high_batch(
    holes: npt.ArrayLike, boards: npt.ArrayLike, *, n_threads: int | None = None, validate: bool = True
) -> HighArray:
    """Only the high values of :func:`evaluate_batch` (uint16, (N,))."""
    high, _ = _run_batch(holes, boards, True, False, n_threads, validate)
    assert high is not None
    return high


def evaluate_low_batch(
    holes: npt.ArrayLike, boards: npt.ArrayLike, *, n_threads: int | None = None, validate: bool = True
) -> LowArray:
    """Only the low values of :func:`evaluate_batch` (uint8, (N,), 0 = no low)."""
    _, low = _run_batch(holes, boards, False, True, n_threads, validate)
    assert low is not None
    return low
