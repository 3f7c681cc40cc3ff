# cython: language_level=3, autotestdict=False
"""Sweep kernel for :mod:`omaha8.solver`: weight of the weaker opponents of every hand, with card removal.

Opponents and hands are walked together in ascending order of a key (a high
value, a low class); every opponent passed is added to a table of weight
sums indexed by the cards it holds, and every hand reads from that table the
weight of the opponents so far that share no card with it.

Card removal is inclusion–exclusion over the cards a hand shares with an
opponent. For sets h and o, ``sum over S ⊆ h ∩ o of (-1)^|S|`` is 1 when
h ∩ o is empty and 0 otherwise (the binomial expansion of (1 - 1)^|h ∩ o|).
So, for any weights w and any condition on the opponents,

    sum over o with o ∩ h = ∅ of w(o)
        = sum over o of w(o) · sum over S ⊆ h ∩ o of (-1)^|S|
        = sum over S ⊆ h of (-1)^|S| · N(S),   N(S) = sum over o ⊇ S of w(o).

Every opponent o adds its weight to N(S) for each subset S of its cards.
A k-card hand has subsets of size 0..k, but the only opponent holding all k
cards of h is h itself, which has the same key as h: for a strict
comparison (opponents with a smaller key) its term is 0, so the table keeps
subsets of size 0..k-1 only (1 + 52 + 1,326 + 22,100 slots for 4 cards, and
270,725 more for 5). Queries that include equal keys (``upto``, ``all``)
leave out that one term; the caller adds (-1)^k times the weight of
opponents equal to the hand.

A second condition can ride along: with a digit per combo (below ``base``),
the table keeps ``base`` sums per subset, one per opponent digit, and a hand
reads the sums of the digits below its own. The identity holds for each
digit's opponents alone, so it holds for their sum; an opponent equal to the
hand has the hand's digit and so never counts.

Subsets of size j are slotted by their colexicographic rank
``C(c_1, 1) + C(c_2, 2) + ... + C(c_j, j)`` for ascending cards c_1 < ... < c_j,
which is 0 .. C(52, j) - 1, after the slots of all smaller sizes.
"""

cimport cython
from cython.parallel cimport prange
from cpython.mem cimport PyMem_RawCalloc, PyMem_RawFree
from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint64_t

from omaha8.core._core cimport add_cards, card_bit_table, cards_failed
from omaha8.solver._colex cimport BINOM, MASK_SIGN, OFFSET, fill_colex, sorted_cards, subset_slots

import numpy as np


cdef enum:
    MAX_K = 5
    N_MASKS = 32          # subsets of a 5-card combo
    DECK = 52

# the card check's bits (core/_core.pxd)
cdef const uint64_t* CARD_BIT = card_bit_table()
fill_colex()


def table_slots(int k):
    """Slots of the weight table for k-card combos: every subset of fewer than k cards."""
    if not 1 <= k <= MAX_K:
        raise ValueError(f"k must be 1..{MAX_K}, not {k}")
    return int(OFFSET[k])


cdef inline void add_combo(double* table, const uint8_t* row, int k, double w, int base, int digit) noexcept nogil:
    cdef int32_t slot[N_MASKS]
    cdef int mask, n = subset_slots(row, k, slot)
    for mask in range(n):
        table[slot[mask] * base + digit] += w


# Weight in the table of the opponents with a digit below ``below`` that share no card
# with the hand (less the hand-equal term).
cdef inline double disjoint_weight(const double* table, const uint8_t* row, int k, int base, int below) noexcept nogil:
    cdef int32_t slot[N_MASKS]
    cdef int mask, d, n = subset_slots(row, k, slot)
    cdef double s = 0.0, part
    cdef const double* entry
    for mask in range(n):
        entry = table + slot[mask] * base
        part = 0.0
        for d in range(below):
            part += entry[d]
        s += MASK_SIGN[mask] * part
    return s


# Opponent o into the table: weight 1 without weights, digit 0 without digits.
cdef inline void add_opponent(double* table, const uint8_t* opp_cards, const double* opp_weight,
                              const uint8_t* opp_digit, int32_t o, int k, int base) noexcept nogil:
    add_combo(table, opp_cards + o * k, k, 1.0 if opp_weight == NULL else opp_weight[o],
              base, 0 if opp_digit == NULL else opp_digit[o])


# For each hand h of hand_seq[t0:t1], add to out[h] its disjoint weight in the table,
# read below the hand's own digit (every digit without digits).
cdef inline void add_hands(double* out, const double* table, const uint8_t* hand_cards, const int32_t* hand_seq,
                           const uint8_t* hand_digit, int64_t t0, int64_t t1, int k, int base) noexcept nogil:
    cdef int64_t t
    cdef int32_t h
    for t in range(t0, t1):
        h = hand_seq[t]
        out[h] += disjoint_weight(table, hand_cards + h * k, k, base, base if hand_digit == NULL else hand_digit[h])


