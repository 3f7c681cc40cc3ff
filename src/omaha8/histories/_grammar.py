"""The line grammar every hand-history reader shares: line forms, amounts, cards, and where a line went wrong.

A line form is a template: literal text with typed slots in braces, compiled
once into an anchored pattern whose slots have a bounded length and never
give back what they took (possessive), so a line is matched in time linear
in its length whatever it holds:

>>> form = Form("{name}: raises {amount} to {amount}{? and is all-in}")
>>> m = form.match("Bob: raises $2 to $3 and is all-in")
>>> m.group(1), m.group(2), m.group(3), bool(m.group(4)), m.start(3) + 1   # the last: a 1-based column
('Bob', '$2', '$3', True, 19)
>>> form.match("Bob: raises $2 to $3 and is all-") is None
True

Slots: ``{amount}`` (an optional currency sign or ISO code, ASCII digits with
thousands commas, decimals, an optional sign or code after: ``$1,138.87``,
``4.96€``, ``$2 USD``, ``EUR 999.25``), ``{signed}`` (an amount with ``+`` or
``-`` first), ``{int}`` (ASCII digits), ``{cards}`` (the text inside square
brackets), ``{word}`` (no spaces), ``{name}`` (a player's name: up to
:data:`MAX_NAME` characters, the shortest that lets the rest of the line
match; the reader then checks it is seated), ``{text}`` (any text, only last)
and ``{? literal}`` (optional text; its group is the literal or empty).
A form holds at most one ``{name}`` or ``{label}``: with two, a line
could be cut in quadratically many ways.

:class:`Money` turns an amount's text into whole units (cents of a cash game,
chips of a tournament) and :func:`cards_of` card text into card ids; both
raise :class:`_Bad` with the line and column of the fault. Only ASCII digits
are digits (``Seat ٤`` and ``calls ٢٠`` are not numbers).
"""

from __future__ import annotations

import re
from typing import Pattern

from .._support._args import brief
from ..cards import format_card

__all__ = [
    "Form", "Money", "cards_of", "ascii_int", "MAX_NAME", "CURRENCY_SIGNS",
    "ISO_CODES",
]

#: Longest player name read (longer ones make the line unreadable).
MAX_NAME = 100
#: Currency signs and the ISO code each stands for.
CURRENCY_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP"}
#: ISO currency codes read before or after an amount.
ISO_CODES = ("USD", "EUR", "GBP", "CAD", "AUD", "SEK", "NOK", "DKK", "CHF", "INR", "RUB", "BRL", "JPY", "CNY",
             "PLN", "HUF", "CZK", "MXN")


class _Bad(Exception):
    """A line that cannot be part of a hand: the line (1-based in the file), the column (1-based) and why.

    Private: raised inside the readers and turned into a :class:`~omaha8.histories.SkippedHand` by
    :mod:`omaha8.histories.reader`, never seen outside."""

    def __init__(self, line: int, column: int, reason: str) -> None:
        super().__init__(reason)
        self.line, self.column, self.reason = line, column, reason


class _OtherGame(Exception):
    """The hand is of another known game (hold'em, high-only Omaha, ...): the reason names it."""


