"""Winning Poker Network's older format: ``Game started at: ...`` then ``Game ID: N 0.10/0.25 (PRR) Table (Omaha HiLow)``.

Player lines read ``Player Name verb (amount)``; blinds are ``has small blind (0.10)``, hole cards come
a card a line (``received card: [10h]``, a ten written ``10``; ``received a card.`` for the others), and
a bet, raise, call or ``allin`` is the chips it adds. The summary gives the pot after the rake (``Pot:
3.99. Rake 0.15. JP fee 0.06``: the rake and the jackpot's fee are both taken) and, for each player,
``Bets: X. Collects: Y.``: what they put in (returned bets left out) and what they took. The bets are
checked against the actions: a summary that contradicts them makes the hand unreadable. The game line
names no limit: later files follow the first line with a summary that does (``*** Summary: GameType: NL,
TournamentId: ...``); without one, Omaha Hi/Lo is dealt pot limit there, and the replay refuses a bet that
is not.
Files are often UTF-16.

The hand-worked fixtures of this format: ``tests/data/hh/winning/``.
"""

from __future__ import annotations

from .._builder import HandBuilder
from .._grammar import _Bad, Form, Money, _NotReplayed, _OtherGame, ascii_int, cards_of
from ..hand_record import HandRecord
from ._common import (ALL_IN_ADDING, BET_ADDING, CALL, RAISE_ADDING, STARS_UNCALLED, STAR_STREETS, act, body,
                     bracketed, button_line, post_line, seat_line, summary_board)

__all__ = ["SITE", "starts", "parse"]

SITE = "Winning"

_GAME_ID = Form("Game ID: {int} {amount}/{amount} {text}")
_SEAT = Form("Seat {int}: {name} ({amount}).")
# a tournament's ante is written "ante (100)" (a real 2018 NLO8 tournament hand)
_POSTS = (("small_blind", Form("has small blind ({amount})")), ("big_blind", Form("has big blind ({amount})")),
          ("big_blind", Form("posts ({amount})")), ("ante", Form("posts ante ({amount})")),
          ("ante", Form("ante ({amount})")))
_POSTED = ("has small blind (", "has big blind (", "posts (", "posts ante (", "ante (")
_ACTIONS = {
    "calls": (CALL, Form("calls ({amount})")),
    "bets": (BET_ADDING, Form("bets ({amount})")),
    "raises": (RAISE_ADDING, Form("raises ({amount})")),
    "allin": (ALL_IN_ADDING, Form("allin ({amount})")),
}
_CARD = Form("received card: {cards}")
_TOTALS = Form("Bets: {amount}. Collects: {amount}. {label}: {amount}.")
_NOTES = ("received a card.", "received card.", "mucks cards", "is timed out.", "sitting out", "wait BB", "sits out",
          "is sitting out", "does not show cards", "shows cards")


def starts(lines: list[str]) -> bool:
    return lines[0].startswith("Game started at: ")


def parse(label: str, start: int, lines: list[str]) -> HandRecord:
    b = HandBuilder(label, start, SITE)
    _first_line(b, lines[0], start)
    cards: dict[str, list[int]] = {}
    bets: dict[str, tuple[int, int, int, str]] = {}
    over: dict[str, int] = {}  # each player's all-in chips beyond what anyone still in could match: see _all_in
    summary = False
    for line, at in body(lines, 1, start):
        if line.startswith("Game ended at: "):
            continue
        if line.startswith("Game ID: "):
            _game_id(b, line, at)
        elif line.startswith("------ Summary ------"):
            summary = True
            _deal(b, cards, at)
        elif line.startswith("*** "):
            if line.endswith("***:") and b.current < 0 and not cards:
                b.messages.append((at, line))  # a street marker without cards before the deal: it deals nothing
                continue
            _deal(b, cards, at)
            _marker(b, line, at)
        elif summary:
            _summary_line(b, line, at, bets)
        elif line.startswith("Seat "):
            if not button_line(b, line, at):
                seat_line(b, line, at, (_SEAT,), "Seat 1: Name (5.34).")
        elif line.startswith("Uncalled bet ("):
            _uncalled(b, line, at, over)
        elif line.startswith("Player "):
            _player_line(b, line[7:], at, cards, over)
        else:
            raise _Bad(at, 1, f"the line {line[:60]!r} is not part of a Winning hand")
    if not summary:
        raise _Bad(start + len(lines) - 1, 0, "the hand has no summary (------ Summary ------): cut short?")
    _check_bets(b, bets)
    return b.build()


