# cython: language_level=3
"""Rank tables and nogil kernels of the omaha8 evaluator.

Values: high 1..7462 (greater is stronger), low 1..56 (greater is stronger,
0 = no qualifying low). The tables are built in code when the module is
imported (about a millisecond); nothing generated is committed.

How the exactly-2-and-3 rule is evaluated:

* high, non-flush: the value of five cards that are not all suited depends
  only on their ranks. ``HIGH_RANKS[pair class, triple class]`` holds the
  value of every (hole rank pair, board rank triple) combination, so a player
  costs one lookup per 2-of-hole x 3-of-board combination (60 or 100).
* high, flush: five suited cards need three board cards of one suit (at most
  one suit can have three of five board cards) and two hole cards of that
  suit; ``HIGH_FLUSH[rank mask]`` is looked up for those combinations only.
  A suited combination's true value is the larger of its flush and non-flush
  values, so the maximum over both tables is the best hand.
* low: a low depends only on the set of distinct low ranks in the hole and on
  the board, so ``LOW_BEST[hole mask, board mask]`` stores the best low over
  every choice of two hole ranks and three other board ranks.
"""

from cython.parallel cimport prange
from omaha8._bits cimport popcount
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int64_t
from libc.string cimport memset
from libc.stdlib cimport qsort

import os

import numpy as np

cdef extern from *:
    """
    #ifdef _OPENMP
    #include <omp.h>
    static int omaha8_openmp_enabled(void) { return 1; }
    static int omaha8_max_threads(void) { return omp_get_max_threads(); }
    #else
    static int omaha8_openmp_enabled(void) { return 0; }
    static int omaha8_max_threads(void) { return 1; }
    #endif
    """
    int omaha8_openmp_enabled() noexcept nogil
    int omaha8_max_threads() noexcept nogil

# Categories, in the high bits of a hand key.
cdef enum:
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

cdef uint16_t HIGH_RANKS[N_PAIR_CLASSES * N_TRIPLE_CLASSES]
# HIGH_BOARD[board class * 91 + pair class]: best non-flush value of a hole
# rank pair over the ten 3-card subsets of a board rank multiset
cdef uint16_t HIGH_BOARD[N_BOARD_CLASSES * N_PAIR_CLASSES]
cdef uint8_t PAIR_CLASS[169]
# MULTISET_RANK[i][r]: C(r + i, i + 1), to number sorted 5-rank multisets
cdef uint16_t MULTISET_RANK[5][13]
cdef uint16_t HIGH_FLUSH[8192]
cdef uint16_t PAIR_OFFSET[169]
cdef uint16_t TRIPLE_INDEX[2197]
cdef uint8_t LOW_BEST[65536]
cdef uint8_t LOW_OF_MASK[256]
cdef uint8_t CARD_RANK[256]
cdef uint8_t CARD_SUIT[256]
cdef uint8_t CARD_LOWBIT[256]
cdef uint16_t SUIT_COUNTER[256]  # 1 << (4 * suit)
# HIGH_KEYS[v] is the sortable key of high value v (index 0 unused).
cdef uint32_t HIGH_KEYS[N_HIGH_VALUES + 1]
cdef uint8_t LOW_MASKS[N_LOW_VALUES + 1]

# The ten 3-of-5 board index triples and the 2-of-n hole index pairs.
cdef int TRIPLES[10][3]
cdef int PAIRS[10][2]


# ---------------------------------------------------------------- hand keys

cdef int straight_top(uint32_t mask) noexcept nogil:
    """Rank of the top card of a straight made by a 5-rank mask, or -1."""
    cdef int top
    if mask == 0x100F:  # A-2-3-4-5: the wheel, five high
        return 3
    for top in range(12, 3, -1):
        if (mask >> (top - 4)) & 0x1F == 0x1F:
            return top
    return -1


