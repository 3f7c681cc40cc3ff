# cython: language_level=3, autotestdict=False
"""Terminal values of the subgame solver: every combo's chips at many fold and showdown nodes in one walk.

At a terminal node of the tree a player's counterfactual value for combo h
is a sum over the opponent's combos o that share no card with h (nor the
board), weighted by the opponent's reach r(o) at that node:

    cfv(h) = coef_share · Σ r(o) · share(h, o)  +  coef_total · Σ r(o)

A fold is the second term alone (the winner's gain or the folder's loss,
per unit of reach); a showdown pays the pot after rake times the share and
takes back the chips the player put in. Heads-up, with H = 1, ½, 0 as h
wins, ties or loses the high and L the same for the low:

* someone has a low: share = ½·H + ½·L, quarters included (a high tie and
  a low win is ½·½ + ½·1 = ¾ of the pot);
* neither has a low: share = H = ½·H + ½·H.

So share = ½·H + ½·X, X = L when h has a low (an opponent without a low
loses it: it sorts below every low), and for h without a low X = H against
opponents without a low and 0 against those with one. Each of H and X is
one comparison in one order, so no joint (high and low) term is needed:
2·H = [o < h] + [o <= h] in the high order, and the same for X in the low
order (h with a low, every opponent) or in the high order over the
opponents without a low (h without one). With A = Σ r(o)([o < h] + [o <= h])
of each walk, Σ r(o) share(h, o) = (A_high + A_x) / 4.

One walk goes up an order adding each opponent's reach to a table of sums
N(S) per subset S of its cards, and each hand reads the disjoint weight by
inclusion–exclusion over the subsets of its own cards (proved in
:mod:`omaha8.solver._solver`): Σ over S ⊊ h of (-1)^|S| N(S), plus (-1)^k times
the weight of an opponent holding exactly h's cards, which the table
leaves out. A hand reads before the opponents of its own key are added
(``<``) and after (``<=``).

Every table row holds one sum per terminal node, so a walk serves all the
terminal nodes of a segment together; the columns are cut into tasks run on
``threads`` threads, each task with its own table and outputs, so results
never depend on the thread count.
"""

cimport cython
from cython.parallel cimport prange
from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memset

from omaha8.solver._colex cimport MASK_SIGN, OFFSET, fill_colex, subset_slots


import numpy as np


cdef enum:
    MAX_K = 5
    DECK = 52
    MAX_SUBSETS = 31      # proper subsets of a 5-card combo
    MAX_W = 32            # columns one task reads at once

# A hand whose disjoint opponent reach is at most this fraction of the column's whole reach meets no
# opponent: the alternating sums leave some 1e-16 of the column there, never more than 1e-13 of it.
cdef double NO_OPPONENT = 1e-12

fill_colex()


def table_rows(int k):
    """Rows of a k-card table: one per subset of fewer than k cards."""
    if not 1 <= k <= MAX_K:
        raise ValueError(f"k must be 1..{MAX_K}, not {k}")
    return int(OFFSET[k])


@cython.boundscheck(False)
@cython.wraparound(False)
def combo_slots(const uint8_t[:, ::1] cards):
    """(n, 2**k - 1) int32: the slot of every proper subset of each combo, by subset mask.

    Mask bit i stands for the i-th smallest card; a subset of size j has the
    slot ``OFFSET[j] + C(c_1, 1) + ... + C(c_j, j)`` (its colex rank), below
    :func:`table_rows` ``(k)``. A board's tables number only the slots its
    live combos hold (:func:`omaha8.solver._arrays.board_slots`).
    """
    cdef Py_ssize_t n = cards.shape[0], r
    cdef int k = <int>cards.shape[1], i, full
    if not 1 <= k <= MAX_K:
        raise ValueError(f"combos must have 1..{MAX_K} cards, got {k}")
    for r in range(n):
        for i in range(k):
            if cards[r, i] >= DECK:
                raise ValueError(f"cards[{r}, {i}] = {cards[r, i]} is not a card id")
    full = (1 << k) - 1
    out = np.empty((n, full), dtype=np.int32)
    cdef int32_t[:, ::1] slots = out
    with nogil:
        for r in range(n):
            subset_slots(&cards[r, 0], k, &slots[r, 0])
    return out


