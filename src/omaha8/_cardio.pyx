# cython: language_level=3
"""nogil kernels that turn card text into card ids and back, for whole columns.

The Python layer (:mod:`omaha8.deals`) validates, allocates and raises; these
kernels only compute. A kernel that meets text it cannot read writes a status
for that row and moves on; the wrapper then re-reads the row with the slow,
authoritative parser (:func:`omaha8.parse_cards`, :mod:`csv`), which either
accepts it (the fast grammar is a strict subset of the slow one) or raises an
error that names the row and its text.

Fast grammar of one hand: ASCII whitespace, ``,`` and ``;`` separate; a card
is a rank (``23456789TJQKA``, either case, or ``10``) and a suit (``cdhs``,
either case, or one of the four suit symbols in UTF-32 text); NUL ends the
text (numpy pads fixed-width strings with NULs).
"""

from cython.parallel cimport prange
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memchr, memcpy, memset
from omaha8._random cimport below, mix64, next64


import numpy as np

ctypedef fused char_t:
    uint8_t
    uint32_t

cdef enum:
    NOT_A_RANK = 255
    MAX_CARDS_PER_FIELD = 64
    TEXT_STRIDE = 64

# Row status of the deal-line parser; the wrapper turns a non-zero status into
# a slow re-read of the line.
cdef enum:
    LINE_OK = 0
    LINE_BLANK = 1
    LINE_BAD_TEXT = 2
    LINE_FIELDS = 3
    LINE_COUNT = 4
    LINE_DUPLICATE = 5

cdef uint8_t RANK_OF[256]
cdef uint8_t SUIT_OF[256]
cdef uint8_t IS_SEP[256]
# CHAR_CLASS[c]: the rank 0..12 of a rank character, or one of these
cdef uint8_t CHAR_CLASS[256]
cdef enum:
    CLASS_SEP = 13      # whitespace or ';' inside a CSV field
    CLASS_ONE = 14      # '1', which starts "10"
    CLASS_COMMA = 15    # ',' ends a CSV field
cdef char* RANK_TEXT = b"23456789TJQKA"
cdef char* SUIT_TEXT = b"cdhs"
cdef char* DIGITS = b"0123456789"


cdef void build_tables() noexcept:
    cdef int i
    for i in range(256):
        RANK_OF[i] = NOT_A_RANK
        SUIT_OF[i] = NOT_A_RANK
        IS_SEP[i] = 0
    for i in range(13):
        RANK_OF[<uint8_t>RANK_TEXT[i]] = i
        if i >= 8:
            RANK_OF[<uint8_t>RANK_TEXT[i] + 32] = i  # t j q k a
    for i in range(4):
        SUIT_OF[<uint8_t>SUIT_TEXT[i]] = i
        SUIT_OF[<uint8_t>SUIT_TEXT[i] - 32] = i  # C D H S
    for i in b" \t\n\r\v\f,;":
        IS_SEP[i] = 1
    for i in range(256):
        CHAR_CLASS[i] = RANK_OF[i]
        if IS_SEP[i]:
            CHAR_CLASS[i] = CLASS_SEP
    CHAR_CLASS[49] = CLASS_ONE
    CHAR_CLASS[44] = CLASS_COMMA


build_tables()


cdef inline int rank_of(uint32_t c) noexcept nogil:
    return RANK_OF[c] if c < 256 else NOT_A_RANK


cdef inline int suit_of(uint32_t c) noexcept nogil:
    if c < 256:
        return SUIT_OF[c]
    if c == 0x2663:  # black club suit
        return 0
    if c == 0x2666:  # black diamond suit
        return 1
    if c == 0x2665:  # black heart suit
        return 2
    if c == 0x2660:  # black spade suit
        return 3
    return NOT_A_RANK


