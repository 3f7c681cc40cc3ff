"""Preflop tables: every starting hand's hi/lo figures against random hands.

For each class of starting hands (:mod:`omaha8.core._starting_hands`: 16,432 for
4 cards, 134,459 for 5) the table holds its equity, scoop, high and low
win and tie rates and how often nobody has a low, by Monte Carlo: each
sample deals ``opponents`` random hands and a random board from the rest
of the deck. The work goes to a Dask cluster in tasks of many hands each
(or runs here), and class ``c`` is sampled from a random stream keyed by
``(seed, c)`` alone, so a table depends only on ``(cards, opponents,
samples, seed)``: not on the cluster, the task size or the thread count.

>>> table = preflop_table(4, samples=2000, seed=1, hands=[0, 25])
>>> [str(h) for h in table.rows["hand"]]
['As Ah Ad Ac', 'As Ah Ks Kh']
>>> bool(table.rows["equity"][1] > table.rows["equity"][0])  # double-suited aces and kings beat quad aces
True
>>> preflop_table(4, opponents=11, samples=10)
Traceback (most recent call last):
...
omaha8.errors.ShapeError: 4-card hands: opponents must be 1..10 (12 hands and a board need 53 cards), got 11
"""

from __future__ import annotations

import math
import operator
import os
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..odds import _preflop
from .._support._args import brief, check_bool, check_int, check_n_threads, is_int
from .._support._plain import plain
from .._support._text import csv_cell
from .._support._threads import threads_for
from ..deals._outputs import _Output
from ..cards import format_cards
from ..errors import PreflopError, ShapeError
from ..core._starting_hands import canonical_hands, canonical_index
from .._support._docs import fill_doc
from ._client import CONNECT_TIMEOUT, DOCS, TaskProgress, connect, per_task, run_tasks, threads_per_task, total_threads

__all__ = ["PreflopError", "PreflopTable", "preflop_table", "preflop_counts", "DEFAULT_SAMPLES"]

#: Samples per hand of the ``omaha8 preflop-table`` command: a standard error
#: of about 0.3 percentage points of equity heads-up.
DEFAULT_SAMPLES = 20_000

#: The columns of a table, in order (``class`` is the row of
#: :func:`omaha8.core._starting_hands.canonical_hands`).
COLUMNS = ("class", "hand", "multiplicity", "equity", "std_error", "scoop", "high_win", "high_tie",
           "low_win", "low_tie", "no_low")
#: The type of each column (:mod:`omaha8.deals._row_files`), as ``omaha8 preflop-table -o`` writes them.
COLUMN_TYPES = {"class": "int", "hand": "str", "multiplicity": "int", **{name: "float" for name in COLUMNS[3:]}}
_RATES = ("scoop", "high_win", "high_tie", "low_win", "low_tie", "no_low")
_STAT = {name: i for i, name in enumerate(_preflop.STATS)}


def _dtype(hole_size: int) -> np.dtype[Any]:
    return np.dtype(
        [("class", np.int64), ("hand", f"U{3 * hole_size - 1}"), ("multiplicity", np.int64)]
        + [(name, np.float64) for name in COLUMNS[3:]]
    )


