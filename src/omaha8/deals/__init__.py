"""Deals in bulk: card-string columns, deal files and result files.

The names of :mod:`omaha8.deals` (card columns, containers, readers, writers),
:mod:`omaha8.deals._dealing` (random deals) and :mod:`omaha8.deals._analysis` in one place.

Card strings of whole columns go to id arrays and back with
:func:`parse_card_array` and :func:`format_card_array`. Deal files are read in
chunks at constant memory with :func:`iter_deals` (or whole with
:func:`read_deals`), evaluated with :func:`analyze_deals`, and results written
with :class:`ResultWriter` / :func:`write_results`.

File formats
------------
Deals, CSV (``.csv``, or ``.csv.gz``)
    One deal a line: the board, then one field per seat::

        board,seat0,seat1,seat2
        AhKh7c4d2s,As3sQcJd,5c5d8h9h,TcTd6s6h

    The dialect (quoting, headers, the layout, blank lines, line ends, the
    longest line) is specified in :mod:`omaha8.deals._csv_dialect`, beside its
    parser. A result file (below) whose columns include ``board`` and
    ``seat0..`` reads as a deal file: its other columns are skipped.
Deals, arrays (``.npz``)
    ``boards`` (N, 5) and ``holes`` (N, P, k) card ids (``uint8``; any
    integer dtype is accepted), as written by ``numpy.savez``; a result
    file's ``board`` and ``seats`` are read the same way. Rows are numbered
    from 0. A ``.npz`` file is read by seeking: a regular file, not a pipe.
Deals, one array (``.npy``)
    A structured array of N records with fields ``board`` (``uint8``, (5,))
    and ``holes`` (``uint8``, (P, k)) (or a result file's ``seats``). Read
    through a memory map (streamed from a pipe).

A file that is corrupt or truncated, or not what its name says, raises
:class:`DealFileError` naming it.
Results, CSV
    One line a deal, with a header; column groups in the order asked for:
    ``line`` (input line), ``deal`` (deal number from 0), ``board``,
    ``seat0..`` (cards), ``high0..`` (1..7462), ``low0..`` (1..56, 0 = no
    low), ``high_desc0..``, ``low_desc0..`` (in words), ``high_winners``,
    ``low_winners`` (seat numbers separated by spaces; empty when nobody has
    a low), ``share0..`` (each seat's fraction of the pot, at most 6
    decimals).
Results, arrays (``.npz``, or ``.npy`` as one structured array)
    One array per column group, named as the group: ``line``, ``deal``
    (int64), ``board`` (N, 5), ``seats`` (N, P, k), ``high``, ``low``
    (N, P), ``high_winners``, ``low_winners`` (uint16 seat masks, bit p for
    seat p), ``shares`` (N, P) float64. The description groups store the
    values they describe (``high``, ``low``).

Results, rows (``.jsonl`` or ``.ndjson``, ``.parquet``)
    One row a deal, the CSV's columns, as :meth:`DealResults.rows` gives
    them (winners as lists of seats, shares at full precision).

The kind of a file written is read from its name; any other name is refused
(:class:`~omaha8.errors.OutputError`), and ``-``, a FIFO or a device is CSV.

Rejected rows (``skip_bad=True``) are kept with their line number, text and
reason, and :func:`write_rejects` writes them as CSV ``line,error,text``.

Examples
--------
>>> parse_card_array(["AsKd2c3h", "td 9h 8c 7s"])
array([[51, 45,  0,  6],
       [33, 30, 24, 23]], dtype=uint8)
>>> format_card_array([[51, 45, 0, 6]], sep=" ")
array(['As Kd 2c 3h'], dtype='<U11')
>>> parse_card_array(["AsKd2c3h", "AsKd2c"])
Traceback (most recent call last):
...
omaha8.errors.ShapeError: strings[1] has 3 cards but strings[0] has 4: 'AsKd2c'
"""

from __future__ import annotations

from ..cards import _format_text as _cardio  # callers reach the result-line kernels as omaha8.deals._cardio
from ._analysis import analyze_deals
from ._dealing import _check_seed as _check_seed
from ._dealing import iter_random_deals, random_deals
from ..cards._columns import format_card_array, parse_card_array
from ._containers import DealResults, Deals, RejectedRow
from ._containers import _concat as _concat
from ._csv_dialect import LAYOUT_SAMPLE as LAYOUT_SAMPLE
from ._csv_dialect import MAX_LINE_BYTES
from ._csv_dialect import _parse_line as _parse_line
from ._readers import DealFileError, DealReader, iter_deals, read_deals
from ._result_columns import RESULT_COLUMNS, resolve_columns
from ._result_columns import _needs as _needs
from ._deal_writers import write_deals, write_rejects
from ._writers import ResultWriter, write_results

__all__ = [
    "MAX_LINE_BYTES",
    "DealFileError",
    "parse_card_array",
    "format_card_array",
    "RejectedRow",
    "Deals",
    "DealReader",
    "iter_deals",
    "read_deals",
    "write_deals",
    "random_deals",
    "iter_random_deals",
    "DealResults",
    "analyze_deals",
    "RESULT_COLUMNS",
    "resolve_columns",
    "ResultWriter",
    "write_results",
    "write_rejects",
]

