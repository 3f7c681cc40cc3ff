# cython: language_level=3, autotestdict=False
"""The subgame solver's engine: discounted CFR, best responses and values, over arrays of all combos.

The tree is cut into *segments*: the nodes of one street reached without a
chance node. A segment is walked as arrays over every combo of both
players: forward, each node's reach (the traverser's own, and the
opponent's) from its parent's and the acting player's strategy; then the
chance nodes at its edge (each river's segment walked on its own, with the
combos holding that card taken out, and the rivers averaged); then all its
terminal nodes in one call of :mod:`omaha8.solver._terminal`; then
backward, each node's counterfactual value from its children's, updating
the regrets and the average strategy on the way.

The rivers below a turn are walked in parallel, one thread each; a river
alone spreads its terminal walks over the threads instead. Sums over the
rivers are added in card order, so results never depend on the thread count.

Discounted CFR (Brown and Sandholm, 2019, with their α = 1.5, β = 0,
γ = 2) and alternating updates: before iteration t (from 0) adds its
regrets, positive regrets are scaled by t'^1.5 / (t'^1.5 + 1) with
t' = max(t - 1, 0), negative ones by 1/2, and the average strategy's sums
by (t / (t + 1))^2. The average strategy is weighted by the player's own
reach. (Restarting the average at powers of 4, as postflop-solver does,
measured no better here and leaves a poor average just after each restart.) Regrets and sums are float32 (what the
tree's size costs); reaches, values and every sum over combos are float64.
"""

cimport cython
from cython.parallel cimport prange
from libc.math cimport fabs, pow
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free, malloc

import numpy as np

from omaha8.solver._terminal cimport Combos, Side, Terminals, eval_terminals, fill_combos, fill_side

cdef enum:
    PLAYER = 0
    CHANCE = 1
    FOLD = 2
    SHOWDOWN = 3

# An action's value within this fraction of the node's value is a tie (float32 regrets keep 1e-7 of it).
cdef double TIE = 1e-9

cpdef enum:
    UPDATE = 0      # one DCFR step for the traverser: both play their current (regret-matched) strategy
    BEST = 1        # the traverser's best response to the opponent's average strategy
    AVERAGE = 2     # both play their average strategies


cdef struct Game:
    int n_nodes
    const uint8_t* kind
    const int8_t* actor
    const int32_t* child_start
    const int32_t* n_child
    const int32_t* children
    const int32_t* node_seg
    const int32_t* node_local
    const double* coef_share     # [node * 2 + player]
    const double* coef_total
    const int64_t* store         # player nodes: where the node's [actions][combos] block starts
    const int32_t* river_card    # the card a chance child deals, else -1
    const int32_t* seg_start
    const int32_t* seg_nodes
    const int32_t* seg_board
    Side* sides                  # [board * 2 + player]
    Combos combos[2]
    const uint64_t* masks[2]
    int64_t n[2]
    float* regret
    float* strat
    double chance_factor
    int record_node
    double* record_cfv
    double* record_reach


cdef struct Step:
    int mode
    double alpha
    double beta
    double gamma


# The acting player's strategy at a node into sigma[A][n]: regret matching, or the average strategy.
cdef void node_strategy(const Game* g, int node, bint average, double* sigma) noexcept nogil:
    cdef int a = g.actor[node], A = g.n_child[node], c
    cdef int64_t n = g.n[a], h
    cdef const float* src = (g.strat if average else g.regret) + g.store[node]
    cdef double total, x
    for h in range(n):
        total = 0.0
        for c in range(A):
            x = src[c * n + h]
            if x > 0.0:
                total += x
        for c in range(A):
            x = src[c * n + h]
            sigma[c * n + h] = (x / total if x > 0.0 else 0.0) if total > 0.0 else 1.0 / A


cdef double* take(double** pool, int* used, int64_t size) noexcept nogil:
    """A fresh buffer of ``size`` doubles, remembered in ``pool`` for freeing (NULL: no memory)."""
    cdef double* buf = <double*>malloc(<size_t>(size + 1) * sizeof(double))
    if buf != NULL:
        pool[used[0]] = buf
        used[0] += 1
    return buf