# the limit a first line's summary names (``GameType: NL``); without one, Omaha Hi/Lo is pot limit there
_GAME_TYPES = {"NL": "No Limit", "PL": "Pot Limit", "FL": "Limit"}


def _first_line(b: HandBuilder, line: str, at: int) -> None:
    """``Game started at: DATE``, which later files follow with a summary of the game.

    ``Game started at: 2018/1/7 13:11:36 *** Summary: GameType: NL, TournamentId: 8192909, TournamentBuyIn:
    13.20`` (a real 2018 NLO8 tournament hand): the limit is the summary's ``GameType`` (``NL``, ``PL`` or
    ``FL``) and the tournament its ``TournamentId``; the date stops before the summary.
    """
    date, marker, summary = line[17:].partition(" *** Summary: ")
    b.fields["date"] = date.strip()
    if not marker:
        return
    col = 17 + len(date) + len(marker) + 1
    for part in summary.split(", "):
        key, colon, value = part.partition(": ")
        if not colon or not key:
            raise _Bad(at, col, f"cannot read {part[:40]!r} in the game's summary")
        if key == "GameType":
            if value.strip() not in _GAME_TYPES:
                raise _Bad(at, col + len(key) + 2, f"the game type {value[:20]!r} is none of NL, PL and FL")
            b.fields["limit"] = _GAME_TYPES[value.strip()]
        elif key == "TournamentId":
            b.fields["tournament_id"] = str(ascii_int(value.strip(), at, col + len(key) + 2, "the tournament number"))
        col += len(part) + 2


def _game_id(b: HandBuilder, line: str, at: int) -> None:
    m = _GAME_ID.match(line)
    if m is None:
        raise _Bad(at, 1, f"cannot read the game line {line[:60]!r}")
    f = b.fields
    f["hand_id"] = m.group(1)
    tail = m.group(4)
    if not tail.endswith(")") or "(" not in tail:
        raise _Bad(at, m.start(4) + 1, "the game line names no game, e.g. '(Omaha HiLow)'")
    game = tail[tail.rfind("(") + 1:-1]
    if game != "Omaha HiLow":
        if game in ("Hold'em", "Omaha", "Seven Cards Stud", "Seven Cards Stud HiLow", "Six Plus Hold'em"):
            raise _OtherGame(f"{game} is not Omaha Hi/Lo")
        raise _Bad(at, m.start(4) + 1, f"{game[:60]!r} names no game that Winning deals")
    if f["limit"] == "Limit":
        # no real file shows whether such a line's stakes are the blinds or the bets
        raise _NotReplayed(at, "fixed-limit Omaha Hi/Lo in Winning's older format (GameType: FL) is not replayed: "
                               "no real file shows how its stakes are written")
    f.update(game="Omaha Hi/Lo", variant=4, table=tail[: tail.rfind("(")].strip())
    b.money = Money(None, 2)
    f["stakes"] = (b.amount(m.group(2), at, m.start(2) + 1), b.amount(m.group(3), at, m.start(3) + 1))


def _deal(b: HandBuilder, cards: dict[str, list[int]], at: int) -> None:
    """The hole cards gathered a card a line, once the dealing is over."""
    if b.current < 0 and b.posts:
        b.street(0, (), at, 1)
    for name, got in cards.items():
        b.dealt(name, tuple(got), at, 1)
        b.hero = name
    cards.clear()


