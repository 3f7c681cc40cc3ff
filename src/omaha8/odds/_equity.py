"""Equity of Omaha Hi/Lo hands: every remaining board, or a seeded sample.

Each board is settled by the hi/lo rules: when no player has a qualifying
low the best high hand(s) take the whole pot; otherwise the best high(s) split
one half and the best low(s) the other. A player's equity is the expected
fraction of the pot over the boards.

>>> result = equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], board="Ac Kc 4h 5s")
>>> result.boards, result.exact
(40, True)
>>> result.equity.tolist()  # aces hold on 35 rivers and split the pot on Kh and the tens
[0.9375, 0.0625]
>>> equity(["As Ad 2c 3d", "Ks Kd Qh As"])
Traceback (most recent call last):
...
omaha8.errors.DuplicateCardError: card 'As' appears twice: holes[0][0] and holes[1][3]
"""

from __future__ import annotations

import dataclasses
import math
import operator
import secrets
from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import _equity_kernel as _equity, _small_exact
from .._support._args import SEED_LIMIT, brief, check_bool, check_int, check_n_threads, is_int
from .._support._progress import Progress
from .._support._text import noun
from .._support._threads import WORK_PER_THREAD, threads_for
from ..cards import _ID_OF_TEXT, CardsLike, format_card, format_cards, parse_cards
from ..errors import CardError, CardTypeError, DuplicateCardError, EquityError, ShapeError
from ._range_equity import is_range, prepare_ranges, run_ranges

__all__ = ["MAX_SAMPLES", "EquityError", "EquityResult", "check_samples", "equity", "max_players"]

FloatArray = np.ndarray[Any, np.dtype[np.float64]]

# Board-player evaluations per call into the kernels: long runs are cut into
# slices of this size so that progress is shown and Ctrl-C stops them.
_SLICE_WORK = 1 << 22
#: Most boards one Monte Carlo run samples (2**40, about 1.1e12: days of work
#: on one machine); the kernels count them in 64-bit integers.
MAX_SAMPLES = 2**40
_BOARD_SIZES = (0, 3, 4, 5)
_HOLE_SIZES = (4, 5)


def max_players(hole_size: int) -> int:
    """The most players one deck can deal ``hole_size`` cards and a board to.

    >>> max_players(4), max_players(5)
    (11, 9)
    >>> max_players(3)
    Traceback (most recent call last):
    ...
    omaha8.errors.ShapeError: hole_size must be 4 or 5 (Omaha hole cards), not 3
    """
    if not is_int(hole_size) or operator.index(hole_size) not in _HOLE_SIZES:
        raise ShapeError(f"hole_size must be 4 or 5 (Omaha hole cards), not {brief(hole_size)}")
    return (52 - 5) // operator.index(hole_size)


