"""The sites whose hand histories omaha8 reads, one small module each, and the formats it only recognises.

Each reader module has ``SITE`` (its name, the records' ``site``),
``starts(lines)`` (whether a hand's first lines are in its format: the
content decides, never a file name) and ``parse(label, start, lines)``
(the hand's lines as a :class:`~omaha8.histories.HandRecord`, through the
shared :class:`~omaha8.histories._builder.HandBuilder`). Nothing after the
readers (replay, reconciliation, reports) knows which site a hand came from.

A hand in a format omaha8 recognises but does not read (:data:`RECOGNISED`)
is skipped with that reason, never misread.

>>> site_of(["PokerStars Hand #1:  Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD) - 2024/05/01 20:00:00 ET"]).SITE
'PokerStars'
>>> site_of(["<session sessioncode=\\"1\\">"]).SITE, recognised(["<session sessioncode=\\"1\\">"]) is None
('iPoker', True)

Every reader, on a file of its fixtures (``tests/data/hh/<site>/``, each hand's result worked out by hand):

>>> from omaha8.histories import read
>>> for fixture in ("split_quartered", "888/split_quartered", "bovada/split_uncalled", "cake/split_and_return",
...                 "everleaf/split_and_fold", "fulltilt/split_and_uncalled", "kingsclub/antes_and_two_boards",
...                 "partypoker/split_side_pot", "pkr/side_pot_quartered", "winamax/split_side_pots",
...                 "winning/split_walk", "winning/old_format"):
...     hands = list(read(f"tests/data/hh/{fixture}.txt"))
...     print(hands[0].site, [str(hand.status) for hand in hands])
PokerStars ['verified']
888poker ['verified', 'verified']
Bovada ['verified', 'verified']
Cake ['verified', 'verified']
Everleaf ['verified', 'verified', 'verified']
Full Tilt ['verified', 'verified']
KingsClub ['verified', 'verified']
PartyPoker ['verified', 'verified']
PKR ['verified', 'verified']
Winamax ['verified', 'verified']
Winning ['verified', 'verified', 'verified']
Winning ['verified', 'verified']
"""

from __future__ import annotations

from types import ModuleType

from . import _bossmedia, _bovada, _cake, _entraction, _everleaf, _fulltilt, _ipoker, _kingsclub, _merge, _microgaming, _ongame, _pacific, _party, _pkr, _pokerstars, _winamax, _winning, _winning_old

__all__ = ["READERS", "RECOGNISED", "site_of", "recognised", "by_name"]

#: Every reader, in the order their ``starts`` are asked.
READERS: tuple[ModuleType, ...] = (_pokerstars, _fulltilt, _winamax, _winning, _pacific, _party, _bovada,
                                     _kingsclub, _winning_old, _everleaf, _pkr, _cake, _bossmedia,
                                     _microgaming, _ipoker, _merge, _entraction, _ongame)

#: Formats recognised by their first line and skipped: (first-line prefix, site).
RECOGNISED: tuple[tuple[str, str], ...] = (
    ("Stage #", "Absolute Poker"),
)


def site_of(lines: list[str]) -> ModuleType | None:
    """The reader of a hand whose first lines are ``lines``, or None."""
    for reader in READERS:
        if reader.starts(lines):
            return reader
    return None


def recognised(lines: list[str]) -> str | None:
    """The site of a format omaha8 recognises but does not read, or None."""
    first = lines[0] if lines else ""
    for prefix, site in RECOGNISED:
        if first.startswith(prefix):
            return site
    return None


def by_name(names: tuple[str, ...]) -> tuple[ModuleType, ...]:
    """The readers of the sites ``names``."""
    return tuple(reader for reader in READERS if reader.SITE in names)
