# The cimport surface of omaha8.core._core: row evaluators, the flush rule, the card check, a
# per-board prepared evaluator and read-only table pointers for other kernels
# (showdown, equity) that precompute per-hole or per-board parts. Every table
# accepts any uint8 card byte without reading outside its bounds.

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t

cpdef enum:
    N_PAIR_CLASSES = 91       # unordered rank pairs, repeats allowed: C(14, 2)
    N_TRIPLE_CLASSES = 455    # unordered rank triples, repeats allowed: C(15, 3)
    N_BOARD_CLASSES = 6188    # multisets of five ranks: C(17, 5)
    N_HIGH_VALUES = 7462      # distinct 5-card high hands
    N_LOW_VALUES = 56         # distinct 8-or-better lows
    MAX_HOLE = 5              # hole cards of the largest variant
    N_FLUSH_MASKS = 8192      # HIGH_FLUSH rows: every 13-bit rank mask

# Limits shared by the kernels and the Python layer (each defined only here).
cpdef enum:
    # seats of one showdown deal (pot_shares, winners): winners are 16-bit seat masks
    MAX_SHOWDOWN_SEATS = 16
    # players of one equity or preflop run: eleven 4-card hands and a board use 49 of
    # 52 cards, and the pot splits into whole units for any number of winners up to it
    MAX_PLAYERS = 11

# Hand categories, in the high bits of a hand key (omaha8.core._values.HighCategory).
cpdef enum:
    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    CATEGORY_SHIFT = 20

# ---------------------------------------------------------------- the card check
#
# The one check of card bytes in the kernels (cards.check_distinct is the one in
# Python), as a row's cards are read, without a branch or a loop-carried test:
# CARD_BIT (card_bit_table()) gives an id c its own bit 1 << c (below 2**52) and any
# other byte bit 63; add_cards sums the bits into total and ORs them into seen.
# Distinct ids' bits sum to their OR (a repeat carries), so the row is bad exactly
# when total differs from seen or seen has bit 63. Cards already taken (a shared
# board's) start both sums.
cdef const uint64_t* card_bit_table() noexcept nogil


cdef inline void add_cards(const uint64_t* card_bit, const uint8_t* cards, int n, uint64_t* total,
                           uint64_t* seen) noexcept nogil:
    cdef uint64_t t = total[0], s = seen[0], bit
    cdef int i
    for i in range(n):
        bit = card_bit[cards[i]]
        t += bit
        s |= bit
    total[0] = t
    seen[0] = s


cdef inline bint cards_failed(uint64_t total, uint64_t seen) noexcept nogil:
    return ((total ^ seen) | (seen >> 63)) != 0


# Best high value (1..7462) of a hole of n_hole (2..5) cards with a 5-card board.
cdef uint16_t high_value_row(const uint8_t* hole, int n_hole, const uint8_t* board) noexcept nogil
# Best 8-or-better low value (1..56), 0 when there is none.
cdef uint8_t low_value_row(const uint8_t* hole, int n_hole, const uint8_t* board) noexcept nogil
# Flush part of high_value_row: best flush or straight flush value, 0 if none.
cdef uint16_t flush_value_row(const uint8_t* hole, int n_hole, const uint8_t* board) noexcept nogil

# Board class (0..6187) of five card bytes: the HIGH_BOARD row of their ranks.
cdef int board_class_of_cards(const uint8_t* board) noexcept nogil
# The tables themselves are read through tables() (below), the one way into them.


# ---------------------------------------------------------------- the flush rule
#
# A flush in Omaha takes two hole cards and three board cards of one suit. At
# most one suit can have three of five board cards, so the rule needs only the
# rank masks of that suit's cards in the hole and on the board. Every kernel
# that scores a hole on a board goes through this one definition; the two
# places in _core.pyx that score a single 2+3 combination (evaluate_hand, which
# names the cards it used, and five_card_values, the table check over every
# five-card hand) read HIGH_FLUSH for that combination directly.

