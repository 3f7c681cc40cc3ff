# cython: language_level=3
"""omaha8's C-level API: the evaluator and the pot rules, callable from compiled code.

Four ``noexcept nogil`` C functions with fixed names and signatures (declared,
with what each reads and writes, in ``capi.pxd``, shipped with the package):

* ``int o8_evaluate(const uint8_t* hole, int n_hole, const uint8_t* board, uint16_t* high, uint8_t* low)``
* ``int o8_split_pot(int n_seats, const uint16_t* high, const uint8_t* low, const uint8_t* eligible,
  int64_t amount, int button, int64_t* out)``
* ``int o8_settle(int n_seats, const int64_t* contributed, const uint8_t* folded, const uint16_t* high,
  const uint8_t* low, int button, int64_t* payouts)``
* ``int o8_showdown(int n_seats, int n_hole, const uint8_t* holes, const uint8_t* board,
  const int64_t* contributed, const uint8_t* folded, int button, int64_t* payouts)``

Each returns 0, or -1 for invalid input, and then writes nothing. They give the
values of :func:`omaha8.evaluate_batch` and the payouts of
:func:`omaha8.showdown`, keep no state and may be called from many threads at once.

Cython code cimports them (``from omaha8.capi cimport o8_evaluate``); numba,
ctypes and cffi call them by :func:`address`, or through :func:`ctypes_function`.

>>> import ctypes
>>> evaluate = ctypes_function("o8_evaluate")
>>> Bytes5 = ctypes.c_uint8 * 5
>>> hole, board = Bytes5(51, 47, 0, 4), Bytes5(49, 45, 41, 8, 12)
>>> high, low = ctypes.c_uint16(), ctypes.c_uint8()
>>> evaluate(hole, 4, board, ctypes.byref(high), ctypes.byref(low)), high.value, low.value
(0, 5854, 56)
>>> evaluate(hole, 3, board, ctypes.byref(high), ctypes.byref(low))   # 3 hole cards: refused
-1
>>> address("o8_evaluate") == ctypes.cast(evaluate, ctypes.c_void_p).value
True
>>> address("o8_evaluat")
Traceback (most recent call last):
...
omaha8.errors.ArgumentError: omaha8.capi has no function 'o8_evaluat'; it has o8_evaluate, o8_split_pot, o8_settle, o8_showdown
"""

from libc.stdint cimport INT64_MAX, int64_t, uint8_t, uint16_t, uint32_t, uint64_t

import ctypes

from omaha8._support._bits cimport popcount
from omaha8.core._core cimport PreparedBoard, Tables, prepare_board, prepared_values, tables
from omaha8.pots._pot_rules cimport settle_chips, split_pot_chips

from ._support._args import brief
from ._support._docs import fill_doc
from .errors import ArgumentError, ArgumentTypeError

__all__ = ["FUNCTIONS", "MAX_SEATS", "address", "ctypes_function"]

#: Most seats of one call (``O8_MAX_SEATS``).
MAX_SEATS = O8_MAX_SEATS

cdef const Tables* TABLES = tables()


# ---------------------------------------------------------------- checks

# 1 when n card bytes are ids 0..51 not already in ``seen`` (nor repeated), and adds
# them to ``seen``; 0 otherwise. A byte c is over 51 exactly when c + 12 reaches 64.
cdef inline int take_cards(const uint8_t* cards, int n, uint64_t* seen) noexcept nogil:
    cdef uint32_t over = 0
    cdef uint64_t bit, repeated = 0, have = seen[0]
    cdef int i
    for i in range(n):
        over |= cards[i] + 12u
        bit = (<uint64_t>1) << (cards[i] & 63)
        repeated |= have & bit
        have |= bit
    seen[0] = have
    return (over >> 6) == 0 and repeated == 0


# 1 when a contesting seat's values are values: high 1..7462, low 0..56.
cdef inline int values_ok(uint16_t high, uint8_t low) noexcept nogil:
    return 1 <= high <= O8_N_HIGH and low <= O8_N_LOW


