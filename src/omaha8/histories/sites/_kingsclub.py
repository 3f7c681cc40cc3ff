"""KingsClub: ``#37580510: Pot Limit Big O - 11/22`` (Big O: 5-card Omaha Hi/Lo), ``Pot Limit Omaha Hi-Lo``, ``Limit Omaha Hi-Lo``.

Cash games with antes beside the blinds; amounts are club chips with cents (``144.75``) and no currency;
hidden hole cards are ``[X X X X X]``. Calls are written to the street total (``calls 836`` after
a raise to 627.25 adds 208.75), raises ``raises to X``. A hand run twice deals ``*** BOARD 2 - RIVER ***
[- - - 5d] [3h]`` (a dash for each card the boards share). The summary gives each player's stack and
signed net (``+258.87``), the rake (``Rake 5``) and the pots won (``wins (222.12) from pot``, ``wins pot
(179)``); no returned bets are printed: what a player wins counts them. A player who gets chips back that
no ``wins`` line pays (a big blind called short, with the side pot no one else is left in) is written with
his stack after the hand and no net (``Seat 1: Hero (32,500)``): the stacks after the hand are checked
against the lines, and such chips are that player's collection.

The hand-worked fixtures of this format: ``tests/data/hh/kingsclub/``.
"""

from __future__ import annotations

from .._builder import HandBuilder
from .._grammar import _Bad, Form, Money, _OtherGame, ascii_int, cards_of
from ..hand_record import HandRecord
from ._common import (CALL_TO, COMMA_ALL_IN, COMMA_WAGERS, MUCKS, SHOW, SHOWS_CARDS, STREET_WORDS, act, body,
                     bracketed, header_line, named, post_line, seat_line)
from ._totals import stacks_by_lines

__all__ = ["SITE", "starts", "parse"]

SITE = "KingsClub"

_HEAD = Form("#{int}: {label} - {amount}/{amount}")
_TABLE = Form("Table '{label}' Seat {int} is the button")
_SEAT = Form("Seat {int}: {name} ({amount})")
_DEALT = Form("Dealt to {name}: {cards}")
_RESULT = Form("Seat {int}: {name} ({amount}) {signed}")
_RESULT_EVEN = Form("Seat {int}: {name} ({amount}) 0")
_ACTIONS = {
    "calls": (CALL_TO, Form("calls {amount}" + COMMA_ALL_IN)),
    **COMMA_WAGERS,
    "shows": SHOWS_CARDS,
    "mucks": MUCKS,
}
_POSTS = (("ante", Form("posts ante {amount}" + COMMA_ALL_IN)), ("small_blind", Form("posts the small blind {amount}" + COMMA_ALL_IN)),
          ("big_blind", Form("posts the big blind {amount}" + COMMA_ALL_IN)), ("dead", Form("posts dead {amount}" + COMMA_ALL_IN)))
_WINS = (Form("wins ({amount}) from {text}"), Form("wins pot ({amount})"), Form("wins {label} ({amount})"))
_GAMES = {"Big O": ("5 Card Omaha Hi/Lo", 5), "Omaha Hi-Lo": ("Omaha Hi/Lo", 4)}
_LIMITS = ("Pot Limit", "No Limit", "Limit")


def starts(lines: list[str]) -> bool:
    first = lines[0]
    return first.startswith("#") and first[1:2].isdigit() and ": " in first and " - " in first


def parse(label: str, start: int, lines: list[str]) -> HandRecord:
    b = HandBuilder(label, start, SITE)
    _header(b, lines[0], start)
    runs: dict[int, tuple[int, ...]] = {}
    after: list[tuple[str, int, int, int]] = []
    summary = False
    for line, at in body(lines, 1, start):
        if at == start + 1 and line[:4].isdigit():
            b.fields["date"] = line
        elif line.startswith("Table '"):
            m = _TABLE.match(line)
            if m is None:
                raise _Bad(at, 1, f"cannot read the table line {line[:60]!r}")
            b.fields["table"], b.fields["button"] = m.group(1), ascii_int(m.group(2), at, m.start(2) + 1, "the button")
        elif line.startswith("*** "):
            summary = _marker(b, line, at, runs) or summary
        elif summary:
            _summary_line(b, line, at, after)
        elif line.startswith("Seat ") and not b.posts:
            seat_line(b, line, at, (_SEAT,), "Seat 1: Name (880)")
        else:
            _body_line(b, line, at)
    if not summary:
        raise _Bad(start + len(lines) - 1, 0, "the hand has no summary (*** SUMMARY ***): cut short?")
    _unprinted_returns(b, after)
    if runs:
        b.runs = [runs[r] for r in sorted(runs)]
        b.board = b.runs[0]
    b.fields["returns"] = "in collected" if not b.uncalled_lines else "lines"
    b.total_pot = -1
    return b.build()


def _header(b: HandBuilder, line: str, at: int) -> None:
    m = header_line(b, _HEAD, line, at, SITE)
    f = b.fields
    text = m.group(2)
    limit = next((lim for lim in _LIMITS if text.startswith(lim + " ")), None)
    game = _GAMES.get(text[len(limit) + 1:]) if limit else None
    if game is None:
        if limit is not None:
            raise _OtherGame(f"{text} is not Omaha Hi/Lo")
        raise _Bad(at, m.start(2) + 1, f"{text[:60]!r} names no game and limit that KingsClub deals")
    (f["game"], f["variant"]), f["limit"] = game, limit
    b.money = Money(None, 2)
    f["stakes"] = (b.amount(m.group(3), at, m.start(3) + 1), b.amount(m.group(4), at, m.start(4) + 1))


