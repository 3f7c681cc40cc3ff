# cython: language_level=3
"""nogil kernel that draws random deals, each a function of (seed, deal number) only.

The Python layer (:mod:`omaha8.deals._dealing`) checks the arguments and allocates.
"""

from cython.parallel cimport prange
from libc.stdint cimport int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy
from omaha8._support._random cimport below, mix64


# Deal number ``deal`` of the stream ``key``: 5 board cards, then the holes.
cdef inline void deal_one(uint64_t key, uint64_t deal, int m, uint8_t* board, uint8_t* holes) noexcept nogil:
    cdef uint8_t deck[52]
    cdef uint8_t t
    cdef int j, r
    cdef uint64_t state = mix64(key + mix64(deal))
    for j in range(52):
        deck[j] = <uint8_t>j
    for j in range(m):
        r = j + <int>below(&state, <uint32_t>(52 - j))
        t = deck[r]
        deck[r] = deck[j]
        deck[j] = t
    memcpy(board, deck, 5)
    memcpy(holes, deck + 5, m - 5)


def random_deals(uint64_t seed, int64_t first, uint8_t[:, ::1] boards, uint8_t[:, :, ::1] holes,
                 int n_threads):
    """Fill ``boards`` (n, 5) and ``holes`` (n, P, k) with random deals.

    Deal ``i`` is a function of ``(seed, first + i)`` only: the same seed gives
    the same deals whatever the chunking and the number of threads. Each deal
    draws its 5 + P k distinct cards by a partial Fisher-Yates shuffle.
    Returns -1: no deal fails.
    """
    cdef Py_ssize_t n = boards.shape[0], i
    cdef int n_seats = holes.shape[1], k = holes.shape[2], m = 5 + n_seats * k
    cdef int threads = max(1, n_threads)
    cdef uint64_t key = mix64(seed ^ 0x6F6D61686138ULL)
    if holes.shape[0] != n or boards.shape[1] != 5:
        raise ValueError("boards must be (n, 5) and holes (n, P, k)")
    if m > 52:
        raise ValueError(f"{n_seats} seats of {k} cards and a board need {m} cards; a deck has 52")
    if n == 0 or n_seats * k == 0:
        return -1
    if first < 0:
        raise ValueError("first must be >= 0")
    for i in prange(n, nogil=True, schedule="static", num_threads=threads):
        deal_one(key, <uint64_t>(first + i), m, &boards[i, 0], &holes[i, 0, 0])
    return -1