# Add one opponent's reach row r[0:w] to the table rows of its subsets.
cdef inline void add_row(double* table, int width, const int32_t* slots, int nsub,
                         const double* r, int w) noexcept nogil:
    cdef int s, j
    cdef double* row
    for s in range(nsub):
        row = table + <int64_t>slots[s] * width
        for j in range(w):
            row[j] += r[j]


# acc[0:w] += the disjoint weight the table holds for a hand (less its equal-combo term).
cdef inline void read_row(double* acc, const double* table, int width, const int32_t* slots, int nsub,
                          int w) noexcept nogil:
    cdef int s, j
    cdef double sign
    cdef const double* row
    for s in range(nsub):
        row = table + <int64_t>slots[s] * width
        sign = MASK_SIGN[s]
        for j in range(w):
            acc[j] += sign * row[j]


# Add to the table the opponents o_seq[i..] whose key is below ``limit`` (keys ascend);
# returns the index of the first one left out.
cdef inline int64_t add_below(double* table, int width, int c0, int nsub, const int32_t* o_seq,
                              const uint16_t* o_key, int64_t i, int64_t n_o, int32_t limit,
                              const int32_t* o_slots, const double* reach, int m_t) noexcept nogil:
    cdef int32_t o
    while i < n_o and o_key[i] < limit:
        o = o_seq[i]
        add_row(table, width, o_slots + <int64_t>o * nsub, nsub, reach + <int64_t>o * m_t + c0, width)
        i += 1
    return i


# out[h] += what the table holds for each hand h_seq[t..t_end-1], columns 0..w-1.
cdef inline void read_hands(const double* table, int width, int w, int nsub, const int32_t* h_seq,
                            int64_t t, int64_t t_end, const int32_t* h_slots, double* out,
                            int out_width) noexcept nogil:
    cdef int64_t u
    cdef int32_t h
    cdef int j
    cdef double acc[MAX_W]
    for u in range(t, t_end):
        h = h_seq[u]
        for j in range(w):
            acc[j] = 0.0
        read_row(acc, table, width, h_slots + <int64_t>h * nsub, nsub, w)
        for j in range(w):
            out[<int64_t>h * out_width + j] += acc[j]


# Up one order: each hand gets out[h] += A (weight below its key plus weight at or below it),
# reading columns c0 .. c0 + w of a table ``width`` wide; every opponent ends in the table.
cdef void walk(double* table, int width, int c0, int w, int nsub,
               const int32_t* o_seq, const uint16_t* o_key, int64_t n_o, const int32_t* o_slots,
               const double* reach, int m_t,
               const int32_t* h_seq, const uint16_t* h_key, int64_t n_h, const int32_t* h_slots,
               double* out, int out_width) noexcept nogil:
    cdef int64_t i = 0, t = 0, t_end
    cdef uint16_t v
    while t < n_h:
        v = h_key[t]
        t_end = t
        while t_end < n_h and h_key[t_end] == v:
            t_end += 1
        # below the key, then at or below it
        i = add_below(table, width, c0, nsub, o_seq, o_key, i, n_o, v, o_slots, reach, m_t)
        read_hands(table, width, w, nsub, h_seq, t, t_end, h_slots, out, out_width)
        i = add_below(table, width, c0, nsub, o_seq, o_key, i, n_o, <int32_t>v + 1, o_slots, reach, m_t)
        read_hands(table, width, w, nsub, h_seq, t, t_end, h_slots, out, out_width)
        t = t_end
    add_below(table, width, c0, nsub, o_seq, o_key, i, n_o, 0x10000, o_slots, reach, m_t)


cdef enum:
    TASK_HIGH = 0     # the high walk over columns c0..c1, then every hand's total
    TASK_X = 1        # the low walk (hands with a low) and the no-low walk (hands without)


