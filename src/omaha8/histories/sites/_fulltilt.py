"""Full Tilt Poker: ``Full Tilt Poker Game #N: Table X (6 max) - PL Omaha H/L - $0.05/$0.10 - time - date``.

Player lines are ``Name verb ...`` (no colon: a ``Name: text`` line is
chat); raises are written to a street total (``raises to $1``), calls as
the chips they add; the pots are paid by ``wins the pot ($X)``, ``wins the
high pot``, ``wins the low pot`` (and side pots) lines; returned bets by
``Uncalled bet of $X returned to Name``; the summary states the pot and
the rake. Files are often UTF-16, read as any other.

The hand-worked fixtures of this format: ``tests/data/hh/fulltilt/``.
"""

from __future__ import annotations

from functools import partial

from .._builder import HandBuilder
from .._grammar import MAX_NAME, _Bad, Form, Money, _OtherGame, ascii_int, cards_of
from ..hand_record import HandRecord
from ._common import (CALL, COMMA_ALL_IN, COMMA_WAGERS, MUCKS, RAKED_TOTAL, SHOWS, STARS_SEAT, act, header_line,
                     marked_hand, named, phrases, post_line, seat_line, star_marker, summary_board, uncalled_line)
from ._headers import stakes_of

__all__ = ["SITE", "starts", "parse"]

SITE = "Full Tilt"

_HEAD = Form("Full Tilt Poker Game #{int}: {text}")
_BUTTON = Form("The button is in seat #{int}")
_UNCALLED = Form("Uncalled bet of {amount} returned to {text}")
_POSTS = (("small_blind", Form("posts the small blind of {amount}" + COMMA_ALL_IN)),
          ("big_blind", Form("posts the big blind of {amount}" + COMMA_ALL_IN)),
          ("dead", Form("posts a dead small blind of {amount}" + COMMA_ALL_IN)),
          ("big_blind", Form("posts {amount}" + COMMA_ALL_IN)),
          ("ante", Form("antes {amount}" + COMMA_ALL_IN)))
_ACTIONS = {
    "calls": (CALL, Form("calls {amount}" + COMMA_ALL_IN)),
    **COMMA_WAGERS,
    "shows": SHOWS,
    "mucks": MUCKS,
}
_WON = Form("the {label}pot ({amount}){text}")
# "Omaha Hi/Lo" in the 2006 headers, which put the stakes before the game
_GAMES = {"Omaha H/L": ("Omaha Hi/Lo", 4), "5 Card Omaha H/L": ("5 Card Omaha Hi/Lo", 5),
          "Omaha Hi/Lo": ("Omaha Hi/Lo", 4)}
_LIMITS = {"PL": "Pot Limit", "NL": "No Limit", "FL": "Limit", "Limit": "Limit", "Pot Limit": "Pot Limit",
           "No Limit": "No Limit"}
_OTHER = ("Hold'em", "Omaha", "Razz", "Stud", "Draw", "Badugi", "5 Card Omaha", "Omaha Hi", "Triple Draw")
# lines about someone (seated or not) that touch neither chips nor cards
_NOTES = (" sits down", " adds ", " stands up", " seconds left to act", " has timed out", " is sitting out",
          " has returned", " has been disconnected", " has reconnected", " is disconnected", " leaves the table",
          " joins the table", " has requested TIME", " is feeling ", " sits out", " will be allowed to play")
_HOLDS_NOTE = phrases(_NOTES)


def starts(lines: list[str]) -> bool:
    return lines[0].startswith(("Full Tilt Poker Game #", "FullTiltPoker Game #"))


def parse(label: str, start: int, lines: list[str]) -> HandRecord:
    b = HandBuilder(label, start, SITE)
    _header(b, lines[0].replace("FullTiltPoker", "Full Tilt Poker", 1), start)
    summary = marked_hand(b, lines, 1, start, marker=partial(star_marker, board=_board), seat=_seat, line=_body_line,
                          summary=_summary_line)
    if not summary or b.total_pot < 0:
        raise _Bad(start + len(lines) - 1, 0, "the hand has no summary with its total pot: cut short?")
    return b.build()


_seat = partial(seat_line, forms=(STARS_SEAT,), example="Seat 1: Name ($2)", out="sitting out")


def _header(b: HandBuilder, line: str, at: int) -> None:
    m = header_line(b, _HEAD, line, at, SITE)
    f = b.fields
    parts = m.group(2).split(" - ")
    game_at = next((i for i, part in enumerate(parts) if _game(part) is not None), None)
    if game_at is None:
        named = [p for p in parts if any(o in p for o in _OTHER)]
        if named:
            raise _OtherGame(f"{named[0]} is not Omaha Hi/Lo")
        raise _Bad(at, 1, "the header names no game that Full Tilt deals")
    (game, variant), limit = _game(parts[game_at])  # type: ignore[misc]
    f.update(game=game, variant=variant, limit=limit)
    table = parts[0]
    if table.startswith("Table "):
        name = table[6:]
        if name.endswith(")") and " max" in name:
            name, size = name[: name.rfind(" (")], name[name.rfind("(") + 1:-1].split(",")[0]
            f["max_seats"] = ascii_int(size.split()[0], at, 1, "the table size")
        f["table"] = name
        # "Table X - PL Omaha H/L - $0.05/$0.10 - date", or (2006) "Table X - $200/$400 - Limit Omaha Hi/Lo - date"
        stakes_at = game_at + 1 if game_at == 1 else game_at - 1
        stakes_text = parts[stakes_at] if stakes_at < len(parts) else ""
        currency, stakes = stakes_of(stakes_text, at, 1)
        b.money = Money(currency, 2 if currency else 0)
    else:  # a tournament: "$10 + $1 Sit & Go (123), Table 1 - 15/30 - Limit Omaha H/L - ..."
        f["tournament_id"] = table[table.rfind("(") + 1: table.rfind(")")] if "(" in table else table
        f["table"] = table[table.rfind(", ") + 2:] if ", " in table else table
        stakes_at = game_at - 1
        _, stakes = stakes_of(parts[stakes_at], at, 1)
        b.money = Money(None, 0)
    f["stakes"] = tuple(b.amount(s, at, 1) for s in stakes)
    if b.money.currency is not None and f["limit"] == "Limit" and f["stakes"][0] >= 50:
        # the smallest chip at these tables is 5 cents: the halves of a pot are cut in 5-cent chips
        f["chip_unit"] = 5
    f["date"] = " - ".join(parts[max(game_at, stakes_at) + 1:])


