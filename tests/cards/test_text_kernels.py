"""The line-end finder of the deal-file reader (omaha8.cards._parse_text.find_line_ends) against a plain scan."""

from __future__ import annotations

import numpy as np
import pytest

from omaha8.cards import _parse_text


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


def _compact_lines(players: int, cards: int, count: int, seed: int) -> list[bytes]:
    """Deal lines in the common form, and copies with one character changed, added or dropped."""
    from omaha8.deals import format_card_array, random_deals

    holes, boards = random_deals(count, players=players, cards=cards, seed=seed)
    rng = np.random.default_rng(seed)
    out = []
    alphabet = b"23456789TJQKAtjqkacdhsCDHS10 ,;\"\r\txZ\xe2"
    for i in range(count):
        line = ",".join([str(format_card_array(boards[i]))] + [str(t) for t in format_card_array(holes[i])]).encode()
        out.append(line)
        at = int(rng.integers(0, len(line)))
        change = int(rng.integers(0, 4))
        if change == 0:  # another character
            out.append(line[:at] + alphabet[int(rng.integers(len(alphabet))) :][:1] + line[at + 1 :])
        elif change == 1:  # the last card is the first again
            out.append(line[:-2] + line[:2])
        elif change == 2:  # a character more
            out.append(line[:at] + alphabet[int(rng.integers(len(alphabet))) :][:1] + line[at:])
        else:  # a character less, or a CR ending
            out.append(line[:at] + line[at + 1 :] if rng.random() < 0.5 else line + b"\r")
    return out


@pytest.mark.parametrize("players,cards", [(1, 4), (2, 4), (6, 4), (11, 4), (2, 5), (9, 5)])
def test_deal_lines_as_the_slow_twin(players: int, cards: int) -> None:
    # the kernel's reading (the common form, then the general parser) against csv_dialect._parse_line
    from omaha8.errors import Omaha8Error
    from omaha8.deals._csv_dialect import _line_text, _parse_line

    lines = _compact_lines(players, cards, 400, players * 7 + cards)
    buf = np.frombuffer(b"\n".join(lines) + b"\n", dtype=np.uint8)
    sizes = np.array([len(line) for line in lines], dtype=np.int64)
    ends = np.cumsum(sizes + 1) - 1
    starts = ends - sizes
    boards = np.empty((len(lines), 5), np.uint8)
    holes = np.empty((len(lines), players, cards), np.uint8)
    status = np.empty(len(lines), np.int8)
    _parse_text.parse_deal_lines(buf, starts, ends, boards, holes, status, 2)
    accepted = 0
    for i, line in enumerate(lines):
        try:
            slow = _parse_line(_line_text(line), players, cards)
        except Omaha8Error:
            slow = None
        if status[i] == 0:  # what the kernel accepts, the slow parser reads to the same cards
            assert slow is not None and (boards[i].tolist(), holes[i].tolist()) == (slow[0], slow[1]), line
            accepted += 1
    assert accepted >= len(lines) // 2


def _slow_ids(text: str) -> tuple[int, ...] | None:
    """The slow card-text parser's ids, or None where it refuses the text."""
    from omaha8 import cards
    from omaha8.errors import CardError

    try:
        return tuple(cards._split_text(text))
    except CardError:
        return None


@pytest.mark.parametrize(("text", "ids"), [
    ("As Kd 2c 3h", (51, 45, 0, 6)),      # A = 12: 12 * 4 + 3 = 51; K = 11: 11 * 4 + 1 = 45; 2c = 0; 3h = 1 * 4 + 2 = 6
    ("ah10d", (50, 33)),                   # ah = 12 * 4 + 2; 10d = ten (8) * 4 + 1
    ("AsKs", (51, 47)),
    ("As,Kd;2c\t3h\n", (51, 45, 0, 6)),
    ("  tc ", (32,)),                      # T = 8: 8 * 4 + 0
    ("", ()),
    ("As\x00", None),                      # a NUL in a str is a character, not padding
    ("Ax", None),
    ("A s", None),
    ("10", None),
    ("As Kd \u2663", None),                 # a suit symbol without its rank
    ("A\u2663 Kd", None),                  # two-byte text: the slow parser's
    ("As\u00a0Kd", None),                  # a separator outside the fast grammar
    ("2c " * 32, tuple([0] * 32)),         # as many cards as it takes
    ("2c " * 33, None),                    # one more: the slow parser's
])
def test_card_text_against_the_slow_parser(text: str, ids: tuple[int, ...] | None) -> None:
    fast = _parse_text.card_text_ids(text)
    assert fast == ids
    if fast is not None:  # where the fast grammar reads, the slow parser reads the same
        assert fast == _slow_ids(text)
    assert type(fast) in (tuple, type(None))


