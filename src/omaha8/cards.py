"""Cards: ids, parsing and formatting.

A card is an integer id ``rank * 4 + suit`` in ``0..51``:

=======  ===========================================  ==================
field    values                                        text
=======  ===========================================  ==================
rank     0 = deuce, 1 = three, ..., 8 = ten, ...,      ``23456789TJQKA``
         12 = ace
suit     0 = clubs, 1 = diamonds, 2 = hearts,          ``cdhs``
         3 = spades
=======  ===========================================  ==================

So ``2c`` is 0, ``2d`` is 1, ``As`` is 51. Arrays of cards are ``uint8``.

>>> parse_cards("As Kd 2c 3h")
array([51, 45,  0,  6], dtype=uint8)
>>> format_cards(parse_cards("ah10d"))
'Ah Td'
>>> parse_cards("Ax")
Traceback (most recent call last):
...
omaha8.errors.CardError: 'Ax' is not a card: suit 'x' is not one of c, d, h, s (in 'Ax')
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Union

import numpy as np
import numpy.typing as npt

from .errors import CardError, CardTypeError

__all__ = [
    "RANKS",
    "SUITS",
    "N_CARDS",
    "CardsLike",
    "card_id",
    "card_rank",
    "card_suit",
    "parse_card",
    "parse_cards",
    "format_card",
    "format_cards",
]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
N_CARDS = 52

#: Anything :func:`parse_cards` accepts: a string, strings, ids or an id array.
CardsLike = Union[str, Iterable[Union[str, int]], npt.ArrayLike]

_RANK_OF_TEXT = {c: i for i, c in enumerate(RANKS)} | {c.lower(): i for i, c in enumerate(RANKS)}
_RANK_OF_TEXT["10"] = 8
_SUIT_OF_TEXT = {c: i for i, c in enumerate(SUITS)} | {c.upper(): i for i, c in enumerate(SUITS)}
_SUIT_OF_TEXT |= {"♣": 0, "♦": 1, "♥": 2, "♠": 3}
_CARD_TEXT = tuple(r + s for r in RANKS for s in SUITS)
_ID_OF_TEXT = {
    rank_text + suit_text: rank * 4 + suit
    for rank_text, rank in _RANK_OF_TEXT.items()
    for suit_text, suit in _SUIT_OF_TEXT.items()
}
_SEPARATORS = re.compile(r"[\s,;]+")
# a card token: "10" or one rank character, then one suit character
_TOKEN = re.compile(r"(10|.)(.)", re.DOTALL)


def card_id(rank: int, suit: int) -> int:
    """The id of the card of ``rank`` (0 = deuce .. 12 = ace) and ``suit`` (0..3).

    >>> card_id(12, 3)
    51
    """
    if not (0 <= rank < 13 and 0 <= suit < 4):
        raise CardError(f"no card has rank {rank!r} and suit {suit!r}")
    return rank * 4 + suit


def card_rank(card: int) -> int:
    """The rank of a card id: 0 = deuce .. 12 = ace."""
    return card >> 2


def card_suit(card: int) -> int:
    """The suit of a card id: 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades."""
    return card & 3


def _explain(text: str) -> str:
    """Why ``text`` is not a card, for error messages."""
    if len(text) < 2:
        return "a card is a rank and a suit, like 'As' or '10h'"
    rank_text, suit_text = (text[:2], text[2:]) if text.startswith("10") else (text[0], text[1:])
    if rank_text not in _RANK_OF_TEXT:
        return f"rank {rank_text!r} is not one of 2-9, T (or 10), J, Q, K, A"
    if suit_text not in _SUIT_OF_TEXT:
        return f"suit {suit_text!r} is not one of c, d, h, s"
    return "a card is a rank and a suit, like 'As' or '10h'"


def parse_card(text: str) -> int:
    """Parse one card like ``"As"``, ``"td"`` or ``"10h"`` into its id.

    >>> parse_card("10h")
    34
    """
    try:
        return _ID_OF_TEXT[text.strip()]
    except (KeyError, AttributeError, TypeError):
        if not isinstance(text, str):
            raise CardTypeError(f"a card must be a str or int, not {type(text).__name__}") from None
        raise CardError(f"{text!r} is not a card: {_explain(text.strip())}") from None


def _parse_text(text: str) -> list[int]:
    """Split a string of cards, with or without separators, into ids."""
    ids = []
    for chunk in _SEPARATORS.split(text.strip()):
        if not chunk:
            continue
        pos = 0
        while pos < len(chunk):
            match = _TOKEN.match(chunk, pos)
            token = chunk[pos : pos + 3] if match is None else match.group(0)
            card = _ID_OF_TEXT.get(token)
            if card is None:
                raise CardError(f"{token!r} is not a card: {_explain(token)} (in {text!r})")
            ids.append(card)
            pos += len(token)
    return ids


def _check_ids(values: np.ndarray[Any, Any], what: str) -> np.ndarray[Any, np.dtype[np.uint8]]:
    """Check an integer array holds card ids and return it as uint8."""
    if values.dtype == np.bool_ or not np.issubdtype(values.dtype, np.integer):
        raise CardTypeError(f"{what} must hold card ids (integers) or card strings, not {values.dtype}")
    bad = (values < 0) | (values >= N_CARDS)
    if bad.any():
        where = tuple(int(i) for i in np.argwhere(bad)[0])
        position = where[0] if len(where) == 1 else where
        raise CardError(f"{what}[{position}] = {values[where]} is not a card id (0-51)")
    return values.astype(np.uint8)


def parse_cards(cards: CardsLike, *, name: str = "cards") -> np.ndarray[Any, np.dtype[np.uint8]]:
    """Parse cards in any accepted form into a 1-D ``uint8`` array of ids.

    Parameters
    ----------
    cards
        ``"As Kd 2c 3h"``, ``"AsKd2c3h"`` (ranks and suits in either case,
        ``10`` or ``T`` for ten, separators optional), a list of card strings
        ``["As", "Kd"]``, or a list or array of ids ``[51, 45]``.
    name
        The argument's name, used in error messages.

    Returns
    -------
    numpy.ndarray
        The card ids, ``uint8``, in the order given. Duplicates are kept;
        the functions that take hands refuse them.

    Examples
    --------
    >>> parse_cards(["As", "kd"])
    array([51, 45], dtype=uint8)
    >>> parse_cards([51, 45])
    array([51, 45], dtype=uint8)
    >>> parse_cards([51, 52])
    Traceback (most recent call last):
    ...
    omaha8.errors.CardError: cards[1] = 52 is not a card id (0-51)
    """
    if isinstance(cards, str):
        return np.array(_parse_text(cards), dtype=np.uint8)
    if isinstance(cards, np.ndarray):
        if cards.ndim != 1:
            raise CardTypeError(f"{name} must be one-dimensional, got shape {cards.shape}")
        return _check_ids(cards, name)
    try:
        items = list(cards)  # type: ignore[arg-type]
    except TypeError:
        raise CardTypeError(f"{name} must be a string or a sequence of cards, not {type(cards).__name__}") from None
    if items and all(isinstance(item, str) for item in items):
        out = []
        for i, item in enumerate(items):
            try:
                out.append(parse_card(item))  # type: ignore[arg-type]  # all items are str here
            except CardError as exc:
                raise CardError(f"{name}[{i}]: {exc}") from None
        return np.array(out, dtype=np.uint8)
    for i, item in enumerate(items):
        if isinstance(item, (bool, np.bool_)) or not isinstance(item, (int, np.integer)):
            raise CardTypeError(
                f"{name}[{i}] = {item!r} is not a card: give card ids (int) or card strings"
            )
    return _check_ids(np.array(items, dtype=np.int64), name)


def format_card(card: int) -> str:
    """The text of one card id.

    >>> format_card(51)
    'As'
    """
    if not (isinstance(card, (int, np.integer)) and 0 <= card < N_CARDS) or isinstance(card, bool):
        raise CardError(f"{card!r} is not a card id (0-51)")
    return _CARD_TEXT[card]


def format_cards(cards: CardsLike, sep: str = " ") -> str:
    """The text of several cards, separated by ``sep``.

    >>> format_cards([51, 45, 0, 6])
    'As Kd 2c 3h'
    """
    return sep.join(_CARD_TEXT[c] for c in parse_cards(cards).tolist())
