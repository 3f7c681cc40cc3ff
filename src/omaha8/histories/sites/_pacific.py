"""888poker (Pacific Poker, Cassava): ``***** 888poker Hand History for Game N *****``, often after ``#Game No : N``.

The game line reads ``$0.50/$1 Blinds Pot Limit OmahaHL - *** 06 01 2014 23:15:35`` (``Fix Limit``,
``No Limit``); amounts are in brackets, and a bet, raise or call is the chips it adds (``raises [$2]``
puts 2 more in). Tournaments have a ``Tournament #N ...`` line and their chips are written with a dollar
sign (``( $3,465 )``). 888 states neither the pot nor the rake: the rake is what was put in less what
came back and what the ``collected [ $X ]`` lines pay (5% in the samples, checked by the replay's split);
a returned bet is printed nowhere and is not in the collections, but a big blind folded to collects the
whole pot (see :func:`_unstated_rake`). A hand where no ``collected`` line says what the winner took (a tournament
hand won without a showdown) is reconciled on its totals only.

The hand-worked fixtures of this format: ``tests/data/hh/888/``.
"""

from __future__ import annotations

from functools import partial

from .._builder import HandBuilder
from .._grammar import _Bad, Form, Money, _OtherGame, ascii_int
from ..hand_record import HandRecord
from ._common import (BRACKET_ACTIONS, BRACKET_BLINDS, BY_SIZE, MUCKS, SHOWS_CARDS, act, body, button_line,
                     dealing_marker, pairs, payout_rake, player_line, seat_line)
from ._totals import chip_flows

__all__ = ["SITE", "starts", "parse"]

SITE = "888poker"

_GAME = Form("{amount}/{amount} Blinds {label} - *** {text}")
_SEAT = Form("Seat {int}: {name} ( {amount} ){text}")
_ACTIONS = {
    **BRACKET_ACTIONS,
    "shows": SHOWS_CARDS,
    "mucks": MUCKS,
}
_COLLECTED = Form("collected [ {amount} ]")
_ALL_IN = Form("is all-In [{amount}]")
_POSTS = (*BRACKET_BLINDS, ("ante", Form("posts ante [{amount}]")), ("dead", Form("posts dead blind [{amount}]")),
          ("big_blind", Form("posts [{amount}]")))
_GAMES = {"Pot Limit OmahaHL": "Pot Limit", "Fix Limit OmahaHL": "Limit", "No Limit OmahaHL": "No Limit"}
# high-only Omaha is written "Fix Limit Omaha" (at the end of the label) or "Pot Limit Omaha ..."
_OTHER = ("Holdem", "Omaha ", "Stud", "Razz")
# the lines that are not a player's start so
_DEALERS = pairs("** ", "Table ", "Tournament #", "Seat ", "Total number of players", "(Hi: ", "(Lo: ")
_STREETS = {"** Dealing flop **": 1, "** Dealing turn **": 2, "** Dealing river **": 3}


def starts(lines: list[str]) -> bool:
    head = lines[1] if lines[0].startswith("#Game No") and len(lines) > 1 else lines[0]
    return head.startswith(("***** 888poker Hand History", "***** Cassava Hand History",
                            "***** Pacific Poker Hand History"))


def parse(label: str, start: int, lines: list[str]) -> HandRecord:
    b = HandBuilder(label, start, SITE)
    i = 1 if lines[0].startswith("#Game No") else 0
    head = lines[i]
    b.fields["hand_id"] = head.rsplit(" ", 2)[-2] if head.endswith("*****") else ""
    ascii_int(b.fields["hand_id"], start + i, 1, "the hand number")
    tournament = any(line.startswith("Tournament #") for line in lines[i + 1: i + 4])
    _game_line(b, lines[i + 1] if i + 1 < len(lines) else "", start + i + 1, tournament)
    summary = False
    for line, at in body(lines, i + 2, start):
        if line[:2] not in _DEALERS:
            _body_line(b, line, at)
        elif line.startswith("** "):
            summary = _marker(b, line, at) or summary
        elif line.startswith("Table "):
            b.fields["table"] = line[6:]
        elif line.startswith("Tournament #"):
            b.fields["tournament_id"] = line[12:].split(" ", 1)[0]
        elif line.startswith("Seat ") and b.current < 0 and not b.posts:
            _seat_line(b, line, at)
        elif line.startswith("Total number of players"):
            continue
        elif line.startswith("(Hi: ") or line.startswith("(Lo: "):
            continue  # the shown hand's description
        else:
            _body_line(b, line, at)
    b.require_dealt(start + len(lines) - 1)
    _unstated_rake(b, start + len(lines) - 1)
    return b.build()


