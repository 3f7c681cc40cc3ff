# cython: language_level=3
"""nogil kernel of :class:`omaha8.game.BatchTables`: many tables of Omaha Hi/Lo in lockstep.

Every field of every table is one array (structure of arrays): a per-table
field at ``[t]``, a per-seat field at ``[t * n_seats + s]``, cards at
``[(t * n_seats + s) * 5]``. The rules of one table are ``_batch_rules.pxi``,
and hands one after another (the next hand dealt, the built-in policies, the
loops of ``play`` and ``advance``) ``_batch_hands.pxi``, both included here so
that they compile into the loops below; the showdown is
``omaha8._core``'s prepared-board evaluator and ``omaha8._pot_rules``'
settlement. Each table draws its cards and its random policy's choices from
two counter-based streams keyed by ``(seed, table)``, never by a thread, so
the hands do not depend on ``n_threads``.

:mod:`omaha8.game.batch` checks every argument and action before a call
reaches this module.
"""

cimport cython
from cpython.ref cimport Py_REFCNT
from cython.parallel cimport prange
from libc.stdint cimport INT64_MAX, INT64_MIN, int8_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, realloc
from libc.string cimport memcpy

import numpy as np

from omaha8.core._core cimport N_PAIR_CLASSES, PreparedBoard, Tables, prepare_board, prepared_values, tables
from omaha8.pots._pot_rules cimport settle_chips
from omaha8._support._random cimport below, mix64, next64

cdef const Tables* TABLES = tables()

cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define omaha8_batch_prefetch(p) __builtin_prefetch(p)
    #else
    #define omaha8_batch_prefetch(p) ((void)(p))
    #endif
    """
    void prefetch "omaha8_batch_prefetch"(const void* p) noexcept nogil

cdef enum:
    MAX_TABLE_SEATS = 10
    OVER = 4                                   # street of a settled hand
    # seat status (omaha8.game.state)
    OUT = 0
    LIVE = 1
    ALLIN = 2
    FOLDED = 3
    # structures and fixed limit's heads-up rules (omaha8.game.structures)
    FIXED_LIMIT = 0
    POT_LIMIT = 1
    NO_LIMIT = 2
    TWO_LEFT = 0
    ROUND_START = 1
    NEVER = 2
    # the kinds of step(): fold, check or call, bet or raise
    ACT_FOLD = 0
    ACT_CALL = 1
    ACT_RAISE = 2
    # actions as logged for the history
    LOG_FOLD = 0
    LOG_CHECK = 1
    LOG_CALL = 2
    LOG_BET = 3
    LOG_RAISE = 4
    # built-in policies of play() and advance(), and advance()'s seats that stop a table
    POLICY_RANDOM = 0
    POLICY_CALL = 1
    POLICY_WAIT = 2


# The betting structure, the same at every table.
cdef struct Rules:
    int kind
    int64_t small_blind
    int64_t big_blind
    int64_t small_bet
    int64_t big_bet
    int cap                  # fixed limit's most bets a round; 0: no cap
    int heads_up_rule        # TWO_LEFT, ROUND_START or NEVER


cdef struct LogEntry:
    int64_t total            # the seat's bet on the street after the action
    uint8_t seat
    uint8_t action           # LOG_*
    uint8_t street
    uint8_t all_in


cdef struct Log:
    LogEntry* entries
    int32_t capacity


cdef struct Batch:
    Rules rules
    Py_ssize_t n_tables
    int n_seats
    int variant
    bint carry               # stacks carry over from hand to hand
    bint counting            # play(): add each finished hand to the totals
    # per seat
    int64_t* start           # starting stacks
    int64_t* stack           # chips behind
    int64_t* begin           # stacks before this hand's blinds
    int64_t* bet             # this street's bets
    int64_t* contrib         # chips put in this hand
    int64_t* payout          # a settled hand's payouts (uncalled chips included)
    int64_t* uncalled
    uint8_t* status
    uint8_t* acted
    uint8_t* holes           # 5 bytes a seat
    # per table
    uint8_t* board           # 5 bytes a table, dealt at the start of the hand
    int8_t* street
    int8_t* actor
    int8_t* button
    int8_t* sb_seat
    int8_t* bb_seat
    int8_t* board_n
    int8_t* last_aggr
    int8_t* n_live           # seats that can still act (not folded, not all-in)
    int8_t* n_in             # seats not folded
    int64_t* bet_to
    int64_t* min_raise
    int64_t* level           # fixed limit: the last full bet level
    int64_t* bet_size
    int64_t* pot
    int32_t* n_bets
    uint8_t* capped
    uint8_t* hu_round
    int64_t* to_call         # the acting seat's legal actions
    int64_t* min_to
    int64_t* max_to
    uint64_t* deal_rng
    uint64_t* policy_rng
    uint8_t* broken          # a settlement that could not be made (never set; checked after each call)
    # the log of this hand and of the last finished one: logs[2 t + slot]
    Log* logs
    uint8_t* log_slot
    int32_t* log_n           # entries of this hand's log; -1: lost (no memory)
    # the last finished hand
    int64_t* last_begin
    int64_t* last_contrib
    int64_t* last_payout
    uint8_t* last_status
    uint8_t* last_holes
    uint8_t* last_board
    int8_t* last_board_n
    int8_t* last_button
    int8_t* last_sb
    int8_t* last_bb
    int8_t* last_aggr_end
    int32_t* last_log_n
    int64_t* hands           # hands finished at each table
    # play()'s totals per seat: hands dealt in, net chips, showdowns won
    int64_t* tot_hands
    int64_t* tot_net
    int64_t* tot_won
    uint8_t* overflow        # a total passed int64


include "_batch_rules.pxi"
include "_batch_hands.pxi"


# 0 when kind (and amount) is a legal action at table t, else 1.
cdef inline int illegal(const Batch* b, Py_ssize_t t, int8_t kind, int64_t amount) noexcept nogil:
    if kind == ACT_FOLD or kind == ACT_CALL:
        return 0
    if kind == ACT_RAISE:
        return not (b.max_to[t] > 0 and b.min_to[t] <= amount <= b.max_to[t])
    return 1


# ---------------------------------------------------------------- the Python surface


@cython.auto_pickle(False)
cdef class Engine:
    """The state of ``n_tables`` tables and the calls that play them (see :class:`omaha8.game.BatchTables`).

    Nothing is checked here beyond shapes: the caller gives a structure's numbers,
    starting stacks (``start``, (n_tables, n_seats), each table with 2..9 or 10 seats
    with chips), legal actions and valid table indices.
    """

    cdef Batch b
    cdef dict arrays         # the arrays behind the Batch's pointers, by field name
    cdef dict spare          # the output arrays of the last observe() and apply(), by name

    def __cinit__(self, Py_ssize_t n_tables, int n_seats, int variant, int kind, int64_t small_blind,
                  int64_t big_blind, int64_t small_bet, int64_t big_bet, int cap, int heads_up_rule, bint carry,
                  const int64_t[:, ::1] start, uint64_t seed):
        cdef Py_ssize_t t, seats = n_tables * n_seats
        cdef uint64_t key = mix64(seed ^ 0x6261746368ULL)
        cdef Batch* b = &self.b
        if n_tables < 1 or not 2 <= n_seats <= MAX_TABLE_SEATS or variant not in (4, 5):
            raise ValueError("n_tables must be >= 1, n_seats 2..10 and variant 4 or 5")
        if start.shape[0] != n_tables or start.shape[1] != n_seats:
            raise ValueError("start must be (n_tables, n_seats)")
        self.arrays = {}
        self.spare = {}
        b.logs = NULL
        b.n_tables = n_tables
        b.n_seats = n_seats
        b.variant = variant
        b.carry = carry
        b.counting = False
        b.rules.kind = kind
        b.rules.small_blind = small_blind
        b.rules.big_blind = big_blind
        b.rules.small_bet = small_bet
        b.rules.big_bet = big_bet
        b.rules.cap = cap
        b.rules.heads_up_rule = heads_up_rule
        b.start = <int64_t*>self._array("start", seats, np.int64)
        b.stack = <int64_t*>self._array("stack", seats, np.int64)
        b.begin = <int64_t*>self._array("begin", seats, np.int64)
        b.bet = <int64_t*>self._array("bet", seats, np.int64)
        b.contrib = <int64_t*>self._array("contrib", seats, np.int64)
        b.payout = <int64_t*>self._array("payout", seats, np.int64)
        b.uncalled = <int64_t*>self._array("uncalled", seats, np.int64)
        b.status = <uint8_t*>self._array("status", seats, np.uint8)
        b.acted = <uint8_t*>self._array("acted", seats, np.uint8)
        b.holes = <uint8_t*>self._array("holes", seats * 5, np.uint8)
        b.board = <uint8_t*>self._array("board", n_tables * 5, np.uint8)
        b.street = <int8_t*>self._array("street", n_tables, np.int8)
        b.actor = <int8_t*>self._array("actor", n_tables, np.int8)
        b.button = <int8_t*>self._array("button", n_tables, np.int8)
        b.sb_seat = <int8_t*>self._array("sb_seat", n_tables, np.int8)
        b.bb_seat = <int8_t*>self._array("bb_seat", n_tables, np.int8)
        b.board_n = <int8_t*>self._array("board_n", n_tables, np.int8)
        b.last_aggr = <int8_t*>self._array("last_aggr", n_tables, np.int8)
        b.n_live = <int8_t*>self._array("n_live", n_tables, np.int8)
        b.n_in = <int8_t*>self._array("n_in", n_tables, np.int8)
        b.bet_to = <int64_t*>self._array("bet_to", n_tables, np.int64)
        b.min_raise = <int64_t*>self._array("min_raise", n_tables, np.int64)
        b.level = <int64_t*>self._array("level", n_tables, np.int64)
        b.bet_size = <int64_t*>self._array("bet_size", n_tables, np.int64)
        b.pot = <int64_t*>self._array("pot", n_tables, np.int64)
        b.n_bets = <int32_t*>self._array("n_bets", n_tables, np.int32)
        b.capped = <uint8_t*>self._array("capped", n_tables, np.uint8)
        b.hu_round = <uint8_t*>self._array("hu_round", n_tables, np.uint8)
        b.to_call = <int64_t*>self._array("to_call", n_tables, np.int64)
        b.min_to = <int64_t*>self._array("min_to", n_tables, np.int64)
        b.max_to = <int64_t*>self._array("max_to", n_tables, np.int64)
        b.deal_rng = <uint64_t*>self._array("deal_rng", n_tables, np.uint64)
        b.policy_rng = <uint64_t*>self._array("policy_rng", n_tables, np.uint64)
        b.broken = <uint8_t*>self._array("broken", n_tables, np.uint8)
        b.log_slot = <uint8_t*>self._array("log_slot", n_tables, np.uint8)
        b.log_n = <int32_t*>self._array("log_n", n_tables, np.int32)
        b.last_begin = <int64_t*>self._array("last_begin", seats, np.int64)
        b.last_contrib = <int64_t*>self._array("last_contrib", seats, np.int64)
        b.last_payout = <int64_t*>self._array("last_payout", seats, np.int64)
        b.last_status = <uint8_t*>self._array("last_status", seats, np.uint8)
        b.last_holes = <uint8_t*>self._array("last_holes", seats * 5, np.uint8)
        b.last_board = <uint8_t*>self._array("last_board", n_tables * 5, np.uint8)
        b.last_board_n = <int8_t*>self._array("last_board_n", n_tables, np.int8)
        b.last_button = <int8_t*>self._array("last_button", n_tables, np.int8)
        b.last_sb = <int8_t*>self._array("last_sb", n_tables, np.int8)
        b.last_bb = <int8_t*>self._array("last_bb", n_tables, np.int8)
        b.last_aggr_end = <int8_t*>self._array("last_aggr_end", n_tables, np.int8)
        b.last_log_n = <int32_t*>self._array("last_log_n", n_tables, np.int32)
        b.hands = <int64_t*>self._array("hands", n_tables, np.int64)
        b.tot_hands = <int64_t*>self._array("tot_hands", seats, np.int64)
        b.tot_net = <int64_t*>self._array("tot_net", seats, np.int64)
        b.tot_won = <int64_t*>self._array("tot_won", seats, np.int64)
        b.overflow = <uint8_t*>self._array("overflow", n_tables, np.uint8)
        b.logs = <Log*>calloc(2 * n_tables, sizeof(Log))
        if b.logs == NULL:
            raise MemoryError("no memory for the tables' hand logs")
        for t in range(n_tables):
            memcpy(&b.start[t * n_seats], &start[t, 0], n_seats * sizeof(int64_t))
            memcpy(&b.stack[t * n_seats], &start[t, 0], n_seats * sizeof(int64_t))
            b.deal_rng[t] = mix64(key + 2 * <uint64_t>t)
            b.policy_rng[t] = mix64(key + 2 * <uint64_t>t + 1)
            # the first button: the first seat with chips
            b.button[t] = 0
            while b.start[t * n_seats + b.button[t]] == 0:
                b.button[t] += 1
        with nogil:
            for t in range(n_tables):
                start_hand(b, t)
                finish_pending(b, t, NULL)

    def __dealloc__(self):
        cdef Py_ssize_t i
        if self.b.logs != NULL:
            for i in range(2 * self.b.n_tables):
                free(self.b.logs[i].entries)
            free(self.b.logs)
            self.b.logs = NULL

    cdef void* _array(self, str name, Py_ssize_t n, object dtype) except NULL:
        """A zeroed array of n items for the field ``name``, kept alive with the engine; its data pointer."""
        array = np.zeros(max(n, 1), dtype=dtype)
        self.arrays[name] = array
        return <void*><size_t>array.ctypes.data

    cdef object _out(self, str name, tuple shape, object dtype):
        """An output array: the last call's of that name when nothing else holds it any more, else a new one.

        Fresh arrays of a few hundred kilobytes cost more in page faults than filling them; an array the
        caller still holds (or a view of it) is never reused, so results stay the caller's.
        """
        old = self.spare.get(name)
        # held by self.spare and by ``old`` alone
        if old is not None and Py_REFCNT(old) == 2 and old.shape == shape:
            return old
        new = np.empty(shape, dtype)
        self.spare[name] = new
        return new

    def observe(self, const Py_ssize_t[::1] rows=None):
        """The acting seat's view of each table (of ``rows`` only, when given): a dict of arrays of the caller's."""
        cdef Batch* b = &self.b
        cdef Py_ssize_t m = b.n_tables if rows is None else rows.shape[0], j, t, base
        cdef int n = b.n_seats, k = b.variant, s, p
        cdef bint every = rows is None
        out = {
            "seat": self._out("seat", (m,), np.int8), "street": self._out("street", (m,), np.int8),
            "button": self._out("button", (m,), np.int8), "board": self._out("board", (m, 5), np.uint8),
            "hole": self._out("hole", (m, k), np.uint8), "pot": self._out("pot", (m,), np.int64),
            "stacks": self._out("stacks", (m, n), np.int64), "bets": self._out("bets", (m, n), np.int64),
            "in_hand": self._out("in_hand", (m, n), np.bool_), "to_call": self._out("to_call", (m,), np.int64),
            "min_to": self._out("min_to", (m,), np.int64), "max_to": self._out("max_to", (m,), np.int64),
            "can_check": self._out("can_check", (m,), np.bool_),
        }
        cdef int8_t[::1] seat = out["seat"], street = out["street"], button = out["button"]
        cdef uint8_t[:, ::1] board = out["board"], hole = out["hole"]
        cdef int64_t[::1] pot = out["pot"], to_call = out["to_call"], min_to = out["min_to"], max_to = out["max_to"]
        cdef int64_t[:, ::1] stacks = out["stacks"], bets = out["bets"]
        cdef uint8_t[:, ::1] in_hand = out["in_hand"].view(np.uint8)
        cdef uint8_t[::1] can_check = out["can_check"].view(np.uint8)
        with nogil:
            for j in range(m):
                t = j if every else rows[j]
                base = t * n
                p = b.actor[t]
                seat[j] = p
                street[j] = b.street[t]
                button[j] = b.button[t]
                for s in range(5):
                    board[j, s] = b.board[t * 5 + s] if s < b.board_n[t] else 255
                for s in range(k):
                    hole[j, s] = b.holes[(base + p) * 5 + s]
                pot[j] = b.pot[t]
                for s in range(n):
                    stacks[j, s] = b.stack[base + s]
                    bets[j, s] = b.bet[base + s]
                    in_hand[j, s] = b.status[base + s] == LIVE or b.status[base + s] == ALLIN
                to_call[j] = b.to_call[t]
                min_to[j] = b.min_to[t]
                max_to[j] = b.max_to[t]
                can_check[j] = b.to_call[t] == 0
        return out

    def first_illegal(self, const int8_t[::1] kinds, const int64_t[::1] amounts, const Py_ssize_t[::1] rows=None):
        """The first j whose action (kinds[j], amounts[j]) is illegal at its table (rows[j], or j), or -1."""
        cdef Py_ssize_t j, t, bad = -1
        cdef bint every = rows is None
        with nogil:
            for j in range(kinds.shape[0]):
                t = j if every else rows[j]
                if illegal(&self.b, t, kinds[j], amounts[j]):
                    bad = j
                    break
        return bad

    def apply(self, const int8_t[::1] kinds, const int64_t[::1] amounts, int n_threads,
              const Py_ssize_t[::1] rows=None):
        """Apply legal actions, one a table (of ``rows`` when given), and start the next hands.

        Returns ``(finished, net)``: the hands finished at each table (int32) and their net chips per seat.
        """
        cdef Py_ssize_t j, t, m = kinds.shape[0]
        cdef int s
        cdef Batch* b = &self.b
        cdef bint every = rows is None
        finished_array = self._out("finished", (m,), np.int32)
        net_array = self._out("net", (m, b.n_seats), np.int64)
        cdef int32_t[::1] finished = finished_array
        cdef int64_t[:, ::1] net = net_array
        for j in prange(m, nogil=True, schedule="static", num_threads=max(1, n_threads)):
            t = j if every else rows[j]
            for s in range(b.n_seats):
                net[j, s] = 0
            apply_action(b, t, kinds[j], amounts[j])
            finished[j] = finish_pending(b, t, &net[j, 0])
        return finished_array, net_array

    def play(self, const int64_t[::1] hands, int policy, int n_threads):
        """Play hands[t] hands at each table t with a built-in policy (0 random, 1 call).

        Each thread takes one contiguous block of tables (static schedule): tables whose fields share a
        cache line are then played by one thread, not fought over by two.
        """
        cdef Py_ssize_t t
        cdef Batch* b = &self.b
        for t in prange(b.n_tables, nogil=True, schedule="static", num_threads=max(1, n_threads)):
            play_table(b, t, hands[t], policy)

    def advance(self, const int8_t[::1] policy, const int8_t[::1] kinds, const int64_t[::1] amounts, int n_threads):
        """Apply kinds[t] (where >= 0) at each table t, then play policy[s] (0 random, 1 call, 2 wait) of each seat
        to act until a waiting seat is to act.

        Returns ``(finished, net, more, more_net, final)``: whether the hand in play at the call finished, its
        net chips, the hands after it that finished and their net chips, and a dict of its end
        (``button``, ``board``, ``stacks``, ``bets``, ``in_hand``, ``holes``).
        """
        cdef Batch* b = &self.b
        cdef Py_ssize_t m = b.n_tables, t
        cdef int n = b.n_seats, k = b.variant
        finished_array = self._out("advance_finished", (m,), np.bool_)
        net_array = self._out("advance_net", (m, n), np.int64)
        more_array = self._out("advance_more", (m,), np.int64)
        more_net_array = self._out("advance_more_net", (m, n), np.int64)
        final = {
            "button": self._out("final_button", (m,), np.int8),
            "board": self._out("final_board", (m, 5), np.uint8),
            "stacks": self._out("final_stacks", (m, n), np.int64),
            "bets": self._out("final_bets", (m, n), np.int64),
            "in_hand": self._out("final_in_hand", (m, n), np.bool_),
            "holes": self._out("final_holes", (m, n, k), np.uint8),
        }
        cdef uint8_t[::1] finished = finished_array.view(np.uint8)
        cdef int64_t[:, ::1] net = net_array, more_net = more_net_array
        cdef int64_t[::1] more = more_array
        cdef int8_t[::1] button = final["button"]
        cdef uint8_t[:, ::1] board = final["board"], in_hand = final["in_hand"].view(np.uint8)
        cdef int64_t[:, ::1] stacks = final["stacks"], bets = final["bets"]
        cdef uint8_t[:, :, ::1] holes = final["holes"]
        if policy.shape[0] != n or kinds.shape[0] != m or amounts.shape[0] != m:
            raise ValueError("policy must have n_seats entries, kinds and amounts n_tables")
        for t in prange(m, nogil=True, schedule="static", num_threads=max(1, n_threads)):
            advance_row(b, t, &policy[0], kinds[t], amounts[t], &finished[t], &net[t, 0], &more[t],
                        &more_net[t, 0], &button[t], &board[t, 0], &stacks[t, 0], &bets[t, 0], &in_hand[t, 0],
                        &holes[t, 0, 0])
        return finished_array, net_array, more_array, more_net_array, final

    def counting(self, bint on):
        """Start (zeroing the totals) or stop adding finished hands to the totals."""
        cdef Py_ssize_t i
        if on:
            for i in range(self.b.n_tables * self.b.n_seats):
                self.b.tot_hands[i] = self.b.tot_net[i] = self.b.tot_won[i] = 0
            for i in range(self.b.n_tables):
                self.b.overflow[i] = 0
        self.b.counting = on

    def totals(self):
        """(hands dealt in, net chips, showdowns won) per table and seat, and whether a total overflowed."""
        return (self._view("tot_hands", True).copy(), self._view("tot_net", True).copy(),
                self._view("tot_won", True).copy(), bool(self._view("overflow", False).any()))

    def broken(self):
        """Whether a table settled a hand it could not (a guard: never expected)."""
        return bool(self._view("broken", False).any())

    cdef object _view(self, str name, bint per_seat):
        """The field's array, (n_tables,) or (n_tables, n_seats): a view, not a copy."""
        array = self.arrays[name]
        return array.reshape(self.b.n_tables, self.b.n_seats) if per_seat else array

    def buttons(self):
        """Each table's button seat (a copy)."""
        return self._view("button", False).copy()

    def hands_finished(self):
        """Hands finished at each table (a copy)."""
        return self._view("hands", False).copy()

    def last_net(self):
        """Net chips of each table's last finished hand (n_tables, n_seats)."""
        return self._view("last_payout", True) - self._view("last_contrib", True)

    def last_hand(self, Py_ssize_t t):
        """The record of table t's last finished hand, as plain Python values (for its history)."""
        cdef int n = self.b.n_seats, s, j
        cdef Py_ssize_t base = t * n
        cdef Log* log = &self.b.logs[2 * t + (self.b.log_slot[t] ^ 1)]
        cdef LogEntry e
        actions = None
        if self.b.last_log_n[t] >= 0:
            actions = []
            for j in range(self.b.last_log_n[t]):
                e = log.entries[j]
                actions.append((e.street, e.seat, e.action, e.total, bool(e.all_in)))
        return {
            "stacks": [self.b.last_begin[base + s] for s in range(n)],
            "contributions": [self.b.last_contrib[base + s] for s in range(n)],
            "payouts": [self.b.last_payout[base + s] for s in range(n)],
            "status": [self.b.last_status[base + s] for s in range(n)],
            "holes": [bytes(self.b.last_holes[(base + s) * 5: (base + s) * 5 + self.b.variant]) for s in range(n)],
            "board": bytes(self.b.last_board[t * 5: t * 5 + self.b.last_board_n[t]]),
            "button": self.b.last_button[t],
            "small_blind_seat": self.b.last_sb[t],
            "big_blind_seat": self.b.last_bb[t],
            "last_aggressor": self.b.last_aggr_end[t],
            "actions": actions,
        }
