"""What trackers show of a player's Omaha Hi/Lo hands: VPIP, PFR, showdowns, scoops, quartered lows, per 100 hands.

:func:`player_flags` reads one replayed hand: for each player dealt in, whether they put money in
voluntarily before the flop (VPIP: a call, bet or raise, never a post), raised before the flop (PFR),
went to the showdown, won chips there, scooped a contested pot (won all of it at the showdown: both
halves, or the whole pot when nobody had a low) and were quartered (tied for a low half with another
player). Scoops and quarters are counted only where every live hand is known (a hand reconciled on its
totals alone has no winners to trust). When a hand was run more than once, the first board says.

:class:`PlayerTotals` adds them up with the nets: percentages of the hands played and chips per 100 hands.

>>> from omaha8.histories import analyze, read
>>> report = analyze(next(read("tests/data/hh/split_quartered.txt")))
>>> report.flags["Ann"]
Flags(vpip=True, pfr=False, showdown=True, won_at_showdown=True, scooped=False, quartered=True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ..game import Hand
from .reconcile import PlayerResult
from .records import RecordData

__all__ = ["Flags", "player_flags", "PlayerTotals", "NO_FLAGS"]


class Flags(NamedTuple):
    """One player's part in one hand, as trackers count it."""

    vpip: bool = False
    pfr: bool = False
    showdown: bool = False
    won_at_showdown: bool = False
    scooped: bool = False
    quartered: bool = False


#: A player who only posted and folded (or a hand not replayed).
NO_FLAGS = Flags()


def player_flags(record: RecordData, hand: Hand | None, trusted: bool) -> dict[str, Flags]:
    """Each dealt-in player's :class:`Flags` in ``record``; ``trusted``: every live hand is known."""
    vpip: set[str] = set()
    pfr: set[str] = set()
    for action in record.actions:
        if action.street == 0 and action.kind in ("call", "bet", "raise"):
            vpip.add(action.name)
            if action.kind != "call":
                pfr.add(action.name)
    seats = {seat.seat: seat.name for seat in record.in_hand()}
    at_showdown: set[str] = set()
    scooped: set[str] = set()
    quartered: set[str] = set()
    result = hand.result if hand is not None and hand.is_over else None
    if result is not None and result.showdown is not None:
        at_showdown = {seats[s] for s, value in enumerate(result.showdown.hands) if value is not None and s in seats}
        if trusted:
            for pot in result.pots:
                if len(pot.eligible) < 2:
                    continue
                total = sum(pot.awards)
                for s in pot.eligible:
                    if total and pot.awards[s] == total and s in seats:
                        scooped.add(seats[s])
                if pot.low_winners is not None and len(pot.low_winners) > 1:
                    quartered.update(seats[s] for s in pot.low_winners if s in seats)
    got = record.collected_by()
    out = {}
    for name in seats.values():
        show = name in at_showdown
        out[name] = Flags(name in vpip, name in pfr, show, show and got.get(name, 0) > 0, name in scooped,
                          name in quartered)
    return out


@dataclass
class PlayerTotals:
    """One player's totals over many hands: hands, tracker counts, net, all-in EV net and their difference.

    The all-in EV net of a hand without all-in EV is its net, so the two
    totals differ only by the all-in hands' luck.
    """

    name: str
    currency: str | None
    hands: int = 0
    net: int = 0
    allin_ev_net: int = 0
    allin_hands: int = 0
    vpip: int = 0
    pfr: int = 0
    showdowns: int = 0
    won_at_showdown: int = 0
    scoops: int = 0
    quartered: int = 0

    @property
    def difference(self) -> int:
        """``allin_ev_net - net``: positive when the all-ins ran below their equity."""
        return self.allin_ev_net - self.net

    def add(self, result: PlayerResult, flags: Flags = NO_FLAGS) -> None:
        """Count one hand."""
        self.hands += 1
        self.net += result.net
        if result.allin_ev_net is None:
            self.allin_ev_net += result.net
        else:
            self.allin_ev_net += result.allin_ev_net
            self.allin_hands += 1
        self.vpip += flags.vpip
        self.pfr += flags.pfr
        self.showdowns += flags.showdown
        self.won_at_showdown += flags.won_at_showdown
        self.scoops += flags.scooped
        self.quartered += flags.quartered

    def percent(self, count: int, of: int | None = None) -> float:
        """``count`` as a percentage of ``of`` (default: the hands)."""
        whole = self.hands if of is None else of
        return 100.0 * count / whole if whole else 0.0

    def per_100(self, chips: int) -> float:
        """``chips`` per 100 hands."""
        return 100.0 * chips / self.hands if self.hands else 0.0

    def as_dict(self) -> dict[str, Any]:
        """The totals and the rates trackers show, as plain data."""
        return {
            "player": self.name, "currency": self.currency, "hands": self.hands,
            "vpip": round(self.percent(self.vpip), 1), "pfr": round(self.percent(self.pfr), 1),
            "went_to_showdown": round(self.percent(self.showdowns), 1),
            "won_at_showdown": round(self.percent(self.won_at_showdown, self.showdowns), 1),
            "scoops": self.scoops, "quartered": self.quartered, "net": self.net,
            "net_per_100": round(self.per_100(self.net), 1), "allin_ev_net": self.allin_ev_net,
            "allin_ev_per_100": round(self.per_100(self.allin_ev_net), 1), "difference": self.difference,
        }
