"""Reconcile a hand record: the engine's payouts against the file's, to the chip.

:func:`reconcile` replays the record (:func:`~omaha8.histories.replay_record`)
and compares, player by player, what the engine pays from the pots (after
its side pots, hi/lo halves, odd chips and rake) with the file's
``collected`` lines, and the chips it returns as uncalled with the file's
``Uncalled bet`` lines; then the total pot, the rake and the pots the
summary lists. The status says how far the hand could be checked:

- ``"verified"``: every player's amount agrees;
- ``"totals only"``: a player at the showdown did not show their cards, so
  only the totals could be compared (:attr:`Reconciliation.notes` names who);
- ``"mismatch: <reason>"``: the engine refused an action, or an amount differs.

>>> from omaha8.histories import read_pokerstars
>>> check = next(read_pokerstars("tests/data/hh/side_pots_hi_lo.txt")).reconcile()
>>> check.status
'verified'
>>> [(p.name, p.contributed, p.collected_file, p.collected_replay, p.net) for p in check.players]
[('Ned', 1000, 1350, 1350, 350), ('Ola', 4000, 4350, 4350, 350), ('Pat', 4000, 3000, 3000, -1000)]
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .._support._slots import fill_slots
from ..errors import Omaha8Error
from ..game import Hand
from .records import RecordData, Seat
from .replay import ReplayDiscrepancy, replayed
from .status import HandStatus

__all__ = ["PlayerResult", "Reconciliation", "reconcile", "VERIFIED", "TOTALS_ONLY"]

#: :attr:`HandStatus.VERIFIED <omaha8.histories.HandStatus.VERIFIED>` (equal to ``"verified"``).
VERIFIED = HandStatus.VERIFIED
#: :attr:`HandStatus.TOTALS_ONLY <omaha8.histories.HandStatus.TOTALS_ONLY>` (equal to ``"totals only"``).
TOTALS_ONLY = HandStatus.TOTALS_ONLY


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's chips in a hand.

    ``seat`` is the engine's seat (from 0: the file's seat number minus
    one). ``contributed`` is what they put in less any uncalled bet
    returned; ``collected_file`` what the file's ``collected`` lines give
    them; ``collected_replay`` what the engine pays them from the pots
    (None when the status is ``totals only``); ``net`` is
    ``collected_file - contributed``; ``allin_ev_net`` the all-in EV net
    (None where all-in EV does not apply; see :mod:`omaha8.histories.allin_ev`).
    """

    name: str
    seat: int
    contributed: int
    collected_file: int
    collected_replay: int | None
    net: int
    allin_ev_net: int | None = None

    def as_dict(self) -> dict[str, Any]:
        """The fixed JSON layout: name, seat, contributed, collected_file, collected_replay, net, allin_ev_net."""
        return {
            "name": self.name,
            "seat": self.seat,
            "contributed": self.contributed,
            "collected_file": self.collected_file,
            "collected_replay": self.collected_replay,
            "net": self.net,
            "allin_ev_net": self.allin_ev_net,
        }


@dataclass(frozen=True, slots=True)
class Reconciliation:
    """The comparison of one hand: its ``outcome``, each dealt-in player's :class:`PlayerResult`, the problems found."""

    hand_id: str
    outcome: HandStatus
    players: tuple[PlayerResult, ...]
    problems: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def status(self) -> str:
        """The outcome as text: ``"verified"``, ``"totals only"`` or ``"mismatch: <the problems>"``."""
        if self.outcome is HandStatus.MISMATCH:
            return "mismatch: " + "; ".join(self.problems)
        return str(self.outcome.value)

    @property
    def ok(self) -> bool:
        """``verified`` or ``totals only``."""
        return self.outcome.ok


# PlayerResult's fields in its constructor's order
_PLAYER_FIELDS = tuple([field.name for field in fields(PlayerResult)])


def _player_result(name: str, seat: int, contributed: int, collected_file: int, collected_replay: int | None,
                   net: int) -> PlayerResult:
    """``PlayerResult(name, seat, contributed, collected_file, collected_replay, net)`` (its slow twin, compared
    in tests/histories/test_histories_record_twins.py), the fields set from C in one call: the generated
    constructor calls object.__setattr__ once a field, for every player of every hand."""
    out = PlayerResult.__new__(PlayerResult)
    fill_slots(out, _PLAYER_FIELDS, (name, seat, contributed, collected_file, collected_replay, net, None))
    return out


def _result_lines(
    record: RecordData, replayed: dict[str, int] | None, sums: tuple[dict[str, int], ...] | None = None,
    seats: tuple[Seat, ...] | None = None,
) -> list[PlayerResult]:
    put, back, got = sums or (record.contributions(), record.uncalled_by(), record.collected_by())
    out = []
    for seat in record.in_hand() if seats is None else seats:
        name = seat.name
        contributed = put[name] - back[name]
        out.append(_player_result(
            name, seat.seat, contributed, got[name],
            None if replayed is None else replayed.get(name, 0), got[name] - contributed,
        ))
    return out


