"""Pots: one hand's chips split to the chip, and the hi/lo split of one pot over many deals.

``_showdown`` checks the arguments of :func:`omaha8.showdown` and settles
through ``_pots.pyx`` (the uncalled bet, the pot layers, each pot's hi/lo
split and odd chips, the show order); ``_odd_chips`` holds the odd-chip
policies and ``_results`` the result types. ``_batch`` gives
:func:`omaha8.pot_shares` and :func:`omaha8.winners` over arrays of deals,
on the nogil kernel ``_batch_kernel.pyx``, which also gives each seat's values
(:func:`omaha8.analyze_deals`); ``_split.pxd`` is the hi/lo rule of one pot
that the kernels share. The public names are re-exported by
:mod:`omaha8`:

>>> from omaha8.pots import showdown
>>> showdown(["3c 4c Kh Ks", "5d 8d Qc Jc"], "Ah 2h 7c Kd Qs").payouts
(2, 0)
"""

from __future__ import annotations

from ._batch import pot_shares, winners
from ._odd_chips import CardroomOddChips, OddChipPolicy
from ._results import Pot, PotSplit, ShowdownResult
from ._showdown import showdown

__all__ = [
    "showdown",
    "ShowdownResult",
    "Pot",
    "PotSplit",
    "OddChipPolicy",
    "CardroomOddChips",
    "pot_shares",
    "winners",
]
