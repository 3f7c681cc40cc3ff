# cython: language_level=3
"""nogil kernel that matches range patterns against every row of a hand array.

A compiled pattern (:mod:`omaha8.ranges.match` builds it) is ``k <= 5``
pattern cards, each with a 52-bit mask of the card ids it may be, a rank
variable slot (-1: none) and a suit variable slot (-1: none), and a flag
``after_previous``: the card is interchangeable with the one before it, so
only placements onto later hand cards are tried (symmetry breaking that
keeps ``RONPQ`` from trying 5! orders). A hand matches a pattern when some
placement of the pattern cards onto distinct hand cards fits every mask and
binds each variable to one rank (suit), different variables to different
ranks (suits). The wrapper checks every index and slot before the kernel runs.
"""

from cython.parallel cimport prange
from libc.stdint cimport int8_t, int32_t, uint8_t, uint64_t

from ._core cimport resolve_threads

cdef enum:
    MAX_PATTERN_CARDS = 5
    N_RANK_SLOTS = 5
    N_SUIT_SLOTS = 4


# Try to place pattern cards i.. onto the unused hand cards; binds undone on failure.
cdef bint place(int i, int k, const uint8_t* hand, int n, const uint64_t* allowed, const int8_t* rvar,
                const int8_t* svar, const uint8_t* after_previous, int used, int previous,
                int* rank_of, int* suit_of) noexcept nogil:
    cdef int j, card, rank, suit, v, w, slot
    cdef bint bound_rank, bound_suit, clash
    if i == k:
        return True
    j = previous + 1 if after_previous[i] else 0
    while j < n:
        if used & (1 << j):
            j += 1
            continue
        card = hand[j]
        if card >= 52 or not ((allowed[i] >> card) & 1):
            j += 1
            continue
        rank = card >> 2
        suit = card & 3
        bound_rank = False
        bound_suit = False
        v = rvar[i]
        if v >= 0:
            if rank_of[v] >= 0:
                if rank_of[v] != rank:
                    j += 1
                    continue
            else:
                clash = False
                for slot in range(N_RANK_SLOTS):
                    if rank_of[slot] == rank:
                        clash = True
                if clash:
                    j += 1
                    continue
                rank_of[v] = rank
                bound_rank = True
        w = svar[i]
        if w >= 0:
            if suit_of[w] >= 0:
                if suit_of[w] != suit:
                    if bound_rank:
                        rank_of[v] = -1
                    j += 1
                    continue
            else:
                clash = False
                for slot in range(N_SUIT_SLOTS):
                    if suit_of[slot] == suit:
                        clash = True
                if clash:
                    if bound_rank:
                        rank_of[v] = -1
                    j += 1
                    continue
                suit_of[w] = suit
                bound_suit = True
        if place(i + 1, k, hand, n, allowed, rvar, svar, after_previous, used | (1 << j), j, rank_of, suit_of):
            return True
        if bound_rank:
            rank_of[v] = -1
        if bound_suit:
            suit_of[w] = -1
        j += 1
    return False


# Whether one hand matches any of the patterns.
cdef bint match_row(const uint8_t* hand, int n, int n_patterns, const int32_t* starts, const uint64_t* allowed,
                    const int8_t* rvar, const int8_t* svar, const uint8_t* after_previous) noexcept nogil:
    cdef int p, slot, a, b
    cdef int rank_of[N_RANK_SLOTS]
    cdef int suit_of[N_SUIT_SLOTS]
    for p in range(n_patterns):
        a = starts[p]
        b = starts[p + 1]
        for slot in range(N_RANK_SLOTS):
            rank_of[slot] = -1
        for slot in range(N_SUIT_SLOTS):
            suit_of[slot] = -1
        if place(0, b - a, hand, n, allowed + a, rvar + a, svar + a, after_previous + a, 0, -1, rank_of, suit_of):
            return True
    return False


def match_patterns(
    const uint8_t[:, ::1] hands,
    const int32_t[::1] starts,
    const uint64_t[::1] allowed,
    const int8_t[::1] rank_slot,
    const int8_t[::1] suit_slot,
    const uint8_t[::1] after_previous,
    uint8_t[::1] out,
    n_threads=None,
):
    """Set ``out[h] = 1`` where hand row ``h`` matches any pattern, 0 elsewhere.

    Pattern ``p`` is cards ``starts[p]:starts[p + 1]`` of ``allowed``,
    ``rank_slot`` (-1 or 0..4), ``suit_slot`` (-1 or 0..3) and ``after_previous``.
    """
    cdef Py_ssize_t n = hands.shape[0], h, i
    cdef int width = hands.shape[1], threads = resolve_threads(n_threads)
    cdef int n_patterns = starts.shape[0] - 1, total
    if out.shape[0] != n:
        raise ValueError("out must have one entry per hand row")
    if width > 8:
        raise ValueError("hands have at most 8 cards")
    if n_patterns < 0 or starts[0] != 0:
        raise ValueError("starts must begin with 0")
    total = allowed.shape[0]
    if rank_slot.shape[0] != total or suit_slot.shape[0] != total or after_previous.shape[0] != total:
        raise ValueError("allowed, rank_slot, suit_slot and after_previous must have one entry per pattern card")
    for i in range(n_patterns):
        if starts[i + 1] < starts[i] or starts[i + 1] - starts[i] > MAX_PATTERN_CARDS or starts[i + 1] > total:
            raise ValueError("starts must be non-decreasing, with at most 5 cards per pattern")
    if n_patterns and starts[n_patterns] != total:
        raise ValueError("starts must end at the number of pattern cards")
    for i in range(total):
        if not (-1 <= rank_slot[i] < N_RANK_SLOTS and -1 <= suit_slot[i] < N_SUIT_SLOTS):
            raise ValueError("variable slots are -1 (none), 0..4 for ranks and 0..3 for suits")
        if allowed[i] >> 52:
            raise ValueError("allowed masks have bits 0..51 only")
    if n == 0:
        return None
    if n_patterns == 0 or total == 0:
        # no pattern matches nothing; patterns without cards match every hand
        out[:] = 0 if n_patterns == 0 else 1
        return None
    for h in prange(n, nogil=True, schedule="static", num_threads=threads):
        out[h] = match_row(&hands[h, 0], width, n_patterns, &starts[0], &allowed[0], &rank_slot[0],
                           &suit_slot[0], &after_previous[0])
    return None
