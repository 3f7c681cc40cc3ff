# cython: language_level=3, autotestdict=False
"""Equity kernels: every completion of a board, or random ones, and the hi/lo split of each counted.

For fixed hole cards the work per board is nearly constant:

* high, non-flush: per player, ``best[t]`` is the best ``HIGH_RANKS`` value
  over the player's hole pairs for board rank triple ``t`` (455 classes), so
  a board costs one lookup per board triple and player. Boards are walked as
  nested loops over the unknown cards, so the triples made of earlier cards
  are reduced once for every board that shares them; the last card adds six
  triples, and all last cards of one rank share them.
* high, flush: only when the board holds 3+ cards of a suit of which the
  player holds 2+; the player's suited hole pairs are kept as rank masks.
* low: a player's low ranks are fixed, so one ``LOW_BEST`` row per player is
  read with the board's low-rank mask.

The spot's tables and the walk's per-card step are in ``_equity_kernel.pxd``,
shared with :mod:`omaha8.odds._small_exact`, which counts a flop, turn or river
on one thread (its turn is this module's ``last_card``); the tests hold
those small runs to ``EquitySpot``'s walk, which counts every board itself.

Pot shares are counted as integers in units of 1/55440 of a pot
(55440 = 2 * lcm(1..11)), so every split of a half pot among up to 11 players
is a whole number of units and totals are exact in any order of summation.
Exact runs are cut into chunks by a fixed prefix of the unknown cards; Monte
Carlo runs into fixed-size chunks of samples, each drawn from a random stream
keyed by (seed, chunk index). Every chunk writes its own row of counts, so
results never depend on the number of threads or on scheduling.
"""

cimport cython
from cython.parallel cimport prange
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset
from omaha8._support._random cimport below, mix64
from omaha8.odds._chunks cimport CHUNK_SAMPLES, check_chunks, chunk_samples
from omaha8.pots._split cimport MAX_PLAYERS, N_STATS, POT, count_board, fill_shares

from itertools import combinations
from math import comb

import numpy as np

from omaha8.core._core cimport MAX_HOLE, N_TRIPLE_CLASSES, Tables, tables

cdef extern from "Python.h":
    int PyErr_CheckSignals() except -1

#: Pot units: per-player equity counts are in units of 1/POT_UNITS of a pot.
POT_UNITS = POT
#: Samples per Monte Carlo chunk (the last chunk of a run may be shorter).
SAMPLE_CHUNK = CHUNK_SAMPLES
#: Names of the per-player counts, in the order of a row of counts.
STATS = ("equity", "high_win", "high_tie", "low_win", "low_tie", "scoop", "squares")
#: The largest number of players.
MAX_SEATS = MAX_PLAYERS

fill_shares()


# ---------------------------------------------------------------- spot setup

# One player's tables: the best non-flush value per board rank triple (the
# maximum over the hole's rank pairs, in a local array so the compiler
# vectorises it), the rank mask of each suit in the hole and the low row.
cdef void init_player(const Tables* tb, Player* pl, const uint8_t* hole, int H) noexcept nogil:
    cdef uint16_t best[N_TRIPLE_CLASSES]
    cdef const uint16_t* row
    cdef uint32_t hole_low = 0
    cdef int i, j, t, s, first = 1
    for s in range(4):
        pl.suit_ranks[s] = 0
    for i in range(H):
        hole_low |= tb.card_lowbit[hole[i]]
        pl.suit_ranks[tb.card_suit[hole[i]]] |= (<uint32_t>1) << tb.card_rank[hole[i]]
        for j in range(i + 1, H):
            row = tb.high_ranks + tb.pair_offset[tb.card_rank[hole[i]] * 13 + tb.card_rank[hole[j]]]
            if first:
                memcpy(best, row, sizeof(best))
                first = 0
            else:
                for t in range(N_TRIPLE_CLASSES):
                    best[t] = row[t] if row[t] > best[t] else best[t]
    if first:
        memset(best, 0, sizeof(best))
    memcpy(pl.best, best, sizeof(best))
    for s in range(4):
        # two bits set: a flush in this suit is possible
        pl.two_of_suit[s] = (pl.suit_ranks[s] & (pl.suit_ranks[s] - 1)) != 0
    pl.low_row = tb.low_best + (hole_low << 8)