# One task: columns c0 .. c1 of the terminals. Returns -1 when out of memory.
cdef int run_task(int kind, int c0, int c1, int m_s, int m_t, int nsub,
                  const Side* hs, const Side* os, const double* reach, double* out_tot, double* out_high,
                  double* out_x) noexcept nogil:
    cdef int w = c1 - c0, ws, j
    cdef int64_t rows = hs.n_rows, t
    cdef int32_t h
    cdef double acc[MAX_W]
    cdef double* table = <double*>calloc(<size_t>(rows * w), sizeof(double))
    if table == NULL:
        return -1
    if kind == TASK_HIGH:
        ws = (m_s if m_s < c1 else c1) - c0  # showdown columns of this task
        if ws > 0:
            walk(table, w, c0, ws, nsub, os.high_seq, os.high_key, os.n_live, os.slots, reach, m_t,
                 hs.high_seq, hs.high_key, hs.n_live, hs.slots, out_high + c0, m_s)
        else:
            add_below(table, w, c0, nsub, os.high_seq, os.high_key, 0, os.n_live, 0x10000, os.slots, reach, m_t)
        for t in range(hs.n_live):  # every opponent is in the table now: the totals
            h = hs.high_seq[t]
            for j in range(w):
                acc[j] = 0.0
            read_row(acc, table, w, hs.slots + <int64_t>h * nsub, nsub, w)
            for j in range(w):
                out_tot[<int64_t>h * m_t + c0 + j] = acc[j]
    else:
        # hands with a low are the tail of the low order (no low is key 0)
        walk(table, w, c0, w, nsub, os.low_seq, os.low_key, os.n_live, os.slots, reach, m_t,
             hs.low_seq + hs.n_nolow, hs.low_key + hs.n_nolow, hs.n_live - hs.n_nolow, hs.slots,
             out_x + c0, m_s)
        memset(table, 0, <size_t>(rows * w) * sizeof(double))
        walk(table, w, c0, w, nsub, os.nolow_seq, os.nolow_key, os.n_nolow, os.slots, reach, m_t,
             hs.nolow_seq, hs.nolow_key, hs.n_nolow, hs.slots, out_x + c0, m_s)
    free(table)
    return 0


# Tasks of one kind over columns 0 .. end, ``chunk`` at a time, from task ``n`` on; returns the new count.
cdef int add_tasks(int kind, int end, int chunk, int* kinds, int* c0, int* c1, int n) noexcept nogil:
    cdef int c = 0
    while c < end:
        kinds[n] = kind
        c0[n] = c
        c1[n] = c + chunk if c + chunk < end else end
        n += 1
        c += chunk
    return n