def _game_line(b: HandBuilder, line: str, at: int, tournament: bool) -> None:
    m = _GAME.match(line)
    if m is None:
        raise _Bad(at, 1, f"expected the game line, e.g. '$0.50/$1 Blinds Pot Limit OmahaHL - *** date', got {line[:60]!r}")
    limit = _GAMES.get(m.group(3))
    if limit is None:
        if m.group(3).endswith("Omaha") or any(m.group(3).endswith(o) or o in m.group(3) for o in _OTHER):
            raise _OtherGame(f"{m.group(3)} is not Omaha Hi/Lo")
        raise _Bad(at, m.start(3) + 1, f"{m.group(3)[:60]!r} names no game that 888poker deals")
    f = b.fields
    f.update(game="Omaha Hi/Lo", variant=4, limit=limit, date=m.group(4))
    b.money = Money(None, 0) if tournament else Money("USD" if "$" in m.group(1) else None, 2)
    stakes = (b.amount(m.group(1), at, 1), b.amount(m.group(2), at, m.start(2) + 1))
    # a limit game's line gives the blinds: its bets are the big blind and twice it
    f["stakes"] = (stakes[1], 2 * stakes[1]) if limit == "Limit" else stakes


def _seat_line(b: HandBuilder, line: str, at: int) -> None:
    if not button_line(b, line, at):
        seat_line(b, line, at, (_SEAT,), "Seat 1: Name ( $2 )")


def _marker(b: HandBuilder, line: str, at: int) -> bool:
    if line.startswith("** Dealing down cards **"):
        b.street(0, (), at, 1)
        return False
    if line.startswith("** Summary **"):
        b.current = max(b.current, 0)
        return True
    dealing_marker(b, _STREETS, line, at)
    return False


def _action_line(b: HandBuilder, line: str, at: int, name: str, rest: str, col: int) -> None:
    if rest == "folds" and b.current < 0 and all(post.name != name for post in b.posts):
        _not_dealt_in(b, name)
        b.messages.append((at, line))
        return
    if rest.startswith(("is all-In ", "is all-in ")):
        m = _ALL_IN.match(rest.replace("all-in", "all-In", 1))
        if m is None:
            raise _Bad(at, col, f"cannot read {rest[:60]!r}")
        b.all_in_adding(name, b.amount(m.group(1), at, col + 10), at, col)
    elif rest in ("did not show his hand", "did not show her hand", "does not show cards", "sits out"):
        b.messages.append((at, line))
    elif rest.startswith("collected ") and (m := _COLLECTED.match(rest)) is not None:
        b.collect(name, b.amount(m.group(1), at, col + 12), "pot", at)
    elif not act(b, _ACTIONS, name, rest, at, col, BY_SIZE):
        raise _Bad(at, col, f"the action {rest[:60]!r} is not an 888poker action")


# a player line: the hero's cards and the posts by the common rule, the rest by _action_line
_body_line = partial(player_line, site=SITE, posts=_POSTS, action=_action_line)


def _not_dealt_in(b: HandBuilder, name: str) -> None:
    """888 writes ``Name folds`` before ``** Dealing down cards **`` for a seated player it does not deal
    in (away): he puts nothing in and takes no part, as a player sitting out."""
    for k, seat in enumerate(b.seats):
        if seat.name == name:
            b.seats[k] = b.names[name] = seat._replace(sitting_out=True)


# the most rake, in percent of the pot, believed of an 888 cash hand: every real sample takes 5% or less (capped);
# twice that and a rounding cent are allowed, so that only collections that plainly contradict the hand are refused
_MOST_RAKE = 10


def _unstated_rake(b: HandBuilder, last: int) -> None:
    """888 states no pot and no rake: the rake is what was put in less what came back and the collections pay.

    A returned bet is printed nowhere and left out of the collections (a real 2016 file: a turn bet of 3
    folded to pays ``collected [ $3.80 ]``, the 4.00 pot less 5%; three all-ins called short pay two halves
    of the pot less 1.00 each), except where the top contributor put in nothing but his posts: a big blind
    folded to collects the whole pot, his uncalled part with it (``collected [ $3 ]`` over blinds of 1 and 2).
    """
    f = b.fields
    f["rake_stated"] = False
    b.total_pot = -1
    put, back, _ = chip_flows(b)
    top = max(put, key=put.__getitem__, default=None)
    posted_only = top is not None and not any(a.name == top and a.amount for a in b.actions)
    f["returns"] = "in collected" if posted_only else "unprinted"
    if not b.collections:
        f["collected_stated"] = False
        return
    paid = sum(c.amount for c in b.collections)
    b.rake = payout_rake(b, last, paid if posted_only else paid + sum(back.values()))
    pot = b.rake + paid
    if f["tournament_id"] is None and b.rake * 100 > pot * _MOST_RAKE + 100:
        # a 2016 file's river bet folded to "collected [ $3.25 ]" twice from a 30.00 pot, while the next hand's
        # stacks show 29.00 won: collections that leave more than 888's rake contradict the hand
        raise _Bad(last, 0, f"the collections pay {paid} of a pot of {pot}: a rake of {b.rake}, more than the "
                            f"{_MOST_RAKE}% (and a cent) 888 could take: the lines contradict the site's rake")
