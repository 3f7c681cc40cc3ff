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
from collections.abc import Callable

from .._support._args import CHUNK_LIMIT, SEED_LIMIT, brief

__all__ = ["PATH", "SECONDS", "SEED", "THREADS", "int_option", "path_option", "seconds_option"]

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


def path_option(text: str) -> str:
    """An argparse type: a file name, never empty (an empty one would be taken as no file at all)."""
    if not text:
        raise argparse.ArgumentTypeError("must name a file, not be empty")
    return text


path_option.__name__ = "path"

#: ``-o``, ``--rejects``, ...: a file name.
PATH = path_option
#: ``--threads``: 1 or more.
THREADS = int_option(1, CHUNK_LIMIT)
#: ``--seed``: 0 .. 2**64 - 1.
SEED = int_option(0, SEED_LIMIT - 1)
#: ``--connect-timeout``.
SECONDS = seconds_option