# 0 when the seat count, button and chips are valid (see capi.pxd), with ``live``
# the seats that did not fold; -1 otherwise.
cdef inline int check_hand(int n_seats, const int64_t* contributed, const uint8_t* folded, int button,
                           uint32_t* live) noexcept nogil:
    cdef int64_t total = 0, c
    cdef uint32_t seats = 0, with_chips = 0
    cdef int s
    if n_seats < 2 or n_seats > O8_MAX_SEATS or button < 0 or button >= n_seats:
        return -1
    if contributed == NULL or folded == NULL:
        return -1
    for s in range(n_seats):
        c = contributed[s]
        if c < 0 or c > INT64_MAX - total:
            return -1
        total += c
        if not folded[s]:
            seats |= (<uint32_t>1) << s
            if c > 0:
                with_chips |= (<uint32_t>1) << s
    if with_chips == 0:
        return -1
    live[0] = seats
    return 0


# ---------------------------------------------------------------- the API

cdef int o8_evaluate(const uint8_t* hole, int n_hole, const uint8_t* board, uint16_t* high,
                     uint8_t* low) noexcept nogil:
    cdef uint64_t seen = 0
    cdef PreparedBoard b
    cdef uint16_t h
    cdef uint8_t l
    if hole == NULL or board == NULL or high == NULL or low == NULL or (n_hole != 4 and n_hole != 5):
        return -1
    if not take_cards(board, 5, &seen) or not take_cards(hole, n_hole, &seen):
        return -1
    prepare_board(TABLES, board, &b)
    if n_hole == 4:   # a constant hole size: the pair loop unrolls
        h = prepared_values(TABLES, &b, hole, 4, &l)
    else:
        h = prepared_values(TABLES, &b, hole, 5, &l)
    high[0] = h
    low[0] = l
    return 0


cdef int o8_split_pot(int n_seats, const uint16_t* high, const uint8_t* low, const uint8_t* eligible,
                      int64_t amount, int button, int64_t* out) noexcept nogil:
    cdef int64_t add[O8_MAX_SEATS]
    cdef uint32_t seats = 0
    cdef int s
    if n_seats < 2 or n_seats > O8_MAX_SEATS or button < 0 or button >= n_seats or amount < 0:
        return -1
    if high == NULL or low == NULL or eligible == NULL or out == NULL:
        return -1
    for s in range(n_seats):
        add[s] = 0
        if eligible[s]:
            seats |= (<uint32_t>1) << s
    if seats == 0:
        return -1
    if popcount(seats) >= 2:
        for s in range(n_seats):
            if (seats >> s) & 1 and not values_ok(high[s], low[s]):
                return -1
    split_pot_chips(n_seats, high, low, seats, amount, button, add)
    for s in range(n_seats):
        if out[s] > INT64_MAX - add[s]:
            return -1
    for s in range(n_seats):
        out[s] += add[s]
    return 0


cdef int o8_settle(int n_seats, const int64_t* contributed, const uint8_t* folded, const uint16_t* high,
                   const uint8_t* low, int button, int64_t* payouts) noexcept nogil:
    cdef int64_t paid[O8_MAX_SEATS]
    cdef int64_t uncalled[O8_MAX_SEATS]
    cdef uint32_t live = 0
    cdef int s
    if high == NULL or low == NULL or payouts == NULL:
        return -1
    if check_hand(n_seats, contributed, folded, button, &live) < 0:
        return -1
    if popcount(live) >= 2:
        for s in range(n_seats):
            if (live >> s) & 1 and not values_ok(high[s], low[s]):
                return -1
    if settle_chips(n_seats, contributed, live, high, low, button, paid, uncalled) < 0:
        return -1
    for s in range(n_seats):
        payouts[s] = paid[s]
    return 0