# One group: opponents o0..o1 and hands h0..h1 of the sequences, each in ascending key order.
# With digits, the table keeps ``base`` sums per subset, one per opponent digit, and a hand
# reads those of the digits below its own: a second condition met in the same walk.
cdef int sweep_group(
    const uint8_t* opp_cards, const double* opp_weight, const int32_t* opp_seq, const uint16_t* opp_key,
    int64_t o0, int64_t o1,
    const uint8_t* hand_cards, const int32_t* hand_seq, const uint16_t* hand_key,
    int64_t h0, int64_t h1,
    int k, double* out_less, double* out_upto, double* out_all,
    const uint8_t* opp_digit, const uint8_t* hand_digit, int base,
) noexcept nogil:
    cdef double* table
    cdef int64_t i = o0, j = h0, j_end
    cdef uint16_t v
    if h0 == h1:
        return 0
    table = <double*>PyMem_RawCalloc(<size_t>OFFSET[k] * base, sizeof(double))
    if table == NULL:
        return -1
    while j < h1:
        v = hand_key[hand_seq[j]]
        j_end = j
        while j_end < h1 and hand_key[hand_seq[j_end]] == v:
            j_end += 1
        while i < o1 and opp_key[opp_seq[i]] < v:
            add_opponent(table, opp_cards, opp_weight, opp_digit, opp_seq[i], k, base)
            i += 1
        if out_less != NULL:
            add_hands(out_less, table, hand_cards, hand_seq, hand_digit, j, j_end, k, base)
        if out_upto != NULL:
            while i < o1 and opp_key[opp_seq[i]] == v:
                add_opponent(table, opp_cards, opp_weight, opp_digit, opp_seq[i], k, base)
                i += 1
            add_hands(out_upto, table, hand_cards, hand_seq, hand_digit, j, j_end, k, base)
        j = j_end
    if out_all != NULL:
        while i < o1:
            add_opponent(table, opp_cards, opp_weight, opp_digit, opp_seq[i], k, base)
            i += 1
        add_hands(out_all, table, hand_cards, hand_seq, hand_digit, h0, h1, k, base)
    PyMem_RawFree(table)
    return 0


cdef int bad_combo_row(const uint8_t[:, ::1] cards) noexcept nogil:
    """First row holding a byte above 51 or a repeated card (core/_core.pxd's card check), or -1."""
    cdef Py_ssize_t r
    cdef int k = <int>cards.shape[1]
    cdef uint64_t total, seen
    if k == 0:
        return -1
    for r in range(cards.shape[0]):
        total = seen = 0
        add_cards(CARD_BIT, &cards[r, 0], k, &total, &seen)
        if cards_failed(total, seen):
            return <int>r
    return -1


cdef int check_sequence(const int32_t[::1] seq, const uint16_t[::1] key, const int64_t[::1] bounds, Py_ssize_t rows, str name) except -1:
    """Raise unless the groups of ``seq`` lie inside it, name rows, and ascend by key."""
    cdef Py_ssize_t g, t
    if key.shape[0] != rows:
        raise ValueError(f"{name}_key has {key.shape[0]} entries for {rows} rows")
    if bounds.shape[0] < 1 or bounds[0] < 0 or bounds[bounds.shape[0] - 1] > seq.shape[0]:
        raise ValueError(f"{name}_bounds must lie within 0..{seq.shape[0]}")
    for g in range(bounds.shape[0] - 1):
        if bounds[g + 1] < bounds[g]:
            raise ValueError(f"{name}_bounds must not decrease (group {g})")
        for t in range(bounds[g], bounds[g + 1]):
            if seq[t] < 0 or seq[t] >= rows:
                raise ValueError(f"{name}_seq[{t}] = {seq[t]} is not a row (0..{rows - 1})")
            if t > bounds[g] and key[seq[t]] < key[seq[t - 1]]:
                raise ValueError(f"{name}_key must not decrease within a group (position {t})")
    return 0


