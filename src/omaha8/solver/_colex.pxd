# A combo's cards in ascending order, and the slots of its subsets: the order in which the solver's
# kernels rank a combo and its subsets (colex ranks, C(c_1, 1) + ... + C(c_j, j)).

from libc.stdint cimport int32_t, uint8_t


# c[0..k-1] = row[0..k-1], ascending (by insertion: k is at most 5).
cdef inline void sorted_cards(const uint8_t* row, int k, uint8_t* c) noexcept nogil:
    cdef int i, j
    cdef uint8_t x
    for i in range(k):
        x = row[i]
        j = i
        while j > 0 and c[j - 1] > x:
            c[j] = c[j - 1]
            j -= 1
        c[j] = x


# ---------------------------------------------------------------- subset slots
#
# The solver's tables hold one row per subset of fewer than k cards of the deck. A subset of
# size j has the slot OFFSET[j] + its colex rank C(c_1, 1) + ... + C(c_j, j), so the slots of
# the sizes 0..k-1 fill 0 .. OFFSET[k] - 1. A module that cimports these tables fills its own
# copy once at import with fill_colex() (_solver.pyx and _terminal.pyx both read them).


cdef enum:
    COLEX_MAX_K = 5       # cards of the largest combo
    COLEX_DECK = 52
    COLEX_MASKS = 32      # subsets of a 5-card combo's sorted positions

cdef extern from *:
    """
    static int32_t omaha8_colex_binom[52][6];
    static int32_t omaha8_colex_offset[7];
    static unsigned char omaha8_colex_mask_top[32];
    static unsigned char omaha8_colex_mask_size[32];
    static double omaha8_colex_mask_sign[32];
    """
    # BINOM[n][j] = C(n, j) for cards n = 0..51, j = 0..5
    int32_t BINOM "omaha8_colex_binom"[COLEX_DECK][COLEX_MAX_K + 1]
    # OFFSET[j]: first slot of the subsets of size j; OFFSET[k] slots hold sizes 0..k-1
    int32_t OFFSET "omaha8_colex_offset"[COLEX_MAX_K + 2]
    # per subset mask of a combo's sorted positions: highest position, size, (-1)^size
    uint8_t MASK_TOP "omaha8_colex_mask_top"[COLEX_MASKS]
    uint8_t MASK_SIZE "omaha8_colex_mask_size"[COLEX_MASKS]
    double MASK_SIGN "omaha8_colex_mask_sign"[COLEX_MASKS]


# Fill the tables: Pascal's rule for C(n, j), the offsets as running sums of C(52, j).
cdef inline void fill_colex() noexcept nogil:
    cdef int n, j, m
    for n in range(COLEX_DECK):
        BINOM[n][0] = 1
        for j in range(1, COLEX_MAX_K + 1):
            BINOM[n][j] = 0 if n == 0 else BINOM[n - 1][j - 1] + BINOM[n - 1][j]
    OFFSET[0] = 0
    for j in range(COLEX_MAX_K + 1):
        # C(52, j) = C(51, j - 1) + C(51, j)
        OFFSET[j + 1] = OFFSET[j] + (1 if j == 0 else BINOM[COLEX_DECK - 1][j - 1] + BINOM[COLEX_DECK - 1][j])
    for m in range(COLEX_MASKS):
        MASK_SIZE[m] = 0
        MASK_TOP[m] = 0
        for j in range(COLEX_MAX_K):
            if (m >> j) & 1:
                MASK_SIZE[m] += 1
                MASK_TOP[m] = j
        MASK_SIGN[m] = -1.0 if MASK_SIZE[m] & 1 else 1.0


# Slot of every proper subset of one combo of k (1..5) cards, by mask over its sorted cards
# (slot[0] = 0, the empty subset); returns 2^k - 1, the number of slots written.
cdef inline int subset_slots(const uint8_t* row, int k, int32_t* slot) noexcept nogil:
    cdef uint8_t c[COLEX_MAX_K]
    cdef int32_t rank[COLEX_MASKS]
    cdef int mask, top, full = (1 << k) - 1
    sorted_cards(row, k, c)
    rank[0] = 0
    slot[0] = 0
    for mask in range(1, full):
        # colex rank: the rank without the largest card, plus C(largest, size)
        top = MASK_TOP[mask]
        rank[mask] = rank[mask ^ (1 << top)] + BINOM[c[top]][MASK_SIZE[mask]]
        slot[mask] = OFFSET[MASK_SIZE[mask]] + rank[mask]
    return full
