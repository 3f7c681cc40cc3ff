"""PokerStars: Omaha Hi/Lo, 5 Card Omaha Hi/Lo and Courchevel Hi/Lo, cash and tournaments, run it twice.

A hand is read by section: the header (:func:`_header`), the table and seat
lines, the lines before the summary (posts, actions, street markers, shows,
returns, collections, table chat) and the summary. Player lines are
``Name: action``; the name is found among the seat lines' names, so a name
may hold spaces or colons. An action that is not one of PokerStars' forms
makes the hand unreadable; it is never guessed at.

>>> from omaha8.histories import read_pokerstars
>>> [hand.hand_id for hand in read_pokerstars("tests/data/hh/split_quartered.txt")]
['900000000001']
"""

from __future__ import annotations

from .._grammar import _Bad, Form, Money, ascii_int, cards_of
from .._builder import HandBuilder
from ..hand_record import HandRecord
from ._common import COLLECTED, SHOW, STARS_ACTIONS, STARS_ALL_IN, STARS_UNCALLED, STREET_WORDS, act, body, first_match
from ._headers import game_and_limit, stakes_of

__all__ = ["SITE", "starts", "parse"]

SITE = "PokerStars"

_STYLES = {"PokerStars Hand": "Hand", "PokerStars Game": "Game", "PokerStars Zoom Hand": "Zoom",
           "PokerStars Home Game Hand": "Home Game", "PokerStars Home Game": "Home Game"}
_TABLES = (Form("Table '{label}' {int}-max Seat #{int} is the button"),
           Form("Table '{label}' {int}-max (Play Money) Seat #{int} is the button"),
           Form("Table '{label}' Seat #{int} is the button"),
           Form("Table '{label}' (Play Money) Seat #{int} is the button"))
_SEAT = Form("Seat {int}: {name} ({amount} in chips{text}")
_LEVEL = Form("Level {word} ({int}/{int}) - {text}")
_POSTS = {
    "posts": Form("posts {word} {word} {amount}" + STARS_ALL_IN),
    "posts small & big blinds": Form("posts small & big blinds {amount}" + STARS_ALL_IN),
    "posts the ante": Form("posts the ante {amount}" + STARS_ALL_IN),
}
# a raise is read on its own, against the bet before it (``_Hand.action``)
_ACTIONS = {verb: form for verb, form in STARS_ACTIONS.items() if verb != "raises"}
_ACTIONS["mucks"] = (SHOW, Form("mucks hand {cards}"))
_RAISES = STARS_ACTIONS["raises"][1]
_FOLDS_SHOWING = Form("folds {cards}")
_POTS = ("pot", "main pot", "side pot")
_DEALT = Form("Dealt to {name} {cards}")
_TOTAL = Form("Total pot {amount}{text}")
_LISTED_POT = {"M": Form(" Main pot {amount}.{text}"), "S": Form(" Side pot {amount}.{text}")}
_SIDE_N = Form(" Side pot-{int} {amount}.{text}")
_RAKE = Form(" | Rake {amount}")
_SUMMARY_SEAT = Form("Seat {int}: {name} {word} {cards}{text}")
# player lines with a colon that say nothing about chips or cards
_COLON_MESSAGES = ("doesn't show hand", "is sitting out", "sits out", "is away", "mucks hand", "mucks")
# lines about a player (named or not) that do not touch the chips or the cards
_MESSAGE_PHRASES = (
    ' said, "', " joins the table at seat #", " leaves the table", " has timed out", " is disconnected",
    " is connected", " has returned", " is sitting out", " sits out", " will be allowed to play after the button",
    " finished the tournament", " wins the tournament", " bounty", " was removed from the table",
    " re-buys", " takes the add-on", " is feeling ", " has been disconnected", " has reconnected",
    " cashed out", " was moved", " is away",
)
_TABLE_LINES = ("Betting is capped", "No low hand qualified", "Hand was run twice", "Hand was run three times")
_RUNS = {"FIRST": 0, "SECOND": 1, "THIRD": 2}


def starts(lines: list[str]) -> bool:
    """Whether a hand's first line is a PokerStars header."""
    return lines[0].startswith("PokerStars ")


def parse(label: str, start: int, lines: list[str]) -> HandRecord:
    """One PokerStars hand's lines as a record (raises _Bad, _OtherGame or _NotReplayed)."""
    return _Hand(label, start, lines).read()


