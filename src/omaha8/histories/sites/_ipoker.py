"""iPoker (William Hill, Betfair, Unibet, ...): a ``<session>`` file, its header then a ``<game gamecode="N">`` a hand.

The session's ``<general>`` names the game, the limit and the stakes in one text
(``<gametype>Omaha HiLow PL €5/€10</gametype>``; also ``Omaha Hi-Lo``), the table,
its currency (``<tablecurrency>EUR</tablecurrency>``), the player who saved the
file (``<nickname>``, whose cards are dealt face up), the client's version and,
since 2018, ``<uncalled_bet_enabled>true</uncalled_bet_enabled>``. Each game has
a ``<general>`` with ``<startdate>`` and ``<players>``: ``<player seat name chips
dealer win bet rakeamount ...>`` (``chips`` before the hand, ``win`` what the
player took from the pots, ``rakeamount`` the rake taken from the player's
pots where the client writes it), then ``<round no="0">`` (the posts),
``"1"`` (the hole cards and the pre-flop betting), ``"2"`` .. ``"4"`` (flop,
turn, river: ``<cards type="Flop" player="">CJ C6 S2</cards>``, the street's new
cards, suit first, ``10`` for a ten). An action is ``<action no type player sum>``;
the actions are sorted by ``no`` (files group them by player). Types: 0 fold,
1 small blind, 2 big blind, 3 call (the chips it adds), 4 check, 5 bet,
23 raise (to the street total), 7 all-in (the chips it adds: every chip behind),
15 ante, 8 and 9 a player out of the hand (9 folds one in it). A player's
``<cards type="Pocket">`` are their hole cards (``X`` a card not shown); shown
cards replace the ``X``. Amounts carry the currency's sign before or after, a
decimal comma or point and thousands separated by commas or spaces
(``1 001,24€``). Returned bets: files with ``uncalled_bet_enabled`` (or from a
client of version 20 on) leave them out of ``win``; older files count them in
it. The rake is the players' ``rakeamount`` where written, else what the pots
took and did not pay out. Only real-money cash games of pot and no limit are
read (the fixed-limit stakes and the tournaments' files are not known well
enough: not replayed); another game is skipped.

>>> from omaha8.histories import read
>>> [(h.site, h.hand_id, str(h.status)) for h in read("tests/data/hh/ipoker/split_and_fold.txt")][:2]
[('iPoker', '8000000001', 'verified'), ('iPoker', '8000000002', 'verified')]
"""

from __future__ import annotations

from ..._support._args import brief
from .._builder import HandBuilder
from .._files import IPOKER_SESSION, Chunk
from .._grammar import ISO_CODES, _Bad, Money, _NotReplayed, _OtherGame, ascii_int
from ..hand_record import HandRecord
from ...cards import format_card
from ._common import live_and_dead, post_by_size
from ._totals import chip_flows
from ._ipoker_xml import Game, scan, session_fields
from ._xml import LIMIT_CODES

__all__ = ["SITE", "starts", "parse", "parse_game"]

SITE = "iPoker"

# the game names read, as the gametype writes them
_GAMES = ("Omaha HiLow", "Omaha Hi-Lo")
# the other games iPoker deals, as the gametype names them (a name that is neither is a corrupted header)
_OTHER = frozenset(("Holdem", "Hold'em", "Omaha", "Six Plus Holdem", "Six Plus Hold'em", "7 Card Stud",
                    "7 Card Stud Hi-Lo", "7 Card Stud HiLow", "Seven Cards Stud", "Seven Cards Stud HiLow", "5 Card Stud",
                    "5Card Omaha", "4Card Omaha", "4Card Omaha H/L", "5Card Omaha Reshuffle", "4Card Omaha Reshuffle"))
