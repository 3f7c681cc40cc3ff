"""Slow, obviously-correct Omaha Hi/Lo evaluation: the spec and the test oracle.

Everything here is written the plainest way, in pure Python, so that it can be
read against ``docs/rules.md`` line by line; the fast kernels are tested against it.

Cards are ids ``rank * 4 + suit`` (rank 0 = deuce .. 12 = ace, suit 0..3), as
in :mod:`omaha8.cards`. Values follow one order, greater is stronger:

* high: ``1..7462``, 1 = 7-5-4-3-2 offsuit, 7462 = a royal flush; the value
  is the rank of :func:`high_key` among the 7,462 distinct 5-card classes.
* low: ``1..56``, 1 = 8-7-6-5-4, 56 = 5-4-3-2-A; ``None`` means no low.

An Omaha hand is exactly two hole cards and exactly three board cards; high
and low are chosen independently, each by trying every such choice.

Examples
--------
>>> from omaha8.cards import parse_cards as c
>>> evaluate(c("As 2d Kc Kh"), c("3c 4h 5s Jd Qc"))
(5854, 56)
>>> HIGH_CATEGORIES[high_category(5854)]
'Straight'
>>> evaluate(c("As 2d Kc Kh"), c("3c 4h"))
Traceback (most recent call last):
...
omaha8.errors.ShapeError: board has 2 cards; it must have 3 to 5
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import SupportsIndex

from ..errors import CardError, CardTypeError, DuplicateCardError, ShapeError

__all__ = [
    "HIGH_CATEGORIES",
    "N_HIGH_VALUES",
    "N_LOW_VALUES",
    "high_key",
    "high_value",
    "high_category",
    "high_key_of_value",
    "high_hand_of_value",
    "low_key",
    "low_value",
    "low_key_of_value",
    "low_hand_of_value",
    "best_high",
    "best_low",
    "evaluate",
]

#: High-hand categories, weakest first; ``high_key(cards)[0]`` indexes this.
HIGH_CATEGORIES: tuple[str, ...] = (
    "High card",
    "One pair",
    "Two pair",
    "Three of a kind",
    "Straight",
    "Flush",
    "Full house",
    "Four of a kind",
    "Straight flush",
)
N_HIGH_VALUES = 7462
N_LOW_VALUES = 56

_HIGH_CARD, _ONE_PAIR, _TWO_PAIR, _TRIPS, _STRAIGHT, _FLUSH, _FULL_HOUSE, _QUADS, _STRAIGHT_FLUSH = range(9)
_ACE = 12
_FIVE = 3
_WHEEL = (_ACE, _FIVE, 2, 1, 0)
# category of a hand without straight or flush, by its rank-group sizes, largest first
_CATEGORY_OF_SHAPE = {
    (1, 1, 1, 1, 1): _HIGH_CARD,
    (2, 1, 1, 1): _ONE_PAIR,
    (2, 2, 1): _TWO_PAIR,
    (3, 1, 1): _TRIPS,
    (3, 2): _FULL_HOUSE,
    (4, 1): _QUADS,
}
_RANK_TEXT = "23456789TJQKA"
_SUIT_TEXT = "cdhs"
_HOLE_SIZES = (2, 3, 4, 5)
_BOARD_SIZES = (3, 4, 5)


# ---------------------------------------------------------------- validation


def _card_text(card: int) -> str:
    return _RANK_TEXT[card >> 2] + _SUIT_TEXT[card & 3]


def _card_ids(cards: Iterable[SupportsIndex], name: str, sizes: tuple[int, ...]) -> tuple[int, ...]:
    """``cards`` as a tuple of distinct ints in ``0..51``, or an error naming ``name``."""
    if isinstance(cards, (str, bytes)):
        raise CardTypeError(f"{name} must be a sequence of card ids (int), not {type(cards).__name__}")
    try:
        items = list(cards)
    except TypeError:
        raise CardTypeError(f"{name} must be a sequence of card ids (int), not {type(cards).__name__}") from None
    ids = []
    for i, item in enumerate(items):
        # bool is an int subclass but never a card
        if isinstance(item, bool) or type(item).__name__ == "bool_":
            raise CardTypeError(f"{name}[{i}] = {item!r} is not a card id (int)")
        try:
            card = operator.index(item)
        except TypeError:
            raise CardTypeError(f"{name}[{i}] = {item!r} is not a card id (int)") from None
        if not 0 <= card < 52:
            raise CardError(f"{name}[{i}] = {card} is not a card id (0-51)")
        ids.append(card)
    if len(ids) not in sizes:
        wanted = str(sizes[0]) if len(sizes) == 1 else f"{sizes[0]} to {sizes[-1]}"
        plural = "" if len(ids) == 1 else "s"
        raise ShapeError(f"{name} has {len(ids)} card{plural}; it must have {wanted}")
    seen = set()
    for card in ids:
        if card in seen:
            raise DuplicateCardError(f"card {_card_text(card)!r} appears twice in {name}")
        seen.add(card)
    return tuple(ids)


def _hole_and_board(
    hole: Iterable[SupportsIndex], board: Iterable[SupportsIndex]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    hole_ids = _card_ids(hole, "hole", _HOLE_SIZES)
    board_ids = _card_ids(board, "board", _BOARD_SIZES)
    for card in hole_ids:
        if card in board_ids:
            raise DuplicateCardError(f"card {_card_text(card)!r} appears in both hole and board")
    return hole_ids, board_ids


def _value_index(value: SupportsIndex, name: str, top: int) -> int:
    if isinstance(value, bool):
        raise CardTypeError(f"{name} must be an int, not bool")
    try:
        number = operator.index(value)
    except TypeError:
        raise CardTypeError(f"{name} must be an int, not {type(value).__name__}") from None
    if not 1 <= number <= top:
        raise ValueError(f"{name} = {number} is not a {name.split('_')[0]} value (1-{top})")
    return number


# ---------------------------------------------------------------- five cards, high


def _high_key(cards: Sequence[int]) -> tuple[int, ...]:
    """:func:`high_key` without input checks."""
    counts = Counter(card >> 2 for card in cards)
    # rank groups, biggest group first, higher rank first within equal sizes
    groups = sorted(counts.items(), key=lambda rank_count: (rank_count[1], rank_count[0]), reverse=True)
    ranks = tuple(rank for rank, _ in groups)
    flush = len({card & 3 for card in cards}) == 1
    if len(ranks) == 5:
        top = None
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif ranks == _WHEEL:
            top = _FIVE  # the ace plays low: a five-high straight
        if top is not None:
            return (_STRAIGHT_FLUSH if flush else _STRAIGHT, top)
        if flush:
            return (_FLUSH, *ranks)
    shape = tuple(count for _, count in groups)
    return (_CATEGORY_OF_SHAPE[shape], *ranks)


def high_key(cards5: Iterable[SupportsIndex]) -> tuple[int, ...]:
    """A tuple that orders 5-card hands the way poker does.

    Parameters
    ----------
    cards5
        Five distinct card ids.

    Returns
    -------
    tuple of int
        ``(category, *ranks)``: the index into :data:`HIGH_CATEGORIES`, then
        the ranks that break ties, most important first (the rank of the
        biggest group first; each rank once). A straight or straight flush
        is ``(category, top rank)``, with the wheel five-high (top rank 3).
        Two hands tie exactly when their keys are equal.

    Examples
    --------
    >>> from omaha8.cards import parse_cards as c
    >>> high_key(c("Kd Kh 7s 7c 2c"))  # two pair, kings and sevens, deuce kicker
    (2, 11, 5, 0)
    >>> high_key(c("Ah 2c 3d 4s 5s"))  # the wheel: a five-high straight
    (4, 3)
    >>> high_key(c("Ah 2c 3d 4s"))
    Traceback (most recent call last):
    ...
    omaha8.errors.ShapeError: cards5 has 4 cards; it must have 5
    """
    return _high_key(_card_ids(cards5, "cards5", (5,)))


def _representative(ranks: Sequence[int], suited: bool) -> tuple[int, ...]:
    """Five cards with these ranks: all clubs if ``suited``, else never a flush."""
    if suited:
        return tuple(rank * 4 for rank in ranks)
    # ranks are sorted, so equal ranks sit together (at most 4) and get distinct suits
    return tuple(rank * 4 + position % 4 for position, rank in enumerate(ranks))


@functools.cache
def _high_classes() -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Every distinct high class as ``(key, example hand)``, weakest first.

    Walks the 6,175 multisets of five ranks (no rank five times) once
    offsuit, and the 1,287 sets of five distinct ranks once suited.
    """
    classes = {}
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) == 5:
            continue
        suits = (False, True) if len(set(ranks)) == 5 else (False,)
        for suited in suits:
            hand = _representative(ranks, suited)
            key = _high_key(hand)
            if key in classes:
                raise AssertionError(f"two rank patterns share the high key {key}")
            classes[key] = hand
    return tuple(sorted(classes.items()))


