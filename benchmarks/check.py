"""The headline throughput table from a benchmark run, and its regression check.

Usage::

    python -m pytest benchmarks/bench_headline.py --benchmark-only --benchmark-json=headline.json
    python benchmarks/check.py headline.json [again.json ...] [--thresholds benchmarks/thresholds.toml]

Each row of the thresholds file names a benchmark and a reference benchmark
of the same run. A benchmark's time per unit is its best round over
``extra_info["units"]`` (or ``extra_info["seconds_per_unit"]`` when it was
measured outside the timer). The row is a regression when the benchmark's
time per unit over its reference's exceeds ``max_ratio``: a ratio within one
run, so a slower or busier machine moves both sides. The row's value is shown
in its unit next to the floor it is meant to reach; a floor not reached is
reported, not failed. A row with ``floor_ratio`` has a floor that is a ratio
to its reference (a C kernel at most that fraction of the C baseline's time):
it is judged by the ratio, and shown in the row's unit as this run's
reference makes it; ``floor`` is then the value the ratio stood for on the
machine where the floor was set.

Given the results of several runs, each row is judged by the run where its
ratio is lowest (each ratio still within one run): on a shared machine a
noisy neighbour slows one run, a slower omaha8 every run, so CI measures
again when a row is over its limit and fails only when it is over in both.

Exit status: 0 when every row is within its limit, 1 when a row regressed or
a benchmark is missing from the results, 2 when a file cannot be read.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:
    import tomllib
except ImportError:  # Python 3.10: the same parser, as mypy's own dependency
    import tomli as tomllib  # type: ignore[no-redef,import-not-found,unused-ignore]

THRESHOLDS = Path(__file__).with_name("thresholds.toml")

#: unit -> (factor, is a rate): value = factor * seconds per unit, or factor / seconds per unit for a rate
UNITS: dict[str, tuple[float, bool]] = {
    "ns/player": (1e9, False),
    "us/call": (1e6, False),
    "ms": (1e3, False),
    "s/1M rows": (1e6, False),
    "M deals/s": (1e-6, True),
    "hands/s": (1.0, True),
}


class CheckError(ValueError):
    """A thresholds or results file that cannot be used, with the place and the value."""


@dataclass(frozen=True)
class Row:
    """One row of the table: what is measured, against what, and the limit on the ratio."""

    key: str
    label: str
    benchmark: str
    reference: str
    unit: str
    floor: float
    max_ratio: float
    floor_ratio: float | None = None


@dataclass(frozen=True)
class Verdict:
    """A row judged: its value in its unit and its ratio, or the benchmarks it lacked."""

    row: Row
    value: float | None
    ratio: float | None
    missing: tuple[str, ...]
    floor_value: float = math.nan  # the floor in the row's unit, from the reference where floor_ratio gives it

    @property
    def regressed(self) -> bool:
        return self.ratio is not None and self.ratio > self.row.max_ratio

    @property
    def failed(self) -> bool:
        return self.regressed or bool(self.missing)

    @property
    def meets_floor(self) -> bool | None:
        if self.row.floor_ratio is not None:
            return None if self.ratio is None else self.ratio <= self.row.floor_ratio
        if self.value is None:
            return None
        return self.value >= self.row.floor if UNITS[self.row.unit][1] else self.value <= self.row.floor


_FIELDS: dict[str, type | tuple[type, ...]] = {
    "label": str, "benchmark": str, "reference": str, "unit": str, "floor": (int, float), "max_ratio": (int, float),
}
_OPTIONAL: dict[str, type | tuple[type, ...]] = {"floor_ratio": (int, float)}


def parse_rows(table: Mapping[str, Any]) -> list[Row]:
    """The rows of a parsed thresholds file, each checked field by field."""
    rows = []
    for key, entry in table.items():
        if not isinstance(entry, dict):
            raise CheckError(f"thresholds: [{key}] must be a table, not {entry!r:.60}")
        unknown = set(entry) - set(_FIELDS) - set(_OPTIONAL)
        if unknown:
            raise CheckError(f"thresholds: [{key}] has unknown field(s) {', '.join(sorted(unknown))}")
        for field, kind in (_FIELDS | _OPTIONAL).items():
            value = entry.get(field)
            if value is None:
                if field in _OPTIONAL:
                    continue
                raise CheckError(f"thresholds: [{key}] lacks {field}")
            if isinstance(value, bool) or not isinstance(value, kind):
                raise CheckError(f"thresholds: [{key}] {field} = {value!r:.60} has the wrong type")
        if entry["unit"] not in UNITS:
            raise CheckError(f"thresholds: [{key}] unit {entry['unit']!r:.60} is not one of {', '.join(UNITS)}")
        for field in ("floor", "max_ratio", *(name for name in _OPTIONAL if name in entry)):
            if not (math.isfinite(entry[field]) and entry[field] > 0):
                raise CheckError(f"thresholds: [{key}] {field} = {entry[field]!r} must be a positive number")
        rows.append(Row(key=key, **{field: entry[field] for field in (*_FIELDS, *_OPTIONAL) if field in entry}))
    return rows


def load_rows(path: Path) -> list[Row]:
    try:
        with open(path, "rb") as f:
            return parse_rows(tomllib.load(f))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise CheckError(f"thresholds: cannot read {path}: {error}") from None


def short_name(fullname: str) -> str:
    """``dir/bench_x.py::test_y[z]`` -> ``bench_x.py::test_y[z]``: the name the thresholds use."""
    path, sep, test = fullname.partition("::")
    return path.rsplit("/", 1)[-1] + sep + test


def seconds_per_unit(results: Mapping[str, Any]) -> dict[str, float]:
    """Each benchmark of a pytest-benchmark JSON file by its short name: seconds per unit."""
    times = {}
    for i, bench in enumerate(results.get("benchmarks", [])):
        try:
            name, extra = short_name(bench["fullname"]), bench.get("extra_info") or {}
            if "seconds_per_unit" in extra:
                seconds = float(extra["seconds_per_unit"])
            else:
                seconds = float(bench["stats"]["min"]) / float(extra.get("units", 1))
        except (KeyError, TypeError, ValueError) as error:
            raise CheckError(f"results: benchmark {i} is malformed ({error!r:.80})") from None
        if not (math.isfinite(seconds) and seconds > 0):
            raise CheckError(f"results: {name} has {seconds!r} seconds per unit; it must be positive")
        times[name] = seconds
    return times


def in_unit(unit: str, seconds: float) -> float:
    """Seconds per unit as the value shown in ``unit``."""
    factor, rate = UNITS[unit]
    return factor / seconds if rate else factor * seconds


def judge(rows: Sequence[Row], times: Mapping[str, float]) -> list[Verdict]:
    verdicts = []
    for row in rows:
        missing = tuple(name for name in (row.benchmark, row.reference) if name not in times)
        value = ratio = None
        floor = row.floor if row.floor_ratio is None else math.nan
        if row.benchmark in times:
            value = in_unit(row.unit, times[row.benchmark])
            if row.reference in times:
                ratio = times[row.benchmark] / times[row.reference]
        if row.floor_ratio is not None and row.reference in times:
            floor = in_unit(row.unit, row.floor_ratio * times[row.reference])
        verdicts.append(Verdict(row, value, ratio, missing, floor))
    return verdicts


def best_of(runs: Sequence[Sequence[Verdict]]) -> list[Verdict]:
    """Each row's verdict from the run where its ratio is lowest; a row regresses only when it does in every run."""
    return [min(row_verdicts, key=lambda v: math.inf if v.ratio is None else v.ratio) for row_verdicts in zip(*runs)]


