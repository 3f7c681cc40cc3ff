"""All-in EV: what each pot was worth to each player when the money went in.

For a hand where a player is all-in before the river and every live hand
is known, each pot (the main pot and every side pot, as the replay cut them,
less the rake the site took from it) is valued at the moment the last bet
was called: by exact hi/lo equity over every way the board can be completed,
among only that pot's eligible players, with every other card the file
shows (other players' hands, also those not eligible for that pot, and
cards of players who folded) out of the deck. A player's all-in EV net is
``sum over pots of (pot value x equity) - contribution``, beside the actual
net; the high and low parts are given separately.

:func:`pot_equity` is the exact enumeration: every completion of the board
goes through the split kernel of :func:`omaha8.pot_shares`, which gives each
hand's part of the pot won by its high and by its low. Its total equals
:func:`omaha8.equity`'s, which the tests compare it with.

>>> from omaha8.histories import read_pokerstars
>>> ev = next(read_pokerstars("tests/data/hh/allin_ev_turn.txt")).allin_ev()
>>> ev.street, [(p.name, p.net, p.ev_high, p.ev_low, p.ev_net) for p in ev.players]
('turn', [('Kai', 0, 0.0, 400.0, -600.0), ('Lia', 0, 1600.0, 0.0, 600.0)])
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from .._support._args import brief
from .._support._threads import threads_for
from ..errors import ArgumentError
from ..game import Hand
from ..pots._batch import check_shapes, split_deals
from .records import STREET_NAMES, RecordData
from .replay import ReplayDiscrepancy, replayed

__all__ = ["PotEV", "PlayerEV", "AllInEV", "allin_ev", "pot_equity"]

_BOARD_AT = (0, 3, 4, 5)


@dataclass(frozen=True, slots=True)
class PotEV:
    """One pot: its chips after rake, the players eligible for it, and each one's (high, low) equity in chips."""

    amount: int
    rake: int
    eligible: tuple[str, ...]
    shares: tuple[tuple[float, float], ...]


@dataclass(frozen=True, slots=True)
class PlayerEV:
    """One player: contribution, actual net, all-in EV of the high and low halves (chips), and the EV net."""

    name: str
    contributed: int
    net: int
    ev_high: float
    ev_low: float
    ev_net: float

    @property
    def ev_net_chips(self) -> int:
        """The EV net rounded to a whole chip (half away from zero)."""
        return int(math.copysign(math.floor(abs(self.ev_net) + 0.5), self.ev_net))


@dataclass(frozen=True, slots=True)
class AllInEV:
    """All-in EV of one hand: the street the last bet was called on, the board then, the pots and the players."""

    hand_id: str
    street: str
    board: tuple[int, ...]
    pots: tuple[PotEV, ...]
    players: tuple[PlayerEV, ...]

    def player(self, name: str) -> PlayerEV:
        """The :class:`PlayerEV` of ``name``."""
        for item in self.players:
            if item.name == name:
                return item
        raise ArgumentError(f"hand {self.hand_id} has no player {brief(name)}")


