"""The 8-or-better ordering of starting hands behind range percentages.

``"15%"`` in a range means the best 15% of starting hands by this ordering.
Hands are ordered by their hi/lo equity heads-up against one random hand
(the expected share of the pot, ties split and half pots shared), over a
random board: the same figure as the ``equity`` column of
:func:`omaha8.distributed.preflop.preflop_table` with one opponent. Suits
never rank against each other, so the ordering is over the suit classes of
:mod:`omaha8.core._starting_hands` (16,432 for 4 cards, 134,459 for 5) and every
hand of a class has its class's place.

How the shipped tables are made
-------------------------------
Each class is sampled :data:`SAMPLES` times (100,000 deals for 4 cards,
10,000 for 5) with seed :data:`SEED`, by the preflop kernel, whose random
stream for class ``c`` is keyed by ``(seed, c)`` alone: any class can be
recomputed on its own and gives the same figure. The standard error of a
class's equity is about 0.13 percentage points for 4 cards and 0.4 for 5
(each class's own is kept in the table). Equities are stored quantized to
1/65535; classes are ordered by quantized equity, highest first, and ties
by class number (the row of :func:`omaha8.core._starting_hands.canonical_hands`),
so the order is a pure function of the stored numbers. Rebuild a table with::

    python -m omaha8.ranges.ordering build --cards 4 -o order4.npz
    python -m omaha8.ranges.ordering build --cards 5 -o order5.npz

(about two and three minutes on one core; ``--threads`` spreads the work,
which changes nothing in the result).

Percentages
-----------
Percentages count combos (real hands), not classes. A class holding the
combos from ``a%`` to ``b%`` of all hands (the share of combos of better
classes, then its own) is placed at its midpoint ``(a + b) / 2``;
``lo%-hi%`` holds exactly the classes with ``lo <= midpoint < hi``. So a
class straddling a boundary goes wholly to the side holding most of its
combos, adjacent percentage masks (0 to 5, 5 to 10; in range text ``5%`` and
``6%-10%``, whose ends are included percentiles) never overlap
and together make the range they span, and each end of a percentage range
is off its nominal place by at most half a class (12 combos: a class holds
at most 24), so a range is off its nominal size by at most 24 combos.
:func:`percentile` is that midpoint, so a hand is in ``0%-p%`` exactly when
its percentile is below ``p``.

>>> from omaha8.ranges.ordering import ordering, percent_mask, percentile
>>> table = ordering(4)
>>> len(table), table.hand_text(0)  # double-suited aces with a wheel draw lead
(16432, 'As Ah 3s 2h')
>>> mask = percent_mask(4, 0, 15)
>>> int(mask.sum()), 0.15 * 270_725  # 0%-15%: the 15% end is off by at most 12 combos
(40614, 40608.75)
>>> round(percentile("Ad Ac 2d 3c"), 4), round(percentile("7c 2d 8h 3s"), 1)
(0.0022, 90.5)
>>> percent_mask(4, 20, 10)
Traceback (most recent call last):
...
omaha8.errors.ArgumentError: percentages must run from low to high: got 20 to 10
"""

from __future__ import annotations

import argparse
import numbers
import sys
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import numpy as np

from .._support._args import brief, check_int, check_n_threads, check_seed
from ..cards import CardsLike, first_repeat, format_card, format_cards, parse_cards
from ..errors import (
    ArgumentError,
    ArgumentTypeError,
    DuplicateCardError,
    Omaha8Error,
    OrderingDataError,
    ShapeError,
)
from ..core._starting_hands import N_CLASSES, canonical_hands, canonical_index
from ._cache import CACHE
from .universe import HOLE_SIZES, all_hands

__all__ = [
    "SAMPLES",
    "SEED",
    "Ordering",
    "OrderingDataError",
    "build_ordering",
    "load_ordering",
    "ordering",
    "percent_mask",
    "percents_mask",
    "percentile",
    "save_ordering",
]

