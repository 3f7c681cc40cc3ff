"""Text omaha8 shows people or writes for spreadsheets: counted nouns, control characters, formula cells.

One rule each, for every command and writer:

* :func:`noun` is a noun in the number a count asks for (``1 board``, ``2 boards``);
* :func:`printable` writes the control characters of text a user gave (a
  file name, a player's name, a range) as escapes before it reaches a
  terminal, so ``\\x1b[2J`` is shown, not run;
* :func:`csv_cell` neutralises a CSV cell that a spreadsheet would run as a
  formula, as the OWASP guidance on CSV injection says: a cell of text that
  starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a
  ``'`` before it. Numbers are left as they are (a negative number is a
  number to a spreadsheet, not a formula).

>>> f"1 {noun(1, 'board')}, 1,081 {noun(1081, 'board')}, 2 {noun(2, 'entry', 'entries')}"
'1 board, 1,081 boards, 2 entries'
>>> printable("Bob\\x1b[31m red")
'Bob\\\\x1b[31m red'
>>> csv_cell("=HYPERLINK(\\"http://x\\")"), csv_cell("AhKh"), csv_cell(-5)
('\\'=HYPERLINK("http://x")', 'AhKh', -5)
"""

from __future__ import annotations

from typing import TypeVar

__all__ = ["FORMULA_STARTS", "csv_cell", "noun", "printable"]

#: First characters that make a spreadsheet read a cell as a formula (OWASP: CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

_T = TypeVar("_T")


def noun(count: int, word: str, plural: str | None = None) -> str:
    """``word`` when ``count`` is 1, else its plural (``word + "s"`` unless given); the caller writes the count."""
    return word if count == 1 else plural or word + "s"


def printable(text: str) -> str:
    """``text`` with every character that is not printable (escape codes, tabs, newlines) as its escape."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


def csv_cell(value: _T) -> _T | str:
    """``value`` with a ``'`` before it when it is text a spreadsheet would run as a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value
