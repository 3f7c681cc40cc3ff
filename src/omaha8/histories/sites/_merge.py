"""Merge Gaming (Carbon, Lock, ...): ``<game id="N-M" numholecards="4" gametype="37" ...>`` elements, a file's first
after a ``<description type="Omaha H/L8 Tournament" stakes="Pot Limit"/>``.

``<players dealer="0">`` lists ``<player seat nickname balance dealtin>`` (seats from 0; the balances
are what each player has once the blinds are posted); ``<round id="BLINDS">``, ``"PREFLOP"``,
``"POSTFLOP"``, ``"POSTTURN"``, ``"POSTRIVER"``, ``"SHOWDOWN"`` and ``"END_OF_GAME"`` (or
``"END_OF_FOLDED_GAME"``) hold ``<event type player amount>`` (``SMALL_BLIND``, ``BIG_BLIND``, ``FOLD``,
``CHECK``, ``CALL``, ``BET``, ``RAISE``, ``ALL_IN``; ``CHAT``, ``SHOW``, ``MUCK`` and ``PLAYER_OUT`` are
kept as messages) and ``<cards type cards player>``: the hero's ``HOLE`` cards, the board so far
(``COMMUNITY``, written at the end of its round) and the cards ``SHOWN``. Calls, bets and all-ins are the
chips they add, a raise its street total; ``<winner amount player potnumber uncalled>`` pays a pot, or,
with ``uncalled="true"``, gives a bet back. The game type is the description's where the hand has one,
else ``gametype``'s: 37 is pot-limit Omaha Hi/Lo (the sample's description says so). A tournament
(the last field of ``data`` is ``true``) counts chips, whatever sign its amounts carry; it takes no
rake. A real-money cash game (``false``) counts dollars and cents and states no rake: it is what was put in
less the bet that came back and the wins (a 2011 fixed-limit hand: 1.50 in, 1.43 won). Gametype 35 is
fixed-limit Omaha Hi/Lo, its bets in the description (``stakes="Limit $0.25/$0.50"``, the blinds
0.10/0.25 posted apart); a hand without the description bets the big blind and twice it, as there. The
balances are read as in tournaments, after the blinds (the cash sample cannot tell: no one is all-in).

>>> from omaha8.histories import read
>>> [(h.site, h.status) for h in read("tests/data/hh/merge/split_and_fold.txt")]
[('Merge', 'verified'), ('Merge', 'verified'), ('Merge', 'verified')]
"""

from __future__ import annotations

from .._builder import HandBuilder
from .._grammar import _Bad, Form, Money, _NotReplayed, _OtherGame, ascii_int, cards_of
from ..hand_record import HandRecord
from ._common import ALL_IN_BEHIND, BET_ADDING, CALL, CHECK, FOLD, RAISE_TO, at_seat, by_kind
from ._totals import chip_flows
from ._xml import Element, amount_of, attr, parse_xml

__all__ = ["SITE", "starts", "parse"]

SITE = "Merge"

# the description's game: "Omaha H/L8 Tournament", "Omaha H/L8" (a cash game would name its stakes too)
_DESCRIPTION = Form("Omaha H/L8{? Tournament}")
_OTHER = ("Holdem", "Hold'em", "Omaha", "Stud", "Razz", "Draw", "Badugi")  # "5-Draw" in a real 2011 file
#: Game types read: gametype -> (omaha8's game, hole cards, limit).
_GAME_TYPES = {"37": ("Omaha Hi/Lo", 4, "Pot Limit"), "35": ("Omaha Hi/Lo", 4, "Limit")}
# the description's stakes: "Pot Limit" (a tournament's), "Limit $0.25/$0.50" (a cash game's bets)
_FIXED = Form("Limit {amount}/{amount}")
_ROUNDS = {"BLINDS": -1, "PREFLOP": 0, "POSTFLOP": 1, "POSTTURN": 2, "POSTRIVER": 3, "SHOWDOWN": 4,
           "END_OF_GAME": 4, "END_OF_FOLDED_GAME": 4}
_POSTS = {"SMALL_BLIND": "small_blind", "BIG_BLIND": "big_blind"}
_NOTES = ("CHAT", "SHOW", "MUCK", "PLAYER_OUT")
# each event's kind (see _common): a call, bet or all-in the chips it adds, a raise its street total
_ACTIONS = {"FOLD": FOLD, "CHECK": CHECK, "CALL": CALL, "BET": BET_ADDING, "RAISE": RAISE_TO, "ALL_IN": ALL_IN_BEHIND}


def starts(lines: list[str]) -> bool:
    return lines[0].startswith(("<game ", "<description "))


