"""PKR: ``Table #N - Tournament #N Table #N`` then ``Starting Hand #N`` and a line per fact.

The head names the game on lines of their own (``Game Type: OMAHA HI/LO``, ``Limit Type: POT LIMIT``,
``Money Type: TOURNAMENT CHIPS``, ``Blinds are now 10 / 20``), then ``Button is at seat 10`` (where it
was) and, after the seats, ``Moving Button to seat 1`` (where it is for this hand); seats read ``Seat 1: Name - 1,200``;
cards are written a card a bracket with a space (``[9 s][7 s]``). A call is written as the
player's street total (``calls 110`` after a big blind of 20 adds 90), as is a raise (``raises to 1,090
(all-in)``); returned bets are ``Returning 710 to Name
uncalled``; the pots are paid by ``Name wins 2,470 with high hand: ...`` and ``Name wins 135 from side pot
#1 with low hand: ...`` lines, a split pot's shares by ``Name ties, and wins $34.75 with high hand: ...``
and ``Name ties $34.75 with low hand: ...``. PKR states no total pot; its tournaments take no rake, its cash
games (``Money Type: REAL MONEY``, amounts in dollars) write ``Taking Rake of $1 from pot 1``. The seat list
after the showdown gives the stacks after the hand: each must be the stack before, less what the player
put in, plus what came back and what they won, or the hand is unreadable. Only pot-limit Omaha Hi/Lo
hands are read: no sample shows PKR's other limits or play money, which are skipped with the reason.

The hand-worked fixtures of this format: ``tests/data/hh/pkr/``.
"""

from __future__ import annotations

from .._builder import HandBuilder
from .._grammar import _Bad, Form, Money, _NotReplayed, _OtherGame, ascii_int, cards_of
from ..hand_record import HandRecord
from ._common import CALL_TO, PAREN_ALL_IN, PAREN_WAGERS, act, body, seat_line, uncalled_line
from ._totals import stacks_by_lines

__all__ = ["SITE", "starts", "parse"]

SITE = "PKR"

_HEAD = Form("Table #{int} - {text}")
_SEAT = Form("Seat {int}: {name} - {amount}")
_SEAT_EXAMPLE = "Seat 1: Name - 1,200"
_BLINDS = Form("Blinds are now {amount} / {amount}")
_ACTIONS = {
    "calls": (CALL_TO, Form("calls {amount}" + PAREN_ALL_IN)),
    **PAREN_WAGERS,
}
_SHOWS = Form("shows {text}")
_POST = Form("posts {word} blind ({amount})")
_WINS = Form("wins {amount} {text}")
# a split pot's shares: "ties, and wins $34.75 with high hand: ..." and "ties $34.75 with low hand: A2345"
_TIES = (Form("ties, and wins {amount} {text}"), Form("ties {amount} {text}"))
_RAKE = Form("Taking Rake of {amount} from pot {int}")
_RETURN = Form("Returning {amount} to {name} uncalled")
_STREETS = {"Dealing Flop ": 1, "Dealing Turn ": 2, "Dealing River ": 3}
# lines about a player (seated or not) that touch neither chips nor cards
_NOTES = (" yawns.", " says ", " has joined from ", " brings ", " has requested more time",
          " did not respond in time", " has ", " mucks", " is sitting out", " sits out", " has returned")
_HEAD_LINES = ("Start time of hand: ", "Last Hand ", "Table Type: ", "Shuffling Deck",
               "Pot sizes: ", "End of Hand #")
# the first word of every line _table_line reads: any other line is a player's, found without trying each prefix
_TABLE_WORDS = frozenset(["Game", "Limit", "Money", "Blinds", "Button", "Moving", "Dealing", "Returning", "There",
                          "Taking",
                          *(prefix.split(" ", 1)[0] for prefix in _HEAD_LINES)])


def starts(lines: list[str]) -> bool:
    return lines[0].startswith("Table #") and len(lines) > 1 and lines[1].startswith("Starting Hand #")


