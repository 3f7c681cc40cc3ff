"""OnGame: ``***** History for hand R5-361875219-6 *****`` to ``***** End of hand R5-361875219-6 *****``.

``Table: Hospitalet [361875219] (POT_LIMIT OMAHA_HI_LO $5/$5, Real money)`` gives the limit, the game
and the blinds; ``Button: seat 2``; the seats read ``Seat 1: Name ($370.00)``. Blinds are ``Name posts
small blind ($5)``; at equal blinds the 2011 files write both ``posts big blind``, the first read as the
small blind; a raise names the chips it adds and its street total (``raises $25.00 to $30.00``:
the total is read, the first amount is not always the difference), calls and bets the chips they add,
``[all in]`` marks an all-in. The 2011 files name the hero (``User: Hero``) and its cards after
``Dealing pocket cards`` (``Dealing to Hero: [6h, 3s, 8s, 4s]``). ``---`` lines separate the streets; the boards are ``--- Dealing flop [3d,
9d, 7c]``, ``--- Dealing turn [3c]`` and ``--- Dealing river [Qh]``. The summary pays the pots (``Main
pot: $710.00 won by Ann ($354.50), Bob ($354.50)``, ``Side pot 1: ...``: the pot before the rake, a
payment each), states the rake (``Rake taken: $1``) and gives each seat's chips after the hand, its net
and the cards it showed (``Seat 1: Ann ($354.50), net: -$0.50, [Kc, Ks, 6s, 5d]``): both must follow
from the hand's lines. Returned bets are not written (the pots leave them out). Only real-money Omaha
Hi/Lo is read (the samples show pot limit).

>>> from omaha8.histories import read
>>> [(h.site, h.status) for h in read("tests/data/hh/ongame/split_and_fold.txt")]
[('OnGame', 'verified'), ('OnGame', 'verified'), ('OnGame', 'verified')]
"""

from __future__ import annotations

from .._builder import HandBuilder
from .._grammar import _Bad, Form, Money, _NotReplayed, _OtherGame, ascii_int, cards_of
from ..hand_record import HandRecord
from ._common import BET_ADDING, CALL, RAISE_BY_TO, act, named, post_by_size
from ._totals import chip_flows

__all__ = ["SITE", "starts", "parse"]

SITE = "OnGame"

_TABLE = Form("Table: {label} ({word} {word} {amount}/{amount}, {text}")
_SEAT = Form("Seat {int}: {name} ({amount})")
_SUMMARY_SEAT = Form("Seat {int}: {name} ({amount}), net: {?-}{?+}{amount}{text}")
_POT = Form("{word} pot{label}: {amount} won by {text}")
_WON = Form("{name} ({amount})")
_POST = Form("posts {word} blind ({amount})")
# the chips a call or bet adds; a raise's street total ("raises $25.00 to $30.00"); "[all in]" marks an all-in
_ACTIONS = {
    "calls": (CALL, Form("calls {amount}{? [all in]}")),
    "bets": (BET_ADDING, Form("bets {amount}{? [all in]}")),
    "raises": (RAISE_BY_TO, Form("raises {amount} to {amount}{? [all in]}")),
}
_LIMITS = {"POT_LIMIT": "Pot Limit", "NO_LIMIT": "No Limit", "FIXED_LIMIT": "Limit"}
_OTHER = ("HOLDEM", "OMAHA", "STUD", "RAZZ")
_OTHER_WORDS = ("_STUD", "_DRAW", "RAZZ", "HOLDEM")
_STREETS = {"--- Dealing flop ": 1, "--- Dealing turn ": 2, "--- Dealing river ": 3}


def starts(lines: list[str]) -> bool:
    return lines[0].startswith("***** History for hand ")


