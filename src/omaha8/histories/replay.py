"""Replay a hand record through the engine, :mod:`omaha8.game`.

The record's seats become the engine's seats (file seat ``s`` is engine seat
``s - 1``; empty and sitting-out seats have 0 chips), its forced bets
become :class:`omaha8.game.Post` values, the stated rake a
:class:`omaha8.game.PokerStarsRake`, and every action is applied with
:meth:`omaha8.game.Hand.act`. Cards the file shows are dealt as shown; the
others come from a shuffle with a fixed seed, so a replay is repeatable.

>>> from omaha8.histories import read_pokerstars
>>> record = next(read_pokerstars("tests/data/hh/pot_limit_max_raise.txt"))
>>> hand = record.replay()
>>> hand.result.payouts  # seat 2 (the file's seat 3) takes 3230 after 170 rake and 3400 back
(0, 0, 6630, 0, 0, 0)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import chain

from ..errors import Omaha8Error, ReplayDiscrepancy
from ..game import FixedLimit, GameError, Hand, IllegalActionError, NoLimit, Post, PotLimit, Structure
from ..game.rake import PokerStarsRake
from ..pots._odd_chips import CardroomOddChips
from .records import STREET_NAMES, RecordData

__all__ = ["ReplayDiscrepancy", "replay_record", "replayed", "structure_of", "SHUFFLE_SEED"]

#: Seed of the shuffle that deals the cards a file does not show.
SHUFFLE_SEED = 0

# the generator's state once seeded, taken once: setting it costs about half as much as seeding anew
_SEEDED = random.Random(SHUFFLE_SEED).getstate()


def _shuffle() -> random.Random:
    """A generator in the state ``random.Random(SHUFFLE_SEED)`` starts in (the same draws): the slow twin
    of :class:`_SeededFloats`."""
    rng = random.Random.__new__(random.Random)
    rng.setstate(_SEEDED)
    return rng


def _first_floats(n: int) -> tuple[float, ...]:
    rng = random.Random(SHUFFLE_SEED)
    return tuple([rng.random() for _ in range(n)])


# the seeded generator's first floats, taken once: a deal draws one a card, at most 5 for each of
# 10 seats and 5 for each board
_FLOATS = _first_floats(128)


def _later_floats() -> Iterator[float]:
    """The seeded generator's floats after :data:`_FLOATS` (a generator in that state is made only if asked)."""
    rng = random.Random(SHUFFLE_SEED)
    for _ in range(len(_FLOATS)):
        rng.random()
    while True:
        yield rng.random()


class _SeededFloats(random.Random):
    """``random.Random(SHUFFLE_SEED)``'s floats for one replay, without setting a generator's state.

    The engine deals the cards a file does not show with ``random()`` alone
    (:func:`omaha8.game.dealing._draw`): each instance serves the seeded
    generator's floats from :data:`_FLOATS`, then from a generator brought to
    the same point. Any other draw is refused (the engine would deal other
    cards than :func:`_shuffle`'s generator; tests/histories/test_histories_replay_lanes.py
    replays every fixture both ways).
    """

    def __init__(self) -> None:  # no seeding: this generator's own state is never drawn from
        self.random = chain(_FLOATS, _later_floats()).__next__  # type: ignore[method-assign]

    def getrandbits(self, k: int, /) -> int:
        raise NotImplementedError("a replay's generator draws floats only")


class SmallestChipOddChips(CardroomOddChips):
    """The cardroom rule with a smallest chip of ``unit`` cents: the halves are cut in whole chips of it.

    Robert's Rules give the odd chip in the smallest denomination in play. At
    a table whose smallest chip is 5 cents a raked pot of $7.75 is cut $3.90
    high and $3.85 low, not $3.88 and $3.87 (Full Tilt's $0.50/$1 limit tables;
    see docs/rules.md).

    >>> SmallestChipOddChips(5).split_halves(775), SmallestChipOddChips(1).split_halves(775)
    ((390, 385), (388, 387))
    """

    def __init__(self, unit: int) -> None:
        self.unit = unit

    def split_halves(self, amount: int) -> tuple[int, int]:
        chips, rest = divmod(amount, self.unit)
        low = chips // 2 * self.unit
        return amount - low, low

    def __repr__(self) -> str:
        return f"SmallestChipOddChips({self.unit})"


