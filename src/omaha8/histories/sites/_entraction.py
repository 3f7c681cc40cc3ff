"""Entraction: ``Game # 2646515978 - Omaha Hi/Lo Fixed Limit EUR 100.00/200.00 - Table "Portland"``.

The seats follow ``Players(max 2):`` as ``Name  (EUR 3,999.25 in seat 1)``; then ``Dealer:``, ``Big
Blind:`` and ``Small Blind:`` lines (``Small Blind:  Name  (50.00)``). Player lines are a name, spaces to
a column, a verb (``Fold``, ``Check``, ``Call``, ``Bet``, ``Raise``, ``All-In``, ``Payback``) and the
amount in brackets: the chips the action adds (a raise too: ``Raise (150.00)`` after a 50.00 blind is a
raise to 200.00); ``Payback`` is a bet given back. The boards are ``Flop  4h - 7h - 6c``, ``Turn`` and
``River`` with the whole board; cards shown read ``Name shows:  9d - 5d - Ad - 6h`` and, for a player
who mucked with the cards printed, ``Name didn't show hand (Jd - Qh - 6s - Ac)``; each payment is a
``Name wins:  EUR 799.25`` line (two for the two halves of a scoop), then ``Rake:  EUR 1.50`` and ``Game
ended ...``. Entraction states no total pot. Omaha Hi/Lo is read in every limit its header names (the
samples show fixed limit only; the other limits are read the same way); other games are skipped.

>>> from omaha8.histories import read
>>> [(h.site, h.status) for h in read("tests/data/hh/entraction/split_and_fold.txt")]
[('Entraction', 'verified'), ('Entraction', 'verified'), ('Entraction', 'verified')]
"""

from __future__ import annotations

from .._builder import HandBuilder
from .._grammar import ISO_CODES, _Bad, Form, Money, _NotReplayed, _OtherGame, ascii_int, cards_of
from ..hand_record import HandRecord
from ._common import ALL_IN_BEHIND, BET_ADDING, CALL, CHECK, FOLD, NO_AMOUNT, RAISE_ADDING, post_by_size, wager

__all__ = ["SITE", "starts", "parse"]

SITE = "Entraction"

_HEADER = Form("Game # {int} - {label} - Table {text}")
_STAKES = Form("{word} {amount}/{amount}")
_SEAT = Form("{name} ({amount} in seat {int})")
_PLAYERS = Form("Players(max {int}):")
_BLIND = Form("{name} ({amount})")
_AMOUNT = Form("({amount})")
_GAMES = {"Omaha Hi/Lo Fixed Limit": "Limit", "Omaha Hi/Lo Pot Limit": "Pot Limit", "Omaha Hi/Lo No Limit": "No Limit"}
_OTHER = ("Hold", "Texas", "Omaha", "Stud", "Razz")
_STREETS = {"Flop": 1, "Turn": 2, "River": 3}
# each verb's kind (see _common); "Payback", a bet given back, is read apart
_ACTIONS = {"Fold": FOLD, "Check": CHECK, "Call": CALL, "Bet": BET_ADDING, "Raise": RAISE_ADDING,
            "All-In": ALL_IN_BEHIND}


def starts(lines: list[str]) -> bool:
    return lines[0].startswith("Game # ") and _HEADER.match(lines[0]) is not None


def parse(label: str, start: int, lines: list[str]) -> HandRecord:
    b = HandBuilder(label, start, SITE)
    _header(b, lines[0], start)
    seating = False
    for j in range(1, len(lines)):
        line, at = lines[j], start + j
        if not line:
            seating = False
            continue
        m = _PLAYERS.match(line)
        if m is not None and not b.seats:
            b.fields["max_seats"] = ascii_int(m.group(1), at, 12, "the table size")
            seating = True
        elif seating:
            _seat(b, line, at)
        elif line.startswith(("Dealer:", "Big Blind:", "Small Blind:")):
            _blind(b, line, at)
        elif line.startswith("Rake:"):
            b.rake = b.amount(line[5:].strip(), at, len(line) - len(line[5:].lstrip()) + 1)
        elif line.startswith("Game ended "):
            b.fields["date"] = line[11:]
        elif line.split(" ", 1)[0] in _STREETS and b.player(line, " ") is None:
            key, _, cards = line.partition(" ")
            text = cards.strip()
            b.street(_STREETS[key], cards_of(text.replace(" - ", " "), at, len(line) - len(text) + 1), at, 1)
        else:
            _player_line(b, line, at)
    if not b.collections:
        raise _Bad(start + len(lines) - 1, 0, "no line says who won the pot: cut short?")
    f = b.fields
    f["returns"], f["rake_stated"] = "lines", True
    b.total_pot = -1
    return b.build()


