# cython: language_level=3
"""nogil kernel for splitting one pot over many deals.

Each row is one deal: P seats' holes and a board. A row costs one board pass
(its HIGH_BOARD row, low-rank mask and flush suit, shared by every seat) and
then, per seat, one lookup per hole pair in that row, one low lookup, and a
flush evaluation only for a seat holding two cards of the board's flush suit.
The hi/lo rule that turns the seats' values into winners and fractions is
:file:`_split.pxd`'s.

:func:`split` fills whichever outputs it is given (winner masks, fractions,
each seat's values, the fractions won by high and by low) and can check every
card of a row in the same pass. :mod:`omaha8.pots._batch`
checks shapes and the active mask, and resolves ``n_threads``, before calling it.
"""

from cython.parallel cimport prange
from omaha8._support._failure cimport first_failed
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t

import numpy as np

from omaha8.core._core cimport (
    MAX_HOLE,
    MAX_SHOWDOWN_SEATS,
    PREFETCH_BLOCK,
    PreparedBoard,
    Tables,
    add_cards,
    card_bit_table,
    cards_failed,
    prefetch_board_row,
    prepare_board,
    prepared_values,
    tables,
)
from omaha8.pots._split cimport mask_fractions, mask_halves, winner_masks


# the evaluator's tables; every seat of a deal is scored on one prepared board
cdef const Tables* TABLES = tables()
cdef const uint64_t* CARD_BIT = card_bit_table()


# Winner masks of one deal (high in bits 0-15, low in bits 16-31), from its board's parts;
# with high_out (not NULL), each seat's values go to high_out[0..n_seats-1] and low_out[..]
# (0 for an inactive seat). active (NULL: every seat) is read at active[0..n_seats-1]. n_hole and check are
# constants at each call site, so the loops unroll.
# With check, every card of the deal (inactive seats' too) goes into the check's
# total and seen (core/_core.pxd's add_cards), kept in registers and stored once at the end:
# through the pointers, each seat's uint8 low value could alias them.
cdef inline uint32_t split_row(const uint8_t* holes, int n_seats, int n_hole, const uint8_t* board,
                               const PreparedBoard* parts, const uint8_t* active, uint16_t* high_out,
                               uint8_t* low_out, bint check, uint64_t* total_out, uint64_t* seen_out) noexcept nogil:
    cdef uint16_t high[MAX_SHOWDOWN_SEATS]
    cdef uint8_t low[MAX_SHOWDOWN_SEATS]
    cdef uint32_t live = 0
    cdef uint64_t total = 0, seen = 0
    cdef const uint8_t* hole
    cdef int p
    if check:
        add_cards(CARD_BIT, board, 5, &total, &seen)
    for p in range(n_seats):
        hole = holes + p * n_hole
        if check:
            add_cards(CARD_BIT, hole, n_hole, &total, &seen)
        if active == NULL or active[p]:
            live |= (<uint32_t>1) << p
            high[p] = prepared_values(TABLES, parts, hole, n_hole, &low[p])
        else:
            high[p] = 0
            low[p] = 0
    if check:
        total_out[0] = total
        seen_out[0] = seen
    if high_out != NULL:
        for p in range(n_seats):
            high_out[p] = high[p]
            low_out[p] = low[p]
    return winner_masks(n_seats, high, low, live)


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
    uint16_t* high_values           # (N, P): each seat's high value
    uint8_t* low_values             # (N, P): each seat's low value, 0 for none
    double* high_shares             # (N, P): each seat's fraction of the pot won by its high
    double* low_shares              # (N, P): and by its low
    uint8_t* bad


# Deals start..stop-1 (at most PREFETCH_BLOCK): first every board's parts, asking the
# memory for their HIGH_BOARD rows (prefetch_board_row) so that the misses overlap,
# then the seats. n_hole and check are constants at each call, so each combination
# compiles to its own loop.
cdef inline void split_block(const Job* job, Py_ssize_t start, Py_ssize_t stop, int n_hole,
                             bint check) noexcept nogil:
    cdef PreparedBoard parts[PREFETCH_BLOCK]
    cdef Py_ssize_t row
    cdef uint32_t masks
    cdef uint64_t total, seen
    cdef const uint8_t* hole
    cdef const uint8_t* board
    for row in range(start, stop):
        prepare_board(TABLES, job.boards + row * job.board_step, &parts[row - start])
        prefetch_board_row(&parts[row - start])
    for row in range(start, stop):
        hole = job.holes + row * job.hole_step
        board = job.boards + row * job.board_step
        total = 0
        seen = 0
        masks = split_row(hole, job.n_seats, n_hole, board, &parts[row - start],
                          NULL if job.active == NULL else job.active + row * job.n_seats,
                          NULL if job.high_values == NULL else job.high_values + row * job.n_seats,
                          NULL if job.low_values == NULL else job.low_values + row * job.n_seats,
                          check, &total, &seen)
        if check:
            job.bad[row] = cards_failed(total, seen)
        if job.high_out != NULL:
            job.high_out[row] = <uint16_t>(masks & 0xFFFF)
        if job.low_out != NULL:
            job.low_out[row] = <uint16_t>(masks >> 16)
        if job.shares_out != NULL:
            mask_fractions(masks, job.n_seats, job.shares_out + row * job.n_seats)
        if job.high_shares != NULL:
            mask_halves(masks, job.n_seats, job.high_shares + row * job.n_seats, job.low_shares + row * job.n_seats)


