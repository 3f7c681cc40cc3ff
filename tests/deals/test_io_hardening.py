"""Deal and result files under hostile conditions: nothing a user gives is lost, misread or answered with a
builtin's error. The data-loss cases run the real ``omaha8 batch`` on real files in a temporary folder."""

from __future__ import annotations

import csv
import errno
import gzip
import io
import os
import stat
import subprocess
import sys
import threading
import tracemalloc
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import omaha8
from omaha8 import deals as dl
from omaha8.cli import main
from omaha8.deals import _outputs as outputs
from omaha8.errors import ShapeError
from omaha8.errors import ArgumentError, ArgumentTypeError, CardTypeError, DuplicateCardError, Omaha8Error, ShapeError

# where the omaha8 under test was imported from (src/ in a checkout, site-packages when installed):
# subprocesses must run that same build
SRC = Path(omaha8.__file__).resolve().parent.parent
posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo") or not os.path.exists("/dev/stdout"),
                                reason="FIFOs and /dev/stdout are POSIX")


def _deal_file(tmp_path: Path, name: str = "deals.csv", n: int = 40, players: int = 3, seed: int = 4) -> Path:
    boards, holes = dl.random_deals(n, players=players, seed=seed)
    path = tmp_path / name
    dl.write_deals(path, boards, holes)
    return path