@dataclass(frozen=True, slots=True, eq=False)
class EquityResult:
    """Equity of each player, as fractions of the boards (arrays: one entry per player).

    Attributes
    ----------
    equity
        Expected fraction of the pot: ties split, half pots shared.
    high_win, high_tie
        Boards on which the player alone has the best high / shares it.
    low_win, low_tie
        Boards on which the player alone has the best qualifying low / shares it.
    scoop
        Boards on which the player takes the whole pot alone: the sole best
        high and either the sole best low or no low for anyone.
    no_low
        Fraction of boards on which no player has a qualifying low.
    boards
        Boards evaluated: every remaining board when ``exact``, else the samples.
    exact
        True for complete enumeration, False for Monte Carlo.
    std_error
        Standard error of each ``equity`` (zeros when exact; NaN with one sample).
    seed
        The seed of a Monte Carlo run (drawn at random when none was given), else None.
    """

    equity: FloatArray
    high_win: FloatArray
    high_tie: FloatArray
    low_win: FloatArray
    low_tie: FloatArray
    scoop: FloatArray
    no_low: float
    boards: int
    exact: bool
    std_error: FloatArray
    seed: int | None

    @property
    def n_players(self) -> int:
        """Number of players."""
        return int(self.equity.shape[0])

    def table(self, labels: Sequence[str] | None = None) -> str:
        """The result as a text table, one row per player.

        >>> print(equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], board="Ac Kc 4h 5s").table())
        player    equity     scoop  high win  high tie   low win   low tie
        0         93.75%    87.50%    87.50%     0.00%   100.00%     0.00%
        1          6.25%     0.00%    12.50%     0.00%     0.00%     0.00%
        40 boards, exact; no low on 0.00%
        """
        names = [str(i) for i in range(self.n_players)] if labels is None else [str(x) for x in labels]
        if len(names) != self.n_players:
            raise ShapeError(f"labels has {len(names)} names for {self.n_players} players")
        width = max(6, *(len(name) for name in names))
        columns = ("equity", "scoop", "high win", "high tie", "low win", "low tie")
        lines = [f"{'player':<{width}}" + "".join(f"{name:>10}" for name in columns)]
        for i, name in enumerate(names):
            values = (self.equity, self.scoop, self.high_win, self.high_tie, self.low_win, self.low_tie)
            lines.append(f"{name:<{width}}" + "".join(f"{100 * float(v[i]):>9.2f}%" for v in values))
        if self.exact:
            how = "exact"
        else:
            how = f"sampled (seed {self.seed}), std error up to {100 * float(np.max(self.std_error)):.2f}%"
        lines.append(f"{self.boards} {noun(self.boards, 'board')}, {how}; no low on {100 * self.no_low:.2f}%")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def equity(
    holes: Iterable[CardsLike],
    board: CardsLike = (),
    dead: CardsLike = (),
    *,
    samples: int | None = None,
    seed: int | None = None,
    n_threads: int | None = None,
    progress: bool = False,
) -> EquityResult:
    """Hi/lo equity of every player, exactly or by Monte Carlo.

    Parameters
    ----------
    holes
        One hand per player, 2 to :func:`max_players` of them (11 with 4
        cards, 9 with 5), all of 4 or all of 5 cards; each in any form
        :func:`omaha8.parse_cards` accepts, or a (players, cards) id array.
        A seat may also be a range (an object with ``combos()`` such as
        :class:`omaha8.Range`, a ``(combos, weights)`` pair or an (n, cards)
        array of combos): see :mod:`omaha8.odds._range_equity` for how such deals
        are weighted and when they are enumerated exactly (with ranges,
        ``samples=None`` is exact only when the work is small enough).
    board
        0, 3, 4 or 5 known board cards.
    dead
        Cards known to be out of the deck (folded or exposed).
    samples
        None (default) enumerates every remaining board exactly. An int
        from 1 to :data:`MAX_SAMPLES` (2**40) samples that many random
        completions of the board instead.
    seed
        Seed of a Monte Carlo run (0 <= seed < 2**64); the same seed gives
        the same result for any ``n_threads``. None draws one at random
        (reported in the result). Ignored by exact runs.
    n_threads
        OpenMP threads; None uses every core. Results never depend on it.
    progress
        Draw a progress bar on stderr once a run has taken half a second.

    Returns
    -------
    EquityResult

    Raises
    ------
    DuplicateCardError
        A card held twice, or held and dead or on the board.
    ShapeError
        Fewer than 2 or too many players, hands of different or wrong sizes,
        a board of 1, 2 or more than 5 cards, or too few cards left to deal.
    CardError
        A card that is not a card, named with its argument and position.
    EquityError
        ``samples`` below 1 or above :data:`MAX_SAMPLES`, or a ``seed``
        outside 0 .. 2**64 - 1.
    ArgumentTypeError
        ``samples`` or ``seed`` not an int (bools are not ints), ``n_threads``
        not None or an int, ``progress`` not True or False.
    ArgumentError
        ``n_threads`` below 1.

    Notes
    -----
    Long runs go to the kernels in slices of a few million board-player
    evaluations, so Ctrl-C stops them between slices with
    ``KeyboardInterrupt``, and ``progress`` can redraw its bar. A flop,
    turn or river (at most 1,081 boards) is counted on one thread in one
    call, in microseconds; hands and board given as card ids (ints, or
    integer arrays), card names or short card texts between spaces are
    also parsed and checked there, anything else by :func:`omaha8.parse_cards`.

    Examples
    --------
    >>> r = equity(["Ah 2h 3c Kd", "Ks Kc Qs Jd"], board="4h 5d 9s Qh")
    >>> r.equity.tolist(), r.no_low  # no low unless the river is an A, 2, 3, 6, 7 or 8
    ([0.575, 0.425], 0.475)
    >>> hands = ["As Ad 2c 3d", "Ks Kd Qh Jh"]
    >>> exact = equity(hands)  # every one of the C(44, 5) boards
    >>> exact.boards
    1086008
    >>> sampled = equity(hands, samples=20_000, seed=7)
    >>> sampled.exact, bool(abs(sampled.equity[0] - exact.equity[0]) < 4 * sampled.std_error[0])
    (False, True)
    >>> equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], board="Ac Kc")
    Traceback (most recent call last):
    ...
    omaha8.errors.ShapeError: board must have 0, 3, 4 or 5 cards, got 2: 'Ac Kc'
    """
    if samples is None:
        # the fast lane: hands and board as plain ids or short card texts, a flop,
        # turn or river, all cards distinct: parsed, checked and counted in one call
        # (None for anything else, which the general path below parses or refuses)
        small = _small_exact.small_exact(holes, board, dead, _ID_OF_TEXT)
        if small is not None:
            _run_arguments(None, seed, n_threads, progress)
            return EquityResult(*small)
    if isinstance(holes, (Mapping, Set)):
        raise CardTypeError(f"holes must be a sequence of hands in player order, not a {type(holes).__name__}")
    if not isinstance(holes, (str, bytes, np.ndarray)) and isinstance(holes, Iterable):
        holes = list(holes)
        if any(is_range(seat) for seat in holes):
            return _range_spot_equity(holes, board, dead, samples, seed, n_threads, progress)
    hole_array, board_array, deck = _spot(holes, board, dead)
    n_samples, given_seed, n_threads, progress = _run_arguments(samples, seed, n_threads, progress)
    if n_samples is None and board_array.shape[0] >= 3:
        # a flop, turn or river: at most 1,081 boards, counted on one thread in one call
        return EquityResult(*_small_exact.small_exact_spot(hole_array, board_array, deck))
    players = hole_array.shape[0]
    known, draw = board_array, deck
    if known.shape[0] == 5:
        # a complete board is the one board of a deck holding its last card
        known, draw = board_array[:4].copy(), board_array[4:].copy()
    spot = _equity.EquitySpot(hole_array, known, draw)
    bar = Progress("equity", enabled=True) if progress else None
    try:
        if n_samples is None:
            totals = _run_exact(spot, n_threads, bar)
            used_seed = None
        else:
            used_seed = secrets.randbits(64) if given_seed is None else given_seed
            totals = _run_samples(spot, n_samples, used_seed, n_threads, bar)
    finally:
        if bar is not None:
            bar.close()
    return _result(totals, players, n_samples, used_seed)


