"""The shared progress line: its look, its throttling, and that it writes only where it should."""

from __future__ import annotations

import importlib
import io

import pytest

from omaha8._support import _progress
from omaha8._support._progress import Progress


class _Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_line_shows_bar_count_percent_and_times() -> None:
    clock, out = _Clock(), io.StringIO()
    bar = Progress("equity", stream=out, enabled=True, clock=clock)
    clock.now += 2.0
    bar.update(0.25, "3/12 tasks")
    # 30 * 0.25 = 7.5 -> 7 marks; 2 s for a quarter -> 6 s left
    assert out.getvalue() == "\requity [" + "#" * 7 + "." * 23 + "] 3/12 tasks   25.0%     2.0s elapsed,    6.0s left"
    bar.close()
    assert out.getvalue().endswith("left\n")  # keep=True: the last line stays


def test_unknown_total_shows_count_and_elapsed_only() -> None:
    clock, out = _Clock(), io.StringIO()
    bar = Progress("batch", stream=out, enabled=True, clock=clock)
    clock.now += 1.5
    bar.update(None, "1,000 deals")
    assert out.getvalue() == "\rbatch 1,000 deals     1.5s elapsed"


def test_nothing_is_drawn_for_a_quick_run() -> None:
    clock, out = _Clock(), io.StringIO()
    bar = Progress("equity", stream=out, enabled=True, clock=clock)
    clock.now += _progress.DRAW_AFTER_S / 2
    bar.update(0.5)
    bar.update(1.0, final=True)  # even the last update waits for the run to be slow
    bar.close()
    assert out.getvalue() == ""


def test_redraws_are_rate_limited_but_the_last_one_shows() -> None:
    clock, out = _Clock(), io.StringIO()
    bar = Progress("x", stream=out, enabled=True, clock=clock)
    clock.now += 1.0
    bar.update(0.1)
    clock.now += _progress.REDRAW_EVERY_S / 4
    bar.update(0.2)  # too soon: skipped
    assert out.getvalue().count("\r") == 1
    clock.now += _progress.REDRAW_EVERY_S / 4
    bar.update(1.0)  # done: drawn at once
    assert out.getvalue().count("\r") == 2 and "100.0%" in out.getvalue()
    clock.now += _progress.REDRAW_EVERY_S / 4
    bar.update(0.5, final=True)  # final: drawn at once too
    assert out.getvalue().count("\r") == 3
    clock.now += _progress.REDRAW_EVERY_S
    bar.update(0.6)  # a full interval later: drawn
    assert out.getvalue().count("\r") == 4


def test_writes_only_to_a_terminal_unless_asked() -> None:
    clock = _Clock()
    plain, terminal = io.StringIO(), _Terminal()
    for stream in (plain, terminal):
        bar = Progress("x", stream=stream, clock=clock)  # enabled=None: terminals only
        clock.now += 1.0
        bar.update(0.5)
        bar.close()
    assert plain.getvalue() == ""
    assert "50.0%" in terminal.getvalue()
    asked = io.StringIO()
    bar = Progress("x", stream=asked, enabled=True, clock=clock)
    clock.now += 1.0
    bar.update(0.5)
    assert "50.0%" in asked.getvalue()
    off = _Terminal()
    bar = Progress("x", stream=off, enabled=False, clock=clock)
    clock.now += 1.0
    bar.update(0.5)
    assert off.getvalue() == ""


def test_erased_line_leaves_nothing_visible() -> None:
    clock, out = _Clock(), io.StringIO()
    bar = Progress("hands", stream=out, enabled=True, keep=False, clock=clock)
    clock.now += 1.0
    bar.update(0.5, "a long count text")
    clock.now += 1.0
    bar.update(0.75, "short")
    drawn = out.getvalue().split("\r")
    assert len(drawn[1]) == len(drawn[2])  # the shorter line is padded over the longer one
    bar.close()
    assert out.getvalue().endswith("\r" + " " * len(drawn[1]) + "\r")
    bar.close()  # a second close writes nothing more
    assert out.getvalue().endswith(" \r")


@pytest.mark.parametrize("fraction", [-0.5, 1.5])
def test_fractions_outside_0_1_are_clamped(fraction: float) -> None:
    clock, out = _Clock(), io.StringIO()
    bar = Progress("x", stream=out, enabled=True, clock=clock)
    clock.now += 1.0
    bar.update(fraction)
    # 0% shows 0.0 s left (nothing to extrapolate from), 100% a full bar
    assert ("  0.0%" if fraction < 0 else "[" + "#" * 30 + "]  100.0%") in out.getvalue()


def test_every_long_runner_uses_the_shared_line() -> None:
    # the modules that once had a progress class of their own now build this one
    for name in ("omaha8.odds._equity", "omaha8.commands.batch", "omaha8.commands.hands"):
        module = importlib.import_module(name)
        assert module.Progress is Progress
        assert not any(name.endswith("Progress") and obj is not Progress for name, obj in vars(module).items())
    try:
        from omaha8.distributed import _client
    except ImportError:  # pragma: no cover - the distributed extra is optional
        return
    assert isinstance(_client.TaskProgress("t", 2, stream=io.StringIO()).line, Progress)