@dataclass(frozen=True, eq=False)
class PreflopTable:
    """A preflop table: one row per class of starting hands.

    Attributes
    ----------
    rows
        numpy structured array, fields ``class`` (int64), ``hand`` (the
        class's representative as text), ``multiplicity`` (real hands in the
        class), ``equity`` (expected fraction of the pot), ``std_error`` (of
        ``equity``), and the fractions of samples ``scoop`` (the whole pot
        alone), ``high_win``/``high_tie`` (best high alone / shared),
        ``low_win``/``low_tie`` (best low alone / shared) and ``no_low``
        (nobody has a low).
    cards, opponents, samples, seed
        How it was made: hole cards, random opponents, samples per hand,
        and the seed that reproduces it.
    """

    rows: np.ndarray[Any, np.dtype[Any]]
    cards: int
    opponents: int
    samples: int
    seed: int

    def __len__(self) -> int:
        return int(self.rows.shape[0])

    def lookup(self, hand: npt.ArrayLike) -> np.void:
        """The row of the class ``hand`` belongs to (any suits, any order).

        >>> table = preflop_table(4, samples=100, seed=3, hands=[25])
        >>> str(table.lookup("Kd Ad Kc Ac")["hand"])
        'As Ah Ks Kh'
        >>> table.lookup("2c 3c 4c 5c")
        Traceback (most recent call last):
        ...
        KeyError: "class 16338 ('5s 4s 3s 2s') is not in this table"
        """
        found = int(canonical_index(hand))
        at = int(np.searchsorted(self.rows["class"], found))
        if at == len(self.rows) or self.rows["class"][at] != found:
            text = format_cards(canonical_hands(self.cards)[0][found])
            raise KeyError(f"class {found} ({text!r}) is not in this table")
        row: np.void = self.rows[at]
        return row

    def weighted_mean(self, column: str) -> float:
        """``column`` averaged over real hands (each class weighted by its multiplicity).

        Over every class, heads-up, the mean equity is 1/2 up to sampling error.
        """
        if column not in COLUMNS[3:]:
            raise KeyError(f"column must be one of {', '.join(COLUMNS[3:])}, not {column!r}")
        weights = self.rows["multiplicity"].astype(np.float64)
        return float(np.sum(weights * self.rows[column]) / np.sum(weights))

    def to_dict(self) -> dict[str, Any]:
        """The table as plain JSON-ready values: how it was made, and each column as a list (one entry a class).

        >>> d = preflop_table(4, samples=100, seed=3, hands=[25]).to_dict()
        >>> d["cards"], d["samples"], d["hand"]
        (4, 100, ['As Ah Ks Kh'])
        """
        return {"cards": self.cards, "opponents": self.opponents, "samples": self.samples, "seed": self.seed,
                **{name: plain(self.rows[name]) for name in COLUMNS}}

    def records(self) -> list[dict[str, Any]]:
        """One dict per class, keyed by :data:`COLUMNS`: the rows ``omaha8 preflop-table -o`` writes."""
        columns = {name: plain(self.rows[name]) for name in COLUMNS}
        return [dict(zip(COLUMNS, values)) for values in zip(*columns.values())]

    def to_dataframe(self) -> Any:
        """A pandas DataFrame, one row per class, with the columns of :data:`COLUMNS` (needs pandas)."""
        from ..deals._row_files import to_dataframe

        return to_dataframe(COLUMN_TYPES, {name: self.rows[name] for name in COLUMNS}, "PreflopTable.to_dataframe()")

    def __str__(self) -> str:
        opponents = f"{self.opponents} random opponent{'s' * (self.opponents != 1)}"
        lines = [f"{len(self):,} classes of {self.cards}-card hands against {opponents}, "
                 f"{self.samples:,} samples each, seed {self.seed}"]
        best = np.argsort(-self.rows["equity"], kind="stable")[:10]
        lines.append(f"{'hand':<16}{'equity':>9}{'scoop':>9}{'high':>9}{'low':>9}")
        rows = self.rows
        for i in best:
            lines.append(f"{rows['hand'][i]:<16}{100 * rows['equity'][i]:>8.2f}%{100 * rows['scoop'][i]:>8.2f}%"
                         f"{100 * (rows['high_win'][i] + rows['high_tie'][i]):>8.2f}%"
                         f"{100 * (rows['low_win'][i] + rows['low_tie'][i]):>8.2f}%")
        return "\n".join(lines)

    def write_csv(self, path: str | os.PathLike[str], *, digits: int = 6) -> None:
        """Write the table as CSV: a header line (:data:`COLUMNS`), then one line per class.

        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), "table.csv")
        >>> preflop_table(4, samples=1000, seed=2, hands=[0]).write_csv(path)
        >>> print(open(path).read().splitlines()[0])
        class,hand,multiplicity,equity,std_error,scoop,high_win,high_tie,low_win,low_tie,no_low
        """
        digits = check_int(digits, "digits", minimum=0, maximum=_MAX_DIGITS)
        rows = self.rows
        numbers = [rows[name] for name in COLUMNS[3:]]
        output = _Output(path)  # complete or absent: built beside the target, then moved into place
        try:
            built = output.scratch("table.csv")
            with open(built, "w", encoding="utf-8", newline="\n") as f:
                f.write(",".join(COLUMNS) + "\n")
                for i in range(len(rows)):
                    values = ",".join(f"{float(column[i]):.{digits}f}" for column in numbers)
                    # card text from canonical_hands, but a table may be built from anyone's rows
                    f.write(f"{rows['class'][i]},{csv_cell(str(rows['hand'][i]))},{rows['multiplicity'][i]},"
                            f"{values}\n")
            output.commit(built)
        finally:
            output.discard()


