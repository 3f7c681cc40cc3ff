# cython: language_level=3
"""nogil kernels that read card text into card ids: columns of hand strings, and the lines of a CSV deal file.

The Python layer (:mod:`omaha8.cards._columns`, :mod:`omaha8.deals._readers`)
validates, allocates and raises; these kernels only compute. A kernel that
meets text it cannot read writes a status for that row and moves on; the
wrapper then re-reads the row with the slow, authoritative parser
(:func:`omaha8.parse_cards`, :mod:`omaha8.deals._csv_dialect`), which either
accepts it (the fast grammar is a strict subset of the slow one) or raises an
error that names the row and its text.

Fast grammar of one hand: ASCII whitespace, ``,`` and ``;`` separate; a card
is a rank (``23456789TJQKA``, either case, or ``10``) and a suit (``cdhs``,
either case, or one of the four suit symbols in UTF-32 text); NUL ends the
text (numpy pads fixed-width strings with NULs). The writing side is
:mod:`omaha8.cards._format_text`.
"""

from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from cpython.ref cimport Py_INCREF
from cpython.unicode cimport PyUnicode_1BYTE_KIND, PyUnicode_4BYTE_KIND, PyUnicode_DATA, PyUnicode_KIND
from cython.parallel cimport prange
from libc.stdint cimport int8_t, int16_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memchr

from ._card_alphabet cimport RANK_TEXT, SUIT_TEXT, char_t

cdef enum:
    NOT_A_RANK = 255
    MAX_CARDS_PER_FIELD = 64

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
# CARD_OF[a | b << 8]: the id of the card whose text is the two characters a, b ("Ah", "td"), or
# NOT_A_RANK: one lookup a card on the common line (a table of 64 KB, of which a line reads 2 KB)
cdef uint8_t CARD_OF[65536]
cdef uint8_t IS_SEP[256]
# CHAR_CLASS[c]: the rank 0..12 of a rank character, or one of these
cdef uint8_t CHAR_CLASS[256]
cdef enum:
    CLASS_SEP = 13      # whitespace or ';' inside a CSV field
    CLASS_ONE = 14      # '1', which starts "10"
    CLASS_COMMA = 15    # ',' ends a CSV field


cdef void build_tables() noexcept:
    cdef int i, a, b
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
    for a in range(256):
        for b in range(256):
            CARD_OF[a | b << 8] = NOT_A_RANK if RANK_OF[a] == NOT_A_RANK or SUIT_OF[b] == NOT_A_RANK \
                else <uint8_t>(RANK_OF[a] * 4 + SUIT_OF[b])


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


