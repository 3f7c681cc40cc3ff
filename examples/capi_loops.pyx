# cython: language_level=3, boundscheck=False, wraparound=False
"""Loops over many deals that call omaha8's C API from Cython, without the GIL.

Build it like any Cython module; omaha8 ships ``capi.pxd``, which cythonize
finds on ``sys.path`` (or give ``include_path=[omaha8.get_include()]``)::

    from setuptools import Extension, setup
    from Cython.Build import cythonize
    import omaha8

    setup(ext_modules=cythonize([Extension("capi_loops", ["capi_loops.pyx"])],
                                include_path=[omaha8.get_include()]))

then ``python setup.py build_ext --inplace`` (``tests/capi/test_capi_build.py``
builds it so and checks its answers against omaha8's own functions).
"""

from libc.stdint cimport int64_t, uint8_t, uint16_t

from omaha8.capi cimport o8_evaluate, o8_showdown


def evaluate_rows(const uint8_t[:, ::1] holes, const uint8_t[:, ::1] boards, uint16_t[::1] high,
                  uint8_t[::1] low):
    """Fill ``high`` and ``low`` for each row of ``holes`` (n, 4|5) and ``boards`` (n, 5).

    Returns the number of rows refused (their outputs are left as they were).
    """
    cdef Py_ssize_t i, refused = 0
    cdef int n_hole = holes.shape[1]
    with nogil:
        for i in range(holes.shape[0]):
            if o8_evaluate(&holes[i, 0], n_hole, &boards[i, 0], &high[i], &low[i]) != 0:
                refused += 1
    return refused


def showdown_rows(const uint8_t[:, :, ::1] holes, const uint8_t[:, ::1] boards,
                  const int64_t[:, ::1] contributed, const uint8_t[:, ::1] folded, const int[::1] buttons,
                  int64_t[:, ::1] payouts):
    """Settle one hand per row: ``holes`` (n, seats, 4|5), ``boards`` (n, 5), ``contributed``,
    ``folded`` and ``payouts`` (n, seats), ``buttons`` (n,). Returns the number of rows refused.
    """
    cdef Py_ssize_t i, refused = 0
    cdef int n_seats = holes.shape[1], n_hole = holes.shape[2]
    with nogil:
        for i in range(holes.shape[0]):
            if o8_showdown(n_seats, n_hole, &holes[i, 0, 0], &boards[i, 0], &contributed[i, 0],
                           &folded[i, 0], buttons[i], &payouts[i, 0]) != 0:
                refused += 1
    return refused
