"""Boss Media (Everest, Betsafe, ...): one ``<HISTORY ID="N" ... GAME="GAME_OMAHL" LIMIT="PL" STAKES="2.50/5.00">`` element a hand.

The header's attributes give the game (``GAME_OMAHL``: Omaha Hi/Lo), the limit, the stakes, the
currency (``TABLECURRENCY="SEK"``) and the kind (``GAMEKIND_CASH``); ``<PLAYER NAME SEAT AMOUNT STATE
DEALER>`` the seats (``STATE_EMPTY`` an empty one); ``<ACTION TYPE=...>`` the blinds (``HAND_BLINDS``
with ``KIND="HAND_SB"``/``"HAND_BB"``, and ``"HAND_DSB"``, a dead small blind), the hole cards
(``HAND_DEAL``), the boards (``HAND_BOARD``, the whole board so far, with the pot after the rake so far in
``POT`` and the rake in ``RAKE``) and the actions (``ACTION_FOLD``, ``_CHECK``, ``_CALL``, ``_BET``,
``_RAISE``, ``_ALLIN``); ``<SHOWDOWN POT RAKE>`` holds a ``<RESULT PLAYER WIN>`` per payment, with the
player's cards. A card is ``<CARD LINK="n">``:
0-12 the diamonds ace, two .. king, 13-25 the clubs, 26-38 the hearts, 39-51 the spades; ``"b"`` a card
not shown (the sample's ``HANDEXT=" 8,7,5,2,A"`` is the low these numbers give its winner). Calls and bets
are the chips they add, but a 2012 file writes a call by a player with chips already in on the street as
the street total (the small blind of 0.05 ``ACTION_CALL VALUE="0.35"`` to a raise to 0.35, and the flop's
``POT`` 0.80 = 0.35 + 0.35 + 0.10): a call whose value is the street's bet when the player has some of it in
already cannot be the chips it adds (that would put in more than the bet), so it is read as the total;
a raise is written to its street total; an all-in as the chips it puts in or its
total (both are read, nothing else); returned bets are not written (``WIN`` leaves them out). Each board's
``POT`` and ``RAKE`` must add up to what the actions put in. Only cash games are read (the samples show
no other); the rake is the one stated.

>>> from omaha8.histories import read
>>> [(h.site, h.status) for h in read("tests/data/hh/bossmedia/split_and_fold.txt")]
[('Boss Media', 'verified'), ('Boss Media', 'verified'), ('Boss Media', 'verified')]
"""

from __future__ import annotations

import time

from .._builder import HandBuilder
from .._grammar import _Bad, Form, ISO_CODES, Money, _NotReplayed, _OtherGame, ascii_int, cards_of
from ..hand_record import HandRecord
from ._common import ALL_IN_BEHIND, BET_ADDING, CALL, CHECK, FOLD, RAISE_TO, by_kind, post_by_size, put_in
from ._xml import LIMIT_CODES, Element, amount_of, attr, only, parse_xml

__all__ = ["SITE", "starts", "parse"]

SITE = "Boss Media"

_STAKES = Form("{amount}/{amount}")
# Boss Media's other games (GAME_THM hold'em, GAME_OMA high-only Omaha), skipped as such
_OTHER_GAMES = {"GAME_THM": "Hold'em", "GAME_OMA": "Omaha", "GAME_OMA5": "5 Card Omaha", "GAME_FCD": "Five Card Draw"}
_STREETS = {"BOARD_FLOP": 1, "BOARD_TURN": 2, "BOARD_RIVER": 3}
# HAND_DSB: a dead small blind, posted with a big blind by a player coming in (dead money, not his bet)
_POSTS = {"HAND_SB": "small_blind", "HAND_BB": "big_blind", "HAND_DSB": "dead"}
# each action's kind (see _common): a call or bet the chips it adds, a raise its street total
_ACTIONS = {"ACTION_FOLD": FOLD, "ACTION_CHECK": CHECK, "ACTION_CALL": CALL, "ACTION_BET": BET_ADDING,
            "ACTION_RAISE": RAISE_TO, "ACTION_ALLIN": ALL_IN_BEHIND}
# LINK number -> card id: 13 ranks a suit, the ace first, suits in the order diamonds, clubs, hearts, spades
_LINKS = {str(13 * s + r): cards_of("A23456789TJQK"[r] + "dchs"[s], 0, 0)[0] for s in range(4) for r in range(13)}