# The first of n entries below 0, or -1: a row-by-row kernel's one answer (docs/architecture.md).
cdef Py_ssize_t first_below_zero(const int16_t* values, Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t i
    for i in range(n):
        if values[i] < 0:
            return i
    return -1


def parse_text_rows(const char_t[:, ::1] text, uint8_t[:, ::1] out, int16_t[::1] counts, int n_threads):
    """Parse row i of ``text`` (code units, NUL padded) into ``out[i]``.

    ``counts[i]`` is the number of cards read (``out`` holds them), -1 when
    the fast grammar cannot read the row, -2 when it has more than
    ``out.shape[1]`` cards. Returns the first row whose count is below 0, or -1.
    """
    cdef Py_ssize_t n = text.shape[0], width = text.shape[1], i
    cdef int most = out.shape[1]
    cdef int threads = max(1, n_threads)
    if out.shape[0] != n or counts.shape[0] != n:
        raise ValueError("text, out and counts must have the same number of rows")
    if n == 0:
        return -1
    if width == 0:
        counts[:] = 0
        return -1
    for i in prange(n, nogil=True, schedule="static", num_threads=threads):
        counts[i] = <int16_t>parse_hand(&text[i, 0], width, &out[i, 0] if most else NULL, most)
    return first_below_zero(&counts[0], n)

# The ids as Python ints, made once: a tuple of cards is filled without creating any.
cdef tuple CARD_INTS = tuple(range(52))
# Most cards a string of card_text_ids holds; its callers pass hands and boards.
cdef enum:
    MAX_TEXT_CARDS = 32


def card_text_ids(str text):
    """The card ids of one short card string as a tuple, or None for text the fast grammar cannot read.

    What :func:`omaha8.cards.text_ids` parses first: the fast grammar is a
    strict subset of the slow parser's, and gives the same ids where it
    reads the text. None for anything else (a NUL, a character the grammar
    does not know, a bad card, more than 32 cards): the caller then parses
    the text the slow way, which accepts it or says why not.
    """
    cdef Py_ssize_t n = len(text), i
    cdef uint8_t ids[MAX_TEXT_CARDS]
    cdef int count, kind = PyUnicode_KIND(text)
    cdef const uint8_t* narrow
    cdef const uint32_t* wide
    cdef tuple found
    cdef object card
    if kind == PyUnicode_1BYTE_KIND:
        narrow = <const uint8_t*>PyUnicode_DATA(text)
        # parse_hand stops at a NUL (numpy's padding); in a str it is a character to refuse
        if memchr(narrow, 0, n) != NULL:
            return None
        count = parse_hand(narrow, n, ids, MAX_TEXT_CARDS)
    elif kind == PyUnicode_4BYTE_KIND:
        wide = <const uint32_t*>PyUnicode_DATA(text)
        for i in range(n):
            if wide[i] == 0:
                return None
        count = parse_hand(wide, n, ids, MAX_TEXT_CARDS)
    else:  # two-byte text (the suit symbols are in it): the slow parser reads it
        return None
    if count < 0:
        return None
    found = PyTuple_New(count)
    for i in range(count):
        card = CARD_INTS[ids[i]]
        Py_INCREF(card)
        PyTuple_SET_ITEM(found, i, card)
    return found


# Newlines 16 bytes a step where SSE2 is there (every x86-64), else by memchr.
cdef extern from *:
    """
    #include <stdint.h>
    #include <string.h>
    #if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
    #include <emmintrin.h>
    #define OMAHA8_SSE2_NEWLINES 1
    #endif
    /* Offsets of the first `most` newlines of base[pos:n] into ends; returns how many. */
    static Py_ssize_t omaha8_find_newlines(const unsigned char* base, Py_ssize_t pos, Py_ssize_t n,
                                           int64_t* ends, Py_ssize_t most) {
        Py_ssize_t found = 0;
        const unsigned char* hit;
    #ifdef OMAHA8_SSE2_NEWLINES
        const __m128i newline = _mm_set1_epi8(10);
        while (found < most && pos + 16 <= n) {
            unsigned int bits = (unsigned int)_mm_movemask_epi8(
                _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i*)(base + pos)), newline));
            while (bits && found < most) {
                ends[found++] = pos + __builtin_ctz(bits);
                bits &= bits - 1;
            }
            pos += 16;
        }
    #endif
        while (found < most && pos < n) {
            hit = (const unsigned char*)memchr(base + pos, 10, (size_t)(n - pos));
            if (hit == NULL)
                break;
            pos = hit - base;
            ends[found++] = pos++;
        }
        return found;
    }
    """
    Py_ssize_t find_newlines "omaha8_find_newlines"(const uint8_t* base, Py_ssize_t pos, Py_ssize_t n,
                                                    int64_t* ends, Py_ssize_t most) noexcept nogil


def find_line_ends(const uint8_t[::1] buf, Py_ssize_t start, int64_t[::1] ends):
    """Offsets of the first ``len(ends)`` newlines of ``buf`` at or after ``start``.

    Returns how many were found.
    """
    cdef Py_ssize_t n = buf.shape[0], most = ends.shape[0], found = 0
    if start < 0:
        raise ValueError("start must be >= 0")
    if n == 0 or most == 0 or start >= n:
        return 0
    with nogil:
        found = find_newlines(&buf[0], start, n, &ends[0], most)
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


# The common line, "AhKh7c4d2s,As3sQcJd,...": every card two characters, fields
# split by single commas and nothing else. Read card by card with no branch on
# the text; True when the line has that form and no card twice. Any other line
# (spaces, "10", quotes, a bad card) is left to the general parser below, which
# reads a line of this form to the same cards.
cdef inline uint32_t card_at(const uint8_t* s) noexcept nogil:
    """The card of the two characters at s, or NOT_A_RANK."""
    return CARD_OF[<uint32_t>s[0] | <uint32_t>s[1] << 8]


cdef inline bint parse_compact_line(const uint8_t* s, Py_ssize_t n, int n_seats, int k, uint8_t* board,
                                    uint8_t* holes) noexcept nogil:
    cdef int width = 2 * k + 1, j, p
    cdef uint32_t bad = 0, card
    cdef uint64_t seen = 0, repeated = 0, bit
    cdef const uint8_t* field
    if n != 10 + n_seats * width:
        return False
    # two characters that are not a card read as 255: its high bits mark the line (an id is below 64)
    for j in range(5):
        card = card_at(s + 2 * j)
        bad |= card
        bit = (<uint64_t>1) << (card & 63)
        repeated |= seen & bit
        seen |= bit
        board[j] = <uint8_t>card
    for p in range(n_seats):
        field = s + 10 + p * width
        bad |= <uint32_t>(field[0] != 44) << 8
        for j in range(k):
            card = card_at(field + 1 + 2 * j)
            bad |= card
            bit = (<uint64_t>1) << (card & 63)
            repeated |= seen & bit
            seen |= bit
            holes[p * k + j] = <uint8_t>card
    return (bad & ~(<uint32_t>63)) == 0 and repeated == 0


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
    if parse_compact_line(s, n, n_seats, k, board, holes):
        return LINE_OK
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
    not 0 hold garbage. Returns the first row whose status is not 0, or -1.
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
        return -1
    for i in range(n):
        if not 0 <= starts[i] <= ends[i] <= size:
            raise ValueError("line offsets must lie inside the buffer")
    if size == 0:
        status[:] = LINE_BLANK
        return 0
    base = &buf[0]
    for i in prange(n, nogil=True, schedule="static", num_threads=threads):
        status[i] = <int8_t>parse_deal_line(base + starts[i], ends[i] - starts[i], n_seats, k,
                                            &boards[i, 0], &holes[i, 0, 0])
    for i in range(n):
        if status[i] != LINE_OK:
            return i
    return -1



# The bytes [start, end) of fields first..last of one CSV line, and whether the line has n_fields fields.
# A quoted field ("Two pair, aces and kings") may hold commas; its quotes must close it. Returns 1 when the
# line fits (n_fields fields, quotes paired), else 0 (the span is then empty).
cdef inline int line_field_span(const uint8_t* line, int64_t size, int first, int last, int n_fields,
                                int64_t* span_start, int64_t* span_end) noexcept nogil:
    cdef int64_t pos = 0
    cdef int field = 0
    cdef bint quoted = False
    span_start[0] = 0 if first == 0 else -1
    span_end[0] = -1
    while pos < size:
        if quoted:
            if line[pos] == 34:  # '"'
                quoted = False
        elif line[pos] == 34:
            quoted = True
        elif line[pos] == 44:  # ','
            if field == last:
                span_end[0] = pos
            field += 1
            if field == first:
                span_start[0] = pos + 1
        pos += 1
    if field == last:
        span_end[0] = size
    if quoted or field != n_fields - 1 or span_start[0] < 0 or span_end[0] < span_start[0]:
        span_start[0] = 0
        span_end[0] = 0
        return 0
    return 1


def field_spans(const uint8_t[::1] buf, const int64_t[::1] starts, const int64_t[::1] ends, int first, int last,
                int n_fields, int64_t[::1] span_starts, int64_t[::1] span_ends, uint8_t[::1] fits, int n_threads):
    """Where fields ``first..last`` of each CSV line ``buf[starts[i]:ends[i]]`` lie, as offsets into ``buf``.

    ``fits[i]`` is 1 when the line has ``n_fields`` fields (commas inside a
    quoted field separate nothing) and its quotes pair up; a line that does
    not fit gets the empty span at its start. The board and seat columns of
    a result file are read where they lie, by :func:`parse_deal_lines`.
    """
    cdef Py_ssize_t n = starts.shape[0], i
    cdef int threads = max(1, n_threads)
    cdef Py_ssize_t size = buf.shape[0]
    cdef int64_t a, b
    if ends.shape[0] != n or span_starts.shape[0] != n or span_ends.shape[0] != n or fits.shape[0] != n:
        raise ValueError("starts, ends, span_starts, span_ends and fits must have the same number of rows")
    if not 0 <= first <= last < n_fields:
        raise ValueError("fields must satisfy 0 <= first <= last < n_fields")
    for i in range(n):
        if not 0 <= starts[i] <= ends[i] <= size:
            raise ValueError("line offsets must lie inside the buffer")
    if n == 0 or size == 0:
        span_starts[:] = starts
        span_ends[:] = starts
        fits[:] = 0
        return
    for i in prange(n, nogil=True, schedule="static", num_threads=threads):
        # assigned in the loop, so each thread has its own a and b (only written through a pointer, they
        # were shared: one thread's span could land in another's line)
        a = 0
        b = 0
        fits[i] = <uint8_t>line_field_span(&buf[0] + starts[i], ends[i] - starts[i], first, last, n_fields, &a, &b)
        span_starts[i] = starts[i] + a
        span_ends[i] = starts[i] + b
