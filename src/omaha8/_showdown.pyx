# cython: language_level=3
"""nogil kernels for splitting one pot over many deals.

Each row is one deal: P seats' holes and a board. A row costs one board pass
(the board's low-rank mask) and then one high and one low evaluation per
active seat; the winners of each half come out as seat bitmasks, from which
the fractional shares follow.

The wrappers here only adapt types: :mod:`omaha8.showdown` checks shapes,
card ids, duplicates and the active mask before calling them.
"""

from cython.parallel cimport prange
from omaha8._bits cimport popcount
from libc.stdint cimport uint8_t, uint16_t, uint32_t

from omaha8._core cimport (
    MAX_HOLE,
    MAX_SHOWDOWN_SEATS,
    PreparedBoard,
    Tables,
    prepare_board,
    prepared_high,
    prepared_values,
    resolve_threads,
    tables,
)



# the evaluator's tables; every seat of a deal is scored on one prepared board
cdef const Tables* TABLES = tables()


# Winners of one deal: bit p set when seat p wins the high (bits 0-15) or the low (bits 16-31).
# active (NULL: every seat) is read at active[active_at + p].
cdef inline uint32_t winners_row(const uint8_t* holes, int n_seats, int n_hole, const uint8_t* board,
                                 const uint8_t* active, Py_ssize_t active_at) noexcept nogil:
    cdef PreparedBoard board_parts
    cdef int p
    cdef uint16_t high, best_high = 0, high_mask = 0, low_mask = 0
    cdef uint8_t low, best_low = 0
    if n_hole > MAX_HOLE:
        n_hole = MAX_HOLE
    prepare_board(TABLES, board, &board_parts)
    for p in range(n_seats):
        if active != NULL and not active[active_at + p]:
            continue
        high = prepared_values(TABLES, &board_parts, holes + p * n_hole, n_hole, &low)
        if high > best_high:
            best_high = high
            high_mask = 0
        if high == best_high:
            high_mask |= <uint16_t>(1 << p)
        # low is 0 (no low) when the board has fewer than three low ranks
        if low > best_low:
            best_low = low
            low_mask = 0
        if low and low == best_low:
            low_mask |= <uint16_t>(1 << p)
    return high_mask | (<uint32_t>low_mask << 16)


# Fraction of the pot each seat takes, from the winner masks of one deal.
cdef inline void shares_row(uint16_t high_mask, uint16_t low_mask, int n_seats, double* out) noexcept nogil:
    cdef int p, n_high = popcount(high_mask), n_low = popcount(low_mask)
    cdef double high_share = 0.0, low_share = 0.0
    if n_high:
        high_share = (0.5 if n_low else 1.0) / n_high
    if n_low:
        low_share = 0.5 / n_low
    for p in range(n_seats):
        out[p] = (high_share if (high_mask >> p) & 1 else 0.0) + (low_share if (low_mask >> p) & 1 else 0.0)


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


def winners(const uint8_t[:, :, ::1] holes, const uint8_t[:, ::1] boards, const uint8_t[:, ::1] active,
            uint16_t[::1] high_out, uint16_t[::1] low_out, n_threads=None):
    """Fill the high and low winner bitmasks of every deal.

    ``holes`` (N, P, k); ``boards`` (N, 5) or (1, 5) shared; ``active``
    (N, P) of 0/1 or None for all seats. Card bytes need not be valid.
    """
    cdef Py_ssize_t n = holes.shape[0], row
    cdef int n_seats = holes.shape[1], n_hole = holes.shape[2]
    cdef int threads = resolve_threads(n_threads, n * n_seats)
    cdef Py_ssize_t board_step = 0 if boards.shape[0] == 1 else 5
    cdef Py_ssize_t hole_step = n_seats * n_hole
    cdef const uint8_t* hole_ptr
    cdef const uint8_t* board_ptr
    cdef const uint8_t* active_ptr = NULL
    cdef uint32_t masks
    check_shapes(holes, boards, active)
    if high_out.shape[0] != n or low_out.shape[0] != n:
        raise ValueError("outputs must have one entry per deal")
    if n == 0:
        return
    hole_ptr = &holes[0, 0, 0]
    board_ptr = &boards[0, 0]
    if active is not None:
        active_ptr = &active[0, 0]
    for row in prange(n, nogil=True, schedule="static", num_threads=threads):
        masks = winners_row(hole_ptr + row * hole_step, n_seats, n_hole, board_ptr + row * board_step,
                            active_ptr, row * n_seats)
        high_out[row] = <uint16_t>(masks & 0xFFFF)
        low_out[row] = <uint16_t>(masks >> 16)


def pot_shares(const uint8_t[:, :, ::1] holes, const uint8_t[:, ::1] boards, const uint8_t[:, ::1] active,
               double[:, ::1] out, n_threads=None):
    """Fill ``out`` (N, P) with each seat's fraction of one pot, deal by deal.

    Arguments as :func:`winners`; a deal with no active seat gets all zeros.
    """
    cdef Py_ssize_t n = holes.shape[0], row
    cdef int n_seats = holes.shape[1], n_hole = holes.shape[2]
    cdef int threads = resolve_threads(n_threads, n * n_seats)
    cdef Py_ssize_t board_step = 0 if boards.shape[0] == 1 else 5
    cdef Py_ssize_t hole_step = n_seats * n_hole
    cdef const uint8_t* hole_ptr
    cdef const uint8_t* board_ptr
    cdef const uint8_t* active_ptr = NULL
    cdef uint32_t masks
    check_shapes(holes, boards, active)
    if out.shape[0] != n or out.shape[1] != n_seats:
        raise ValueError("out must be (N, P)")
    if n == 0:
        return
    hole_ptr = &holes[0, 0, 0]
    board_ptr = &boards[0, 0]
    if active is not None:
        active_ptr = &active[0, 0]
    for row in prange(n, nogil=True, schedule="static", num_threads=threads):
        masks = winners_row(hole_ptr + row * hole_step, n_seats, n_hole, board_ptr + row * board_step,
                            active_ptr, row * n_seats)
        shares_row(<uint16_t>(masks & 0xFFFF), <uint16_t>(masks >> 16), n_seats, &out[row, 0])


def high_values(const uint8_t[:, :, ::1] holes, const uint8_t[:, ::1] boards, uint16_t[:, ::1] out):
    """Each seat's high value as the kernels score it (board parts once per deal); for tests.

    ``holes`` (N, P, k), ``boards`` (N, 5), ``out`` (N, P). Card bytes need not be valid.
    """
    cdef Py_ssize_t n = holes.shape[0], row
    cdef int p, n_seats = holes.shape[1], n_hole = holes.shape[2]
    cdef PreparedBoard board_parts
    check_shapes(holes, boards, None)
    if boards.shape[0] != n or out.shape[0] != n or out.shape[1] != n_seats:
        raise ValueError("boards must be (N, 5) and out (N, P)")
    with nogil:
        for row in range(n):
            prepare_board(TABLES, &boards[row, 0], &board_parts)
            for p in range(n_seats):
                out[row, p] = prepared_high(TABLES, &board_parts, &holes[row, p, 0], n_hole)
