"""Rows of array deal files (``.npz``, ``.npy``): their ids made checkable, and the slow account of a bad row.

A chunk's rows are checked at once by ``find_bad_card`` in :mod:`omaha8.core._core`;
:func:`_row_problem` is its slow twin for the one row found, and says why.

Examples
--------
>>> _row_problem([51, 47, 43, 39, 35], [[0, 1, 2, 3], [3, 4, 5, 60]])
DuplicateCardError("card '2s' appears twice: seat0 and seat1")
>>> _row_text([51, 47, 43, 39, 35], [[0, 1, 2, 60]])
'AsKsQsJsTs,2c2d2h?60'
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..cards import N_CARDS, first_repeat, format_card
from ..errors import CardError, CardTypeError, DuplicateCardError, Omaha8Error

U8Array = np.ndarray[Any, np.dtype[np.uint8]]


def _ids_for_check(values: Any, source: str, name: str) -> U8Array:
    """uint8 ids of an array file; ids outside 0..51 become 255, which the row check reports."""
    arr = np.asarray(values)
    if arr.dtype == np.uint8:
        return np.ascontiguousarray(arr)
    if arr.dtype == np.bool_ or not np.issubdtype(arr.dtype, np.integer):
        raise CardTypeError(f"{source}: {name} must hold integer card ids, not dtype {arr.dtype}")
    return np.where((arr < 0) | (arr >= N_CARDS), 255, arr).astype(np.uint8)


def _row_problem(board: list[int], holes: list[list[int]]) -> Omaha8Error:
    """Why one deal of an array file is invalid (it is known to be)."""
    groups = [("board", list(board)), *((f"seat{p}", list(hole)) for p, hole in enumerate(holes))]
    # the cards are read in order, and the first that is not a card id or repeats an earlier one is named
    bad = next(((g, j) for g, (_, ids) in enumerate(groups) for j, card in enumerate(ids)
                if not 0 <= card < N_CARDS), None)
    before = groups if bad is None else [*groups[:bad[0]], (groups[bad[0]][0], groups[bad[0]][1][:bad[1]])]
    repeat = first_repeat(before, indexed=False)
    if repeat is not None:
        card, first, second = repeat
        return DuplicateCardError(f"card {format_card(card)!r} appears twice: {first} and {second}")
    if bad is not None:
        label, ids = groups[bad[0]]
        return CardError(f"{label}[{bad[1]}] = {ids[bad[1]]} is not a card id (0-51)")
    return CardError("not a valid deal")


def _row_text(board: Any, holes: Any) -> str:
    """A deal as a CSV line, ids outside 0..51 shown as ``?<id>``."""

    def cards(ids: Any) -> str:
        return "".join(format_card(int(c)) if 0 <= int(c) < N_CARDS else f"?{int(c)}" for c in ids)

    return ",".join([cards(board), *(cards(h) for h in holes)])
