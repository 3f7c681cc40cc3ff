"""Many tables at once: :class:`BatchTables` plays thousands of Omaha Hi/Lo tables in lockstep, in nogil code.

Every table plays by the rules of :class:`~omaha8.game.Hand` (docs/rules.md
§4-§6: fixed limit with its cap rules, pot limit, no limit, 2-10 seats, 4 and
5 cards), and :meth:`BatchTables.history` gives each table's last hand as a
:class:`~omaha8.game.HandHistory` that :func:`~omaha8.game.replay` plays again
to the same payouts. A finished hand starts the next one at its table.

>>> import numpy as np
>>> from omaha8.game import BatchTables, PotLimit
>>> tables = BatchTables(4, 6, PotLimit(1, 2), seed=7)
>>> obs = tables.observe()
>>> obs["seat"].tolist(), obs["to_call"].tolist(), obs["max_to"].tolist()  # under the gun: call 2 or raise to 7
([3, 3, 3, 3], [2, 2, 2, 2], [7, 7, 7, 7])
>>> finished, net = tables.step(np.array([0, 1, 2, 2]), np.array([0, 0, 7, 5]))
>>> finished.tolist(), tables.observe()["pot"].tolist()   # fold, call, raise to 7, raise to 5
([False, False, False, False], [3, 5, 10, 8])
>>> tables.step(2, 99)
Traceback (most recent call last):
...
omaha8.game.hand.IllegalActionError: seat 4 cannot raise to 99 at table 0: a raise here is to 4..7 (pot limit)
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Union

import numpy as np
import numpy.typing as npt

from .._support._args import brief, check_array_bytes, check_bool, check_int, check_seed, is_int, non_int_at
from .._support._threads import threads_for
from ..errors import ArgumentError, ArgumentTypeError, ChipError, ShapeError
from . import _batch
from ._batch_history import hand_history
from ._batch_results import Advance, Observation, PlayTotals
from .errors import GameError, IllegalActionError
from .hand_history import HandHistory
from .structures import HEADS_UP_RULES, FixedLimit, MixedGame, NoLimit, PotLimit, Structure

__all__ = ["BatchTables", "PlayTotals", "Advance", "Observation", "MAX_STACK", "STRUCTURE_NAMES"]

#: Most chips a seat may start with (sums of a table's chips, and the pot-limit arithmetic, stay far from int64's end).
MAX_STACK = 2**48

#: The structures a name stands for: ``"fixed-limit"`` 2/4, ``"pot-limit"`` and ``"no-limit"`` 1/2.
STRUCTURE_NAMES: dict[str, Structure] = {
    "fixed-limit": FixedLimit(2, 4),
    "pot-limit": PotLimit(1, 2),
    "no-limit": NoLimit(1, 2),
}

#: A :meth:`BatchTables.play` policy: the observation of the waiting tables to their (kinds, amounts).
Policy = Callable[[Observation], tuple[npt.ArrayLike, npt.ArrayLike]]

_KINDS = {FixedLimit: 0, PotLimit: 1, NoLimit: 2}
_POLICIES = {"random": 0, "call": 1}
_WAIT = 2  # advance(): a seat whose turn stops its table
_MAX_DEALT = {4: 10, 5: 9}
_ACTIONS = ("fold", "check or call", "bet or raise")


class BatchTables:
    """``n_tables`` tables of ``n_seats`` seats, played in lockstep in nogil code.

    Parameters
    ----------
    n_tables
        Number of tables, at least 1.
    n_seats
        Seats at each table, 2 to 10 (at most 9 with chips for 5-card Omaha).
    structure
        A :class:`FixedLimit`, :class:`PotLimit` or :class:`NoLimit`, or one of
        :data:`STRUCTURE_NAMES` (``"pot-limit"`` is ``PotLimit(1, 2)``).
    variant
        4 or 5 hole cards.
    stacks
        Starting stacks: one number for every seat, one per seat, or an
        (n_tables, n_seats) array; 0 leaves a seat empty (each table needs
        two seats with chips). Default: 100 big blinds each. At most
        :data:`MAX_STACK`.
    carry_stacks
        False (default): every hand starts from the starting stacks. True:
        stacks carry over from hand to hand, a seat without chips sits out,
        and a table left with one seat with chips starts again from the
        starting stacks.
    seed
        Seeds every table's cards and the random policy's choices (None: a
        fresh seed). The same seed gives the same hands for any ``n_threads``.
    n_threads
        Threads for :meth:`step` and :meth:`play`; None uses every core.

    Notes
    -----
    The first hand's button is each table's first seat with chips; after a
    hand it moves to the next seat clockwise with chips (docs/rules.md §6.10),
    and the next hand is dealt at once, so every table always has a seat to
    act. A hand in which nobody has a decision (heads-up, both blinds all-in)
    is played out with the hand before it.
    """

    def __init__(
        self,
        n_tables: int,
        n_seats: int,
        structure: Structure | str,
        *,
        variant: int = 4,
        stacks: npt.ArrayLike | None = None,
        carry_stacks: bool = False,
        seed: int | None = 0,
        n_threads: int | None = None,
    ) -> None:
        self._n_tables = check_int(n_tables, "n_tables", minimum=1, maximum=2**31 - 1)
        self._n_seats = check_int(n_seats, "n_seats", minimum=2, maximum=10, value_error=ShapeError)
        # the engine's state: about 120 bytes a seat (13 int64 and 13 bytes) and 150 a table
        check_array_bytes(self._n_tables * (120 * self._n_seats + 150),
                          f"the state of {self._n_tables:,} tables of {self._n_seats} seats", f"n_tables={n_tables}")
        self._variant = check_int(variant, "variant", minimum=4, maximum=5, value_error=ShapeError)
        self._structure = _structure(structure)
        carry = check_bool(carry_stacks, "carry_stacks")
        self._threads = threads_for(n_threads)
        checked = check_seed(seed)
        self._seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0]) if checked is None else checked
        start = self._stacks(stacks)
        self._start = start
        # advance()'s checked policies, by (policy, until_seat) as given
        self._stops: dict[tuple[object, object], np.ndarray[Any, np.dtype[np.int8]]] = {}
        s = self._structure
        fixed = isinstance(s, FixedLimit)
        self._engine = _batch.Engine(
            self._n_tables, self._n_seats, self._variant, _KINDS[type(s)], s.small_blind, s.big_blind,
            s.small_bet if isinstance(s, FixedLimit) else 0, s.big_bet if isinstance(s, FixedLimit) else 0,
            (s.cap or 0) if isinstance(s, FixedLimit) else 0,
            HEADS_UP_RULES.index(s.uncapped_heads_up) if fixed else 0,  # type: ignore[union-attr]
            carry, start, self._seed)

    def _stacks(self, stacks: npt.ArrayLike | None) -> np.ndarray[Any, np.dtype[np.int64]]:
        """The starting stacks as (n_tables, n_seats) int64, checked."""
        shape = (self._n_tables, self._n_seats)
        if stacks is None:
            stacks = np.int64(100 * self._structure.big_blind)
        if isinstance(stacks, (str, bytes, Mapping)):
            raise ChipError(f"stacks must be chip counts, not {type(stacks).__name__} {brief(stacks)}")
        given = np.asarray(stacks)
        if given.dtype.kind not in "iu" or given.dtype == np.bool_ or non_int_at(stacks, given) is not None:
            raise ChipError(f"stacks must be whole numbers of chips, not {_kind_of(stacks, given)} values "
                            f"{brief(stacks)}")
        if given.ndim > 2 or (given.ndim >= 1 and given.shape[-1] != self._n_seats) or (
                given.ndim == 2 and given.shape[0] != self._n_tables):
            raise ShapeError(f"stacks must be one number, {self._n_seats} numbers (one per seat) or an array of "
                             f"shape {shape}, not shape {given.shape}")
        if given.size and (given.min() < 0 or given.max() > MAX_STACK):
            bad = np.argwhere((given < 0) | (given > MAX_STACK))[0]
            raise ChipError(f"stacks{list(bad) if given.ndim else ''} = {int(given[tuple(bad)])}: a stack is "
                            f"0..{MAX_STACK} chips")
        start = np.ascontiguousarray(np.broadcast_to(given, shape), dtype=np.int64)
        seated = (start > 0).sum(axis=1)
        most = _MAX_DEALT[self._variant]
        bad_rows = np.flatnonzero((seated < 2) | (seated > most))
        if len(bad_rows):
            t = int(bad_rows[0])
            raise ChipError(f"stacks of table {t} ({start[t].tolist()}): a {self._variant}-card table needs 2 to "
                            f"{most} seats with chips")
        # heads-up, a stack of at most the small blind is all-in on the blinds and nobody ever acts
        smallest = np.where(start > 0, start, MAX_STACK + 1).min(axis=1)
        bad_rows = np.flatnonzero((seated == 2) & (smallest <= self._structure.small_blind))
        if len(bad_rows):
            t = int(bad_rows[0])
            raise ChipError(f"stacks of table {t} ({start[t].tolist()}): with two seats with chips, a stack of at "
                            f"most the small blind ({self._structure.small_blind}) goes all-in on the blinds and "
                            "nobody would ever act")
        return start

    # ---------------------------------------------------------------- what the tables are

    @property
    def n_tables(self) -> int:
        """Number of tables."""
        return self._n_tables

    @property
    def n_seats(self) -> int:
        """Seats at each table."""
        return self._n_seats

    @property
    def variant(self) -> int:
        """Hole cards per player, 4 or 5."""
        return self._variant

    @property
    def structure(self) -> Structure:
        """The betting structure every table plays."""
        return self._structure

    @property
    def seed(self) -> int:
        """The seed of the tables' cards and random choices."""
        return self._seed

    @property
    def buttons(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """int8 (n_tables,): each table's button seat in the hand being played."""
        return self._engine.buttons()

    @property
    def hands_finished(self) -> np.ndarray[Any, np.dtype[np.int64]]:
        """int64 (n_tables,): hands finished at each table so far."""
        return self._engine.hands_finished()

    @property
    def last_net(self) -> np.ndarray[Any, np.dtype[np.int64]]:
        """int64 (n_tables, n_seats): net chips of each table's last finished hand (0 before the first)."""
        return self._engine.last_net()

    def __repr__(self) -> str:
        return (f"<BatchTables {self._n_tables} tables of {self._n_seats} seats, {self._variant}-card, "
                f"{self._structure.name}>")

    # ---------------------------------------------------------------- playing

    def observe(self) -> Observation:
        """What the seat to act sees at each table: a dict of new arrays, one row per table.

        Keys
        ----
        ``seat`` (int8)
            The seat to act.
        ``street`` (int8)
            0 pre-flop, 1 flop, 2 turn, 3 river.
        ``button`` (int8)
            The button's seat.
        ``board`` (uint8, (n, 5))
            The board's card ids, 255 for cards not dealt yet.
        ``hole`` (uint8, (n, variant))
            The acting seat's hole cards.
        ``pot`` (int64)
            Every chip put in this hand, this street's bets included.
        ``stacks``, ``bets`` (int64, (n, n_seats))
            Every seat's chips behind, and its bet on this street.
        ``in_hand`` (bool, (n, n_seats))
            The seats dealt in that have not folded.
        ``to_call`` (int64)
            The chips a call adds (all the seat has when that is less); 0: it may check.
        ``min_to``, ``max_to`` (int64)
            The least and the most its bet or raise may make its bet on the
            street (a raise *to*); both 0 when it may not bet or raise.
        ``can_check`` (bool)
            ``to_call == 0``.
        """
        return self._engine.observe()

    def step(self, kind: npt.ArrayLike, amount: npt.ArrayLike | None = None) -> tuple[
            np.ndarray[Any, np.dtype[np.bool_]], np.ndarray[Any, np.dtype[np.int64]]]:
        """Apply one action at every table.

        Parameters
        ----------
        kind
            Per table (or one for all): 0 fold, 1 check or call, 2 bet or raise
            to ``amount``. Folding is always allowed.
        amount
            Per table (or one for all): the bet the seat makes its bet on the
            street (``min_to..max_to``); read only where ``kind`` is 2.

        Returns
        -------
        finished : numpy.ndarray
            bool (n_tables,): a hand finished at the table (the next one is dealt).
        net : numpy.ndarray
            int64 (n_tables, n_seats): the chips each seat won or lost in it (0 elsewhere).

        Raises
        ------
        IllegalActionError
            An action a table's rules refuse: the message names the first such
            table and seat, and no table is changed.
        ShapeError, ArgumentTypeError
            Arrays of the wrong length, or not of whole numbers.
        """
        kinds, amounts = self._actions(kind, amount, self._n_tables)
        finished, net = self._apply(kinds, amounts, None)
        return finished > 0, net

    def _actions(self, kind: npt.ArrayLike, amount: npt.ArrayLike | None, m: int,
                 rows: np.ndarray[Any, Any] | None = None) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        """``kind`` and ``amount`` as int8 and int64 arrays of m rows; the first refused row raises."""
        kinds = _whole(kind, "kind", m)
        amounts = np.zeros(m, np.int64) if amount is None else _whole(amount, "amount", m)
        bad = np.flatnonzero((kinds < 0) | (kinds > 2))
        if len(bad):
            self._refuse(int(bad[0]), rows, f"kind {int(kinds[bad[0]])}",
                         "the kind must be 0 (fold), 1 (check or call) or 2 (bet or raise)")
        if amounts.dtype != np.int64:
            too_big = np.flatnonzero((kinds == 2) & (amounts > np.iinfo(np.int64).max))
            if len(too_big):
                self._refuse(int(too_big[0]), rows, f"raise to {int(amounts[too_big[0]])}", "that is not a chip count")
            amounts = np.where(kinds == 2, amounts, 0).astype(np.int64)
        kinds = np.ascontiguousarray(kinds, dtype=np.int8)
        amounts = np.ascontiguousarray(amounts, dtype=np.int64)
        j = self._engine.first_illegal(kinds, amounts, rows)
        if j >= 0:
            self._refuse(j, rows, None, None, int(amounts[j]))
        return kinds, amounts

    def _refuse(self, j: int, rows: np.ndarray[Any, Any] | None, action: str | None, reason: str | None,
                amount: int = 0) -> None:
        """Raise the IllegalActionError of row j's action (at table rows[j], or j)."""
        t = j if rows is None else int(rows[j])
        obs = self._engine.observe(np.array([t], np.intp))
        seat, lo, hi, call = (int(obs[key][0]) for key in ("seat", "min_to", "max_to", "to_call"))
        wager = "raise" if obs["bets"][0].max() > 0 or int(obs["street"][0]) == 0 else "bet"
        if reason is None:
            action = f"{wager} to {amount}" if wager == "raise" else f"{wager} {amount}"
            if not hi:
                reason = f"it may not {wager} here (it may fold or {f'call {call}' if call else 'check'})"
            else:
                span = str(lo) if lo == hi else f"{lo}..{hi}"
                reason = f"a {wager} here is to {span} ({self._structure.kind.label})"
        error = IllegalActionError(seat, f"{action} at table {t}", reason)
        error.table = t  # type: ignore[attr-defined]
        raise error

    def _apply(self, kinds: np.ndarray[Any, Any], amounts: np.ndarray[Any, Any], rows: np.ndarray[Any, Any] | None
               ) -> tuple[np.ndarray[Any, np.dtype[np.int32]], np.ndarray[Any, np.dtype[np.int64]]]:
        """Apply checked actions: the hands finished at each table and their net chips."""
        finished, net = self._engine.apply(kinds, amounts, threads_for(self._threads, 4 * len(kinds)), rows)
        if self._engine.broken():
            raise GameError("a table settled a hand with no live seat in it: the engine is broken")
        return finished, net

    def play(self, n_hands: int, policy: str | Policy = "random") -> PlayTotals:
        """Play ``n_hands`` hands, all tables together, and total them per seat.

        Table t plays ``n_hands // n_tables`` hands, one more when
        ``t < n_hands % n_tables``, and is left at the start of its next hand.

        Parameters
        ----------
        n_hands
            Hands to play, at least 0.
        policy
            ``"random"``: each turn, fold (only facing a bet), check or call, and
            bet or raise, with equal chance among those allowed, a wager to a
            uniform amount between the bounds. ``"call"``: always check or
            call. Both run entirely in the kernel. Or a callable: it gets the
            :meth:`observe` dict of the tables still playing, with a key
            ``"table"`` (their numbers), and returns ``(kinds, amounts)`` for
            them as :meth:`step` takes them.

        Returns
        -------
        PlayTotals

        Examples
        --------
        >>> from omaha8.game import BatchTables
        >>> totals = BatchTables(100, 6, "pot-limit", seed=1).play(10_000)
        >>> totals.n_hands, int(totals.hands.sum()), int(totals.net.sum())
        (10000, 60000, 0)
        """
        hands = check_int(n_hands, "n_hands", minimum=0)
        quota = np.full(self._n_tables, hands // self._n_tables, np.int64)
        quota[: hands % self._n_tables] += 1
        self._engine.counting(True)
        try:
            if isinstance(policy, str) and policy in _POLICIES:
                self._engine.play(quota, _POLICIES[policy], self._threads)
                if self._engine.broken():
                    raise GameError("a table settled a hand with no live seat in it: the engine is broken")
            elif callable(policy) and not isinstance(policy, str):
                self._play_with(policy, quota)
            else:
                raise ArgumentError(f"policy must be 'random', 'call' or a callable, not {brief(policy)}")
        finally:
            self._engine.counting(False)
        seats, net, won, overflow = self._engine.totals()
        if overflow:
            raise ChipError("a seat's net chips passed what an int64 holds: play fewer hands a call")
        total = net.sum(axis=0, dtype=object)
        if any(abs(x) > np.iinfo(np.int64).max for x in total):
            raise ChipError("a seat's net chips passed what an int64 holds: play fewer hands a call")
        return PlayTotals(int(quota.sum()), seats.sum(axis=0), np.array(total.tolist(), np.int64), won.sum(axis=0))

    def _play_with(self, policy: Policy, quota: np.ndarray[Any, Any]) -> None:
        left = quota.copy()
        while True:
            rows = np.flatnonzero(left > 0).astype(np.intp)
            if not len(rows):
                return
            obs = self._engine.observe(rows)
            obs["table"] = rows.astype(np.int64)
            answer = policy(obs)
            if not isinstance(answer, tuple) or len(answer) != 2:
                raise ArgumentTypeError(f"a policy must return (kinds, amounts), not {brief(answer)}")
            kinds, amounts = self._actions(answer[0], answer[1], len(rows), rows)
            finished, _ = self._apply(kinds, amounts, rows)
            left[rows] -= finished

    def advance(self, policy: str | Sequence[str | None] = "random", *, until_seat: int | None = None,
                kind: npt.ArrayLike | None = None, amount: npt.ArrayLike | None = None) -> Advance:
        """Play every table on with built-in policies until a seat without one is to act.

        A learner's seat at many tables against built-in opponents: ``advance``
        with the learner's actions as ``kind`` and ``amount`` plays them, then
        the opponents in C until the learner is to act again at every table.

        Parameters
        ----------
        policy
            ``"random"`` or ``"call"`` (as :meth:`play` plays them) for every
            seat, or one per seat: a name, or None for a seat whose turn stops
            its table.
        until_seat
            A seat whose turn stops every table (its policy is ignored).
        kind, amount
            An action to apply first, one per table (or one for all) as
            :meth:`step` takes them, with kind -1 where nothing is to be
            applied; checked as :meth:`step` checks them (an illegal one
            refuses the whole call and changes nothing). Default: none.

        Returns
        -------
        Advance
            The hand in play at the call (whether it finished, its net chips,
            how it ended) apart from the hands dealt after it that finished.

        Raises
        ------
        ArgumentError
            No seat stops the tables, or at some table none of the seats that
            stop it has chips to start with (the call would never return).
        IllegalActionError
            As :meth:`step`.

        Notes
        -----
        A finished hand starts the next one, played on the same way, so a
        table is left where a stopping seat is to act. With
        ``carry_stacks=True`` a stopping seat without chips sits out until its
        table starts again from the starting stacks, and the hands between
        are played through.

        Examples
        --------
        >>> from omaha8.game import BatchTables
        >>> tables = BatchTables(3, 6, "pot-limit", seed=2)
        >>> result = tables.advance("call", until_seat=0)     # the others call to seat 0's turn
        >>> tables.observe()["seat"].tolist(), result.finished.tolist()
        ([0, 0, 0], [False, False, False])
        >>> result = tables.advance("call", until_seat=0, kind=0)   # seat 0 folds; the rest call down
        >>> result.finished.tolist(), result.net[:, 0].tolist(), int(result.net.sum())
        ([True, True, True], [0, 0, 0], 0)
        >>> tables.advance("call", until_seat=7)
        Traceback (most recent call last):
        ...
        omaha8.errors.ArgumentError: until_seat must be at most 5, got 7
        """
        key = _policy_key(policy, until_seat)
        codes = None if key is None else self._stops.get(key)
        if codes is None:
            codes = self._policy_codes(policy, until_seat)
            if key is not None:
                self._stops[key] = codes  # checked once: a training loop asks the same every call
        m = self._n_tables
        if kind is None:
            kinds = np.full(m, -1, np.int8)
            amounts = np.zeros(m, np.int64)
        else:
            given = _whole(kind, "kind", m)
            acting = given != -1
            if acting.all():
                kinds, amounts = self._actions(given, amount, m)
            else:
                # checked where an action is given, as step() checks them
                rows = np.flatnonzero(acting).astype(np.intp)
                kinds = np.full(m, -1, np.int8)
                amounts = np.zeros(m, np.int64)
                kinds[rows], amounts[rows] = self._actions(
                    given[rows], None if amount is None else _whole(amount, "amount", m)[rows], len(rows), rows)
        # a call plays a few decisions a table, a showdown now and then: some 16 hands' evaluations of work
        threads = threads_for(self._threads, 16 * m)
        finished, net, more, more_net, final = self._engine.advance(codes, kinds, amounts, threads)
        if self._engine.broken():
            raise GameError("a table settled a hand with no live seat in it: the engine is broken")
        return Advance(finished, net, final, more, more_net)

    def _policy_codes(self, policy: object, until_seat: object) -> np.ndarray[Any, np.dtype[np.int8]]:
        """advance()'s policy per seat as the kernel's codes, checked: some seat stops every table."""
        n = self._n_seats
        names = [policy] * n if isinstance(policy, str) else policy
        if not isinstance(names, Sequence) or isinstance(names, bytes):
            raise ArgumentTypeError(f"policy must be 'random', 'call' or one of those (or None) per seat, "
                                    f"not {brief(policy)}")
        if len(names) != n:
            raise ShapeError(f"policy must give one policy per seat ({n}), got {len(names)}")
        codes = np.empty(n, np.int8)
        for s, name in enumerate(names):
            if name is not None and not (isinstance(name, str) and name in _POLICIES):
                where = "policy" if isinstance(policy, str) else f"policy[{s}]"
                raise ArgumentError(f"{where} must be 'random', 'call' or None, not {brief(name)}")
            codes[s] = _WAIT if name is None else _POLICIES[name]
        if until_seat is not None:
            codes[check_int(until_seat, "until_seat", minimum=0, maximum=n - 1, value_error=ArgumentError)] = _WAIT
        stopping = codes == _WAIT
        if not stopping.any():
            raise ArgumentError("advance needs a seat to stop at: give until_seat, or None as a seat's policy")
        seated = (self._start[:, stopping] > 0).any(axis=1)
        if not seated.all():
            t = int(np.flatnonzero(~seated)[0])
            raise ArgumentError(f"at table {t} no seat that stops the table ({np.flatnonzero(stopping).tolist()}) "
                                "has chips to start with: the table would never stop")
        return codes

    def history(self, table: int) -> HandHistory:
        """The last finished hand at ``table`` as a :class:`~omaha8.game.HandHistory`.

        :func:`omaha8.game.replay` plays it again through the scalar engine,
        which checks every event, to the same payouts.

        Raises
        ------
        GameError
            No hand has finished at the table yet (or its log could not be kept).
        """
        t = check_int(table, "table", minimum=0, maximum=self._n_tables - 1, value_error=ArgumentError)
        if self._engine.hands_finished()[t] == 0:
            raise GameError(f"no hand has finished at table {t} yet")
        record = self._engine.last_hand(t)
        if record["actions"] is None:
            raise GameError(f"the history of table {t}'s last hand was not kept: the machine ran out of memory")
        return hand_history(record, self._structure, self._variant)


def _structure(value: object) -> Structure:
    if isinstance(value, str):
        if value not in STRUCTURE_NAMES:
            raise ArgumentError(f"structure must be one of {', '.join(STRUCTURE_NAMES)} or a structure, "
                                f"not {brief(value)}")
        return STRUCTURE_NAMES[value]
    if isinstance(value, MixedGame):
        raise ArgumentTypeError("BatchTables plays one structure: FixedLimit, PotLimit or NoLimit "
                                "(omaha8.game.Table plays a MixedGame)")
    if not isinstance(value, (FixedLimit, PotLimit, NoLimit)):
        raise ArgumentTypeError(f"structure must be FixedLimit, PotLimit, NoLimit or a name, "
                                f"not {type(value).__name__} {brief(value)}")
    for name in ("small_blind", "big_blind", "small_bet", "big_bet"):
        chips = getattr(value, name, 0)
        if chips > MAX_STACK:
            raise ChipError(f"{type(value).__name__}: {name} = {chips} is more than {MAX_STACK} chips")
    return value


def _kind_of(given: object, array: np.ndarray[Any, Any]) -> str:
    """What ``given`` holds, for an error: its dtype, or bools where numpy took True for 1 (no other item of an
    integer array fails is_int)."""
    return "bool" if non_int_at(given, array) is not None else str(array.dtype)


def _policy_key(policy: object, until_seat: object) -> tuple[object, object] | None:
    """advance()'s arguments as a key of its checked policies, or None for arguments not kept (checked anew)."""
    if not (until_seat is None or type(until_seat) is int):
        return None
    if isinstance(policy, str):
        return policy, until_seat
    if isinstance(policy, (list, tuple)) and all(p is None or type(p) is str for p in policy):
        return tuple(policy), until_seat
    return None


def _whole(value: npt.ArrayLike, name: str, m: int) -> np.ndarray[Any, Any]:
    """``value`` as an integer array of m rows (one value is every row's)."""
    if isinstance(value, (str, bytes)) or (not isinstance(value, (np.ndarray, Sequence)) and not is_int(value)):
        raise ArgumentTypeError(f"{name} must be whole numbers, one a table, not {type(value).__name__} {brief(value)}")
    array = np.asarray(value)
    if array.dtype.kind not in "iu" or array.dtype == np.bool_ or non_int_at(value, array) is not None:
        raise ArgumentTypeError(f"{name} must be whole numbers, not {_kind_of(value, array)} values {brief(value)}")
    if array.ndim == 0:
        return np.full(m, operator.index(array.item()), dtype=array.dtype)
    if array.shape != (m,):
        raise ShapeError(f"{name} must have one entry per table ({m}), not shape {array.shape}")
    return array
