"""The layout of a CSV deal file (seats, cards per seat) found by the fast parser against the slow vote."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from omaha8.deals import format_card_array, random_deals, read_deals
from omaha8.errors import Omaha8Error
from omaha8.deals._readers import DealReader


def _line(boards: np.ndarray, holes: np.ndarray, i: int, sep: str = "") -> str:
    return ",".join([str(format_card_array(boards[i], sep=sep))] + [str(t) for t in format_card_array(holes[i], sep=sep)])


def _outcome(path: Path, **options: object) -> object:
    """What read_deals makes of the file: the layout, lines and cards, or the error."""
    try:
        d = read_deals(path, skip_bad=True, **options)
    except Omaha8Error as exc:
        return type(exc).__name__, str(exc)
    return d.holes.shape[1:], d.lines.tolist(), d.boards.tolist(), d.holes.tolist(), [r.line for r in d.rejects]


def _both(path: Path, monkeypatch: pytest.MonkeyPatch, **options: object) -> tuple[object, object]:
    fast = _outcome(path, **options)
    with monkeypatch.context() as m:
        m.setattr(DealReader, "_common_layout", lambda self, texts: None)  # the slow vote alone
        slow = _outcome(path, **options)
    return fast, slow


def _files(tmp_path: Path) -> list[Path]:
    rng = np.random.default_rng(8)
    out = []
    for n, (players, cards) in enumerate([(1, 4), (2, 4), (6, 4), (11, 4), (2, 5), (3, 5), (9, 5)]):
        holes, boards = random_deals(40, players=players, cards=cards, seed=n)
        rows = [_line(boards, holes, i, sep=" " if i % 3 == 0 else "") for i in range(40)]
        other_h, other_b = random_deals(40, players=min(players, 9), cards=9 - cards, seed=n + 50)
        variants = {
            "plain": rows,
            "header": ["board," + ",".join(f"seat{p}" for p in range(players))] + rows,
            "blanks": ["", "  ", "\x1c"] + rows[:5] + [""] + rows[5:],
            "quoted-first": [rows[0].replace(",", ',"', 1) + '"' if players == 1 else rows[0]] + rows[1:],
            "bad-first": ["AhAh,xx"] + rows,
            "mixed-cards": [_line(other_b, other_h, i) for i in range(25)] + rows,
            "crlf": [r + "\r" for r in rows],
            "one-repeat": [rows[0].replace(rows[0][:2], rows[0][2:4], 1)] + rows[1:],
        }
        for name, lines in variants.items():
            path = tmp_path / f"{players}x{cards}-{name}.csv"
            path.write_bytes(("\n".join(lines) + "\n").encode())
            out.append(path)
        many = [rows[int(rng.integers(40))] for _ in range(1200)] + [_line(other_b, other_h, 0)]
        path = tmp_path / f"{players}x{cards}-long.csv"
        path.write_text("\n".join(many) + "\n")
        out.append(path)
    return out


def test_fast_layout_agrees_with_the_vote(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for path in _files(tmp_path):
        fast, slow = _both(path, monkeypatch)
        assert fast == slow, path.name


@pytest.mark.parametrize("options", [{"players": 2}, {"cards": 5}, {"cards": 4}, {"header": False}])
def test_fast_layout_agrees_when_part_is_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                options: dict[str, object]) -> None:
    for path in _files(tmp_path)[::3]:
        fast, slow = _both(path, monkeypatch, **options)
        assert fast == slow, path.name


def test_the_fast_layout_is_taken(tmp_path: Path) -> None:
    # a clean file: the sample is read by the fast parser, and its layout is the file's
    holes, boards = random_deals(30, players=3, cards=5, seed=1)
    path = tmp_path / "d.csv"
    path.write_text("\n".join(_line(boards, holes, i) for i in range(30)) + "\n")
    reader = DealReader(path)
    assert reader._common_layout([_line(boards, holes, i) for i in range(30)]) == (3, 5)
    assert reader._common_layout(["", "AhAh,xx"]) is None
