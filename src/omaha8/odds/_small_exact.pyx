# cython: language_level=3, autotestdict=False
"""Small exact runs: every board of a flop, turn or river, counted on one thread.

A flop, turn or river is a small run (``small_exact``, ``small_exact_spot``),
counted in one call that also builds the result's arrays:

* flop: the boards are grouped by the ranks of the two new cards, which fix
  every non-flush value and low; within a rank pair they are counted in a
  few flush groups, never listed, and with up to four players the groups
  are tallied by outcome before any is counted.
* turn: the walk's last-card kernel (:mod:`omaha8.odds._equity_kernel`); river: the row
  evaluators of ``_core``.

The spot and the walk's per-card step are :mod:`omaha8.odds._equity_kernel`'s (its
``.pxd``). ``EquitySpot``'s walk counts every board itself, and the tests
hold the small runs to it. Counts are in the pot units of
:mod:`omaha8.odds._equity_kernel` and rows of counts have its layout.
"""

from cpython.dict cimport PyDict_GetItem
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from cpython.object cimport PyObject
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memset
from omaha8._support._bits cimport popcount
from omaha8.odds._equity_kernel cimport (
    Spot,
    Walk,
    add_card,
    flush_value,
    init_spot,
    last_card,
)
from omaha8.pots._split cimport (
    MAX_PLAYERS,
    N_STATS,
    POT,
    STAT_EQUITY,
    STAT_HIGH_TIE,
    STAT_HIGH_WIN,
    STAT_LOW_TIE,
    STAT_LOW_WIN,
    STAT_SCOOP,
    Winners,
    all_seats,
    count_board,
    count_split,
    fill_shares,
    winners,
)

cimport numpy as cnp

from omaha8.core._core cimport MAX_HOLE, add_cards, card_bit_table, cards_failed, high_value_row, low_value_row

cdef enum:
    SHORT_TEXT = 64                   # longest card text the fast lane splits itself


fill_shares()
cnp.import_array()
# the card check's bits (core/_core.pxd)
cdef const uint64_t* CARD_BIT = card_bit_table()


# The flop's groups of boards are tallied by outcome (who has the best high,
# who the best low: bit masks) and each outcome counted once: count_split's
# per-player counting is most of what a group costs, and a flop has a few
# hundred groups but few outcomes. Up to TALLY_PLAYERS players an outcome
# indexes the tally; with more, it is kept in an open-addressing table that
# always has a free slot: a flop has at most 91 rank pairs of at most 5
# groups (no flush; or for a suit with 3 flop cards, none, x's, y's or both
# new cards of it; 2 flop cards: x's, y's, both, and both of the suit with 1),
# so at most 455 outcomes.
cdef enum:
    TALLY_PLAYERS = 4
    TALLY_SLOTS = 512                          # a power of two above 455

cdef struct Tally:
    int64_t boards[1 << (2 * TALLY_PLAYERS)]   # by high winners << P | low winners
    uint32_t codes[TALLY_SLOTS]                # more players: outcome + 1 (0: a free slot)
    int64_t slot_boards[TALLY_SLOTS]


cdef inline void clear_tally(int P, Tally* tally) noexcept nogil:
    if P <= TALLY_PLAYERS:
        memset(tally.boards, 0, (1 << (2 * P)) * sizeof(int64_t))
    else:
        memset(tally.codes, 0, sizeof(tally.codes))


cdef inline void add_outcome(int P, const uint16_t* hi, const uint8_t* lo, int64_t weight,
                             Walk* w, Tally* tally) noexcept nogil:
    cdef uint32_t high_mask, low_mask, code, slot
    cdef Winners won
    if P == 2:
        # heads-up, without loops: a player wins (or ties) what the other does not beat
        high_mask = (<uint32_t>(hi[0] >= hi[1])) | (<uint32_t>(hi[1] >= hi[0])) << 1
        low_mask = ((<uint32_t>(lo[0] >= lo[1])) | (<uint32_t>(lo[1] >= lo[0])) << 1) if lo[0] | lo[1] else 0
        tally.boards[high_mask << 2 | low_mask] += weight
        return
    won = winners(P, hi, lo, all_seats(P))
    high_mask = won.high
    low_mask = won.low
    code = high_mask << P | low_mask
    if P <= TALLY_PLAYERS:
        tally.boards[code] += weight
        return
    slot = (code * 2654435761u) >> 23          # the top 9 bits: one of TALLY_SLOTS
    while tally.codes[slot] != code + 1:
        if tally.codes[slot] == 0:
            tally.codes[slot] = code + 1
            tally.slot_boards[slot] = 0
            break
        slot = (slot + 1) & (TALLY_SLOTS - 1)
    tally.slot_boards[slot] += weight


