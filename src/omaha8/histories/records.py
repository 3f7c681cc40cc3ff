"""Hand records: what a hand-history file says about one hand, as typed data.

The lines of a hand are small named tuples (:class:`Seat`, :class:`Post`,
:class:`Action`, :class:`Collection`), like the engine's own
:class:`omaha8.game.Event`; a hand is a frozen
:class:`~omaha8.histories.HandRecord`. Its fields and the lookups over them
are :class:`RecordData`, here, which the replay, the reconciliation and
all-in EV read; :class:`~omaha8.histories.HandRecord`
(:mod:`omaha8.histories.hand_record`) adds the methods that call them.

A reader (:func:`omaha8.histories.read_pokerstars`) yields a
:class:`HandRecord` for every Omaha Hi/Lo hand it can read and a
:class:`SkippedHand` for everything else (another game, a hand it cannot
read, a cancelled hand), so nothing in a file goes unreported.

Amounts are integers: cents for cash games (``$0.25`` is 25, ``$2`` is 200),
chips for tournaments and play money. omaha8 numbers seats from 0: the
file's ``Seat 3`` is seat 2 (:attr:`Seat.seat`, :meth:`HandRecord.seat_index`,
:attr:`HandRecord.button_seat`); :attr:`Seat.number` keeps the file's own
number.

>>> from omaha8.histories import read_pokerstars
>>> record = next(read_pokerstars("tests/data/hh/split_quartered.txt"))
>>> record.hand_id, record.game, record.limit, record.stakes, record.currency
('900000000001', 'Omaha Hi/Lo', 'Pot Limit', (5, 10), 'USD')
>>> [(seat.seat, seat.name, seat.stack) for seat in record.seats]   # the file's seats 1, 3 and 4
[(0, 'Ann', 1000), (2, 'Bob', 1000), (3, 'Cyd', 1000)]
>>> record.collected[:2]   # each half of the pot is its own line
(Collection(name='Ann', amount=45, pot='pot', line=27), Collection(name='Ann', amount=23, pot='pot', line=30))
>>> record.collected_by()
{'Ann': 68, 'Bob': 22, 'Cyd': 0}
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import NamedTuple

from .._support._args import brief
from ..errors import ArgumentError
from .status import HandStatus, SkipKind

__all__ = ["Seat", "Post", "Action", "Collection", "RecordData", "SkippedHand", "POST_KINDS", "ACTION_KINDS"]

#: Kinds of forced bets: ``"dead"`` is the small-blind part of a ``posts small & big blinds``.
POST_KINDS = ("ante", "small_blind", "big_blind", "dead")
#: Kinds of player actions, as the engine names them.
ACTION_KINDS = ("fold", "check", "call", "bet", "raise")
#: Betting rounds by index.
STREET_NAMES = ("preflop", "flop", "turn", "river")


class Seat(NamedTuple):
    """A seat line: the file's seat number (PokerStars counts from 1), player name, chips before the
    hand, and whether they sat out. :attr:`seat` is omaha8's seat (from 0)."""

    number: int
    name: str
    stack: int
    sitting_out: bool = False

    @property
    def seat(self) -> int:
        """omaha8's seat number, from 0: the file's number minus one."""
        return self.number - 1


class Post(NamedTuple):
    """A forced bet: ``kind`` one of :data:`POST_KINDS`; ``line`` the file line it came from."""

    name: str
    kind: str
    amount: int
    all_in: bool = False
    line: int = 0


class Action(NamedTuple):
    """A player action on ``street`` (0 pre-flop .. 3 river).

    ``amount`` is the chips the action adds; ``to`` is the player's total
    bet on the street after a bet or raise and 0 otherwise (PokerStars'
    ``raises X to Y`` raises by X to a total of Y: ``to`` is Y, ``amount``
    is Y less what the player had bet on the street before).
    """

    street: int
    name: str
    kind: str
    amount: int = 0
    to: int = 0
    all_in: bool = False
    line: int = 0


# the name of a Post and of an Action by position (see in_hand)
_POST_NAME = itemgetter(0)
_ACTION_NAME = itemgetter(1)


class Collection(NamedTuple):
    """A ``collected`` line: ``pot`` is ``"pot"``, ``"main pot"``, ``"side pot"`` or ``"side pot-N"``."""

    name: str
    amount: int
    pot: str
    line: int = 0


@dataclass(frozen=True, slots=True)
class SkippedHand:
    """A hand (or other text) that was not read as an Omaha Hi/Lo hand, and why.

    ``kind`` is a :class:`~omaha8.histories.SkipKind` (a string enum:
    ``"other game"``, ``"cancelled"``, ``"not replayed"``, ``"other format"``
    or ``"unreadable"``); ``line`` and ``column`` point at the cause (column
    0 when it is the whole hand); ``site`` is the site whose format the
    text is in, when it was recognised.
    """

    source: str
    line: int
    hand_id: str | None
    kind: SkipKind
    reason: str
    column: int = 0
    site: str | None = None

    @property
    def outcome(self) -> HandStatus:
        """:attr:`HandStatus.SKIPPED <omaha8.histories.HandStatus.SKIPPED>`."""
        return HandStatus.SKIPPED

    @property
    def status(self) -> str:
        """``"skipped: <reason>"``."""
        return f"skipped: {self.reason}"

    def where(self) -> str:
        """``file:line[:column]``."""
        return f"{self.source}:{self.line}" + (f":{self.column}" if self.column else "")