def _refused(record: RecordData, exc: Exception) -> Reconciliation:
    return Reconciliation(record.hand_id, HandStatus.MISMATCH, tuple(_result_lines(record, None)), (str(exc),))


def reconcile(record: RecordData, hand: Hand | ReplayDiscrepancy | None = None) -> Reconciliation:
    """Replay ``record`` and compare the engine's payouts with the file's, player by player.

    Parameters
    ----------
    record
        The hand.
    hand
        Its replay (:func:`~omaha8.histories.replay.replayed`), when the
        caller has it already: the hand is then not replayed again.

    Returns
    -------
    Reconciliation
        Never raises for a readable record: a refused action or a
        difference is a ``mismatch`` with its reason.
    """
    if hand is None:
        hand = replayed(record)
    if isinstance(hand, ReplayDiscrepancy):
        return _refused(record, hand)
    result = hand.result
    seats = record.in_hand()
    names = {seat.seat: seat.name for seat in seats}
    problems: list[str] = []
    notes: list[str] = []

    # the chips put in: the engine took exactly what the file's lines say
    put = record.contributions()
    for s, name in names.items():
        engine_put = result.payouts[s] - result.net[s]
        if engine_put != put[name]:
            problems.append(f"{name} put in {put[name]} in the file, {engine_put} in the replay")

    # returned bets: as lines of their own, inside what the file says a player collected, or not printed at all
    back = record.uncalled_by()
    got = record.collected_by()
    if record.returns == "lines":
        for s, name in names.items():
            if result.uncalled[s] != back[name]:
                problems.append(f"{name} got {back[name]} back uncalled in the file, {result.uncalled[s]} in the replay")
    elif any(result.uncalled):
        returned = ", ".join(f"{result.uncalled[s]} to {names[s]}" for s in names if result.uncalled[s])
        if record.returns == "in collected":
            notes.append(f"the file counts returned bets in what players collected; the replay returned {returned}")
            got = dict(got)
            for s, name in names.items():
                got[name] -= result.uncalled[s]
        else:
            notes.append("the file prints no uncalled bets; the replay returned " + returned)
        # the excess came back all the same: what each player contributed leaves it out
        back = dict(back)
        for s, name in names.items():
            back[name] = result.uncalled[s]

    # the pot, the rake and the pots the summary lists
    pot_total = sum(result.payouts) - sum(result.uncalled) + result.rake_total
    if record.total_pot >= 0 and pot_total != record.total_pot:
        problems.append(f"the total pot is {record.total_pot} in the file, {pot_total} in the replay")
    if result.rake_total != record.rake and record.collected_stated:
        problems.append(f"the rake is {record.rake} in the file, {result.rake_total} in the replay")
    if record.pots:
        engine_pots = tuple(pot.amount - taken for pot, taken in zip(result.pots, result.rake))
        if engine_pots != record.pots:
            problems.append(f"the summary lists pots {list(record.pots)}, the replay {list(engine_pots)}")

    won = {name: result.won[s] for s, name in names.items()}
    if not record.collected_stated:
        # the file says nothing of what the pots paid: only what went in is checked, the replay's payouts stand
        notes.append("the file does not say what the pots paid: the replay's payouts are taken")
        outcome = HandStatus.MISMATCH if problems else HandStatus.TOTALS_ONLY
        lines = _result_lines(record, won, (put, back, won), seats)
        return Reconciliation(record.hand_id, outcome, tuple(lines), tuple(problems), tuple(notes))

    # the payouts: per player where every live hand is known, else in total
    unknown: list[str] = []
    if result.showdown is not None:
        known = record.known_cards()
        unknown = [names[s] for s, hand_value in enumerate(result.showdown.hands) if hand_value is not None and names.get(s) not in known]
    if unknown:
        if sum(won.values()) != sum(got.values()):
            problems.append(f"the pots pay {sum(got.values())} in the file, {sum(won.values())} in the replay")
        for s, name in names.items():
            if got[name] and name not in unknown and not _could_win(result, s):
                problems.append(f"{name} collected {got[name]} in the file but could win nothing in the replay")
    else:
        for name in names.values():
            if won[name] != got[name]:
                problems.append(f"{name} collected {got[name]} in the file, {won[name]} in the replay")
    if problems:
        outcome = HandStatus.MISMATCH
    elif unknown:
        outcome = HandStatus.TOTALS_ONLY
        notes.insert(0, f"cards of {', '.join(unknown)} not shown: only the totals are checked")
    else:
        outcome = HandStatus.VERIFIED
    lines = _result_lines(record, None if unknown else won, (put, back, got), seats)
    return Reconciliation(record.hand_id, outcome, tuple(lines), tuple(problems), tuple(notes))


def _could_win(result: Any, seat: int) -> bool:
    """Whether ``seat`` is eligible for any pot of the replay."""
    return any(seat in pot.eligible for pot in result.pots)


def safe_reconcile(record: RecordData, hand: Hand | ReplayDiscrepancy | None = None) -> Reconciliation:
    """:func:`reconcile`, with any omaha8 error turned into a mismatch (for batch runs)."""
    try:
        return reconcile(record, hand)
    except Omaha8Error as exc:
        return _refused(record, exc)
