"""PartyPoker: ``***** Hand History for Game N *****`` (after ``#Game No : N`` in some exports).

The game line names the table's buy-in cap, not the blinds, in pot and no limit (``$10 USD PL Omaha
Hi-Lo - date``): the blinds are the posts'; limit games give the bets (``$20/$40 USD FL Omaha Hi-Lo``);
tournaments ``PL Omaha Hi-Lo $22 USD Buy-in Trny: N Level: 2  Blinds(20/40) - date``. Amounts are in
brackets, and a bet, raise, call or all-in is the chips it adds. Party states neither the pot nor the
rake nor returned bets: a ``wins`` line pays what the player took, a returned bet in it (as a ``side
pot``, or in a lone winner's ``wins $X``), and the rake is what was put in less all of it. Chat
(``Name: text``) and the next hand's ``Game #N starts.`` are kept as messages.

The hand-worked fixtures of this format: ``tests/data/hh/partypoker/``.
"""

from __future__ import annotations

from .._builder import HandBuilder
from .._grammar import _Bad, Form, Money, _OtherGame, ascii_int
from ..hand_record import HandRecord
from ._common import (ALL_IN_ADDING, BRACKET_ACTIONS, DEALING_STREETS, SHOW, SHOWS, act, body, button_line,
                     dealing_marker, live_and_dead, named, pairs, payout_rake, post_line, seat_line,
                     stakes_from_posts)

__all__ = ["SITE", "starts", "parse"]

SITE = "PartyPoker"

_SEAT = Form("Seat {int}: {name} ( {amount} )")
_SEAT_CHIPS = Form("Seat {int}: {name} ( {amount} chips )")
_BLINDS = Form("Blinds({amount}/{amount}){text}")
_POSTS = (("small_blind", Form("posts small blind [{amount}].")), ("big_blind", Form("posts big blind [{amount}].")),
          ("both", Form("posts big blind + dead [{amount}].")), ("ante", Form("posts ante [{amount}].")))
_ACTIONS = {
    **BRACKET_ACTIONS,
    "is": (ALL_IN_ADDING, Form("is all-In  [{amount}]")),
    "shows": SHOWS,
    "doesn't": (SHOW, Form("doesn't show {cards}{text}")),
}
_WINS = (Form("wins {amount}"), Form("wins {amount} from the {label} with {text}"), Form("wins {amount} from the {text}"),
         Form("wins Lo ({amount}) from the {label} with {text}"))
_LIMITS = {"PL": "Pot Limit", "NL": "No Limit", "FL": "Limit"}
_GAMES = {"Omaha Hi-Lo": ("Omaha Hi/Lo", 4), "5 Card Omaha Hi-Lo": ("5 Card Omaha Hi/Lo", 5)}
_OTHER = ("Hold'em", "Texas Hold'em", "Omaha", "Stud", "7 Card Stud Hi-Lo")
# the games written with no limit in the game line (fixed limit): other games
_NO_LIMIT_GAMES = ("Card Stud", "Razz")
# the lines that are not a player's start so
_DEALERS = pairs("** ", "Table ", "Seat ", "Total number of players", "Trny: ", "Blinds(", "Game #")


def starts(lines: list[str]) -> bool:
    head = lines[1] if lines[0].startswith("#Game No") and len(lines) > 1 else lines[0]
    return head.startswith("***** Hand History for Game ")


def parse(label: str, start: int, lines: list[str]) -> HandRecord:
    b = HandBuilder(label, start, SITE)
    i = 1 if lines[0].startswith("#Game No") else 0
    head = lines[i]
    b.fields["hand_id"] = str(ascii_int(head[28:].split(" ", 1)[0], start + i, 29, "the hand number"))
    if i + 1 >= len(lines):
        raise _Bad(start + i, 0, "the hand ends after its header")
    _game_line(b, lines[i + 1], start + i + 1)
    for line, at in body(lines, i + 2, start):
        if line[:2] not in _DEALERS:
            _body_line(b, line, at)
        elif line.startswith("** "):
            _marker(b, line, at)
        elif line.startswith("Table "):
            b.fields["table"] = line[6:]
        elif line.startswith("Seat ") and b.current < 0 and not b.posts:
            _seat_line(b, line, at)
        elif line.startswith(("Total number of players", "Trny: ")):
            continue
        elif line.startswith("Blinds("):
            m = _BLINDS.match(line)
            if m is None:
                raise _Bad(at, 1, f"cannot read {line[:60]!r}")
            b.fields["stakes"] = (b.amount(m.group(1), at, 8), b.amount(m.group(2), at, m.start(2) + 1))
        elif line.startswith("Game #") and line.endswith(" starts."):
            b.messages.append((at, line))
        else:
            _body_line(b, line, at)
    b.require_dealt(start + len(lines) - 1)
    if b.fields["stakes"] == (0, 0):
        b.fields["stakes"] = stakes_from_posts(b)
        if not b.fields["stakes"][1]:
            raise _Bad(start, 0, "the blinds are neither in the header nor posted")
    b.rake = payout_rake(b, start + len(lines) - 1, sum(c.amount for c in b.collections))
    f = b.fields
    f["returns"], f["rake_stated"] = "in collected", False
    if not b.collections:
        f["collected_stated"] = False
    return b.build()


