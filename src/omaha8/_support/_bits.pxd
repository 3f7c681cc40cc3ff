# Bit counting for nogil kernels: the compiler's builtin where there is one.

from libc.stdint cimport uint32_t

cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define omaha8_popcount(x) __builtin_popcount(x)
    #else
    static int omaha8_popcount(unsigned int x) { int n = 0; while (x) { x &= x - 1; n++; } return n; }
    #endif
    """
    int popcount "omaha8_popcount"(uint32_t x) noexcept nogil
