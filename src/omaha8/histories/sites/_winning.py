"""Winning Poker Network (ACR, Americas Cardroom): ``Hand #N - Omaha H/L(Pot Limit) - $0.10/$0.25 - date UTC``.

Tournaments: ``Game Hand #N - Tournament #T - Omaha H/L(Pot Limit) - Level 1 (250.00/500.00)- date``, the
tournament's name sometimes before its number (``$5,000 GTD Tournament #T``) and, in later files, a space
before the limit (``Omaha H/L (Pot Limit)``); their blinds may follow ``*** HOLE CARDS ***`` (the antes before
it), and a player seated for the next hand is written ``Seat 2: Name will be allowed to play after the
button``. The
table line has no ``Table`` word (``St. Lucie 6-max Seat #1 is the button``); player lines are ``Name
verb ...`` with ``raises $X to $Y``; the pots are paid by ``collected $X from main pot`` (``main pot 1``,
``side pot 2``) lines, or only by the summary's ``did not show and won $X`` when nobody showed, counting
the returned bet (a walk's whole pot). The summary's ``Total pot`` is after the rake, and the rake is
``Rake`` plus ``JP Fee`` (the jackpot's share). Run-it-twice hands (``*** RUN IT TWICE ***``,
``*** FLOP 1 ***``, ``*** SHOW DOWN 2 ***``) leave the low share out of the summary: their ``collected``
lines are the ones read.

The hand-worked fixtures of this format: ``tests/data/hh/winning/``.
"""

from __future__ import annotations

from functools import partial

from .._builder import HandBuilder
from .._grammar import _Bad, Form, Money, _OtherGame, ascii_int, cards_of
from ..hand_record import HandRecord
from ._common import (COLLECTED, STARS_ACTIONS, STARS_ALL_IN, STARS_SEAT, STARS_UNCALLED, STREET_WORDS, act, bracketed,
                     first_match, live_and_dead, marked_hand, named, post_line, seat_line, summary_board,
                     uncalled_line)
from ._headers import stakes_of

__all__ = ["SITE", "starts", "parse"]

SITE = "Winning"

_TABLE = Form("{label} {int}-max Seat #{int} is the button")
_TABLE_PLAY = Form("{label} {int}-max (Play Money) Seat #{int} is the button")
_LEVEL = Form("Level {word} ({amount}/{amount})")
_POSTS = (("small_blind", Form("posts the small blind {amount}" + STARS_ALL_IN)),
          ("big_blind", Form("posts the big blind {amount}" + STARS_ALL_IN)),
          ("ante", Form("posts ante {amount}" + STARS_ALL_IN)),
          ("both", Form("posts dead {amount}" + STARS_ALL_IN)),
          ("big_blind", Form("posts {amount}" + STARS_ALL_IN)))
_WON = Form("Seat {int}: {name} {text}")
_GAMES = {"Omaha H/L": ("Omaha Hi/Lo", 4), "5Card Omaha H/L": ("5 Card Omaha Hi/Lo", 5)}
_LIMITS = {"Pot Limit": "Pot Limit", "No Limit": "No Limit", "Fixed Limit": "Limit"}
_OTHER = ("Holdem", "Omaha", "5Card Omaha", "7Stud", "7Stud H/L", "Six Plus Holdem")


def starts(lines: list[str]) -> bool:
    first = lines[0]
    return first.startswith(("Hand #", "Game Hand #")) and " - " in first