def parse(label: str, start: int, lines: list[str]) -> HandRecord:
    b = HandBuilder(label, start, SITE)
    _head(b, lines[0], lines[1], start)
    b.money = Money(None, 0)
    kinds: dict[str, str] = {}
    won = False
    after: list[tuple[str, int, int, int]] = []
    for line, at in body(lines, 2, start):
        if line.startswith("Seat ") and b.current < 0 and not b.posts:
            seat_line(b, line, at, (_SEAT,), _SEAT_EXAMPLE)
        elif line.startswith("Seat ") and won:
            b.messages.append((at, line))  # the stacks after the hand, checked at the end
            after.append(_stack_after(b, line, at))
        elif not _table_line(b, line, at, kinds):
            won = _player_line(b, line, at) or won
    last = start + len(lines) - 1
    if len(kinds) < 3:
        raise _Bad(last, 0, "the hand does not name its game, limit and money types")
    if not b.collections:
        raise _Bad(last, 0, "no line says who won the pot: cut short?")
    if b.fields["stakes"] == (0, 0):
        raise _Bad(last, 0, "no 'Blinds are now' line gives the blinds")
    _check_stacks(b, after)
    f = b.fields
    f["rake_stated"], f["returns"] = True, "lines"
    b.total_pot = -1
    return b.build()


def _table_line(b: HandBuilder, line: str, at: int, kinds: dict[str, str]) -> bool:
    """A line of the dealer's (the game's kinds, blinds, button, cards dealt, a bet returned); False for another."""
    if line[: line.find(" ")] not in _TABLE_WORDS:
        return False
    if line.startswith(("Game Type: ", "Limit Type: ", "Money Type: ")):
        key, _, value = line.partition(": ")
        kinds[key] = value
        if key == "Money Type":
            _check_kinds(kinds, at)
            if value == "REAL MONEY":  # a cash game: "Seat 1: Hero - $402", "Blinds are now $2 / $4"
                b.money = Money("USD", 2)
    elif line.startswith("Blinds are now "):
        m = _BLINDS.match(line)
        if m is None:
            raise _Bad(at, 1, f"cannot read {line[:60]!r}")
        b.fields["stakes"] = (b.amount(m.group(1), at, 16), b.amount(m.group(2), at, m.start(2) + 1))
    elif line.startswith("Button is at seat "):
        b.fields["button"] = ascii_int(line[18:], at, 19, "the button's seat")
    elif line.startswith("Moving Button to seat "):
        # where the button was; this line, after the seats, puts it where this hand's blinds follow it
        b.fields["button"] = ascii_int(line[22:], at, 23, "the button's seat")
    elif line.startswith("Dealing "):
        _dealing(b, line, at, kinds)
    elif line.startswith("Returning "):
        uncalled_line(b, _RETURN, line, at)
    elif line.startswith("Taking Rake of "):
        m = _RAKE.match(line)
        if m is None:
            raise _Bad(at, 1, f"cannot read {line[:60]!r}")
        b.rake += b.amount(m.group(1), at, 16)
    elif line == "There is no qualifying low hand":
        b.no_low = True
    elif line.startswith("Start time of hand: "):
        b.fields["date"] = line[20:]
    elif line.startswith(_HEAD_LINES):
        b.messages.append((at, line))
    else:
        return False
    return True


def _dealing(b: HandBuilder, line: str, at: int, kinds: dict[str, str]) -> None:
    """``Dealing Cards``, a street's ``Dealing Flop [..]`` or the hero's ``Dealing [9 s][7 s][Q s][T d] to Hero``."""
    if line == "Dealing Cards":
        if len(kinds) < 3:
            raise _Bad(at, 1, "the cards are dealt before the game, limit and money types are named")
        b.street(0, (), at, 1)
        return
    k = line.find("[")
    if line[:k] in _STREETS:
        b.street(_STREETS[line[:k]], b.board + _cards(line[k:], at, k + 1), at, k + 1)
        return
    k = line.find("] to ")
    if k < 0 or line[8:9] != "[":
        raise _Bad(at, 1, f"cannot read {line[:60]!r}")
    name = b.seated(line[k + 5:], at, k + 6)
    b.dealt(name, _cards(line[8:k + 1], at, 9), at, 9)
    b.hero = name


def _stack_after(b: HandBuilder, line: str, at: int) -> tuple[str, int, int, int]:
    """A seat line after the hand: (name, chips, line, column of the chips)."""
    m = _SEAT.match(line)
    if m is None:
        raise _Bad(at, 1, f"expected a seat line, e.g. '{_SEAT_EXAMPLE}', got {line[:60]!r}")
    return m.group(2), b.amount(m.group(3), at, m.start(3) + 1), at, m.start(3) + 1


def _head(b: HandBuilder, first: str, second: str, start: int) -> None:
    m = _HEAD.match(first)
    if m is None:
        raise _Bad(start, 1, f"expected 'Table #N - Tournament #N Table #N', got {first[:60]!r}")
    tail = m.group(2)
    if tail.startswith("Tournament #"):
        tid, _, table = tail[12:].partition(" ")
        ascii_int(tid, start, len(m.group(1)) + 23, "the tournament number")
        b.fields["tournament_id"] = tid
        b.fields["table"] = table
    else:
        b.fields["table"] = tail
    hand_id = second[15:]
    ascii_int(hand_id, start + 1, 16, "the hand number")
    b.fields["hand_id"] = hand_id


