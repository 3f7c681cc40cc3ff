"""Winamax: ``Winamax Poker - CashGame - HandId: #N-N-N - Omaha Hi/Lo pot limit (1€/2€) - date``.

Amounts carry the euro sign after the number (``4.96€``) in real-money
games and none in play money (two decimals) or tournaments (whole chips).
``Omaha8`` and ``Omaha Hi/Lo`` are Omaha Hi/Lo, ``5 Card Omaha Hi/Lo`` the
five-card game. Player lines are ``Name verb ...``; the pots are paid by
``collected X from pot(HI)`` / ``pot (LO)`` / ``side pot 1`` lines. The
summary's ``Total pot`` is what was left after the rake: the pot before it
is that plus the rake. Winamax prints no returned bets: a player's
``collected`` counts them (as the replay checks).

The hand-worked fixtures of this format: ``tests/data/hh/winamax/``.
"""

from __future__ import annotations

from functools import partial

from .._builder import HandBuilder
from .._grammar import _Bad, Form, Money, _OtherGame, ascii_int, cards_of
from ..hand_record import HandRecord
from ._common import (COLLECTED, RAKED_TOTAL, STARS_ACTIONS, STARS_ALL_IN, STARS_SEAT, STAR_STREETS, act, header_line,
                     marked_hand, player_line, seat_line, summary_board)

__all__ = ["SITE", "starts", "parse"]

SITE = "Winamax"

_HEAD = Form("Winamax Poker - {label} - HandId: #{word} - {text}")
_TABLE = Form("Table: '{label}' {int}-max ({word} money) Seat #{int} is the button")
_TABLE_T = Form("Table: '{label}' {int}-max Seat #{int} is the button")
_SEAT_BOUNTY = Form("Seat {int}: {name} ({amount}, {text}")
_TOTAL_NO_RAKE = Form("Total pot {amount} | No rake")
_POSTS = (("small_blind", Form("posts small blind {amount}" + STARS_ALL_IN)),
          ("big_blind", Form("posts big blind {amount}" + STARS_ALL_IN)),
          ("ante", Form("posts ante {amount}" + STARS_ALL_IN)),
          ("dead", Form("posts dead blind {amount}" + STARS_ALL_IN)))
_GAMES = {"Omaha Hi/Lo": ("Omaha Hi/Lo", 4), "Omaha8": ("Omaha Hi/Lo", 4), "5 Card Omaha Hi/Lo": ("5 Card Omaha Hi/Lo", 5)}
_LIMITS = {"pot limit": "Pot Limit", "no limit": "No Limit", "fixed limit": "Limit", "limit": "Limit"}
_OTHER = ("Holdem", "Hold'em", "Omaha", "5 Card Omaha", "Stud", "Razz")
_OTHER_WORDS = ("Stud", "Razz", "Draw")


def starts(lines: list[str]) -> bool:
    return lines[0].startswith("Winamax Poker - ")


def parse(label: str, start: int, lines: list[str]) -> HandRecord:
    b = HandBuilder(label, start, SITE)
    _header(b, lines[0], start)
    if len(lines) < 2:
        raise _Bad(start, 0, "the hand ends after its header")
    _table(b, lines[1], start + 1)
    summary = marked_hand(b, lines, 2, start, marker=_marker, seat=_seat, line=_body_line, summary=_summary_line)
    if not summary or b.total_pot == -1:
        raise _Bad(start + len(lines) - 1, 0, "the hand has no summary with its total pot: cut short?")
    if not b.uncalled_lines:
        b.fields["returns"] = "in collected"
        b.total_pot = -1
    return b.build()


_seat = partial(seat_line, forms=(STARS_SEAT, _SEAT_BOUNTY), example="Seat 1: Name (2€)", out="out")


