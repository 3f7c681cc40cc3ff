"""Option types for the ``omaha8`` subcommands: the API's argument checks, as argparse types.

A value that fails its check is an argparse usage error (exit status 2,
one line on stderr) naming the option, never a traceback:

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="omaha8 x", exit_on_error=False)
>>> _ = parser.add_argument("--threads", type=THREADS)
>>> parser.parse_args(["--threads", "3"]).threads
3
>>> parser.parse_args(["--threads", "0"])
Traceback (most recent call last):
...
argparse.ArgumentError: argument --threads: must be at least 1, got 0
>>> parser.parse_args(["--threads", "\u0663"])  # an Arabic-Indic three: only 0-9 are digits
Traceback (most recent call last):
...
argparse.ArgumentError: argument --threads: '٣' is not a whole number (digits 0-9)
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from typing import Any

from .._support._args import CHUNK_LIMIT, SEED_LIMIT, brief

__all__ = ["CARDS", "COLUMNS", "PATH", "QUOTING", "SECONDS", "SEED", "THREADS", "int_option", "path_option", "renamed",
           "seconds_option", "shell_warning", "warn_shell"]

# option values are typed by people: a hundred digits is already a mistake
_MAX_DIGITS = 100


def int_option(minimum: int | None = None, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number in ``minimum..maximum`` (either end open when None)."""

    def parse(text: str) -> int:
        digits = text.strip().replace("_", "")
        if len(digits) > _MAX_DIGITS:
            raise argparse.ArgumentTypeError(f"{brief(text, 40)} is not a whole number of sensible size")
        try:
            if not digits.isascii():  # int() would read other scripts' digits: '٣' as 3
                raise ValueError(digits)
            number = int(digits)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{brief(text, 60)} is not a whole number (digits 0-9)") from None
        if minimum is not None and number < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {number}")
        if maximum is not None and number > maximum:
            raise argparse.ArgumentTypeError(f"must be at most {maximum}, got {number}")
        return number

    parse.__name__ = "int"  # argparse names the type in its own messages
    return parse


def seconds_option(text: str) -> float:
    """An argparse type: a positive number of seconds, at most a day."""
    try:
        if not text.isascii():
            raise ValueError(text)
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{brief(text, 60)} is not a number of seconds") from None
    if not (math.isfinite(seconds) and 0 < seconds <= 86400):
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most 86400 seconds, got {brief(text, 60)}")
    return seconds


#: What every command that reads range text says about quoting it (its help, the README, ``omaha8 --help``).
QUOTING = ("Quote range text in single quotes: 'AA23$ds'. Inside double quotes the shell replaces $ds, $ss, $np, "
           "$B ... with nothing and reads ! as history, so \"AA23$ds\" reaches omaha8 as AA23: a valid range, "
           "silently not yours.")

# operators after which a pattern must follow: a $ macro removed by the shell often leaves one of them last
_DANGLING = (",", ":", "!", "@", "(")


def shell_warning(text: str, name: str) -> str | None:
    """A warning when range text looks as if the shell removed a ``$`` macro from it, else None.

    What is left of ``"AA23$ds"`` is ``AA23``, a valid range, which nothing can tell from what was meant;
    the clear cases are text that ends in an operator, or a space where a macro stood (``"AA $ds"``).

    >>> shell_warning("KK:", "TEXT")
    "TEXT 'KK:' ends in ':': if a $ macro stood there, the shell removed it; quote range text in single quotes"
    >>> shell_warning("AA23", "TEXT") is None
    True
    """
    stripped = text.rstrip()
    if not stripped:
        return f"{name} is empty: if it held $ macros only, the shell removed them; quote range text in single quotes"
    if stripped.endswith(_DANGLING):
        where = repr(stripped[-1])
    elif stripped != text:
        where = "a space"
    else:
        return None
    return (f"{name} {brief(text, 60)} ends in {where}: if a $ macro stood there, the shell removed it; quote "
            "range text in single quotes")


def warn_shell(text: str, name: str) -> None:
    """Print :func:`shell_warning`'s warning on standard error, if there is one."""
    warning = shell_warning(text, name)
    if warning is not None:
        print(f"omaha8: warning: {warning}", file=sys.stderr)


def renamed(new: str, meaning: str = "hole cards per hand, 4 or 5") -> type[argparse.Action]:
    """An argparse action for an option that is gone: using it is a usage error that names ``new``."""

    class Renamed(argparse.Action):
        def __init__(self, option_strings: list[str], dest: str, **kwargs: Any) -> None:
            kwargs.setdefault("nargs", "?")
            super().__init__(option_strings, dest, **kwargs)

        def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                     option_string: str | None = None) -> None:
            parser.error(f"{option_string} is now {new} ({meaning}): give {new}"
                         + (f" {values}" if isinstance(values, str) else ""))

    return Renamed


#: ``--cards``: hole cards per hand, in every command.
CARDS = {"type": int_option(4, 5), "metavar": "{4,5}"}

def path_option(text: str) -> str:
    """An argparse type: a file name, never empty (an empty one would be taken as no file at all)."""
    if not text:
        raise argparse.ArgumentTypeError("must name a file, not be empty")
    return text


path_option.__name__ = "path"

def columns_option(text: str) -> str:
    """An argparse type: result column groups, comma separated (:func:`omaha8.deals.resolve_columns`)."""
    from ..deals._result_columns import resolve_columns  # the deals package, only for the commands that use it

    try:
        resolve_columns(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


columns_option.__name__ = "columns"

#: ``--columns``: result column groups (checked here; which of them apply is the command's to say).
COLUMNS = columns_option
#: ``-o``, ``--rejects``, ...: a file name.
PATH = path_option
#: ``--threads``: 1 or more.
THREADS = int_option(1, CHUNK_LIMIT)
#: ``--seed``: 0 .. 2**64 - 1.
SEED = int_option(0, SEED_LIMIT - 1)
#: ``--connect-timeout``.
SECONDS = seconds_option
