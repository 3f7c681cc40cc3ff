"""Batches of deals on a Dask cluster: ``omaha8 batch --scheduler``, and random runs dealt in the workers.

:func:`run_batch_on_cluster` analyses a stream of :class:`~omaha8.deals.Deals`
chunks (a deal file read by :func:`~omaha8.deals.iter_deals`, or generated
deals) on the workers, a bounded number at a time, and yields each chunk's
:class:`~omaha8.deals.DealResults` in the order of the chunks, so a caller
can write them out as they come, exactly as with
:func:`~omaha8.deals.analyze_deals` on one machine.

:func:`random_batch_summary` deals random deals in the workers from a seed
(deal ``i`` depends only on ``(seed, i)``), finds each deal's winners there
and returns only the counts, so nothing but a few numbers per task crosses
the network.

>>> summary = random_batch_summary(100_000, players=6, seed=3)  # no client: here
>>> summary.deals, summary.scoops + summary.split == summary.deals
(100000, True)
>>> random_batch_summary(10, players=20, seed=3)
Traceback (most recent call last):
...
omaha8.errors.ShapeError: players must be 1..16, not 20
"""

from __future__ import annotations

import collections
import math
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..deals import Deals, DealResults, analyze_deals, random_deals
from ..pots._showdown import winners
from .._support._args import check_array_bytes, check_bool, check_chunk_rows, check_int, check_n_threads
from .._support._docs import fill_doc
from ._client import (CONNECT_TIMEOUT, DOCS, TaskProgress, check_tasks, connect, per_task, run_tasks, threads_per_task,
                      total_threads)

__all__ = ["MAX_DEALS", "run_batch_on_cluster", "random_batch_summary", "BatchSummary"]

#: Most deals one :func:`random_batch_summary` plays (deal numbers are 64-bit).
MAX_DEALS = 2**62


def _analyze_task(
    holes: np.ndarray[Any, Any], boards: np.ndarray[Any, Any], values: bool, shares: bool, n_threads: int | None
) -> tuple[Any, ...]:
    """One chunk's result arrays (the deals stay with the caller)."""
    result = analyze_deals(Deals(holes, boards), values=values, shares=shares, n_threads=n_threads)
    return result.high_winners, result.low_winners, result.high, result.low, result.shares


@fill_doc(DOCS)
def run_batch_on_cluster(
    chunks: Iterable[Deals],
    scheduler: Any,
    *,
    values: bool = True,
    shares: bool = True,
    n_threads: int | None = 1,
    in_flight: int | None = None,
    connect_timeout: float = CONNECT_TIMEOUT,
) -> Iterator[tuple[Deals, DealResults | None]]:
    """Analyse chunks of deals on a Dask cluster, yielding ``(chunk, results)`` in order.

    Parameters
    ----------
    chunks
        :class:`~omaha8.deals.Deals` chunks, e.g. from
        :func:`~omaha8.deals.iter_deals` or :func:`~omaha8.deals.iter_random_deals`.
        They are read only as fast as the cluster takes them.
    scheduler
        A scheduler address (``"tcp://host:8786"``; the client is closed at
        the end) or a ``distributed.Client``.
    values, shares
        As :func:`~omaha8.deals.analyze_deals`.
    n_threads
        Threads per chunk in a worker (default 1).
    in_flight
        Chunks sent ahead of the one being yielded; None: twice the worker threads.
    %(connect_timeout)s

    Yields
    ------
    (Deals, DealResults or None)
        Each chunk with its results, in the order of ``chunks``; results
        are None for a chunk without deals (one that held only rejected rows).

    Raises
    ------
    CardError, DuplicateCardError, ShapeError
        As :func:`~omaha8.deals.analyze_deals`, raised when that chunk's turn comes.
    SchedulerError
        A scheduler address where no scheduler answers in time, or a closed client.

    Examples
    --------
    >>> from distributed import Client, LocalCluster
    >>> from omaha8.deals import iter_random_deals
    >>> with LocalCluster(n_workers=1, processes=False, dashboard_address=None) as cluster, Client(cluster) as client:
    ...     pairs = list(run_batch_on_cluster(iter_random_deals(5000, seed=1, chunk_rows=2000), client))
    >>> [len(chunk) for chunk, _ in pairs], pairs[0][1].shares.shape
    ([2000, 2000, 1000], (2000, 6))
    """
    values = check_bool(values, "values")
    shares = check_bool(shares, "shares")
    n_threads = check_n_threads(n_threads)
    with connect(scheduler, required=True, timeout=connect_timeout) as client:
        ahead = per_task(in_flight, "in_flight", 2 * total_threads(client))
        pending: collections.deque[tuple[Deals, Any]] = collections.deque()
        try:
            for chunk in chunks:
                future = None
                if len(chunk):
                    holes, boards = client.scatter([chunk.holes, chunk.boards], hash=False)
                    future = client.submit(_analyze_task, holes, boards, values, shares, n_threads, pure=False)
                pending.append((chunk, future))
                while len(pending) > ahead:
                    yield _collect(*pending.popleft())
            while pending:
                yield _collect(*pending.popleft())
        finally:
            client.cancel([future for _, future in pending if future is not None])