def _listing(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (hidden temporary files included) with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _unused_cards(line: str, count: int) -> str:
    """``count`` cards that do not appear in a CSV deal line."""
    used = {int(c) for field in line.split(",") for c in omaha8.parse_cards(field)}
    return omaha8.format_cards([c for c in range(52) if c not in used][:count], sep="")


def _names(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


# ---------------------------------------------------------------- an output that is the input or another output


@pytest.mark.parametrize(
    "argv",
    [
        ["--skip-bad", "--rejects", "{input}"],
        ["-o", "{input}"],
        ["-o", "{link}"],
        ["-o", "{hard}"],
        ["--skip-bad", "--rejects", "{link}"],
        ["-o", "{out}", "--skip-bad", "--rejects", "{out}"],
        ["-o", "{out}", "--deals-out", "{out}"],
        ["-o", "{new}", "--skip-bad", "--rejects", "{new_link}"],
    ],
)
def test_an_output_that_is_the_input_or_another_output_is_refused(
    tmp_path: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    source = _deal_file(tmp_path)
    (tmp_path / "link.csv").symlink_to(source)
    os.link(source, tmp_path / "hard.csv")
    (tmp_path / "out.csv").write_text("kept\n")
    (tmp_path / "new_link.csv").symlink_to(tmp_path / "new.csv")  # both name new.csv, which does not exist yet
    before = _listing(tmp_path)
    paths = {"input": source, "link": tmp_path / "link.csv", "hard": tmp_path / "hard.csv",
             "out": tmp_path / "out.csv", "new": tmp_path / "new.csv", "new_link": tmp_path / "new_link.csv"}
    with pytest.raises(SystemExit) as info:
        main(["batch", str(source), *(a.format(**paths) for a in argv)])
    assert info.value.code == 2
    assert "is the same file as" in capsys.readouterr().err
    assert _listing(tmp_path) == before  # nothing was opened for writing


def test_npz_output_over_its_npz_input_is_refused(tmp_path: Path) -> None:
    source = _deal_file(tmp_path, "deals.npz")
    before = source.read_bytes()
    with pytest.raises(SystemExit):
        main(["batch", str(source), "-o", str(source)])
    assert source.read_bytes() == before


def test_distinct_outputs_are_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = _deal_file(tmp_path)
    lines = source.read_text().splitlines()
    source.write_text("\n".join([*lines[:3], "AsAs,KdKd,QcQc,JhJh", *lines[3:]]) + "\n")
    out, bad = tmp_path / "r.csv", tmp_path / "bad.csv"
    assert main(["batch", str(source), "-o", str(out), "--skip-bad", "--rejects", str(bad)]) == 0
    assert len(out.read_text().splitlines()) == 41 and len(bad.read_text().splitlines()) == 2
    assert "1  row written to" in capsys.readouterr().out


def test_subprocess_refuses_rejects_over_the_input(tmp_path: Path) -> None:
    source = _deal_file(tmp_path)
    before = source.read_bytes()
    run = subprocess.run([sys.executable, "-m", "omaha8", "batch", str(source), "--skip-bad", "--rejects",
                          str(source)], capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(SRC)},
                         timeout=120)
    assert run.returncode == 2 and "is the same file as the input" in run.stderr
    assert "Traceback" not in run.stderr
    assert source.read_bytes() == before


# ---------------------------------------------------------------- streams: -, FIFOs, /dev/stdout


def _expected_csv(tmp_path: Path, source: Path, columns: str) -> bytes:
    expected = tmp_path / "expected.csv"
    assert main(["batch", str(source), "-o", str(expected), "--columns", columns, "-q"]) == 0
    data = expected.read_bytes()
    expected.unlink()
    return data


def test_stdin_and_stdout(tmp_path: Path) -> None:
    source = _deal_file(tmp_path)
    want = _expected_csv(tmp_path, source, "line,winners")
    run = subprocess.run([sys.executable, "-m", "omaha8", "batch", "-", "-o", "-", "--columns", "line,winners"],
                         input=source.read_bytes(), capture_output=True, env={**os.environ, "PYTHONPATH": str(SRC)},
                         timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout == want  # the summary went to stderr, not into the results
    assert b"deals      40 (3 seats, 4 hole cards) from standard input" in run.stderr


def test_gzip_on_stdin(tmp_path: Path) -> None:
    source = _deal_file(tmp_path)
    run = subprocess.run([sys.executable, "-m", "omaha8", "batch", "-"], input=gzip.compress(source.read_bytes()),
                         capture_output=True, text=False, env={**os.environ, "PYTHONPATH": str(SRC)}, timeout=120)
    assert run.returncode == 0 and b"deals      40 " in run.stdout


@posix_only
def test_dev_stdout_is_written_into_not_replaced(tmp_path: Path) -> None:
    # stdout redirected to a file: /dev/stdout resolves through /proc to it; as root a rename would
    # replace the /dev/stdout link itself
    source = _deal_file(tmp_path)
    want = _expected_csv(tmp_path, source, "line,shares")
    before = os.lstat("/dev/stdout")
    with open(tmp_path / "captured.csv", "wb") as sink:
        run = subprocess.run([sys.executable, "-m", "omaha8", "batch", str(source), "-o", "/dev/stdout",
                              "--columns", "line,shares"], stdout=sink, stderr=subprocess.PIPE,
                             env={**os.environ, "PYTHONPATH": str(SRC)}, timeout=120)
    assert run.returncode == 0, run.stderr
    after = os.lstat("/dev/stdout")
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)
    assert (tmp_path / "captured.csv").read_bytes() == want
    assert sorted(p.name for p in tmp_path.iterdir()) == ["captured.csv", "deals.csv"]


@posix_only
@pytest.mark.parametrize("suffix", [".csv", ".npz"])
def test_fifo_output_is_written_into(tmp_path: Path, suffix: str) -> None:
    source = _deal_file(tmp_path)
    fifo = tmp_path / f"pipe{suffix}"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    assert main(["batch", str(source), "-o", str(fifo), "--columns", "line,winners", "-q"]) == 0
    reader.join(60)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)  # still a FIFO, not renamed over
    if suffix == ".csv":
        assert got[0] == _expected_csv(tmp_path, source, "line,winners")
    else:
        with np.load(io.BytesIO(got[0])) as f:
            assert sorted(f.files) == ["high_winners", "line", "low_winners"] and len(f["line"]) == 40
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deals.csv", fifo.name]


@posix_only
def test_fifo_input_is_read_without_seeking(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = _deal_file(tmp_path)
    fifo = tmp_path / "in.csv"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes(source.read_bytes()), daemon=True)
    writer.start()
    assert main(["batch", str(fifo), "--chunk-rows", "7"]) == 0
    writer.join(60)
    assert "deals      40 (3 seats" in capsys.readouterr().out


# ---------------------------------------------------------------- a full disk


class _FullDisk(io.RawIOBase):
    """A file whose writes fail with ENOSPC after ``room`` bytes, and whose close fails too (buffers not flushed)."""

    def __init__(self, path: Path, mode: str, room: int) -> None:
        self.inner = open(path, mode.replace("b", "") + "b")
        self.room = room

    def writable(self) -> bool:
        return True

    def readable(self) -> bool:
        return "r" in self.inner.mode or "+" in self.inner.mode

    def seekable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        data = bytes(data)
        if len(data) > self.room:
            raise OSError(errno.ENOSPC, "No space left on device")
        self.room -= len(data)
        return self.inner.write(data)

    def read(self, n: int = -1) -> bytes:
        return self.inner.read(n)

    def seek(self, pos: int, whence: int = 0) -> int:
        return self.inner.seek(pos, whence)

    def tell(self) -> int:
        return self.inner.tell()

    def fileno(self) -> int:
        return self.inner.fileno()

    def flush(self) -> None:
        if not self.inner.closed:
            self.inner.flush()

    def close(self) -> None:
        if self.closed:
            return
        self.inner.close()
        super().close()
        raise OSError(errno.ENOSPC, "No space left on device (while closing)")


@pytest.mark.parametrize("suffix", [".csv", ".csv.gz", ".npz", ".npy"])
@pytest.mark.parametrize("room", [0, 300, 5000])
def test_a_full_disk_leaves_no_temporary_file_and_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], suffix: str, room: int
) -> None:
    source = _deal_file(tmp_path, n=400)
    out = tmp_path / f"r{suffix}"
    out.write_bytes(b"the previous results\n")
    before = _listing(tmp_path)
    real_open = outputs._open_binary

    def full(path: Path, mode: str = "wb") -> Any:
        return _FullDisk(path, mode, room) if "w" in mode else real_open(path, mode)

    monkeypatch.setattr(outputs, "_open_binary", full)
    code = main(["batch", str(source), "-o", str(out), "--columns", "all", "--chunk-rows", "50", "-q"])
    assert code != 0
    assert "No space left on device" in capsys.readouterr().err
    assert _listing(tmp_path) == before  # no temporary file left, the old results untouched