cdef uint32_t hand_key(const int* ranks, bint suited) noexcept nogil:
    """A key that orders 5-card hands like poker: category, then ranks.

    Ranks are listed grouped by (count, rank), largest first, one nibble each,
    so two hands of one category compare by their nibbles. 0 means impossible
    (five of a kind, or a "flush" with a repeated rank).
    """
    cdef int counts[13]
    cdef int i, c, r, n = 0, most = 0, top
    cdef uint32_t kickers = 0, mask = 0
    memset(counts, 0, sizeof(counts))
    for i in range(5):
        counts[ranks[i]] += 1
        mask |= (<uint32_t>1) << ranks[i]
    for c in range(4, 0, -1):
        for r in range(12, -1, -1):
            if counts[r] == c:
                kickers = (kickers << 4) | r
                n += 1
                if c > most:
                    most = c
    if n == 0 or most == 0 or (suited and n != 5):
        return 0
    for r in range(13):
        if counts[r] > 4:
            return 0
    kickers <<= 4 * (5 - n)
    if n == 5:
        top = straight_top(mask)
        if top >= 0:
            return ((STRAIGHT_FLUSH if suited else STRAIGHT) << CATEGORY_SHIFT) | (<uint32_t>top << 16)
        return ((FLUSH if suited else HIGH_CARD) << CATEGORY_SHIFT) | kickers
    if most == 4:
        return (FOUR_OF_A_KIND << CATEGORY_SHIFT) | kickers
    if most == 3:
        return ((FULL_HOUSE if n == 2 else THREE_OF_A_KIND) << CATEGORY_SHIFT) | kickers
    return ((TWO_PAIR if n == 3 else ONE_PAIR) << CATEGORY_SHIFT) | kickers


cdef int compare_keys(const void* a, const void* b) noexcept nogil:
    cdef uint32_t x = (<const uint32_t*>a)[0], y = (<const uint32_t*>b)[0]
    return (x > y) - (x < y)


cdef uint16_t value_of_key(uint32_t key) noexcept nogil:
    """Binary search of HIGH_KEYS: the value 1..7462 of a key, 0 if absent."""
    cdef int lo = 1, hi = N_HIGH_VALUES, mid
    if key == 0:
        return 0
    while lo <= hi:
        mid = (lo + hi) >> 1
        if HIGH_KEYS[mid] == key:
            return <uint16_t>mid
        if HIGH_KEYS[mid] < key:
            lo = mid + 1
        else:
            hi = mid - 1
    return 0




# ---------------------------------------------------------------- tables

cdef int build_high_keys() except -1:
    """Fill HIGH_KEYS with the sorted keys of every distinct 5-card class."""
    cdef uint32_t keys[6175 + 1287 + 16]
    cdef int n = 0, a, b, c, d, e, i, m
    cdef int ranks[5]
    # non-suited: every multiset of five ranks with no rank five times
    for a in range(13):
        for b in range(a, 13):
            for c in range(b, 13):
                for d in range(c, 13):
                    for e in range(d, 13):
                        ranks[0] = a; ranks[1] = b; ranks[2] = c; ranks[3] = d; ranks[4] = e
                        k = hand_key(ranks, False)
                        if k:
                            keys[n] = k
                            n += 1
    # suited: every set of five distinct ranks
    for m in range(8192):
        if popcount(m) == 5:
            a = 0
            for i in range(13):
                if m >> i & 1:
                    ranks[a] = i
                    a += 1
            keys[n] = hand_key(ranks, True)
            n += 1
    qsort(keys, n, sizeof(uint32_t), compare_keys)
    if n != N_HIGH_VALUES:
        raise RuntimeError(f"built {n} high classes, expected {N_HIGH_VALUES}")
    for i in range(n):
        if keys[i] == 0 or (i and keys[i] == keys[i - 1]):
            raise RuntimeError("high hand keys are not distinct")
        HIGH_KEYS[i + 1] = keys[i]
    HIGH_KEYS[0] = 0
    return 0


cdef int binomial(int n, int k) noexcept nogil:
    cdef int i, r = 1
    if k < 0 or k > n:
        return 0
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


cdef inline void compare_swap(uint8_t* s, int i, int j) noexcept nogil:
    cdef uint8_t a = s[i], b = s[j]
    s[i] = a if a < b else b
    s[j] = b if a < b else a


