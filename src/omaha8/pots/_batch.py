"""The hi/lo split of one pot over arrays of many deals, in parallel nogil kernels.

:func:`pot_shares` gives each seat's share of the pot per deal; :func:`winners`
the seat masks of the high and low winners. :func:`omaha8.showdown` settles
one hand at the table to the chip.

>>> pot_shares([["Kh Ks 9c 9d", "3c 4c Jh Jd"]], "Ah 2h 7c Kd 8s").tolist()
[[0.5, 0.5]]
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from . import _batch_kernel as _showdown
from ..core import _core
from .._support._args import brief, check_bool
from .._support._text import noun
from .._support._threads import threads_for
from ..cards._validate import card_array, check_deals
from ..errors import ShapeError, ShowdownError

__all__ = ["MAX_SEATS", "pot_shares", "winners"]

#: Most seats :func:`pot_shares` and :func:`winners` take (seat masks are 16 bits).
MAX_SEATS = _core.MAX_SHOWDOWN_SEATS

SharesArray = np.ndarray[Any, np.dtype[np.float64]]
MaskArray = np.ndarray[Any, np.dtype[np.uint16]]


def _batch_inputs(
    holes: npt.ArrayLike,
    boards: npt.ArrayLike,
    active: npt.ArrayLike | None,
    n_threads: int | None,
    validate: bool,
) -> tuple[Any, Any, Any, int, bool]:
    """Checked uint8 holes (N, P, k), boards (N, 5) or (5,), active (N, P) or None,
    the thread count and the validate flag."""
    validate = check_bool(validate, "validate")
    threads = threads_for(n_threads)
    h = card_array(holes, "holes", (3,))
    b = card_array(boards, "boards", (1, 2))
    n, n_seats, n_hole = h.shape
    if n_hole not in (4, 5):
        raise ShapeError(f"holes must have 4 or 5 cards per seat, got shape {h.shape}")
    if not 1 <= n_seats <= MAX_SEATS:
        raise ShapeError(f"holes must have 1 to {MAX_SEATS} seats per deal, got shape {h.shape}")
    if b.shape[-1] != 5:
        raise ShapeError(f"boards must have 5 cards per row, got shape {b.shape}")
    if b.ndim == 2 and b.shape[0] != n:
        raise ShapeError(f"boards has {b.shape[0]} {noun(b.shape[0], 'row')} but holes has {n}")
    threads = threads_for(threads, n * n_seats)
    mask = None
    if active is not None:
        try:
            a = np.asarray(active)
        except (ValueError, TypeError) as exc:
            raise ShapeError(f"active must be an (N, P) array of booleans: {brief(str(exc))}") from None
        if a.shape != (n, n_seats):
            raise ShapeError(f"active must have shape {(n, n_seats)} like holes' first two axes, got {a.shape}")
        if a.dtype != np.bool_:
            if not np.issubdtype(a.dtype, np.integer) or (a.size and bool(((a < 0) | (a > 1)).any())):
                raise ShowdownError(f"active must hold booleans (or 0/1), not dtype {a.dtype}")
        mask = np.ascontiguousarray(a, dtype=np.bool_)
        if n:
            empty = ~mask.any(axis=1)
            if empty.any():
                row = int(np.argmax(empty))
                raise ShowdownError(f"active[{row}] has no active seat: every deal needs at least one")
        mask = mask.view(np.uint8)
    return h, b, mask, threads, validate


def _settle(h: Any, b: Any, mask: Any, high: Any, low: Any, shares: Any, threads: int, validate: bool) -> None:
    """Run the settle kernel; with ``validate`` every card (inactive seats' too) is
    checked in the same pass, and a bad row is reported by check_deals."""
    if _showdown.settle(h, b.reshape(-1, 5), mask, high, low, shares, threads, validate) >= 0:
        check_deals(h, b, n_threads=threads)  # names the bad row and card
        raise AssertionError("a row failed the kernel's check but passed check_deals")


def pot_shares(
    holes: npt.ArrayLike,
    boards: npt.ArrayLike,
    *,
    active: npt.ArrayLike | None = None,
    n_threads: int | None = None,
    validate: bool = True,
) -> SharesArray:
    """Each seat's fraction of one pot, deal by deal, under the hi/lo rules.

    The pot is halved between the best high and the best low among the
    active seats (the high takes it all when no active seat has a low); ties
    share their half equally. This is the continuous split: no odd chips,
    and the same seats winning both ways get the same fractions as half by
    half. Inactive seats get 0; every row sums to 1.

    Parameters
    ----------
    holes
        (N, P, 4) or (N, P, 5) card ids (or hand strings, (N, P)), P <= 16.
    boards
        (N, 5) card ids, or one board (5,) shared by every deal.
    active
        Optional (N, P) bool mask of the seats still in the hand; every row
        needs at least one. Inactive seats' cards are still checked: they
        are real cards and may not repeat.
    n_threads
        OpenMP threads; None uses every core. Results never depend on it.
    validate
        Check card ids and duplicates first (default). ``False`` skips that
        for trusted input (shapes and the active mask are still checked):
        the kernels never read outside their tables, but invalid deals give
        meaningless shares.

    Returns
    -------
    numpy.ndarray
        float64 (N, P).

    Examples
    --------
    >>> pot_shares([["Kh Ks 9c 9d", "3c 4c Jh Jd", "3d 4d Qc Qh"]], "Ah 2h 7c Kd 8s")
    array([[0.5 , 0.25, 0.25]])
    >>> pot_shares([["Kh Ks 9c 9d", "3c 4c Jh Jd"]], "Ah 2h 7c Kd 8s", active=[[False, False]])
    Traceback (most recent call last):
    ...
    omaha8.errors.ShowdownError: active[0] has no active seat: every deal needs at least one
    """
    h, b, mask, threads, validate = _batch_inputs(holes, boards, active, n_threads, validate)
    out = np.empty(h.shape[:2], dtype=np.float64)
    _settle(h, b, mask, None, None, out, threads, validate)
    return out


def winners(
    holes: npt.ArrayLike,
    boards: npt.ArrayLike,
    *,
    active: npt.ArrayLike | None = None,
    n_threads: int | None = None,
    validate: bool = True,
) -> tuple[MaskArray, MaskArray]:
    """The high and low winners of one pot, deal by deal, as seat bitmasks.

    Arguments as :func:`pot_shares`.

    Returns
    -------
    high : numpy.ndarray
        uint16 (N,): bit p set when active seat p has (or ties) the best high.
    low : numpy.ndarray
        uint16 (N,): bit p set when active seat p has (or ties) the best low;
        0 when no active seat has a low.

    Examples
    --------
    >>> high, low = winners([["Kh Ks 9c 9d", "3c 4c Jh Jd", "3d 4d Qc Qh"]], "Ah 2h 7c Kd 8s")
    >>> high.tolist(), low.tolist()  # seat 0 high; seats 1 and 2 tie for low
    ([1], [6])
    """
    h, b, mask, threads, validate = _batch_inputs(holes, boards, active, n_threads, validate)
    high = np.empty(h.shape[0], dtype=np.uint16)
    low = np.empty(h.shape[0], dtype=np.uint16)
    _settle(h, b, mask, high, low, None, threads, validate)
    return high, low