cdef int check_shapes(const uint8_t[:, :, ::1] holes, const uint8_t[:, ::1] boards,
                      const uint8_t[:, ::1] active) except -1:
    cdef Py_ssize_t n = holes.shape[0]
    if holes.shape[1] < 1 or holes.shape[1] > MAX_SHOWDOWN_SEATS:
        raise ValueError(f"holes must have 1..{MAX_SHOWDOWN_SEATS} seats")
    if holes.shape[2] < 2 or holes.shape[2] > MAX_HOLE or boards.shape[1] != 5:
        raise ValueError("holes must have 2..5 cards per seat and boards 5")
    if boards.shape[0] != n and boards.shape[0] != 1:
        raise ValueError("boards must have one row per deal or exactly one row")
    if active is not None and (active.shape[0] != n or active.shape[1] != holes.shape[1]):
        raise ValueError("active must be (N, P)")
    return 0


def split(const uint8_t[:, :, ::1] holes, const uint8_t[:, ::1] boards, const uint8_t[:, ::1] active,
          uint16_t[::1] high_out, uint16_t[::1] low_out, double[:, ::1] shares_out, int n_threads,
          bint check=False, uint16_t[:, ::1] high_values=None, uint8_t[:, ::1] low_values=None,
          double[:, ::1] high_shares=None, double[:, ::1] low_shares=None):
    """Split one pot per deal: fill whichever outputs are not None.

    ``holes`` (N, P, 4|5); ``boards`` (N, 5) or (1, 5) shared; ``active``
    (N, P) of 0/1 or None for all seats. ``high_out``/``low_out`` (N,) get
    the seat masks of the high and low winners, ``shares_out`` (N, P) each
    seat's fraction of the pot (all zeros for a deal with no active seat),
    ``high_values``/``low_values`` (N, P), given together, each seat's high
    and low value (0 for an inactive seat; low 0 for no low);
    ``high_shares``/``low_shares`` (N, P), given together, each seat's
    fraction of the pot won by its high and by its low (they add up to
    ``shares_out``).
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
    if (high_values is None) != (low_values is None) or (high_values is not None and (
            high_values.shape[0] != n or high_values.shape[1] != n_seats
            or low_values.shape[0] != n or low_values.shape[1] != n_seats)):
        raise ValueError("high_values and low_values must both be (N, P), or both None")
    if (high_shares is None) != (low_shares is None) or (high_shares is not None and (
            high_shares.shape[0] != n or high_shares.shape[1] != n_seats
            or low_shares.shape[0] != n or low_shares.shape[1] != n_seats)):
        raise ValueError("high_shares and low_shares must both be (N, P), or both None")
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
    job.high_values = NULL if high_values is None else &high_values[0, 0]
    job.low_values = NULL if low_values is None else &low_values[0, 0]
    job.high_shares = NULL if high_shares is None else &high_shares[0, 0]
    job.low_shares = NULL if low_shares is None else &low_shares[0, 0]
    job.bad = NULL
    if check:
        bad = np.zeros(n, dtype=np.uint8)
        job.bad = &bad[0]
    n_blocks = (n + PREFETCH_BLOCK - 1) // PREFETCH_BLOCK
    for block in prange(n_blocks, nogil=True, schedule="static", num_threads=threads):
        # constant arguments at each call: the compiler unrolls the seat loop and drops the check
        if n_hole == 4 and check:
            split_block(&job, block * PREFETCH_BLOCK, min(n, (block + 1) * PREFETCH_BLOCK), 4, True)
        elif n_hole == 4:
            split_block(&job, block * PREFETCH_BLOCK, min(n, (block + 1) * PREFETCH_BLOCK), 4, False)
        elif check:
            split_block(&job, block * PREFETCH_BLOCK, min(n, (block + 1) * PREFETCH_BLOCK), 5, True)
        else:
            split_block(&job, block * PREFETCH_BLOCK, min(n, (block + 1) * PREFETCH_BLOCK), 5, False)
    if check:
        with nogil:
            bad_row = first_failed(&bad[0], n)
    return bad_row