cdef inline int board_class(const uint8_t* r) noexcept nogil:
    """Number (0..6187) of the multiset of five ranks r[0..4], in any order."""
    cdef uint8_t s[5]
    s[0] = r[0]; s[1] = r[1]; s[2] = r[2]; s[3] = r[3]; s[4] = r[4]
    # a 9-comparator sorting network: branch-free, so random boards cost no mispredictions
    compare_swap(s, 0, 1); compare_swap(s, 3, 4); compare_swap(s, 2, 4)
    compare_swap(s, 2, 3); compare_swap(s, 0, 3); compare_swap(s, 0, 2)
    compare_swap(s, 1, 4); compare_swap(s, 1, 3); compare_swap(s, 1, 2)
    # sorted ranks s0 <= .. <= s4 map to distinct positions s_i + i of 17:
    # the combinatorial number system numbers them densely
    return (MULTISET_RANK[0][s[0]] + MULTISET_RANK[1][s[1]] + MULTISET_RANK[2][s[2]]
            + MULTISET_RANK[3][s[3]] + MULTISET_RANK[4][s[4]])


cdef int build_high_board() except -1:
    cdef int a, b, c, d, e, t, pair, cls
    cdef uint8_t r[5]
    cdef uint16_t triple[10]
    cdef uint16_t best, v
    for a in range(13):
        for b in range(a, 13):
            for c in range(b, 13):
                for d in range(c, 13):
                    for e in range(d, 13):
                        r[0] = a; r[1] = b; r[2] = c; r[3] = d; r[4] = e
                        cls = board_class(r)
                        if cls < 0 or cls >= N_BOARD_CLASSES:
                            raise RuntimeError(f"board class {cls} out of range")
                        for t in range(10):
                            triple[t] = TRIPLE_INDEX[r[TRIPLES[t][0]] * 169 + r[TRIPLES[t][1]] * 13
                                                     + r[TRIPLES[t][2]]]
                        for pair in range(N_PAIR_CLASSES):
                            best = 0
                            for t in range(10):
                                v = HIGH_RANKS[pair * N_TRIPLE_CLASSES + triple[t]]
                                if v > best:
                                    best = v
                            HIGH_BOARD[cls * N_PAIR_CLASSES + pair] = best
    return 0


cdef int build_tables() except -1:
    cdef int a, b, c, i, j, k, m, n, pair, triple, hole, board, card
    cdef int ranks[5]
    cdef int pair_ranks[N_PAIR_CLASSES][2]
    cdef int triple_ranks[N_TRIPLE_CLASSES][3]
    cdef uint32_t splittable

    # card bytes: ids >= 52 alias id % 52 so no byte indexes past a table
    for card in range(256):
        CARD_RANK[card] = (card % 52) >> 2
        CARD_SUIT[card] = card & 3
        SUIT_COUNTER[card] = 1 << (4 * (card & 3))
        a = CARD_RANK[card]
        CARD_LOWBIT[card] = 1 if a == 12 else (1 << (a + 1) if a <= 6 else 0)

    n = 0
    for i in range(3):
        for j in range(i + 1, 4):
            for k in range(j + 1, 5):
                TRIPLES[n][0] = i; TRIPLES[n][1] = j; TRIPLES[n][2] = k
                n += 1
    n = 0
    for i in range(4):
        for j in range(i + 1, 5):
            PAIRS[n][0] = i; PAIRS[n][1] = j
            n += 1
    # PAIRS lists (0,1),(0,2),(0,3),(0,4),(1,2),...: reorder so the six
    # pairs of a 4-card hole come first and a 4-card loop can stop at 6.
    n = 0
    for i in range(4):
        for j in range(i + 1, 4):
            PAIRS[n][0] = i; PAIRS[n][1] = j
            n += 1
    for i in range(4):
        PAIRS[n][0] = i; PAIRS[n][1] = 4
        n += 1

    build_high_keys()

    pair = 0
    for a in range(13):
        for b in range(a, 13):
            pair_ranks[pair][0] = a; pair_ranks[pair][1] = b
            PAIR_OFFSET[a * 13 + b] = PAIR_OFFSET[b * 13 + a] = pair * N_TRIPLE_CLASSES
            pair += 1
    triple = 0
    for a in range(13):
        for b in range(a, 13):
            for c in range(b, 13):
                triple_ranks[triple][0] = a; triple_ranks[triple][1] = b; triple_ranks[triple][2] = c
                for i, j, k in ((a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)):
                    TRIPLE_INDEX[i * 169 + j * 13 + k] = triple
                triple += 1
    for pair in range(N_PAIR_CLASSES):
        for triple in range(N_TRIPLE_CLASSES):
            ranks[0] = pair_ranks[pair][0]; ranks[1] = pair_ranks[pair][1]
            ranks[2] = triple_ranks[triple][0]; ranks[3] = triple_ranks[triple][1]
            ranks[4] = triple_ranks[triple][2]
            HIGH_RANKS[pair * N_TRIPLE_CLASSES + triple] = value_of_key(hand_key(ranks, False))
    for a in range(13):
        for b in range(13):
            PAIR_CLASS[a * 13 + b] = PAIR_OFFSET[a * 13 + b] // N_TRIPLE_CLASSES
    for i in range(5):
        for a in range(13):
            MULTISET_RANK[i][a] = binomial(a + i, i + 1)
    build_high_board()
    for m in range(8192):
        HIGH_FLUSH[m] = 0
        if popcount(m) == 5:
            n = 0
            for i in range(13):
                if m >> i & 1:
                    ranks[n] = i
                    n += 1
            HIGH_FLUSH[m] = value_of_key(hand_key(ranks, True))

    # Lows: a 5-rank mask is better the smaller it is (compare the highest
    # card first), so value = 56 - its position among the 56 masks ascending.
    n = 0
    for m in range(256):
        LOW_OF_MASK[m] = 0
        if popcount(m) == 5:
            LOW_OF_MASK[m] = N_LOW_VALUES - n
            LOW_MASKS[N_LOW_VALUES - n] = m
            n += 1
    LOW_MASKS[0] = 0
    # A low mask m splits into 2 hole ranks + 3 other board ranks iff every
    # rank of m is in the hole or on the board, at least 2 are in the hole
    # and at most 2 are missing from the board (those must come from the hole).
    for hole in range(256):
        for board in range(256):
            LOW_BEST[hole << 8 | board] = 0
            if popcount(hole) < 2 or popcount(board) < 3 or popcount(hole | board) < 5:
                continue
            for i in range(N_LOW_VALUES, 0, -1):
                m = LOW_MASKS[i]
                if (m & ~(hole | board)) == 0 and popcount(m & hole) >= 2 and popcount(m & ~board) <= 2:
                    LOW_BEST[hole << 8 | board] = i
                    break
    return 0