def _header(b: HandBuilder, line: str, at: int) -> None:
    m = _HEADER.match(line)
    if m is None:
        raise _Bad(at, 1, f"expected 'Game # N - game CUR small/big - Table \"name\"', got {line[:60]!r}")
    title = m.group(2)
    name, _, stakes = title.rpartition(" ")
    name, _, code = name.rpartition(" ")
    col = m.start(2) + len(name) + 2
    limit = _GAMES.get(name)
    if limit is None:
        if any(title.startswith(o) for o in _OTHER) and "Hi/Lo" not in title:
            raise _OtherGame(f"{title[:60]} is not Omaha Hi/Lo")
        raise _Bad(at, m.start(2) + 1, f"{title[:60]!r} names no game and stakes that Entraction deals")
    if code not in ISO_CODES:
        raise _Bad(at, col, f"{code[:20]!r} is not a currency omaha8 knows")
    b.money = Money(code, 2)
    s = _STAKES.match(f"{code} {stakes}")
    if s is None:
        raise _Bad(at, col, f"the stakes {stakes[:30]!r} are not small/big")
    small, big = (b.amount(s.group(k), at, col) for k in (2, 3))
    b.fields.update(hand_id=m.group(1), limit=limit, stakes=(small, big), table=m.group(3).strip('"'))


def _seat(b: HandBuilder, line: str, at: int) -> None:
    m = _SEAT.match(line)
    if m is None:
        raise _Bad(at, 1, f"expected a seat line, e.g. 'Name  (EUR 100.00 in seat 1)', got {line[:60]!r}")
    b.seat(ascii_int(m.group(3), at, m.start(3) + 1, "the seat number"), m.group(1).rstrip(),
           b.amount(m.group(2), at, m.start(2) + 1), at, 1)


def _blind(b: HandBuilder, line: str, at: int) -> None:
    key, _, rest = line.partition(":")
    col = len(key) + 2 + len(rest) - len(rest.lstrip())
    rest = rest.strip()
    if key == "Dealer":
        name = b.seated(rest, at, col)
        b.fields["button"] = b.names[name].number
        return
    m = _BLIND.match(rest)
    if m is None or b.current >= 0:
        raise _Bad(at, col, f"cannot read the blind {line[:60]!r}")
    name = b.seated(m.group(1).rstrip(), at, col)
    post_by_size(b, name, "big_blind" if key == "Big Blind" else "small_blind",
                 b.amount(m.group(2), at, col + m.start(2)), at)


def _player_line(b: HandBuilder, line: str, at: int) -> None:
    found = b.player(line, " ")
    if found is None:
        raise _Bad(at, 1, f"the line {line[:60]!r} is not part of an Entraction hand")
    name, rest = found
    col = len(line) - len(rest.lstrip()) + 1
    rest = rest.strip()
    if rest.startswith("shows:"):
        text = rest[6:].strip()
        b.shown(name, cards_of(text.replace(" - ", " "), at, col + 7), at, col)
        return
    if rest.startswith("didn't show hand"):
        text = rest[16:].strip()
        if text:
            if not (text.startswith("(") and text.endswith(")")):
                raise _Bad(at, col + 17, f"cannot read the cards {text[:40]!r}")
            b.shown(name, cards_of(text[1:-1].replace(" - ", " "), at, col + 18), at, col)
        b.current = max(b.current, 0)
        return
    if rest.startswith("wins:"):
        text = rest[5:].strip()
        b.collect(name, b.amount(text, at, len(line) - len(text) + 1), "pot", at)
        return
    verb, _, amount = rest.partition(" ")
    kind = _ACTIONS.get(verb)
    if kind is None and verb != "Payback":
        raise _Bad(at, col, f"the action {rest[:60]!r} is not an Entraction action")
    if b.current < 0:
        b.street(0, (), at, 1)
    text = amount.strip()
    if kind in NO_AMOUNT:
        if text:
            raise _Bad(at, col, f"cannot read {rest[:60]!r}")
        wager(b, kind, name, 0, at, col)
        return
    m = _AMOUNT.match(text)
    if m is None:
        raise _Bad(at, col, f"cannot read the amount of {rest[:60]!r}")
    value = b.amount(m.group(1), at, len(line) - len(text) + 2)
    if kind is None:
        b.uncalled(name, value)
    else:
        wager(b, kind, name, value, at, col)
