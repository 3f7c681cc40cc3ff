"""The result-line kernel (format_result_rows in omaha8.cards._format_text) against its slow twin, _result_lines."""

from __future__ import annotations

import numpy as np
import pytest

from omaha8.cards import _format_text
from omaha8.deals import Deals, analyze_deals, random_deals
from omaha8.deals._result_columns import RESULT_COLUMNS, _fraction_text, _result_lines, _text_table

ODD_SHARES = [0.0, -0.0, 1.0, 0.5, 0.25, 1 / 3, 1 / 6, 1 / 12, 2 / 3, 0.1234565, 0.9999996, 0.9999994, 1e-7, 5e-7,
              -1e-9, -0.5, 2.5, 1e12, 1e13, -1e13, float("nan"), float("inf"), float("-inf"), 123456.654321]


def _fast(columns: list[str], n: int, players: int, cards: int, first: int, arrays: dict[str, np.ndarray],
          threads: int = 2) -> bytes:
    plan = np.array([_format_text.COLUMN_KINDS[c] for c in columns], dtype=np.int32)
    text, pieces = _format_text.format_result_rows(
        plan, n, players, cards, first, line=arrays["line"], boards=arrays["board"], holes=arrays["seats"],
        high=arrays["high"], low=arrays["low"], high_winners=arrays["high_winners"],
        low_winners=arrays["low_winners"], shares=arrays["shares"], high_table=_text_table(True),
        low_table=_text_table(False), n_threads=threads)
    return b"".join(bytes(text[a:b]) for a, b in pieces.tolist())


def _analyzed(n: int, players: int, cards: int, seed: int) -> dict[str, np.ndarray]:
    holes, boards = random_deals(n, players=players, cards=cards, seed=seed)
    r = analyze_deals(Deals(holes, boards))
    return {"line": np.arange(3, 3 + n, dtype=np.int64), "board": boards, "seats": holes, "high": r.high,
            "low": r.low, "high_winners": r.high_winners, "low_winners": r.low_winners, "shares": r.shares}


def _arbitrary(n: int, players: int, cards: int, seed: int) -> dict[str, np.ndarray]:
    # whatever bytes the kernel gets: ids past 51, values past the tables, masks past the seats, odd doubles
    rng = np.random.default_rng(seed)
    big = np.iinfo(np.int64)
    return {
        "line": rng.choice(np.array([0, 1, 9, 10, 99, 100, 12345, -1, -10, big.max, big.min, 2**53 + 1]), n),
        "board": rng.integers(0, 256, (n, 5), dtype=np.uint8),
        "seats": rng.integers(0, 256, (n, players, cards), dtype=np.uint8),
        "high": rng.choice(np.array([0, 1, 9, 10, 99, 100, 999, 1000, 7462, 7463, 9999, 10000, 65535]),
                           (n, players)).astype(np.uint16),
        "low": rng.integers(0, 256, (n, players), dtype=np.uint8),
        "high_winners": rng.integers(0, 1 << 16, n, dtype=np.uint16),
        "low_winners": rng.integers(0, 1 << 16, n, dtype=np.uint16),
        "shares": np.where(rng.random((n, players)) < 0.5, rng.choice(ODD_SHARES, (n, players)),
                           rng.random((n, players)) * 10 - 5),
    }


LAYOUTS = [(1, 4), (2, 4), (6, 4), (11, 4), (16, 4), (2, 5), (3, 5), (9, 5)]


@pytest.mark.parametrize("players,cards", LAYOUTS)
def test_every_group_as_the_slow_twin(players: int, cards: int) -> None:
    make = _analyzed if 5 + players * cards <= 52 else _arbitrary
    for arrays in (make(300, players, cards, players), _arbitrary(300, players, cards, players + 100)):
        for group in RESULT_COLUMNS:
            assert _fast([group], 300, players, cards, 40, arrays) == _result_lines([group], 300, players, 40,
                                                                                    arrays), group
        everything = list(RESULT_COLUMNS)
        assert _fast(everything, 300, players, cards, 0, arrays) == _result_lines(everything, 300, players, 0, arrays)
        backwards = everything[::-1]
        assert _fast(backwards, 300, players, cards, 0, arrays, 1) == _result_lines(backwards, 300, players, 0,
                                                                                    arrays)


def test_random_column_lists() -> None:
    rng = np.random.default_rng(5)
    for trial in range(40):
        players, cards = LAYOUTS[trial % len(LAYOUTS)]
        arrays = _arbitrary(97, players, cards, trial)
        columns = list(rng.choice(RESULT_COLUMNS, int(rng.integers(1, 8)), replace=False))
        assert _fast(columns, 97, players, cards, trial, arrays) == _result_lines(columns, 97, players, trial,
                                                                                  arrays), columns


