"""Reports over hand histories: one row per hand and player, one JSON object per hand, per-player totals.

:func:`analyze` reconciles one record (and computes its all-in EV) into a
:class:`HandReport`; :class:`PlayerTotals` adds reports up per player.

>>> from omaha8.histories import analyze, read_pokerstars
>>> report = analyze(next(read_pokerstars("tests/data/hh/allin_ev_turn.txt")))
>>> report.as_json()["players"][0]
{'name': 'Kai', 'seat': 0, 'contributed': 1000, 'collected_file': 1000, 'collected_replay': 1000, 'net': 0, 'allin_ev_net': -600}
>>> report.rows()[0]["status"], report.rows()[0]["stakes"]
('verified', '10/20')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..cards import format_cards
from .allin_ev import AllInEV, allin_ev
from .reconcile import PlayerResult, Reconciliation, safe_reconcile
from .hand_record import HandRecord
from .records import SkippedHand
from ..game import Hand
from .replay import replayed
from .stats import NO_FLAGS, Flags, PlayerTotals, player_flags
from .status import HandStatus

__all__ = ["ROW_COLUMNS", "HandReport", "PlayerTotals", "analyze", "totals"]

#: Columns of :meth:`HandReport.rows`, in order (the tracker flags of :class:`~omaha8.histories.stats.Flags` as 0/1).
ROW_COLUMNS = (
    "id", "date", "table", "game", "cards", "structure", "stakes", "currency", "seat", "player",
    "contributed", "collected_file", "collected_replay", "net", "allin_ev_net", "status", "file", "line",
    "site", "unit", "vpip", "pfr", "showdown", "won_at_showdown", "scooped", "quartered",
)


@dataclass(frozen=True)
class HandReport:
    """One hand's record (or why it was skipped), its reconciliation and its all-in EV."""

    item: HandRecord | SkippedHand
    reconciliation: Reconciliation | None
    ev: AllInEV | None
    flags: dict[str, Flags] = field(default_factory=dict)

    @property
    def hand_id(self) -> str | None:
        """The hand number (None for text that had none)."""
        return self.item.hand_id

    @property
    def outcome(self) -> HandStatus:
        """:class:`~omaha8.histories.HandStatus`: verified, totals only, mismatch, or skipped."""
        return HandStatus.SKIPPED if self.reconciliation is None else self.reconciliation.outcome

    @property
    def status(self) -> str:
        """``verified``, ``totals only``, ``mismatch: ...`` or ``skipped: ...``."""
        return self.item.status if self.reconciliation is None else self.reconciliation.status

    @property
    def failed(self) -> bool:
        """A mismatch, or a hand that could not be read (other games and cancelled hands are not failures)."""
        item = self.item
        if isinstance(item, SkippedHand):
            return item.kind.failure
        return self.outcome is HandStatus.MISMATCH

    def players(self) -> tuple[PlayerResult, ...]:
        """Each dealt-in player's result, with the all-in EV net filled in where it applies."""
        if self.reconciliation is None:
            return ()
        if self.ev is None:
            return self.reconciliation.players
        out = []
        for p in self.reconciliation.players:
            ev = self.ev.player(p.name)
            out.append(PlayerResult(p.name, p.seat, p.contributed, p.collected_file, p.collected_replay, p.net,
                                    ev.ev_net_chips))
        return tuple(out)

    def as_json(self) -> dict[str, Any]:
        """The hand as one JSON object: id, game, status, players (name, seat, contributed, collected_file,
        collected_replay, net, allin_ev_net), and more fields (file, line, notes, the header's)."""
        item = self.item
        out: dict[str, Any] = {"id": item.hand_id}
        if isinstance(item, SkippedHand):
            out.update(game=None, status=item.status, players=[], file=item.source, line=item.line, site=item.site)
            if item.column:
                out["column"] = item.column
            return out
        out.update(game=item.game, status=self.status, players=[p.as_dict() for p in self.players()])
        out.update(file=item.source, line=item.line, date=item.date, table=item.table, cards=item.variant,
                   structure=item.limit, stakes=list(item.stakes), currency=item.currency,
                   tournament=item.tournament_id, rake=item.rake, board=format_cards(item.board), site=item.site)
        if item.runs:
            out["boards"] = [format_cards(board) for board in item.runs]
        assert self.reconciliation is not None
        if self.reconciliation.notes:
            out["notes"] = list(self.reconciliation.notes)
        if self.ev is not None:
            out["allin"] = {"street": self.ev.street, "players": {
                p.name: {"ev_high": round(p.ev_high, 4), "ev_low": round(p.ev_low, 4), "ev_net": round(p.ev_net, 4)}
                for p in self.ev.players}}
        return out

    def rows(self, player: str | None = None) -> list[dict[str, Any]]:
        """One row per player (columns :data:`ROW_COLUMNS`); only ``player``'s when given; none for a skipped hand."""
        item = self.item
        if isinstance(item, SkippedHand):
            return []
        head = {"id": item.hand_id, "date": item.date, "table": item.table, "game": item.game,
                "cards": item.variant, "structure": item.limit, "stakes": f"{item.stakes[0]}/{item.stakes[1]}",
                "currency": item.currency or ""}
        out = []
        for p in self.players():
            if player is not None and p.name != player:
                continue
            row = dict(head)
            flags = self.flags.get(p.name, NO_FLAGS)
            row.update(seat=p.seat, player=p.name, contributed=p.contributed, collected_file=p.collected_file,
                       collected_replay=p.collected_replay, net=p.net, allin_ev_net=p.allin_ev_net,
                       status=self.status, file=item.source, line=item.line, site=item.site, unit=item.unit,
                       vpip=int(flags.vpip), pfr=int(flags.pfr), showdown=int(flags.showdown),
                       won_at_showdown=int(flags.won_at_showdown), scooped=int(flags.scooped),
                       quartered=int(flags.quartered))
            out.append(row)
        return out


def analyze(item: HandRecord | SkippedHand, *, ev: bool = True) -> HandReport:
    """Reconcile a record and compute its all-in EV (skipped hands pass through).

    The hand is replayed once, for both. ``ev=False`` leaves all-in EV out
    (it is the costly part: an exact enumeration per all-in pot), for a
    caller that only checks the hands.
    """
    if isinstance(item, SkippedHand):
        return HandReport(item, None, None)
    hand = replayed(item)
    check = safe_reconcile(item, hand)
    value = allin_ev(item, hand) if ev and check.ok else None
    flags = player_flags(item, hand if isinstance(hand, Hand) else None, check.outcome is HandStatus.VERIFIED)
    return HandReport(item, check, value, flags)


def totals(reports: Iterable[HandReport], player: str | None = None) -> dict[tuple[str, str | None, str], PlayerTotals]:
    """Per (player, currency, unit) totals over the hands read (money and chips are never added together)."""
    out: dict[tuple[str, str | None, str], PlayerTotals] = {}
    for report in reports:
        add_to_totals(out, report, player)
    return out


def add_to_totals(out: dict[tuple[str, str | None, str], PlayerTotals], report: HandReport,
                  player: str | None = None) -> None:
    """Add one report to running totals (for streams too long to hold)."""
    if not isinstance(report.item, HandRecord):
        return
    currency = report.item.currency
    unit = report.item.unit
    for p in report.players():
        if player is not None and p.name != player:
            continue
        key = (p.name, currency, unit)
        if key not in out:
            out[key] = PlayerTotals(p.name, currency)
        out[key].add(p, report.flags.get(p.name, NO_FLAGS))
