"""Replay: a history's actions played again on the same deal, through the public surface of :class:`Hand`."""

from __future__ import annotations

from .._args import brief
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
    )
    want = history.events
    checked = 0

    def compare() -> None:
        # report the first event that differs, before the actions that follow it are refused
        nonlocal checked
        got = hand.history.events
        upto = min(len(got), len(want))
        for j in range(checked, upto):
            if got[j] != want[j]:
                raise ReplayError(f"event {j} differs: replayed {got[j]!r}, history has {want[j]!r}")
        checked = upto

    for i, event in enumerate(want):
        if event.kind not in ACTIONS:
            continue
        compare()
        if hand.is_over:
            raise ReplayError(f"event {i} ({event.text()}): the replayed hand is already over")
        amount = event.total if event.kind in ("bet", "raise") else None
        try:
            hand.act(event.kind, amount, seat=event.seat)
        except IllegalActionError as exc:
            raise ReplayError(f"event {i} ({event.text()}) is refused: {exc}") from None
    compare()
    events = len(hand.history.events)
    if events != len(want):
        raise ReplayError(f"the replay has {events} events, the history {len(want)}")
    return hand
