# cython: language_level=3
"""nogil kernels that settle deals from seat values already computed: the winner masks, then the pot shares.

A batch that needs each seat's values (``omaha8 batch`` writing them) gets
its winners and shares from those values instead of evaluating every hand
again. The rules are those of :mod:`omaha8._showdown` (``winners_row``,
``shares_row``), which evaluates as it settles; tests compare the two on
random and hand-picked deals.
"""

from cython.parallel cimport prange
from libc.stdint cimport uint8_t, uint16_t, uint32_t
from omaha8._bits cimport popcount

from ._core cimport resolve_threads

cdef enum:
    MAX_SEATS = 16


# Winner masks of one deal from its seats' values: bit p of the high mask for
# each seat with the best high; of the low mask for each seat with the best
# low, none when no seat has one (low 0). Two passes without branches: the
# best, then the seats that have it.
cdef inline void masks_row(const uint16_t* high, const uint8_t* low, int n_seats, uint16_t* high_mask,
                           uint16_t* low_mask) noexcept nogil:
    cdef int p
    cdef uint16_t best_high = 0
    cdef uint8_t best_low = 0
    cdef uint32_t hm = 0, lm = 0
    for p in range(n_seats):
        best_high = high[p] if high[p] > best_high else best_high
        best_low = low[p] if low[p] > best_low else best_low
    for p in range(n_seats):
        hm |= <uint32_t>(high[p] == best_high) << p
        lm |= <uint32_t>(low[p] == best_low) << p
    high_mask[0] = <uint16_t>hm
    low_mask[0] = <uint16_t>(lm if best_low else 0)


# The share of each high winner by [any low winner][number of high winners],
# and of each low winner by number of low winners: the high half (all of the
# pot without a low) and the low half, each split equally.
cdef double HIGH_SHARE[2][MAX_SEATS + 1]
cdef double LOW_SHARE[MAX_SEATS + 1]


cdef void build_tables() noexcept:
    cdef int n
    for n in range(MAX_SEATS + 1):
        HIGH_SHARE[0][n] = 1.0 / n if n else 0.0
        HIGH_SHARE[1][n] = 0.5 / n if n else 0.0
        LOW_SHARE[n] = 0.5 / n if n else 0.0


build_tables()


# Fraction of the pot each seat takes, from the winner masks of one deal.
cdef inline void shares_row(uint16_t high_mask, uint16_t low_mask, int n_seats, double* out) noexcept nogil:
    cdef int p, n_low = popcount(low_mask)
    cdef double high_share = HIGH_SHARE[n_low != 0][popcount(high_mask)], low_share = LOW_SHARE[n_low]
    for p in range(n_seats):
        # times 1.0 or 0.0, without a branch: the same sums as choosing the share or 0.0
        out[p] = high_share * <double>((high_mask >> p) & 1) + low_share * <double>((low_mask >> p) & 1)


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