class _Hand:
    """The reading of one hand: a :class:`HandBuilder` and the state PokerStars' lines need."""

    def __init__(self, label: str, start: int, lines: list[str]) -> None:
        self.b = HandBuilder(label, start, SITE)
        self.start, self.lines = start, lines
        self.summary = False
        self.cancelled = False
        self.blind_floor = 0  # the whole big blind, when it was posted all-in for less
        self.run_boards: dict[int, tuple[int, ...]] = {}

    def read(self) -> HandRecord:
        b, lines, start = self.b, self.lines, self.start
        _header(b, lines[0], start)
        if len(lines) < 2:
            raise _Bad(start, 0, "the hand ends after its header")
        _table(b, lines[1], start + 1)
        i = _seats(b, lines, 2, start)
        for line, at in body(lines, i, start):
            self.line(line, at)
        if self.cancelled:
            raise _Bad(start, 0, "hand cancelled")
        if not self.summary:
            raise _Bad(start + len(lines) - 1, 0, "the hand has no summary (*** SUMMARY ***): cut short?")
        if b.total_pot < 0:
            raise _Bad(start + len(lines) - 1, 0, "the summary has no 'Total pot' line")
        if self.run_boards:
            b.runs = [self.run_boards[r] for r in sorted(self.run_boards)]
            b.board = b.runs[0]
        if b.fields["header"] == "Game" and not b.uncalled_lines:
            b.fields["returns"] = "unprinted"  # files before 2008 print no returned bets
        return b.build()

    # ------------------------------------------------------------ one line

    def line(self, line: str, at: int) -> None:
        b = self.b
        # most lines are "Name: action": try that first
        k = line.find(": ")
        if 0 < k and not self.summary and line[:k] in b.names:
            self.action(line[:k], line[k + 2:], at, k + 3)
        elif line.startswith("*** "):
            self.marker(line, at)
        elif self.summary:
            self.summary_line(line, at)
        else:
            found = b.player(line, ": ")
            if found is not None:
                self.action(found[0], found[1], at, len(line) - len(found[1]) + 1)
            else:
                self.other(line, at)

    def marker(self, line: str, at: int) -> None:
        b = self.b
        end = line.find(" ***", 4)
        if end < 0:
            raise _Bad(at, 1, f"unknown marker {line[:60]!r}")
        words = line[4:end].split()
        tail = line[end + 4:].strip()
        col = end + 6
        if words == ["HOLE", "CARDS"]:
            b.street(0, (), at, 1)
        elif words == ["SUMMARY"]:
            self.summary = True
        elif words[-2:] == ["SHOW", "DOWN"]:
            b.current = max(b.current, 0)
        elif words == ["PRE-FLOP"]:
            # Courchevel: the first flop card, dealt face up before the pre-flop betting
            b.board = _cards_in(tail, at, col)
            if len(b.board) != 1 or b.fields["game"] != "Courchevel Hi/Lo":
                raise _Bad(at, col, "a face-up card before the flop belongs to Courchevel only")
            b.street(0, (), at, 1)
        elif len(words) == 1 and words[0] in STREET_WORDS:
            b.street(STREET_WORDS[words[0]], _cards_in(tail, at, col), at, col)
        elif len(words) == 2 and words[0] in _RUNS and words[1] in STREET_WORDS:
            run = _RUNS[words[0]]
            cards = _cards_in(tail, at, col)
            before = self.run_boards.get(run, b.board)
            if len(cards) != (3, 4, 5)[STREET_WORDS[words[1]] - 1] or cards[: len(before)] != before:
                raise _Bad(at, col, f"run {run + 1}'s board does not follow the cards dealt before it")
            self.run_boards[run] = cards
        else:
            raise _Bad(at, 1, f"unknown marker {line[:60]!r}")

    def action(self, name: str, rest: str, at: int, col: int) -> None:
        b = self.b
        if act(b, _ACTIONS, name, rest, at, col):
            return
        if rest.startswith("posts") and rest.split(" ", 1)[0] == "posts":
            self.post(name, rest, at, col)
        elif rest.startswith("raises ") and (m := _RAISES.match(rest)) is not None:
            by = b.amount(m.group(1), at, col + 7)
            to = b.amount(m.group(2), at, col + m.start(2))
            top = b.top_bet()
            if b.current == 0 and self.blind_floor > top:
                top = self.blind_floor
            if to - top != by or to <= b.bets.get(name, 0):
                raise _Bad(at, col, f"'raises {m.group(1)} to {m.group(2)}' does not follow the bet of {top} before it")
            b.wager_to(name, "raise", to, at, col, all_in=bool(m.group(3)))
        elif rest.startswith("folds [") and (m := _FOLDS_SHOWING.match(rest)) is not None:
            b.shown(name, cards_of(m.group(1), at, col + m.start(1)), at, col + m.start(1))
            b.fold(name, at, col)
        elif rest in _COLON_MESSAGES or rest.startswith(("is sitting out", "sits out")):
            b.messages.append((at, f"{name}: {rest}"))
        else:
            raise _Bad(at, col, f"the action {rest[:60]!r} is not a PokerStars action")

    def post(self, name: str, rest: str, at: int, col: int) -> None:
        b = self.b
        if b.current >= 0:
            raise _Bad(at, col, "a post after the hole cards were dealt")
        key = "posts small & big blinds" if rest.startswith("posts small & big") else (
            "posts the ante" if rest.startswith("posts the ante") else "posts")
        m = _POSTS[key].match(rest)
        what = f"{m.group(1)} {m.group(2)}" if m is not None and key == "posts" else key[6:]
        if m is None or what not in ("small blind", "big blind", "small & big blinds", "the ante"):
            raise _Bad(at, col, f"the action {rest[:60]!r} is not a PokerStars action")
        last = len(m.groups())
        value = b.amount(m.group(last - 1), at, col + m.start(last - 1))
        all_in = bool(m.group(last))
        limit, stakes = b.fields["limit"], b.fields["stakes"]
        big = stakes[1] if limit != "Limit" else stakes[0]
        if what == "small & big blinds":
            dead = value - big
            if dead < 0:
                raise _Bad(at, col, f"small & big blinds of {value} is less than the big blind {big}")
            if dead:
                b.post(name, "dead", dead, at)
            b.post(name, "big_blind", value - dead, at, all_in=all_in)
        elif what == "the ante":
            b.post(name, "ante", value, at, all_in=all_in)
        else:
            kind = "small_blind" if what == "small blind" else "big_blind"
            if kind == "small_blind" and any(p.kind in ("small_blind", "big_blind") for p in b.posts):
                # a small blind after the blinds is a missed one made up: dead, as PokerStars plays it
                kind = "dead"
            b.post(name, kind, value, at, all_in=all_in)
            if kind == "big_blind" and all_in:
                # short of the big blind: the others still call (and raise from) the whole of it
                self.blind_floor = big

    def other(self, line: str, at: int) -> None:
        """A line before the summary that is not a player's action."""
        b = self.b
        if line.startswith("Dealt to "):
            m = _DEALT.match(line)
            if m is None or m.group(1) not in b.names:
                raise _Bad(at, 10, f"cards dealt to a player who is not seated: {line[:60]!r}")
            b.dealt(m.group(1), cards_of(m.group(2), at, m.start(2) + 1), at, m.start(2) + 1)
            b.hero = m.group(1)
            return
        if line.startswith("Uncalled bet ("):
            m = STARS_UNCALLED.match(line)
            if m is None or m.group(2) not in b.names:
                raise _Bad(at, 1, f"cannot read {line[:60]!r}")
            b.uncalled(m.group(2), b.amount(m.group(1), at, 15))
            return
        found = b.player(line, " ")
        if found is not None:
            name, rest = found
            col = len(name) + 2
            if rest.startswith("collected "):
                m = COLLECTED.match(rest)
                if m is None or not (m.group(2) in _POTS or _side_pot(m.group(2))):
                    raise _Bad(at, col, f"cannot read {rest[:60]!r}")
                b.collect(name, b.amount(m.group(1), at, col + 10), m.group(2), at)
                return
            if any(p in " " + rest for p in _MESSAGE_PHRASES):
                b.messages.append((at, line))
                return
            raise _Bad(at, col, f"the line {line[:60]!r} is not one PokerStars writes about a player")
        if line == "Hand cancelled":
            self.cancelled = True
        elif line == "No low hand qualified":
            b.no_low = True
        elif line in _TABLE_LINES or any(p in line for p in _MESSAGE_PHRASES):
            b.messages.append((at, line))
        else:
            raise _Bad(at, 1, f"the line {line[:60]!r} is not part of a PokerStars hand")

    def summary_line(self, line: str, at: int) -> None:
        b = self.b
        if line.startswith("Total pot "):
            _total(b, line, at)
        elif line.startswith(("Board [", "FIRST Board [", "SECOND Board [", "THIRD Board [")):
            k = line.index("[")
            cards = _cards_in(line[k:], at, k + 1)
            run = _RUNS.get(line.split(" ", 1)[0])
            want = b.board if run is None else self.run_boards.get(run, b.board)
            if want and cards != want:
                raise _Bad(at, k + 2, "the summary board differs from the streets'")
            if run is None:
                b.board = cards
            else:
                self.run_boards[run] = cards
        elif line.startswith("Seat "):
            m = _SUMMARY_SEAT.match(line)
            if m is not None and m.group(3) in ("showed", "mucked"):
                number = ascii_int(m.group(1), at, 6, "the seat number")
                owner = next((s.name for s in b.seats if s.number == number), None)
                if owner is None:
                    raise _Bad(at, 6, f"seat {number} is not in the seat list")
                b.shown(owner, cards_of(m.group(4), at, m.start(4) + 1), at, m.start(4) + 1)
        else:
            b.messages.append((at, line))