# Fill a spot: P holes of H cards (row after row), the fixed board cards and
# the ascending deck the rest is drawn from. The caller checks the sizes.
cdef void init_spot(Spot* sp, const uint8_t* holes, int P, int H, const uint8_t* known, int n_known,
                    const uint8_t* deck, int n_deck) noexcept nogil:
    cdef int p, s, i
    # the callers check the sizes; the clamps keep the copies inside the spot whatever they pass
    n_known = min(max(n_known, 0), 5)
    n_deck = min(max(n_deck, 0), 52)
    P = min(max(P, 0), MAX_PLAYERS)
    sp.t = tables()
    sp.n_players = P
    sp.n_known = n_known
    sp.n_deck = n_deck
    sp.live_suits = 0
    memset(sp.known, 0, sizeof(sp.known))
    memset(sp.deck, 0, sizeof(sp.deck))
    for i in range(n_known):
        sp.known[i] = known[i]
    for i in range(n_deck):
        sp.deck[i] = deck[i]
    for p in range(P):
        init_player(sp.t, &sp.players[p], holes + p * H, H)
        for s in range(4):
            if sp.players[p].two_of_suit[s]:
                sp.live_suits |= 1u << s


# ---------------------------------------------------------------- kernels

# Count the split of the board of entry 5 (all five cards placed).
cdef inline void count_full(const Spot* sp, Walk* w) noexcept nogil:
    cdef int P = sp.n_players, p, s, fs = -1
    cdef uint16_t hi[MAX_PLAYERS]
    cdef uint8_t lo[MAX_PLAYERS]
    cdef uint16_t f
    for s in range(4):
        if w.count[5][s] >= 3 and (sp.live_suits >> s) & 1:
            fs = s
    for p in range(P):
        hi[p] = w.high[5][p]
        if fs >= 0:
            f = flush_value(sp, &sp.players[p], fs, w.suited[5][fs])
            if f > hi[p]:
                hi[p] = f
        lo[p] = sp.players[p].low_row[w.low[5]]
    count_board(P, hi, lo, 1, w.acc)


# Every fifth card deck[start:] on top of the four cards of entry 4. Cards of
# one rank share the non-flush and low values; those that cannot change any
# player's flush also share the whole outcome and are counted together.
cdef void last_card(const Spot* sp, Walk* w, int start) noexcept nogil:
    cdef int P = sp.n_players, n = sp.n_deck, p, q, i, j, s, fs = -1
    cdef uint16_t nf[MAX_PLAYERS]
    cdef uint16_t hi[MAX_PLAYERS]
    cdef uint16_t flush4[MAX_PLAYERS]
    cdef uint8_t lo[MAX_PLAYERS]
    cdef int base[6]
    cdef uint16_t t[6]
    cdef uint32_t special = 0, low_mask, board_mask
    cdef uint8_t r, card
    cdef uint16_t h, v
    cdef int64_t plain
    cdef const uint16_t* best
    cdef const uint8_t* CARD_RANK = sp.t.card_rank
    cdef const uint8_t* CARD_SUIT = sp.t.card_suit
    cdef const uint8_t* CARD_LOWBIT = sp.t.card_lowbit
    cdef const uint16_t* TRIPLE_INDEX = sp.t.triple_index
    q = 0
    for i in range(3):
        for j in range(i + 1, 4):
            base[q] = w.rank[i] * 169 + w.rank[j] * 13
            q += 1
    for s in range(4):
        if w.count[4][s] >= 3:
            fs = s
        if w.count[4][s] >= 2 and (sp.live_suits >> s) & 1:
            special |= 1u << s
    for p in range(P):
        flush4[p] = 0
        if fs >= 0 and (sp.live_suits >> fs) & 1:
            flush4[p] = flush_value(sp, &sp.players[p], fs, w.suited[4][fs])
    i = start
    while i < n:
        r = CARD_RANK[sp.deck[i]]
        for q in range(6):
            t[q] = TRIPLE_INDEX[base[q] + r]
        low_mask = w.low[4] | CARD_LOWBIT[sp.deck[i]]
        for p in range(P):
            best = &sp.players[p].best[0]
            h = w.high[4][p]
            for q in range(6):
                v = best[t[q]]
                if v > h:
                    h = v
            nf[p] = h
            lo[p] = sp.players[p].low_row[low_mask]
        plain = 0
        while i < n and CARD_RANK[sp.deck[i]] == r:
            card = sp.deck[i]
            s = CARD_SUIT[card]
            if (special >> s) & 1:
                # this card makes (or extends) a flush board in a suit someone holds twice
                board_mask = w.suited[4][s] | ((<uint32_t>1) << r)
                for p in range(P):
                    v = flush_value(sp, &sp.players[p], s, board_mask)
                    hi[p] = v if v > nf[p] else nf[p]
                count_board(P, hi, lo, 1, w.acc)
            else:
                plain += 1
            i += 1
        if plain:
            for p in range(P):
                hi[p] = flush4[p] if flush4[p] > nf[p] else nf[p]
            count_board(P, hi, lo, plain, w.acc)


