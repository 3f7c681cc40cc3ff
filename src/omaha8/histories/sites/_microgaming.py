"""Microgaming: one ``<Game hhversion="4" id="N" stakes="0.01|0.02" betlimit="PL" gametype="Omaha H/L" ...>`` element a hand.

The header's attributes give the game, the limit, the stakes (``small|big``), the kind of table
(``tabletype="Cash Game"``), the currency (``currencysymbol``: the sign in UTF-16, base64: ``rCA=`` is
€) and the rake in hundredths of the currency (``rake="10"``: 0.10); ``<Seat num alias balance
endbalance dealer>`` the seats, before and after the hand; ``<Action seq type seat value>`` the blinds
(``SmallBlind``, ``BigBlind``), the actions (``Fold``, ``Check``, ``Call``, ``Bet``, ``Raise``,
``AllIn``), the boards (``DealFlop``, ``DealTurn``, ``DealRiver``: the street's new cards as ``<Card
value suit>``), the cards shown (``ShowCards``) and the payments (``Win``: a ``<Seat num amount>`` per
payment). Every amount is the chips the action adds (an all-in: what the player had left); returned
bets are not written (the wins leave them out). Each seat's ``endbalance`` must be its ``balance`` less
what it put in plus what it won. A player is named by ``alias``. Only real-money cash games are read
(the samples show no other). A 2012 export writes ``hhversion="2"``: the same elements, and the hero's
hole cards after the blinds (``<Action type="DealCards" seat>`` holding ``<Card>`` elements) and a bet
no one called in full given back (``<Action type="MoneyReturned" seat value>``, as a 2012 pot-limit Omaha
file writes it, out of the win); a bet no one called that it does not write back is in the win (a 2012
hold'em file: the big blind's uncalled part in its 0.40). Its hand replays to the chip and to every
``endbalance``: both versions are read. A post to play (``PostedToPlay``) is not replayed: the files
disagree on what it puts in.

>>> from omaha8.histories import read
>>> [(h.site, h.status) for h in read("tests/data/hh/microgaming/split_and_fold.txt")]
[('Microgaming', 'verified'), ('Microgaming', 'verified'), ('Microgaming', 'verified')]
"""

from __future__ import annotations

import base64
import binascii

from .._builder import HandBuilder
from .._grammar import CURRENCY_SIGNS, _Bad, Form, Money, _NotReplayed, _OtherGame, ascii_int, cards_of
from ..hand_record import HandRecord
from ._common import ALL_IN_BEHIND, BET_ADDING, CALL, CHECK, FOLD, RAISE_ADDING, at_seat, by_kind, post_by_size
from ._totals import chip_flows
from ._xml import LIMIT_CODES, Element, amount_of, attr, only, parse_xml

__all__ = ["SITE", "starts", "parse"]

SITE = "Microgaming"

_STAKES = Form("{amount}|{amount}")
_GAMES = {"Omaha H/L": ("Omaha Hi/Lo", 4)}
_OTHER = ("Hold", "Omaha", "Stud", "Razz", "Draw")
_STREETS = {"DealFlop": (1, 3), "DealTurn": (2, 1), "DealRiver": (3, 1)}
_POSTS = {"SmallBlind": "small_blind", "BigBlind": "big_blind"}
# each action's kind (see _common): every amount the chips the action adds
_ACTIONS = {"Fold": FOLD, "Check": CHECK, "Call": CALL, "Bet": BET_ADDING, "Raise": RAISE_ADDING,
            "AllIn": ALL_IN_BEHIND}


def starts(lines: list[str]) -> bool:
    return lines[0].startswith("<Game ")


def parse(label: str, start: int, lines: list[str]) -> HandRecord:
    game = only(parse_xml(lines, start), "Game", SITE)
    b = HandBuilder(label, start, SITE)
    _header(b, game)
    # version 2 pays a bet no one called in full inside the win unless it writes it back (MoneyReturned)
    back_in_wins = game.attrs["hhversion"] == "2"
    parts = {child.tag: child for child in game.children}
    if len(parts) != len(game.children) or set(parts) != {"Seats", "Gameplay"}:
        raise _Bad(game.line, game.column, "a <Game> holds one <Seats> and one <Gameplay>")
    after: dict[str, int] = {}
    for seat in parts["Seats"].children:
        _seat(b, seat, after)
    for action in parts["Gameplay"].children:
        _action(b, action)
    if not b.collections:
        raise _Bad(start + len(lines) - 1, 0, "no <Action type=\"Win\"> says who won the pot: cut short?")
    back_in_wins = back_in_wins and not b.uncalled_lines
    _check_balances(b, after, parts["Seats"], back_in_wins)
    f = b.fields
    f["returns"] = "lines" if b.uncalled_lines else "in collected" if back_in_wins else "unprinted"
    f["rake_stated"] = True
    return b.build()