cdef int o8_showdown(int n_seats, int n_hole, const uint8_t* holes, const uint8_t* board,
                     const int64_t* contributed, const uint8_t* folded, int button,
                     int64_t* payouts) noexcept nogil:
    cdef uint16_t high[O8_MAX_SEATS]
    cdef uint8_t low[O8_MAX_SEATS]
    cdef int64_t paid[O8_MAX_SEATS]
    cdef int64_t uncalled[O8_MAX_SEATS]
    cdef uint32_t live = 0
    cdef uint64_t seen = 0
    cdef PreparedBoard b
    cdef int s
    if holes == NULL or board == NULL or payouts == NULL or (n_hole != 4 and n_hole != 5):
        return -1
    if check_hand(n_seats, contributed, folded, button, &live) < 0:
        return -1
    if not take_cards(board, 5, &seen):
        return -1
    for s in range(n_seats):
        if (live >> s) & 1 and not take_cards(holes + s * n_hole, n_hole, &seen):
            return -1
    prepare_board(TABLES, board, &b)
    for s in range(n_seats):
        high[s] = 0
        low[s] = 0
        if (live >> s) & 1:
            if n_hole == 4:
                high[s] = prepared_values(TABLES, &b, holes + s * 4, 4, &low[s])
            else:
                high[s] = prepared_values(TABLES, &b, holes + s * 5, 5, &low[s])
    if settle_chips(n_seats, contributed, live, high, low, button, paid, uncalled) < 0:
        return -1
    for s in range(n_seats):
        payouts[s] = paid[s]
    return 0


# ---------------------------------------------------------------- by address

_P = ctypes.POINTER
#: The functions of the API, in the order of ``capi.pxd``.
FUNCTIONS = ("o8_evaluate", "o8_split_pot", "o8_settle", "o8_showdown")

cdef dict ADDRESSES = {
    "o8_evaluate": <size_t><void*>o8_evaluate,
    "o8_split_pot": <size_t><void*>o8_split_pot,
    "o8_settle": <size_t><void*>o8_settle,
    "o8_showdown": <size_t><void*>o8_showdown,
}

# argument types of each function, as its C signature
cdef dict ARGTYPES = {
    "o8_evaluate": (_P(ctypes.c_uint8), ctypes.c_int, _P(ctypes.c_uint8), _P(ctypes.c_uint16), _P(ctypes.c_uint8)),
    "o8_split_pot": (ctypes.c_int, _P(ctypes.c_uint16), _P(ctypes.c_uint8), _P(ctypes.c_uint8), ctypes.c_int64,
                     ctypes.c_int, _P(ctypes.c_int64)),
    "o8_settle": (ctypes.c_int, _P(ctypes.c_int64), _P(ctypes.c_uint8), _P(ctypes.c_uint16), _P(ctypes.c_uint8),
                  ctypes.c_int, _P(ctypes.c_int64)),
    "o8_showdown": (ctypes.c_int, ctypes.c_int, _P(ctypes.c_uint8), _P(ctypes.c_uint8), _P(ctypes.c_int64),
                    _P(ctypes.c_uint8), ctypes.c_int, _P(ctypes.c_int64)),
}


def _name(name):
    if not isinstance(name, str):
        raise ArgumentTypeError(f"a function name must be a str, not {type(name).__name__} {brief(name)}")
    if name not in ADDRESSES:
        raise ArgumentError(f"omaha8.capi has no function {brief(name)}; it has {', '.join(FUNCTIONS)}")
    return name


# what address() and ctypes_function() raise, written into both docstrings
_NAME_DOCS = {"raises": ("Raises\n------\nArgumentError\n    ``name`` is not a function of the API.\n"
                         "ArgumentTypeError\n    ``name`` is not a str.")}


@fill_doc(_NAME_DOCS)
def address(name):
    """The address of the C function ``name`` (one of :data:`FUNCTIONS`), as an int.

    For numba (``numba.types.ExternalFunctionPointer``), cffi (``ffi.cast``)
    or ctypes. The function lives as long as the process: this module is
    never unloaded.

    %(raises)s
    """
    return ADDRESSES[_name(name)]


@fill_doc(_NAME_DOCS)
def ctypes_function(name):
    """The C function ``name`` as a ctypes function with its C signature (``restype`` ``c_int``).

    Called from Python it releases the GIL; numba's ``njit`` code calls it
    directly, passing ``array.ctypes`` for each pointer.

    %(raises)s
    """
    name = _name(name)
    prototype = ctypes.CFUNCTYPE(ctypes.c_int, *ARGTYPES[name])
    return prototype(ADDRESSES[name])