def _cards_groups(tail: str, at: int, col: int) -> tuple[tuple[int, ...], int]:
    """The cards of a marker's ``[..]`` groups, -1 for a ``-`` (a card the boards share), and how many dashes."""
    out = bracketed(tail, at, col, hidden=True)
    return out, out.count(-1)


def _marker(b: HandBuilder, line: str, at: int, runs: dict[int, tuple[int, ...]]) -> bool:
    end = line.find(" ***", 4)
    words = line[4:end].split() if end > 0 else []
    tail = line[end + 4:] if end > 0 else ""
    if words == ["SUMMARY"]:
        return True
    if words == ["HOLE", "CARDS"]:
        b.street(0, (), at, 1)
    elif words in (["SHOW", "DOWN"], ["SHOWDOWN"]):
        b.current = max(b.current, 0)
    elif len(words) == 1 and words[0] in STREET_WORDS:
        cards, _ = _cards_groups(tail, at, end + 6)
        b.street(STREET_WORDS[words[0]], cards, at, end + 6)
    elif len(words) == 4 and words[0] == "BOARD" and words[2] == "-" and words[3] in STREET_WORDS:
        run = ascii_int(words[1], at, 11, "the board's number") - 1
        cards, dashes = _cards_groups(tail, at, end + 6)
        shared = b.board[:dashes]
        board = tuple(shared) + tuple(c for c in cards if c >= 0) if dashes else cards
        before = runs.get(run, b.board)
        if not 0 <= run < 4 or len(board) != (3, 4, 5)[STREET_WORDS[words[3]] - 1] or board[: len(before)] != before:
            raise _Bad(at, end + 6, f"board {run + 1} does not follow the cards dealt before it")
        runs[run] = board
    else:
        raise _Bad(at, 1, f"unknown marker {line[:60]!r}")
    return False


def _body_line(b: HandBuilder, line: str, at: int) -> None:
    if line.startswith("Dealt to "):
        m = _DEALT.match(line)
        if m is None:
            raise _Bad(at, 10, f"cannot read {line[:60]!r}")
        name = b.seated(m.group(1), at, 10)
        cards = cards_of(m.group(2), at, m.start(2) + 1, hidden=True)
        b.street(max(b.current, 0), (), at, 1)
        b.dealt(name, cards, at, m.start(2) + 1)
        if -1 not in cards:
            b.hero = name
        return
    found = b.player(line, ": ")
    if found is not None and found[1].startswith("posts "):
        post_line(b, _POSTS, found[0], found[1], at, len(found[0]) + 3, SITE, before_cards=False)
        return
    name, rest, col = named(b, line, at, SITE)
    if rest.startswith(("sits out", "is sitting out", "mucks", "does not show")) and "[" not in rest:
        b.messages.append((at, line))
    elif not act(b, _ACTIONS, name, rest, at, col):
        raise _Bad(at, col, f"the action {rest[:60]!r} is not a KingsClub action")


def _summary_line(b: HandBuilder, line: str, at: int, after: list[tuple[str, int, int, int]]) -> None:
    if line.startswith("Rake "):
        b.rake = b.amount(line[5:], at, 6)
        return
    if line.startswith("Seat "):
        m = _RESULT.match(line) or _RESULT_EVEN.match(line) or _SEAT.match(line)
        if m is None:
            raise _Bad(at, 1, f"cannot read {line[:60]!r}")
        # the stack after the hand, then the net (none where it is 0): checked at the end
        after.append((m.group(2), b.amount(m.group(3), at, m.start(3) + 1), at, m.start(3) + 1))
        return
    found = b.player(line, " ")
    if found is not None and found[1].startswith("wins "):
        for form in _WINS:
            m = form.match(found[1])
            if m is not None:
                amount = m.group(1) if form is not _WINS[2] else m.group(2)
                b.collect(found[0], b.amount(amount, at, len(found[0]) + 2), "pot", at)
                return
        raise _Bad(at, len(found[0]) + 2, f"cannot read {found[1][:60]!r}")
    b.messages.append((at, line))


def _unprinted_returns(b: HandBuilder, after: list[tuple[str, int, int, int]]) -> None:
    """The stacks after the hand against its lines: the stack before, less what went in, plus what was won.

    A player who takes chips back that no ``wins`` line pays (a big blind no one called in full, and a
    side pot only he is left in) is written with the stack he ends with and no net: those chips are his
    collection, returned bet and side pot together. Any other difference is a contradiction.
    """
    by_lines = stacks_by_lines(b)
    won = {c.name for c in b.collections}
    for name, chips, at, col in after:
        if name not in by_lines:
            continue
        lines = by_lines[name]
        if chips > lines and name not in won:
            b.collect(name, chips - lines, "pot", at)
        elif chips != lines:
            raise _Bad(at, col, f"the summary gives {name} {_chips(chips)} after the hand, the hand's lines "
                                f"{_chips(lines)}: the lines contradict each other")


def _chips(value: int) -> str:
    """An amount as KingsClub writes it: ``1,000``, ``902.50``."""
    return f"{value // 100:,}" if value % 100 == 0 else f"{value / 100:,.2f}"
