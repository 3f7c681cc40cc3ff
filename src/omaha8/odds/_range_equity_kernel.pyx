# cython: language_level=3, autotestdict=False
"""Equity kernels for seats that hold ranges: weighted combos of hole cards.

A spot is P seats, each a list of combos (a fixed hand is one combo) with
positive weights, the known board cards and the deck the rest of the board
is drawn from. A deal is one combo per seat, no card twice, and a board
completion; its probability is proportional to the product of the seats'
weights (the weights of non-conflicting assignments, renormalised jointly),
and every completion of the board is equally likely.

* exact: boards are the outer loop (cut into chunks by their first unknown
  card), so each combo is evaluated once per board; the assignments of
  combos to seats are then walked depth-first, skipping combos that share a
  card with the board or with an earlier seat, and each is counted with the
  product of its weights.
* Monte Carlo: each sample draws one combo per seat by its weight, starts
  over when two seats share a card (rejection sampling of the product
  distribution gives exactly the joint one), then draws the board. Each
  seat keeps its next two candidates drawn ahead, their memory prefetched.
  A seat whose combos are every hand of the deck, equally weighted (``*``),
  is dealt cards from what the others left instead: every deal of the others
  leaves the same number of cards, so this is the same joint distribution.

A combo is evaluated on a five-card board by :mod:`omaha8.core._core`'s
``prepared_values_of_parts``: the parts of its values that do not depend on the
board (rank-pair classes, low bits, suit counters) are kept in its record, the
board is prepared once for every combo (its class found from the unknown cards'
ranks alone when 2 or fewer are unknown), and a Monte Carlo deal's seats are
valued from their cards with ``prepared_values``, as in every other kernel. Pot shares are in units of 1/55440 of a
pot, as in :mod:`omaha8.odds._equity_kernel`, and rows of counts have its layout: per
seat the ``STATS`` columns, then no-low boards, boards (weighted), and
deals evaluated (unweighted). Every chunk writes its own row and draws from
a stream keyed by (seed, chunk) alone, so results never depend on threads.
"""

cimport cython
from cython.parallel cimport prange
from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset
from omaha8._support._failure cimport first_failed
from omaha8._support._random cimport below, mix64, next64
from omaha8.odds._chunks cimport CHUNK_SAMPLES, check_chunks, chunk_samples
from omaha8.pots._split cimport MAX_PLAYERS, N_STATS, count_board, fill_shares

import numpy as np

from omaha8.core._core cimport (
    MAX_HOLE,
    N_PAIR_CLASSES,
    PreparedBoard,
    Tables,
    board_class_of_cards,
    board_flush_bits,
    flush_suit_of_bits,
    prefetch,
    prepare_board,
    prepared_values,
    prepared_values_of_parts,
    tables,
)

cdef extern from "Python.h":
    int PyErr_CheckSignals() except -1

cdef enum:
    MAX_TRIES = 1 << 20    # rejected deals in a row before a sample gives up

#: Samples per Monte Carlo chunk (the last chunk of a run may be shorter).
SAMPLE_CHUNK = CHUNK_SAMPLES
#: Rejected deals in a row after which a Monte Carlo chunk stops (sample() returns it).
REJECTION_LIMIT = MAX_TRIES
#: The largest number of seats.
MAX_SEATS = MAX_PLAYERS

# the evaluator's tables (omaha8.core._core), read through its prepared-board surface
cdef const Tables* TABLES = tables()
fill_shares()


# What the kernels read of one combo, in one 32-byte record: the parts of its values
# that do not depend on the board (omaha8.core._core's prepared_values_of_parts).
cdef struct Combo:
    uint64_t mask                      # bit c: the combo holds card c
    uint16_t counters                  # suit counters of the combo (core's suit_counters)
    uint8_t pairs[10]                  # PAIR_CLASS of each hole rank pair
    uint8_t low                        # low-rank bits of the combo
    uint8_t cards[MAX_HOLE]
    uint8_t unused[6]


