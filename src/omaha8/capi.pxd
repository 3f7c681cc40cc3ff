# omaha8's C-level API: the evaluator and the pot rules for compiled code.
#
#     from omaha8.capi cimport o8_evaluate, o8_split_pot, o8_settle, o8_showdown
#
# A stable surface (names and signatures do not change): Cython code cimports
# it (cythonize finds this file on sys.path, or give include_path=[omaha8.get_include()]);
# numba, ctypes and cffi call the same functions by address
# (omaha8.capi.address(name), omaha8.capi.ctypes_function(name)).
#
# Every function is noexcept nogil, touches no Python object and keeps no state
# between calls, so any number of threads may call it at once. It returns 0 on
# success and -1 when its input is invalid, and then writes nothing. Invalid is
# what omaha8.evaluate_batch or omaha8.showdown refuse: a NULL pointer, a card id
# outside 0..51 or repeated, n_hole not 4 or 5, n_seats outside 2..O8_MAX_SEATS, a
# button outside 0..n_seats-1, negative chips (or chips adding up past int64), a
# live seat's high outside 1..7462 or low outside 0..56 (read where the seat
# contests a pot with another), a hand where no live seat put chips in.
#
# Cards are ids 0..51 (rank * 4 + suit, omaha8.cards); seats are 0..n_seats-1,
# clockwise. The rules are docs/rules.md §4-§5 with the cardroom odd-chip rule:
# the odd chip of a pot to the high half, odd chips of a tie one each clockwise
# from the button's left, the same winners both ways dividing a pot once.

from libc.stdint cimport int64_t, uint8_t, uint16_t

cdef enum:
    O8_MAX_SEATS = 16      # most seats of one call
    O8_N_HIGH = 7462       # high values are 1..O8_N_HIGH, greater is stronger
    O8_N_LOW = 56          # low values are 1..O8_N_LOW, greater is stronger; 0 is no low

# The best high and low of one hand: ``n_hole`` (4 or 5) hole cards and 5 board
# cards, all distinct. Writes high[0] (1..7462) and low[0] (0 = no low, 1..56),
# the values omaha8.evaluate_batch gives.
cdef int o8_evaluate(const uint8_t* hole, int n_hole, const uint8_t* board, uint16_t* high,
                     uint8_t* low) noexcept nogil

# One pot of ``amount`` chips split high/low among the seats with eligible[s] != 0
# (at least one; their values are read only when two or more): no low, the best
# high takes it; the odd chip to the high half; odd chips clockwise from the button.
# ADDS each share to out[s] (-1, nothing added, if a sum would pass int64).
cdef int o8_split_pot(int n_seats, const uint16_t* high, const uint8_t* low, const uint8_t* eligible,
                      int64_t amount, int button, int64_t* out) noexcept nogil

# A whole hand: the pots and side pots that contributed[s] makes, uncalled chips
# back to their owner, folded[s] != 0 seats' chips dead, each pot split as
# o8_split_pot does. WRITES payouts[s], the chips seat s takes from the middle
# (uncalled chips included), equal to omaha8.showdown(...).payouts. high and low
# are read for the seats that did not fold, and only when two or more did not.
cdef int o8_settle(int n_seats, const int64_t* contributed, const uint8_t* folded, const uint16_t* high,
                   const uint8_t* low, int button, int64_t* payouts) noexcept nogil

# o8_evaluate for every seat that did not fold, then o8_settle. ``holes`` is
# n_seats * n_hole card ids, row by row; a folded seat's row is not read.
cdef int o8_showdown(int n_seats, int n_hole, const uint8_t* holes, const uint8_t* board,
                     const int64_t* contributed, const uint8_t* folded, int button,
                     int64_t* payouts) noexcept nogil
