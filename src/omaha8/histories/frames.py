"""Hands as a table for pandas, and the graph every player looks at first.

:func:`to_dataframe` turns hand records (or reports) into a pandas DataFrame with one row per hand
and player, the columns of :data:`~omaha8.histories.ROW_COLUMNS` (pandas is an optional extra:
``pip install 'omaha8[tables]'``). :func:`plot_results` draws one player's cumulative net and
cumulative all-in EV net over their hands into a PNG (matplotlib: ``pip install 'omaha8[plot]'``).
Without the package each raises :class:`~omaha8.errors.MissingExtraError` saying what to install.

>>> from omaha8.histories import read, to_dataframe
>>> frame = to_dataframe(read("tests/data/hh/split_quartered.txt"))
>>> frame[["player", "net", "vpip", "quartered"]].values.tolist()
[['Ann', 38, 1, 1], ['Bob', -8, 0, 1], ['Cyd', -30, 1, 0]]
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

from ..errors import MissingExtraError, OutputError
from ..deals._outputs import _Output
from .hand_record import HandRecord
from .records import SkippedHand
from .report import ROW_COLUMNS, HandReport, analyze

__all__ = ["to_dataframe", "plot_results", "Series"]


def _require(module: str, extra: str) -> Any:
    try:
        return __import__(module, fromlist=["_"])
    except ImportError:
        raise MissingExtraError(f"{module} is needed: pip install 'omaha8[{extra}]'") from None


def to_dataframe(items: Iterable[HandRecord | SkippedHand | HandReport], *, ev: bool = True) -> Any:
    """A pandas DataFrame of ``items``: one row per hand and player (skipped hands have none).

    Records are replayed and reconciled (:func:`~omaha8.histories.analyze`; ``ev=False`` leaves
    all-in EV out); reports are taken as they are.
    """
    pandas = _require("pandas", "tables")
    rows: list[dict[str, Any]] = []
    for item in items:
        report = item if isinstance(item, HandReport) else analyze(item, ev=ev)
        rows += report.rows()
    frame = pandas.DataFrame(rows, columns=list(ROW_COLUMNS))
    for column in ("collected_replay", "allin_ev_net"):
        frame[column] = frame[column].astype("Int64")  # integers, with missing values
    return frame


class Series:
    """One player's results hand by hand, for the graph: their net and their all-in EV net."""

    def __init__(self, player: str) -> None:
        self.player = player
        self.net: list[int] = []
        self.ev: list[int] = []
        self.unit: tuple[str | None, str] | None = None  # (currency, unit) of the first hand
        self.other_units = 0

    def add(self, report: HandReport) -> None:
        """Add ``report``'s result for the player, if they played it (in the series' unit)."""
        item = report.item
        if not isinstance(item, HandRecord):
            return
        for p in report.players():
            if p.name == self.player:
                unit = (item.currency, item.unit)
                if self.unit is None:
                    self.unit = unit
                if unit != self.unit:
                    self.other_units += 1  # money and chips are never drawn on one scale
                    return
                self.net.append(p.net)
                self.ev.append(p.net if p.allin_ev_net is None else p.allin_ev_net)


def plot_results(series: Series, path: str) -> None:
    """Draw ``series`` as cumulative net and all-in EV net against the hands played, into the PNG ``path``."""
    if not series.net:
        raise OutputError(f"--graph: {series.player!r} played no hand in these files")
    _require("matplotlib", "plot")
    import matplotlib
    import matplotlib.ticker

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    currency, unit = series.unit or (None, "chips")
    scale = 100.0 if unit == "cents" else 1.0
    label = currency or ("chips" if unit == "chips" else "money")
    net, ev = [0.0], [0.0]
    total = total_ev = 0
    for a, b in zip(series.net, series.ev):
        total += a
        total_ev += b
        net.append(total / scale)
        ev.append(total_ev / scale)
    hands = range(len(net))
    figure, axes = plt.subplots(figsize=(9, 5), dpi=100)
    try:
        axes.plot(hands, net, label=f"net ({net[-1]:,.2f} {label})", color="tab:blue", linewidth=1.6)
        axes.plot(hands, ev, label=f"all-in EV net ({ev[-1]:,.2f} {label})", color="tab:orange", linewidth=1.6,
                  linestyle="--")
        axes.axhline(0, color="grey", linewidth=0.8)
        axes.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
        axes.set_xlabel("hands played")
        axes.set_ylabel(f"cumulative result ({label})")
        axes.set_title(f"{series.player}: {len(net) - 1:,} hands of Omaha Hi/Lo")
        axes.grid(True, alpha=0.3)
        axes.legend(loc="best")
        output = _Output(path)
        built = output.scratch("graph.png")
        try:
            figure.savefig(built, format="png")
            output.commit(built)
        except OSError as exc:
            output.discard()
            raise OutputError(f"--graph {path!r}: cannot write: {exc.strerror or exc}") from None
    finally:
        plt.close(figure)
    if not os.path.exists(path) and path != "-":
        raise OutputError(f"--graph {path!r} was not written")
