# cython: language_level=3, autotestdict=False
"""Monte Carlo kernel of preflop tables: one known hand against random hands and boards.

For each hand of a batch, ``samples`` times: deal the opponents' hands and a
board from the rest of the deck (a partial Fisher-Yates shuffle of a deck
kept between samples), evaluate every player with the row evaluators of
:mod:`omaha8.core._core`, split the pot hi/lo and count the known hand's outcome.

Pot shares are integers in units of ``2 * lcm(1..players)`` per pot, so
every split of a half among tied players is whole and sums are exact. Hand
``i`` draws from a random stream keyed by ``(seed, index[i])`` alone: a
hand's counts do not depend on the batch it is in, on its position there,
or on the number of threads.
"""

from cython.parallel cimport prange
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t

from omaha8.core._core cimport (
    MAX_HOLE,
    MAX_PLAYERS,
    PreparedBoard,
    Tables,
    add_cards,
    card_bit_table,
    cards_failed,
    prepare_board,
    prepared_values,
    tables,
)
from omaha8._support._random cimport below, mix64

from math import lcm

cdef enum:
    # counts per hand, in this order
    STAT_UNITS = 0         # pot units won
    STAT_HIGH_WIN = 1
    STAT_HIGH_TIE = 2
    STAT_LOW_WIN = 3
    STAT_LOW_TIE = 4
    STAT_SCOOP = 5
    STAT_SQUARES = 6       # sum of (pot units won) ** 2
    STAT_NO_LOW = 7        # samples on which nobody has a low
    N_STATS = 8

# the card check's bits (core/_core.pxd)
cdef const uint64_t* CARD_BIT = card_bit_table()

#: Names of the counts of one hand, in the order of a row of ``out``.
STATS = ("units", "high_win", "high_tie", "low_win", "low_tie", "scoop", "squares", "no_low")
#: The most players (the known hand and its opponents) one run takes.
MAX_SEATS = MAX_PLAYERS
#: The most samples per hand: the sum of squared pot units stays inside int64.
MAX_SAMPLES = (1 << 31) - 1


def pot_units(int players):
    """Units in one pot for ``players`` players: every half splits evenly among any ties."""
    if not 2 <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be 2..{MAX_PLAYERS}, got {players}")
    return 2 * lcm(*range(1, players + 1))


# All samples of one hand; ``hand`` holds k valid distinct cards (the wrapper checks).
cdef void sample_hand(const uint8_t* hand, int k, int opponents, int64_t samples, uint64_t seed,
                      int64_t index, int64_t pot, int64_t* out) noexcept nogil:
    cdef uint8_t deck[52]
    cdef uint8_t swap
    cdef uint64_t held = 0
    cdef uint64_t state = mix64(seed ^ mix64(<uint64_t>index * 0xD1B54A32D192ED03ULL + 1))
    cdef int n = 0, need = 5 + opponents * k, i, j, p, c, n_hi, n_lo
    cdef int64_t s, units, half = pot // 2
    cdef uint16_t hero_hi, top_hi, v
    cdef uint8_t hero_lo, top_lo, w
    cdef bint high_winner, low_winner
    cdef PreparedBoard board
    cdef const Tables* t = tables()
    for i in range(N_STATS):
        out[i] = 0
    for i in range(k):
        held |= (<uint64_t>1) << hand[i]
    for c in range(52):
        if not (held >> c) & 1:
            deck[n] = c
            n += 1
    for s in range(samples):
        # deck[0:5] is the board, deck[5 + p * k:] opponent p's hand
        for i in range(need):
            j = i + <int>below(&state, <uint32_t>(n - i))
            swap = deck[i]
            deck[i] = deck[j]
            deck[j] = swap
        # the board's parts once, then every hand's high and low in one pass
        prepare_board(t, deck, &board)
        hero_hi = top_hi = prepared_values(t, &board, hand, k, &hero_lo)
        top_lo = hero_lo
        n_hi = n_lo = 1
        for p in range(opponents):
            v = prepared_values(t, &board, deck + 5 + p * k, k, &w)
            if v > top_hi:
                top_hi = v
                n_hi = 1
            elif v == top_hi:
                n_hi += 1
            if w > top_lo:
                top_lo = w
                n_lo = 1
            elif w == top_lo:
                n_lo += 1
        high_winner = hero_hi == top_hi
        low_winner = top_lo != 0 and hero_lo == top_lo
        units = 0
        if top_lo == 0:
            out[STAT_NO_LOW] += 1
            if high_winner:
                units = pot // n_hi
        else:
            if high_winner:
                units = half // n_hi
            if low_winner:
                units += half // n_lo
        if high_winner:
            out[STAT_HIGH_WIN if n_hi == 1 else STAT_HIGH_TIE] += 1
        if low_winner:
            out[STAT_LOW_WIN if n_lo == 1 else STAT_LOW_TIE] += 1
        if high_winner and n_hi == 1 and (top_lo == 0 or (low_winner and n_lo == 1)):
            out[STAT_SCOOP] += 1
        out[STAT_UNITS] += units
        out[STAT_SQUARES] += units * units


def sample_hands(const uint8_t[:, ::1] hands, const int64_t[::1] index, int opponents, int64_t samples,
                 uint64_t seed, int64_t[:, ::1] out, int n_threads):
    """Fill ``out[i]`` (``len(STATS)`` counts) with hand ``i``'s outcomes over ``samples`` deals.

    ``hands`` (K, 4|5) valid card ids, distinct within each hand (checked
    here, as the deck is built from them); ``index`` (K,) the key of each
    hand's random stream. Returns -1: no hand fails.
    """
    cdef Py_ssize_t K = hands.shape[0], i, j
    cdef int k = hands.shape[1]
    cdef int threads = max(1, n_threads)
    cdef int64_t pot
    cdef uint64_t total, seen
    if k < 2 or k > MAX_HOLE:
        raise ValueError(f"hands must have 2..{MAX_HOLE} cards, got {k}")
    if opponents < 1 or 5 + (opponents + 1) * k > 52:
        raise ValueError(f"{opponents} opponents of {k} cards and a board do not fit in a deck")
    if not 0 <= samples <= MAX_SAMPLES:
        raise ValueError(f"samples must be 0..{MAX_SAMPLES}, got {samples}")
    if index.shape[0] != K or out.shape[0] != K or out.shape[1] != N_STATS:
        raise ValueError(f"index must be ({K},) and out ({K}, {N_STATS})")
    for i in range(K):
        # the one card check (core/_core.pxd); a failed hand is read again for the message
        total = seen = 0
        add_cards(CARD_BIT, &hands[i, 0], k, &total, &seen)
        if not cards_failed(total, seen):
            continue
        for j in range(k):
            if hands[i, j] >= 52:
                raise ValueError(f"hands[{i}, {j}] = {hands[i, j]} is not a card id")
            if j and hands[i, j] in [hands[i, q] for q in range(j)]:
                raise ValueError(f"hands[{i}] holds card {hands[i, j]} twice")
    pot = pot_units(opponents + 1)
    if K == 0:
        return -1
    for i in prange(K, nogil=True, schedule="dynamic", num_threads=threads):
        sample_hand(&hands[i, 0], k, opponents, samples, seed, index[i], pot, &out[i, 0])
    return -1
