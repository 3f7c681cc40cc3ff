"""Street progression: whose turn is next, and dealing the next street when a round ends.

A round of betting ends when every live seat has acted and matched the bet
(or only one seat could still act, and has put in as much as every all-in,
docs/rules.md §6.7); the next street's cards are dealt and its round opens
left of the button, and after the river the hand is settled.

>>> from omaha8.game import Hand, PotLimit
>>> hand = Hand([100, 100], PotLimit(1, 2), seed=1)
>>> hand.call(); hand.check()  # the small blind completes, the big blind checks: the flop
>>> hand.street, len(hand.board)
('flop', 3)
"""

from __future__ import annotations

from .events import STREETS, BoardDealt
from .settlement import _Settlement
from .state import ALLIN as _ALLIN
from .state import LIVE as _LIVE

__all__: list[str] = []

# the board cards each street deals: preflop none, the flop three, the turn and the river one each
_BOARD_SLICES = ((0, 0), (0, 3), (3, 4), (4, 5))


class _Streets(_Settlement):
    """Turn order and street progression of a hand; the last street ends in settlement."""

    __slots__ = ()

    def _advance(self, p: int) -> None:
        """Give the turn to the next seat clockwise from ``p`` that must act, or end the round."""
        self._legal = None
        status, bet, bet_to = self._status, self._bet, self._bet_to
        if self._n_live >= 2:
            acted = self._acted
            for q in self._after[p]:
                if status[q] == _LIVE and (bet[q] < bet_to or not acted[q]):
                    self._actor = q
                    return
        else:
            # a lone live player who has put in as much as every all-in has nothing to decide
            top = max([bet[s] for s in range(self._n) if status[s] == _ALLIN], default=0)
            if top < bet_to:
                bet_to = top
            for q in self._after[p]:
                if status[q] == _LIVE and bet[q] < bet_to:
                    self._actor = q
                    return
        self._next_street()

    def _next_street(self) -> None:
        street = self._street
        log = self._log
        n = self._n
        if self._runs > 1 and self._n_live < 2 and self._run_from < 0 and self._board_n < 5:
            # nobody can bet any more and cards are to come: the rest of the board is run more than once
            self._run_from = self._board_n
        while True:
            if street == 3:
                self._settle()
                return
            street += 1
            lo, hi = _BOARD_SLICES[street]
            self._board_n = hi
            log.append((BoardDealt, STREETS[street], self._deck_board[lo:hi]))  # Courchevel: the flop's 3 with its upcard
            self._bet = [0] * n
            self._acted = [False] * n
            self._street = street
            self._bet_to = 0
            self._min_raise = self._bb
            self._level = 0
            self._n_bets = 0
            self._capped = False
            self._last_aggr = -1
            # big-bet games bet the big blind on every street (their bet_size), asked without a call
            self._bet_size = self._bb if self._big_bet else self._structure.bet_size(street)
            if self._n_live >= 2:
                self._hu_round = self._n_live <= 2
                self._advance(self._button)
                return
