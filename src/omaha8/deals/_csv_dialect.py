"""The CSV dialect of deal files: its rules, and the slow, obviously-correct parser of one line.

Deals, CSV (``.csv``, or ``.csv.gz``)
    One deal a line: the board, then one field per seat::

        board,seat0,seat1,seat2
        AhKh7c4d2s,As3sQcJd,5c5d8h9h,TcTd6s6h

    Each field is cards in the grammar of :func:`omaha8.parse_cards`
    (``AsKd``, ``As Kd``, ``as kd``, ``10s``). Fields are separated by
    commas; a field may be enclosed in double quotes (then it may hold
    commas), and its closing quote must end it. The first line is a header
    when its first field is ``board`` (any case). Every row has the same
    number of seats and every seat the same number of cards (4 or 5).
    ``players=``/``cards=`` set them; else the header sets the seats, and
    what is still open is the layout most rows have among the first rows of
    the first chunk (up to :data:`LAYOUT_SAMPLE` rows whose seats all hold
    the same number of cards), so a malformed first row is one bad row like
    any other. Blank lines are skipped; ``\\r\\n`` line ends and a UTF-8
    byte-order mark at the start (Excel's CSV) are accepted; a line may have
    at most :data:`MAX_LINE_BYTES` bytes (a longer one is a bad row). Rows are numbered by their line in
    the file, counting from 1. ``-`` reads standard input (CSV, gzip
    detected); pipes and FIFOs are read without seeking.
    A result file whose columns include ``board`` and ``seat0..`` reads as a
    deal file: its other columns are skipped.

Where the dialect lives: these rules; :func:`_parse_line` here, the slow
twin that reads any line the grammar allows and says why a line is not a
deal; the fast parser ``parse_deal_lines`` and ``find_line_ends`` in
``_parse_text.pyx``, which reads the common lines and hands every other line to
the slow twin (tests compare the two); the reader that drives them,
:class:`omaha8.deals._readers.DealReader`; and the writer of deal and result
lines, ``format_result_rows`` in ``_format_text.pyx`` with the header from
:mod:`omaha8.deals._result_columns`.

Examples
--------
>>> _split_fields('AhKh7c4d2s,"As 3s, Qc Jd",5c5d8h9h')
['AhKh7c4d2s', 'As 3s, Qc Jd', '5c5d8h9h']
>>> _parse_line("AhKh7c4d2s,As3sQcJd,5c5d8h9h", None, None)  # id = 4 (rank - 2) + suit, c d h s = 0 1 2 3
([50, 46, 20, 9, 3], [[51, 7, 40, 37], [12, 13, 26, 30]])
>>> _parse_line("AhKh7c4d2s,As3sQcJd,As5d8h9h", None, None)
Traceback (most recent call last):
...
omaha8.errors.DuplicateCardError: card 'As' appears twice: seat0 and seat1
"""

from __future__ import annotations

import re

from .._support._args import brief
from .._support._text import noun
from ..cards import N_CARDS, first_repeat, format_card, parse_cards
from ..errors import CardError, DuplicateCardError, Omaha8Error, ShapeError

__all__ = ["MAX_LINE_BYTES", "LAYOUT_SAMPLE"]

_LINE_BLANK = 1

#: Longest line a CSV deal file may have, in bytes, line end excluded. A deal
#: line is under 200 bytes; a longer one is one bad row, read to its end
#: without being buffered, its text cut to its first MAX_LINE_BYTES bytes.
MAX_LINE_BYTES = 1 << 16
#: Rows whose layout (seats, cards per seat) is counted to decide a CSV file's layout.
LAYOUT_SAMPLE = 1000
_BOM = b"\xef\xbb\xbf"


