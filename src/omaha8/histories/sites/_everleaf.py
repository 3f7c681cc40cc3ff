"""Everleaf Gaming: ``Everleaf Gaming Game #N`` then ``***** Hand history for game #N *****``.

The game line reads ``Blinds $0.05/$0.10 PL Omaha Hi/Lo - 2010/03/02 - 19:35:19``; seats
``Seat 5: Name (  $ 10 USD )``; amounts are in brackets (``[$ 0.05 USD]``) and a bet, raise or call is
the chips it adds (``raises [$ 0.20 USD]`` puts 0.20 more in). Posts and bets are written ``Name: posts
...``/``Name: bets ...``, the other actions without the colon. The pots are paid by ``wins $ X USD from
main pot`` and, split, ``wins  high ($ X USD)`` and ``wins  low ($X)`` lines. Everleaf prints no pot, no
rake and no returned bets: the uncalled part of the top bet goes back by the usual rule, and the rake is
what is left of the rest once the ``wins`` lines are paid (5% of the pot, nothing without a flop, in the
samples; the replay checks each player's share of what is left). Fixed-limit games name their bets, not
their blinds: ``$0.50/$1 Omaha Hi/Lo - date``. Only pot-limit and fixed-limit Omaha Hi/Lo cash games are
read: Everleaf's other games and its tournaments are skipped with the reason.

The hand-worked fixtures of this format: ``tests/data/hh/everleaf/``.
"""

from __future__ import annotations

from .._builder import HandBuilder
from .._grammar import _Bad, Form, Money, _NotReplayed, _OtherGame, ascii_int
from ..hand_record import HandRecord
from ._common import (BRACKET_ACTIONS, BRACKET_BLINDS, BY_SIZE, DEALING_STREETS, SHOWS, act, body, button_line,
                     dealing_marker, pairs, post_line)

__all__ = ["SITE", "starts", "parse"]

SITE = "Everleaf"

_GAME = Form("Blinds {amount}/{amount} {text}")
# fixed limit names its bets, not its blinds, and no limit: "$0.50/$1 Omaha Hi/Lo - 2010/03/01 - 11:00:02"
_GAME_LIMIT = Form("{amount}/{amount} Omaha Hi/Lo - {text}")
# another fixed-limit game so written: "$0.05/$0.10 7 Card Stud - 2011/07/08 - 00:08:53"
_GAME_LIMIT_OTHER = Form("{amount}/{amount} {label} - {text}")
_SEAT = Form("Seat {int}: {name} ({text}")
_ACTIONS = {
    **BRACKET_ACTIONS,
    "shows": SHOWS,
}
_WINS = Form("wins {text}")
# the lines that are not a player's start so
_DEALERS = pairs("** ", "Table ", "Seat ", "Total number of players")
_NOTES = ("does not show cards", "has disconnected", "has reconnected", "sits out", "is sitting out",
          "has been given a further")
_OTHER = ("Hold'em", "Holdem", "Omaha", "Stud", "Razz")


def starts(lines: list[str]) -> bool:
    return lines[0].startswith(("Everleaf Gaming Game #", "***** Hand history for game #"))


def parse(label: str, start: int, lines: list[str]) -> HandRecord:
    b = HandBuilder(label, start, SITE)
    i = 1 if lines[0].startswith("Everleaf Gaming Game #") else 0
    head = lines[i] if i < len(lines) else ""
    if not (head.startswith("***** Hand history for game #") and head.endswith(" *****")):
        raise _Bad(start + i, 1, f"expected '***** Hand history for game #N *****', got {head[:60]!r}")
    hand_id = head[29:-6]
    ascii_int(hand_id, start + i, 30, "the hand number")
    b.fields["hand_id"] = hand_id
    if i and lines[0][22:] != hand_id:
        raise _Bad(start, 23, f"the hand number {lines[0][22:][:30]!r} differs from the next line's {hand_id!r}")
    _game_line(b, lines[i + 1] if i + 1 < len(lines) else "", start + i + 1)
    for line, at in body(lines, i + 2, start):
        if line[:2] not in _DEALERS:
            _body_line(b, line, at)
        elif line == "** Dealing down cards **":
            b.street(0, (), at, 1)
        elif line.startswith("** "):
            dealing_marker(b, DEALING_STREETS, line, at)
        elif line.startswith("Table "):
            b.fields["table"] = line[6:]
        elif line.startswith("Seat ") and b.current < 0 and not b.posts:
            _seat_line(b, line, at)
        elif line.startswith("Total number of players"):
            continue
        else:
            _body_line(b, line, at)
    b.require_dealt(start + len(lines) - 1)
    _unprinted_returns_and_rake(b, start + len(lines) - 1)
    return b.build()