# Best flush or straight flush (HIGH_FLUSH value) of two ranks of hole_mask and
# three of board_mask, the rank masks of one suit's cards; 0 when the hole has
# fewer than two or the board fewer than three. Reads only high_flush[0..8191].
cdef inline uint16_t best_flush(const uint16_t* high_flush, uint32_t hole_mask, uint32_t board_mask) noexcept nogil:
    cdef uint32_t hole_bits[MAX_HOLE]
    cdef uint32_t board_bits[5]
    cdef uint32_t pair, m
    cdef int nh = 0, nb = 0, i, j, a, b, c
    cdef uint16_t best = 0, v
    m = hole_mask & 0x1FFF
    if (m & (m - 1)) == 0:
        return 0    # fewer than two hole cards of the suit: the common case
    while m and nh < MAX_HOLE:
        hole_bits[nh] = m & (~m + 1)
        m &= m - 1
        nh += 1
    m = board_mask & 0x1FFF
    while m and nb < 5:
        board_bits[nb] = m & (~m + 1)
        m &= m - 1
        nb += 1
    for i in range(nh - 1):
        for j in range(i + 1, nh):
            pair = hole_bits[i] | hole_bits[j]
            for a in range(nb - 2):
                for b in range(a + 1, nb - 1):
                    for c in range(b + 1, nb):
                        v = high_flush[pair | board_bits[a] | board_bits[b] | board_bits[c]]
                        if v > best:
                            best = v
    return best


# Four 4-bit suit counters (suit s in bits 4s..4s+3) of n card bytes: a count
# never exceeds 15, so counters of up to 15 cards add without carrying.
cdef inline uint32_t suit_counters(const uint8_t* cards, int n) noexcept nogil:
    cdef uint32_t counters = 0
    cdef int i
    for i in range(n):
        counters += (<uint32_t>1) << ((cards[i] & 3) << 2)
    return counters


# Bit 4s+3 set for the suit s of which a board has three or more cards (at
# most one suit), from the board's suit_counters (each 0..5).
cdef inline uint32_t board_flush_bits(uint32_t board_counters) noexcept nogil:
    return (board_counters + 0x5555) & 0x8888


# Nonzero when a hole can make a flush on a board: the board has three of a
# suit (board_flush_bits) and the hole two of it (hole_counters, each 0..5).
cdef inline uint32_t flush_possible(uint32_t board_flush, uint32_t hole_counters) noexcept nogil:
    return (hole_counters + 0x6666) & board_flush


# ---------------------------------------------------------------- prepared boards
#
# Everything a board contributes to every hole's values, computed once per
# board: callers that evaluate many holes on one board (pot_shares, showdown,
# equity) call prepare_board once and then prepared_high / prepared_low per
# hole. The tables come through tables(), so these inline functions compile
# into any kernel module that cimports them; results equal high_value_row and
# low_value_row exactly.

cdef struct Tables:
    # HIGH_BOARD[board class * N_PAIR_CLASSES + pair class]: best non-flush
    # value of a hole rank pair over the ten triples of a board rank multiset
    const uint16_t* high_board
    # HIGH_FLUSH[13-bit rank mask]: value of five suited cards (0 unless 5 bits)
    const uint16_t* high_flush
    # PAIR_CLASS[r1 * 13 + r2]: unordered rank pair class 0..90
    const uint8_t* pair_class
    # LOW_BEST[hole low-rank mask << 8 | board low-rank mask] = best low value
    const uint8_t* low_best
    # per card byte (256 entries): rank 0..12, suit 0..3, low-rank bit (ace = bit 0), and
    # CARD_INFO: suit counter 1 << (4 * suit) | low bit << 16 | rank << 24
    const uint8_t* card_rank
    const uint8_t* card_suit
    const uint8_t* card_lowbit
    const uint32_t* card_info
    # BOARD_CLASS_3_2[triple class * N_PAIR_CLASSES + pair class]: board class of five ranks
    const uint16_t* board_class_3_2
    # TRIPLE_INDEX[r1 * 169 + r2 * 13 + r3] = triple class
    const uint16_t* triple_index
    # HIGH_RANKS[PAIR_OFFSET[r1 * 13 + r2] + triple class of r3, r4, r5]: value of five ranks
    # as a non-flush hand (0 for five of a kind); PAIR_OFFSET = pair class * N_TRIPLE_CLASSES
    const uint16_t* high_ranks
    const uint16_t* pair_offset

