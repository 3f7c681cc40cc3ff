"""Cake Poker: ``Hand#3389E587C7000012 - $5 Heads-up PL Omaha Hi-Lo Turbo T15042503 -- CASH -- ... -- 0/10/20 PL OmahaHiLo -- date``.

The header's fields are cut by `` -- ``; the last but one gives the ante, the blinds and the game
(``0/10/20 PL OmahaHiLo``), and a sit-and-go's hands count chips (``Seat 3: Name (1,640 in chips)``).
Player lines read ``Name: verb``; raises are written to a street total (``raises to 60``), calls and
bets as the chips they add; a returned bet is ``Name: returns uncalled bet 10``; the pots are paid by
``Name wins high pot 327 with ...``, ``Name wins low pot 327 with ...`` (and ``wins pot``). Cake states
no total pot and, in its sit-and-go hands, no rake. Cash games (the network's later name is Horizon) write
two stakes (``Hand#N - $ Perth (9-Max) 21915 -- $0.02/$0.04 PL OmahaHiLo -- date``): their rake is what the
pots did not pay, and each pot is paid after a ``***SHOW DOWN***`` line of its own, the last side pot first;
``is all in $0.08`` is the chips the player had left. Only pot-limit Omaha Hi/Lo is read (the only kind the
samples show); others are skipped with the reason.

The hand-worked fixtures of this format: ``tests/data/hh/cake/``.
"""

from __future__ import annotations

from .._builder import HandBuilder
from .._grammar import _Bad, Form, Money, _NotReplayed, _OtherGame, ascii_int, cards_of
from ..hand_record import HandRecord
from ._common import (ALL_IN_BEHIND, CALL, PAREN_ALL_IN, PAREN_WAGERS, SHOWS, STAR_STREETS, act, body, payout_rake,
                      seat_line)

__all__ = ["SITE", "starts", "parse"]

SITE = "Cake"

_SEAT = Form("Seat {int}: {name} ({amount} in chips)")
_ACTIONS = {
    "calls": (CALL, Form("calls {amount}" + PAREN_ALL_IN)),
    **PAREN_WAGERS,
    "is": (ALL_IN_BEHIND, Form("is all in {amount}")),
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
    pots: list[int] = []  # what each ***SHOW DOWN*** block pays, in the file's order
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
            pots.append(len(b.collections))
        elif line == "There is no low hand":
            b.no_low = True
        else:
            _player_line(b, line, at)
    if not b.collections:
        raise _Bad(start + len(lines) - 1, 0, "no line says who won the pot: cut short?")
    f = b.fields
    f["rake_stated"], f["returns"] = True, "lines"
    b.total_pot = -1
    if f["tournament_id"] is None:
        # a cash game states no rake: it is what the pots did not pay. Each ***SHOW DOWN*** pays one pot, the
        # last side pot first and the main pot last (a real 2018 hand's four pots, each paid less its rake)
        paid = [sum(c.amount for c in b.collections[i:j]) for i, j in zip(pots, pots[1:] + [len(b.collections)])]
        b.rake = payout_rake(b, start + len(lines) - 1,
                             sum(c.amount for c in b.collections) + sum(amount for _, amount in b.uncalled_lines))
        f["rake_stated"] = False
        if len(paid) > 1:
            b.pots = tuple(reversed(paid))
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
        # a cash game's header: "Hand#5322021915000046 - $ Perth (9-Max) 21915 -- $0.02/$0.04 PL OmahaHiLo --
        # 2018/10/30 - 21:36:02" (real 2018 files, the network's later name Horizon)
        _cash_header(b, title, blinds, parts[-1], at)
        return
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


# a cash game's currency by the sign its stakes carry
_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP"}


def _cash_header(b: HandBuilder, title: str, blinds: list[str], date: str, at: int) -> None:
    """A cash game's stakes (``$0.02/$0.04``), in the currency their sign names; the table is the title."""
    sign = blinds[0][:1]
    if sign not in _SIGNS or blinds[1][:1] != sign or "," in blinds[0] + blinds[1]:
        # "€0,04/€0,08" (a real file of another game): a decimal comma no sample of this game shows
        raise _NotReplayed(at, f"Cake's cash stakes {'/'.join(blinds)[:30]!r} are not read by omaha8 (only "
                               "'$0.02/$0.04'-style stakes: no sample of Omaha Hi/Lo shows another)")
    b.money = Money(_SIGNS[sign], 2)
    small, big = (b.amount(x, at, 1) for x in blinds)
    b.fields.update(game="Omaha Hi/Lo", variant=4, limit="Pot Limit", stakes=(small, big), table=title.strip(),
                    date=date.strip())


def _mucked_cards(b: HandBuilder, line: str, at: int) -> bool:
    """``Name: mucks [Ah,Jh,9d,2d] (TwoPair) .`` after the pots: the cards a player mucked, read as shown.

    Real 2018 files write it after the ``wins`` lines, the name with its spaces as underscores
    (``RONALD_11`` for the seated ``RONALD 11``): the one seated name that reads so is meant. False for any
    other line.
    """
    k = line.find(": mucks [")
    if k <= 0 or not line.endswith(")" + " .") and not line.endswith("]"):
        return False
    name = line[:k]
    if name not in b.names:
        spaced = [n for n in b.names if n.replace(" ", "_") == name]
        if len(spaced) != 1:
            return False
        name = spaced[0]
    start = k + 9
    end = line.find("]", start)
    if end < 0:
        raise _Bad(at, start, f"cannot read the cards of {line[:60]!r}")
    b.shown(name, cards_of(line[start:end].replace(",", " "), at, start + 1), at, start + 1)
    return True


def _player_line(b: HandBuilder, line: str, at: int) -> None:
    if _mucked_cards(b, line, at):
        return
    # a seated player's chat ("prizzy711  chats: nh", two spaces) and the table's notice that someone left
    # (real 2018 files): no part of the play
    k = line.find("  chats: ")
    if (k > 0 and line[:k] in b.names) or line == "Player left the table":
        b.messages.append((at, line))
        return
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