def _game_line(b: HandBuilder, line: str, at: int) -> None:
    m = _GAME.match(line)
    if m is None and (fixed := _GAME_LIMIT.match(line)) is not None:
        b.fields.update(game="Omaha Hi/Lo", variant=4, limit="Limit", date=fixed.group(3))
        b.money = Money("USD" if "$" in fixed.group(1) else None, 2)
        b.fields["stakes"] = (b.amount(fixed.group(1), at, 1), b.amount(fixed.group(2), at, fixed.start(2) + 1))
        return
    if m is None:
        if line.startswith("Tournament") or "Tourney" in line:
            raise _NotReplayed(at, "Everleaf tournament hands are not read by omaha8")
        other = _GAME_LIMIT_OTHER.match(line)
        if other is not None and any(o in other.group(3) for o in _OTHER):
            raise _OtherGame(f"{other.group(3)[:60]} is not Omaha Hi/Lo")
        raise _Bad(at, 1, f"expected the game line, e.g. 'Blinds $0.05/$0.10 PL Omaha Hi/Lo - date', got {line[:60]!r}")
    game, _, date = m.group(3).partition(" - ")
    if game != "PL Omaha Hi/Lo":
        if "Omaha Hi/Lo" in game:
            raise _NotReplayed(at, f"Everleaf's {game[:40]!r} is not read by omaha8 (pot-limit Omaha Hi/Lo only)")
        if any(o in game for o in _OTHER):
            raise _OtherGame(f"{game[:60]} is not Omaha Hi/Lo")
        raise _Bad(at, m.start(3) + 1, f"{game[:60]!r} names no game that Everleaf deals")
    b.fields.update(game="Omaha Hi/Lo", variant=4, limit="Pot Limit", date=date)
    b.money = Money("USD" if "$" in m.group(1) else None, 2)
    b.fields["stakes"] = (b.amount(m.group(1), at, 8), b.amount(m.group(2), at, m.start(2) + 1))


def _seat_line(b: HandBuilder, line: str, at: int) -> None:
    if button_line(b, line, at):
        return
    m = _SEAT.match(line)
    if m is None or not m.group(3).endswith(")"):
        raise _Bad(at, 1, f"expected a seat line, e.g. 'Seat 1: Name (  $ 10 USD )', got {line[:60]!r}")
    inner = m.group(3)[:-1]
    col = m.start(3) + 1 + len(inner) - len(inner.lstrip())
    b.seat(ascii_int(m.group(1), at, 6, "the seat number"), m.group(2), b.amount(inner.strip(), at, col), at, 6)


def _body_line(b: HandBuilder, line: str, at: int) -> None:
    if line.startswith("Dealt to "):
        b.hero_dealt(line, at)
        return
    found = b.player(line, ": ") or b.player(line, " ")
    if found is None:
        raise _Bad(at, 1, f"the line {line[:60]!r} is not part of an Everleaf hand")
    name, rest = found
    col = len(line) - len(rest) + 1
    if rest.startswith("posts "):
        post_line(b, BRACKET_BLINDS, name, rest, at, col, SITE)
    elif rest.startswith("wins "):
        _win(b, name, rest, at, col)
    elif any(rest.startswith(note) for note in _NOTES):
        b.messages.append((at, line))
    elif not act(b, _ACTIONS, name, rest, at, col, BY_SIZE):
        raise _Bad(at, col, f"the action {rest[:60]!r} is not an Everleaf action")


def _win(b: HandBuilder, name: str, rest: str, at: int, col: int) -> None:
    """``wins $ 0.19 USD from main pot``, ``wins  high ($ 0.57 USD) from main pot with ...``, ``wins  low ($0.09) ...``."""
    text = rest[5:]
    lead = len(text) - len(text.lstrip(" "))
    text = text[lead:]
    at_col = col + 5 + lead
    half = ""
    if text.startswith(("high (", "low (")):
        half, _, text = text.partition(" (")
        at_col += len(half) + 2
        close = text.find(")")
        if close < 0:
            raise _Bad(at, at_col, f"cannot read {rest[:60]!r}")
        amount, tail = text[:close], text[close + 1:]
    else:
        cut = text.find(" from ")
        if cut < 0:
            raise _Bad(at, at_col, f"cannot read {rest[:60]!r}")
        amount, tail = text[:cut], text[cut:]
    if not (tail.startswith(" from main pot") or tail.startswith(" from side pot")):
        raise _Bad(at, at_col, f"cannot read the pot of {rest[:60]!r}")
    pot = tail[6:].split(" with ", 1)[0]
    b.collect(name, b.amount(amount, at, at_col), f"{pot} ({half})" if half else pot, at)


def _unprinted_returns_and_rake(b: HandBuilder, last: int) -> None:
    """No pot, rake or returns printed: the top bet's uncalled part goes back, the rake is what the wins leave."""
    put: dict[str, int] = {}
    for p in b.posts:
        put[p.name] = put.get(p.name, 0) + p.amount
    for a in b.actions:
        put[a.name] = put.get(a.name, 0) + a.amount
    amounts = sorted(put.values(), reverse=True)
    returned = amounts[0] - amounts[1] if len(amounts) > 1 else 0
    paid = sum(c.amount for c in b.collections)
    f = b.fields
    f["returns"], f["rake_stated"] = "unprinted", False
    b.total_pot = -1
    if not b.collections:
        raise _Bad(last, 0, "no line says who won the pot: cut short?")
    in_pots = sum(amounts) - returned
    if paid > in_pots:
        raise _Bad(last, 0, f"the wins pay {paid} for {in_pots} in the pots")
    b.rake = in_pots - paid
