"""``omaha8 batch``: evaluate every deal of a file (or of N random deals) and summarise.

Reads the deal file in chunks at constant memory (formats in
:mod:`omaha8.deals`), finds each deal's high and low winners and pot shares
with the multi-threaded kernels, optionally writes one result line per deal,
and prints a summary: deals, seconds, deals a second, how often one seat
scoops and how often nobody has a low.

Nothing given is written over: before any file is opened for writing, an
output (``-o``, ``--rejects``, ``--deals-out``) that is the input or another
output, under any name (a symlink, a hard link), is refused. ``-`` is
standard input or output; the summary then goes to standard error.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from .._support._args import CHUNK_LIMIT
from .._support._progress import Progress
from .._support._text import noun, printable
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
from ..deals._containers import RejectedRow
from ..deals._outputs import CompleteOrAbsent, _close_quietly, _is_stream_path, _Output
from ..deals._prefetch import Prefetched
from ..deals._row_files import cannot_write, row_format
from ..deals._writers import DEAL_FORMATS, RESULT_FORMATS
from ..pots._showdown import MAX_SEATS
from ._options import CARDS, COLUMNS, PATH, SEED, THREADS, int_option
from ._output import STDOUT_TWICE, add_output_options, check_inputs, check_outputs, identity, usage_error

#: The kinds of ``-o``: the result files of :class:`omaha8.deals.ResultWriter`.
FORMATS = RESULT_FORMATS

DEFAULT_CHUNK_ROWS = 1 << 16
# deal numbers of a random stream are int64
MAX_RANDOM = (1 << 63) - 1


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "batch",
        help="evaluate every deal of a file, or of N random deals, and summarise",
        description="Evaluate every deal of a CSV/.npz/.npy deal file (board, then one hole per seat), or of "
        "N random deals: each seat's high and low, the high and low winners and the pot shares. Prints a "
        "summary; with -o also writes one result line per deal.",
        epilog="examples:\n  omaha8 batch --random 1000000\n  omaha8 batch deals.csv -o results.csv "
        "--columns line,winners,shares\n  omaha8 batch deals.csv --skip-bad --rejects bad.csv\n"
        "  omaha8 batch --random 1000 --seed 7 --deals-out drawn.csv\n  zcat deals.csv.gz | omaha8 batch - -o -\n\n"
        "The seats and cards per seat of a CSV file come from --players/--cards, else from its header\n"
        "(the seats) and the layout most of its first rows have; a malformed row is one bad row\n"
        "wherever it is. A result file that has the 'cards' columns (board and seats) is itself a\n"
        "deal file: omaha8 batch reads it back and skips its other columns.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("input", nargs="?", type=PATH,
                        help="deal file: .csv (or .csv.gz), .npz or .npy; - for standard input")
    parser.add_argument(
        "--columns", type=COLUMNS,
        help="result column groups, comma separated: line, deal, board, seats, high, low, high_desc, "
        "low_desc, high_winners, low_winners, shares; or cards, values, desc, winners, all "
        "(default: line (deal, board and seats with --random), values, desc, winners, shares); "
        "with cards, the result file can be read back as a deal file. Needs -o",
    )
    parser.add_argument("--deals-out", type=PATH, metavar="PATH",
                        help="also write the deals evaluated (the N drawn with --random, or the file's valid "
                        "deals) as a deal file: .csv, .csv.gz, .npz or .npy")
    parser.add_argument("--random", type=int_option(0, MAX_RANDOM), metavar="N",
                        help="evaluate N random deals instead of a file")
    parser.add_argument("--players", type=int_option(1, MAX_SEATS),
                        help="seats per deal (default: from the file; 6 with --random)")
    parser.add_argument("--cards", **CARDS, help="hole cards per seat (default: from the file; 4)")
    parser.add_argument("--seed", type=SEED, help="random seed for --random (default: fresh, and printed)")
    parser.add_argument("--threads", type=THREADS, help="threads (default: every core)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="analyse the chunks on a Dask cluster, e.g. tcp://host:8786 (needs omaha8[distributed])")
    parser.add_argument("--chunk-rows", type=int_option(1, CHUNK_LIMIT), default=DEFAULT_CHUNK_ROWS, metavar="N",
                        help=f"deals per chunk (default {DEFAULT_CHUNK_ROWS})")
    header = parser.add_mutually_exclusive_group()
    header.add_argument("--header", dest="header", action="store_true", default=None,
                        help="the CSV input has a header line (default: detected)")
    header.add_argument("--no-header", dest="header", action="store_false", help="the CSV input has no header")
    parser.add_argument("--skip-bad", action="store_true",
                        help="write malformed rows to the rejects file and carry on, instead of stopping")
    parser.add_argument("--rejects", type=PATH, metavar="PATH",
                        help="rejects file for --skip-bad (default: OUTPUT.rejects.csv, or INPUT.rejects.csv)")
    parser.add_argument("--no-progress", dest="progress", action="store_false", default=None,
                        help="no progress bar (it is shown only when stderr is a terminal)")
    parser.add_argument("-q", "--quiet", action="store_true", help="print no summary")
    add_output_options(parser, "one result row per deal (default: the summary only)",
                       "the summary as one JSON object", formats=FORMATS)
    parser.set_defaults(func=run)


@dataclass
class Tally:
    """Running counts for the summary."""

    deals: int = 0
    scoops: int = 0
    no_low: int = 0
    rejected: int = 0


def _deals_text(done: int, seconds: float) -> str:
    """The count on the progress line: deals done and deals a second."""
    return f"{done:,} deals  {done / max(seconds, 1e-9):,.0f}/s"


def _rejects_path(args: argparse.Namespace) -> str:
    if args.rejects:
        return str(args.rejects)
    for base in (args.output, args.input):
        if base is not None and not _is_stream_path(base):
            return f"{base}.rejects.csv"
    raise usage_error("batch", "give --rejects PATH: the default, OUTPUT.rejects.csv or INPUT.rejects.csv, needs a "
                               "named file")


def _check_paths(args: argparse.Namespace, rejects: str | None) -> None:
    """Refuse, before anything is opened for writing, an output that is the input or another output."""
    check_outputs("batch", [("-o", args.output), ("--rejects", rejects), ("--deals-out", args.deals_out)],
                  [] if args.input is None else [args.input])


def _to_stdout(args: argparse.Namespace, rejects: str | None) -> bool:
    """Whether an output goes to standard output (then the summary goes to standard error)."""
    out = identity("-", 1)
    return any(path is not None and (path == "-" or identity(path, 1) == out)
               for path in (args.output, rejects, args.deals_out))


def run(args: argparse.Namespace) -> int:
    # what does not go together is a usage error (exit status 2), before any file is opened
    if (args.input is None) == (args.random is None):
        raise usage_error("batch", "give a deal file or --random N (one of them)")
    if args.random is not None and (args.skip_bad or args.header is not None):
        raise usage_error("batch", "--skip-bad and --header apply to a deal file, not --random")
    if args.columns is not None and args.output is None:
        raise usage_error("batch", "--columns chooses the columns of the result file: give -o PATH too")
    if args.rejects is not None and not args.skip_bad:
        raise usage_error("batch", "--rejects names the file for rows --skip-bad skips: give --skip-bad too")
    if args.json and _to_stdout(args, None):
        raise usage_error("batch", STDOUT_TWICE)
    if args.output is not None:
        row_format(args.output, FORMATS)  # an unknown kind is refused before any work, with the list of kinds
    if args.deals_out is not None:
        row_format(args.deals_out, DEAL_FORMATS, "--deals-out")  # a deal file iter_deals reads back
    if args.input is not None:
        check_inputs([args.input])
    rejects = _rejects_path(args) if args.skip_bad else None
    _check_paths(args, rejects)
    # omaha8's errors and the file system's are the input's (exit 2), anything else is a bug (70): omaha8.cli
    return _run(args, rejects)


class _Rejects(CompleteOrAbsent):
    """The rejects file: complete or absent, as every output (built beside its name, moved into place by
    :meth:`close`); standard output, a FIFO or a device is written into."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.output = _Output(path)
        self.built: Path | None = None
        self.file: TextIO | None = None
        try:
            if path == "-":
                self.file = sys.stdout
            else:
                if not self.output.direct:
                    self.built = self.output.scratch("rejects.csv")
                self.file = open(self.built or path, "w", newline="", encoding="utf-8")
            write_rejects(self.file, ())
        except OSError as exc:
            self.discard()
            raise cannot_write("--rejects", path, exc) from None

    def write(self, rows: Iterable[RejectedRow]) -> int:
        assert self.file is not None
        try:
            return write_rejects(self.file, rows, append=True)
        except OSError as exc:
            raise cannot_write("--rejects", self.path, exc) from None

    def close(self) -> None:
        try:
            if self.file is sys.stdout:
                self.file.flush()
            elif self.file is not None:
                self.file.close()
            if self.built is not None:
                self.output.commit(self.built)
        except OSError as exc:
            self.discard()
            raise cannot_write("--rejects", self.path, exc) from None

    def discard(self) -> None:
        """Drop the file being built (an older file of that name stays); never raises."""
        if self.file is not sys.stdout:
            _close_quietly(self.file)
        self.output.discard()