cdef struct Data:
    int P                              # seats
    int k                              # hole cards per combo
    int n_pairs                        # hole pairs per combo
    int n_known                        # known board cards, 0..5
    int unknown                        # board cards to deal: 5 - n_known
    int n_deck
    uint8_t known[5]
    uint8_t deck[52]                   # cards the board is completed from
    uint32_t known_low                 # low-rank bits of the known cards
    uint32_t known_counters            # suit counters of the known cards
    uint64_t known_mask
    int32_t board_class[169]           # with 2 or fewer unknown cards: board class by their ranks
    int64_t offset[MAX_PLAYERS + 1]    # seat s holds combos offset[s] .. offset[s + 1] - 1
    int64_t n_combos
    bint uniform[MAX_PLAYERS]          # all of a seat's weights equal: draw without a search
    bint any_hand[MAX_PLAYERS]         # the seat holds every hand of the deck's cards, equally weighted
    double total[MAX_PLAYERS]          # sum of a seat's weights
    const Combo* combo                 # (N,): for exact runs, which read combos in order
    const uint8_t* cards               # (N, k): for Monte Carlo, which reads them at random
    const uint64_t* masks              # (N,): bit c: the combo holds card c
    const double* weight               # (N,)
    const double* cumulative           # (N,) running sum of weights within the seat
    const int32_t* guide               # (N,) per seat: where the search for the g-th of n slices starts


# One board, ready for evaluating combos on it.
cdef struct Board:
    uint8_t cards[5]
    PreparedBoard parts                # what the board brings to every combo's values
    uint64_t mask


# Prepare b.cards as omaha8.core._core's prepare_board does, from the known cards' parts
# computed once and, with 2 or fewer unknown cards, the board class by their ranks.
cdef inline void board_ready(const Data* d, Board* b) noexcept nogil:
    cdef int i, r = 0
    cdef uint32_t counters = d.known_counters, low = d.known_low, info, bits
    b.mask = d.known_mask
    for i in range(d.n_known, 5):
        info = TABLES.card_info[b.cards[i]]
        counters += info & 0xFFFF
        low |= (info >> 16) & 0xFF
        b.mask |= (<uint64_t>1) << (b.cards[i] & 63)
        r = r * 13 + (info >> 24)
    bits = board_flush_bits(counters & 0xFFFF)
    b.parts.cards = b.cards
    b.parts.low_mask = low
    b.parts.flush_bits = bits
    b.parts.flush_suit = flush_suit_of_bits(bits)
    if d.unknown <= 2:
        # the known ranks are fixed: the board class is a function of the unknown ones
        b.parts.high_row = TABLES.high_board + d.board_class[r] * N_PAIR_CLASSES
    else:
        b.parts.high_row = TABLES.high_board + board_class_of_cards(b.cards) * N_PAIR_CLASSES




# Count the split of one deal among P seats with these values (omaha8.pots._split's
# count_board, in weights), and the deal in the last column, unweighted.
cdef inline void count_deal(int P, const uint16_t* hi, const uint8_t* lo, double weight,
                            double* acc) noexcept nogil:
    count_board(P, hi, lo, weight, acc)
    acc[P * N_STATS + 2] += 1


# ---------------------------------------------------------------- exact

# Every assignment of combos to seats s.. that avoids ``used``, on the board
# whose combo values are HI/LO (HI 0: the combo shares a card with the board).
cdef void assign(const Data* d, int s, uint64_t used, double w, const uint16_t* HI, const uint8_t* LO,
                 uint16_t* hi, uint8_t* lo, double* acc) noexcept nogil:
    cdef int64_t i
    if s == d.P:
        count_deal(d.P, hi, lo, w, acc)
        return
    for i in range(d.offset[s], d.offset[s + 1]):
        if HI[i] == 0 or d.combo[i].mask & used:
            continue
        hi[s] = HI[i]
        lo[s] = LO[i]
        assign(d, s + 1, used | d.combo[i].mask, w * d.weight[i], HI, LO, hi, lo, acc)


cdef void exact_board(const Data* d, Board* b, uint16_t* HI, uint8_t* LO, double* acc) noexcept nogil:
    cdef int64_t i, n = d.n_combos
    cdef int n_pairs = d.n_pairs, k = d.k
    cdef uint16_t hi[MAX_PLAYERS]
    cdef uint8_t lo[MAX_PLAYERS]
    cdef const Combo* c = d.combo
    # local copies that nothing else points to: the byte stores to LO cannot alias them, so
    # the loop keeps them in registers instead of reading them again for every combo
    cdef Tables t = TABLES[0]
    cdef PreparedBoard parts
    cdef uint64_t mask
    board_ready(d, b)
    parts = b.parts
    mask = b.mask
    for i in range(n):
        if c[i].mask & mask:
            HI[i] = 0
        else:
            HI[i] = prepared_values_of_parts(&t, &parts, c[i].pairs, n_pairs, c[i].low, c[i].counters,
                                             c[i].cards, k, &LO[i])
    assign(d, 0, 0, 1.0, HI, LO, hi, lo, acc)