# Every way to fill board cards L..4 from deck[start:], in ascending order.
cdef void descend(const Spot* sp, Walk* w, int L, int start) noexcept nogil:
    cdef int i
    if L == 4:
        last_card(sp, w, start)
        return
    for i in range(start, sp.n_deck - (4 - L)):
        add_card(sp, w, L, sp.deck[i])
        descend(sp, w, L + 1, i + 1)


# One exact chunk: the known cards, then deck[prefix[0]], ..., then every rest.
cdef void exact_chunk(const Spot* sp, const int32_t* prefix, int d, int64_t* out, int width) noexcept nogil:
    cdef Walk w
    cdef int i, L = 0, start = 0
    memset(&w, 0, sizeof(Walk))
    for i in range(sp.n_known):
        add_card(sp, &w, L, sp.known[i])
        L += 1
    for i in range(d):
        add_card(sp, &w, L, sp.deck[prefix[i]])
        L += 1
        start = prefix[i] + 1
    descend(sp, &w, L, start)
    memcpy(out, w.acc, width * sizeof(int64_t))


# One Monte Carlo chunk: ``count`` boards completed at random from the deck,
# drawn from the stream of (seed, chunk) alone.
cdef void sample_chunk(const Spot* sp, uint64_t seed, int64_t chunk, int64_t count,
                       int64_t* out, int width) noexcept nogil:
    cdef Walk w
    cdef int i, L, k = 5 - sp.n_known
    cdef int64_t j
    cdef uint64_t state = mix64(seed ^ mix64(<uint64_t>chunk * 0xD1B54A32D192ED03ULL + 1))
    cdef uint64_t used, bit
    cdef uint32_t pick
    memset(&w, 0, sizeof(Walk))
    for i in range(sp.n_known):
        add_card(sp, &w, i, sp.known[i])
    for j in range(count):
        used = 0
        L = sp.n_known
        for i in range(k):
            while True:
                pick = below(&state, <uint32_t>sp.n_deck)
                bit = (<uint64_t>1) << pick
                if not used & bit:
                    break
            used |= bit
            add_card(sp, &w, L, sp.deck[pick])
            L += 1
        count_full(sp, &w)
    memcpy(out, w.acc, width * sizeof(int64_t))


# ---------------------------------------------------------------- Python surface