build_tables()


# ---------------------------------------------------------------- row kernels

cdef uint16_t flush_value_row(const uint8_t* hole, int n_hole, const uint8_t* board) noexcept nogil:
    cdef int i, j, k, s, nb = 0, nh = 0
    cdef uint32_t board_bits[5]
    cdef uint32_t hole_bits[MAX_HOLE]
    cdef uint32_t pair_mask
    cdef uint16_t best = 0, v
    cdef uint32_t suit_counts = 0
    # four 4-bit suit counters; a count of 3..5 plus 5 sets the counter's top bit
    for i in range(5):
        suit_counts += SUIT_COUNTER[board[i]]
    suit_counts = (suit_counts + 0x5555) & 0x8888
    if suit_counts == 0:
        return 0
    s = 0
    while not (suit_counts >> (4 * s + 3)) & 1:
        s += 1
    for i in range(n_hole):
        if CARD_SUIT[hole[i]] == s:
            hole_bits[nh] = (<uint32_t>1) << CARD_RANK[hole[i]]
            nh += 1
    if nh < 2:
        return 0
    for i in range(5):
        if CARD_SUIT[board[i]] == s:
            board_bits[nb] = (<uint32_t>1) << CARD_RANK[board[i]]
            nb += 1
    for i in range(nh - 1):
        for j in range(i + 1, nh):
            pair_mask = hole_bits[i] | hole_bits[j]
            for k in range(10):
                if TRIPLES[k][2] < nb:
                    v = HIGH_FLUSH[pair_mask | board_bits[TRIPLES[k][0]] | board_bits[TRIPLES[k][1]]
                                   | board_bits[TRIPLES[k][2]]]
                    if v > best:
                        best = v
    return best


