# cython: language_level=3
"""Rank tables and nogil kernels of the omaha8 evaluator.

Values: high 1..7462 (greater is stronger), low 1..56 (greater is stronger,
0 = no qualifying low). The tables are built in code when the module is
imported (about a millisecond); nothing generated is committed.

How the exactly-2-and-3 rule is evaluated:

* high, non-flush: the value of five cards that are not all suited depends
  only on their ranks. ``HIGH_RANKS[pair class, triple class]`` holds the
  value of every (hole rank pair, board rank triple) combination, and
  ``HIGH_BOARD[board class, pair class]`` the best of a hole rank pair over a
  board's ten triples, so a player costs one lookup per hole pair (6 or 10).
  The board class comes from two lookups (``BOARD_CLASS_3_2``).
* high, flush: five suited cards need three board cards of one suit (at most
  one suit can have three of five board cards) and two hole cards of that
  suit. Sums of 4-bit suit counters tell, without a branch per card, whether
  both hold (about 7% of random deals); only then does ``best_flush``
  (``_core.pxd``, the one flush rule of every kernel) look up ``HIGH_FLUSH``.
  A suited combination's true value is the larger of its flush and non-flush
  values, so the maximum over both tables is the best hand.
* low: a low depends only on the set of distinct low ranks in the hole and on
  the board, so ``LOW_BEST[hole mask, board mask]`` stores the best low over
  every choice of two hole ranks and three other board ranks.
* a batch row is one pass over its cards: one ``CARD_INFO`` word per card
  gives its rank, suit counter and low bit, and the card check is
  ``_core.pxd``'s (the one of every kernel: distinct cards' bits sum to
  their OR).
"""

from cython.parallel cimport prange
from omaha8._support._bits cimport popcount
from omaha8._support._failure cimport first_failed
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int64_t
from libc.string cimport memset
from libc.stdlib cimport qsort

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
# BOARD_CLASS_3_2[triple class of r0..r2 * 91 + pair class of r3, r4]: the
# board class of five ranks, in two lookups instead of a sort
cdef uint16_t BOARD_CLASS_3_2[N_TRIPLE_CLASSES * N_PAIR_CLASSES]
cdef uint8_t LOW_BEST[65536]
cdef uint8_t LOW_OF_MASK[256]
cdef uint8_t CARD_RANK[256]
cdef uint8_t CARD_SUIT[256]
cdef uint8_t CARD_LOWBIT[256]
# CARD_INFO[card]: suit counter 1 << (4 * suit) | low bit << 16 | rank << 24,
# so one load and one add per card give a hand's suit counters, low mask and ranks
cdef uint32_t CARD_INFO[256]
# CARD_BIT[card]: 1 << card for a card id, 1 << 63 for any other byte (core/_core.pxd's card check)
cdef uint64_t CARD_BIT[256]
# HIGH_KEYS[v] is the sortable key of high value v (index 0 unused).
cdef uint32_t HIGH_KEYS[N_HIGH_VALUES + 1]
cdef uint8_t LOW_MASKS[N_LOW_VALUES + 1]

# The ten 3-of-5 board index triples and the 2-of-n hole index pairs.
cdef int TRIPLES[10][3]
cdef int PAIRS[10][2]

cdef Tables TABLES


# hand keys and table building: in their own file, the kernels below only read the tables
include "_core_tables.pxi"


# ---------------------------------------------------------------- row kernels

cdef uint16_t flush_value_row(const uint8_t* hole, int n_hole, const uint8_t* board) noexcept nogil:
    cdef PreparedBoard b
    if n_hole > MAX_HOLE:
        n_hole = MAX_HOLE
    prepare_board(&TABLES, board, &b)
    return prepared_flush(&TABLES, &b, hole, n_hole, suit_counters(hole, n_hole))


cdef uint16_t prepared_flush_call(PreparedBoard b, const uint8_t* hole, int n_hole,
                                  uint32_t hole_counters) noexcept nogil:
    return prepared_flush(&TABLES, &b, hole, n_hole, hole_counters)


