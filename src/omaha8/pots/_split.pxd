# The hi/lo split of one pot (docs/rules.md §4.1-§4.4), written once: winners() finds
# who wins the high and who the low among the live seats; everything else reads its
# masks. Each way of paying the winners is one function here or beside it:
#
# * count_split: pot units and win/tie/scoop counts added to an equity run's row of
#   counts (omaha8.odds._equity_kernel and _small_exact count boards in int64,
#   _range_equity_kernel weighted deals in doubles, all in one layout);
# * mask_fractions: each seat's fraction of the pot (omaha8.pots._batch_kernel);
# * chips with the odd chips: split_pot_chips in omaha8.pots._pot_rules (nogil C)
#   and _split in omaha8.pots._pots (any odd-chip policy).

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


# The winners of one pot among up to 16 seats (bit p = seat p).
cdef struct Winners:
    uint32_t high          # the live seats with the best high
    uint32_t low           # the live seats with the best low; 0 when no live seat has one
    int n_high             # seats in high
    int n_low              # seats in low


# The hi/lo rule: among the seats of ``live``, those with the best high (1..7462)
# win the high; when some live seat has a low (lo > 0), those with the best low
# win the low, and otherwise nobody does (the high takes the whole pot).
cdef inline Winners winners(int P, const uint16_t* hi, const uint8_t* lo, uint32_t live) noexcept nogil:
    cdef Winners w
    cdef uint16_t top_hi = 0
    cdef uint8_t top_lo = 0
    cdef uint32_t bit
    cdef int p
    for p in range(P):
        if (live >> p) & 1:
            if hi[p] > top_hi:
                top_hi = hi[p]
            if lo[p] > top_lo:
                top_lo = lo[p]
    w.high = 0
    w.low = 0
    w.n_high = 0
    w.n_low = 0
    for p in range(P):
        bit = (live >> p) & 1
        if hi[p] == top_hi:
            w.high |= bit << p
            w.n_high += bit
        if top_lo != 0 and lo[p] == top_lo:
            w.low |= bit << p
            w.n_low += bit
    return w


# winners() as one word: the high mask in bits 0-15, the low mask in bits 16-31.
cdef inline uint32_t winner_masks(int P, const uint16_t* hi, const uint8_t* lo, uint32_t live) noexcept nogil:
    cdef Winners w = winners(P, hi, lo, live)
    return w.high | (w.low << 16)


# The Winners of winner_masks' word.
cdef inline Winners from_masks(uint32_t masks) noexcept nogil:
    cdef Winners w
    w.high = masks & 0xFFFF
    w.low = masks >> 16
    w.n_high = popcount(w.high)
    w.n_low = popcount(w.low)
    return w


# Every one of P seats live.
cdef inline uint32_t all_seats(int P) noexcept nogil:
    return ((<uint32_t>1) << P) - 1


# Pot units of each of n winners (0..MAX_PLAYERS) of a whole pot or of a half
# pot. Each module that counts splits fills them once at import with fill_shares():
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


# Add ``weight`` times the split of one pot among P seats (P <= MAX_PLAYERS) to an
# equity run's row of counts: the high winners share the pot (half of it when
# there is a low), the low winners the other half; a board with no low counts in
# the no-low column.
cdef inline void count_split(int P, const Winners* w, acc_t weight, acc_t* acc) noexcept nogil:
    cdef acc_t hi_share, lo_share, units
    cdef acc_t* a
    cdef int p
    cdef bint high_winner, low_winner
    if w.low == 0:
        acc[P * N_STATS] += weight
        hi_share = WHOLE_SHARE[w.n_high]
        lo_share = 0
    else:
        hi_share = HALF_SHARE[w.n_high]
        lo_share = HALF_SHARE[w.n_low]
    acc[P * N_STATS + 1] += weight
    for p in range(P):
        a = acc + p * N_STATS
        units = 0
        high_winner = (w.high >> p) & 1
        low_winner = (w.low >> p) & 1
        if high_winner:
            units = hi_share
            if w.n_high == 1:
                a[STAT_HIGH_WIN] += weight
            else:
                a[STAT_HIGH_TIE] += weight
        if low_winner:
            units = units + lo_share
            if w.n_low == 1:
                a[STAT_LOW_WIN] += weight
            else:
                a[STAT_LOW_TIE] += weight
        if high_winner and w.n_high == 1 and (w.low == 0 or (low_winner and w.n_low == 1)):
            a[STAT_SCOOP] += weight
        a[STAT_EQUITY] += units * weight
        a[STAT_SQUARES] += units * units * weight


# The split of one board among P seats, every seat live, with these values, counted.
cdef inline void count_board(int P, const uint16_t* hi, const uint8_t* lo, acc_t weight, acc_t* acc) noexcept nogil:
    cdef Winners w = winners(P, hi, lo, all_seats(P))
    count_split(P, &w, weight, acc)


# What each winner of a pot takes, from winner_masks' masks: a high winner
# high_share (the whole pot, shared, when there is no low; else half of it,
# shared), a low winner low_share (half the pot, shared); 0 without winners.
cdef inline void winner_shares(uint32_t masks, double* high_share, double* low_share) noexcept nogil:
    cdef int n_high = popcount(masks & 0xFFFF), n_low = popcount(masks >> 16)
    high_share[0] = (0.5 if n_low else 1.0) / n_high if n_high else 0.0
    low_share[0] = 0.5 / n_low if n_low else 0.0


# Fraction of the pot each of P seats takes: its high share plus its low share.
cdef inline void mask_fractions(uint32_t masks, int P, double* out) noexcept nogil:
    cdef double high_share, low_share
    cdef int p
    winner_shares(masks, &high_share, &low_share)
    for p in range(P):
        out[p] = (high_share if (masks >> p) & 1 else 0.0) + (low_share if (masks >> (16 + p)) & 1 else 0.0)


# The same in two parts: what each of P seats takes by its high and by its low.
cdef inline void mask_halves(uint32_t masks, int P, double* high_out, double* low_out) noexcept nogil:
    cdef double high_share, low_share
    cdef int p
    winner_shares(masks, &high_share, &low_share)
    for p in range(P):
        high_out[p] = high_share if (masks >> p) & 1 else 0.0
        low_out[p] = low_share if (masks >> (16 + p)) & 1 else 0.0
