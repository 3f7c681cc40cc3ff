"""Input checks for batch arrays, done at the boundary, vectorised.

Every public batch function turns its card arguments into C-contiguous
``uint8`` arrays with :func:`card_array`. Ids and duplicates are then checked
one of two ways: ``evaluate_batch``, ``pot_shares``, ``winners`` and
``analyze_deals`` check every card in their kernel's own pass and, when a row
fails, call :func:`check_deals` only to name the row and the card; the callers
of kernels that trust their input (the deal writers, ranges, the solver's
sweeps) call :func:`check_deals` (one nogil pass in :mod:`omaha8.core._core`)
before the kernel runs.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..core import _core
from .._support._threads import threads_for
from . import N_CARDS, format_card, parse_cards
from ..errors import CardError, CardTypeError, DuplicateCardError, ShapeError
from ._columns import index_text, parse_card_array, refuse_bools

__all__ = ["card_array", "check_deals", "index_text"]

U8Array = np.ndarray[Any, np.dtype[np.uint8]]
_UINT8 = np.dtype(np.uint8)


def _parse_strings(values: np.ndarray[Any, Any], name: str) -> U8Array:
    """Parse an array of hand strings into an array with one more axis."""
    return parse_card_array(values, name=name)


def card_array(obj: npt.ArrayLike, name: str, ndims: tuple[int, ...]) -> U8Array:
    """``obj`` as a C-contiguous uint8 array of card ids with ``ndim`` in ``ndims``.

    Accepts integer arrays of any dtype (ids checked 0..51 before the
    conversion, so 300 never wraps to 44), nested lists of ids, a card string
    (one hand), or arrays/lists of hand strings (one more axis). Ids of a
    uint8 input are checked by :func:`check_deals`.
    """
    if type(obj) is np.ndarray and obj.dtype is _UINT8 and obj.ndim in ndims and obj.flags.c_contiguous:
        return obj  # what the checks below return for it, without them
    if isinstance(obj, str):
        arr: np.ndarray[Any, Any] = parse_cards(obj, name=name)
    elif isinstance(obj, np.ndarray) and obj.dtype == np.uint8:
        arr = obj
    else:
        try:
            arr = np.asarray(obj)
        except ValueError:  # numpy's own words name none of ours
            raise ShapeError(f"{name} must be a rectangular array of cards: its rows differ in length or "
                             f"nesting") from None
        refuse_bools(obj, arr, name)
        if arr.dtype.kind in "USO" and arr.size:
            arr = _parse_strings(arr, name)
    if arr.dtype == np.bool_ or not (np.issubdtype(arr.dtype, np.integer) or arr.size == 0):
        raise CardTypeError(f"{name} must hold integer card ids or card strings, not dtype {arr.dtype}")
    if arr.ndim not in ndims:
        wanted = " or ".join(f"{n}-D" for n in ndims)
        raise ShapeError(f"{name} must be {wanted}, got shape {arr.shape}")
    if arr.dtype != np.uint8:
        if arr.size:
            bad = (arr < 0) | (arr >= N_CARDS)
            if bad.any():
                where = tuple(int(i) for i in np.argwhere(bad)[0])
                raise CardError(f"{index_text(name, where)} = {arr[where]} is not a card id (0-51)")
        arr = arr.astype(np.uint8)
    return np.ascontiguousarray(arr)


def check_deals(
    holes: U8Array,
    boards: U8Array,
    hole_name: str = "holes",
    board_name: str = "boards",
    n_threads: int | None = None,
) -> None:
    """Raise if any card id is out of range or any card repeats within a deal.

    ``holes`` is (N, ..., k): every card of row r belongs to deal r.
    ``boards`` is (N, b) or (b,), one board shared by every row.
    """
    n = holes.shape[0]
    flat = holes.reshape(n, int(np.prod(holes.shape[1:], dtype=np.int64)))
    board_rows = boards.reshape(1 if boards.ndim == 1 else boards.shape[0], boards.shape[-1])
    if board_rows.shape[1] == 0:
        board_rows = np.zeros((0, 0), dtype=np.uint8)  # holes only
    row = _core.find_bad_card(np.ascontiguousarray(flat), np.ascontiguousarray(board_rows), threads_for(n_threads, n))
    if row < 0:
        return
    m = flat.shape[1]
    row_cards = flat[row].tolist()
    if board_rows.shape[1]:
        row_cards += board_rows[0 if boards.ndim == 1 else row].tolist()

    def where(column: int) -> str:
        if column < m:
            inner = np.unravel_index(column, holes.shape[1:]) if holes.ndim > 1 else ()
            return index_text(hole_name, (row, *(int(i) for i in inner)))
        if boards.ndim == 1:
            return index_text(board_name, (column - m,))
        return index_text(board_name, (row, column - m))

    # the kernel found the row; its first bad card, in the order the kernel reads them (a shared board's
    # cards first, as they were checked before any row)
    order = list(range(m, len(row_cards))) + list(range(m)) if boards.ndim == 1 else list(range(len(row_cards)))
    first: dict[int, int] = {}
    for column in order:
        card = row_cards[column]
        if card >= N_CARDS:
            raise CardError(f"{where(column)} = {card} is not a card id (0-51)")
        if card in first:
            one, other = sorted((first[card], column))  # named in the row's order: holes, then board
            raise DuplicateCardError(
                f"card {format_card(card)!r} appears twice in deal {row}: {where(one)} and {where(other)}")
        first[card] = column
    raise AssertionError(f"find_bad_card named row {row}, whose cards are valid and distinct")