@cython.boundscheck(False)
@cython.wraparound(False)
def sweep(
    const uint8_t[:, ::1] opp_cards,
    const double[::1] opp_weight,
    const int32_t[::1] opp_seq,
    const uint16_t[::1] opp_key,
    const int64_t[::1] opp_bounds,
    const uint8_t[:, ::1] hand_cards,
    const int32_t[::1] hand_seq,
    const uint16_t[::1] hand_key,
    const int64_t[::1] hand_bounds,
    double[::1] out_less,
    double[::1] out_upto,
    double[::1] out_all,
    int n_threads=1,
    const uint8_t[::1] opp_digit=None,
    const uint8_t[::1] hand_digit=None,
    int base=1,
):
    """Add to each hand's outputs the weight of the disjoint opponents of its group with a smaller key.

    Group ``g`` is ``opp_seq[opp_bounds[g]:opp_bounds[g + 1]]`` against
    ``hand_seq[hand_bounds[g]:hand_bounds[g + 1]]``; keys (aligned with the
    rows) ascend within a group along the sequences; an empty ``opp_weight``
    weighs every opponent 1. For hand row ``h`` with key ``v``:
    ``out_less[h] +=`` the weight of the opponents of its group with key < v
    that share no card with it, ``out_upto[h]`` the same for key <= v and
    ``out_all[h]`` for every key, the last two without the term of an
    opponent equal to the hand (see the module notes). An empty output is
    skipped. With ``opp_digit`` and ``hand_digit`` (one per row, below
    ``base``) only the opponents with a smaller digit than the hand's count.
    A hand row may appear in one group only; groups run in parallel, each
    with its own table, so results do not depend on ``n_threads``. Returns -1:
    no group fails but for want of memory (MemoryError).
    """
    cdef int k = <int>opp_cards.shape[1]
    cdef int threads = max(1, n_threads)
    cdef Py_ssize_t n_groups = opp_bounds.shape[0] - 1, g, t, n_hand_rows = hand_cards.shape[0]
    cdef int failed = 0, bad
    cdef double* less_ptr = NULL
    cdef double* upto_ptr = NULL
    cdef double* all_ptr = NULL
    cdef const uint8_t* opp_ptr = NULL
    cdef const uint8_t* hand_ptr = NULL
    cdef const double* weight_ptr = NULL
    cdef const int32_t* oseq_ptr = NULL
    cdef const uint16_t* okey_ptr = NULL
    cdef const int32_t* hseq_ptr = NULL
    cdef const uint16_t* hkey_ptr = NULL
    cdef uint8_t[::1] seen
    cdef const uint8_t* opp_digit_ptr = NULL
    cdef const uint8_t* hand_digit_ptr = NULL
    if not 1 <= base <= 255:
        raise ValueError(f"base must be 1..255, not {base}")
    if (opp_digit is None) != (hand_digit is None):
        raise ValueError("give digits for both sides or for neither")
    if opp_digit is not None:
        if opp_digit.shape[0] != opp_cards.shape[0] or hand_digit.shape[0] != hand_cards.shape[0]:
            raise ValueError("opp_digit and hand_digit need one digit per row")
        for t in range(opp_digit.shape[0]):
            if opp_digit[t] >= base:
                raise ValueError(f"opp_digit[{t}] = {opp_digit[t]} is not below base {base}")
        for t in range(hand_digit.shape[0]):
            if hand_digit[t] >= base:
                raise ValueError(f"hand_digit[{t}] = {hand_digit[t]} is not below base {base}")
        if opp_digit.shape[0]:
            opp_digit_ptr = &opp_digit[0]
        if hand_digit.shape[0]:
            hand_digit_ptr = &hand_digit[0]
    if not 1 <= k <= MAX_K or hand_cards.shape[1] != k:
        raise ValueError(f"opponents and hands must both have 1..{MAX_K} cards, got {k} and {hand_cards.shape[1]}")
    if opp_weight.shape[0] and opp_weight.shape[0] != opp_cards.shape[0]:
        raise ValueError(f"opp_weight has {opp_weight.shape[0]} entries for {opp_cards.shape[0]} opponents")
    if hand_bounds.shape[0] != opp_bounds.shape[0]:
        raise ValueError("opp_bounds and hand_bounds must describe the same number of groups")
    with nogil:
        bad = bad_combo_row(opp_cards)
    if bad >= 0:
        raise ValueError(f"opp_cards[{bad}] is not a combo of distinct cards 0..51")
    with nogil:
        bad = bad_combo_row(hand_cards)
    if bad >= 0:
        raise ValueError(f"hand_cards[{bad}] is not a combo of distinct cards 0..51")
    check_sequence(opp_seq, opp_key, opp_bounds, opp_cards.shape[0], "opp")
    check_sequence(hand_seq, hand_key, hand_bounds, n_hand_rows, "hand")
    seen = np.zeros(n_hand_rows, dtype=np.uint8)
    for g in range(n_groups):
        for t in range(hand_bounds[g], hand_bounds[g + 1]):
            if seen[hand_seq[t]]:
                raise ValueError(f"hand row {hand_seq[t]} appears twice in hand_seq")
            seen[hand_seq[t]] = 1
    for name, out in (("out_less", out_less), ("out_upto", out_upto), ("out_all", out_all)):
        if out.shape[0] and out.shape[0] < n_hand_rows:
            raise ValueError(f"{name} has {out.shape[0]} entries for {n_hand_rows} hands")
    if n_hand_rows == 0 or n_groups == 0:
        return -1
    if out_less.shape[0]:
        less_ptr = &out_less[0]
    if out_upto.shape[0]:
        upto_ptr = &out_upto[0]
    if out_all.shape[0]:
        all_ptr = &out_all[0]
    if opp_cards.shape[0]:
        opp_ptr = &opp_cards[0, 0]
        okey_ptr = &opp_key[0]
        if opp_weight.shape[0]:
            weight_ptr = &opp_weight[0]
    if opp_seq.shape[0]:
        oseq_ptr = &opp_seq[0]
    hand_ptr = &hand_cards[0, 0]
    hkey_ptr = &hand_key[0]
    if hand_seq.shape[0]:
        hseq_ptr = &hand_seq[0]
    for g in prange(n_groups, nogil=True, schedule="dynamic", num_threads=threads):
        failed += sweep_group(
            opp_ptr, weight_ptr, oseq_ptr, okey_ptr, opp_bounds[g], opp_bounds[g + 1],
            hand_ptr, hseq_ptr, hkey_ptr, hand_bounds[g], hand_bounds[g + 1],
            k, less_ptr, upto_ptr, all_ptr, opp_digit_ptr, hand_digit_ptr, base,
        ) != 0
    if failed:
        raise MemoryError("no memory for a sweep table")
    return -1


