"""Bovada, Ignition and Bodog: ``Bovada Hand #N: OMAHA HiLo Tournament #T TBL#1, Pot Limit- Level 2 (15/30) - date``.

Players are named by position (``Dealer``, ``Small Blind``, ``UTG+1``, ``Big Blind [ME]``), as the file
names them (runs of spaces made one: ``Big Blind  [ME]`` is ``Big Blind [ME]``); lines are ``Name : Action``,
every player's hole cards are listed (``Card dealt to a spot [..]``), calls and ``All-in`` are the chips they
add, ``Raises $X to $Y`` goes to a street total (and ``Raises X`` alone to X), ``Return uncalled portion of
bet`` returns, ``Hand Result`` (``Hand result-Side pot``) pays. Table admin lines (``Seat sit out``,
``Table deposit``, ``Enter(Auto)``) are kept as messages. Cash headers give no blinds: the posts do; the
rake is what the results leave. A fixed-limit hand's blinds (a level's ``(75/150)``, or the posts) make its
bets the big blind and twice it.

The hand-worked fixtures of this format: ``tests/data/hh/bovada/``.
"""

from __future__ import annotations

from functools import partial

from .._builder import HandBuilder
from .._grammar import _Bad, Form, Money, _OtherGame, ascii_int, cards_of
from ..hand_record import HandRecord
from ._common import bracketed, marked_hand, payout_rake, seat_line, stakes_from_posts, star_marker

__all__ = ["SITE", "starts", "parse"]

SITE = "Bovada"

_SEAT = Form("Seat {int}: {name} ({amount} in chips){text}")
_DEALER = (Form("Set dealer/Bring in spot [{int}]"), Form("Set dealer [{int}]"))
_POSTS = (("small_blind", Form("Ante/Small blind {amount}")), ("small_blind", Form("Ante/Small Blind {amount}")),
          ("small_blind", Form("Small Blind {amount}")),
          ("small_blind", Form("Small blind {amount}")), ("big_blind", Form("Big blind/Bring in {amount}")),
          ("big_blind", Form("Big blind {amount}")), ("big_blind", Form("Big Blind {amount}")),
          ("big_blind", Form("Posts chip {amount}")), ("dead", Form("Posts dead chip {amount}")),
          ("ante", Form("Ante chip {amount}")), ("ante", Form("Ante {amount}")))
_FORMS = (("call", Form("Call {amount}")), ("call", Form("Calls {amount}")), ("bet", Form("Bets {amount}")),
          ("raise_to", Form("Raises {amount} to {amount}")), ("raise", Form("Raises {amount}")),
          ("all_in_to", Form("All-in(raise) {amount} to {amount}")), ("all_in", Form("All-in {amount}")),
          ("return", Form("Return uncalled portion of bet {amount}")), ("result", Form("Hand Result {amount}")),
          ("result", Form("Hand result {amount}")), ("side", Form("Hand result-Side pot {amount}")),
          ("side", Form("Hand Result-Side pot {amount}")), ("side", Form("Hand Result-Side Pot {amount}")),
          ("dealt", Form("Card dealt to a spot {cards}")),
          ("shown", Form("Does not show {cards}{text}")), ("shown", Form("Mucks {cards}{text}")),
          ("shown", Form("Folds & shows {cards}{text}")))
_ADMIN = ("Table enter user", "Table leave user", "Seat sit down", "Seat sit out", "Seat stand", "Seat re-join",
          "Re-join", "Sit out", "Enter(Auto)", "Leave(Auto)", "Table deposit", "Sitout", "Enter", "Leave",
          "Showdown", "Checks (", "Folds (", "Ranking", "Stand",
          # a dealer line some 2014 cash files write without the seat's name or number: the button is then
          # found as when there is none
          "Set dealer/Bring in spot")
_LIMITS = {"Pot Limit": "Pot Limit", "No Limit": "No Limit", "Fixed Limit": "Limit", "Limit": "Limit"}


def _by_first_word() -> dict[str, tuple[tuple[str, str, Form], ...]]:
    """The dealer, post and action forms keyed by the word each begins with, in the order they are tried.

    A line can match only the forms that begin with its own first word (each form's first word is literal and
    a space follows it), so trying those alone, in order, finds the form a loop over all of them finds."""
    table: dict[str, list[tuple[str, str, Form]]] = {}
    entries = [*(("dealer", "", form) for form in _DEALER), *(("post", kind, form) for kind, form in _POSTS),
               *(("action", what, form) for what, form in _FORMS)]
    for group, kind, form in entries:
        word, space, _ = form.template.partition(" ")
        assert space and "{" not in word, form
        table.setdefault(word, []).append((group, kind, form))
    return {word: tuple(forms) for word, forms in table.items()}


