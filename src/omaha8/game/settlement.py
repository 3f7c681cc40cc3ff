"""Settling a hand: uncalled chips back, pots by contribution level, the rake, the splits and the payouts.

Heads-up the button's small blind folds: the big blind's second chip was never
matched and goes back uncalled, and the pot of 1 + 1 is the big blind's:

>>> from omaha8.game import Hand, NoLimit
>>> hand = Hand([100, 100], NoLimit(1, 2), seed=1)
>>> hand.act("fold")
>>> hand.result.uncalled, [pot.amount for pot in hand.result.pots], hand.result.payouts
((0, 1), [2], (0, 3))
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import Any

from .._support._args import brief
from ..core._core import evaluate_hand as _evaluate_hand
from ..errors import Omaha8Error
from ..pots._pots import _fold_out, _return_uncalled
from ..pots._showdown import CardroomOddChips, Pot, PotSplit, _split, showdown
from ._showdown_lane import trusted_showdown
from .arguments import check_odd_chips, check_rake
from .errors import GameError
from .events import STREETS, Award, Collect, PotFormed, Raked, Shown, Uncalled
from .results import HandResult, PotResult
from .state import ALLIN as _ALLIN
from .state import LIVE as _LIVE
from .state import SETTLED, HandState

__all__: list[str] = []

_CARDROOM = CardroomOddChips()
_add, _sub = operator.add, operator.sub

# The engine builds its results with every field at once: a frozen dataclass's own __init__ sets each field
# through object.__setattr__, which costs more than the rest of settling a folded hand. The instances are
# the same (their fields in their __dict__, as __init__ leaves them); nothing is checked in either way.
# Defined here, in a compiled module, so that settling a hand calls no interpreted function for them.
_new_object = object.__new__


def new_hand_result(
    payouts: tuple[int, ...], net: tuple[int, ...], stacks: tuple[int, ...], uncalled: tuple[int, ...],
    won: tuple[int, ...], pot: int, board: tuple[int, ...], showdown: Any, pots: tuple[PotResult, ...],
    rake: tuple[int, ...], rake_total: int,
) -> HandResult:
    """``HandResult(payouts, net, ...)``, the fields in declaration order."""
    result: HandResult = _new_object(HandResult)
    result.__dict__.update(payouts=payouts, net=net, stacks=stacks, uncalled=uncalled, won=won, pot=pot,
                           board=board, showdown=showdown, pots=pots, rake=rake, rake_total=rake_total)
    return result


def new_pot_result(
    amount: int, rake: int, eligible: tuple[int, ...], high_winners: tuple[int, ...],
    low_winners: tuple[int, ...] | None, awards: tuple[int, ...], split: PotSplit,
) -> PotResult:
    """``PotResult(amount, rake, ...)``, the fields in declaration order."""
    result: PotResult = _new_object(PotResult)
    result.__dict__.update(amount=amount, rake=rake, eligible=eligible, high_winners=high_winners,
                           low_winners=low_winners, awards=awards, split=split)
    return result


class _Settlement(HandState):
    """The end of a hand: everything computed first, then paid, so a failing policy changes nothing."""

    __slots__ = ()

    def settle(self, *, odd_chips: Any = None, rake: Any = None) -> None:
        """Settle a hand whose settlement failed (see :attr:`settlement_error`), again.

        Parameters
        ----------
        odd_chips, rake
            Policies to use instead of the hand's own (None: keep them).

        Raises
        ------
        GameError
            The betting is not over, or the policies fail again (the hand
            stays unsettled). A settled hand is left as it is.
        """
        if self._result is not None:
            return
        if self._settle_error is None:
            raise GameError(f"the hand is not over: seat {self._actor} is to act on the {STREETS[self._street]}")
        if odd_chips is not None:
            self._odd_chips = check_odd_chips(odd_chips)
        if rake is not None:
            self._rake = check_rake(rake)
        self._settle()

    def _settle(self) -> None:
        """Pay the hand out: uncalled chips back, pots by contribution level, rake, splits.

        Everything is computed before anything changes, so a policy that
        fails leaves the hand unsettled and :meth:`settle` can try again.
        """
        self._actor = -1
        try:
            if self._fast_settlement and self._rake is None and not any(self._dead) and self._run_from < 0:
                settled = self._settlement_fast()
            else:
                settled = self._settlement()
        except Omaha8Error as exc:
            self._settle_error = exc
            raise
        except Exception as exc:
            # a policy's own failure: the hand waits, unsettled, for settle()
            err = GameError(f"a policy failed while the hand was settled: {type(exc).__name__}: {brief(str(exc))}")
            self._settle_error = err
            raise err from exc
        self._settle_error = None
        pots, uncalled, res = settled
        if len(pots) == 1:  # a fold-out, or a showdown without side pots
            won = list(pots[0].awards)
        else:
            won = [0] * self._n
            for pot in pots:
                won = [w + chips for w, chips in zip(won, pot.awards)]
        # the settlement's events follow from the result: written when the history is read (_settlement_log)
        self._log.append(SETTLED)
        self._finish(won, uncalled, res, pots)

    def _settlement_log(self) -> list[tuple[Any, ...]]:
        """The settled hand's last events as log entries: shown cards, uncalled chips, pots, rake, awards."""
        result = self._result
        assert result is not None  # SETTLED is logged with the result
        res = result.showdown
        log: list[tuple[Any, ...]] = []
        append = log.append
        contested = res is not None
        if contested:
            holes = self._holes
            for s in res.show_order:
                append((Shown, s, holes[s]))
        for s, chips in enumerate(result.uncalled):
            if chips:
                append((Uncalled, s, chips))
        for i, pot in enumerate(result.pots):
            append((PotFormed, i, pot.amount, pot.eligible))
            if pot.rake:
                append((Raked, i, pot.rake))
            if contested:
                for s, chips in enumerate(pot.awards):
                    if chips:
                        append((Award, s, chips, i, _half(pot, s)))
        for s, chips in enumerate(result.won):
            if chips:
                append((Collect, s, chips))
        return log

    #: Whether a hand without rake or dead money is settled by :meth:`_settlement_fast`, and the showdown of
    #: :meth:`_settlement` goes through the engine's trusted lane; False: :meth:`_settlement`, which settles every
    #: hand by the public showdown, is their twin (tests/game/test_game_settlement_fast.py plays hands both ways)
    _fast_settlement = True

    def _settlement_fast(self) -> tuple[list[PotResult], list[int], Any]:
        """:meth:`_settlement` for a hand without rake or dead money, the showdown by the engine's trusted lane.

        The rare cuts (a fold-out won by a seat that put in less than a seat that folded, chips only from
        seats that folded) are left to :meth:`_settlement`.
        """
        n = self._n
        status, contrib = self._status, self._contrib
        if self._n_in >= 2:
            live = [s for s in range(n) if status[s] == _LIVE or status[s] == _ALLIN]
            for s in live:
                if contrib[s]:
                    break
            else:
                return self._settlement()
            policy = self._odd_chips
            res = trusted_showdown(self._deck_board, self._holes, contrib, live, self._button,
                                   self._last_aggr if self._last_aggr >= 0 else None,
                                   _CARDROOM if policy is None else policy)
            total = sum(contrib)
            if sum(res.payouts) != total:  # the policy's answers are checked in the split: a guard, not a rule
                raise GameError(f"the odd-chip policy's answers do not conserve chips: {sum(res.payouts)} paid "
                                f"out for {total} put in")
            pots = [new_pot_result(pot.amount, 0, pot.eligible, pot.high_winners, pot.low_winners, pot.awards,
                                   pot.split) for pot in res.pots]
            return pots, list(res.uncalled), res
        # everyone else folded and the winner put in the most (the usual fold-out): one pot, the excess back
        w = status.index(_LIVE) if _LIVE in status else status.index(_ALLIN)
        mine = contrib[w]
        second = max(contrib[:w] + contrib[w + 1:])
        if mine < second or not mine:
            return self._settlement()
        uncalled = [0] * n
        uncalled[w] = mine - second
        amount = sum(contrib) - (mine - second)
        if not amount:
            return [], uncalled, None
        awards = [0] * n
        awards[w] = amount
        return [new_pot_result(amount, 0, (w,), (w,), None, tuple(awards), PotSplit.UNCONTESTED)], uncalled, None

    def _settlement(self) -> tuple[list[PotResult], list[int], Any]:
        """(pots, uncalled per seat, the showdown result or None), computed without changing the hand."""
        n = self._n
        status, contrib = self._status, self._contrib
        live = [s for s in range(n) if status[s] == _LIVE or status[s] == _ALLIN]
        contested = len(live) >= 2
        total = sum(contrib)
        policy = self._odd_chips
        kwargs: dict[str, Any] = {} if policy is None else {"odd_chips": policy}
        res: Any = None
        if total == 0:
            return [], [0] * n, None
        # a dead blind is not a bet and reaches no pot level: the uncalled rule and the pot layers are
        # computed without it, and it goes into the main pot (antes, by contrast, are cut like any chips,
        # so that a player all-in on the ante wins only the antes they matched)
        extra = sum(self._dead)
        if extra:
            contrib = [c - d for c, d in zip(contrib, self._dead)]
        if not any(contrib[s] for s in live):
            # only seats that folded put chips in (possible with posts): the uncalled rule first, as
            # always, then the rest is one pot of dead money among the seats still in
            uncalled = _return_uncalled(contrib)[0]
            dead = sum(contrib) - sum(uncalled)
            res = showdown([self._holes[s] if s in live else None for s in range(n)], self._deck_board,
                           button=self._button, **kwargs) if contested else None
            pots = [Pot(dead, tuple(live), PotSplit.UNCONTESTED, tuple(live), None, None, (), ())] if dead else []
        elif contested:
            if self._fast_settlement:
                # the hand's own checked cards and counted chips: the showdown without the public call's checks
                res = trusted_showdown(self._deck_board, self._holes, list(contrib), live, self._button,
                                       self._last_aggr if self._last_aggr >= 0 else None,
                                       _CARDROOM if policy is None else policy)
            else:
                res = showdown(
                    [self._holes[s] if s in live else None for s in range(n)],
                    self._deck_board,
                    contributions=list(contrib),
                    button=self._button,
                    last_aggressor=self._last_aggr if self._last_aggr >= 0 else None,
                    **kwargs,
                )
            uncalled = [int(x) for x in res.uncalled]
            pots = list(res.pots)
        else:
            # everyone else folded: the same uncalled rule and pot layers, without cards
            uncalled, pots = _fold_out(contrib, live[0])
        extra_at = 0 if extra else -1
        if extra and not pots:
            pots = [Pot(0, tuple(live), PotSplit.UNCONTESTED, tuple(live), None, None, (), ())]
        amounts = tuple(pot.amount + (extra if i == extra_at else 0) for i, pot in enumerate(pots))
        taken = self._taken(amounts) if self._rake is not None else (0,) * len(pots)
        high = [0] * n
        low = [0] * n
        if res is not None and (any(taken) or extra or self._run_from >= 0):
            for s, hand in enumerate(res.hands):
                if hand is not None:
                    high[s] = hand.high
                    low[s] = hand.low or 0
        out = []
        by_run = self._run_values(res, live, high, low) if contested and self._run_from >= 0 else None
        for i, (pot, rake) in enumerate(zip(pots, taken)):
            add = extra if i == extra_at else 0
            runs: tuple[Pot, ...] = ()
            if by_run is not None:
                pot, runs = _split_runs(pot.amount + add - rake, pot.eligible, by_run,
                                        policy if policy is not None else _CARDROOM, self._button, n)
            elif rake or add or not pot.awards:
                # split what the rake left (or a pot not split yet) by the showdown's own rule
                if contested:
                    pot = _split(pot.amount + add - rake, pot.eligible, high, low,
                                 policy if policy is not None else _CARDROOM, self._button, n)
                else:
                    awards = [0] * n
                    awards[pot.eligible[0]] = pot.amount + add - rake
                    pot = Pot(pot.amount + add - rake, pot.eligible, PotSplit.UNCONTESTED, pot.eligible, None,
                              None, tuple(awards), ())
            out.append(PotResult(
                amount=pot.amount + rake,
                rake=rake,
                eligible=pot.eligible,
                high_winners=pot.high_winners,
                low_winners=pot.low_winners,
                awards=tuple(int(a) for a in pot.awards),
                split=pot.split,
                runs=runs,
            ))
        # whatever a policy answered, the chips paid must be the chips put in
        paid = sum(uncalled) + sum(sum(pot.awards) + pot.rake for pot in out)
        if paid != total or min(uncalled) < 0 or any(min(pot.awards) < 0 for pot in out if pot.awards):
            raise GameError(
                f"the odd-chip policy's answers do not conserve chips: {paid} paid out for {total} put in"
            )
        return out, uncalled, res

    def _run_values(self, res: Any, live: list[int], high: list[int], low: list[int]) -> list[tuple[list[int], list[int]]]:
        """Each board's (high, low) value per seat: the first board's from its showdown, the others' evaluated."""
        out = [(high, low)]
        n = self._n
        first = self._deck_board[: self._run_from]
        for board in [first + run[self._run_from:] for run in self._run_boards]:
            out.append(board_values(self._holes, live, board, n))
        return out

    def _taken(self, amounts: tuple[int, ...]) -> tuple[int, ...]:
        """The rake policy's answer for ``amounts``, checked: whole chips, 0..pot each."""
        answer = self._rake.take(amounts, flop_seen=self._board_n >= 3)  # type: ignore[union-attr]
        if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
            raise GameError(f"rake.take({list(amounts)}) returned {brief(answer)}, not one chip count per pot")
        got = list(answer)
        if len(got) != len(amounts):
            raise GameError(f"rake.take({list(amounts)}) returned {len(got)} amounts for {len(amounts)} pots")
        out = []
        for i, (chips, pot) in enumerate(zip(got, amounts)):
            try:
                if isinstance(chips, bool):
                    raise TypeError
                value = operator.index(chips)
            except TypeError:
                raise GameError(f"rake.take({list(amounts)})[{i}] = {brief(chips)} is not a whole number of chips") from None
            value = int(value)
            if not 0 <= value <= pot:
                raise GameError(f"rake.take({list(amounts)})[{i}] = {value}: the rake of a pot is 0..{pot}")
            out.append(value)
        return tuple(out)

    def _finish(self, won: list[int], uncalled: list[int], showdown: Any, pots: list[PotResult]) -> None:
        """Pay ``won`` (chips from pots per seat) and ``uncalled`` to the stacks and record the result."""
        payouts = tuple(map(_add, won, uncalled))
        stack = self._stack
        stack[:] = map(_add, stack, payouts)
        rake = tuple([pot.rake for pot in pots])
        self._result = new_hand_result(
            payouts,
            tuple(map(_sub, payouts, self._contrib)),
            tuple(stack),
            tuple(uncalled),
            tuple(won),
            sum(won),
            self._deck_board[: self._board_n],
            showdown,
            tuple(pots),
            rake,
            sum(rake),
        )
        self._pot = 0
        self._street = 4
        self._actor = -1
        if self._on_finish is not None:
            self._on_finish(self)


