"""Many equity spots at once, spread over the workers of a Dask cluster.

A *spot* is one :func:`omaha8.odds._equity.equity` question: the players' hands,
the known board cards and the dead cards. :func:`equity_many` answers a list
of them, or a CSV file of them, one or more spots per task, and gathers the
results in the order of the spots.

Reproducible: with ``samples`` and a ``seed``, spot ``i`` is sampled with
the seed :func:`spot_seed` ``(seed, i)``, whichever worker runs it and
however many there are, so each result is also exactly what
``equity(holes, board, dead, samples=samples, seed=spot_seed(seed, i))``
gives on one machine.

Spot files (CSV)
----------------
One spot per line: ``board,dead,hand1,hand2[,hand3...]``, each field in any
card format :func:`omaha8.parse_cards` reads (no commas inside a field);
``board`` and ``dead`` may be empty. Blank lines and lines starting with
``#`` are skipped, and so is a first line whose first field is ``board``
(a header)::

    board,dead,hand1,hand2,hand3
    ,,As Ad 2c 3d,Ks Kd Qh Jh
    Ac Kc 4h,7d,As Ad 2c 3d,Ks Kd Qh Jh,9c Tc Jd Qd

>>> results = equity_many([
...     {"holes": ["As Ad 2c 3d", "Ks Kd Qh Jh"], "board": "Ac Kc 4h 5s"},
...     (["Ah 2h 3c Kd", "Ks Kc Qs Jd"], "4h 5d 9s Qh"),
... ])
>>> [r.equity.tolist() for r in results]
[[0.9375, 0.0625], [0.575, 0.425]]
>>> equity_many([(["As Ad 2c 3d", "Ks Kd Qh Jh"], "Ac Kc 4h 5s"), (["As Ad 2c 3d", "Ks Kd Qh Jh"], "As Kc 4h")])
Traceback (most recent call last):
...
omaha8.errors.DuplicateCardError: spots[1]: card 'As' appears twice: holes[0][0] and board[0]
"""

from __future__ import annotations

import csv
import math
import os
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Union

import numpy as np

from .._support._args import SEED_LIMIT, brief, check_bool, check_int, check_n_threads
from ..cards import CardsLike, parse_cards
from ..odds._equity import EquityError, EquityResult, check_samples, equity
from ..deals._outputs import _check_path
from ..errors import CardTypeError, DealFileError, Omaha8Error, ShapeError
from .._support._text import noun, printable
from .._support._docs import fill_doc
from ._client import CONNECT_TIMEOUT, DOCS, TaskProgress, connect, per_task, run_tasks, threads_per_task, total_threads

__all__ = ["Spot", "SpotsLike", "spot_seed", "read_spots", "equity_many"]


@dataclass(frozen=True, slots=True)
class Spot:
    """One equity question: each player's hand, the known board and the dead cards (card ids)."""

    holes: tuple[tuple[int, ...], ...]
    board: tuple[int, ...] = ()
    dead: tuple[int, ...] = ()


#: A list of spots (dicts with ``holes``, ``board``, ``dead``; tuples
#: ``(holes, board, dead)`` of which board and dead may be left off; or
#: :class:`Spot`), or the path of a spot file.
SpotsLike = Union[str, "os.PathLike[str]", Iterable[Union[Spot, Mapping[str, Any], Sequence[Any]]]]


def spot_seed(seed: int, index: int) -> int:
    """The seed :func:`equity_many` gives spot ``index`` of a run seeded with ``seed``.

    It is ``numpy.random.SeedSequence(seed).spawn(index + 1)[index]`` drawn
    as one 64-bit word: independent streams for the spots, a function of
    ``(seed, index)`` alone.

    >>> spot_seed(7, 0) == spot_seed(7, 0) != spot_seed(7, 1)
    True
    >>> import numpy as np
    >>> spot_seed(7, 3) == int(np.random.SeedSequence(7).spawn(4)[3].generate_state(1, np.uint64)[0])
    True
    """
    seed = check_int(seed, "seed", minimum=0, maximum=SEED_LIMIT - 1)
    index = check_int(index, "index", minimum=0, maximum=SEED_LIMIT - 1)
    sequence = np.random.SeedSequence(int(seed), spawn_key=(int(index),))
    return int(sequence.generate_state(1, np.uint64)[0])


