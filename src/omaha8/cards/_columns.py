"""Card-string columns: whole arrays of card text to card ids and back.

The lowest layer of :mod:`omaha8.deals`: it imports only the card grammar, the
argument checks and the text kernels (:mod:`omaha8.cards._parse_text`, :mod:`omaha8.cards._format_text`),
so the argument layer (:mod:`omaha8.cards._validate`) can parse card strings through it.
The round trip of a column is shown in :mod:`omaha8.deals`, which publishes both functions.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import numpy.typing as npt

from . import _format_text, _parse_text
from .._support._docs import PARAMETERS, fill_doc
from .._support._args import brief, check_array_bytes, check_bool, check_int, check_name, non_int_at
from .._support._threads import threads_for
from .._support._text import noun
from . import N_CARDS, parse_cards
from ..errors import CardError, CardTypeError, ShapeError

__all__ = ["parse_card_array", "format_card_array", "index_text", "refuse_bools"]

U8Array = np.ndarray[Any, np.dtype[np.uint8]]

#: Most cards one field may hold in the fast parser; longer text takes the slow path.
_MAX_FIELD_CARDS = 64
# cards= of parse_card_array: the kernel counts cards in int16
_MAX_STRING_CARDS = (1 << 15) - 1


def index_text(name: str, index: tuple[int, ...]) -> str:
    """``holes[17, 2]`` for name ``holes`` and index ``(17, 2)``."""
    return f"{name}[{', '.join(str(i) for i in index)}]"


def refuse_bools(given: object, arr: np.ndarray[Any, Any], name: str) -> None:
    """Refuse a bool among the card ids of ``given``, the lists that numpy read as the integer array ``arr``.

    numpy reads ``[True, 5, 9, 13]`` as the ids 1, 5, 9, 13; a card id is what
    :func:`~omaha8._support._args.is_int` accepts (the check of every scalar
    card, which refuses bools), item by item here too.
    """
    at = non_int_at(given, arr)
    if at is not None:
        item = _item(given, arr.shape, at)
        raise CardTypeError(f"{_where(name, arr.shape, at)} = {brief(item)} is not a card: "
                            "give card ids (int) or card strings")


def _item(given: Any, shape: tuple[int, ...], flat_index: int) -> Any:
    """The item of nested lists ``given`` at ``flat_index`` of an array of ``shape``."""
    for i in np.unravel_index(flat_index, shape):
        given = given[int(i)]
    return given


def _text_array(strings: Any, name: str) -> np.ndarray[Any, Any]:
    """``strings`` as a numpy str (``U``) or bytes (``S``) array, any shape."""
    if isinstance(strings, (str, bytes)):
        return np.array(strings)
    if isinstance(strings, np.ndarray) and strings.dtype.kind in "US":
        return strings
    if isinstance(strings, np.ndarray) and strings.dtype.kind != "O":
        raise CardTypeError(f"{name} must hold card strings, not dtype {strings.dtype}")
    try:
        obj = np.asarray(strings, dtype=object)
    except ValueError as exc:
        raise ShapeError(f"{name} must be a rectangular array of card strings: {exc}") from None
    items = obj.ravel().tolist()
    kinds = set(map(type, items))
    if kinds <= {str, np.str_}:
        return obj.astype(str) if items else np.zeros(obj.shape, dtype="U1")
    if kinds <= {bytes, np.bytes_}:
        return obj.astype(bytes)
    want = str if str in kinds or np.str_ in kinds else bytes
    i = next(i for i, item in enumerate(items) if not isinstance(item, want))
    where = _where(name, obj.shape, i)
    raise CardTypeError(f"{where} = {brief(items[i])} is not a card string")


def _where(name: str, shape: tuple[int, ...], flat_index: int) -> str:
    """``name[i, j]`` for a flat index into an array of ``shape``."""
    if not shape:
        return name
    return index_text(name, tuple(int(i) for i in np.unravel_index(flat_index, shape)))


def _slow_hand(text: Any, where: str) -> U8Array:
    """Parse one hand with :func:`parse_cards`, naming ``where`` in errors."""
    if isinstance(text, (bytes, np.bytes_)):
        text = bytes(text).decode("utf-8", errors="replace")
    try:
        return parse_cards(str(text))
    except CardError as exc:
        raise CardError(f"{where}: {_cut(str(exc))}") from None


def _cut(message: str, limit: int = 400) -> str:
    """A message from elsewhere, cut so that it cannot carry a huge quote into ours."""
    return message if len(message) <= limit else message[: limit - 1] + "…"


def _check_count(cards: object, name: str = "cards") -> int:
    return check_int(cards, name, minimum=0)


@fill_doc(PARAMETERS)
def parse_card_array(
    strings: Any,
    *,
    cards: int | None = None,
    name: str = "strings",
    n_threads: int | None = None,
) -> U8Array:
    """Parse an array of card strings into card ids, one row of cards per string.

    Parameters
    ----------
    strings
        A list, tuple or numpy array (``str``, ``bytes`` or ``object`` dtype,
        any shape) of strings like ``"AsKd2c3h"``, ``"as kd 2c 3h"`` or
        ``"10s 9s"``: the grammar of :func:`omaha8.parse_cards`.
    cards
        Cards in every string. By default the first string's count, which
        every other string must match.
    %(name)s
    %(n_threads)s

    Returns
    -------
    numpy.ndarray
        ``uint8`` of shape ``strings.shape + (cards,)``. Duplicates within a
        string are kept (the functions that take hands refuse them).

    Raises
    ------
    CardError
        A string that is not cards; the message names its index and text.
    ShapeError
        A string with a different number of cards.

    Examples
    --------
    >>> parse_card_array([["Ah Kh 7c 4d 2s", "10s9s8s7s6s"]]).shape
    (1, 2, 5)
    >>> parse_card_array(["As", "Kx"])
    Traceback (most recent call last):
    ...
    omaha8.errors.CardError: strings[1]: 'Kx' is not a card: suit 'x' is not one of c, d, h, s (in 'Kx')
    """
    name = check_name(name)
    text = _text_array(strings, name)
    want = None if cards is None else check_int(cards, "cards", minimum=0, maximum=_MAX_STRING_CARDS)
    shape = text.shape
    flat = np.ascontiguousarray(text.reshape(-1))
    n = flat.shape[0]
    unit = np.dtype(np.uint32 if flat.dtype.kind == "U" else np.uint8)
    codes = flat.view(unit).reshape(n, flat.dtype.itemsize // unit.itemsize)
    k = want
    if k is None:
        k = 0 if n == 0 else _first_count(codes, flat, name, shape, n_threads)
    else:
        check_array_bytes(n * k, f"{n:,} rows of {k:,} card ids", f"cards={k}")
    out = np.empty((n, k), dtype=np.uint8)
    counts = np.empty(n, dtype=np.int16)
    _parse_text.parse_text_rows(codes, out, counts, threads_for(n_threads, codes.shape[0]))
    for i in np.flatnonzero(counts != k).tolist():
        where = _where(name, shape, i)
        hand = _slow_hand(flat[i], where)
        if len(hand) != k:
            against = f"cards={k} was asked for" if want is not None else f"{_where(name, shape, 0)} has {k}"
            raise ShapeError(f"{where} has {len(hand)} {noun(len(hand), 'card')} but {against}: "
                             f"{brief(_as_str(flat[i]))}")
        out[i] = hand
    return out.reshape(*shape, k)


def _as_str(text: Any) -> str:
    return bytes(text).decode("utf-8", errors="replace") if isinstance(text, (bytes, np.bytes_)) else str(text)


def _first_count(codes: Any, flat: Any, name: str, shape: tuple[int, ...], n_threads: int | None) -> int:
    """Number of cards in the first string."""
    out = np.empty((1, _MAX_FIELD_CARDS), dtype=np.uint8)
    counts = np.empty(1, dtype=np.int16)
    if _parse_text.parse_text_rows(codes[:1], out, counts, 1) < 0:
        return int(counts[0])
    return len(_slow_hand(flat[0], _where(name, shape, 0)))


def _id_array(ids: npt.ArrayLike, name: str) -> U8Array:
    """Card ids as uint8, checked 0..51, at least one axis."""
    try:
        arr = np.asarray(ids)
    except (ValueError, TypeError) as exc:
        raise ShapeError(f"{name} must be a rectangular array of card ids: {_cut(str(exc))}") from None
    refuse_bools(ids, arr, name)
    if arr.dtype == np.bool_ or not (np.issubdtype(arr.dtype, np.integer) or arr.size == 0):
        raise CardTypeError(f"{name} must hold integer card ids, not dtype {arr.dtype}")
    if arr.ndim < 1:
        raise ShapeError(f"{name} must have at least one axis (the cards of a row), got a scalar")
    # one pass for the common case (uint8, all good); the mask only to say where
    if arr.size and (arr.dtype != np.uint8 or int(arr.max()) >= N_CARDS):
        bad = (arr < 0) | (arr >= N_CARDS) if arr.dtype != np.uint8 else arr >= N_CARDS
        if bad.any():
            where = tuple(int(i) for i in np.argwhere(bad)[0])
            raise CardError(f"{index_text(name, where)} = {arr[where]} is not a card id (0-51)")
    return np.ascontiguousarray(arr, dtype=np.uint8)


@fill_doc(PARAMETERS)
def format_card_array(
    ids: npt.ArrayLike,
    *,
    sep: str = "",
    as_bytes: bool = False,
    name: str = "ids",
    n_threads: int | None = None,
) -> np.ndarray[Any, Any]:
    """The text of every row of card ids, as a fixed-width numpy string array.

    Parameters
    ----------
    ids
        Card ids of shape (..., k), any integer dtype.
    sep
        Text between cards: ``""`` gives ``"AsKd2c3h"``, ``" "`` gives
        ``"As Kd 2c 3h"``.
    as_bytes
        Return ``bytes`` (``S`` dtype, ``sep`` UTF-8 encoded) rather than
        ``str`` (``U`` dtype).
    %(name)s
    %(n_threads)s

    Returns
    -------
    numpy.ndarray
        Shape ``ids.shape[:-1]``, dtype ``<U{w}`` (or ``S{w}``), ``w = 2k +
        (k - 1) len(sep)``. Ten is written ``T``.

    Examples
    --------
    >>> format_card_array([[51, 45], [0, 34]], sep=",").tolist()
    ['As,Kd', '2c,Th']
    >>> format_card_array([[51, 52]])
    Traceback (most recent call last):
    ...
    omaha8.errors.CardError: ids[0, 1] = 52 is not a card id (0-51)
    """
    name = check_name(name)
    as_bytes = check_bool(as_bytes, "as_bytes")
    if not isinstance(sep, str):
        raise CardTypeError(f"sep must be a str, not {type(sep).__name__}")
    arr = _id_array(ids, name)
    lead, k = arr.shape[:-1], arr.shape[-1]
    n = math.prod(lead)
    if as_bytes:
        sep_codes = np.frombuffer(sep.encode("utf-8"), dtype=np.uint8).astype(np.uint32)
    else:
        sep_codes = np.array([ord(c) for c in sep], dtype=np.uint32)
    width = 2 * k + (k - 1) * len(sep_codes) if k else 0
    kind = "S" if as_bytes else "U"
    if width == 0:
        return np.zeros(lead, dtype=f"{kind}1")
    check_array_bytes(n * width * (1 if as_bytes else 4), f"{n:,} strings of {width:,} characters",
                      f"sep of {len(sep):,} characters")
    out = np.empty((n, width), dtype=np.uint8 if as_bytes else np.uint32)
    _format_text.format_id_rows(arr.reshape(n, k), sep_codes, out, threads_for(n_threads, n))
    return out.view(f"{kind}{width}" if as_bytes else f"<U{width}").reshape(lead)
