"""The engine's showdown: :func:`omaha8.pots._showdown.showdown` for a hand's own, already checked values.

A :class:`~omaha8.game.Hand` holds card ids it dealt or checked itself and
integer contributions it counted, so the input checks and parsing of the
public :func:`~omaha8.pots._showdown.showdown` (most of its cost on one hand) are
skipped here. Nothing else is: the hand is settled by the builder that
:func:`~omaha8.pots._showdown.showdown` returns through once its checks pass
(:func:`omaha8.pots._pots._settle` and ``_showdown_result``: the uncalled bet, the pot layers, the
hi/lo splits with their odd chips, the show order), so the result is the same
:class:`~omaha8.pots._showdown.ShowdownResult`, field for field
(``tests/game/test_game_settlement_fast.py`` compares the two on many random hands).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..pots._pots import _settle, _showdown_result
from ..pots._odd_chips import OddChipPolicy
from ..pots._results import ShowdownResult

__all__ = ["trusted_showdown"]


def trusted_showdown(
    board: tuple[int, ...],
    holes: Sequence[tuple[int, ...] | None],
    contributions: list[int],
    live: list[int],
    button: int,
    last_aggressor: int | None,
    policy: OddChipPolicy,
) -> ShowdownResult:
    """``showdown([holes[s] if s in live else None ...], board, contributions=..., button=..., ...)``, unchecked.

    ``board`` is the full board and ``holes`` each seat's dealt cards (card
    ids, all distinct); ``live`` the seats still in, ascending, at least two;
    ``contributions`` non-negative ints, one per seat (it is not changed);
    ``policy`` the odd-chip policy (never None). Nothing is checked: give it
    only what a hand built.
    """
    live_chips = [seat for seat in live if contributions[seat] > 0]
    settled = _settle(board, holes, contributions, live, live_chips, button, last_aggressor, policy, True)
    return _showdown_result(settled, contributions)
