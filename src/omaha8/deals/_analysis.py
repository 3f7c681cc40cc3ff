"""The showdown of every deal of a batch: winners, values and pot shares (:func:`analyze_deals`)."""

from __future__ import annotations

import numpy as np

from .._support._docs import PARAMETERS, fill_doc
from .._support._args import brief, check_bool
from .._support._threads import threads_for
from ..errors import ArgumentTypeError
from ..cards._columns import parse_card_array
from ._containers import DealResults, Deals
from ..pots._batch import check_shapes, split_deals

__all__ = ["analyze_deals"]


@fill_doc(PARAMETERS)
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
    %(n_threads)s
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
    # a Deals holds uint8 ids 0..51 in C order (its constructor checked them): only the shapes the
    # kernel takes and, with validate, the repeats are left to check, in the kernel's own pass
    h, b = deals.holes, deals.boards
    check_shapes(h, b)
    n, n_seats, _ = h.shape
    threads = threads_for(n_threads, n * n_seats)
    high_w, low_w = np.empty(n, np.uint16), np.empty(n, np.uint16)
    share = np.empty((n, n_seats), np.float64) if shares else None
    high = low = None
    if values:
        high, low = np.empty((n, n_seats), np.uint16), np.empty((n, n_seats), np.uint8)
    # one pass: every seat evaluated once on its deal's board, the winners, shares and values from it
    split_deals(h, b, None, threads, validate, high=high_w, low=low_w, shares=share, high_values=high,
                low_values=low)
    return DealResults(deals, high_w, low_w, high, low, share)