def _check_stacks(b: HandBuilder, after: list[tuple[str, int, int, int]]) -> None:
    """The stacks after the hand are the stacks before, less what went in, plus what came back and was won.

    A player who joined during the hand (listed after it, not before) has no stack to check.
    """
    by_lines = stacks_by_lines(b)
    for name, chips, at, col in after:
        if name in by_lines and by_lines[name] != chips:
            # both as PKR writes chips, with thousands separators
            raise _Bad(at, col, f"the stacks after the hand give {name} {chips:,}, the hand's lines "
                                f"{by_lines[name]:,}: the lines contradict each other")


def _check_kinds(kinds: dict[str, str], at: int) -> None:
    game = kinds.get("Game Type", "")
    if game != "OMAHA HI/LO":
        if game in ("HOLD'EM", "TEXAS HOLD'EM", "OMAHA", "SEVEN CARD STUD", "RAZZ") or "HOLD" in game:
            raise _OtherGame(f"{game[:40]} is not Omaha Hi/Lo")
        raise _Bad(at, 1, f"the game type {game[:40]!r} is not one PKR deals")
    if kinds.get("Limit Type") != "POT LIMIT":
        raise _NotReplayed(at, f"PKR's {kinds.get('Limit Type', '')[:30]!r} games are not read by omaha8 (pot limit only)")
    if kinds.get("Money Type") not in ("TOURNAMENT CHIPS", "REAL MONEY"):
        raise _NotReplayed(at, f"PKR's {kinds.get('Money Type', '')[:30]!r} hands are not read by omaha8 "
                               "(tournament chips and real money only)")


def _cards(text: str, at: int, col: int) -> tuple[int, ...]:
    """``[9 s][7 s]`` as card ids (a card a bracket, rank and suit apart)."""
    if not (text.startswith("[") and text.endswith("]")):
        raise _Bad(at, col, f"cannot read the cards {text[:40]!r}")
    return cards_of(" ".join(piece.replace(" ", "") for piece in text[1:-1].split("][")), at, col)


def _player_line(b: HandBuilder, line: str, at: int) -> bool:
    """A line about a player; True for a ``wins`` line."""
    found = b.player(line, " ")
    if found is None:
        if b.player(line, ": ") is not None or any(note in line for note in _NOTES):
            b.messages.append((at, line))  # chat, or a player joining the table for the next hand
            return False
        raise _Bad(at, 1, f"the line {line[:60]!r} is not part of a PKR hand")
    name, rest = found
    col = len(name) + 2
    if rest.startswith("wins") and rest.split(" ", 1)[0] == "wins":
        m = _WINS.match(rest)
        if m is None or not m.group(2).startswith(("with ", "from side pot #")):
            raise _Bad(at, col, f"cannot read {rest[:60]!r}")
        pot = "main pot" if m.group(2).startswith("with ") else m.group(2)[5:].split(" with ", 1)[0]
        b.collect(name, b.amount(m.group(1), at, col + 5), pot, at)
        return True
    if rest.startswith("ties"):
        m = _TIES[0].match(rest) or _TIES[1].match(rest)
        if m is None or not m.group(2).startswith("with "):
            raise _Bad(at, col, f"cannot read {rest[:60]!r}")
        b.collect(name, b.amount(m.group(1), at, col + m.start(1)), "main pot", at)
        return True
    if rest.startswith("shows ") and (m := _SHOWS.match(rest)) is not None:
        b.shown(name, _cards(m.group(1), at, col + 6), at, col + 6)
    elif rest.startswith("posts ") and (m := _POST.match(rest)) is not None:
        if b.current >= 0:
            raise _Bad(at, col, "a post after the cards were dealt")
        size = m.group(1)
        if size not in ("small", "big"):
            raise _Bad(at, col + 6, f"a {size[:20]!r} blind is not one PKR posts")
        value = b.amount(m.group(2), at, col + m.start(2))
        b.post(name, f"{size}_blind", value, at, all_in=value == b.names[name].stack)
    elif not act(b, _ACTIONS, name, rest, at, col):
        if b.player(line, ": ") is not None or any(note in " " + rest for note in _NOTES):
            b.messages.append((at, line))
            return False
        raise _Bad(at, col, f"the action {rest[:60]!r} is not a PKR action")
    return False