def parse(label: str, start: int, lines: list[str]) -> HandRecord:
    b = HandBuilder(label, start, SITE)
    _header(b, lines[0], start)
    if len(lines) < 2:
        raise _Bad(start, 0, "the hand ends after its header")
    m = first_match((_TABLE, _TABLE_PLAY), lines[1], start + 1, "the table line, e.g. 'Name 6-max Seat #1 is the button'")
    b.fields["table"] = m.group(1)
    b.fields["max_seats"] = ascii_int(m.group(2), start + 1, m.start(2) + 1, "the table size")
    b.fields["button"] = ascii_int(m.group(3), start + 1, m.start(3) + 1, "the button's seat")
    if not 2 <= b.fields["max_seats"] <= 10:
        raise _Bad(start + 1, m.start(2) + 1, f"a table of {b.fields['max_seats']} seats")
    won: list[tuple[str, int, int]] = []  # the summary's "won $X" of each player who did not show
    summary = marked_hand(b, lines, 2, start, marker=_marker, seat=_seat, line=_body_line,
                          summary=partial(_summary_line, won=won))
    if not summary or b.total_pot < 0:
        raise _Bad(start + len(lines) - 1, 0, "the hand has no summary with its total pot: cut short?")
    if not b.collections:
        # nobody showed: the summary's "won $X" is what each winner took, a returned bet in it
        for name, amount, at in won:
            b.collect(name, amount, "pot", at)
        b.fields["returns"] = "in collected" if not b.uncalled_lines else "lines"
    if b.run_boards:
        b.runs = [b.run_boards[r] for r in sorted(b.run_boards)]
        b.board = b.runs[0]
    b.total_pot += b.rake  # the summary's total is what the rake left
    if b.fields["returns"] == "in collected":
        b.total_pot = -1  # a walk's total counts the returned bet: the players' collections are compared
    return b.build()


_seat_chips = partial(seat_line, forms=(STARS_SEAT,), example="Seat 1: Name ($2.00)", out="sitting out")
# a player seated during a tournament, dealt in from the next hand: no chips written, no part of this hand
_WAITING = " will be allowed to play after the button"


def _seat(b: HandBuilder, line: str, at: int) -> None:
    if line.endswith(_WAITING) and line.find(": ") > 5:
        b.messages.append((at, line))
        return
    _seat_chips(b, line, at)


def _header(b: HandBuilder, line: str, at: int) -> None:
    parts = line.split(" - ")
    f = b.fields
    head = parts[0]
    i = head.find("#")
    f["hand_id"] = str(ascii_int(head[i + 1:], at, i + 2, "the hand number"))
    rest = parts[1:]
    # "Tournament #T", or with the tournament's name before it: "$5,000 GTD Tournament #T"
    k = rest[0].find("Tournament #") if rest else -1
    if k >= 0 and (k == 0 or rest[0][k - 1] == " ") and "(" not in rest[0]:
        f["tournament_id"] = str(ascii_int(rest[0][k + 12:], at, len(head) + 4 + k + 12, "the tournament number"))
        rest = rest[1:]
    if not rest or "(" not in rest[0] or not rest[0].endswith(")"):
        raise _Bad(at, len(head) + 4, "the header names no game, e.g. 'Omaha H/L(Pot Limit)'")
    name, limit = rest[0][:-1].split("(", 1)
    name = name.removesuffix(" ")  # "Holdem (No Limit)" in later files
    if name not in _GAMES or limit not in _LIMITS:
        if name in _OTHER and limit in _LIMITS:
            raise _OtherGame(f"{name} {limit} is not Omaha Hi/Lo")
        raise _Bad(at, len(head) + 4, f"{rest[0][:60]!r} names no game and limit that Winning deals")
    (f["game"], f["variant"]), f["limit"] = _GAMES[name], _LIMITS[limit]
    if f["tournament_id"] is not None:
        level = " - ".join(rest[1:])
        m = _LEVEL.match(level[: level.find(")") + 1]) if ")" in level else None
        if m is None:
            raise _Bad(at, 1, "a tournament header needs its level, e.g. 'Level 1 (250.00/500.00)'")
        f["level"] = m.group(1)
        b.money = Money(None, 0)
        f["stakes"] = (b.amount(m.group(2), at, 1), b.amount(m.group(3), at, 1))
        f["date"] = level[level.find(")") + 1:].lstrip("- ").strip()
        return
    currency, stakes = stakes_of(rest[1] if len(rest) > 1 else "", at, 1)
    b.money = Money(currency, 2)
    f["stakes"] = (b.amount(stakes[0], at, 1), b.amount(stakes[1], at, 1))
    f["date"] = " - ".join(rest[2:])


