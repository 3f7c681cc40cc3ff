"""Argument checks shared by every public function: one rule, one message shape each.

Each checker returns the value in its canonical Python form (a plain
``int``, a plain ``bool``) or raises :class:`~omaha8.errors.ArgumentTypeError`
/ :class:`~omaha8.errors.ArgumentError` naming the argument and quoting the
value briefly. Callers may pass their own error classes where an existing,
more specific one is documented (``ChipError`` for chips, say).

>>> from omaha8._support._args import brief, check_int
>>> check_int(7, "seed", minimum=0)
7
>>> check_int(True, "seed")
Traceback (most recent call last):
...
omaha8.errors.ArgumentTypeError: seed must be an int, not bool True
>>> check_int(2**70, "chunk_rows", minimum=1, maximum=2**31 - 1)
Traceback (most recent call last):
...
omaha8.errors.ArgumentError: chunk_rows must be at most 2147483647, got 1180591620717411303424
>>> brief("x" * 500, limit=20)
"'xxxxxxxxxxxxxxxxx… (about 502 characters)"
"""

from __future__ import annotations

import operator
import numpy as np

from ..errors import ArgumentError, ArgumentTypeError

__all__ = [
    "BRIEF_LIMIT",
    "SEED_LIMIT",
    "brief",
    "check_bool",
    "check_chunk_rows",
    "check_int",
    "check_n_threads",
    "check_seed",
    "is_int",
]

# error messages quote at most this many characters of a user's value
BRIEF_LIMIT = 120
# seeds feed a 64-bit random stream
SEED_LIMIT = 2**64
# chunks are indexed with C ints in the kernels
CHUNK_LIMIT = 2**31 - 1


def brief(value: object, limit: int = BRIEF_LIMIT) -> str:
    """``repr(value)`` cut to ``limit`` characters, saying how long it was."""
    if isinstance(value, (str, bytes)) and len(value) > 4 * limit:
        text = repr(value[: 4 * limit])  # never build the repr of a huge string
        total = f"about {len(value) + 2} characters"
    elif isinstance(value, (list, tuple)) and len(value) > limit:
        text = repr(value[:limit])  # nor of a huge list
        total = f"{len(value):,} items"
    elif isinstance(value, int) and value.bit_length() > 4 * limit:
        # Python refuses to print ints of more than 4300 digits
        return f"an int of {value.bit_length():,} bits"
    else:
        try:
            text = repr(value)
        except Exception:  # a broken __repr__ must not hide the error being reported
            return f"<{_type_name(value)} object>"
        total = f"{len(text)} characters"
    if len(text) <= limit:
        return text
    return f"{text[: limit - 2]}… ({total})"


def is_int(value: object) -> bool:
    """True for Python and numpy integers, False for bools (which are ints to Python)."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def _type_name(value: object) -> str:
    return type(value).__name__


def check_int(
    value: object,
    name: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    type_error: type[Exception] = ArgumentTypeError,
    value_error: type[Exception] = ArgumentError,
) -> int:
    """``value`` as a plain int within ``minimum..maximum`` (either end open when None)."""
    if not is_int(value):
        raise type_error(f"{name} must be an int, not {_type_name(value)} {brief(value)}")
    number = operator.index(value)  # type: ignore[arg-type]
    if minimum is not None and number < minimum:
        raise value_error(f"{name} must be at least {minimum}, got {brief(number)}")
    if maximum is not None and number > maximum:
        raise value_error(f"{name} must be at most {maximum}, got {brief(number)}")
    return number


def check_bool(value: object, name: str) -> bool:
    """``value`` as a plain bool; only True and False (numpy's too) are flags."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise ArgumentTypeError(f"{name} must be True or False, not {_type_name(value)} {brief(value)}")


def check_seed(value: object, name: str = "seed") -> int | None:
    """A seed: None (fresh entropy) or an int in ``0 .. 2**64 - 1``."""
    if value is None:
        return None
    return check_int(value, name, minimum=0, maximum=SEED_LIMIT - 1)


def check_chunk_rows(value: object, name: str = "chunk_rows") -> int:
    """A positive number of rows per chunk, small enough for the kernels' C ints."""
    return check_int(value, name, minimum=1, maximum=CHUNK_LIMIT)


def check_n_threads(value: object, name: str = "n_threads") -> int | None:
    """None (every core) or a positive thread count."""
    if value is None:
        return None
    return check_int(value, name, minimum=1, maximum=CHUNK_LIMIT)
