# The cimport surface of omaha8.odds._equity_kernel: a spot's per-player tables and the
# walk that builds a board card by card, shared by the walk and sampling
# kernels of omaha8.odds._equity_kernel and the small exact runs of omaha8.odds._small_exact.
# What runs once a board or more is inline here, so each module compiles its
# own copy; what runs once a run is defined in _equity_kernel.pyx.

from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t
from libc.string cimport memcpy
from omaha8.core._core cimport N_TRIPLE_CLASSES, Tables, best_flush
from omaha8.pots._split cimport MAX_PLAYERS, N_STATS

cdef enum:
    MAX_WIDTH = MAX_PLAYERS * N_STATS + 2


cdef struct Player:
    uint16_t best[N_TRIPLE_CLASSES]   # best non-flush value per board rank triple
    const uint8_t* low_row            # LOW_BEST row of the hole's low ranks
    uint32_t suit_ranks[4]            # rank mask of the hole's cards of each suit
    bint two_of_suit[4]               # the hole holds two or more cards of the suit


cdef struct Spot:
    const Tables* t                   # the evaluator's tables (omaha8.core._core's tables())
    int n_players
    int n_known                       # board cards fixed for every board, 0..4
    int n_deck                        # cards the rest of the board is drawn from
    uint8_t known[5]
    uint8_t deck[52]                  # ascending, so cards of one rank are adjacent
    uint32_t live_suits               # bit s: some player holds 2+ cards of suit s
    Player players[MAX_PLAYERS]


# The state of a board being built card by card: entry L describes the first
# L board cards, so a loop level never has to undo what a deeper one did.
cdef struct Walk:
    uint8_t rank[5]
    uint16_t high[6][MAX_PLAYERS]     # best non-flush value over triples of the first L cards
    uint32_t low[6]                   # low-rank mask of the first L cards
    uint8_t count[6][4]               # cards of each suit among the first L
    uint32_t suited[6][4]             # rank mask of each suit among the first L
    int64_t acc[MAX_WIDTH]


# Fill a spot: P holes of H cards (row after row), the fixed board cards and
# the ascending deck the rest is drawn from. The caller checks the sizes.
cdef void init_spot(Spot* sp, const uint8_t* holes, int P, int H, const uint8_t* known, int n_known,
                    const uint8_t* deck, int n_deck) noexcept nogil

# Every fifth card deck[start:] on top of the four cards of entry 4.
cdef void last_card(const Spot* sp, Walk* w, int start) noexcept nogil


# Place ``card`` as board card number L (0..4) on top of entry L.
cdef inline void add_card(const Spot* sp, Walk* w, int L, uint8_t card) noexcept nogil:
    cdef int p, q, i, j, n_new = 0, P = sp.n_players
    cdef const Tables* tb = sp.t
    cdef uint8_t r = tb.card_rank[card], s = tb.card_suit[card]
    cdef uint16_t t[6]
    cdef uint16_t h, v
    cdef const uint16_t* best
    w.rank[L] = r
    for i in range(L - 1):
        for j in range(i + 1, L):
            t[n_new] = tb.triple_index[w.rank[i] * 169 + w.rank[j] * 13 + r]
            n_new += 1
    for p in range(P):
        best = &sp.players[p].best[0]
        h = w.high[L][p]
        for q in range(n_new):
            v = best[t[q]]
            if v > h:
                h = v
        w.high[L + 1][p] = h
    w.low[L + 1] = w.low[L] | tb.card_lowbit[card]
    memcpy(w.count[L + 1], w.count[L], sizeof(w.count[0]))
    memcpy(w.suited[L + 1], w.suited[L], sizeof(w.suited[0]))
    w.count[L + 1][s] += 1
    w.suited[L + 1][s] |= (<uint32_t>1) << r


# Best flush (or straight flush) of a player's suited hole pairs with three of
# the board's cards of suit s (rank mask ``board_mask``); 0 if none.
cdef inline uint16_t flush_value(const Spot* sp, const Player* pl, int s, uint32_t board_mask) noexcept nogil:
    return best_flush(sp.t.high_flush, pl.suit_ranks[s], board_mask)