def _marker(b: HandBuilder, line: str, at: int) -> bool:
    words = line[4: line.find(" ***", 4)].split() if line.find(" ***", 4) > 0 else []
    if words == ["SUMMARY"]:
        return True
    if words == ["HOLE", "CARDS"]:
        b.street(0, (), at, 1)
    elif words[:2] == ["SHOW", "DOWN"]:
        b.current = max(b.current, 0)
    elif words == ["RUN", "IT", "TWICE"]:
        b.messages.append((at, line))
    elif len(words) == 2 and words[0] in STREET_WORDS and words[1] in ("1", "2", "3", "4"):
        run = int(words[1]) - 1
        dealt = _marked_cards(line, at)
        before = b.run_boards.get(run, b.board)
        if len(dealt) != (3, 4, 5)[STREET_WORDS[words[0]] - 1] or dealt[: len(before)] != before:
            raise _Bad(at, 1, f"run {run + 1}'s board does not follow the cards dealt before it")
        b.run_boards[run] = dealt
    elif len(words) == 1 and words[0] in STREET_WORDS:
        b.street(STREET_WORDS[words[0]], _marked_cards(line, at), at, 1)
    else:
        raise _Bad(at, 1, f"unknown marker {line[:60]!r}")
    return False


def _marked_cards(line: str, at: int) -> tuple[int, ...]:
    """The cards of a street marker's ``[..]`` groups, in order."""
    return bracketed(line[line.find(" ***", 4) + 4:], at, 1)


def _body_line(b: HandBuilder, line: str, at: int) -> None:
    if line.startswith("Dealt to "):
        b.hero_dealt(line, at)
        return
    if line.startswith("Uncalled bet ("):
        uncalled_line(b, STARS_UNCALLED, line, at)
        return
    if line.startswith(("Main pot ", "Side pot ", "Side pot(")):
        b.messages.append((at, line))  # the pots so far, after each street ("Side pot(1) $0.60 | Rake $0.00")
        return
    name, rest, col = named(b, line, at, SITE)
    if rest.startswith("posts "):
        # tournaments post their blinds after "*** HOLE CARDS ***" (the antes before it): a post is read
        # until the first action
        both = post_line(b, _POSTS, name, rest, at, col, SITE, before_cards=bool(b.actions))
        if both is not None:  # a missed small and big blind made up: the big blind live, the rest dead
            big = b.fields["stakes"][1] if b.fields["limit"] != "Limit" else b.fields["stakes"][0]
            live_and_dead(b, name, both[1], big, at, all_in=both[2])
    elif rest in ("mucks hand", "does not show", "sits out", "is sitting out", "sits in") or rest.startswith("mucks"):
        b.messages.append((at, line))
    elif rest.startswith("collected ") and (m := COLLECTED.match(rest)) is not None:
        b.collect(name, b.amount(m.group(1), at, col + 10), m.group(2), at)
    elif not act(b, STARS_ACTIONS, name, rest, at, col):
        raise _Bad(at, col, f"the action {rest[:60]!r} is not a Winning action")


def _summary_line(b: HandBuilder, line: str, at: int, won: list[tuple[str, int, int]]) -> None:
    if line.startswith("Total pot "):
        parts = line.split(" | ")
        b.total_pot = b.amount(parts[0][10:], at, 11)
        for part in parts[1:]:
            for key in ("Rake ", "JP Fee "):
                if part.startswith(key):
                    b.rake += b.amount(part[len(key):], at, 1)
                    break
            else:
                raise _Bad(at, 1, f"cannot read {part[:40]!r} in the total pot line")
    elif line.startswith("Board ["):
        summary_board(b, line[7:-1], at, 8)
    elif line.startswith("Seat "):
        colon = line.find(": ")
        found = b.player(line[colon + 2:], " ") if colon > 0 else None
        if found is None:
            raise _Bad(at, 1, f"cannot read {line[:60]!r}")
        tail = found[1]
        k = tail.find("showed [") if "showed [" in tail else tail.find("mucked [")
        if k >= 0:
            z = tail.find("]", k)
            col = len(line) - len(tail) + k + 9
            if z < 0:
                raise _Bad(at, col - 1, "a '[' without its ']'")
            b.shown(found[0], cards_of(tail[k + 8:z], at, col), at, col)
        while tail.startswith("(") and ") " in tail:  # "(button)", "(big blind)" before what the player did
            tail = tail[tail.find(") ") + 2:]
        w = tail.find(" won ")
        if w >= 0 and tail.startswith("did not show"):
            amount = tail[w + 5:].split(" ", 1)[0]
            won.append((found[0], b.amount(amount, at, 1), at))
    else:
        b.messages.append((at, line))