def _cards(cards: CardsLike, name: str) -> tuple[int, ...]:
    """Card ids; every error names the field."""
    try:
        return tuple(parse_cards(cards, name=name).tolist())
    except Omaha8Error as exc:
        if str(exc).startswith(name):
            raise
        raise type(exc)(f"{name}: {exc}") from None


def _as_spot(obj: Any, where: str) -> Spot:
    """One spot from a Spot, a mapping or a tuple; card errors name ``where``."""
    try:
        if isinstance(obj, Spot):
            return obj
        if isinstance(obj, Mapping):
            unknown = set(obj) - {"holes", "board", "dead"}
            if unknown or "holes" not in obj:
                raise ShapeError(f"a spot has keys holes, board and dead (holes required), got {sorted(obj)}")
            holes, board, dead = obj["holes"], obj.get("board", ()), obj.get("dead", ())
        elif isinstance(obj, (tuple, list)) and 1 <= len(obj) <= 3:
            holes, board, dead = (*obj, (), ())[:3]
        else:
            raise CardTypeError(f"a spot is a dict or a (holes, board, dead) tuple, not {type(obj).__name__}")
        if isinstance(holes, (str, bytes)):
            raise CardTypeError(f"holes must be a sequence of hands, one per player, not one string: {holes!r}")
        return Spot(
            tuple(_cards(hand, f"holes[{j}]") for j, hand in enumerate(holes)),
            _cards(board, "board"),
            _cards(dead, "dead"),
        )
    except Omaha8Error as exc:
        raise type(exc)(f"{where}: {exc}") from None


def read_spots(path: str | os.PathLike[str]) -> list[Spot]:
    """The spots of a spot file (format in the module documentation).

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "spots.csv")
    >>> _ = open(path, "w").write("board,dead,hand1,hand2\\n,,As Ad 2c 3d,Ks Kd Qh Jh\\nAc Kc 4h,7d,AsAd2c3d,KsKdQhJh\\n")
    >>> spots = read_spots(path)
    >>> len(spots), spots[1].board, spots[1].dead
    (2, (48, 44, 10), (21,))
    >>> _ = open(path, "w").write("Ac Kc 4h,,As Ad 2c 3d\\n")
    >>> read_spots(path)
    Traceback (most recent call last):
    ...
    omaha8.errors.ShapeError: ...spots.csv, line 1: a spot line is board,dead,hand1,hand2[,...]: got 1 hand
    """
    source = _check_path(path)
    spots: list[Spot] = []
    with open(source, newline="", encoding="utf-8") as f:
        reader = csv.reader(f)
        try:
            for fields in reader:
                number = reader.line_num
                if not fields or not "".join(fields).strip() or fields[0].lstrip().startswith("#"):
                    continue
                if number == 1 and fields[0].strip().lower() == "board":
                    continue
                where = f"{printable(source)}, line {number}"
                while len(fields) > 2 and not fields[-1].strip():
                    fields.pop()  # trailing empty hands: a spreadsheet's padding
                if len(fields) < 4:
                    hands = max(0, len(fields) - 2)
                    raise ShapeError(f"{where}: a spot line is board,dead,hand1,hand2[,...]: got {hands} "
                                     f"{noun(hands, 'hand')}")
                spots.append(_as_spot((fields[2:], fields[0], fields[1]), where))
        except UnicodeDecodeError:
            raise DealFileError(f"{printable(source)}: not UTF-8 text; a spot file is CSV in UTF-8") from None
        except csv.Error as exc:  # a NUL byte, a field past the csv module's limit
            raise ShapeError(f"{printable(source)}, line {max(1, reader.line_num)}: not a line of CSV "
                             f"({brief(str(exc))})") from None
    return spots