# Count one outcome: its winners, read back from the code.
cdef inline void count_outcome(int P, uint32_t code, int64_t weight, Walk* w) noexcept nogil:
    cdef Winners won
    won.high = code >> P
    won.low = code & ((1u << P) - 1)
    won.n_high = popcount(won.high)
    won.n_low = popcount(won.low)
    count_split(P, &won, weight, w.acc)


cdef void count_tally(int P, const Tally* tally, Walk* w) noexcept nogil:
    cdef uint32_t code
    cdef int slot
    if P <= TALLY_PLAYERS:
        for code in range(1u << (2 * P)):
            if tally.boards[code]:
                count_outcome(P, code, tally.boards[code], w)
    else:
        for slot in range(TALLY_SLOTS):
            if tally.codes[slot]:
                count_outcome(P, tally.codes[slot] - 1, tally.slot_boards[slot], w)


# Every turn and river on the flop of entry 3. Boards are grouped by the ranks
# x <= y of the two new cards, which fix every player's non-flush value and
# low. Within a rank pair the boards are counted, not listed: for each suit
# s of the flop that a player holds twice, those with 3+ cards of s on the
# board fall into at most four groups by which new cards are of s, and each
# group has one flush value per player, built from values shared by many
# groups; the rest let nobody make a flush and are counted together.
# Groups are tallied by outcome (add_outcome) before they are counted.
cdef void flop_runouts(const Spot* sp, Walk* w) noexcept nogil:
    cdef int P = sp.n_players, n = sp.n_deck, p, q, i, x, y, s, k, n_suits = 0
    cdef int count[13]
    cdef uint32_t present[13]                # suits of the deck's cards of each rank
    cdef int suits[4]                        # flop suits a player holds twice
    cdef uint16_t with_rank[MAX_PLAYERS][13] # best of the flop triple and the 3 triples with one new rank
    cdef uint16_t no_new[MAX_PLAYERS][4]     # flush on the flop's 3 cards of a suit
    cdef uint16_t one_new[MAX_PLAYERS][4][13]  # flush with one new card of the suit, by its rank
    cdef uint16_t nf[MAX_PLAYERS]
    cdef uint16_t hi[MAX_PLAYERS]
    cdef uint8_t lo[MAX_PLAYERS]
    cdef uint16_t t[3]
    cdef uint32_t low_mask, flop_mask, m
    cdef int64_t plain, ax, ay, nx, ny, n00, n10, n01, n11
    cdef uint16_t h, v
    cdef uint8_t a = w.rank[0], b = w.rank[1], c = w.rank[2], r
    cdef const uint16_t* best
    cdef Tally tally
    cdef const uint8_t* CARD_RANK = sp.t.card_rank
    cdef const uint8_t* CARD_SUIT = sp.t.card_suit
    cdef const uint8_t* CARD_LOWBIT = sp.t.card_lowbit
    cdef const uint16_t* TRIPLE_INDEX = sp.t.triple_index
    clear_tally(P, &tally)
    for r in range(13):
        count[r] = 0
        present[r] = 0
    for i in range(n):
        r = CARD_RANK[sp.deck[i]]
        count[r] += 1
        present[r] |= 1u << CARD_SUIT[sp.deck[i]]
    for s in range(4):
        if w.count[3][s] >= 1 and (sp.live_suits >> s) & 1:
            suits[n_suits] = s
            n_suits += 1
    for p in range(P):
        best = &sp.players[p].best[0]
        for r in range(13):
            h = w.high[3][p]
            v = best[TRIPLE_INDEX[a * 169 + b * 13 + r]]
            h = v if v > h else h
            v = best[TRIPLE_INDEX[a * 169 + c * 13 + r]]
            h = v if v > h else h
            v = best[TRIPLE_INDEX[b * 169 + c * 13 + r]]
            h = v if v > h else h
            with_rank[p][r] = h
        for i in range(n_suits):
            s = suits[i]
            k = w.count[3][s]
            flop_mask = w.suited[3][s]
            no_new[p][s] = flush_value(sp, &sp.players[p], s, flop_mask) if k == 3 else 0
            if k >= 2:
                for r in range(13):
                    one_new[p][s][r] = (flush_value(sp, &sp.players[p], s, flop_mask | (<uint32_t>1) << r)
                                        if (present[r] >> s) & 1 else 0)
    for x in range(13):
        if count[x] == 0:
            continue
        for y in range(x, 13):
            plain = count[x] * count[y] if x != y else count[x] * (count[x] - 1) // 2
            if plain == 0:
                continue
            t[0] = TRIPLE_INDEX[a * 169 + x * 13 + y]
            t[1] = TRIPLE_INDEX[b * 169 + x * 13 + y]
            t[2] = TRIPLE_INDEX[c * 169 + x * 13 + y]
            low_mask = w.low[3] | CARD_LOWBIT[4 * x] | CARD_LOWBIT[4 * y]
            for p in range(P):
                best = &sp.players[p].best[0]
                h = with_rank[p][x] if with_rank[p][x] > with_rank[p][y] else with_rank[p][y]
                for q in range(3):
                    v = best[t[q]]
                    h = v if v > h else h
                nf[p] = h
                lo[p] = sp.players[p].low_row[low_mask]
            for i in range(n_suits):
                s = suits[i]
                k = w.count[3][s]
                ax = (present[x] >> s) & 1
                ay = (present[y] >> s) & 1
                nx = count[x] - ax
                ny = count[y] - ay
                # boards by which new cards are of s: neither, x's, y's, both
                # (with x == y only one card can be of s: counted as x's)
                n11 = ax * ay if x != y else 0
                n10 = 0
                n01 = 0
                n00 = 0
                if k >= 2:
                    n10 = ax * ny if x != y else ax * (count[x] - 1)
                    n01 = nx * ay if x != y else 0
                if k == 3:
                    n00 = nx * ny if x != y else nx * (nx - 1) // 2
                if n00:
                    for p in range(P):
                        hi[p] = no_new[p][s] if no_new[p][s] > nf[p] else nf[p]
                    add_outcome(P, hi, lo, n00, w, &tally)
                if n10:
                    for p in range(P):
                        hi[p] = one_new[p][s][x] if one_new[p][s][x] > nf[p] else nf[p]
                    add_outcome(P, hi, lo, n10, w, &tally)
                if n01:
                    for p in range(P):
                        hi[p] = one_new[p][s][y] if one_new[p][s][y] > nf[p] else nf[p]
                    add_outcome(P, hi, lo, n01, w, &tally)
                if n11:
                    # the triples with at most one new card are in one_new; the others
                    # are one flop card of s and the two new ones
                    for p in range(P):
                        h = nf[p]
                        if k >= 2:
                            h = one_new[p][s][x] if one_new[p][s][x] > h else h
                            h = one_new[p][s][y] if one_new[p][s][y] > h else h
                        m = w.suited[3][s] if sp.players[p].two_of_suit[s] else 0
                        while m:
                            v = flush_value(sp, &sp.players[p], s, (m & (~m + 1)) | (<uint32_t>1) << x | (<uint32_t>1) << y)
                            h = v if v > h else h
                            m &= m - 1
                        hi[p] = h
                    add_outcome(P, hi, lo, n11, w, &tally)
                plain -= n00 + n10 + n01 + n11
            if plain:
                add_outcome(P, nf, lo, plain, w, &tally)
    count_tally(P, &tally, w)