cdef uint16_t high_value_row(const uint8_t* hole, int n_hole, const uint8_t* board) noexcept nogil:
    cdef uint8_t r[5]
    cdef int i, p, n_pairs
    cdef uint16_t best = 0, v, flush
    cdef const uint16_t* row
    if n_hole > MAX_HOLE:
        n_hole = MAX_HOLE
    for i in range(5):
        r[i] = CARD_RANK[board[i]]
    # one row of HIGH_BOARD holds, for this board, every hole pair's best
    # over the ten board triples: a player costs one lookup per hole pair
    row = HIGH_BOARD + board_class(r) * N_PAIR_CLASSES
    n_pairs = n_hole * (n_hole - 1) // 2
    for p in range(n_pairs):
        v = row[PAIR_CLASS[CARD_RANK[hole[PAIRS[p][0]]] * 13 + CARD_RANK[hole[PAIRS[p][1]]]]]
        if v > best:
            best = v
    flush = flush_value_row(hole, n_hole, board)
    return flush if flush > best else best


cdef uint8_t low_value_row(const uint8_t* hole, int n_hole, const uint8_t* board) noexcept nogil:
    cdef uint32_t hole_mask = 0, board_mask = 0
    cdef int i
    if n_hole > MAX_HOLE:
        n_hole = MAX_HOLE
    for i in range(n_hole):
        hole_mask |= CARD_LOWBIT[hole[i]]
    for i in range(5):
        board_mask |= CARD_LOWBIT[board[i]]
    return LOW_BEST[hole_mask << 8 | board_mask]


cdef const uint16_t* high_rank_table() noexcept nogil:
    return HIGH_RANKS

cdef const uint16_t* high_board_table() noexcept nogil:
    return HIGH_BOARD

cdef const uint8_t* pair_class_table() noexcept nogil:
    return PAIR_CLASS

cdef int board_class_of_cards(const uint8_t* board) noexcept nogil:
    cdef uint8_t r[5]
    cdef int i
    for i in range(5):
        r[i] = CARD_RANK[board[i]]
    return board_class(r)

cdef const uint16_t* high_flush_table() noexcept nogil:
    return HIGH_FLUSH

cdef const uint16_t* pair_offset_table() noexcept nogil:
    return PAIR_OFFSET

cdef const uint16_t* triple_index_table() noexcept nogil:
    return TRIPLE_INDEX

cdef const uint8_t* low_best_table() noexcept nogil:
    return LOW_BEST

cdef const uint8_t* card_rank_table() noexcept nogil:
    return CARD_RANK

cdef const uint8_t* card_suit_table() noexcept nogil:
    return CARD_SUIT

cdef const uint8_t* card_lowbit_table() noexcept nogil:
    return CARD_LOWBIT


# ---------------------------------------------------------------- Python surface

def openmp_enabled():
    """True when the kernels were compiled with OpenMP."""
    return bool(omaha8_openmp_enabled())


def max_threads():
    """Threads a batch call uses when ``n_threads`` is None."""
    return max(1, omaha8_max_threads() if omaha8_openmp_enabled() else 1)


def high_keys():
    """uint32 array: the sortable key of each high value (index 0 unused)."""
    return np.array(<uint32_t[:N_HIGH_VALUES + 1]>HIGH_KEYS, dtype=np.uint32)


def low_masks():
    """uint8 array: the rank mask (bit 0 = ace .. bit 7 = eight) of each low value."""
    return np.array(<uint8_t[:N_LOW_VALUES + 1]>LOW_MASKS, dtype=np.uint8)


def high_value_of_ranks(ranks, bint suited):
    """Value of five ranks (0..12), as a flush when ``suited``; 0 if impossible."""
    cdef int r[5]
    for i in range(5):
        r[i] = ranks[i]
        if not 0 <= r[i] <= 12:
            raise ValueError(f"rank {r[i]} out of range")
    return value_of_key(hand_key(r, suited))


cdef inline Py_ssize_t first_bad_column(const uint8_t* hole, Py_ssize_t m, const uint8_t* board, Py_ssize_t nb,
                                        uint64_t seen, int* kind) noexcept nogil:
    """Column of the first card of a row that is out of range (kind 0) or
    repeated (kind 1), counting hole columns then board columns; -1 if none.
    ``seen`` holds cards already taken (a shared board's)."""
    cdef Py_ssize_t col
    cdef uint8_t card
    cdef uint64_t bit
    for col in range(m + nb):
        card = hole[col] if col < m else board[col - m]
        if card >= 52:
            kind[0] = 0
            return col
        bit = (<uint64_t>1) << card
        if seen & bit:
            kind[0] = 1
            return col
        seen |= bit
    return -1


