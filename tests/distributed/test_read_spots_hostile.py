"""read_spots on hostile files and paths: omaha8's errors, with the file and line, never the csv module's."""

from __future__ import annotations

from pathlib import Path

import pytest

from omaha8.distributed import read_spots
from omaha8.errors import ArgumentTypeError, CardError, DealFileError, ShapeError


def test_paths_that_are_not_file_names() -> None:
    for bad in (None, ["spots.csv"], "a\x00b", ""):
        with pytest.raises(ArgumentTypeError, match="path must be a file name"):
            read_spots(bad)  # type: ignore[arg-type]


def test_binary_and_oversized_files(tmp_path: Path) -> None:
    (tmp_path / "bin.csv").write_bytes(b"\xff\xfe\x00\x01" * 10)
    with pytest.raises(DealFileError, match="bin.csv: not UTF-8 text"):
        read_spots(tmp_path / "bin.csv")
    # one field past the csv module's limit of 131,072 characters: a line that is not CSV, not csv.Error
    (tmp_path / "big.csv").write_text(",,AsAd2c3d,KsKdQhJh\n,," + "A" * 200_000 + ",KsKdQhJh\n")
    with pytest.raises(ShapeError, match=r"big.csv, line 2: not a line of CSV"):
        read_spots(tmp_path / "big.csv")
    (tmp_path / "nul.csv").write_bytes(b"board,dead,h1,h2\n,,AsAd2c3d,KsKdQhJh\nab\x00c,,AsAd2c3d,KsKdQhJh\n")
    with pytest.raises(CardError, match=r"nul.csv, line 3: board: 'ab' is not a card"):
        read_spots(tmp_path / "nul.csv")


def test_a_good_file_still_reads(tmp_path: Path) -> None:
    (tmp_path / "s.csv").write_text("board,dead,hand1,hand2\n,,As Ad 2c 3d,Ks Kd Qh Jh\n\nAc Kc 4h,7d,AsAd2c3d,KsKdQhJh\n")
    spots = read_spots(tmp_path / "s.csv")
    assert [s.board for s in spots] == [(), (48, 44, 10)]
    (tmp_path / "s.csv").write_text("board,dead,hand1\n,,As Ad 2c 3d\n")
    with pytest.raises(ShapeError, match="line 2: a spot line is board,dead,hand1,hand2.*got 1 hand$"):
        read_spots(tmp_path / "s.csv")
