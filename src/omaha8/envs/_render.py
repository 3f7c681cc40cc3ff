"""A hand at a table as text: what the environments' ``render()`` shows.

>>> from omaha8.game import Hand, PotLimit
>>> hand = Hand([100, 100, 100], PotLimit(1, 2), button=0, seed=1)
>>> print(table_text(hand, ["player_0", "player_1", "player_2"]))
pot limit 1/2, preflop, pot 3
board: -
  player_0  button  100 behind  bet 0  Qc 8h 5c 9c  <- to act
  player_1  sb       99 behind  bet 1  3h 5s Ts 4h
  player_2  bb       98 behind  bet 2  Kc 8s Qh Kd
"""

from __future__ import annotations

from collections.abc import Sequence

from .._support._args import brief
from ..cards import format_cards
from ..errors import ArgumentError
from ..game import Hand

__all__ = ["table_text", "check_render_mode", "RENDER_MODES"]

#: What ``render_mode`` may be besides None: ``"human"`` prints the table after every action, ``"ansi"``
#: returns it from ``render()``.
RENDER_MODES = ("human", "ansi")


def check_render_mode(render_mode: object) -> str | None:
    """None, ``"human"`` or ``"ansi"``."""
    if render_mode is None:
        return None
    if not isinstance(render_mode, str) or render_mode not in RENDER_MODES:
        raise ArgumentError(f"render_mode must be None, 'human' or 'ansi', not {brief(render_mode)}")
    return render_mode


def _role(hand: Hand, seat: int) -> str:
    small, big = hand.blinds
    if seat == hand.button:
        return "button"
    return "sb" if seat == small else "bb" if seat == big else ""


def table_text(hand: Hand, names: Sequence[str], hidden: Sequence[int] = ()) -> str:
    """The hand's street, pot, board and seats, with every seat's cards but those of the seats ``hidden``."""
    board = format_cards(hand.board) if hand.board else "-"
    lines = [f"{hand.structure.name}, {hand.street}, pot {hand.pot}", f"board: {board}"]
    width = max(len(name) for name in names)
    chips = len(str(max(max(hand.stacks), 1)))
    folded, actor = set(hand.folded), hand.actor
    for seat, name in enumerate(names):
        cards = hand.holes[seat]
        shown = "?" if seat in hidden or cards is None else format_cards(cards)
        state = "  folded" if seat in folded else "  <- to act" if seat == actor else ""
        lines.append(f"  {name:<{width}}  {_role(hand, seat):<6}  {hand.stacks[seat]:>{chips}} behind  "
                     f"bet {hand.bets[seat]}  {shown}{state}")
    if hand.is_over:
        lines.append("net: " + ", ".join(f"{name} {net:+d}" for name, net in zip(names, hand.result.net)))
    return "\n".join(lines)