def structure_of(record: RecordData) -> Structure:
    """The betting structure of a record: limit stakes are bet sizes ((30/60): blinds 15/30)."""
    low, high = record.stakes
    if record.limit == "Pot Limit":
        return PotLimit(low, high)
    if record.limit == "No Limit":
        return NoLimit(low, high)
    small_blind = next((p.amount for p in record.posts if p.kind == "small_blind" and not p.all_in), max(1, low // 2))
    return FixedLimit(low, high, small_blind=min(small_blind, low), big_blind=low)


#: Whether the cards a file does not show are dealt from the seeded generator's floats taken once (faster);
#: False sets a generator to the seeded state for every replay, as the slow twin.
SEEDED_FLOATS = True

#: Whether a hand without rake is replayed without a rake policy (the faster settlement); False replays every
#: hand with one, as its slow twin (tests/histories/test_histories_replay_lanes.py).
RAKE_LANE = True

# structures are immutable and a file repeats its stakes from hand to hand: one per (limit, stakes, blind)
_STRUCTURES: dict[tuple[str, tuple[int, int], int], Structure] = {}


def _structure(record: RecordData) -> Structure:
    """:func:`structure_of`, remembered (bounded) for stakes seen before."""
    small_blind = 0
    if record.limit != "Pot Limit" and record.limit != "No Limit":
        small_blind = next((p.amount for p in record.posts if p.kind == "small_blind" and not p.all_in), -1)
    key = (record.limit, record.stakes, small_blind)
    found = _STRUCTURES.get(key)
    if found is None:
        found = structure_of(record)
        if len(_STRUCTURES) < 256:
            _STRUCTURES[key] = found
    return found


def replay_record(record: RecordData) -> Hand:
    """The engine's hand after every action of ``record``.

    Raises
    ------
    ReplayDiscrepancy
        The engine cannot set the hand up, refuses an action (the message
        gives the file line, the action and the rule), or is not over when
        the file's actions end.
    """
    n = record.n_seats
    if n > 10:
        raise ReplayDiscrepancy(0, f"the table has {n} seats; the engine seats at most 10")
    stacks = [0] * n
    index: dict[str, int] = {}
    for seat in record.in_hand():
        stacks[seat.seat] = seat.stack
        index[seat.name] = seat.seat
    # the reader checked the cards (ids, distinct): the engine takes the id tuples as they are
    holes: list[tuple[int, ...] | None] = [None] * n
    for name, cards in record.known_cards().items():
        if name in index:
            holes[index[name]] = cards
    try:
        structure = _structure(record)
    except Omaha8Error as exc:  # stakes no structure has (a small blind over the big one)
        raise ReplayDiscrepancy(0, f"the engine cannot set up the hand: {exc}") from None
    posts = []
    for post in record.posts:
        if post.name not in index:
            raise ReplayDiscrepancy(post.line, f"{post.name} posts but is not dealt in (sitting out or no chips)")
        posted = post.amount
        if post.all_in and post.kind == "big_blind" and posted < structure.big_blind:
            # a big blind all-in for less still sets the bet to call at the whole big blind, as PokerStars
            # plays it ("posts big blind $0.01 and is all-in", then "calls $0.02"); the engine takes the stack
            posted = structure.big_blind
        posts.append(Post(index[post.name], post.kind, posted))
    try:
        hand = Hand(
            stacks,
            structure,
            button=record.button_seat,
            variant=record.variant,
            holes=holes,
            board=record.boards[0],
            game="courchevel" if record.game == "Courchevel Hi/Lo" else "omaha",
            runs=len(record.runs) or 1,
            boards=record.runs[1:] or None,
            rng=_SeededFloats() if SEEDED_FLOATS else _shuffle(),
            posts=posts,
            # no rake: no policy, the engine's own lane settles the hand (a policy taking 0 from every pot pays
            # the same; tests/histories/test_histories_replay_lanes.py replays every fixture both ways)
            rake=PokerStarsRake(record.rake, listed=record.pots or None) if record.rake or not RAKE_LANE else None,
            odd_chips=SmallestChipOddChips(record.chip_unit) if record.chip_unit > 1 else None,
        )
    except Omaha8Error as exc:
        raise ReplayDiscrepancy(0, f"the engine cannot set up the hand: {exc}") from None
    act = hand.act
    marked = record.streets_marked
    for action in record.actions:
        who = index.get(action.name)
        if who is None:
            raise ReplayDiscrepancy(action.line, f"{_text(action)}: {action.name} is not dealt in")
        if hand.is_over:
            raise ReplayDiscrepancy(action.line, f"{_text(action)}: the engine's hand is already over")
        if marked and hand.street != STREET_NAMES[action.street]:
            raise ReplayDiscrepancy(
                action.line,
                f"{_text(action)}: the file is on the {STREET_NAMES[action.street]}, the engine on the {hand.street}",
            )
        kind = action.kind
        amount = action.to if kind == "bet" or kind == "raise" else (action.amount if kind == "call" else None)
        try:
            act(kind, amount, seat=who)
        except IllegalActionError as exc:
            raise ReplayDiscrepancy(action.line, f"{_text(action)} is refused by the engine: {exc.reason}") from None
        except GameError as exc:  # the settlement the action ends in: a file's rake larger than its pots
            raise ReplayDiscrepancy(action.line, f"{_text(action)}: the engine cannot settle the hand: {exc}") from None
    if not hand.is_over:
        raise ReplayDiscrepancy(0, f"the file's actions end on the {hand.street} with seat {hand.actor} still to act")
    return hand


def replayed(record: RecordData) -> Hand | ReplayDiscrepancy:
    """The replayed hand, or why the engine refused it: one replay that reconciliation and all-in EV share."""
    try:
        return replay_record(record)
    except ReplayDiscrepancy as exc:
        return exc


def _text(action: object) -> str:
    """An action as the file wrote it, roughly: ``"Bob: raises to 60"``."""
    name = getattr(action, "name")
    kind = getattr(action, "kind")
    if kind in ("bet", "raise"):
        return f"{name}: {kind} to {getattr(action, 'to')}"
    if kind == "call":
        return f"{name}: call {getattr(action, 'amount')}"
    return f"{name}: {kind}"
