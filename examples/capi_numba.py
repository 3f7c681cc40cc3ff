"""numba loops that call omaha8's C API (``omaha8.capi``) from nopython code.

A ctypes function made by :func:`omaha8.capi.ctypes_function` is called from
``numba.njit`` code like any function; each pointer argument is an array's
``.ctypes``. ``tests/capi/test_capi_build.py`` runs these loops against
:func:`omaha8.evaluate_batch` and :func:`omaha8.showdown`.
"""

import numba

from omaha8 import capi

o8_evaluate = capi.ctypes_function("o8_evaluate")
o8_showdown = capi.ctypes_function("o8_showdown")


@numba.njit(nogil=True)
def evaluate_rows(holes, boards, high, low):
    """Fill high[i] and low[i] for each row; returns the number of rows refused."""
    refused = 0
    for i in range(holes.shape[0]):
        if o8_evaluate(holes[i].ctypes, holes.shape[1], boards[i].ctypes, high[i:].ctypes, low[i:].ctypes) != 0:
            refused += 1
    return refused


@numba.njit(nogil=True)
def showdown_rows(holes, boards, contributed, folded, buttons, payouts):
    """Settle one hand per row (holes (n, seats, 4|5)); returns the number of rows refused."""
    refused = 0
    n_seats, n_hole = holes.shape[1], holes.shape[2]
    for i in range(holes.shape[0]):
        if o8_showdown(n_seats, n_hole, holes[i].ctypes, boards[i].ctypes, contributed[i].ctypes,
                       folded[i].ctypes, buttons[i], payouts[i].ctypes) != 0:
            refused += 1
    return refused
