"""Odds: the hi/lo equity of hands and of ranges, exact or sampled.

``_equity`` is :func:`omaha8.equity`: its run arguments and its result;
``_spot`` reads the seats (hands or ranges) and checks every card once;
``_runs`` drives the kernels over the checked spot: ``_equity_kernel.pyx``
(every board walked, or sampled; its ``.pxd`` is a spot's tables and the
walk's per-card step) and ``_small_exact.pyx`` (a flop, turn or river on one
thread) for hands, ``_range_equity_kernel.pyx`` when a seat holds a range.
``_reference`` is their slow twin, in exact rationals.
``_preflop.pyx`` is the Monte Carlo kernel of preflop tables, driven by
:mod:`omaha8.distributed.preflop`. The public names are re-exported by
:mod:`omaha8`:

>>> from omaha8.odds import equity
>>> equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], board="Ac Kc 4h 5s").equity.tolist()
[0.9375, 0.0625]
"""

from __future__ import annotations

from ._equity import EquityResult, equity, max_players

__all__ = ["equity", "EquityResult", "max_players"]
