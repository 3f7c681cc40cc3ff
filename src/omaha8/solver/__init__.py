"""The Omaha Hi/Lo subgame solver, and its primitives: every combo's exact hi/lo equity against a range.

:func:`solve` solves a heads-up turn or river spot between two ranges by
discounted CFR over arrays of every combo, to a stated exploitability, and
returns a :class:`Solution` (strategies, values, a summary by hand class,
JSON). It stands on the sweeps below. Its arguments are
``solve(board, ranges, pot, stacks, ...)``, the board first: the one
exception to the API's order of holes, then board, kept as its own
signature fixes it.

:func:`showdown_values` gives, for two ranges and a board (arrays of combos
with weights, or range objects), each hand's pot share, high and low win and
tie, and scoop probabilities against the opponent range, heads-up, with
exact card removal, by sorted sweeps rather than pairs of combos.
:mod:`omaha8.solver._reference` is its all-pairs twin.

>>> from omaha8.solver import showdown_values
>>> v = showdown_values(["As 3s Qc Jd"], ["5c 5d 8h 9h", "Ad Kd Qs Qh"], "Ah Kh 7c 4d 2s")
>>> v.share.tolist(), v.scoop.tolist()  # scoops 5c5d8h9h, takes the low half from AAKK
([0.75], [0.5])
"""

from __future__ import annotations

from .subgame import ClassRow, Solution, solve
from .sweeps import CombosSource, ShowdownValues, showdown_values

__all__ = ["ClassRow", "CombosSource", "ShowdownValues", "Solution", "showdown_values", "solve"]