class _NotReplayed(Exception):
    """An Omaha Hi/Lo hand played in a way the engine does not replay: the line and the reason."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line, self.reason = line, reason


_CODES = "|".join(ISO_CODES)
_SIGNS = "".join(CURRENCY_SIGNS)
# a number: 1..19 digits, or thousands groups, then up to 8 decimals; every run bounded and possessive
_NUMBER = r"[0-9]{1,19}+(?:,[0-9]{3}){0,6}+(?:\.[0-9]{1,8}+)?+"
_AMOUNT = rf"(?:[{_SIGNS}] ?|(?:{_CODES}) )?+{_NUMBER}(?:[{_SIGNS}]| (?:{_CODES})\b)?+"
_SLOTS = {
    "amount": f"({_AMOUNT})",
    "signed": f"([+-]{_AMOUNT})",
    "int": r"([0-9]{1,40}+)",
    "cards": r"\[([^\[\]]{0,120}+)\]",
    "word": r"(\S{1,200}+)",
    "name": f"(.{{1,{MAX_NAME}}}?)",
    "label": r"(.{0,200}?)",
    "text": r"(.*+)",
}
_PIECE = re.compile(r"\{(\? [^}]*|\?[^}]*|[a-z]+)\}")


class Form:
    """A line form: literal text with typed slots (see the module docstring), matched in linear time.

    Groups are numbered by slot, left to right; ``match`` wants the whole line.

    >>> Form("Seat {int}: {name} ({amount} in chips){text}").match("Seat 3: Ann Lee ($10 in chips) is sitting out").groups()
    ('3', 'Ann Lee', '$10', ' is sitting out')
    """

    __slots__ = ("template", "pattern", "match")

    def __init__(self, template: str) -> None:
        self.template = template
        parts: list[str] = []
        at = 0
        names = 0
        for m in _PIECE.finditer(template):
            parts.append(re.escape(template[at:m.start()]))
            slot = m.group(1)
            if slot.startswith("?"):
                parts.append(f"((?:{re.escape(slot[1:])})?+)")
            else:
                if slot not in _SLOTS:
                    raise ValueError(f"unknown slot {{{slot}}} in {template!r}")
                if slot == "text" and m.end() != len(template):
                    raise ValueError(f"{{text}} must end the form: {template!r}")
                names += slot in ("name", "label")
                parts.append(_SLOTS[slot])
            at = m.end()
        if names > 1:
            raise ValueError(f"a form holds one {{name}} or {{label}} at most: {template!r}")
        parts.append(re.escape(template[at:]))
        self.pattern: Pattern[str] = re.compile("".join(parts))
        self.match = self.pattern.fullmatch

    def __repr__(self) -> str:
        return f"Form({self.template!r})"


def ascii_int(text: str, at: int, col: int, what: str) -> int:
    """``text`` as an int when it is ASCII digits only (``int()`` also takes other scripts' digits)."""
    if text.isascii() and text.isdigit() and len(text) <= 40:
        return int(text)
    raise _Bad(at, col, f"{what} {brief(text)} is not a number (ASCII digits)")


_CARD = {format_card(c): c for c in range(52)}
for _c in range(52):
    _text = format_card(_c)
    _CARD[_text[0] + _text[1].upper()] = _c  # "AS": some exports write the suit in capitals
    _CARD[_text[0].lower() + _text[1]] = _c  # "as"
    if _text[0] == "T":
        _CARD["10" + _text[1]] = _c  # "10h": old WPN and Merge write the ten in digits
        _CARD["10" + _text[1].upper()] = _c
del _c, _text


# card texts repeat within a hand (a flop on the flop, turn, river and summary lines) and across hands
_SEEN_CARDS: dict[str, tuple[int, ...]] = {}


def cards_of(text: str, at: int, col: int, *, hidden: bool = False) -> tuple[int, ...]:
    """Card ids of ``text``: cards separated by spaces or commas (``As Kd``, ``As,Kd``, `` Qs, 6h ``).

    With ``hidden``, ``X`` and ``-`` (a card not shown) give -1.

    >>> cards_of("As 10h", 3, 1), cards_of("X X", 3, 1, hidden=True)
    ((51, 34), (-1, -1))
    >>> cards_of("As Zz", 3, 1)
    Traceback (most recent call last):
    ...
    omaha8.histories._grammar._Bad: 'Zz' is not a card
    """
    known = _SEEN_CARDS.get(text)
    if known is not None:
        return known
    words = text.replace(",", " ").split()
    try:
        found = tuple([_CARD[word] for word in words])
    except KeyError:
        pass
    else:
        if len(_SEEN_CARDS) >= 8192:
            _SEEN_CARDS.clear()  # bounded: start again rather than grow
        _SEEN_CARDS[text] = found
        return found
    out = []
    for word in words:
        card = _CARD.get(word)
        if card is None:
            if hidden and word in ("X", "x", "-"):
                card = -1
            else:
                raise _Bad(at, col, f"{brief(word)} is not a card")
        out.append(card)
    return tuple(out)


_VALUES: dict[tuple[str | None, int, bool], dict[str, int]] = {}


class Money:
    """How one hand writes amounts: its currency (None for chips) and the decimals kept (2: cents, 0: chips).

    >>> Money("USD", 2).value("$1,138.87", 5, 1), Money("EUR", 2).value("4.96€", 5, 1), Money(None, 0).value("3,465", 5, 1)
    (113887, 496, 3465)
    >>> Money(None, 0).value("200.5", 5, 9)
    Traceback (most recent call last):
    ...
    omaha8.histories._grammar._Bad: amount '200.5' is not a whole number of chips
    """

    __slots__ = ("currency", "decimals", "strict", "_cache")

    def __init__(self, currency: str | None, decimals: int, *, strict: bool = False) -> None:
        self.currency = currency
        self.decimals = decimals
        # strict: a cash amount must carry the hand's currency sign (PokerStars always writes it)
        self.strict = strict
        # amounts repeat from hand to hand ("$0.10"): their values are kept per way of writing them, bounded
        self._cache = _VALUES.setdefault((currency, decimals, strict), {})

    def value(self, text: str, at: int, col: int) -> int:
        """The amount written ``text`` in the hand's units."""
        known = self._cache.get(text)
        if known is not None:
            return known
        body = text
        code = None
        if body[:1] in CURRENCY_SIGNS:
            code = CURRENCY_SIGNS[body[:1]]
            body = body[1:].lstrip(" ")
        elif body[:3] in ISO_CODES and body[3:4] == " ":
            code, body = body[:3], body[4:]
        if body[-1:] in CURRENCY_SIGNS:
            code2 = CURRENCY_SIGNS[body[-1:]]
            if code is not None and code2 != code:
                raise _Bad(at, col, f"amount {brief(text)} names two currencies")
            code, body = code2, body[:-1]
        elif body[-4:-3] == " " and body[-3:] in ISO_CODES:
            if code is not None and body[-3:] != code:
                raise _Bad(at, col, f"amount {brief(text)} names two currencies")
            code, body = body[-3:], body[:-4]
        if code is not None and self.currency is not None and code != self.currency:
            raise _Bad(at, col, f"amount {brief(text)} is not in {self.currency}, the currency of this hand")
        if code is None and self.strict and self.currency is not None:
            sign = next((s for s, c in CURRENCY_SIGNS.items() if c == self.currency), self.currency)
            raise _Bad(at, col, f"amount {brief(text)} lacks the currency {sign} of this cash game")
        whole, _, fraction = body.partition(".")
        if "," in whole:
            groups = whole.split(",")
            if not (1 <= len(groups[0]) <= 3 and all(len(g) == 3 for g in groups[1:])):
                raise _Bad(at, col, f"amount {brief(text)} has misplaced thousands separators")
            whole = "".join(groups)
        if not (whole.isascii() and whole.isdigit() and (not fraction or (fraction.isascii() and fraction.isdigit()))):
            raise _Bad(at, col, f"amount {brief(text)} is not an amount")
        places = self.decimals
        if len(fraction) > places:
            if fraction[places:].strip("0"):
                what = "a whole number of chips" if not places else f"an amount with {places} decimals"
                raise _Bad(at, col, f"amount {brief(text)} is not {what}")
            fraction = fraction[:places]
        out = int(whole) * 10**places + (int(fraction.ljust(places, "0")) if places else 0)
        if len(self._cache) < 4096:
            self._cache[text] = out
        return int(out)
