# cython: language_level=3
"""nogil kernel that matches range patterns against every row of a hand array.

A compiled pattern (:mod:`omaha8.ranges.match` builds it) is ``k <= 5``
pattern cards, each with a 52-bit mask of the card ids it may be, a rank
variable slot (-1: none) and a suit variable slot (-1: none), and a flag
``after_previous``: the card is interchangeable with the one before it, so
only placements onto later hand cards are tried (symmetry breaking that
keeps ``RONPB`` from trying 5! orders; "later" is by card id, any fixed order
of the hand's cards would do). A hand matches a pattern when some
placement of the pattern cards onto distinct hand cards fits every mask and
binds each variable to one rank (suit), different variables to different
ranks (suits). Before searching, a pattern is skipped when the hand holds
fewer cards of some card's mask than ``need`` says (the number of pattern
cards with that very mask): most hands fail there, in a few instructions.
And a pattern whose most constrained card may be only a few cards (``As``,
an ace) is *anchored* there: a hand tries it only when it holds one of those
cards, so a union of many such patterns costs each hand only the few that
concern its cards.
The wrapper checks every index and slot before the kernel runs.
"""

from cython.parallel cimport prange
from libc.stdint cimport int8_t, int32_t, uint8_t, uint32_t, uint64_t

from omaha8._support._bits cimport popcount

cdef enum:
    MAX_PATTERN_CARDS = 5
    N_RANK_SLOTS = 5
    N_SUIT_SLOTS = 4


cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define omaha8_ctz64(x) __builtin_ctzll(x)
    #else
    static int omaha8_ctz64(unsigned long long x) { int n = 0; while (!(x & 1ULL)) { x >>= 1; n++; } return n; }
    #endif
    """
    int ctz64 "omaha8_ctz64"(uint64_t x) noexcept nogil  # lowest set bit of a non-zero word


# Bind variable v (-1: none) of a table of n slots to ``value``: 0 when it cannot be (it holds
# another value, or another variable holds this one), 1 when it is bound now, 2 when nothing changed.
cdef inline int bind(int* value_of, int n, int v, int value) noexcept nogil:
    cdef int slot
    if v < 0:
        return 2
    if value_of[v] >= 0:
        return 2 if value_of[v] == value else 0
    for slot in range(n):
        if value_of[slot] == value:
            return 0
    value_of[v] = value
    return 1


# Try to place pattern cards i.. onto the hand's unused cards (52-bit sets); binds undone on failure.
# An interchangeable card only takes cards above the previous card's, so each set of them is tried once.
cdef bint place(int i, int k, uint64_t free, const uint64_t* allowed, const int8_t* rvar, const int8_t* svar,
                const uint8_t* after_previous, int previous, int* rank_of, int* suit_of) noexcept nogil:
    cdef int card, bound_rank, bound_suit
    cdef uint64_t options
    if i == k:
        return True
    options = free & allowed[i]
    if after_previous[i]:
        options &= ~((((<uint64_t>1) << (previous + 1)) - 1))
    while options:
        card = ctz64(options)
        options &= options - 1
        bound_rank = bind(rank_of, N_RANK_SLOTS, rvar[i], card >> 2)
        if bound_rank == 0:
            continue
        bound_suit = bind(suit_of, N_SUIT_SLOTS, svar[i], card & 3)
        if bound_suit == 0:
            if bound_rank == 1:
                rank_of[rvar[i]] = -1
            continue
        if place(i + 1, k, free & ~((<uint64_t>1) << card), allowed, rvar, svar, after_previous, card,
                 rank_of, suit_of):
            return True
        if bound_rank == 1:
            rank_of[rvar[i]] = -1
        if bound_suit == 1:
            suit_of[svar[i]] = -1
    return False


cdef inline int popcount64(uint64_t x) noexcept nogil:
    return popcount(<uint32_t>(x & 0xFFFFFFFFu)) + popcount(<uint32_t>(x >> 32))


# Whether one hand (52-bit card set) matches pattern p.
cdef inline bint match_pattern(int p, uint64_t bits, const int32_t* starts, const uint64_t* allowed,
                               const int8_t* rvar, const int8_t* svar, const uint8_t* after_previous,
                               const uint8_t* need) noexcept nogil:
    cdef int slot, i, a = starts[p], b = starts[p + 1]
    cdef int rank_of[N_RANK_SLOTS]
    cdef int suit_of[N_SUIT_SLOTS]
    for i in range(a, b):
        if popcount64(bits & allowed[i]) < need[i]:
            return False
    for slot in range(N_RANK_SLOTS):
        rank_of[slot] = -1
    for slot in range(N_SUIT_SLOTS):
        suit_of[slot] = -1
    return place(0, b - a, bits, allowed + a, rvar + a, svar + a, after_previous + a, -1, rank_of, suit_of)


# Whether one hand matches any of the patterns: those anchored at one of its cards, and the unanchored ones.
cdef bint match_row(const uint8_t* hand, int n, const int32_t* starts, const uint64_t* allowed,
                    const int8_t* rvar, const int8_t* svar, const uint8_t* after_previous, const uint8_t* need,
                    const int32_t* anchor_starts, const int32_t* anchored, const int32_t* unanchored,
                    int n_unanchored) noexcept nogil:
    cdef int j, q, card
    cdef uint64_t bits = 0
    for j in range(n):
        if hand[j] < 52:
            bits |= (<uint64_t>1) << hand[j]
    for q in range(n_unanchored):
        if match_pattern(unanchored[q], bits, starts, allowed, rvar, svar, after_previous, need):
            return True
    for j in range(n):
        card = hand[j]
        if card >= 52:
            continue
        for q in range(anchor_starts[card], anchor_starts[card + 1]):
            if match_pattern(anchored[q], bits, starts, allowed, rvar, svar, after_previous, need):
                return True
    return False


def match_patterns(
    const uint8_t[:, ::1] hands,
    const int32_t[::1] starts,
    const uint64_t[::1] allowed,
    const int8_t[::1] rank_slot,
    const int8_t[::1] suit_slot,
    const uint8_t[::1] after_previous,
    const uint8_t[::1] need,
    const int32_t[::1] anchor_starts,
    const int32_t[::1] anchored,
    const int32_t[::1] unanchored,
    uint8_t[::1] out,
    int n_threads=1,
):
    """Set ``out[h] = 1`` where hand row ``h`` matches any pattern, 0 elsewhere.

    Pattern ``p`` is cards ``starts[p]:starts[p + 1]`` of ``allowed``,
    ``rank_slot`` (-1 or 0..4), ``suit_slot`` (-1 or 0..3), ``after_previous``
    and ``need`` (how many of the pattern's cards have exactly this mask).
    A hand tries the patterns ``anchored[anchor_starts[c]:anchor_starts[c + 1]]``
    for each of its cards ``c`` (patterns it cannot match without one of
    them) and every pattern in ``unanchored``; every pattern must be in one or
    the other, or it is never tried. Returns -1: no row fails.
    """
    cdef Py_ssize_t n = hands.shape[0], h, i
    cdef int width = hands.shape[1], threads = max(1, n_threads)
    cdef int n_patterns = starts.shape[0] - 1, total, n_unanchored = unanchored.shape[0]
    if out.shape[0] != n:
        raise ValueError("out must have one entry per hand row")
    if width > 8:
        raise ValueError("hands have at most 8 cards")
    if n_patterns < 0 or starts[0] != 0:
        raise ValueError("starts must begin with 0")
    total = allowed.shape[0]
    if (rank_slot.shape[0] != total or suit_slot.shape[0] != total or after_previous.shape[0] != total
            or need.shape[0] != total):
        raise ValueError("allowed, rank_slot, suit_slot, after_previous and need must have one entry per "
                         "pattern card")
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
    if anchor_starts.shape[0] != 53 or anchor_starts[0] != 0 or anchor_starts[52] != anchored.shape[0]:
        raise ValueError("anchor_starts must be 53 offsets into anchored, from 0 to its length")
    for i in range(52):
        if anchor_starts[i + 1] < anchor_starts[i]:
            raise ValueError("anchor_starts must be non-decreasing")
    for i in range(anchored.shape[0]):
        if not 0 <= anchored[i] < n_patterns:
            raise ValueError("anchored holds pattern numbers 0..n_patterns-1")
    for i in range(n_unanchored):
        if not 0 <= unanchored[i] < n_patterns:
            raise ValueError("unanchored holds pattern numbers 0..n_patterns-1")
    if n == 0:
        return -1
    if n_patterns == 0:
        out[:] = 0
        return -1
    # empty tables (patterns without cards) are never read: their pointers stay NULL
    cdef const uint64_t* allowed_ptr = &allowed[0] if total else NULL
    cdef const int8_t* rank_ptr = &rank_slot[0] if total else NULL
    cdef const int8_t* suit_ptr = &suit_slot[0] if total else NULL
    cdef const uint8_t* after_ptr = &after_previous[0] if total else NULL
    cdef const uint8_t* need_ptr = &need[0] if total else NULL
    cdef const int32_t* anchored_ptr = &anchored[0] if anchored.shape[0] else NULL
    cdef const int32_t* unanchored_ptr = &unanchored[0] if n_unanchored else NULL
    for h in prange(n, nogil=True, schedule="static", num_threads=threads):
        out[h] = match_row(&hands[h, 0], width, &starts[0], allowed_ptr, rank_ptr, suit_ptr, after_ptr, need_ptr,
                           &anchor_starts[0], anchored_ptr, unanchored_ptr, n_unanchored)
    return -1
