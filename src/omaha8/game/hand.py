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

import random
from collections.abc import Callable, Sequence
from typing import Any

from .._support._args import brief, check_int, check_seed, is_int
from ..cards import CardsLike
from ..errors import ArgumentTypeError, ChipError, ShapeError
from .arguments import _chip_list, check_game, check_odd_chips, check_rake
from .dealing import _Dealing
from .errors import GameError, IllegalActionError
from .events import ACTIONS, POST_KINDS, STREETS, Bet, Call, Check, Fold, Post, Raise
from .hand_history import HandHistory
from .rake import RakePolicy
from .results import HandResult, LegalActions, PotResult
from .state import AFTER as _AFTER
from .state import ALLIN as _ALLIN
from .state import FOLDED as _FOLDED
from .state import LIVE as _LIVE
from .state import OUT as _OUT
from .state import HandView
from .streets import _Streets
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

# most seats dealt in: 10 * 4 + 5 and 9 * 5 + 5 cards fit in a deck of 52
_MAX_DEALT = {4: 10, 5: 9}
_new_tuple = tuple.__new__


class Hand(_Dealing, _Streets, HandView):
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
        Hole cards per player: 4 (Omaha Hi/Lo) or 5 (5-card Omaha Hi/Lo, and
        Courchevel); None: the game's.
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
    game
        ``"omaha"`` (default) or ``"courchevel"``: Courchevel Hi/Lo deals five
        hole cards and the first flop card face up before the pre-flop
        betting (docs/rules.md).
    runs, boards
        Run it more than once: when the betting ends with board cards to
        come, the rest of the board is dealt ``runs`` times (1 to 4) and every
        pot is split equally between the boards, the first boards taking the
        odd chips, each board's share split high/low on its own.
        ``boards``: optional boards of runs 2.. (five cards each, the cards
        dealt before the runs began as on the first board).

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

    __slots__ = ()

    def __init__(
        self,
        stacks: Sequence[int],
        structure: Structure,
        *,
        button: int = 0,
        variant: int | None = None,
        holes: Sequence[CardsLike | None] | None = None,
        board: CardsLike | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
        odd_chips: Any = None,
        on_finish: Callable[[Hand], None] | None = None,
        posts: Sequence[Post] | None = None,
        rake: RakePolicy | None = None,
        game: str = "omaha",
        runs: int = 1,
        boards: Sequence[CardsLike] | None = None,
    ) -> None:
        if not isinstance(structure, (FixedLimit, PotLimit, NoLimit)):
            raise ArgumentTypeError(
                f"structure must be FixedLimit, PotLimit or NoLimit, not {type(structure).__name__}"
                + (" (a Table plays a MixedGame hand by hand)" if type(structure).__name__ == "MixedGame" else "")
            )
        if variant is None and game == "omaha" and type(runs) is int and runs == 1:
            variant = 4  # the usual hand, as check_game gives it without being called
        elif game != "omaha" or runs != 1 or variant is None or type(variant) is not int or variant not in (4, 5):
            game, variant, runs = check_game(game, variant, runs)
        stack = _chip_list(stacks, "stacks")
        n = len(stack)
        if not 2 <= n <= 10:
            raise ShapeError(f"a {variant}-card table has 2 to 10 seats, got {n}")
        status = [_LIVE if c > 0 else _OUT for c in stack]
        n_seated = n - status.count(_OUT)
        if n_seated < 2:
            raise ChipError(f"a hand needs at least two seats with chips, got stacks {brief(stack)}")
        if n_seated > _MAX_DEALT[variant]:
            raise ShapeError(
                f"a {variant}-card hand deals at most {_MAX_DEALT[variant]} seats, got {n_seated} seats with chips"
            )
        if type(button) is not int or not 0 <= button < n:
            button = check_int(button, "button", minimum=0, maximum=n - 1, type_error=GameError,
                               value_error=GameError)
        if seed is not None:
            seed = check_seed(seed)
        if rng is not None and not isinstance(rng, random.Random):
            raise ArgumentTypeError(f"rng must be a random.Random, not {type(rng).__name__} {brief(rng)}")
        if on_finish is not None and not callable(on_finish):
            raise ArgumentTypeError(f"on_finish must be callable, not {type(on_finish).__name__}")

        self._n = n
        self._after = _AFTER[n]
        self._structure = structure
        self._sb = structure.small_blind
        self._bb = structure.big_blind
        self._cap = structure.cap if isinstance(structure, FixedLimit) else None
        self._pot_limit = type(structure) is PotLimit
        self._big_bet = type(structure) is PotLimit or type(structure) is NoLimit
        self._variant = variant
        self._game, self._runs, self._run_from = game, runs, -1
        self._button = button
        self._start = tuple(stack)
        self._stack = stack
        self._bet = [0] * n
        self._contrib = [0] * n
        self._dead = [0] * n  # dead blinds: money in the main pot, outside every bet and pot level
        self._status = status
        self._acted = [False] * n
        self._odd_chips = None if odd_chips is None else check_odd_chips(odd_chips)
        self._rake = None if rake is None else check_rake(rake)
        self._posts = None if posts is None else self._checked_posts(posts)
        self._on_finish = on_finish
        self._result = None
        self._settle_error = None
        self._legal = None
        # each event as its class and arguments, built when the history is read: a hand played without
        # reading its history never pays for the event objects
        self._log = []
        self._n_in = self._n_live = n_seated
        self._pot = 0
        self._last_aggr = -1

        if rng is None:
            rng = random.Random(seed)
        order = self._deal(holes, board, rng, boards)
        if self._posts is None:
            self._post_blinds(order)
        else:
            self._post_given(order, self._posts)

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
            variant=self._variant, structure=self._structure, stacks=self._start, button=self._button,
            holes=self._holes, board=self._deck_board[: self._board_n],
            events=tuple([entry[0](*entry[1:]) for entry in self._log_entries()]),
            odd_chips=self._odd_chips, posts=self._posts, rake=self._rake, game=self._game, runs=self._runs,
            boards=self.boards[1:],
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
        bet, stack = self._bet, self._stack
        mine = bet[p]
        bet_to = self._bet_to
        all_in_to = mine + stack[p]
        if all_in_to <= bet_to:
            return 0, 0, f"it has {stack[p]} chips, not more than the {bet_to - mine} to call"
        # a raise needs someone who could put in more than the current bet
        status = self._status
        for q in self._after[p]:
            if status[q] == _LIVE and bet[q] + stack[q] > bet_to and q != p:
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
        legal = self._legal
        if legal is not None:
            return legal
        bet, stack = self._bet, self._stack
        mine = bet[p]
        have = stack[p]
        bet_to = self._bet_to
        owe = bet_to - mine if self._n_live != 1 else self._owe(p)
        # _wager_bounds written out without its reasons (asked before every action; its twin, which says why
        # a wager is refused, gives the same bounds: tests/game/test_game_legal_fast.py)
        lo = hi = 0
        all_in_to = mine + have
        if all_in_to > bet_to:
            status = self._status
            for q in self._after[p]:
                if status[q] == _LIVE and bet[q] + stack[q] > bet_to and q != p:
                    structure = self._structure
                    pot_limit, min_raise = self._pot_limit, self._min_raise
                    if self._acted[p]:
                        # an all-in for less than a full raise does not reopen the betting for those who acted
                        # (pot limit's reopen_refusal written out: a full raise reopens)
                        if pot_limit:
                            if bet_to - mine < min_raise:
                                break
                        elif structure.reopen_refusal(bet_to - mine, min_raise, self._bet_size):
                            break
                    cap = self._cap
                    if (cap is not None and self._n_bets >= cap
                            and structure.cap_holds(self._capped, self._n_live, self._hu_round)):
                        break
                    if pot_limit:
                        # PotLimit.wager_range written out: a full raise up to the bet plus the pot after
                        # calling, or all-in
                        lo = bet_to + min_raise
                        if lo > all_in_to:
                            lo = all_in_to
                        hi = bet_to + self._pot + bet_to - mine
                        if hi < lo:
                            hi = lo
                        elif hi > all_in_to:
                            hi = all_in_to
                    else:
                        lo, hi = structure.wager_range(bet_to, bet_to - mine, all_in_to, self._pot,
                                                       min_raise, self._level, self._bet_size)
                    break
        # built as the tuple it is: the named tuple's own constructor is a Python function
        legal = self._legal = _new_tuple(LegalActions, (p, owe if owe < have else have, lo, hi, bet_to > 0))
        return legal

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
        if seat is not None and (type(seat) is not int or seat != p):
            # False, 0.0 and Decimal(0) equal 0 but are not seat numbers
            if not is_int(seat):
                raise IllegalActionError(None, action, f"seat must be a seat number, not {brief(seat)}")
            if seat != p:
                raise IllegalActionError(int(seat), action, f"it is seat {p}'s turn")
        legal = self._legal
        if legal is not None:
            # the actions the engine offered this turn, applied without checking them again: a call adds
            # legal.call, a check needs it at most 0, a wager is a plain int in min_to..max_to
            if amount is None:
                if action == "call":
                    if legal[1] > 0:
                        self._apply_call(p, legal[1])
                        return
                elif action == "check":
                    if legal[1] <= 0:
                        self._acted[p] = True
                        self._log.append((Check, p, self._bet[p]))
                        self._advance(p)
                        return
            elif (type(amount) is int and legal[3] and legal[2] <= amount <= legal[3]
                  and (action == "raise" if legal[4] else action == "bet")):
                self._apply_wager(p, action, amount, self._bet[p], self._bet_to)
                return
        if action == "fold":
            if amount is not None:
                raise IllegalActionError(p, f"fold {brief(amount)}", "a fold takes no amount")
            self._status[p] = _FOLDED
            self._acted[p] = True
            self._n_live -= 1
            self._n_in -= 1
            self._log.append((Fold, p, self._bet[p]))
            if self._n_in == 1:
                self._settle()
            else:
                self._advance(p)
            return
        mine = self._bet[p]
        bet_to = self._bet_to
        owe = bet_to - mine if self._n_live != 1 else self._owe(p)
        if action == "call":
            if owe <= 0:
                raise IllegalActionError(p, "call", "there is no bet to call; check instead")
            stack = self._stack
            have = stack[p]
            pay = owe if owe < have else have
            if amount is not None and (type(amount) is not int and not is_int(amount) or amount != pay):
                raise IllegalActionError(p, f"call {brief(amount)}", f"calling adds {pay} chips")
            self._apply_call(p, pay)
        elif action == "check":
            if amount is not None:
                raise IllegalActionError(p, f"check {brief(amount)}", "a check takes no amount")
            if owe > 0:
                raise IllegalActionError(p, "check", f"there is a bet of {owe} to call")
            self._acted[p] = True
            self._log.append((Check, p, mine))
            self._advance(p)
        elif action == "bet" or action == "raise":
            self._wager(p, action, amount, mine, bet_to)
        else:
            raise IllegalActionError(
                p, brief(action), f"the action must be one of {', '.join(ACTIONS)}"
            )

    def _wager(self, p: int, action: str, amount: int | None, mine: int, bet_to: int) -> None:
        if action == "bet" and bet_to > 0:
            raise IllegalActionError(
                p, _wager_text(action, amount), f"there is already a bet of {bet_to}; raise instead"
            )
        if action == "raise" and bet_to == 0:
            raise IllegalActionError(p, _wager_text(action, amount), "there is no bet to raise; bet instead")
        if type(amount) is not int and not is_int(amount):
            raise IllegalActionError(
                p, _wager_text(action, amount), f"give the total to {action} to as a whole number of chips"
            )
        given, amount = amount, int(amount)  # type: ignore[arg-type]
        legal = self._legal
        if legal is not None:
            lo, hi = legal.min_to, legal.max_to
        else:
            lo, hi, _ = self._wager_bounds(p)
        if not hi:
            raise IllegalActionError(p, _wager_text(action, given), self._wager_bounds(p)[2])
        if not lo <= amount <= hi:
            span = str(lo) if lo == hi else f"{lo}..{hi}"
            limit = self._structure.kind.label
            rule = self._wager_rule(p, action, amount, lo, hi)
            raise IllegalActionError(p, _wager_text(action, given), f"a {action} here is to {span} ({limit}): {rule}")
        self._apply_wager(p, action, amount, mine, bet_to)

    def _apply_call(self, p: int, pay: int) -> None:
        """Seat ``p`` calls, adding ``pay`` chips (all it has, or what it owes); the call is legal."""
        stack = self._stack
        have = stack[p]
        stack[p] = have - pay
        bet = self._bet
        to = bet[p] = bet[p] + pay
        self._contrib[p] += pay
        self._pot += pay
        self._acted[p] = True
        all_in = pay == have
        if all_in:
            self._status[p] = _ALLIN
            self._n_live -= 1
        self._log.append((Call, p, pay, to, all_in))
        self._advance(p)

    def _apply_wager(self, p: int, action: str, amount: int, mine: int, bet_to: int) -> None:
        """Seat ``p`` bets or raises to ``amount`` (a plain int); the wager is legal."""
        pay = amount - mine
        stack = self._stack
        left = stack[p] = stack[p] - pay
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
        if not self._big_bet and self._structure.counts_as_bet(amount - self._level, self._bet_size):
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


def _wager_text(action: str, amount: Any) -> str:
    """A refused bet or raise as the player gave it (built only for the error: the hot path never needs it)."""
    if amount is None:
        return action
    return f"{action} to {brief(amount)}" if action == "raise" else f"{action} {brief(amount)}"
