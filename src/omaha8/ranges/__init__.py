"""Omaha ranges: sets of starting hands, with weights."""

from __future__ import annotations

from .universe import all_hands, hand_index, n_hands

__all__ = ["all_hands", "hand_index", "n_hands"]