def pot_equity(
    holes: Sequence[tuple[int, ...]], board: Sequence[int], dead: Sequence[int] = ()
) -> list[tuple[float, float]]:
    """Each hand's exact (high, low) share of one pot over every completion of ``board``.

    The pot is halved between the best high and the best low (the high takes
    it all when nobody has a low); ties share a half equally. The two
    numbers of a hand add up to its equity.

    >>> from omaha8 import parse_cards
    >>> hands = [tuple(parse_cards("As Ad 2c 3d")), tuple(parse_cards("Ks Kd Qh Jh"))]
    >>> [(round(h, 4), round(l, 4)) for h, l in pot_equity(hands, tuple(parse_cards("Ac Kc 4h 5s")))]
    [(0.4375, 0.5), (0.0625, 0.0)]
    """
    used = set(board) | set(dead)
    for hole in holes:
        used.update(hole)
    deck = [c for c in range(52) if c not in used]
    missing = 5 - len(board)
    n_boards = math.comb(len(deck), missing)
    players = len(holes)
    if missing:
        picks = np.asarray(deck, dtype=np.uint8)[lex_combinations(len(deck), missing)]
        boards = np.empty((n_boards, 5), dtype=np.uint8)
        boards[:, : len(board)] = np.asarray(board, dtype=np.uint8)
        boards[:, len(board):] = picks
    else:
        boards = np.asarray([board], dtype=np.uint8)
    hole_array = np.ascontiguousarray(np.broadcast_to(np.asarray(holes, dtype=np.uint8), (n_boards, players, len(holes[0]))))
    # the pot's split on each board, by the one hi/lo rule of the split kernel
    high_share = np.empty((n_boards, players), dtype=np.float64)
    low_share = np.empty((n_boards, players), dtype=np.float64)
    check_shapes(hole_array, boards)
    split_deals(hole_array, boards, None, threads_for(None, n_boards * players), False,
                high_shares=high_share, low_shares=low_share)
    out = []
    for p in range(players):
        out.append((float(np.sum(high_share[:, p])) / n_boards, float(np.sum(low_share[:, p])) / n_boards))
    return out


def lex_combinations(n: int, k: int) -> np.ndarray[Any, np.dtype[np.uint8]]:
    """Every ``k``-subset of ``range(n)`` (``n`` at most 256) as a row, in the order of
    ``itertools.combinations(range(n), k)`` (:func:`lex_combinations_by_itertools`, its slow twin).

    The rows that start with ``f`` are ``f`` before the last ``comb(n - f - 1, k - 1)`` rows of the
    ``(k - 1)``-subsets of ``1..n-1`` (those of ``f+1..n-1``, which end that list): built column by
    column with numpy, not row by row.

    >>> lex_combinations(4, 2).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    """
    if k == 0:
        return np.zeros((1, 0), dtype=np.uint8)
    if k > n:
        return np.zeros((0, k), dtype=np.uint8)
    tail = lex_combinations(n - 1, k - 1) + np.uint8(1)
    sizes = np.array([math.comb(n - f - 1, k - 1) for f in range(n - k + 1)], dtype=np.int64)
    rows = int(sizes.sum())
    # row i of the block of first card f is tail[len(tail) - sizes[f] + i]
    starts = np.repeat(len(tail) - sizes - (np.cumsum(sizes) - sizes), sizes)
    out = np.empty((rows, k), dtype=np.uint8)
    out[:, 0] = np.repeat(np.arange(n - k + 1, dtype=np.uint8), sizes)
    out[:, 1:] = tail[np.arange(rows, dtype=np.int64) + starts]
    return out


def lex_combinations_by_itertools(n: int, k: int) -> np.ndarray[Any, np.dtype[np.uint8]]:
    """:func:`lex_combinations` row by row from ``itertools.combinations``."""
    count = math.comb(n, k)
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(n), k)), dtype=np.uint8,
                       count=count * k)
    return flat.reshape(count, k)


#: Most spots whose equity is kept for reuse (a spot: the eligible hands, the board, the dead cards).
SPOTS_KEPT = 4096


@lru_cache(maxsize=SPOTS_KEPT)
def _spot_equity(holes: tuple[tuple[int, ...], ...], board: tuple[int, ...], dead: tuple[int, ...]
                 ) -> tuple[tuple[float, float], ...]:
    """:func:`pot_equity` of one spot, kept: a file often holds the same spot many times (main and side
    pots among the same hands, the same hand read twice)."""
    return tuple(pot_equity(holes, board, dead))