def parse(label: str, start: int, lines: list[str]) -> HandRecord:
    root = parse_xml(lines, start)
    items = root.children
    description = items[0] if items and items[0].tag == "description" else None
    games = items[1:] if description is not None else items
    if len(games) != 1 or games[0].tag != "game":
        at = games[1] if len(games) > 1 else (description or root)
        raise _Bad(at.line, at.column, "a Merge hand is one <game> element (after a <description>)")
    game = games[0]
    b = HandBuilder(label, start, SITE)
    _header(b, game, description)
    rounds: list[Element] = []
    for child in game.children:
        if child.tag == "players":
            if b.seats or rounds:
                raise _Bad(child.line, child.column, "a second <players>")
            _players(b, child)
        elif child.tag == "round":
            rounds.append(child)
        else:
            raise _Bad(child.line, child.column, f"<{child.tag[:40]}> is not part of a Merge hand")
    if not b.seats:
        raise _Bad(game.line, game.column, "the <game> has no <players>")
    for item in rounds:
        _round(b, item)
    _complete(b, start + len(lines) - 1)
    return b.build()


def _header(b: HandBuilder, game: Element, description: Element | None) -> None:
    at, col = game.line, game.column
    kind = attr(game, "gametype", "game type")
    found = _GAME_TYPES.get(kind)
    if description is not None:
        text = attr(description, "type", "game")
        if _DESCRIPTION.match(text) is None:
            if any(o in text for o in _OTHER):
                raise _OtherGame(f"{text[:60]} is not Omaha Hi/Lo")
            raise _Bad(description.line, description.column, f"{text[:60]!r} names no game that Merge deals")
        stakes = description.attrs.get("stakes", "")
        limit = "Pot Limit" if stakes == "Pot Limit" else "Limit" if _FIXED.match(stakes) else None
        if limit is None:
            raise _NotReplayed(description.line, f"Merge's {stakes[:40]!r} is not read by omaha8 (the samples show "
                                                 "pot limit and fixed limit only)")
        if found is None or found[2] != limit:
            raise _Bad(at, col, f"gametype={kind[:20]!r} is not the description's {text[:40]!r} {stakes[:40]!r}")
    elif found is None:
        if attr(game, "numholecards", "hole cards") == "2":
            raise _OtherGame("a game of two hole cards is not Omaha Hi/Lo")
        raise _NotReplayed(at, f"Merge's gametype={kind[:20]!r} is not read by omaha8 (only 37, pot-limit Omaha Hi/Lo, "
                               "and 35, fixed-limit, are known)")
    if attr(game, "numholecards", "hole cards") != str(found[1]):
        raise _Bad(at, col, f"numholecards={game.attrs['numholecards'][:20]!r}: gametype {kind} deals {found[1]}")
    data = attr(game, "data", "table data").split("|")
    tournament = data[-1] == "true"
    if not tournament:
        if data[-1] != "false":
            raise _Bad(at, col, f"data={game.attrs['data'][:60]!r} ends neither in 'true' (a tournament) nor 'false'")
        if game.attrs.get("realmoney") != "true":
            raise _NotReplayed(at, "Merge's play-money hands are not read by omaha8")
        if description is not None and "Tournament" in description.attrs["type"]:
            raise _Bad(at, col, "the description says a tournament, the game's data a cash game: they contradict "
                                "each other")
    # a tournament counts chips, whatever sign its amounts carry; a cash game dollars and cents
    b.money = Money(None, 0) if tournament else Money("USD", 2)
    m = _FIXED.match(description.attrs["stakes"]) if description is not None and found[2] == "Limit" else None
    if m is not None and description is not None:  # the fixed-limit bets the description names
        b.fields["stakes"] = (b.amount(m.group(1), description.line, description.column),
                              b.amount(m.group(2), description.line, description.column))
    hand_id = attr(game, "id", "hand number")
    for part in hand_id.split("-", 4):  # "46634335-1": the tournament's table and the hand
        ascii_int(part, at, col, "the hand number")
    seats = game.attrs.get("seats", "")
    b.fields.update(hand_id=hand_id, game=found[0], variant=found[1], limit=found[2],
                    tournament_id=(data[2] if len(data) > 2 else "") if tournament else None,
                    table=data[1] if len(data) > 1 else "",
                    date=game.attrs.get("starttime", ""),
                    max_seats=ascii_int(seats, at, col, "the number of seats") if seats else None)


def _players(b: HandBuilder, players: Element) -> None:
    dealer = ascii_int(attr(players, "dealer", "button"), players.line, players.column, "the button's seat")
    b.fields["button"] = dealer + 1
    for player in players.children:
        at, col = player.line, player.column
        if player.tag != "player" or player.children:
            raise _Bad(at, col, f"<{player.tag[:40]}> inside <players>")
        number = ascii_int(attr(player, "seat", "seat"), at, col, "the seat number") + 1
        b.seat(number, attr(player, "nickname", "name"), amount_of(b, player, "balance", "chips"), at, col,
               sitting_out=player.attrs.get("dealtin", "true") != "true")


def _name(b: HandBuilder, item: Element) -> str:
    number = ascii_int(attr(item, "player", "player"), item.line, item.column, "the player's seat")
    return at_seat(b, number + 1, item.line, item.column, number)