cdef uint16_t high_value_row(const uint8_t* hole, int n_hole, const uint8_t* board) noexcept nogil:
    cdef PreparedBoard b
    if n_hole > MAX_HOLE:
        n_hole = MAX_HOLE
    # one row of HIGH_BOARD holds, for this board, every hole pair's best
    # over the ten board triples: a player costs one lookup per hole pair
    prepare_board(&TABLES, board, &b)
    return prepared_high(&TABLES, &b, hole, n_hole)


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


cdef int board_class_of_cards(const uint8_t* board) noexcept nogil:
    cdef uint32_t r[5]
    cdef int i
    for i in range(5):
        r[i] = CARD_RANK[board[i]]
    return board_class_of_ranks(&TABLES, r)


cdef const uint64_t* card_bit_table() noexcept nogil:
    return CARD_BIT


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


def find_bad_card(const uint8_t[:, ::1] holes, const uint8_t[:, ::1] boards, int n_threads):
    """The first row of cards with an id out of range (over 51) or a card repeated, or -1.

    ``holes`` is (N, m); ``boards`` is (N, b) or (1, b) shared by every row
    (a repeat between the shared board and a row counts in that row; a bad
    shared board, in row 0). Rows are checked in parallel. Which card of the
    row is bad is the caller's to find (one row, in Python).
    """
    cdef Py_ssize_t n = holes.shape[0], m = holes.shape[1], nb = boards.shape[1]
    cdef bint shared = boards.shape[0] == 1 and n != 1
    cdef Py_ssize_t row, bad_row = -1
    cdef uint64_t board_seen = 0, total, seen
    cdef int threads = max(1, n_threads)
    cdef const uint8_t* hole_ptr
    cdef const uint8_t* board_ptr
    cdef uint8_t[::1] bad
    if nb and not shared and boards.shape[0] != n:
        raise ValueError("boards must have one row per hole row or exactly one row")
    if n == 0:
        return -1
    hole_ptr = &holes[0, 0] if m else NULL
    board_ptr = &boards[0, 0] if nb else NULL
    if shared:
        total = seen = 0
        add_cards(CARD_BIT, board_ptr, <int>nb, &total, &seen)
        if cards_failed(total, seen):
            return 0
        board_seen = seen
    bad = np.zeros(n, dtype=np.uint8)
    for row in prange(n, nogil=True, schedule="static", num_threads=threads):
        # a shared board's cards are in board_seen (their bits' sum is their OR)
        total = board_seen
        seen = board_seen
        add_cards(CARD_BIT, hole_ptr + row * m, <int>m, &total, &seen)
        if not shared:
            add_cards(CARD_BIT, board_ptr + row * nb, <int>nb, &total, &seen)
        bad[row] = cards_failed(total, seen)
    with nogil:
        bad_row = first_failed(&bad[0], n)
    return bad_row


cdef enum:
    BATCH_BLOCK = 1024   # rows per unit of parallel work


# One evaluate_batch call, as its rows' kernel sees it.
cdef struct Batch:
    const uint8_t* holes
    const uint8_t* boards
    Py_ssize_t n
    Py_ssize_t board_step       # 0 for one board shared by every row
    bint check
    uint64_t board_seen         # the shared board's cards (checked once), else 0
    PreparedBoard shared_board  # the shared board, prepared once
    uint16_t* high              # NULL: not wanted
    uint8_t* low
    Py_ssize_t* first_bad       # with check: per block, its first bad row or -1


