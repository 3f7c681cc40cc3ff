"""Dask arrays of deals, evaluated block by block by omaha8's nogil kernels.

Every function takes dask arrays (or numpy arrays and lists, which it cuts
into blocks of ``chunk_rows`` rows) and returns lazy dask arrays. Each block
is checked (ids 0..51, no card twice in a deal) and evaluated by the same
kernels as :func:`omaha8.evaluate_batch` and :func:`omaha8.pots._showdown.pot_shares`,
with ``n_threads`` threads per block: 1 by default, so that a worker running
one task per core does not oversubscribe them. The values are the same as
the single-machine functions give, row for row.

Errors name the block: a duplicate card in row 70,000 of a dask array cut
into blocks of 65,536 rows is ``deal 4464`` of the block of rows
65536..131071.

>>> import numpy as np
>>> boards, holes = random_deals(100_000, players=3, seed=1, chunk_rows=40_000)
>>> holes
dask.array<concatenate, shape=(100000, 3, 4), dtype=uint8, chunksize=(40000, 3, 4), chunktype=numpy.ndarray>
>>> shares = pot_shares(holes, boards)
>>> bool(np.allclose(shares.sum(axis=1).compute(), 1.0))
True
>>> high, low = evaluate(holes[:, 0], boards)
>>> high.dtype, low.dtype
(dtype('uint16'), dtype('uint8'))
>>> bad = np.array([[50, 47, 0, 4]] * 3 + [[51, 47, 0, 4]])  # row 3 holds As twice
>>> high, low = evaluate(bad, [51, 45, 41, 8, 12], chunk_rows=2)
>>> high.compute()
Traceback (most recent call last):
...
omaha8.errors.DuplicateCardError: card 'As' appears twice in deal 1: ... (block of rows 2..3: deal d is row 2 + d)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from .._support._args import check_array_bytes, check_bool, check_chunk_rows, check_int, check_n_threads
from ..cards._validate import card_array
from ..deals import random_deals as _random_deals
from ..errors import CardTypeError, Omaha8Error, ShapeError, ShowdownError
from ..core._evaluate import evaluate_batch
from ..pots._showdown import MAX_SEATS
from ..pots._showdown import pot_shares as _pot_shares
from ..pots._showdown import winners as _winners
from ._client import check_tasks, require

if TYPE_CHECKING:
    import dask.array as da

__all__ = ["DEFAULT_CHUNK_ROWS", "evaluate", "pot_shares", "winners", "random_deals"]

#: Rows per block when a numpy array is cut into a dask array.
DEFAULT_CHUNK_ROWS = 1 << 16


def _block_error(exc: Omaha8Error, block_info: dict[Any, Any] | None) -> Omaha8Error:
    """The kernel's error, with the block's rows, as the same error type."""
    if block_info is None or None not in block_info:
        return exc
    start, stop = block_info[None]["array-location"][0]
    return type(exc)(f"{exc} (block of rows {start}..{stop - 1}: deal d is row {start} + d)")


def _dask_cards(obj: Any, name: str, ndim: int, chunk_rows: int) -> da.Array:
    """``obj`` as a dask array of integer card ids with ``ndim`` dimensions, one block across."""
    dask_array = require("dask.array")
    if isinstance(obj, dask_array.Array):
        if obj.dtype == np.bool_ or not np.issubdtype(obj.dtype, np.integer):
            raise CardTypeError(f"{name} must hold integer card ids, not dtype {obj.dtype}")
        if obj.ndim != ndim:
            raise ShapeError(f"{name} must be {ndim}-D, got shape {obj.shape}")
        arr = obj
    else:
        # numpy input is checked and parsed (hand strings too) once, here
        checked = card_array(obj, name, (ndim,))
        arr = dask_array.from_array(checked, chunks=(chunk_rows, *checked.shape[1:]))
    whole_rows: da.Array = arr.rechunk({axis: -1 for axis in range(1, ndim)})
    return whole_rows


def _check_rows(a: da.Array, b: da.Array, a_name: str, b_name: str) -> None:
    if not (np.isnan(a.shape[0]) or np.isnan(b.shape[0])) and a.shape[0] != b.shape[0]:
        raise ShapeError(f"{b_name} has {b.shape[0]} rows but {a_name} has {a.shape[0]}")


def _mask(active: Any) -> npt.NDArray[np.bool_]:
    """A numpy active mask checked as :func:`omaha8.pots._showdown.pot_shares` checks it."""
    try:
        a = np.asarray(active)
    except (ValueError, TypeError):
        raise ShapeError("active must be an (N, P) array of booleans") from None
    if a.dtype != np.bool_ and not (np.issubdtype(a.dtype, np.integer) and (a.size == 0 or bool(((a >= 0) & (a <= 1)).all()))):
        raise ShowdownError(f"active must hold booleans (or 0/1), not dtype {a.dtype}")
    return a.astype(np.bool_)


def _pack(holes: da.Array, boards: Any, chunk_rows: int, active: Any = None) -> tuple[da.Array, Any]:
    """One (N, width) dask array per deal: hole cards, then the board and the active mask when per row.

    A board shared by every row is returned apart, as a numpy (5,) array.
    """
    dask_array = require("dask.array")
    n = holes.shape[0]
    flat = dask_array.reshape(holes, (n, -1)) if holes.ndim > 2 else holes
    parts = [flat]
    shared = None
    if isinstance(boards, dask_array.Array) and boards.ndim == 1:
        boards = boards.compute()  # one shared board: five numbers
    b: Any = boards
    if not isinstance(boards, dask_array.Array):
        b = card_array(boards, "boards", (1, 2))  # hand strings are parsed here
        if b.ndim == 1:
            if b.shape != (5,):
                raise ShapeError(f"boards must have 5 cards per row, got shape {b.shape}")
            shared = b
        else:
            b = dask_array.from_array(b, chunks=(chunk_rows, 5))
    if shared is None:
        b = _dask_cards(b, "boards", 2, chunk_rows)
        if b.shape[1] != 5:
            raise ShapeError(f"boards must have 5 cards per row, got shape {b.shape}")
        _check_rows(flat, b, "holes", "boards")
        parts.append(b)
    if active is not None:
        a = active if isinstance(active, dask_array.Array) else dask_array.from_array(_mask(active))
        if a.ndim != 2 or a.shape[1] != holes.shape[1]:
            raise ShapeError(f"active must have shape (N, {holes.shape[1]}) like holes' first two axes, got {a.shape}")
        _check_rows(flat, a, "holes", "active")
        parts.append(a)
    if len(parts) == 1:
        return flat, shared
    dtype = np.result_type(*(p.dtype for p in parts if p.dtype != np.bool_))
    chunks = flat.chunks[0]
    packed = dask_array.concatenate([p.astype(dtype).rechunk({0: chunks, 1: -1}) for p in parts], axis=1)
    return packed.rechunk({1: -1}), shared


def _evaluate_block(
    block: npt.NDArray[Any], *, hole_size: int, board: Any, n_threads: int | None, validate: bool,
    block_info: dict[Any, Any] | None = None,
) -> npt.NDArray[np.uint16]:
    boards = board if board is not None else block[:, hole_size:]
    try:
        high, low = evaluate_batch(block[:, :hole_size], boards, n_threads=n_threads, validate=validate)
    except Omaha8Error as exc:
        raise _block_error(exc, block_info) from None
    return np.stack([high, low.astype(np.uint16)], axis=1)


def evaluate(
    holes: Any,
    boards: Any,
    *,
    n_threads: int | None = 1,
    validate: bool = True,
    chunk_rows: int = DEFAULT_CHUNK_ROWS,
) -> tuple[da.Array, da.Array]:
    """Best high and low of every row, as dask arrays (:func:`omaha8.evaluate_batch` per block).

    Parameters
    ----------
    holes
        (N, 4) or (N, 5) card ids: a dask array of integers, or anything
        :func:`omaha8.evaluate_batch` takes (cut into ``chunk_rows`` rows).
    boards
        (N, 5) card ids (dask or not; re-cut to match ``holes``' blocks), or
        one board (5,) shared by every row.
    n_threads
        Threads per block (default 1). None uses every core of the worker.
    validate
        Check every block's ids and duplicates (default).
    chunk_rows
        Rows per block for numpy input.

    Returns
    -------
    high : dask.array.Array
        uint16 (N,), 1..7462.
    low : dask.array.Array
        uint8 (N,), 1..56, 0 where there is no low.

    Examples
    --------
    >>> high, low = evaluate([[51, 47, 0, 4], [50, 46, 42, 38]], [49, 45, 41, 8, 12])
    >>> high.compute().tolist(), low.compute().tolist()
    ([5854, 4995], [56, 0])
    """
    dask_array = require("dask.array")
    chunk_rows = check_chunk_rows(chunk_rows)
    n_threads = check_n_threads(n_threads)
    validate = check_bool(validate, "validate")
    h = _dask_cards(holes, "holes", 2, chunk_rows)
    if h.shape[1] not in (4, 5):
        raise ShapeError(f"holes must have 4 or 5 cards per row, got shape {h.shape}")
    packed, board = _pack(h, boards, chunk_rows)
    out = dask_array.map_blocks(
        _evaluate_block, packed, dtype=np.uint16, chunks=(packed.chunks[0], (2,)),
        meta=np.empty((0, 2), dtype=np.uint16), hole_size=h.shape[1], board=board, n_threads=n_threads,
        validate=validate,
    )
    return out[:, 0], out[:, 1].astype(np.uint8)


def _seat_blocks(
    block: npt.NDArray[Any], seats: int, hole_size: int, board: Any, has_active: bool
) -> tuple[Any, Any, Any]:
    """Holes (n, P, hole_size), boards and active out of one packed block."""
    holes = block[:, : seats * hole_size].reshape(-1, seats, hole_size)
    at = seats * hole_size
    if board is None:
        boards, at = block[:, at : at + 5], at + 5
    else:
        boards = board
    active = block[:, at : at + seats].astype(np.bool_) if has_active else None
    return holes, boards, active


def _shares_block(
    block: npt.NDArray[Any], *, seats: int, hole_size: int, board: Any, has_active: bool, n_threads: int | None,
    block_info: dict[Any, Any] | None = None,
) -> npt.NDArray[np.float64]:
    holes, boards, active = _seat_blocks(block, seats, hole_size, board, has_active)
    try:
        return _pot_shares(holes, boards, active=active, n_threads=n_threads)
    except Omaha8Error as exc:
        raise _block_error(exc, block_info) from None


def _winners_block(
    block: npt.NDArray[Any], *, seats: int, hole_size: int, board: Any, has_active: bool, n_threads: int | None,
    block_info: dict[Any, Any] | None = None,
) -> npt.NDArray[np.uint16]:
    holes, boards, active = _seat_blocks(block, seats, hole_size, board, has_active)
    try:
        high, low = _winners(holes, boards, active=active, n_threads=n_threads)
    except Omaha8Error as exc:
        raise _block_error(exc, block_info) from None
    return np.stack([high, low], axis=1)


def _seat_arrays(holes: Any, boards: Any, active: Any, chunk_rows: int) -> tuple[da.Array, Any, int, int]:
    chunk_rows = check_chunk_rows(chunk_rows)
    h = _dask_cards(holes, "holes", 3, chunk_rows)
    seats, hole_size = h.shape[1], h.shape[2]
    if hole_size not in (4, 5):
        raise ShapeError(f"holes must have 4 or 5 cards per seat, got shape {h.shape}")
    if not 1 <= seats <= MAX_SEATS:
        raise ShapeError(f"holes must have 1 to {MAX_SEATS} seats per deal, got shape {h.shape}")
    packed, board = _pack(h, boards, chunk_rows, active)
    return packed, board, seats, hole_size


def pot_shares(
    holes: Any,
    boards: Any,
    *,
    active: Any = None,
    n_threads: int | None = 1,
    chunk_rows: int = DEFAULT_CHUNK_ROWS,
) -> da.Array:
    """Each seat's fraction of one pot, deal by deal (:func:`omaha8.pots._showdown.pot_shares` per block).

    Parameters
    ----------
    holes
        (N, P, 4) or (N, P, 5) card ids, P <= 16 (dask or not).
    boards
        (N, 5), or one board (5,) for every deal.
    active
        Optional (N, P) bool mask of the seats still in (dask or not).
    n_threads, chunk_rows
        As :func:`evaluate`.

    Returns
    -------
    dask.array.Array
        float64 (N, P); every row sums to 1.

    Examples
    --------
    >>> pot_shares([["Kh Ks 9c 9d", "3c 4c Jh Jd", "3d 4d Qc Qh"]], "Ah 2h 7c Kd 8s").compute()
    array([[0.5 , 0.25, 0.25]])
    """
    dask_array = require("dask.array")
    n_threads = check_n_threads(n_threads)
    packed, board, seats, hole_size = _seat_arrays(holes, boards, active, chunk_rows)
    shares: da.Array = dask_array.map_blocks(
        _shares_block, packed, dtype=np.float64, chunks=(packed.chunks[0], (seats,)),
        meta=np.empty((0, seats), dtype=np.float64), seats=seats, hole_size=hole_size, board=board,
        has_active=active is not None, n_threads=n_threads,
    )
    return shares


def winners(
    holes: Any,
    boards: Any,
    *,
    active: Any = None,
    n_threads: int | None = 1,
    chunk_rows: int = DEFAULT_CHUNK_ROWS,
) -> tuple[da.Array, da.Array]:
    """The high and low winners' seat bitmasks (:func:`omaha8.pots._showdown.winners` per block).

    Arguments as :func:`pot_shares`; returns two uint16 (N,) dask arrays,
    the low one 0 where no active seat has a low.

    Examples
    --------
    >>> high, low = winners([["Kh Ks 9c 9d", "3c 4c Jh Jd", "3d 4d Qc Qh"]], "Ah 2h 7c Kd 8s")
    >>> high.compute().tolist(), low.compute().tolist()
    ([1], [6])
    """
    dask_array = require("dask.array")
    n_threads = check_n_threads(n_threads)
    packed, board, seats, hole_size = _seat_arrays(holes, boards, active, chunk_rows)
    out = dask_array.map_blocks(
        _winners_block, packed, dtype=np.uint16, chunks=(packed.chunks[0], (2,)),
        meta=np.empty((0, 2), dtype=np.uint16), seats=seats, hole_size=hole_size, board=board,
        has_active=active is not None, n_threads=n_threads,
    )
    return out[:, 0], out[:, 1]


def _random_block(n: int, players: int, hole_size: int, seed: int, first: int) -> tuple[Any, Any]:
    return _random_deals(n, players=players, cards=hole_size, seed=seed, first=first, n_threads=1)


def random_deals(
    n: int,
    *,
    players: int = 6,
    cards: int = 4,
    seed: int,
    chunk_rows: int = DEFAULT_CHUNK_ROWS,
) -> tuple[da.Array, da.Array]:
    """``n`` random deals as dask arrays, each block dealt where it is computed.

    The same deals as :func:`omaha8.deals.random_deals` with this seed (deal
    ``i`` depends only on ``(seed, i)``), without sending any from the client.

    Returns
    -------
    boards : dask.array.Array
        uint8 (n, 5).
    holes : dask.array.Array
        uint8 (n, players, cards).

    Examples
    --------
    >>> from omaha8.deals import random_deals as local_deals
    >>> boards, holes = random_deals(10, players=2, seed=5, chunk_rows=4)
    >>> holes.chunks[0]
    (4, 4, 2)
    >>> bool((holes.compute() == local_deals(10, players=2, seed=5)[1]).all())
    True
    """
    dask = require("dask")
    dask_array = require("dask.array")
    chunk_rows = check_chunk_rows(chunk_rows)
    n = check_int(n, "n", minimum=0, maximum=2**62)
    _random_deals(0, players=players, cards=cards, seed=seed)  # check the arguments here, not in a worker
    rows = min(chunk_rows, n)
    check_array_bytes(rows * (5 + players * cards), f"blocks of {rows:,} deals of {players} seats",
                      f"chunk_rows={chunk_rows}")
    check_tasks(-(-n // chunk_rows), f"n={n} in blocks of chunk_rows={chunk_rows}")
    board_parts, hole_parts = [], []
    for first in range(0, n, chunk_rows):
        m = min(chunk_rows, n - first)
        block = dask.delayed(_random_block, pure=True)(m, players, cards, seed, first)
        board_parts.append(dask_array.from_delayed(block[0], (m, 5), dtype=np.uint8))
        hole_parts.append(dask_array.from_delayed(block[1], (m, players, cards), dtype=np.uint8))
    if not board_parts:
        return (dask_array.zeros((0, 5), dtype=np.uint8),
                dask_array.zeros((0, players, cards), dtype=np.uint8))
    boards: da.Array = dask_array.concatenate(board_parts)
    holes: da.Array = dask_array.concatenate(hole_parts)
    return boards, holes