@cython.auto_pickle(False)
cdef class EquitySpot:
    """The precomputed per-player tables of one spot, and its two kernels.

    ``holes`` (P, H) card ids, ``known`` the fixed board cards (at most 4)
    and ``deck`` the ascending cards the rest of the board is drawn from.
    Card ids must be valid and distinct (the caller checks); the kernels
    read only inside their tables whatever the bytes.
    """

    cdef Spot* sp
    cdef readonly int n_players
    cdef readonly int width
    cdef readonly int unknown

    def __cinit__(self, const uint8_t[:, ::1] holes, const uint8_t[::1] known, const uint8_t[::1] deck):
        cdef int P = holes.shape[0], H = holes.shape[1], i
        cdef int n_known = known.shape[0], n_deck = deck.shape[0]
        if not 2 <= P <= MAX_PLAYERS or not 2 <= H <= MAX_HOLE:
            raise ValueError(f"holes must be (2..{MAX_PLAYERS}, 2..{MAX_HOLE}), got ({P}, {H})")
        if n_known > 4 or n_deck > 52 or n_known + n_deck < 5:
            raise ValueError(f"bad board: {n_known} known cards and a deck of {n_deck}")
        for i in range(1, n_deck):
            if deck[i] <= deck[i - 1]:
                raise ValueError("deck must be strictly ascending")
        self.sp = <Spot*>PyMem_Malloc(sizeof(Spot))
        if self.sp == NULL:
            raise MemoryError()
        init_spot(self.sp, &holes[0, 0], P, H, &known[0] if n_known else NULL, n_known,
                  &deck[0] if n_deck else NULL, n_deck)
        self.n_players = P
        self.width = P * N_STATS + 2
        self.unknown = 5 - n_known

    def __dealloc__(self):
        PyMem_Free(self.sp)

    def exact_chunks(self):
        """The chunks of the exact enumeration and their sizes.

        Returns ``(prefixes, sizes)``: ``prefixes`` (C, d) int32 deck indices
        of the first ``d = max(0, unknown - 3)`` unknown cards of each chunk,
        ascending; ``sizes`` (C,) int64 boards in each chunk.
        """
        cdef int n = self.sp.n_deck, k = self.unknown, d = max(0, k - 3), rest = k - d
        if d == 0:
            return np.zeros((1, 0), dtype=np.int32), np.array([comb(n, k)], dtype=np.int64)
        if d == 2:
            # the usual preflop case, without a Python loop: i0 < i1 < n - rest
            first, second = np.triu_indices(n - rest, 1)
            prefixes = np.ascontiguousarray(np.stack([first, second], axis=1), dtype=np.int32)
        else:
            prefixes = np.array([c for c in combinations(range(n - rest), d)], dtype=np.int32).reshape(-1, d)
        left = (n - 1 - prefixes[:, d - 1]).astype(np.int64)
        sizes = np.ones(len(left), dtype=np.int64)
        for i in range(rest):
            sizes = sizes * (left - i) // (i + 1)
        return prefixes, sizes

    def exact(self, const int32_t[:, ::1] prefixes, int64_t[:, ::1] out, int n_threads):
        """Fill ``out[c]`` (C, width) with the counts of chunk ``prefixes[c]``; returns -1 (no chunk fails)."""
        cdef Py_ssize_t n = prefixes.shape[0], c, i
        cdef int threads = max(1, n_threads)
        cdef int d = prefixes.shape[1], width = self.width, k = self.unknown, low
        cdef int32_t no_prefix = 0
        cdef const int32_t* pre = &no_prefix
        if d != max(0, k - 3):
            raise ValueError(f"prefixes must have {max(0, k - 3)} columns, got {d}")
        if out.shape[0] != n or out.shape[1] != width:
            raise ValueError(f"out must be ({n}, {width}), got ({out.shape[0]}, {out.shape[1]})")
        for c in range(n):
            low = 0
            for i in range(d):
                if prefixes[c, i] < low or prefixes[c, i] + (k - i) > self.sp.n_deck:
                    raise ValueError(f"prefixes[{c}] is not a chunk of this deck")
                low = prefixes[c, i] + 1
        if n == 0:
            return -1
        if d:
            pre = &prefixes[0, 0]
        # chunks differ in size: dynamic scheduling balances them, and the
        # counts do not depend on which thread runs which chunk
        for c in prange(n, nogil=True, schedule="dynamic", num_threads=threads):
            exact_chunk(self.sp, pre + c * d, d, &out[c, 0], width)
        PyErr_CheckSignals()
        return -1

    def sample(self, uint64_t seed, int64_t first_chunk, int64_t total, int64_t[:, ::1] out, int n_threads):
        """Fill ``out[i]`` with the counts of Monte Carlo chunk ``first_chunk + i``; returns -1 (no chunk fails).

        Chunk ``c`` holds samples ``c * SAMPLE_CHUNK`` up to ``total`` or the
        next chunk; its boards depend only on ``seed`` and ``c``.
        """
        cdef Py_ssize_t n = out.shape[0], i
        cdef int width = self.width
        cdef int threads = max(1, n_threads)
        cdef int64_t c, count
        check_chunks(n, out.shape[1], width, first_chunk, total)
        for i in prange(n, nogil=True, schedule="static", num_threads=threads):
            c = first_chunk + i
            count = chunk_samples(c, total)
            sample_chunk(self.sp, seed, c, count, &out[i, 0], width)
        PyErr_CheckSignals()
        return -1
