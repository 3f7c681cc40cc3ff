"""``omaha8 hands``: read hand histories of every site omaha8 knows, replay and reconcile every hand.

Prints a per-player summary; ``-o`` writes one row per hand and player
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

from .._args import brief
from .._progress import Progress
from ..cli import one_line
from ..errors import HandReadError, OutputError
from ..histories import read
from ..histories.report import ROW_COLUMNS, PlayerTotals, add_to_totals, analyze
from ..histories.status import HandStatus
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
    parser.add_argument("files", nargs="+", metavar="FILE", help="hand-history files")
    parser.add_argument("-o", "--output", metavar="PATH",
                        help="write one row per hand and player: CSV, JSON lines (.jsonl) or Parquet (.parquet); "
                        "CSV cells that a spreadsheet would run as a formula get a ' before them")
    parser.add_argument("--check", action="store_true",
                        help="print each hand that fails to reconcile or cannot be read; exit 1 if any "
                        "(all-in EV is not computed unless another output needs it)")
    parser.add_argument("--player", metavar="NAME", help="only this player's rows and totals")
    parser.add_argument("--json", action="store_true", help="print one JSON object per hand instead of the summary")
    parser.set_defaults(func=run)


def printable(text: str) -> str:
    """``text`` with control characters (terminal escape codes among them) written as escapes."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


def _identity(path: str) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_dev, info.st_ino) if stat.S_ISREG(info.st_mode) else None


def _summary(totals: dict[tuple[str, str | None, str], PlayerTotals], with_ev: bool) -> list[str]:
    head = f"{'player':<20} {'unit':>5} {'hands':>7} {'net':>10}"
    lines = [head + (f" {'all-in EV net':>14} {'difference':>11}" if with_ev else "")]
    for (name, currency, unit), t in sorted(totals.items(), key=lambda kv: (kv[0][1] or "", kv[0][2], -kv[1].net, kv[0][0])):
        shown = printable(name)
        line = f"{shown:<20} {unit:>5} {t.hands:>7} {t.net:>10}"
        if with_ev:
            line += f" {t.allin_ev_net:>14} {t.difference:>11}"
        lines.append(line)
    return lines


def _inputs(args: argparse.Namespace) -> list[str]:
    """The files to read, each once (a file named twice, or by two names, is read once), checked readable."""
    out: list[str] = []
    seen: set[tuple[int, int] | str] = set()
    for path in args.files:
        try:
            os.stat(path)
        except OSError as exc:
            raise HandReadError(path, 0, 0, f"cannot read: {exc.strerror}") from None
        key: tuple[int, int] | str = _identity(path) or os.path.realpath(path)
        if key not in seen:
            seen.add(key)
            out.append(path)
    if args.output is not None:
        target = _identity(args.output)
        for path in args.files:
            if (target is not None and _identity(path) == target) or os.path.realpath(path) == os.path.realpath(args.output):
                raise OutputError(f"-o {brief(args.output)} is the same file as the input {brief(path)}: "
                                  f"it is never written over")
    return out


def run(args: argparse.Namespace) -> int:
    files = _inputs(args)
    sizes = [os.path.getsize(path) for path in files]
    total_bytes = max(sum(sizes), 1)
    # all-in EV is the costly part: computed only when something shows it
    with_ev = bool(args.json or args.output or not args.check)
    progress = Progress("hands", keep=False)  # on a terminal only, erased before the summary
    started = time.perf_counter()
    out = RowFile(args.output, ROW_COLUMNS) if args.output is not None else None
    totals: dict[tuple[str, str | None, str], PlayerTotals] = {}
    statuses: dict[str, int] = {}
    failures: list[str] = []
    seen: set[int] = set()  # hashes of (site, hand id) read so far: about 60 bytes a hand
    repeated = 0
    hands = 0
    done = 0
    try:
        for path, size in zip(files, sizes):
            try:
                raw = open(path, "rb")
            except OSError as exc:
                raise HandReadError(path, 0, 0, f"cannot read: {exc.strerror}") from None
            with raw:
                for item in read(raw, name=path):
                    if item.hand_id is not None and item.site is not None:
                        key = hash((item.site, item.hand_id))
                        if key in seen:
                            repeated += 1
                            continue
                        seen.add(key)
                    report = analyze(item, ev=with_ev)
                    hands += 1
                    outcome = report.outcome
                    name = str(report.item.kind) if outcome is HandStatus.SKIPPED else str(outcome)  # type: ignore[union-attr]
                    statuses[name] = statuses.get(name, 0) + 1
                    if report.failed:
                        failures.append(f"{path}:{item.line}: hand {report.hand_id or '?'}: "
                                        f"{one_line(report.status, CHECK_REASON_LIMIT)}")
                    # with --player, only the hands that player was dealt into are shown
                    if args.player is None or any(p.name == args.player for p in report.players()):
                        if args.json:
                            print(json.dumps(report.as_json()))
                        if out is not None:
                            out.write(report.rows(args.player))
                    add_to_totals(totals, report, args.player)
                    if progress.enabled:  # raw.tell() and the text only when the line can be drawn
                        rate = hands / max(time.perf_counter() - started, 1e-9)
                        progress.update((done + raw.tell()) / total_bytes, f"{hands} hands, {rate:,.0f}/s")
            done += size
        if out is not None:
            out.close()
            out = None
    finally:
        progress.close()
        if out is not None:
            out.discard()
    if not args.json:
        for line in _summary(totals, with_ev):
            print(line)
        counts = ", ".join(f"{n} {k}" for k, n in sorted(statuses.items()))
        print(f"{hands} hands in {len(files)} file(s): {counts or 'none'}")
        if repeated:
            print(f"note: {repeated} hand(s) repeated a site and hand id read before (the same hand twice): "
                  f"counted once")
    if args.check:
        sys.stdout.flush()  # the summary before the failures, also when both go to one pipe
        for line in failures:
            print(line, file=sys.stderr)
        if failures:
            print(f"omaha8 hands: {len(failures)} hand(s) failed", file=sys.stderr)
            return 1
    return 0
