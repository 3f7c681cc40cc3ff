"""Cake Poker: ``Hand#3389E587C7000012 - $5 Heads-up PL Omaha Hi-Lo Turbo T15042503 -- CASH -- ... -- 0/10/20 PL OmahaHiLo -- date``.

The header's fields are cut by `` -- ``; the last but one gives the ante, the blinds and the game
(``0/10/20 PL OmahaHiLo``), and a sit-and-go's hands count chips (``Seat 3: Name (1,640 in chips)``).
Player lines read ``Name: verb``; raises are written to a street total (``raises to 60``), calls and
bets as the chips they add; a returned bet is ``Name: returns uncalled bet 10``; the pots are paid by
``Name wins high pot 327 with ...``, ``Name wins low pot 327 with ...`` (and ``wins pot``). Cake states
no total pot and, in its sit-and-go hands, no rake. Only the chip hands of pot-limit Omaha Hi/Lo are read
(the only kind the samples show); others are skipped with the reason.

The hand-worked fixtures of this format: ``tests/data/hh/cake/``.
"""

from __future__ import annotations

from .._builder import HandBuilder
from .._grammar import _Bad, Form, Money, _NotReplayed, _OtherGame, ascii_int, cards_of
from ..hand_record import HandRecord
from ._common import CALL, PAREN_ALL_IN, PAREN_WAGERS, SHOW, SHOWS, STAR_STREETS, act, body, seat_line

__all__ = ["SITE", "starts", "parse"]

SITE = "Cake"

_SEAT = Form("Seat {int}: {name} ({amount} in chips)")
_ACTIONS = {
    "calls": (CALL, Form("calls {amount}" + PAREN_ALL_IN)),
    **PAREN_WAGERS,
    "shows": SHOWS,
}
_POST = Form("posts {word} blind {amount}")
_RETURNS = Form("returns uncalled bet {amount}")
_WINS = Form("wins {label}pot {amount}{text}")
_OTHER = ("Hold'em", "Holdem", "Omaha", "Stud", "Razz")


def starts(lines: list[str]) -> bool:
    return lines[0].startswith("Hand#")


def parse(label: str, start: int, lines: list[str]) -> HandRecord:
    b = HandBuilder(label, start, SITE)
    _header(b, lines[0], start)
    for line, at in body(lines, 1, start):
        if line.startswith("Dealer: Seat "):
            b.fields["button"] = ascii_int(line[13:], at, 14, "the button's seat")
        elif line.startswith("Seat ") and b.current < 0 and not b.posts:
            seat_line(b, line, at, (_SEAT,), "Seat 3: Name (1,640 in chips)")
        elif line.startswith("Dealt to "):
            k = line.rfind(" [")
            name = b.seated(line[9:k] if k > 9 else "", at, 10)
            if not line.endswith("]"):
                raise _Bad(at, k + 2, f"cannot read the cards of {line[:60]!r}")
            if b.current < 0:
                b.street(0, (), at, 1)
            b.dealt(name, cards_of(line[k + 2:-1].replace(",", " "), at, k + 3), at, k + 3)
            b.hero = name
        elif line.startswith("*** ") and line[: line.find("***", 4) + 3] in STAR_STREETS:
            key = line[: line.find("***", 4) + 3]
            tail = line[len(key):].strip()
            if not (tail.startswith("[") and tail.endswith("]")):
                raise _Bad(at, len(key) + 2, f"cannot read the cards {tail[:40]!r}")
            if b.current < 0:
                b.street(0, (), at, 1)
            b.street(STAR_STREETS[key], b.board + cards_of(tail[1:-1].replace(",", " "), at, len(key) + 3), at,
                     len(key) + 2)
        elif line == "***SHOW DOWN***":
            b.current = max(b.current, 0)
        elif line == "There is no low hand":
            b.no_low = True
        else:
            _player_line(b, line, at)
    if not b.collections:
        raise _Bad(start + len(lines) - 1, 0, "no line says who won the pot: cut short?")
    f = b.fields
    f["rake_stated"], f["returns"] = True, "lines"
    b.total_pot = -1
    return b.build()


