# Included by _format_text.pyx: result lines formatted a piece at a time and written to a file descriptor
# by the thread that formatted them (omaha8.deals.ResultWriter's writer thread), on put_rows and bind_rows.

from libc.errno cimport EINTR, EIO, errno

import os

# write(2), or the C runtime's _write on Windows (at most INT_MAX bytes a call there; write_all goes on)
cdef extern from *:
    """
    #if defined(_WIN32)
    #include <io.h>
    static Py_ssize_t omaha8_write(int fd, const void* data, Py_ssize_t n) {
        return _write(fd, data, n > 0x7fffffff ? 0x7fffffffu : (unsigned int)n);
    }
    #else
    #include <unistd.h>
    static Py_ssize_t omaha8_write(int fd, const void* data, Py_ssize_t n) {
        return write(fd, data, (size_t)n);
    }
    #endif
    """
    Py_ssize_t write "omaha8_write"(int fd, const void* data, Py_ssize_t n) noexcept nogil

# Space for bytes about to be written at offset..offset+length of a file, asked of the file system ahead of
# the write (Linux fallocate, the file's size kept): ext4 then maps each page of the write to blocks already
# given, not reserving them a page at a time. -1 (errno set) where it cannot; the write does not need it.
cdef extern from *:
    """
    #if defined(__linux__)
    #include <fcntl.h>
    #include <errno.h>
    static int omaha8_reserve(int fd, int64_t offset, int64_t length) {
        return fallocate(fd, FALLOC_FL_KEEP_SIZE, (off_t)offset, (off_t)length);
    }
    #else
    #include <errno.h>
    static int omaha8_reserve(int fd, int64_t offset, int64_t length) {
        (void)fd; (void)offset; (void)length;
        errno = EOPNOTSUPP;
        return -1;
    }
    #endif
    """
    int reserve_space "omaha8_reserve"(int fd, int64_t offset, int64_t length) noexcept nogil


# Write out[0:length] to fd in full (a pipe or a signal may take part of it); 0, or the errno of the failure.
cdef int write_all(int fd, const uint8_t* out, Py_ssize_t length) noexcept nogil:
    cdef Py_ssize_t done = 0, got
    while done < length:
        got = write(fd, out + done, length - done)
        if got < 0:
            if errno == EINTR:
                continue
            return errno
        if got == 0:
            return EIO
        done += got
    return 0


def write_result_rows(int fd, plan, Py_ssize_t n, int n_seats, int k, int64_t deal_start, line=None, boards=None,
                      holes=None, high=None, low=None, high_winners=None, low_winners=None, shares=None,
                      high_table=None, low_table=None, out=None, Py_ssize_t piece_rows=2048,
                      int64_t reserve_at=-1):
    """Write the CSV lines of ``n`` result rows to the file descriptor ``fd``, on this thread alone.

    The text is :func:`format_result_rows`' (same arguments), formatted
    ``piece_rows`` rows at a time into ``out`` (reused when large enough)
    and written by ``write(2)`` while it is still in this core's cache,
    without the GIL. ``reserve_at`` >= 0 is the offset of the file the first
    byte goes to: each piece's bytes are reserved in the file first
    (``fallocate`` keeping the size; only ever blocks, never the file's
    bytes or size), until the file system says it cannot.

    Returns ``(buffer, written, reserve_at)``: the buffer to pass as ``out``
    next time, the bytes written, and the offset after them (-1 once
    reserving stopped, or when it was not asked for). A failed write raises
    the OSError of its errno; the bytes before it are written.
    """
    cdef RowSource src
    cdef Py_ssize_t bound, start, length, written = 0
    cdef uint8_t[::1] out_view
    cdef int failed = 0
    if n < 0 or n_seats < 1 or n_seats > 16 or not 1 <= k <= 5 or piece_rows < 1:
        raise ValueError("need n >= 0, 1..16 seats, 1..5 cards a seat and piece_rows >= 1")
    plan = checked_plan(plan)
    if n == 0:
        return text_buffer(out, 0), 0, reserve_at
    keep = bind_rows(&src, plan, n, n_seats, k, deal_start, line, boards, holes, high, low, high_winners,
                     low_winners, shares, high_table, low_table)
    bound = row_bound(&src)
    out = text_buffer(out, min(n, piece_rows) * bound)
    out_view = out
    with nogil:
        start = 0
        while start < n:
            length = put_rows(&src, start, min(n, start + piece_rows), &out_view[0])
            if reserve_at >= 0:
                if reserve_space(fd, reserve_at, length) == 0:
                    reserve_at += length
                else:
                    reserve_at = -1
            failed = write_all(fd, &out_view[0], length)
            if failed:
                break
            written += length
            start += piece_rows
    if failed:
        raise OSError(failed, os.strerror(failed))
    return out, written, reserve_at
