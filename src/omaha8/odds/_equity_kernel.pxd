# The cimport surface of omaha8.odds._equity_kernel: a spot's per-player tables and the
# walk that builds a board card by card, shared by the walk and sampling
# kernels of omaha8.odds._equity_kernel and the small exact runs of omaha8.odds._small_exact.
# What runs once a board or more is inline here, so each module compiles its
# own copy; what runs once a run is defined in _equity_kernel.pyx.

from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t
from libc.string cimport memcpy
from omaha8.core._core cimport (
    best_flush,
    N_TRIPLE_CLASSES,
    card_lowbit_table,
    card_rank_table,
    card_suit_table,
    high_flush_table,
    high_rank_table,
    low_best_table,
    pair_offset_table,
    triple_index_table,
)
from omaha8.pots._split cimport MAX_PLAYERS, N_STATS

cdef enum:
    MAX_WIDTH = MAX_PLAYERS * N_STATS + 2

# The evaluator's tables (omaha8.core._core), read by every loop here. Each module
# that walks boards loads its own copies of the pointers once at import with
# load_tables(), as _split.pxd's shares are filled.
cdef extern from *:
    """
    static const uint16_t* omaha8_walk_high_ranks;
    static const uint16_t* omaha8_walk_high_flush;
    static const uint16_t* omaha8_walk_pair_offset;
    static const uint16_t* omaha8_walk_triple_index;
    static const uint8_t* omaha8_walk_low_best;
    static const uint8_t* omaha8_walk_card_rank;
    static const uint8_t* omaha8_walk_card_suit;
    static const uint8_t* omaha8_walk_card_lowbit;
    """
    const uint16_t* HIGH_RANKS "omaha8_walk_high_ranks"
    const uint16_t* HIGH_FLUSH "omaha8_walk_high_flush"
    const uint16_t* PAIR_OFFSET "omaha8_walk_pair_offset"
    const uint16_t* TRIPLE_INDEX "omaha8_walk_triple_index"
    const uint8_t* LOW_BEST "omaha8_walk_low_best"
    const uint8_t* CARD_RANK "omaha8_walk_card_rank"
    const uint8_t* CARD_SUIT "omaha8_walk_card_suit"
    const uint8_t* CARD_LOWBIT "omaha8_walk_card_lowbit"


cdef inline void load_tables() noexcept nogil:
    global HIGH_RANKS, HIGH_FLUSH, PAIR_OFFSET, TRIPLE_INDEX, LOW_BEST, CARD_RANK, CARD_SUIT, CARD_LOWBIT
    HIGH_RANKS = high_rank_table()
    HIGH_FLUSH = high_flush_table()
    PAIR_OFFSET = pair_offset_table()
    TRIPLE_INDEX = triple_index_table()
    LOW_BEST = low_best_table()
    CARD_RANK = card_rank_table()
    CARD_SUIT = card_suit_table()
    CARD_LOWBIT = card_lowbit_table()


cdef struct Player:
    uint16_t best[N_TRIPLE_CLASSES]   # best non-flush value per board rank triple
    const uint8_t* low_row            # LOW_BEST row of the hole's low ranks
    uint32_t suit_ranks[4]            # rank mask of the hole's cards of each suit
    bint two_of_suit[4]               # the hole holds two or more cards of the suit


cdef struct Spot:
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
    cdef uint8_t r = CARD_RANK[card], s = CARD_SUIT[card]
    cdef uint16_t t[6]
    cdef uint16_t h, v
    cdef const uint16_t* best
    w.rank[L] = r
    for i in range(L - 1):
        for j in range(i + 1, L):
            t[n_new] = TRIPLE_INDEX[w.rank[i] * 169 + w.rank[j] * 13 + r]
            n_new += 1
    for p in range(P):
        best = &sp.players[p].best[0]
        h = w.high[L][p]
        for q in range(n_new):
            v = best[t[q]]
            if v > h:
                h = v
        w.high[L + 1][p] = h
    w.low[L + 1] = w.low[L] | CARD_LOWBIT[card]
    memcpy(w.count[L + 1], w.count[L], sizeof(w.count[0]))
    memcpy(w.suited[L + 1], w.suited[L], sizeof(w.suited[0]))
    w.count[L + 1][s] += 1
    w.suited[L + 1][s] |= (<uint32_t>1) << r


# Best flush (or straight flush) of a player's suited hole pairs with three of
# the board's cards of suit s (rank mask ``board_mask``); 0 if none.
cdef inline uint16_t flush_value(const Player* pl, int s, uint32_t board_mask) noexcept nogil:
    return best_flush(HIGH_FLUSH, pl.suit_ranks[s], board_mask)