# games omaha8 plays but not as iPoker writes them (no sample)
_NOT_READ = frozenset(("5Card Omaha H/L", "5Card Omaha H/L Reshuffle", "4Card Omaha H/L Reshuffle"))
# the limits as the game type writes them: the XML formats' codes, and the words and codes of iPoker's skins
_LIMITS = {**LIMIT_CODES, "Pot limit": "Pot Limit", "LP": "Pot Limit", "No limit": "No Limit", "SL": "No Limit",
           "LZ": "No Limit", "L": "Limit", "Limit": "Limit"}
# a sign, before or after the number, and the codes it may stand for
_SIGNS = {"€": ("EUR",), "$": ("USD",), "£": ("GBP",), "kr": ("SEK", "NOK", "DKK")}
_SPACES = (" ", "\u00a0", "\u202f")
# "CA", "H10", "ST": the suit (capital) then the rank
_CARDS: dict[str, int] = {}
for _c in range(52):
    _t = format_card(_c)
    _CARDS[_t[1].upper() + _t[0]] = _c
    if _t[0] == "T":
        _CARDS[_t[1].upper() + "10"] = _c
del _c, _t
def starts(lines: list[str]) -> bool:
    first = lines[0]
    return IPOKER_SESSION.match(first) is not None or first.lstrip(" \t").startswith("<game gamecode=")


def parse(label: str, start: int, lines: list[str]) -> HandRecord:
    """A chunk without a session: a session's header with no game after it, or a game cut from its session."""
    if IPOKER_SESSION.match(lines[0]) is not None:
        raise _Bad(start, 1, "an iPoker <session> with no <game> in it")
    raise _Bad(start, 1, "an iPoker <game> outside a <session> (the session's header names its game and stakes)")


class _Session:
    """What a session's header says: the game, limit, stakes text, currency, hero, table, how returns are written."""

    __slots__ = ("limit", "stakes", "currency", "hero", "table", "returns", "line")

    def __init__(self, limit: str, stakes: tuple[str, str] | None, currency: str, hero: str, table: str,
                 returns: str, line: int) -> None:
        self.limit, self.stakes, self.currency, self.hero, self.table = limit, stakes, currency, hero, table
        self.returns, self.line = returns, line


def session(context: Chunk) -> _Session:
    """The session header of ``context`` (read once, kept in its memo); :class:`_Bad` if it cannot be read."""
    memo = context.memo
    if memo is None:
        try:
            memo = _session(context)
        except (_Bad, _NotReplayed, _OtherGame) as exc:
            memo = exc
        context.memo = memo
    if isinstance(memo, _Session):
        return memo
    assert isinstance(memo, Exception)
    raise memo


def _session(context: Chunk) -> _Session:
    start, lines = context.start, list(context.lines)
    if context.problem is not None:
        raise _Bad(context.problem[0], 0, f"the session's header: {context.problem[1]}")
    if "<?xml " in lines[0]:
        # the XML declaration on the session's line: blanks, so that the columns stay the file's
        k = lines[0].find("<session ")
        lines[0] = " " * k + lines[0][k:]
    # the header is cut before its first game: its <session> is closed here
    return _header(session_fields(lines + ["</session>"], start), start)


