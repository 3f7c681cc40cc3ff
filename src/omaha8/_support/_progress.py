"""The one progress line of every long-running function and command.

Each long run (``equity(progress=True)``, the Dask functions, ``omaha8 batch``,
``omaha8 hands``) draws the same line, with the same throttling: nothing
before the run has taken :data:`DRAW_AFTER_S`, then a redraw at most every
:data:`REDRAW_EVERY_S` (the last update always shows). It writes to a
terminal only, unless the caller asks for it (``enabled=True``: a function
called with ``progress=True`` draws on whatever stderr is).

>>> import io
>>> out = io.StringIO()
>>> bar = Progress("demo", stream=out, enabled=True, clock=iter([0.0, 1.0, 2.0, 2.0]).__next__)
>>> bar.update(0.5, "5/10 tasks")
>>> bar.close()
>>> out.getvalue()
'\\rdemo [###############...............] 5/10 tasks   50.0%     1.0s elapsed,    1.0s left\\n'
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

__all__ = ["DRAW_AFTER_S", "REDRAW_EVERY_S", "Progress"]

#: Runs shorter than this (seconds) never draw: quick calls stay quiet.
DRAW_AFTER_S = 0.5
#: The line is redrawn at most this often (seconds), so drawing never slows a run.
REDRAW_EVERY_S = 0.2
# characters of the bar between its brackets
_WIDTH = 30


class Progress:
    """A one-line progress display: ``label [###...] count  pct%  elapsed, left``.

    ``update(fraction, count)`` takes the fraction done (``None`` when the
    total is unknown: no bar, no time left) and a short text such as
    ``"4/10 tasks"``. ``close()`` ends the line: with ``keep=True`` (what
    functions do) the last line stays, followed by a newline; with
    ``keep=False`` (what commands do, before printing their summary) it is
    erased. ``enabled=None`` draws only when ``stream`` is a terminal.
    """

    def __init__(
        self,
        label: str,
        *,
        stream: TextIO | None = None,
        enabled: bool | None = None,
        keep: bool = True,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.label = label
        self.stream = sys.stderr if stream is None else stream
        self.enabled = _is_terminal(self.stream) if enabled is None else enabled
        self.keep = keep
        self.clock = clock
        self.started = clock()
        self.last = 0.0
        self.width = 0  # length of the line on screen, so a shorter one covers it
        self.drawn = False

    def update(self, fraction: float | None, count: str = "", *, final: bool = False) -> None:
        """Redraw the line, unless the run is young or the last redraw was too recent."""
        if not self.enabled:
            return
        now = self.clock()
        elapsed = now - self.started
        done = final or (fraction is not None and fraction >= 1.0)
        # module globals are read here, at each call, so a caller (or a test) can change them
        if elapsed < DRAW_AFTER_S or (now - self.last < REDRAW_EVERY_S and not done):
            return
        self.last = now
        parts = [self.label]
        if fraction is not None:
            fraction = min(max(fraction, 0.0), 1.0)
            parts.append(f"[{'#' * int(_WIDTH * fraction):.<{_WIDTH}}]")
        if count:
            parts.append(count)
        line = " ".join(parts)
        if fraction is not None:
            left = elapsed * (1 - fraction) / fraction if fraction > 0 else 0.0
            line += f"  {100 * fraction:5.1f}%  {elapsed:6.1f}s elapsed, {left:6.1f}s left"
        else:
            line += f"  {elapsed:6.1f}s elapsed"
        self.stream.write("\r" + line.ljust(self.width))
        self.stream.flush()
        self.width = max(self.width, len(line))
        self.drawn = True

    def close(self) -> None:
        """End the line (kept or erased), if anything was drawn."""
        if self.drawn:
            self.stream.write("\n" if self.keep else "\r" + " " * self.width + "\r")
            self.stream.flush()
            self.drawn = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or minimal stream
        return False