def _round(b: HandBuilder, item: Element) -> None:
    at, col = item.line, item.column
    index = _ROUNDS.get(attr(item, "id", "round"))
    if index is None:
        if item.attrs["id"] == "GAME_CANCELLED":
            raise _Bad(at, col, "hand cancelled")
        raise _Bad(at, col, f"round {item.attrs['id'][:40]!r} is not a Merge round")
    if index >= 1 and index <= 3:
        # the round's board comes last in it: the street starts with it all the same
        boards = [c for c in item.children if c.tag == "cards" and c.attrs.get("type") == "COMMUNITY"]
        if len(boards) != 1:
            raise _Bad(at, col, f"round {item.attrs['id']} shows {len(boards)} boards, not one")
        if b.current < 0:
            b.street(0, (), at, col)
        b.street(index, cards_of(attr(boards[0], "cards", "cards"), boards[0].line, boards[0].column), at, col)
    elif index == 0 and b.current < 0:
        b.street(0, (), at, col)
    elif index == 4:
        b.current = max(b.current, 0)
    for child in item.children:
        if child.tag == "event":
            _event(b, child, index)
        elif child.tag == "cards":
            _cards(b, child)
        elif child.tag == "winner":
            _winner(b, child)
        else:
            raise _Bad(child.line, child.column, f"<{child.tag[:40]}> inside a round")


def _event(b: HandBuilder, item: Element, index: int) -> None:
    at, col = item.line, item.column
    kind = attr(item, "type", "type")
    if kind in _NOTES:
        b.messages.append((at, f"{kind} {item.attrs.get('player', '')} {item.attrs.get('text', '')}".strip()))
        return
    name = _name(b, item)
    if kind in _POSTS:
        if index != -1:
            raise _Bad(at, col, "a blind after the cards")
        value = amount_of(b, item, "amount")
        # the balance was written with the blind already out of it: the stack before the hand is both
        left = b.names[name].stack
        seat = b.names[name]._replace(stack=left + value)
        b.names[name] = seat
        b.seats = [seat if s.name == name else s for s in b.seats]
        b.post(name, _POSTS[kind], value, at, all_in=left == 0)
        return
    if index < 0 or index > 3:
        raise _Bad(at, col, f"{kind[:30]} outside the betting rounds")
    if not by_kind(b, _ACTIONS, kind, name, lambda _: amount_of(b, item, "amount"), at, col):
        raise _Bad(at, col, f"type={kind[:40]!r} is not a Merge event")


def _cards(b: HandBuilder, item: Element) -> None:
    kind = attr(item, "type", "type")
    cards = cards_of(attr(item, "cards", "cards"), item.line, item.column)
    if kind == "COMMUNITY":
        if cards != b.board:
            raise _Bad(item.line, item.column, "the board is not the round's")
    elif kind == "HOLE":
        name = _name(b, item)
        b.dealt(name, cards, item.line, item.column)
        b.hero = name
    elif kind == "SHOWN":
        b.shown(_name(b, item), cards, item.line, item.column)
    else:
        raise _Bad(item.line, item.column, f"cards of type {kind[:30]!r} are not Merge's")


def _winner(b: HandBuilder, item: Element) -> None:
    name = _name(b, item)
    amount = amount_of(b, item, "amount", "amount won")
    if item.attrs.get("uncalled") == "true":
        b.uncalled(name, amount)
    elif amount:
        b.collect(name, amount, f"pot {item.attrs.get('potnumber', '')}".strip(), item.line)


def _complete(b: HandBuilder, last: int) -> None:
    """What a hand leaves unsaid, worked out at its end: its winners there, its stakes from its blinds, no rake."""
    if not b.collections:
        raise _Bad(last, 0, "no <winner> says who won the pot: cut short?")
    for seat in b.seats:
        if b.behind(seat.name) < 0:
            raise _Bad(last, 0, f"{seat.name} puts in more than the balance: the lines contradict each other")
    # a pot-limit hand names no stakes: its blinds are the stakes (a fixed-limit one's bets are its description's)
    big = next((p.amount for p in b.posts if p.kind == "big_blind" and not p.all_in), 0)
    if not big:
        raise _Bad(last, 0, "no big blind is posted: the hand's stakes are unknown")
    small = next((p.amount for p in b.posts if p.kind == "small_blind" and not p.all_in), big // 2)
    f = b.fields
    if f["limit"] != "Limit":
        f["stakes"] = (small, big)
    elif f["stakes"] == (0, 0):  # a fixed-limit hand after the file's first: its bets the big blind and twice it
        f["stakes"] = (big, 2 * big)
    f["returns"] = "lines" if b.uncalled_lines else "unprinted"
    b.total_pot = -1
    if f["tournament_id"] is not None:
        f["rake_stated"], b.rake = True, 0
        return
    # a cash game states no rake: it is what was put in less the bet that came back and what the winners took
    put, back, won = chip_flows(b)
    returned = sum(amount for _, amount in b.uncalled_lines) if b.uncalled_lines else sum(back.values())
    paid = sum(won.values())
    if paid > sum(put.values()) - returned:
        raise _Bad(last, 0, f"the winners take {paid}, more than the {sum(put.values()) - returned} in the pot: the "
                            "lines contradict each other")
    f["rake_stated"], b.rake = False, sum(put.values()) - returned - paid