@pytest.mark.parametrize("suffix", [".csv", ".csv.gz", ".npz", ".npy"])
def test_write_deals_on_a_full_disk_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    suffix: str) -> None:
    boards, holes = dl.random_deals(200, players=2, seed=3)
    monkeypatch.setattr(outputs, "_open_binary", lambda path, mode="wb": _FullDisk(path, mode, 100))
    with pytest.raises(OSError, match="No space left"):
        dl.write_deals(tmp_path / f"d{suffix}", boards, holes, chunk_rows=10)
    assert _names(tmp_path) == []


def test_an_error_in_analysis_leaves_no_partial_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = _deal_file(tmp_path, n=300)
    calls = []

    def failing(deals: dl.Deals, **options: Any) -> dl.DealResults:
        calls.append(1)
        if len(calls) == 3:
            raise OSError(errno.EIO, "simulated failure")
        return dl.analyze_deals(deals, **options)

    from omaha8.commands import batch

    monkeypatch.setattr(batch, "analyze_deals", failing)
    for suffix in (".csv", ".npz", ".npy"):
        calls.clear()
        assert main(["batch", str(source), "-o", str(tmp_path / f"r{suffix}"), "--chunk-rows", "50", "-q"]) == 2
    assert _names(tmp_path) == ["deals.csv"]


# ---------------------------------------------------------------- chunk sizes


@pytest.mark.parametrize("bad", [-1, 0, 2**70, True, 1.5])
def test_chunk_rows_is_checked_everywhere(tmp_path: Path, bad: Any) -> None:
    boards, holes = dl.random_deals(3, players=2, seed=1)
    error = ArgumentTypeError if isinstance(bad, (bool, float)) else ArgumentError
    with pytest.raises(error, match="chunk_rows"):
        dl.write_deals(tmp_path / "d.csv", boards, holes, chunk_rows=bad)
    assert _names(tmp_path) == []
    dl.write_deals(tmp_path / "d.csv", boards, holes)
    with pytest.raises(error, match="chunk_rows"):
        dl.iter_deals(tmp_path / "d.csv", chunk_rows=bad)
    with pytest.raises(error, match="chunk_rows"):
        list(dl.iter_random_deals(3, chunk_rows=bad))