# Deals a chunk is evaluated and handed to the writer in. The three stages overlap only while each has
# work: the first part's evaluation waits for the reader, and the writer's last parts are written after
# the evaluation ends, with a core idle. Parts smaller than a chunk shorten both waits.
PART_ROWS = 1 << 14


def _parts(chunk: Deals) -> Iterator[Deals]:
    """The chunk in parts of at most PART_ROWS deals, in order; the first carries the chunk's rejects."""
    n = len(chunk)
    if n <= PART_ROWS:
        yield chunk
        return
    for start in range(0, n, PART_ROWS):
        stop = min(n, start + PART_ROWS)
        yield Deals(chunk.holes[start:stop], chunk.boards[start:stop],
                    None if chunk.lines is None else chunk.lines[start:stop], chunk.first + start,
                    chunk.rejects if start == 0 else ())


def _run(args: argparse.Namespace, rejects_path: str | None) -> int:
    started = time.perf_counter()
    from_file = args.input is not None
    columns = resolve_columns(args.columns, lines=from_file) if args.output else ()
    values, shares = _needs(columns)
    summary_out = sys.stderr if _to_stdout(args, rejects_path) else sys.stdout
    seed = None
    reader: DealReader | None = None
    if from_file:
        # the reader is one stage of the pipeline, beside the kernels' and the writer's: one thread, whose
        # text parsing two threads sped up little while their team's starts cost the other stages' time
        reader = iter_deals(args.input, chunk_rows=args.chunk_rows, players=args.players, cards=args.cards,
                            header=args.header, skip_bad=args.skip_bad, n_threads=1)
        chunks: Iterator[Deals] = reader
        total = None
    else:
        seed = _check_seed(args.seed)
        chunks = iter_random_deals(args.random, players=6 if args.players is None else args.players,
                                   cards=4 if args.cards is None else args.cards, seed=seed,
                                   chunk_rows=args.chunk_rows, n_threads=args.threads)
        total = args.random
    # on a terminal only, erased before the summary
    progress = Progress("batch", enabled=None if args.progress is None else False, keep=False)
    tally = Tally()
    writers: dict[str, ResultWriter] = {}  # "results" and "deals", opened at the first chunk
    wanted = {"results": (args.output, columns, from_file), "deals": (args.deals_out, ("board", "seats"), False)}
    rejects: _Rejects | None = None
    prefetched: Prefetched[Deals] | None = None
    layout = None

    def open_writers(players: int, cards: int) -> None:
        for kind, (path, cols, lines) in wanted.items():
            option = "-o" if kind == "results" else "--deals-out"
            if path is not None and kind not in writers:
                # the results are made here and never changed: their text is formatted in the writer thread
                try:
                    writers[kind] = ResultWriter(path, players=players, cards=cards, columns=cols, lines=lines,
                                                 n_threads=args.threads, format_in_background=True, option=option)
                except OSError as exc:
                    raise cannot_write(option, path, exc) from None

    try:
        if rejects_path is not None:
            rejects = _Rejects(rejects_path)
        if args.scheduler:
            from ..distributed import run_batch_on_cluster

            pairs: Iterator[tuple[Deals, DealResults | None]] = run_batch_on_cluster(
                chunks, args.scheduler, values=values, shares=shares, n_threads=args.threads or 1
            )
        else:
            # the next chunk is read and parsed while this one is evaluated and written
            prefetched = Prefetched(chunks)
            pairs = ((part, None) for chunk in prefetched for part in _parts(chunk))
        for chunk, results in pairs:
            if chunk.rejects:
                assert rejects is not None
                tally.rejected += rejects.write(chunk.rejects)
            if not len(chunk):
                continue
            layout = (chunk.players, chunk.cards)
            if results is None:
                # the reader and the random stream check every card: no second pass over them
                results = analyze_deals(chunk, values=values, shares=shares, n_threads=args.threads, validate=False)
            open_writers(chunk.players, chunk.cards)
            for writer in writers.values():
                writer.write(results)
            tally.deals += len(chunk)
            tally.scoops += int(results.scoops.sum())
            tally.no_low += int(results.no_low.sum())
            fraction = reader.fraction_done if reader is not None else tally.deals / total if total else None
            progress.update(fraction, _deals_text(tally.deals, time.perf_counter() - started))
        # no deal at all: still leave (header-only) files
        open_writers((reader.players if reader is not None else args.players) or 1,
                     (reader.cards if reader is not None else args.cards) or 4)
        for writer in writers.values():
            writer.close()
        if rejects is not None:
            rejects.close()
    except BaseException:
        progress.close()
        for writer in writers.values():
            writer.discard()
        if rejects is not None:
            rejects.discard()
        raise
    finally:
        if prefetched is not None:
            prefetched.close()  # before the reader closes: its thread may be reading
        if reader is not None:
            reader.close()
    progress.update(1.0, _deals_text(tally.deals, time.perf_counter() - started), final=True)
    progress.close()
    seconds = time.perf_counter() - started
    if args.json:
        print(json.dumps(_summary_object(args, tally, seconds, layout, seed, rejects_path)))
    elif not args.quiet:
        _summary(summary_out, args, tally, seconds, layout, seed, rejects_path)
    return 0


