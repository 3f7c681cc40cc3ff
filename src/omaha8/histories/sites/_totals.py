"""What each player put in, got back and won, for files that print no returned bet but state the chips after the hand.

OnGame's summary and Microgaming's ``endbalance`` give each player's chips after the hand; checking them
needs the bet that came back, which neither file prints: it is the top bet's excess over the next
largest (the usual rule; the replay then checks it against the engine's).

>>> from omaha8.histories._builder import HandBuilder
>>> b = HandBuilder("<text>", 1, "Example")
>>> b.seat(1, "Ann", 100, 2, 1); b.seat(2, "Bob", 100, 3, 1)
>>> b.post("Ann", "small_blind", 1, 4); b.post("Bob", "big_blind", 2, 5)
>>> b.street(0, (), 6, 1); b.raise_adding("Ann", 5, 7, 1); b.fold("Bob", 8, 1); b.collect("Ann", 4, "pot", 9)
>>> chip_flows(b)
({'Ann': 6, 'Bob': 2}, {'Ann': 4, 'Bob': 0}, {'Ann': 4, 'Bob': 0})
"""

from __future__ import annotations

from .._builder import HandBuilder

__all__ = ["chip_flows", "stacks_by_lines"]


def chip_flows(b: HandBuilder) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """(put in, given back, won), by name: the top bet's excess over the next largest goes back to its player."""
    put = {seat.name: 0 for seat in b.seats}
    for p in b.posts:
        put[p.name] += p.amount
    for a in b.actions:
        put[a.name] += a.amount
    back = dict.fromkeys(put, 0)
    ranked = sorted(put.items(), key=lambda item: item[1], reverse=True)
    if len(ranked) > 1:
        back[ranked[0][0]] = ranked[0][1] - ranked[1][1]
    won = dict.fromkeys(put, 0)
    for c in b.collections:
        won[c.name] += c.amount
    return put, back, won


def stacks_by_lines(b: HandBuilder) -> dict[str, int]:
    """Each player's chips after the hand as its lines give them: the stack before, less what went in, plus the
    returned bets the file prints and what was won (for files that state the stacks after the hand, to check).

    >>> b = HandBuilder("<text>", 1, "Example")
    >>> b.seat(1, "Ann", 100, 2, 1); b.seat(2, "Bob", 100, 3, 1)
    >>> b.post("Ann", "small_blind", 1, 4); b.post("Bob", "big_blind", 2, 5)
    >>> b.street(0, (), 6, 1); b.raise_adding("Ann", 5, 7, 1); b.fold("Bob", 8, 1)
    >>> b.uncalled("Ann", 4); b.collect("Ann", 4, "pot", 9)
    >>> stacks_by_lines(b)   # Ann: 100 - 6 + 4 back + 4 won; Bob: 100 - 2
    {'Ann': 102, 'Bob': 98}
    """
    put, _, won = chip_flows(b)
    after = {seat.name: seat.stack - put[seat.name] + won[seat.name] for seat in b.seats}
    for name, amount in b.uncalled_lines:
        after[name] += amount
    return after
