# cython: language_level=3
"""nogil kernels that write card ids and results as text: columns of hand strings, and CSV result lines.

The Python layer (:mod:`omaha8.cards._columns`, :mod:`omaha8.deals._writers`)
checks and allocates; these kernels only compute, and never read outside a
table whatever bytes they get (an id >= 52 is written ``??``). The reading
side is :mod:`omaha8.cards._parse_text`.
"""

cimport cython
from cython.parallel cimport prange
from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset

from ._card_alphabet cimport RANK_TEXT, SUIT_TEXT, char_t

import numpy as np

cdef enum:
    TEXT_STRIDE = 64


cdef inline void put_card(char_t* dst, uint8_t card) noexcept nogil:
    dst[0] = RANK_TEXT[card >> 2]
    dst[1] = SUIT_TEXT[card & 3]


# Text of one row of k ids joined by sep; an id >= 52 writes "??", never reading past a table.
cdef inline void format_row(const uint8_t* ids, int k, const uint32_t* sep, int n_sep, char_t* out) noexcept nogil:
    cdef int j, s, pos = 0
    for j in range(k):
        if j:
            for s in range(n_sep):
                out[pos + s] = <char_t>sep[s]
            pos += n_sep
        if ids[j] < 52:
            put_card(out + pos, ids[j])
        else:
            out[pos] = 63
            out[pos + 1] = 63
        pos += 2


def format_id_rows(const uint8_t[:, ::1] ids, const uint32_t[::1] sep, char_t[:, ::1] out, int n_threads):
    """Write the text of row i of ``ids`` into ``out[i]``, cards joined by ``sep``.

    ``out`` has ``2 k + (k - 1) len(sep)`` columns. Ids >= 52 are written as
    ``??``; the caller checks ids first. Returns -1: no row fails.
    """
    cdef Py_ssize_t n = ids.shape[0], i
    cdef int k = ids.shape[1], n_sep = sep.shape[0]
    cdef int threads = max(1, n_threads)
    cdef const uint32_t* sep_ptr = &sep[0] if n_sep else NULL
    if out.shape[0] != n or out.shape[1] != (2 * k + (k - 1) * n_sep if k else 0):
        raise ValueError("out must have one row per id row and room for every card and separator")
    if n == 0 or k == 0:
        return -1
    for i in prange(n, nogil=True, schedule="static", num_threads=threads):
        format_row(&ids[i, 0], k, sep_ptr, n_sep, &out[i, 0])
    return -1

# ---------------------------------------------------------------- result rows

# Column groups of a result row, in the order a plan lists them.
cdef enum:
    COL_LINE = 0
    COL_DEAL = 1
    COL_BOARD = 2
    COL_SEATS = 3
    COL_HIGH = 4
    COL_LOW = 5
    COL_HIGH_DESC = 6
    COL_LOW_DESC = 7
    COL_HIGH_WINNERS = 8
    COL_LOW_WINNERS = 9
    COL_SHARES = 10
    N_COLUMN_KINDS = 11

COLUMN_KINDS = {
    "line": COL_LINE, "deal": COL_DEAL, "board": COL_BOARD, "seats": COL_SEATS, "high": COL_HIGH,
    "low": COL_LOW, "high_desc": COL_HIGH_DESC, "low_desc": COL_LOW_DESC,
    "high_winners": COL_HIGH_WINNERS, "low_winners": COL_LOW_WINNERS, "shares": COL_SHARES,
}


# Writers below append at p and return the new end; the caller reserves room.

# Numbers below 10,000 (hand values, seats, most line numbers) without a
# branch: four digits from two pairs in one word, shifted to the last n of
# them, stored at once. Writes four bytes and keeps n; every field's room is
# at least that, and the row's slack covers the last.
cdef extern from *:
    """
    #include <stdint.h>
    #include <string.h>
    static const char omaha8_digit_pairs[201] =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
        "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
        "8081828384858687888990919293949596979899";
    static inline unsigned char* omaha8_put_small(unsigned char* p, uint32_t v) {
        uint16_t hi, lo;
        uint32_t word;
        int n = 1 + (v >= 10) + (v >= 100) + (v >= 1000);
        memcpy(&hi, omaha8_digit_pairs + 2 * (v / 100), 2);
        memcpy(&lo, omaha8_digit_pairs + 2 * (v % 100), 2);
    #if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        word = ((uint32_t)hi << 16 | lo) << (8 * (4 - n));
    #else
        word = ((uint32_t)lo << 16 | hi) >> (8 * (4 - n));
    #endif
        memcpy(p, &word, 4);
        return p + n;
    }
    """
    const char* DIGIT_PAIRS "omaha8_digit_pairs"
    uint8_t* put_small "omaha8_put_small"(uint8_t* p, uint32_t v) noexcept nogil

