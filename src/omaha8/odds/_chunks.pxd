# How both equity kernels (hands and ranges) cut a Monte Carlo run: chunk c holds
# samples c * CHUNK_SAMPLES up to the run's total or the next chunk, and draws from
# a stream keyed by (seed, c) alone, so results never depend on threads.

from libc.stdint cimport int64_t

cdef enum:
    CHUNK_SAMPLES = 4096


# Refuse rows of counts that are not ``width`` wide, or chunks past the end of a run
# of ``total`` samples (the n chunks from first_chunk on).
cdef inline int check_chunks(Py_ssize_t n, Py_ssize_t columns, int width, int64_t first_chunk,
                             int64_t total) except -1:
    if columns != width:
        raise ValueError(f"out must have {width} columns, got {columns}")
    if first_chunk < 0 or total < 0 or (first_chunk + n) * CHUNK_SAMPLES - total >= CHUNK_SAMPLES:
        raise ValueError("chunks past the end of the run")
    return 0


# Samples in chunk c of a run of ``total`` samples (the last chunk may be shorter).
cdef inline int64_t chunk_samples(int64_t c, int64_t total) noexcept nogil:
    cdef int64_t count = total - c * CHUNK_SAMPLES
    return CHUNK_SAMPLES if count > CHUNK_SAMPLES else count