# Every board of a spot with a flop or a turn, on one thread: the flop by
# rank pairs, the turn by the last card of the walk.
cdef void small_counts(const Spot* sp, Walk* w) noexcept nogil:
    cdef int i
    memset(w, 0, sizeof(Walk))
    for i in range(sp.n_known):
        add_card(sp, w, i, sp.known[i])
    if sp.n_known == 3:
        flop_runouts(sp, w)
    else:
        last_card(sp, w, 0)


# A small exact run, for equity(): the fields of an EquityResult, in order
# (equity, high_win, high_tie, low_win, low_tie, scoop, no_low, boards, exact,
# std_error, seed), the arrays read-only float64 of one entry per player.
cdef tuple small_result(const uint8_t* holes, int P, int H, const uint8_t* board, int n_board,
                        const uint8_t* deck, int n_deck):
    cdef Spot* sp
    cdef Walk w
    cdef int p, k
    cdef int64_t boards
    cdef double per_board, per_unit
    cdef double* column
    cdef cnp.npy_intp size = P
    cdef uint16_t hi[MAX_PLAYERS]
    cdef uint8_t lo[MAX_PLAYERS]
    cdef list arrays = [None] * (N_STATS - 1)
    if n_board == 5:
        # one board: each hand scored by the row evaluators, no tables to build
        memset(&w, 0, sizeof(Walk))
        for p in range(P):
            hi[p] = high_value_row(holes + p * H, H, board)
            lo[p] = low_value_row(holes + p * H, H, board)
        count_board(P, hi, lo, 1, w.acc)
    else:
        # on the heap: a spot of 11 players is 12 kB, too much for a small thread stack
        sp = <Spot*>PyMem_Malloc(sizeof(Spot))
        if sp == NULL:
            raise MemoryError()
        init_spot(sp, holes, P, H, board, n_board, deck, n_deck)
        small_counts(sp, &w)
        PyMem_Free(sp)
    boards = w.acc[P * N_STATS + 1]
    # boards and pot units stay far below 2**53: each fraction is the double
    # nearest the exact ratio, as Python's int / int gives it
    per_board = <double>boards
    per_unit = <double>POT * <double>boards
    for k in range(N_STATS - 1):
        array = cnp.PyArray_SimpleNew(1, &size, cnp.NPY_FLOAT64)
        column = <double*>cnp.PyArray_DATA(array)
        for p in range(P):
            column[p] = <double>w.acc[p * N_STATS + k] / (per_unit if k == STAT_EQUITY else per_board)
        cnp.PyArray_CLEARFLAGS(array, cnp.NPY_ARRAY_WRITEABLE)
        arrays[k] = array
    error = cnp.PyArray_ZEROS(1, &size, cnp.NPY_FLOAT64, 0)
    cnp.PyArray_CLEARFLAGS(error, cnp.NPY_ARRAY_WRITEABLE)
    return (arrays[STAT_EQUITY], arrays[STAT_HIGH_WIN], arrays[STAT_HIGH_TIE], arrays[STAT_LOW_WIN],
            arrays[STAT_LOW_TIE], arrays[STAT_SCOOP], <double>w.acc[P * N_STATS] / per_board, boards,
            True, error, None)