cdef int run_segment(Game* g, int seg, int p, const Step* st, const double* own0, const double* opp0,
                     double* cfv_out, int threads) noexcept nogil:
    """The traverser p's counterfactual values at the root of segment ``seg``; -1 when out of memory."""
    cdef int q = 1 - p, first = g.seg_start[seg], L = g.seg_start[seg + 1] - first
    cdef const int32_t* nodes = g.seg_nodes + first
    cdef int64_t n_p = g.n[p], n_q = g.n[q], h, n_a, k
    cdef int i, c, ci, node, A, a, n_chance = 0, n_tasks = 0, m_s = 0, m_t = 0, used = 0, status = 0, task
    cdef int kind, c0
    cdef double v, x, best
    cdef double** own = <double**>calloc(L, sizeof(double*))
    cdef double** opp = <double**>calloc(L, sizeof(double*))
    cdef double** cfv = <double**>calloc(L, sizeof(double*))
    cdef double** sig = <double**>calloc(L, sizeof(double*))
    cdef double** pool = <double**>calloc(4 * L + 8, sizeof(double*))
    cdef int* term_local = <int*>malloc((L + 1) * sizeof(int))
    cdef const double** t_reach = <const double**>malloc((L + 1) * sizeof(double*))
    cdef double** t_cfv = <double**>malloc((L + 1) * sizeof(double*))
    cdef double* t_share = <double*>malloc((L + 1) * sizeof(double))
    cdef double* t_total = <double*>malloc((L + 1) * sizeof(double))
    cdef int* task_local = NULL
    cdef int* task_child = NULL
    cdef double* task_out = NULL
    cdef Terminals term
    cdef float* reg
    cdef float* avg
    cdef double* s
    if (own == NULL or opp == NULL or cfv == NULL or sig == NULL or pool == NULL or term_local == NULL
            or t_reach == NULL or t_cfv == NULL or t_share == NULL or t_total == NULL):
        status = -1
    else:
        # the terminal buffers are the same for every terminal of the segment: only the counts are set later
        term.reach = t_reach
        term.cfv = t_cfv
        term.coef_share = t_share
        term.coef_total = t_total
        own[0] = <double*>own0
        opp[0] = <double*>opp0
        # forward: reach and strategy at every node
        for i in range(L):
            node = nodes[i]
            cfv[i] = take(pool, &used, n_p)
            if cfv[i] == NULL:
                status = -1
                break
            kind = g.kind[node]
            if kind == CHANCE:
                n_chance += g.n_child[node]
            elif kind == SHOWDOWN:
                m_s += 1
            if kind != PLAYER:
                continue
            a = g.actor[node]
            A = g.n_child[node]
            n_a = g.n[a]
            if st.mode != BEST or a == q:
                sig[i] = take(pool, &used, A * n_a)
                if sig[i] == NULL:
                    status = -1
                    break
                node_strategy(g, node, st.mode != UPDATE, sig[i])
            for c in range(A):
                ci = g.node_local[g.children[g.child_start[node] + c]]
                own[ci] = own[i]
                opp[ci] = opp[i]
                if a == p and st.mode == BEST:
                    continue
                s = take(pool, &used, n_a)
                if s == NULL:
                    status = -1
                    break
                for h in range(n_a):
                    s[h] = (own[i] if a == p else opp[i])[h] * sig[i][c * n_a + h]
                if a == p:
                    own[ci] = s
                else:
                    opp[ci] = s
            if status:
                break
    if status == 0 and n_chance:
        # each river below this segment: its own segment, the combos holding the card taken out
        task_local = <int*>malloc(n_chance * sizeof(int))
        task_child = <int*>malloc(n_chance * sizeof(int))
        task_out = <double*>calloc(<size_t>(n_chance * n_p + 1), sizeof(double))
        if task_local == NULL or task_child == NULL or task_out == NULL:
            status = -1
        else:
            for i in range(L):
                node = nodes[i]
                if g.kind[node] == CHANCE:
                    for c in range(g.n_child[node]):
                        task_local[n_tasks] = i
                        task_child[n_tasks] = g.children[g.child_start[node] + c]
                        n_tasks += 1
            if threads > 1:
                for task in prange(n_tasks, nogil=True, schedule="dynamic", num_threads=threads):
                    status += run_river(g, p, st, own[task_local[task]], opp[task_local[task]], task_child[task],
                                        task_out + task * n_p)
            else:
                for task in range(n_tasks):
                    status += run_river(g, p, st, own[task_local[task]], opp[task_local[task]], task_child[task],
                                        task_out + task * n_p)
            if status == 0:
                for i in range(L):
                    if g.kind[nodes[i]] == CHANCE:
                        for h in range(n_p):
                            cfv[i][h] = 0.0
                for task in range(n_tasks):  # in card order, whatever the threads did
                    i = task_local[task]
                    for h in range(n_p):
                        cfv[i][h] += task_out[task * n_p + h]
                for i in range(L):
                    if g.kind[nodes[i]] == CHANCE:
                        for h in range(n_p):
                            cfv[i][h] *= g.chance_factor
        free(task_local); free(task_child); free(task_out)
    if status == 0:
        # every terminal of the segment in one call: showdowns first, then folds
        for c in range(2):
            kind = SHOWDOWN if c == 0 else FOLD
            for i in range(L):
                node = nodes[i]
                if g.kind[node] == kind:
                    term_local[m_t] = i
                    t_reach[m_t] = opp[i]
                    t_cfv[m_t] = cfv[i]
                    t_share[m_t] = g.coef_share[node * 2 + p]
                    t_total[m_t] = g.coef_total[node * 2 + p]
                    m_t += 1
        if m_t:
            term.m_s = m_s
            term.m_t = m_t
            k = g.seg_board[seg]
            status = eval_terminals(&g.sides[k * 2 + p], &g.sides[k * 2 + q], &g.combos[p], &g.combos[q], &term,
                                    1 if n_chance else threads)
    if status == 0:
        # backward: values up the segment, regrets and average strategies updated at the traverser's nodes
        for i in range(L - 1, -1, -1):
            node = nodes[i]
            if g.kind[node] != PLAYER:
                continue
            A = g.n_child[node]
            c0 = g.child_start[node]
            if g.actor[node] == q:
                for h in range(n_p):
                    v = 0.0
                    for c in range(A):
                        v += cfv[g.node_local[g.children[c0 + c]]][h]
                    cfv[i][h] = v
            elif st.mode == BEST:
                for h in range(n_p):
                    best = cfv[g.node_local[g.children[c0]]][h]
                    for c in range(1, A):
                        x = cfv[g.node_local[g.children[c0 + c]]][h]
                        if x > best:
                            best = x
                    cfv[i][h] = best
            else:
                for h in range(n_p):
                    v = 0.0
                    for c in range(A):
                        v += sig[i][c * n_p + h] * cfv[g.node_local[g.children[c0 + c]]][h]
                    cfv[i][h] = v
                if st.mode == UPDATE:
                    reg = g.regret + g.store[node]
                    avg = g.strat + g.store[node]
                    for c in range(A):
                        ci = g.node_local[g.children[c0 + c]]
                        for h in range(n_p):
                            k = c * n_p + h
                            x = reg[k]
                            x *= st.alpha if x >= 0.0 else st.beta
                            v = cfv[ci][h] - cfv[i][h]
                            if fabs(v) <= TIE * (fabs(cfv[ci][h]) + fabs(cfv[i][h])):
                                v = 0.0  # a tie, not the rounding of two sums: no regret either way
                            reg[k] = <float>(x + v)
                            avg[k] = <float>(avg[k] * st.gamma + own[i][h] * sig[i][k])
        if g.record_node >= 0 and g.node_seg[g.record_node] == seg:
            i = g.node_local[g.record_node]
            for h in range(n_p):
                g.record_cfv[h] = cfv[i][h]
            for h in range(n_q):
                g.record_reach[h] = opp[i][h]
        for h in range(n_p):
            cfv_out[h] = cfv[0][h]
    if pool != NULL:
        for i in range(used):
            free(pool[i])
    free(own); free(opp); free(cfv); free(sig); free(pool)
    free(term_local); free(t_reach); free(t_cfv); free(t_share); free(t_total)
    return -1 if status else 0


