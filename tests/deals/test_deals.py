"""Card-string columns, deal files and result files.

The fast paths (Cython kernels) are checked against slow twins: parse_cards
for card strings, a per-line Python parse for CSV rows, evaluate_batch plus
numpy for winners and shares. Hand-checked deals carry their reasoning.
"""

from __future__ import annotations

import csv
import gzip
import io
import itertools
import tracemalloc
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import omaha8
from omaha8 import deals as dl
from omaha8.cards import RANKS, SUITS, format_cards, parse_cards
from omaha8.errors import CardError, CardTypeError, DuplicateCardError, ShapeError
from omaha8.core._values import describe_high, describe_low

ALL_CARDS = [r + s for r in RANKS for s in SUITS]


# ---------------------------------------------------------------- parse_card_array / format_card_array


def test_all_52_cards_round_trip() -> None:
    ids = dl.parse_card_array(ALL_CARDS)
    assert ids.shape == (52, 1) and ids.dtype == np.uint8
    assert ids[:, 0].tolist() == list(range(52))  # id = rank * 4 + suit, listed in that order
    assert dl.format_card_array(ids).tolist() == ALL_CARDS
    # every spelling the grammar allows gives the same ids
    lower = [c.lower() for c in ALL_CARDS]
    upper_suit = [c[0] + c[1].upper() for c in ALL_CARDS]
    ten = [c.replace("T", "10") for c in ALL_CARDS]
    for spelling in (lower, upper_suit, ten):
        assert dl.parse_card_array(spelling)[:, 0].tolist() == list(range(52))


def test_whole_deck_in_one_string() -> None:
    text = "".join(ALL_CARDS)
    assert dl.parse_card_array([text, " ".join(ALL_CARDS)]).tolist() == [list(range(52))] * 2
    assert dl.format_card_array(np.arange(52)[None, :]).tolist() == [text]


def test_hand_checked_examples() -> None:
    # As = 12*4+3 = 51, Kd = 11*4+1 = 45, 2c = 0, 3h = 1*4+2 = 6, Td = 8*4+1 = 33
    got = dl.parse_card_array(["AsKd2c3h", "as kd,2c;3h", "  10d Td  tD 10D "])
    assert got.tolist() == [[51, 45, 0, 6], [51, 45, 0, 6], [33, 33, 33, 33]]
    assert dl.format_card_array([[51, 45, 0, 6]], sep=" ").tolist() == ["As Kd 2c 3h"]
    assert dl.format_card_array([[51, 45, 0, 6]], sep=", ").dtype == np.dtype("<U14")


def test_suit_symbols_take_the_slow_path() -> None:
    # ♠ = spades (3), ♥ = hearts (2): A♠ = 51, 2♥ = 2
    assert dl.parse_card_array(["A♠2♥", "As 2h"]).tolist() == [[51, 2], [51, 2]]
    assert dl.parse_card_array(np.array(["A♠2♥".encode()])).tolist() == [[51, 2]]


def test_shapes_dtypes_and_cards_argument() -> None:
    grid = np.array([["AsKd", "2c3h"], ["4d5d", "6s7s"]])
    assert dl.parse_card_array(grid).shape == (2, 2, 2)
    assert dl.parse_card_array("AsKd").tolist() == [51, 45]
    assert dl.parse_card_array(np.array([b"AsKd", b"2c3h"])).tolist() == [[51, 45], [0, 6]]
    assert dl.parse_card_array(np.array(["AsKd"], dtype=object)).tolist() == [[51, 45]]
    assert dl.parse_card_array([], cards=4).shape == (0, 4)
    assert dl.parse_card_array(["AsKd"], cards=2).shape == (1, 2)
    assert dl.format_card_array(np.zeros((3, 0), np.uint8)).tolist() == ["", "", ""]
    assert dl.format_card_array([[51, 45]], as_bytes=True).tolist() == [b"AsKd"]
    assert dl.format_card_array(np.array([[[0, 1]], [[2, 3]]], dtype=np.int64)).shape == (2, 1)