def _collect(chunk: Deals, future: Any) -> tuple[Deals, DealResults | None]:
    if future is None:
        return chunk, None
    high_w, low_w, high, low, share = future.result()
    return chunk, DealResults(chunk, high_w, low_w, high, low, share)


@dataclass(frozen=True)
class BatchSummary:
    """Counts of a random batch.

    Attributes
    ----------
    deals
        Deals played out.
    scoops
        Deals one seat won whole (high and low alone, or the high alone with no low).
    split
        The other deals.
    no_low
        Deals on which nobody had a qualifying low.
    players, cards, seed
        The deals: seats, hole cards, and the seed that deals them again.
    seconds
        Wall-clock time of the run.
    tasks
        Tasks it was cut into.
    """

    deals: int
    scoops: int
    split: int
    no_low: int
    players: int
    cards: int
    seed: int
    seconds: float
    tasks: int

    @property
    def deals_per_second(self) -> float:
        """Throughput of the run."""
        return self.deals / self.seconds if self.seconds > 0 else math.inf

    def to_dict(self) -> dict[str, Any]:
        """The counts as plain JSON-ready values (the fields, and ``deals_per_second``)."""
        return {**{name: getattr(self, name) for name in self.__dataclass_fields__},
                "deals_per_second": self.deals_per_second}

    def __str__(self) -> str:
        n = max(self.deals, 1)
        return (f"{self.deals:,} deals of {self.players} seats of {self.cards} cards (seed {self.seed}): one seat "
                f"scoops {100 * self.scoops / n:.2f}%, nobody has a low {100 * self.no_low / n:.2f}%; "
                f"{self.seconds:.1f} s in {self.tasks:,} tasks, {self.deals_per_second:,.0f} deals/s")


def _summary_task(
    seed: int, first: int, n: int, players: int, cards: int, chunk_rows: int, n_threads: int | None
) -> tuple[int, int, int]:
    """Deal ``n`` deals from ``first`` and count (deals, scoops, no low), ``chunk_rows`` at a time."""
    scoops = no_low = 0
    for start in range(first, first + n, chunk_rows):
        m = min(chunk_rows, first + n - start)
        holes, boards = random_deals(m, players=players, cards=cards, seed=seed, first=start, n_threads=n_threads)
        high, low = winners(holes, boards, n_threads=n_threads)
        single = (high & (high - 1)) == 0  # high is never 0: someone always wins it
        scoops += int(np.count_nonzero(single & ((low == 0) | (low == high))))
        no_low += int(np.count_nonzero(low == 0))
    return n, scoops, no_low


@fill_doc(DOCS)
def random_batch_summary(
    n: int,
    *,
    players: int = 6,
    cards: int = 4,
    seed: int,
    client: Any = None,
    deals_per_task: int | None = None,
    chunk_rows: int = 1 << 16,
    n_threads: int | None = None,
    progress: bool = False,
    connect_timeout: float = CONNECT_TIMEOUT,
) -> BatchSummary:
    """Deal ``n`` random deals in the workers, play each out, and count scoops and lows.

    Parameters
    ----------
    n
        Deals.
    players, cards
        Seats per deal and hole cards per seat.
    seed
        Deal ``i`` is :func:`omaha8.deals.random_deals` deal ``i`` of this seed.
    %(client)s
    deals_per_task
        None: 4 tasks per worker thread.
    chunk_rows
        Deals a task holds in memory at once.
    %(n_threads)s
    %(progress)s
    %(connect_timeout)s

    Raises
    ------
    ArgumentError, ArgumentTypeError
        ``n`` negative or above :data:`MAX_DEALS`, ``chunk_rows`` below 1, a
        ``client`` that is not a client, an address or None.
    SchedulerError
        A scheduler address where no scheduler answers in time, or a closed client.
    """
    random_deals(0, players=players, cards=cards, seed=seed)  # check the arguments here
    n = check_int(n, "n", minimum=0, maximum=MAX_DEALS)
    chunk_rows = check_chunk_rows(chunk_rows)
    rows = min(chunk_rows, n)  # the most deals a task holds at once
    check_array_bytes(rows * (5 + players * cards), f"{rows:,} deals of {players} seats a task", f"chunk_rows={chunk_rows}")
    n_threads = check_n_threads(n_threads)
    progress = check_bool(progress, "progress")
    started = time.perf_counter()
    with connect(client, timeout=connect_timeout) as found:
        threads = total_threads(found)
        size = per_task(deals_per_task, "deals_per_task", math.ceil(n / (4 * threads)))
        check_tasks(-(-n // size), f"n={n} in tasks of deals_per_task={size}")
        task_threads = threads_per_task(n_threads, found)
        tasks = [
            (seed, first, min(size, n - first), players, cards, chunk_rows, task_threads)
            for first in range(0, n, size)
        ]
        bar = TaskProgress("batch", len(tasks)) if progress else None
        counts = run_tasks(_summary_task, tasks, found, progress=bar)
    deals = sum(c[0] for c in counts)
    scoops = sum(c[1] for c in counts)
    return BatchSummary(
        deals=deals, scoops=scoops, split=deals - scoops, no_low=sum(c[2] for c in counts), players=players,
        cards=cards, seed=seed, seconds=time.perf_counter() - started, tasks=len(tasks),
    )
