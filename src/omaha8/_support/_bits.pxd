# Bit counting for nogil kernels: the CPU's instruction where the build may use it, else a
# branch-free count inline. (On x86-64 without -mpopcnt, GCC's builtin is a call into libgcc
# of about 50 instructions: a fifth of a 6-seat pot_shares deal.)

from libc.stdint cimport uint32_t

cdef extern from *:
    """
    #if (defined(__GNUC__) || defined(__clang__)) && (defined(__POPCNT__) || defined(__aarch64__))
    #define omaha8_popcount(x) __builtin_popcount(x)
    #else
    static inline int omaha8_popcount(unsigned int x) {
        x = x - ((x >> 1) & 0x55555555u);
        x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
        x = (x + (x >> 4)) & 0x0F0F0F0Fu;
        return (int)((x * 0x01010101u) >> 24);
    }
    #endif
    """
    int popcount "omaha8_popcount"(uint32_t x) noexcept nogil
