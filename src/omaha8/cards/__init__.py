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
>>> format_cards(parse_cards("[As 3s Qc Jd]"))  # as hand histories write cards
'As 3s Qc Jd'
>>> parse_cards("Ax")
Traceback (most recent call last):
...
omaha8.errors.CardError: 'Ax' is not a card: suit 'x' is not one of c, d, h, s (in 'Ax')
"""

from __future__ import annotations

import functools
import operator
import re
from collections.abc import Callable, Iterable, Mapping, Sequence, Set
from typing import Any, Union

import numpy as np
import numpy.typing as npt

from .._support._args import brief, check_int, check_name, is_int
from ..errors import ArgumentTypeError, CardError, CardTypeError, DuplicateCardError

__all__ = [
    "RANKS",
    "SUITS",
    "N_CARDS",
    "CardsLike",
    "MAX_CARD_TEXT",
    "card_id",
    "card_rank",
    "card_suit",
    "parse_card",
    "parse_cards",
    "parse_named",
    "check_distinct",
    "first_repeat",
    "text_ids",
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
#: Longest card text parsed: 52 cards with separators need far fewer characters,
#: and a longer string is refused before any of it is parsed.
MAX_CARD_TEXT = 4096
_SEPARATORS = re.compile(r"[\s,;]+")
# card text in brackets, one group or more: "[As 3s Qc Jd]", "[5c 6d Th] [Js]"
_BRACKETED = re.compile(r"(?:\[[^\[\]]*\]\s*)+")
# a card token: "10" or one rank character, then one suit character
_TOKEN = re.compile(r"(10|.)(.)", re.DOTALL)


def card_id(rank: int, suit: int) -> int:
    """The id of the card of ``rank`` (0 = deuce .. 12 = ace) and ``suit`` (0..3).

    >>> card_id(12, 3)
    51
    >>> card_id(1.5, 0)
    Traceback (most recent call last):
    ...
    omaha8.errors.CardTypeError: rank must be an int, not float 1.5
    """
    rank = check_int(rank, "rank", type_error=CardTypeError, value_error=CardError)
    suit = check_int(suit, "suit", type_error=CardTypeError, value_error=CardError)
    if not (0 <= rank < 13 and 0 <= suit < 4):
        raise CardError(f"no card has rank {brief(rank)} and suit {brief(suit)}")
    return rank * 4 + suit


def _card(card: object) -> int:
    """A card id 0..51 as a plain int, or a CardError / CardTypeError."""
    if not is_int(card):
        raise CardTypeError(f"a card id must be an int, not {type(card).__name__} {brief(card)}")
    number = operator.index(card)  # type: ignore[arg-type]
    if not 0 <= number < N_CARDS:
        raise CardError(f"{brief(number)} is not a card id (0-51)")
    return number


def card_rank(card: int) -> int:
    """The rank of a card id: 0 = deuce .. 12 = ace."""
    return _card(card) >> 2


def card_suit(card: int) -> int:
    """The suit of a card id: 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades."""
    return _card(card) & 3


def _explain(text: str) -> str:
    """Why ``text`` is not a card, for error messages."""
    if len(text) < 2:
        return "a card is a rank and a suit, like 'As' or '10h'"
    rank_text, suit_text = (text[:2], text[2:]) if text.startswith("10") else (text[0], text[1:])
    if rank_text not in _RANK_OF_TEXT:
        return f"rank {brief(rank_text)} is not one of 2-9, T (or 10), J, Q, K, A"
    if suit_text not in _SUIT_OF_TEXT:
        return f"suit {brief(suit_text)} is not one of c, d, h, s"
    return "a card is a rank and a suit, like 'As' or '10h'"


def parse_card(text: str) -> int:
    """Parse one card like ``"As"``, ``"td"`` or ``"10h"`` into its id.

    >>> parse_card("10h")
    34
    """
    if not isinstance(text, str):
        raise CardTypeError(f"a card text must be a str, not {type(text).__name__} {brief(text)}")
    card = _ID_OF_TEXT.get(text.strip()) if len(text) <= MAX_CARD_TEXT else None
    if card is None:
        raise CardError(f"{brief(text)} is not a card: {_explain(text.strip()[:8])}") from None
    return card


def _split_text(text: str) -> list[int]:
    """Split a string of cards, with or without separators, into ids."""
    if len(text) > MAX_CARD_TEXT:
        raise CardError(
            f"card text of {len(text):,} characters is too long (at most {MAX_CARD_TEXT}): {brief(text, 60)}"
        )
    ids = []
    body = text.strip()
    if body[:1] == "[" and _BRACKETED.fullmatch(body):
        # as hand histories write cards: "[As 3s Qc Jd]", "[5c 6d Th] [Js]"
        body = body.replace("[", " ").replace("]", " ")
    for chunk in _SEPARATORS.split(body.strip()):
        if not chunk:
            continue
        pos = 0
        while pos < len(chunk):
            match = _TOKEN.match(chunk, pos)
            token = chunk[pos : pos + 3] if match is None else match.group(0)
            card = _ID_OF_TEXT.get(token)
            if card is None:
                raise CardError(f"{token!r} is not a card: {_explain(token)} (in {brief(text)})")
            ids.append(card)
            pos += len(token)
    return ids


# text of at most this many characters is remembered by text_ids (a hand or a board is 8 to 20)
_CACHED_TEXT = 64


# The text kernel (_parse_text.card_text_ids), loaded at the first card string read, not by
# `import omaha8` (it is a compiled module of its own, about a millisecond to load).
_read_text: Callable[[str], tuple[int, ...] | None] | None = None


def _text_kernel() -> Callable[[str], tuple[int, ...] | None]:
    global _read_text
    from ._parse_text import card_text_ids

    _read_text = card_text_ids
    return card_text_ids


@functools.lru_cache(maxsize=4096)
def _remembered_text(text: str) -> tuple[int, ...]:
    return tuple(_split_text(text))


def text_ids(text: str) -> tuple[int, ...]:
    """The card ids of a card string, as :func:`parse_cards` reads it, as a tuple.

    A short string (a hand, a board) in the usual forms (ASCII ranks and
    suits, separators or none) is read by a text kernel, new text as fast as
    text seen before; any other short string is parsed once and remembered,
    so a simulator that passes the same strings again pays a dictionary
    lookup. Errors are :func:`parse_cards`' own and are never remembered.

    >>> text_ids("As Kd 2c 3h")
    (51, 45, 0, 6)
    >>> text_ids("As Kx")
    Traceback (most recent call last):
    ...
    omaha8.errors.CardError: 'Kx' is not a card: suit 'x' is not one of c, d, h, s (in 'As Kx')
    """
    # only exact str: a subclass could hash or compare its own way
    if type(text) is str and len(text) <= _CACHED_TEXT:
        found = (_read_text or _text_kernel())(text)
        return _remembered_text(text) if found is None else found
    if not isinstance(text, str):
        raise CardTypeError(f"cards must be a string here, not {type(text).__name__} {brief(text)}")
    return tuple(_split_text(text))


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
    name = check_name(name)
    if isinstance(cards, str):
        return np.array(text_ids(cards), dtype=np.uint8)
    if isinstance(cards, np.ndarray):
        if cards.ndim != 1:
            raise CardTypeError(f"{name} must be one-dimensional, got shape {cards.shape}")
        return _check_ids(cards, name)
    if isinstance(cards, (Mapping, Set)) or not isinstance(cards, Iterable):
        # a dict's keys or a set's order would be taken silently
        raise CardTypeError(
            f"{name} must be a string or a sequence of cards, not {type(cards).__name__} {brief(cards)}"
        )
    try:
        items = list(cards)
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
    ids = []
    for i, item in enumerate(items):
        if not is_int(item):
            raise CardTypeError(
                f"{name}[{i}] = {brief(item)} is not a card: give card ids (int) or card strings"
            )
        card = operator.index(item)  # type: ignore[arg-type]
        if not 0 <= card < N_CARDS:
            raise CardError(f"{name}[{i}] = {brief(card)} is not a card id (0-51)")
        ids.append(card)
    return np.array(ids, dtype=np.uint8)


def parse_named(cards: CardsLike, name: str) -> np.ndarray[Any, np.dtype[np.uint8]]:
    """:func:`parse_cards` with every error naming the argument ``name``, card text's too.

    >>> parse_named("As Kd", "board")
    array([51, 45], dtype=uint8)
    >>> parse_named("Ks Jx", "holes[1]")
    Traceback (most recent call last):
    ...
    omaha8.errors.CardError: holes[1]: 'Jx' is not a card: suit 'x' is not one of c, d, h, s (in 'Ks Jx')
    """
    try:
        return parse_cards(cards, name=name)
    except (CardError, CardTypeError) as exc:
        if str(exc).startswith(name):
            raise
        raise type(exc)(f"{name}: {exc}") from None


def check_distinct(groups: Sequence[tuple[str, Sequence[int]]]) -> None:
    """Refuse a card given twice, naming both of its places: the one check of hands, boards and dead cards.

    ``groups`` are ``(name, card ids)`` pairs; card ``j`` of a group stands at
    ``name[j]``. The ids are checked already (:func:`parse_cards`); this checks
    only that no id repeats, across every group, and says where it does.

    >>> check_distinct([("holes[0]", (51, 49)), ("board", (0, 4, 8))])
    >>> check_distinct([("holes[0]", (51, 49)), ("holes[1]", (44, 51))])
    Traceback (most recent call last):
    ...
    omaha8.errors.DuplicateCardError: card 'As' appears twice: holes[0][0] and holes[1][1]
    """
    found = first_repeat(groups)
    if found is not None:
        card, first, second = found
        raise DuplicateCardError(f"card {format_card(card)!r} appears twice: {first} and {second}")


def first_repeat(groups: Sequence[tuple[str, Sequence[int]]], *,
                 indexed: bool = True) -> tuple[int, str, str] | None:
    """The first card of ``groups`` (``(name, card ids)`` pairs, read in order) that stands where an earlier
    one did, with its first and second places, or None when every card is distinct: the rule
    :func:`check_distinct` and the readers that word their errors their own way share. A place is
    ``name[j]``, or the group's ``name`` alone when not ``indexed``.

    >>> first_repeat([("board", (0, 4, 8)), ("dead", (9, 4))], indexed=False)
    (4, 'board', 'dead')
    >>> first_repeat([("hand", (0, 4, 8, 9))]) is None
    True
    """
    flat: list[int] = []
    for _, cards in groups:
        flat += cards
    if len(set(flat)) == len(flat):
        return None
    first: dict[int, str] = {}
    for name, cards in groups:
        for j, card in enumerate(cards):
            place = f"{name}[{j}]" if indexed else name
            if card in first:
                return card, first[card], place
            first[card] = place
    raise AssertionError("a repeat was counted but not found")


def format_card(card: int) -> str:
    """The text of one card id.

    >>> format_card(51)
    'As'
    """
    return _CARD_TEXT[_card(card)]


def format_cards(cards: CardsLike, sep: str = " ") -> str:
    """The text of several cards, separated by ``sep``.

    >>> format_cards([51, 45, 0, 6])
    'As Kd 2c 3h'
    >>> format_cards("AsKd", sep="-")
    'As-Kd'
    """
    if not isinstance(sep, str):
        raise ArgumentTypeError(f"sep must be a str, not {type(sep).__name__} {brief(sep)}")
    return sep.join(_CARD_TEXT[c] for c in parse_cards(cards).tolist())