def _header(b: HandBuilder, line: str, at: int) -> None:
    m = header_line(b, _HEAD, line, at, SITE, hand_id=2)
    f = b.fields
    kind, rest = m.group(1), m.group(3)
    cut = rest.rfind(" - ")
    game_text, f["date"] = (rest[:cut], rest[cut + 3:]) if cut >= 0 else (rest, "")
    paren = game_text.rfind(" (")
    if paren < 0 or not game_text.endswith(")"):
        raise _Bad(at, m.start(3) + 1, "the header gives no stakes, e.g. '(1€/2€)'")
    name, stakes = game_text[:paren], game_text[paren + 2:-1].split("/")
    limit = next((lim for key, lim in _LIMITS.items() if name.endswith(" " + key)), None)
    game = _GAMES.get(name[: -len(next(k for k in _LIMITS if name.endswith(" " + k))) - 1]) if limit else None
    if game is None or limit is None:
        # (a mixed game's other games too: "7-Card Stud fixed limit" in a real 8-game file)
        if any(name.startswith(o) for o in _OTHER) or any(w in name for w in _OTHER_WORDS):
            raise _OtherGame(f"{name} is not Omaha Hi/Lo")
        raise _Bad(at, m.start(3) + 1, f"{name[:60]!r} names no game and limit that Winamax deals")
    f.update(game=game[0], variant=game[1], limit=limit)
    euro = "€" in game_text
    tournament = kind.startswith("Tournament")
    if tournament:
        f["tournament_id"] = kind[kind.find('"') + 1: kind.rfind('"')] if '"' in kind else kind
        b.money = Money(None, 0)
    else:
        b.money = Money("EUR" if euro else None, 2)
    if len(stakes) == 3:  # a tournament's "(ante/small/big)"
        stakes = stakes[1:]
    if len(stakes) != 2:
        raise _Bad(at, m.start(3) + paren + 3, "the stakes are not two amounts")
    f["stakes"] = tuple(b.amount(s, at, m.start(3) + paren + 3) for s in stakes)


def _table(b: HandBuilder, line: str, at: int) -> None:
    m = _TABLE.match(line)
    f = b.fields
    if m is not None:
        f["table"], size, button = m.group(1), m.group(2), m.group(4)
    else:
        m = _TABLE_T.match(line)
        if m is None:
            raise _Bad(at, 1, f"expected the table line, got {line[:60]!r}")
        f["table"], size, button = m.group(1), m.group(2), m.group(3)
    f["max_seats"] = ascii_int(size, at, 1, "the table size")
    if not 2 <= f["max_seats"] <= 10:
        raise _Bad(at, 1, f"a table of {f['max_seats']} seats")
    f["button"] = ascii_int(button, at, 1, "the button's seat")


def _marker(b: HandBuilder, line: str, at: int) -> bool:
    if line == "*** SUMMARY ***":
        return True
    if line in ("*** ANTE/BLINDS ***",):
        return False
    if line == "*** PRE-FLOP ***":
        b.street(0, (), at, 1)
        return False
    if line == "*** SHOW DOWN ***":
        b.current = max(b.current, 0)
        return False
    key = line[: line.find("***", 4) + 3]
    if key not in STAR_STREETS:
        raise _Bad(at, 1, f"unknown marker {line[:60]!r}")
    tail = line[len(key):].replace("][", " ").strip()
    if not (tail.startswith("[") and tail.endswith("]")):
        raise _Bad(at, len(key) + 2, f"cannot read the board {tail[:40]!r}")
    b.street(STAR_STREETS[key], cards_of(tail[1:-1], at, len(key) + 2), at, len(key) + 2)
    return False


def _action_line(b: HandBuilder, line: str, at: int, name: str, rest: str, col: int) -> None:
    m = COLLECTED.match(rest) if rest.startswith("collected ") else None
    if m is not None:
        b.collect(name, b.amount(m.group(1), at, col + 10), m.group(2).replace(" ", ""), at)
    elif not act(b, STARS_ACTIONS, name, rest, at, col):
        if rest in ("mucks", "doesn't show", "sits out", "is sitting out") or " said, " in rest:
            b.messages.append((at, line))
            return
        raise _Bad(at, col, f"the action {rest[:60]!r} is not a Winamax action")


# a player line: the hero's cards and the posts by the common rule, the rest by _action_line
_body_line = partial(player_line, site=SITE, posts=_POSTS, action=_action_line)


def _summary_line(b: HandBuilder, line: str, at: int) -> None:
    if line.startswith("Total pot "):
        m = RAKED_TOTAL.match(line)
        if m is not None:
            b.rake = b.amount(m.group(2), at, m.start(2) + 1)
        else:
            m = _TOTAL_NO_RAKE.match(line)
            if m is None:
                raise _Bad(at, 11, f"cannot read the total pot line {line[:60]!r}")
        # the total is what the rake left, with the returned bets in it: the players' collections are compared
        b.total_pot = b.amount(m.group(1), at, 11) + b.rake if b.uncalled_lines else -2
    elif line.startswith("Board: ["):
        summary_board(b, line[8:-1], at, 9)
    else:
        b.messages.append((at, line))
