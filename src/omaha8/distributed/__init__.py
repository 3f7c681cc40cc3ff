"""omaha8 on a Dask cluster: the optional extra ``pip install 'omaha8[distributed]'``.

* Arrays: :func:`evaluate`, :func:`pot_shares` and :func:`winners` take dask
  arrays (or numpy arrays, cut into blocks of rows) and return dask arrays
  that the nogil kernels compute block by block in the workers;
  :func:`random_deals` deals seeded random deals in the workers.
* Many jobs: :func:`equity_many` answers a list (or a CSV file) of equity
  spots, results in order, reproducible from one seed on any cluster.
* Preflop tables: :func:`preflop_table` gives every class of starting hands
  (:mod:`omaha8.core._starting_hands`) its equity, scoop, high and low figures
  against random hands.
* Batches: :func:`run_batch_on_cluster` (``omaha8 batch --scheduler``) and
  :func:`random_batch_summary`.

Functions with a ``client`` argument take a ``distributed.Client`` (the
default client or any other), a scheduler address such as
``"tcp://10.0.0.5:8786"``, or None to run here, without Dask; their results
are the same either way. An address must answer as a Dask scheduler within
``connect_timeout`` seconds (:data:`CONNECT_TIMEOUT`, 10 s, by default), or
the call raises :class:`SchedulerError`; so does a closed client, and
something that is not a client is an :class:`~omaha8.errors.ArgumentTypeError`. Dask is imported only when needed:
``import omaha8.distributed`` works without it.

>>> from distributed import Client, LocalCluster
>>> from omaha8.distributed import equity_many, preflop_table
>>> with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
...     with Client(cluster) as client:
...         table = preflop_table(4, samples=1000, seed=1, hands=slice(0, 40), client=client)
...         spots = equity_many([(["As Ad 2c 3d", "Ks Kd Qh Jh"],)], samples=10_000, seed=2, client=client)
>>> len(table), str(table.rows["hand"][25])
(40, 'As Ah Ks Kh')
>>> bool((table.rows == preflop_table(4, samples=1000, seed=1, hands=slice(0, 40)).rows).all())  # here
True
>>> from omaha8.odds._equity import equity
>>> again = equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], samples=10_000, seed=spot_seed(2, 0))
>>> bool((spots[0].equity == again.equity).all())
True
"""

from __future__ import annotations

from ._client import CONNECT_TIMEOUT, SchedulerError
from .arrays import evaluate, pot_shares, random_deals, winners
from .batch import BatchSummary, random_batch_summary, run_batch_on_cluster
from .preflop import PreflopError, PreflopTable, preflop_table
from .spots import Spot, equity_many, read_spots, spot_seed

__all__ = [
    # clients
    "CONNECT_TIMEOUT",
    "SchedulerError",
    # arrays
    "evaluate",
    "pot_shares",
    "winners",
    "random_deals",
    # many spots
    "Spot",
    "equity_many",
    "read_spots",
    "spot_seed",
    # preflop tables
    "PreflopError",
    "PreflopTable",
    "preflop_table",
    # batches
    "BatchSummary",
    "random_batch_summary",
    "run_batch_on_cluster",
]