# The segment below one chance child: reaches without the combos that hold the river card.
cdef int run_river(Game* g, int p, const Step* st, const double* own, const double* opp, int child,
                   double* out) noexcept nogil:
    cdef int q = 1 - p, status
    cdef uint64_t bit = (<uint64_t>1) << g.river_card[child]
    cdef int64_t h
    cdef double* own_r = <double*>malloc(<size_t>(g.n[p] + 1) * sizeof(double))
    cdef double* opp_r = <double*>malloc(<size_t>(g.n[q] + 1) * sizeof(double))
    if own_r == NULL or opp_r == NULL:
        free(own_r); free(opp_r)
        return -1
    for h in range(g.n[p]):
        own_r[h] = 0.0 if g.masks[p][h] & bit else own[h]
    for h in range(g.n[q]):
        opp_r[h] = 0.0 if g.masks[q][h] & bit else opp[h]
    status = run_segment(g, g.node_seg[child], p, st, own_r, opp_r, out, 1)
    free(own_r); free(opp_r)
    return status


cdef Step dcfr_step(int64_t t) noexcept nogil:
    cdef Step st
    cdef double ta = t - 1 if t > 1 else 0.0, pa = pow(ta, 1.5), tg = <double>t
    st.mode = UPDATE
    st.alpha = pa / (pa + 1.0)
    st.beta = 0.5
    st.gamma = pow(tg / (tg + 1.0), 2.0)
    return st



