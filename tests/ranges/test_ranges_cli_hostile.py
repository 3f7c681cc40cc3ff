"""``omaha8 range`` on hostile text: one error report and exit status 2, never a traceback or exit 70.

A syntax error is the one error shown on three lines (the message, the text, a caret under the
fault); every other error is one line. Most cases run in this process; a few run ``python -m omaha8``
as a user would, for the real exit status and standard error.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import omaha8
from omaha8 import cli
from omaha8.ranges.syntax import MAX_DEPTH, MAX_NESTING, MAX_TEXT

MANY_ITEMS = ", ".join(["!A"] * 1999)
HOSTILE = {
    "chain": "AA" + ":AA" * 1000,
    "bang-chain": "A" + "!A" * 1000,
    "nested": "(" * 200 + "AA" + ")" * 200,
    "bangs": "!" * 200 + "AA",
    "brackets": "[" * 100 + "A" + "]" * 100,
    "long-weight": "AA@" + "9" * 5000,
    "long-percent": "9" * 5000 + "%",
    "long-text": "A," * (MAX_TEXT // 2 + 1),
    "arabic-digit": "AA@٣",
    "fullwidth-percent": "１５%",
    "superscript": "AA@¹",
    "nbsp": "AA\u00a0KK",
    "escape": "AA\x1b[31mKK",
    "rtl": "AA\u202eKK",
    "long-macro": "$" + "z" * 5000,
    "many-patterns": "[A,K,Q,J,T,9,8,7,6,5,4,3,Rx]" * 3,
    "six-cards": "AAKKQQ",
    "empty": "   ",
    "empty-range": "AA!AA",
}
LIMITS = {"chain": f"more than {MAX_NESTING} levels", "bang-chain": f"more than {MAX_NESTING} levels",
          "nested": f"nest more than {MAX_DEPTH}", "bangs": f"nest more than {MAX_DEPTH}",
          "brackets": f"nest more than {MAX_DEPTH}", "long-text": f"more than {MAX_TEXT:,}"}


def report_lines(err: str) -> list[str]:
    lines = err.splitlines()
    assert lines and lines[0].startswith("omaha8: error: "), err[:300]
    assert "Traceback" not in err and "internal error" not in err
    return lines


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_each_hostile_text_is_one_error_report(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["range", HOSTILE[name], "--count"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    lines = report_lines(err)
    if name == "empty-range":
        assert lines == ["omaha8: error: the range 'AA!AA' holds no 4-card hand"]
    else:
        assert len(lines) == 3 and lines[2].strip() == "^"  # the message, the text, the caret
        assert all(len(line) < 400 for line in lines)
        assert "\x1b" not in err and "\u202e" not in err  # nothing that moves the terminal's cursor
    if name in LIMITS:
        assert LIMITS[name] in lines[0]


def test_the_many_items_that_took_gigabytes_are_a_range(capsys: pytest.CaptureFixture[str]) -> None:
    # 1,999 items of !A: 5 GB and exit 70 before; one array of every 5-card hand now
    assert cli.main(["range", MANY_ITEMS, "--cards", "5", "--count"]) == 0
    assert capsys.readouterr().out == "1712304\n"  # C(48, 5): the hands without an ace


def test_the_summary_prints_the_text_on_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["range", "AA,\n\tKK"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Range: AA, KK   (4-card hands)"


def run_omaha8(*argv: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    # the omaha8 this process imported: a source tree holds no compiled kernels unless built in place
    installed = str(Path(omaha8.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = installed + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("OMAHA8_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "omaha8", *argv], capture_output=True, text=True, env=env,
                          timeout=300, check=False)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["chain", "bang-chain", "superscript", "long-weight", "many-items"])
def test_as_a_user_runs_it(name: str) -> None:
    got = run_omaha8("range", MANY_ITEMS if name == "many-items" else HOSTILE[name], "--cards", "5")
    if name == "many-items":
        assert got.returncode == 0 and got.stdout.startswith("Range: !A, !A") and got.stderr == ""
        return
    assert got.returncode == 2 and got.stdout == ""
    assert len(report_lines(got.stderr)) == 3