# the two characters of each card id, and "??" for every other byte
cdef char CARD_PAIRS[512]
# The seats of each 8-seat part of a winner mask, space separated: seats
# 0-7 by the mask's low byte (16 bytes an entry), seats 8-15 by its high byte (32).
cdef char LOW_SEATS_TEXT[256][16]
cdef uint8_t LOW_SEATS_LENGTH[256]
cdef char HIGH_SEATS_TEXT[256][32]
cdef uint8_t HIGH_SEATS_LENGTH[256]


cdef int seats_text(int bits, int first_seat, char* out) noexcept:
    cdef int seat, n = 0
    for seat in range(8):
        if bits >> seat & 1:
            if n:
                out[n] = 32
                n += 1
            if first_seat + seat >= 10:
                out[n] = 49
                n += 1
            out[n] = <char>(48 + (first_seat + seat) % 10)
            n += 1
    return n


cdef void build_tables() noexcept:
    cdef int i
    for i in range(256):
        CARD_PAIRS[2 * i] = RANK_TEXT[i >> 2] if i < 52 else 63
        CARD_PAIRS[2 * i + 1] = SUIT_TEXT[i & 3] if i < 52 else 63
        memset(LOW_SEATS_TEXT[i], 0, 16)
        memset(HIGH_SEATS_TEXT[i], 0, 32)
        LOW_SEATS_LENGTH[i] = <uint8_t>seats_text(i, 0, LOW_SEATS_TEXT[i])
        HIGH_SEATS_LENGTH[i] = <uint8_t>seats_text(i, 8, HIGH_SEATS_TEXT[i])


build_tables()


cdef inline int n_digits(uint64_t v) noexcept nogil:
    cdef int n = 1
    while v >= 100:
        v //= 100
        n += 2
    return n + (v >= 10)


cdef inline uint8_t* put_uint(uint8_t* p, uint64_t v) noexcept nogil:
    cdef int n, i
    if v < 10000:
        return put_small(p, <uint32_t>v)
    n = n_digits(v)
    i = n
    while v >= 100:
        i -= 2
        memcpy(p + i, DIGIT_PAIRS + 2 * (v % 100), 2)
        v //= 100
    if v >= 10:
        memcpy(p, DIGIT_PAIRS + 2 * v, 2)
    else:
        p[0] = <uint8_t>(48 + v)
    return p + n


cdef inline uint8_t* put_int(uint8_t* p, int64_t v) noexcept nogil:
    if v < 0:
        p[0] = 45
        return put_uint(p + 1, <uint64_t>(-(v + 1)) + 1)
    return put_uint(p, <uint64_t>v)


# A fraction with at most six decimals, trailing zeros dropped: 1, 0.5, 0.333333.
cdef inline uint8_t* put_fraction(uint8_t* p, double x) noexcept nogil:
    cdef uint64_t whole, micro
    cdef int n = 6, i
    if x == 0.0:  # most seats win nothing (-0.0 too: written "0" as below)
        p[0] = 48
        return p + 1
    if x == 1.0:
        p[0] = 49
        return p + 1
    if not (x == x) or x > 1e12 or x < -1e12:
        p[0] = 110; p[1] = 97; p[2] = 110  # nan
        return p + 3
    if x < 0:
        p[0] = 45
        p += 1
        x = -x
    micro = <uint64_t>(x * 1e6 + 0.5)
    whole = micro // 1000000
    micro = micro % 1000000
    p = put_uint(p, whole)
    if micro == 0:
        return p
    while micro % 10 == 0:
        micro //= 10
        n -= 1
    p[0] = 46
    for i in range(n, 0, -1):
        p[i] = <uint8_t>(48 + micro % 10)
        micro //= 10
    return p + n + 1


