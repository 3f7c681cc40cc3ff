# Counter-based random streams for nogil kernels: splitmix64 keyed by the
# caller (from a seed and a chunk number, never a thread), so results do not
# depend on how work is spread over threads or machines.

from libc.stdint cimport uint32_t, uint64_t


cdef inline uint64_t mix64(uint64_t z) noexcept nogil:
    """The splitmix64 finaliser: a bijection that scrambles every bit."""
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline uint64_t next64(uint64_t* state) noexcept nogil:
    """splitmix64: the next 64 random bits of a stream."""
    state[0] += 0x9E3779B97F4A7C15ULL
    return mix64(state[0])


cdef inline uint32_t below(uint64_t* state, uint32_t n) noexcept nogil:
    """Uniform integer in [0, n), n >= 1, without bias (Lemire's method)."""
    cdef uint64_t m = (next64(state) >> 32) * n
    cdef uint32_t low = <uint32_t>m, threshold
    if low < n:
        threshold = (0u - n) % n
        while low < threshold:
            m = (next64(state) >> 32) * n
            low = <uint32_t>m
    return <uint32_t>(m >> 32)