# digits after the point in write_csv: float64 holds 17 significant ones
_MAX_DIGITS = 17


def _check_int(value: object, name: str, low: int, high: int) -> int:
    number = check_int(value, name)
    if not low <= number <= high:
        raise PreflopError(f"{name} must be {low}..{high}, got {brief(number)}")
    return number


def _check_layout(cards: object, opponents: object) -> tuple[int, int]:
    if not is_int(cards) or operator.index(cards) not in (4, 5):  # type: ignore[arg-type]
        raise ShapeError(f"cards must be 4 or 5 (hole cards per hand), not {brief(cards)}")
    hole_size = operator.index(cards)  # type: ignore[arg-type]
    top = min(_preflop.MAX_SEATS - 1, (52 - 5) // hole_size - 1)
    opponents = check_int(opponents, "opponents")
    if not 1 <= opponents <= top:
        needed = (int(opponents) + 1) * hole_size + 5
        raise ShapeError(
            f"{hole_size}-card hands: opponents must be 1..{top} ({int(opponents) + 1} hands and a board need "
            f"{needed} cards), got {brief(opponents)}"
        )
    return hole_size, int(opponents)


def preflop_counts(
    cards: int, opponents: int, samples: int, seed: int, classes: npt.ArrayLike, n_threads: int | None = 1
) -> np.ndarray[Any, np.dtype[np.int64]]:
    """Raw counts of some classes (one task of :func:`preflop_table`).

    Returns int64 (len(classes), 8): for each class, in the order of
    ``omaha8.odds._preflop.STATS``: pot units won (``2 * lcm(1..players)`` per
    pot), samples with the best high alone and shared, the best low alone
    and shared, scoops, the sum of squared pot units, and samples without
    any low.
    """
    hands, _ = canonical_hands(cards)
    index = np.ascontiguousarray(classes, dtype=np.int64)
    out = np.zeros((index.shape[0], len(_preflop.STATS)), dtype=np.int64)
    _preflop.sample_hands(np.ascontiguousarray(hands[index]), index, opponents, samples, seed, out, threads_for(n_threads))
    return out


def _rows(hole_size: int, opponents: int, samples: int, classes: np.ndarray[Any, Any],
          counts: np.ndarray[Any, Any]) -> np.ndarray[Any, np.dtype[Any]]:
    hands, multiplicity = canonical_hands(hole_size)
    pot = _preflop.pot_units(opponents + 1)
    rows = np.zeros(len(classes), dtype=_dtype(hole_size))
    rows["class"] = classes
    rows["hand"] = [format_cards(h) for h in hands[classes]]
    rows["multiplicity"] = multiplicity[classes]
    units = counts[:, _STAT["units"]].astype(np.float64)
    squares = counts[:, _STAT["squares"]].astype(np.float64)
    mean = units / samples
    rows["equity"] = mean / pot
    if samples > 1:
        variance = np.maximum(squares / samples - mean * mean, 0.0) * samples / (samples - 1)
        rows["std_error"] = np.sqrt(variance / samples) / pot
    else:
        rows["std_error"] = math.nan
    for name in _RATES:
        rows[name] = counts[:, _STAT[name]] / samples
    return rows


@fill_doc(DOCS)
def preflop_table(
    cards: int = 4,
    opponents: int = 1,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int | None = None,
    client: Any = None,
    hands: npt.ArrayLike | slice | None = None,
    hands_per_task: int | None = None,
    n_threads: int | None = None,
    progress: bool = False,
    connect_timeout: float = CONNECT_TIMEOUT,
) -> PreflopTable:
    """Every class of starting hands against random hands, by Monte Carlo, on a cluster.

    Parameters
    ----------
    cards
        Hole cards: 4 (16,432 classes) or 5 (134,459).
    opponents
        Random opponent hands per sample: 1 (heads-up) up to 10 (4 cards)
        or 8 (5 cards).
    samples
        Deals per class. The standard error of equity is about
        ``0.45 / sqrt(samples)`` heads-up.
    seed
        Seed of the table (0 .. 2**64 - 1); None draws one (kept in the table).
    %(client)s
    hands
        Only these classes (numbers, a slice or a boolean mask over
        :func:`omaha8.core._starting_hands.canonical_hands`); default every one.
        A class's row does not depend on which others are computed with it.
    hands_per_task
        Classes per task; None: 8 tasks per worker thread, 16 to 1024 classes each.
    %(n_threads)s
    %(progress)s
    %(connect_timeout)s

    Returns
    -------
    PreflopTable

    Raises
    ------
    ShapeError
        ``cards`` not 4 or 5, or too many ``opponents`` for one deck.
    PreflopError
        ``samples`` or ``seed`` out of range, or ``hands`` that pick no valid classes.
    SchedulerError
        A scheduler address where no scheduler answers in time, or a closed client.
    ArgumentTypeError
        An argument of the wrong type, or a ``client`` that is not a client,
        an address or None.
    """
    hole_size, opponents = _check_layout(cards, opponents)
    samples = _check_int(samples, "samples", 1, _preflop.MAX_SAMPLES)
    seed = secrets.randbits(64) if seed is None else _check_int(seed, "seed", 0, 2**64 - 1)
    n_classes = len(canonical_hands(hole_size)[0])
    if hands is None:
        classes = np.arange(n_classes, dtype=np.int64)
    else:
        try:
            classes = np.arange(n_classes, dtype=np.int64)[hands]  # type: ignore[index]
        except (IndexError, ValueError, TypeError, OverflowError) as exc:
            raise PreflopError(f"hands must pick classes 0..{n_classes - 1}: {brief(str(exc))}") from None
        classes = np.unique(classes)  # ascending, each once
    n_threads = check_n_threads(n_threads)
    progress = check_bool(progress, "progress")
    with connect(client, timeout=connect_timeout) as found:
        threads = total_threads(found)
        automatic = min(1024, max(16, math.ceil(len(classes) / (8 * threads))))
        size = per_task(hands_per_task, "hands_per_task", automatic)
        task_threads = threads_per_task(n_threads, found)
        blocks: Sequence[np.ndarray[Any, Any]] = [
            classes[i : i + size] for i in range(0, len(classes), size)
        ]
        tasks = [(hole_size, opponents, samples, seed, block, task_threads) for block in blocks]
        bar = TaskProgress("preflop table", len(tasks)) if progress else None
        parts = run_tasks(preflop_counts, tasks, found, progress=bar)
    counts = np.concatenate(parts) if parts else np.zeros((0, len(_preflop.STATS)), dtype=np.int64)
    rows = _rows(hole_size, opponents, samples, classes, counts)
    rows.setflags(write=False)
    return PreflopTable(rows, hole_size, opponents, samples, seed)
