"""One hand as a site's parser reads it, line by line, into a :class:`~omaha8.histories.HandRecord`.

Every site's module (:mod:`omaha8.histories.sites`) reads its own line forms
and tells a :class:`HandBuilder` what each line says: a seat, a post, an
action (with the amount as the site writes it: the chips it adds, or the
player's street total), a street's cards, a show, a return, a collection.
The builder keeps each player's bet on the street, so every action gets both
numbers, and at the end checks what no site may say: a player seated twice,
the same card twice (in two hands, or in a hand and on the board), a player
dealt the wrong number of cards, two lines that show one player different
cards. Each refusal is a :class:`~omaha8.histories._grammar._Bad` with the
line and column of the fault.

>>> b = HandBuilder("<text>", 1, "Example")
>>> b.money = Money(None, 0)
>>> b.seat(1, "Ann", 100, 2, 1); b.seat(2, "Bob", 100, 3, 1)
>>> b.post("Ann", "small_blind", 1, 4); b.post("Bob", "big_blind", 2, 5)
>>> b.street(0, (), 6, 1)
>>> b.raise_adding("Ann", 5, 7, 1)        # "Ann raises [5]": 5 more chips, to 6
>>> b.actions[-1].amount, b.actions[-1].to
(5, 6)
>>> b.dealt("Bob", (0, 1, 2, 3), 8, 1); b.shown("Bob", (0, 1, 2, 4), 9, 1)
Traceback (most recent call last):
...
omaha8.histories._grammar._Bad: Bob is shown 2c 2d 2h 3c here but 2c 2d 2h 2s on line 8
"""

from __future__ import annotations

from typing import Any

from .._support._args import brief
from ..cards import format_cards
from ._grammar import MAX_NAME, Form, _Bad, Money, cards_of
from .hand_record import HandRecord
from .records import Action, Collection, Post, Seat

# the hero's hole cards as most sites write them: "Dealt to NAME [cards]"
_HERO_DEALT = Form("Dealt to {name} {cards}")

__all__ = ["HandBuilder"]

# the named tuples of a hand's lines, built as the tuples they are (their own constructor is a Python function)
_new = tuple.__new__

#: Most seats a table has in any format read (tournament tables of some sites number seats up to 10).
MAX_SEAT_NUMBER = 10


