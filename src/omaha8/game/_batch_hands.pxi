# Hands one after another at a table of omaha8.game._batch, in nogil C: a settled hand
# paid and the next one dealt, the built-in policies, and the loops of play() and
# advance(). Included by _batch.pyx after _batch_rules.pxi (one hand's rules).

# x added to total[0], unless the sum passes int64 (then 0 and nothing changes).
cdef inline bint add_checked(int64_t* total, int64_t x) noexcept nogil:
    if (x > 0 and total[0] > INT64_MAX - x) or (x < 0 and total[0] < INT64_MIN - x):
        return False
    total[0] += x
    return True


# Pay a settled hand, keep it as the last hand, and make the next hand's stacks and
# button (Hand._finish, Table._finished): stacks carry over or start again, and the
# button moves to the next seat with chips. Adds each seat's net to net_out (unless NULL).
cdef void finish_hand(Batch* b, Py_ssize_t t, int64_t* net_out) noexcept nogil:
    cdef int n = b.n_seats, s, q, seated = 0
    cdef Py_ssize_t base = t * n, i
    cdef int64_t net
    cdef bint contested = b.n_in[t] >= 2
    for s in range(n):
        i = base + s
        b.stack[i] += b.payout[i]
        net = b.payout[i] - b.contrib[i]
        if net_out != NULL:
            net_out[s] += net
        b.last_begin[i] = b.begin[i]
        b.last_contrib[i] = b.contrib[i]
        b.last_payout[i] = b.payout[i]
        b.last_status[i] = b.status[i]
        memcpy(&b.last_holes[i * 5], &b.holes[i * 5], 5)
        if b.counting and b.status[i] != OUT:
            b.tot_hands[i] += 1
            if not add_checked(&b.tot_net[i], net):
                b.overflow[t] = 1
            if contested and b.payout[i] > b.uncalled[i]:
                b.tot_won[i] += 1
    memcpy(&b.last_board[t * 5], &b.board[t * 5], 5)
    b.last_board_n[t] = b.board_n[t]
    b.last_button[t] = b.button[t]
    b.last_sb[t] = b.sb_seat[t]
    b.last_bb[t] = b.bb_seat[t]
    b.last_aggr_end[t] = b.last_aggr[t]
    b.last_log_n[t] = b.log_n[t]
    b.log_slot[t] ^= 1
    b.hands[t] += 1
    for s in range(n):
        seated += b.stack[base + s] > 0
    if not b.carry or seated < 2:
        memcpy(&b.stack[base], &b.start[base], n * sizeof(int64_t))
    q = b.button[t]
    for s in range(n):
        q = q + 1 if q + 1 < n else 0
        if b.stack[base + q] > 0:
            b.button[t] = q
            break


# Finish every settled hand at table t and start the next, until a seat is to act;
# returns the hands finished.
cdef inline int finish_pending(Batch* b, Py_ssize_t t, int64_t* net_out) noexcept nogil:
    cdef int finished = 0
    while b.street[t] == OVER:
        finish_hand(b, t, net_out)
        finished += 1
        start_hand(b, t)
    return finished


# Uniform integer in [0, n), n >= 1, for any 64-bit n.
cdef inline uint64_t below64(uint64_t* state, uint64_t n) noexcept nogil:
    cdef uint64_t r, threshold
    if n <= 0xFFFFFFFFu:
        return below(state, <uint32_t>n)
    threshold = (0 - n) % n
    while True:
        r = next64(state)
        if r >= threshold:
            return r % n


# The random policy: fold (only facing a bet), check or call, or bet or raise, each
# legal one with equal chance; a wager to a uniform amount between the bounds.
cdef inline void random_action(Batch* b, Py_ssize_t t, int* kind, int64_t* amount) noexcept nogil:
    cdef bint can_fold = b.to_call[t] > 0, can_raise = b.max_to[t] > 0
    cdef uint32_t r = below(&b.policy_rng[t], 1 + can_fold + can_raise)
    if can_fold:
        if r == 0:
            kind[0] = ACT_FOLD
            return
        r -= 1
    if r == 0:
        kind[0] = ACT_CALL
        return
    kind[0] = ACT_RAISE
    amount[0] = b.min_to[t] + <int64_t>below64(&b.policy_rng[t], <uint64_t>(b.max_to[t] - b.min_to[t] + 1))


