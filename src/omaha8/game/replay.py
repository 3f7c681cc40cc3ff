"""Replay: a history's actions played again on the same deal, through the public surface of :class:`Hand`."""

from __future__ import annotations

from .._support._args import brief
from ..errors import ArgumentTypeError
from .errors import IllegalActionError, ReplayError
from .events import ACTIONS
from .hand import Hand
from .hand_history import HandHistory

__all__ = ["replay"]


def replay(history: HandHistory) -> Hand:
    """Play a history's actions again on the same deal; the new hand's events must match.

    Parameters
    ----------
    history
        A :attr:`Hand.history`.

    Returns
    -------
    Hand
        The replayed hand, in the state the history ends in.

    Raises
    ------
    ReplayError
        An action is refused, or the replay's events differ from the
        history's (the message gives the first difference).

    Examples
    --------
    >>> from omaha8.game import Hand, NoLimit
    >>> hand = Hand([100, 100, 100], NoLimit(1, 2), seed=4)
    >>> hand.act("fold"); hand.act("fold")
    >>> replay(hand.history).history == hand.history
    True
    >>> import dataclasses
    >>> replay(dataclasses.replace(hand.history, button=1))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    omaha8.game.history.ReplayError: event 0 differs: replayed Posted(kind='small_blind', seat=2, ...
    """
    if not isinstance(history, HandHistory):
        raise ArgumentTypeError(f"replay needs a HandHistory, not {type(history).__name__} {brief(history)}")
    hand = Hand(
        history.stacks,
        history.structure,
        button=history.button,
        variant=history.variant,
        holes=history.holes,
        board=history.board,
        odd_chips=history.odd_chips,
        posts=history.posts,
        rake=history.rake,
        game=history.game,
        runs=history.runs,
        boards=history.boards or None,
    )
    want = history.events

    def compare() -> None:
        # the first event that differs is reported before anything that follows from it (a refused action,
        # a hand over too soon); the events are read only then and at the end, which keeps a replay linear
        got = hand.history.events
        for j in range(min(len(got), len(want))):
            if got[j] != want[j]:
                raise ReplayError(f"event {j} differs: replayed {got[j]!r}, history has {want[j]!r}")

    for i, event in enumerate(want):
        if event.kind not in ACTIONS:
            continue
        if hand.is_over:
            compare()
            raise ReplayError(f"event {i} ({event.text()}): the replayed hand is already over")
        amount = event.total if event.kind in ("bet", "raise") else None
        try:
            hand.act(event.kind, amount, seat=event.seat)
        except IllegalActionError as exc:
            compare()
            raise ReplayError(f"event {i} ({event.text()}) is refused: {exc}") from None
        except Exception:
            compare()
            raise
    compare()
    events = len(hand.history.events)
    if events != len(want):
        raise ReplayError(f"the replay has {events} events, the history {len(want)}")
    return hand