def _header(fields: dict[str, tuple[str, int, int]], start: int) -> _Session:
    def field(name: str) -> tuple[str, int, int]:
        found = fields.get(name)
        if found is None:
            raise _Bad(start, 1, f"the session's <general> has no <{name}>")
        return found

    if "tournamentcode" in fields or "tournamentname" in fields or "place" in fields:
        raise _NotReplayed(start, "iPoker's tournament hands are not read by omaha8 (no sample shows one)")
    game_text, at, col = field("gametype")
    words = game_text.split()
    if "Ante" in words:  # "... $100.00/$200.00 Ante $0.00": the antes are posts of their own (type 15)
        words = words[:words.index("Ante")]
    if words[:1] == ["LH"]:  # "LH 0.10/0.20 ...", "LH 20/40 x2 Limit $10.00/$20.00" (a real 2011 file): limit hold'em
        raise _OtherGame(f"{game_text[:60]} is not Omaha Hi/Lo")
    where = next((i for i, w in enumerate(words) if w in _LIMITS), -1)
    if where < 0:  # a limit in two words: "Pot limit", "No limit"
        where = next((i for i in range(len(words) - 1) if f"{words[i]} {words[i + 1]}" in _LIMITS), -1)
        if where >= 0:
            words[where:where + 2] = [f"{words[where]} {words[where + 1]}"]
    if where < 0:
        raise _Bad(at, col, f"the game {brief(game_text)} names no game and limit that iPoker deals")
    name = " ".join(words[:where])
    if name not in _GAMES:
        if name in _OTHER:
            raise _OtherGame(f"{game_text[:60]} is not Omaha Hi/Lo")
        if name in _NOT_READ:
            raise _NotReplayed(at, f"iPoker's {name} hands are not read by omaha8 (no sample shows one)")
        raise _Bad(at, col, f"the game {brief(game_text)} names no game that iPoker deals")
    limit = _LIMITS[words[where]]
    if limit == "Limit":
        raise _NotReplayed(at, "iPoker's fixed-limit hands are not read by omaha8 (no sample shows their stakes)")
    rest = words[where + 1:]
    stakes: tuple[str, str] | None = None
    if rest:
        parts = "".join(rest).split("/")
        if len(parts) != 2 or not all(parts):
            raise _Bad(at, col, f"the stakes of {brief(game_text)} are not small blind/big blind")
        stakes = (parts[0], parts[1])
    elif "smallblind" in fields and "bigblind" in fields:
        stakes = (fields["smallblind"][0], fields["bigblind"][0])
    mode = fields.get("mode", ("real", 0, 0))[0]
    if mode != "real":
        raise _NotReplayed(start, f"iPoker's {brief(mode)} money hands are not read by omaha8 (no sample shows one)")
    # the table's currency; older files name only the account's
    currency, at, col = fields.get("tablecurrency") or field("currency")
    if currency not in ISO_CODES:
        raise _Bad(at, col, f"the table's currency {brief(currency)} is not one omaha8 knows")
    version = fields.get("client_version", ("", 0, 0))[0].split(".")[0]
    newer = fields.get("uncalled_bet_enabled", ("", 0, 0))[0] == "true" or (
        version.isascii() and version.isdigit() and len(version) < 4 and int(version) >= 20)
    hero = fields.get("nickname", ("", 0, 0))[0]
    return _Session(limit, stakes, currency, hero, fields.get("tablename", ("", 0, 0))[0],
                    "unprinted" if newer else "in collected", start)


def _amount(money: Money, text: str, at: int, col: int) -> int:
    """An iPoker amount (``€5``, ``2,50€``, ``1 001,24€``, ``50,979.51kr``) in cents of the session's currency."""
    known = money._cache.get(text)
    if known is not None:
        return known
    body = text.strip()
    for sign, codes in _SIGNS.items():
        if body.startswith(sign) or body.endswith(sign):
            if money.currency not in codes:
                raise _Bad(at, col, f"amount {brief(text)} is not in {money.currency}, the table's currency")
            body = body[len(sign):] if body.startswith(sign) else body[: -len(sign)]
            break
    body = body.strip()
    for space in _SPACES:
        if space in body:
            groups = body.split(space)
            if not (1 <= len(groups[0]) <= 3 and all(len(g) >= 3 and g[:3].isdigit() for g in groups[1:])):
                raise _Bad(at, col, f"amount {brief(text)} has misplaced thousands separators")
            body = "".join(groups)
    comma, point = body.rfind(","), body.rfind(".")
    if comma > point and (point >= 0 or 1 <= len(body) - comma - 1 <= 2):
        # a decimal comma ("2,50", "1.001,24"): the points, if any, separate thousands
        body = body[:comma].replace(".", ",") + "." + body[comma + 1:]
    out = money.value(body, at, col)
    money._cache[text] = out
    return out


def _cards(text: str, at: int, col: int) -> tuple[int, ...]:
    out = []
    for word in text.split():
        card = -1 if word == "X" or word == "x" else _CARDS.get(word)
        if card is None:
            raise _Bad(at, col, f"{brief(word)} is not a card (suit then rank: CA, H10, ...)")
        out.append(card)
    return tuple(out)