def _marker(b: HandBuilder, line: str, at: int) -> None:
    key = line[: line.find("***", 4) + 3]
    if key not in STAR_STREETS:
        raise _Bad(at, 1, f"unknown marker {line[:60]!r}")
    got = bracketed(line[len(key):], at, len(key) + 3)
    if not got:
        raise _Bad(at, 1, f"{line[:40]!r} deals no cards")
    b.street(STAR_STREETS[key], got, at, len(key) + 3)


def _player_line(b: HandBuilder, text: str, at: int, cards: dict[str, list[int]], over: dict[str, int]) -> None:
    found = b.player(text, " ")
    if found is None:
        raise _Bad(at, 8, f"{text[:40]!r} is not seated at this table")
    name, rest = found
    col = len(name) + 9
    if (rest == "folds" or rest == "checks" or rest.startswith(("calls", "bets", "raises", "allin"))) and b.current < 0:
        _deal(b, cards, at)  # the dealing is over at the first action
    if rest.startswith(_POSTED):
        post_line(b, _POSTS, name, rest, at, col, SITE, before_cards=False, noun="action")
    elif rest.startswith(("received card: ", "received a card: ")) and (m := _CARD.match(rest.replace(" a ", " ", 1))):
        # "received a card: [Qc]" in a 2016 file (another game's, the format's own forms)
        shift = 2 if rest.startswith("received a ") else 0
        cards.setdefault(name, []).extend(cards_of(m.group(1), at, col + shift + m.start(1)))
    elif rest == "is disconnected and ALL IN.":
        # the site keeps a disconnected player in the pots he has paid into without calling more (then writes a
        # bare "allin"): a rule the engine does not play
        raise _NotReplayed(at, f"{name[:40]!r} is disconnected and kept in the hand without calling "
                               "(Winning's all-in protection): omaha8 does not replay that rule")
    elif rest.startswith("allin (") and _all_in(b, name, rest, at, col, over):
        return
    elif not act(b, _ACTIONS, name, rest, at, col, None):
        if rest in _NOTES or rest.startswith(_NOTES):
            b.messages.append((at, text))
            return
        raise _Bad(at, col, f"the action {rest[:60]!r} is not a Winning action")


def _all_in(b: HandBuilder, name: str, rest: str, at: int, col: int, over: dict[str, int]) -> bool:
    """An ``allin`` for more than anyone still in could match: the call it is, its excess kept in ``over``.

    The site lets a player push all his chips when the others left cannot call more than the bet (all-in, or
    short of it): the part no one can match comes back on an ``Uncalled bet`` line (a real 2018 tournament hand:
    ``allin (6595)`` over an all-in to 2,470 with the only other player able to reach 2,240, then ``Uncalled bet
    (4745) returned``, the ``Bets: 2790`` of the summary only so). Such a push is the call it amounts to, and
    its excess is no part of the hand; any other all-in is read as written (False).
    """
    m = _ACTIONS["allin"][1].match(rest)
    if m is None:
        return False
    added = b.amount(m.group(1), at, col + m.start(1))
    mine, top = b.bets.get(name, 0), b.top_bet()
    if added <= 0 or mine + added <= top or top <= mine:
        return False
    folded = {a.name for a in b.actions if a.kind == "fold"}
    reach = max([b.bets.get(s.name, 0) + b.behind(s.name) for s in b.seats
                 if s.name != name and s.name not in folded and not s.sitting_out],
                default=0)
    if reach > top:
        return False  # someone could call more: a raise
    b.call(name, top - mine, at, col)
    over[name] = over.get(name, 0) + mine + added - top
    return True