@functools.cache
def _high_value_of_key() -> dict[tuple[int, ...], int]:
    return {key: value for value, (key, _) in enumerate(_high_classes(), start=1)}


def high_value(cards5: Iterable[SupportsIndex]) -> int:
    """The strength of a 5-card hand, ``1..7462``, greater is stronger.

    Parameters
    ----------
    cards5
        Five distinct card ids.

    Returns
    -------
    int
        The rank of :func:`high_key` among all 7,462 distinct classes:
        1 is 7-5-4-3-2 offsuit, 7462 a royal flush.

    Examples
    --------
    >>> from omaha8.cards import parse_cards as c
    >>> high_value(c("As Ks Qs Js Ts")), high_value(c("7c 5d 4h 3s 2c"))
    (7462, 1)
    >>> high_value(c("As As Ks Qs Js"))
    Traceback (most recent call last):
    ...
    omaha8.errors.DuplicateCardError: card 'As' appears twice in cards5
    """
    return _high_value_of_key()[high_key(cards5)]


def high_key_of_value(value: SupportsIndex) -> tuple[int, ...]:
    """The :func:`high_key` of the class whose :func:`high_value` is ``value``.

    Examples
    --------
    >>> high_key_of_value(7462)  # a royal flush: straight flush, ace high
    (8, 12)
    >>> high_key_of_value(0)
    Traceback (most recent call last):
    ...
    ValueError: high_value = 0 is not a high value (1-7462)
    """
    return _high_classes()[_value_index(value, "high_value", N_HIGH_VALUES) - 1][0]