def _header(b: HandBuilder, line: str, at: int) -> None:
    parts = line.split(" -- ")
    hand_id, sep, title = parts[0][5:].partition(" - ")
    if not sep or not hand_id.isascii() or not hand_id.isalnum():
        raise _Bad(at, 1, f"expected 'Hand#ID - title -- ...', got {line[:60]!r}")
    b.fields["hand_id"] = hand_id
    if len(parts) < 3:
        raise _Bad(at, 1, "the header has no stakes and game (e.g. '-- 0/10/20 PL OmahaHiLo --')")
    stakes, _, game = parts[-2].partition(" ")
    if game != "PL OmahaHiLo":
        if "OmahaHiLo" in game or "Omaha Hi-Lo" in game:
            raise _NotReplayed(at, f"Cake's {game[:30]!r} is not read by omaha8 (pot limit only)")
        if any(o in game for o in _OTHER):
            raise _OtherGame(f"{game[:60]} is not Omaha Hi/Lo")
        raise _Bad(at, 1, f"{game[:60]!r} names no game that Cake deals")
    blinds = stakes.split("/")
    if len(blinds) == 2 and len(parts) == 3:
        # a cash game's header: "Hand#N - Odesa (6-Max) 13495 -- €0,04/€0,08 PL Omaha -- date" (real files of
        # other games write it so)
        raise _NotReplayed(at, "Cake's cash-game hands are not read by omaha8 (no sample shows their amounts)")
    if len(blinds) != 3:
        raise _Bad(at, 1, f"the stakes {stakes[:30]!r} are not ante/small blind/big blind")
    b.money = Money(None, 0)
    ante, small, big = (b.amount(x, at, 1) for x in blinds)
    if ante:
        raise _NotReplayed(at, "Cake hands with antes are not read by omaha8 (no sample shows one)")
    # a sit-and-go names its tournament ("T15042503") in the title; its hands count chips
    tournament = next((w[1:] for w in title.split() if w[:1] == "T" and w[1:].isascii() and w[1:].isdigit()), None)
    if tournament is None:
        raise _NotReplayed(at, "Cake's cash-game hands are not read by omaha8 (no sample shows their amounts)")
    fields = [p.strip() for p in parts]
    b.fields.update(game="Omaha Hi/Lo", variant=4, limit="Pot Limit", stakes=(small, big), tournament_id=tournament,
                    table=next((p[6:] for p in fields if p.startswith("Table ")), ""), date=fields[-1])


def _player_line(b: HandBuilder, line: str, at: int) -> None:
    found = b.player(line, ": ")
    if found is None:
        found = b.player(line, " ")
        if found is None or not found[1].startswith("wins "):
            raise _Bad(at, 1, f"the line {line[:60]!r} is not part of a Cake hand")
        name, rest = found
        col = len(name) + 2
        m = _WINS.match(rest)
        if m is None or m.group(1) not in ("high ", "low ", "") or not (m.group(3) == "" or m.group(3).startswith(" with")):
            raise _Bad(at, col, f"cannot read {rest[:60]!r}")
        b.collect(name, b.amount(m.group(2), at, col + m.start(2)), f"{m.group(1)}pot", at)
        return
    name, rest = found
    col = len(name) + 3
    if rest == "mucks":
        b.messages.append((at, line))
    elif rest.startswith("posts ") and (m := _POST.match(rest)) is not None:
        if m.group(1) not in ("small", "big") or b.current >= 0:
            raise _Bad(at, col, f"the post {rest[:60]!r} is not one Cake makes before the cards")
        value = b.amount(m.group(2), at, col + m.start(2))
        b.post(name, f"{m.group(1)}_blind", value, at, all_in=value == b.names[name].stack)
    elif rest.startswith("returns ") and (m := _RETURNS.match(rest)) is not None:
        b.uncalled(name, b.amount(m.group(1), at, col + 21))
    elif not act(b, _ACTIONS, name, rest, at, col):
        raise _Bad(at, col, f"the action {rest[:60]!r} is not a Cake action")
