# cython: language_level=3
"""nogil kernel for splitting one pot over many deals.

Each row is one deal: P seats' holes and a board. A row costs one board pass
(its HIGH_BOARD row, low-rank mask and flush suit, shared by every seat) and
then, per seat, one lookup per hole pair in that row, one low lookup, and a
flush evaluation only for a seat holding two cards of the board's flush suit.
The hi/lo rule that turns the seats' values into winners and fractions is
:file:`_settle.pxd`'s.

:func:`settle` fills whichever outputs it is given (winner masks, fractions)
and can check every card of a row in the same pass. :mod:`omaha8.showdown_batch`
checks shapes and the active mask, and resolves ``n_threads``, before calling it.
"""

from cython.parallel cimport prange
from omaha8._bits cimport popcount
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t

import numpy as np

from omaha8._core cimport (
    MAX_HOLE,
    N_PAIR_CLASSES,
    board_class_of_cards,
    card_lowbit_table,
    card_rank_table,
    card_suit_table,
    flush_value_row,
    high_board_table,
    low_best_table,
    pair_class_table,
)
from omaha8._settle cimport mask_fractions, winner_masks


cdef enum:
    MAX_SEATS = 16            # winner masks are 16 bits

cdef const uint8_t* RANK = card_rank_table()
cdef const uint8_t* SUIT = card_suit_table()
cdef const uint8_t* LOWBIT = card_lowbit_table()
cdef const uint8_t* LOW_BEST = low_best_table()
cdef const uint16_t* HIGH_BOARD = high_board_table()
cdef const uint8_t* PAIR_CLASS = pair_class_table()

# Derived from the tables above, so that a seat costs one load per card and one per pair:
# CARD_BITS[c] = c's low-rank bit | 1 << (8 + its suit); CARD_PAIR[(c1 & 63) << 6 | (c2 & 63)] =
# the pair class of two cards' ranks (bytes over 63 alias c & 63: invalid cards, meaningless values).
cdef uint16_t CARD_BITS[256]
cdef uint8_t CARD_PAIR[4096]


cdef int build_tables() except -1:
    cdef int c, d
    for c in range(256):
        CARD_BITS[c] = LOWBIT[c] | ((<uint16_t>1) << (8 + SUIT[c]))
    for c in range(64):
        for d in range(64):
            CARD_PAIR[c << 6 | d] = PAIR_CLASS[RANK[c] * 13 + RANK[d]]
    return 0


build_tables()


# What every seat of a deal shares: computed once per board.
cdef struct BoardParts:
    const uint16_t* high_row    # HIGH_BOARD row of the board's ranks
    uint32_t low_shifted        # board low-rank mask: the low half of a LOW_BEST index
    int flush_suit              # the suit with three or more board cards, -1 if none
    uint32_t flush_bit          # 1 << (8 + flush_suit), the suit's CARD_BITS bit; 0 if none


cdef inline void board_parts(const uint8_t* board, BoardParts* out) noexcept nogil:
    cdef int i
    cdef uint32_t low = 0, counts = 0
    for i in range(5):
        low |= LOWBIT[board[i]]
        counts += (<uint32_t>1) << (8 * SUIT[board[i]])
    out.high_row = HIGH_BOARD + board_class_of_cards(board) * N_PAIR_CLASSES
    out.low_shifted = low  # LOW_BEST is 0 for a board with fewer than three low ranks
    # four 8-bit suit counters; at most one suit can have three of five cards
    out.flush_suit = -1
    out.flush_bit = 0
    for i in range(4):
        if ((counts >> (8 * i)) & 0xFF) >= 3:
            out.flush_suit = i
            out.flush_bit = (<uint32_t>1) << (8 + i)


# One seat's high and low against its board's parts. n_hole is a constant at
# each call site, so the pair loop unrolls.
# With check, the cards are added to the row's check as they are read (see card_check).
cdef inline void seat_values(const uint8_t* hole, int n_hole, const uint8_t* board, const BoardParts* b,
                             uint16_t* high, uint8_t* low, bint check, uint64_t* seen, uint32_t* over) noexcept nogil:
    cdef int i, j, n_suited = 0
    cdef uint32_t cards[MAX_HOLE]
    cdef uint32_t bits, hole_low = 0
    cdef uint16_t best = 0, v
    for i in range(n_hole):
        cards[i] = hole[i] & 63
        if check:
            seen[0] |= (<uint64_t>1) << cards[i]
            over[0] |= hole[i] + 12
        bits = CARD_BITS[hole[i]]
        hole_low |= bits & 0xFF
        n_suited += (bits & b.flush_bit) != 0
    for i in range(n_hole - 1):
        for j in range(i + 1, n_hole):
            v = b.high_row[CARD_PAIR[cards[i] << 6 | cards[j]]]
            if v > best:
                best = v
    # a flush needs two hole cards of the board's three-card suit: about 7% of seats
    if n_suited >= 2:
        v = flush_value_row(hole, n_hole, board)
        if v > best:
            best = v
    high[0] = best
    low[0] = LOW_BEST[(hole_low << 8) | b.low_shifted]