def parse_game(context: Chunk, label: str, start: int, lines: list[str], *,
               watch_text: bool | None = None, tree: bool = True) -> HandRecord:
    """A ``<game>`` of the session whose header is ``context`` (``watch_text``, ``tree``: see :func:`~._ipoker_xml.scan`)."""
    head = session(context)
    game = scan(lines, start, watch_text=watch_text, tree=tree)
    assert game.code is not None
    attrs, at, col = game.code
    b = HandBuilder(label, start, SITE)
    b.money = Money(head.currency, 2)
    hand_id = attrs.get("gamecode", "")
    ascii_int(hand_id, at, col, "the game code")
    f = b.fields
    f.update(hand_id=hand_id, limit=head.limit, table=head.table, date=game.date)
    in_hand = {attrs.get("player", "") for _, attrs, _, _, _ in game.cards if attrs.get("type") == "Pocket"}
    wins: list[tuple[str, int, int]] = []
    rake = -1
    for attrs, at, col in game.players:
        number = ascii_int(_attr(attrs, "seat", "seat", at, col), at, col, "the seat number")
        name = _attr(attrs, "name", "name", at, col)
        if not name and name not in in_hand:
            continue  # an empty seat (name="")
        b.seat(number, name, _amount(b.money, _attr(attrs, "chips", "chips", at, col), at, col), at, col,
               sitting_out=name not in in_hand)
        if attrs.get("dealer") == "1":
            f["button"] = number
        wins.append((name, _amount(b.money, attrs.get("win", "0"), at, col), at))
        if "rakeamount" in attrs:
            rake = max(rake, 0) + _amount(b.money, attrs["rakeamount"], at, col)
    if not b.seats:
        raise _Bad(start, 1, "the <game> has no <player>")
    _play(b, game, head, in_hand)
    for name, amount, at in wins:
        if amount:
            b.collect(name, amount, "pot", at)
    if not b.collections:
        raise _Bad(start + len(lines) - 1, 0, "no player's win= says who won the pot")
    put, back, won = chip_flows(b)
    returned = sum(back.values()) if head.returns == "unprinted" else 0
    left = sum(put.values()) - returned - sum(won.values())
    if left < 0:
        raise _Bad(start, 1, f"the players win {sum(won.values())} of the {sum(put.values()) - returned} put in")
    f["rake_stated"] = rake >= 0
    b.rake = rake if rake >= 0 else left
    f["returns"] = head.returns
    big = next((p.amount for p in b.posts if p.kind == "big_blind"), 0)
    small = next((p.amount for p in b.posts if p.kind == "small_blind"), big // 2)
    if head.stakes is not None:
        small, big = (_amount(b.money, t, head.line, 1) for t in head.stakes)
    f["stakes"] = (small, big)
    return b.build()


def _attr(attrs: dict[str, str], name: str, what: str, at: int, col: int) -> str:
    value = attrs.get(name)
    if value is None:
        raise _Bad(at, col, f"no {what} ({name}=\"...\")")
    return value


_STREETS = {"Flop": (2, 3), "Turn": (3, 1), "River": (4, 1)}


def _play(b: HandBuilder, game: Game, head: _Session, in_hand: set[str]) -> None:
    """The posts, cards and actions in the order the hand went: a round's cards, then its actions by ``no``."""
    actions = sorted(game.actions, key=_number)
    for (r, _, at, col), (r2, _, _, _) in zip(actions, actions[1:]):
        if r2 < r:
            raise _Bad(at, col, "the actions' numbers (no=) do not follow the rounds")
    cards = game.cards
    i = j = 0
    big_posted = False
    for r in range(5):
        while j < len(cards) and cards[j][0] == r:
            _card_line(b, cards[j], head, r)
            j += 1
        if r == 1 and b.current < 0:
            b.street(0, (), game.players[0][1], 1)
        while i < len(actions) and actions[i][0] == r:
            _, attrs, at, col = actions[i]
            i += 1
            kind = attrs.get("type", "")
            name = b.seated(attrs.get("player", ""), at, col)
            if kind in ("8", "9") and name not in in_hand:
                continue  # a player out of the hand
            if name not in in_hand:
                raise _Bad(at, col, f"{brief(name)} acts but is dealt no cards")
            if kind in ("1", "2", "15"):
                if b.current >= 0:
                    raise _Bad(at, col, "a blind after the cards")
                value = _sum(b, attrs, at, col)
                if kind == "1":
                    post_by_size(b, name, "small_blind", value, at)
                elif kind == "15":
                    post_by_size(b, name, "ante", value, at)
                elif big_posted:
                    big = next(p.amount for p in b.posts if p.kind == "big_blind")
                    live_and_dead(b, name, value, big, at, all_in=value == b.names[name].stack)
                else:
                    post_by_size(b, name, "big_blind", value, at)
                    big_posted = True
                continue
            if b.current < 0:
                b.street(0, (), at, col)
            _act(b, kind, name, attrs, at, col)
    if j < len(cards):
        raise _Bad(cards[j][2], cards[j][3], "cards out of their round")


def _number(item: tuple[int, dict[str, str], int, int]) -> int:
    no = item[1].get("no", "")
    return ascii_int(no, item[2], item[3], "the action's number (no=)")


def _sum(b: HandBuilder, attrs: dict[str, str], at: int, col: int) -> int:
    return _amount(b.money, _attr(attrs, "sum", "amount", at, col), at, col)


def _act(b: HandBuilder, kind: str, name: str, attrs: dict[str, str], at: int, col: int) -> None:
    if kind == "0" or kind == "9":
        b.fold(name, at, col)
    elif kind == "4":
        b.check(name, at, col)
    elif kind == "3":
        value = _sum(b, attrs, at, col)
        b.call(name, value, at, col, all_in=value == b.behind(name))
    elif kind == "5" or kind == "23":
        value = _sum(b, attrs, at, col)
        mine = b.bets.get(name, 0)
        to = value if kind == "23" else mine + value
        b.wager_to(name, "raise" if b.top_bet() > 0 else "bet", to, at, col, all_in=to - mine == b.behind(name))
    elif kind == "7":
        value = _sum(b, attrs, at, col)
        behind = b.behind(name)
        if value != behind or value <= 0:
            raise _Bad(at, col, f"{name} goes all-in for {value} with {behind} behind: the lines contradict each other")
        b.all_in_adding(name, value, at, col)
    elif kind == "8":
        pass  # a player who takes no part: nothing to do
    else:
        raise _Bad(at, col, f"action type={brief(kind)} is not an iPoker action omaha8 reads")


def _card_line(b: HandBuilder, item: tuple[int, dict[str, str], int, int, str], head: _Session, r: int) -> None:
    _, attrs, at, col, text = item
    kind = attrs.get("type", "")
    cards = _cards(text, at, col)
    if kind == "Pocket":
        name = b.seated(attrs.get("player", ""), at, col)
        if len(cards) != b.fields["variant"]:
            raise _Bad(at, col, f"{name} is dealt {len(cards)} cards; Omaha Hi/Lo deals 4")
        if -1 in cards:
            if cards.count(-1) != len(cards):
                raise _Bad(at, col, f"{name}'s cards are shown in part")
            return
        if name == head.hero:
            b.dealt(name, cards, at, col)
            b.hero = name
        else:
            b.shown(name, cards, at, col)
        return
    street = _STREETS.get(kind)
    if street is None or street[0] != r:
        raise _Bad(at, col, f"cards of type {brief(kind)} in round {r}")
    if len(cards) != street[1] or -1 in cards:
        raise _Bad(at, col, f"the {kind.lower()} is {len(cards)} cards")
    if b.current < 0:
        b.street(0, (), at, col)
    b.street(street[0] - 1, b.board + cards, at, col)