def _range_spot_equity(seats: list[Any], board: CardsLike, dead: CardsLike, samples: int | None,
                       seed: int | None, n_threads: int | None, progress: bool) -> EquityResult:
    """Equity of a spot in which some seats are ranges (:mod:`omaha8.odds._range_equity`)."""
    board_ids, dead_ids = _parse(board, "board"), _parse(dead, "dead")
    n_samples, given_seed, n_threads, progress = _run_arguments(samples, seed, n_threads, progress)
    plan = prepare_ranges(seats, board_ids, dead_ids, _parse)
    bar = Progress("equity", enabled=True) if progress else None
    try:
        done = run_ranges(plan, n_samples, given_seed, n_threads, None if bar is None else bar.update)
    finally:
        if bar is not None:
            bar.close()
    result = _result(done.totals, plan.n_players, done.samples, done.seed)
    return dataclasses.replace(result, boards=done.deals)


# ---------------------------------------------------------------- input


def _spot(holes: Iterable[CardsLike], board: CardsLike, dead: CardsLike) -> tuple[Any, Any, Any]:
    """Checked holes (P, H), board (m,) and the ascending remaining deck, uint8."""
    hands = _hands(holes)
    board_ids = _parse(board, "board")
    dead_ids = _parse(dead, "dead")
    if board_ids.shape[0] not in _BOARD_SIZES:
        raise ShapeError(
            f"board must have 0, 3, 4 or 5 cards, got {board_ids.shape[0]}: {_quoted(board_ids)}"
        )
    places: dict[int, str] = {}
    named = [(f"holes[{i}][{j}]", int(card)) for i, hand in enumerate(hands) for j, card in enumerate(hand)]
    named += [(f"board[{j}]", int(card)) for j, card in enumerate(board_ids)]
    named += [(f"dead[{j}]", int(card)) for j, card in enumerate(dead_ids)]
    for place, card in named:
        if card in places:
            raise DuplicateCardError(f"card {format_card(card)!r} appears twice: {places[card]} and {place}")
        places[card] = place
    hole_array = np.array(hands, dtype=np.uint8)
    players, size = hole_array.shape
    if players > max_players(size):
        raise ShapeError(
            f"holes has {players} hands; a deck deals {size}-card hands to at most {max_players(size)} players"
        )
    deck = np.array(sorted(set(range(52)) - places.keys()), dtype=np.uint8)
    missing = 5 - board_ids.shape[0]
    if deck.shape[0] < missing:
        raise ShapeError(
            f"only {deck.shape[0]} cards are left in the deck, but the board needs {missing} more"
        )
    return hole_array, board_ids, deck


