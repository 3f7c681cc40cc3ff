"""The odd-chip rule: how chips that do not divide evenly are placed.

:func:`omaha8.showdown` takes any :class:`OddChipPolicy` as ``odd_chips=``;
:class:`CardroomOddChips` is the default (``docs/rules.md`` §4.5).

>>> CardroomOddChips().split_halves(7)  # the odd chip goes to the high half
(4, 3)
>>> isinstance(CardroomOddChips(), OddChipPolicy)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

__all__ = ["OddChipPolicy", "CardroomOddChips"]


@runtime_checkable
class OddChipPolicy(Protocol):
    """How :func:`omaha8.showdown` places chips that do not divide evenly.

    A pot cut in halves is first cut by :meth:`split_halves`; each half (or
    the whole pot, when it is not cut) is then divided equally among its
    tied winners, and the ``amount % len(winners)`` chips left over go one
    each to the first winners of :meth:`order`. No winner ever gets more
    than one odd chip from one division.
    """

    def split_halves(self, amount: int) -> tuple[int, int]:
        """Cut ``amount`` chips into ``(high half, low half)``."""
        ...

    def order(self, winners: Sequence[int], button: int, n_seats: int) -> Sequence[int]:
        """The winners in the order they receive odd chips (asked only when chips are left over)."""
        ...


class CardroomOddChips:
    """The cardroom odd-chip rule (``docs/rules.md`` §4.5, Robert's Rules, TDA).

    * An odd chip between the halves goes to the high half.
    * Chips left over when a half is divided among tied winners go one each
      to those winners clockwise from the button, the first seat left of the
      button first (the button itself is last).

    Subclass it and override one method to change one part of the rule.

    Examples
    --------
    >>> rule = CardroomOddChips()
    >>> rule.split_halves(65)
    (33, 32)
    >>> rule.order([0, 2, 4], button=2, n_seats=6)  # left of the button first
    (4, 0, 2)

    A room that gives the odd chip to the low half instead (seat 0 wins the
    high of a 9-chip pot, seat 1 the low):

    >>> class LowGetsOddChip(CardroomOddChips):
    ...     def split_halves(self, amount):
    ...         return amount // 2, amount - amount // 2
    >>> from omaha8.pots._showdown import showdown
    >>> deal = (["Kh Ks 9c 9d", "3c 4c Jh Jd", "Tc Td 8h 8s"], "Ah 2h 7c Kd Qs")
    >>> showdown(*deal, contributions=[3, 3, 3]).payouts
    (5, 4, 0)
    >>> showdown(*deal, contributions=[3, 3, 3], odd_chips=LowGetsOddChip()).payouts
    (4, 5, 0)
    """

    def split_halves(self, amount: int) -> tuple[int, int]:
        """``(amount - amount // 2, amount // 2)``: the odd chip goes high."""
        low = amount // 2
        return amount - low, low

    def order(self, winners: Sequence[int], button: int, n_seats: int) -> Sequence[int]:
        """Winners clockwise from the seat left of the button."""
        return tuple(sorted(winners, key=lambda seat: (seat - button - 1) % n_seats))

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


_CARDROOM = CardroomOddChips()
