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

from ..cards import format_card
from ..errors import Omaha8Error, ReplayDiscrepancy
from ..game import FixedLimit, Hand, IllegalActionError, NoLimit, Post, PotLimit, Structure
from ..game.rake import PokerStarsRake
from ..game import HandHistory
from .records import STREET_NAMES, Action, Collection, HandRecord, Post as RecordPost, Seat

__all__ = ["ReplayDiscrepancy", "replay_record", "structure_of", "record_from_history", "SHUFFLE_SEED"]

#: Seed of the shuffle that deals the cards a file does not show.
SHUFFLE_SEED = 0

# the engine parses card text faster than tuples of ids
_CARD_TEXT = tuple(format_card(c) for c in range(52))


def structure_of(record: HandRecord) -> Structure:
    """The betting structure of a record: limit stakes are bet sizes ((30/60): blinds 15/30)."""
    low, high = record.stakes
    if record.limit == "Pot Limit":
        return PotLimit(low, high)
    if record.limit == "No Limit":
        return NoLimit(low, high)
    small_blind = next((p.amount for p in record.posts if p.kind == "small_blind" and not p.all_in), max(1, low // 2))
    return FixedLimit(low, high, small_blind=min(small_blind, low), big_blind=low)


def replay_record(record: HandRecord) -> Hand:
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
    holes: list[str | None] = [None] * n
    for name, cards in record.known_cards().items():
        if name in index:
            holes[index[name]] = " ".join([_CARD_TEXT[c] for c in cards])
    structure = structure_of(record)
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
            board=" ".join([_CARD_TEXT[c] for c in record.board]),
            seed=SHUFFLE_SEED,
            posts=posts,
            rake=PokerStarsRake(record.rake, listed=record.pots or None),
        )
    except Omaha8Error as exc:
        raise ReplayDiscrepancy(0, f"the engine cannot set up the hand: {exc}") from None
    act = hand.act
    for action in record.actions:
        who = index.get(action.name)
        if who is None:
            raise ReplayDiscrepancy(action.line, f"{_text(action)}: {action.name} is not dealt in")
        if hand.is_over:
            raise ReplayDiscrepancy(action.line, f"{_text(action)}: the engine's hand is already over")
        if hand.street != STREET_NAMES[action.street]:
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
    if not hand.is_over:
        raise ReplayDiscrepancy(0, f"the file's actions end on the {hand.street} with seat {hand.actor} still to act")
    return hand


def _text(action: object) -> str:
    """An action as the file wrote it, roughly: ``"Bob: raises to 60"``."""
    name = getattr(action, "name")
    kind = getattr(action, "kind")
    if kind in ("bet", "raise"):
        return f"{name}: {kind} to {getattr(action, 'to')}"
    if kind == "call":
        return f"{name}: call {getattr(action, 'amount')}"
    return f"{name}: {kind}"


def record_from_history(
    history: HandHistory, *, names: dict[int, str] | None = None, hand_id: str = "0", table: str = "omaha8"
) -> HandRecord:
    """A hand record telling what the engine's ``history`` tells, as a PokerStars file would.

    Engine seat ``s`` becomes the file's seat ``s + 1``, named ``names[s]``
    (default ``"Player<s>"``); amounts stay chips. Replaying the record gives
    the history back (:meth:`HandRecord.to_history`), its rake included
    when the history's rake is a :class:`~omaha8.game.rake.PokerStarsRake`
    or none.

    >>> from omaha8.histories import read_pokerstars
    >>> record = next(read_pokerstars("tests/data/hh/side_pots_hi_lo.txt"))
    >>> again = record_from_history(record.to_history())
    >>> again.to_history().events == record.to_history().events, again.collected_by()
    (True, {'Player0': 1350, 'Player1': 4350, 'Player2': 3000})
    """
    label = names or {}

    def name(seat: int) -> str:
        return label.get(seat, f"Player{seat}")

    structure = history.structure
    if isinstance(structure, FixedLimit):
        limit, stakes = "Limit", (structure.small_bet, structure.big_bet)
    else:
        limit = "Pot Limit" if isinstance(structure, PotLimit) else "No Limit"
        stakes = (structure.small_blind, structure.big_blind)
    seats = tuple(Seat(s + 1, name(s), chips) for s, chips in enumerate(history.stacks) if chips > 0)
    posts: list[RecordPost] = []
    actions: list[Action] = []
    shown: list[tuple[str, tuple[int, ...]]] = []
    uncalled: list[tuple[str, int]] = []
    collected: list[Collection] = []
    board: tuple[int, ...] = ()
    pots: list[int] = []
    rake_of: dict[int, int] = {}
    awarded: dict[int, int] = {}
    street = 0
    for event in history.events:
        kind = event.kind
        if kind in ("small_blind", "big_blind", "ante", "dead"):
            posts.append(RecordPost(name(event.seat), kind, event.amount, event.all_in))
        elif kind in ("fold", "check", "call", "bet", "raise"):
            to = event.total if kind in ("bet", "raise") else 0
            actions.append(Action(street, name(event.seat), kind, event.amount, to, event.all_in))
        elif kind in ("flop", "turn", "river"):
            board += event.cards
            street += 1
        elif kind == "show":
            shown.append((name(event.seat), event.cards))
        elif kind == "uncalled":
            uncalled.append((name(event.seat), event.amount))
        elif kind == "pot":
            pots.append(event.amount)
        elif kind == "rake":
            rake_of[event.total] = rake_of.get(event.total, 0) + event.amount
        elif kind == "award":
            pot = "pot" if len(pots) == 1 and event.total == 0 else ("main pot" if event.total == 0 else f"side pot-{event.total}")
            collected.append(Collection(name(event.seat), event.amount, pot))
            awarded[event.seat] = awarded.get(event.seat, 0) + event.amount
        elif kind == "collect" and event.amount > awarded.get(event.seat, 0):
            # a pot taken uncontested has no award line, only the collection
            collected.append(Collection(name(event.seat), event.amount - awarded.get(event.seat, 0), "pot"))
    if any(c.pot != "pot" for c in collected):
        collected = [c if c.pot != "pot" else Collection(c.name, c.amount, "main pot", c.line) for c in collected]
    rake = sum(rake_of.values())
    listed = tuple(amount - rake_of.get(i, 0) for i, amount in enumerate(pots)) if len(pots) > 1 else ()
    return HandRecord(
        source="<history>", line=0, site="omaha8", header="Hand", hand_id=hand_id, tournament_id=None, level=None,
        club=None, mixed=None, game="5 Card Omaha Hi/Lo" if history.variant == 5 else "Omaha Hi/Lo",
        variant=history.variant, limit=limit, stakes=stakes, currency=None, date="", table=table,
        max_seats=len(history.stacks), button=history.button + 1, seats=seats, posts=tuple(posts),
        actions=tuple(actions), dealt=tuple((name(s), tuple(h)) for s, h in enumerate(history.holes) if h),
        shown=tuple(shown), board=board, uncalled=tuple(uncalled), collected=tuple(collected),
        total_pot=sum(pots), pots=listed, rake=rake, no_low=False,
    )
