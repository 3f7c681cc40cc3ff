"""``omaha8 hands``: read PokerStars Omaha Hi/Lo hand histories, replay and reconcile every hand.

Prints a per-player summary (hands, net, all-in EV net and their
difference); ``-o`` writes one row per hand and player (CSV, or JSON lines
for a ``.jsonl`` name); ``--json`` prints one JSON object per hand instead
of the summary; ``--check`` prints every hand that fails to reconcile or
cannot be read, with its id and reason, and exits 1 if there is any.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
import time
from typing import IO, Any

from .._support._progress import Progress
from ..errors import OutputError
from ..histories import HandReadError, read_pokerstars
from ..histories.report import ROW_COLUMNS, PlayerTotals, add_to_totals, analyze


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "hands",
        help="read PokerStars Omaha Hi/Lo hand histories: replay, reconcile every chip, all-in EV",
        description="Read PokerStars hand-history files of Omaha Hi/Lo and 5 Card Omaha Hi/Lo, replay every hand "
        "through the engine and compare its payouts with the file's to the chip (verified, totals only when "
        "cards were not shown, mismatch), and value each all-in by its exact equity. Amounts are cents for "
        "cash games and chips for tournaments; seats are numbered from 0 (the file's seat 1 is seat 0).",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="hand-history files")
    parser.add_argument("-o", "--output", metavar="PATH",
                        help="write one row per hand and player: CSV, or JSON lines when PATH ends in .jsonl")
    parser.add_argument("--check", action="store_true",
                        help="print each hand that fails to reconcile or cannot be read; exit 1 if any")
    parser.add_argument("--player", metavar="NAME", help="only this player's rows and totals")
    parser.add_argument("--json", action="store_true", help="print one JSON object per hand instead of the summary")
    parser.set_defaults(func=run)


def _open_output(path: str) -> tuple[IO[str], Any]:
    kind = "jsonl" if path.endswith((".jsonl", ".ndjson")) else "csv" if path.endswith(".csv") else None
    if kind is None:
        raise OutputError(f"-o {path!r}: the name must end in .csv or .jsonl")
    try:
        out = open(path, "w", encoding="utf-8", newline="")
    except OSError as exc:
        raise OutputError(f"-o {path!r}: cannot write: {exc.strerror}") from None
    if kind == "csv":
        writer = csv.DictWriter(out, fieldnames=ROW_COLUMNS, extrasaction="ignore")
        writer.writeheader()
        return out, writer.writerow
    return out, lambda row: out.write(json.dumps(row) + "\n")


def _summary(totals: dict[tuple[str, str | None], PlayerTotals]) -> list[str]:
    lines = [f"{'player':<20} {'unit':>5} {'hands':>7} {'net':>10} {'all-in EV net':>14} {'difference':>11}"]
    for (name, currency), t in sorted(totals.items(), key=lambda kv: (kv[0][1] or "", -kv[1].net, kv[0][0])):
        unit = "cents" if currency else "chips"
        lines.append(f"{name:<20} {unit:>5} {t.hands:>7} {t.net:>10} {t.allin_ev_net:>14} {t.difference:>11}")
    return lines


def run(args: argparse.Namespace) -> int:
    sizes = []
    for path in args.files:
        try:
            sizes.append(os.path.getsize(path))
        except OSError as exc:
            raise HandReadError(path, 0, 0, f"cannot read: {exc.strerror}") from None
    if args.output:
        target = os.path.realpath(args.output)
        for path in args.files:
            if os.path.realpath(path) == target:
                raise OutputError(f"-o {args.output!r} is one of the input files: it is never written over")
    total_bytes = max(sum(sizes), 1)
    progress = Progress("hands", keep=False)  # on a terminal only, erased before the summary
    started = time.perf_counter()
    out, write = _open_output(args.output) if args.output else (None, None)
    totals: dict[tuple[str, str | None], PlayerTotals] = {}
    statuses: dict[str, int] = {}
    failures: list[str] = []
    hands = 0
    done = 0
    try:
        for path, size in zip(args.files, sizes):
            try:
                raw = open(path, "rb")
            except OSError as exc:
                raise HandReadError(path, 0, 0, f"cannot read: {exc.strerror}") from None
            with raw:
                for item in read_pokerstars(raw, name=path):
                    report = analyze(item)
                    hands += 1
                    status = report.status
                    key = status.split(":", 1)[0]
                    statuses[key] = statuses.get(key, 0) + 1
                    if report.failed:
                        failures.append(f"{path}:{item.line}: hand {report.hand_id or '?'}: {status}")
                    # with --player, only the hands that player was dealt into are shown
                    if args.player is None or any(p.name == args.player for p in report.players()):
                        if args.json:
                            print(json.dumps(report.as_json()))
                        if write is not None:
                            for row in report.rows(args.player):
                                write(row)
                    add_to_totals(totals, report, args.player)
                    if progress.enabled:  # raw.tell() and the text only when the line can be drawn
                        rate = hands / max(time.perf_counter() - started, 1e-9)
                        progress.update((done + raw.tell()) / total_bytes, f"{hands} hands, {rate:,.0f}/s")
            done += size
    finally:
        progress.close()
        if out is not None:
            out.close()
    if not args.json:
        for line in _summary(totals):
            print(line)
        counts = ", ".join(f"{n} {k}" for k, n in sorted(statuses.items()))
        print(f"{hands} hands in {len(args.files)} file(s): {counts or 'none'}")
    if args.check:
        sys.stdout.flush()  # the summary before the failures, also when both go to one pipe
        for line in failures:
            print(line, file=sys.stderr)
        if failures:
            print(f"omaha8 hands: {len(failures)} hand(s) failed", file=sys.stderr)
            return 1
    return 0