def test_chunk_rows_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for value, words in (("0", "at least 1, got 0"), ("-1", "at least 1, got -1"), (str(2**70), "at most 2147483647")):
        with pytest.raises(SystemExit) as info:
            main(["batch", "--random", "5", "--chunk-rows", value])
        assert info.value.code == 2
        assert f"argument --chunk-rows: must be {words}" in capsys.readouterr().err


# ---------------------------------------------------------------- long lines at bounded memory


def test_a_line_without_end_stops_at_bounded_memory(tmp_path: Path) -> None:
    path = tmp_path / "huge.csv"
    with open(path, "wb") as f:
        for _ in range(16):
            f.write(b"As" * (1 << 18))  # 8 MiB, no newline
    tracemalloc.start()
    try:
        with pytest.raises(ShapeError, match=r"huge.csv, line 1: the line has more than the 65,536 bytes a "
                                                r"deal line may have"):
            dl.read_deals(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4 << 20  # the 1 MiB line buffer, not the 8 MiB line


def test_a_long_line_after_good_ones_names_its_line(tmp_path: Path) -> None:
    path = _deal_file(tmp_path, n=5)
    with open(path, "ab") as f:
        f.write(b"x" * (dl.MAX_LINE_BYTES + 1) + b"\n" + b"AhKh7c4d2s,As3sQcJd,5c5d8h9h,2d3c4c6c\n")
    with pytest.raises(ShapeError, match="line 7: the line has 65,537 bytes"):
        dl.read_deals(path)
    deals = dl.read_deals(path, skip_bad=True)  # one bad row like any other
    assert len(deals) == 6 and [r.line for r in deals.rejects] == [7]
    lines = path.read_bytes().splitlines()
    path.write_bytes(b"\n".join([*lines[:6], b"y" * dl.MAX_LINE_BYTES, lines[7]]) + b"\n")  # at the limit: a bad row
    deals = dl.read_deals(path, skip_bad=True)
    assert len(deals) == 6 and [r.line for r in deals.rejects] == [7]
    assert len(str(deals.rejects[0].error)) < 600


@posix_only
def test_dev_zero_stops_with_an_error(tmp_path: Path) -> None:
    (tmp_path / "zero.csv").symlink_to("/dev/zero")
    run = subprocess.run([sys.executable, "-m", "omaha8", "batch", str(tmp_path / "zero.csv")], capture_output=True,
                         text=True, env={**os.environ, "PYTHONPATH": str(SRC)}, timeout=120)
    assert run.returncode == 2
    assert "line 1: the line has more than the 65,536 bytes" in run.stderr
    assert "Traceback" not in run.stderr
    assert len(run.stderr) < 500


# ---------------------------------------------------------------- the layout of a CSV file


def test_a_malformed_first_row_is_one_reject(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = _deal_file(tmp_path, n=300, players=3)
    lines = source.read_text().splitlines()
    board, seat0, *rest = lines[1].split(",")
    lines[1] = ",".join([board, seat0 + _unused_cards(lines[1], 1), *rest])  # seat0: 5 distinct cards, the others 4
    source.write_text("\n".join(lines) + "\n")
    assert main(["batch", str(source), "--skip-bad", "--rejects", str(tmp_path / "bad.csv")]) == 0
    out = capsys.readouterr().out
    assert "deals      299 (3 seats, 4 hole cards)" in out and " 1  row written to" in out
    with open(tmp_path / "bad.csv", newline="") as f:
        rejects = list(csv.DictReader(f))
    assert [r["line"] for r in rejects] == ["2"]


def test_a_first_row_with_an_extra_seat_does_not_set_the_layout(tmp_path: Path) -> None:
    # no header: the layout is the one most rows have, not the first row's
    boards, holes = dl.random_deals(20, players=2, seed=9)
    path = tmp_path / "d.csv"
    dl.write_deals(path, boards, holes, header=False)
    lines = path.read_text().splitlines()
    lines[0] += "," + _unused_cards(lines[0], 4)  # a valid third seat
    path.write_text("\n".join(lines) + "\n")
    deals = dl.read_deals(path, skip_bad=True)
    assert (deals.players, deals.cards, len(deals)) == (2, 4, 19) and [r.line for r in deals.rejects] == [1]
    with pytest.raises(ShapeError, match="line 1: 4 fields, but a deal here has 3"):
        dl.read_deals(path)


def test_a_utf8_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    source = _deal_file(tmp_path, n=10)
    with_bom = tmp_path / "excel.csv"
    with_bom.write_bytes(b"\xef\xbb\xbf" + source.read_bytes())
    a, b = dl.read_deals(source), dl.read_deals(with_bom)
    assert (a.holes == b.holes).all() and (a.boards == b.boards).all() and a.lines.tolist() == b.lines.tolist()
    no_header = tmp_path / "plain.csv"
    no_header.write_bytes(b"\xef\xbb\xbf" + b"\n".join(source.read_bytes().splitlines()[1:]) + b"\n")
    assert len(dl.read_deals(no_header)) == 10


# ---------------------------------------------------------------- corrupt and truncated files


def _corrupt_files(tmp_path: Path) -> dict[str, Path]:
    files = {}
    csv_path = _deal_file(tmp_path, n=2000)
    data = gzip.compress(csv_path.read_bytes())
    files["truncated .csv.gz"] = tmp_path / "cut.csv.gz"
    files["truncated .csv.gz"].write_bytes(data[: len(data) // 2])
    files["garbage .csv.gz"] = tmp_path / "garbage.csv.gz"
    files["garbage .csv.gz"].write_bytes(b"\x1f\x8b\x08\x00" + bytes(range(256)) * 4)
    broken = bytearray(data)
    broken[len(broken) // 2] ^= 0xFF
    files["flipped .csv.gz"] = tmp_path / "flipped.csv.gz"
    files["flipped .csv.gz"].write_bytes(bytes(broken))
    boards, holes = dl.random_deals(2000, players=3, seed=1)
    npz, npy = tmp_path / "d.npz", tmp_path / "d.npy"
    dl.write_deals(npz, boards, holes)
    dl.write_deals(npy, boards, holes)
    files["truncated .npz"] = tmp_path / "cut.npz"
    files["truncated .npz"].write_bytes(npz.read_bytes()[:5000])
    files["not a zip .npz"] = tmp_path / "text.npz"
    files["not a zip .npz"].write_text("board,seat0\n")
    compressed = tmp_path / "z.npz"
    np.savez_compressed(compressed, boards=boards, holes=holes)
    zdata = bytearray(compressed.read_bytes())
    zdata[len(zdata) // 3] ^= 0xFF
    files["damaged compressed .npz"] = tmp_path / "damaged.npz"
    files["damaged compressed .npz"].write_bytes(bytes(zdata))
    files["truncated .npy"] = tmp_path / "cut.npy"
    files["truncated .npy"].write_bytes(npy.read_bytes()[:3000])
    files["not a .npy"] = tmp_path / "text.npy"
    files["not a .npy"].write_text("AhKh7c4d2s,As3sQcJd\n")
    files["empty .npy"] = tmp_path / "empty.npy"
    files["empty .npy"].write_bytes(b"")
    return files


def test_corrupt_files_raise_one_error_naming_the_path(tmp_path: Path) -> None:
    for what, path in _corrupt_files(tmp_path).items():
        with pytest.raises(Omaha8Error) as info:
            dl.read_deals(path)
        assert isinstance(info.value, ValueError), what
        assert str(path) in str(info.value), what
        assert len(str(info.value)) < 500, what


def test_corrupt_files_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for what, path in _corrupt_files(tmp_path).items():
        assert main(["batch", str(path), "-o", str(tmp_path / "r.csv")]) == 2, what
        err = capsys.readouterr().err
        assert err.startswith("omaha8: error: ") and str(path) in err and err.count("\n") == 1, (what, err)
    assert not (tmp_path / "r.csv").exists()


def test_a_corrupt_gzip_in_a_subprocess_prints_no_traceback(tmp_path: Path) -> None:
    path = _corrupt_files(tmp_path)["truncated .csv.gz"]
    run = subprocess.run([sys.executable, "-m", "omaha8", "batch", str(path)], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(SRC)}, timeout=120)
    assert run.returncode == 2 and "Traceback" not in run.stderr and "not a readable gzip file" in run.stderr


# ---------------------------------------------------------------- builtin errors from the API


def test_deals_converts_and_checks_its_arrays() -> None:
    deals = dl.Deals([[51, 47, 43, 39, 35]], [[[0, 1, 2, 3], [4, 5, 6, 7]]], lines=[3])
    assert deals.boards.dtype == np.uint8 and deals.lines is not None and deals.lines.dtype == np.int64
    # board As Ks Qs Js Ts; holes 2c2d2h2s and 3c3d3h3s: two hole cards and three board cards make at best a
    # pair with A K Q (one spade in a hole is no flush), and threes beat deuces: seat 1 (mask 2) wins
    assert dl.analyze_deals(deals).high_winners.tolist() == [2]
    with pytest.raises(ShapeError, match="rectangular"):
        dl.Deals([[1, 2, 3, 4, 5], [1]], [[[0, 1, 2, 3]]])
    with pytest.raises(CardTypeError, match="boards must hold integer card ids"):
        dl.Deals(None, None)  # type: ignore[arg-type]
    with pytest.raises(omaha8.CardError, match=r"boards\[0, 0\] = 99"):
        dl.Deals([[99, 1, 2, 3, 4]], [[[5, 6, 7, 8]]])
    with pytest.raises(ShapeError, match="lines must have shape"):
        dl.Deals([[51, 47, 43, 39, 35]], [[[0, 1, 2, 3]]], lines=[1, 2])
    with pytest.raises(ArgumentError, match="first"):
        dl.Deals([[51, 47, 43, 39, 35]], [[[0, 1, 2, 3]]], first=-1)


def test_analyze_deals_refuses_what_is_not_deals() -> None:
    with pytest.raises(ArgumentTypeError, match="deals must be a Deals batch, not NoneType"):
        dl.analyze_deals(None)  # type: ignore[arg-type]
    deals = dl.Deals([[51, 47, 43, 39, 35]], [[[0, 1, 2, 3]]])
    with pytest.raises(ArgumentTypeError, match="values"):
        dl.analyze_deals(deals, values=None)  # type: ignore[arg-type]
    with pytest.raises(DuplicateCardError):
        dl.analyze_deals(dl.Deals([[51, 47, 43, 39, 35]], [[[51, 1, 2, 3]]]))


def test_messages_quote_a_huge_row_briefly(tmp_path: Path) -> None:
    path = tmp_path / "d.csv"
    path.write_text("AhKh7c4d2s,As3sQcJd," + "5c" * 30000 + "\n")  # 60 KB field
    with pytest.raises(Omaha8Error) as info:
        dl.read_deals(path)
    assert len(str(info.value)) < 1000 and "characters" in str(info.value)
    with pytest.raises(Omaha8Error) as info:
        dl.parse_card_array(["AsKd", "Qh" + "x" * 2_000_000])
    assert len(str(info.value)) < 1000


# ---------------------------------------------------------------- command-line consistency


def test_columns_without_an_output_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["batch", "--random", "5", "--columns", "shares"])
    assert info.value.code == 2 and "give -o PATH too" in capsys.readouterr().err


def test_plurals_follow_the_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["batch", "--random", "3", "--players", "1", "--seed", "2"]) == 0
    assert "deals      3 (1 seat, 4 hole cards)" in capsys.readouterr().out


@pytest.mark.parametrize("suffix", [".csv", ".csv.gz", ".npz", ".npy"])
def test_results_with_the_cards_read_back_as_deals(tmp_path: Path, suffix: str) -> None:
    source = _deal_file(tmp_path, n=120, players=4)
    out = tmp_path / f"r{suffix}"
    assert main(["batch", str(source), "-o", str(out), "--columns", "line,cards,values,desc,shares", "-q"]) == 0
    original, again = dl.read_deals(source), dl.read_deals(out)
    assert (again.boards == original.boards).all() and (again.holes == original.holes).all()
    # and the command reads it as it reads the deal file
    assert main(["batch", str(out), "-o", str(tmp_path / "again.csv"), "--columns", "winners", "-q"]) == 0
    assert main(["batch", str(source), "-o", str(tmp_path / "first.csv"), "--columns", "winners", "-q"]) == 0
    assert (tmp_path / "again.csv").read_bytes() == (tmp_path / "first.csv").read_bytes()


def test_a_results_file_with_a_mangled_row_rejects_that_row(tmp_path: Path) -> None:
    source = _deal_file(tmp_path, n=30)
    out = tmp_path / "r.csv"
    assert main(["batch", str(source), "-o", str(out), "--columns", "line,cards,desc", "-q"]) == 0
    lines = out.read_text().splitlines()
    lines[5] = ",".join(lines[5].split(",")[:3])  # too few fields
    out.write_text("\n".join(lines) + "\n")
    deals = dl.read_deals(out, skip_bad=True)
    assert len(deals) == 29 and [r.line for r in deals.rejects] == [6]


@pytest.mark.parametrize("suffix", [".csv", ".csv.gz", ".npz", ".npy"])
def test_deals_out_writes_the_deals_drawn(tmp_path: Path, suffix: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / f"drawn{suffix}"
    assert main(["batch", "--random", "250", "--seed", "11", "--players", "5", "--cards", "5",
                 "--chunk-rows", "100", "--deals-out", str(path)]) == 0
    assert f"deals out  {path}" in capsys.readouterr().out
    boards, holes = dl.random_deals(250, players=5, cards=5, seed=11)
    drawn = dl.read_deals(path)
    assert (drawn.boards == boards).all() and (drawn.holes == holes).all()


def test_deals_out_from_a_file_keeps_the_valid_deals(tmp_path: Path) -> None:
    source = _deal_file(tmp_path, n=20)
    with open(source, "a") as f:
        f.write("AsAs,KdKd,QcQc,JhJh\n")
    assert main(["batch", str(source), "--skip-bad", "--deals-out", str(tmp_path / "clean.csv"), "-q"]) == 0
    clean = dl.read_deals(tmp_path / "clean.csv")
    assert len(clean) == 20 and (clean.holes == dl.read_deals(source, skip_bad=True).holes).all()


def test_file_and_column_arguments_are_checked(tmp_path: Path) -> None:
    for bad in (None, 5, b"deals.csv", ""):
        with pytest.raises(ArgumentTypeError, match="path must be a file name"):
            dl.iter_deals(bad)  # type: ignore[arg-type]
        with pytest.raises(ArgumentTypeError, match="path must be a file name"):
            dl.write_deals(bad, [[51, 47, 43, 39, 35]], [[[0, 1, 2, 3]]])  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="columns must be a str"):
        dl.resolve_columns(5)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="unknown column 'wins'"):
        dl.resolve_columns(["line", "wins"])
    with pytest.raises(ArgumentTypeError, match="results must be DealResults or an iterable"):
        dl.write_results(tmp_path / "r.csv", None)  # type: ignore[arg-type]
    with dl.ResultWriter(tmp_path / "r.csv", players=1, cards=4) as writer:
        with pytest.raises(ArgumentTypeError, match="results must be DealResults"):
            writer.write("rows")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="skip_bad must be True or False"):
        dl.iter_deals(tmp_path / "r.csv", skip_bad=1)  # type: ignore[arg-type]
    assert _names(tmp_path) == ["r.csv"]


def test_rejects_to_standard_output(tmp_path: Path) -> None:
    source = _deal_file(tmp_path, n=10)
    with open(source, "a") as f:
        f.write("AsAs,KdKd,QcQc,JhJh\n")
    run = subprocess.run([sys.executable, "-m", "omaha8", "batch", str(source), "--skip-bad", "--rejects", "-"],
                         capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(SRC)}, timeout=120)
    assert run.returncode == 0, run.stderr
    rows = list(csv.DictReader(io.StringIO(run.stdout)))
    assert [r["line"] for r in rows] == ["12"] and rows[0]["text"] == "AsAs,KdKd,QcQc,JhJh"
    assert "rejected              1  row written to standard output" in run.stderr  # the summary moved aside


