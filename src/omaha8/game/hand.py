"""One hand of Omaha Hi/Lo: blinds, deal, four betting rounds, showdown.

A :class:`Hand` is driven one action at a time: :meth:`Hand.legal_actions`
says who acts and what they may do, :meth:`Hand.act` applies an action or
refuses it with an :class:`IllegalActionError` that leaves the hand as it
was.

>>> from omaha8.game import Hand, PotLimit
>>> hand = Hand([100, 100, 100], PotLimit(1, 2), button=0, seed=1)
>>> hand.legal_actions()
LegalActions(seat=0, call=2, min_to=4, max_to=7, raising=True)
>>> hand.act("raise", 7)
>>> hand.act("fold")
>>> hand.act("raise", 30)
Traceback (most recent call last):
...
omaha8.game.hand.IllegalActionError: seat 2 cannot raise to 30: a raise here is to 12..22 (pot limit): 30 is above the pot-limit maximum 22 (a raise may add at most the pot after calling, 10 with the bets + 5 to call = 15, to the bet of 7)
>>> hand.act("call")
>>> hand.street, hand.pot, hand.actor
('flop', 15, 2)
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from .._args import brief, check_int, check_seed, is_int
from ..cards import CardsLike, format_card, parse_cards
from ..errors import ArgumentTypeError, ChipError, DuplicateCardError, Omaha8Error, ShapeError
from ..showdown import MAX_CHIPS, CardroomOddChips, OddChipPolicy, Pot, PotSplit, _split, showdown
from .errors import GameError, IllegalActionError
from .events import (
    ACTIONS, POST_KINDS, STREETS, Award, Bet, BoardDealt, Call, Check, Collect, Fold, HoleDealt, Post, Posted,
    PotFormed, Raise, Raked, Shown, Uncalled,
)
from .hand_history import HandHistory
from .rake import RakePolicy
from .structures import FixedLimit, NoLimit, PotLimit, Structure

__all__ = [
    "Hand",
    "HandResult",
    "LegalActions",
    "Post",
    "POST_KINDS",
    "PotResult",
    "GameError",
    "IllegalActionError",
    "STREETS",
    "ACTIONS",
]

_LIVE_POSTS = ("small_blind", "big_blind")
# most seats dealt in: 10 * 4 + 5 and 9 * 5 + 5 cards fit in a deck of 52
_MAX_DEALT = {4: 10, 5: 9}

# seat status codes
_OUT, _LIVE, _ALLIN, _FOLDED = 0, 1, 2, 3
_BOARD_SLICES = ((0, 0), (0, 3), (3, 4), (4, 5))


_DECK = tuple(range(52))
_CARDROOM = CardroomOddChips()


def _draw(rng: random.Random, cards: list[int], k: int) -> list[int]:
    """The first ``k`` cards of a Fisher-Yates shuffle of ``cards`` (shuffled in place)."""
    rand = rng.random
    n = len(cards)
    for i in range(k):
        # a float draw: far faster than randrange, with a bias below 2**-46
        j = i + int(rand() * (n - i))
        cards[i], cards[j] = cards[j], cards[i]
    return cards[:k]


class LegalActions(NamedTuple):
    """What the acting player may do.

    Folding is always allowed. ``call == 0`` means there is nothing to call
    (the player may check); otherwise ``call`` is the chips a call adds (all
    the player has when that is less). ``min_to``/``max_to`` bound the
    player's total bet for the round after a bet or raise (0, 0 when they
    may not bet or raise); ``raising`` says whether that wager is a raise
    (a bet is outstanding) or an opening bet.
    """

    seat: int
    call: int
    min_to: int
    max_to: int
    raising: bool

    @property
    def can_fold(self) -> bool:
        """Always True: a player may fold in turn."""
        return True

    @property
    def can_check(self) -> bool:
        """Nothing to call."""
        return self.call == 0

    @property
    def can_call(self) -> bool:
        """A bet to call."""
        return self.call > 0

    @property
    def can_bet(self) -> bool:
        """May open the betting (nothing to call)."""
        return self.max_to > 0 and not self.raising

    @property
    def can_raise(self) -> bool:
        """May raise the outstanding bet."""
        return self.max_to > 0 and self.raising

    @property
    def kinds(self) -> tuple[str, ...]:
        """The names of the legal actions, e.g. ``("fold", "call", "raise")``."""
        out = ["fold", "call" if self.call else "check"]
        if self.max_to:
            out.append("raise" if self.raising else "bet")
        return tuple(out)


@dataclass(frozen=True)
class PotResult:
    """One pot of a settled hand: the main pot or a side pot, with or without a showdown.

    Attributes
    ----------
    amount
        Chips in the pot, before the rake (uncalled chips are never in it).
    rake
        Chips the rake took from it.
    eligible
        Seats still in the hand that may win it, ascending.
    high_winners
        Seats paid for the high (the whole pot when nobody in it has a low);
        the sole eligible seat of an uncontested pot.
    low_winners
        Seats paid for the low; None when nobody eligible has a qualifying
        low or the pot was not contested.
    awards
        Chips from this pot per seat (after the rake); they add up to
        ``amount - rake``.
    split
        How the pot was divided, a :class:`omaha8.PotSplit`.
    """

    amount: int
    rake: int
    eligible: tuple[int, ...]
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...] | None
    awards: tuple[int, ...]
    split: PotSplit


@dataclass(frozen=True)
class HandResult:
    """How a finished hand ended.

    Attributes
    ----------
    payouts
        Per seat, the chips taken from the table: pots won plus uncalled
        chips returned. Sums to the chips put in.
    net
        Per seat, payout minus the chips the seat put in.
    stacks
        Per seat, the stack after the hand.
    uncalled
        Per seat, uncalled chips returned (part of ``payouts``).
    won
        Per seat, chips won from pots (``payouts - uncalled``).
    pot
        All chips won from pots (uncalled chips excluded).
    board
        The board cards dealt (fewer than five when the hand ended early).
    showdown
        The :func:`omaha8.showdown.showdown` result (hands, show order, and
        pots as split before any rake), or None when everyone else folded.
    pots
        Each pot as settled, main pot first: its chips, rake, eligible
        seats and winners (:class:`PotResult`); filled with or without a
        showdown.
    rake
        Chips the rake took from each pot (one entry per pot).
    rake_total
        All the rake; ``sum(payouts) + rake_total`` is the chips put in.
    """

    payouts: tuple[int, ...]
    net: tuple[int, ...]
    stacks: tuple[int, ...]
    uncalled: tuple[int, ...]
    won: tuple[int, ...]
    pot: int
    board: tuple[int, ...]
    showdown: Any
    pots: tuple[PotResult, ...] = ()
    rake: tuple[int, ...] = ()
    rake_total: int = 0

    @property
    def went_to_showdown(self) -> bool:
        """Two or more players showed down."""
        return self.showdown is not None

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats that won chips from a pot."""
        return tuple(s for s, w in enumerate(self.won) if w > 0)


