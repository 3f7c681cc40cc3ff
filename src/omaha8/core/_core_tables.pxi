# Table building for omaha8.core._core, included by _core.pyx (which declares the
# tables): hand keys ordered like poker, then every lookup table built from them.

# ---------------------------------------------------------------- hand keys

cdef int straight_top(uint32_t mask) noexcept nogil:
    """Rank of the top card of a straight made by a 5-rank mask, or -1."""
    cdef int top
    if mask == 0x100F:  # A-2-3-4-5: the wheel, five high
        return 3
    for top in range(12, 3, -1):
        if (mask >> (top - 4)) & 0x1F == 0x1F:
            return top
    return -1


cdef uint32_t hand_key(const int* ranks, bint suited) noexcept nogil:
    """A key that orders 5-card hands like poker: category, then ranks.

    Ranks are listed grouped by (count, rank), largest first, one nibble each,
    so two hands of one category compare by their nibbles. 0 means impossible
    (five of a kind, or a "flush" with a repeated rank).
    """
    cdef int counts[13]
    cdef int i, c, r, n = 0, most = 0, top
    cdef uint32_t kickers = 0, mask = 0
    memset(counts, 0, sizeof(counts))
    for i in range(5):
        counts[ranks[i]] += 1
        mask |= (<uint32_t>1) << ranks[i]
    for c in range(4, 0, -1):
        for r in range(12, -1, -1):
            if counts[r] == c:
                kickers = (kickers << 4) | r
                n += 1
                if c > most:
                    most = c
    if n == 0 or most == 0 or (suited and n != 5):
        return 0
    for r in range(13):
        if counts[r] > 4:
            return 0
    kickers <<= 4 * (5 - n)
    if n == 5:
        top = straight_top(mask)
        if top >= 0:
            return ((STRAIGHT_FLUSH if suited else STRAIGHT) << CATEGORY_SHIFT) | (<uint32_t>top << 16)
        return ((FLUSH if suited else HIGH_CARD) << CATEGORY_SHIFT) | kickers
    if most == 4:
        return (FOUR_OF_A_KIND << CATEGORY_SHIFT) | kickers
    if most == 3:
        return ((FULL_HOUSE if n == 2 else THREE_OF_A_KIND) << CATEGORY_SHIFT) | kickers
    return ((TWO_PAIR if n == 3 else ONE_PAIR) << CATEGORY_SHIFT) | kickers


cdef int compare_keys(const void* a, const void* b) noexcept nogil:
    cdef uint32_t x = (<const uint32_t*>a)[0], y = (<const uint32_t*>b)[0]
    return (x > y) - (x < y)


cdef uint16_t value_of_key(uint32_t key) noexcept nogil:
    """Binary search of HIGH_KEYS: the value 1..7462 of a key, 0 if absent."""
    cdef int lo = 1, hi = N_HIGH_VALUES, mid
    if key == 0:
        return 0
    while lo <= hi:
        mid = (lo + hi) >> 1
        if HIGH_KEYS[mid] == key:
            return <uint16_t>mid
        if HIGH_KEYS[mid] < key:
            lo = mid + 1
        else:
            hi = mid - 1
    return 0




# ---------------------------------------------------------------- tables

cdef int build_high_keys() except -1:
    """Fill HIGH_KEYS with the sorted keys of every distinct 5-card class."""
    cdef uint32_t keys[6175 + 1287 + 16]
    cdef int n = 0, a, b, c, d, e, i, m
    cdef int ranks[5]
    # non-suited: every multiset of five ranks with no rank five times
    for a in range(13):
        for b in range(a, 13):
            for c in range(b, 13):
                for d in range(c, 13):
                    for e in range(d, 13):
                        ranks[0] = a; ranks[1] = b; ranks[2] = c; ranks[3] = d; ranks[4] = e
                        k = hand_key(ranks, False)
                        if k:
                            keys[n] = k
                            n += 1
    # suited: every set of five distinct ranks
    for m in range(8192):
        if popcount(m) == 5:
            a = 0
            for i in range(13):
                if m >> i & 1:
                    ranks[a] = i
                    a += 1
            keys[n] = hand_key(ranks, True)
            n += 1
    qsort(keys, n, sizeof(uint32_t), compare_keys)
    if n != N_HIGH_VALUES:
        raise RuntimeError(f"built {n} high classes, expected {N_HIGH_VALUES}")
    for i in range(n):
        if keys[i] == 0 or (i and keys[i] == keys[i - 1]):
            raise RuntimeError("high hand keys are not distinct")
        HIGH_KEYS[i + 1] = keys[i]
    HIGH_KEYS[0] = 0
    return 0