def test_stdout_twice_or_no_named_rejects_file_is_a_usage_error(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    source = _deal_file(tmp_path, n=5)
    with pytest.raises(SystemExit) as info:
        main(["batch", str(source), "-o", "-", "--skip-bad", "--rejects", "-"])
    assert info.value.code == 2 and "is the same file as -o -" in capsys.readouterr().err
    with pytest.raises(SystemExit) as info:
        main(["batch", "-", "-o", "-", "--skip-bad"])
    assert info.value.code == 2 and "give --rejects PATH" in capsys.readouterr().err
    with pytest.raises(SystemExit) as info:
        main(["batch", str(source), "--rejects", str(tmp_path / "bad.csv")])
    assert info.value.code == 2 and "give --skip-bad too" in capsys.readouterr().err
    assert _names(tmp_path) == ["deals.csv"]


@posix_only
def test_npy_deals_stream_from_a_fifo(tmp_path: Path) -> None:
    boards, holes = dl.random_deals(300, players=2, cards=5, seed=6)
    dl.write_deals(tmp_path / "d.npy", boards, holes)
    fifo = tmp_path / "pipe.npy"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes((tmp_path / "d.npy").read_bytes()), daemon=True)
    writer.start()
    deals = dl.read_deals(fifo, chunk_rows=64)
    writer.join(60)
    assert (deals.boards == boards).all() and (deals.holes == holes).all() and deals.lines.tolist() == list(range(300))