def _equity_task(
    first: int, spots: Sequence[Spot], samples: int | None, seeds: Sequence[int | None], n_threads: int | None
) -> list[EquityResult]:
    """The results of spots ``first``, ``first + 1``, ... (one task)."""
    results = []
    for i, (spot, seed) in enumerate(zip(spots, seeds)):
        try:
            results.append(equity(spot.holes, spot.board, spot.dead, samples=samples, seed=seed,
                                  n_threads=n_threads))
        except Omaha8Error as exc:
            raise type(exc)(f"spots[{first + i}]: {exc}") from None
    return results


@fill_doc(DOCS)
def equity_many(
    spots: SpotsLike,
    *,
    samples: int | None = None,
    seed: int | None = None,
    client: Any = None,
    n_threads: int | None = None,
    spots_per_task: int | None = None,
    progress: bool = False,
    connect_timeout: float = CONNECT_TIMEOUT,
) -> list[EquityResult]:
    """The equity of every spot, computed on a Dask cluster (or here), in order.

    Parameters
    ----------
    spots
        A list of spots, each a dict ``{"holes": [...], "board": ..., "dead":
        ...}``, a tuple ``(holes, board, dead)`` (board and dead optional) or
        a :class:`Spot`; or the path of a spot file (module documentation).
    samples
        None: every remaining board, exactly. An int: that many sampled
        boards per spot.
    seed
        Seed of the whole run: spot ``i`` uses :func:`spot_seed` ``(seed, i)``,
        so the results do not depend on the cluster. None draws one at random
        (each result's ``seed`` still reproduces it).
    client
        A ``distributed.Client``, a scheduler address (``"tcp://host:8786"``),
        or None to run here, without Dask.
    n_threads
        Threads per spot. None: 1 on a cluster (each worker thread runs one
        task), every core when run here. Results never depend on it.
    spots_per_task
        Spots per task; None picks enough tasks to keep every worker thread
        busy (16 per thread) without drowning the scheduler.
    %(progress)s
    %(connect_timeout)s

    Returns
    -------
    list of EquityResult
        One per spot, in the order of ``spots``.

    Raises
    ------
    CardError, DuplicateCardError, ShapeError, EquityError
        An invalid spot; the message starts ``spots[i]:`` (or names the
        file and line).
    SchedulerError
        A scheduler address where no scheduler answers in time, or a closed client.
    ArgumentTypeError
        A ``client`` that is not a client, an address or None.
    """
    if isinstance(spots, (str, os.PathLike)):
        items = read_spots(spots)
    else:
        if isinstance(spots, Mapping):
            raise CardTypeError("spots must be a list of spots (dicts or tuples), not one dict")
        items = [_as_spot(s, f"spots[{i}]") for i, s in enumerate(spots)]
    samples = check_samples(samples)
    if seed is not None:
        seed = check_int(seed, "seed", minimum=0, maximum=SEED_LIMIT - 1, value_error=EquityError)
    n_threads = check_n_threads(n_threads)
    progress = check_bool(progress, "progress")
    master = secrets.randbits(64) if seed is None else int(seed)
    seeds = [None if samples is None else spot_seed(master, i) for i in range(len(items))]
    with connect(client, timeout=connect_timeout) as found:
        threads = total_threads(found)
        size = per_task(spots_per_task, "spots_per_task", math.ceil(len(items) / (16 * threads)))
        task_threads = threads_per_task(n_threads, found)
        tasks = [
            (first, items[first : first + size], samples, seeds[first : first + size], task_threads)
            for first in range(0, len(items), size)
        ]
        bar = TaskProgress("equity", len(tasks)) if progress else None
        parts = run_tasks(_equity_task, tasks, found, progress=bar)
    return [result for part in parts for result in part]
