"""Deal files and card-string columns, one concern a module.

:mod:`~omaha8.cards._columns`
    Card strings of whole columns to id arrays and back; the lowest layer,
    used by the argument checks.
:mod:`~omaha8.io.containers`
    :class:`~omaha8.io.containers.Deals`, :class:`~omaha8.io.containers.DealResults`
    and rejected rows.
:mod:`~omaha8.io.csv_dialect`
    The CSV dialect of deal files and its slow line parser.
:mod:`~omaha8.io.readers`
    Deal files read in chunks (CSV, ``.npz``, ``.npy``).
:mod:`~omaha8.io.array_rows`
    The rows of array deal files checked, and a bad one explained.
:mod:`~omaha8.io.result_columns`
    The column groups of a result file.
:mod:`~omaha8.io.writers`
    Result, deal and reject files.
:mod:`~omaha8.io.outputs`
    Output files that are complete or absent.

The public names are imported from :mod:`omaha8.deals` (and the top-level
``omaha8``); this package imports none of its modules, so importing one
(the argument checks import :mod:`~omaha8.cards._columns`) loads only what
that one needs.

Examples
--------
>>> from omaha8.cards._columns import parse_card_array
>>> parse_card_array(["As Kd 2c 3h"])
array([[51, 45,  0,  6]], dtype=uint8)
"""
