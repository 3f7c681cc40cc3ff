# The rules of one table of omaha8.game._batch, in nogil C: the deal, the blinds,
# the legal actions, each action, the streets and the settlement. Each function is
# omaha8.game.Hand's method of the same purpose written for one table ``t`` of a
# Batch (docs/rules.md §6; Hand's method is named beside each), and
# tests/game/test_batch_tables.py replays the hands played here through Hand.
#
# A table's seats are s = 0..n-1, stored at t * n + s; its cards at (t * n + s) * 5.


# ---------------------------------------------------------------- the deal and the blinds

# Post a blind of ``amount`` for seat s (a short stack posts all it has and is all-in).
cdef inline void post_blind(Batch* b, Py_ssize_t t, int s, int64_t amount) noexcept nogil:
    cdef Py_ssize_t i = t * b.n_seats + s
    cdef int64_t have = b.stack[i]
    cdef int64_t pay = amount if amount < have else have
    b.stack[i] = have - pay
    b.bet[i] = pay
    b.contrib[i] = pay
    b.pot[t] += pay
    if pay == have:
        b.status[i] = ALLIN
        b.n_live[t] -= 1


# Start a hand at table t from its stacks and button (Hand.__init__, _deal, _post_blinds,
# _open_preflop): shuffle, deal clockwise from the button's left, post the blinds, give the
# first turn. A hand in which nobody has a decision is settled at once (street OVER).
cdef void start_hand(Batch* b, Py_ssize_t t) noexcept nogil:
    cdef int n = b.n_seats, k = b.variant, m = 0, s, q, j, r, need
    cdef Py_ssize_t base = t * n
    cdef int order[MAX_TABLE_SEATS]
    cdef uint8_t deck[52]
    cdef uint8_t card
    cdef PreparedBoard prepared
    for s in range(n):
        b.begin[base + s] = b.stack[base + s]
        b.bet[base + s] = 0
        b.contrib[base + s] = 0
        b.acted[base + s] = 0
        b.status[base + s] = LIVE if b.stack[base + s] > 0 else OUT
    q = b.button[t]
    for j in range(n):
        q = q + 1 if q + 1 < n else 0
        if b.status[base + q] != OUT:
            order[m] = q
            m += 1
    # a partial Fisher-Yates shuffle of the cards dealt: m holes, then the board
    need = m * k + 5
    for j in range(52):
        deck[j] = <uint8_t>j
    for j in range(need):
        r = j + <int>below(&b.deal_rng[t], <uint32_t>(52 - j))
        card = deck[r]
        deck[r] = deck[j]
        deck[j] = card
    for j in range(m):
        for r in range(k):
            b.holes[(base + order[j]) * 5 + r] = deck[j + r * m]
    for j in range(5):
        b.board[t * 5 + j] = deck[m * k + j]
    # the board's row of the high table (182 bytes of 1.1 MB) is fetched now, to be in cache at a showdown
    prepare_board(TABLES, &b.board[t * 5], &prepared)
    prefetch(prepared.high_row)
    prefetch(prepared.high_row + 32)
    prefetch(prepared.high_row + 64)
    prefetch(prepared.high_row + N_PAIR_CLASSES - 1)
    b.board_n[t] = 0
    b.n_live[t] = m
    b.n_in[t] = m
    b.pot[t] = 0
    b.last_aggr[t] = -1
    b.log_n[t] = 0
    # heads-up the button posts the small blind
    b.sb_seat[t] = order[1] if m == 2 else order[0]
    b.bb_seat[t] = order[0] if m == 2 else order[1]
    post_blind(b, t, b.sb_seat[t], b.rules.small_blind)
    post_blind(b, t, b.bb_seat[t], b.rules.big_blind)
    # pre-flop: the big blind is the bet to call; a big blind of one small bet is the round's first bet
    b.street[t] = 0
    b.bet_to[t] = b.rules.big_blind
    b.min_raise[t] = b.rules.big_blind
    b.bet_size[t] = bet_size_of(&b.rules, 0)
    if b.bet_to[t] >= b.bet_size[t]:
        b.level[t] = b.bet_to[t]
        b.n_bets[t] = 1
    else:
        b.level[t] = 0
        b.n_bets[t] = 0
    b.capped[t] = 0
    b.hu_round[t] = b.n_live[t] <= 2
    b.actor[t] = -1
    advance(b, t, b.bb_seat[t])


# The least bet of a street (structure.bet_size): fixed limit's small bet pre-flop and on
# the flop, its big bet after; the big blind in pot and no limit.
cdef inline int64_t bet_size_of(const Rules* rules, int street) noexcept nogil:
    if rules.kind == FIXED_LIMIT:
        return rules.small_bet if street < 2 else rules.big_bet
    return rules.big_blind


# ---------------------------------------------------------------- the turn

# The largest bet of an all-in seat on this street (0 when none).
cdef inline int64_t top_all_in_bet(const Batch* b, Py_ssize_t t) noexcept nogil:
    cdef int64_t top = 0
    cdef Py_ssize_t i
    for i in range(t * b.n_seats, (t + 1) * b.n_seats):
        if b.status[i] == ALLIN and b.bet[i] > top:
            top = b.bet[i]
    return top