def _chip_list(stacks: Iterable[int], name: str) -> list[int]:
    if isinstance(stacks, (str, bytes)) or not isinstance(stacks, Iterable):
        raise ChipError(f"{name} must be a sequence of chip counts, one per seat, not {brief(stacks)}")
    out = list(stacks)
    if all(type(c) is int and 0 <= c <= MAX_CHIPS for c in out):
        return out
    return _checked_chips(out, name)


def _checked_chips(stacks: list[Any], name: str) -> list[int]:
    out = []
    for i, value in enumerate(stacks):
        # bools are not chips; numpy integers are
        if not is_int(value):
            raise ChipError(f"{name}[{i}] = {brief(value)} is not a whole number of chips")
        value = int(value)
        if value < 0:
            raise ChipError(f"{name}[{i}] = {brief(value)} is negative")
        if value > MAX_CHIPS:
            raise ChipError(f"{name}[{i}] = {brief(value)} is more than {MAX_CHIPS} chips")
        out.append(value)
    return out


# (policy type, protocol) -> whether instances of the type implement it: an isinstance check against a
# runtime-checkable protocol costs tens of microseconds, a good part of replaying a hand
_IMPLEMENTS: dict[tuple[type, type], bool] = {}


def _check_policy(value: Any, name: str, protocol: type, what: str) -> Any:
    """``value`` when it is None or implements ``protocol``, else an ArgumentTypeError."""
    if value is None:
        return value
    key = (type(value), protocol)
    known = _IMPLEMENTS.get(key)
    if known is None:
        # a class is not a policy, though it has the methods
        known = isinstance(value, protocol) and not isinstance(value, type)
        if len(_IMPLEMENTS) < 1024:
            _IMPLEMENTS[key] = known
    if known:
        return value
    raise ArgumentTypeError(f"{name} must be {what}, not {type(value).__name__} {brief(value)}")


def check_odd_chips(value: Any) -> OddChipPolicy | None:
    """An odd-chip policy argument: None or an :class:`omaha8.OddChipPolicy`."""
    return _check_policy(  # type: ignore[no-any-return]
        value, "odd_chips", OddChipPolicy, "None or an omaha8.OddChipPolicy (with split_halves and order)"
    )


def check_rake(value: Any) -> RakePolicy | None:
    """A rake argument: None or an :class:`omaha8.game.RakePolicy`."""
    return _check_policy(  # type: ignore[no-any-return]
        value, "rake", RakePolicy, "None or an omaha8.game.RakePolicy (with a take method)"
    )


