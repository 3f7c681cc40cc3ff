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
omaha8.game.hand.IllegalActionError: seat 2 cannot raise to 30: a raise here is to 12..22 (pot limit)
>>> hand.act("call")
>>> hand.street, hand.pot, hand.actor
('flop', 15, 2)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from ..cards import CardsLike, format_card, parse_cards
from ..errors import ChipError, DuplicateCardError, Omaha8Error, ShapeError
from .structures import FIXED_LIMIT, NO_LIMIT, POT_LIMIT, FixedLimit, NoLimit, PotLimit, Structure

if TYPE_CHECKING:  # pragma: no cover
    from .history import HandHistory

__all__ = [
    "Hand",
    "HandResult",
    "LegalActions",
    "GameError",
    "IllegalActionError",
    "STREETS",
    "ACTIONS",
]

#: Betting rounds in order; a finished hand's street is ``"over"``.
STREETS = ("preflop", "flop", "turn", "river", "over")
#: The actions a player may take.
ACTIONS = ("fold", "check", "call", "bet", "raise")

# seat status codes
_OUT, _LIVE, _ALLIN, _FOLDED = 0, 1, 2, 3
# heads-up cap rules
_TWO_LEFT, _ROUND_START, _NEVER = 0, 1, 2
_HU_RULE = {"two-left": _TWO_LEFT, "round-start": _ROUND_START, "never": _NEVER}
_BOARD_SLICES = ((0, 0), (0, 3), (3, 4), (4, 5))
_KIND_NAME = {FIXED_LIMIT: "fixed limit", POT_LIMIT: "pot limit", NO_LIMIT: "no limit"}


_DECK = tuple(range(52))


def _draw(rng: random.Random, cards: list[int], k: int) -> list[int]:
    """The first ``k`` cards of a Fisher-Yates shuffle of ``cards`` (shuffled in place)."""
    rand = rng.random
    n = len(cards)
    for i in range(k):
        # a float draw: far faster than randrange, with a bias below 2**-46
        j = i + int(rand() * (n - i))
        cards[i], cards[j] = cards[j], cards[i]
    return cards[:k]


class GameError(Omaha8Error, ValueError):
    """A hand or table used in a way the rules do not allow."""


class IllegalActionError(GameError):
    """An action the acting player may not take; the hand is left unchanged.

    Attributes
    ----------
    seat
        The seat that tried to act (None when the hand is over).
    action
        The action tried, with its amount if any.
    reason
        Why it is refused.
    """

    def __init__(self, seat: int | None, action: str, reason: str) -> None:
        self.seat = seat
        self.action = action
        self.reason = reason
        who = "" if seat is None else f"seat {seat} "
        super().__init__(f"{who}cannot {action}: {reason}")


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
        The :func:`omaha8.showdown.showdown` result, or None when everyone
        else folded.
    """

    payouts: tuple[int, ...]
    net: tuple[int, ...]
    stacks: tuple[int, ...]
    uncalled: tuple[int, ...]
    won: tuple[int, ...]
    pot: int
    board: tuple[int, ...]
    showdown: Any

    @property
    def went_to_showdown(self) -> bool:
        """Two or more players showed down."""
        return self.showdown is not None

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats that won chips from a pot."""
        return tuple(s for s, w in enumerate(self.won) if w > 0)


def _chip_list(stacks: Iterable[int], name: str) -> list[int]:
    out = list(stacks)
    if all(type(c) is int and c >= 0 for c in out):
        return out
    return _checked_chips(out, name)


def _checked_chips(stacks: list[Any], name: str) -> list[int]:
    out = []
    for i, value in enumerate(stacks):
        if isinstance(value, bool) or not isinstance(value, int):
            try:
                value = value.__index__()  # numpy integers
            except (AttributeError, TypeError):
                raise ChipError(f"{name}[{i}] = {value!r} is not a whole number of chips") from None
        if value < 0:
            raise ChipError(f"{name}[{i}] = {value} is negative")
        out.append(int(value))
    return out