# Seats of a mask below n_seats, ascending, space separated: the text of each
# byte of the mask from a table (one fixed-size copy each).
cdef inline uint8_t* put_mask(uint8_t* p, uint32_t mask, int n_seats) noexcept nogil:
    cdef uint32_t low, high
    if n_seats < 16:
        mask &= (<uint32_t>1 << n_seats) - 1
    low = mask & 0xFF
    high = (mask >> 8) & 0xFF
    memcpy(p, LOW_SEATS_TEXT[low], 16)
    p += LOW_SEATS_LENGTH[low]
    if high:
        if low:
            p[0] = 32
            p += 1
        memcpy(p, HIGH_SEATS_TEXT[high], 32)
        p += HIGH_SEATS_LENGTH[high]
    return p


cdef inline uint8_t* put_cards(uint8_t* p, const uint8_t* cards, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        # an invalid id writes "??" rather than reading past a table
        memcpy(p + 2 * i, CARD_PAIRS + 2 * cards[i], 2)
    return p + 2 * n


# Text number ``index`` of a table padded to TEXT_STRIDE bytes an entry: one
# fixed-size copy of ``width`` bytes, 16, 48 or 64, the table's longest text
# or more (the bytes past the text are overwritten by what follows).
cdef inline uint8_t* put_text(uint8_t* p, const uint8_t* table, const uint8_t* lengths, int n_entries,
                              int index, int width) noexcept nogil:
    if 0 <= index < n_entries:
        if width == 16:
            memcpy(p, table + index * TEXT_STRIDE, 16)
        elif width == 48:
            memcpy(p, table + index * TEXT_STRIDE, 48)
        else:
            memcpy(p, table + index * TEXT_STRIDE, TEXT_STRIDE)
        return p + lengths[index]
    return p


cdef inline int copy_width(int longest) noexcept nogil:
    return 16 if longest <= 16 else 48 if longest <= 48 else TEXT_STRIDE


# The texts of the shares met last, by their bits: a deal's shares take few
# values (0, 1, 0.5, 0.25 ...), so most are copied rather than worked out.
# Every entry starts as 0.0, "0": an entry is always a true pair.
cdef enum:
    SHARE_SLOTS = 64
    SHARE_WIDTH = 24    # longest share text (nan, or 13 digits, a point and 6 decimals), rounded up

cdef struct ShareCache:
    uint64_t bits[SHARE_SLOTS]
    uint8_t length[SHARE_SLOTS]
    uint8_t text[SHARE_SLOTS][SHARE_WIDTH]


cdef inline void clear_shares(ShareCache* cache) noexcept nogil:
    cdef int i
    memset(cache, 0, sizeof(ShareCache))
    for i in range(SHARE_SLOTS):
        cache.text[i][0] = 48
        cache.length[i] = 1


cdef inline uint8_t* put_share(uint8_t* p, double x, ShareCache* cache) noexcept nogil:
    cdef uint64_t bits
    cdef int slot
    memcpy(&bits, &x, 8)
    if bits == 0:  # +0.0, the share of most seats: put_fraction's "0" without the lookup
        p[0] = 48
        return p + 1
    slot = <int>((bits * <uint64_t>0x9E3779B97F4A7C15) >> 58)
    if cache.bits[slot] != bits:
        cache.length[slot] = <uint8_t>(put_fraction(cache.text[slot], x) - cache.text[slot])
        cache.bits[slot] = bits
    memcpy(p, cache.text[slot], SHARE_WIDTH)
    return p + cache.length[slot]


# A table of descriptions by value, padded to rows of equal width (see padded_table).
cdef struct TextTable:
    const uint8_t* text
    const uint8_t* lengths
    int n           # entries
    int max_len     # longest text
    int width       # bytes copied a text (copy_width of max_len)


cdef struct RowSource:
    const int32_t* plan
    int n_plan
    int n_seats
    int k
    int64_t deal_start
    const int64_t* line
    const uint8_t* boards
    const uint8_t* holes
    const uint16_t* high
    const uint8_t* low
    const uint16_t* high_winners
    const uint16_t* low_winners
    const double* shares
    TextTable high_text
    TextTable low_text


ctypedef fused value_t:
    uint8_t
    uint16_t


# The seats' values, comma separated.
cdef inline uint8_t* put_values(uint8_t* p, const value_t* values, int n_seats) noexcept nogil:
    cdef int seat
    for seat in range(n_seats):
        p = put_uint(p, values[seat])
        p[0] = 44
        p += 1
    return p - 1


# The descriptions of the seats' values, comma separated.
cdef inline uint8_t* put_texts(uint8_t* p, const TextTable* table, const value_t* values,
                               int n_seats) noexcept nogil:
    cdef int seat
    for seat in range(n_seats):
        p = put_text(p, table.text, table.lengths, table.n, values[seat], table.width)
        p[0] = 44
        p += 1
    return p - 1


# One CSV line of results; at most row_bound(src) bytes. Each group writes its
# seats in a loop of its own, so the loops carry no branch on the kind.
cdef uint8_t* put_row(const RowSource* src, Py_ssize_t i, uint8_t* p, ShareCache* cache) noexcept nogil:
    cdef int g, kind, seat, P = src.n_seats, k = src.k
    cdef Py_ssize_t at = i * P
    for g in range(src.n_plan):
        if g:
            p[0] = 44
            p += 1
        kind = src.plan[g]
        if kind == COL_LINE:
            p = put_int(p, src.line[i])
        elif kind == COL_DEAL:
            p = put_int(p, src.deal_start + i)
        elif kind == COL_BOARD:
            p = put_cards(p, src.boards + i * 5, 5)
        elif kind == COL_HIGH_WINNERS:
            p = put_mask(p, src.high_winners[i], P)
        elif kind == COL_LOW_WINNERS:
            p = put_mask(p, src.low_winners[i], P)
        elif kind == COL_SEATS:
            for seat in range(P):
                p = put_cards(p, src.holes + (at + seat) * k, k)
                p[0] = 44
                p += 1
            p -= 1
        elif kind == COL_HIGH:
            p = put_values(p, src.high + at, P)
        elif kind == COL_LOW:
            p = put_values(p, src.low + at, P)
        elif kind == COL_HIGH_DESC:
            p = put_texts(p, &src.high_text, src.high + at, P)
        elif kind == COL_LOW_DESC:
            p = put_texts(p, &src.low_text, src.low + at, P)
        elif kind == COL_SHARES:
            for seat in range(P):
                p = put_share(p, src.shares[at + seat], cache)
                p[0] = 44
                p += 1
            p -= 1
    p[0] = 10
    return p + 1


cdef Py_ssize_t row_bound(const RowSource* src) noexcept:
    """Most bytes put_row can write for one row of this plan."""
    # a text copy may run TEXT_STRIDE bytes past the row's end before the row overwrites it
    cdef Py_ssize_t bound = 1 + TEXT_STRIDE, P = src.n_seats
    cdef int g, kind
    for g in range(src.n_plan):
        kind = src.plan[g]
        bound += 1  # comma
        if kind == COL_LINE or kind == COL_DEAL:
            bound += 20
        elif kind == COL_BOARD:
            bound += 10
        elif kind == COL_SEATS:
            bound += P * (2 * src.k + 1)
        elif kind == COL_HIGH or kind == COL_LOW:
            bound += P * 6
        elif kind == COL_HIGH_DESC:
            bound += P * (src.high_text.max_len + 1)
        elif kind == COL_LOW_DESC:
            bound += P * (src.low_text.max_len + 1)
        elif kind == COL_HIGH_WINNERS or kind == COL_LOW_WINNERS:
            bound += P * 3
        elif kind == COL_SHARES:
            bound += P * 24
    return bound


# Rows [start, stop) one after another from out; returns the end.
cdef Py_ssize_t put_rows(const RowSource* src, Py_ssize_t start, Py_ssize_t stop, uint8_t* out) noexcept nogil:
    cdef Py_ssize_t i
    cdef uint8_t* p = out
    cdef ShareCache cache
    clear_shares(&cache)
    for i in range(start, stop):
        p = put_row(src, i, p, &cache)
    return p - out


cdef object checked(object arr, object dtype, tuple shape, str what):
    """``arr`` as a C-contiguous array of ``dtype`` whose leading axes are ``shape``."""
    if arr is None:
        raise ValueError(f"{what} is needed by the plan but was not given")
    arr = np.ascontiguousarray(arr, dtype=dtype)
    if arr.shape[:len(shape)] != shape or arr.ndim != len(shape):
        raise ValueError(f"{what} must have shape {shape}, got {arr.shape}")
    return arr


cdef tuple padded_table(object text, object offsets, str what):
    """A text table ``(text, offsets)`` as TEXT_STRIDE-byte entries and their lengths."""
    cdef const uint8_t[::1] t
    cdef const int32_t[::1] o
    cdef uint8_t[:, ::1] out
    cdef uint8_t[::1] lengths
    cdef Py_ssize_t i, n
    t = np.ascontiguousarray(text, dtype=np.uint8)
    o = np.ascontiguousarray(offsets, dtype=np.int32)
    if o.shape[0] < 1:
        raise ValueError(f"{what} needs at least one offset")
    n = o.shape[0] - 1
    for i in range(n):
        if not 0 <= o[i] <= o[i + 1] <= t.shape[0] or o[i + 1] - o[i] > TEXT_STRIDE:
            raise ValueError(f"{what} offsets must be ascending, inside the text, at most {TEXT_STRIDE} apart")
    padded = np.zeros((max(n, 1), TEXT_STRIDE), dtype=np.uint8)
    size = np.zeros(max(n, 1), dtype=np.uint8)
    out = padded
    lengths = size
    for i in range(n):
        if o[i + 1] > o[i]:
            memcpy(&out[i, 0], &t[o[i]], o[i + 1] - o[i])
        lengths[i] = <uint8_t>(o[i + 1] - o[i])
    return padded, size, n, int(size.max())


@cython.auto_pickle(False)  # read-only arrays made from the table given: make another from that table
cdef class PaddedTable:
    """A description table ``(text, offsets)`` padded once for :func:`format_result_rows`.

    Padding the high table (7,463 entries of 64 bytes) costs more than
    formatting a few thousand rows, so a writer that formats many slices
    pads it once and passes this instead of the ``(text, offsets)`` pair.
    """

    cdef readonly object text
    cdef readonly object lengths
    cdef readonly int n
    cdef readonly int max_len

    def __init__(self, text, offsets):
        padded, lengths, self.n, self.max_len = padded_table(text, offsets, "table")
        padded.flags.writeable = False  # what formats from it is never changed under it
        lengths.flags.writeable = False
        self.text, self.lengths = padded, lengths


cdef tuple bind_text_table(TextTable* table, object given, str what):
    """Point ``table`` at the padded form of ``given`` (a :class:`PaddedTable`, or ``(text, offsets)``,
    padded here); returns the arrays it points into, which the caller keeps while ``table`` is read."""
    cdef const uint8_t[:, ::1] text_view
    cdef const uint8_t[::1] lengths_view
    cdef PaddedTable ready
    if isinstance(given, PaddedTable):
        ready = <PaddedTable>given
        text, lengths, table.n, table.max_len = ready.text, ready.lengths, ready.n, ready.max_len
    else:
        text, lengths, table.n, table.max_len = padded_table(given[0], given[1], what)
    text_view = text
    lengths_view = lengths
    table.text = &text_view[0, 0]
    table.lengths = &lengths_view[0]
    table.width = copy_width(table.max_len)
    return text, lengths


cdef object checked_plan(object plan):
    """``plan`` as a C-contiguous int32 array of known column kinds, at least one."""
    plan = np.ascontiguousarray(plan, dtype=np.int32)
    if plan.ndim != 1 or plan.shape[0] == 0 or plan.min() < 0 or plan.max() >= N_COLUMN_KINDS:
        raise ValueError("plan must list at least one known column kind")
    return plan


cdef const void* bound(list keep, object arr, object dtype, tuple shape, str what) except NULL:
    """The first byte of ``arr`` checked as :func:`checked` does (at least one element), kept alive in ``keep``."""
    arr = checked(arr, dtype, shape, what)
    cdef const uint8_t[::1] raw = arr.reshape(-1).view(np.uint8)
    keep.append(arr)
    return &raw[0]


cdef list bind_rows(RowSource* src, object plan, Py_ssize_t n, int n_seats, int k, int64_t deal_start,
                    object line, object boards, object holes, object high, object low, object high_winners,
                    object low_winners, object shares, object high_table, object low_table):
    """Point ``src`` at the checked arrays of ``n`` rows (n > 0) for ``plan`` (from checked_plan); returns the arrays it points
    into, which the caller keeps while ``src`` is read."""
    cdef int32_t[::1] plan_view
    plan_view = plan
    keep = [plan]
    used = set(plan.tolist())
    memset(src, 0, sizeof(RowSource))
    src.plan = &plan_view[0]
    src.n_plan = plan_view.shape[0]
    src.n_seats = n_seats
    src.k = k
    src.deal_start = deal_start
    if COL_LINE in used:
        src.line = <const int64_t*>bound(keep, line, np.int64, (n,), "line")
    if COL_BOARD in used:
        src.boards = <const uint8_t*>bound(keep, boards, np.uint8, (n, 5), "boards")
    if COL_SEATS in used:
        src.holes = <const uint8_t*>bound(keep, holes, np.uint8, (n, n_seats, k), "holes")
    if used & {COL_HIGH, COL_HIGH_DESC}:
        src.high = <const uint16_t*>bound(keep, high, np.uint16, (n, n_seats), "high")
    if used & {COL_LOW, COL_LOW_DESC}:
        src.low = <const uint8_t*>bound(keep, low, np.uint8, (n, n_seats), "low")
    if COL_HIGH_WINNERS in used:
        src.high_winners = <const uint16_t*>bound(keep, high_winners, np.uint16, (n,), "high_winners")
    if COL_LOW_WINNERS in used:
        src.low_winners = <const uint16_t*>bound(keep, low_winners, np.uint16, (n,), "low_winners")
    if COL_SHARES in used:
        src.shares = <const double*>bound(keep, shares, np.float64, (n, n_seats), "shares")
    if COL_HIGH_DESC in used:
        if high_table is None:
            raise ValueError("high_table is needed by the plan but was not given")
        keep.append(bind_text_table(&src.high_text, high_table, "high_table"))
    if COL_LOW_DESC in used:
        if low_table is None:
            raise ValueError("low_table is needed by the plan but was not given")
        keep.append(bind_text_table(&src.low_text, low_table, "low_table"))
    return keep


cdef object text_buffer(object out, Py_ssize_t size):
    """``out`` when it is a writable C-contiguous uint8 buffer of at least ``size`` bytes, else a new one."""
    if out is None or not isinstance(out, np.ndarray) or out.dtype != np.uint8 or out.ndim != 1 \
            or not out.flags.c_contiguous or not out.flags.writeable or out.shape[0] < size:
        return np.empty(size, dtype=np.uint8)
    return out


def format_result_rows(plan, Py_ssize_t n, int n_seats, int k, int64_t deal_start, line=None, boards=None,
                       holes=None, high=None, low=None, high_winners=None, low_winners=None, shares=None,
                       high_table=None, low_table=None, out=None, int n_threads=1):
    """CSV lines (each ending ``\\n``) of ``n`` result rows, in pieces.

    ``plan`` lists column kinds (:data:`COLUMN_KINDS`); arrays a plan does not
    use may be None. ``high_table``/``low_table`` are ``(text, offsets)``: the
    description of value v is ``text[offsets[v]:offsets[v + 1]]``; or the same
    as a :class:`PaddedTable`, made once for many calls.

    Returns ``(buffer, pieces)``: the text is ``buffer[a:b]`` for each row
    ``(a, b)`` of the int64 array ``pieces``, in order. Each thread writes
    its block of rows into its own part of the buffer, in one pass. ``out``,
    a uint8 buffer from an earlier call, is reused when it is large enough.
    """
    cdef RowSource src
    cdef int threads = max(1, n_threads)
    cdef Py_ssize_t bound, n_blocks, block, b
    cdef uint8_t[::1] out_view
    cdef int64_t[:, ::1] pieces_view
    if n < 0 or n_seats < 1 or n_seats > 16 or not 1 <= k <= 5:
        raise ValueError("need n >= 0, 1..16 seats and 1..5 cards a seat")
    plan = checked_plan(plan)
    if n == 0:
        return np.empty(0, dtype=np.uint8), np.zeros((0, 2), dtype=np.int64)
    keep = bind_rows(&src, plan, n, n_seats, k, deal_start, line, boards, holes, high, low, high_winners,
                     low_winners, shares, high_table, low_table)
    bound = row_bound(&src)
    n_blocks = min(n, 4 * threads)
    block = (n + n_blocks - 1) // n_blocks
    n_blocks = (n + block - 1) // block
    out = text_buffer(out, n * bound)
    out_view = out
    pieces = np.empty((n_blocks, 2), dtype=np.int64)
    pieces_view = pieces
    for b in prange(n_blocks, nogil=True, schedule="dynamic", num_threads=threads):
        pieces_view[b, 0] = b * block * bound
        pieces_view[b, 1] = pieces_view[b, 0] + put_rows(&src, b * block, min(n, (b + 1) * block),
                                                         &out_view[0] + pieces_view[b, 0])
    return out, pieces


include "_write_rows.pxi"