class Hand:
    """One hand at a table, from the blinds to the payouts.

    Parameters
    ----------
    stacks
        Chips of each seat, clockwise; 2 to 10 seats. A seat with 0 chips
        is not in the hand (an empty seat or a player sitting out): no
        blinds, no cards. At most 9 seats with chips in 5-card Omaha
        (9 x 5 hole cards and 5 on the board fill the deck).
    structure
        :class:`FixedLimit`, :class:`PotLimit` or :class:`NoLimit`.
    button
        The button's seat; it may have no chips (a dead button). Heads-up
        with automatic blinds the button posts the small blind and acts
        first pre-flop, last after.
    variant
        Hole cards per player: 4 (Omaha Hi/Lo) or 5 (5-card Omaha Hi/Lo).
    holes
        Optional hole cards, one entry per seat: cards, or None to deal that
        seat from the shuffle (seats without chips must be None).
    board
        Optional board cards, up to five, dealt in that order; the rest
        come from the shuffle.
    seed, rng
        The shuffle: an int seed, or a :class:`random.Random` to draw from.
        Neither: an unseeded shuffle.
    odd_chips
        An :class:`omaha8.OddChipPolicy` for the showdown (None: the
        cardroom rule).
    on_finish
        Called with the hand once it is settled.
    posts
        Optional :class:`Post` s that replace the automatic blinds, posted
        in order before the deal: antes, live and dead blinds, a big blind
        out of position. Pre-flop the bet to call is the largest live post;
        the first ``"big_blind"`` post marks the big blind, and the action
        starts with the first seat after it that can act (without one:
        after the last live post, or left of the button). Every seat that
        posted live money keeps its option when nobody raises. The minimum
        raise is the structure's usual; in fixed limit a live post of one
        small bet is the round's first bet.
    rake
        A :class:`RakePolicy` asked for the chips taken from each pot before
        it is split (None: no rake).

    Notes
    -----
    The shuffled deck deals a card at a time clockwise from the seat left of
    the button, then the board; no burn cards. Pre-flop the big blind is the
    bet to call even when it was posted all-in for less; chips nobody
    matched are returned as uncalled at the end.

    A player left alone with chips who has put in as much as every all-in
    player in the hand has nothing to decide: the board is dealt out to the
    showdown. Alone and facing a larger all-in, calling adds only what the
    all-in players put in.

    Every hand is settled the same way, with or without a showdown: the
    uncalled part of the top bet goes back, then the chips are cut into
    pots by contribution level (:func:`omaha8.showdown`'s rule, docs/rules.md
    §4.6-4.8), so no one wins more than they covered. (With ``posts`` the
    seats still in may have put in nothing while seats that folded posted:
    that dead money, less the uncalled part, is one pot among the seats
    still in.)

    If the odd-chip or rake policy fails while the hand is settled, the
    action that ended the betting stands and the hand waits, unsettled:
    :attr:`is_over` is False, :attr:`actor` None, :attr:`settlement_error`
    holds the error, every action is refused, and :meth:`settle` retries
    (with other policies if given).

    Examples
    --------
    A replayed hand: antes of 1, a dead small blind and a live big blind
    posted by seat 2, the big blind 2 posted by seat 1:

    >>> hand = Hand([50, 50, 50], NoLimit(1, 2), button=0, seed=3,
    ...             posts=[Post(0, "ante", 1), Post(1, "ante", 1), Post(2, "ante", 1),
    ...                    Post(1, "big_blind", 2), Post(2, "dead", 1), Post(2, "big_blind", 2)])
    >>> hand.pot, hand.bets, hand.actor    # 3 antes + 2 + 1 dead + 2
    (8, (0, 2, 2), 2)
    """

    __slots__ = (
        "_n", "_structure", "_sb", "_bb", "_cap",
        "_variant", "_button", "_start", "_stack", "_bet", "_contrib", "_status", "_acted",
        "_holes", "_deck_board", "_board_n", "_street", "_actor", "_bet_to", "_min_raise",
        "_level", "_n_bets", "_capped", "_hu_round", "_bet_size", "_last_aggr", "_n_live",
        "_n_in", "_pot", "_log", "_result", "_odd_chips", "_on_finish", "_sb_seat", "_bb_seat",
        "_posts", "_rake", "_settle_error", "_dead",
    )

    def __init__(
        self,
        stacks: Sequence[int],
        structure: Structure,
        *,
        button: int = 0,
        variant: int = 4,
        holes: Sequence[CardsLike | None] | None = None,
        board: CardsLike | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
        odd_chips: Any = None,
        on_finish: Callable[[Hand], None] | None = None,
        posts: Sequence[Post] | None = None,
        rake: RakePolicy | None = None,
    ) -> None:
        if not isinstance(structure, (FixedLimit, PotLimit, NoLimit)):
            raise ArgumentTypeError(
                f"structure must be FixedLimit, PotLimit or NoLimit, not {type(structure).__name__}"
                + (" (a Table plays a MixedGame hand by hand)" if type(structure).__name__ == "MixedGame" else "")
            )
        if not is_int(variant) or int(variant) not in (4, 5):
            raise ShapeError(f"variant must be 4 or 5 hole cards, not {brief(variant)}")
        variant = int(variant)
        stack = _chip_list(stacks, "stacks")
        n = len(stack)
        if not 2 <= n <= 10:
            raise ShapeError(f"a {variant}-card table has 2 to 10 seats, got {n}")
        seated = [s for s in range(n) if stack[s] > 0]
        if len(seated) < 2:
            raise ChipError(f"a hand needs at least two seats with chips, got stacks {brief(stack)}")
        if len(seated) > _MAX_DEALT[variant]:
            raise ShapeError(
                f"a {variant}-card hand deals at most {_MAX_DEALT[variant]} seats, got {len(seated)} seats with chips"
            )
        button = check_int(button, "button", minimum=0, maximum=n - 1, type_error=GameError, value_error=GameError)
        seed = check_seed(seed)
        if rng is not None and not isinstance(rng, random.Random):
            raise ArgumentTypeError(f"rng must be a random.Random, not {type(rng).__name__} {brief(rng)}")
        if on_finish is not None and not callable(on_finish):
            raise ArgumentTypeError(f"on_finish must be callable, not {type(on_finish).__name__}")

        self._n = n
        self._structure = structure
        self._sb = structure.small_blind
        self._bb = structure.big_blind
        self._cap = structure.cap if isinstance(structure, FixedLimit) else None
        self._variant = variant
        self._button = button
        self._start = tuple(stack)
        self._stack = stack
        self._bet = [0] * n
        self._contrib = [0] * n
        self._dead = [0] * n  # dead blinds: money in the main pot, outside every bet and pot level
        self._status = [_LIVE if c > 0 else _OUT for c in stack]
        self._acted = [False] * n
        self._odd_chips = check_odd_chips(odd_chips)
        self._rake = check_rake(rake)
        self._posts = None if posts is None else self._checked_posts(posts)
        self._on_finish = on_finish
        self._result: HandResult | None = None
        self._settle_error: Exception | None = None
        # each event as its class and arguments, built when the history is read: a hand played without
        # reading its history never pays for the event objects
        self._log: list[tuple[Any, ...]] = []
        self._n_in = self._n_live = len(seated)
        self._pot = 0
        self._last_aggr = -1

        if rng is None:
            rng = random.Random(seed)
        order = self._deal(holes, board, rng)
        if self._posts is None:
            self._post_blinds(order)
        else:
            self._post_given(order, self._posts)

    # ------------------------------------------------------------------ setup

    def _deal(
        self,
        holes: Sequence[CardsLike | None] | None,
        board: CardsLike | None,
        rng: random.Random,
    ) -> list[int]:
        n, k = self._n, self._variant
        # deal clockwise from the seat left of the button
        order = [s for s in range(self._button + 1, n) if self._status[s]] + [
            s for s in range(self._button + 1) if self._status[s]
        ]
        m = len(order)
        hole_of: list[tuple[int, ...] | None] = [None] * n
        if holes is None and board is None:
            deck = _draw(rng, list(_DECK), m * k + 5)
            for i, s in enumerate(order):
                hole_of[s] = tuple(deck[i : m * k : m])
            self._deck_board = tuple(deck[m * k :])
        else:
            given_board, given = self._given_cards(holes, board)
            used = set(given_board)
            for cards in given:
                if cards is not None:
                    used.update(cards)
            need = sum(1 for s in order if given[s] is None) * k + 5 - len(given_board)
            deck = _draw(rng, [c for c in _DECK if c not in used], need)
            at = 0
            for s in order:
                cards = given[s]
                if cards is None:
                    cards = tuple(deck[at : at + k])
                    at += k
                hole_of[s] = cards
            self._deck_board = given_board + tuple(deck[at:])
        self._holes = tuple(hole_of)
        self._board_n = 0
        return order

    def _given_cards(
        self, holes: Sequence[CardsLike | None] | None, board: CardsLike | None
    ) -> tuple[tuple[int, ...], list[tuple[int, ...] | None]]:
        """Parse and check explicit holes and board: counts, seats, duplicates."""
        n, k = self._n, self._variant
        given: list[tuple[int, ...] | None] = [None] * n
        where: dict[int, str] = {}

        def claim(cards: tuple[int, ...], place: str) -> None:
            for i, c in enumerate(cards):
                if c in where:
                    raise DuplicateCardError(
                        f"card {format_card(c)!r} appears twice: {where[c]} and {place}[{i}]"
                    )
                where[c] = f"{place}[{i}]"

        board_cards: tuple[int, ...] = ()
        if board is not None:
            board_cards = tuple(parse_cards(board, name="board").tolist())
            if len(board_cards) > 5:
                raise ShapeError(f"board has at most 5 cards, got {len(board_cards)}")
            claim(board_cards, "board")
        if holes is not None:
            shapeless = isinstance(holes, (str, bytes)) or not isinstance(holes, (Sequence, np.ndarray))
            if shapeless or len(holes) != n:
                got = f"{type(holes).__name__} {brief(holes)}" if shapeless else f"{len(holes)} entries"
                raise ShapeError(f"holes needs one entry per seat ({n}), got {got}")
            for s, entry in enumerate(holes):
                if entry is None:
                    continue
                if self._status[s] == _OUT:
                    raise ShapeError(f"holes[{s}]: seat {s} has no chips and is dealt no cards")
                cards = tuple(parse_cards(entry, name=f"holes[{s}]").tolist())
                if len(cards) != k:
                    raise ShapeError(f"holes[{s}] has {len(cards)} cards, a {k}-card game deals {k}")
                claim(cards, f"holes[{s}]")
                given[s] = cards
        return board_cards, given

    def _post_blinds(self, order: list[int]) -> None:
        """Post the blinds and log the deal; ``order`` is the seats dealt in, clockwise from the button's left."""
        if len(order) == 2:
            # heads-up the button posts the small blind
            sb_seat, bb_seat = order[1], order[0]
        else:
            sb_seat, bb_seat = order[0], order[1]
        self._sb_seat, self._bb_seat = sb_seat, bb_seat
        log = self._log
        stack, status = self._stack, self._status
        for seat, amount, kind in ((sb_seat, self._sb, "small_blind"), (bb_seat, self._bb, "big_blind")):
            have = stack[seat]
            pay = amount if amount < have else have
            stack[seat] = have - pay
            self._bet[seat] = pay
            self._contrib[seat] = pay
            self._pot += pay
            all_in = pay == have
            if all_in:
                status[seat] = _ALLIN
                self._n_live -= 1
            log.append((Posted, kind, seat, pay, pay, all_in))
        self._open_preflop(order, self._bb, bb_seat)

    def _checked_posts(self, posts: Sequence[Post]) -> tuple[Post, ...]:
        """``posts`` as a tuple of :class:`Post` with plain ints, each naming a seat in the hand."""
        if isinstance(posts, (str, bytes)) or not isinstance(posts, Iterable):
            raise GameError(f"posts must be a sequence of Post(seat, kind, amount), not {brief(posts)}")
        out = []
        for i, post in enumerate(posts):
            if not isinstance(post, tuple) or len(post) != 3:
                raise GameError(f"posts[{i}] must be a Post(seat, kind, amount), not {brief(post)}")
            seat, kind, amount = post
            seat = check_int(seat, f"posts[{i}].seat", minimum=0, maximum=self._n - 1,
                             type_error=GameError, value_error=GameError)
            if self._status[seat] == _OUT:
                raise GameError(f"posts[{i}]: seat {seat} has no chips and is not in the hand")
            if kind not in POST_KINDS:
                raise GameError(f"posts[{i}].kind must be one of {', '.join(POST_KINDS)}, not {brief(kind)}")
            amount = check_int(amount, f"posts[{i}].amount", minimum=1, type_error=ChipError, value_error=ChipError)
            out.append(Post(seat, str(kind), amount))
        return tuple(out)

    def _post_given(self, order: list[int], posts: tuple[Post, ...]) -> None:
        """Post ``posts`` in order, then open the pre-flop betting."""
        log = self._log
        stack, status, bet, contrib = self._stack, self._status, self._bet, self._contrib
        to_call = 0
        big_blind = last_live = -1
        small_blind = -1
        for seat, kind, amount in posts:
            have = stack[seat]
            pay = amount if amount < have else have
            stack[seat] = have - pay
            contrib[seat] += pay
            self._pot += pay
            live = kind in _LIVE_POSTS
            if kind == "dead":
                self._dead[seat] += pay
            if live:
                bet[seat] += pay
                # a live post sets the bet to call at its full amount, even when posted all-in for less
                if amount > to_call:
                    to_call = amount
                last_live = seat
                if kind == "big_blind" and big_blind < 0:
                    big_blind = seat
                elif kind == "small_blind" and small_blind < 0:
                    small_blind = seat
            all_in = pay == have and status[seat] == _LIVE
            if all_in:
                status[seat] = _ALLIN
                self._n_live -= 1
            log.append((Posted, kind, seat, pay, bet[seat], all_in))
        to_call = max(to_call, max(bet))
        self._sb_seat = small_blind if small_blind >= 0 else None  # type: ignore[assignment]
        self._bb_seat = big_blind if big_blind >= 0 else None  # type: ignore[assignment]
        anchor = big_blind if big_blind >= 0 else last_live if last_live >= 0 else self._button
        self._open_preflop(order, to_call, anchor)

    def _open_preflop(self, order: list[int], to_call: int, anchor: int) -> None:
        """Log the deal and start the pre-flop betting with the first seat after ``anchor``."""
        log = self._log
        holes = self._holes
        for seat in order:
            log.append((HoleDealt, seat, holes[seat] or ()))  # a seat dealt in has its cards
        self._street = 0
        self._bet_to = to_call
        self._min_raise = self._bb
        self._bet_size = self._structure.bet_size(0)
        # a big blind of one small bet is the round's first bet; a smaller one is completed
        full = to_call >= self._bet_size
        self._level = to_call if full else 0
        self._n_bets = 1 if full else 0
        self._capped = False
        self._hu_round = self._n_live <= 2
        self._actor = -1
        self._advance(anchor)

    # ------------------------------------------------------------- inspection

    @property
    def structure(self) -> Structure:
        """The betting structure."""
        return self._structure

    @property
    def variant(self) -> int:
        """Hole cards per player, 4 or 5."""
        return self._variant

    @property
    def n_seats(self) -> int:
        """Number of seats at the table."""
        return self._n

    @property
    def button(self) -> int:
        """The button's seat."""
        return self._button

    @property
    def blinds(self) -> tuple[int | None, int | None]:
        """The seats of the small and big blind (with ``posts``: of the first such post, None without one)."""
        return self._sb_seat, self._bb_seat

    @property
    def posts(self) -> tuple[Post, ...] | None:
        """The posts given in place of the automatic blinds, or None."""
        return self._posts

    @property
    def rake_policy(self) -> RakePolicy | None:
        """The rake policy (None: no rake)."""
        return self._rake

    @property
    def settlement_error(self) -> Exception | None:
        """Why settling the hand failed (a policy raised), or None; see :meth:`settle`."""
        return self._settle_error

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """Stacks before the blinds."""
        return self._start

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips each seat has behind (not yet put in)."""
        return tuple(self._stack)

    @property
    def bets(self) -> tuple[int, ...]:
        """Chips each seat has put in on the current street."""
        return tuple(self._bet)

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each seat has put in during the hand."""
        return tuple(self._contrib)

    @property
    def pot(self) -> int:
        """All chips put in so far (current bets included)."""
        return self._pot

    @property
    def holes(self) -> tuple[tuple[int, ...] | None, ...]:
        """Each seat's hole cards (None for seats sitting out)."""
        return self._holes

    @property
    def board(self) -> tuple[int, ...]:
        """The board cards dealt so far."""
        return self._deck_board[: self._board_n]

    @property
    def street(self) -> str:
        """``"preflop"``, ``"flop"``, ``"turn"``, ``"river"`` or ``"over"``."""
        return STREETS[self._street]

    @property
    def actor(self) -> int | None:
        """The seat to act, or None when the hand is over."""
        return None if self._actor < 0 else self._actor

    @property
    def is_over(self) -> bool:
        """The hand has ended and its chips are paid out."""
        return self._result is not None

    @property
    def folded(self) -> tuple[int, ...]:
        """Seats that have folded."""
        return tuple(s for s in range(self._n) if self._status[s] == _FOLDED)

    @property
    def all_in(self) -> tuple[int, ...]:
        """Seats that are all-in."""
        return tuple(s for s in range(self._n) if self._status[s] == _ALLIN)

    @property
    def in_hand(self) -> tuple[int, ...]:
        """Seats dealt in that have not folded."""
        return tuple(s for s in range(self._n) if self._status[s] in (_LIVE, _ALLIN))

    @property
    def result(self) -> HandResult:
        """The result of the finished hand; GameError while it is running."""
        if self._result is None:
            if self._settle_error is not None:
                raise GameError(f"the hand is not settled: {self._settle_error} (settle() retries)")
            raise GameError(f"the hand is not over: seat {self._actor} is to act on the {self.street}")
        return self._result

    @property
    def history(self) -> HandHistory:
        """Everything that happened so far, as data and text."""
        return HandHistory(
            variant=self._variant,
            structure=self._structure,
            stacks=self._start,
            button=self._button,
            holes=self._holes,
            board=self._deck_board[: self._board_n],
            events=tuple(entry[0](*entry[1:]) for entry in self._log),
            odd_chips=self._odd_chips,
            posts=self._posts,
            rake=self._rake,
        )

    def __repr__(self) -> str:
        if self._result is not None:
            state = "over"
        elif self._settle_error is not None:
            state = "not settled"
        else:
            state = f"{self.street}, seat {self._actor} to act"
        return f"<Hand {self._n} seats, {self._structure.name}, {state}, pot {self._pot}>"

    # ---------------------------------------------------------------- betting

    def _wager_bounds(self, p: int) -> tuple[int, int, str]:
        """(least total, most total, '') for a bet or raise by ``p``, or (0, 0, why not)."""
        mine = self._bet[p]
        bet_to = self._bet_to
        all_in_to = mine + self._stack[p]
        if all_in_to <= bet_to:
            return 0, 0, f"it has {self._stack[p]} chips, not more than the {bet_to - mine} to call"
        # a raise needs someone who could put in more than the current bet
        status, bet, stack = self._status, self._bet, self._stack
        for q in range(self._n):
            if q != p and status[q] == _LIVE and bet[q] + stack[q] > bet_to:
                break
        else:
            return 0, 0, "no other player has chips to call more"
        structure = self._structure
        if self._acted[p]:
            # an all-in for less than a full raise does not reopen the betting for those who acted
            why = structure.reopen_refusal(bet_to - mine, self._min_raise, self._bet_size)
            if why:
                return 0, 0, why
        cap = self._cap
        if cap is not None and self._n_bets >= cap and structure.cap_holds(self._capped, self._n_live, self._hu_round):
            return 0, 0, f"the betting is capped at {cap} bets"
        lo, hi = structure.wager_range(bet_to, bet_to - mine, all_in_to, self._pot, self._min_raise, self._level,
                                       self._bet_size)
        return lo, hi, ""

    def _owe(self, p: int) -> int:
        """Chips ``p`` must add to call: alone with chips, only up to the largest all-in bet."""
        owe = self._bet_to - self._bet[p]
        if self._n_live == 1 and owe > 0:
            status, bet = self._status, self._bet
            top = max([bet[q] for q in range(self._n) if status[q] == _ALLIN], default=0)
            if top - bet[p] < owe:
                owe = top - bet[p]
        return owe

    def _ended(self) -> str:
        """Why nobody may act: the hand is over, or waits to be settled."""
        if self._settle_error is not None:
            return f"the betting is over and settling the hand failed ({self._settle_error}); settle() retries"
        return "the hand is over"

    def legal_actions(self) -> LegalActions:
        """Who acts and what they may do.

        Raises
        ------
        IllegalActionError
            When the hand is over.

        Examples
        --------
        >>> from omaha8.game import Hand, NoLimit
        >>> hand = Hand([50, 300], NoLimit(1, 2), button=0, seed=3)
        >>> hand.legal_actions()          # heads-up: the button acts first
        LegalActions(seat=0, call=1, min_to=4, max_to=50, raising=True)
        >>> hand.legal_actions().kinds
        ('fold', 'call', 'raise')
        """
        p = self._actor
        if p < 0:
            raise IllegalActionError(None, "act", self._ended())
        owe = self._owe(p)
        have = self._stack[p]
        lo, hi, _ = self._wager_bounds(p)
        return LegalActions(p, owe if owe < have else have, lo, hi, self._bet_to > 0)

    def fold(self) -> None:
        """Fold the acting seat."""
        self.act("fold")

    def check(self) -> None:
        """Check the acting seat."""
        self.act("check")

    def call(self) -> None:
        """Call (all-in when the stack is short)."""
        self.act("call")

    def bet(self, to: int) -> None:
        """Open the betting with a bet of ``to`` chips."""
        self.act("bet", to)

    def raise_to(self, to: int) -> None:
        """Raise to a total of ``to`` chips on this street."""
        self.act("raise", to)

    def act(self, action: str, amount: int | None = None, *, seat: int | None = None) -> None:
        """Apply one action of the acting seat.

        Parameters
        ----------
        action
            ``"fold"``, ``"check"``, ``"call"``, ``"bet"`` or ``"raise"``.
        amount
            For ``"bet"`` and ``"raise"``: the seat's total bet on this
            street after the action (raise *to*). For ``"call"``: optional,
            the chips the call adds. Not given for fold and check.
        seat
            Optional: the seat meant to act; refused if it is not its turn.

        Raises
        ------
        IllegalActionError
            The action is not allowed; the message names the seat, the
            action and why. The hand is unchanged.

        Examples
        --------
        >>> from omaha8.game import Hand, FixedLimit
        >>> hand = Hand([40, 40, 40], FixedLimit(2, 4), button=0, seed=5)
        >>> hand.act("raise", 4)
        >>> hand.act("check")
        Traceback (most recent call last):
        ...
        omaha8.game.hand.IllegalActionError: seat 1 cannot check: there is a bet of 3 to call
        """
        p = self._actor
        if p < 0:
            raise IllegalActionError(seat, action, self._ended())
        if seat is not None and seat != p:
            if not is_int(seat):
                raise IllegalActionError(None, action, f"seat must be a seat number, not {brief(seat)}")
            raise IllegalActionError(seat, action, f"it is seat {p}'s turn")
        stack = self._stack
        have = stack[p]
        mine = self._bet[p]
        bet_to = self._bet_to
        owe = bet_to - mine if self._n_live != 1 else self._owe(p)
        if action == "call":
            if owe <= 0:
                raise IllegalActionError(p, "call", "there is no bet to call; check instead")
            pay = owe if owe < have else have
            if amount is not None and (not is_int(amount) or amount != pay):
                raise IllegalActionError(p, f"call {brief(amount)}", f"calling adds {pay} chips")
            stack[p] = have - pay
            self._bet[p] = mine + pay
            self._contrib[p] += pay
            self._pot += pay
            self._acted[p] = True
            all_in = pay == have
            if all_in:
                self._status[p] = _ALLIN
                self._n_live -= 1
            self._log.append((Call, p, pay, mine + pay, all_in))
            self._advance(p)
        elif action == "check":
            if amount is not None:
                raise IllegalActionError(p, f"check {brief(amount)}", "a check takes no amount")
            if owe > 0:
                raise IllegalActionError(p, "check", f"there is a bet of {owe} to call")
            self._acted[p] = True
            self._log.append((Check, p, mine))
            self._advance(p)
        elif action == "fold":
            if amount is not None:
                raise IllegalActionError(p, f"fold {brief(amount)}", "a fold takes no amount")
            self._status[p] = _FOLDED
            self._acted[p] = True
            self._n_in -= 1
            self._n_live -= 1
            self._log.append((Fold, p, mine))
            if self._n_in == 1:
                self._settle()
            else:
                self._advance(p)
        elif action == "bet" or action == "raise":
            self._wager(p, action, amount, have, mine, bet_to)
        else:
            raise IllegalActionError(
                p, brief(action), f"the action must be one of {', '.join(ACTIONS)}"
            )

    def _wager(self, p: int, action: str, amount: int | None, have: int, mine: int, bet_to: int) -> None:
        if action == "bet" and bet_to > 0:
            raise IllegalActionError(
                p, _wager_text(action, amount), f"there is already a bet of {bet_to}; raise instead"
            )
        if action == "raise" and bet_to == 0:
            raise IllegalActionError(p, _wager_text(action, amount), "there is no bet to raise; bet instead")
        if not is_int(amount):
            raise IllegalActionError(
                p, _wager_text(action, amount), f"give the total to {action} to as a whole number of chips"
            )
        given, amount = amount, int(amount)  # type: ignore[arg-type]
        lo, hi, why = self._wager_bounds(p)
        if not hi:
            raise IllegalActionError(p, _wager_text(action, given), why)
        if not lo <= amount <= hi:
            span = str(lo) if lo == hi else f"{lo}..{hi}"
            limit = self._structure.kind.label
            rule = self._wager_rule(p, action, amount, lo, hi)
            raise IllegalActionError(p, _wager_text(action, given), f"a {action} here is to {span} ({limit}): {rule}")
        pay = amount - mine
        left = have - pay
        self._stack[p] = left
        self._bet[p] = amount
        self._contrib[p] += pay
        self._pot += pay
        self._acted[p] = True
        self._last_aggr = p
        all_in = left == 0
        if all_in:
            self._status[p] = _ALLIN
            self._n_live -= 1
        # what the wager changes, by the structure's rules: a bet counted towards the cap (fixed limit's
        # half-bet rule), or the next minimum raise (pot and no limit)
        if self._structure.counts_as_bet(amount - self._level, self._bet_size):
            self._level = amount
            self._n_bets += 1
            if self._cap is not None and self._n_bets >= self._cap and self._n_live > 2:
                self._capped = True
        elif amount - bet_to >= self._min_raise:
            self._min_raise = amount - bet_to
        self._bet_to = amount
        self._log.append((Bet if action == "bet" else Raise, p, pay, amount, all_in))
        self._advance(p)

    def _wager_rule(self, p: int, action: str, amount: int, lo: int, hi: int) -> str:
        """The rule a bet or raise to ``amount`` outside ``lo..hi`` breaks, in words."""
        mine, bet_to = self._bet[p], self._bet_to
        all_in_to = mine + self._stack[p]
        if amount > all_in_to:
            return f"{amount} is more than the seat has: all-in is to {all_in_to}"
        return self._structure.rule_broken(action, amount, lo, hi, bet_to, bet_to - mine, all_in_to, self._pot,
                                           self._min_raise, self._level, self._bet_size)

    # ----------------------------------------------------------- progression

    def _advance(self, p: int) -> None:
        """Give the turn to the next seat clockwise from ``p`` that must act, or end the round."""
        n = self._n
        status, bet, acted, bet_to = self._status, self._bet, self._acted, self._bet_to
        # a lone live player who has put in as much as every all-in has nothing to decide
        lone = self._n_live < 2
        if lone:
            top = max([bet[s] for s in range(n) if status[s] == _ALLIN], default=0)
            if top < bet_to:
                bet_to = top
        q = p
        for _ in range(n):
            q += 1
            if q == n:
                q = 0
            if status[q] == _LIVE and (bet[q] < bet_to or (not acted[q] and not lone)):
                self._actor = q
                return
        self._next_street()

    def _next_street(self) -> None:
        street = self._street
        log = self._log
        bet, acted = self._bet, self._acted
        while True:
            if street == 3:
                self._settle()
                return
            street += 1
            lo, hi = _BOARD_SLICES[street]
            self._board_n = hi
            log.append((BoardDealt, STREETS[street], self._deck_board[lo:hi]))
            for s in range(self._n):
                bet[s] = 0
                acted[s] = False
            self._street = street
            self._bet_to = 0
            self._min_raise = self._bb
            self._level = 0
            self._n_bets = 0
            self._capped = False
            self._last_aggr = -1
            self._bet_size = self._structure.bet_size(street)
            if self._n_live >= 2:
                self._hu_round = self._n_live <= 2
                self._advance(self._button)
                return

    def settle(self, *, odd_chips: Any = None, rake: Any = None) -> None:
        """Settle a hand whose settlement failed (see :attr:`settlement_error`), again.

        Parameters
        ----------
        odd_chips, rake
            Policies to use instead of the hand's own (None: keep them).

        Raises
        ------
        GameError
            The betting is not over, or the policies fail again (the hand
            stays unsettled). A settled hand is left as it is.
        """
        if self._result is not None:
            return
        if self._settle_error is None:
            raise GameError(f"the hand is not over: seat {self._actor} is to act on the {self.street}")
        if odd_chips is not None:
            self._odd_chips = check_odd_chips(odd_chips)
        if rake is not None:
            self._rake = check_rake(rake)
        self._settle()

    def _settle(self) -> None:
        """Pay the hand out: uncalled chips back, pots by contribution level, rake, splits.

        Everything is computed before anything changes, so a policy that
        fails leaves the hand unsettled and :meth:`settle` can try again.
        """
        self._actor = -1
        try:
            settled = self._settlement()
        except Omaha8Error as exc:
            self._settle_error = exc
            raise
        except Exception as exc:
            # a policy's own failure: the hand waits, unsettled, for settle()
            err = GameError(f"a policy failed while the hand was settled: {type(exc).__name__}: {brief(str(exc))}")
            self._settle_error = err
            raise err from exc
        self._settle_error = None
        pots, uncalled, res = settled
        n = self._n
        log = self._log
        if res is not None:
            for s in res.show_order:
                log.append((Shown, s, self._holes[s]))
        for s in range(n):
            if uncalled[s]:
                log.append((Uncalled, s, uncalled[s]))
        payouts = list(uncalled)
        for i, pot in enumerate(pots):
            log.append((PotFormed, i, pot.amount, pot.eligible))
            if pot.rake:
                log.append((Raked, i, pot.rake))
            contested = res is not None
            for s, chips in enumerate(pot.awards):
                if chips:
                    payouts[s] += chips
                    if contested:
                        log.append((Award, s, chips, i, _half(pot, s)))
        for s in range(n):
            won = payouts[s] - uncalled[s]
            if won:
                log.append((Collect, s, won))
        self._finish(payouts, uncalled, res, pots)

    def _settlement(self) -> tuple[list[PotResult], list[int], Any]:
        """(pots, uncalled per seat, the showdown result or None), computed without changing the hand."""
        n = self._n
        status, contrib = self._status, self._contrib
        live = [s for s in range(n) if status[s] == _LIVE or status[s] == _ALLIN]
        contested = len(live) >= 2
        total = sum(contrib)
        policy = self._odd_chips
        kwargs: dict[str, Any] = {} if policy is None else {"odd_chips": policy}
        res: Any = None
        if total == 0:
            return [], [0] * n, None
        # a dead blind is not a bet and reaches no pot level: the uncalled rule and the pot layers are
        # computed without it, and it goes into the main pot (antes, by contrast, are cut like any chips,
        # so that a player all-in on the ante wins only the antes they matched)
        extra = sum(self._dead)
        if extra:
            contrib = [c - d for c, d in zip(contrib, self._dead)]
        if not any(contrib[s] for s in live):
            # only seats that folded put chips in (possible with posts): the uncalled rule first, as
            # always (cut with the top contributor standing in), then the rest is one pot of dead money
            # among the seats still in
            uncalled = [0] * n
            if any(contrib):
                top = contrib.index(max(contrib))
                cut = showdown(None, [() if s == top else None for s in range(n)], contributions=list(contrib),
                               button=self._button)
                uncalled = [int(x) for x in cut.uncalled]
            dead = sum(contrib) - sum(uncalled)
            res = showdown(self._deck_board, [self._holes[s] if s in live else None for s in range(n)],
                           button=self._button, **kwargs) if contested else None
            pots = [Pot(dead, tuple(live), PotSplit.UNCONTESTED, tuple(live), None, None, (), ())] if dead else []
        elif contested:
            res = showdown(
                self._deck_board,
                [self._holes[s] if s in live else None for s in range(n)],
                contributions=list(contrib),
                button=self._button,
                last_aggressor=self._last_aggr if self._last_aggr >= 0 else None,
                **kwargs,
            )
            uncalled = [int(x) for x in res.uncalled]
            pots = list(res.pots)
        else:
            # everyone else folded: the same uncalled rule and pot layers, without cards
            w = live[0]
            cutter = _covering_cut if contrib[w] == max(contrib) else _layered_cut
            uncalled, pots = cutter(contrib, w, self._button)
        extra_at = 0 if extra else -1
        if extra and not pots:
            pots = [Pot(0, tuple(live), PotSplit.UNCONTESTED, tuple(live), None, None, (), ())]
        amounts = tuple(pot.amount + (extra if i == extra_at else 0) for i, pot in enumerate(pots))
        taken = self._taken(amounts) if self._rake is not None else (0,) * len(pots)
        high = [0] * n
        low = [0] * n
        if res is not None and (any(taken) or extra):
            for s, hand in enumerate(res.hands):
                if hand is not None:
                    high[s] = hand.high
                    low[s] = hand.low or 0
        out = []
        for i, (pot, rake) in enumerate(zip(pots, taken)):
            add = extra if i == extra_at else 0
            if rake or add or not pot.awards:
                # split what the rake left (or a pot not split yet) by the showdown's own rule
                if contested:
                    pot = _split(pot.amount + add - rake, pot.eligible, high, low,
                                 policy if policy is not None else _CARDROOM, self._button, n)
                else:
                    awards = [0] * n
                    awards[pot.eligible[0]] = pot.amount + add - rake
                    pot = Pot(pot.amount + add - rake, pot.eligible, PotSplit.UNCONTESTED, pot.eligible, None,
                              None, tuple(awards), ())
            out.append(PotResult(
                amount=pot.amount + rake,
                rake=rake,
                eligible=pot.eligible,
                high_winners=pot.high_winners,
                low_winners=pot.low_winners,
                awards=tuple(int(a) for a in pot.awards),
                split=pot.split,
            ))
        # whatever a policy answered, the chips paid must be the chips put in
        paid = sum(uncalled) + sum(sum(pot.awards) + pot.rake for pot in out)
        if paid != total or min(uncalled) < 0 or any(min(pot.awards) < 0 for pot in out if pot.awards):
            raise GameError(
                f"the odd-chip policy's answers do not conserve chips: {paid} paid out for {total} put in"
            )
        return out, uncalled, res

    def _taken(self, amounts: tuple[int, ...]) -> tuple[int, ...]:
        """The rake policy's answer for ``amounts``, checked: whole chips, 0..pot each."""
        answer = self._rake.take(amounts, flop_seen=self._board_n >= 3)  # type: ignore[union-attr]
        if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
            raise GameError(f"rake.take({list(amounts)}) returned {brief(answer)}, not one chip count per pot")
        got = list(answer)
        if len(got) != len(amounts):
            raise GameError(f"rake.take({list(amounts)}) returned {len(got)} amounts for {len(amounts)} pots")
        out = []
        for i, (chips, pot) in enumerate(zip(got, amounts)):
            try:
                if isinstance(chips, bool):
                    raise TypeError
                value = operator.index(chips)
            except TypeError:
                raise GameError(f"rake.take({list(amounts)})[{i}] = {brief(chips)} is not a whole number of chips") from None
            value = int(value)
            if not 0 <= value <= pot:
                raise GameError(f"rake.take({list(amounts)})[{i}] = {value}: the rake of a pot is 0..{pot}")
            out.append(value)
        return tuple(out)

    def _finish(self, payouts: list[int], uncalled: list[int], showdown: Any, pots: list[PotResult]) -> None:
        n = self._n
        stack = self._stack
        for s in range(n):
            stack[s] += payouts[s]
        contrib = self._contrib
        won = tuple(payouts[s] - uncalled[s] for s in range(n))
        rake = tuple(pot.rake for pot in pots)
        self._result = HandResult(
            payouts=tuple(payouts),
            net=tuple(payouts[s] - contrib[s] for s in range(n)),
            stacks=tuple(stack),
            uncalled=tuple(uncalled),
            won=won,
            pot=sum(won),
            board=self._deck_board[: self._board_n],
            showdown=showdown,
            pots=tuple(pots),
            rake=rake,
            rake_total=sum(rake),
        )
        self._pot = 0
        self._street = 4
        self._actor = -1
        if self._on_finish is not None:
            self._on_finish(self)