class _Memo:
    """A slot beside a record's fields for what :class:`~omaha8.histories.HandRecord` works out once
    (its status): no field, so never compared, printed, pickled or listed by ``dataclasses.fields``."""

    __slots__ = ("_status_memo",)
    _status_memo: str


@dataclass(frozen=True, slots=True)
class RecordData(_Memo):
    """The fields of a hand record and the lookups over them (see :class:`~omaha8.histories.HandRecord`).

    Readers build :class:`~omaha8.histories.HandRecord`, which adds the
    engine's methods; the modules below it read this plain data.
    """

    source: str
    line: int
    site: str
    header: str
    hand_id: str
    tournament_id: str | None
    level: str | None
    club: str | None
    mixed: str | None
    game: str
    variant: int
    limit: str
    stakes: tuple[int, int]
    currency: str | None
    date: str
    table: str
    max_seats: int | None
    button: int
    seats: tuple[Seat, ...]
    posts: tuple[Post, ...]
    actions: tuple[Action, ...]
    dealt: tuple[tuple[str, tuple[int, ...]], ...]
    shown: tuple[tuple[str, tuple[int, ...]], ...]
    board: tuple[int, ...]
    uncalled: tuple[tuple[str, int], ...]
    collected: tuple[Collection, ...]
    total_pot: int
    pots: tuple[int, ...]
    rake: int
    no_low: bool
    messages: tuple[tuple[int, str], ...] = ()
    decimals: int | None = None
    runs: tuple[tuple[int, ...], ...] = ()
    hero: str | None = None
    returns: str = "lines"
    rake_stated: bool = True
    chip_unit: int = 1
    collected_stated: bool = True
    streets_marked: bool = True

    # ------------------------------------------------------------ lookups

    @property
    def places(self) -> int:
        """Decimals the amounts keep: 2 (cents) for money, 0 for whole chips."""
        if self.decimals is not None:
            return self.decimals
        return 2 if self.currency else 0

    @property
    def unit(self) -> str:
        """What the amounts count: ``"cents"`` of the currency (or of the file's chips), or ``"chips"``."""
        return "cents" if self.places == 2 else "chips"

    @property
    def boards(self) -> tuple[tuple[int, ...], ...]:
        """Every board dealt: one, or one per run when the hand was run more than once."""
        return self.runs or (self.board,)

    @property
    def button_seat(self) -> int:
        """omaha8's seat (from 0) of the button."""
        return self.button - 1

    @property
    def is_tournament(self) -> bool:
        """A tournament hand (chips), not a cash game."""
        return self.tournament_id is not None

    @property
    def n_seats(self) -> int:
        """Seats at the table for the engine: the ``N-max`` size, or the highest seat number."""
        top = max([seat.number for seat in self.seats])
        return max(top, self.max_seats or 0, 2)

    def seat_of(self, name: str) -> Seat:
        """The seat of player ``name``.

        >>> from omaha8.histories import read_pokerstars
        >>> record = next(read_pokerstars("tests/data/hh/five_card.txt"))
        >>> record.seat_of("Yan").seat
        1
        >>> record.seat_of("Nobody")
        Traceback (most recent call last):
        ...
        omaha8.errors.ArgumentError: hand 900000000008 has no player 'Nobody'
        """
        for seat in self.seats:
            if seat.name == name:
                return seat
        raise ArgumentError(f"hand {self.hand_id} has no player {brief(name)}")

    def seat_index(self, name: str) -> int:
        """omaha8's seat (from 0) of player ``name``: the file's seat number minus one."""
        return self.seat_of(name).seat

    def known_cards(self) -> dict[str, tuple[int, ...]]:
        """Every player's hole cards the file shows, by name (dealt, shown or mucked face up)."""
        out: dict[str, tuple[int, ...]] = {}
        for name, cards in self.dealt + self.shown:
            if len(cards) == self.variant:
                out[name] = cards
        return out

    def contributions(self) -> dict[str, int]:
        """Chips each player put in, by name, before any uncalled bet came back."""
        out = {seat.name: 0 for seat in self.seats}
        for post in self.posts:
            out[post.name] += post.amount
        for action in self.actions:
            out[action.name] += action.amount
        return out

    def collected_by(self) -> dict[str, int]:
        """Chips each player collected from the pots in the file, by name (every line counted)."""
        out = {seat.name: 0 for seat in self.seats}
        for item in self.collected:
            out[item.name] += item.amount
        return out

    def uncalled_by(self) -> dict[str, int]:
        """Chips returned to each player by ``Uncalled bet`` lines, by name."""
        out = {seat.name: 0 for seat in self.seats}
        for name, amount in self.uncalled:
            out[name] += amount
        return out

    def in_hand(self) -> tuple[Seat, ...]:
        """The seats dealt in: with chips, and with a post or an action.

        Every player dealt in posts or acts at least once (a walk's big blind
        has posted); a seat that does neither was waiting for the big blind
        or sitting out even where its seat line does not say so. A seat line
        that says "is sitting out" does not keep out a player who posts or
        acts: in tournaments such a player is dealt in, posts and is folded.
        """
        # the tuples' name fields by position: a getter mapped over them is cheaper than attribute reads
        active = set(map(_POST_NAME, self.posts))
        active.update(map(_ACTION_NAME, self.actions))
        return tuple([seat for seat in self.seats if seat.stack > 0 and seat.name in active])
