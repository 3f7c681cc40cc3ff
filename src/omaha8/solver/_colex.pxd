# A combo's cards in ascending order: the order in which the solver's kernels rank a combo and its
# subsets (colex ranks, C(c_1, 1) + ... + C(c_j, j)).

from libc.stdint cimport uint8_t


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