def _wager_text(action: str, amount: Any) -> str:
    """A refused bet or raise as the player gave it (built only for the error: the hot path never needs it)."""
    if amount is None:
        return action
    return f"{action} to {brief(amount)}" if action == "raise" else f"{action} {brief(amount)}"


def _layered_cut(contrib: list[int], winner: int, button: int) -> tuple[list[int], list[Pot]]:
    """Uncalled chips and pots when only ``winner`` is left: :func:`omaha8.showdown`'s rules, without cards."""
    n = len(contrib)
    cut = showdown(None, [() if s == winner else None for s in range(n)], contributions=list(contrib), button=button)
    return [int(x) for x in cut.uncalled], list(cut.pots)


def _covering_cut(contrib: list[int], winner: int, button: int) -> tuple[list[int], list[Pot]]:
    """:func:`_layered_cut` when ``winner`` put in the most (the usual fold-out): one pot, its excess back.

    Every layer is then eligible to the winner alone, so the layers make one
    pot; the uncalled part is its excess over the next largest contribution.
    """
    n = len(contrib)
    mine = contrib[winner]
    second = max([contrib[s] for s in range(n) if s != winner])
    uncalled = [0] * n
    uncalled[winner] = mine - second
    amount = sum(contrib) - (mine - second)
    if not amount:
        return uncalled, []
    awards = [0] * n
    awards[winner] = amount
    return uncalled, [Pot(amount, (winner,), PotSplit.UNCONTESTED, (winner,), None, None, tuple(awards), ())]


def _half(pot: Any, seat: int) -> str:
    """What ``seat`` won of a showdown pot: ``"high"``, ``"low"``, ``"high and low"`` or ``"uncontested"``."""
    if len(pot.eligible) == 1:
        return "uncontested"
    low = pot.low_winners
    if low is None:
        return "high"
    high = seat in pot.high_winners
    if seat in low:
        return "high and low" if high else "low"
    return "high"