cdef int eval_terminals(const Side* hs, const Side* os, const Combos* hands, const Combos* opps,
                        const Terminals* term, int threads) noexcept nogil:
    """Fill ``term.cfv``; -1 when out of memory (the outputs are then undefined)."""
    cdef int m_s = term.m_s, m_t = term.m_t, nsub = hands.nsub, k = 0, j, n_tasks = 0, chunk, c, failed = 0
    cdef int64_t n_h = hands.n, n_o = opps.n, o, t
    cdef int32_t h, same
    cdef int* task_kind
    cdef int* task_c0
    cdef int* task_c1
    cdef double sign, r_same, tot, cut
    cdef double* reach = NULL
    cdef double* out_tot = NULL
    cdef double* out_high = NULL
    cdef double* out_x = NULL
    cdef double* scale = NULL
    cdef double* cfv
    while (1 << k) - 1 < nsub:
        k += 1
    sign = -1.0 if k % 2 else 1.0
    for j in range(m_t):
        cfv = term.cfv[j]
        for t in range(n_h):
            cfv[t] = 0.0
    if m_t == 0 or hs.n_live == 0:
        return 0
    # the tasks: columns in chunks, at least one per thread when there are enough columns
    chunk = (m_t + threads - 1) // threads
    if chunk > MAX_W:
        chunk = MAX_W
    if chunk < 1:
        chunk = 1
    task_kind = <int*>malloc(<size_t>(3 * (2 * (m_t // chunk) + 2)) * sizeof(int))
    if task_kind == NULL:
        return -1
    task_c0 = task_kind + 2 * (m_t // chunk) + 2
    task_c1 = task_c0 + 2 * (m_t // chunk) + 2
    n_tasks = add_tasks(TASK_HIGH, m_t, chunk, task_kind, task_c0, task_c1, 0)
    n_tasks = add_tasks(TASK_X, m_s, chunk, task_kind, task_c0, task_c1, n_tasks)
    reach = <double*>malloc(<size_t>(n_o * m_t + 1) * sizeof(double))
    out_tot = <double*>calloc(<size_t>(n_h * m_t + 1), sizeof(double))
    out_high = <double*>calloc(<size_t>(n_h * m_s + 1), sizeof(double))
    out_x = <double*>calloc(<size_t>(n_h * m_s + 1), sizeof(double))
    scale = <double*>calloc(<size_t>(m_t + 1), sizeof(double))
    if reach == NULL or out_tot == NULL or out_high == NULL or out_x == NULL or scale == NULL:
        free(reach); free(out_tot); free(out_high); free(out_x); free(task_kind); free(scale)
        return -1
    for o in range(n_o):  # one row of reaches per opponent, one column per terminal
        for j in range(m_t):
            reach[o * m_t + j] = term.reach[j][o]
            scale[j] += reach[o * m_t + j]
    if threads > 1 and n_tasks > 1:
        for c in prange(n_tasks, nogil=True, schedule="dynamic", num_threads=threads):
            failed += run_task(task_kind[c], task_c0[c], task_c1[c], m_s, m_t, nsub, hs, os, reach, out_tot,
                               out_high, out_x) != 0
    else:
        for c in range(n_tasks):
            failed += run_task(task_kind[c], task_c0[c], task_c1[c], m_s, m_t, nsub, hs, os, reach, out_tot,
                               out_high, out_x) != 0
    if failed == 0:
        for t in range(hs.n_live):
            h = hs.high_seq[t]
            same = hands.same[h]
            for j in range(m_t):
                # the opponent holding h's cards: left out of the table, never disjoint from h
                r_same = 0.0 if same < 0 else reach[<int64_t>same * m_t + j]
                tot = out_tot[<int64_t>h * m_t + j] + sign * r_same
                if tot <= NO_OPPONENT * scale[j]:
                    # no opponent fits: exactly 0, not the rounding left by the alternating sums, so that a
                    # combo that meets nobody has no regret at all (and its strategy stays uniform)
                    term.cfv[j][h] = 0.0
                    continue
                cut = term.coef_total[j] * tot
                if j < m_s:
                    cut += term.coef_share[j] * 0.25 * (
                        out_high[<int64_t>h * m_s + j] + out_x[<int64_t>h * m_s + j] + 2.0 * sign * r_same)
                term.cfv[j][h] = cut
    free(reach); free(out_tot); free(out_high); free(out_x); free(task_kind); free(scale)
    return -1 if failed else 0


# ------------------------------------------------------------------ Python's view, for the tests and the engine


cdef int check_rows(const int32_t[::1] seq, int64_t n) except -1:
    cdef Py_ssize_t i
    for i in range(seq.shape[0]):
        if not 0 <= seq[i] < n:
            raise ValueError(f"a side's sequence names row {seq[i]} of {n}")
    return 0


cdef int fill_side(Side* side, tuple arrays) except -1:
    """Point ``side`` at (high_seq, high_key, low_seq, low_key, nolow_seq, nolow_key, slots, n_rows).

    The caller keeps the arrays alive; every row and slot is checked here.
    """
    cdef const int32_t[::1] high_seq = arrays[0]
    cdef const uint16_t[::1] high_key = arrays[1]
    cdef const int32_t[::1] low_seq = arrays[2]
    cdef const uint16_t[::1] low_key = arrays[3]
    cdef const int32_t[::1] nolow_seq = arrays[4]
    cdef const uint16_t[::1] nolow_key = arrays[5]
    cdef const int32_t[:, ::1] slots = arrays[6]
    cdef int64_t n_rows = arrays[7], n = slots.shape[0], i, r
    cdef int s
    if not (high_key.shape[0] == low_seq.shape[0] == low_key.shape[0] == high_seq.shape[0]) \
            or nolow_key.shape[0] != nolow_seq.shape[0] or nolow_seq.shape[0] > high_seq.shape[0]:
        raise ValueError("a side's sequences and keys must have matching lengths")
    check_rows(high_seq, n)
    check_rows(low_seq, n)
    check_rows(nolow_seq, n)
    for i in range(high_seq.shape[0]):  # the live rows' slots are the ones read
        r = high_seq[i]
        for s in range(slots.shape[1]):
            if not 0 <= slots[r, s] < n_rows:
                raise ValueError(f"slot {slots[r, s]} of row {r} is outside the table's {n_rows} rows")
    side.slots = &slots[0, 0] if n else NULL
    side.n_rows = n_rows
    side.n_live = high_seq.shape[0]
    side.n_nolow = nolow_seq.shape[0]
    side.high_seq = &high_seq[0] if side.n_live else NULL
    side.high_key = &high_key[0] if side.n_live else NULL
    side.low_seq = &low_seq[0] if side.n_live else NULL
    side.low_key = &low_key[0] if side.n_live else NULL
    side.nolow_seq = &nolow_seq[0] if side.n_nolow else NULL
    side.nolow_key = &nolow_key[0] if side.n_nolow else NULL
    return 0


cdef int fill_combos(Combos* combos, int nsub, const int32_t[::1] same) except -1:
    if not 1 <= nsub <= MAX_SUBSETS:
        raise ValueError(f"nsub must be 1..{MAX_SUBSETS}")
    combos.n = same.shape[0]
    combos.nsub = nsub
    combos.same = &same[0] if combos.n else NULL
    return 0


def terminal_values(tuple hand_side, tuple opp_side, hand_same, opp_same, reach, coef_share, coef_total, int m_s,
                    int threads=1):
    """(m_t, n_hands) float64: each terminal's counterfactual chips for every hand (the kernel, for tests).

    ``reach`` is (m_t, n_opponents) float64, showdown rows first; the sides
    are :func:`omaha8.solver._arrays.side_orders` with the board's slots.
    """
    cdef Side hs, os
    cdef Combos hc, oc
    cdef Terminals term
    cdef const double[:, ::1] r = np.ascontiguousarray(reach, dtype=np.float64)
    cdef const double[::1] cs = np.ascontiguousarray(coef_share, dtype=np.float64)
    cdef const double[::1] ct = np.ascontiguousarray(coef_total, dtype=np.float64)
    cdef Py_ssize_t m_t = r.shape[0], j
    cdef int status
    fill_side(&hs, hand_side)
    fill_side(&os, opp_side)
    fill_combos(&hc, hand_side[6].shape[1], hand_same)
    fill_combos(&oc, opp_side[6].shape[1], opp_same)
    if (r.shape[1] != oc.n or cs.shape[0] != m_t or ct.shape[0] != m_t or not 0 <= m_s <= m_t or hc.nsub != oc.nsub
            or hand_side[6].shape[0] != hc.n or opp_side[6].shape[0] != oc.n or hs.n_rows != os.n_rows):
        raise ValueError("reach, coefficients, sides and combos do not fit together")
    for j in range(hc.n):
        if not -1 <= hc.same[j] < oc.n:
            raise ValueError("hand_same names no opponent row")
    for j in range(oc.n):
        if not -1 <= oc.same[j] < hc.n:
            raise ValueError("opp_same names no hand row")
    out = np.zeros((m_t, hc.n), dtype=np.float64)
    cdef double[:, ::1] cfv = out
    cdef const double** rows = <const double**>malloc((m_t + 1) * sizeof(double*))
    cdef double** outs = <double**>malloc((m_t + 1) * sizeof(double*))
    if rows == NULL or outs == NULL:
        free(rows); free(outs)
        raise MemoryError()
    for j in range(m_t):
        rows[j] = &r[j, 0] if oc.n else NULL
        outs[j] = &cfv[j, 0] if hc.n else NULL
    term.m_s = m_s
    term.m_t = <int>m_t
    term.reach = rows
    term.cfv = outs
    term.coef_share = &cs[0] if m_t else NULL
    term.coef_total = &ct[0] if m_t else NULL
    with nogil:
        status = eval_terminals(&hs, &os, &hc, &oc, &term, max(1, threads))
    free(rows); free(outs)
    if status != 0:
        raise MemoryError("no memory for the terminal tables")
    return out