@cython.boundscheck(False)
@cython.wraparound(False)
def stable_order(const uint16_t[::1] key, const int32_t[::1] seq=None):
    """``seq`` (every row ``0..len(key)-1`` when None) reordered by ``key`` of its rows, ties in their order.

    A counting sort: O(n + largest key), int32 out, no 64-bit index array.
    """
    cdef bint all_rows = seq is None
    cdef Py_ssize_t n = key.shape[0] if all_rows else seq.shape[0], i
    cdef int32_t row
    cdef uint16_t top = 0
    cdef int64_t[::1] start
    cdef int32_t[::1] out = np.empty(n, dtype=np.int32)
    for i in range(n):
        row = <int32_t>i if all_rows else seq[i]
        if row < 0 or row >= key.shape[0]:
            raise ValueError(f"seq[{i}] = {row} is not a row (0..{key.shape[0] - 1})")
    with nogil:
        for i in range(n):
            row = <int32_t>i if all_rows else seq[i]
            if key[row] > top:
                top = key[row]
    start = np.zeros(<Py_ssize_t>top + 2, dtype=np.int64)
    with nogil:
        for i in range(n):
            row = <int32_t>i if all_rows else seq[i]
            start[key[row] + 1] += 1
        for i in range(1, <Py_ssize_t>top + 2):
            start[i] += start[i - 1]
        for i in range(n):
            row = <int32_t>i if all_rows else seq[i]
            out[start[key[row]]] = row
            start[key[row]] += 1
    return np.asarray(out)


@cython.boundscheck(False)
@cython.wraparound(False)
def has_repeats(const uint8_t[:, ::1] cards):
    """Whether two rows hold the same set of cards: one bit per possible combo, O(n)."""
    cdef int k = <int>cards.shape[1], i
    cdef Py_ssize_t r, n = cards.shape[0]
    cdef uint8_t c[MAX_K]
    cdef int64_t rank
    cdef uint8_t* seen
    cdef bint repeated = False
    if not 1 <= k <= MAX_K:
        raise ValueError(f"combos must have 1..{MAX_K} cards, got {k}")
    with nogil:
        r = bad_combo_row(cards)
    if r >= 0:
        raise ValueError(f"cards[{r}] is not a combo of distinct cards 0..51")
    seen = <uint8_t*>PyMem_RawCalloc(<size_t>(OFFSET[k + 1] - OFFSET[k]) // 8 + 1, 1)
    if seen == NULL:
        raise MemoryError("no memory for the combo bitmap")
    with nogil:
        for r in range(n):
            sorted_cards(&cards[r, 0], k, c)
            rank = 0
            for i in range(k):
                rank += BINOM[c[i]][i + 1]  # colex rank among the k-card combos
            if seen[rank >> 3] & (1 << (rank & 7)):
                repeated = True
                break
            seen[rank >> 3] |= <uint8_t>(1 << (rank & 7))
    PyMem_RawFree(seen)
    return bool(repeated)