def test_parse_errors_name_the_row_and_text() -> None:
    with pytest.raises(CardError, match=r"^strings\[2\]: 'Kx' is not a card: suit 'x'.*\(in 'AsKx'\)$"):
        dl.parse_card_array(["2c3c", "4c5c", "AsKx"])
    with pytest.raises(ShapeError, match=r"^strings\[1\] has 3 cards but strings\[0\] has 2: 'As Kd Qh'$"):
        dl.parse_card_array(["2c3c", "As Kd Qh"])
    with pytest.raises(ShapeError, match=r"^hands\[0, 1\] has 1 card but cards=2 was asked for: 'As'$"):
        dl.parse_card_array([["2c3c", "As"]], cards=2, name="hands")
    with pytest.raises(CardTypeError, match=r"^strings\[1\] = 7 is not a card string$"):
        dl.parse_card_array(["As", 7])
    with pytest.raises(CardTypeError, match="must hold card strings, not dtype int64"):
        dl.parse_card_array(np.array([1, 2], dtype=np.int64))
    with pytest.raises(CardError, match=r"strings\[0\]"):
        dl.parse_card_array(["As\x00Kd"])  # an inner NUL is not padding


def test_format_errors_name_the_index() -> None:
    with pytest.raises(CardError, match=r"^ids\[1, 2\] = 52 is not a card id \(0-51\)$"):
        dl.format_card_array([[0, 1, 2], [3, 4, 52]])
    with pytest.raises(CardError, match=r"^ids\[0, 0\] = -1 is not a card id"):
        dl.format_card_array([[-1]])
    with pytest.raises(CardTypeError):
        dl.format_card_array([[1.5]])
    with pytest.raises(ShapeError):
        dl.format_card_array(5)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.lists(st.integers(0, 51), min_size=3, max_size=3), min_size=1, max_size=20),
    st.sampled_from(["", " ", ",", ", ", ";"]),
)
def test_format_then_parse_round_trips(rows: list[list[int]], sep: str) -> None:
    ids = np.array(rows, dtype=np.uint8)
    text = dl.format_card_array(ids, sep=sep)
    assert text.tolist() == [format_cards(row, sep=sep) for row in rows]
    assert (dl.parse_card_array(text) == ids).all()
    assert (dl.parse_card_array(dl.format_card_array(ids, sep=sep, as_bytes=True)) == ids).all()


# card text in many spellings, and text that is nearly cards
_rank_text = st.sampled_from(list(RANKS) + ["t", "j", "q", "k", "a", "10", "1", "0", "X", "B"])
_suit_text = st.sampled_from(list(SUITS) + ["C", "D", "H", "S", "♠", "♦", "x", "", "0"])
_sep_text = st.sampled_from(["", "", " ", ",", ";", "  ", "\t", "\u00a0", ", "])
_hand_text = st.lists(st.tuples(_rank_text, _suit_text, _sep_text), min_size=0, max_size=5).map(
    lambda parts: "".join(r + s + sep for r, s, sep in parts)
)


def _slow_twin(texts: list[str]) -> list[list[int]] | type[Exception]:
    """parse_cards row by row, with the same-count rule: the oracle. The first bad row decides."""
    hands: list[list[int]] = []
    for text in texts:
        try:
            hands.append(parse_cards(text).tolist())
        except CardError:
            return CardError
        if len(hands[-1]) != len(hands[0]):
            return ShapeError
    return hands


@settings(max_examples=400, deadline=None)
@given(st.lists(_hand_text, min_size=1, max_size=6))
def test_parse_agrees_with_parse_cards(texts: list[str]) -> None:
    expected = _slow_twin(texts)
    if isinstance(expected, list):
        assert dl.parse_card_array(texts).tolist() == expected
        assert dl.parse_card_array(np.array([t.encode() for t in texts])).tolist() == expected
    else:
        with pytest.raises(expected):
            dl.parse_card_array(texts)