@pytest.mark.parametrize(
    "call",
    [
        lambda: dl.random_deals(2**70),
        lambda: dl.random_deals(-1),
        lambda: dl.random_deals(1, first=2**63),
        lambda: dl.random_deals(1, seed=2**64),
        lambda: dl.random_deals(True),  # type: ignore[arg-type]
        lambda: list(dl.iter_random_deals(2**64)),
        lambda: dl.format_card_array([[1, 2]], as_bytes=1),  # type: ignore[arg-type]
        lambda: dl.parse_card_array(["AsKd"], cards=2**64),
        lambda: dl.iter_deals("d.csv", players=2**64),
    ],
)
def test_huge_and_odd_numbers_get_omaha8_errors(call: Any) -> None:
    with pytest.raises(Omaha8Error) as info:
        call()
    assert isinstance(info.value, (ValueError, TypeError)) and len(str(info.value)) < 300


def test_a_reader_that_goes_away_stops_the_command_quietly(tmp_path: Path) -> None:
    source = _deal_file(tmp_path, n=20000, players=2)
    proc = subprocess.Popen([sys.executable, "-m", "omaha8", "batch", str(source), "-o", "-", "--chunk-rows", "100"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(SRC)})
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.read(100)  # like | head
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(120) == 141 and b"Traceback" not in err and b"error" not in err
    assert _names(tmp_path) == ["deals.csv"]


