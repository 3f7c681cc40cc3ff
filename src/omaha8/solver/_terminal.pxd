# The terminal-value kernel of the subgame solver, as omaha8.solver._cfr cimports it.

from libc.stdint cimport int32_t, int64_t, uint16_t

# One player's live combos on one board, in the orders the walks need (rows are combo ids).
cdef struct Side:
    const int32_t* high_seq     # every live combo, ascending high value
    const uint16_t* high_key    # the high values along high_seq
    const int32_t* low_seq      # every live combo, ascending low value (0: none, so those come first)
    const uint16_t* low_key
    const int32_t* nolow_seq    # the live combos without a low, ascending high value
    const uint16_t* nolow_key
    const int32_t* slots        # [n][nsub]: the table row of each proper subset of a combo's cards
    int64_t n_live
    int64_t n_nolow
    int64_t n_rows              # rows of this board's tables: the subsets some live combo of either side holds

# One player's combos, whatever the board.
cdef struct Combos:
    const int32_t* same         # [n]: the other player's row holding the same cards, or -1
    int64_t n
    int nsub                    # 2**k - 1

# The terminals of one segment of the tree for one player: showdowns first, then folds.
cdef struct Terminals:
    int m_s                     # showdowns: columns 0 .. m_s - 1
    int m_t                     # showdowns and folds
    const double** reach        # [m_t]: the opponent's reach at each terminal, by the opponent's combo id
    double** cfv                # [m_t]: out, the player's counterfactual chips at each, by combo id
    const double* coef_share    # [m_t]: chips a whole pot share is worth (0 at a fold)
    const double* coef_total    # [m_t]: chips gained per opponent reach whatever the cards

cdef int eval_terminals(const Side* hand_side, const Side* opp_side, const Combos* hands, const Combos* opps,
                        const Terminals* t, int threads) noexcept nogil

cdef int fill_side(Side* side, tuple arrays) except -1
cdef int fill_combos(Combos* combos, int nsub, const int32_t[::1] same) except -1
