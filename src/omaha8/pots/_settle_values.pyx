# cython: language_level=3
"""nogil kernels that settle deals from seat values already computed: the winner masks, then the pot shares.

A batch that needs each seat's values (``omaha8 batch`` writing them) gets
its winners and shares from those values instead of evaluating every hand
again. The hi/lo rule is :file:`_settle.pxd`'s (``winner_masks``,
``mask_fractions``), the one :mod:`omaha8.pots._batch_kernel` applies as it
evaluates; tests compare the two on random and hand-picked deals.
"""

from cython.parallel cimport prange
from libc.stdint cimport uint8_t, uint16_t, uint32_t
from omaha8.core._core cimport MAX_SHOWDOWN_SEATS
from omaha8.pots._settle cimport mask_fractions, winner_masks


cdef enum:
    MAX_SEATS = MAX_SHOWDOWN_SEATS


# one deal's winner masks from its seats' values, every seat live
cdef inline void masks_row(const uint16_t* high, const uint8_t* low, int n_seats, uint16_t* high_mask,
                           uint16_t* low_mask) noexcept nogil:
    cdef uint32_t masks = winner_masks(n_seats, high, low, ((<uint32_t>1) << n_seats) - 1)
    high_mask[0] = <uint16_t>(masks & 0xFFFF)
    low_mask[0] = <uint16_t>(masks >> 16)


def winners_of_values(const uint16_t[:, ::1] high, const uint8_t[:, ::1] low, uint16_t[::1] high_out,
                      uint16_t[::1] low_out, int n_threads):
    """Fill the high and low winner masks of each deal from ``high`` and ``low`` (N, P) seat values."""
    cdef Py_ssize_t n = high.shape[0], row
    cdef int n_seats = high.shape[1]
    cdef int threads = max(1, n_threads)
    if not 1 <= n_seats <= MAX_SEATS or low.shape[0] != n or low.shape[1] != n_seats:
        raise ValueError(f"high and low must both be (N, P) with 1..{MAX_SEATS} seats")
    if high_out.shape[0] != n or low_out.shape[0] != n:
        raise ValueError("outputs must have one entry per deal")
    if n == 0:
        return
    for row in prange(n, nogil=True, schedule="static", num_threads=threads):
        masks_row(&high[row, 0], &low[row, 0], n_seats, &high_out[row], &low_out[row])


def shares_of_winners(const uint16_t[::1] high_winners, const uint16_t[::1] low_winners, double[:, ::1] out,
                      int n_threads):
    """Fill ``out`` (N, P) with each seat's fraction of the pot from the winner masks of each deal."""
    cdef Py_ssize_t n = high_winners.shape[0], row
    cdef int n_seats = out.shape[1]
    cdef int threads = max(1, n_threads)
    if not 1 <= n_seats <= MAX_SEATS or low_winners.shape[0] != n or out.shape[0] != n:
        raise ValueError(f"masks must have one entry per deal and out be (N, P) with 1..{MAX_SEATS} seats")
    if n == 0:
        return
    for row in prange(n, nogil=True, schedule="static", num_threads=threads):
        mask_fractions(<uint32_t>high_winners[row] | (<uint32_t>low_winners[row] << 16), n_seats, &out[row, 0])