def starts(lines: list[str]) -> bool:
    return lines[0].startswith("<HISTORY ")


def parse(label: str, start: int, lines: list[str]) -> HandRecord:
    hand = only(parse_xml(lines, start), "HISTORY", SITE)
    b = HandBuilder(label, start, SITE)
    _header(b, hand)
    showdown: Element | None = None
    for item in hand.children:
        if showdown is not None:
            raise _Bad(item.line, item.column, f"<{item.tag}> after the showdown")
        if item.tag == "PLAYER":
            _player(b, item)
        elif item.tag == "ACTION":
            _action(b, item)
        elif item.tag == "SHOWDOWN":
            showdown = item
        else:
            raise _Bad(item.line, item.column, f"<{item.tag[:40]}> is not part of a Boss Media hand")
    if showdown is None:
        raise _Bad(start + len(lines) - 1, 0, "no <SHOWDOWN> says who won the pot: cut short?")
    _showdown(b, showdown)
    return b.build()


def _header(b: HandBuilder, hand: Element) -> None:
    at, col = hand.line, hand.column
    game = attr(hand, "GAME", "game")
    if game != "GAME_OMAHL":
        if game in _OTHER_GAMES:
            raise _OtherGame(f"{_OTHER_GAMES[game]} is not Omaha Hi/Lo")
        raise _Bad(at, col, f"GAME={game[:40]!r} names no game that Boss Media deals")
    limit = LIMIT_CODES.get(attr(hand, "LIMIT", "limit"))
    if limit is None:
        raise _Bad(at, col, f"LIMIT={hand.attrs['LIMIT'][:20]!r} is not PL, NL or FL")
    kind = attr(hand, "GAMEKIND", "kind of game")
    if kind != "GAMEKIND_CASH":
        raise _NotReplayed(at, f"Boss Media's {kind[:40]!r} hands are not read by omaha8 (no sample shows one)")
    if limit == "Limit":
        raise _NotReplayed(at, "Boss Media's fixed-limit hands are not read by omaha8 (no sample shows their stakes)")
    currency = attr(hand, "TABLECURRENCY", "currency")
    if currency not in ISO_CODES:
        raise _Bad(at, col, f"TABLECURRENCY={currency[:20]!r} is not a currency omaha8 knows")
    b.money = Money(currency, 2)
    m = _STAKES.match(attr(hand, "STAKES", "stakes"))
    if m is None:
        raise _Bad(at, col, f"STAKES={hand.attrs['STAKES'][:30]!r} is not small blind/big blind")
    stakes = (b.amount(m.group(1), at, col), b.amount(m.group(2), at, col))
    hand_id = attr(hand, "ID", "hand number")
    ascii_int(hand_id, at, col, "the hand number")
    date = hand.attrs.get("DATE", "")
    if date:
        seconds = ascii_int(date, at, col, "the date")
        date = time.strftime("%Y/%m/%d %H:%M:%S UTC", time.gmtime(min(seconds, 253402300799)))
    b.fields.update(hand_id=hand_id, table=hand.attrs.get("TABLE", ""), limit=limit, stakes=stakes, date=date)


def _player(b: HandBuilder, item: Element) -> None:
    at, col = item.line, item.column
    if b.current >= 0 or b.posts:
        raise _Bad(at, col, "a <PLAYER> after the hand began")
    state = attr(item, "STATE", "state")
    if state == "STATE_EMPTY":
        return
    number = ascii_int(attr(item, "SEAT", "seat"), at, col, "the seat number")
    name = attr(item, "NAME", "name")
    b.seat(number, name, amount_of(b, item, "AMOUNT", "chips"), at, col,
           sitting_out=state != "STATE_PLAYING")
    if item.attrs.get("DEALER") == "Y":
        b.fields["button"] = number


def _cards(items: list[Element]) -> tuple[int, ...]:
    out = []
    for card in items:
        if card.tag != "CARD":
            raise _Bad(card.line, card.column, f"<{card.tag[:40]}> where a <CARD> was expected")
        link = attr(card, "LINK", "card")
        value = -1 if link == "b" else _LINKS.get(link)
        if value is None:
            raise _Bad(card.line, card.column, f"LINK={link[:20]!r} is not a card (0 to 51, or b)")
        out.append(value)
    return tuple(out)