# Board cards L.. from deck[start:], every way, then each board counted.
cdef void exact_descend(const Data* d, Board* b, int L, int start, uint16_t* HI, uint8_t* LO,
                        double* acc) noexcept nogil:
    cdef int i
    if L == 5:
        exact_board(d, b, HI, LO, acc)
        return
    for i in range(start, d.n_deck - (4 - L)):
        b.cards[L] = d.deck[i]
        exact_descend(d, b, L + 1, i + 1, HI, LO, acc)


# Chunk c: the boards whose first unknown card is deck[c] (the one board when none is unknown).
cdef int exact_chunk(const Data* d, int c, double* out) noexcept nogil:
    cdef Board b
    cdef int i
    cdef uint16_t* HI = <uint16_t*>malloc((d.n_combos + 1) * sizeof(uint16_t))
    cdef uint8_t* LO = <uint8_t*>malloc((d.n_combos + 1) * sizeof(uint8_t))
    if HI == NULL or LO == NULL:
        free(HI)
        free(LO)
        return 2
    for i in range(d.n_known):
        b.cards[i] = d.known[i]
    if d.unknown == 0:
        exact_board(d, &b, HI, LO, out)
    else:
        b.cards[d.n_known] = d.deck[c]
        exact_descend(d, &b, d.n_known + 1, c + 1, HI, LO, out)
    free(HI)
    free(LO)
    return 0


# ---------------------------------------------------------------- Monte Carlo

# A random stream that hands out 32 bits at a time: most draws need no more.
cdef struct Stream:
    uint64_t state
    uint64_t spare
    bint have


# Uniform integer in [0, n), n >= 1, unbiased: Lemire's method on 32 bits of the stream; the
# rare rejected value falls back to a fresh unbiased draw, so the result stays uniform.
cdef inline uint32_t below32(Stream* r, uint32_t n) noexcept nogil:
    cdef uint32_t x, low
    cdef uint64_t m
    if r.have:
        x = <uint32_t>r.spare
        r.have = False
    else:
        r.spare = next64(&r.state)
        x = <uint32_t>(r.spare >> 32)
        r.have = True
    m = <uint64_t>x * n
    low = <uint32_t>m
    if low < n and low < (0u - n) % n:
        return below(&r.state, n)
    return <uint32_t>(m >> 32)


# One combo of seat s, drawn with probability weight / total.
cdef inline int64_t draw(const Data* d, int s, Stream* r) noexcept nogil:
    cdef int64_t first = d.offset[s], n = d.offset[s + 1] - first, i, g
    cdef double x, u
    if n == 1:
        return first
    if d.uniform[s]:
        return first + below32(r, <uint32_t>n)
    x = (next64(&r.state) >> 11) * (1.0 / 9007199254740992.0)   # uniform in [0, 1), 53 bits
    u = x * d.total[s]
    g = <int64_t>(x * n)
    if g >= n:
        g = n - 1
    # the guide starts at or before the first combo whose running sum exceeds u
    i = d.guide[first + g]
    while i < n - 1 and d.cumulative[first + i] <= u:
        i += 1
    return first + i


# A card of the deck not in ``used``, each equally likely; it is added to ``used``.
cdef inline uint8_t deal_card(const Data* d, Stream* r, uint64_t* used) noexcept nogil:
    cdef uint8_t card
    cdef uint64_t bit
    while True:
        card = d.deck[below32(r, <uint32_t>d.n_deck)]
        bit = (<uint64_t>1) << card
        if not used[0] & bit:
            break
    used[0] |= bit
    return card