# Card ids of a list or tuple of plain ints 0..51 or of card names (keys of
# ``names``), of a 1-D integer array, or of a short text of names between
# whitespace, into out[:room]; -1 for anything else, which the general parser
# then handles or refuses.
cdef int plain_cards(object cards, dict names, uint8_t* out, int room) except -2:
    cdef Py_ssize_t n, i
    cdef long v
    cdef int overflow = 0
    cdef PyObject* found
    cdef object item
    if type(cards) is str:
        if len(<str>cards) > SHORT_TEXT:
            return -1
        cards = (<str>cards).split()
        for i in range(len(<list>cards)):
            if i >= room:
                return -1
            found = PyDict_GetItem(names, (<list>cards)[i])
            if found is NULL:
                return -1
            out[i] = <uint8_t><long><object>found
        return len(<list>cards)
    if cnp.PyArray_CheckExact(cards):
        if cnp.PyArray_NDIM(cards) != 1 or not cnp.PyArray_ISINTEGER(cards):
            return -1
        cards = cards.tolist()
    elif type(cards) is not list and type(cards) is not tuple:
        return -1
    n = len(cards)
    if n > room:
        return -1
    if n == 0:
        return 0
    if type(cards[0]) is str:
        for i in range(n):
            item = cards[i]
            if type(item) is not str:
                return -1
            found = PyDict_GetItem(names, item)
            if found is NULL:
                return -1
            out[i] = <uint8_t><long><object>found
        return <int>n
    for i in range(n):
        item = cards[i]
        if type(item) is not int:
            return -1
        v = PyLong_AsLongAndOverflow(item, &overflow)
        if overflow or not 0 <= v < 52:
            return -1
        out[i] = <uint8_t>v
    return <int>n


