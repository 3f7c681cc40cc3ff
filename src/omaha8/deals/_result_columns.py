"""The column groups of a result file, their header and their description tables."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import numpy as np

from .._support._args import brief
from ..cards import _format_text, format_card
from ..cards._columns import format_card_array
from ..errors import ArgumentError, ArgumentTypeError
from ..core._values import N_HIGH_VALUES, N_LOW_VALUES, describe_high, describe_low

__all__ = ["RESULT_COLUMNS", "resolve_columns", "result_columns", "result_data", "seat_array", "seat_lists"]

U8Array = np.ndarray[Any, np.dtype[np.uint8]]


#: Column groups of a result file, in their default order.
RESULT_COLUMNS = ("line", "deal", "board", "seats", "high", "low", "high_desc", "low_desc",
                  "high_winners", "low_winners", "shares")
_COLUMN_ALIASES = {
    "cards": ("board", "seats"),
    "values": ("high", "low"),
    "desc": ("high_desc", "low_desc"),
    "winners": ("high_winners", "low_winners"),
    "share": ("shares",),
    "all": RESULT_COLUMNS,
}
_DEFAULT_COLUMNS = ("high", "low", "high_desc", "low_desc", "high_winners", "low_winners", "shares")


def resolve_columns(columns: str | Sequence[str] | None, *, lines: bool = True) -> tuple[str, ...]:
    """Column groups from a spec like ``"line,high,winners"``.

    Groups are those of :data:`RESULT_COLUMNS`; ``cards``, ``values``,
    ``desc``, ``winners`` and ``all`` stand for several. None gives the
    default: ``line`` (when the deals have lines; else ``deal`` and the
    cards), values, descriptions, winners and shares.

    Examples
    --------
    >>> resolve_columns("line,winners")
    ('line', 'high_winners', 'low_winners')
    >>> resolve_columns("wins")
    Traceback (most recent call last):
    ...
    omaha8.errors.ArgumentError: unknown column 'wins': choose from line, deal, board, seats, high, low, high_desc, low_desc, high_winners, low_winners, shares, cards, values, desc, winners, share, all
    """
    if columns is None:
        return (("line",) if lines else ("deal", "board", "seats")) + _DEFAULT_COLUMNS
    if isinstance(columns, str):
        names = columns.split(",")
    elif isinstance(columns, (list, tuple)) and all(isinstance(n, str) for n in columns):
        names = list(columns)
    else:
        raise ArgumentTypeError(f"columns must be a str like 'line,winners' or a list of str, not "
                                f"{type(columns).__name__} {brief(columns)}")
    out: list[str] = []
    for name in (n.strip().lower() for n in names):
        if not name:
            continue
        group = _COLUMN_ALIASES.get(name, (name,))
        for g in group:
            if g not in RESULT_COLUMNS:
                choices = ", ".join([*RESULT_COLUMNS, *_COLUMN_ALIASES])
                raise ArgumentError(f"unknown column {brief(name)}: choose from {choices}")
            if g == "line" and not lines and name == "all":
                continue
            if g not in out:
                out.append(g)
    if not out:
        raise ArgumentError("no columns asked for")
    if "line" in out and not lines:
        raise ArgumentError("the 'line' column needs deals read from a file; use 'deal' for generated deals")
    return tuple(out)


def _needs(columns: Sequence[str]) -> tuple[bool, bool]:
    """Whether ``columns`` need values and shares."""
    values = bool({"high", "low", "high_desc", "low_desc"} & set(columns))
    return values, "shares" in columns


@cache
def _text_table(high: bool) -> tuple[U8Array, np.ndarray[Any, np.dtype[np.int32]]]:
    """Descriptions of every high (index 0 empty) or low (index 0 "No low") value."""
    texts = [b""] + [describe_high(v).encode() for v in range(1, N_HIGH_VALUES + 1)] if high else \
        [describe_low(v).encode() for v in range(0, N_LOW_VALUES + 1)]
    # a description with a comma ("Two pair, aces and kings") is a quoted CSV field
    texts = [b'"' + t + b'"' if b"," in t else t for t in texts]
    offsets = np.zeros(len(texts) + 1, dtype=np.int32)
    offsets[1:] = np.cumsum([len(t) for t in texts])
    return np.frombuffer(b"".join(texts), dtype=np.uint8), offsets


@cache
def _padded_table(high: bool) -> _format_text.PaddedTable:
    """:func:`_text_table` padded for the result-line kernel, once: padding it costs more than a slice of rows."""
    return _format_text.PaddedTable(*_text_table(high))


def _header(columns: Sequence[str], players: int) -> str:
    names = []
    prefix = {"seats": "seat", "high": "high", "low": "low", "high_desc": "high_desc", "low_desc": "low_desc",
              "shares": "share"}
    for group in columns:
        if group in prefix:
            names += [f"{prefix[group]}{p}" for p in range(players)]
        else:
            names.append(group)
    return ",".join(names) + "\n"


_PREFIX = {"seats": "seat", "high": "high", "low": "low", "high_desc": "high_desc", "low_desc": "low_desc",
           "shares": "share"}
_TYPES = {"line": "int", "deal": "int", "board": "str", "seats": "str", "high": "int", "low": "int",
          "high_desc": "str", "low_desc": "str", "high_winners": "ints", "low_winners": "ints", "shares": "float"}


def result_columns(columns: Sequence[str], players: int) -> dict[str, str]:
    """The columns of a result file's rows (the CSV header's names), each with its type
    (:mod:`omaha8.deals._row_files`): ``seat0..``, ``high0..`` for the per-seat groups.

    >>> result_columns(["deal", "high_winners", "shares"], 2)
    {'deal': 'int', 'high_winners': 'ints', 'share0': 'float', 'share1': 'float'}
    """
    out: dict[str, str] = {}
    for group in columns:
        if group in _PREFIX:
            out.update((f"{_PREFIX[group]}{p}", _TYPES[group]) for p in range(players))
        else:
            out[group] = _TYPES[group]
    return out


@cache
def _mask_seats() -> tuple[tuple[int, ...], ...]:
    """The seats of every 16-bit winner mask, ascending."""
    return tuple(tuple(p for p in range(16) if mask >> p & 1) for mask in range(1 << 16))


def seat_lists(masks: Any) -> list[tuple[int, ...]]:
    """Each seat mask as the tuple of its seats (the one encoding of a winner field outside the kernels).

    >>> seat_lists(np.array([33, 0, 1], dtype=np.uint16))
    [(0, 5), (), (0,)]
    """
    table = _mask_seats()
    return [table[mask] for mask in np.asarray(masks, dtype=np.uint16).tolist()]


def seat_array(masks: Any, players: int) -> np.ndarray[Any, np.dtype[np.int8]]:
    """Seat masks as an (n, players) int8 array of each row's seats, ascending, then -1: the seat lists of
    a ``.npz`` or ``.npy`` result file.

    >>> seat_array(np.array([33, 0, 6], dtype=np.uint16), 6).tolist()
    [[0, 5, -1, -1, -1, -1], [-1, -1, -1, -1, -1, -1], [1, 2, -1, -1, -1, -1]]
    """
    bits = (np.asarray(masks, dtype=np.uint32)[:, None] >> np.arange(players, dtype=np.uint32)) & 1
    won = bits.astype(bool)
    order = np.argsort(~won, axis=1, kind="stable")  # the winners first, each part in seat order
    out: np.ndarray[Any, np.dtype[np.int8]] = np.where(np.take_along_axis(won, order, axis=1), order, -1).astype(np.int8)
    return out


def result_data(columns: Sequence[str], arrays: dict[str, Any], first: int, n: int,
                players: int) -> dict[str, Any]:
    """The columns of :func:`result_columns` as sequences of plain values (card text as the CSV writes it,
    winners as seat tuples, descriptions as words), from ``arrays`` keyed by group as
    :func:`_result_lines` takes them."""
    out: dict[str, Any] = {}
    for group in columns:
        if group == "line":
            out["line"] = np.asarray(arrays["line"], dtype=np.int64)[:n]
        elif group == "deal":
            out["deal"] = np.arange(first, first + n, dtype=np.int64)
        elif group == "board":
            out["board"] = format_card_array(arrays["board"][:n]).tolist() if n else []
        elif group == "seats":
            for p in range(players):
                out[f"seat{p}"] = format_card_array(arrays["seats"][:n, p]).tolist() if n else []
        elif group in ("high", "low"):
            for p in range(players):
                out[f"{group}{p}"] = np.asarray(arrays[group][:n, p], dtype=np.int64)
        elif group in ("high_desc", "low_desc"):
            describe = describe_high if group == "high_desc" else describe_low
            words = {int(v): describe(int(v)) for v in np.unique(arrays[group.removesuffix("_desc")][:n])}
            for p in range(players):
                out[f"{group}{p}"] = [words[v] for v in arrays[group.removesuffix("_desc")][:n, p].tolist()]
        elif group in ("high_winners", "low_winners"):
            out[group] = seat_lists(arrays[group][:n])
        else:
            for p in range(players):
                out[f"share{p}"] = np.asarray(arrays["shares"][:n, p], dtype=np.float64)
    return out


def _fraction_text(x: float) -> str:
    """A share as a result line writes it: at most six decimals, trailing zeros dropped; nan past 1e12.

    >>> [_fraction_text(x) for x in (1.0, 0.0, 1 / 3, 0.125, -0.5, float("nan"))]
    ['1', '0', '0.333333', '0.125', '-0.5', 'nan']
    """
    if x != x or abs(x) > 1e12:
        return "nan"
    whole, micro = divmod(int(abs(x) * 1e6 + 0.5), 10**6)
    return ("-" if x < 0 else "") + str(whole) + (("." + f"{micro:06d}".rstrip("0")) if micro else "")


def _result_lines(columns: Sequence[str], n: int, players: int, first: int, arrays: dict[str, Any]) -> bytes:
    """The slow, obviously-correct twin of the result-line kernel (``format_result_rows`` in
    :mod:`omaha8.cards._format_text`): the CSV lines of ``n`` rows of ``columns``, from ``arrays`` keyed by
    group (``line``, ``board``, ``seats``, ``high``, ``low``, ``high_winners``, ``low_winners``,
    ``shares``). An id past 51 is ``??``; a value without a description has an empty one.

    >>> _result_lines(["deal", "high_winners", "shares"], 1, 2, 7, {"high_winners": [3], "shares": [[0.5, 0.5]]})
    b'7,0 1,0.5,0.5\\n'
    """
    tables = {group: _text_table(group == "high_desc") for group in ("high_desc", "low_desc") if group in columns}

    def cards(ids: Any) -> str:
        return "".join(format_card(int(c)) if int(c) < 52 else "??" for c in ids)

    def described(group: str, value: int) -> str:
        text, offsets = tables[group]
        return bytes(text[offsets[value] : offsets[value + 1]]).decode() if 0 <= value < len(offsets) - 1 else ""

    def seats_of(mask: int) -> str:
        return " ".join(str(p) for p in range(players) if int(mask) >> p & 1)

    out = []
    for i in range(n):
        fields: list[str] = []
        for group in columns:
            if group == "line":
                fields.append(str(int(arrays["line"][i])))
            elif group == "deal":
                fields.append(str(first + i))
            elif group == "board":
                fields.append(cards(arrays["board"][i]))
            elif group == "seats":
                fields += [cards(hole) for hole in arrays["seats"][i]]
            elif group in ("high", "low"):
                fields += [str(int(v)) for v in arrays[group][i]]
            elif group in ("high_desc", "low_desc"):
                fields += [described(group, int(v)) for v in arrays[group.removesuffix("_desc")][i]]
            elif group in ("high_winners", "low_winners"):
                fields.append(seats_of(arrays[group][i]))
            else:
                fields += [_fraction_text(float(x)) for x in arrays["shares"][i]]
        out.append(",".join(fields) + "\n")
    return "".join(out).encode()