# Play ``hands`` hands at table t with a built-in policy.
cdef void play_table(Batch* b, Py_ssize_t t, int64_t hands, int policy) noexcept nogil:
    cdef int64_t played = 0, amount = 0
    cdef int kind = ACT_CALL
    while played < hands:
        if policy == POLICY_RANDOM:
            random_action(b, t, &kind, &amount)
        apply_action(b, t, kind, amount)
        played += finish_pending(b, t, NULL)


# Where advance() writes the end of the hand that was in play when it was called (row j of its outputs).
cdef struct FinalRow:
    int8_t* button
    uint8_t* board           # 5 cards, 255 for cards not dealt
    int64_t* stacks          # after the payouts
    int64_t* bets            # the last street's bets
    uint8_t* in_hand
    uint8_t* holes           # n_seats * variant, 255 for seats not dealt in


# The end of table t's settled hand, before finish_hand() pays it and starts the next.
cdef void keep_final(const Batch* b, Py_ssize_t t, FinalRow* f) noexcept nogil:
    cdef int n = b.n_seats, k = b.variant, s, r
    cdef Py_ssize_t i
    f.button[0] = b.button[t]
    for r in range(5):
        f.board[r] = b.board[t * 5 + r] if r < b.board_n[t] else 255
    for s in range(n):
        i = t * n + s
        f.stacks[s] = b.stack[i] + b.payout[i]
        f.bets[s] = b.bet[i]
        f.in_hand[s] = b.status[i] == LIVE or b.status[i] == ALLIN
        for r in range(k):
            f.holes[s * k + r] = b.holes[i * 5 + r] if b.status[i] != OUT else 255


# Play table t on (BatchTables.advance): the given action (kind >= 0) of the seat to act, then each
# seat's built-in policy until a seat whose policy is POLICY_WAIT is to act. The hand in play at the call
# is the first: when it finishes, its net goes to first_net and its end to ``final``; the hands dealt
# after it that finish too are counted in more[0] and their nets summed in more_net. Returns whether the
# first hand finished.
cdef bint advance_table(Batch* b, Py_ssize_t t, const int8_t* policy, int kind, int64_t amount,
                        int64_t* first_net, int64_t* more_net, int64_t* more, FinalRow* final) noexcept nogil:
    cdef bint finished = False
    cdef int p
    if kind >= 0:
        apply_action(b, t, kind, amount)
    while True:
        if b.street[t] == OVER:
            if finished:
                finish_hand(b, t, more_net)
                more[0] += 1
            else:
                keep_final(b, t, final)
                finish_hand(b, t, first_net)
                finished = True
            start_hand(b, t)
            continue
        p = b.actor[t]
        if policy[p] == POLICY_WAIT:
            return finished
        kind = ACT_CALL
        if policy[p] == POLICY_RANDOM:
            random_action(b, t, &kind, &amount)
        apply_action(b, t, kind, amount)


# Row j of advance(): its outputs cleared (255 for cards, -1 for the button), then table t played on.
cdef void advance_row(Batch* b, Py_ssize_t t, const int8_t* policy, int kind, int64_t amount, uint8_t* finished,
                      int64_t* net, int64_t* more, int64_t* more_net, int8_t* button, uint8_t* board,
                      int64_t* stacks, int64_t* bets, uint8_t* in_hand, uint8_t* holes) noexcept nogil:
    cdef int n = b.n_seats, s
    cdef FinalRow final
    final.button = button
    final.board = board
    final.stacks = stacks
    final.bets = bets
    final.in_hand = in_hand
    final.holes = holes
    more[0] = 0
    button[0] = -1
    for s in range(5):
        board[s] = 255
    for s in range(n):
        net[s] = 0
        more_net[s] = 0
        stacks[s] = 0
        bets[s] = 0
        in_hand[s] = 0
    for s in range(n * b.variant):
        holes[s] = 255
    finished[0] = advance_table(b, t, policy, kind, amount, net, more_net, more, &final)