def _check(bint ok, str what):
    if not ok:
        raise ValueError(f"solver arrays: {what}")


@cython.auto_pickle(False)  # pointers into arrays it keeps: nothing a pickle could restore
cdef class Engine:
    """The tree and both players' combos as the kernels read them, with the regrets and average strategies.

    Built by :mod:`omaha8.solver._game` from a checked tree; the constructor
    checks every index the kernels follow, so no walk reads outside an array.
    """

    cdef Game g
    cdef list _keep
    cdef Side* _sides
    cdef readonly object regret
    cdef readonly object strat
    cdef readonly int n_nodes

    def __cinit__(self):
        self._sides = NULL

    def __init__(self, kind, actor, child_start, n_child, children, node_seg, node_local, coef_share, coef_total,
                 store, river_card, seg_start, seg_nodes, seg_board, list sides, int nsub, tuple same,
                 tuple masks, double chance_factor):
        cdef const uint8_t[::1] kind_v = kind
        cdef const int8_t[::1] actor_v = actor
        cdef const int32_t[::1] cs_v = child_start, nc_v = n_child, ch_v = children, seg_v = node_seg
        cdef const int32_t[::1] loc_v = node_local, rc_v = river_card, ss_v = seg_start, sn_v = seg_nodes
        cdef const int32_t[::1] sb_v = seg_board
        cdef const double[:, ::1] share_v = coef_share, total_v = coef_total
        cdef const int64_t[::1] store_v = store
        cdef const uint64_t[::1] m0 = masks[0], m1 = masks[1]
        cdef Py_ssize_t N = kind_v.shape[0], S = sb_v.shape[0], i, c, child, a, b
        self._keep = [kind, actor, child_start, n_child, children, node_seg, node_local, coef_share, coef_total,
                      store, river_card, seg_start, seg_nodes, seg_board, sides, same, masks]
        for arrays in ((actor_v.shape[0], "actor"), (cs_v.shape[0], "child_start"), (nc_v.shape[0], "n_child"),
                       (seg_v.shape[0], "node_seg"), (loc_v.shape[0], "node_local"), (rc_v.shape[0], "river_card"),
                       (store_v.shape[0], "store"), (share_v.shape[0], "coef_share"), (total_v.shape[0], "coef_total")):
            _check(arrays[0] == N, f"{arrays[1]} needs one entry per node")
        _check(N > 0 and S > 0 and ss_v.shape[0] == S + 1 and ss_v[0] == 0 and ss_v[S] == sn_v.shape[0] == N,
               "segments must hold every node once")
        _check(share_v.shape[1] == 2 and total_v.shape[1] == 2, "coefficients need two columns")
        _check(len(sides) >= 1 and len(same) == len(masks) == 2, "two players' arrays")
        for a in range(2):
            fill_combos(&self.g.combos[a], nsub, same[a])
            self.g.n[a] = self.g.combos[a].n
        _check(self.g.n[0] > 0 and self.g.n[1] > 0, "both players have combos")
        _check(m0.shape[0] == self.g.n[0] and m1.shape[0] == self.g.n[1], "one card mask per combo")
        for a in range(2):
            for i in range(self.g.n[a]):
                _check(-1 <= self.g.combos[a].same[i] < self.g.n[1 - a], "same rows are rows")
        for i in range(S):
            _check(ss_v[i] < ss_v[i + 1] and 0 <= sb_v[i] < len(sides), f"segment {i}")
            for c in range(ss_v[i], ss_v[i + 1]):
                _check(0 <= sn_v[c] < N and seg_v[sn_v[c]] == i and loc_v[sn_v[c]] == c - ss_v[i],
                       f"segment {i} lists its nodes")
        for i in range(N):
            _check(kind_v[i] <= SHOWDOWN and 0 <= cs_v[i] and 0 <= nc_v[i] and cs_v[i] + nc_v[i] <= ch_v.shape[0],
                   f"node {i}")
            _check((nc_v[i] > 0) == (kind_v[i] <= CHANCE), f"node {i}: only player and chance nodes have children")
            if kind_v[i] in (PLAYER, FOLD):
                _check(0 <= actor_v[i] <= 1, f"node {i}: player")
            for c in range(cs_v[i], cs_v[i] + nc_v[i]):
                child = ch_v[c]
                _check(0 <= child < N, f"node {i}: child")
                if kind_v[i] == PLAYER:
                    _check(seg_v[child] == seg_v[i] and loc_v[child] > loc_v[i], f"node {i}: child order")
                else:
                    _check(loc_v[child] == 0 and seg_v[child] != seg_v[i] and 0 <= rc_v[child] < 52,
                           f"node {i}: chance child")
            if kind_v[i] == PLAYER:
                _check(store_v[i] >= 0, f"node {i}: store")
        self._sides = <Side*>calloc(len(sides) * 2, sizeof(Side))
        if self._sides == NULL:
            raise MemoryError()
        for b in range(len(sides)):
            for a in range(2):
                _check(sides[b][a][6].shape == (self.g.n[a], nsub), "a side's slots: a row per combo")
                fill_side(&self._sides[b * 2 + a], sides[b][a])  # checks every row and slot
            _check(self._sides[b * 2].n_rows == self._sides[b * 2 + 1].n_rows, "a board's two sides share a table")
        total = 0
        for i in range(N):
            if kind_v[i] == PLAYER:
                total = max(total, int(store_v[i]) + int(nc_v[i]) * int(self.g.n[actor_v[i]]))
        self.regret = np.zeros(total, dtype=np.float32)
        self.strat = np.zeros(total, dtype=np.float32)
        cdef float[::1] reg_v = self.regret
        cdef float[::1] strat_v = self.strat
        self.n_nodes = <int>N
        self.g.n_nodes = <int>N
        self.g.kind = &kind_v[0]
        self.g.actor = &actor_v[0]
        self.g.child_start = &cs_v[0]
        self.g.n_child = &nc_v[0]
        self.g.children = &ch_v[0] if ch_v.shape[0] else NULL
        self.g.node_seg = &seg_v[0]
        self.g.node_local = &loc_v[0]
        self.g.coef_share = &share_v[0, 0]
        self.g.coef_total = &total_v[0, 0]
        self.g.store = &store_v[0]
        self.g.river_card = &rc_v[0]
        self.g.seg_start = &ss_v[0]
        self.g.seg_nodes = &sn_v[0]
        self.g.seg_board = &sb_v[0]
        self.g.sides = self._sides
        self.g.masks[0] = &m0[0] if m0.shape[0] else NULL
        self.g.masks[1] = &m1[0] if m1.shape[0] else NULL
        self.g.regret = &reg_v[0] if total else NULL
        self.g.strat = &strat_v[0] if total else NULL
        self.g.chance_factor = chance_factor
        self.g.record_node = -1

    def __dealloc__(self):
        free(self._sides)

    def iterate(self, int64_t first, int64_t count, weights0, weights1, int threads=1):
        """Run DCFR iterations ``first`` .. ``first + count - 1`` (alternating updates: player 0, then 1)."""
        cdef const double[::1] w0 = np.ascontiguousarray(weights0, dtype=np.float64)
        cdef const double[::1] w1 = np.ascontiguousarray(weights1, dtype=np.float64)
        _check(w0.shape[0] == self.g.n[0] and w1.shape[0] == self.g.n[1] and count >= 0 and first >= 0, "weights")
        cdef double* out = <double*>malloc(<size_t>(max(self.g.n[0], self.g.n[1]) + 1) * sizeof(double))
        cdef int64_t t
        cdef int p, status = 0
        cdef Step st
        cdef const double* w[2]
        if out == NULL:
            raise MemoryError()
        w[0] = &w0[0]
        w[1] = &w1[0]
        self.g.record_node = -1
        with nogil:
            for t in range(first, first + count):
                st = dcfr_step(t)
                for p in range(2):
                    status = run_segment(&self.g, 0, p, &st, w[p], w[1 - p], out, max(1, threads))
                    if status:
                        break
                if status:
                    break
        free(out)
        if status:
            raise MemoryError("no memory for a solver walk")

    def values(self, int p, int mode, weights0, weights1, int record_node=-1, int threads=1):
        """Player p's counterfactual chips at the root (and at ``record_node``, with the opponent's reach there).

        ``mode`` is :data:`BEST` (a best response to the opponent's average
        strategy) or :data:`AVERAGE` (both average strategies). Returns
        ``(root, node_values, node_opponent_reach)``, the last two None
        without ``record_node``.
        """
        cdef const double[::1] w0 = np.ascontiguousarray(weights0, dtype=np.float64)
        cdef const double[::1] w1 = np.ascontiguousarray(weights1, dtype=np.float64)
        _check(w0.shape[0] == self.g.n[0] and w1.shape[0] == self.g.n[1], "weights")
        _check(p in (0, 1) and mode in (BEST, AVERAGE) and -1 <= record_node < self.n_nodes, "player, mode, node")
        root = np.zeros(self.g.n[p], dtype=np.float64)
        rec = np.zeros(self.g.n[p], dtype=np.float64)
        rec_reach = np.zeros(self.g.n[1 - p], dtype=np.float64)
        cdef double[::1] root_v = root, rec_v = rec, reach_v = rec_reach
        cdef Step st
        cdef int status
        st.mode = mode
        st.alpha = st.beta = st.gamma = 1.0
        self.g.record_node = record_node
        self.g.record_cfv = &rec_v[0] if rec_v.shape[0] else NULL
        self.g.record_reach = &reach_v[0] if reach_v.shape[0] else NULL
        with nogil:
            status = run_segment(&self.g, 0, p, &st, &w0[0] if p == 0 else &w1[0], &w1[0] if p == 0 else &w0[0],
                                 &root_v[0], max(1, threads))
        self.g.record_node = -1
        if status:
            raise MemoryError("no memory for a solver walk")
        return root, (rec if record_node >= 0 else None), (rec_reach if record_node >= 0 else None)
