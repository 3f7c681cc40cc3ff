"""A :class:`HandHistory` from a hand that :class:`~omaha8.game.BatchTables` played in its kernel.

The kernel keeps, for each table's last finished hand, its setup (stacks,
button, blinds, cards), its actions as ``(street, seat, action, total,
all_in)`` and its end (who folded, what each seat put in). The events are
written from that record the way :class:`~omaha8.game.Hand` writes its own:
the posts, the holes dealt, each action with the chips it added, the board
as each street is dealt, and the settlement by :func:`omaha8.showdown`
(never by the kernel's own settlement), so that :func:`omaha8.game.replay`
checks every event of the kernel's hand against the engine's.
"""

from __future__ import annotations

from typing import Any

from ..pots._showdown import showdown
from .events import (
    STREETS,
    Award,
    Bet,
    BoardDealt,
    Call,
    Check,
    Collect,
    Event,
    Fold,
    HoleDealt,
    Posted,
    PotFormed,
    Raise,
    Shown,
    Uncalled,
)
from .hand_history import HandHistory
from .settlement import _half
from .state import AFTER, ALLIN, LIVE
from .structures import Structure

__all__ = ["hand_history"]

# the kernel's action codes (LOG_* in _batch.pyx), in order
_FOLD, _CHECK, _CALL, _BET, _RAISE = range(5)
# the board cards dealt by each street: none pre-flop, three on the flop, then one each
_BOARD_END = (0, 3, 4, 5)


def hand_history(record: dict[str, Any], structure: Structure, variant: int) -> HandHistory:
    """The history of one recorded hand (``Engine.last_hand``'s dict)."""
    stacks: list[int] = record["stacks"]
    n = len(stacks)
    button = record["button"]
    board = tuple(record["board"])
    holes = tuple(tuple(record["holes"][s]) if stacks[s] > 0 else None for s in range(n))
    events: list[Event] = []
    bets = [0] * n
    for seat, kind, blind in ((record["small_blind_seat"], "small_blind", structure.small_blind),
                              (record["big_blind_seat"], "big_blind", structure.big_blind)):
        pay = min(blind, stacks[seat])
        bets[seat] = pay
        events.append(Posted(kind, seat, pay, pay, pay == stacks[seat]))
    events += [HoleDealt(s, holes[s]) for s in AFTER[n][button] if holes[s] is not None]  # type: ignore[arg-type]
    street = 0
    for on_street, seat, action, total, all_in in record["actions"]:
        while street < on_street:
            street += 1
            events.append(BoardDealt(STREETS[street], board[_BOARD_END[street - 1]:_BOARD_END[street]]))
            bets = [0] * n
        if action == _FOLD:
            events.append(Fold(seat, total))
        elif action == _CHECK:
            events.append(Check(seat, total))
        else:
            wager = Call if action == _CALL else Bet if action == _BET else Raise
            events.append(wager(seat, total - bets[seat], total, all_in))
            bets[seat] = total
    while _BOARD_END[street] < len(board):
        street += 1
        events.append(BoardDealt(STREETS[street], board[_BOARD_END[street - 1]:_BOARD_END[street]]))
    events += _settlement(record, holes, board)
    return HandHistory(variant=variant, structure=structure, stacks=tuple(stacks), button=button, holes=holes,
                       board=board, events=tuple(events))


def _settlement(record: dict[str, Any], holes: tuple[tuple[int, ...] | None, ...],
                board: tuple[int, ...]) -> list[Event]:
    """The settlement's events (``_Settlement._settlement_log``), the pots cut by :func:`showdown`."""
    n = len(holes)
    chips: list[int] = record["contributions"]
    live = [s for s in range(n) if record["status"][s] in (LIVE, ALLIN)]
    contested = len(live) >= 2
    if contested:
        aggressor = record["last_aggressor"]
        res = showdown(board, [holes[s] if s in live else None for s in range(n)], contributions=chips,
                       button=record["button"], last_aggressor=aggressor if aggressor >= 0 else None)
    else:
        res = showdown(None, [() if s == live[0] else None for s in range(n)], contributions=chips,
                       button=record["button"])
    events: list[Event] = []
    if contested:
        events += [Shown(s, holes[s]) for s in res.show_order]  # type: ignore[arg-type]
    events += [Uncalled(s, back) for s, back in enumerate(res.uncalled) if back]
    won = [0] * n
    for i, pot in enumerate(res.pots):
        events.append(PotFormed(i, pot.amount, pot.eligible))
        for s, award in enumerate(pot.awards):
            won[s] += award
            if award and contested:
                events.append(Award(s, award, i, _half(pot, s)))
    events += [Collect(s, total) for s, total in enumerate(won) if total]
    return events