def _split_fields(text: str) -> list[str]:
    """The fields of one CSV line, by the rules in this module's docstring."""
    fields = []
    pos, n = 0, len(text)
    while True:
        if pos < n and text[pos] == '"':
            end = text.find('"', pos + 1)
            if end < 0:
                raise CardError("a quoted field has no closing quote")
            fields.append(text[pos + 1 : end])
            pos = end + 1
            if pos < n and text[pos] != ",":
                raise CardError("a closing quote must end its field")
        else:
            end = text.find(",", pos)
            end = n if end < 0 else end
            if '"' in text[pos:end]:
                raise CardError(f"a quote inside the unquoted field {brief(text[pos:end])}")
            fields.append(text[pos:end])
            pos = end
        if pos >= n:
            return fields
        pos += 1


def _line_text(raw: bytes) -> str:
    text = raw.decode("utf-8", errors="replace")
    return text[:-1] if text.endswith("\r") else text


def _field_label(i: int) -> str:
    return "board" if i == 0 else f"seat{i - 1}"


def _parse_line(text: str, n_seats: int | None, k: int | None) -> tuple[list[int], list[list[int]]] | None:
    """Board and holes of one CSV line, None for a blank one; raises why it is not a deal."""
    if not text.strip():
        return None
    fields = _split_fields(text)
    if n_seats is not None and len(fields) != n_seats + 1:
        raise ShapeError(f"{len(fields)} {noun(len(fields), 'field')}, but a deal here has {n_seats + 1}: the board "
                         f"and {n_seats} {noun(n_seats, 'seat')}")
    if len(fields) < 2:
        raise ShapeError("a deal needs a board and at least one seat")
    hands = []
    for i, text_i in enumerate(fields):
        try:
            ids = parse_cards(text_i).tolist()
        except CardError as exc:
            raise CardError(f"{_field_label(i)}: {exc}") from None
        want = 5 if i == 0 else (k if k is not None else (len(ids) if len(ids) in (4, 5) else 4))
        if len(ids) != want:
            raise ShapeError(f"{_field_label(i)} has {len(ids)} {noun(len(ids), 'card')}, not {want}: "
                             f"{brief(text_i.strip())}")
        hands.append(ids)
    repeat = first_repeat([(_field_label(i), ids) for i, ids in enumerate(hands)], indexed=False)
    if repeat is not None:
        card, first, second = repeat
        raise DuplicateCardError(f"card {format_card(card)!r} appears twice: {first} and {second}")
    if 5 + (len(hands) - 1) * len(hands[1]) > N_CARDS:
        raise ShapeError(f"{len(hands) - 1} seats of {len(hands[1])} cards need more than {N_CARDS} cards")
    return hands[0], hands[1:]


_SEAT_NAME = re.compile(r"seat(\d+)")


def _header_fields(text: str) -> list[str] | None:
    """The column names of a header line, or None when ``text`` is not one.

    A header names a ``board`` column: first (a deal file), or after ``line``
    or ``deal`` (a result file, whose other columns are skipped).
    """
    try:
        fields = [f.strip().lower() for f in _split_fields(text)]
    except CardError:
        return None
    if fields[0] == "board" or (fields[0] in ("line", "deal") and "board" in fields):
        return fields
    return None


def _is_header(text: str) -> bool:
    return _header_fields(text) is not None


def _projection(fields: list[str]) -> list[int] | None:
    """Columns to keep of a header with columns other than the board and the seats, or None.

    ``board,seat0,seat1`` (or ``board,alice,bob``) is a plain deal file; a
    result file (``line,board,seat0,seat1,high0,...``) keeps ``board`` and
    ``seat0..``.
    """
    seats = {int(m.group(1)): i for i, f in enumerate(fields) if (m := _SEAT_NAME.fullmatch(f))}
    if fields[0] == "board" and not (seats and len(seats) < len(fields) - 1):
        return None
    if not seats or sorted(seats) != list(range(len(seats))):
        return None
    return [fields.index("board"), *(seats[p] for p in range(len(seats)))]


def _located(exc: Omaha8Error, source: str, line: int, text: str) -> Omaha8Error:
    """The same kind of error, with the file, line and row text in front."""
    return type(exc)(f"{source}, line {line}: {exc}; the row: {brief(text)}")


def _quoted(text: str) -> str:
    return f'"{text}"' if "," in text else text