cdef int sample_chunk(const Data* d, uint64_t seed, int64_t chunk, int64_t count, double* out) noexcept nogil:
    cdef Stream r, seats
    cdef int64_t j, i, tries
    cdef int64_t ahead[MAX_PLAYERS][2]
    cdef int turn = 0
    cdef const uint8_t* hole[MAX_PLAYERS]
    cdef uint8_t dealt[MAX_PLAYERS][MAX_HOLE]
    cdef uint16_t hi[MAX_PLAYERS]
    cdef uint8_t lo[MAX_PLAYERS]
    cdef uint64_t used, mask
    cdef int s, L, a
    cdef bint clash
    cdef Board b
    cdef PreparedBoard parts
    cdef const uint8_t* c
    r.state = mix64(seed ^ mix64(<uint64_t>chunk * 0xD1B54A32D192ED03ULL + 1))
    r.have = False
    r.spare = 0
    # combos come from a stream of their own, two draws ahead of use per seat, so the memory
    # of the next candidate is fetched while this one is tested (the draws stay independent)
    seats.state = mix64(r.state ^ 0x5EA75EA75EA75EA7ULL)
    seats.have = False
    seats.spare = 0
    for s in range(d.P):
        if not d.any_hand[s]:
            for a in range(2):
                ahead[s][a] = draw(d, s, &seats)
                prefetch(&d.masks[ahead[s][a]])
    for i in range(d.n_known):
        b.cards[i] = d.known[i]
    for j in range(count):
        tries = 0
        while True:
            used = 0
            clash = False
            for s in range(d.P):
                if d.any_hand[s]:
                    continue
                i = ahead[s][turn]
                ahead[s][turn] = draw(d, s, &seats)
                prefetch(&d.masks[ahead[s][turn]])
                prefetch(d.cards + ahead[s][turn] * d.k)
                mask = d.masks[i]
                if mask & used:
                    clash = True
                    break
                used |= mask
                hole[s] = d.cards + i * d.k
            turn ^= 1
            if not clash:
                break
            tries += 1
            if tries >= MAX_TRIES:
                return 1
        # seats that may hold any hand get cards dealt from what is left: every deal of the
        # others leaves the same number of cards, so this keeps the joint distribution
        for s in range(d.P):
            if d.any_hand[s]:
                for a in range(d.k):
                    dealt[s][a] = deal_card(d, &r, &used)
                hole[s] = dealt[s]
        for L in range(d.n_known, 5):
            b.cards[L] = deal_card(d, &r, &used)
        prepare_board(TABLES, b.cards, &parts)
        for s in range(d.P):
            hi[s] = prepared_values(TABLES, &parts, hole[s], d.k, &lo[s])
        count_deal(d.P, hi, lo, 1.0, out)
    return 0


# ---------------------------------------------------------------- Python surface

