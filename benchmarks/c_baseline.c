/* A plain C Omaha hi/lo evaluator: the yardstick of the kernel rows of bench_headline.py.
 *
 * It scores every combination of two hole cards and three board cards (60 for a 4-card
 * hole, 100 for a 5-card hole) by table lookups and keeps the best high and the best
 * 8-or-better low. It shares nothing with omaha8: its tables are built here, when
 * baseline_init is called, from its own hand ordering. Its values are numbered like
 * omaha8's (high 1..7462 and low 1..56, greater is stronger, low 0 for none), so the
 * benchmark checks that both give the same values on the same deals.
 *
 * Its working set is about 100 KB (a 91 x 455 table of uint16 values and small ones), so
 * it runs at the core's lookup rate on any CPU with a 256 KB L2 or more.
 *
 * Card ids as omaha8: rank * 4 + suit, rank 0 = deuce .. 12 = ace.
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { N_PAIRS = 91, N_TRIPLES = 455, N_HIGH = 7462, N_LOW = 56 };

static uint16_t PAIR_TRIPLE[N_PAIRS * N_TRIPLES]; /* value of a rank pair + rank triple, unsuited */
static uint16_t PAIR_INDEX[13 * 13];              /* pair class * N_TRIPLES, either order */
static uint16_t TRIPLE_INDEX[13 * 13 * 13];       /* triple class, any order */
static uint16_t FLUSH[8192];                      /* value of five suited cards by rank mask */
static uint8_t LOW[256];                          /* value of five distinct low ranks by mask (ace = bit 0) */
static uint8_t LOW_BIT[13];                       /* rank -> its low bit, 0 above eight */
static uint32_t KEYS[N_HIGH];                     /* sorted hand keys: value = index + 1 */

enum { HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH_CAT, FULL_HOUSE, QUADS, STRAIGHT_FLUSH };

/* A key ordering 5-card hands: category << 20, then the ranks grouped by count (most
 * first), larger rank first, a nibble each; a straight keeps only its top card. */
static uint32_t hand_key(const int *ranks, int suited) {
    int count[13] = {0};
    int i, c, r, n = 0, most = 0, top = -1;
    uint32_t kick = 0, mask = 0;
    for (i = 0; i < 5; i++) {
        count[ranks[i]]++;
        mask |= 1u << ranks[i];
    }
    for (c = 4; c >= 1; c--)
        for (r = 12; r >= 0; r--)
            if (count[r] == c) {
                kick = kick << 4 | (uint32_t)r;
                n++;
                if (c > most) most = c;
            }
    kick <<= 4 * (5 - n);
    if (n == 5) {
        if (mask == 0x100F) top = 3; /* A-2-3-4-5 */
        for (r = 12; r >= 4 && top < 0; r--)
            if (((mask >> (r - 4)) & 0x1F) == 0x1F) top = r;
        if (top >= 0) return (uint32_t)(suited ? STRAIGHT_FLUSH : STRAIGHT) << 20 | (uint32_t)top << 16;
        return (uint32_t)(suited ? FLUSH_CAT : HIGH_CARD) << 20 | kick;
    }
    if (most == 4) return (uint32_t)QUADS << 20 | kick;
    if (most == 3) return (uint32_t)(n == 2 ? FULL_HOUSE : TRIPS) << 20 | kick;
    return (uint32_t)(n == 3 ? TWO_PAIR : ONE_PAIR) << 20 | kick;
}

