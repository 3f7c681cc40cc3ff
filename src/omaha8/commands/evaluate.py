"""``omaha8 evaluate``: each hand's best high and low on one board."""

from __future__ import annotations

import argparse
from typing import Any

from ..cards import format_card, format_cards, parse_cards
from ..errors import ArgumentError, CardError, CardTypeError, DuplicateCardError
from ..core._evaluate import evaluate

EXAMPLE_BOARD = "Ah Kh 7c 4d 2s"
EXAMPLE_HOLES = ("As 3s Qc Jd", "5c 5d 8h 9h")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "evaluate",
        help="best high and low hand of each player on a board",
        description="Print each hand's best high and 8-or-better low, with the five cards used "
        "(exactly two from the hole, three from the board). Seats are numbered from 0 in the order the "
        "holes are given. With no arguments, evaluates an example deal.",
    )
    parser.add_argument("holes", nargs="*", help='hole cards of each seat, e.g. "As 3s Qc Jd" (4 or 5 cards)')
    parser.add_argument("--board", help=f'the five board cards (default with no holes: "{EXAMPLE_BOARD}")')
    parser.set_defaults(func=run)


def _cards(text: str, name: str) -> Any:
    """The cards of one argument; errors name it."""
    try:
        return parse_cards(text, name=name)
    except (CardError, CardTypeError) as exc:
        raise type(exc)(f"{name}: {exc}") from None


def run(args: argparse.Namespace) -> int:
    holes = args.holes or list(EXAMPLE_HOLES)
    board_text = args.board or (EXAMPLE_BOARD if not args.holes else None)
    if board_text is None:
        raise ArgumentError("--board is required when hole cards are given")
    board = _cards(board_text, "--board")
    parsed = [_cards(text, f"seat {seat}") for seat, text in enumerate(holes)]
    seen = {int(card): "the board" for card in board}
    for seat, hole in enumerate(parsed):
        for card in hole.tolist():
            if card in seen:
                raise DuplicateCardError(f"card {format_card(card)!r} is in seat {seat} and in {seen[card]}")
            seen[card] = f"seat {seat}"
    print(f"Board: {format_cards(board)}")
    for seat, hole in enumerate(parsed):
        hand = evaluate(hole, board)
        print(f"Seat {seat}: {format_cards(hole)}")
        print(f"  high {hand.high:>5}  {hand.high_description:<36} {format_cards(hand.high_cards)}")
        if hand.low is None or hand.low_cards is None:
            print("  low      -  No low")
        else:
            print(f"  low  {hand.low:>5}  {hand.low_description:<36} {format_cards(hand.low_cards)}")
    return 0