def parse(label: str, start: int, lines: list[str]) -> HandRecord:
    b = HandBuilder(label, start, SITE)
    head = lines[0]
    if not head.endswith(" *****") or len(head) <= 29:
        raise _Bad(start, 1, f"expected '***** History for hand ID *****', got {head[:60]!r}")
    hand_id = head[23:-6]
    b.fields["hand_id"] = hand_id
    summary = False
    ended = False
    after: dict[str, tuple[int, int, int]] = {}
    user: tuple[str, int] | None = None
    for j in range(1, len(lines)):
        line, at = lines[j], start + j
        if not line:
            continue
        if ended:
            raise _Bad(at, 1, f"the line {line[:60]!r} follows the end of the hand")
        if line.startswith("***** End of hand "):
            if line != f"***** End of hand {hand_id} *****":
                raise _Bad(at, 19, f"the hand ends as {line[:60]!r}, not hand {hand_id}")
            ended = True
        elif summary:
            _summary_line(b, line, at, after)
        elif line.startswith("Start hand: "):
            b.fields["date"] = line[12:]
        elif line.startswith("Table: "):
            _table(b, line, at)
        elif line.startswith("Button: seat "):
            b.fields["button"] = ascii_int(line[13:], at, 14, "the button's seat")
        elif line.startswith("Players in round: "):
            ascii_int(line[18:], at, 19, "the number of players")
        elif line.startswith("Seat ") and b.current < 0 and not b.posts:
            m = _SEAT.match(line)
            if m is None:
                raise _Bad(at, 1, f"expected a seat line, e.g. 'Seat 1: Name ($370.00)', got {line[:60]!r}")
            b.seat(ascii_int(m.group(1), at, 6, "the seat number"), m.group(2),
                   b.amount(m.group(3), at, m.start(3) + 1), at, 6)
        elif line == "---":
            continue
        elif line == "Dealing pocket cards":
            b.street(0, (), at, 1)
        elif line.startswith("Dealing to ") and b.current == 0 and not b.actions:
            _hero_cards(b, line, at)
        elif line.startswith("User: ") and b.current < 0 and user is None:
            user = (line[6:], at)  # the hero (2011): known once the seats are read
        elif line == "Summary:":
            summary = True
            b.current = max(b.current, 0)
        elif line[: line.find(" [") + 1] in _STREETS:
            key = line[: line.find(" [") + 1]
            text = line[len(key):]
            if not (text.startswith("[") and text.endswith("]")):
                raise _Bad(at, len(key) + 1, f"cannot read the cards {text[:40]!r}")
            b.street(_STREETS[key], b.board + cards_of(text[1:-1], at, len(key) + 2), at, len(key) + 1)
        else:
            _player_line(b, line, at)
    if not ended:
        raise _Bad(start + len(lines) - 1, 0, "the hand has no '***** End of hand' line: cut short?")
    if not b.collections:
        raise _Bad(start + len(lines) - 1, 0, "no summary line says who won the pot: cut short?")
    _check_seats(b, after)
    if user is not None:
        hero = b.seated(user[0], user[1], 7)
        if b.hero not in (None, hero):
            raise _Bad(user[1], 7, f"the user is {hero!r} but the cards are dealt to {b.hero!r}")
        b.hero = hero
    f = b.fields
    f["returns"], f["rake_stated"] = "unprinted", True
    return b.build()


def _hero_cards(b: HandBuilder, line: str, at: int) -> None:
    """``Dealing to Hero: [6h, 3s, 8s, 4s]`` (2011): the hero's hole cards, the hero named."""
    cut = line.find(": [", 11)
    if cut < 0 or not line.endswith("]"):
        raise _Bad(at, 1, f"expected 'Dealing to Name: [cards]', got {line[:60]!r}")
    name = b.seated(line[11:cut], at, 12)
    b.dealt(name, cards_of(line[cut + 3:-1], at, cut + 4), at, cut + 4)
    b.hero = name


def _table(b: HandBuilder, line: str, at: int) -> None:
    m = _TABLE.match(line)
    if m is None or not line.endswith(")"):
        raise _Bad(at, 1, f"expected 'Table: name (POT_LIMIT OMAHA_HI_LO $5/$5, Real money)', got {line[:60]!r}")
    limit, game = _LIMITS.get(m.group(2)), m.group(3)
    if game != "OMAHA_HI_LO":
        if game.startswith(_OTHER) or any(w in game for w in _OTHER_WORDS):  # FIVE_CARD_DRAW, SEVEN_CARD_STUD
            raise _OtherGame(f"{game[:40]} is not Omaha Hi/Lo")
        raise _Bad(at, m.start(3) + 1, f"{game[:40]!r} names no game that OnGame deals")
    if limit is None:
        raise _Bad(at, m.start(2) + 1, f"{m.group(2)[:40]!r} is not a limit OnGame deals")
    if m.group(6) != "Real money)":
        raise _NotReplayed(at, f"OnGame's {m.group(6)[:-1][:30]!r} hands are not read by omaha8 (no sample shows one)")
    b.money = Money("USD" if m.group(4).startswith("$") else None, 2)
    if b.money.currency is None:
        raise _Bad(at, m.start(4) + 1, f"the stakes {m.group(4)[:20]!r} name no currency omaha8 knows")
    b.fields.update(table=m.group(1), limit=limit,
                    stakes=(b.amount(m.group(4), at, m.start(4) + 1), b.amount(m.group(5), at, m.start(5) + 1)))