def board_values(holes: tuple[tuple[int, ...] | None, ...], live: list[int], board: tuple[int, ...],
                 n: int) -> tuple[list[int], list[int]]:
    """Each seat's (high, low) value on ``board`` (0 for a seat not in ``live``, and for no low): the
    live seats' holes evaluated alone, as the showdown evaluates them (:func:`board_values_by_showdown`,
    its slow twin, settles a showdown for them; tests/game/test_game_settlement_fast.py compares the two)."""
    high = [0] * n
    low = [0] * n
    for s in live:
        found = _evaluate_hand(holes[s], board)
        if found is None:
            # not a hand the evaluator takes: the public showdown says why
            return board_values_by_showdown(holes, live, board, n)
        high[s] = found[0]
        low[s] = found[1] or 0
    return high, low


def board_values_by_showdown(holes: tuple[tuple[int, ...] | None, ...], live: list[int], board: tuple[int, ...],
                             n: int) -> tuple[list[int], list[int]]:
    """:func:`board_values` from the public :func:`~omaha8.pots.showdown` of the live seats' holes."""
    run = showdown([holes[s] if s in live else None for s in range(n)], board)
    return [0 if h is None else h.high for h in run.hands], [0 if h is None else h.low or 0 for h in run.hands]


def _split_runs(value: int, eligible: tuple[int, ...], by_run: list[tuple[list[int], list[int]]],
                policy: Any, button: int, n: int) -> tuple[Pot, tuple[Pot, ...]]:
    """A pot of ``value`` chips run on several boards: an equal share each, the first boards taking the odd chips,
    each share split high/low on its own board (docs/rules.md, run it twice); the first board's winners stand
    for the pot's."""
    base, odd = divmod(value, len(by_run))
    runs = tuple(_split(base + (1 if r < odd else 0), eligible, high, low, policy, button, n)
                 for r, (high, low) in enumerate(by_run))
    awards = tuple(sum(run.awards[s] for run in runs) for s in range(n))
    first = runs[0]
    return Pot(value, eligible, first.split, first.high_winners, first.low_winners, first.halves, awards, ()), runs


def _half(pot: Any, seat: int) -> str:
    """What ``seat`` won of a showdown pot: ``"high"``, ``"low"``, ``"high and low"`` or ``"uncontested"``."""
    if len(pot.eligible) == 1:
        return "uncontested"
    low = pot.low_winners
    if low is None:
        return "high"
    high = seat in pot.high_winners
    if seat in low:
        return "high and low" if high else "low"
    return "high"