def _percent(count: int, total: int) -> str:
    return f"{100 * count / total:6.2f}%" if total else "     -"


def _shown(path: str) -> str:
    """An output named for the summary: a file name as text (escape codes escaped), or standard output."""
    return "standard output" if path == "-" else printable(path)


def _summary_object(args: argparse.Namespace, tally: Tally, seconds: float, layout: tuple[int, int] | None,
                    seed: int | None, rejects_path: str | None) -> dict[str, Any]:
    """The summary as one JSON object (``--json``): the counts of the text, as numbers."""
    return {"deals": tally.deals, "players": None if layout is None else layout[0],
            "cards": None if layout is None else layout[1],
            "source": "random" if seed is not None else "-" if args.input == "-" else str(args.input),
            "seed": seed, "seconds": round(seconds, 6), "scoops": tally.scoops, "no_low": tally.no_low,
            "rejected": tally.rejected if rejects_path is not None else None, "rejects": rejects_path,
            "output": args.output, "deals_out": args.deals_out}


def _summary(out: TextIO, args: argparse.Namespace, tally: Tally, seconds: float, layout: tuple[int, int] | None,
             seed: int | None, rejects_path: str | None) -> None:
    rate = tally.deals / seconds if seconds > 0 else 0.0
    shape = (f" ({layout[0]:,} {noun(layout[0], 'seat')}, {layout[1]:,} {noun(layout[1], 'hole card')})"
             if layout else "")
    source = (f"random, seed {seed}" if seed is not None else "standard input" if args.input == "-"
              else printable(str(args.input)))
    lines = [
        f"deals      {tally.deals:,}{shape} from {source}",
        f"time       {seconds:.2f} s, {rate:,.0f} deals/s",
        f"scoops     {tally.scoops:>12,}  {_percent(tally.scoops, tally.deals)}  one seat wins the whole pot",
        f"no low     {tally.no_low:>12,}  {_percent(tally.no_low, tally.deals)}  nobody has an 8-or-better low",
    ]
    if rejects_path is not None:
        lines.append(f"rejected   {tally.rejected:>12,}  {noun(tally.rejected, 'row')} written to {_shown(rejects_path)}")
    if args.output:
        lines.append(f"results    {_shown(args.output)}")
    if args.deals_out:
        lines.append(f"deals out  {_shown(args.deals_out)}")
    out.write("\n".join(lines) + "\n")
    out.flush()