_FORMS_BY_WORD = _by_first_word()


def starts(lines: list[str]) -> bool:
    return lines[0].startswith(("Bovada Hand #", "Ignition Hand #", "Bodog Hand #", "Bodog.eu Hand #"))


def _name(text: str) -> str:
    return " ".join(text.split())


def parse(label: str, start: int, lines: list[str]) -> HandRecord:
    b = HandBuilder(label, start, SITE)
    _header(b, lines[0], start)
    # without street lines a raise's street total ("Raises 900") gives its chips only once the streets are found
    totals = not any(line.startswith("*** FLOP ***") for line in lines)
    summary = marked_hand(b, lines, 1, start, marker=partial(star_marker, board=bracketed), seat=_seat,
                          line=partial(_body_line, totals=totals), summary=_summary_line)
    if not summary:
        raise _Bad(start + len(lines) - 1, 0, "the hand has no summary (*** SUMMARY ***): cut short?")
    f = b.fields
    if not f["streets_marked"] or totals:
        b.infer_streets()
    if not f["button"]:
        # no "Set dealer" line: the seat named Dealer, else the seat just before the small blind (maybe empty)
        dealer = b.names.get("Dealer") or b.names.get("Dealer [ME]")
        small = next((b.names[p.name].number for p in b.posts if p.kind == "small_blind"), None)
        if dealer is not None:
            f["button"] = dealer.number
        elif small is not None:
            f["button"] = small - 1 if small > 1 else max(seat.number for seat in b.seats)
    if f["stakes"] == (0, 0):
        f["stakes"] = stakes_from_posts(b)
    if f["limit"] == "Limit":
        f["stakes"] = (f["stakes"][1], 2 * f["stakes"][1])
    paid = sum(c.amount for c in b.collections) + sum(amount for _, amount in b.uncalled_lines)
    b.rake = payout_rake(b, start + len(lines) - 1, paid)
    side = sum(c.amount for c in b.collections if c.pot == "side pot")
    if side:
        # what the main pot and the side pot paid: the rake comes from each (a 2014 hand: 0.15 of a 2.97 main
        # pot and 0.06 of a 1.26 side pot); with more side pots than one the two sums do not fit the pots and
        # the replay takes the rake from the main pot first
        b.pots = (paid - side - sum(amount for _, amount in b.uncalled_lines), side)
    f["rake_stated"] = False
    b.total_pot = -1 if b.total_pot < 0 else b.total_pot
    return b.build()


_seat_of = partial(seat_line, forms=(_SEAT,), example="Seat 1: Dealer ($2 in chips)", highest=99, rename=_name)


def _seat(b: HandBuilder, line: str, at: int) -> None:
    if line.startswith(_ADMIN):  # "Seat stand" (no name) among the seat lines
        b.messages.append((at, line))
    else:
        _seat_of(b, line, at)


def _header(b: HandBuilder, line: str, at: int) -> None:
    f = b.fields
    colon = line.find(": ")
    i = line.find("#")
    f["hand_id"] = str(ascii_int(line[i + 1: colon if colon > 0 else None].split(" ", 1)[0], at, i + 2, "the hand number"))
    rest = line[colon + 2:] if colon > 0 else line[line.find(" ", i) + 1:]
    if rest.startswith("TBL#"):  # "Bovada Hand #N TBL#T OMAHA HiLo Pot Limit - date"
        f["table"], rest = rest[4:].split(" ", 1)[0], rest[rest.find(" ") + 1:]
    cut = rest.rfind(" - ")
    text, f["date"] = (rest[:cut], rest[cut + 3:]) if cut >= 0 else (rest, "")
    if not text.startswith("OMAHA HiLo"):
        # ("7CARD HiLo Fixed Limit": a real 2012 stud hi/lo file)
        if text.startswith(("HOLDEM", "OMAHA", "Omaha", "Holdem", "7CARD", "5CARD", "RAZZ", "Razz")):
            raise _OtherGame(f"{text.split(' - ')[0][:40]} is not Omaha Hi/Lo")
        raise _Bad(at, colon + 3, f"{text[:60]!r} names no game that Bovada deals")
    limit = next((v for k, v in _LIMITS.items() if k in text), None)
    if limit is None:
        raise _Bad(at, colon + 3, f"{text[:60]!r} names no limit")
    f.update(game="Omaha Hi/Lo", variant=4, limit=limit)
    if "Tournament #" in text:
        k = text.find("Tournament #") + 12
        f["tournament_id"] = text[k:].split(" ", 1)[0]
        b.money = Money(None, 0)
        level = text.find("Level ")
        if level >= 0 and "(" in text[level:]:
            opening = text.find("(", level)
            pair = text[opening + 1: text.find(")", opening)].split("/")
            if ")" not in text[opening:] or len(pair) != 2:
                raise _Bad(at, colon + 3 + opening, f"cannot read the level's blinds {text[opening:][:30]!r}")
            f["stakes"] = (b.amount(pair[0], at, 1), b.amount(pair[1], at, 1))
            f["level"] = text[level + 6:].split(" ", 1)[0]
    else:
        b.money = Money("USD", 2)
    if "TBL#" in text:
        f["table"] = text[text.find("TBL#") + 4:].split(",", 1)[0].split(" ", 1)[0]
    if not f["table"]:
        f["table"] = "?"


