"""The showdown of every deal of a batch: winners, values and pot shares (:func:`analyze_deals`)."""

from __future__ import annotations

import numpy as np

from ..pots import _settle_values
from .._support._args import brief, check_bool
from .._support._threads import threads_for
from ..cards._validate import check_deals
from ..errors import ArgumentTypeError
from ..core._evaluate import evaluate_batch
from ..cards._columns import parse_card_array
from ._containers import DealResults, Deals
from ..pots._batch import _batch_inputs, winners

__all__ = ["analyze_deals"]


def analyze_deals(
    deals: Deals,
    *,
    values: bool = True,
    shares: bool = True,
    n_threads: int | None = None,
    validate: bool = True,
) -> DealResults:
    """Winners, and optionally values and pot shares, of every deal.

    Parameters
    ----------
    deals
        The deals (every seat in the hand).
    values
        Compute each seat's high and low value.
    shares
        Compute each seat's fraction of the pot (as :func:`omaha8.pots._showdown.pot_shares` does).
    n_threads
        OpenMP threads; None uses every core.
    validate
        Check every card of every deal for repeats first (default). ``False``
        skips that for deals already checked (those :func:`omaha8.deals.iter_deals`
        reads and :func:`omaha8.deals.iter_random_deals` draws): the kernels never
        read outside their tables, but a deal with a repeated card gets
        meaningless results.

    Examples
    --------
    >>> boards = parse_card_array(["Ah2h7cKd8s"])
    >>> holes = parse_card_array([["Kh Ks 9c 9d", "3c 4c Jh Jd", "3d 4d Qc Qh"]])
    >>> result = analyze_deals(Deals(holes, boards))
    >>> result.high_winners.tolist(), result.low_winners.tolist(), result.shares.tolist()
    ([1], [6], [[0.5, 0.25, 0.25]])
    >>> analyze_deals(Deals(parse_card_array([["Ah Ks 9c 9d", "3c 4c Jh Jd"]]), boards))
    Traceback (most recent call last):
    ...
    omaha8.errors.DuplicateCardError: card 'Ah' appears twice in deal 0: holes[0, 0, 0] and boards[0, 0]
    """
    if not isinstance(deals, Deals):
        raise ArgumentTypeError(f"deals must be a Deals batch, not {type(deals).__name__} {brief(deals)}")
    values, shares = check_bool(values, "values"), check_bool(shares, "shares")
    validate = check_bool(validate, "validate")
    h, b = deals.holes, deals.boards
    n, n_seats, k = h.shape
    threads = threads_for(n_threads, n * n_seats)
    high = low = share = None
    if values:
        # each hand is evaluated once: the winners and shares follow from the values
        h, b, _, threads, validate = _batch_inputs("analyze_deals", h, b, None, threads, validate)
        if validate:
            check_deals(h, b, n_threads=threads)  # the checks winners() makes, every card once
        flat = np.ascontiguousarray(h.reshape(n * n_seats, k))
        high, low = evaluate_batch(flat, np.repeat(b, n_seats, axis=0), n_threads=threads, validate=False)
        high, low = high.reshape(n, n_seats), low.reshape(n, n_seats)
        high_w, low_w = np.empty(n, np.uint16), np.empty(n, np.uint16)
        _settle_values.winners_of_values(high, low, high_w, low_w, threads)
    else:
        high_w, low_w = winners(h, b, n_threads=threads, validate=validate)  # checks every card once
    if shares:
        share = np.empty((n, n_seats), np.float64)
        _settle_values.shares_of_winners(high_w, low_w, share, threads)
    return DealResults(deals, high_w, low_w, high, low, share)