# A row's card check, branch-free, as its cards are read: seen collects the bits
# 1 << (c & 63), over the values c + 12. A card is over 51 exactly when c + 12 has
# a bit of 64 or more; the row's cards are distinct when seen has one bit per card.
cdef inline void card_check(const uint8_t* cards, int n, uint64_t* seen, uint32_t* over) noexcept nogil:
    cdef int i
    for i in range(n):
        seen[0] |= (<uint64_t>1) << (cards[i] & 63)
        over[0] |= cards[i] + 12


cdef inline int check_failed(uint64_t seen, uint32_t over, int n_cards) noexcept nogil:
    return ((over >> 6) != 0) | ((popcount(<uint32_t>seen) + popcount(<uint32_t>(seen >> 32))) != n_cards)


# Winner masks of one deal (high in bits 0-15, low in bits 16-31), from its board's parts.
# active (NULL: every seat) is read at active[0..n_seats-1].
# With check, every card of the deal goes into seen and over (card_check), inactive seats' too.
cdef inline uint32_t settle_row(const uint8_t* holes, int n_seats, int n_hole, const uint8_t* board,
                                const BoardParts* parts, const uint8_t* active,
                                bint check, uint64_t* seen, uint32_t* over) noexcept nogil:
    cdef uint16_t high[MAX_SEATS]
    cdef uint8_t low[MAX_SEATS]
    cdef uint32_t live = 0
    cdef int p
    if check:
        card_check(board, 5, seen, over)
    for p in range(n_seats):
        if active == NULL or active[p]:
            live |= (<uint32_t>1) << p
            seat_values(holes + p * n_hole, n_hole, board, parts, &high[p], &low[p], check, seen, over)
        else:
            if check:
                card_check(holes + p * n_hole, n_hole, seen, over)
            high[p] = 0
            low[p] = 0
    return winner_masks(n_seats, high, low, live)


cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define omaha8_prefetch(p) __builtin_prefetch(p)
    #else
    #define omaha8_prefetch(p) ((void)(p))
    #endif
    """
    void prefetch "omaha8_prefetch"(const void* p) noexcept nogil


cdef enum:
    BLOCK_ROWS = 16           # deals whose board rows are fetched ahead together


# What every deal of one call shares; an output pointer is NULL when not asked for.
cdef struct Job:
    const uint8_t* holes
    const uint8_t* boards
    const uint8_t* active
    Py_ssize_t hole_step
    Py_ssize_t board_step
    int n_seats
    uint16_t* high_out
    uint16_t* low_out
    double* shares_out
    uint8_t* bad


# Deals start..stop-1 (at most BLOCK_ROWS): first every board's parts, asking the
# memory for their HIGH_BOARD rows (182 bytes, up to four cache lines, in a 1.1 MB
# table) so that the misses overlap, then the seats. n_hole and check are constants
# at each call, so each combination compiles to its own loop.
cdef inline void settle_block(const Job* job, Py_ssize_t start, Py_ssize_t stop, int n_hole,
                              bint check) noexcept nogil:
    cdef BoardParts parts[BLOCK_ROWS]
    cdef Py_ssize_t row
    cdef uint32_t masks, over
    cdef uint64_t seen
    cdef const uint8_t* hole
    cdef const uint8_t* board
    for row in range(start, stop):
        board_parts(job.boards + row * job.board_step, &parts[row - start])
        prefetch(parts[row - start].high_row)
        prefetch(parts[row - start].high_row + 32)
        prefetch(parts[row - start].high_row + 64)
        prefetch(parts[row - start].high_row + N_PAIR_CLASSES - 1)
    for row in range(start, stop):
        hole = job.holes + row * job.hole_step
        board = job.boards + row * job.board_step
        seen = 0
        over = 0
        masks = settle_row(hole, job.n_seats, n_hole, board, &parts[row - start],
                           NULL if job.active == NULL else job.active + row * job.n_seats, check, &seen, &over)
        if check:
            job.bad[row] = check_failed(seen, over, <int>job.hole_step + 5)
        if job.high_out != NULL:
            job.high_out[row] = <uint16_t>(masks & 0xFFFF)
        if job.low_out != NULL:
            job.low_out[row] = <uint16_t>(masks >> 16)
        if job.shares_out != NULL:
            mask_fractions(masks, job.n_seats, job.shares_out + row * job.n_seats)


cdef int check_shapes(const uint8_t[:, :, ::1] holes, const uint8_t[:, ::1] boards,
                      const uint8_t[:, ::1] active) except -1:
    cdef Py_ssize_t n = holes.shape[0]
    if holes.shape[1] < 1 or holes.shape[1] > MAX_SEATS:
        raise ValueError(f"holes must have 1..{MAX_SEATS} seats")
    if holes.shape[2] < 4 or holes.shape[2] > MAX_HOLE or boards.shape[1] != 5:
        raise ValueError("holes must have 4 or 5 cards per seat and boards 5")
    if boards.shape[0] != n and boards.shape[0] != 1:
        raise ValueError("boards must have one row per deal or exactly one row")
    if active is not None and (active.shape[0] != n or active.shape[1] != holes.shape[1]):
        raise ValueError("active must be (N, P)")
    return 0


def settle(const uint8_t[:, :, ::1] holes, const uint8_t[:, ::1] boards, const uint8_t[:, ::1] active,
           uint16_t[::1] high_out, uint16_t[::1] low_out, double[:, ::1] shares_out, int n_threads,
           bint check=False):
    """Split one pot per deal: fill whichever outputs are not None.

    ``holes`` (N, P, 4|5); ``boards`` (N, 5) or (1, 5) shared; ``active``
    (N, P) of 0/1 or None for all seats. ``high_out``/``low_out`` (N,) get
    the seat masks of the high and low winners, ``shares_out`` (N, P) each
    seat's fraction of the pot (all zeros for a deal with no active seat).
    ``n_threads`` is used as given. Card bytes need not be valid; with
    ``check``, each row's ids and duplicates (inactive seats' cards too) are
    checked in the same pass. Returns the first bad row (the outputs are then
    meaningless), or -1 (always -1 without ``check``).
    """
    cdef Py_ssize_t n = holes.shape[0], row, block, n_blocks, bad_row = -1
    cdef int n_seats = holes.shape[1], n_hole = holes.shape[2]
    cdef int threads = n_threads if n_threads > 1 else 1
    cdef Job job
    cdef uint8_t[::1] bad
    check_shapes(holes, boards, active)
    if (high_out is not None and high_out.shape[0] != n) or (low_out is not None and low_out.shape[0] != n):
        raise ValueError("winner outputs must have one entry per deal")
    if shares_out is not None and (shares_out.shape[0] != n or shares_out.shape[1] != n_seats):
        raise ValueError("shares_out must be (N, P)")
    if n == 0:
        return -1
    job.holes = &holes[0, 0, 0]
    job.boards = &boards[0, 0]
    job.active = NULL if active is None else &active[0, 0]
    job.hole_step = n_seats * n_hole
    job.board_step = 0 if boards.shape[0] == 1 else 5
    job.n_seats = n_seats
    job.high_out = NULL if high_out is None else &high_out[0]
    job.low_out = NULL if low_out is None else &low_out[0]
    job.shares_out = NULL if shares_out is None else &shares_out[0, 0]
    job.bad = NULL
    if check:
        bad = np.zeros(n, dtype=np.uint8)
        job.bad = &bad[0]
    n_blocks = (n + BLOCK_ROWS - 1) // BLOCK_ROWS
    for block in prange(n_blocks, nogil=True, schedule="static", num_threads=threads):
        # constant arguments at each call: the compiler unrolls the seat loop and drops the check
        if n_hole == 4 and check:
            settle_block(&job, block * BLOCK_ROWS, min(n, (block + 1) * BLOCK_ROWS), 4, True)
        elif n_hole == 4:
            settle_block(&job, block * BLOCK_ROWS, min(n, (block + 1) * BLOCK_ROWS), 4, False)
        elif check:
            settle_block(&job, block * BLOCK_ROWS, min(n, (block + 1) * BLOCK_ROWS), 5, True)
        else:
            settle_block(&job, block * BLOCK_ROWS, min(n, (block + 1) * BLOCK_ROWS), 5, False)
    if check:
        with nogil:
            for row in range(n):
                if bad[row]:
                    bad_row = row
                    break
    return bad_row


def high_values(const uint8_t[:, :, ::1] holes, const uint8_t[:, ::1] boards, uint16_t[:, ::1] out):
    """Each seat's high value as the kernel scores it (board parts once per deal); for tests.

    ``holes`` (N, P, 4|5), ``boards`` (N, 5), ``out`` (N, P). Card bytes need not be valid.
    """
    cdef Py_ssize_t n = holes.shape[0], row
    cdef int p, n_seats = holes.shape[1], n_hole = holes.shape[2]
    cdef BoardParts parts
    cdef uint8_t low
    cdef uint64_t seen = 0
    cdef uint32_t over = 0
    check_shapes(holes, boards, None)
    if boards.shape[0] != n or out.shape[0] != n or out.shape[1] != n_seats:
        raise ValueError("boards must be (N, 5) and out (N, P)")
    with nogil:
        for row in range(n):
            board_parts(&boards[row, 0], &parts)
            for p in range(n_seats):
                seat_values(&holes[row, p, 0], n_hole, &boards[row, 0], &parts, &out[row, p], &low, False, &seen, &over)
