# The characters card ids are written with, for the text kernels (_parse_text,
# _format_text): rank r is RANK_TEXT[r], suit s is SUIT_TEXT[s], as in omaha8.cards;
# and the code units of card text, bytes or UTF-32 (numpy's str arrays).

from libc.stdint cimport uint8_t, uint32_t

cdef extern from *:
    """
    static const char omaha8_rank_text[] = "23456789TJQKA";
    static const char omaha8_suit_text[] = "cdhs";
    """
    const char* RANK_TEXT "omaha8_rank_text"
    const char* SUIT_TEXT "omaha8_suit_text"

ctypedef fused char_t:
    uint8_t
    uint32_t