def _action(b: HandBuilder, item: Element) -> None:
    at, col = item.line, item.column
    kind = attr(item, "TYPE", "type")
    if kind == "HAND_BOARD":
        index = _STREETS.get(attr(item, "VALUE", "street"))
        if index is None:
            raise _Bad(at, col, f"VALUE={item.attrs['VALUE'][:30]!r} is not a street")
        cards = _cards(item.children)
        if -1 in cards:
            raise _Bad(at, col, "a board card is hidden")
        b.street(index, cards, at, col)
        _check_pot(b, item)
        return
    if item.children and kind != "HAND_DEAL":
        raise _Bad(item.children[0].line, item.children[0].column, f"<{item.children[0].tag[:40]}> inside {kind[:30]}")
    name = b.seated(attr(item, "PLAYER", "player"), at, col)
    if kind == "HAND_BLINDS":
        post = _POSTS.get(attr(item, "KIND", "kind of blind"))
        if post is None or b.current >= 0:
            raise _NotReplayed(at, f"Boss Media's blind {item.attrs['KIND'][:30]!r} is not read by omaha8 "
                                   "(no sample shows one)") if post is None else _Bad(at, col, "a blind after the cards")
        post_by_size(b, name, post, amount_of(b, item, "VALUE"), at)
        return
    if kind == "HAND_ANTE":
        if b.current >= 0:
            raise _Bad(at, col, "an ante after the cards")
        post_by_size(b, name, "ante", amount_of(b, item, "VALUE"), at)
        return
    if b.current < 0:
        b.street(0, (), at, col)
    if kind == "HAND_DEAL":
        cards = _cards(item.children)
        b.dealt(name, cards, at, col)
        if -1 not in cards:
            b.hero = name
        return
    if not by_kind(b, _ACTIONS, kind, name, lambda action: _amount(b, name, item, action), at, col):
        raise _Bad(at, col, f"TYPE={kind[:40]!r} is not a Boss Media action")


def _amount(b: HandBuilder, name: str, item: Element, action: str) -> int:
    """An action's ``VALUE``; a call or an all-in may be written as its street total, read as the chips it adds."""
    value = amount_of(b, item, "VALUE")
    if action == CALL:
        mine = b.bets.get(name, 0)
        if mine > 0 and value == max(b.bets.values()):
            return value - mine  # the street total (2012): as chips added it would be more than the bet
    if action == ALL_IN_BEHIND:
        behind = b.behind(name)
        if behind > 0 and value == b.bets.get(name, 0) + behind:
            return behind
    return value


def _check_pot(b: HandBuilder, item: Element) -> None:
    """A board's ``POT`` (after the rake so far) and ``RAKE`` add up to the chips put in, when no bet is left over."""
    pot, rake = item.attrs.get("POT", ""), item.attrs.get("RAKE", "")
    if not pot or not rake:
        return
    put = put_in(b)
    if any(p.all_in for p in b.posts) or any(a.all_in for a in b.actions):
        return  # an all-in's uncalled excess may be out of the pot already
    stated = b.amount(pot, item.line, item.column) + b.amount(rake, item.line, item.column)
    if stated != put:
        raise _Bad(item.line, item.column, f"the board's POT and RAKE add up to {stated}, the actions put in {put}: "
                                           "the lines contradict each other")


def _showdown(b: HandBuilder, showdown: Element) -> None:
    at, col = showdown.line, showdown.column
    b.rake = amount_of(b, showdown, "RAKE", "rake")
    b.total_pot = amount_of(b, showdown, "POT", "pot") + b.rake
    b.current = max(b.current, 0)
    for result in showdown.children:
        if result.tag != "RESULT":
            raise _Bad(result.line, result.column, f"<{result.tag[:40]}> inside the <SHOWDOWN>")
        name = b.seated(attr(result, "PLAYER", "player"), result.line, result.column)
        cards = tuple(c for c in _cards(result.children) if c >= 0)
        if cards:
            b.shown(name, cards, result.line, result.column)
        won = amount_of(b, result, "WIN", "amount won")
        if won:
            b.collect(name, won, result.attrs.get("WINTYPE", "pot"), result.line)
    if not b.collections:
        raise _Bad(at, col, "no <RESULT> pays the pot")
    f = b.fields
    f["returns"], f["rake_stated"] = "unprinted", True