def test_fraction_text_hand_checked() -> None:
    # 0.1234565 * 1e6 + 0.5 = 123457.0 (rounded half up, before the trailing zeros go); 2/3 -> 0.666667
    assert [_fraction_text(x) for x in (0.1234565, 2 / 3, 0.9999996, 1e-7, -1e-9, 1e13)] == \
        ["0.123457", "0.666667", "1", "0", "-0", "nan"]


@pytest.mark.parametrize("suffix", [".csv", ".csv.gz"])
def test_formatting_in_the_writer_thread_writes_the_same_file(tmp_path, suffix: str) -> None:  # type: ignore[no-untyped-def]
    from omaha8.deals import ResultWriter

    batches = []
    for i in range(5):
        holes, boards = random_deals(700 + i, players=4, cards=4, seed=i)
        batches.append(analyze_deals(Deals(holes, boards, first=sum(len(b) for b in batches))))
    files = []
    for background in (False, True):
        path = tmp_path / f"r{background}{suffix}"
        with ResultWriter(path, players=4, cards=4, lines=False, format_in_background=background) as w:
            for batch in batches:
                w.write(batch)
        files.append(path.read_bytes())
    assert files[0] == files[1] and len(files[0]) > 1000
    with pytest.raises(TypeError):
        ResultWriter(tmp_path / "x.csv", players=4, cards=4, format_in_background=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("background", [False, True])
def test_a_batch_of_several_slices_writes_the_slow_twins_lines(tmp_path, background: bool) -> None:  # type: ignore[no-untyped-def]
    # the writer formats and writes _PIECE_ROWS rows at a time: 2 * 2048 + 904 rows are three slices, and
    # the deal numbers of the later ones go on from the earlier ones' (the batch's first deal is 10)
    from omaha8.deals import ResultWriter
    from omaha8.deals import _writers
    from omaha8.deals._result_columns import _header

    n = 2 * _writers._PIECE_ROWS + 904
    holes, boards = random_deals(n, players=3, cards=4, seed=31)
    lines = np.arange(7, 7 + 2 * n, 2, dtype=np.int64)  # the deals' lines in their file: every other line
    results = analyze_deals(Deals(holes, boards, lines=lines, first=10))
    path = tmp_path / "r.csv"
    columns = list(RESULT_COLUMNS)
    with ResultWriter(path, players=3, cards=4, columns=columns, format_in_background=background) as w:
        w.write(results)
    arrays = {"line": lines, "board": boards, "seats": holes, "high": results.high,
              "low": results.low, "high_winners": results.high_winners, "low_winners": results.low_winners,
              "shares": results.shares}
    expected = _header(columns, 3).encode() + _result_lines(columns, n, 3, 10, arrays)
    assert path.read_bytes() == expected


def test_a_padded_table_writes_what_the_text_table_writes() -> None:
    # the writer pads the description tables once (PaddedTable) instead of on every call: same bytes
    arrays = _analyzed(500, 6, 4, 77)
    plan = np.array([_format_text.COLUMN_KINDS[c] for c in ("high_desc", "low_desc", "high")], dtype=np.int32)
    texts = []
    for high_table, low_table in ((_text_table(True), _text_table(False)),
                                  (_format_text.PaddedTable(*_text_table(True)),
                                   _format_text.PaddedTable(*_text_table(False)))):
        text, pieces = _format_text.format_result_rows(plan, 500, 6, 4, 0, high=arrays["high"], low=arrays["low"],
                                                       high_table=high_table, low_table=low_table, n_threads=2)
        texts.append(b"".join(bytes(text[a:b]) for a, b in pieces.tolist()))
    assert texts[0] == texts[1]
    assert texts[0] == _result_lines(["high_desc", "low_desc", "high"], 500, 6, 0, arrays)
    padded = _format_text.PaddedTable(*_text_table(False))
    assert padded.n == len(_text_table(False)[1]) - 1 and not padded.text.flags.writeable
    with pytest.raises(ValueError):
        _format_text.PaddedTable(np.zeros(3, np.uint8), np.array([0, 2, 1], np.int32))  # offsets not ascending


def test_pieces_written_in_parts_as_a_pipe_takes_them(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # writev may take fewer bytes than given (a pipe, a signal): the rest follows, in order, none twice
    import os

    from omaha8.deals import _writers

    real = os.writev
    calls = []

    def stingy(fd: int, buffers: list[memoryview]) -> int:
        calls.append(len(buffers))
        first = bytes(buffers[0])[:7]  # at most 7 bytes, from the first buffer only
        return real(fd, [first])

    monkeypatch.setattr(_writers.os, "writev", stingy)
    text = np.frombuffer(bytes(range(256)) * 4, dtype=np.uint8)
    pieces = np.array([[0, 10], [10, 10], [100, 131], [500, 503], [1000, 1024]], dtype=np.int64)
    path = tmp_path / "out.bin"
    with open(path, "wb") as f:
        f.write(b"head")  # still in the buffer: written before the pieces
        _writers._write_pieces(f, text, pieces)
    expected = b"head" + b"".join(text[a:b].tobytes() for a, b in pieces.tolist())
    assert path.read_bytes() == expected and len(calls) > 5


def _written(fd: int, columns: list[str], n: int, players: int, cards: int, first: int,
             arrays: dict[str, np.ndarray], piece_rows: int, reserve_at: int = -1) -> tuple[int, int]:
    plan = np.array([_format_text.COLUMN_KINDS[c] for c in columns], dtype=np.int32)
    _, written, after = _format_text.write_result_rows(
        fd, plan, n, players, cards, first, line=arrays["line"], boards=arrays["board"], holes=arrays["seats"],
        high=arrays["high"], low=arrays["low"], high_winners=arrays["high_winners"],
        low_winners=arrays["low_winners"], shares=arrays["shares"],
        high_table=_format_text.PaddedTable(*_text_table(True)), low_table=_text_table(False),
        piece_rows=piece_rows, reserve_at=reserve_at)
    return written, after


@pytest.mark.parametrize("players,cards", [(1, 4), (6, 4), (16, 4), (3, 5)])
def test_the_writing_kernel_writes_the_slow_twins_text(tmp_path, players: int, cards: int) -> None:  # type: ignore[no-untyped-def]
    # formatted a piece at a time and written by write(2), space reserved ahead or not: the same bytes as
    # _result_lines, and the file no longer than they are (a reservation keeps the size)
    make = _analyzed if 5 + players * cards <= 52 else _arbitrary
    for arrays in (make(300, players, cards, players), _arbitrary(300, players, cards, players + 7)):
        for columns in (list(RESULT_COLUMNS), ["shares", "line", "high_desc"]):
            expected = _result_lines(columns, 300, players, 12, arrays)
            for piece_rows, reserve in ((1, True), (7, False), (128, True), (300, True), (5000, False)):
                path = tmp_path / f"w{piece_rows}.csv"
                with open(path, "wb") as f:
                    f.write(b"head\n")
                    f.flush()
                    written, after = _written(f.fileno(), columns, 300, players, cards, 12, arrays, piece_rows,
                                              5 if reserve else -1)
                assert path.read_bytes() == b"head\n" + expected, (columns, piece_rows)
                assert written == len(expected)
                # where reserving works, the next offset follows the bytes written; -1 when not asked or refused
                assert after in (-1, 5 + len(expected)) and (reserve or after == -1)


def test_the_writing_kernel_through_a_pipe_and_with_nothing_to_write(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import os
    import threading

    arrays = _analyzed(2000, 6, 4, 3)
    expected = _result_lines(list(RESULT_COLUMNS), 2000, 6, 0, arrays)
    read_end, write_end = os.pipe()
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.extend(iter(lambda: os.read(read_end, 4096), b"")))
    reader.start()
    try:
        # a pipe takes a few KB at a time: every byte arrives, in order; a pipe has no space to reserve
        written, after = _written(write_end, list(RESULT_COLUMNS), 2000, 6, 4, 0, arrays, 2048, 0)
    finally:
        os.close(write_end)
        reader.join()
        os.close(read_end)
    assert b"".join(got) == expected and written == len(expected) and after == -1
    path = tmp_path / "empty.csv"
    with open(path, "wb") as f:
        assert _written(f.fileno(), ["line"], 0, 6, 4, 0, arrays, 2048, 0) == (0, 0)
    assert path.read_bytes() == b""


def test_the_writing_kernel_raises_the_errno_of_a_failed_write(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import errno
    import os

    arrays = _analyzed(50, 2, 4, 9)
    path = tmp_path / "read-only.csv"
    path.write_bytes(b"")
    with open(path, "rb") as f, pytest.raises(OSError) as failed:
        _written(f.fileno(), ["line", "shares"], 50, 2, 4, 0, arrays, 8)
    assert failed.value.errno == errno.EBADF
    if os.path.exists("/dev/full"):
        with open("/dev/full", "wb") as f, pytest.raises(OSError) as failed:
            _written(f.fileno(), ["line", "shares"], 50, 2, 4, 0, arrays, 8)
        assert failed.value.errno == errno.ENOSPC
    with pytest.raises(ValueError):
        _written(1, ["line"], 50, 2, 4, 0, arrays, 0)  # piece_rows below 1