def test_fast_parser_is_fast_enough_to_be_vectorised() -> None:
    # not a timing test: the 100k-string column parses without the per-row slow path
    boards, holes = dl.random_deals(25_000, players=4, seed=11)
    text = dl.format_card_array(holes)
    assert text.shape == (25_000, 4)
    assert (dl.parse_card_array(text) == holes).all()


# ---------------------------------------------------------------- hand-checked deals

# Board Ah 2h 7c Kd 8s. Seat 0 Kh Ks 9c 9d: trip kings (Kh Ks + Kd) and no
# card 8 or lower, so no low. Seats 1 and 2 hold 3-4 and make 7-4-3-2-A with
# A 2 7 from the board, and only a pair (jacks, queens) for high.
# So seat 0 wins the high half, seats 1 and 2 split the low half: 1/2, 1/4, 1/4.
SPLIT_DEAL = ("Ah 2h 7c Kd 8s", ["Kh Ks 9c 9d", "3c 4c Jh Jd", "3d 4d Qc Qh"])
# Board Ah 2d 3c 9s Ks. Seat 0 4h 5h Qc Qd: 4 5 + A 2 3 is the wheel, a
# straight (beats seat 1's trip kings) and the best low; seat 1 Kc Kd Jh Jd
# has no low card. Seat 0 scoops.
SCOOP_DEAL = ("Ah 2d 3c 9s Ks", ["4h 5h Qc Qd", "Kc Kd Jh Jd"])
# Board Ks Qd Jc 9h 9s has no card 8 or lower: nobody has a low. Seat 0
# As Td makes the ace-high straight; seat 1 9c 9d 2c 3c quads nines.
NO_LOW_DEAL = ("Ks Qd Jc 9h 9s", ["As Td 4c 5c", "9c 9d 2c 3c"])


def _deals(*deals: tuple[str, list[str]]) -> dl.Deals:
    boards = dl.parse_card_array([b for b, _ in deals])
    holes = dl.parse_card_array([h for _, h in deals])
    return dl.Deals(boards, holes)


def test_analyze_hand_checked_deals() -> None:
    r = dl.analyze_deals(_deals(SPLIT_DEAL))
    assert r.high_winners.tolist() == [0b001] and r.low_winners.tolist() == [0b110]
    assert r.shares.tolist() == [[0.5, 0.25, 0.25]]
    assert describe_high(int(r.high[0, 0])) == "Three of a kind, kings"
    assert [describe_low(int(v)) for v in r.low[0]] == ["No low", "7-4-3-2-A low", "7-4-3-2-A low"]
    assert r.scoops.tolist() == [False] and r.no_low.tolist() == [False]

    r = dl.analyze_deals(_deals(SCOOP_DEAL))
    assert r.high_winners.tolist() == [1] and r.low_winners.tolist() == [1]
    assert r.shares.tolist() == [[1.0, 0.0]] and r.scoops.tolist() == [True]
    assert describe_high(int(r.high[0, 0])) == "Straight, five high"

    r = dl.analyze_deals(_deals(NO_LOW_DEAL))
    assert r.low_winners.tolist() == [0] and r.no_low.tolist() == [True]
    assert r.high_winners.tolist() == [0b10] and r.shares.tolist() == [[0.0, 1.0]]
    assert describe_high(int(r.high[0, 1])) == "Four of a kind, nines"