def _game(text: str) -> tuple[tuple[str, int], str] | None:
    for short, limit in _LIMITS.items():
        if text.startswith(short + " ") and text[len(short) + 1:] in _GAMES:
            return _GAMES[text[len(short) + 1:]], limit
    return None


def _board(tail: str, at: int, col: int) -> tuple[int, ...]:
    """A street's cards after its marker: ``[..]`` groups side by side (the board so far, then the new card)."""
    cards: list[int] = []
    k = 0
    while tail.find("[", k) >= 0:
        a = tail.find("[", k)
        z = tail.find("]", a)
        if z < 0:  # (read on, the search would start again at the first '[' and never end)
            raise _Bad(at, col + a, "a '[' without its ']'")
        cards += cards_of(tail[a + 1:z], at, col + a)
        k = z + 1
        if not tail[k:].startswith(" ["):
            break
    return tuple(cards)


def _body_line(b: HandBuilder, line: str, at: int) -> None:
    if line.startswith("Dealt to "):
        b.hero_dealt(line, at)
        return
    if line.startswith("The button is in seat #"):
        m = _BUTTON.match(line)
        if m is None:
            raise _Bad(at, 1, f"cannot read {line[:60]!r}")
        b.fields["button"] = ascii_int(m.group(1), at, 24, "the button's seat")
        return
    if line.startswith("Uncalled bet of "):
        uncalled_line(b, _UNCALLED, line, at)
        return
    if line.startswith(" (") and line.endswith(")"):  # (2006) the low a showing player holds: " (8,7,4,3,A)"
        b.messages.append((at, line))
        return
    found = b.player(line, ": ")
    if found is not None or 0 < line.find(" (Observer): ") <= MAX_NAME:
        b.messages.append((at, line))  # chat, a player's or (2006) a watcher's
        return
    found = b.player(line, " ")
    if found is None:
        if _HOLDS_NOTE(line) or line.endswith((" sits down", " stands up")):
            b.messages.append((at, line))
            return
        raise _Bad(at, 1, f"the line {line[:60]!r} is not part of a Full Tilt hand")
    _action(b, found[0], found[1], at, len(found[0]) + 2)


def _action(b: HandBuilder, name: str, rest: str, at: int, col: int) -> None:
    if rest in ("mucks", "is sitting out", "has timed out") or _HOLDS_NOTE(" " + rest):
        b.messages.append((at, f"{name} {rest}"))
        return
    verb = rest.split(" ", 1)[0]
    if verb == "posts" or verb == "antes":
        post_line(b, _POSTS, name, rest, at, col, SITE)
    elif verb == "wins" and rest != "wins":
        won = _WON.match(rest[5:])
        if won is None:
            raise _Bad(at, col, f"cannot read {rest[:60]!r}")
        pot = (won.group(1) + "pot").strip()
        b.collect(name, b.amount(won.group(2), at, col + 5 + won.start(2)), pot, at)
    elif not act(b, _ACTIONS, name, rest, at, col):
        if verb == "shows":  # "shows two pair, Aces and Sevens, for high ...": a description, no cards
            b.messages.append((at, f"{name} {rest}"))
            return
        raise _Bad(at, col, f"the action {rest[:60]!r} is not a Full Tilt action")


def _summary_line(b: HandBuilder, line: str, at: int) -> None:
    if line.startswith("Total pot "):
        m = RAKED_TOTAL.match(line)
        if m is None:
            raise _Bad(at, 11, f"cannot read the total pot line {line[:60]!r}")
        b.total_pot = b.amount(m.group(1), at, 11)
        b.rake = b.amount(m.group(2), at, m.start(2) + 1)
    elif line.startswith("Board: ["):
        summary_board(b, line[8:-1], at, 9)
    elif line.startswith("Seat "):
        colon = line.find(": ")
        found = b.player(line[colon + 2:], " ") if colon > 0 else None
        tail = found[1] if found is not None else ""
        k = tail.find("showed [")
        if found is not None and k >= 0:
            z = tail.find("]", k)
            col = len(line) - len(tail) + k + 9
            if z < 0:
                raise _Bad(at, col - 1, "a '[' without its ']'")
            b.shown(found[0], cards_of(tail[k + 8:z], at, col), at, col)
    else:
        b.messages.append((at, line))