def high_hand_of_value(value: SupportsIndex) -> tuple[int, ...]:
    """Five card ids whose :func:`high_value` is ``value`` (one example of many).

    Examples
    --------
    >>> from omaha8.cards import format_cards
    >>> format_cards(high_hand_of_value(1))
    '2c 3d 4h 5s 7c'
    """
    return _high_classes()[_value_index(value, "high_value", N_HIGH_VALUES) - 1][1]


def high_category(value: SupportsIndex) -> int:
    """The category (index into :data:`HIGH_CATEGORIES`) of a high value.

    Examples
    --------
    >>> HIGH_CATEGORIES[high_category(1)], HIGH_CATEGORIES[high_category(7462)]
    ('High card', 'Straight flush')
    """
    return high_key_of_value(value)[0]


# ---------------------------------------------------------------- five cards, low


def _low_key(cards: Sequence[int]) -> tuple[int, ...] | None:
    """:func:`low_key` without input checks."""
    # ace counts as one, deuce as two, ..., eight as eight
    ranks = {1 if card >> 2 == _ACE else (card >> 2) + 2 for card in cards}
    if len(ranks) != 5 or max(ranks) > 8:
        return None
    return tuple(sorted(ranks, reverse=True))


def low_key(cards5: Iterable[SupportsIndex]) -> tuple[int, ...] | None:
    """The low of a 5-card hand as its ranks, highest first, or ``None``.

    Ranks count the ace as 1 and the others at face value (2..8). A smaller
    key is a better low: lows compare from the highest card down.

    Examples
    --------
    >>> from omaha8.cards import parse_cards as c
    >>> low_key(c("2c 4d As 3h 7h"))
    (7, 4, 3, 2, 1)
    >>> low_key(c("2c 4d As 3h 9h")) is None  # a nine never plays low
    True
    """
    return _low_key(_card_ids(cards5, "cards5", (5,)))


