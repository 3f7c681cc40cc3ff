"""Rake: the chips the house takes from the pots of a hand.

A :class:`RakePolicy` is asked once per settled hand, after uncalled chips
went back, for the chips it takes from each pot (main pot first, then the
side pots in order); every pot is then split among its winners without
them. The engine checks every answer: whole chips, ``0 <= taken <= pot``.

>>> from omaha8.game import Hand, NoLimit, PercentageRake
>>> rule = PercentageRake(5, cap=3)
>>> rule.take((40, 12), flop_seen=True)    # 5% of 52 is 2.6: 2 chips, from the main pot
(2, 0)
>>> rule.take((100, 60), flop_seen=True)   # 5% of 160 is 8, capped at 3
(3, 0)
>>> rule.take((40,), flop_seen=False)      # no flop, no drop
(0,)
>>> PercentageRake(120)
Traceback (most recent call last):
...
omaha8.errors.ArgumentError: PercentageRake: percent must be between 0 and 100, not 120
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Protocol, Union, runtime_checkable

from .._support._args import brief, check_bool, check_int, is_int
from ..errors import ArgumentError, ArgumentTypeError

__all__ = ["RakePolicy", "NoRake", "PercentageRake", "PokerStarsRake"]


@runtime_checkable
class RakePolicy(Protocol):
    """How much the house takes from each pot of a hand."""

    def take(self, pots: tuple[int, ...], *, flop_seen: bool) -> Sequence[int]:
        """Chips taken from each pot of ``pots`` (main pot first); ``flop_seen``: the flop was dealt."""
        ...


class NoRake:
    """Nothing is taken: the default.

    >>> NoRake().take((30, 10), flop_seen=True)
    (0, 0)
    """

    def take(self, pots: tuple[int, ...], *, flop_seen: bool) -> Sequence[int]:
        """Zero chips from every pot."""
        return (0,) * len(pots)

    def __repr__(self) -> str:
        return "NoRake()"

    def __eq__(self, other: object) -> bool:
        return type(other) is NoRake

    def __hash__(self) -> int:
        return hash(NoRake)


class PercentageRake:
    """A percentage of the whole pot, rounded down to a chip, up to a cap.

    Parameters
    ----------
    percent
        The share taken, 0 to 100: an int, a :class:`fractions.Fraction` or
        a decimal string (``"4.5"``).
    cap
        The most taken from one hand (None: no cap).
    no_flop_no_drop
        Take nothing from a hand that ended before the flop (default True).

    Notes
    -----
    The rake is ``floor(total * percent / 100)``, at most ``cap``, where
    ``total`` is every pot of the hand together (uncalled chips are never
    raked). It is taken from the main pot first, then from each side pot in
    order, never more than a pot holds.
    """

    __slots__ = ("percent", "cap", "no_flop_no_drop")

    def __init__(self, percent: Union[int, Fraction, str], cap: int | None = None, *,
                 no_flop_no_drop: bool = True) -> None:
        rate: Fraction
        if is_int(percent) or isinstance(percent, Fraction):
            rate = Fraction(percent)
        elif isinstance(percent, str) and len(percent) <= 40:
            try:
                rate = Fraction(percent.strip())
            except ValueError:
                raise ArgumentError(f"PercentageRake: percent must be a number, not {brief(percent)}") from None
        else:
            raise ArgumentTypeError(
                f"PercentageRake: percent must be an int, a Fraction or a decimal string, "
                f"not {type(percent).__name__} {brief(percent)}"
            )
        if not 0 <= rate <= 100:
            raise ArgumentError(f"PercentageRake: percent must be between 0 and 100, not {brief(percent)}")
        self.percent = rate
        self.cap = None if cap is None else check_int(cap, "PercentageRake: cap", minimum=0)
        self.no_flop_no_drop = check_bool(no_flop_no_drop, "PercentageRake: no_flop_no_drop")

    def take(self, pots: tuple[int, ...], *, flop_seen: bool) -> Sequence[int]:
        """The rake of the whole hand, taken from the main pot first."""
        if self.no_flop_no_drop and not flop_seen:
            return (0,) * len(pots)
        total = sum(pots)
        left = int(total * self.percent // 100)
        if self.cap is not None and left > self.cap:
            left = self.cap
        out = []
        for amount in pots:
            taken = amount if amount < left else left
            out.append(taken)
            left -= taken
        return tuple(out)

    def __eq__(self, other: object) -> bool:
        if type(other) is not PercentageRake:
            return NotImplemented
        return (self.percent, self.cap, self.no_flop_no_drop) == (other.percent, other.cap, other.no_flop_no_drop)

    def __hash__(self) -> int:
        return hash((self.percent, self.cap, self.no_flop_no_drop))

    def __repr__(self) -> str:
        return f"PercentageRake({str(self.percent)!r}, cap={self.cap!r}, no_flop_no_drop={self.no_flop_no_drop})"


_FIVE = Fraction(5)


class PokerStarsRake:
    """PokerStars' rake: one amount for the hand, taken from the main pot first.

    PokerStars prints one rake per hand (``Total pot $3.70 Main pot $2.35.
    Side pot-1 $0.88. Side pot-2 $0.29. | Rake $0.18``) and the pots it lists
    are what is left after the rake. Its histories show where that amount
    comes from:

    - **from every pot**, not from the main pot alone: in that 2010 hand the
      contributions cut pots of $2.47, $0.93 and $0.30, so the rake was
      $0.12, $0.05 and $0.01 of them, and the ``collected`` lines of each
      pot's winners add up to the pot listed. No rounding rule reproduces
      every such split, so a replay passes the pots the history lists
      (``listed``) and each pot gives up what it lost; without them (or
      when they do not fit the pots the contributions cut) the rake comes
      from the main pot first, then from each side pot in order;
    - **before the hi/lo split**: each pot is halved after its rake, the odd
      chip going to the high half (a $4.85 pot raked $0.20 pays $2.33 high
      and $2.32 low);
    - no flop, no drop: a hand that ends before the flop is not raked.

    Parameters
    ----------
    amount
        The hand's rake as the history states it (a replay of a history
        passes it), or None to compute it from the pots with the rates
        below.
    percent, cap, step
        The computed rule: ``percent`` of every pot together, rounded down
        to a multiple of ``step`` chips, at most ``cap``. Rakes before 2012
        went in whole steps (5% as 5 cents per full dollar: ``step=5``);
        later ones linearly from the first cent (``step=1``).
    listed
        The pots the history lists after the rake (main pot first), or
        None. Used when there are as many as the hand has pots, each is
        at most its pot and they leave exactly ``amount`` between them.

    Examples
    --------
    >>> PokerStarsRake(300).take((3000, 6000), flop_seen=True)   # all from the main pot
    (300, 0)
    >>> PokerStarsRake(50).take((30, 100), flop_seen=True)       # more than the main pot holds
    (30, 20)
    >>> PokerStarsRake(18, listed=(235, 88, 29)).take((247, 93, 30), flop_seen=True)   # the 2010 hand
    (12, 5, 1)
    >>> PokerStarsRake(18, listed=(235, 88)).take((247, 93, 30), flop_seen=True)       # does not fit
    (18, 0, 0)
    >>> PokerStarsRake(percent=5, step=5).take((485,), flop_seen=True)   # 2009: 5 cents per full dollar
    (20,)
    >>> PokerStarsRake(percent=5, step=5).take((39,), flop_seen=True)
    (0,)
    >>> PokerStarsRake(-1)
    Traceback (most recent call last):
    ...
    omaha8.errors.ArgumentError: PokerStarsRake: amount must be at least 0, got -1
    """

    __slots__ = ("amount", "percent", "cap", "step", "listed")

    def __init__(self, amount: int | None = None, *, percent: Union[int, Fraction, str] = 5,
                 cap: int | None = None, step: int = 1, listed: Sequence[int] | None = None) -> None:
        # plain ints in range (a replay's, one policy per hand) are taken as they are: check_int gives them back
        self.amount = amount if amount is None or type(amount) is int and amount >= 0 else check_int(
            amount, "PokerStarsRake: amount", minimum=0)
        if listed is not None and (isinstance(listed, (str, bytes)) or not isinstance(listed, Sequence)):
            raise ArgumentTypeError(f"PokerStarsRake: listed must be a sequence of ints, not {type(listed).__name__}")
        self.listed = None if listed is None else tuple(
            check_int(p, f"PokerStarsRake: listed[{i}]", minimum=0) for i, p in enumerate(listed))
        # a replay makes one per hand: the default rate is not parsed again each time
        self.percent = _FIVE if percent == 5 and type(percent) is int else PercentageRake(percent).percent
        self.cap = None if cap is None else check_int(cap, "PokerStarsRake: cap", minimum=0)
        self.step = step if type(step) is int and step >= 1 else check_int(step, "PokerStarsRake: step", minimum=1)

    def total(self, pots: tuple[int, ...], *, flop_seen: bool) -> int:
        """The rake of the whole hand: the stated amount, or the computed one (0 before a flop)."""
        if self.amount is not None:
            return self.amount
        if not flop_seen:
            return 0
        steps = sum(pots) * self.percent / 100 / self.step
        taken = int(steps) * self.step
        return taken if self.cap is None or taken < self.cap else self.cap

    def take(self, pots: tuple[int, ...], *, flop_seen: bool) -> Sequence[int]:
        """The hand's rake: what each listed pot lost, else from the main pot first, then each side pot in order."""
        left = self.total(pots, flop_seen=flop_seen)
        listed = self.listed
        if listed is not None and len(listed) == len(pots) and len(pots) > 1:
            lost = tuple(pot - after for pot, after in zip(pots, listed))
            if min(lost) >= 0 and sum(lost) == left:
                return lost
        out = []
        for amount in pots:
            taken = amount if amount < left else left
            out.append(taken)
            left -= taken
        if left:
            # more rake than chips: ask for it anyway, so that the engine refuses it, naming the rule
            out[-1] += left
        return tuple(out)

    def __repr__(self) -> str:
        if self.amount is not None:
            return f"PokerStarsRake({self.amount})" if self.listed is None else (
                f"PokerStarsRake({self.amount}, listed={self.listed!r})")
        return f"PokerStarsRake(percent={str(self.percent)!r}, cap={self.cap!r}, step={self.step})"
