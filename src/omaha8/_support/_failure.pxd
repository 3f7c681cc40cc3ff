# The kernels' one way of reporting failure (docs/architecture.md): a call returns -1,
# or the first row it could not do. Kernels that check rows in parallel flag each
# failed row, then return the first flag with first_failed.

from libc.stdint cimport uint8_t


# The first i < n with failed[i] nonzero, or -1 when there is none.
cdef inline Py_ssize_t first_failed(const uint8_t* failed, Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t i
    for i in range(n):
        if failed[i]:
            return i
    return -1
