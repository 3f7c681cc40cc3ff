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


def _odd_files(tmp_path: Path) -> list[Path]:
    # lines whose bytes alone do not say what the text way makes of them: Unicode and separator white space,
    # a line ending in two \r, bytes that are not UTF-8, a line of commas, a quote in the first line
    holes, boards = random_deals(40, players=3, cards=4, seed=4)
    rows = [_line(boards, holes, i).encode() for i in range(40)]
    variants = {
        "nbsp-blank": [b"\xc2\xa0"] + rows,
        "nbsp-inside": rows[:3] + [b" \xc2\xa0 "] + rows[3:],
        "fs-blank": rows[:2] + [b"\x1c\x1d"] + rows[2:],
        "two-cr": [r + b"\r\r" for r in rows],
        "one-two-cr": rows[:5] + [rows[5] + b"\r\r"] + rows[6:],
        "latin1": rows[:4] + [rows[4] + b"\xe9"] + rows[4:],
        "commas": rows[:4] + [b",,,"] + rows[4:],
        "tabs-blank": [b"\t \x0b\x0c"] + rows,
        "quote-first": [b'"' + rows[0].replace(b",", b'",', 1)] + rows[1:],
        "only-blank": [b"", b"  ", b"\x1c"],
        "crlf-header": [b"board,seat0,seat1,seat2\r"] + [r + b"\r" for r in rows],
    }
    out = []
    for name, lines in variants.items():
        path = tmp_path / f"odd-{name}.csv"
        path.write_bytes(b"\n".join(lines) + b"\n")
        out.append(path)
    return out


def test_the_layout_from_bytes_agrees_with_the_layout_from_text(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # the first chunk's lines are read where they lie, not decoded one by one; where a line's bytes leave the
    # answer open, the text way decides: either way every file reads as it does with the text way alone
    for path in _files(tmp_path) + _odd_files(tmp_path):
        for options in ({}, {"cards": 5}, {"players": 3}):
            by_bytes = _outcome(path, **options)
            with monkeypatch.context() as m:
                m.setattr(DealReader, "_common_layout_of_bytes", lambda self, window: (False, None))
                by_text = _outcome(path, **options)
            assert by_bytes == by_text, (path.name, options)


def test_the_layout_from_bytes_decides_a_clean_file_and_leaves_odd_lines_open(tmp_path: Path) -> None:
    from omaha8.deals._layout import Window

    def window(data: bytes) -> Window:
        arr = np.frombuffer(data, dtype=np.uint8)
        ends = np.flatnonzero(arr == 10).astype(np.int64)
        starts = np.concatenate([[0], ends[:-1] + 1]).astype(np.int64)
        return Window(arr, starts, ends, np.arange(1, len(ends) + 1, dtype=np.int64))

    holes, boards = random_deals(30, players=3, cards=5, seed=1)
    clean = ("\n".join(_line(boards, holes, i) for i in range(30)) + "\n").encode()
    reader = DealReader(tmp_path / "unused.csv")
    assert reader._common_layout_of_bytes(window(clean)) == (True, (3, 5))
    assert reader._common_layout_of_bytes(window(b"\n  \n" + clean)) == (True, (3, 5))  # blank lines skipped
    assert reader._common_layout_of_bytes(window(b"AhAh,xx\n" + clean)) == (True, None)  # a bad row in the sample
    assert reader._common_layout_of_bytes(window(b"\xc2\xa0\n" + clean)) == (False, None)  # blank to str.strip()
    assert reader._common_layout_of_bytes(window(clean.replace(b"\n", b"\r\r\n", 1))) == (False, None)
    assert reader._common_layout_of_bytes(window(b"\n \n")) == (True, None)
    w = window(b"\n" + clean)
    assert len(w) == 31 and w[1] == (2, _line(boards, holes, 0)) and w[1:].texts()[0] == _line(boards, holes, 0)
