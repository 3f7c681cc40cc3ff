"""``omaha8 preflop-table``: every starting hand's equity against random hands, here or on a Dask cluster.

Without ``--scheduler`` or ``--workers`` it runs in this process, on every
core, without Dask: a local cluster runs the same nogil kernels on the
same cores and adds process start-up and task traffic, so on one machine
it is not faster (``benchmarks/bench_distributed.py`` measures the two).
``--workers N`` starts a local cluster of N processes anyway (one thread
each), and ``--scheduler ADDRESS`` uses yours. The table does not depend on
where it is computed. A ``--scheduler`` that does not answer as a Dask
scheduler within ``--connect-timeout`` seconds (10 by default) is a
one-line error. ``--json`` prints one object per class and ``-o FILE``
writes one row per class (:data:`omaha8.distributed.preflop.COLUMNS`).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from contextlib import ExitStack
from typing import Any

import numpy as np

from .._support._args import CHUNK_LIMIT, brief
from .._support._text import noun, printable
from ..odds._preflop import MAX_SAMPLES
from ..distributed._client import CONNECT_TIMEOUT, require
from ..distributed.preflop import COLUMN_TYPES, DEFAULT_SAMPLES, PreflopTable, preflop_table
from ..errors import ArgumentError
from ..core._starting_hands import canonical_hands
from ._options import CARDS, SECONDS, SEED, int_option, renamed
from ._output import Output, add_output_options


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "preflop-table",
        help="equity of every starting hand against random hands (here, or on a Dask cluster)",
        description="Monte Carlo table of every suit-isomorphism class of starting hands (16,432 with 4 "
        "cards, 134,459 with 5): equity, its standard error, scoop, high and low win and tie rates against "
        "random opponents on random boards. Runs in this process on every core; --scheduler ADDRESS runs it "
        "on your Dask cluster, --workers N on a local one.",
        epilog="examples:\n  omaha8 preflop-table --cards 4 --samples 2000 --slice 0:100 -o table.csv\n"
        "  omaha8 preflop-table --cards 4 --samples 20000 -o table.csv   (all 16,432 classes)\n"
        "  omaha8 preflop-table --scheduler tcp://10.0.0.5:8786 --cards 5 -o table5.parquet",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--cards", **CARDS, default=4, help="hole cards (default 4)")
    parser.add_argument("--opponents", type=int_option(1, 15), default=1, metavar="N",
                        help="random opponents per deal (default 1; at most 10 with 4 cards, 8 with 5)")
    parser.add_argument("--samples", type=int_option(1, MAX_SAMPLES), default=DEFAULT_SAMPLES, metavar="N",
                        help=f"deals per hand, 1..{MAX_SAMPLES:,} (default {DEFAULT_SAMPLES:,})")
    parser.add_argument("--seed", type=SEED, help="seed, 0..2**64-1 (default: drawn at random and printed)")
    parser.add_argument("--slice", type=_slice, metavar="START:STOP",
                        help="only classes START..STOP-1 (e.g. 0:1000; either end may be left off)")
    parser.add_argument("--hands", action=renamed("--slice", "the classes START:STOP"), help=argparse.SUPPRESS)
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--scheduler", metavar="ADDRESS", help="Dask scheduler address, e.g. tcp://host:8786")
    where.add_argument("--workers", type=int_option(0, 4096), metavar="N",
                       help="a local Dask cluster of N worker processes (default: none, this process on every "
                       "core, which is as fast on one machine); 0: this process")
    parser.add_argument("--connect-timeout", type=SECONDS, default=CONNECT_TIMEOUT, metavar="SECONDS",
                        help=f"give up on a --scheduler that does not answer in this time (default {CONNECT_TIMEOUT:g})")
    parser.add_argument("--hands-per-task", type=int_option(1, CHUNK_LIMIT), metavar="N",
                        help="classes per task (default: automatic)")
    parser.add_argument("--top", type=int_option(0, CHUNK_LIMIT), default=10, metavar="N",
                        help="hands to print without -o (default 10)")
    parser.add_argument("--no-progress", dest="progress", action="store_false", default=None,
                        help="no progress bar (it is shown only when stderr is a terminal)")
    add_output_options(parser, "one row per class", "one JSON object per class")
    parser.set_defaults(func=run)


def _slice(text: str) -> slice:
    """``START:STOP`` as a slice of class numbers; either end may be left off."""
    parts = text.split(":")
    bound = int_option(0, CHUNK_LIMIT)
    if len(parts) != 2:
        raise argparse.ArgumentTypeError(f"must be START:STOP, like 0:1000, not {brief(text, 60)}")
    try:
        start, stop = (bound(part) if part.strip() else None for part in parts)
    except argparse.ArgumentTypeError as exc:
        raise argparse.ArgumentTypeError(f"must be START:STOP, like 0:1000, not {brief(text, 60)}: {exc}") from None
    if start is not None and stop is not None and stop <= start:
        raise argparse.ArgumentTypeError(f"{text} picks no classes: STOP must be greater than START")
    return slice(start, stop)


def run(args: argparse.Namespace) -> int:
    hands = args.slice
    if hands is not None:
        n_classes = len(canonical_hands(args.cards)[0])
        if len(range(n_classes)[hands]) == 0:
            raise ArgumentError(
                f"--slice {'' if hands.start is None else hands.start}:{'' if hands.stop is None else hands.stop} "
                "picks no classes: "
                f"{args.cards}-card hands have classes 0..{n_classes - 1}"
            )
    show = sys.stderr.isatty() if args.progress is None else False
    started = time.perf_counter()
    with Output(args, COLUMN_TYPES) as out:
        with ExitStack() as stack:
            client: Any = args.scheduler
            if args.scheduler is None and args.workers:
                distributed = require("distributed")
                cluster = stack.enter_context(distributed.LocalCluster(
                    n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None,
                    silence_logs=logging.ERROR,
                ))
                client = stack.enter_context(distributed.Client(cluster, set_as_default=False))
            table = preflop_table(
                args.cards, args.opponents, samples=args.samples, seed=args.seed, client=client, hands=hands,
                hands_per_task=args.hands_per_task, progress=show, connect_timeout=args.connect_timeout,
            )
        seconds = time.perf_counter() - started
        records = table.records()
        for record in records:
            out.result(record)
        out.rows(records)
        out.say(*_summary(table, seconds, args))
    return 0


def _summary(table: PreflopTable, seconds: float, args: argparse.Namespace) -> list[str]:
    rows = table.rows
    where = (f"on {printable(args.scheduler)}" if args.scheduler else f"on a local cluster of {args.workers:,} workers"
             if args.workers else f"in this process ({os.cpu_count() or 1} cores)")
    lines = [
        f"classes    {len(table):,} of {table.cards}-card hands, {table.opponents} random "
        f"{noun(table.opponents, 'opponent')}",
        f"samples    {table.samples:,} per hand, seed {table.seed}",
        f"time       {seconds:.1f} s {where}, {len(table) * table.samples / max(seconds, 1e-9):,.0f} deals/s",
    ]
    if len(table):
        lines.append(f"std error  {100 * float(np.mean(rows['std_error'])):.3f}% of the pot on average, "
                     f"{100 * float(np.max(rows['std_error'])):.3f}% at most")
        lines.append(f"mean       {100 * table.weighted_mean('equity'):.3f}% equity over real hands")
    if args.output:
        lines.append(f"table      {printable(args.output)}")
    else:
        best = np.argsort(-rows["equity"], kind="stable")[: max(0, args.top)]
        lines.append(f"{'hand':<16}{'equity':>9}{'scoop':>9}{'high':>9}{'low':>9}")
        for i in best:
            lines.append(f"{rows['hand'][i]:<16}{100 * rows['equity'][i]:>8.2f}%{100 * rows['scoop'][i]:>8.2f}%"
                         f"{100 * (rows['high_win'][i] + rows['high_tie'][i]):>8.2f}%"
                         f"{100 * (rows['low_win'][i] + rows['low_tie'][i]):>8.2f}%")
    return lines