# ------------------------------------------------------------ sections


def _header(b: HandBuilder, line: str, at: int) -> None:
    """The header: hand id, club, tournament, game and limit, stakes or level, date."""
    for prefix, style in _STYLES.items():
        if line.startswith(prefix + " #"):
            break
    else:
        raise _Bad(at, 1, "not a PokerStars hand header")
    i = len(prefix) + 2
    colon = line.find(":", i, i + 42)
    if colon < 0:
        raise _Bad(at, i + 1, "the hand number is not followed by ':'")
    hand_id = ascii_int(line[i:colon], at, i + 1, "the hand number")
    rest, base = line[colon + 1:], colon + 1
    f = b.fields
    f["header"], f["hand_id"] = style, str(hand_id)
    text = rest.lstrip(" ")
    base += len(rest) - len(text)
    if text.startswith("{"):
        close = text.find("} ")
        if close < 0:
            raise _Bad(at, base + 1, "a Home Game club's name is not closed by '}'")
        f["club"], text, base = text[1:close], text[close + 2:], base + close + 2
    tournament = text.startswith("Tournament #")
    if tournament:
        comma = text.find(", ")
        if comma < 0:
            raise _Bad(at, base + 1, "the tournament number is not followed by ', '")
        f["tournament_id"] = str(ascii_int(text[12:comma], at, base + 13, "the tournament number"))
        text, base = text[comma + 2:], base + comma + 2
    cut = text.find(" - ")
    if cut < 0:
        raise _Bad(at, base + 1, "the header has no ' - ' after the game")
    game_text, after = text[:cut], text[cut + 3:]
    stakes_text = None
    mixed = None
    if game_text.endswith(")"):
        opening = game_text.rfind("(")
        inner = game_text[opening + 1:-1]
        if opening < 0:
            raise _Bad(at, base + 1, "a ')' without its '(' in the header")
        if ", " in inner and not tournament:
            # a mixed game names the game in parentheses: "HORSE (Omaha Hi/Lo Limit, $0.10/$0.20 USD)"
            mixed, (game_text, stakes_text) = game_text[:opening].strip(), inner.split(", ", 1)
        elif tournament or not _looks_like_stakes(inner):
            mixed, game_text = game_text[:opening].strip(), inner
        else:
            game_text, stakes_text = game_text[:opening].strip(), inner
    if tournament and mixed is not None:
        mixed = _after_buy_in(mixed) or None
    game, variant, limit = game_and_limit(game_text, at, base + 1, buy_in=tournament and mixed is None)
    f.update(game=game, variant=variant, limit=limit, mixed=mixed or None)
    if tournament:
        m = _LEVEL.match(after)
        if m is None:
            raise _Bad(at, base + cut + 4, "a tournament header needs its level, e.g. 'Level I (10/20)'")
        f["level"] = m.group(1)
        f["stakes"] = (ascii_int(m.group(2), at, 0, "the small blind"), ascii_int(m.group(3), at, 0, "the big blind"))
        f["date"] = m.group(4)
        b.money = Money(None, 0)
        return
    if stakes_text is None:
        raise _Bad(at, base + 1, "the header gives no stakes, e.g. '($0.01/$0.02 USD)'")
    currency, stakes = stakes_of(stakes_text, at, base + 1)
    f["stakes"] = stakes
    f["date"] = after
    b.money = Money(currency, 2 if currency else 0, strict=True)
    if currency is not None:
        f["stakes"] = tuple(b.money.value(part, at, base + 1) for part in stakes)
    else:
        f["stakes"] = tuple(ascii_int(part, at, base + 1, "the stakes") for part in stakes)


