"""``omaha8 preflop-table``: every starting hand's equity against random hands, on a Dask cluster.

Without ``--scheduler`` it starts a local cluster of ``--workers`` processes
(one thread each); ``--workers 0`` runs in this process, on every core,
without Dask. The table does not depend on where it is computed. A
``--scheduler`` that does not answer as a Dask scheduler within
``--connect-timeout`` seconds (10 by default) is a one-line error.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from contextlib import ExitStack
from typing import Any, TextIO

import numpy as np

from .._support._args import CHUNK_LIMIT, brief
from .._support._text import noun, printable
from ..odds._preflop import MAX_SAMPLES
from ..distributed._client import CONNECT_TIMEOUT, require
from ..distributed.preflop import DEFAULT_SAMPLES, PreflopTable, preflop_table
from ..errors import ArgumentError
from ..core._starting_hands import canonical_hands
from ._options import PATH, SECONDS, SEED, int_option


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "preflop-table",
        help="equity of every starting hand against random hands (Dask cluster)",
        description="Monte Carlo table of every suit-isomorphism class of starting hands (16,432 with 4 "
        "cards, 134,459 with 5): equity, its standard error, scoop, high and low win and tie rates against "
        "random opponents on random boards. Runs on a Dask cluster: --scheduler ADDRESS, or a local cluster "
        "of --workers processes.",
        epilog="examples:\n  omaha8 preflop-table --cards 4 --samples 20000 -o table.csv\n"
        "  omaha8 preflop-table --scheduler tcp://10.0.0.5:8786 --cards 5 -o table5.csv\n"
        "  omaha8 preflop-table --hands 0:100 --samples 2000 --seed 1",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--cards", type=int_option(4, 5), choices=(4, 5), default=4, help="hole cards (default 4)")
    parser.add_argument("--opponents", type=int_option(1, 15), default=1,
                        help="random opponents per deal (default 1; at most 10 with 4 cards, 8 with 5)")
    parser.add_argument("--samples", type=int_option(1, MAX_SAMPLES), default=DEFAULT_SAMPLES, metavar="N",
                        help=f"deals per hand, 1..{MAX_SAMPLES:,} (default {DEFAULT_SAMPLES})")
    parser.add_argument("--seed", type=SEED, help="seed, 0..2**64-1 (default: drawn at random and printed)")
    parser.add_argument("-o", "--output", type=PATH, help="write the table here as CSV (default: print the top hands)")
    parser.add_argument("--hands", type=_hands, metavar="START:STOP",
                        help="only classes START..STOP-1 (e.g. 0:1000; either end may be left off)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--scheduler", metavar="ADDRESS", help="Dask scheduler address, e.g. tcp://host:8786")
    where.add_argument("--workers", type=int_option(0, 4096), metavar="N",
                       help="local cluster of N worker processes (default: one per core); 0: no Dask")
    parser.add_argument("--connect-timeout", type=SECONDS, default=CONNECT_TIMEOUT, metavar="SECONDS",
                        help=f"give up on a --scheduler that does not answer in this time (default {CONNECT_TIMEOUT:g})")
    parser.add_argument("--hands-per-task", type=int_option(1, CHUNK_LIMIT), metavar="N",
                        help="classes per task (default: automatic)")
    parser.add_argument("--top", type=int_option(0, CHUNK_LIMIT), default=10, metavar="N",
                        help="hands to print without -o (default 10)")
    parser.add_argument("--no-progress", dest="progress", action="store_false", default=None,
                        help="no progress bar (it is shown only when stderr is a terminal)")
    parser.set_defaults(func=run)


def _hands(text: str) -> slice:
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
    hands = args.hands
    if hands is not None:
        n_classes = len(canonical_hands(args.cards)[0])
        if len(range(n_classes)[hands]) == 0:
            raise ArgumentError(
                f"--hands {'' if hands.start is None else hands.start}:{'' if hands.stop is None else hands.stop} "
                "picks no classes: "
                f"{args.cards}-card hands have classes 0..{n_classes - 1}"
            )
    show = sys.stderr.isatty() if args.progress is None else False
    started = time.perf_counter()
    with ExitStack() as stack:
        client: Any = args.scheduler
        if args.scheduler is None and args.workers != 0:
            distributed = require("distributed")
            workers = args.workers or os.cpu_count() or 1
            cluster = stack.enter_context(distributed.LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                silence_logs=logging.ERROR,
            ))
            client = stack.enter_context(distributed.Client(cluster, set_as_default=False))
        table = preflop_table(
            args.cards, args.opponents, samples=args.samples, seed=args.seed, client=client, hands=hands,
            hands_per_task=args.hands_per_task, progress=show, connect_timeout=args.connect_timeout,
        )
    seconds = time.perf_counter() - started
    if args.output:
        table.write_csv(args.output)
    _summary(sys.stdout, table, seconds, args)
    return 0


def _summary(out: TextIO, table: PreflopTable, seconds: float, args: argparse.Namespace) -> None:
    rows = table.rows
    where = args.scheduler or ("this process" if args.workers == 0 else
                               f"local cluster of {args.workers or os.cpu_count() or 1} workers")
    lines = [
        f"classes    {len(table):,} of {table.cards}-card hands, {table.opponents} random "
        f"{noun(table.opponents, 'opponent')}",
        f"samples    {table.samples:,} per hand, seed {table.seed}",
        f"time       {seconds:.1f} s on {where}, {len(table) * table.samples / max(seconds, 1e-9):,.0f} deals/s",
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
    out.write("\n".join(lines) + "\n")
    out.flush()