# Parse the cards of s[0:n] into out[0:most]: the count, -1 for text the fast
# grammar cannot read, -2 for more than ``most`` cards.
cdef inline int parse_hand(const char_t* s, Py_ssize_t n, uint8_t* out, int most) noexcept nogil:
    cdef Py_ssize_t i = 0, j
    cdef int count = 0, r, su
    cdef uint32_t c
    while i < n:
        c = s[i]
        if c == 0:
            # NUL padding must run to the end; an inner NUL is the slow path's to judge
            for j in range(i + 1, n):
                if s[j] != 0:
                    return -1
            break
        if c < 256 and IS_SEP[c]:
            i += 1
            continue
        if c == 49 and i + 2 < n and s[i + 1] == 48:  # "10" followed by a suit
            r = 8
            i += 2
        else:
            r = rank_of(c)
            i += 1
            if r == NOT_A_RANK or i >= n:
                return -1
        su = suit_of(s[i])
        if su == NOT_A_RANK:
            return -1
        i += 1
        if count == most:
            return -2
        out[count] = <uint8_t>(r * 4 + su)
        count += 1
    return count


def parse_text_rows(const char_t[:, ::1] text, uint8_t[:, ::1] out, int16_t[::1] counts, int n_threads):
    """Parse row i of ``text`` (code units, NUL padded) into ``out[i]``.

    ``counts[i]`` is the number of cards read (``out`` holds them), -1 when
    the fast grammar cannot read the row, -2 when it has more than
    ``out.shape[1]`` cards.
    """
    cdef Py_ssize_t n = text.shape[0], width = text.shape[1], i
    cdef int most = out.shape[1]
    cdef int threads = max(1, n_threads)
    if out.shape[0] != n or counts.shape[0] != n:
        raise ValueError("text, out and counts must have the same number of rows")
    if n == 0:
        return
    if width == 0:
        counts[:] = 0
        return
    for i in prange(n, nogil=True, schedule="static", num_threads=threads):
        counts[i] = <int16_t>parse_hand(&text[i, 0], width, &out[i, 0] if most else NULL, most)


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
    ``??``; the caller checks ids first.
    """
    cdef Py_ssize_t n = ids.shape[0], i
    cdef int k = ids.shape[1], n_sep = sep.shape[0]
    cdef int threads = max(1, n_threads)
    cdef const uint32_t* sep_ptr = &sep[0] if n_sep else NULL
    if out.shape[0] != n or out.shape[1] != (2 * k + (k - 1) * n_sep if k else 0):
        raise ValueError("out must have one row per id row and room for every card and separator")
    if n == 0 or k == 0:
        return
    for i in prange(n, nogil=True, schedule="static", num_threads=threads):
        format_row(&ids[i, 0], k, sep_ptr, n_sep, &out[i, 0])


def find_line_ends(const uint8_t[::1] buf, Py_ssize_t start, int64_t[::1] ends):
    """Offsets of the first ``len(ends)`` newlines of ``buf`` at or after ``start``.

    Returns how many were found.
    """
    cdef Py_ssize_t n = buf.shape[0], most = ends.shape[0], found = 0, pos = start
    cdef const uint8_t* base
    cdef const void* hit
    if n == 0 or most == 0 or start >= n:
        return 0
    base = &buf[0]
    with nogil:
        while found < most and pos < n:
            hit = memchr(base + pos, 10, n - pos)
            if hit == NULL:
                break
            pos = <const uint8_t*>hit - base
            ends[found] = pos
            found += 1
            pos += 1
    return found


# Parse one CSV field's cards (quoted or not) starting at s[*pos]; moves *pos
# past the field and its comma. Returns the count, or -1 unreadable, -2 too many.
cdef inline int parse_field(const uint8_t* s, Py_ssize_t n, Py_ssize_t* pos, uint8_t* out, int most,
                            bint* more) noexcept nogil:
    cdef Py_ssize_t start = pos[0], end, stop
    cdef const void* hit
    cdef int count
    if start < n and s[start] == 34:  # a quoted field runs to the next quote
        hit = memchr(s + start + 1, 34, n - start - 1)
        if hit == NULL:
            return -1
        end = <const uint8_t*>hit - s
        count = parse_hand(s + start + 1, end - start - 1, out, most)
        stop = end + 1
        if stop < n and s[stop] != 44:  # strict CSV: the closing quote ends the field
            return -1
    else:
        hit = memchr(s + start, 44, n - start)
        end = n if hit == NULL else <const uint8_t*>hit - s
        for stop in range(start, end):
            if s[stop] == 34:
                return -1
        count = parse_hand(s + start, end - start, out, most)
        stop = end
    more[0] = stop < n
    pos[0] = stop + 1
    return count


# Cards of the unquoted field at s[*pos] (up to the next comma) into out; moves
# *pos to the comma or the end. Returns the count, or -1 for text the fast
# grammar cannot read, -2 for more than ``most`` cards, -3 for a repeated card.
cdef inline int parse_plain_field(const uint8_t* s, Py_ssize_t n, Py_ssize_t* pos, uint8_t* out, int most,
                                  uint64_t* seen) noexcept nogil:
    cdef Py_ssize_t i = pos[0]
    cdef int count = 0, r, su
    cdef uint8_t c, card
    cdef uint64_t bit
    while i < n:
        c = s[i]
        r = CHAR_CLASS[c]
        if r < 13:
            i += 1
        elif r == CLASS_SEP:
            i += 1
            continue
        elif r == CLASS_COMMA:
            break
        elif r == CLASS_ONE and i + 2 < n and s[i + 1] == 48:  # "10" followed by a suit
            r = 8
            i += 2
        else:
            return -1
        if i >= n:
            return -1
        su = SUIT_OF[s[i]]
        if su == NOT_A_RANK:
            return -1
        i += 1
        if count == most:
            return -2
        card = <uint8_t>(r * 4 + su)
        bit = (<uint64_t>1) << card
        if seen[0] & bit:
            return -3
        seen[0] |= bit
        out[count] = card
        count += 1
    pos[0] = i
    return count


# Parse one deal line: board then n_seats holes of k cards each.
cdef int parse_deal_line(const uint8_t* s, Py_ssize_t n, int n_seats, int k, uint8_t* board,
                         uint8_t* holes) noexcept nogil:
    cdef Py_ssize_t pos = 0, i
    cdef int field = 0, count, want
    cdef bint more = True
    cdef uint64_t seen = 0, bit
    cdef uint8_t* out
    cdef uint8_t scratch[MAX_CARDS_PER_FIELD]
    if n and s[n - 1] == 13:  # CRLF line ending
        n -= 1
    for i in range(n):
        if not IS_SEP[s[i]] or s[i] == 44 or s[i] == 59:
            break
    else:
        return LINE_BLANK
    while more:
        if field > n_seats:
            return LINE_FIELDS
        want = 5 if field == 0 else k
        out = board if field == 0 else holes + (field - 1) * k
        if pos < n and s[pos] == 34:  # quoted: the rare, general path
            count = parse_field(s, n, &pos, scratch, MAX_CARDS_PER_FIELD, &more)
            if count < 0:
                return LINE_BAD_TEXT if count == -1 else LINE_COUNT
            if count != want:
                return LINE_COUNT
            for i in range(count):
                bit = (<uint64_t>1) << scratch[i]
                if seen & bit:
                    return LINE_DUPLICATE
                seen |= bit
                out[i] = scratch[i]
        else:
            count = parse_plain_field(s, n, &pos, out, want, &seen)
            if count < 0:
                return LINE_BAD_TEXT if count == -1 else (LINE_COUNT if count == -2 else LINE_DUPLICATE)
            if count != want:
                return LINE_COUNT
            more = pos < n
            pos += 1
        field += 1
    if field != n_seats + 1:
        return LINE_FIELDS
    return LINE_OK


def parse_deal_lines(const uint8_t[::1] buf, const int64_t[::1] starts, const int64_t[::1] ends,
                     uint8_t[:, ::1] boards, uint8_t[:, :, ::1] holes, int8_t[::1] status, int n_threads):
    """Parse the CSV deal line ``buf[starts[i]:ends[i]]`` into ``boards[i]``, ``holes[i]``.

    ``status[i]``: 0 parsed, 1 blank, 2 unreadable text, 3 wrong number of
    fields, 4 wrong number of cards, 5 a card repeated. Rows whose status is
    not 0 hold garbage.
    """
    cdef Py_ssize_t n = starts.shape[0], i
    cdef int n_seats = holes.shape[1], k = holes.shape[2]
    cdef int threads = max(1, n_threads)
    cdef const uint8_t* base
    cdef Py_ssize_t size = buf.shape[0]
    if ends.shape[0] != n or boards.shape[0] != n or holes.shape[0] != n or status.shape[0] != n:
        raise ValueError("starts, ends, boards, holes and status must have the same number of rows")
    if boards.shape[1] != 5 or not 1 <= k <= 5 or n_seats < 1:
        raise ValueError("boards must have 5 columns and holes 1..5 cards per seat")
    if n == 0:
        return
    for i in range(n):
        if not 0 <= starts[i] <= ends[i] <= size:
            raise ValueError("line offsets must lie inside the buffer")
    if size == 0:
        status[:] = LINE_BLANK
        return
    base = &buf[0]
    for i in prange(n, nogil=True, schedule="static", num_threads=threads):
        status[i] = <int8_t>parse_deal_line(base + starts[i], ends[i] - starts[i], n_seats, k,
                                            &boards[i, 0], &holes[i, 0, 0])


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

cdef inline int n_digits(uint64_t v) noexcept nogil:
    cdef int n = 1
    while v >= 10:
        v //= 10
        n += 1
    return n


cdef inline uint8_t* put_uint(uint8_t* p, uint64_t v) noexcept nogil:
    cdef int n = n_digits(v), i
    for i in range(n - 1, -1, -1):
        p[i] = <uint8_t>(48 + v % 10)
        v //= 10
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


cdef inline uint8_t* put_mask(uint8_t* p, uint32_t mask, int n_seats) noexcept nogil:
    cdef int seat
    cdef bint first = True
    for seat in range(n_seats):
        if mask >> seat & 1:
            if not first:
                p[0] = 32
                p += 1
            p = put_uint(p, seat)
            first = False
    return p


cdef inline uint8_t* put_cards(uint8_t* p, const uint8_t* cards, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        # an invalid id writes "??" rather than reading past a table
        if cards[i] < 52:
            put_card(p, cards[i])
        else:
            p[0] = 63
            p[1] = 63
        p += 2
    return p


# Text number ``index`` of a table padded to TEXT_STRIDE bytes an entry: one
# fixed-size copy (the bytes past the text are overwritten by what follows).
cdef inline uint8_t* put_text(uint8_t* p, const uint8_t* table, const uint8_t* lengths, int n_entries,
                              int index) noexcept nogil:
    if 0 <= index < n_entries:
        memcpy(p, table + index * TEXT_STRIDE, TEXT_STRIDE)
        return p + lengths[index]
    return p


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
    const uint8_t* high_text
    const uint8_t* high_lengths
    int n_high_text
    int high_text_max
    const uint8_t* low_text
    const uint8_t* low_lengths
    int n_low_text
    int low_text_max


# One CSV line of results; at most row_bound(src) bytes.
cdef uint8_t* put_row(const RowSource* src, Py_ssize_t i, uint8_t* p) noexcept nogil:
    cdef int g, kind, seat, P = src.n_seats
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
        else:
            for seat in range(P):
                if seat:
                    p[0] = 44
                    p += 1
                if kind == COL_SEATS:
                    p = put_cards(p, src.holes + (at + seat) * src.k, src.k)
                elif kind == COL_HIGH:
                    p = put_uint(p, src.high[at + seat])
                elif kind == COL_LOW:
                    p = put_uint(p, src.low[at + seat])
                elif kind == COL_HIGH_DESC:
                    p = put_text(p, src.high_text, src.high_lengths, src.n_high_text, src.high[at + seat])
                elif kind == COL_LOW_DESC:
                    p = put_text(p, src.low_text, src.low_lengths, src.n_low_text, src.low[at + seat])
                elif kind == COL_SHARES:
                    p = put_fraction(p, src.shares[at + seat])
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
            bound += P * (src.high_text_max + 1)
        elif kind == COL_LOW_DESC:
            bound += P * (src.low_text_max + 1)
        elif kind == COL_HIGH_WINNERS or kind == COL_LOW_WINNERS:
            bound += P * 3
        elif kind == COL_SHARES:
            bound += P * 24
    return bound


# Rows [start, stop) one after another from out; returns the end.
cdef Py_ssize_t put_rows(const RowSource* src, Py_ssize_t start, Py_ssize_t stop, uint8_t* out) noexcept nogil:
    cdef Py_ssize_t i
    cdef uint8_t* p = out
    for i in range(start, stop):
        p = put_row(src, i, p)
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


def format_result_rows(plan, Py_ssize_t n, int n_seats, int k, int64_t deal_start, line=None, boards=None,
                       holes=None, high=None, low=None, high_winners=None, low_winners=None, shares=None,
                       high_table=None, low_table=None, out=None, int n_threads=1):
    """CSV lines (each ending ``\\n``) of ``n`` result rows, in pieces.

    ``plan`` lists column kinds (:data:`COLUMN_KINDS`); arrays a plan does not
    use may be None. ``high_table``/``low_table`` are ``(text, offsets)``: the
    description of value v is ``text[offsets[v]:offsets[v + 1]]``.

    Returns ``(buffer, pieces)``: the text is ``buffer[a:b]`` for each row
    ``(a, b)`` of the int64 array ``pieces``, in order. Each thread writes
    its block of rows into its own part of the buffer, in one pass. ``out``,
    a uint8 buffer from an earlier call, is reused when it is large enough.
    """
    cdef RowSource src
    cdef int threads = max(1, n_threads)
    cdef Py_ssize_t i, bound, n_blocks, block, b
    cdef int32_t[::1] plan_view
    cdef int64_t[::1] line_view
    cdef const uint8_t[:, ::1] boards_view
    cdef const uint8_t[:, :, ::1] holes_view
    cdef const uint16_t[:, ::1] high_view
    cdef const uint8_t[:, ::1] low_view
    cdef const uint16_t[::1] high_winners_view, low_winners_view
    cdef const double[:, ::1] shares_view
    cdef const uint8_t[:, ::1] high_text_view, low_text_view
    cdef const uint8_t[::1] high_lengths_view, low_lengths_view
    cdef uint8_t[::1] out_view
    cdef int64_t[:, ::1] pieces_view
    if n < 0 or n_seats < 1 or n_seats > 16 or not 1 <= k <= 5:
        raise ValueError("need n >= 0, 1..16 seats and 1..5 cards a seat")
    plan = np.ascontiguousarray(plan, dtype=np.int32)
    if plan.ndim != 1 or plan.shape[0] == 0 or plan.min() < 0 or plan.max() >= N_COLUMN_KINDS:
        raise ValueError("plan must list at least one known column kind")
    plan_view = plan
    used = set(plan.tolist())
    memset(&src, 0, sizeof(src))
    src.plan = &plan_view[0]
    src.n_plan = plan_view.shape[0]
    src.n_seats = n_seats
    src.k = k
    src.deal_start = deal_start
    if n == 0:
        return np.empty(0, dtype=np.uint8), np.zeros((0, 2), dtype=np.int64)
    if COL_LINE in used:
        line_view = checked(line, np.int64, (n,), "line")
        src.line = &line_view[0]
    if COL_BOARD in used:
        boards_view = checked(boards, np.uint8, (n, 5), "boards")
        src.boards = &boards_view[0, 0]
    if COL_SEATS in used:
        holes_view = checked(holes, np.uint8, (n, n_seats, k), "holes")
        src.holes = &holes_view[0, 0, 0]
    if used & {COL_HIGH, COL_HIGH_DESC}:
        high_view = checked(high, np.uint16, (n, n_seats), "high")
        src.high = &high_view[0, 0]
    if used & {COL_LOW, COL_LOW_DESC}:
        low_view = checked(low, np.uint8, (n, n_seats), "low")
        src.low = &low_view[0, 0]
    if COL_HIGH_WINNERS in used:
        high_winners_view = checked(high_winners, np.uint16, (n,), "high_winners")
        src.high_winners = &high_winners_view[0]
    if COL_LOW_WINNERS in used:
        low_winners_view = checked(low_winners, np.uint16, (n,), "low_winners")
        src.low_winners = &low_winners_view[0]
    if COL_SHARES in used:
        shares_view = checked(shares, np.float64, (n, n_seats), "shares")
        src.shares = &shares_view[0, 0]
    if COL_HIGH_DESC in used:
        if high_table is None:
            raise ValueError("high_table is needed by the plan but was not given")
        text, lengths, entries, src.high_text_max = padded_table(high_table[0], high_table[1], "high_table")
        high_text_view = text
        high_lengths_view = lengths
        src.high_text = &high_text_view[0, 0]
        src.high_lengths = &high_lengths_view[0]
        src.n_high_text = entries
    if COL_LOW_DESC in used:
        if low_table is None:
            raise ValueError("low_table is needed by the plan but was not given")
        text, lengths, entries, src.low_text_max = padded_table(low_table[0], low_table[1], "low_table")
        low_text_view = text
        low_lengths_view = lengths
        src.low_text = &low_text_view[0, 0]
        src.low_lengths = &low_lengths_view[0]
        src.n_low_text = entries
    bound = row_bound(&src)
    n_blocks = min(n, 4 * threads)
    block = (n + n_blocks - 1) // n_blocks
    n_blocks = (n + block - 1) // block
    if out is None or not isinstance(out, np.ndarray) or out.dtype != np.uint8 or out.ndim != 1 \
            or not out.flags.c_contiguous or not out.flags.writeable or out.shape[0] < n * bound:
        out = np.empty(n * bound, dtype=np.uint8)
    out_view = out
    pieces = np.empty((n_blocks, 2), dtype=np.int64)
    pieces_view = pieces
    for b in prange(n_blocks, nogil=True, schedule="dynamic", num_threads=threads):
        pieces_view[b, 0] = b * block * bound
        pieces_view[b, 1] = pieces_view[b, 0] + put_rows(&src, b * block, min(n, (b + 1) * block),
                                                         &out_view[0] + pieces_view[b, 0])
    return out, pieces


# ---------------------------------------------------------------- random deals

# Deal number ``deal`` of the stream ``key``: 5 board cards, then the holes.
cdef inline void deal_one(uint64_t key, uint64_t deal, int m, uint8_t* board, uint8_t* holes) noexcept nogil:
    cdef uint8_t deck[52]
    cdef uint8_t t
    cdef int j, r
    cdef uint64_t state = mix64(key + mix64(deal))
    for j in range(52):
        deck[j] = <uint8_t>j
    for j in range(m):
        r = j + <int>below(&state, <uint32_t>(52 - j))
        t = deck[r]
        deck[r] = deck[j]
        deck[j] = t
    memcpy(board, deck, 5)
    memcpy(holes, deck + 5, m - 5)


def random_deals(uint64_t seed, int64_t first, uint8_t[:, ::1] boards, uint8_t[:, :, ::1] holes,
                 int n_threads):
    """Fill ``boards`` (n, 5) and ``holes`` (n, P, k) with random deals.

    Deal ``i`` is a function of ``(seed, first + i)`` only: the same seed gives
    the same deals whatever the chunking and the number of threads. Each deal
    draws its 5 + P k distinct cards by a partial Fisher-Yates shuffle.
    """
    cdef Py_ssize_t n = boards.shape[0], i
    cdef int n_seats = holes.shape[1], k = holes.shape[2], m = 5 + n_seats * k
    cdef int threads = max(1, n_threads)
    cdef uint64_t key = mix64(seed ^ 0x6F6D61686138ULL)
    if holes.shape[0] != n or boards.shape[1] != 5:
        raise ValueError("boards must be (n, 5) and holes (n, P, k)")
    if m > 52:
        raise ValueError(f"{n_seats} seats of {k} cards and a board need {m} cards; a deck has 52")
    if n == 0 or n_seats * k == 0:
        return
    if first < 0:
        raise ValueError("first must be >= 0")
    for i in prange(n, nogil=True, schedule="static", num_threads=threads):
        deal_one(key, <uint64_t>(first + i), m, &boards[i, 0], &holes[i, 0, 0])
