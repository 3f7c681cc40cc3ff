"""The showdown of every deal of a batch: winners, values and pot shares (:func:`analyze_deals`)."""

from __future__ import annotations

import numpy as np

from ._args import brief, check_bool
from .errors import ArgumentTypeError
from .evaluate import evaluate_batch
from .io.card_columns import parse_card_array
from .io.containers import DealResults, Deals
from .showdown import pot_shares, winners

__all__ = ["analyze_deals"]


def analyze_deals(
    deals: Deals,
    *,
    values: bool = True,
    shares: bool = True,
    n_threads: int | None = None,
) -> DealResults:
    """Winners, and optionally values and pot shares, of every deal.

    Parameters
    ----------
    deals
        The deals (every seat in the hand).
    values
        Compute each seat's high and low value.
    shares
        Compute each seat's fraction of the pot (:func:`omaha8.showdown.pot_shares`).
    n_threads
        OpenMP threads; None uses every core.

    Examples
    --------
    >>> boards = parse_card_array(["Ah2h7cKd8s"])
    >>> holes = parse_card_array([["Kh Ks 9c 9d", "3c 4c Jh Jd", "3d 4d Qc Qh"]])
    >>> result = analyze_deals(Deals(boards, holes))
    >>> result.high_winners.tolist(), result.low_winners.tolist(), result.shares.tolist()
    ([1], [6], [[0.5, 0.25, 0.25]])
    >>> analyze_deals(Deals(boards, parse_card_array([["Ah Ks 9c 9d", "3c 4c Jh Jd"]])))
    Traceback (most recent call last):
    ...
    omaha8.errors.DuplicateCardError: card 'Ah' appears twice in deal 0: holes[0, 0, 0] and boards[0, 0]
    """
    if not isinstance(deals, Deals):
        raise ArgumentTypeError(f"deals must be a Deals batch, not {type(deals).__name__} {brief(deals)}")
    values, shares = check_bool(values, "values"), check_bool(shares, "shares")
    h, b = deals.holes, deals.boards
    high_w, low_w = winners(h, b, n_threads=n_threads)  # checks every card once; the passes below trust it
    high = low = share = None
    if values:
        n, n_seats, k = h.shape
        flat = np.ascontiguousarray(h.reshape(n * n_seats, k))
        high, low = evaluate_batch(flat, np.repeat(b, n_seats, axis=0), n_threads=n_threads, validate=False)
        high, low = high.reshape(n, n_seats), low.reshape(n, n_seats)
    if shares:
        share = pot_shares(h, b, n_threads=n_threads, validate=False)
    return DealResults(deals, high_w, low_w, high, low, share)