# Give the turn to the next seat clockwise from p that must act, or end the round
# (_Streets._advance): a lone live seat acts only to match the largest all-in bet.
cdef void advance(Batch* b, Py_ssize_t t, int p) noexcept nogil:
    cdef int n = b.n_seats, q = p, j
    cdef Py_ssize_t base = t * n
    cdef int64_t bet_to = b.bet_to[t], top
    if b.n_live[t] >= 2:
        for j in range(n):
            q = q + 1 if q + 1 < n else 0
            if b.status[base + q] == LIVE and (b.bet[base + q] < bet_to or not b.acted[base + q]):
                give_turn(b, t, q)
                return
    else:
        top = top_all_in_bet(b, t)
        if top < bet_to:
            bet_to = top
        for j in range(n):
            q = q + 1 if q + 1 < n else 0
            if b.status[base + q] == LIVE and b.bet[base + q] < bet_to:
                give_turn(b, t, q)
                return
    next_street(b, t)


# Deal the next street and open its round left of the button, or settle after the river
# (_Streets._next_street); with fewer than two seats able to act the board is dealt out.
cdef void next_street(Batch* b, Py_ssize_t t) noexcept nogil:
    cdef int street = b.street[t], s
    cdef Py_ssize_t base = t * b.n_seats
    while True:
        if street == 3:
            settle(b, t)
            return
        street += 1
        b.board_n[t] = 3 if street == 1 else street + 2
        for s in range(b.n_seats):
            b.bet[base + s] = 0
            b.acted[base + s] = 0
        b.street[t] = street
        b.bet_to[t] = 0
        b.min_raise[t] = b.rules.big_blind
        b.level[t] = 0
        b.n_bets[t] = 0
        b.capped[t] = 0
        b.last_aggr[t] = -1
        b.bet_size[t] = bet_size_of(&b.rules, street)
        if b.n_live[t] >= 2:
            b.hu_round[t] = b.n_live[t] <= 2
            advance(b, t, b.button[t])
            return


# Whether the cap, once reached, holds (FixedLimit.cap_holds).
cdef inline bint cap_holds(const Batch* b, Py_ssize_t t) noexcept nogil:
    cdef int rule = b.rules.heads_up_rule
    return (rule == NEVER or b.capped[t] or (rule == TWO_LEFT and b.n_live[t] > 2)
            or (rule == ROUND_START and not b.hu_round[t]))


# Seat p's turn: its legal actions (Hand.legal_actions) into to_call, min_to and max_to.
cdef void give_turn(Batch* b, Py_ssize_t t, int p) noexcept nogil:
    cdef int n = b.n_seats, q = p, j
    cdef Py_ssize_t base = t * n, i = base + p
    cdef int64_t mine = b.bet[i], have = b.stack[i], bet_to = b.bet_to[t]
    cdef int64_t owe = bet_to - mine, top, lo = 0, hi = 0, all_in_to = mine + have, faced
    cdef const Rules* rules = &b.rules
    b.actor[t] = p
    if b.n_live[t] == 1 and owe > 0:
        # alone with chips: calling adds only what the all-in seats put in
        top = top_all_in_bet(b, t)
        if top - mine < owe:
            owe = top - mine
    b.to_call[t] = owe if owe < have else have
    if all_in_to > bet_to:
        # a raise needs another live seat that could put in more than the bet
        for j in range(n - 1):
            q = q + 1 if q + 1 < n else 0
            if b.status[base + q] == LIVE and b.bet[base + q] + b.stack[base + q] > bet_to:
                break
        else:
            q = -1
        if q >= 0:
            faced = bet_to - mine
            # a seat that acted faces a reopened betting only after a full raise (half a bet in fixed limit)
            if b.acted[i] and (2 * faced < b.bet_size[t] if rules.kind == FIXED_LIMIT else faced < b.min_raise[t]):
                q = -1
            elif rules.kind == FIXED_LIMIT and rules.cap and b.n_bets[t] >= rules.cap and cap_holds(b, t):
                q = -1
        if q >= 0:
            if rules.kind == FIXED_LIMIT:
                # exactly one bet above the last full level, or all-in for less
                lo = b.level[t] + b.bet_size[t]
                if lo > all_in_to:
                    lo = all_in_to
                hi = lo
            else:
                lo = bet_to + b.min_raise[t]
                if lo > all_in_to:
                    lo = all_in_to
                if rules.kind == POT_LIMIT:
                    # the bet plus the pot after calling (PotLimit.max_to)
                    hi = bet_to + b.pot[t] + bet_to - mine
                    if hi < lo:
                        hi = lo
                    elif hi > all_in_to:
                        hi = all_in_to
                else:
                    hi = all_in_to
    b.min_to[t] = lo
    b.max_to[t] = hi


# ---------------------------------------------------------------- actions