def test_random_card_text_reads_as_the_slow_parser_reads_it() -> None:
    # strings of ranks, suits, separators and stray characters, in one-, two- and four-byte str
    rng = np.random.default_rng(11)
    alphabet = list("23456789TJQKAtjqkacdhsCDHS10 ,;\t\n\r\x0b\x0cxZ\x00\x1c\u00e9\u00a0\u2663\u2660") + ["\U0001f0a1"]
    read = 0
    for trial in range(20_000):
        n = int(rng.integers(0, 20))
        text = "".join(alphabet[i] for i in rng.integers(0, len(alphabet), n))
        fast = _parse_text.card_text_ids(text)
        slow = _slow_ids(text)
        assert fast is None or fast == slow, (trial, text, fast, slow)
        read += fast is not None
    # and the usual forms: every card, in random hands, with and without separators
    from omaha8.cards import format_card

    for trial in range(5_000):
        ids = tuple(int(c) for c in rng.permutation(52)[: int(rng.integers(1, 10))])
        for sep in (" ", "", ",", ", "):
            text = sep.join(format_card(c) for c in ids)
            assert _parse_text.card_text_ids(text) == ids == _slow_ids(text)
    assert read > 1_000  # the random strings did reach the fast grammar's texts


def _field_spans_twin(line: bytes, first: int, last: int, n_fields: int) -> tuple[int, int, int]:
    """Fields first..last of a CSV line as (start, end, fits), by walking it: quotes hide commas."""
    commas, quoted = [], False
    for pos, byte in enumerate(line):
        if byte == 34:
            quoted = not quoted
        elif byte == 44 and not quoted:
            commas.append(pos)
    if quoted or len(commas) != n_fields - 1:
        return 0, 0, 0
    bounds = [-1, *commas, len(line)]
    return bounds[first] + 1, bounds[last + 1], 1


@pytest.mark.parametrize("threads", [1, 2, 4])
def test_field_spans_as_the_slow_twin_on_many_threads(threads: int) -> None:
    # lines of different widths side by side: a span worked out by one thread must not land on another's
    # line (the offsets were once shared between the threads)
    rng = np.random.default_rng(threads)
    pieces = [b"7", b"12345", b'"Two pair, aces and kings"', b"AhKh7c4d2s", b"", b'"x"', b"0.333333"]
    lines = []
    for _ in range(20_000):
        n = 6 if rng.random() < 0.95 else int(rng.integers(1, 9))
        lines.append(b",".join(pieces[int(i)] for i in rng.integers(0, len(pieces), n)))
    buf = np.frombuffer(b"\n".join(lines) + b"\n", dtype=np.uint8)
    sizes = np.array([len(line) for line in lines], dtype=np.int64)
    ends = np.cumsum(sizes + 1) - 1
    starts = ends - sizes
    span_starts, span_ends = np.empty(len(lines), np.int64), np.empty(len(lines), np.int64)
    fits = np.empty(len(lines), np.uint8)
    for _ in range(3):
        _parse_text.field_spans(buf, starts, ends, 1, 3, 6, span_starts, span_ends, fits, threads)
        for i, line in enumerate(lines):
            a, b, ok = _field_spans_twin(line, 1, 3, 6)
            assert fits[i] == ok, (i, line)
            if ok:
                assert (span_starts[i] - starts[i], span_ends[i] - starts[i]) == (a, b), (i, line)
