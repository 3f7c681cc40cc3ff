"""Omaha ranges: sets of starting hands, with weights, in the generic range language.

>>> from omaha8.ranges import Range
>>> len(Range("AA")), len(Range("AA!AAA")), len(Range("AA", cards=5))
(6961, 6768, 108336)
"""

from __future__ import annotations

from ..errors import EmptyRangeError, RangeSyntaxError
from .range import Range
from .universe import all_hands, hand_index, n_hands

__all__ = ["Range", "RangeSyntaxError", "EmptyRangeError", "all_hands", "hand_index", "n_hands"]