@cython.auto_pickle(False)
cdef class RangeSpot:
    """The combos of every seat of one spot, and its two kernels.

    ``combos`` (N, k) card ids of every seat's combos, seat after seat;
    ``offsets`` (P + 1,) int64, seat s holding rows offsets[s]..offsets[s+1]-1;
    ``weights`` (N,) positive; ``known`` 0..5 board cards; ``deck`` the
    ascending cards the board is completed from, none of them known, dead or
    in a seat that is a single combo; ``any_hand`` (P,) flags the seats whose
    combos are every hand of the deck's cards, equally weighted (Monte Carlo
    deals them cards from the deck instead of drawing combos). The caller checks the cards and
    weights; the kernels read only inside their tables whatever the bytes.
    """

    cdef Data d
    cdef readonly int n_players
    cdef readonly int width
    cdef readonly int unknown
    cdef readonly int n_deck
    cdef object _keep
    cdef object _records

    def __cinit__(self, const uint8_t[:, ::1] combos, const int64_t[::1] offsets, const double[::1] weights,
                  const uint8_t[::1] known, const uint8_t[::1] deck, const uint8_t[::1] any_hand):
        cdef int64_t N = combos.shape[0], i, first, n
        cdef int k = combos.shape[1], P = offsets.shape[0] - 1, s, a, j, need
        cdef uint64_t deck_mask = 0
        cdef int n_pairs
        cdef uint8_t ranks[5]
        cdef const double[::1] wv
        cdef const uint8_t[:, ::1] cv
        cdef const uint64_t[::1] mv
        cdef const double[::1] cuv
        cdef const int32_t[::1] gv
        if not 1 <= P <= MAX_PLAYERS or not 2 <= k <= MAX_HOLE:
            raise ValueError(f"need 1..{MAX_PLAYERS} seats of 2..{MAX_HOLE} cards, got {P} of {k}")
        if any_hand.shape[0] != P:
            raise ValueError(f"any_hand must have {P} entries")
        if weights.shape[0] != N or offsets[0] != 0 or offsets[P] != N:
            raise ValueError("offsets and weights must cover the combos")
        for s in range(P):
            if offsets[s + 1] <= offsets[s]:
                raise ValueError(f"seat {s} has no combo")
        if known.shape[0] > 5 or deck.shape[0] > 52 or known.shape[0] + deck.shape[0] < 5:
            raise ValueError(f"bad board: {known.shape[0]} known cards and a deck of {deck.shape[0]}")
        for i in range(N):
            if not weights[i] > 0:
                raise ValueError(f"weights[{i}] must be positive")
            for j in range(k):
                if combos[i, j] >= 52:
                    raise ValueError(f"combos[{i}, {j}] is not a card id")
        for i in range(known.shape[0]):
            if known[i] >= 52:
                raise ValueError("known cards must be card ids")
        for i in range(deck.shape[0]):
            if deck[i] >= 52 or (i and deck[i] <= deck[i - 1]):
                raise ValueError("deck must be ascending card ids")
        # the cards a deal takes from the deck must be there, or the dealing loops could not end
        for i in range(deck.shape[0]):
            deck_mask |= (<uint64_t>1) << deck[i]
        need = 5 - known.shape[0]
        for s in range(P):
            if any_hand[s] or offsets[s + 1] - offsets[s] > 1:
                need += k
            else:
                for j in range(k):
                    need += (deck_mask >> combos[offsets[s], j]) & 1
        if need > deck.shape[0]:
            raise ValueError(f"a deal takes {need} cards from a deck of {deck.shape[0]}")
        memset(&self.d, 0, sizeof(Data))
        n_pairs = k * (k - 1) // 2
        weight_array = np.ascontiguousarray(weights, dtype=np.float64)
        cumulative_array = np.zeros(N, dtype=np.float64)
        guide_array = np.zeros(N, dtype=np.int32)
        for s in range(P):
            first, n = offsets[s], offsets[s + 1] - offsets[s]
            w = weight_array[first:first + n]
            self.d.uniform[s] = bool(np.all(w == w[0]))
            if self.d.uniform[s]:
                total = float(w[0]) * n
            else:
                running = np.cumsum(w)
                cumulative_array[first:first + n] = running
                total = float(running[n - 1])
                # slice g of n starts at the running sum g * total / n; one back for rounding
                starts = np.searchsorted(running, np.arange(n) * (total / n), side="right") - 1
                guide_array[first:first + n] = np.clip(starts, 0, n - 1)
            self.d.total[s] = total
            self.d.offset[s] = first
            self.d.any_hand[s] = any_hand[s] != 0
        self.d.offset[P] = N
        self.d.P = P
        self.d.k = k
        self.d.n_pairs = n_pairs
        self.d.n_combos = N
        self.d.n_known = known.shape[0]
        self.d.unknown = 5 - known.shape[0]
        self.d.n_deck = deck.shape[0]
        for i in range(known.shape[0]):
            self.d.known[i] = known[i]
            self.d.known_low |= TABLES.card_lowbit[known[i]]
            self.d.known_counters += TABLES.card_info[known[i]] & 0xFFFF
            self.d.known_mask |= (<uint64_t>1) << known[i]
        if self.d.unknown <= 2:
            for i in range(known.shape[0]):
                ranks[i] = known[i]
            for a in range(169 if self.d.unknown == 2 else (13 if self.d.unknown == 1 else 1)):
                # cards of ranks a // 13 and a % 13 (or a): only their ranks matter here
                if self.d.unknown == 2:
                    ranks[3] = (a // 13) * 4
                    ranks[4] = (a % 13) * 4
                elif self.d.unknown == 1:
                    ranks[4] = a * 4
                self.d.board_class[a] = board_class_of_cards(ranks)
        for i in range(deck.shape[0]):
            self.d.deck[i] = deck[i]
        combo_array = np.ascontiguousarray(combos, dtype=np.uint8)
        mask_array = np.zeros(N, dtype=np.uint64)
        for a in range(k):
            mask_array |= np.left_shift(np.uint64(1), combo_array[:, a].astype(np.uint64))
        self._keep = (combo_array, mask_array, weight_array, cumulative_array, guide_array)
        mv = mask_array
        self.d.masks = &mv[0]
        self._records = None
        cv = combo_array
        self.d.cards = &cv[0, 0]
        wv = weight_array
        cuv = cumulative_array
        gv = guide_array
        self.d.weight = &wv[0]
        self.d.cumulative = &cuv[0]
        self.d.guide = &gv[0]
        self.n_players = P
        self.width = P * N_STATS + 3
        self.unknown = 5 - known.shape[0]
        self.n_deck = deck.shape[0]

    cdef void _build_records(self):
        """The 32-byte record of every combo, which exact runs read (once, on their first call)."""
        cdef int64_t N = self.d.n_combos, i
        cdef int k = self.d.k, a, b, q
        cdef const uint8_t* c
        cdef Combo* rec
        cdef uint8_t[::1] record_bytes
        record_array = np.zeros((N + 1) * sizeof(Combo), dtype=np.uint8)
        record_bytes = record_array
        with nogil:
            for i in range(N):
                rec = (<Combo*>&record_bytes[0]) + i
                c = self.d.cards + i * k
                q = 0
                for a in range(k):
                    rec.cards[a] = c[a]
                    rec.low |= TABLES.card_lowbit[c[a]]
                    rec.mask |= (<uint64_t>1) << c[a]
                    rec.counters += TABLES.card_info[c[a]] & 0xFFFF
                    for b in range(a + 1, k):
                        rec.pairs[q] = TABLES.pair_class[TABLES.card_rank[c[a]] * 13 + TABLES.card_rank[c[b]]]
                        q += 1
        self._records = record_array
        self.d.combo = <const Combo*>&record_bytes[0]

    def n_exact_chunks(self):
        """Chunks of the exact enumeration: one per possible first unknown card (1 if none)."""
        if self.unknown == 0:
            return 1
        return self.n_deck - self.unknown + 1

    def exact(self, int first_chunk, double[:, ::1] out, int n_threads):
        """Fill ``out[i]`` (width columns) with the weighted counts of exact chunk ``first_chunk + i``;
        returns -1 (a chunk fails only for want of memory: MemoryError)."""
        cdef int threads = max(1, n_threads)
        cdef Py_ssize_t n = out.shape[0], i
        cdef int status = 0, failed = 0
        if out.shape[1] != self.width:
            raise ValueError(f"out must have {self.width} columns, got {out.shape[1]}")
        if first_chunk < 0 or first_chunk + n > self.n_exact_chunks():
            raise ValueError("chunks past the end of the enumeration")
        if self._records is None:
            self._build_records()
        for i in prange(n, nogil=True, schedule="dynamic", num_threads=threads):
            status = exact_chunk(&self.d, first_chunk + <int>i, &out[i, 0])
            if status:
                failed += 1
        PyErr_CheckSignals()
        if failed:
            raise MemoryError("no memory for the values of the combos")
        return -1

    def sample(self, uint64_t seed, int64_t first_chunk, int64_t total, double[:, ::1] out, int n_threads):
        """Fill ``out[i]`` with the counts of Monte Carlo chunk ``first_chunk + i``; returns -1, or the first
        ``i`` whose chunk met :data:`REJECTION_LIMIT` clashing deals in a row (its row is then partial).

        Chunk ``c`` holds samples ``c * SAMPLE_CHUNK`` up to ``total`` or the
        next chunk; its deals depend only on ``seed`` and ``c``.
        """
        cdef int threads = max(1, n_threads)
        cdef Py_ssize_t n = out.shape[0], i
        cdef int64_t c, count
        cdef uint8_t[::1] clashed = np.zeros(n, dtype=np.uint8)
        check_chunks(n, out.shape[1], self.width, first_chunk, total)
        for i in prange(n, nogil=True, schedule="static", num_threads=threads):
            c = first_chunk + i
            count = chunk_samples(c, total)
            clashed[i] = sample_chunk(&self.d, seed, c, count, &out[i, 0]) != 0
        PyErr_CheckSignals()
        return first_failed(&clashed[0], n) if n else -1
