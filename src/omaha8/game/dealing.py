"""Dealing a hand: the shuffle, given hole cards and board, the blinds and posts, the pre-flop opening.

Posts as a file gives them: the small blind on seat 1, the big blind on seat 2,
and the pre-flop action opens on the seat after the big blind:

>>> from omaha8.game import Hand, NoLimit, Post
>>> hand = Hand([100, 100, 100], NoLimit(1, 2), seed=3,
...             posts=[Post(1, "small_blind", 1), Post(2, "big_blind", 2)])
>>> hand.bets, hand.pot, hand.actor
((0, 1, 2), 3, 0)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

import numpy as np

from .._support._args import brief, check_int
from ..cards import CardsLike, format_card, format_cards, parse_cards
from ..errors import ChipError, DuplicateCardError, ShapeError
from .errors import GameError
from .events import POST_KINDS, BoardDealt, Post, Posted
from .state import ALLIN as _ALLIN
from .state import HOLES_DEALT, HandState
from .state import LIVE as _LIVE
from .state import OUT as _OUT

__all__: list[str] = []

_LIVE_POSTS = ("small_blind", "big_blind")
_DECK = tuple(range(52))
_NO_CARDS: frozenset[int] = frozenset()


def _draw(rng: random.Random, cards: list[int], k: int) -> tuple[int, ...]:
    """The first ``k`` cards of a Fisher-Yates shuffle of ``cards`` (shuffled in place)."""
    rand = rng.random
    n = len(cards)
    i = 0
    for left in range(n, n - k, -1):
        # a float draw: far faster than randrange, with a bias below 2**-46
        j = i + int(rand() * left)
        cards[i], cards[j] = cards[j], cards[i]
        i += 1
    return tuple(cards[:k])


def _id_tuple(cards: object) -> tuple[int, ...] | None:
    """``cards`` as they are when they are a tuple of plain card ids (0..51), else None (to be parsed).

    Replays of real hands give the cards a reader already checked as such tuples: taking them as they
    are saves turning them into text and back; duplicates are still refused by the caller.
    """
    if type(cards) is not tuple:
        return None
    for c in cards:
        if type(c) is not int or not 0 <= c < 52:
            return None
    return cards


class _Dealing(HandState):
    """The setup of a hand: who is dealt what, and the chips posted before the action."""

    __slots__ = ()

    def _deal(
        self,
        holes: Sequence[CardsLike | None] | None,
        board: CardsLike | None,
        rng: random.Random,
        boards: Sequence[CardsLike] | None = None,
    ) -> list[int]:
        n, k = self._n, self._variant
        # deal clockwise from the seat left of the button
        status = self._status
        order = [s for s in self._after[self._button] if status[s]]
        m = len(order)
        hole_of: list[tuple[int, ...] | None] = [None] * n
        # the given boards of later runs: their cards are out of the shuffle too
        run_cards = {c for run in boards for c in (_id_tuple(run) or parse_cards(run, name="boards").tolist())} if (
            boards and not isinstance(boards, (str, bytes))) else _NO_CARDS
        if holes is None and board is None and not run_cards:
            deck = _draw(rng, list(_DECK), m * k + 5)
            end = m * k
            for i, s in enumerate(order):
                hole_of[s] = deck[i:end:m]
            self._deck_board = deck[end:]
        else:
            given_board, given = self._given_cards(holes, board)
            used = set(given_board) | run_cards
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
            self._deck_board = given_board + deck[at:]
        self._holes = tuple(hole_of)
        self._board_n = 0
        self._run_boards = ()
        if self._runs > 1:
            self._run_boards = self._deal_runs(hole_of, boards, rng)
        elif boards:
            raise ShapeError(f"boards gives {len(boards)} more boards for a hand run once (runs=1)")
        return order

    def _deal_runs(self, holes: list[tuple[int, ...] | None], boards: Sequence[CardsLike] | None,
                   rng: random.Random) -> tuple[tuple[int, ...], ...]:
        """The boards of runs 2..: given (the cards after those they share with the first board are their
        own), or drawn from what is left of the deck; five cards each."""
        if boards is not None and (isinstance(boards, (str, bytes)) or len(boards) > self._runs - 1):
            raise ShapeError(f"boards holds the boards of runs 2..{self._runs}, not {brief(boards)}")
        first = self._deck_board
        used = set(first)
        for cards in holes:
            if cards is not None:
                used.update(cards)
        out = []
        for r in range(self._runs - 1):
            if boards is not None and r < len(boards):
                run = _id_tuple(boards[r]) or tuple(parse_cards(boards[r], name=f"boards[{r}]").tolist())
                if len(run) != 5:
                    raise ShapeError(f"boards[{r}] has {len(run)} cards; a run's board has 5")
                shared = 0
                while shared < 5 and run[shared] == first[shared]:
                    shared += 1
                own = set(run[shared:])
                if own & used or len(own) != 5 - shared:
                    raise DuplicateCardError(f"boards[{r}] deals a card already dealt: {format_cards(run[shared:])}")
            else:
                run = _draw(rng, [c for c in _DECK if c not in used], 5)
                own = set(run)
            used |= own
            out.append(run)
        return tuple(out)

    def _given_cards(
        self, holes: Sequence[CardsLike | None] | None, board: CardsLike | None
    ) -> tuple[tuple[int, ...], list[tuple[int, ...] | None]]:
        """Parse and check explicit holes and board: counts, seats, duplicates."""
        n, k = self._n, self._variant
        given: list[tuple[int, ...] | None] = [None] * n
        # each card's place as (argument, index): the text is written only for the error
        where: dict[int, tuple[str, int]] = {}

        def claim(cards: tuple[int, ...], place: str) -> None:
            for i, c in enumerate(cards):
                if c in where:
                    first, at = where[c]
                    raise DuplicateCardError(
                        f"card {format_card(c)!r} appears twice: {first}[{at}] and {place}[{i}]"
                    )
                where[c] = (place, i)

        board_cards: tuple[int, ...] = ()
        if board is not None:
            ids = _id_tuple(board)
            # an empty tuple is a board of no cards too, not text to parse
            board_cards = ids if ids is not None else tuple(parse_cards(board, name="board").tolist())
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
                cards = _id_tuple(entry)
                if cards is None:
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
        stack, status, bet, contrib = self._stack, self._status, self._bet, self._contrib
        pot = 0
        for seat, amount, kind in ((sb_seat, self._sb, "small_blind"), (bb_seat, self._bb, "big_blind")):
            have = stack[seat]
            pay = amount if amount < have else have
            stack[seat] = have - pay
            bet[seat] = contrib[seat] = pay
            pot += pay
            all_in = pay == have
            if all_in:
                status[seat] = _ALLIN
                self._n_live -= 1
            log.append((Posted, kind, seat, pay, pay, all_in))
        self._pot = pot
        self._open_preflop(order, self._bb, bb_seat)

    def _checked_posts(self, posts: Sequence[Post]) -> tuple[Post, ...]:
        """``posts`` as a tuple of :class:`Post` with plain ints, each naming a seat in the hand."""
        if isinstance(posts, (str, bytes)) or not isinstance(posts, Iterable):
            raise GameError(f"posts must be a sequence of Post(seat, kind, amount), not {brief(posts)}")
        out = []
        n, status = self._n, self._status
        for i, post in enumerate(posts):
            if type(post) is Post:
                seat, kind, amount = post
                if (type(seat) is int and 0 <= seat < n and status[seat] != _OUT and type(kind) is str
                        and kind in POST_KINDS and type(amount) is int and amount >= 1):
                    # already what the checks below make of it (a replay's posts): kept as it is
                    out.append(post)
                    continue
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
        self._log.append(HOLES_DEALT)  # every seat in ``order`` dealt its cards
        if self._game == "courchevel":
            # the first flop card is dealt face up before the pre-flop betting
            self._board_n = 1
            self._log.append((BoardDealt, "upcard", self._deck_board[:1]))
        self._street = 0
        self._bet_to = to_call
        self._min_raise = self._bb
        self._bet_size = self._bb if self._big_bet else self._structure.bet_size(0)
        # a big blind of one small bet is the round's first bet; a smaller one is completed
        full = to_call >= self._bet_size
        self._level = to_call if full else 0
        self._n_bets = 1 if full else 0
        self._capped = False
        self._hu_round = self._n_live <= 2
        self._actor = -1
        self._advance(anchor)