cdef int binomial(int n, int k) noexcept nogil:
    cdef int i, r = 1
    if k < 0 or k > n:
        return 0
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


cdef inline void compare_swap(uint8_t* s, int i, int j) noexcept nogil:
    cdef uint8_t a = s[i], b = s[j]
    s[i] = a if a < b else b
    s[j] = b if a < b else a


cdef inline int board_class(const uint8_t* r) noexcept nogil:
    """Number (0..6187) of the multiset of five ranks r[0..4], in any order."""
    cdef uint8_t s[5]
    s[0] = r[0]; s[1] = r[1]; s[2] = r[2]; s[3] = r[3]; s[4] = r[4]
    # a 9-comparator sorting network: branch-free, so random boards cost no mispredictions
    compare_swap(s, 0, 1); compare_swap(s, 3, 4); compare_swap(s, 2, 4)
    compare_swap(s, 2, 3); compare_swap(s, 0, 3); compare_swap(s, 0, 2)
    compare_swap(s, 1, 4); compare_swap(s, 1, 3); compare_swap(s, 1, 2)
    # sorted ranks s0 <= .. <= s4 map to distinct positions s_i + i of 17:
    # the combinatorial number system numbers them densely
    return (MULTISET_RANK[0][s[0]] + MULTISET_RANK[1][s[1]] + MULTISET_RANK[2][s[2]]
            + MULTISET_RANK[3][s[3]] + MULTISET_RANK[4][s[4]])


cdef int build_high_board() except -1:
    cdef int a, b, c, d, e, t, pair, cls
    cdef uint8_t r[5]
    cdef uint16_t triple[10]
    cdef uint16_t best, v
    for a in range(13):
        for b in range(a, 13):
            for c in range(b, 13):
                for d in range(c, 13):
                    for e in range(d, 13):
                        r[0] = a; r[1] = b; r[2] = c; r[3] = d; r[4] = e
                        cls = board_class(r)
                        if cls < 0 or cls >= N_BOARD_CLASSES:
                            raise RuntimeError(f"board class {cls} out of range")
                        for t in range(10):
                            triple[t] = TRIPLE_INDEX[r[TRIPLES[t][0]] * 169 + r[TRIPLES[t][1]] * 13
                                                     + r[TRIPLES[t][2]]]
                        for pair in range(N_PAIR_CLASSES):
                            best = 0
                            for t in range(10):
                                v = HIGH_RANKS[pair * N_TRIPLE_CLASSES + triple[t]]
                                if v > best:
                                    best = v
                            HIGH_BOARD[cls * N_PAIR_CLASSES + pair] = best
    return 0


