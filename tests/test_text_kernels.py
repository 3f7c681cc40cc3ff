"""The line-end finder of the deal-file reader (omaha8._parse_text.find_line_ends) against a plain scan."""

from __future__ import annotations

import numpy as np
import pytest

from omaha8 import _parse_text


def _plain(buf: bytes, start: int, most: int) -> list[int]:
    return [i for i in range(start, len(buf)) if buf[i] == 10][:most]


def _fast(buf: bytes, start: int, most: int) -> list[int]:
    ends = np.full(most, -7, dtype=np.int64)
    found = _parse_text.find_line_ends(np.frombuffer(buf, dtype=np.uint8), start, ends)
    assert (ends[found:] == -7).all()  # nothing written past what was found
    return ends[:found].tolist()


def test_random_buffers() -> None:
    rng = np.random.default_rng(4)
    for trial in range(600):
        n = int(rng.integers(0, 200))
        density = rng.choice([0.0, 0.02, 0.2, 0.9, 1.0])
        raw = rng.integers(0, 256, n, dtype=np.uint8)
        raw[rng.random(n) < density] = 10
        buf = raw.tobytes()
        start = int(rng.integers(0, n + 2))
        most = int(rng.integers(1, 40))
        assert _fast(buf, start, most) == _plain(buf, start, most), (trial, buf, start, most)


@pytest.mark.parametrize("size", [1, 15, 16, 17, 31, 32, 33, 48, 100])
def test_newlines_at_block_edges(size: int) -> None:
    # newlines at the first and last byte, and on each side of every 16-byte block edge
    for at in {0, size - 1, 15, 16, 31, 32} & set(range(size)):
        buf = bytearray(b"x" * size)
        buf[at] = 10
        for start in (0, at, at + 1):
            assert _fast(bytes(buf), start, 5) == _plain(bytes(buf), start, 5)
    every = b"\n" * size
    assert _fast(every, 0, 7) == list(range(min(7, size)))  # the first 7 of them, then stop


def test_a_negative_start_is_refused() -> None:
    with pytest.raises(ValueError):
        _parse_text.find_line_ends(np.frombuffer(b"a\nb", dtype=np.uint8), -1, np.empty(2, np.int64))