@functools.cache
def _low_keys() -> tuple[tuple[int, ...], ...]:
    """The 56 low keys, worst (8-7-6-5-4) first."""
    descending = (tuple(sorted(ranks, reverse=True)) for ranks in itertools.combinations(range(1, 9), 5))
    return tuple(sorted(descending, reverse=True))


@functools.cache
def _low_value_of_key() -> dict[tuple[int, ...], int]:
    return {key: value for value, key in enumerate(_low_keys(), start=1)}


def low_value(cards5: Iterable[SupportsIndex]) -> int | None:
    """The 8-or-better low of a 5-card hand, ``1..56`` (greater is better), or ``None``.

    Parameters
    ----------
    cards5
        Five distinct card ids.

    Returns
    -------
    int or None
        56 for 5-4-3-2-A, 1 for 8-7-6-5-4; ``None`` unless the five cards
        have five different ranks, each 8 or lower (ace low). Straights and
        flushes do not matter.

    Examples
    --------
    >>> from omaha8.cards import parse_cards as c
    >>> low_value(c("5h 4h 3h 2h Ah")), low_value(c("8c 7d 6h 5s 4c"))
    (56, 1)
    >>> low_value(c("8c 8d 6h 5s 4c")) is None
    True
    >>> low_value(c("8c 7d 6h 5s 4c 3c"))
    Traceback (most recent call last):
    ...
    omaha8.errors.ShapeError: cards5 has 6 cards; it must have 5
    """
    key = low_key(cards5)
    return None if key is None else _low_value_of_key()[key]


def low_key_of_value(value: SupportsIndex) -> tuple[int, ...]:
    """The :func:`low_key` whose :func:`low_value` is ``value``.

    Examples
    --------
    >>> low_key_of_value(56), low_key_of_value(1)
    ((5, 4, 3, 2, 1), (8, 7, 6, 5, 4))
    """
    return _low_keys()[_value_index(value, "low_value", N_LOW_VALUES) - 1]


def low_hand_of_value(value: SupportsIndex) -> tuple[int, ...]:
    """Five card ids whose :func:`low_value` is ``value`` (one example of many).

    Examples
    --------
    >>> from omaha8.cards import format_cards
    >>> format_cards(low_hand_of_value(56))
    '2c 3c 4c 5c Ac'
    """
    key = low_key_of_value(value)
    return tuple(sorted((_ACE if rank == 1 else rank - 2) * 4 for rank in key))


# ---------------------------------------------------------------- Omaha: two from the hole, three from the board


def _omaha_hands(hole: tuple[int, ...], board: tuple[int, ...]) -> Iterable[tuple[int, ...]]:
    """Every legal Omaha hand: two hole cards then three board cards, in the order given."""
    for two in itertools.combinations(hole, 2):
        for three in itertools.combinations(board, 3):
            yield two + three


def _best(hole: Iterable[SupportsIndex], board: Iterable[SupportsIndex],
          value: Callable[[tuple[int, ...]], int]) -> tuple[int, tuple[int, ...]]:
    """The greatest ``value`` of a legal Omaha hand of ``hole`` and ``board``, and the first hand that has it
    (``(0, ())`` when no hand's value is above 0)."""
    hole_ids, board_ids = _hole_and_board(hole, board)
    best_value = 0
    best_cards: tuple[int, ...] = ()
    for hand in _omaha_hands(hole_ids, board_ids):
        found = value(hand)
        if found > best_value:
            best_value, best_cards = found, hand
    return best_value, best_cards


