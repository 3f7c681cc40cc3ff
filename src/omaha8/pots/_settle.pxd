# Splitting one pot hi/lo among the seats of a showdown. settle() is for the
# equity kernels: omaha8.odds._equity_kernel and omaha8.odds._small_exact count boards (int64
# pot units), omaha8.odds._range_equity_kernel weighted deals (double), into rows of counts
# of one layout.

from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t
from omaha8.core._core cimport MAX_PLAYERS

from omaha8._support._bits cimport popcount

cdef enum:
    POT = 55440            # units in one pot: 2 * lcm(1..11)
    HALF_POT = 27720
    # per-player counts, in this order, then no-low boards and boards
    STAT_EQUITY = 0        # pot units won
    STAT_HIGH_WIN = 1
    STAT_HIGH_TIE = 2
    STAT_LOW_WIN = 3
    STAT_LOW_TIE = 4
    STAT_SCOOP = 5
    STAT_SQUARES = 6       # sum over boards of (pot units won) ** 2
    N_STATS = 7

# Pot units of each of n winners (0..MAX_PLAYERS) of a whole pot or of a half
# pot. Each module that settles fills them once at import with fill_shares():
# as C constants instead, GCC compiles _equity's board loops differently and
# about 2% slower.
cdef extern from *:
    """
    static int64_t omaha8_whole_share[12];
    static int64_t omaha8_half_share[12];
    """
    int64_t WHOLE_SHARE "omaha8_whole_share"[12]
    int64_t HALF_SHARE "omaha8_half_share"[12]


cdef inline void fill_shares() noexcept nogil:
    cdef int n
    WHOLE_SHARE[0] = HALF_SHARE[0] = 0
    for n in range(1, MAX_PLAYERS + 1):
        WHOLE_SHARE[n] = POT // n
        HALF_SHARE[n] = HALF_POT // n


# Boards are counted in whole units, weighted deals in doubles; shares are whole
# numbers of units below 2 ** 53, so both add up the same values.
ctypedef fused acc_t:
    int64_t
    double


# Split one pot among P seats with these values and add ``weight`` times the
# outcome to ``acc``: no low, the best high(s) share the pot; else the best
# high(s) share one half and the best low(s) the other.
cdef inline void settle(int P, const uint16_t* hi, const uint8_t* lo, acc_t weight, acc_t* acc) noexcept nogil:
    cdef uint16_t top_hi = 0
    cdef uint8_t top_lo = 0
    cdef int n_hi = 0, n_lo = 0, p
    cdef acc_t hi_share, lo_share, units
    cdef acc_t* a
    cdef bint high_winner, low_winner
    for p in range(P):
        if hi[p] > top_hi:
            top_hi = hi[p]
            n_hi = 1
        elif hi[p] == top_hi:
            n_hi += 1
        if lo[p] > top_lo:
            top_lo = lo[p]
            n_lo = 1
        elif lo[p] == top_lo:
            n_lo += 1
    if top_lo == 0:
        acc[P * N_STATS] += weight
        hi_share = WHOLE_SHARE[n_hi]
        lo_share = 0
    else:
        hi_share = HALF_SHARE[n_hi]
        lo_share = HALF_SHARE[n_lo]
    acc[P * N_STATS + 1] += weight
    for p in range(P):
        a = acc + p * N_STATS
        units = 0
        high_winner = hi[p] == top_hi
        low_winner = top_lo != 0 and lo[p] == top_lo
        if high_winner:
            units = hi_share
            if n_hi == 1:
                a[STAT_HIGH_WIN] += weight
            else:
                a[STAT_HIGH_TIE] += weight
        if low_winner:
            units = units + lo_share
            if n_lo == 1:
                a[STAT_LOW_WIN] += weight
            else:
                a[STAT_LOW_TIE] += weight
        if high_winner and n_hi == 1 and (top_lo == 0 or (low_winner and n_lo == 1)):
            a[STAT_SCOOP] += weight
        a[STAT_EQUITY] += units * weight
        a[STAT_SQUARES] += units * units * weight


# The same hi/lo rule as seat masks, for the per-deal showdown kernels (up to
# 16 seats, bit p = seat p): the live seats with the best high win the high;
# when some live seat has a low (lo > 0), those with the best low win the low.
# Returns the high mask in bits 0-15 and the low mask in bits 16-31 (0: no low).
cdef inline uint32_t winner_masks(int P, const uint16_t* hi, const uint8_t* lo, uint32_t live) noexcept nogil:
    cdef uint16_t top_hi = 0
    cdef uint8_t top_lo = 0
    cdef uint32_t high_mask = 0, low_mask = 0, bit
    cdef int p
    for p in range(P):
        if (live >> p) & 1:
            if hi[p] > top_hi:
                top_hi = hi[p]
            if lo[p] > top_lo:
                top_lo = lo[p]
    for p in range(P):
        bit = ((live >> p) & 1) << p
        if hi[p] == top_hi:
            high_mask |= bit
        if top_lo != 0 and lo[p] == top_lo:
            low_mask |= bit
    return high_mask | (low_mask << 16)


# Fraction of the pot each of P seats takes from winner_masks' masks: the high
# winners share the pot (half of it when there is a low), the low winners the
# other half; a deal with no winner gives every seat 0.
cdef inline void mask_fractions(uint32_t masks, int P, double* out) noexcept nogil:
    cdef uint32_t high_mask = masks & 0xFFFF, low_mask = masks >> 16
    cdef int p, n_high = popcount(high_mask), n_low = popcount(low_mask)
    cdef double high_share = 0.0, low_share = 0.0
    if n_high:
        high_share = (0.5 if n_low else 1.0) / n_high
    if n_low:
        low_share = 0.5 / n_low
    for p in range(P):
        out[p] = (high_share if (high_mask >> p) & 1 else 0.0) + (low_share if (low_mask >> p) & 1 else 0.0)