# The tables of this module, filled when it is imported.
cdef const Tables* tables() noexcept nogil

cdef struct PreparedBoard:
    const uint8_t* cards          # the board's five card bytes
    const uint16_t* high_row      # HIGH_BOARD row of the board's ranks
    uint32_t low_mask             # board low-rank mask: the LOW_BEST column
    uint32_t flush_bits           # board_flush_bits of the board, 0 if no suit has three
    uint32_t flush_suit           # that suit (meaningful only when flush_bits != 0)


# Board class (0..6187) of five ranks, from two table lookups.
cdef inline int board_class_of_ranks(const Tables* t, const uint32_t* r) noexcept nogil:
    return t.board_class_3_2[<uint32_t>t.triple_index[r[0] * 169 + r[1] * 13 + r[2]] * N_PAIR_CLASSES
                             + t.pair_class[r[3] * 13 + r[4]]]


cdef inline void prepare_board(const Tables* t, const uint8_t* board, PreparedBoard* out) noexcept nogil:
    cdef uint32_t low = 0, total = 0, info, bits
    cdef uint32_t r[5]
    cdef int i
    for i in range(5):
        info = t.card_info[board[i]]
        total += info       # the suit counters (bits 0..15) never carry out
        low |= info
        r[i] = info >> 24
    bits = board_flush_bits(total & 0xFFFF)
    out.cards = board
    out.high_row = t.high_board + board_class_of_ranks(t, r) * N_PAIR_CLASSES
    out.low_mask = (low >> 16) & 0xFF
    out.flush_bits = bits
    out.flush_suit = flush_suit_of_bits(bits)


# The suit of board_flush_bits (meaningful only when they are not 0): exactly one of
# bits 3, 7, 11, 15 is set when a suit has three, and its number is the suit.
cdef inline uint32_t flush_suit_of_bits(uint32_t bits) noexcept nogil:
    return ((bits >> 7) & 1) + 2 * ((bits >> 11) & 1) + 3 * ((bits >> 15) & 1)


