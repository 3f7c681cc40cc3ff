"""Equity of Omaha Hi/Lo hands and ranges: every remaining board, or a seeded sample.

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

Seats that hold ranges
----------------------
Any seat may be a range instead of a hand: range text in the generic syntax
(``"AA23$ds"``, ``"15%"``, ``"*"`` for any hand), an object with a
``combos(board=None, dead=None) -> (combos, weights)`` method
(:class:`omaha8.Range`), a ``(combos, weights)`` pair, or an ``(n, k)``
array of combos (each weight 1). Other seats are single hands. A
string that reads as cards, or is written as a list of card-like tokens
(``"Ks Kd Qh Jx"``), is a hand, so a mistyped hand is an error and not a
range; range text takes the hole size of the other seats (4 when every
seat is text; use ``Range(text, cards=5)`` for 5-card text ranges).

The deals
---------
A deal gives each seat one of its combos and completes the board. Combos
that hold a board card, a dead card or a card of a seat's fixed hand are
dropped first; then a deal of combos ``c_0 .. c_{P-1}`` in which no card
appears twice has probability proportional to
``weight_0(c_0) * ... * weight_{P-1}(c_{P-1})``, and deals that share a card
have none: card removal between seats is exact and weights act jointly (a
seat's combos are not drawn independently of the others'). Every
completion of the board from the cards left is equally likely. The result
has :class:`omaha8.EquityResult`'s fields, as averages over deals; an exact
run's ``boards`` is the number of (combos, board) deals it settled.

Exact or sampled
----------------
With ``samples=None`` the run is exact when its work, ``boards * (combos +
assignments)``, is at most :data:`EXACT_WORK` (2**27: about a second on one
core). ``boards`` is the number of completions of the board from the deck
(without the fixed hands' cards), ``combos`` the total number of combos of
the range seats (each is evaluated once per board) and ``assignments`` the
product of the range seats' combo counts (the deals settled per board, at
most). Otherwise it samples :data:`DEFAULT_SAMPLES` deals; an explicit
``samples`` always samples. Monte Carlo draws each seat's combo by weight,
draws again from the first seat whenever two seats share a card (rejection:
accepted deals follow the joint distribution exactly), then the board. A
seat that may hold any hand (every combo of the deck's cards, equally
weighted: ``"*"``) is dealt cards from what the others left instead, which
is the same distribution. Seats that share a card on nearly every deal
(``omaha8.odds._range_equity_kernel.REJECTION_LIMIT`` clashes in a row) raise
:class:`RangeEquityError`, as do seats that can never be dealt together.

>>> import numpy as np
>>> from omaha8 import equity, parse_cards
>>> kings = np.array([parse_cards(h) for h in ["Ks Kd Qh Jh", "Kc Kh Qs Js"]])
>>> r = equity(["As Ad 2c 3d", kings], board="Ac Kc 4h 5s")
>>> r.exact, r.boards, r.equity.round(4).tolist()  # the second kings are dealt on 36 rivers: Kc is on the board
(True, 40, [0.9375, 0.0625])
>>> r = equity(["AA23$ds", "15%"], board="Kh 7c 2s", samples=100_000, seed=1)
>>> r.exact, r.boards, bool(abs(r.equity[0] - 0.714) < 4 * r.std_error[0])
(False, 100000, True)
>>> equity(["As Ad 2c 3d", (kings, [1.0, -1.0])])
Traceback (most recent call last):
...
omaha8.errors.RangeEquityError: holes[1]: weights must be finite and not negative, got -1.0 at row 1
"""

from __future__ import annotations

import math
import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import _equity_kernel, _small_exact
from ._runs import DEFAULT_SAMPLES, EXACT_WORK, Counts, run
from ._spot import read_spot
from .._support._args import SEED_LIMIT, brief, check_bool, check_int, check_n_threads, is_int
from .._support._plain import plain
from .._support._progress import Progress
from .._support._text import noun
from ..cards import _ID_OF_TEXT, CardsLike
from ..errors import EquityError, RangeEquityError, ShapeError

__all__ = ["DEFAULT_SAMPLES", "EXACT_WORK", "MAX_SAMPLES", "EquityError", "EquityResult", "RangeEquityError",
           "check_samples", "equity", "max_players"]

FloatArray = np.ndarray[Any, np.dtype[np.float64]]

#: Most boards one Monte Carlo run samples (2**40, about 1.1e12: days of work
#: on one machine); the kernels count them in 64-bit integers.
MAX_SAMPLES = 2**40
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


# the fields of EquityResult with one entry per player, and all of them in to_dict()'s order
_PER_PLAYER = ("equity", "scoop", "high_win", "high_tie", "low_win", "low_tie", "std_error")
_FIELDS = (*_PER_PLAYER, "no_low", "boards", "exact", "seed")
#: The columns of :meth:`EquityResult.rows` (and of ``omaha8 equity -o``), with their types.
ROW_COLUMNS = {"player": "int", "hand": "str", **dict.fromkeys(_PER_PLAYER, "float"), "no_low": "float",
               "boards": "int", "exact": "bool", "seed": "int"}


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
        lines.append(f"{self.boards:,} {noun(self.boards, 'board')}, {how}; no low on {100 * self.no_low:.2f}%")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def to_dict(self) -> dict[str, Any]:
        """The result as plain JSON-ready values: a list per field with one entry per player.

        >>> r = equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], board="Ac Kc 4h 5s")
        >>> d = r.to_dict()
        >>> d["equity"], d["boards"], d["exact"], d["seed"]
        ([0.9375, 0.0625], 40, True, None)
        """
        return {name: plain(getattr(self, name)) for name in _FIELDS}

    def rows(self, labels: Sequence[str] | None = None) -> list[dict[str, Any]]:
        """One row per player (the fields of :data:`ROW_COLUMNS`): its numbers, and the run's in every row."""
        names = [str(i) for i in range(self.n_players)] if labels is None else [str(x) for x in labels]
        whole = {"no_low": plain(self.no_low), "boards": self.boards, "exact": self.exact, "seed": self.seed}
        return [{"player": i, "hand": names[i],
                 **{name: plain(getattr(self, name)[i]) for name in _PER_PLAYER}, **whole}
                for i in range(self.n_players)]


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
        array of combos): see this module's docstring for how such deals
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
    n_samples, given_seed, n_threads, progress = _run_arguments(samples, seed, n_threads, progress)
    spot = read_spot(holes, board, dead)
    bar = Progress("equity", enabled=True) if progress else None
    try:
        counts = run(spot, n_samples, given_seed, n_threads, None if bar is None else bar.update)
    finally:
        if bar is not None:
            bar.close()
    return _result(counts, spot.n_players)


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


def _result(counts: Counts, players: int) -> EquityResult:
    """The :class:`EquityResult` of a run's counts: fractions of the deals, exact ratios of whole units."""
    if counts.small is not None:
        return EquityResult(*counts.small)
    totals = counts.totals
    stats = len(_equity_kernel.STATS)
    pot = _equity_kernel.POT_UNITS
    boards = totals[players * stats + 1]

    def column(stat: int) -> FloatArray:
        values = np.array([totals[p * stats + stat] / boards for p in range(players)], dtype=np.float64)
        values.setflags(write=False)
        return values

    units = [totals[p * stats] for p in range(players)]
    shares = np.array([u / (pot * boards) for u in units], dtype=np.float64)
    shares.setflags(write=False)
    if counts.samples is None:
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
        boards=counts.deals,
        exact=counts.samples is None,
        std_error=error,
        seed=counts.seed,
    )
