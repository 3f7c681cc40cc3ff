"""Write a hand record as PokerStars text, the form :func:`~omaha8.histories.read_pokerstars` reads.

With :meth:`~omaha8.histories.HandRecord.from_history` this turns any hand the
engine played into a PokerStars history, so the reader, the replay and the
reconciliation can be checked on as many hands as the engine can deal.

>>> from omaha8.histories import read_pokerstars
>>> record = next(read_pokerstars("tests/data/hh/pot_limit_max_raise.txt"))
>>> text = format_pokerstars(record)
>>> print(text.splitlines()[9])
Wes: raises $2.50 to $3.50
>>> again = next(read_pokerstars(text))
>>> (again.actions, again.collected, again.rake) == (record.actions, record.collected, record.rake)
True
"""

from __future__ import annotations

from ..cards import format_card
from ..errors import ArgumentError
from .records import RecordData

__all__ = ["format_pokerstars"]

_SYMBOL = {"USD": "$", "EUR": "€", "GBP": "£"}
_MARKERS = ("*** FLOP ***", "*** TURN ***", "*** RIVER ***")


def format_pokerstars(record: RecordData, *, date: str = "2024/01/01 12:00:00 ET") -> str:
    """``record`` as the text of one PokerStars hand (``date`` when the record has none)."""
    symbol = _SYMBOL.get(record.currency or "", "$") if record.currency else ""

    def money(amount: int) -> str:
        if not symbol:
            return str(amount)
        whole, cents = divmod(amount, 100)
        return f"{symbol}{whole}" if not cents else f"{symbol}{whole}.{cents:02d}"

    def cards(values: tuple[int, ...]) -> str:
        return " ".join(format_card(c) for c in values)

    low, high = record.stakes
    when = record.date or date
    if record.tournament_id is not None:
        head = (f"Tournament #{record.tournament_id}, {record.game} {record.limit} - "
                f"Level {record.level or 'I'} ({low}/{high}) - {when}")
    else:
        code = f" {record.currency}" if record.currency else ""
        head = f" {record.game} {record.limit} ({money(low)}/{money(high)}{code}) - {when}"
    lines = [f"PokerStars Hand #{record.hand_id}: {head}",
             f"Table '{record.table}' {record.n_seats}-max Seat #{record.button} is the button"]
    for seat in record.seats:
        out = " is sitting out" if seat.sitting_out else ""
        lines.append(f"Seat {seat.number}: {seat.name} ({money(seat.stack)} in chips){out}")
    posts = list(record.posts)
    k = 0
    while k < len(posts):
        post = posts[k]
        tail = " and is all-in" if post.all_in else ""
        if post.kind == "dead" and k + 1 < len(posts) and posts[k + 1].name == post.name and posts[k + 1].kind == "big_blind":
            both = posts[k + 1]
            tail = " and is all-in" if both.all_in else ""
            lines.append(f"{post.name}: posts small & big blinds {money(post.amount + both.amount)}{tail}")
            k += 2
            continue
        what = {"small_blind": "small blind", "big_blind": "big blind", "ante": "the ante"}.get(post.kind)
        if what is None and any(p.kind in ("small_blind", "big_blind") for p in posts[:k]):
            what = "small blind"  # a missed small blind made up after the blinds: dead, as the reader reads it
        if what is None:
            raise ArgumentError(f"format_pokerstars: a dead post of {post.name} before the blinds has no PokerStars form")
        lines.append(f"{post.name}: posts {what} {money(post.amount)}{tail}")
        k += 1
    lines.append("*** HOLE CARDS ***")
    lines += [f"Dealt to {name} [{cards(values)}]" for name, values in record.dealt]
    bets: dict[str, int] = {p.name: p.amount for p in record.posts if p.kind in ("small_blind", "big_blind")}
    # a big blind all-in for less is still raised from the whole big blind
    short = any(p.kind == "big_blind" and p.all_in for p in record.posts)
    floor = (record.stakes[1] if record.limit != "Limit" else record.stakes[0]) if short else 0
    street = 0

    def deal_to(target: int) -> None:
        nonlocal street, bets
        while street < target:
            street += 1
            shown = (3, 4, 5)[street - 1]
            if len(record.board) < shown:
                return
            before = record.board[: shown - 1] if street > 1 else ()
            new = record.board[len(before): shown] if street > 1 else record.board[:3]
            extra = f" [{cards(before)}]" if before else ""
            lines.append(f"{_MARKERS[street - 1]}{extra} [{cards(new)}]")
            bets = {}

    for action in record.actions:
        deal_to(action.street)
        tail = " and is all-in" if action.all_in else ""
        if action.kind in ("fold", "check"):
            lines.append(f"{action.name}: {action.kind}s")
        elif action.kind == "call":
            lines.append(f"{action.name}: calls {money(action.amount)}{tail}")
            bets[action.name] = bets.get(action.name, 0) + action.amount
        elif action.kind == "bet":
            lines.append(f"{action.name}: bets {money(action.to)}{tail}")
            bets[action.name] = action.to
        else:
            top = max(bets.values(), default=0)
            if street == 0 and floor > top:
                top = floor
            lines.append(f"{action.name}: raises {money(action.to - top)} to {money(action.to)}{tail}")
            bets[action.name] = action.to
    for name, amount in record.uncalled:
        lines.append(f"Uncalled bet ({money(amount)}) returned to {name}")
    deal_to(3)
    if record.shown:
        lines.append("*** SHOW DOWN ***")
        lines += [f"{name}: shows [{cards(values)}]" for name, values in record.shown]
    lines += [f"{c.name} collected {money(c.amount)} from {c.pot}" for c in record.collected]
    if record.no_low:
        lines.append("No low hand qualified")
    lines.append("*** SUMMARY ***")
    listed = ""
    if record.pots:
        listed = f" Main pot {money(record.pots[0])}." + "".join(
            f" Side pot-{i} {money(amount)}." for i, amount in enumerate(record.pots[1:], 1))
    lines.append(f"Total pot {money(record.total_pot)}{listed} | Rake {money(record.rake)}")
    if record.board:
        lines.append(f"Board [{cards(record.board)}]")
    return "\n".join(lines) + "\n"