def find_bad_card(const uint8_t[:, ::1] holes, const uint8_t[:, ::1] boards, int n_threads):
    """First problem in rows of cards, or None.

    ``holes`` is (N, m); ``boards`` is (N, b) or (1, b) shared by every row.
    Returns ``(row, column, card, kind)`` with kind 0 = id out of range,
    1 = card repeated (column counts hole columns, then board columns).
    Rows are checked in parallel; the first bad row is reported.
    """
    cdef Py_ssize_t n = holes.shape[0], m = holes.shape[1], nb = boards.shape[1]
    cdef bint shared = boards.shape[0] == 1 and n != 1
    cdef Py_ssize_t row, col = -1, bad_row = -1, board_step = 0 if shared else nb
    cdef uint64_t board_seen = 0
    cdef int kind = 0, row_kind, threads = max(1, n_threads)
    cdef uint8_t card
    cdef const uint8_t* hole_ptr
    cdef const uint8_t* board_ptr
    cdef uint8_t[::1] bad
    if nb and not shared and boards.shape[0] != n:
        raise ValueError("boards must have one row per hole row or exactly one row")
    if n == 0:
        return None
    hole_ptr = &holes[0, 0] if m else NULL
    board_ptr = &boards[0, 0] if nb else NULL
    if shared:
        col = first_bad_column(board_ptr, nb, NULL, 0, 0, &kind)
        if col >= 0:
            return (0, m + col, int(boards[0, col]), kind)
        for col in range(nb):
            board_seen |= (<uint64_t>1) << boards[0, col]
    bad = np.zeros(n, dtype=np.uint8)
    for row in prange(n, nogil=True, schedule="static", num_threads=threads):
        row_kind = 0  # assigned here, so each thread has its own
        if shared:
            bad[row] = first_bad_column(hole_ptr + row * m, m, NULL, 0, board_seen, &row_kind) >= 0
        else:
            bad[row] = first_bad_column(hole_ptr + row * m, m, board_ptr + row * nb, nb, 0, &row_kind) >= 0
    with nogil:
        for row in range(n):
            if bad[row]:
                bad_row = row
                break
    if bad_row < 0:
        return None
    if shared:
        col = first_bad_column(hole_ptr + bad_row * m, m, NULL, 0, board_seen, &kind)
    else:
        col = first_bad_column(hole_ptr + bad_row * m, m, board_ptr + bad_row * nb, nb, 0, &kind)
    card = holes[bad_row, col] if col < m else boards[0 if shared else bad_row, col - m]
    return (int(bad_row), int(col), int(card), kind)


def evaluate_batch(const uint8_t[:, ::1] holes, const uint8_t[:, ::1] boards,
                   uint16_t[::1] high, uint8_t[::1] low, int n_threads, bint check=False):
    """Fill ``high`` and/or ``low`` (either may be None) for every row.

    ``holes`` (N, 4|5); ``boards`` (N, 5), or (1, 5) for one board shared by
    every row. Shapes are the caller's to check; card bytes need not be valid.
    With ``check``, each row's ids and duplicates are checked in the same
    pass; returns the first bad row (the outputs are then meaningless), or
    -1 when every row is valid (always -1 without ``check``).
    """
    cdef Py_ssize_t n = holes.shape[0], row, bad_row = -1
    cdef int n_hole = holes.shape[1], kind = 0, row_kind
    cdef int threads = max(1, n_threads)
    cdef bint shared = boards.shape[0] == 1
    cdef Py_ssize_t board_step = 0 if shared else 5
    cdef bint want_high = high is not None, want_low = low is not None
    cdef const uint8_t* hole_ptr
    cdef const uint8_t* board_ptr
    cdef uint64_t board_seen = 0
    cdef uint8_t[::1] bad
    if n_hole < 2 or n_hole > MAX_HOLE or boards.shape[1] != 5:
        raise ValueError("holes must have 2..5 columns and boards 5")
    if boards.shape[0] != n and not shared:
        raise ValueError("boards must have one row per hole or exactly one row")
    if (want_high and high.shape[0] != n) or (want_low and low.shape[0] != n):
        raise ValueError("output arrays must have one entry per row")
    if n == 0:
        return -1
    hole_ptr = &holes[0, 0]
    board_ptr = &boards[0, 0]
    if check:
        if shared:
            # the one board is checked once; every row's hole is checked against it
            if first_bad_column(board_ptr, 5, NULL, 0, 0, &kind) >= 0:
                return 0
            for row in range(5):
                board_seen |= (<uint64_t>1) << board_ptr[row]
        bad = np.zeros(n, dtype=np.uint8)
    for row in prange(n, nogil=True, schedule="static", num_threads=threads):
        if check:
            row_kind = 0  # assigned here, so each thread has its own
            bad[row] = first_bad_column(hole_ptr + row * n_hole, n_hole, board_ptr + row * board_step,
                                        0 if shared else 5, board_seen, &row_kind) >= 0
        if want_high:
            high[row] = high_value_row(hole_ptr + row * n_hole, n_hole, board_ptr + row * board_step)
        if want_low:
            low[row] = low_value_row(hole_ptr + row * n_hole, n_hole, board_ptr + row * board_step)
    if check:
        with nogil:
            for row in range(n):
                if bad[row]:
                    bad_row = row
                    break
    return bad_row


