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

import itertools
import operator
from collections.abc import Iterable

import numpy as np

from ..errors import ArgumentError, ArgumentTypeError

__all__ = [
    "BRIEF_LIMIT",
    "MAX_ARRAY_BYTES",
    "SEED_LIMIT",
    "brief",
    "check_array_bytes",
    "check_bool",
    "check_chunk_rows",
    "check_int",
    "check_name",
    "check_n_threads",
    "check_seed",
    "is_int",
    "non_int_at",
]

# error messages quote at most this many characters of a user's value
BRIEF_LIMIT = 120
# seeds feed a 64-bit random stream
SEED_LIMIT = 2**64
# chunks are indexed with C ints in the kernels
CHUNK_LIMIT = 2**31 - 1
#: Most bytes one array may take when an argument sets its size (a count of deals, a number of bins, a
#: separator's length): a larger request is refused before anything is allocated. Work that needs more
#: is done in chunks (``iter_random_deals``, ``iter_deals``, ``chunk_rows=``).
MAX_ARRAY_BYTES = 1 << 34


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


def _size_text(n_bytes: int) -> str:
    return f"{n_bytes / 2**30:,.1f} GiB" if n_bytes >= 2**30 else f"{n_bytes / 2**20:,.1f} MiB"


def check_array_bytes(n_bytes: int, what: str, asked: str) -> None:
    """Refuse an array of ``n_bytes`` bytes, ``what`` (its shape in words), that ``asked`` (the arguments) set.

    >>> check_array_bytes(211_876 * 65_536 * 8, "a histogram of 211,876 hands x 65,536 bins of float64",
    ...                   "bins=65536")
    Traceback (most recent call last):
    ...
    omaha8.errors.ArgumentError: bins=65536 asks for a histogram of 211,876 hands x 65,536 bins of float64: 103.5 GiB, more than the 16.0 GiB allowed for one result
    """
    if n_bytes > MAX_ARRAY_BYTES:
        raise ArgumentError(f"{asked} asks for {what}: {_size_text(n_bytes)}, more than the "
                            f"{_size_text(MAX_ARRAY_BYTES)} allowed for one result")


def is_int(value: object) -> bool:
    """True for Python and numpy integers, False for bools (which are ints to Python)."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def non_int_at(given: object, arr: np.ndarray) -> int | None:
    """The flat index of the first item of ``given`` that :func:`is_int` refuses, where ``given`` is the
    lists numpy read as the integer array ``arr``; None when every item is an int (or ``given`` is an array).

    numpy reads ``[True, 5]`` as the ints 1 and 5: a bool among ints is seen only item by item.

    >>> non_int_at([[3, 4], [5, True]], np.asarray([[3, 4], [5, True]]))
    3
    """
    if isinstance(given, np.ndarray) or arr.dtype.kind not in "iu" or arr.size == 0:
        return None  # an ndarray's dtype says what it holds (a bool array is refused by its dtype)

    def leaves() -> Iterable[object]:
        items: Iterable[object] = [given]
        for _ in range(arr.ndim):  # numpy found arr.ndim levels of sequences
            items = itertools.chain.from_iterable(items)  # type: ignore[arg-type]  # each level is iterable
        return items

    if set(map(type, leaves())) <= {int}:
        return None  # plain ints: the common case, one pass in C
    return next((i for i, item in enumerate(leaves()) if not is_int(item)), None)


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


#: Longest argument name a caller may give for error messages (the ``name=`` of parse_cards and others).
MAX_NAME = 100


def check_name(name: object) -> str:
    """``name``, the caller's name of an argument in error messages: a str of at most :data:`MAX_NAME` characters."""
    if type(name) is str and len(name) <= MAX_NAME:
        return name
    if not isinstance(name, str):
        raise ArgumentTypeError(f"name must be a str, not {_type_name(name)} {brief(name)}")
    raise ArgumentError(f"name must be at most {MAX_NAME} characters, got {len(name):,}: {brief(name, 40)}")


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
