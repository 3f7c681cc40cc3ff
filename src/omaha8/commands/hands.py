"""``omaha8 hands``: read hand histories of every site omaha8 knows, replay and reconcile every hand.

Prints a per-player summary (hands, VPIP, PFR, went to showdown, won at showdown, scoops, quartered
lows, net and all-in EV net, per 100 hands); ``--graph`` draws a player's results; ``-o`` writes one row per hand and player
(CSV, JSON lines or Parquet, by the name's ending) through the atomic
writer; ``--json`` prints one JSON object per hand instead of the summary;
``--check`` prints every hand that fails to reconcile or cannot be read,
with its id and reason, and exits 1 if there is any (it computes only what
it checks: no all-in EV unless an output needs it). A file named twice is
read once, and a hand whose site and id were seen already is counted once
(with a note). No output is ever one of the inputs (files are compared by
device and inode).
"""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
import time
from typing import Any

from .._support._args import brief
from .._support._progress import Progress
from .._support._text import one_line, printable
from ..errors import HandReadError, OutputError
from ..histories import read
from ..histories.frames import Series, plot_results
from ..histories.records import SkippedHand
from ..histories.report import ROW_COLUMNS, HandReport, add_to_totals, analyze
from ..histories.stats import PlayerTotals
from ..histories.tables import RowFile

#: Longest reason a ``--check`` line quotes.
CHECK_REASON_LIMIT = 300


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "hands",
        help="read Omaha Hi/Lo hand histories of any site: replay, reconcile every chip, all-in EV",
        description="Read hand-history files of Omaha Hi/Lo, 5 Card Omaha Hi/Lo and Courchevel Hi/Lo from the sites "
        "omaha8 knows (the site of each hand is found from its lines), replay every hand through the engine and "
        "compare its payouts with the file's to the chip (verified, totals only when cards were not shown, "
        "mismatch), and value each all-in by its exact equity. Amounts are cents for money games and chips for "
        "tournaments; seats are numbered from 0 (the file's seat 1 is seat 0).",
    )
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help="hand-history files, or folders (every file in them, in name order)")
    parser.add_argument("-o", "--output", metavar="PATH",
                        help="write one row per hand and player: CSV, JSON lines (.jsonl) or Parquet (.parquet); "
                        "CSV cells that a spreadsheet would run as a formula get a ' before them")
    parser.add_argument("--check", action="store_true",
                        help="print each hand that fails to reconcile or cannot be read; exit 1 if any "
                        "(all-in EV is not computed unless another output needs it)")
    parser.add_argument("--player", metavar="NAME", help="only this player's rows and totals")
    parser.add_argument("--json", action="store_true", help="print one JSON object per hand instead of the summary")
    parser.add_argument("--graph", metavar="FILE.png",
                        help="draw the cumulative net and all-in EV net of --player (default: the player whose "
                        "cards the files show) into a PNG (needs matplotlib: omaha8[plot])")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="read the files on a Dask cluster (tcp://host:8786), a file per task; the output is "
                        "the same (the workers must see the files under the same names)")
    parser.set_defaults(func=run)


def _identity(path: str) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_dev, info.st_ino) if stat.S_ISREG(info.st_mode) else None


def _summary(totals: dict[tuple[str, str | None, str], PlayerTotals], with_ev: bool) -> list[str]:
    head = (f"{'player':<20} {'unit':>9} {'hands':>7} {'VPIP':>5} {'PFR':>5} {'WTSD':>5} {'W$SD':>5} "
            f"{'scoops':>6} {'quart':>5} {'net':>10} {'net/100':>9}")
    lines = [head + (f" {'all-in EV net':>14} {'EV/100':>9} {'difference':>11}" if with_ev else "")]
    for (name, currency, unit), t in sorted(totals.items(), key=lambda kv: (kv[0][1] or "", kv[0][2], -kv[1].net, kv[0][0])):
        shown = f"{currency} {unit}" if currency else unit
        line = (f"{printable(name):<20} {shown:>9} {t.hands:>7} {t.percent(t.vpip):>5.1f} {t.percent(t.pfr):>5.1f} "
                f"{t.percent(t.showdowns):>5.1f} {t.percent(t.won_at_showdown, t.showdowns):>5.1f} "
                f"{t.scoops:>6} {t.quartered:>5} {t.net:>10} {t.per_100(t.net):>9.1f}")
        if with_ev:
            line += f" {t.allin_ev_net:>14} {t.per_100(t.allin_ev_net):>9.1f} {t.difference:>11}"
        lines.append(line)
    return lines


def _expand(path: str) -> list[str]:
    """``path``, or every file under it (sorted, at any depth) when it is a folder."""
    if not os.path.isdir(path):
        return [path]
    found = sorted(os.path.join(root, name) for root, dirs, names in os.walk(path) for name in names
                   if not name.startswith("."))
    if not found:
        raise HandReadError(path, 0, 0, "cannot read: the folder holds no files")
    return found


def _inputs(args: argparse.Namespace) -> list[str]:
    """The files to read (a folder's files, in order), each once (a file named twice, or by two names, is read
    once), checked readable; never the output."""
    out: list[str] = []
    seen: set[tuple[int, int] | str] = set()
    for given in args.files:
        try:
            os.stat(given)
        except OSError as exc:
            raise HandReadError(given, 0, 0, f"cannot read: {exc.strerror}") from None
        for path in _expand(given):
            key: tuple[int, int] | str = _identity(path) or os.path.realpath(path)
            if key not in seen:
                seen.add(key)
                out.append(path)
    for option, target_path in (("-o", args.output), ("--graph", getattr(args, "graph", None))):
        if target_path is None:
            continue
        target = _identity(target_path)
        for path in out:
            if (target is not None and _identity(path) == target) or os.path.realpath(path) == os.path.realpath(target_path):
                raise OutputError(f"{option} {brief(target_path)} is the same file as the input {brief(path)}: "
                                  f"it is never written over")
    return out