def _looks_like_stakes(text: str) -> bool:
    return "/" in text and any(ch.isdigit() for ch in text[:3] + text[-8:])


def _after_buy_in(text: str) -> str:
    """A tournament's mixed game name with the buy-in before it left out: "$10+$1 USD 8-Game" -> "8-Game"."""
    words = text.split()
    while words and (any(ch in "$€£+" for ch in words[0]) or words[0] in ("USD", "EUR", "GBP", "Freeroll", "FPP")):
        words.pop(0)
    return " ".join(words)


def _table(b: HandBuilder, line: str, at: int) -> None:
    m = first_match(_TABLES, line, at, "the table line, e.g. \"Table 'Name' 6-max Seat #1 is the button\"")
    f = b.fields
    f["table"] = m.group(1)
    if len(m.groups()) == 3:
        size = ascii_int(m.group(2), at, m.start(2) + 1, "the table size")
        if not 2 <= size <= 10:
            raise _Bad(at, m.start(2) + 1, f"a table of {size} seats: PokerStars seats 2 to 10")
        f["max_seats"] = size
    last = len(m.groups())
    f["button"] = ascii_int(m.group(last), at, m.start(last) + 1, "the button's seat")


def _seats(b: HandBuilder, lines: list[str], i: int, start: int) -> int:
    """The seat lines from ``lines[i]``; the index after them."""
    while i < len(lines) and lines[i].startswith("Seat "):
        at = start + i
        m = _SEAT.match(lines[i])
        tail = m.group(4) if m is not None else ""
        if m is None or not (tail.startswith(")") or tail.startswith(", ")):
            if b.seats:
                break  # a player line of a player whose name starts with "Seat "
            raise _Bad(at, 1, f"expected a seat line, e.g. 'Seat 1: Name ($2 in chips)', got {lines[i][:60]!r}")
        number = ascii_int(m.group(1), at, 6, "the seat number")
        after = tail[tail.find(")") + 1:] if ")" in tail else ""
        b.seat(number, m.group(2), b.amount(m.group(3), at, m.start(3) + 1), at, 6,
               sitting_out="sitting out" in after or "out of hand" in after)
        i += 1
    if not b.seats:
        raise _Bad(start + i, 1, "the hand has no seat lines")
    return i