static int by_value(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static uint16_t value_of(uint32_t key) {
    const uint32_t *found = bsearch(&key, KEYS, N_HIGH, sizeof(uint32_t), by_value);
    return found ? (uint16_t)(found - KEYS + 1) : 0;
}

static int popcount(uint32_t m) {
    int n = 0;
    for (; m; m &= m - 1) n++;
    return n;
}

/* Builds the tables; returns the number of distinct high hands (7462), or -1. */
int baseline_init(void) {
    static uint32_t all[6175 + 1287];
    int n = 0, a, b, c, d, e, m, i, pair, triple;
    int ranks[5];
    for (a = 0; a < 13; a++)
        for (b = a; b < 13; b++)
            for (c = b; c < 13; c++)
                for (d = c; d < 13; d++)
                    for (e = d; e < 13; e++) {
                        if (a == e) continue; /* five of a kind */
                        ranks[0] = a; ranks[1] = b; ranks[2] = c; ranks[3] = d; ranks[4] = e;
                        all[n++] = hand_key(ranks, 0);
                    }
    for (m = 0; m < 8192; m++) {
        if (popcount((uint32_t)m) != 5) continue;
        for (i = 0, a = 0; i < 13; i++)
            if (m >> i & 1) ranks[a++] = i;
        all[n++] = hand_key(ranks, 1);
    }
    qsort(all, (size_t)n, sizeof(uint32_t), by_value);
    for (i = 1, a = 1; i < n; i++)
        if (all[i] != all[a - 1]) all[a++] = all[i];
    if (a != N_HIGH) return -1;
    memcpy(KEYS, all, sizeof(KEYS));

    pair = 0;
    for (a = 0; a < 13; a++)
        for (b = a; b < 13; b++) {
            PAIR_INDEX[a * 13 + b] = PAIR_INDEX[b * 13 + a] = (uint16_t)(pair * N_TRIPLES);
            triple = 0;
            for (c = 0; c < 13; c++)
                for (d = c; d < 13; d++)
                    for (e = d; e < 13; e++) {
                        ranks[0] = a; ranks[1] = b; ranks[2] = c; ranks[3] = d; ranks[4] = e;
                        PAIR_TRIPLE[pair * N_TRIPLES + triple] =
                            (a == b && b == c && c == d && d == e) ? 0 : value_of(hand_key(ranks, 0));
                        if (pair == 0) {
                            TRIPLE_INDEX[c * 169 + d * 13 + e] = TRIPLE_INDEX[c * 169 + e * 13 + d] =
                                TRIPLE_INDEX[d * 169 + c * 13 + e] = TRIPLE_INDEX[d * 169 + e * 13 + c] =
                                TRIPLE_INDEX[e * 169 + c * 13 + d] = TRIPLE_INDEX[e * 169 + d * 13 + c] =
                                    (uint16_t)triple;
                        }
                        triple++;
                    }
            pair++;
        }
    for (m = 0; m < 8192; m++) {
        FLUSH[m] = 0;
        if (popcount((uint32_t)m) != 5) continue;
        for (i = 0, a = 0; i < 13; i++)
            if (m >> i & 1) ranks[a++] = i;
        FLUSH[m] = value_of(hand_key(ranks, 1));
    }
    /* a low compares its highest card first: the smaller the mask, the better the low */
    for (m = 0, n = 0; m < 256; m++) {
        LOW[m] = 0;
        if (popcount((uint32_t)m) == 5) LOW[m] = (uint8_t)(N_LOW - n++);
    }
    for (i = 0; i < 13; i++) LOW_BIT[i] = (uint8_t)(i == 12 ? 1 : i <= 6 ? 1 << (i + 1) : 0);
    return N_HIGH;
}

/* Best high and low of one row: a hole of n_hole cards and a board of five. Each hole
 * pair's and each board triple's parts (table offset, suit, rank bits, low bits) are worked
 * out once; a combination is then one lookup for its high, one for its low, and one more
 * for a flush when all five cards share a suit. */
static inline void evaluate_row(const uint8_t *h, const uint8_t *d, const int n_hole, uint16_t *high, uint8_t *low) {
    int pair_offset[10], pair_suit[10];
    uint32_t pair_bits[10], pair_low[10];
    int i, j, a, b, c, p, n_pairs = 0;
    uint16_t best = 0, v, f;
    uint8_t best_low = 0, l;
    for (i = 0; i < n_hole - 1; i++)
        for (j = i + 1; j < n_hole; j++) {
            pair_offset[n_pairs] = PAIR_INDEX[(h[i] >> 2) * 13 + (h[j] >> 2)];
            pair_suit[n_pairs] = (h[i] & 3) == (h[j] & 3) ? h[i] & 3 : -1;
            pair_bits[n_pairs] = 1u << (h[i] >> 2) | 1u << (h[j] >> 2);
            pair_low[n_pairs] = (uint32_t)LOW_BIT[h[i] >> 2] | LOW_BIT[h[j] >> 2];
            n_pairs++;
        }
    for (a = 0; a < 3; a++)
        for (b = a + 1; b < 4; b++)
            for (c = b + 1; c < 5; c++) {
                int triple = TRIPLE_INDEX[(d[a] >> 2) * 169 + (d[b] >> 2) * 13 + (d[c] >> 2)];
                /* -2: no pair's suit (-1 or 0..3) matches a triple of mixed suits */
                int triple_suit = (d[a] & 3) == (d[b] & 3) && (d[b] & 3) == (d[c] & 3) ? d[a] & 3 : -2;
                uint32_t triple_bits = 1u << (d[a] >> 2) | 1u << (d[b] >> 2) | 1u << (d[c] >> 2);
                uint32_t triple_low = (uint32_t)LOW_BIT[d[a] >> 2] | LOW_BIT[d[b] >> 2] | LOW_BIT[d[c] >> 2];
                for (p = 0; p < n_pairs; p++) {
                    v = PAIR_TRIPLE[pair_offset[p] + triple];
                    if (pair_suit[p] == triple_suit) {
                        f = FLUSH[pair_bits[p] | triple_bits];
                        if (f > v) v = f;
                    }
                    if (v > best) best = v;
                    l = LOW[pair_low[p] | triple_low];
                    if (l > best_low) best_low = l;
                }
            }
    *high = best;
    *low = best_low;
}

/* Best high and low of n rows: holes (n, n_hole) and boards (n, 5) card ids. The row
 * function is inlined with a constant hole size, so the compiler unrolls its loops. */
void baseline_evaluate(const uint8_t *holes, const uint8_t *boards, int64_t n, int n_hole,
                       uint16_t *high, uint8_t *low) {
    int64_t row;
    if (n_hole == 4)
        for (row = 0; row < n; row++) evaluate_row(holes + row * 4, boards + row * 5, 4, high + row, low + row);
    else
        for (row = 0; row < n; row++) evaluate_row(holes + row * 5, boards + row * 5, 5, high + row, low + row);
}