def _shown(value: float) -> str:
    """A value as the table shows it: whole units with separators from 100 up, else three figures."""
    return f"{value:,.0f}" if value >= 100 else f"{value:.3g}"


def render(verdicts: Sequence[Verdict]) -> str:
    """The summary table: one line a row, then one line a failure."""
    width = max([len("row"), *(len(v.row.label) for v in verdicts)])
    lines = [f"{'row':<{width}}  {'value':>10} {'unit':<10} {'floor':>10}  {'ratio':>9} {'limit':>9} {'used':>5}  verdict"]
    for v in verdicts:
        rate = UNITS[v.row.unit][1]
        floor = "-" if math.isnan(v.floor_value) else f"{'>=' if rate else '<='} {_shown(v.floor_value)}"
        value = "-" if v.value is None else _shown(v.value)
        ratio = "-" if v.ratio is None else f"{v.ratio:.3g}"
        used = "-" if v.ratio is None else f"{v.ratio / v.row.max_ratio:.0%}"
        verdict = ("MISSING" if v.missing else "REGRESSION" if v.regressed else "ok") + (
            "" if v.meets_floor in (None, False) else ", floor met")
        lines.append(f"{v.row.label:<{width}}  {value:>10} {v.row.unit:<10} {floor:>10}  {ratio:>9} "
                     f"{v.row.max_ratio:>9.3g} {used:>5}  {verdict}")
    for v in verdicts:
        for name in v.missing:
            lines.append(f"missing: {name} (row {v.row.key}) is not in the results")
        if v.regressed:
            lines.append(f"regression: {v.row.key}: {v.row.benchmark} / {v.row.reference} = {v.ratio:.3g}, "
                         f"over the limit {v.row.max_ratio:.3g}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", type=Path, nargs="+",
                        help="pytest-benchmark JSON (--benchmark-json), one file a run; each row's best run is judged")
    parser.add_argument("--thresholds", type=Path, default=THRESHOLDS, help="the rows and their limits (TOML)")
    args = parser.parse_args(argv)
    try:
        rows = load_rows(args.thresholds)
        runs = []
        for path in args.results:
            try:
                with open(path, encoding="utf-8") as f:
                    results = json.load(f)
            except (OSError, ValueError) as error:
                raise CheckError(f"results: cannot read {path}: {error}") from None
            runs.append(judge(rows, seconds_per_unit(results)))
        verdicts = best_of(runs)
    except CheckError as error:
        print(f"check: {error}", file=sys.stderr)
        return 2
    runs_note = f", each row's best of {len(runs)} runs" if len(runs) > 1 else ""
    print(f"omaha8 headline throughput: one thread, CPU time, best round{runs_note}; "
          "ratio = time per unit over the reference's")
    print(render(verdicts))
    return 1 if any(v.failed for v in verdicts) else 0


if __name__ == "__main__":
    sys.exit(main())