def _total(b: HandBuilder, line: str, at: int) -> None:
    """``Total pot $X [Main pot $Y. Side pot-1 $Z. ...] [| Rake $R]``."""
    m = _TOTAL.match(line)
    if m is None:
        raise _Bad(at, 11, f"cannot read the total pot line {line[:60]!r}")
    b.total_pot = b.amount(m.group(1), at, 11)
    tail, col = m.group(2), m.start(2) + 1
    pots = []
    while tail.startswith((" Main pot ", " Side pot")):
        m = _LISTED_POT[tail[1]].match(tail) or _SIDE_N.match(tail)
        if m is None:
            raise _Bad(at, col, f"cannot read the pots {tail[:60]!r}")
        last = len(m.groups())
        pots.append(b.amount(m.group(last - 1), at, col))
        tail, col = m.group(last), col + m.start(last)
    b.pots = tuple(pots)
    if tail.strip():
        rake = _RAKE.match(tail.rstrip())
        if rake is None:
            raise _Bad(at, col, f"cannot read the rake in {tail[:60]!r}")
        b.rake = b.amount(rake.group(1), at, col + rake.start(1))


def _cards_in(tail: str, at: int, col: int) -> tuple[int, ...]:
    """The cards of every ``[...]`` group of a marker's tail, in order."""
    out: list[int] = []
    i = 0
    while True:
        a = tail.find("[", i)
        if a < 0:
            break
        z = tail.find("]", a)
        if z < 0:
            raise _Bad(at, col + a, "a '[' without its ']'")
        out += cards_of(tail[a + 1:z], at, col + a + 1)
        i = z + 1
    if tail[i:].strip():
        raise _Bad(at, col + i, f"cannot read {tail[i:][:40]!r} after the cards")
    return tuple(out)


def _side_pot(text: str) -> bool:
    return text.startswith("side pot-") and text[9:].isascii() and text[9:].isdigit()
