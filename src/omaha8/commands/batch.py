"""``omaha8 batch``: evaluate every deal of a file (or of N random deals) and summarise.

Reads the deal file in chunks at constant memory (formats in
:mod:`omaha8.deals`), finds each deal's high and low winners and pot shares
with the multi-threaded kernels, optionally writes one result line per deal,
and prints a summary: deals, seconds, deals a second, how often one seat
scoops and how often nobody has a low.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from ..deals import (
    DealResults,
    Deals,
    DealReader,
    ResultWriter,
    analyze_deals,
    iter_deals,
    iter_random_deals,
    resolve_columns,
    write_rejects,
    _check_seed,
    _needs,
)
from ..errors import Omaha8Error

DEFAULT_CHUNK_ROWS = 1 << 16


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "batch",
        help="evaluate every deal of a file, or of N random deals, and summarise",
        description="Evaluate every deal of a CSV/.npz/.npy deal file (board, then one hole per seat), or of "
        "N random deals: each seat's high and low, the high and low winners and the pot shares. Prints a "
        "summary; with -o also writes one result line per deal.",
        epilog="examples:\n  omaha8 batch --random 1000000\n  omaha8 batch deals.csv -o results.csv "
        "--columns line,winners,shares\n  omaha8 batch deals.csv --skip-bad --rejects bad.csv",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("input", nargs="?", help="deal file: .csv (or .csv.gz), .npz or .npy")
    parser.add_argument("-o", "--output", help="result file: .csv, .npz or .npy (default: summary only)")
    parser.add_argument(
        "--columns",
        help="result column groups, comma separated: line, deal, board, seats, high, low, high_desc, "
        "low_desc, high_winners, low_winners, shares; or cards, values, desc, winners, all "
        "(default: line (deal, board and seats with --random), values, desc, winners, shares)",
    )
    parser.add_argument("--random", type=int, metavar="N", help="evaluate N random deals instead of a file")
    parser.add_argument("--players", type=int, help="seats per deal (default: from the file; 6 with --random)")
    parser.add_argument("--cards", type=int, choices=(4, 5), help="hole cards per seat (default: from the file; 4)")
    parser.add_argument("--seed", type=int, help="random seed for --random (default: fresh, and printed)")
    parser.add_argument("--threads", type=int, help="threads (default: every core)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="analyse the chunks on a Dask cluster, e.g. tcp://host:8786 (needs omaha8[distributed])")
    parser.add_argument("--chunk-rows", type=int, default=DEFAULT_CHUNK_ROWS, metavar="N",
                        help=f"deals per chunk (default {DEFAULT_CHUNK_ROWS})")
    header = parser.add_mutually_exclusive_group()
    header.add_argument("--header", dest="header", action="store_true", default=None,
                        help="the CSV input has a header line (default: detected)")
    header.add_argument("--no-header", dest="header", action="store_false", help="the CSV input has no header")
    parser.add_argument("--skip-bad", action="store_true",
                        help="write malformed rows to the rejects file and carry on, instead of stopping")
    parser.add_argument("--rejects", metavar="PATH",
                        help="rejects file for --skip-bad (default: OUTPUT.rejects.csv, or INPUT.rejects.csv)")
    parser.add_argument("--no-progress", dest="progress", action="store_false", default=None,
                        help="no progress bar (it is shown only when stderr is a terminal)")
    parser.add_argument("-q", "--quiet", action="store_true", help="print no summary")
    parser.set_defaults(func=run)


@dataclass
class Tally:
    """Running counts for the summary."""

    deals: int = 0
    scoops: int = 0
    no_low: int = 0
    rejected: int = 0


class Progress:
    """A one-line progress bar on a terminal: deals done, deals a second, time left."""

    def __init__(self, stream: TextIO, enabled: bool) -> None:
        self.stream, self.enabled = stream, enabled
        self.start = time.perf_counter()
        self.last = 0.0
        self.shown = False

    def update(self, done: int, fraction: float | None, final: bool = False) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if not final and now - self.last < 0.2:
            return
        self.last = now
        elapsed = max(now - self.start, 1e-9)
        line = f"  {done:>12,} deals  {done / elapsed:>11,.0f}/s"
        if fraction is not None and fraction > 0:
            left = elapsed * (1 - fraction) / fraction
            line += f"  {100 * fraction:5.1f}%  {int(left // 60)}:{int(left % 60):02d} left"
        self.stream.write("\r" + line.ljust(70))
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * 70 + "\r")
            self.stream.flush()


def _rejects_path(args: argparse.Namespace) -> Path:
    if args.rejects:
        return Path(args.rejects)
    base = args.output or args.input
    return Path(f"{base}.rejects.csv")


def run(args: argparse.Namespace) -> int:
    if (args.input is None) == (args.random is None):
        raise SystemExit("omaha8 batch: error: give a deal file or --random N (one of them)")
    if args.random is not None and args.random < 0:
        raise SystemExit("omaha8 batch: error: --random needs N >= 0")
    if args.random is not None and (args.skip_bad or args.header is not None):
        raise SystemExit("omaha8 batch: error: --skip-bad and --header apply to a deal file, not --random")
    if args.seed is not None and not 0 <= args.seed < 1 << 64:
        raise SystemExit("omaha8 batch: error: --seed needs an integer in 0..2**64-1")
    if args.chunk_rows < 1:
        raise SystemExit("omaha8 batch: error: --chunk-rows needs a positive number")
    try:
        return _run(args)
    except OSError as exc:
        print(f"omaha8: error: {exc}", file=sys.stderr)
        return 2
    except ValueError as exc:
        if isinstance(exc, Omaha8Error):
            raise
        print(f"omaha8: error: {exc}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    from_file = args.input is not None
    columns = resolve_columns(args.columns, lines=from_file) if args.output else ()
    values, shares = _needs(columns)
    seed = None
    reader: DealReader | None = None
    if from_file:
        reader = iter_deals(args.input, chunk_rows=args.chunk_rows, players=args.players, cards=args.cards,
                            header=args.header, skip_bad=args.skip_bad, n_threads=args.threads)
        chunks: Iterator[Deals] = reader
        total = None
    else:
        seed = _check_seed(args.seed)
        chunks = iter_random_deals(args.random, players=6 if args.players is None else args.players,
                                   cards=4 if args.cards is None else args.cards, seed=seed,
                                   chunk_rows=args.chunk_rows, n_threads=args.threads)
        total = args.random
    show = sys.stderr.isatty() if args.progress is None else False
    progress = Progress(sys.stderr, show)
    tally = Tally()
    writer: ResultWriter | None = None
    rejects_path = _rejects_path(args) if args.skip_bad else None
    if rejects_path is not None:
        write_rejects(rejects_path, ())
    layout = None
    try:
        if args.scheduler:
            from ..distributed import run_batch_on_cluster

            pairs: Iterator[tuple[Deals, DealResults | None]] = run_batch_on_cluster(
                chunks, args.scheduler, values=values, shares=shares, n_threads=args.threads or 1
            )
        else:
            pairs = ((chunk, None) for chunk in chunks)
        for chunk, results in pairs:
            if chunk.rejects:
                assert rejects_path is not None
                tally.rejected += write_rejects(rejects_path, chunk.rejects, append=True)
            if not len(chunk):
                continue
            layout = (chunk.players, chunk.cards)
            if results is None:
                results = analyze_deals(chunk, values=values, shares=shares, n_threads=args.threads)
            if args.output and writer is None:
                writer = ResultWriter(args.output, players=chunk.players, cards=chunk.cards, columns=columns,
                                      lines=from_file, n_threads=args.threads)
            if writer is not None:
                writer.write(results)
            tally.deals += len(chunk)
            tally.scoops += int(results.scoops.sum())
            tally.no_low += int(results.no_low.sum())
            fraction = reader.fraction_done if reader is not None else tally.deals / total if total else None
            progress.update(tally.deals, fraction)
        if args.output and writer is None:  # no deal at all: still leave a (header-only) result file
            players = (reader.players if reader is not None else args.players) or 1
            cards = (reader.cards if reader is not None else args.cards) or 4
            writer = ResultWriter(args.output, players=players, cards=cards, columns=columns, lines=from_file)
        if writer is not None:
            writer.close()
    except BaseException:
        progress.clear()
        if writer is not None:
            writer.abort()
        raise
    finally:
        if reader is not None:
            reader.close()
    progress.update(tally.deals, 1.0, final=True)
    progress.clear()
    seconds = time.perf_counter() - started
    if not args.quiet:
        _summary(sys.stdout, args, tally, seconds, layout, seed, rejects_path)
    return 0


def _percent(count: int, total: int) -> str:
    return f"{100 * count / total:6.2f}%" if total else "     -"


def _summary(out: TextIO, args: argparse.Namespace, tally: Tally, seconds: float, layout: tuple[int, int] | None,
             seed: int | None, rejects_path: Path | None) -> None:
    rate = tally.deals / seconds if seconds > 0 else 0.0
    shape = f" ({layout[0]} seats, {layout[1]} hole cards)" if layout else ""
    source = f"random, seed {seed}" if seed is not None else str(args.input)
    lines = [
        f"deals      {tally.deals:,}{shape} from {source}",
        f"time       {seconds:.2f} s, {rate:,.0f} deals/s",
        f"scoops     {tally.scoops:>12,}  {_percent(tally.scoops, tally.deals)}  one seat wins the whole pot",
        f"no low     {tally.no_low:>12,}  {_percent(tally.no_low, tally.deals)}  nobody has an 8-or-better low",
    ]
    if rejects_path is not None:
        lines.append(f"rejected   {tally.rejected:>12,}  rows written to {rejects_path}")
    if args.output:
        lines.append(f"results    {args.output}")
    out.write("\n".join(lines) + "\n")
    out.flush()