def _uncalled(b: HandBuilder, line: str, at: int, over: dict[str, int]) -> None:
    """A returned bet, less the excess of a push read as a call (:func:`_all_in`): that part never went in."""
    m = STARS_UNCALLED.match(line)
    if m is None:
        raise _Bad(at, 1, f"cannot read {line[:60]!r}")
    name = b.seated(m.group(2), at, m.start(2) + 1)
    amount = b.amount(m.group(1), at, m.start(1) + 1)
    excess = over.pop(name, 0)
    if amount < excess:
        raise _Bad(at, m.start(1) + 1, f"{name} gets {m.group(1)} back, less than the part of his all-in no one "
                                       "could call: the lines contradict each other")
    if amount > excess:
        b.uncalled(name, amount - excess)


def _summary_line(b: HandBuilder, line: str, at: int, bets: dict[str, tuple[int, int, int, str]]) -> None:
    if line.startswith("Pot: "):
        parts = [p.strip() for p in line.split(". ") if p.strip()]
        b.total_pot = b.amount(parts[0][5:].rstrip("."), at, 6)
        for part in parts[1:]:
            key, _, amount = part.rstrip(".").rpartition(" ")
            if key not in ("Rake", "JP fee"):
                raise _Bad(at, 1, f"cannot read {part[:40]!r} in the pot line")
            b.rake += b.amount(amount, at, 1)
        b.total_pot += b.rake
    elif line.startswith("Board: ["):
        summary_board(b, line[8:line.rfind("]")], at, 9)
    else:
        text = line[1:] if line.startswith("*") else line
        found = b.player(text[7:], " ") if text.startswith("Player ") else None
        k = found[1].rfind("Bets: ") if found is not None else -1
        m = _TOTALS.match(found[1][k:]) if found is not None and k >= 0 else None
        if found is None or m is None:
            raise _Bad(at, 1, f"cannot read the summary line {line[:60]!r}")
        name, middle = found[0], found[1][:k]
        col = len(line) - len(found[1]) + k + 1
        # the amount, and where and how the file writes it: a contradiction is reported there
        bets[name] = (b.amount(m.group(1), at, col + 6), at, col + 6, m.group(1))
        collects = b.amount(m.group(2), at, col + m.start(2))
        if collects:
            b.collect(name, collects, "pot", at)
        if middle.startswith("shows: ") and "[" in middle:
            a, z = middle.rfind("["), middle.rfind("]")
            col = len(line) - len(found[1]) + a + 2
            b.shown(name, cards_of(middle[a + 1:z], at, col), at, col)


def _check_bets(b: HandBuilder, bets: dict[str, tuple[int, int, int, str]]) -> None:
    """Each player's ``Bets: X`` is what the actions put in, less what came back.

    The first summary line that disagrees is reported at its ``Bets:`` amount, both amounts as the file
    writes them (``Bets: 0`` against a small blind of 10 and a raise of 50: 60).
    """
    put = {seat.name: 0 for seat in b.seats}
    for p in b.posts:
        put[p.name] += p.amount
    for a in b.actions:
        put[a.name] += a.amount
    for name, amount in b.uncalled_lines:
        put[name] -= amount
    for name, (said, at, col, text) in bets.items():
        if put[name] != said:
            raise _Bad(at, col, f"the summary says {name} bet {text}, but the action lines put in "
                                f"{_written(put[name], b.money.decimals)} (blinds, bets and raises less returns): "
                                "the lines contradict each other")


def _written(units: int, decimals: int) -> str:
    """An amount in the hand's units as this format writes it: ``6000`` cents is ``60``, ``85`` is ``0.85``.

    >>> _written(6000, 2), _written(85, 2), _written(-1250, 2), _written(7, 0)
    ('60', '0.85', '-12.50', '7')
    """
    sign, units = ("-", -units) if units < 0 else ("", units)
    whole, cents = divmod(units, 10**decimals) if decimals else (units, 0)
    return f"{sign}{whole}" if not cents else f"{sign}{whole}.{cents:0{decimals}d}"