# A cache-line fetch started ahead of use, where the compiler has one (a no-op elsewhere).
cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define omaha8_prefetch(p) __builtin_prefetch(p)
    #else
    #define omaha8_prefetch(p) ((void)(p))
    #endif
    """
    void prefetch "omaha8_prefetch"(const void* p) noexcept nogil


# Deals whose boards a kernel prepares, and whose HIGH_BOARD rows it asks the memory
# for, before it scores the first of them: the row misses of a block overlap.
cdef enum:
    PREFETCH_BLOCK = 16


# Ask the memory for a prepared board's HIGH_BOARD row: 182 bytes, up to four cache
# lines, at a random place of a 1.1 MB table that a 512 KB L2 cannot hold. Issued for a
# block of boards ahead of their scoring, the misses overlap instead of stalling each row.
cdef inline void prefetch_board_row(const PreparedBoard* b) noexcept nogil:
    prefetch(b.high_row)
    prefetch(b.high_row + 32)
    prefetch(b.high_row + 64)
    prefetch(b.high_row + N_PAIR_CLASSES - 1)


# Flush value of a hole on a prepared board (0 when it has none), from the
# hole's suit counters (the low 16 bits of the sum of its CARD_INFO words).
cdef inline uint16_t prepared_flush(const Tables* t, const PreparedBoard* b, const uint8_t* hole,
                                    int n_hole, uint32_t hole_counters) noexcept nogil:
    cdef uint32_t hole_mask = 0, board_mask = 0
    cdef int i
    if not flush_possible(b.flush_bits, hole_counters):
        return 0
    for i in range(n_hole):
        if (hole[i] & 3) == b.flush_suit:
            hole_mask |= (<uint32_t>1) << t.card_rank[hole[i]]
    for i in range(5):
        if (b.cards[i] & 3) == b.flush_suit:
            board_mask |= (<uint32_t>1) << t.card_rank[b.cards[i]]
    return best_flush(t.high_flush, hole_mask, board_mask)


# prepared_flush on this module's tables as a call, not inlined; the board comes by value, so a
# caller's copy of it never escapes and may stay in registers.
cdef uint16_t prepared_flush_call(PreparedBoard b, const uint8_t* hole, int n_hole,
                                  uint32_t hole_counters) noexcept nogil


# The high and low of a hole on a prepared board from the parts of the hole that do
# not depend on the board: its n_pairs rank-pair classes (PAIR_CLASS), its low-rank
# bits (0..255) and its suit counters (suit_counters). Kernels that score one hole on
# many boards keep these parts and call this; prepared_values (below) is the same rule with
# the parts read from the cards (tests/odds/test_range_equity.py compares the range kernel
# that uses this with the Fraction reference).
cdef inline uint16_t prepared_values_of_parts(const Tables* t, const PreparedBoard* b, const uint8_t* pairs,
                                              int n_pairs, uint32_t low_bits, uint32_t counters,
                                              const uint8_t* hole, int n_hole, uint8_t* low) noexcept nogil:
    cdef int q
    cdef uint16_t best = 0, v
    for q in range(n_pairs):
        v = b.high_row[pairs[q]]
        best = v if v > best else best
    low[0] = t.low_best[(low_bits << 8 & 0xFF00) | b.low_mask]
    if not flush_possible(b.flush_bits, counters & 0xFFFF):
        return best
    # out of line: the rare flush keeps the caller's loop over holes small
    v = prepared_flush_call(b[0], hole, n_hole, counters & 0xFFFF)
    return v if v > best else best


# Best high value (1..7462) of a hole of n_hole (2..5) cards on a prepared board, and its
# best low (1..56, 0 = none) in ``low``: prepared_values_of_parts with the parts read from
# the cards as it goes (one CARD_INFO load a card, the pair classes used as they are found).
cdef inline uint16_t prepared_values(const Tables* t, const PreparedBoard* b, const uint8_t* hole,
                                     int n_hole, uint8_t* low) noexcept nogil:
    cdef uint32_t r[MAX_HOLE]
    cdef uint32_t info, total = 0, low_bits = 0
    cdef int i, j
    cdef uint16_t best = 0, v
    for i in range(n_hole):
        info = t.card_info[hole[i]]
        total += info
        low_bits |= info
        r[i] = info >> 24
    for i in range(n_hole - 1):
        for j in range(i + 1, n_hole):
            v = b.high_row[t.pair_class[r[i] * 13 + r[j]]]
            best = v if v > best else best
    low[0] = t.low_best[(low_bits >> 8 & 0xFF00) | b.low_mask]
    v = prepared_flush(t, b, hole, n_hole, total & 0xFFFF)
    return v if v > best else best


# Best high value alone (what prepared_values returns).
cdef inline uint16_t prepared_high(const Tables* t, const PreparedBoard* b, const uint8_t* hole,
                                   int n_hole) noexcept nogil:
    cdef uint8_t low
    return prepared_values(t, b, hole, n_hole, &low)


# Best low value alone (1..56, 0 = none).
cdef inline uint8_t prepared_low(const Tables* t, const PreparedBoard* b, const uint8_t* hole,
                                 int n_hole) noexcept nogil:
    cdef uint32_t low_bits = 0
    cdef int i
    for i in range(n_hole):
        low_bits |= t.card_info[hole[i]]
    return t.low_best[(low_bits >> 8 & 0xFF00) | b.low_mask]