def _winners_oracle(boards: np.ndarray, holes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Winners and shares from evaluate_batch values and numpy: the slow twin of analyze_deals."""
    n, p, k = holes.shape
    high, low = omaha8.evaluate_batch(holes.reshape(n * p, k), np.repeat(boards, p, axis=0))
    high, low = high.reshape(n, p).astype(int), low.reshape(n, p).astype(int)
    hw = high == high.max(axis=1, keepdims=True)
    lw = (low == low.max(axis=1, keepdims=True)) & (low > 0)
    has_low = lw.any(axis=1, keepdims=True)
    shares = np.where(has_low, 0.5, 1.0) * hw / hw.sum(axis=1, keepdims=True)
    shares = shares + np.where(has_low, 0.5 * lw / np.maximum(lw.sum(axis=1, keepdims=True), 1), 0.0)
    bits = 1 << np.arange(p)
    return (hw * bits).sum(axis=1), (lw * bits).sum(axis=1), shares


@pytest.mark.parametrize("players,cards", [(2, 4), (6, 4), (9, 5), (11, 4)])
def test_analyze_agrees_with_oracle(players: int, cards: int) -> None:
    boards, holes = dl.random_deals(3000, players=players, cards=cards, seed=players * 10 + cards)
    r = dl.analyze_deals(dl.Deals(boards, holes))
    hw, lw, shares = _winners_oracle(boards, holes)
    assert (r.high_winners == hw).all() and (r.low_winners == lw).all()
    assert np.allclose(r.shares, shares, atol=1e-12)
    assert np.allclose(r.shares.sum(axis=1), 1.0)
    assert (r.scoops == (r.shares == 1.0).any(axis=1)).all()


# ---------------------------------------------------------------- random deals


def test_random_deals_are_distinct_cards_and_reproducible() -> None:
    boards, holes = dl.random_deals(20_000, players=9, cards=5, seed=42)
    cards = np.concatenate([boards, holes.reshape(len(boards), -1)], axis=1)
    assert cards.max() < 52
    assert (np.sort(cards, axis=1)[:, 1:] != np.sort(cards, axis=1)[:, :-1]).all()
    again = dl.random_deals(20_000, players=9, cards=5, seed=42, n_threads=1)
    assert (again[0] == boards).all() and (again[1] == holes).all()
    other = dl.random_deals(20_000, players=9, cards=5, seed=43)
    assert (other[0] != boards).any()


def test_random_deals_do_not_depend_on_chunks() -> None:
    whole = dl.random_deals(1000, players=3, seed=7)
    parts = list(dl.iter_random_deals(1000, players=3, seed=7, chunk_rows=333))
    assert [len(p) for p in parts] == [333, 333, 333, 1]
    assert [p.first for p in parts] == [0, 333, 666, 999]
    assert (np.concatenate([p.holes for p in parts]) == whole[1]).all()
    tail = dl.random_deals(10, players=3, seed=7, first=990)
    assert (tail[0] == whole[0][990:]).all()


def test_random_deals_are_uniform() -> None:
    # each card lands in board slot 0 with probability 1/52; counts over n deals have
    # sd sqrt(n p (1-p)); allow 5 sd for each of the 52 cards
    n = 52_000
    boards, holes = dl.random_deals(n, players=6, seed=2024)
    for column in (boards[:, 0], holes[:, 5, 3]):
        counts = np.bincount(column, minlength=52)
        sd = np.sqrt(n / 52 * (1 - 1 / 52))
        assert np.abs(counts - n / 52).max() < 5 * sd


def test_random_deal_errors() -> None:
    with pytest.raises(ShapeError, match="need 55 cards"):
        dl.random_deals(1, players=10, cards=5)
    with pytest.raises(ShapeError, match="players must be 1..16"):
        dl.random_deals(1, players=17)
    with pytest.raises(ValueError, match="seed must be at least 0"):
        dl.random_deals(1, seed=-1)


# ---------------------------------------------------------------- CSV deal files

HEADER = "board,seat0,seat1\n"
GOOD = ["AhKh7c4d2s,As3sQcJd,5c5d8h9h", "2c3c4c5c6c,AdKdQdJd,7h8h9hTh"]


def _write(path: Path, text: str) -> Path:
    path.write_bytes(text.encode("utf-8"))
    return path


def _expected(lines: list[str]) -> tuple[np.ndarray, np.ndarray]:
    fields = [line.split(",") for line in lines]
    boards = np.array([parse_cards(f[0]) for f in fields])
    holes = np.array([[parse_cards(x) for x in f[1:]] for f in fields])
    return boards, holes


@pytest.mark.parametrize("header", [True, False])
@pytest.mark.parametrize("newline", ["\n", "\r\n"])
@pytest.mark.parametrize("final_newline", [True, False])
def test_csv_header_line_endings(tmp_path: Path, header: bool, newline: str, final_newline: bool) -> None:
    text = (HEADER.replace("\n", newline) if header else "") + newline.join(GOOD) + (newline if final_newline else "")
    deals = dl.read_deals(_write(tmp_path / "d.csv", text))
    boards, holes = _expected(GOOD)
    assert (deals.boards == boards).all() and (deals.holes == holes).all()
    assert deals.lines.tolist() == ([2, 3] if header else [1, 2])
    assert deals.rejects == ()


def test_csv_spellings_quotes_blank_lines_and_five_cards(tmp_path: Path) -> None:
    text = (
        "Board , Seat0,seat1\n"
        "\n"
        "ah kh 7c 4d 2s, as 3s qc jd 10c ,\"5c,5d,8h,9h,6d\"\n"
        "   \n"
        "AhKh7c4d2s,\"As 3s Qc Jd Td\",5c5d8h9h6c\n"
    )
    deals = dl.read_deals(_write(tmp_path / "d.csv", text))
    assert deals.holes.shape == (2, 2, 5)
    assert deals.lines.tolist() == [3, 5]
    assert format_cards(deals.holes[0, 0]) == "As 3s Qc Jd Tc"
    assert format_cards(deals.holes[0, 1]) == "5c 5d 8h 9h 6d"


def test_csv_gzip_and_explicit_layout(tmp_path: Path) -> None:
    path = tmp_path / "d.csv.gz"
    with gzip.open(path, "wt") as f:
        f.write("\n".join(GOOD) + "\n")
    deals = dl.read_deals(path, players=2, cards=4, header=False)
    assert (deals.holes == _expected(GOOD)[1]).all()
    with pytest.raises(ShapeError, match="line 1: 3 fields, but a deal here has 4"):
        dl.read_deals(path, players=3)
    with pytest.raises(CardError, match="header=True"):
        dl.read_deals(path, header=True)


BAD_ROWS = [
    ("AhKh7c4d2s,As3sQcJx,5c5d8h9h", CardError, "seat0: 'Jx' is not a card"),
    ("AhKh7c4d2s,As3sQcJd,As5d8h9h", DuplicateCardError, "card 'As' appears twice: seat0 and seat1"),
    ("AhKh7c4d2s,As3sQcJd,Ah5d8h9h", DuplicateCardError, "card 'Ah' appears twice: board and seat1"),
    ("AhKh7c4d2s,As3sQcJd", ShapeError, "2 fields, but a deal here has 3"),
    ("AhKh7c4d2s,As3sQcJd,5c5d8h9h,6c6d", ShapeError, "4 fields, but a deal here has 3"),
    ("AhKh7c4d,As3sQcJd,5c5d8h9h", ShapeError, "board has 4 cards, not 5"),
    ("AhKh7c4d2s,As3sQc,5c5d8h9h", ShapeError, "seat0 has 3 cards, not 4"),
    ("AhKh7c4d2s,As3sQcJd,\"5c5d8h9h", CardError, "no closing quote"),
    ("AhKh7c4d2s,As3sQcJd,5c\"5d8h9h", CardError, "a quote inside"),
]


@pytest.mark.parametrize("row,error,message", BAD_ROWS)
def test_bad_row_stops_with_line_and_text(tmp_path: Path, row: str, error: type, message: str) -> None:
    path = _write(tmp_path / "d.csv", HEADER + GOOD[0] + "\n" + row + "\n" + GOOD[1] + "\n")
    with pytest.raises(error) as info:
        dl.read_deals(path)
    text = str(info.value)
    assert text.startswith(f"{path}, line 3: ")
    assert message in text
    assert text.endswith(f"; the row: {row!r}")


@pytest.mark.parametrize("row,error,message", BAD_ROWS)
def test_skip_bad_keeps_every_row_accounted_for(tmp_path: Path, row: str, error: type, message: str) -> None:
    path = _write(tmp_path / "d.csv", HEADER + GOOD[0] + "\n" + row + "\n\n" + GOOD[1] + "\n")
    deals = dl.read_deals(path, skip_bad=True)
    assert deals.lines.tolist() == [2, 5]
    assert (deals.holes == _expected(GOOD)[1]).all()
    (reject,) = deals.rejects
    assert reject.line == 3 and reject.text == row and message in reject.error


def test_first_row_bad_with_skip_bad(tmp_path: Path) -> None:
    path = _write(tmp_path / "d.csv", "AhKh7c4d2s,As3sQcJx,5c5d8h9h\n" + "\n".join(GOOD) + "\n")
    deals = dl.read_deals(path, skip_bad=True)
    assert deals.lines.tolist() == [2, 3] and [r.line for r in deals.rejects] == [1]


def _fast_and_slow(tmp_path: Path, lines: list[str]) -> None:
    """The kernel's reading of each line equals the slow per-line parse (or both reject)."""
    path = _write(tmp_path / "twin.csv", "\n".join(lines) + "\n")
    deals = dl.read_deals(path, players=2, cards=4, header=False, skip_bad=True)
    got = {int(line): (b.tolist(), h.tolist()) for line, b, h in zip(deals.lines, deals.boards, deals.holes)}
    rejected = {r.line for r in deals.rejects}
    for number, line in enumerate(lines, start=1):
        try:
            parsed = dl._parse_line(line[:-1] if line.endswith("\r") else line, 2, 4)
        except omaha8.Omaha8Error:
            assert number in rejected, line
            continue
        if parsed is None:
            assert number not in got and number not in rejected
        else:
            assert got[number] == (parsed[0], parsed[1]), line


_card_pool = st.permutations(ALL_CARDS).map(lambda cards: cards[:13])
_field_sep = st.sampled_from(["", " ", "  ", ";", "\t"])


@st.composite
def _csv_line(draw: st.DrawFn) -> str:
    cards = draw(_card_pool)
    n_board = draw(st.sampled_from([5, 5, 5, 4]))
    sizes = [n_board, draw(st.sampled_from([4, 4, 3])), 4]
    if draw(st.booleans()):
        cards[5] = cards[draw(st.integers(0, 4))]  # a duplicate
    fields, pos = [], 0
    for size in sizes:
        parts = [draw(st.sampled_from([c, c.lower(), c.replace("T", "10")])) for c in cards[pos : pos + size]]
        pos += size
        text = draw(_field_sep).join(parts)
        style = draw(st.sampled_from(["plain", "plain", "quoted", "padded", "junk"]))
        if style == "quoted":
            text = '"' + text.replace(" ", ",") + '"'
        elif style == "padded":
            text = " " + text + " "
        elif style == "junk":
            text = text + draw(st.sampled_from(["x", "\u00a0", "♠", '"', "1"]))
        fields.append(text)
    line = ",".join(fields)
    return line + draw(st.sampled_from(["", "", "\r"]))


@settings(max_examples=150, deadline=None)
@given(st.lists(_csv_line(), min_size=1, max_size=20))
def test_csv_fast_path_agrees_with_slow_twin(tmp_path_factory: pytest.TempPathFactory, lines: list[str]) -> None:
    _fast_and_slow(tmp_path_factory.mktemp("twin"), lines)


@pytest.mark.parametrize("chunk_rows", [1, 7, 64, 1000, 100_000])
def test_chunk_boundaries_do_not_change_results(tmp_path: Path, chunk_rows: int) -> None:
    boards, holes = dl.random_deals(1500, players=3, seed=5)
    path = tmp_path / "d.csv"
    dl.write_deals(path, boards, holes)
    chunks = list(dl.iter_deals(path, chunk_rows=chunk_rows))
    assert all(len(c) <= chunk_rows for c in chunks)
    assert len(chunks) == -(-1501 // chunk_rows) - (1 if chunk_rows == 1 else 0)  # the header line yields nothing
    assert [c.first for c in chunks] == list(np.cumsum([0] + [len(c) for c in chunks[:-1]]))
    whole = dl._concat(chunks, 3, 4)
    assert (whole.boards == boards).all() and (whole.holes == holes).all()
    assert whole.lines.tolist() == list(range(2, 1502))


def test_streaming_reads_in_chunks_at_constant_memory(tmp_path: Path) -> None:
    boards, holes = dl.random_deals(200_000, players=6, seed=9)
    path = tmp_path / "big.csv"
    dl.write_deals(path, boards, holes)
    size = path.stat().st_size  # about 13 MB
    del boards, holes
    reader = dl.iter_deals(path, chunk_rows=2000)
    first = next(reader)
    assert len(first) == 1999  # the header takes a line of the first chunk
    assert reader.fraction_done < 0.2  # only the start of the file has been read
    tracemalloc.start()
    count = 1 + sum(1 for _ in reader)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert count == 101 and reader.deals_read == 200_000  # 200,001 lines in chunks of 2000 lines and reader.fraction_done == 1.0
    assert peak < size / 4  # never near the whole file at once


# ---------------------------------------------------------------- array deal files


@pytest.mark.parametrize("suffix", [".npz", ".npy", ".csv"])
def test_array_files_round_trip(tmp_path: Path, suffix: str) -> None:
    boards, holes = dl.random_deals(2500, players=4, cards=5, seed=3)
    path = tmp_path / f"d{suffix}"
    dl.write_deals(path, boards, holes)
    chunks = list(dl.iter_deals(path, chunk_rows=1000))
    assert len(chunks) == 3
    whole = dl._concat(chunks, 4, 5)
    assert (whole.boards == boards).all() and (whole.holes == holes).all()
    first_line = 2 if suffix == ".csv" else 0
    assert whole.lines.tolist() == list(range(first_line, first_line + 2500))


def test_npz_bad_rows(tmp_path: Path) -> None:
    boards, holes = dl.random_deals(50, players=2, seed=4)
    holes = holes.astype(np.int64)
    holes[17, 1, 2] = boards[17, 0]
    holes[30, 0, 0] = 60
    path = tmp_path / "d.npz"
    np.savez(path, boards=boards, holes=holes)
    with pytest.raises(DuplicateCardError, match=r"d\.npz, row 17: card '..' appears twice: board and seat1"):
        dl.read_deals(path)
    deals = dl.read_deals(path, skip_bad=True, chunk_rows=20)
    assert [r.line for r in deals.rejects] == [17, 30]
    assert "seat0[0] = 60 is not a card id" in deals.rejects[1].error and "?60" in deals.rejects[1].text
    assert len(deals) == 48 and 17 not in deals.lines.tolist()
    np.savez(path, boards=boards)
    with pytest.raises(ShapeError, match="needs arrays 'boards' and 'holes'"):
        dl.read_deals(path)


# ---------------------------------------------------------------- result files


def _analyzed(n: int = 500, players: int = 3, seed: int = 8) -> dl.DealResults:
    boards, holes = dl.random_deals(n, players=players, seed=seed)
    deals = dl.Deals(boards, holes, np.arange(10, 10 + n, dtype=np.int64), 100)
    return dl.analyze_deals(deals)


def _mask_text(mask: int) -> str:
    return " ".join(str(p) for p in range(16) if mask >> p & 1)


def test_csv_results_read_back(tmp_path: Path) -> None:
    r = _analyzed()
    path = tmp_path / "r.csv"
    assert dl.write_results(path, r, columns="all") == 500
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 500
    for i, row in enumerate(rows):
        assert int(row["line"]) == 10 + i and int(row["deal"]) == 100 + i
        assert row["board"] == format_cards(r.deals.boards[i], sep="")
        for p in range(3):
            assert row[f"seat{p}"] == format_cards(r.deals.holes[i, p], sep="")
            assert int(row[f"high{p}"]) == r.high[i, p] and int(row[f"low{p}"]) == r.low[i, p]
            assert row[f"high_desc{p}"] == describe_high(int(r.high[i, p]))
            assert row[f"low_desc{p}"] == describe_low(int(r.low[i, p]))
            assert abs(float(row[f"share{p}"]) - r.shares[i, p]) < 5e-7
        assert row["high_winners"] == _mask_text(int(r.high_winners[i]))
        assert row["low_winners"] == _mask_text(int(r.low_winners[i]))


def test_csv_result_columns_and_fractions(tmp_path: Path) -> None:
    r = dl.analyze_deals(_deals(SPLIT_DEAL))
    path = tmp_path / "r.csv"
    dl.write_results(path, r, columns="winners,shares")
    assert path.read_text() == "high_winners,low_winners,share0,share1,share2\n0,1 2,0.5,0.25,0.25\n"


def test_fraction_text() -> None:
    # shares are written with at most six decimals and no trailing zeros
    deals = dl.Deals(np.zeros((4, 5), np.uint8), np.zeros((4, 3, 4), np.uint8))
    shares = np.array([[1.0, 0.0, 0.0], [1 / 3, 1 / 6, 0.5], [0.125, 0.875, 0.0], [0.1234565, 2.5, 0.0]])
    r = dl.DealResults(deals, np.zeros(4, np.uint16), np.zeros(4, np.uint16), shares=shares)
    text, pieces = dl._cardio.format_result_rows(
        np.array([dl._cardio.COLUMN_KINDS["shares"]], np.int32), 4, 3, 4, 0, shares=r.shares)
    out = b"".join(bytes(text[a:b]) for a, b in pieces).decode()
    assert out == "1,0,0\n0.333333,0.166667,0.5\n0.125,0.875,0\n0.123457,2.5,0\n"


@pytest.mark.parametrize("suffix", [".npz", ".npy"])
def test_array_results(tmp_path: Path, suffix: str) -> None:
    parts = [_analyzed(300, seed=1), _analyzed(200, seed=2)]
    path = tmp_path / f"r{suffix}"
    assert dl.write_results(path, parts, columns="line,seats,desc,winners,shares") == 500
    data = np.load(path)
    get = data.__getitem__
    if suffix == ".npz":
        assert sorted(data.files) == ["high", "high_winners", "line", "low", "low_winners", "seats", "shares"]
    else:
        assert data.dtype.names == ("line", "seats", "high", "low", "high_winners", "low_winners", "shares")
    assert (get("high") == np.concatenate([p.high for p in parts])).all()
    assert (get("seats") == np.concatenate([p.deals.holes for p in parts])).all()
    assert (get("shares") == np.concatenate([p.shares for p in parts])).all()
    assert (get("low_winners") == np.concatenate([p.low_winners for p in parts])).all()


def test_writer_leaves_no_file_when_aborted(tmp_path: Path) -> None:
    path = tmp_path / "r.csv"
    r = _analyzed(10)
    with pytest.raises(RuntimeError):
        with dl.ResultWriter(path, players=3, cards=4) as w:
            w.write(r)
            raise RuntimeError("stop")
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(ValueError, match="needs results computed with shares=True"):
        with dl.ResultWriter(path, players=3, cards=4, columns="shares") as w:
            w.write(dl.analyze_deals(r.deals, shares=False))
    assert list(tmp_path.iterdir()) == []


def test_resolve_columns() -> None:
    assert dl.resolve_columns(None) == ("line", "high", "low", "high_desc", "low_desc", "high_winners",
                                        "low_winners", "shares")
    assert dl.resolve_columns(None, lines=False)[:3] == ("deal", "board", "seats")
    assert dl.resolve_columns("all", lines=False)[0] == "deal"
    assert dl.resolve_columns("shares,cards,shares") == ("shares", "board", "seats")
    with pytest.raises(ValueError, match="'line' column needs deals read from a file"):
        dl.resolve_columns("line", lines=False)


def test_write_rejects_quotes_fields(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    rows = [dl.RejectedRow(3, 'a,"b"', "seat0: 'a' is not a card")]
    assert dl.write_rejects(path, rows) == 1
    assert dl.write_rejects(path, rows, append=True) == 1
    with open(path, newline="") as f:
        back = list(csv.reader(f))
    assert back == [["line", "error", "text"], ["3", "seat0: 'a' is not a card", 'a,"b"']] + [
        ["3", "seat0: 'a' is not a card", 'a,"b"']]
