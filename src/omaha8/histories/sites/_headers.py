"""What the sites' headers name: the games omaha8 reads, the other games they deal, limits and stakes.

A header names a game and a limit. omaha8 reads Omaha Hi/Lo (4 cards),
5 Card Omaha Hi/Lo and Courchevel Hi/Lo; a header that names another game a
site deals (hold'em, high-only Omaha, stud, ...) is skipped as
:class:`~omaha8.histories._grammar._OtherGame`; anything else (``Pot Limt``,
``Omaha Hi/L0``) is a corrupted header and unreadable, never skipped.

>>> game_and_limit("Omaha Hi/Lo Pot Limit", 1, 1)
('Omaha Hi/Lo', 4, 'Pot Limit')
>>> game_and_limit("$3.41+$3.41+$0.68 USD Courchevel Hi/Lo Pot Limit", 1, 1, buy_in=True)
('Courchevel Hi/Lo', 5, 'Pot Limit')
>>> game_and_limit("Omaha Pot Limt", 1, 20)
Traceback (most recent call last):
...
omaha8.histories._grammar._Bad: 'Omaha Pot Limt' names no game and limit that PokerStars deals
"""

from __future__ import annotations

from .._grammar import CURRENCY_SIGNS, ISO_CODES, _Bad, _OtherGame

__all__ = ["READ_GAMES", "OTHER_GAMES", "LIMITS", "game_and_limit", "stakes_of", "skip_other_game"]

#: The games read, as headers name them: (omaha8's name, hole cards).
READ_GAMES = {
    "Omaha Hi/Lo": ("Omaha Hi/Lo", 4),
    "5 Card Omaha Hi/Lo": ("5 Card Omaha Hi/Lo", 5),
    "Courchevel Hi/Lo": ("Courchevel Hi/Lo", 5),
}
#: Other games PokerStars deals: a hand of one of them is skipped, not unreadable.
OTHER_GAMES = frozenset({
    "Hold'em", "Omaha", "5 Card Omaha", "6 Card Omaha", "6 Card Omaha Hi/Lo", "Courchevel", "Razz", "7 Card Stud",
    "7 Card Stud Hi/Lo", "5 Card Draw", "Triple Draw 2-7 Lowball", "Single Draw 2-7 Lowball", "Badugi",
    "6+ Hold'em", "Hold'em 6+", "Omaha 6+", "Big O", "Big O Hi/Lo", "Omaha Hi", "London Lowball", "2-7 Single Draw",
    "2-7 Triple Draw", "5 Card Stud", "Fusion", "Double Board Omaha", "Double Board Omaha Hi/Lo",
})
#: Limits, longest first (``Pot Limit`` before ``Limit``).
LIMITS = ("Pot Limit Pre-Flop, No Limit Post-Flop", "Pot Limit", "No Limit", "Fixed Limit", "Limit")
_BUY_IN_WORDS = frozenset({"Freeroll", "FPP", "SC", "Satellite", *ISO_CODES})


def game_and_limit(text: str, at: int, col: int, *, buy_in: bool = False) -> tuple[str, int, str]:
    """(game, hole cards, limit) of a header's game text (``Omaha Hi/Lo Pot Limit``).

    With ``buy_in`` the text may start with a tournament's buy-in
    (``$10+$1 USD``, ``Freeroll``), which is left out.
    """
    text = " ".join(text.split())
    limit = next((name for name in LIMITS if text.endswith(" " + name)), None)
    if limit is None:
        raise _Bad(at, col, f"{text[:60]!r} names no game and limit that PokerStars deals")
    game = text[: -len(limit) - 1]
    if buy_in:
        words = game.split(" ")
        while words and " ".join(words) not in READ_GAMES and " ".join(words) not in OTHER_GAMES and (
                words[0] in _BUY_IN_WORDS or any(ch in "$€£+" for ch in words[0]) or words[0][:1].isdigit()
                and any(ch in "+." for ch in words[0])):
            words.pop(0)
        game = " ".join(words)
    if limit == "Fixed Limit":
        limit = "Limit"
    if game in READ_GAMES:
        name, variant = READ_GAMES[game]
        if limit not in ("Pot Limit", "No Limit", "Limit"):
            raise _OtherGame(f"{game} {limit} is not a limit omaha8 plays")
        return name, variant, limit
    if game in OTHER_GAMES:
        raise _OtherGame(f"{game} {limit} is not Omaha Hi/Lo")
    raise _Bad(at, col, f"{text[:60]!r} names no game and limit that PokerStars deals")


def skip_other_game(what: str) -> _OtherGame:
    """The skip of a hand of ``what`` (another game)."""
    return _OtherGame(f"{what} is not Omaha Hi/Lo")


def stakes_of(text: str, at: int, col: int) -> tuple[str | None, tuple[str, str]]:
    """(currency or None, (small, big) as text) of ``$0.50/$1.00 USD``, ``€0.02/€0.05``, ``5/10``."""
    words = text.split()
    code = None
    if len(words) == 2 and words[1] in ISO_CODES:
        code, text = words[1], words[0]
    parts = text.split("/")
    if len(parts) != 2 or not all(parts):
        raise _Bad(at, col, f"the stakes {text[:40]!r} are not two amounts, e.g. '$0.01/$0.02 USD'")
    signs = {p[0] for p in parts if p[0] in CURRENCY_SIGNS} | {p[-1] for p in parts if p[-1] in CURRENCY_SIGNS}
    if len(signs) > 1:
        raise _Bad(at, col, "the stakes mix currencies")
    if signs:
        sign_code = CURRENCY_SIGNS[signs.pop()]
        if code is not None and code != sign_code:
            raise _Bad(at, col, f"the stakes' sign and code {code} disagree")
        code = sign_code
        if not all(p[0] in CURRENCY_SIGNS or p[-1] in CURRENCY_SIGNS for p in parts):
            raise _Bad(at, col, "the stakes mix currencies")
    return code, (parts[0], parts[1])