def _moment(record: RecordData) -> int | None:
    """The index of the action after which the cards alone decided the pots; -1 for the deal; None when none.

    That is the call of the last bet, when only checks and folds follow it;
    or, when the last bet or raise was never called (everyone else folded
    to it), the fold that ended the betting: from then on the pots that
    remain contested (among the bettor and players all-in before) were
    decided by the cards. A hand without any action after the posts has
    its moment at the deal when a post put a player all-in.
    """
    actions = record.actions
    for i in range(len(actions) - 1, -1, -1):
        kind = actions[i].kind
        if kind == "check" or kind == "fold":
            continue
        if kind == "call":
            return i
        # an uncalled bet or raise: the last fold after it ended the betting
        last = len(actions) - 1
        while last > i and actions[last].kind != "fold":
            last -= 1
        return last if last > i else None
    # nobody bet after the blinds: the big blind's check (or the last post) is the moment
    if actions:
        return len(actions) - 1 if record.posts else None
    return -1 if any(p.all_in for p in record.posts) else None


def allin_ev(record: RecordData, hand: Hand | ReplayDiscrepancy | None = None) -> AllInEV | None:
    """All-in EV of ``record``, or None where it does not apply.

    It applies when the betting ended before the river (the last bet
    called, or folded to with a player all-in still in the pot, and nothing
    but checks after), a player still in the hand was all-in by then, the
    hand went to a showdown, and every live player's cards are known.

    ``hand`` is the record's replay when the caller has it (see
    :func:`~omaha8.histories.replay.replayed`); without it the record is
    replayed here.

    Cost: one exact enumeration per contested pot, over every completion of
    the board: from the flop about a thousand boards (under a millisecond),
    from pre-flop about a million (0.1 to 0.2 s of one core, heads-up or
    three-way, measured on an AMD EPYC); the equity of a spot already valued
    (the same hands, board and dead cards) is reused.
    """
    moment = _moment(record)
    if moment is None:
        return None
    street = 0 if moment < 0 else record.actions[moment].street
    if street >= 3:
        return None
    if hand is None:
        hand = replayed(record)
    if isinstance(hand, ReplayDiscrepancy):
        return None
    result = hand.result
    if result is None or result.showdown is None:
        return None
    known = record.known_cards()
    names = {seat.seat: seat.name for seat in record.in_hand()}
    live = [s for s, value in enumerate(result.showdown.hands) if value is not None]
    if any(names.get(s) not in known for s in live):
        return None
    # someone still in the hand went all-in by then
    live_names = {names[s] for s in live}
    went_all_in = [a for a in record.actions[: moment + 1] if a.all_in and a.name in live_names]
    if not went_all_in and not any(p.all_in and p.name in live_names for p in record.posts):
        return None
    board = tuple(record.board[: _BOARD_AT[street]])
    put = record.contributions()
    # the replay's returns: the file's where it prints them, and the excess old files leave unsaid
    back = {name: result.uncalled[s] for s, name in names.items()}
    got = record.collected_by()
    if record.returns == "in collected":
        got = {name: got[name] - back.get(name, 0) for name in got}
    high = dict.fromkeys(names.values(), 0.0)
    low = dict.fromkeys(names.values(), 0.0)
    pots = []
    for pot, taken in zip(result.pots, result.rake):
        value = pot.amount - taken
        eligible = [names[s] for s in pot.eligible]
        if len(eligible) == 1:
            shares: tuple[tuple[float, float], ...] = ((1.0, 0.0),)
        else:
            holes = tuple(known[name] for name in eligible)
            # every other card the file shows is out of the deck: other hands, folded and partly shown cards
            dead = tuple(sorted({c for name, cards in record.dealt + record.shown if name not in eligible for c in cards}))
            shares = _spot_equity(holes, board, dead)
        for name, (h, lo) in zip(eligible, shares):
            high[name] += value * h
            low[name] += value * lo
        pots.append(PotEV(value, taken, tuple(eligible), tuple((value * h, value * lo) for h, lo in shares)))
    players = []
    for seat in record.in_hand():
        name = seat.name
        contributed = put[name] - back[name]
        net = got[name] - contributed
        in_pot = any(name in pot.eligible for pot in pots)
        ev_net = high[name] + low[name] - contributed if in_pot else float(net)
        players.append(PlayerEV(name, contributed, net, high[name], low[name], ev_net))
    return AllInEV(record.hand_id, STREET_NAMES[street], board, tuple(pots), tuple(players))