def _read_file(path: str, with_ev: bool) -> list[HandReport]:
    """Every hand of one file, analysed (a task of a --scheduler run)."""
    try:
        raw = open(path, "rb")
    except OSError as exc:
        raise HandReadError(path, 0, 0, f"cannot read: {exc.strerror}") from None
    with raw:
        return [analyze(item, ev=with_ev) for item in read(raw, name=path)]


class _Run:
    """What a run adds up as the reports come in, in file order."""

    def __init__(self, args: argparse.Namespace, with_ev: bool) -> None:
        self.args, self.with_ev = args, with_ev
        self.out = RowFile(args.output, ROW_COLUMNS) if args.output is not None else None
        self.totals: dict[tuple[str, str | None, str], PlayerTotals] = {}
        self.statuses: dict[str, int] = {}
        self.failures: list[str] = []
        self.seen: set[int] = set()  # hashes of (site, hand id) read so far: about 60 bytes a hand
        self.repeated = self.hands = 0
        self.series: dict[str, Series] = {}  # the graph's player, or every hero until one is chosen
        self.heroes: dict[str, int] = {}

    def add(self, path: str, report: HandReport) -> None:
        item, args = report.item, self.args
        if item.hand_id is not None and item.site is not None:
            key = hash((item.site, item.hand_id))
            if key in self.seen:
                self.repeated += 1
                return
            self.seen.add(key)
        self.hands += 1
        outcome = report.outcome
        name = str(item.kind) if isinstance(item, SkippedHand) else str(outcome)
        self.statuses[name] = self.statuses.get(name, 0) + 1
        if report.failed:
            self.failures.append(f"{path}:{item.line}: hand {report.hand_id or '?'}: "
                                 f"{one_line(report.status, CHECK_REASON_LIMIT)}")
        # with --player, only the hands that player was dealt into are shown
        if args.player is None or any(p.name == args.player for p in report.players()):
            if args.json:
                print(json.dumps(report.as_json()))
            if self.out is not None:
                self.out.write(report.rows(args.player))
        add_to_totals(self.totals, report, args.player)
        if args.graph is not None:
            self.follow(report)

    def follow(self, report: HandReport) -> None:
        """Keep the graph's series: --player's, or each hero's until the files say whose they are."""
        wanted = self.args.player
        hero = getattr(report.item, "hero", None)
        if wanted is None and hero is not None:
            self.heroes[hero] = self.heroes.get(hero, 0) + 1
            if hero not in self.series:
                self.series[hero] = Series(hero)
        elif wanted is not None and wanted not in self.series:
            self.series[wanted] = Series(wanted)
        for series in self.series.values():
            series.add(report)

    def graph(self) -> None:
        player = self.args.player or max(self.heroes, key=lambda h: self.heroes[h], default=None)
        if player is None:
            raise OutputError("--graph: no file shows whose cards it holds: name the player with --player")
        plot_results(self.series[player], self.args.graph)


def run(args: argparse.Namespace) -> int:
    files = _inputs(args)
    if args.graph is not None and not args.graph:
        raise OutputError("--graph '': give a file name ending in .png")
    # all-in EV is the costly part: computed only when something shows it
    with_ev = bool(args.json or args.output or args.graph or not args.check)
    state = _Run(args, with_ev)
    try:
        if args.scheduler:
            from ..distributed._client import connect, run_tasks

            with connect(args.scheduler) as client:
                for path, reports in zip(files, run_tasks(_read_file, [(p, with_ev) for p in files], client)):
                    for report in reports:
                        state.add(path, report)
        else:
            _read_here(files, state, with_ev)
        if state.out is not None:
            state.out.close()
            state.out = None
    finally:
        if state.out is not None:
            state.out.discard()
    if args.graph is not None:
        state.graph()
    if not args.json:
        for line in _summary(state.totals, with_ev):
            print(line)
        counts = ", ".join(f"{n} {k}" for k, n in sorted(state.statuses.items()))
        print(f"{state.hands} hands in {len(files)} file(s): {counts or 'none'}")
        if state.repeated:
            print(f"note: {state.repeated} hand(s) repeated a site and hand id read before (the same hand twice): "
                  f"counted once")
    if args.check:
        sys.stdout.flush()  # the summary before the failures, also when both go to one pipe
        for line in state.failures:
            print(line, file=sys.stderr)
        if state.failures:
            print(f"omaha8 hands: {len(state.failures)} hand(s) failed", file=sys.stderr)
            return 1
    return 0


def _read_here(files: list[str], state: _Run, with_ev: bool) -> None:
    """Read the files in this process, with the progress line on a terminal."""
    sizes = [os.path.getsize(path) for path in files]
    total_bytes = max(sum(sizes), 1)
    progress = Progress("hands", keep=False)  # on a terminal only, erased before the summary
    started = time.perf_counter()
    done = 0
    try:
        for path, size in zip(files, sizes):
            try:
                raw = open(path, "rb")
            except OSError as exc:
                raise HandReadError(path, 0, 0, f"cannot read: {exc.strerror}") from None
            with raw:
                for item in read(raw, name=path):
                    state.add(path, analyze(item, ev=with_ev))
                    if progress.enabled:  # raw.tell() and the text only when the line can be drawn
                        rate = state.hands / max(time.perf_counter() - started, 1e-9)
                        progress.update((done + raw.tell()) / total_bytes, f"{state.hands} hands, {rate:,.0f}/s")
            done += size
    finally:
        progress.close()