def small_exact(holes, board, dead, dict names):
    """Exact run of a spot given in the plainest forms, or None for any other input.

    ``holes`` a list or tuple of 2..11 hands of 4 or 5 cards each (all of one
    size) or a (players, cards) integer array, ``board`` 3, 4 or 5 cards and
    ``dead`` any cards, every card set a list or tuple of ints 0..51 or of
    card names, a 1-D integer array, or a short text of names between
    whitespace (``names``: the card-name table of :mod:`omaha8.cards`).
    All cards distinct, a deck large enough. Returns the fields of an
    ``EquityResult`` as :func:`small_exact_spot` does, or None when the input
    is anything else (no error: the caller's general path parses and checks it).

    >>> from omaha8.cards import _ID_OF_TEXT
    >>> run = small_exact([(51, 49, 0, 5), "Ks Kd Qh Jh"], "Ac Kc 4h 5s", (), _ID_OF_TEXT)
    >>> run[0].tolist(), run[7]  # As Ad 2c 3d against kings: equity.py's example
    ([0.9375, 0.0625], 40)
    >>> small_exact([(51, 49, 0, 5), (51, 46, 1, 4)], "Ac Kc 4h", (), _ID_OF_TEXT) is None  # As twice
    True
    """
    cdef uint8_t hole_cards[MAX_PLAYERS * MAX_HOLE]
    cdef uint8_t board_cards[5]
    cdef uint8_t dead_cards[52]
    cdef uint8_t deck[52]
    cdef int P, H = 0, h, p, n_board, n_dead, n_deck = 0, i, card
    cdef uint64_t used = 0, total = 0
    if cnp.PyArray_CheckExact(holes):
        if cnp.PyArray_NDIM(holes) != 2 or not cnp.PyArray_ISINTEGER(holes):
            return None
        holes = holes.tolist()
    elif type(holes) is not list and type(holes) is not tuple:
        return None
    P = <int>len(holes)
    if not 2 <= P <= MAX_PLAYERS:
        return None
    for p in range(P):
        # hand p goes at p * H: a longer one is refused before it matters
        h = plain_cards(holes[p], names, hole_cards + p * (H if p else 0), MAX_HOLE)
        if h < 4 or (p and h != H):
            return None
        H = h
    if P > (52 - 5) // H:
        return None
    n_board = plain_cards(board, names, board_cards, 5)
    if n_board < 3:
        return None
    n_dead = plain_cards(dead, names, dead_cards, 52)
    if n_dead < 0:
        return None
    # the one card check (core/_core.pxd): every card an id, none twice
    add_cards(CARD_BIT, hole_cards, P * H, &total, &used)
    add_cards(CARD_BIT, board_cards, n_board, &total, &used)
    add_cards(CARD_BIT, dead_cards, n_dead, &total, &used)
    if cards_failed(total, used):
        return None
    for card in range(52):
        if not (used >> card) & 1:
            deck[n_deck] = <uint8_t>card
            n_deck += 1
    if n_deck < 5 - n_board:
        return None
    return small_result(hole_cards, P, H, board_cards, n_board, deck, n_deck)


def small_exact_spot(const uint8_t[:, ::1] holes, const uint8_t[::1] board, const uint8_t[::1] deck):
    """Exact run of checked cards with 3, 4 or 5 board cards, on one thread.

    ``holes`` (P, H) distinct card ids, ``board`` the board, ``deck`` the
    ascending cards left. Returns the fields of an ``EquityResult`` in order:
    read-only arrays of the fractions equity, high_win, high_tie, low_win,
    low_tie and scoop, no_low, boards, True (exact), the standard errors
    (zeros) and None (no seed). The same counts as :meth:`EquitySpot.exact`,
    grouped otherwise.

    >>> import numpy as np
    >>> holes = np.array([[51, 47, 0, 4], [44, 45, 42, 37]], dtype=np.uint8)
    >>> run = small_exact_spot(holes, np.array([48, 46, 10, 15], dtype=np.uint8),
    ...                        np.arange(1, 4, dtype=np.uint8))
    >>> run[7], run[1].tolist()
    (3, [1.0, 0.0])
    """
    cdef int P = holes.shape[0], H = holes.shape[1], n_board = board.shape[0], n_deck = deck.shape[0], i
    if not 2 <= P <= MAX_PLAYERS or not 2 <= H <= MAX_HOLE:
        raise ValueError(f"holes must be (2..{MAX_PLAYERS}, 2..{MAX_HOLE}), got ({P}, {H})")
    if not 3 <= n_board <= 5 or n_deck > 52 or n_board + n_deck < 5:
        raise ValueError(f"bad board: {n_board} board cards and a deck of {n_deck}")
    for i in range(1, n_deck):
        if deck[i] <= deck[i - 1]:
            raise ValueError("deck must be strictly ascending")
    return small_result(&holes[0, 0], P, H, &board[0], n_board, &deck[0] if n_deck else NULL, n_deck)