def _game_line(b: HandBuilder, line: str, at: int) -> None:
    f = b.fields
    cut = line.find(" - ")
    text, f["date"] = (line[:cut], line[cut + 3:]) if cut >= 0 else (line, "")
    words = text.split()
    limit_at = next((k for k, w in enumerate(words) if w in _LIMITS), None)
    if limit_at is None:
        # stud is written without a limit ("$0.50/$1 USD 7 Card Stud Hi-Lo - date", a real 2010 file)
        if "Omaha" not in text and any(o in text for o in _NO_LIMIT_GAMES):
            # the game: what follows the stakes and their currency
            name = " ".join(words[2:] if len(words) > 2 and words[1].isalpha() and words[1].isupper() else words[1:])
            raise _OtherGame(f"{name[:60]} is not Omaha Hi/Lo")
        raise _Bad(at, 1, f"{text[:60]!r} names no limit that PartyPoker writes (PL, NL, FL)")
    rest = words[limit_at + 1:]
    game_words = []
    for w in rest:
        if w.startswith("$") or w[:1].isdigit() or w in ("Trny:",):
            break
        game_words.append(w)
    name = " ".join(game_words)
    if name not in _GAMES:
        if name in _OTHER:
            raise _OtherGame(f"{words[limit_at]} {name} is not Omaha Hi/Lo")
        raise _Bad(at, 1, f"{text[:60]!r} names no game that PartyPoker deals")
    (f["game"], f["variant"]), f["limit"] = _GAMES[name], _LIMITS[words[limit_at]]
    if "Trny:" in words:
        k = words.index("Trny:")
        number = words[k + 1] if k + 1 < len(words) else ""
        ascii_int(number, at, line.find("Trny:") + 7, "the tournament number")
        f["tournament_id"] = number
        b.money = Money(None, 0)
        return
    b.money = Money("USD" if "$" in text else None, 2)
    if f["limit"] == "Limit" and "/" in words[0]:
        pair = words[0].split("/")
        if len(pair) != 2:
            raise _Bad(at, 1, f"the stakes {words[0][:30]!r} are not two amounts")
        f["stakes"] = (b.amount(pair[0], at, 1), b.amount(pair[1], at, 1))


def _seat_line(b: HandBuilder, line: str, at: int) -> None:
    if not button_line(b, line, at):
        seat_line(b, line, at, (_SEAT, _SEAT_CHIPS), "Seat 1: Name ( $2 USD )")


def _marker(b: HandBuilder, line: str, at: int) -> None:
    if line.startswith("** Dealing down cards **"):
        b.street(0, (), at, 1)
        return
    dealing_marker(b, DEALING_STREETS, line, at)


def _amount(b: HandBuilder, text: str, at: int, col: int) -> int:
    return b.amount(text[:-6] if text.endswith(" chips") else text, at, col)


def _body_line(b: HandBuilder, line: str, at: int) -> None:
    if line.startswith("Dealt to "):
        b.hero_dealt(line, at)
        return
    if b.player(line, ": ") is not None:
        b.messages.append((at, line))  # chat
        return
    name, rest, col = named(b, line, at, SITE)
    if rest.startswith("posts "):
        _post(b, name, rest, at, col)
    elif rest.startswith("wins "):
        for form in _WINS:
            m = form.match(rest.replace(" chips", "") if " chips" in rest else rest)
            if m is not None:
                pot = m.group(2) if m.lastindex and m.lastindex >= 2 else "pot"
                b.collect(name, _amount(b, m.group(1), at, col), pot.split(" with ")[0], at)
                return
        raise _Bad(at, col, f"cannot read {rest[:60]!r}")
    elif rest.startswith("shows") and not rest.startswith("shows ["):
        b.messages.append((at, line))  # "shows7,5,4,2,A  for low.": the hand's description
    elif rest in ("does not show cards.", "is sitting out", "has joined the table", "has left the table") or (
            rest.startswith(("will be using", "has ", "is disconnected", "is connected", "sits out"))):
        b.messages.append((at, line))
    elif not act(b, _ACTIONS, name, rest, at, col, None, _amount):
        raise _Bad(at, col, f"the action {rest[:60]!r} is not a PartyPoker action")


def _post(b: HandBuilder, name: str, rest: str, at: int, col: int) -> None:
    both = post_line(b, _POSTS, name, rest, at, col, SITE, amount=_amount)
    if both is not None:  # the big blind live and a missed small blind dead
        value = both[1]
        live_and_dead(b, name, value, next((p.amount for p in b.posts if p.kind == "big_blind"),
                                           b.fields["stakes"][1] or value * 2 // 3), at)
