"""The hand record users see: a hand's data (:class:`~omaha8.histories.records.RecordData`) with the engine's methods.

:class:`HandRecord` adds to the plain record what needs the layers above
it: :meth:`HandRecord.replay` (:mod:`omaha8.histories.replay`),
:meth:`HandRecord.reconcile` (:mod:`omaha8.histories.reconcile`),
:meth:`HandRecord.allin_ev` (:mod:`omaha8.histories.allin_ev`) and the
way back from the engine, :func:`record_from_history`. It sits above all
three, so those modules read a record without importing this one, and the
readers, which build records, sit above it.

>>> from omaha8.histories import read_pokerstars
>>> record = next(read_pokerstars("tests/data/hh/split_quartered.txt"))
>>> type(record).__name__, record.status, record.replay().is_over
('HandRecord', 'verified', True)
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from .._support._slots import fill_slots
from ..game import FixedLimit, Hand, HandHistory, PotLimit
from .allin_ev import AllInEV, allin_ev
from .reconcile import Reconciliation, reconcile
from .records import Action, Collection, Post, RecordData, Seat
from .replay import replay_record

__all__ = ["HandRecord", "record_from_history"]


@dataclass(frozen=True, slots=True)
class HandRecord(RecordData):
    """One Omaha Hi/Lo hand as the file tells it.

    Attributes
    ----------
    source, line
        The file (or ``"<text>"``) and the line the hand starts on.
    site, header
        The site whose format the hand is in (``"PokerStars"``, ``"888poker"``,
        ``"Winning"``, ``"Winamax"``, ``"PartyPoker"``, ``"Bovada"``,
        ``"Full Tilt"``, ``"KingsClub"``; ``"omaha8"`` for a record of an
        engine history); PokerStars' header style: ``"Hand"``, ``"Game"``
        (before 2011), ``"Home Game"`` or ``"Zoom"`` (empty for other sites).
    hand_id, tournament_id, level, club, mixed
        The hand number (up to 20 digits, as text); the tournament's, or
        None for a cash game; the level (``"III"``); a Home Game club; the
        mixed game's name (``"8-Game"``) when the game was in parentheses.
    game, variant, limit
        ``"Omaha Hi/Lo"`` (4 cards) or ``"5 Card Omaha Hi/Lo"`` (5);
        ``"Pot Limit"``, ``"No Limit"`` or ``"Limit"``.
    stakes
        The header's two amounts: the blinds in pot and no limit, the
        small and big bet in limit (``(30/60)`` is 30/60 bets, 15/30 blinds).
    currency
        ``"USD"`` etc. for cash games (amounts in cents), None for chips.
    date, table, max_seats, button
        Header text as written; ``max_seats`` None when the file does not say
        (old files); ``button`` the file's seat number of the button (from 1;
        :attr:`button_seat` is omaha8's, from 0).
    seats, posts, actions
        The seat lines, the forced bets in order, the actions in order.
    dealt, shown
        ``(name, cards)`` for ``Dealt to`` lines; for cards shown or mucked
        face up (at showdown, in the summary, or when folding).
    board
        The board cards dealt.
    uncalled, collected
        ``Uncalled bet`` lines as ``(name, amount)``; every ``collected``
        line in order (never merged: two identical lines are two payments).
    total_pot, pots, rake
        The summary's ``Total pot``, its ``Main pot``/``Side pot`` amounts
        (empty when it lists none) and its rake (0 when it gives none).
    no_low
        The file said ``No low hand qualified``.
    messages
        Table and chat lines, with their line numbers (kept, not interpreted).
    decimals
        Decimals the amounts keep: 2 (cents of money, also of KingsClub's and
        play money's chips), 0 (whole chips); None: 2 with a currency, else 0
        (:attr:`places`).
    runs
        Every board when the hand was run more than once (``board`` is the
        first); empty for one board.
    hero
        The player whose hole cards the file shows as dealt to them, or None.
    returns
        How the file shows returned (uncalled) bets: ``"lines"`` of their own,
        ``"in collected"`` (counted in what a player collected) or
        ``"unprinted"`` (not at all: PokerStars before 2008).
    rake_stated, collected_stated
        Whether the file states the rake (else it is what the collections
        leave) and what the pots paid (else only the totals are reconciled).
    chip_unit
        The smallest chip in play, in the amounts' units, when larger than 1:
        the halves of a pot are cut in whole chips of it.
    streets_marked
        False for an export that left street lines out (the replay then puts
        each action on the street the betting has reached).
    """

    def __init__(
        self,
        source: str,
        line: int,
        site: str,
        header: str,
        hand_id: str,
        tournament_id: str | None,
        level: str | None,
        club: str | None,
        mixed: str | None,
        game: str,
        variant: int,
        limit: str,
        stakes: tuple[int, int],
        currency: str | None,
        date: str,
        table: str,
        max_seats: int | None,
        button: int,
        seats: tuple[Seat, ...],
        posts: tuple[Post, ...],
        actions: tuple[Action, ...],
        dealt: tuple[tuple[str, tuple[int, ...]], ...],
        shown: tuple[tuple[str, tuple[int, ...]], ...],
        board: tuple[int, ...],
        uncalled: tuple[tuple[str, int], ...],
        collected: tuple[Collection, ...],
        total_pot: int,
        pots: tuple[int, ...],
        rake: int,
        no_low: bool,
        messages: tuple[tuple[int, str], ...] = (),
        decimals: int | None = None,
        runs: tuple[tuple[int, ...], ...] = (),
        hero: str | None = None,
        returns: str = "lines",
        rake_stated: bool = True,
        chip_unit: int = 1,
        collected_stated: bool = True,
        streets_marked: bool = True,
    ) -> None:
        # set from C in one call: the generated __init__ (RecordData's, the slow twin compared in
        # tests/histories/test_histories_record_twins.py) calls object.__setattr__ once a field
        fill_slots(self, _FIELD_NAMES, (
            source, line, site, header, hand_id, tournament_id, level, club, mixed, game, variant, limit,
            stakes, currency, date, table, max_seats, button, seats, posts, actions, dealt, shown, board,
            uncalled, collected, total_pot, pots, rake, no_low, messages, decimals, runs, hero, returns,
            rake_stated, chip_unit, collected_stated, streets_marked,
        ))

    @property
    def status(self) -> str:
        """The reconciliation status (see :meth:`reconcile`): it replays the hand the first time it is
        read, and is kept for the record's life (not in a copy or a pickle, which work it out again);
        a report (:func:`~omaha8.histories.analyze`) keeps it with the hand's other results."""
        try:
            return self._status_memo
        except AttributeError:
            pass
        status = reconcile(self).status
        # a frozen record's fields never change, nor does their status: kept in the one slot that is no field
        object.__setattr__(self, "_status_memo", status)
        return status

    def status_replayed(self) -> str:
        """:attr:`status` worked out again (its slow twin: a replay every time).

        >>> from omaha8.histories import read_pokerstars
        >>> record = next(read_pokerstars("tests/data/hh/split_quartered.txt"))
        >>> record.status_replayed() == record.status == "verified"
        True
        """
        return reconcile(self).status

    def replay(self) -> Hand:
        """The engine's hand after every action of the file (see :func:`omaha8.histories.replay_record`)."""
        return replay_record(self)

    def to_history(self) -> HandHistory:
        """The hand in the engine's history format (the replayed hand's :attr:`~omaha8.game.Hand.history`)."""
        return self.replay().history

    @classmethod
    def from_history(cls, history: HandHistory, *, names: dict[int, str] | None = None, hand_id: str = "0") -> HandRecord:
        """A record of an engine history (see :func:`omaha8.histories.record_from_history`)."""
        return record_from_history(history, names=names, hand_id=hand_id)

    def reconcile(self) -> Reconciliation:
        """The file's payouts against the engine's (see :func:`omaha8.histories.reconcile`)."""
        return reconcile(self)

    def allin_ev(self) -> AllInEV | None:
        """All-in EV of the hand, or None where it does not apply (see :func:`omaha8.histories.allin_ev`)."""
        return allin_ev(self)


# HandRecord's fields in its constructor's order (RecordData's: HandRecord adds none)
_FIELD_NAMES = tuple([field.name for field in fields(HandRecord)])

def record_from_history(
    history: HandHistory, *, names: dict[int, str] | None = None, hand_id: str = "0", table: str = "omaha8"
) -> HandRecord:
    """A hand record telling what the engine's ``history`` tells, as a PokerStars file would.

    Engine seat ``s`` becomes the file's seat ``s + 1``, named ``names[s]``
    (default ``"Player<s>"``); amounts stay chips. Replaying the record gives
    the history back (:meth:`HandRecord.to_history`), its rake included
    when the history's rake is a :class:`~omaha8.game.rake.PokerStarsRake`
    or none.

    >>> from omaha8.histories import read_pokerstars
    >>> record = next(read_pokerstars("tests/data/hh/side_pots_hi_lo.txt"))
    >>> again = record_from_history(record.to_history())
    >>> again.to_history().events == record.to_history().events, again.collected_by()
    (True, {'Player0': 1350, 'Player1': 4350, 'Player2': 3000})
    """
    label = names or {}

    def name(seat: int) -> str:
        return label.get(seat, f"Player{seat}")

    structure = history.structure
    if isinstance(structure, FixedLimit):
        limit, stakes = "Limit", (structure.small_bet, structure.big_bet)
    else:
        limit = "Pot Limit" if isinstance(structure, PotLimit) else "No Limit"
        stakes = (structure.small_blind, structure.big_blind)
    seats = tuple(Seat(s + 1, name(s), chips) for s, chips in enumerate(history.stacks) if chips > 0)
    posts: list[Post] = []
    actions: list[Action] = []
    shown: list[tuple[str, tuple[int, ...]]] = []
    uncalled: list[tuple[str, int]] = []
    collected: list[Collection] = []
    board: tuple[int, ...] = ()
    pots: list[int] = []
    rake_of: dict[int, int] = {}
    awarded: dict[int, int] = {}
    street = 0
    for event in history.events:
        kind = event.kind
        if kind in ("small_blind", "big_blind", "ante", "dead"):
            posts.append(Post(name(event.seat), kind, event.amount, event.all_in))
        elif kind in ("fold", "check", "call", "bet", "raise"):
            to = event.total if kind in ("bet", "raise") else 0
            actions.append(Action(street, name(event.seat), kind, event.amount, to, event.all_in))
        elif kind in ("flop", "turn", "river"):
            board = board[:len(board) if kind != "flop" else 0] + event.cards  # a Courchevel flop repeats its upcard
            street += 1
        elif kind == "show":
            shown.append((name(event.seat), event.cards))
        elif kind == "uncalled":
            uncalled.append((name(event.seat), event.amount))
        elif kind == "pot":
            pots.append(event.amount)
        elif kind == "rake":
            rake_of[event.total] = rake_of.get(event.total, 0) + event.amount
        elif kind == "award":
            pot = "pot" if len(pots) == 1 and event.total == 0 else ("main pot" if event.total == 0 else f"side pot-{event.total}")
            collected.append(Collection(name(event.seat), event.amount, pot))
            awarded[event.seat] = awarded.get(event.seat, 0) + event.amount
        elif kind == "collect" and event.amount > awarded.get(event.seat, 0):
            # a pot taken uncontested has no award line, only the collection
            collected.append(Collection(name(event.seat), event.amount - awarded.get(event.seat, 0), "pot"))
    if any(c.pot != "pot" for c in collected):
        collected = [c if c.pot != "pot" else Collection(c.name, c.amount, "main pot", c.line) for c in collected]
    rake = sum(rake_of.values())
    listed = tuple(amount - rake_of.get(i, 0) for i, amount in enumerate(pots)) if len(pots) > 1 else ()
    return HandRecord(
        source="<history>", line=0, site="omaha8", header="Hand", hand_id=hand_id, tournament_id=None, level=None,
        club=None, mixed=None, game="Courchevel Hi/Lo" if history.game == "courchevel" else (
            "5 Card Omaha Hi/Lo" if history.variant == 5 else "Omaha Hi/Lo"),
        variant=history.variant, limit=limit, stakes=stakes, currency=None, date="", table=table,
        max_seats=len(history.stacks), button=history.button + 1, seats=seats, posts=tuple(posts),
        actions=tuple(actions), dealt=tuple((name(s), tuple(h)) for s, h in enumerate(history.holes) if h),
        shown=tuple(shown), board=board, uncalled=tuple(uncalled), collected=tuple(collected),
        total_pot=sum(pots), pots=listed, rake=rake, no_low=False,
        runs=(board,) + tuple(history.boards) if history.boards else (),
    )