cdef int read_cards(object cards, uint8_t* out, int most, uint64_t* seen) except -2:
    """Copy a tuple/list of int ids or a bytes object into ``out``.

    Returns the count, or -1 when ``cards`` is not such an object of at most
    ``most`` distinct valid ids (the caller then takes the checking path).
    """
    cdef Py_ssize_t n, i
    cdef long v
    cdef uint64_t bit
    if type(cards) is bytes:
        n = len(<bytes>cards)
        if n > most:
            return -1
        for i in range(n):
            out[i] = (<bytes>cards)[i]
    elif type(cards) is tuple or type(cards) is list:
        n = len(cards)
        if n > most:
            return -1
        for i in range(n):
            item = cards[i]
            if type(item) is not int:
                return -1
            v = item
            if v < 0 or v >= 52:
                return -1
            out[i] = <uint8_t>v
    else:
        return -1
    for i in range(n):
        if out[i] >= 52:
            return -1
        bit = (<uint64_t>1) << out[i]
        if seen[0] & bit:
            return -1
        seen[0] |= bit
    return <int>n


def evaluate_hand(hole, board):
    """Best high and low of one hand, with the cards that make them.

    ``hole`` (4 or 5 cards) and ``board`` (5 cards) are tuples or lists of
    int ids, or bytes. Returns ``(high, low, high_cards, low_cards)`` where
    the cards are tuples of five ids (two hole cards, three board cards),
    low is None and low_cards None without a qualifying low; or None when
    the input is not valid distinct cards of the right counts (the caller
    then reports why).
    """
    cdef uint8_t h[MAX_HOLE]
    cdef uint8_t b[5]
    cdef uint64_t seen = 0
    cdef int n_hole, i, j, t, p, n_pairs
    cdef const int* tr
    cdef uint16_t best_high = 0, v, flush
    cdef uint8_t best_low = 0, low
    cdef int high_at = 0, low_at = -1
    cdef uint32_t pair_low, triple_low
    n_hole = read_cards(hole, h, MAX_HOLE, &seen)
    if n_hole < 4 or read_cards(board, b, 5, &seen) != 5:
        return None
    n_pairs = n_hole * (n_hole - 1) // 2
    for p in range(n_pairs):
        i = PAIRS[p][0]; j = PAIRS[p][1]
        pair_low = CARD_LOWBIT[h[i]] | CARD_LOWBIT[h[j]]
        for t in range(10):
            tr = TRIPLES[t]
            v = HIGH_RANKS[PAIR_OFFSET[CARD_RANK[h[i]] * 13 + CARD_RANK[h[j]]]
                           + TRIPLE_INDEX[CARD_RANK[b[tr[0]]] * 169 + CARD_RANK[b[tr[1]]] * 13
                                          + CARD_RANK[b[tr[2]]]]]
            if (CARD_SUIT[h[i]] == CARD_SUIT[h[j]] == CARD_SUIT[b[tr[0]]]
                    == CARD_SUIT[b[tr[1]]] == CARD_SUIT[b[tr[2]]]):
                flush = HIGH_FLUSH[(1 << CARD_RANK[h[i]]) | (1 << CARD_RANK[h[j]])
                                   | (1 << CARD_RANK[b[tr[0]]]) | (1 << CARD_RANK[b[tr[1]]])
                                   | (1 << CARD_RANK[b[tr[2]]])]
                if flush > v:
                    v = flush
            if v > best_high:
                best_high = v; high_at = p * 10 + t
            # a low needs two distinct low ranks in the pair, three on the board, all five distinct
            triple_low = CARD_LOWBIT[b[tr[0]]] | CARD_LOWBIT[b[tr[1]]] | CARD_LOWBIT[b[tr[2]]]
            if popcount(pair_low) == 2 and popcount(triple_low) == 3:
                low = LOW_OF_MASK[pair_low | triple_low]
                if low > best_low:
                    best_low = low; low_at = p * 10 + t
    return (best_high, best_low if best_low else None, combo_cards(high_at, h, b),
            combo_cards(low_at, h, b) if low_at >= 0 else None)