def _header(b: HandBuilder, game: Element) -> None:
    at, col = game.line, game.column
    name = attr(game, "gametype", "game")
    found = _GAMES.get(name)
    if found is None:  # another game, whatever the version (a 2011 file's hold'em hand has none)
        if any(name.startswith(o) for o in _OTHER):
            raise _OtherGame(f"{name[:60]} is not Omaha Hi/Lo")
        raise _Bad(at, col, f"gametype={name[:40]!r} names no game that Microgaming deals")
    version = game.attrs.get("hhversion")
    if version not in ("2", "4"):
        shown = "no hhversion" if version is None else f"hhversion={version[:20]!r}"
        raise _Bad(at, col, f"{shown}: only versions 2 and 4 are read")
    limit = LIMIT_CODES.get(attr(game, "betlimit", "limit"))
    if limit is None or limit == "Limit":
        raise _NotReplayed(at, f"Microgaming's betlimit={game.attrs['betlimit'][:20]!r} is not read by omaha8 "
                               "(the samples show PL only)")
    if game.attrs.get("istournament", "0") != "0" or attr(game, "tabletype", "kind of table") != "Cash Game" or (
            game.attrs.get("realmoney") != "true"):
        raise _NotReplayed(at, "Microgaming's tournament and play-money hands are not read by omaha8 "
                               "(no sample shows one)")
    b.money = Money(_currency(game), 2)
    m = _STAKES.match(attr(game, "stakes", "stakes"))
    if m is None:
        raise _Bad(at, col, f"stakes={game.attrs['stakes'][:30]!r} is not small blind|big blind")
    hand_id = attr(game, "id", "hand number")
    ascii_int(hand_id, at, col, "the hand number")
    b.fields.update(hand_id=hand_id, game=found[0], variant=found[1], limit=limit,
                    stakes=(b.amount(m.group(1), at, col), b.amount(m.group(2), at, col)),
                    table=game.attrs.get("tablename", ""), date=game.attrs.get("date", ""))
    size = game.attrs.get("tablesize", "")
    if size:
        b.fields["max_seats"] = ascii_int(size, at, col, "the table size")
    b.rake = ascii_int(attr(game, "rake", "rake"), at, col, "the rake")


def _currency(game: Element) -> str:
    """The ISO code of the header's ``currencysymbol``: a sign in UTF-16 (little endian), base64."""
    text = attr(game, "currencysymbol", "currency")
    try:
        sign = base64.b64decode(text.encode("ascii"), validate=True).decode("utf-16-le")
    except (UnicodeError, binascii.Error, ValueError):
        sign = ""
    if sign not in CURRENCY_SIGNS:
        raise _Bad(game.line, game.column, f"currencysymbol={text[:20]!r} is not a currency omaha8 knows")
    return CURRENCY_SIGNS[sign]


def _seat(b: HandBuilder, seat: Element, after: dict[str, int]) -> None:
    at, col = seat.line, seat.column
    if seat.tag != "Seat" or seat.children:
        raise _Bad(at, col, f"<{seat.tag[:40]}> inside <Seats>")
    number = ascii_int(attr(seat, "num", "seat"), at, col, "the seat number")
    name = attr(seat, "alias", "name")
    b.seat(number, name, amount_of(b, seat, "balance", "chips"), at, col)
    after[name] = amount_of(b, seat, "endbalance", "chips after the hand")
    if seat.attrs.get("dealer") == "true":
        b.fields["button"] = number


def _name(b: HandBuilder, item: Element) -> str:
    number = ascii_int(attr(item, "seat" if item.tag == "Action" else "num", "seat"), item.line, item.column,
                       "the seat number")
    return at_seat(b, number, item.line, item.column, number)