class Hand:
    """One hand at a table, from the blinds to the payouts.

    Parameters
    ----------
    stacks
        Chips of each seat, clockwise; 2 to 10 seats (2 to 9 for 5-card
        Omaha). A seat with 0 chips sits out: no blinds, no cards.
    structure
        :class:`FixedLimit`, :class:`PotLimit` or :class:`NoLimit`.
    button
        The button's seat; it must have chips. Heads-up the button posts the
        small blind and acts first pre-flop, last after.
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
        Odd-chip policy passed to :func:`omaha8.showdown.showdown` (None:
        its default, the cardroom rule).

    Notes
    -----
    The shuffled deck deals a card at a time clockwise from the seat left of
    the button, then the board; no burn cards. Pre-flop the big blind is the
    bet to call even when it was posted all-in for less; chips nobody
    matched are returned as uncalled at the end.
    """

    __slots__ = (
        "_n", "_structure", "_kind", "_sb", "_bb", "_small_bet", "_big_bet", "_cap", "_hu_rule",
        "_variant", "_button", "_start", "_stack", "_bet", "_contrib", "_status", "_acted",
        "_holes", "_deck_board", "_board_n", "_street", "_actor", "_bet_to", "_min_raise",
        "_level", "_n_bets", "_capped", "_hu_round", "_bet_size", "_last_aggr", "_n_live",
        "_n_in", "_pot", "_log", "_result", "_odd_chips", "_on_finish", "_sb_seat", "_bb_seat",
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
    ) -> None:
        if not isinstance(structure, (FixedLimit, PotLimit, NoLimit)):
            raise TypeError(
                f"structure must be FixedLimit, PotLimit or NoLimit, not {type(structure).__name__}"
                + (" (a Table plays a MixedGame hand by hand)" if type(structure).__name__ == "MixedGame" else "")
            )
        if variant not in (4, 5) or isinstance(variant, bool):
            raise ShapeError(f"variant must be 4 or 5 hole cards, not {variant!r}")
        stack = _chip_list(stacks, "stacks")
        n = len(stack)
        top = 10 if variant == 4 else 9
        if not 2 <= n <= top:
            raise ShapeError(f"a {variant}-card table has 2 to {top} seats, got {n}")
        seated = [s for s in range(n) if stack[s] > 0]
        if len(seated) < 2:
            raise ChipError(f"a hand needs at least two seats with chips, got stacks {stack}")
        if isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < n:
            raise GameError(f"button must be a seat number 0..{n - 1}, not {button!r}")
        if stack[button] == 0:
            raise GameError(f"button seat {button} has no chips")

        self._n = n
        self._structure = structure
        self._kind = structure.kind
        self._sb = structure.small_blind
        self._bb = structure.big_blind
        if isinstance(structure, FixedLimit):
            self._small_bet, self._big_bet = structure.small_bet, structure.big_bet
            self._cap = structure.cap
            self._hu_rule = _HU_RULE[structure.uncapped_heads_up]
        else:
            self._small_bet = self._big_bet = structure.big_blind
            self._cap = None
            self._hu_rule = _NEVER
        self._variant = variant
        self._button = button
        self._start = tuple(stack)
        self._stack = stack
        self._bet = [0] * n
        self._contrib = [0] * n
        self._status = [_LIVE if c > 0 else _OUT for c in stack]
        self._acted = [False] * n
        self._odd_chips = odd_chips
        self._on_finish = on_finish
        self._result: HandResult | None = None
        self._log: list[tuple[Any, ...]] = []
        self._n_in = self._n_live = len(seated)
        self._pot = 0
        self._last_aggr = -1

        if rng is None:
            rng = random.Random(seed)
        self._post_blinds(self._deal(holes, board, rng))

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
            if isinstance(holes, str) or len(holes) != n:
                got = "a string" if isinstance(holes, str) else f"{len(holes)} entries"
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
            log.append((kind, seat, pay, pay, (), (), all_in, ""))
        holes = self._holes
        for seat in order:
            log.append(("hole", seat, 0, 0, holes[seat], (), False, ""))
        self._street = 0
        self._bet_to = self._bb
        self._min_raise = self._bb
        self._bet_size = self._small_bet
        # a big blind of one small bet is the round's first bet; a smaller one is completed
        full = self._bb == self._small_bet
        self._level = self._bb if full else 0
        self._n_bets = 1 if full else 0
        self._capped = False
        self._hu_round = self._n_live <= 2
        self._actor = -1
        self._advance(bb_seat)

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
    def blinds(self) -> tuple[int, int]:
        """The seats of the small and big blind."""
        return self._sb_seat, self._bb_seat

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
            raise GameError(f"the hand is not over: seat {self._actor} is to act on the {self.street}")
        return self._result

    @property
    def history(self) -> HandHistory:
        """Everything that happened so far, as data and text."""
        from .history import Event, HandHistory

        return HandHistory(
            variant=self._variant,
            structure=self._structure,
            stacks=self._start,
            button=self._button,
            holes=self._holes,
            board=self._deck_board[: self._board_n],
            events=tuple(Event._make(t) for t in self._log),
            odd_chips=self._odd_chips,
        )

    def __repr__(self) -> str:
        state = "over" if self._result is not None else f"{self.street}, seat {self._actor} to act"
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
        kind = self._kind
        if self._acted[p]:
            # an all-in for less than a full raise does not reopen the betting for those who acted
            if kind == FIXED_LIMIT:
                if 2 * (bet_to - mine) < self._bet_size:
                    return 0, 0, (
                        f"the betting was not reopened: it faces {bet_to - mine} more since it acted, "
                        f"less than half a bet ({self._bet_size})"
                    )
            elif bet_to - mine < self._min_raise:
                return 0, 0, (
                    f"the betting was not reopened: it faces {bet_to - mine} more since it acted, "
                    f"less than a full raise ({self._min_raise})"
                )
        if kind == FIXED_LIMIT:
            cap = self._cap
            if cap is not None and self._n_bets >= cap:
                rule = self._hu_rule
                if (
                    rule == _NEVER
                    or self._capped
                    or (rule == _TWO_LEFT and self._n_live > 2)
                    or (rule == _ROUND_START and not self._hu_round)
                ):
                    return 0, 0, f"the betting is capped at {cap} bets"
            target = self._level + self._bet_size
            lo = target if target < all_in_to else all_in_to
            return lo, lo, ""
        target = bet_to + self._min_raise
        lo = target if target < all_in_to else all_in_to
        if kind == NO_LIMIT:
            return lo, all_in_to, ""
        most = bet_to + self._pot + bet_to - mine
        if most < lo:
            most = lo
        return lo, (most if most < all_in_to else all_in_to), ""

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
            raise IllegalActionError(None, "act", "the hand is over")
        owe = self._bet_to - self._bet[p]
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
            raise IllegalActionError(seat, action, "the hand is over")
        if seat is not None and seat != p:
            raise IllegalActionError(seat, action, f"it is seat {p}'s turn")
        stack = self._stack
        have = stack[p]
        mine = self._bet[p]
        bet_to = self._bet_to
        owe = bet_to - mine
        if action == "call":
            if owe <= 0:
                raise IllegalActionError(p, "call", "there is no bet to call; check instead")
            pay = owe if owe < have else have
            if amount is not None and amount != pay:
                raise IllegalActionError(p, f"call {amount!r}", f"calling adds {pay} chips")
            stack[p] = have - pay
            self._bet[p] = mine + pay
            self._contrib[p] += pay
            self._pot += pay
            self._acted[p] = True
            all_in = pay == have
            if all_in:
                self._status[p] = _ALLIN
                self._n_live -= 1
            self._log.append(("call", p, pay, mine + pay, (), (), all_in, ""))
            self._advance(p)
        elif action == "check":
            if amount is not None:
                raise IllegalActionError(p, f"check {amount!r}", "a check takes no amount")
            if owe > 0:
                raise IllegalActionError(p, "check", f"there is a bet of {owe} to call")
            self._acted[p] = True
            self._log.append(("check", p, 0, mine, (), (), False, ""))
            self._advance(p)
        elif action == "fold":
            if amount is not None:
                raise IllegalActionError(p, f"fold {amount!r}", "a fold takes no amount")
            self._status[p] = _FOLDED
            self._acted[p] = True
            self._n_in -= 1
            self._n_live -= 1
            self._log.append(("fold", p, 0, mine, (), (), False, ""))
            if self._n_in == 1:
                self._award_uncontested()
            else:
                self._advance(p)
        elif action == "bet" or action == "raise":
            self._wager(p, action, amount, have, mine, bet_to)
        else:
            raise IllegalActionError(
                p, repr(action), f"the action must be one of {', '.join(ACTIONS)}"
            )

    def _wager(self, p: int, action: str, amount: int | None, have: int, mine: int, bet_to: int) -> None:
        what = action if amount is None else f"{action} to {amount!r}" if action == "raise" else f"{action} {amount!r}"
        if action == "bet" and bet_to > 0:
            raise IllegalActionError(p, what, f"there is already a bet of {bet_to}; raise instead")
        if action == "raise" and bet_to == 0:
            raise IllegalActionError(p, what, "there is no bet to raise; bet instead")
        if isinstance(amount, bool) or not isinstance(amount, int):
            try:
                amount = amount.__index__()  # type: ignore[union-attr]
            except (AttributeError, TypeError):
                raise IllegalActionError(
                    p, what, f"give the total to {action} to as a whole number of chips"
                ) from None
        lo, hi, why = self._wager_bounds(p)
        if not hi:
            raise IllegalActionError(p, what, why)
        if not lo <= amount <= hi:
            span = str(lo) if lo == hi else f"{lo}..{hi}"
            limit = _KIND_NAME[self._kind]
            raise IllegalActionError(p, what, f"a {action} here is to {span} ({limit})")
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
        if self._kind == FIXED_LIMIT:
            # a full bet, or an all-in of at least half a bet, counts as a bet (half-bet rule)
            if 2 * (amount - self._level) >= self._bet_size:
                self._level = amount
                self._n_bets += 1
                if self._cap is not None and self._n_bets >= self._cap and self._n_live > 2:
                    self._capped = True
        elif amount - bet_to >= self._min_raise:
            self._min_raise = amount - bet_to
        self._bet_to = amount
        self._log.append((action, p, pay, amount, (), (), all_in, ""))
        self._advance(p)

    # ----------------------------------------------------------- progression

    def _advance(self, p: int) -> None:
        """Give the turn to the next seat clockwise from ``p`` that must act, or end the round."""
        n = self._n
        status, bet, acted, bet_to = self._status, self._bet, self._acted, self._bet_to
        # a lone live player who has matched the bet has nobody to bet against
        lone = self._n_live < 2
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
                self._showdown()
                return
            street += 1
            lo, hi = _BOARD_SLICES[street]
            self._board_n = hi
            log.append((STREETS[street], -1, 0, 0, self._deck_board[lo:hi], (), False, ""))
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
            self._bet_size = self._small_bet if street < 2 else self._big_bet
            if self._n_live >= 2:
                self._hu_round = self._n_live <= 2
                self._advance(self._button)
                return

    def _award_uncontested(self) -> None:
        """Everyone else folded: the last seat takes the pot, uncalled chips back."""
        n = self._n
        w = next(s for s in range(n) if self._status[s] in (_LIVE, _ALLIN))
        contrib = self._contrib
        second = max(contrib[s] for s in range(n) if s != w)
        back = contrib[w] - second if contrib[w] > second else 0
        total = self._pot
        log = self._log
        if back:
            log.append(("uncalled", w, back, 0, (), (), False, ""))
        log.append(("pot", -1, total - back, 0, (), (w,), False, ""))
        log.append(("collect", w, total - back, 0, (), (), False, ""))
        payouts = [0] * n
        payouts[w] = total
        uncalled = [0] * n
        uncalled[w] = back
        self._finish(payouts, uncalled, None)

    def _showdown(self) -> None:
        from ..showdown import showdown

        n = self._n
        status = self._status
        holes = [self._holes[s] if status[s] == _LIVE or status[s] == _ALLIN else None for s in range(n)]
        folded = [s for s in range(n) if status[s] == _FOLDED]
        kwargs: dict[str, Any] = {}
        if self._odd_chips is not None:
            kwargs["odd_chips"] = self._odd_chips
        res = showdown(
            self._deck_board,
            holes,
            contributions=list(self._contrib),
            folded=folded,
            button=self._button,
            last_aggressor=self._last_aggr if self._last_aggr >= 0 else None,
            **kwargs,
        )
        log = self._log
        for s in res.show_order:
            log.append(("show", s, 0, 0, self._holes[s], (), False, ""))
        uncalled = [int(x) for x in res.uncalled]
        for s in range(n):
            if uncalled[s]:
                log.append(("uncalled", s, uncalled[s], 0, (), (), False, ""))
        for i, pot in enumerate(res.pots):
            log.append(("pot", -1, pot.amount, i, (), pot.eligible, False, ""))
            for s, chips in enumerate(pot.awards):
                if chips:
                    log.append(("award", s, chips, i, (), (), False, _half(pot, s)))
        payouts = [int(x) for x in res.payouts]
        for s in range(n):
            won = payouts[s] - uncalled[s]
            if won:
                log.append(("collect", s, won, 0, (), (), False, ""))
        self._finish(payouts, uncalled, res)

    def _finish(self, payouts: list[int], uncalled: list[int], showdown: Any) -> None:
        n = self._n
        stack = self._stack
        for s in range(n):
            stack[s] += payouts[s]
        contrib = self._contrib
        won = tuple(payouts[s] - uncalled[s] for s in range(n))
        self._result = HandResult(
            payouts=tuple(payouts),
            net=tuple(payouts[s] - contrib[s] for s in range(n)),
            stacks=tuple(stack),
            uncalled=tuple(uncalled),
            won=won,
            pot=sum(won),
            board=self._deck_board[: self._board_n],
            showdown=showdown,
        )
        self._pot = 0
        self._street = 4
        self._actor = -1
        if self._on_finish is not None:
            self._on_finish(self)


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
