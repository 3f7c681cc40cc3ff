# The chips of one hand cut into pots and each pot split high/low, in nogil C:
# docs/rules.md §4-§5 as omaha8.showdown applies them with the cardroom odd-chip
# rule (omaha8.CardroomOddChips). omaha8.capi (o8_split_pot, o8_settle,
# o8_showdown) and the batched engine (omaha8.game._batch) settle through these
# functions; tests/capi/test_capi.py compares them with omaha8.showdown.
#
# Seats are bits of a mask (bit s = seat s, at most MAX_SHOWDOWN_SEATS seats).
# Nothing here checks its input: the callers do (omaha8.capi says what is valid).

from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t

from omaha8._support._bits cimport popcount
from omaha8.core._core cimport MAX_SHOWDOWN_SEATS
from omaha8.pots._split cimport winner_masks


# Give ``amount`` to the seats of ``winners`` (not empty) equally; the chips left
# over go one each to the winners clockwise from the button, the seat left of it
# first and the button last (§4.5). Adds to out[s].
cdef inline void divide_chips(int64_t amount, uint32_t winners, int n_seats, int button,
                              int64_t* out) noexcept nogil:
    cdef int k = popcount(winners), s
    cdef int64_t share = amount // k
    cdef int64_t left = amount - share * k
    for s in range(n_seats):
        if (winners >> s) & 1:
            out[s] += share
    s = button
    while left > 0:    # left < k: one turn of the table at most
        s += 1
        if s == n_seats:
            s = 0
        if (winners >> s) & 1:
            out[s] += 1
            left -= 1


# Split one pot of ``amount`` chips among the seats of ``eligible`` (not empty) by
# their high (1..7462) and low (0 = none, 1..56) values, adding each share to
# out[s] (§4.1-§4.5): one seat takes it whole; else the winners are _split.pxd's
# winner_masks; with no low the best high(s) take it; the same winners both ways
# divide it once; else the high half (the odd chip's) to the best high(s), the
# other half to the best low(s).
cdef inline void split_pot_chips(int n_seats, const uint16_t* high, const uint8_t* low, uint32_t eligible,
                                 int64_t amount, int button, int64_t* out) noexcept nogil:
    cdef uint32_t masks, high_winners, low_winners
    cdef int64_t low_half
    cdef int s
    if (eligible & (eligible - 1)) == 0:
        for s in range(n_seats):
            if (eligible >> s) & 1:
                out[s] += amount
        return
    # who wins the high and the low: the one hi/lo rule of every kernel
    masks = winner_masks(n_seats, high, low, eligible)
    high_winners = masks & 0xFFFF
    low_winners = masks >> 16
    if low_winners == 0 or low_winners == high_winners:
        divide_chips(amount, high_winners, n_seats, button, out)
    else:
        low_half = amount // 2
        divide_chips(amount - low_half, high_winners, n_seats, button, out)
        divide_chips(low_half, low_winners, n_seats, button, out)


# Settle a whole hand (§4.6-§4.8): ``chips`` each seat put in (>= 0, their sum
# within int64), ``live`` the mask of seats that did not fold (their values are
# read only when a pot has two or more of them). Writes uncalled[s] (the top
# contribution's excess over the second, folded seats included) and payouts[s]
# (uncalled chips plus pot shares). Each contribution level cuts a layer of
# chips; layers with the same eligible live seats make one pot, and a layer only
# folded seats reached joins the pot below it. Returns -1 (having written only
# uncalled) when no live seat put chips in, else 0.
cdef inline int settle_chips(int n_seats, const int64_t* chips, uint32_t live, const uint16_t* high,
                             const uint8_t* low, int button, int64_t* payouts, int64_t* uncalled) noexcept nogil:
    cdef int64_t in_pots[MAX_SHOWDOWN_SEATS]
    cdef int64_t amounts[MAX_SHOWDOWN_SEATS]
    cdef uint32_t pot_seats[MAX_SHOWDOWN_SEATS]
    cdef int64_t top = -1, second = 0, below = 0, level
    cdef uint32_t eligible = 0, reach
    cdef int s, top_seat = 0, n_top = 0, n_pots = 0, count
    for s in range(n_seats):
        in_pots[s] = chips[s]
        uncalled[s] = 0
        if chips[s] > top:
            top = chips[s]
            top_seat = s
            n_top = 1
        elif chips[s] == top:
            n_top += 1
        if chips[s] > 0 and (live >> s) & 1:
            eligible |= (<uint32_t>1) << s
    if n_top == 1:
        for s in range(n_seats):
            if s != top_seat and chips[s] > second:
                second = chips[s]
        in_pots[top_seat] = second
        uncalled[top_seat] = top - second
    if eligible == 0:
        return -1
    while True:
        level = -1
        for s in range(n_seats):
            if in_pots[s] > below and (level < 0 or in_pots[s] < level):
                level = in_pots[s]
        if level < 0:
            break
        count = 0
        reach = 0
        for s in range(n_seats):
            if in_pots[s] >= level:
                count += 1
                reach |= (<uint32_t>1) << s
        eligible &= reach
        if n_pots and (eligible == 0 or eligible == pot_seats[n_pots - 1]):
            amounts[n_pots - 1] += (level - below) * count
        elif eligible == 0:
            return -1    # unreachable: the first layer always has a live seat
        else:
            amounts[n_pots] = (level - below) * count
            pot_seats[n_pots] = eligible
            n_pots += 1
        below = level
    for s in range(n_seats):
        payouts[s] = uncalled[s]
    for s in range(n_pots):
        split_pot_chips(n_seats, high, low, pot_seats[s], amounts[s], button, payouts)
    return 0
