"""A table: seats with stacks, a button that moves, and hand after hand.

>>> from omaha8.game import Table, PotLimit
>>> table = Table([200, 200, 200], PotLimit(1, 2), seed=7)
>>> hand = table.new_hand()
>>> while not hand.is_over:
...     hand.act("fold" if hand.legal_actions().call else "check")
>>> table.button, sum(table.stacks), table.hands_played
(1, 600, 1)
>>> Table([200, 500], PotLimit(1, 2))
Traceback (most recent call last):
...
omaha8.game.table.BuyInError: stacks[1] = 500, more than the maximum buy-in of 200
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Union

from .._support._args import brief, check_int, check_seed, is_int
from ..cards import CardsLike
from ..errors import ArgumentTypeError, BuyInError, ChipError, ShapeError
from .arguments import _chip_list, check_game, check_odd_chips, check_rake
from .errors import GameError
from .hand import Hand
from .rake import RakePolicy
from .structures import FixedLimit, MixedGame, NoLimit, PotLimit, Structure

__all__ = ["Table", "BuyInError", "DEFAULT"]


def _limit(value: object, name: str) -> int | None:
    """A buy-in limit: None or a whole number of chips."""
    if value is None:
        return None
    return check_int(value, name, minimum=0, type_error=BuyInError, value_error=BuyInError)


class _Default:
    def __repr__(self) -> str:
        return "DEFAULT"


#: The structure's own buy-in limit (100 big blinds for pot and no limit, none for limit).
DEFAULT: Any = _Default()


class Table:
    """Seats with stacks playing hand after hand.

    Parameters
    ----------
    stacks
        Chips of each seat, clockwise (0: an empty seat).
    structure
        :class:`FixedLimit`, :class:`PotLimit`, :class:`NoLimit` or a
        :class:`MixedGame` that switches between pot limit and limit.
    button
        The first hand's button seat (it must have chips).
    variant
        4 or 5 hole cards (None: the game's).
    game
        ``"omaha"`` or ``"courchevel"`` (five hole cards, the first flop
        card face up before the pre-flop betting).
    seed
        Seeds the table's shuffles: the same seed and actions give the same
        hands.
    max_buy_in, min_buy_in
        Limits on a seat's stack when chips are brought (at the start and by
        :meth:`add_chips`); winnings may take a stack past the maximum.
        ``max_buy_in`` defaults to the structure's (100 big blinds for pot
        and no limit, none for limit); None removes it.
    odd_chips
        An :class:`omaha8.OddChipPolicy` for every showdown (None: the
        cardroom default); anything else is refused here.
    rake
        A :class:`~omaha8.game.RakePolicy` for every hand (None: no rake).

    Notes
    -----
    After each hand the button moves to the next seat clockwise that has
    chips; seats without chips sit out (no dead button is kept).
    """

    def __init__(
        self,
        stacks: Sequence[int],
        structure: Union[Structure, MixedGame],
        *,
        button: int = 0,
        variant: int | None = None,
        seed: int | None = None,
        max_buy_in: int | None = DEFAULT,
        min_buy_in: int | None = None,
        odd_chips: Any = None,
        rake: RakePolicy | None = None,
        game: str = "omaha",
    ) -> None:
        if not isinstance(structure, (FixedLimit, PotLimit, NoLimit, MixedGame)):
            raise ArgumentTypeError(
                f"structure must be FixedLimit, PotLimit, NoLimit or MixedGame, not {type(structure).__name__}"
            )
        self._game = structure
        self._stacks = _chip_list(stacks, "stacks")
        self._play, variant, _ = check_game(game, variant, 1)
        if not 2 <= len(self._stacks) <= 10:
            raise ShapeError(f"a {int(variant)}-card table has 2 to 10 seats, got {len(self._stacks)}")
        self._max = structure.max_buy_in if max_buy_in is DEFAULT else _limit(max_buy_in, "max_buy_in")
        self._min = _limit(min_buy_in, "min_buy_in")
        for s, chips in enumerate(self._stacks):
            if chips:
                self._check_buy_in(f"stacks[{s}] = {chips}", chips)
        button = check_int(button, "button", minimum=0, maximum=len(self._stacks) - 1,
                           type_error=GameError, value_error=GameError)
        if self._stacks[button] == 0:
            raise GameError(f"button seat {button} has no chips")
        self._button = button
        self._variant = int(variant)
        self._rng = random.Random(check_seed(seed))
        self._odd_chips = check_odd_chips(odd_chips)
        self._rake = check_rake(rake)
        self._hand: Hand | None = None
        self._played = 0
        # mixed game: which half is playing and how many hands it has left
        self._pot_limit_phase = True
        self._phase_left = 0

    def _check_buy_in(self, what: str, chips: int) -> None:
        if self._max is not None and chips > self._max:
            raise BuyInError(f"{what}, more than the maximum buy-in of {self._max}")
        if self._min is not None and chips < self._min:
            raise BuyInError(f"{what}, less than the minimum buy-in of {self._min}")

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each seat's chips between hands (the stacks a running hand started with)."""
        return tuple(self._stacks)

    @property
    def button(self) -> int:
        """The button's seat for the next (or running) hand."""
        return self._button

    @property
    def hands_played(self) -> int:
        """Finished hands."""
        return self._played

    @property
    def game(self) -> Union[Structure, MixedGame]:
        """The structure the table was created with."""
        return self._game

    @property
    def max_buy_in(self) -> int | None:
        """The largest stack a buy-in may make (None: no limit)."""
        return self._max

    @property
    def hand(self) -> Hand | None:
        """The running hand, if any."""
        return self._hand if self._hand is not None and not self._hand.is_over else None

    def _structure(self) -> Structure:
        game = self._game
        if not isinstance(game, MixedGame):
            return game
        if self._phase_left == 0:
            if self._played:
                self._pot_limit_phase = not self._pot_limit_phase
            per = game.hands_per_game
            self._phase_left = per if per is not None else sum(1 for c in self._stacks if c > 0)
        return game.pot_limit if self._pot_limit_phase else game.fixed_limit

    @property
    def next_structure(self) -> Structure:
        """The structure the next hand will be played with."""
        game = self._game
        if not isinstance(game, MixedGame):
            return game
        if self._phase_left == 0 and self._played:
            return game.fixed_limit if self._pot_limit_phase else game.pot_limit
        return game.pot_limit if self._pot_limit_phase else game.fixed_limit

    def new_hand(self, *, holes: Sequence[CardsLike | None] | None = None, board: CardsLike | None = None) -> Hand:
        """Post the blinds and deal the next hand.

        Parameters
        ----------
        holes, board
            Optional cards to deal (see :class:`Hand`); the rest come from
            the table's seeded shuffle.

        Raises
        ------
        GameError
            The previous hand is not over (or not settled: a policy failed,
            see :meth:`Hand.settle`), or fewer than two seats have chips.
        """
        if self._hand is not None and not self._hand.is_over:
            error = self._hand.settlement_error
            if error is not None:
                raise GameError(
                    f"the previous hand is not settled ({error}): retry with table.hand.settle(), "
                    "with other policies if need be"
                )
            raise GameError("the previous hand is not over")
        structure = self._structure()
        hand = Hand(
            self._stacks,
            structure,
            button=self._button,
            variant=self._variant,
            holes=holes,
            board=board,
            rng=self._rng,
            odd_chips=self._odd_chips,
            rake=self._rake,
            on_finish=self._finished,
            game=self._play,
        )
        if isinstance(self._game, MixedGame):
            self._phase_left -= 1
        self._hand = hand
        return hand

    def _finished(self, hand: Hand) -> None:
        stacks = self._stacks
        stacks[:] = hand.result.stacks
        self._played += 1
        n = len(stacks)
        for step in range(1, n + 1):
            seat = (self._button + step) % n
            if stacks[seat] > 0:
                self._button = seat
                break

    def add_chips(self, seat: int, chips: int) -> None:
        """Bring ``chips`` more to ``seat`` between hands, within the buy-in limits.

        >>> from omaha8.game import NoLimit
        >>> table = Table([100, 0, 150], NoLimit(1, 2))
        >>> table.add_chips(1, 120)
        >>> table.stacks
        (100, 120, 150)
        >>> table.add_chips(2, 60)
        Traceback (most recent call last):
        ...
        omaha8.game.table.BuyInError: seat 2 would have 210, more than the maximum buy-in of 200
        """
        if self._hand is not None and not self._hand.is_over:
            raise GameError("chips can only be added between hands")
        seat = check_int(seat, "seat", minimum=0, maximum=len(self._stacks) - 1,
                         type_error=GameError, value_error=GameError)
        chips = check_int(chips, "chips", minimum=1, type_error=ChipError, value_error=ChipError)
        total = self._stacks[seat] + chips
        self._check_buy_in(f"seat {seat} would have {total}", total)
        self._stacks[seat] = total

    def __repr__(self) -> str:
        return f"<Table {len(self._stacks)} seats, {self._game.name}, button {self._button}, stacks {self._stacks}>"