#: Deals per class of the shipped tables: a few minutes on one core for either size.
SAMPLES = {4: 100_000, 5: 10_000}
#: Seed of the shipped tables.
SEED = 8
# stored equities are multiples of 1/EQUITY_SCALE, standard errors of 1/ERROR_SCALE
EQUITY_SCALE = 65535
ERROR_SCALE = 1 << 20

FloatArray = np.ndarray[Any, np.dtype[np.float64]]
I64Array = np.ndarray[Any, np.dtype[np.int64]]
BoolArray = np.ndarray[Any, np.dtype[np.bool_]]
U8Array = np.ndarray[Any, np.dtype[np.uint8]]


@dataclass(frozen=True, eq=False)
class Ordering:
    """Every class of starting hands, best first (all arrays read-only, one entry per class).

    Attributes
    ----------
    cards
        Hole cards per hand: 4 or 5.
    classes
        int64 class numbers (rows of :func:`omaha8.core._starting_hands.canonical_hands`), best first.
    equity
        Equity heads-up against a random hand, as stored (multiples of 1/65535).
    std_error
        Standard error of each equity.
    multiplicity
        Real hands (combos) in each class.
    cumulative
        Fraction of all combos in this class and the better ones; the last is 1.
    samples, seed
        How the table was sampled.

    Examples
    --------
    >>> table = ordering(4)
    >>> int(table.multiplicity.sum()), float(table.cumulative[-1])
    (270725, 1.0)
    >>> bool(np.all(np.diff(table.equity) <= 0))
    True
    """

    cards: int
    classes: I64Array
    equity: FloatArray
    std_error: FloatArray
    multiplicity: I64Array
    cumulative: FloatArray
    samples: int
    seed: int

    def __len__(self) -> int:
        return int(self.classes.shape[0])

    @property
    def midpoint(self) -> FloatArray:
        """Percentile of each class: the middle of its combos, in percent of all hands."""
        return _midpoints(self)

    @property
    def rank(self) -> I64Array:
        """Place of each class number in the ordering (0 = best), indexed by class number."""
        return _ranks(self)

    def hand_text(self, place: int) -> str:
        """The representative of the class at ``place`` (0 = best), as text."""
        at = check_int(place, "place", minimum=0, maximum=len(self) - 1)
        hands, _ = canonical_hands(self.cards)
        return format_cards(hands[self.classes[at]])


