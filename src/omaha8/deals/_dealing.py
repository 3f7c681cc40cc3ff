"""Random deals: boards and holes dealt from a seeded counter-based stream, so any chunk of a stream can be
dealt on its own (:func:`random_deals`, :func:`iter_random_deals`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from . import _random_deals
from .._support._args import check_array_bytes, check_chunk_rows, check_int, check_seed
from .._support._threads import threads_for
from ._containers import Deals, _check_dealt_layout

__all__ = ["random_deals", "iter_random_deals"]

U8Array = np.ndarray[Any, np.dtype[np.uint8]]

# deals one random_deals call may make (the arrays are bounded by MAX_ARRAY_BYTES too), and in one
# stream (deal numbers are int64)
_MAX_ARRAY_DEALS = 1 << 40
_MAX_STREAM_DEALS = (1 << 63) - 1


def _check_deal_bytes(rows: int, players: int, cards: int, asked: str) -> None:
    """Refuse ``rows`` deals whose boards and holes would take more than MAX_ARRAY_BYTES."""
    check_array_bytes(rows * (5 + players * cards), f"{rows:,} deals of a board and {players} seats of {cards} cards",
                      asked)


def _check_seed(seed: int | None) -> int:
    """A seed as an int in 0..2**64-1; None draws a fresh one."""
    checked = check_seed(seed)
    if checked is None:
        return int(np.random.SeedSequence().generate_state(1, np.uint64)[0])
    return checked


def random_deals(
    n: int,
    *,
    players: int = 6,
    cards: int = 4,
    seed: int | None = None,
    first: int = 0,
    n_threads: int | None = None,
) -> tuple[U8Array, U8Array]:
    """``n`` random deals: boards (n, 5) and holes (n, players, cards), uint8.

    Deal ``i`` depends only on ``(seed, first + i)``, so chunks generated
    with ``first`` offsets join into the same stream, and ``n_threads``
    never changes a deal.

    Examples
    --------
    >>> boards, holes = random_deals(3, players=2, cards=5, seed=1)
    >>> boards.shape, holes.shape
    ((3, 5), (3, 2, 5))
    >>> bool((random_deals(3, players=2, cards=5, seed=1)[1] == holes).all())
    True
    >>> random_deals(1, players=10, cards=5)
    Traceback (most recent call last):
    ...
    omaha8.errors.ShapeError: 10 seats of 5 cards and a board need 55 cards; a deck has 52
    """
    players, cards = _check_dealt_layout(players, cards)
    n = check_int(n, "n", minimum=0, maximum=_MAX_ARRAY_DEALS)
    _check_deal_bytes(n, players, cards, f"n={n}")
    first = check_int(first, "first", minimum=0, maximum=_MAX_STREAM_DEALS - n)
    seed = _check_seed(seed)
    boards = np.empty((n, 5), dtype=np.uint8)
    holes = np.empty((n, players, cards), dtype=np.uint8)
    _random_deals.random_deals(seed, first, boards, holes, threads_for(n_threads, n * players))
    return boards, holes


def iter_random_deals(
    n: int,
    *,
    players: int = 6,
    cards: int = 4,
    seed: int | None = None,
    chunk_rows: int = 65536,
    n_threads: int | None = None,
) -> Iterator[Deals]:
    """:func:`random_deals` in chunks of ``chunk_rows`` (the same deals as one call).

    Examples
    --------
    >>> [len(chunk) for chunk in iter_random_deals(5, seed=2, chunk_rows=2)]
    [2, 2, 1]
    """
    players, cards = _check_dealt_layout(players, cards)
    n = check_int(n, "n", minimum=0, maximum=_MAX_STREAM_DEALS)
    seed = _check_seed(seed)
    chunk_rows = check_chunk_rows(chunk_rows)
    _check_deal_bytes(min(n, chunk_rows), players, cards, f"chunk_rows={chunk_rows}")
    return _random_chunks(n, players, cards, seed, chunk_rows, n_threads)  # the checks above run at the call


def _random_chunks(n: int, players: int, cards: int, seed: int, chunk_rows: int,
                   n_threads: int | None) -> Iterator[Deals]:
    for start in range(0, n, chunk_rows):
        m = min(chunk_rows, n - start)
        boards, holes = random_deals(m, players=players, cards=cards, seed=seed, first=start, n_threads=n_threads)
        yield Deals(boards, holes, None, start)