def _quoted(ids: Any) -> str:
    """Cards for an error message: their text, quoted, the first dozen at most."""
    text = repr(format_cards(ids[:12]))
    return text if len(ids) <= 12 else f"{text}… ({len(ids):,} cards)"


def _parse(cards: CardsLike, name: str) -> Any:
    """``parse_cards``, with every error naming the argument."""
    try:
        return parse_cards(cards, name=name)
    except (CardError, CardTypeError) as exc:
        if str(exc).startswith(name):
            raise
        raise type(exc)(f"{name}: {exc}") from None


def _hands(holes: Iterable[CardsLike]) -> list[Any]:
    """Each player's hand as a uint8 array, all of one size, 4 or 5 cards."""
    if isinstance(holes, (str, bytes)):
        raise CardTypeError(
            f"holes must be a sequence of hands, one per player, not one {type(holes).__name__}: {brief(holes)}"
        )
    if isinstance(holes, (Mapping, Set)):
        raise CardTypeError(f"holes must be a sequence of hands in player order, not a {type(holes).__name__}")
    if isinstance(holes, np.ndarray) and holes.ndim != 2:
        raise ShapeError(f"holes must be a (players, cards) array, got shape {holes.shape}")
    try:
        items = list(holes)
    except TypeError:
        raise CardTypeError(f"holes must be a sequence of hands, not {type(holes).__name__}") from None
    hands = [_parse(hand, f"holes[{i}]") for i, hand in enumerate(items)]
    if len(hands) < 2:
        raise ShapeError(f"equity needs at least 2 players, got {len(hands)}")
    size = hands[0].shape[0]
    if size not in _HOLE_SIZES:
        raise ShapeError(f"holes[0] has {size} cards; Omaha hands have 4 or 5: {_quoted(hands[0])}")
    for i, hand in enumerate(hands):
        if hand.shape[0] != size:
            raise ShapeError(
                f"holes[{i}] has {hand.shape[0]} cards but holes[0] has {size}: {_quoted(hand)}"
            )
    return hands


def check_samples(samples: object, name: str = "samples") -> int | None:
    """None (exact) or a number of sampled boards in ``1 .. MAX_SAMPLES``."""
    if samples is None:
        return None
    return check_int(samples, name, minimum=1, maximum=MAX_SAMPLES, value_error=EquityError)


def _check_seed(seed: object) -> int:
    number = check_int(seed, "seed")
    if not 0 <= number < SEED_LIMIT:
        raise EquityError(f"seed must be in 0 .. 2**64 - 1, got {brief(number)}")
    return number


