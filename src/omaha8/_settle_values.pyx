# cython: language_level=3
"""nogil kernels that settle deals from seat values already computed: the winner masks, then the pot shares.

A batch that needs each seat's values (``omaha8 batch`` writing them) gets
its winners and shares from those values instead of evaluating every hand
again. The rules are those of :mod:`omaha8._showdown` (``winners_row``,
``shares_row``), which evaluates as it settles; tests compare the two on
random and hand-picked deals.
"""

from cython.parallel cimport prange
from libc.stdint cimport uint8_t, uint16_t
from omaha8._bits cimport popcount

from ._core cimport resolve_threads

cdef enum:
    MAX_SEATS = 16


# Winner masks of one deal from its seats' values: bit p of the high mask for
# each seat with the best high; of the low mask for each seat with the best
# low, none when no seat has one (low 0).
cdef inline void masks_row(const uint16_t* high, const uint8_t* low, int n_seats, uint16_t* high_mask,
                           uint16_t* low_mask) noexcept nogil:
    cdef int p
    cdef uint16_t best_high = 0, hm = 0, lm = 0
    cdef uint8_t best_low = 0
    for p in range(n_seats):
        if high[p] > best_high:
            best_high = high[p]
            hm = 0
        if high[p] == best_high:
            hm |= <uint16_t>(1 << p)
        if low[p] > best_low:
            best_low = low[p]
            lm = 0
        if low[p] and low[p] == best_low:
            lm |= <uint16_t>(1 << p)
    high_mask[0] = hm
    low_mask[0] = lm


# Fraction of the pot each seat takes, from the winner masks of one deal: the
# high half (all of it without a low) and the low half, each split equally.
cdef inline void shares_row(uint16_t high_mask, uint16_t low_mask, int n_seats, double* out) noexcept nogil:
    cdef int p, n_high = popcount(high_mask), n_low = popcount(low_mask)
    cdef double high_share = 0.0, low_share = 0.0
    if n_high:
        high_share = (0.5 if n_low else 1.0) / n_high
    if n_low:
        low_share = 0.5 / n_low
    for p in range(n_seats):
        out[p] = (high_share if (high_mask >> p) & 1 else 0.0) + (low_share if (low_mask >> p) & 1 else 0.0)


def winners_of_values(const uint16_t[:, ::1] high, const uint8_t[:, ::1] low, uint16_t[::1] high_out,
                      uint16_t[::1] low_out, n_threads=None):
    """Fill the high and low winner masks of each deal from ``high`` and ``low`` (N, P) seat values."""
    cdef Py_ssize_t n = high.shape[0], row
    cdef int n_seats = high.shape[1]
    cdef int threads = resolve_threads(n_threads, n * n_seats)
    if not 1 <= n_seats <= MAX_SEATS or low.shape[0] != n or low.shape[1] != n_seats:
        raise ValueError(f"high and low must both be (N, P) with 1..{MAX_SEATS} seats")
    if high_out.shape[0] != n or low_out.shape[0] != n:
        raise ValueError("outputs must have one entry per deal")
    if n == 0:
        return
    for row in prange(n, nogil=True, schedule="static", num_threads=threads):
        masks_row(&high[row, 0], &low[row, 0], n_seats, &high_out[row], &low_out[row])


def shares_of_winners(const uint16_t[::1] high_winners, const uint16_t[::1] low_winners, double[:, ::1] out,
                      n_threads=None):
    """Fill ``out`` (N, P) with each seat's fraction of the pot from the winner masks of each deal."""
    cdef Py_ssize_t n = high_winners.shape[0], row
    cdef int n_seats = out.shape[1]
    cdef int threads = resolve_threads(n_threads, n * n_seats)
    if not 1 <= n_seats <= MAX_SEATS or low_winners.shape[0] != n or out.shape[0] != n:
        raise ValueError(f"masks must have one entry per deal and out be (N, P) with 1..{MAX_SEATS} seats")
    if n == 0:
        return
    for row in prange(n, nogil=True, schedule="static", num_threads=threads):
        shares_row(high_winners[row], low_winners[row], n_seats, &out[row, 0])
