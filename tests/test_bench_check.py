"""benchmarks/check.py: the headline table and its regression check, on fabricated results.

The benchmarks themselves run only in CI's benchmark step; these tests check
the arithmetic and the verdicts of the script that reads their JSON.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
_spec = importlib.util.spec_from_file_location("bench_check", BENCHMARKS / "check.py")
assert _spec is not None and _spec.loader is not None
check = importlib.util.module_from_spec(_spec)
sys.modules["bench_check"] = check  # dataclasses look their module up by name
_spec.loader.exec_module(check)

THRESHOLDS = """
[kernel]
label = "kernel, 1M rows"
benchmark = "bench_headline.py::test_kernel[4]"
reference = "bench_headline.py::test_twin"
unit = "ns/player"
floor = 25
max_ratio = 5e-4

[shares]
label = "shares"
benchmark = "bench_headline.py::test_shares"
reference = "bench_headline.py::test_twin"
unit = "M deals/s"
floor = 8
max_ratio = 1.0

[import]
label = "import"
benchmark = "bench_headline.py::test_import"
reference = "bench_headline.py::test_numpy"
unit = "ms"
floor = 20
max_ratio = 0.5
"""


def bench(name: str, best: float, **extra: Any) -> dict[str, Any]:
    """One benchmark as pytest-benchmark writes it (the fields the checker reads, and some it ignores)."""
    return {"name": name, "fullname": f"benchmarks/bench_headline.py::{name}",
            "stats": {"min": best, "median": 2 * best, "rounds": 5}, "extra_info": extra}


def results(kernel_best: float = 0.030) -> dict[str, Any]:
    return {"benchmarks": [
        bench("test_kernel[4]", kernel_best, units=1_000_000),
        bench("test_twin", 0.0080, units=80),
        bench("test_shares", 0.0125, units=100_000),
        bench("test_import", 5.0, seconds_per_unit=0.040),  # measured outside the timer: the best import
        bench("test_numpy", 9.0, seconds_per_unit=0.100),
    ]}


def run(tmp_path: Path, data: dict[str, Any], thresholds: str = THRESHOLDS) -> tuple[int, str]:
    (tmp_path / "r.json").write_text(json.dumps(data))
    (tmp_path / "t.toml").write_text(thresholds)
    out = subprocess.run([sys.executable, str(BENCHMARKS / "check.py"), str(tmp_path / "r.json"),
                          "--thresholds", str(tmp_path / "t.toml")], capture_output=True, text=True)
    return out.returncode, out.stdout + out.stderr


def line_of(text: str, label: str) -> str:
    (line,) = [line for line in text.splitlines() if line.startswith(label + " ")]
    return line


def test_values_and_ratios() -> None:
    rows = check.parse_rows(check.tomllib.loads(THRESHOLDS))
    verdicts = {v.row.key: v for v in check.judge(rows, check.seconds_per_unit(results()))}
    # kernel: 0.030 s / 1e6 rows = 30 ns a player; twin 0.008 s / 80 = 1e-4 s a hand; ratio 3e-8 / 1e-4 = 3e-4
    assert verdicts["kernel"].value == pytest.approx(30.0)
    assert verdicts["kernel"].ratio == pytest.approx(3e-4)
    assert verdicts["kernel"].meets_floor is False  # 30 ns is over the floor of 25
    # shares: 0.0125 s / 1e5 deals = 1.25e-7 s a deal = 8 M deals/s, the floor (a rate: at least)
    assert verdicts["shares"].value == pytest.approx(8.0)
    assert verdicts["shares"].meets_floor is True
    assert verdicts["shares"].ratio == pytest.approx(1.25e-7 / 1e-4)
    # import: seconds_per_unit wins over stats: 40 ms, ratio 0.040 / 0.100 = 0.4
    assert verdicts["import"].value == pytest.approx(40.0)
    assert verdicts["import"].ratio == pytest.approx(0.4)
    assert not any(v.failed for v in verdicts.values())


def test_no_regression_passes(tmp_path: Path) -> None:
    code, text = run(tmp_path, results())
    assert code == 0, text
    assert "REGRESSION" not in text and "missing" not in text
    kernel = line_of(text, "kernel, 1M rows")
    assert "30 ns/player" in " ".join(kernel.split()) and "<= 25" in kernel and kernel.endswith("ok")
    # 8 M deals/s meets the floor of 8
    assert line_of(text, "shares").endswith("ok, floor met")


def test_regression_fails(tmp_path: Path) -> None:
    # the kernel 2x slower: 60 ns, ratio 6e-4 over the limit of 5e-4 -- the other rows stay ok
    code, text = run(tmp_path, results(kernel_best=0.060))
    assert code == 1, text
    assert line_of(text, "kernel, 1M rows").endswith("REGRESSION")
    assert "regression: kernel:" in text and "over the limit 0.0005" in text
    assert line_of(text, "shares").endswith("ok, floor met")


def test_the_limit_is_sharp() -> None:
    # kernel best 0.0499 s for 1e6 rows: 4.99e-8 s a player over the twin's 1e-4 = 4.99e-4, under 5e-4; 0.0501 s over
    rows = check.parse_rows(check.tomllib.loads(THRESHOLDS))
    kernel = check.judge(rows, check.seconds_per_unit(results(kernel_best=0.0499)))[0]
    assert kernel.ratio == pytest.approx(4.99e-4) and not kernel.regressed
    kernel = check.judge(rows, check.seconds_per_unit(results(kernel_best=0.0501)))[0]
    assert kernel.ratio == pytest.approx(5.01e-4) and kernel.regressed


def test_missing_benchmarks_are_reported(tmp_path: Path) -> None:
    data = results()
    data["benchmarks"] = [b for b in data["benchmarks"] if b["name"] not in ("test_twin", "test_import")]
    code, text = run(tmp_path, data)
    assert code == 1, text
    assert "missing: bench_headline.py::test_twin (row kernel) is not in the results" in text
    assert "missing: bench_headline.py::test_twin (row shares) is not in the results" in text
    assert "missing: bench_headline.py::test_import (row import) is not in the results" in text
    assert line_of(text, "import").endswith("MISSING")
    # a row whose own benchmark ran still shows its value
    assert "30 ns/player" in " ".join(line_of(text, "kernel, 1M rows").split())


def test_benchmark_names_match_the_file_they_came_from(tmp_path: Path) -> None:
    assert check.short_name("a/b/bench_x.py::test_y[1/2]") == "bench_x.py::test_y[1/2]"
    data = results()
    data["benchmarks"][0]["fullname"] = "benchmarks/bench_other.py::test_kernel[4]"
    code, text = run(tmp_path, data)
    assert code == 1 and "missing: bench_headline.py::test_kernel[4]" in text


@pytest.mark.parametrize(("edit", "message"), [
    (("unit = \"ns/player\"", "unit = \"furlongs\""), "[kernel] unit 'furlongs' is not one of"),
    (("max_ratio = 5e-4\n", "max_ratio = -1\n"), "[kernel] max_ratio = -1 must be a positive number"),
    (("floor = 25\n", ""), "[kernel] lacks floor"),
    (("floor = 25\n", "floor = \"25\"\n"), "[kernel] floor = '25' has the wrong type"),
    (("floor = 25\n", "floor = 25\nfloo = 3\n"), "[kernel] has unknown field(s) floo"),
    (("[kernel]", "[kernel"), "cannot read"),
])
def test_bad_thresholds_are_named(tmp_path: Path, edit: tuple[str, str], message: str) -> None:
    code, text = run(tmp_path, results(), THRESHOLDS.replace(*edit, 1))
    assert code == 2 and message in text, text


RATIO_FLOOR = THRESHOLDS + """
[kernel_vs_c]
label = "kernel against C"
benchmark = "bench_headline.py::test_kernel[4]"
reference = "bench_headline.py::test_twin"
unit = "ns/player"
floor = 25
floor_ratio = 0.25
max_ratio = 0.5
"""


def test_a_ratio_floor_is_judged_by_the_ratio_and_shown_in_the_rows_unit(tmp_path: Path) -> None:
    rows = check.parse_rows(check.tomllib.loads(RATIO_FLOOR))
    # kernel 0.030 s / 1e6 = 3e-8 s a player, twin 1e-4 s a hand: ratio 3e-4, at most 0.25 -> floor met,
    # whatever the absolute floor of 25 ns (30 ns is over it); shown as 0.25 x 1e-4 s = 25,000 ns
    verdict = check.judge(rows, check.seconds_per_unit(results()))[-1]
    assert verdict.ratio == pytest.approx(3e-4) and verdict.meets_floor is True
    assert verdict.floor_value == pytest.approx(2.5e4)
    # the kernel 1000x slower: 3e-5 s a player, ratio 0.3: over the ratio floor 0.25, under max_ratio 0.5
    slow = check.judge(rows, check.seconds_per_unit(results(kernel_best=30.0)))[-1]
    assert slow.ratio == pytest.approx(0.3) and slow.meets_floor is False and not slow.regressed
    code, text = run(tmp_path, results(), RATIO_FLOOR)
    assert code == 0, text
    line = " ".join(line_of(text, "kernel against C").split())
    assert "<= 25,000" in line and line.endswith("ok, floor met")  # whole units with separators from 100 up
    # without its reference the row has no floor to show
    data = results()
    data["benchmarks"] = [b for b in data["benchmarks"] if b["name"] != "test_twin"]
    verdict = check.judge(rows, check.seconds_per_unit(data))[-1]
    assert verdict.meets_floor is None and verdict.ratio is None
    code, text = run(tmp_path, data, RATIO_FLOOR)
    assert code == 1 and " - " in line_of(text, "kernel against C")


@pytest.mark.parametrize(("value", "message"), [
    ("0", "floor_ratio = 0 must be a positive number"),
    ("\"x\"", "floor_ratio = 'x' has the wrong type"),
    ("true", "floor_ratio = True has the wrong type"),
])
def test_bad_ratio_floors_are_named(tmp_path: Path, value: str, message: str) -> None:
    code, text = run(tmp_path, results(), RATIO_FLOOR.replace("floor_ratio = 0.25", f"floor_ratio = {value}"))
    assert code == 2 and f"[kernel_vs_c] {message}" in text, text


def test_bad_results_are_named(tmp_path: Path) -> None:
    data = results()
    data["benchmarks"][1]["stats"]["min"] = 0.0
    code, text = run(tmp_path, data)
    assert code == 2 and "bench_headline.py::test_twin has 0.0 seconds per unit" in text
    (tmp_path / "r.json").write_text("{not json")
    out = subprocess.run([sys.executable, str(BENCHMARKS / "check.py"), str(tmp_path / "r.json")],
                         capture_output=True, text=True)
    assert out.returncode == 2 and "results: cannot read" in out.stderr


def test_checked_in_thresholds_name_collected_benchmarks() -> None:
    rows = check.load_rows(check.THRESHOLDS)
    assert len(rows) == len({row.label for row in rows})
    collected = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         str(BENCHMARKS / "bench_headline.py")], capture_output=True, text=True, cwd=BENCHMARKS.parent)
    assert collected.returncode == 0, collected.stdout + collected.stderr
    names = {check.short_name(line) for line in collected.stdout.splitlines() if "::" in line}
    for row in rows:
        assert {row.benchmark, row.reference} <= names, row.key


def test_a_row_over_its_limit_in_one_run_of_two_is_judged_by_the_other(tmp_path: Path) -> None:
    # kernel: 0.060 s / 1M players = 60 ns against the twin's 0.008 s / 80 = 100 us: ratio 6e-4, over 5e-4;
    # 0.030 s gives 3e-4, within it
    (tmp_path / "t.toml").write_text(THRESHOLDS)
    paths = []
    for i, best in enumerate((0.060, 0.030)):
        paths.append(tmp_path / f"r{i}.json")
        paths[-1].write_text(json.dumps(results(kernel_best=best)))

    def check_runs(*files: Path) -> tuple[int, str]:
        out = subprocess.run([sys.executable, str(BENCHMARKS / "check.py"), *map(str, files),
                              "--thresholds", str(tmp_path / "t.toml")], capture_output=True, text=True)
        return out.returncode, out.stdout + out.stderr

    code, text = check_runs(paths[0])
    assert code == 1 and "REGRESSION" in line_of(text, "kernel, 1M rows")
    code, text = check_runs(paths[0], paths[1])
    assert code == 0 and "best of 2 runs" in text
    assert "0.0003 " in line_of(text, "kernel, 1M rows") and "30 " in line_of(text, "kernel, 1M rows")
    # over the limit in both runs: a regression
    code, text = check_runs(paths[0], paths[0])
    assert code == 1 and "regression: kernel" in text