@pytest.mark.parametrize("seed", range(6))
def test_chunking_blank_lines_crlf_and_a_bom_never_change_what_is_read(tmp_path: Path, seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 300))
    boards, holes = dl.random_deals(n, players=int(rng.integers(1, 5)), cards=int(rng.choice([4, 5])), seed=seed)
    text_boards = dl.format_card_array(boards).tolist()
    text_holes = dl.format_card_array(holes).tolist()
    end = "\r\n" if seed % 2 else "\n"
    out, numbers = [], []
    if seed % 3 == 0:
        out.append("board," + ",".join(f"seat{p}" for p in range(holes.shape[1])))
    for board, seats in zip(text_boards, text_holes):
        while rng.random() < 0.2:
            out.append("")  # blank lines are skipped but counted
        out.append(",".join([board, *seats]))
        numbers.append(len(out))
    data = end.join(out) + (end if rng.random() < 0.5 else "")  # the last line may lack its end
    path = tmp_path / "d.csv"
    path.write_bytes((b"\xef\xbb\xbf" if seed % 2 == 0 else b"") + data.encode())
    for chunk_rows in (1, 2, 3, 7, 64, 65536):
        deals = dl.read_deals(path, chunk_rows=chunk_rows)
        assert (deals.boards == boards).all() and (deals.holes == holes).all(), chunk_rows
        assert deals.lines is not None and deals.lines.tolist() == numbers, chunk_rows
