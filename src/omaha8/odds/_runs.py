"""The equity kernels driven over a checked spot: exact or sampled, in slices, into one row of counts.

:func:`run` takes a :class:`~omaha8.odds._spot.Spot` and gives back the
:class:`Counts` of every remaining board (or of a seeded sample), whatever
kernel counted them: ``_small_exact`` for a flop, turn or river of hands,
``_equity_kernel.EquitySpot`` for other hands, ``_range_equity_kernel.RangeSpot``
when a seat holds a range. Long runs go to a kernel in slices of about
:data:`_SLICE_WORK` evaluations, so that the progress line is redrawn and
Ctrl-C stops them between slices. Counts have the kernels' one layout: per
player ``omaha8.odds._equity_kernel.STATS``, then no-low boards and boards.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import _equity_kernel, _range_equity_kernel, _small_exact
from .._support._threads import WORK_PER_THREAD, threads_for
from ..errors import RangeEquityError
from ..ranges.universe import all_hands
from ._spot import Spot

__all__ = ["Counts", "DEFAULT_SAMPLES", "EXACT_WORK", "run"]

#: Largest work (combo evaluations plus settled deals) of an automatic exact run over ranges.
EXACT_WORK = 1 << 27
#: Deals sampled when a run over ranges with ``samples=None`` is too large to be exact.
DEFAULT_SAMPLES = 1_000_000
# board-player evaluations per kernel call, so that progress is drawn and Ctrl-C stops a run
_SLICE_WORK = 1 << 22

Update = Callable[[float], None] | None


@dataclass(frozen=True, eq=False)
class Counts:
    """A run's counts (ints, or the weighted sums of a range run), the deals it settled, and how it ran.

    ``small`` is set instead of ``totals`` when the flop, turn or river kernel
    already made the result's fields.
    """

    totals: list[Any]
    deals: int
    samples: int | None
    seed: int | None
    small: tuple[Any, ...] | None = None


def run(spot: Spot, samples: int | None, seed: int | None, n_threads: int | None, update: Update) -> Counts:
    """Exact counts of ``spot`` when ``samples`` is None (for ranges: when the work is small enough, else
    :data:`DEFAULT_SAMPLES`), else Monte Carlo counts of ``samples`` deals from ``seed`` (drawn when None)."""
    if spot.hands is not None:
        if samples is None and spot.board.shape[0] >= 3:
            # a flop, turn or river: at most 1,081 boards, counted on one thread in one call
            return Counts([], 0, None, None, _small_exact.small_exact_spot(spot.hands, spot.board, spot.deck))
        known, draw = spot.board, spot.deck
        if known.shape[0] == 5:
            # a complete board is the one board of a deck holding its last card
            known, draw = spot.board[:4].copy(), spot.board[4:].copy()
        kernel: Any = _equity_kernel.EquitySpot(spot.hands, known, draw)
        if samples is None:
            return _hands_exact(kernel, n_threads, update)
    elif samples is None and spot.work <= EXACT_WORK:
        return _ranges_exact(spot, _range_kernel(spot, True), n_threads, update)
    else:
        kernel = _range_kernel(spot, False)
        samples = DEFAULT_SAMPLES if samples is None else samples
    used = secrets.randbits(64) if seed is None else seed
    return Counts(_sampled(kernel, spot, samples, used, n_threads, update), samples, samples, used)


def _range_kernel(spot: Spot, exact: bool) -> Any:
    """The range kernel of a spot. A ``"*"`` seat lists every hand of the deck only for an exact run;
    Monte Carlo deals it cards, so one placeholder combo stands in."""
    size = spot.size
    every = _hands_of(spot.deck, size) if exact else spot.deck[:size].reshape(1, size)
    parts = [(every, np.ones(every.shape[0])) if seat is None else seat for seat in spot.seats]
    combos = np.ascontiguousarray(np.concatenate([c for c, _ in parts]), dtype=np.uint8)
    weights = np.ascontiguousarray(np.concatenate([w for _, w in parts]), dtype=np.float64)
    offsets = np.concatenate([[0], np.cumsum([c.shape[0] for c, _ in parts])]).astype(np.int64)
    any_hand = np.array(spot.any_hand, dtype=np.uint8)
    return _range_equity_kernel.RangeSpot(combos, offsets, weights, np.ascontiguousarray(spot.board), spot.deck,
                                          any_hand)


def _hands_of(deck: Any, size: int) -> Any:
    """Every hand of ``size`` cards from ``deck``, ascending, in lexicographic order."""
    hands = all_hands(size)
    # the hands of cards 0..n-1 are the rows of all_hands whose highest card is below n
    positions = hands[hands[:, -1] < deck.shape[0]]
    return np.ascontiguousarray(deck[positions])


def _hands_exact(kernel: Any, n_threads: int | None, update: Update) -> Counts:
    """Counts of every remaining board, in slices of whole chunks."""
    prefixes, sizes = kernel.exact_chunks()
    cumulative = np.cumsum(sizes)
    total_boards = int(cumulative[-1])
    per_slice = max(1, _SLICE_WORK // kernel.n_players)
    # slice ends: the first chunk index past each multiple of per_slice boards
    ends = np.searchsorted(cumulative, np.arange(per_slice, total_boards, per_slice), side="right")
    bounds = [0, *sorted({int(e) for e in ends if 0 < e < len(sizes)}), len(sizes)]
    totals = [0] * kernel.width
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        out = np.zeros((hi - lo, kernel.width), dtype=np.int64)
        # one thread per chunk at most: the river, turn and flop are one small chunk
        kernel.exact(prefixes[lo:hi], out, threads_for(n_threads, (hi - lo) * WORK_PER_THREAD))
        totals = [a + int(b) for a, b in zip(totals, out.sum(axis=0))]
        if update is not None:
            update(int(cumulative[hi - 1]) / total_boards)
    return Counts(totals, totals[-1], None, None)


def _ranges_exact(spot: Spot, kernel: Any, n_threads: int | None, update: Update) -> Counts:
    """Weighted counts of every deal, in slices of whole chunks (one per first unknown card)."""
    chunks = kernel.n_exact_chunks()
    per_slice = max(1, math.ceil(chunks * _SLICE_WORK / max(1, spot.work)))
    parts = []
    for first in range(0, chunks, per_slice):
        out = np.zeros((min(per_slice, chunks - first), kernel.width), dtype=np.float64)
        kernel.exact(first, out, threads_for(n_threads))
        parts.append(out)
        if update is not None:
            update((first + out.shape[0]) / chunks)
    totals = np.concatenate(parts).sum(axis=0)
    if totals[-2] == 0:
        raise _no_deal(spot.n_players)
    return Counts([float(x) for x in totals[:-1]], int(totals[-1]), None, None)


def _no_deal(players: int) -> RangeEquityError:
    return RangeEquityError(
        f"no deal gives each of the {players} seats a combo of its range without two sharing a card"
    )


def _sampled(kernel: Any, spot: Spot, samples: int, seed: int, n_threads: int | None, update: Update) -> list[int]:
    """Counts of ``samples`` deals, in slices of whole chunks; the first chunk alone, so that seats that
    can never be dealt together fail there, not in every chunk at once."""
    hands = spot.hands is not None
    chunk = (_equity_kernel if hands else _range_equity_kernel).SAMPLE_CHUNK
    n_chunks = -(-samples // chunk)
    per_slice = max(1, _SLICE_WORK // (chunk * spot.n_players))
    # a range kernel counts weighted deals in doubles, and the deals again, unweighted, in one more column
    columns = spot.n_players * len(_equity_kernel.STATS) + 2
    totals = [0] * columns
    starts = [0, *range(1, n_chunks, per_slice)]
    for first, stop in zip(starts, [*starts[1:], n_chunks]):
        out = np.zeros((stop - first, kernel.width), dtype=np.int64 if hands else np.float64)
        work = min((stop - first) * chunk, max(0, samples - first * chunk)) * spot.n_players
        if kernel.sample(seed, first, samples, out, threads_for(n_threads, work)) >= 0:
            raise RangeEquityError(
                f"the seats' ranges share a card on nearly every deal: {_range_equity_kernel.REJECTION_LIMIT} "
                "deals in a row clashed"
            )
        # Python ints: the sums of squares of a long run overflow int64 (a range kernel's weighted
        # counts of one chunk are whole numbers below 2**53, exact as ints)
        totals = [a + int(b) for a, b in zip(totals, out[:, :columns].astype(np.int64).sum(axis=0))]
        if update is not None:
            update(min(1.0, stop * chunk / samples))
    return totals