def best_high(
    hole: Iterable[SupportsIndex], board: Iterable[SupportsIndex]
) -> tuple[int, tuple[int, ...]]:
    """The best high hand made of exactly two hole cards and three board cards.

    Parameters
    ----------
    hole
        2 to 5 distinct card ids (Omaha deals 4, 5-card Omaha 5).
    board
        5 distinct card ids (3 or 4 before the river), none in ``hole``.

    Returns
    -------
    value : int
        The :func:`high_value` of the best hand.
    cards : tuple of int
        The five cards of the first best hand found: two hole cards, then
        three board cards, each in the order given.

    Examples
    --------
    >>> from omaha8.cards import parse_cards as c, format_cards
    >>> value, cards = best_high(c("Ah Ac 7d 3s"), c("2h 5h 9h Jh Kc"))
    >>> HIGH_CATEGORIES[high_category(value)], format_cards(cards)  # one heart: no flush
    ('One pair', 'Ah Ac 9h Jh Kc')
    >>> best_high(c("Ah Ac 7d 3s"), c("2h 5h 9h Ah Kc"))
    Traceback (most recent call last):
    ...
    omaha8.errors.DuplicateCardError: card 'Ah' appears in both hole and board
    """
    value_of_key = _high_value_of_key()
    return _best(hole, board, lambda hand: value_of_key[_high_key(hand)])


def best_low(
    hole: Iterable[SupportsIndex], board: Iterable[SupportsIndex]
) -> tuple[int | None, tuple[int, ...] | None]:
    """The best 8-or-better low made of exactly two hole cards and three board cards.

    Parameters
    ----------
    hole
        2 to 5 distinct card ids.
    board
        5 distinct card ids (3 or 4 before the river), none in ``hole``.

    Returns
    -------
    value : int or None
        The :func:`low_value` of the best low, ``None`` if no choice makes one.
    cards : tuple of int or None
        The five cards of the first best low found (two hole cards, then
        three board cards, in the order given), ``None`` with no low.

    Examples
    --------
    >>> from omaha8.cards import parse_cards as c, format_cards
    >>> value, cards = best_low(c("Ah 2h 3c Qd"), c("2c 5s 7d Jh Ts"))
    >>> low_key_of_value(value), format_cards(cards)  # the deuce is counterfeited
    ((7, 5, 3, 2, 1), 'Ah 3c 2c 5s 7d')
    >>> best_low(c("Ah 2h 3c Qd"), c("2c 5s Jd Jh Ts"))  # two low board cards
    (None, None)
    """
    value_of_key = _low_value_of_key()

    def value(hand: tuple[int, ...]) -> int:
        key = _low_key(hand)
        return 0 if key is None else value_of_key[key]

    best_value, best_cards = _best(hole, board, value)
    if best_value == 0:
        return None, None
    return best_value, best_cards


def evaluate(hole: Iterable[SupportsIndex], board: Iterable[SupportsIndex]) -> tuple[int, int | None]:
    """The Omaha Hi/Lo values of one hand: ``(high, low)``, low ``None`` if none.

    Examples
    --------
    >>> from omaha8.cards import parse_cards as c
    >>> evaluate(c("As 2d Kc Kh"), c("3c 4h 5s Jd Qc"))  # the wheel: straight and best low
    (5854, 56)
    >>> evaluate(c("As 2d Kc Kh Kd Ks"), c("3c 4h 5s Jd Qc"))
    Traceback (most recent call last):
    ...
    omaha8.errors.ShapeError: hole has 6 cards; it must have 2 to 5
    """
    high, _ = best_high(hole, board)
    low, _ = best_low(hole, board)
    return high, low
