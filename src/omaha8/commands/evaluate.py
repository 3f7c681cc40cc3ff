"""``omaha8 evaluate``: each hand's best high and low on one board.

Every hand is read and checked before anything is printed, so an error
leaves standard output empty. ``--json`` prints one object per seat,
``-o FILE`` writes one row per seat: :data:`COLUMNS`.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..cards import format_card, format_cards, parse_cards
from ..core._evaluate import HandEvaluation, evaluate
from ..errors import ArgumentError, CardError, CardTypeError, DuplicateCardError, ShapeError
from ._output import Output, add_output_options

EXAMPLE_BOARD = "Ah Kh 7c 4d 2s"
EXAMPLE_HOLES = ("As 3s Qc Jd", "5c 5d 8h 9h")
#: The fields of a seat's object and row.
COLUMNS = {"seat": "int", "hole": "str", "board": "str", "high": "int", "high_description": "str",
           "high_cards": "str", "low": "int", "low_description": "str", "low_cards": "str"}


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "evaluate",
        help="best high and low hand of each player on a board",
        description="Print each hand's best high and 8-or-better low, with the five cards used "
        "(exactly two from the hole, three from the board). Seats are numbered from 0 in the order the "
        "holes are given; every seat holds 4 cards, or every seat 5. Cards may be written as hand histories "
        "write them, in brackets. With no arguments, evaluates an example deal.",
        epilog="example:\n  omaha8 evaluate --board 'Ah Kh 7c 4d 2s' 'As 3s Qc Jd' '[5c 5d 8h 9h]' --json",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("holes", nargs="*", help="hole cards of each seat, e.g. 'As 3s Qc Jd' (4 or 5 cards)")
    parser.add_argument("--board", help=f"the five board cards (default with no holes: '{EXAMPLE_BOARD}')")
    add_output_options(parser, "one row per seat", "one JSON object per seat")
    parser.set_defaults(func=run)


def _cards(text: str, name: str) -> Any:
    """The cards of one argument; errors name it."""
    try:
        return parse_cards(text, name=name)
    except (CardError, CardTypeError) as exc:
        raise type(exc)(f"{name}: {exc}") from None


def _checked(holes: list[str], board_text: str) -> tuple[Any, list[Any]]:
    """The board and every hole, parsed and checked: sizes, one hole size for the table, no card twice."""
    board = _cards(board_text, "--board")
    if board.size != 5:
        raise ShapeError(f"--board has {board.size} cards; the board has 5")
    parsed = [_cards(text, f"seat {seat}") for seat, text in enumerate(holes)]
    for seat, hole in enumerate(parsed):
        if hole.size not in (4, 5):
            raise ShapeError(f"seat {seat} has {hole.size} cards; a hole has 4 or 5")
        if hole.size != parsed[0].size:
            raise ShapeError(f"seat {seat} has {hole.size} cards but seat 0 has {parsed[0].size}: every seat of a "
                             "deal holds 4 cards, or every seat 5")
    seen = {int(card): "the board" for card in board}
    for seat, hole in enumerate(parsed):
        for card in hole.tolist():
            if card in seen:
                raise DuplicateCardError(f"card {format_card(card)!r} is in seat {seat} and in {seen[card]}")
            seen[card] = f"seat {seat}"
    return board, parsed


def run(args: argparse.Namespace) -> int:
    holes = args.holes or list(EXAMPLE_HOLES)
    board_text = args.board or (EXAMPLE_BOARD if not args.holes else None)
    if board_text is None:
        raise ArgumentError("--board is required when hole cards are given")
    board, parsed = _checked(holes, board_text)
    hands: list[HandEvaluation] = [evaluate(hole, board) for hole in parsed]
    board_text = format_cards(board)
    records = [{"seat": seat, "hole": format_cards(hole), "board": board_text, **hand.to_dict()}
               for seat, (hole, hand) in enumerate(zip(parsed, hands))]
    with Output(args, COLUMNS) as out:
        out.say(f"Board: {board_text}")
        for record, hand in zip(records, hands):
            out.say(f"Seat {record['seat']}: {record['hole']}",
                    f"  high {hand.high:>5}  {hand.high_description:<36} {record['high_cards']}",
                    "  low      -  No low" if hand.low is None else
                    f"  low  {hand.low:>5}  {hand.low_description:<36} {record['low_cards']}")
            out.result(record)
        out.rows(records)
    return 0