class HandBuilder:
    """The parts of one hand as a site's lines give them; :meth:`build` makes the record."""

    def __init__(self, label: str, start: int, site: str) -> None:
        self.label, self.start, self.site = label, start, site
        self.money = Money(None, 0)
        self.fields: dict[str, Any] = {
            "header": "", "tournament_id": None, "level": None, "club": None, "mixed": None,
            "game": "Omaha Hi/Lo", "variant": 4, "limit": "Pot Limit", "stakes": (0, 0), "date": "", "table": "",
            "max_seats": None, "button": 0, "hand_id": "", "returns": "lines", "rake_stated": True,
            "chip_unit": 1, "collected_stated": True, "streets_marked": True,
        }
        self.seats: list[Seat] = []
        self.names: dict[str, Seat] = {}
        self.posts: list[Post] = []
        self.actions: list[Action] = []
        self.dealt_cards: list[tuple[str, tuple[int, ...]]] = []
        self.shown_cards: list[tuple[str, tuple[int, ...]]] = []
        self.card_lines: list[int] = []  # the line of each dealt, then shown, entry: for the consistency checks
        self.shown_lines: list[int] = []
        self.board: tuple[int, ...] = ()
        self.runs: list[tuple[int, ...]] = []
        self.run_boards: dict[int, tuple[int, ...]] = {}  # each run's board so far, as its markers deal it
        self.uncalled_lines: list[tuple[str, int]] = []
        self.collections: list[Collection] = []
        self.messages: list[tuple[int, str]] = []
        self.total_pot = -1
        self.pots: tuple[int, ...] = ()
        self.rake = 0
        self.no_low = False
        self.hero: str | None = None
        self.current = -1  # the street: -1 before the hole cards, 0 pre-flop .. 3 river
        self.bets: dict[str, int] = {}  # each player's bet on this street (live blinds pre-flop)
        self.put: dict[str, int] = {}  # the chips each player has put in so far: posts and actions
        self._spaced: list[str] = []  # the seated names holding a space, longest first

    # ------------------------------------------------------------ the table

    def amount(self, text: str, at: int, col: int) -> int:
        """An amount's text in the hand's units (see :class:`~omaha8.histories._grammar.Money`)."""
        return self.money.value(text, at, col)

    def seat(self, number: int, name: str, stack: int, at: int, col: int, *, sitting_out: bool = False,
             highest: int = MAX_SEAT_NUMBER) -> None:
        """A seat line: the file's seat ``number`` (from 1), the player and the chips before the hand."""
        if not 1 <= number <= highest or any(s.number == number for s in self.seats):
            raise _Bad(at, col, f"seat number {number} is out of range or given twice")
        if not name or len(name) > MAX_NAME:
            raise _Bad(at, col, f"a player's name must have 1 to {MAX_NAME} characters, not {brief(name)}")
        if name in self.names:
            raise _Bad(at, col, f"player {brief(name)} has two seats")
        seat = Seat(number, name, stack, sitting_out)
        self.seats.append(seat)
        self.names[name] = seat
        if " " in name:
            self._spaced = sorted([*self._spaced, name], key=len, reverse=True)

    def player(self, line: str, sep: str = " ") -> tuple[str, str] | None:
        """(name, rest) when ``line`` starts with a seated player's name and ``sep``, else None.

        The longest name that fits wins (a player "Ann Lee" beside "Ann"); names are at most
        :data:`~omaha8.histories._grammar.MAX_NAME` characters, so this is linear in the line.
        """
        names = self.names
        if sep == ": ":
            i = line.find(": ", 0, MAX_NAME + 1)
            while i > 0:
                if line[:i] in names:
                    return line[:i], line[i + 2:]
                i = line.find(": ", i + 1, MAX_NAME + 1)
            return None
        if sep == " ":
            # a name with a space that fits is longer than any without one that fits (it holds that one and
            # more), and a name without one can only end at the line's first space
            for name in self._spaced:
                if line.startswith(name) and line[len(name):len(name) + 1] == " ":
                    return name, line[len(name) + 1:]
            i = line.find(" ")
            if i > 0 and line[:i] in names:
                return line[:i], line[i + 1:]
            return None
        for name in sorted(names, key=len, reverse=True):
            if line.startswith(name) and line[len(name):len(name) + len(sep)] == sep:
                return name, line[len(name) + len(sep):]
        return None

    def seated(self, name: str, at: int, col: int) -> str:
        """``name`` when it is a seated player, else :class:`_Bad`."""
        if name not in self.names:
            raise _Bad(at, col, f"{brief(name)} is not seated at this table")
        return name

    # ------------------------------------------------------------ chips

    def post(self, name: str, kind: str, amount: int, at: int, *, all_in: bool = False) -> None:
        """A forced bet before the cards: ``kind`` ante, small_blind, big_blind or dead."""
        self.posts.append(Post(name, kind, amount, all_in, at))
        self.put[name] = self.put.get(name, 0) + amount
        if kind == "small_blind" or kind == "big_blind":
            self.bets[name] = self.bets.get(name, 0) + amount

    def street(self, index: int, cards: tuple[int, ...], at: int, col: int) -> None:
        """Street ``index`` starts (0 the hole cards; 1..3 with the board so far, ``cards``)."""
        if index:
            want = (3, 4, 5)[index - 1]
            if len(cards) != want or cards[: len(self.board)] != self.board[: len(cards)]:
                raise _Bad(at, col, f"the board {format_cards(cards)} does not follow the earlier streets")
            self.board = cards
        if index < self.current:
            raise _Bad(at, col, "a street that came before")
        if index != self.current:
            self.current = index
            if index:
                self.bets = {}

    def _acting(self, at: int, col: int) -> int:
        if self.current < 0:
            raise _Bad(at, col, "an action before the hole cards were dealt")
        return self.current

    def fold(self, name: str, at: int, col: int) -> None:
        self.actions.append(_new(Action, (self._acting(at, col), name, "fold", 0, 0, False, at)))

    def check(self, name: str, at: int, col: int) -> None:
        self.actions.append(_new(Action, (self._acting(at, col), name, "check", 0, 0, False, at)))

    def call(self, name: str, added: int, at: int, col: int, *, all_in: bool = False) -> None:
        """A call adding ``added`` chips."""
        street = self._acting(at, col)
        self.actions.append(_new(Action, (street, name, "call", added, 0, all_in, at)))
        self.put[name] = self.put.get(name, 0) + added
        self.bets[name] = self.bets.get(name, 0) + added

    def call_to(self, name: str, to: int, at: int, col: int, *, all_in: bool = False) -> None:
        """A call to a street total of ``to`` chips (sites that write the total)."""
        self.call(name, to - self.bets.get(name, 0), at, col, all_in=all_in)

    def wager_to(self, name: str, kind: str, to: int, at: int, col: int, *, all_in: bool = False) -> None:
        """A bet or raise to a street total of ``to``."""
        street = self._acting(at, col)
        mine = self.bets.get(name, 0)
        if to <= mine:
            raise _Bad(at, col, f"a {kind} to {to} is not more than the {mine} already bet")
        self.actions.append(_new(Action, (street, name, kind, to - mine, to, all_in, at)))
        self.put[name] = self.put.get(name, 0) + to - mine
        self.bets[name] = to

    def raise_adding(self, name: str, added: int, at: int, col: int, *, all_in: bool = False) -> None:
        """A raise that adds ``added`` chips (sites that write what goes in, such as ``raises [$4]``)."""
        self.wager_to(name, "raise", self.bets.get(name, 0) + added, at, col, all_in=all_in)

    def raise_total(self, name: str, to: int, at: int, col: int) -> None:
        """A raise written only as its street total ``to`` in a hand whose streets :meth:`infer_streets` finds
        (Bovada's ``Raises 900`` without street lines): the chips it adds are known once the streets are."""
        self.actions.append(_new(Action, (self._acting(at, col), name, "raise", 0, to, False, at)))

    def bet_adding(self, name: str, added: int, at: int, col: int, *, all_in: bool = False) -> None:
        """A bet of ``added`` chips, as a raise when a bet was already made on the street (sites that write "bets" both ways)."""
        kind = "raise" if self.top_bet() > 0 else "bet"
        self.wager_to(name, kind, self.bets.get(name, 0) + added, at, col, all_in=all_in)

    def all_in_adding(self, name: str, added: int, at: int, col: int) -> None:
        """An all-in of ``added`` more chips, a call, a bet or a raise by what it does to the bet (Bovada's ``All-in``)."""
        mine = self.bets.get(name, 0)
        top = self.top_bet()
        if mine + added <= top:
            self.call(name, added, at, col, all_in=True)
        else:
            self.wager_to(name, "raise" if top > 0 else "bet", mine + added, at, col, all_in=True)

    def infer_streets(self) -> None:
        """Give each action its street by when the betting rounds end, for an export that left street lines out.

        Every action must carry the chips it adds (``amount``): a round ends when every player still
        able to act has acted since the last bet and matched it; bets and raises get their street
        totals again.
        """
        dealt = {p.name for p in self.posts} | {a.name for a in self.actions}
        folded: set[str] = set()
        all_in = {p.name for p in self.posts if p.all_in}
        bets: dict[str, int] = {}
        for p in self.posts:
            if p.kind in ("small_blind", "big_blind"):
                bets[p.name] = bets.get(p.name, 0) + p.amount
        top = max(bets.values(), default=0)
        acted: set[str] = set()
        street = 0
        out = []
        for a in self.actions:
            live = [n for n in dealt if n not in folded and n not in all_in]
            if live and all(n in acted and bets.get(n, 0) == top for n in live) and street < 3:
                street, bets, acted, top = street + 1, {}, set(), 0
            kind, to, added = a.kind, 0, a.amount
            if kind in ("bet", "raise"):
                if not added:  # a raise given as its street total (raise_total)
                    added = a.to - bets.get(a.name, 0)
                to = bets.get(a.name, 0) + added
                kind = "raise" if top > 0 else "bet"
                top = max(top, to)
                bets[a.name] = to
                acted = {a.name}
            elif kind == "call":
                bets[a.name] = bets.get(a.name, 0) + a.amount
                acted.add(a.name)
            elif kind == "check":
                acted.add(a.name)
            else:
                folded.add(a.name)
            if a.all_in:
                all_in.add(a.name)
            out.append(Action(street, a.name, kind, added, to, a.all_in, a.line))
        self.actions = out

    def behind(self, name: str) -> int:
        """Chips ``name`` has left before the next action (sites that mark an all-in only by its size)."""
        return self.names[name].stack - self.put.get(name, 0)

    def top_bet(self) -> int:
        """The largest bet on the street so far."""
        return max(self.bets.values(), default=0)

    def uncalled(self, name: str, amount: int) -> None:
        self.uncalled_lines.append((name, amount))

    def collect(self, name: str, amount: int, pot: str, at: int) -> None:
        self.collections.append(Collection(name, amount, pot, at))

    # ------------------------------------------------------------ cards

    def dealt(self, name: str, cards: tuple[int, ...], at: int, col: int) -> None:
        """A player's hole cards as dealt (-1 for a card not shown: such a line tells nothing)."""
        if -1 in cards:
            if len(cards) != self.fields["variant"]:
                raise _Bad(at, col, f"{name} is dealt {len(cards)} cards; {self.fields['game']} deals "
                                   f"{self.fields['variant']}")
            return
        if len(cards) != self.fields["variant"]:
            raise _Bad(at, col, f"{name} is dealt {len(cards)} cards ({format_cards(cards)}); "
                               f"{self.fields['game']} deals {self.fields['variant']}")
        self._agree(name, cards, at, col)
        self.dealt_cards.append((name, cards))
        self.card_lines.append(at)

    def hero_dealt(self, line: str, at: int) -> None:
        """A ``Dealt to NAME [cards]`` line: the hero's hole cards, the hero named."""
        m = _HERO_DEALT.match(line)
        if m is None:
            raise _Bad(at, 10, f"cannot read {line[:60]!r}")
        name = self.seated(m.group(1), at, 10)
        self.dealt(name, cards_of(m.group(2), at, m.start(2) + 1), at, m.start(2) + 1)
        self.hero = name

    def shown(self, name: str, cards: tuple[int, ...], at: int, col: int) -> None:
        """Cards a player shows (all of them, or some when folding)."""
        if not cards or len(cards) > self.fields["variant"]:
            raise _Bad(at, col, f"{name} shows {len(cards)} cards; {self.fields['game']} deals {self.fields['variant']}")
        self._agree(name, cards, at, col)
        self.shown_cards.append((name, cards))
        self.shown_lines.append(at)

    def _agree(self, name: str, cards: tuple[int, ...], at: int, col: int) -> None:
        """``cards`` of ``name`` must agree with every earlier line about them, and be nobody else's."""
        if len(set(cards)) != len(cards):
            raise _Bad(at, col, f"{name} holds the same card twice: {format_cards(cards)}")
        full = len(cards) == self.fields["variant"]
        for (other, known), line in zip(self.dealt_cards + self.shown_cards, self.card_lines + self.shown_lines):
            if other == name:
                known_full = len(known) == self.fields["variant"]
                if (full and known_full and set(known) != set(cards)) or (
                        full and not set(known) <= set(cards)) or (known_full and not set(cards) <= set(known)):
                    raise _Bad(at, col, f"{name} is shown {format_cards(cards)} here but {format_cards(known)} "
                                       f"on line {line}")
            else:
                same = set(known) & set(cards)
                if same:
                    raise _Bad(at, col, f"{name} and {other} (line {line}) both hold {format_cards(sorted(same))}")

    # ------------------------------------------------------------ the record

    def require_dealt(self, last: int) -> None:
        """Refuse a hand whose text ends, at line ``last``, before its cards were dealt."""
        if self.current < 0:
            raise _Bad(last, 0, "the hand was cut short before the cards were dealt")

    def build(self) -> HandRecord:
        """The hand as a record, once its last line is read: the cards checked against the board(s)."""
        known = {c for _, cards in self.dealt_cards + self.shown_cards for c in cards}
        boards = self.runs or [self.board]
        for board in boards:
            if len(set(board)) != len(board):
                raise _Bad(self.start, 0, f"the board {format_cards(board)} holds a card twice")
            clash = known & set(board)
            if clash:
                raise _Bad(self.start, 0, f"{format_cards(sorted(clash))} is on the board and in a player's hand")
        if len(boards) > 1:
            shared = _common_prefix(boards)
            seen = set(boards[0][:shared])
            for board in boards:
                rest = set(board[shared:])
                if rest & seen:
                    raise _Bad(self.start, 0, f"the runs deal {format_cards(sorted(rest & seen))} twice")
                seen |= rest
        if not self.seats:
            raise _Bad(self.start, 0, "the hand seats no player")
        f = self.fields
        low, high = f["stakes"]
        if low > high:
            raise _Bad(self.start, 0, f"the stakes {low}/{high} put the small blind (or bet) over the big one")
        money = self.money
        return HandRecord(
            source=self.label, line=self.start, site=self.site, header=f["header"], hand_id=f["hand_id"],
            tournament_id=f["tournament_id"], level=f["level"], club=f["club"], mixed=f["mixed"], game=f["game"],
            variant=f["variant"], limit=f["limit"], stakes=f["stakes"], currency=money.currency, date=f["date"],
            table=f["table"], max_seats=f["max_seats"], button=f["button"], seats=tuple(self.seats),
            posts=tuple(self.posts), actions=tuple(self.actions), dealt=tuple(self.dealt_cards),
            shown=tuple(self.shown_cards), board=self.board, uncalled=tuple(self.uncalled_lines),
            collected=tuple(self.collections), total_pot=self.total_pot, pots=self.pots, rake=self.rake,
            no_low=self.no_low, messages=tuple(self.messages), decimals=money.decimals, runs=tuple(self.runs),
            hero=self.hero, returns=f["returns"], rake_stated=f["rake_stated"], chip_unit=f["chip_unit"],
            collected_stated=f["collected_stated"], streets_marked=f["streets_marked"],
        )


def _common_prefix(boards: list[tuple[int, ...]]) -> int:
    """How many first cards every board shares."""
    n = min(len(b) for b in boards)
    for i in range(n):
        if any(b[i] != boards[0][i] for b in boards):
            return i
    return n