def _body_line(b: HandBuilder, line: str, at: int, totals: bool = False) -> None:
    cut = line.find(" : ")
    if cut < 0:
        if line.startswith(_ADMIN):
            b.messages.append((at, line))
            return
        raise _Bad(at, 1, f"the line {line[:60]!r} is not part of a Bovada hand")
    name, rest = _name(line[:cut]), line[cut + 3:]
    col = cut + 4
    if name not in b.names:
        if rest.startswith(_ADMIN):
            b.messages.append((at, line))
            return
        raise _Bad(at, 1, f"{name[:40]!r} is not seated at this table")
    if rest in ("Folds", "Folds (timeout)", "Folds(timeout)", "Folds (auth)", "Folds (disconnect)"):
        b.fold(name, at, col)
        return
    if rest in ("Checks", "Checks (timeout)", "Checks (disconnect)"):
        b.check(name, at, col)
        return
    for group, what, form in _FORMS_BY_WORD.get(rest.partition(" ")[0], ()):
        m = form.match(rest)
        if m is None:
            continue
        if group == "dealer":
            b.fields["button"] = ascii_int(m.group(1), at, col, "the dealer's seat")
            return
        if group == "post":
            b.post(name, what, b.amount(m.group(1), at, col + m.start(1)), at)
            return
        if what in ("dealt", "shown"):
            cards = cards_of(m.group(1), at, col + m.start(1))
            if what == "dealt":
                b.dealt(name, cards, at, col + m.start(1))
                if name.endswith("[ME]"):
                    b.hero = name
            elif name not in {n for n, _ in b.dealt_cards}:
                b.shown(name, cards, at, col + m.start(1))
            return
        value = b.amount(m.group(m.lastindex or 1), at, col)
        if what == "call":
            b.call(name, value, at, col)
        elif what == "bet":
            b.bet_adding(name, value, at, col)
        elif what in ("raise_to", "all_in_to"):  # "Raises $X to $Y": X more chips, to a street total of Y
            added = b.amount(m.group(1), at, col + m.start(1))
            if added + b.bets.get(name, 0) != value:
                raise _Bad(at, col, f"{rest[:60]!r}: {m.group(1)} more does not make {m.group(2)}")
            b.raise_adding(name, added, at, col, all_in=what == "all_in_to")
        elif what == "raise":  # "Raises 900": to a street total of 900 (the 2012 tournaments' files)
            if totals:
                b.raise_total(name, value, at, col)
            else:
                b.wager_to(name, "raise", value, at, col)
        elif what == "all_in":
            b.all_in_adding(name, value, at, col)
        elif what == "return":
            b.uncalled(name, value)
        else:
            b.collect(name, value, "side pot" if what == "side" else "pot", at)
        return
    if rest.startswith(_ADMIN):
        b.messages.append((at, line))
        return
    raise _Bad(at, col, f"the action {rest[:60]!r} is not a Bovada action")


def _summary_line(b: HandBuilder, line: str, at: int) -> None:
    if line.startswith("Total Pot("):
        close = line.find(")")
        b.total_pot = b.amount(line[10:close], at, 11)
    elif line.startswith("Board ["):
        cards = cards_of(line[7:line.rfind("]")], at, 8)
        if cards[: len(b.board)] != b.board:
            raise _Bad(at, 8, "the summary board differs from the streets'")
        if len(cards) > len(b.board):
            # an export that left street lines out: the actions go to the streets the replay reaches
            b.board = cards
            b.fields["streets_marked"] = False
    else:
        b.messages.append((at, line))