# Rows start..stop-1 of a batch: check, high and low in one pass over each
# row's cards. Inlined with a constant n_hole, the compiler unrolls the pairs.
# Rows of their own boards go PREFETCH_BLOCK at a time: the block's boards are
# prepared and their HIGH_BOARD rows asked for, then its rows are scored, so a
# row's table misses overlap the others' instead of stalling it (on a 512 KB L2
# most of them miss).
cdef inline void batch_rows(const Batch* batch, Py_ssize_t start, Py_ssize_t stop, int n_hole) noexcept nogil:
    cdef const uint8_t* holes = batch.holes
    cdef const uint8_t* boards = batch.boards
    cdef const uint8_t* hole
    cdef const uint8_t* board
    cdef Py_ssize_t row, block, block_stop, board_step = batch.board_step
    cdef bint check = batch.check
    cdef uint64_t board_seen = batch.board_seen, total, seen
    cdef uint16_t* high = batch.high
    cdef uint8_t* low = batch.low
    cdef uint8_t low_value
    cdef Py_ssize_t first_bad = -1
    cdef PreparedBoard parts[PREFETCH_BLOCK]
    cdef const PreparedBoard* b = &batch.shared_board
    block = start
    while block < stop:
        block_stop = min(stop, block + PREFETCH_BLOCK)
        if board_step:
            for row in range(block, block_stop):
                prepare_board(&TABLES, boards + row * board_step, &parts[row - block])
                prefetch_board_row(&parts[row - block])
        for row in range(block, block_stop):
            hole = holes + row * n_hole
            board = boards + row * board_step
            if check:
                # a shared board (board_step 0) was checked once and is in board_seen: either way a
                # row's check counts its hole and five board cards
                total = seen = board_seen
                add_cards(CARD_BIT, hole, n_hole, &total, &seen)
                if board_step:
                    add_cards(CARD_BIT, board, 5, &total, &seen)
                if cards_failed(total, seen) and first_bad < 0:
                    first_bad = row
            if board_step:
                b = &parts[row - block]
            if high != NULL:
                high[row] = prepared_values(&TABLES, b, hole, n_hole, &low_value)
                if low != NULL:
                    low[row] = low_value
            elif low != NULL:
                low[row] = prepared_low(&TABLES, b, hole, n_hole)
        block = block_stop
    if check:
        batch.first_bad[start // BATCH_BLOCK] = first_bad


def evaluate_batch(const uint8_t[:, ::1] holes, const uint8_t[:, ::1] boards,
                   uint16_t[::1] high, uint8_t[::1] low, int n_threads, bint check=False):
    """Fill ``high`` and/or ``low`` (either may be None) for every row.

    ``holes`` (N, 4|5); ``boards`` (N, 5), or (1, 5) for one board shared by
    every row. Shapes are the caller's to check; card bytes need not be valid.
    With ``check``, each row's ids and duplicates are checked in the same
    pass; returns the first bad row (the outputs are then meaningless), or
    -1 when every row is valid (always -1 without ``check``).
    """
    cdef Py_ssize_t n = holes.shape[0], row, bad_row = -1, block, n_blocks
    cdef uint64_t total, seen
    cdef int n_hole = holes.shape[1]
    cdef int threads = max(1, n_threads)
    cdef bint shared = boards.shape[0] == 1
    cdef bint want_high = high is not None, want_low = low is not None
    cdef Py_ssize_t[::1] first_bad
    cdef Batch batch
    if n_hole < 2 or n_hole > MAX_HOLE or boards.shape[1] != 5:
        raise ValueError("holes must have 2..5 columns and boards 5")
    if boards.shape[0] != n and not shared:
        raise ValueError("boards must have one row per hole or exactly one row")
    if (want_high and high.shape[0] != n) or (want_low and low.shape[0] != n):
        raise ValueError("output arrays must have one entry per row")
    if n == 0:
        return -1
    batch.holes = &holes[0, 0]
    batch.boards = &boards[0, 0]
    batch.n = n
    batch.board_step = 0 if shared else 5
    batch.check = check
    batch.board_seen = 0
    batch.high = &high[0] if want_high else NULL
    batch.low = &low[0] if want_low else NULL
    batch.first_bad = NULL
    n_blocks = (n + BATCH_BLOCK - 1) // BATCH_BLOCK
    prepare_board(&TABLES, batch.boards, &batch.shared_board)
    if check:
        if shared:
            # the one board is checked once; every row's hole is checked against it
            total = seen = 0
            add_cards(CARD_BIT, batch.boards, 5, &total, &seen)
            if cards_failed(total, seen):
                return 0
            batch.board_seen = seen
        first_bad = np.empty(n_blocks, dtype=np.intp)
        batch.first_bad = &first_bad[0]
    # constant hole sizes, so the common kernels are compiled for them
    if n_hole == 4:
        for block in prange(n_blocks, nogil=True, schedule="static", num_threads=threads):
            batch_rows(&batch, block * BATCH_BLOCK, min(n, (block + 1) * BATCH_BLOCK), 4)
    elif n_hole == 5:
        for block in prange(n_blocks, nogil=True, schedule="static", num_threads=threads):
            batch_rows(&batch, block * BATCH_BLOCK, min(n, (block + 1) * BATCH_BLOCK), 5)
    else:
        for block in prange(n_blocks, nogil=True, schedule="static", num_threads=threads):
            batch_rows(&batch, block * BATCH_BLOCK, min(n, (block + 1) * BATCH_BLOCK), n_hole)
    if check:
        for block in range(n_blocks):
            if first_bad[block] >= 0:
                return first_bad[block]
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
    # each board triple's and each hole pair's part of a combination, worked out once:
    # its table offset, its suit (4 or 5 when its cards are of different suits, so two
    # mixed parts never match), its rank bits, its low bits and whether they make a low part
    cdef uint16_t triple_index[10]
    cdef uint16_t pair_offset[10]
    cdef uint8_t triple_suit[10]
    cdef uint8_t pair_suit[10]
    cdef uint32_t triple_bits[10]
    cdef uint32_t pair_bits[10]
    cdef uint32_t triple_low[10]
    cdef uint32_t pair_low[10]
    cdef bint triple_lows[10]
    cdef bint pair_lows[10]
    n_hole = read_cards(hole, h, MAX_HOLE, &seen)
    if n_hole < 4 or read_cards(board, b, 5, &seen) != 5:
        return None
    n_pairs = n_hole * (n_hole - 1) // 2
    for t in range(10):
        tr = TRIPLES[t]
        triple_index[t] = TRIPLE_INDEX[CARD_RANK[b[tr[0]]] * 169 + CARD_RANK[b[tr[1]]] * 13 + CARD_RANK[b[tr[2]]]]
        triple_suit[t] = CARD_SUIT[b[tr[0]]] if CARD_SUIT[b[tr[0]]] == CARD_SUIT[b[tr[1]]] == CARD_SUIT[b[tr[2]]] else 5
        triple_bits[t] = (1 << CARD_RANK[b[tr[0]]]) | (1 << CARD_RANK[b[tr[1]]]) | (1 << CARD_RANK[b[tr[2]]])
        triple_low[t] = CARD_LOWBIT[b[tr[0]]] | CARD_LOWBIT[b[tr[1]]] | CARD_LOWBIT[b[tr[2]]]
        triple_lows[t] = popcount(triple_low[t]) == 3
    for p in range(n_pairs):
        i = PAIRS[p][0]; j = PAIRS[p][1]
        pair_offset[p] = PAIR_OFFSET[CARD_RANK[h[i]] * 13 + CARD_RANK[h[j]]]
        pair_suit[p] = CARD_SUIT[h[i]] if CARD_SUIT[h[i]] == CARD_SUIT[h[j]] else 4
        pair_bits[p] = (1 << CARD_RANK[h[i]]) | (1 << CARD_RANK[h[j]])
        pair_low[p] = CARD_LOWBIT[h[i]] | CARD_LOWBIT[h[j]]
        pair_lows[p] = popcount(pair_low[p]) == 2
    # every combination in order, the first best kept: pair by pair, triple by triple
    for p in range(n_pairs):
        for t in range(10):
            v = HIGH_RANKS[pair_offset[p] + triple_index[t]]
            if pair_suit[p] == triple_suit[t]:  # five cards of one suit
                flush = HIGH_FLUSH[pair_bits[p] | triple_bits[t]]
                if flush > v:
                    v = flush
            if v > best_high:
                best_high = v; high_at = p * 10 + t
            # a low needs two distinct low ranks in the pair, three on the board, all five distinct
            if pair_lows[p] and triple_lows[t]:
                low = LOW_OF_MASK[pair_low[p] | triple_low[t]]
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
    if name == "board_class_3_2":
        return np.array(<uint16_t[:N_TRIPLE_CLASSES * N_PAIR_CLASSES]>BOARD_CLASS_3_2)
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