def _run_arguments(samples: object, seed: object, n_threads: object,
                   progress: object) -> tuple[int | None, int | None, int | None, bool]:
    """``samples``, ``seed``, ``n_threads`` and ``progress`` checked: one rule for seats of hands and of ranges."""
    return (check_samples(samples), None if seed is None else _check_seed(seed), check_n_threads(n_threads),
            check_bool(progress, "progress"))


# ---------------------------------------------------------------- runs


def _run_exact(spot: Any, n_threads: int | None, bar: Progress | None) -> list[int]:
    """Counts of every remaining board, in slices of whole chunks."""
    prefixes, sizes = spot.exact_chunks()
    cumulative = np.cumsum(sizes)
    total_boards = int(cumulative[-1])
    per_slice = max(1, _SLICE_WORK // spot.n_players)
    # slice ends: the first chunk index past each multiple of per_slice boards
    ends = np.searchsorted(cumulative, np.arange(per_slice, total_boards, per_slice), side="right")
    bounds = [0, *sorted({int(e) for e in ends if 0 < e < len(sizes)}), len(sizes)]
    totals = [0] * spot.width
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        out = np.zeros((hi - lo, spot.width), dtype=np.int64)
        # one thread per chunk at most: the river, turn and flop are one small chunk
        spot.exact(prefixes[lo:hi], out, threads_for(n_threads, (hi - lo) * WORK_PER_THREAD))
        totals = [a + int(b) for a, b in zip(totals, out.sum(axis=0))]
        if bar is not None:
            bar.update(int(cumulative[hi - 1]) / total_boards)
    return totals


def _run_samples(
    spot: Any, samples: int, seed: int, n_threads: int | None, bar: Progress | None
) -> list[int]:
    """Counts of ``samples`` random boards, in slices of whole chunks."""
    chunk = _equity.SAMPLE_CHUNK
    n_chunks = -(-samples // chunk)
    per_slice = max(1, _SLICE_WORK // (chunk * spot.n_players))
    totals = [0] * spot.width
    for first in range(0, n_chunks, per_slice):
        count = min(per_slice, n_chunks - first)
        out = np.zeros((count, spot.width), dtype=np.int64)
        work = min(count * chunk, max(0, samples - first * chunk)) * spot.n_players
        spot.sample(seed, first, samples, out, threads_for(n_threads, work))
        # Python ints: the sums of squares of a long run overflow int64
        totals = [a + int(b) for a, b in zip(totals, out.sum(axis=0))]
        if bar is not None:
            bar.update(min(1.0, (first + count) * chunk / samples))
    return totals


def _result(totals: list[int], players: int, samples: int | None, seed: int | None) -> EquityResult:
    stats = len(_equity.STATS)
    pot = _equity.POT_UNITS
    boards = totals[players * stats + 1]

    def column(stat: int) -> FloatArray:
        values = np.array([totals[p * stats + stat] / boards for p in range(players)], dtype=np.float64)
        values.setflags(write=False)
        return values

    units = [totals[p * stats] for p in range(players)]
    shares = np.array([u / (pot * boards) for u in units], dtype=np.float64)
    shares.setflags(write=False)
    if samples is None:
        error = np.zeros(players, dtype=np.float64)
    elif boards < 2:
        error = np.full(players, math.nan)
    else:
        squares = [totals[p * stats + stats - 1] for p in range(players)]
        # sample variance of the per-board share, from exact integer sums
        error = np.array(
            [math.sqrt((boards * sq - u * u) / (boards * (boards - 1))) / (pot * math.sqrt(boards))
             for u, sq in zip(units, squares)],
            dtype=np.float64,
        )
    error.setflags(write=False)
    return EquityResult(
        equity=shares,
        high_win=column(1),
        high_tie=column(2),
        low_win=column(3),
        low_tie=column(4),
        scoop=column(5),
        no_low=totals[players * stats] / boards,
        boards=boards,
        exact=samples is None,
        std_error=error,
        seed=seed,
    )

