"""One PokerStars Omaha Hi/Lo hand's lines parsed into a :class:`~omaha8.histories.HandRecord`.

The line grammar (the regular expressions of every line form) and the parser of one hand;
:mod:`omaha8.histories.pokerstars` cuts a file into hands and reads each through it.
"""

from __future__ import annotations

import re
from typing import Any

from .._support._args import brief
from ..cards import format_card
from .hand_record import HandRecord
from .records import Action, Collection, Post, Seat


class _Bad(Exception):
    """Raised inside the parser of one hand: the line (1-based in the file), column and reason."""

    def __init__(self, line: int, column: int, reason: str) -> None:
        super().__init__(reason)
        self.line, self.column, self.reason = line, column, reason


class _OtherGame(Exception):
    """The hand is of a game this reader does not read."""


class _NotReplayed(Exception):
    """An Omaha Hi/Lo hand played in a way the engine does not replay (run it twice): the line and reason."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line, self.reason = line, reason


_CARD = {format_card(c): c for c in range(52)}
_CURRENCY = {"$": "USD", "€": "EUR", "£": "GBP"}

_HEADER = re.compile(r"PokerStars (Home Game Hand|Home Game|Zoom Hand|Hand|Game) #(\d{1,20}): *(.*)")
_CLUB = re.compile(r"\{([^}]*)\} *")
_TOURNAMENT = re.compile(r"Tournament #(\d{1,20}), *")
_GAME = re.compile(r"(?:\b(\d+) Card )?\b(Omaha Hi/Lo) (Pot Limit|No Limit|Limit)\b")
_OTHER_GAME = re.compile(r"((?:\d+ Card )?[A-Z][\w'/ -]*? (?:Pot Limit|No Limit|Fixed Limit|Limit))")
_BUY_IN_WORDS = re.compile(r"^(?:(?:USD|EUR|GBP|CAD|INR|Freeroll|FPP|SC)\s+)+")
_LEVEL = re.compile(r"Level (\w+) \((\d+)/(\d+)\)")
_STAKES = re.compile(r"([$€£]?)(\d+(?:\.\d{1,2})?)/([$€£]?)(\d+(?:\.\d{1,2})?)(?: ([A-Z]{3}))?\)")
_DATE = re.compile(r"\d{4}/\d{1,2}/\d{1,2}")
_TABLE = re.compile(r"Table '(.*)' (?:(\d+)-max )?(?:\(Play Money\) )?Seat #(\d+) is the button")
_SEAT = re.compile(r"Seat (\d+): (.+) \(([$€£]?\d+(?:\.\d{1,2})?) in chips(?:, [^)]*)?\)(.*)")
_AMOUNT = r"([$€£]?\d+(?:\.\d{1,2})?)"
_ALL_IN = r"( and is all-in)?"
_FORMS = {
    "posts": re.compile(rf"posts (small blind|big blind|small & big blinds|the ante) {_AMOUNT}{_ALL_IN}"),
    "calls": re.compile(rf"calls {_AMOUNT}{_ALL_IN}"),
    "bets": re.compile(rf"bets {_AMOUNT}{_ALL_IN}"),
    "raises": re.compile(rf"raises {_AMOUNT} to {_AMOUNT}{_ALL_IN}"),
    "folds": re.compile(r"folds(?: \[([^\]]*)\])?"),
    "checks": re.compile(r"checks"),
    "shows": re.compile(r"shows \[([^\]]*)\](?: \(.*\))?"),
    "mucks": re.compile(r"mucks(?: hand)?(?: \[([^\]]*)\])?"),
}
# player lines with a colon that say nothing about chips or cards
_COLON_MESSAGES = ("doesn't show hand", "is sitting out", "sits out", "is away")
_COLLECTED = re.compile(rf"collected {_AMOUNT} from (pot|main pot|side pot(?:-\d+)?)")
_UNCALLED = re.compile(rf"Uncalled bet \({_AMOUNT}\) returned to (.+)")
_DEALT = re.compile(r"Dealt to (.+?) \[([^\]]*)\](?: \[[^\]]*\])?")
_TOTAL = re.compile(
    rf"Total pot {_AMOUNT}((?: Main pot {_AMOUNT}\.)(?: Side pot(?:-\d+)? [$€£]?\d+(?:\.\d{{1,2}})?\.)*)?"
    rf"(?: ?\| Rake {_AMOUNT})?(.*)"
)
_SIDE = re.compile(rf" (Main|Side) pot(?:-\d+)? {_AMOUNT}\.")
_SUMMARY_CARDS = re.compile(r"Seat (\d+): .*? (?:showed|mucked) \[([^\]]*)\]")
_BOARD = re.compile(r"\[([^\]]*)\]")
# lines about a player (named or not) that do not touch the chips or the cards
_MESSAGE_PHRASES = (
    ' said, "', " joins the table at seat #", " leaves the table", " has timed out", " is disconnected",
    " is connected", " has returned", " is sitting out", " sits out", " will be allowed to play after the button",
    " finished the tournament", " wins the tournament", " bounty", " was removed from the table",
    " re-buys", " takes the add-on", " is feeling ", " has been disconnected", " has reconnected",
    " cashed out", " was moved", " is away",
)
_TABLE_LINES = ("Betting is capped", "No low hand qualified")
_STREET_MARKERS = {"*** FLOP ***": 1, "*** TURN ***": 2, "*** RIVER ***": 3}


# ------------------------------------------------------------------ one hand


# amounts repeat from hand to hand ("$0.10"): their values, by text, with the currency symbol they need
_AMOUNTS: dict[str, tuple[str | None, int]] = {}
_AMOUNTS_KEPT = 4096


def _remember(text: str, symbol: str | None, value: int) -> int:
    if len(_AMOUNTS) >= _AMOUNTS_KEPT:
        _AMOUNTS.clear()  # bounded: start again rather than grow
    _AMOUNTS[text] = (symbol, value)
    return value


class _Parser:
    """The parser of one hand's lines."""

    def __init__(self, label: str, start: int, lines: list[str]) -> None:
        self.label, self.start, self.lines = label, start, lines
        self.symbol: str | None = None  # the currency symbol of a cash game
        self.names: dict[str, Seat] = {}
        self.by_length: list[str] = []

    # ---------------------------------------------------------- amounts, cards

    def amount(self, text: str, at: int, col: int) -> int:
        """An amount as an integer: cents with the currency symbol, else chips."""
        known = _AMOUNTS.get(text)
        if known is not None and known[0] == self.symbol:
            return known[1]
        symbol = self.symbol
        if symbol is None and text.isdigit():
            return _remember(text, symbol, int(text))
        if symbol is not None:
            if text[0] != symbol:
                raise _Bad(at, col, f"amount {brief(text)} lacks the currency {symbol} of this cash game")
            text = text[1:]
            whole, _, cents = text.partition(".")
            if len(cents) == 1:
                cents += "0"
            if not (whole.isdigit() and (not cents or cents.isdigit())):
                raise _Bad(at, col, f"amount {brief(symbol + text)} is not an amount of money")
            return _remember(symbol + text, symbol, int(whole) * 100 + int(cents or 0))
        if not text[:1].isdigit() or "." in text:
            raise _Bad(at, col, f"amount {brief(text)} is not a whole number of chips")
        return int(text)

    def cards(self, text: str, at: int, col: int) -> tuple[int, ...]:
        try:
            return tuple([_CARD[word] for word in text.split()])
        except KeyError:
            pass
        out = []
        for word in text.split():
            card = _CARD.get(word[:1].upper() + word[1:].lower()) if len(word) == 2 else None
            if card is None:
                raise _Bad(at, col, f"{brief(word)} is not a card")
            out.append(card)
        return tuple(out)

    # ---------------------------------------------------------- header

    def header(self) -> dict[str, Any]:
        first = self.lines[0]
        head = _HEADER.match(first)
        assert head is not None
        style, hand_id, rest = head.groups()
        base = len(first) - len(rest)
        header = {"Home Game Hand": "Home Game", "Zoom Hand": "Zoom"}.get(style, style)
        club = None
        m = _CLUB.match(rest)
        if m:
            club = m.group(1)
        game = _GAME.search(rest)
        if game is None or (game.group(1) not in (None, "5")):
            other = _OTHER_GAME.findall(rest)
            named = [g for g in other if not g.startswith("Tournament")]
            what = named[-1].split("(")[-1].strip() if named else "this game"
            # the buy-in's currency or "Freeroll" may run into the game's name
            what = " ".join(_BUY_IN_WORDS.sub("", what).split())
            raise _OtherGame(f"{what} is not Omaha Hi/Lo")
        variant = 5 if game.group(1) else 4
        limit = game.group(3)
        before = rest[: game.start()].rstrip()
        mixed = None
        if before.endswith("("):
            # a mixed game names the game in parentheses: "8-Game (Omaha Hi/Lo Limit)"
            mixed = before[:-1].strip()
            t = _TOURNAMENT.search(mixed)
            if t:
                mixed = mixed[t.end():].strip()
                mixed = re.sub(r"^\S*[$€£]\S*\s*(?:[A-Z]{3}\s*)?", "", mixed) or None
        tournament = _TOURNAMENT.search(rest)
        tid = tournament.group(1) if tournament else None
        level = None
        after = rest[game.end():]
        if tid is not None:
            lv = _LEVEL.search(after)
            if lv is None:
                raise _Bad(self.start, base + game.end() + 1, "a tournament header needs its level, e.g. 'Level I (10/20)'")
            level = lv.group(1)
            stakes = (int(lv.group(2)), int(lv.group(3)))
            currency = None
        else:
            st = _STAKES.search(after)
            if st is None:
                raise _Bad(self.start, base + game.end() + 1, "the header gives no stakes, e.g. '($0.01/$0.02 USD)'")
            sym1, low, sym2, high, code = st.groups()
            if sym1 != sym2:
                raise _Bad(self.start, base + game.end() + st.start() + 1, "the stakes mix currencies")
            if sym1:
                self.symbol = sym1
                currency = code or _CURRENCY[sym1]
                stakes = (self.amount(sym1 + low, self.start, 0), self.amount(sym1 + high, self.start, 0))
            else:
                if "." in low or "." in high:
                    raise _Bad(self.start, base + game.end() + st.start() + 1, "chip stakes must be whole numbers")
                currency = None
                stakes = (int(low), int(high))
        date = _DATE.search(rest)
        return {
            "header": header, "hand_id": hand_id, "club": club, "mixed": mixed, "variant": variant,
            "game": "5 Card Omaha Hi/Lo" if variant == 5 else "Omaha Hi/Lo", "limit": limit,
            "tournament_id": tid, "level": level, "stakes": stakes, "currency": currency,
            "date": rest[date.start():] if date else "",
        }

    # ---------------------------------------------------------- players

    def who(self, line: str) -> tuple[str, str, bool] | None:
        """(name, rest, after a colon) for a line about a seated player, else None."""
        i = line.find(": ")
        while i > 0:
            name = line[:i]
            if name in self.names:
                return name, line[i + 2:], True
            i = line.find(": ", i + 1)
        for name in self.by_length:
            if line.startswith(name) and line[len(name):len(name) + 1] == " ":
                return name, line[len(name) + 1:], False
        return None

    # ---------------------------------------------------------- the hand

    def parse(self) -> HandRecord:
        lines, start = self.lines, self.start
        info = self.header()
        if len(lines) < 2:
            raise _Bad(start, 0, "the hand ends after its header")
        table = _TABLE.fullmatch(lines[1])
        if table is None:
            raise _Bad(start + 1, 1, f"expected the table line, e.g. \"Table 'Name' 6-max Seat #1 is the button\", got {brief(lines[1])}")
        seats: list[Seat] = []
        i = 2
        while i < len(lines) and lines[i].startswith("Seat "):
            m = _SEAT.fullmatch(lines[i])
            if m is None:
                if seats:
                    break  # a player line of a player whose name starts with "Seat "
                raise _Bad(start + i, 1, f"expected a seat line, e.g. 'Seat 1: Name ($2 in chips)', got {brief(lines[i])}")
            number = int(m.group(1))
            if not 1 <= number <= 10 or any(s.number == number for s in seats):
                raise _Bad(start + i, 6, f"seat number {number} is out of range or given twice")
            tail = m.group(4).strip()
            seat = Seat(number, m.group(2), self.amount(m.group(3), start + i, m.start(3) + 1),
                        sitting_out=bool(tail) and ("sitting out" in tail or "out of hand" in tail))
            if seat.name in self.names:
                raise _Bad(start + i, 9, f"player {brief(seat.name)} has two seats")
            seats.append(seat)
            self.names[seat.name] = seat
            i += 1
        if len(seats) < 1:
            raise _Bad(start + i, 1, "the hand has no seat lines")
        self.by_length = sorted(self.names, key=len, reverse=True)
        max_seats = int(table.group(2)) if table.group(2) else None
        button = int(table.group(3))

        posts: list[Post] = []
        actions: list[Action] = []
        dealt: list[tuple[str, tuple[int, ...]]] = []
        shown: list[tuple[str, tuple[int, ...]]] = []
        uncalled: list[tuple[str, int]] = []
        collected: list[Collection] = []
        messages: list[tuple[int, str]] = []
        board: tuple[int, ...] = ()
        street = -1  # before the hole cards
        summary = False
        no_low = False
        total_pot = -1
        pots: tuple[int, ...] = ()
        rake = 0
        cancelled = False
        amount = self.amount
        forms = _FORMS
        bets: dict[str, int] = {}  # each player's bet on this street (live blinds pre-flop)
        blind_floor = 0  # the whole big blind, when it was posted all-in for less

        names = self.names
        for j in range(i, len(lines)):
            line = lines[j]
            at = start + j
            if not line or (line[0].isspace() and not line.strip()):
                continue
            # most lines are "Name: action": try that first, without a call
            k = line.find(": ")
            if k > 0 and not summary and line[:k] in names:
                found: tuple[str, str, bool] | None = (line[:k], line[k + 2:], True)
            elif line.startswith("*** "):
                if line == "*** HOLE CARDS ***":
                    street = 0
                elif line == "*** SHOW DOWN ***":
                    street = max(street, 0)
                elif line == "*** SUMMARY ***":
                    summary = True
                else:
                    marker = line[: line.find("***", 4) + 3]
                    number_of = _STREET_MARKERS.get(marker)
                    if number_of is None:
                        if marker.startswith(("*** FIRST ", "*** SECOND ")):
                            # PokerStars deals a second board for the rest of an all-in hand and halves every pot
                            raise _NotReplayed(at, "run it twice: the hand has two boards, the engine deals one")
                        raise _Bad(at, 1, f"unknown marker {brief(line)}")
                    got = self.cards(" ".join(_BOARD.findall(line)), at, len(marker) + 2)
                    want = (3, 4, 5)[number_of - 1]
                    if len(got) != want or got[: len(board)] != board[: len(got)]:
                        raise _Bad(at, len(marker) + 2, f"the board {brief(line[len(marker) + 1:])} does not follow the earlier streets")
                    board = got
                    street = number_of
                    bets = {}
                continue
            elif summary:
                if line.startswith("Total pot "):
                    m = _TOTAL.fullmatch(line)
                    if m is None:
                        raise _Bad(at, 11, f"cannot read the total pot line {brief(line)}")
                    total_pot = amount(m.group(1), at, 11)
                    if m.group(2):
                        pots = tuple(amount(s.group(2), at, s.start(2) + 1) for s in _SIDE.finditer(m.group(2)))
                    if m.group(4):
                        rake = amount(m.group(4), at, m.start(4) + 1)
                    continue
                if line.startswith("Board ["):
                    cards = self.cards(line[7:-1], at, 8)
                    if board and cards != board:
                        raise _Bad(at, 8, "the summary board differs from the streets'")
                    board = cards
                    continue
                if line.startswith("Seat "):
                    m = _SUMMARY_CARDS.match(line)
                    if m:
                        seat_no = int(m.group(1))
                        owner = next((s.name for s in seats if s.number == seat_no), None)
                        if owner is None:
                            raise _Bad(at, 6, f"seat {seat_no} is not in the seat list")
                        shown.append((owner, self.cards(m.group(2), at, m.start(2) + 1)))
                    continue
                messages.append((at, line))
                continue
            else:
                found = self.who(line)
            if found is not None:
                name, rest, colon = found
                col = len(line) - len(rest) + 1
                if colon:
                    # the two commonest actions, without the grammar
                    if rest == "folds" or rest == "checks":
                        if street < 0:
                            raise _Bad(at, col, "an action before the hole cards were dealt")
                        actions.append(Action(street, name, "fold" if rest == "folds" else "check", 0, 0, False, at))
                        continue
                    verb = rest.split(" ", 1)[0]
                    form = forms.get(verb)
                    m = form.fullmatch(rest) if form is not None else None
                    if m is None:
                        if rest in _COLON_MESSAGES or rest.startswith("is sitting out") or rest.startswith("sits out"):
                            messages.append((at, line))
                            continue
                        raise _Bad(at, col, f"the action {brief(rest)} is not a PokerStars action")
                    if verb == "posts":
                        if street >= 0:
                            raise _Bad(at, col, "a post after the hole cards were dealt")
                        what, value, all_in = m.group(1), amount(m.group(2), at, col + m.start(2)), bool(m.group(3))
                        if what == "small & big blinds":
                            big = info["stakes"][1] if info["limit"] != "Limit" else info["stakes"][0]
                            dead = value - big
                            if dead < 0:
                                raise _Bad(at, col, f"small & big blinds of {value} is less than the big blind {big}")
                            if dead:
                                posts.append(Post(name, "dead", dead, False, at))
                            posts.append(Post(name, "big_blind", value - dead, all_in, at))
                            bets[name] = bets.get(name, 0) + value - dead
                        else:
                            kind = {"small blind": "small_blind", "big blind": "big_blind", "the ante": "ante"}[what]
                            if kind == "small_blind" and any(p.kind in ("small_blind", "big_blind") for p in posts):
                                # a small blind after the blinds is a missed one made up: dead, as
                                # PokerStars plays it (its poster then calls the whole big blind)
                                kind = "dead"
                            posts.append(Post(name, kind, value, all_in, at))
                            if kind != "ante" and kind != "dead":
                                bets[name] = bets.get(name, 0) + value
                            if kind == "big_blind" and all_in:
                                # short of the big blind: the others still call (and raise from) the whole of it
                                blind_floor = info["stakes"][1] if info["limit"] != "Limit" else info["stakes"][0]
                        continue
                    if verb in ("shows", "mucks"):
                        if m.group(1):
                            shown.append((name, self.cards(m.group(1), at, col + m.start(1))))
                        continue
                    if street < 0:
                        raise _Bad(at, col, "an action before the hole cards were dealt")
                    if verb == "folds":
                        if m.group(1):
                            shown.append((name, self.cards(m.group(1), at, col + m.start(1))))
                        actions.append(Action(street, name, "fold", 0, 0, False, at))
                    elif verb == "checks":
                        actions.append(Action(street, name, "check", 0, 0, False, at))
                    elif verb == "calls":
                        value = amount(m.group(1), at, col + 6)
                        actions.append(Action(street, name, "call", value, 0, bool(m.group(2)), at))
                        bets[name] = bets.get(name, 0) + value
                    elif verb == "bets":
                        value = amount(m.group(1), at, col + 5)
                        actions.append(Action(street, name, "bet", value - bets.get(name, 0), value, bool(m.group(2)), at))
                        bets[name] = value
                    else:
                        by = amount(m.group(1), at, col + 7)
                        to = amount(m.group(2), at, col + m.start(2))
                        top = max(bets.values(), default=0)
                        if street == 0 and blind_floor > top:
                            top = blind_floor
                        if to - top != by or to <= bets.get(name, 0):
                            raise _Bad(at, col, f"'raises {m.group(1)} to {m.group(2)}' does not follow the bet of {top} before it")
                        actions.append(Action(street, name, "raise", to - bets.get(name, 0), to, bool(m.group(3)), at))
                        bets[name] = to
                    continue
                if rest.startswith("collected "):
                    m = _COLLECTED.fullmatch(rest)
                    if m is None:
                        raise _Bad(at, col, f"cannot read {brief(rest)}")
                    collected.append(Collection(name, amount(m.group(1), at, col + 10), m.group(2), at))
                    continue
                if any(p in " " + rest for p in _MESSAGE_PHRASES):
                    messages.append((at, line))
                    continue
                raise _Bad(at, col, f"the line {brief(line)} is not one PokerStars writes about a player")
            if line.startswith("Dealt to "):
                m = _DEALT.fullmatch(line)
                if m is None or m.group(1) not in self.names:
                    raise _Bad(at, 10, f"cards dealt to a player who is not seated: {brief(line)}")
                dealt.append((m.group(1), self.cards(m.group(2), at, m.start(2) + 1)))
                continue
            if line.startswith("Uncalled bet ("):
                m = _UNCALLED.fullmatch(line)
                if m is None or m.group(2) not in self.names:
                    raise _Bad(at, 1, f"cannot read {brief(line)}")
                uncalled.append((m.group(2), amount(m.group(1), at, 15)))
                continue
            if line == "Hand cancelled":
                cancelled = True
                continue
            if line == "No low hand qualified":
                no_low = True
                continue
            if line in _TABLE_LINES or any(p in line for p in _MESSAGE_PHRASES):
                messages.append((at, line))
                continue
            raise _Bad(at, 1, f"the line {brief(line)} is not part of a PokerStars hand")

        if cancelled:
            raise _Bad(start, 0, "hand cancelled")
        if not summary:
            raise _Bad(start + len(lines) - 1, 0, "the hand has no summary (*** SUMMARY ***): cut short?")
        if total_pot < 0:
            raise _Bad(start + len(lines) - 1, 0, "the summary has no 'Total pot' line")
        return HandRecord(
            source=self.label, line=start, site="PokerStars", header=info["header"], hand_id=info["hand_id"],
            tournament_id=info["tournament_id"], level=info["level"], club=info["club"], mixed=info["mixed"],
            game=info["game"], variant=info["variant"], limit=info["limit"], stakes=info["stakes"],
            currency=info["currency"], date=info["date"], table=table.group(1), max_seats=max_seats,
            button=button, seats=tuple(seats), posts=tuple(posts), actions=tuple(actions), dealt=tuple(dealt),
            shown=tuple(shown), board=board, uncalled=tuple(uncalled), collected=tuple(collected),
            total_pot=total_pot, pots=pots, rake=rake, no_low=no_low, messages=tuple(messages),
        )
