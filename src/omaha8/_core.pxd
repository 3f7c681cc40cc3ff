# The cimport surface of omaha8._core: row evaluators and read-only table
# pointers for other kernels (showdown, equity) that precompute per-hole or
# per-board parts. Every table accepts any uint8 card byte without reading
# outside its bounds.

from libc.stdint cimport uint8_t, uint16_t, uint32_t

cdef enum:
    N_PAIR_CLASSES = 91       # unordered rank pairs, repeats allowed: C(14, 2)
    N_TRIPLE_CLASSES = 455    # unordered rank triples, repeats allowed: C(15, 3)
    N_BOARD_CLASSES = 6188    # multisets of five ranks: C(17, 5)
    N_HIGH_VALUES = 7462
    N_LOW_VALUES = 56
    MAX_HOLE = 5

# Best high value (1..7462) of a hole of n_hole (2..5) cards with a 5-card board.
cdef uint16_t high_value_row(const uint8_t* hole, int n_hole, const uint8_t* board) noexcept nogil
# Best 8-or-better low value (1..56), 0 when there is none.
cdef uint8_t low_value_row(const uint8_t* hole, int n_hole, const uint8_t* board) noexcept nogil

# HIGH_RANKS[pair_offset(r1, r2) + triple_index(r3, r4, r5)]: value of five
# ranks as a non-flush hand (0 for five of a kind).
cdef const uint16_t* high_rank_table() noexcept nogil
# HIGH_BOARD[board class * N_PAIR_CLASSES + pair class]: best non-flush
# value of a hole rank pair over the ten triples of a board rank multiset.
cdef const uint16_t* high_board_table() noexcept nogil
# PAIR_CLASS[r1 * 13 + r2]: unordered rank pair class 0..90
cdef const uint8_t* pair_class_table() noexcept nogil
# Board class (0..6187) of five card bytes: the HIGH_BOARD row of their ranks.
cdef int board_class_of_cards(const uint8_t* board) noexcept nogil
# HIGH_FLUSH[13-bit rank mask]: value of five suited cards (0 unless 5 bits).
cdef const uint16_t* high_flush_table() noexcept nogil
# PAIR_OFFSET[r1 * 13 + r2] = pair class * N_TRIPLE_CLASSES
cdef const uint16_t* pair_offset_table() noexcept nogil
# TRIPLE_INDEX[r1 * 169 + r2 * 13 + r3] = triple class
cdef const uint16_t* triple_index_table() noexcept nogil
# LOW_BEST[hole low-rank mask << 8 | board low-rank mask] = best low value
cdef const uint8_t* low_best_table() noexcept nogil
# Per card byte (256 entries): rank 0..12, suit 0..3, low-rank bit (ace = bit 0).
cdef const uint8_t* card_rank_table() noexcept nogil
cdef const uint8_t* card_suit_table() noexcept nogil
cdef const uint8_t* card_lowbit_table() noexcept nogil

# Flush part of high_value_row: best flush or straight flush value, 0 if none.
cdef uint16_t flush_value_row(const uint8_t* hole, int n_hole, const uint8_t* board) noexcept nogil