# Record an action in the table's log of this hand (grown as needed); a failed
# allocation marks the log lost, and the hand goes on.
cdef inline void log_action(Batch* b, Py_ssize_t t, int p, int action, int64_t total, bint all_in) noexcept nogil:
    cdef Log* log = &b.logs[2 * t + b.log_slot[t]]
    cdef LogEntry* grown
    cdef int32_t capacity
    cdef int32_t at = b.log_n[t]
    if at < 0:
        return
    if at == log.capacity:
        capacity = 2 * log.capacity if log.capacity else 16
        grown = <LogEntry*>realloc(log.entries, capacity * sizeof(LogEntry))
        if grown == NULL:
            b.log_n[t] = -1
            return
        log.entries = grown
        log.capacity = capacity
    log.entries[at].total = total
    log.entries[at].seat = <uint8_t>p
    log.entries[at].action = <uint8_t>action
    log.entries[at].street = <uint8_t>b.street[t]
    log.entries[at].all_in = all_in
    b.log_n[t] = at + 1


# Apply the acting seat's action, known to be legal (Hand.act): fold, check or call
# (what to_call says), or a bet or raise to ``amount``.
cdef void apply_action(Batch* b, Py_ssize_t t, int kind, int64_t amount) noexcept nogil:
    cdef int p = b.actor[t]
    cdef Py_ssize_t i = t * b.n_seats + p
    cdef int64_t pay, bet_to
    if kind == ACT_FOLD:
        b.status[i] = FOLDED
        b.acted[i] = 1
        b.n_live[t] -= 1
        b.n_in[t] -= 1
        log_action(b, t, p, LOG_FOLD, b.bet[i], False)
        if b.n_in[t] == 1:
            settle(b, t)
        else:
            advance(b, t, p)
        return
    if kind == ACT_CALL:
        pay = b.to_call[t]
        b.acted[i] = 1
        if pay <= 0:
            log_action(b, t, p, LOG_CHECK, b.bet[i], False)
        else:
            b.stack[i] -= pay
            b.bet[i] += pay
            b.contrib[i] += pay
            b.pot[t] += pay
            if b.stack[i] == 0:
                b.status[i] = ALLIN
                b.n_live[t] -= 1
            log_action(b, t, p, LOG_CALL, b.bet[i], b.stack[i] == 0)
        advance(b, t, p)
        return
    # Hand._apply_wager
    bet_to = b.bet_to[t]
    pay = amount - b.bet[i]
    b.stack[i] -= pay
    b.bet[i] = amount
    b.contrib[i] += pay
    b.pot[t] += pay
    b.acted[i] = 1
    b.last_aggr[t] = p
    if b.stack[i] == 0:
        b.status[i] = ALLIN
        b.n_live[t] -= 1
    # fixed limit counts bets towards the cap (the half-bet rule); the big-bet games raise the minimum raise
    if b.rules.kind == FIXED_LIMIT and 2 * (amount - b.level[t]) >= b.bet_size[t]:
        b.level[t] = amount
        b.n_bets[t] += 1
        if b.rules.cap and b.n_bets[t] >= b.rules.cap and b.n_live[t] > 2:
            b.capped[t] = 1
    elif amount - bet_to >= b.min_raise[t]:
        b.min_raise[t] = amount - bet_to
    b.bet_to[t] = amount
    log_action(b, t, p, LOG_RAISE if bet_to > 0 else LOG_BET, amount, b.stack[i] == 0)
    advance(b, t, p)


# ---------------------------------------------------------------- settlement

# Pay the hand out (_Settlement._settle): the showdown's values for the seats still in
# when two or more are, then the pots by omaha8._pot_rules; ``payout`` holds what each
# seat takes from the middle until finish_hand() pays it.
cdef void settle(Batch* b, Py_ssize_t t) noexcept nogil:
    cdef int n = b.n_seats, s
    cdef Py_ssize_t base = t * n
    cdef uint16_t high[MAX_TABLE_SEATS]
    cdef uint8_t low[MAX_TABLE_SEATS]
    cdef uint32_t live = 0
    cdef PreparedBoard board
    for s in range(n):
        high[s] = 0
        low[s] = 0
        if b.status[base + s] == LIVE or b.status[base + s] == ALLIN:
            live |= (<uint32_t>1) << s
    if b.n_in[t] >= 2:
        prepare_board(TABLES, &b.board[t * 5], &board)
        for s in range(n):
            if (live >> s) & 1:
                if b.variant == 4:
                    high[s] = prepared_values(TABLES, &board, &b.holes[(base + s) * 5], 4, &low[s])
                else:
                    high[s] = prepared_values(TABLES, &board, &b.holes[(base + s) * 5], 5, &low[s])
    if settle_chips(n, &b.contrib[base], live, high, low, b.button[t], &b.payout[base], &b.uncalled[base]) < 0:
        # no live seat with chips in: impossible with automatic blinds; every seat gets its chips back,
        # and the table is marked so that the call raises
        for s in range(n):
            b.payout[base + s] = b.contrib[base + s]
        b.broken[t] = 1
    b.street[t] = OVER
    b.actor[t] = -1