def _cards(b: HandBuilder, item: Element) -> tuple[int, ...]:
    out: list[int] = []
    for card in item.children:
        if card.tag != "Card":
            raise _Bad(card.line, card.column, f"<{card.tag[:40]}> where a <Card> was expected")
        text = attr(card, "value", "rank") + attr(card, "suit", "suit")
        out.extend(cards_of(text, card.line, card.column))
    return tuple(out)


def _action(b: HandBuilder, item: Element) -> None:
    at, col = item.line, item.column
    if item.tag != "Action":
        raise _Bad(at, col, f"<{item.tag[:40]}> inside <Gameplay>")
    kind = attr(item, "type", "type")
    street = _STREETS.get(kind)
    if street is not None:
        cards = _cards(b, item)
        if len(cards) != street[1]:
            raise _Bad(at, col, f"{kind} deals {len(cards)} cards")
        if b.current < 0:
            b.street(0, (), at, col)
        b.street(street[0], b.board + cards, at, col)
        return
    if kind == "Win":
        b.current = max(b.current, 0)
        for seat in item.children:
            if seat.tag != "Seat":
                raise _Bad(seat.line, seat.column, f"<{seat.tag[:40]}> inside a Win")
            won = amount_of(b, seat, "amount", "amount won")
            if won:
                b.collect(_name(b, seat), won, "pot", seat.line)
        return
    name = _name(b, item)
    if kind == "ShowCards":
        b.shown(name, _cards(b, item), at, col)
        return
    if kind == "MoneyReturned":  # version 2: a bet no one called in full, given back
        b.uncalled(name, amount_of(b, item, "value"))
        return
    if kind == "DealCards":  # version 2: the hero's hole cards, dealt after the blinds
        if b.current < 0:
            b.street(0, (), at, col)
        b.dealt(name, _cards(b, item), at, col)
        b.hero = name
        return
    if item.children:
        raise _Bad(item.children[0].line, item.children[0].column, f"<{item.children[0].tag[:40]}> inside {kind[:30]}")
    if kind == "PostedToPlay":
        # a player coming in posts to play: a 2011 file's poster of 0.10 (the big blind) loses 0.15, a 2012 one's
        # of 0.10 (half the big blind) 0.10; what such a post puts in, and how much of it is live, no file settles
        raise _NotReplayed(at, f"{name[:40]!r} posts to play: what Microgaming's post to play puts in, and how "
                               "much of it is live, the files do not show alike")
    if kind in _POSTS:
        if b.current >= 0:
            raise _Bad(at, col, "a blind after the cards")
        post_by_size(b, name, _POSTS[kind], amount_of(b, item, "value"), at)
        return
    if kind == "MuckCards":  # the winner's cards not shown (version 2)
        b.messages.append((at, f"{name} mucks"))
        return
    if b.current < 0:
        b.street(0, (), at, col)
    if not by_kind(b, _ACTIONS, kind, name, lambda _: amount_of(b, item, "value"), at, col):
        raise _Bad(at, col, f"type={kind[:40]!r} is not a Microgaming action")


def _check_balances(b: HandBuilder, after: dict[str, int], seats: Element, back_in_wins: bool = False) -> None:
    """Each seat's ``endbalance`` is its ``balance`` less what it put in plus what it won, and the rake is what is left.

    The bet that came back is the one written back (``MoneyReturned``), else the top bet's uncalled part,
    which version 2 counts in the win (``back_in_wins``).
    """
    put, back, won = chip_flows(b)
    if b.uncalled_lines or back_in_wins:
        back = dict.fromkeys(back, 0)
        for name, amount in b.uncalled_lines:
            back[name] += amount
    for seat, element in zip(b.seats, seats.children):
        want = seat.stack - put[seat.name] + back[seat.name] + won[seat.name]
        if after[seat.name] != want:
            raise _Bad(element.line, element.column, f"the endbalance of {seat.name} is {after[seat.name]}, the hand's "
                                                     f"actions give {want}: the lines contradict each other")
    pots = sum(put.values()) - sum(back.values())
    if sum(won.values()) + b.rake != pots:
        raise _Bad(seats.line, seats.column, f"the wins ({sum(won.values())}) and the rake ({b.rake}) do not add up "
                                             f"to the pot ({pots}): the lines contradict each other")