cdef int build_tables() except -1:
    cdef int a, b, c, i, j, k, m, n, pair, triple, hole, board, card
    cdef int ranks[5]
    cdef uint8_t r5[5]
    cdef int pair_ranks[N_PAIR_CLASSES][2]
    cdef int triple_ranks[N_TRIPLE_CLASSES][3]
    cdef uint32_t splittable

    # card bytes: ids >= 52 alias id % 52 so no byte indexes past a table
    for card in range(256):
        CARD_RANK[card] = (card % 52) >> 2
        CARD_SUIT[card] = card & 3
        a = CARD_RANK[card]
        CARD_LOWBIT[card] = 1 if a == 12 else (1 << (a + 1) if a <= 6 else 0)
        CARD_BIT[card] = (<uint64_t>1) << (card if card < 52 else 63)
        CARD_INFO[card] = (1u << (4 * (card & 3))) | (<uint32_t>CARD_LOWBIT[card] << 16) | (<uint32_t>a << 24)

    n = 0
    for i in range(3):
        for j in range(i + 1, 4):
            for k in range(j + 1, 5):
                TRIPLES[n][0] = i; TRIPLES[n][1] = j; TRIPLES[n][2] = k
                n += 1
    # the six pairs of a 4-card hole come first, so a 4-card loop can stop at 6
    n = 0
    for i in range(4):
        for j in range(i + 1, 4):
            PAIRS[n][0] = i; PAIRS[n][1] = j
            n += 1
    for i in range(4):
        PAIRS[n][0] = i; PAIRS[n][1] = 4
        n += 1

    build_high_keys()

    pair = 0
    for a in range(13):
        for b in range(a, 13):
            pair_ranks[pair][0] = a; pair_ranks[pair][1] = b
            PAIR_OFFSET[a * 13 + b] = PAIR_OFFSET[b * 13 + a] = pair * N_TRIPLE_CLASSES
            pair += 1
    triple = 0
    for a in range(13):
        for b in range(a, 13):
            for c in range(b, 13):
                triple_ranks[triple][0] = a; triple_ranks[triple][1] = b; triple_ranks[triple][2] = c
                for i, j, k in ((a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)):
                    TRIPLE_INDEX[i * 169 + j * 13 + k] = triple
                triple += 1
    for pair in range(N_PAIR_CLASSES):
        for triple in range(N_TRIPLE_CLASSES):
            ranks[0] = pair_ranks[pair][0]; ranks[1] = pair_ranks[pair][1]
            ranks[2] = triple_ranks[triple][0]; ranks[3] = triple_ranks[triple][1]
            ranks[4] = triple_ranks[triple][2]
            HIGH_RANKS[pair * N_TRIPLE_CLASSES + triple] = value_of_key(hand_key(ranks, False))
    for a in range(13):
        for b in range(13):
            PAIR_CLASS[a * 13 + b] = PAIR_OFFSET[a * 13 + b] // N_TRIPLE_CLASSES
    for i in range(5):
        for a in range(13):
            MULTISET_RANK[i][a] = binomial(a + i, i + 1)
    build_high_board()
    for triple in range(N_TRIPLE_CLASSES):
        for pair in range(N_PAIR_CLASSES):
            r5[0] = triple_ranks[triple][0]; r5[1] = triple_ranks[triple][1]; r5[2] = triple_ranks[triple][2]
            r5[3] = pair_ranks[pair][0]; r5[4] = pair_ranks[pair][1]
            BOARD_CLASS_3_2[triple * N_PAIR_CLASSES + pair] = board_class(r5)
    for m in range(8192):
        HIGH_FLUSH[m] = 0
        if popcount(m) == 5:
            n = 0
            for i in range(13):
                if m >> i & 1:
                    ranks[n] = i
                    n += 1
            HIGH_FLUSH[m] = value_of_key(hand_key(ranks, True))

    # Lows: a 5-rank mask is better the smaller it is (compare the highest
    # card first), so value = 56 - its position among the 56 masks ascending.
    n = 0
    for m in range(256):
        LOW_OF_MASK[m] = 0
        if popcount(m) == 5:
            LOW_OF_MASK[m] = N_LOW_VALUES - n
            LOW_MASKS[N_LOW_VALUES - n] = m
            n += 1
    LOW_MASKS[0] = 0
    # A low mask m splits into 2 hole ranks + 3 other board ranks iff every
    # rank of m is in the hole or on the board, at least 2 are in the hole
    # and at most 2 are missing from the board (those must come from the hole).
    for hole in range(256):
        for board in range(256):
            LOW_BEST[hole << 8 | board] = 0
            if popcount(hole) < 2 or popcount(board) < 3 or popcount(hole | board) < 5:
                continue
            for i in range(N_LOW_VALUES, 0, -1):
                m = LOW_MASKS[i]
                if (m & ~(hole | board)) == 0 and popcount(m & hole) >= 2 and popcount(m & ~board) <= 2:
                    LOW_BEST[hole << 8 | board] = i
                    break
    TABLES.high_board = HIGH_BOARD
    TABLES.high_flush = HIGH_FLUSH
    TABLES.pair_class = PAIR_CLASS
    TABLES.low_best = LOW_BEST
    TABLES.card_rank = CARD_RANK
    TABLES.card_info = CARD_INFO
    TABLES.board_class_3_2 = BOARD_CLASS_3_2
    TABLES.triple_index = TRIPLE_INDEX
    TABLES.high_ranks = HIGH_RANKS
    TABLES.pair_offset = PAIR_OFFSET
    TABLES.card_suit = CARD_SUIT
    TABLES.card_lowbit = CARD_LOWBIT
    return 0


build_tables()


cdef const Tables* tables() noexcept nogil:
    return &TABLES
