"""``omaha8 batch`` on hostile deal files: a long line is one bad row, the first bad row is the one
reported, a UTF-16 file says so, and only omaha8's own input errors exit 2.

Deal lines: ``Ah2h7cKdQs,KhKs9c9d,3c4cJhJd`` is a valid deal (board, two seats);
``...JhJx`` is a bad card; ``A`` * n is a line of n bytes.
"""

from __future__ import annotations

import csv
import io
import sys
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from omaha8 import deals as dl
from omaha8.cli import main
from omaha8.deals import MAX_LINE_BYTES

HEADER = "board,seat0,seat1\n"
GOOD = "Ah2h7cKdQs,KhKs9c9d,3c4cJhJd\n"
BAD = "Ah2h7cKdQs,KhKs9c9d,3c4cJhJx\n"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def _rejects(path: Path) -> list[list[str]]:
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.reader(f))


@pytest.mark.parametrize("size", [MAX_LINE_BYTES + 1, 70_000, 3_000_000])
def test_a_long_line_is_one_reject_and_the_run_goes_on(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        size: int) -> None:
    # lines: 1 header, 2 good, 3 bad card, 4 the long line, 5 good
    source = tmp_path / "deals.csv"
    source.write_text(HEADER + GOOD + BAD + "A" * size + "\n" + GOOD)
    code, out, err = _run(capsys, "batch", str(source), "--skip-bad", "--rejects", str(tmp_path / "bad.csv"))
    assert code == 0 and err == ""
    assert "deals      2 " in out and "rejected              2" in out
    rows = _rejects(tmp_path / "bad.csv")
    assert [row[0] for row in rows] == ["line", "3", "4"]
    assert rows[2][1] == (f"the line has {size:,} bytes, more than the 65,536 a deal line may have "
                          f"(omaha8.deals.MAX_LINE_BYTES); the text kept is its first 65,536 bytes")
    assert rows[2][2] == "A" * MAX_LINE_BYTES  # truncated to the limit, as the error says


def test_the_first_bad_row_is_reported_not_a_later_long_line(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "deals.csv"
    source.write_text(HEADER + GOOD + BAD + "A" * 70_000 + "\n" + GOOD)
    code, _, err = _run(capsys, "batch", str(source))
    assert code == 2
    assert err.startswith(f"omaha8: error: {source}, line 3: seat1: 'Jx' is not a card")
    # and the long line when it comes first
    source.write_text(HEADER + GOOD + "A" * 70_000 + "\n" + BAD)
    code, _, err = _run(capsys, "batch", str(source))
    assert code == 2 and f"{source}, line 3: the line has" in err and "more than the 65,536" in err
    assert len(err) < 600 and err.count("\n") == 1


def test_a_10_mb_first_line_is_line_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "huge.csv"
    source.write_text("X" * 10_000_000 + "\n" + GOOD)
    code, _, err = _run(capsys, "batch", str(source))
    assert code == 2 and f"{source}, line 1: the line has more than the 65,536 bytes" in err
    code, out, _ = _run(capsys, "batch", str(source), "--skip-bad", "--rejects", str(tmp_path / "bad.csv"),
                        "--players", "2")
    assert code == 0 and "deals      1 " in out
    assert [row[0] for row in _rejects(tmp_path / "bad.csv")] == ["line", "1"]


def test_long_lines_are_read_at_bounded_memory(tmp_path: Path) -> None:
    # a 40 MB line among deals: the reader keeps 64 KiB of it beside its buffer (1 MiB for chunks of
    # 1,024 lines: 256 bytes a line, at least 1 MiB)
    source = tmp_path / "deals.csv"
    with open(source, "w") as f:
        f.write(HEADER + GOOD)
        for _ in range(40):
            f.write("A" * 1_000_000)
        f.write("\n" + GOOD)
    tracemalloc.start()
    try:
        deals = dl.read_deals(source, skip_bad=True, chunk_rows=1024)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(deals) == 2 and [r.line for r in deals.rejects] == [3]
    assert peak < 4 << 20


def test_a_long_line_from_standard_input(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    data = (HEADER + "A" * 200_000 + "\n" + GOOD).encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(io.BytesIO(data))))
    code, out, _ = _run(capsys, "batch", "-", "--skip-bad", "--rejects", str(tmp_path / "bad.csv"))
    assert code == 0 and "deals      1 " in out
    assert [row[0] for row in _rejects(tmp_path / "bad.csv")] == ["line", "2"]


@pytest.mark.parametrize("encoding, prefix, words", [
    ("utf-16", b"", "UTF-16 text (little-endian)"),  # Python writes a byte-order mark first
    ("utf-16-le", b"", "UTF-16 text (little-endian, without a byte-order mark)"),
    ("utf-16-be", b"", "UTF-16 text (big-endian, without a byte-order mark)"),
    ("utf-16-be", b"\xfe\xff", "UTF-16 text (big-endian)"),
])
def test_a_utf16_deal_file_says_it_is_utf16(tmp_path: Path, capsys: pytest.CaptureFixture[str], encoding: str,
                                            prefix: bytes, words: str) -> None:
    source = tmp_path / "deals.csv"
    source.write_bytes(prefix + (HEADER + GOOD).encode(encoding))
    for extra in ([], ["--skip-bad", "--rejects", str(tmp_path / "bad.csv")]):
        code, _, err = _run(capsys, "batch", str(source), *extra)
        assert code == 2 and f"{source}: the file is {words}; deal files are UTF-8" in err
    # the same text in UTF-8 is read
    source.write_text(HEADER + GOOD)
    assert _run(capsys, "batch", str(source))[0] == 0


def test_an_internal_value_error_is_exit_70(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    # a bug inside omaha8 is not the user's input: exit 70 and one line, not "your input is wrong"
    import omaha8.commands.batch as batch

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise ValueError("operands could not be broadcast together")

    monkeypatch.setattr(batch, "analyze_deals", broken)
    source = tmp_path / "deals.csv"
    source.write_text(HEADER + GOOD)
    code, _, err = _run(capsys, "batch", str(source))
    assert code == 70
    assert err.startswith("omaha8: internal error: ValueError: operands could not be broadcast together")
    assert err.count("\n") == 1


def test_an_input_error_is_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "deals.csv"
    source.write_text(HEADER + BAD)
    assert _run(capsys, "batch", str(source))[0] == 2
    assert _run(capsys, "batch", str(tmp_path / "missing.csv"))[0] == 2