def _player_line(b: HandBuilder, line: str, at: int) -> None:
    name, rest, col = named(b, line, at, SITE)
    m = _POST.match(rest) if rest.startswith("posts ") else None
    if m is not None:
        if m.group(1) not in ("small", "big") or b.current >= 0:
            raise _Bad(at, col, f"the post {rest[:60]!r} is not one OnGame makes before the cards")
        kind = f"{m.group(1)}_blind"
        small, big = b.fields["stakes"]
        if (kind == "big_blind" and small == big and len(b.posts) == 1
                and b.posts[0].kind == "big_blind" and b.posts[0].amount == small):
            # at equal blinds ($0.50/$0.50) both are written "big blind": the first is the small blind
            b.posts[0] = b.posts[0]._replace(kind="small_blind")
        post_by_size(b, name, kind, b.amount(m.group(2), at, col + m.start(2)), at)
    elif not act(b, _ACTIONS, name, rest, at, col):
        raise _Bad(at, col, f"the action {rest[:60]!r} is not an OnGame action")


def _summary_line(b: HandBuilder, line: str, at: int, after: dict[str, tuple[int, int, int]]) -> None:
    if line.startswith("Rake taken: "):
        b.rake = b.amount(line[12:], at, 13)
        return
    if line.startswith("Seat "):
        m = _SUMMARY_SEAT.match(line)
        if m is None:
            raise _Bad(at, 1, f"cannot read the summary's seat line {line[:60]!r}")
        name = b.seated(m.group(2), at, m.start(2) + 1)
        value = b.amount(m.group(6), at, m.start(6) + 1)
        after[name] = (b.amount(m.group(3), at, m.start(3) + 1), -value if m.group(4) else value, at)
        tail = m.group(7)
        if tail:
            if not (tail.startswith(", [") and tail.endswith("]")):
                raise _Bad(at, m.start(7) + 1, f"cannot read the cards {tail[:40]!r}")
            b.shown(name, cards_of(tail[3:-1], at, m.start(7) + 4), at, m.start(7) + 4)
        return
    m = _POT.match(line)
    if m is None or m.group(1) not in ("Main", "Side"):
        raise _Bad(at, 1, f"the summary line {line[:60]!r} is not OnGame's")
    pot = f"{m.group(1).lower()} pot{m.group(2)}"
    b.total_pot = max(b.total_pot, 0) + b.amount(m.group(3), at, m.start(3) + 1)
    col = m.start(4) + 1
    for part in m.group(4).split("), "):
        text = part if part.endswith(")") else part + ")"
        won = _WON.match(text)
        if won is None:
            raise _Bad(at, col, f"cannot read the winner {part[:60]!r}")
        who = b.seated(won.group(1), at, col)
        b.collect(who, b.amount(won.group(2), at, col + won.start(2)), pot, at)
        col += len(part) + 3


def _check_seats(b: HandBuilder, after: dict[str, tuple[int, int, int]]) -> None:
    """Each seat's chips after the hand and net follow from its lines: what it won less what it put in."""
    put, back, won = chip_flows(b)
    for seat in b.seats:
        if seat.name not in after:
            continue
        stack, net, at = after[seat.name]
        want = won[seat.name] - put[seat.name] + back[seat.name]
        if net != want or stack != seat.stack + want:
            raise _Bad(at, 1, f"the summary gives {seat.name} a net of {net} and {stack} after the hand, the hand's "
                              f"lines {want} and {seat.stack + want}: the lines contradict each other")