def _readonly(array: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    array.setflags(write=False)
    return array


@lru_cache(maxsize=None)
def _midpoints_cached(hole_size: int) -> FloatArray:
    return _compute_midpoints(ordering(hole_size))


def _compute_midpoints(table: Ordering) -> FloatArray:
    total = int(table.multiplicity.sum())
    before = np.cumsum(table.multiplicity) - table.multiplicity
    return _readonly(100.0 * (before + table.multiplicity / 2) / total)


def _midpoints(table: Ordering) -> FloatArray:
    if table is _SHIPPED.get(table.cards):
        return _midpoints_cached(table.cards)
    return _compute_midpoints(table)


def _ranks(table: Ordering) -> I64Array:
    rank = np.empty(len(table), dtype=np.int64)
    rank[table.classes] = np.arange(len(table), dtype=np.int64)
    return _readonly(rank)


# ---------------------------------------------------------------- tables


def _make(hole_size: int, classes: I64Array, equity_q: np.ndarray[Any, Any], error_q: np.ndarray[Any, Any],
          samples: int, seed: int) -> Ordering:
    """An Ordering from stored numbers, checked: every class once, best first, ties by class."""
    n_classes = len(canonical_hands(hole_size)[0])
    if classes.shape != (n_classes,) or equity_q.shape != (n_classes,) or error_q.shape != (n_classes,):
        raise OrderingDataError(f"a {hole_size}-card ordering must list {n_classes} classes")
    if not np.array_equal(np.sort(classes), np.arange(n_classes)):
        raise OrderingDataError("an ordering must list every class exactly once")
    eq = equity_q.astype(np.int64)
    step = np.diff(eq)
    if np.any(step > 0) or np.any((step == 0) & (np.diff(classes) < 0)):
        raise OrderingDataError("an ordering must run from the highest equity down, ties by class number")
    multiplicity = canonical_hands(hole_size)[1][classes]
    cumulative = np.cumsum(multiplicity) / float(multiplicity.sum())
    cumulative[-1] = 1.0
    return Ordering(
        cards=hole_size,
        classes=_readonly(classes.astype(np.int64)),
        equity=_readonly(eq / EQUITY_SCALE),
        std_error=_readonly(error_q.astype(np.float64) / ERROR_SCALE),
        multiplicity=_readonly(multiplicity.copy()),
        cumulative=_readonly(cumulative),
        samples=samples,
        seed=seed,
    )


def _quantize(equity: FloatArray, std_error: FloatArray) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    equity_q = np.rint(np.clip(equity, 0.0, 1.0) * EQUITY_SCALE).astype(np.uint16)
    error = np.nan_to_num(std_error, nan=0.0)
    error_q = np.rint(np.clip(error, 0.0, 65535 / ERROR_SCALE) * ERROR_SCALE).astype(np.uint16)
    return equity_q, error_q


def build_ordering(
    cards: int = 4,
    *,
    samples: int | None = None,
    seed: int = SEED,
    n_threads: int | None = 1,
    progress: bool = False,
) -> Ordering:
    """Sample every class against one random hand and order the classes.

    With the defaults (:data:`SAMPLES`, :data:`SEED`) this rebuilds the
    shipped table; the result does not depend on ``n_threads``.

    Examples
    --------
    >>> rough = build_ordering(4, samples=20, seed=1)
    >>> len(rough), rough.samples
    (16432, 20)
    """
    hole_size = _check_cards(cards)
    n = SAMPLES[hole_size] if samples is None else check_int(samples, "samples", minimum=1, maximum=2**31 - 1)
    used_seed = check_seed(seed)
    threads = check_n_threads(n_threads)
    if used_seed is None:
        raise ArgumentTypeError("seed must be an int: an ordering is reproducible")
    from ..distributed.preflop import preflop_table  # only building needs the preflop kernel's driver

    table = preflop_table(hole_size, 1, samples=n, seed=used_seed, client=None, n_threads=threads, progress=progress)
    rows = table.rows
    return _from_estimates(hole_size, rows["equity"], rows["std_error"], n, used_seed)


def _from_estimates(hole_size: int, equity: FloatArray, std_error: FloatArray, samples: int, seed: int) -> Ordering:
    """Quantize per-class estimates (indexed by class number) and order them."""
    equity_q, error_q = _quantize(np.asarray(equity, dtype=np.float64), np.asarray(std_error, dtype=np.float64))
    classes = np.arange(equity_q.shape[0], dtype=np.int64)
    # highest equity first, then the lower class number
    order = np.lexsort((classes, -equity_q.astype(np.int64)))
    return _make(hole_size, classes[order], equity_q[order], error_q[order], samples, seed)


def save_ordering(table: Ordering, path: Any) -> None:
    """Write ``table`` as a compressed ``.npz`` file (what :func:`load_ordering` reads).

    ``path`` is a path, replaced only once the file is complete (a failed write leaves the old file), or
    an open binary file.
    """
    equity_q, error_q = _quantize(table.equity, table.std_error)
    fields = {
        "cards": np.int64(table.cards),
        "samples": np.int64(table.samples),
        "seed": np.uint64(table.seed),
        "classes": table.classes.astype(np.int32),
        "equity": equity_q,
        "std_error": error_q,
    }
    if hasattr(path, "write"):
        np.savez_compressed(path, **fields)  # type: ignore[arg-type]
        return
    from ..deals._outputs import _Output  # the atomic writer every output goes through

    out = _Output(path)
    try:
        built = out.scratch("ordering.npz")
        with open(built, "wb") as f:
            np.savez_compressed(f, **fields)  # type: ignore[arg-type]
        out.commit(built)
    finally:
        out.discard()


#: What an ordering file holds: each field's number of dimensions and the dtype kinds it may have.
_FIELDS = {"cards": (0, "iu"), "samples": (0, "iu"), "seed": (0, "iu"), "classes": (1, "iu"),
           "equity": (1, "u"), "std_error": (1, "u")}


def _field_header(data: Any, name: str, where: str) -> None:
    """Check a field's shape and dtype from its header, before its data is read: a file claiming a huge
    array costs nothing."""
    try:
        with data.zip.open(f"{name}.npy") as f:
            major, _ = np.lib.format.read_magic(f)
            read = np.lib.format.read_array_header_1_0 if major == 1 else np.lib.format.read_array_header_2_0
            shape, _, dtype = read(f)
    except KeyError:
        raise OrderingDataError(f"{where}: not an ordering file (no {name!r} field)") from None
    except (OSError, ValueError, EOFError, zipfile.BadZipFile) as exc:
        raise OrderingDataError(f"{where}: not an ordering file ({name!r}: {brief(str(exc))})") from None
    ndim, kinds = _FIELDS[name]
    most = max(N_CLASSES.values())
    if len(shape) != ndim or (ndim and shape[0] > most) or dtype.kind not in kinds:
        raise OrderingDataError(f"{where}: {name!r} must be " + ("a number" if not ndim else f"at most {most:,} "
                                "numbers") + f" ({'unsigned ' if kinds == 'u' else ''}integers), not "
                                f"{dtype} of shape {shape}")


def load_ordering(path: Any) -> Ordering:
    """Read an ordering written by :func:`save_ordering` (or the ``build`` command), checked."""
    where = brief(str(path), 200)
    try:
        data = np.load(path, allow_pickle=False)
    except (OSError, ValueError, EOFError, zipfile.BadZipFile) as exc:
        raise OrderingDataError(f"{where}: not an ordering file ({brief(str(exc))})") from None
    if not isinstance(data, np.lib.npyio.NpzFile):
        raise OrderingDataError(f"{where}: not an ordering file (one array, not an .npz archive of fields)")
    with data:
        for name in _FIELDS:
            _field_header(data, name, where)
        try:
            fields = {name: data[name] for name in _FIELDS}
        except (OSError, ValueError, EOFError, zipfile.BadZipFile) as exc:
            raise OrderingDataError(f"{where}: not an ordering file ({brief(str(exc))})") from None
    cards = int(fields["cards"])
    if cards not in HOLE_SIZES:
        raise OrderingDataError(f"{where}: cards must be 4 or 5, got {cards}")
    if fields["equity"].dtype != np.uint16 or fields["std_error"].dtype != np.uint16:
        raise OrderingDataError(f"{where}: equities and errors must be stored as uint16")
    if int(fields["seed"]) < 0 or int(fields["samples"]) < 1:
        raise OrderingDataError(f"{where}: samples must be at least 1 and seed not negative")
    return _make(cards, fields["classes"].astype(np.int64), fields["equity"], fields["std_error"],
                 int(fields["samples"]), int(fields["seed"]))


_SHIPPED: dict[int, Ordering] = {}


def ordering(cards: int = 4) -> Ordering:
    """The shipped ordering of ``cards``-card hands (loaded once, then cached).

    >>> ordering(5).samples, ordering(5).seed
    (10000, 8)
    """
    hole_size = _check_cards(cards)
    table = _SHIPPED.get(hole_size)
    if table is None:
        source = resources.files("omaha8.ranges").joinpath("data", f"order{hole_size}.npz")
        with resources.as_file(source) as path:
            table = load_ordering(path)
        _SHIPPED[hole_size] = table
    return table


# ---------------------------------------------------------------- percentages


def _check_cards(cards: object) -> int:
    # an int first: `cards in HOLE_SIZES` would compare an array or any object with ==
    if isinstance(cards, (bool, np.bool_)) or not isinstance(cards, (int, np.integer)) or cards not in HOLE_SIZES:
        raise ShapeError(f"cards must be 4 or 5 (hole cards per hand), not {brief(cards)}")
    return int(cards)


def _check_percent(value: object, name: str) -> float:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise ArgumentTypeError(f"{name} must be a number of percent, not {type(value).__name__} {brief(value)}")
    number = float(value)
    if not 0.0 <= number <= 100.0:  # NaN fails too
        raise ArgumentError(f"{name} must be a percentage from 0 to 100, got {brief(value)}")
    return number


@lru_cache(maxsize=None)
def _hand_classes(hole_size: int) -> np.ndarray[Any, np.dtype[np.int32]]:
    """Class number of every row of ``all_hands(cards)``."""
    return _readonly(canonical_index(all_hands(hole_size)).astype(np.int32))


@lru_cache(maxsize=None)
def _class_places(hole_size: int) -> I64Array:
    """Place in the shipped ordering (0 = best) of each class number."""
    return ordering(hole_size).rank


@lru_cache(maxsize=None)
def _hand_places(hole_size: int) -> np.ndarray[Any, np.dtype[np.int32]]:
    """Place in the ordering (0 = best) of every row of ``all_hands(cards)``."""
    return _readonly(_class_places(hole_size).astype(np.int32)[_hand_classes(hole_size)])


def _places(hole_size: int, spans: Sequence[tuple[float, float]]) -> tuple[int, ...]:
    """The places of the ordering whose classes have ``lo <= midpoint < hi`` for some span, as sorted,
    disjoint runs ``first, stop, first, stop, ...`` (places ``first .. stop - 1``)."""
    midpoint = _midpoints_cached(hole_size)
    runs = sorted((int(np.searchsorted(midpoint, lo, side="left")), int(np.searchsorted(midpoint, hi, side="left")))
                  for lo, hi in spans)
    merged: list[int] = []
    for first, stop in runs:
        if first >= stop:
            continue
        if merged and first <= merged[-1]:
            merged[-1] = max(merged[-1], stop)
        else:
            merged += [first, stop]
    return tuple(merged)


def _mask(hole_size: int, spans: Sequence[tuple[float, float]]) -> BoolArray:
    runs = _places(hole_size, spans)

    def build() -> tuple[BoolArray]:
        covered = np.zeros(len(ordering(hole_size)), dtype=np.bool_)
        for first, stop in zip(runs[::2], runs[1::2]):
            covered[first:stop] = True
        return (covered[_hand_places(hole_size)],)

    # keyed by places, not percentages: 10%, 10.001% and 0%-10% that hold the same classes are one entry
    return CACHE.get(("percent", hole_size, *runs), build)[0]


def percents_mask(cards: int, spans: Sequence[tuple[float, float]]) -> BoolArray:
    """The union of several :func:`percent_mask`, ``spans`` its ``(lo, hi)`` pairs: one pass over the hands.

    >>> from omaha8.ranges.ordering import percents_mask
    >>> bool(np.array_equal(percents_mask(4, [(5, 10), (0, 5)]), percent_mask(4, 0, 10)))
    True
    """
    hole_size = _check_cards(cards)
    checked = []
    for i, (lo, hi) in enumerate(spans):
        low, high = _check_percent(lo, f"spans[{i}][0]"), _check_percent(hi, f"spans[{i}][1]")
        if low > high:
            raise ArgumentError(f"percentages must run from low to high: got {brief(lo)} to {brief(hi)}")
        checked.append((low, high))
    return _mask(hole_size, checked)


def percent_mask_cached(cards: int, spans: Sequence[tuple[float, float]]) -> bool:
    """Whether :func:`percents_mask` would answer from the range cache (arguments as it checks them)."""
    return ("percent", cards, *_places(cards, spans)) in CACHE


def percent_mask(cards: int, lo: float, hi: float) -> BoolArray:
    """The hands from ``lo`` % to ``hi`` % of the ordering, as a mask over ``all_hands(cards)``.

    Counted in combos, with the midpoint rule for classes on a boundary
    (module docstring). The mask is read-only and kept in the range cache
    (:mod:`omaha8.ranges._cache`), within its budget: asking again costs a lookup.

    Examples
    --------
    >>> from omaha8.ranges.universe import all_hands
    >>> top = percent_mask(4, 0, 1)
    >>> int(top.sum()), percentile(all_hands(4)[top][0]) < 1
    (2718, True)
    >>> both = percent_mask(4, 0, 5) | percent_mask(4, 5, 10)
    >>> bool(np.array_equal(both, percent_mask(4, 0, 10)))
    True
    """
    hole_size = _check_cards(cards)
    low = _check_percent(lo, "lo")
    high = _check_percent(hi, "hi")
    if low > high:
        raise ArgumentError(f"percentages must run from low to high: got {brief(lo)} to {brief(hi)}")
    return _mask(hole_size, [(low, high)])


def percentile(hand: CardsLike) -> float:
    """Where a hand of 4 or 5 cards stands in the ordering: its class's midpoint, in percent (0 = best).

    A hand is in ``percent_mask(cards, 0, p)`` exactly when its percentile is below ``p``.

    >>> percentile("As Ah 2s 3h") == percentile("Ac Ad 2c 3d")
    True
    >>> percentile("As Ah 2s")
    Traceback (most recent call last):
    ...
    omaha8.errors.ShapeError: hand must have 4 or 5 cards, got 3: 'As Ah 2s'
    """
    ids = parse_cards(hand, name="hand")
    if ids.shape[0] not in HOLE_SIZES:
        raise ShapeError(f"hand must have {' or '.join(map(str, HOLE_SIZES))} cards, got {ids.shape[0]}: "
                         f"{format_cards(ids)!r}")
    repeat = first_repeat([("hand", ids.tolist())])
    if repeat is not None:
        raise DuplicateCardError(f"card {format_card(repeat[0])!r} appears twice in hand: {format_cards(ids)!r}")
    cards = int(ids.shape[0])
    place = int(_class_places(cards)[int(canonical_index(ids))])
    return float(_midpoints_cached(cards)[place])


# ---------------------------------------------------------------- command line


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m omaha8.ranges.ordering build|show``: rebuild or print an ordering."""
    parser = argparse.ArgumentParser(
        prog="python -m omaha8.ranges.ordering",
        description="Build or show the 8-or-better ordering of starting hands behind range percentages.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    build = sub.add_parser("build", help="sample every class against one random hand and write the table")
    build.add_argument("--cards", type=int, choices=HOLE_SIZES, default=4)
    build.add_argument("--samples", type=int, help="deals per class (default: 100000 for 4 cards, 10000 for 5)")
    build.add_argument("--seed", type=int, default=SEED, help=f"seed (default {SEED}, the shipped tables')")
    build.add_argument("--threads", type=int, default=1, help="threads (the table does not depend on them)")
    build.add_argument("-o", "--output", required=True, help="the .npz file to write")
    show = sub.add_parser("show", help="print the top of an ordering")
    show.add_argument("--cards", type=int, choices=HOLE_SIZES, default=4)
    show.add_argument("--file", help="an ordering file (default: the shipped one)")
    show.add_argument("--top", type=int, default=20, help="classes to print (default 20)")
    args = parser.parse_args(argv)
    try:
        if args.command == "build":
            table = build_ordering(args.cards, samples=args.samples, seed=args.seed, n_threads=args.threads,
                                   progress=sys.stderr.isatty())
            save_ordering(table, args.output)
            worst = float(np.max(table.std_error))
            print(f"{len(table)} classes, {table.samples} samples each, seed {table.seed}; "
                  f"std error up to {100 * worst:.3f} points of equity: {args.output}")
        else:
            table = ordering(args.cards) if args.file is None else load_ordering(args.file)
            print(f"{'place':>6} {'hand':<16} {'equity':>8} {'std err':>8} {'combos':>7} {'cumul.':>8}")
            for place in range(min(args.top, len(table))):
                print(f"{place:>6} {table.hand_text(place):<16} {100 * table.equity[place]:>7.3f}% "
                      f"{100 * table.std_error[place]:>7.3f}% {table.multiplicity[place]:>7} "
                      f"{100 * table.cumulative[place]:>7.3f}%")
    except (Omaha8Error, OSError) as exc:  # bad arguments or files, and files that cannot be written
        print(f"{parser.prog}: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