cdef tuple combo_cards(int combo, const uint8_t* hole, const uint8_t* board):
    """The five card ids of combination number ``combo`` (pair * 10 + triple)."""
    cdef int p = combo // 10, t = combo % 10
    return (hole[PAIRS[p][0]], hole[PAIRS[p][1]],
            board[TRIPLES[t][0]], board[TRIPLES[t][1]], board[TRIPLES[t][2]])


def table(name):
    """A copy of one lookup table as a numpy array, for tests and tools."""
    if name == "high_ranks":
        return np.array(<uint16_t[:N_PAIR_CLASSES * N_TRIPLE_CLASSES]>HIGH_RANKS)
    if name == "high_board":
        return np.array(<uint16_t[:N_BOARD_CLASSES * N_PAIR_CLASSES]>HIGH_BOARD)
    if name == "high_flush":
        return np.array(<uint16_t[:8192]>HIGH_FLUSH)
    if name == "pair_offset":
        return np.array(<uint16_t[:169]>PAIR_OFFSET)
    if name == "triple_index":
        return np.array(<uint16_t[:2197]>TRIPLE_INDEX)
    if name == "low_best":
        return np.array(<uint8_t[:65536]>LOW_BEST)
    if name == "low_of_mask":
        return np.array(<uint8_t[:256]>LOW_OF_MASK)
    raise KeyError(name)


def five_card_values(const uint8_t[:, ::1] cards, uint16_t[::1] out):
    """High value of each row of five cards, as the kernels score one combination.

    Cards 0-1 index the pair table and 2-4 the triple table, exactly as a
    2-of-hole x 3-of-board combination is scored; used to check every table
    entry against all 2,598,960 five-card hands.
    """
    cdef Py_ssize_t row, n = cards.shape[0]
    cdef uint16_t v, flush
    cdef const uint8_t* c
    if cards.shape[1] != 5 or out.shape[0] != n:
        raise ValueError("cards must be (N, 5) and out (N,)")
    with nogil:
        for row in range(n):
            c = &cards[row, 0]
            v = HIGH_RANKS[PAIR_OFFSET[CARD_RANK[c[0]] * 13 + CARD_RANK[c[1]]]
                           + TRIPLE_INDEX[CARD_RANK[c[2]] * 169 + CARD_RANK[c[3]] * 13 + CARD_RANK[c[4]]]]
            if CARD_SUIT[c[0]] == CARD_SUIT[c[1]] == CARD_SUIT[c[2]] == CARD_SUIT[c[3]] == CARD_SUIT[c[4]]:
                flush = HIGH_FLUSH[(1 << CARD_RANK[c[0]]) | (1 << CARD_RANK[c[1]]) | (1 << CARD_RANK[c[2]])
                                   | (1 << CARD_RANK[c[3]]) | (1 << CARD_RANK[c[4]])]
                if flush > v:
                    v = flush
            out[row] = v


def board_class_of(ranks):
    """The HIGH_BOARD row number of five ranks (0..12, any order)."""
    cdef uint8_t r[5]
    for i in range(5):
        if not 0 <= ranks[i] <= 12:
            raise ValueError(f"rank {ranks[i]} out of range")
        r[i] = ranks[i]
    return board_class(r)


def rebuild_tables():
    """Build every table again (what importing the module does); for benchmarks."""
    build_tables()
