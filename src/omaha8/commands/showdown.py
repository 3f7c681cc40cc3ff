"""``omaha8 showdown``: settle one hand: pots, hi/lo winners and payouts."""

from __future__ import annotations

import argparse
from typing import Any

from ..cards import format_cards
from ..errors import ChipError, ShowdownError
from .._support._args import brief
from ..pots._showdown import MAX_SEATS, ShowdownResult, showdown
from ._options import int_option
from ._output import Output, add_output_options

EXAMPLE_BOARD = "Ah 2h 7c Kd Qs"
EXAMPLE_HOLES = ("Kh Ks 9c 9d", "Jh Jd 6c 6s", "3c 4c 5d 6d")
EXAMPLE_CONTRIBUTIONS = "100,100,40"
NO_CARDS = ("-", "")
#: The fields of a seat's row (``-o``): the seat, its cards, its chips, and its hand (empty when not shown).
COLUMNS = {"seat": "int", "hole": "str", "board": "str", "folded": "bool", "contributed": "int", "uncalled": "int",
           "payout": "int", "net": "int", "scoop": "bool", "pots_won": "ints", "high": "int",
           "high_description": "str", "high_cards": "str", "low": "int", "low_description": "str",
           "low_cards": "str"}
# seat numbers: the table is checked by showdown; this only keeps them sensible
SEAT = int_option(0, 10 * MAX_SEATS)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "showdown",
        help="split the pots of one hand: side pots, high and low winners, odd chips, payouts",
        description="Settle one Omaha Hi/Lo hand: cut the main and side pots from the contributions, return "
        "an uncalled bet, split each pot between its best high and best 8-or-better low, and print what "
        "every seat takes. Seats are numbered from 0 in the order the holes are given. With no "
        "arguments, settles an example hand with a side pot.",
    )
    parser.add_argument(
        "holes", nargs="*",
        help="hole cards of each seat, clockwise, e.g. 'As 3s Qc Jd' (4 or 5 cards); - for a seat "
        "with no cards (folded or empty)",
    )
    parser.add_argument("--board", help=f"the board cards (default with no holes: '{EXAMPLE_BOARD}')")
    parser.add_argument(
        "--contributions", metavar="CHIPS",
        help="chips each seat put in, comma-separated, e.g. 100,100,40 (default: 1 per live seat)",
    )
    parser.add_argument("--button", type=SEAT, default=0, metavar="SEAT", help="the button's seat (default 0)")
    parser.add_argument("--folded", metavar="SEATS", help="seats that folded, comma-separated, e.g. 2,3")
    parser.add_argument("--last-aggressor", type=SEAT, metavar="SEAT",
                        help="the seat that bet or raised last on the river (shows first)")
    add_output_options(parser, "one row per seat", "the hand as one JSON object (pots, payouts, hands)")
    parser.set_defaults(func=run)


def _numbers(text: str | None, what: str, error: type[Exception]) -> list[int] | None:
    if text is None:
        return None
    items = [item.strip() for item in text.split(",") if item.strip()]
    # 30 digits is more chips than anyone has; longer is a typing mistake
    for item in items:
        if len(item) > 30:
            raise error(f"{what}: {brief(item, 40)} is too large a number")
    try:
        if not text.isascii():  # int() would read other scripts' digits: '٣' as 3
            raise ValueError(text)
        return [int(item) for item in items]
    except ValueError:
        raise error(f"{what} must be whole numbers separated by commas, not {brief(text)}") from None


def run(args: argparse.Namespace) -> int:
    example = not args.holes
    texts = list(EXAMPLE_HOLES) if example else args.holes
    board = args.board if args.board is not None else (EXAMPLE_BOARD if example else None)
    chips_text = EXAMPLE_CONTRIBUTIONS if example and args.contributions is None else args.contributions
    contributions = _numbers(chips_text, "--contributions", ChipError)
    folded = _numbers(args.folded, "--folded", ShowdownError)
    holes = [None if text.strip() in NO_CARDS else text for text in texts]
    result = showdown(holes, board, contributions=contributions, folded=folded, button=args.button,
                      last_aggressor=args.last_aggressor)

    folded_set = set(folded or ())
    board_text = format_cards(board) if board else ""
    hole_texts = ["" if text is None else format_cards(text) for text in holes]
    with Output(args, COLUMNS) as out:
        out.say(f"Board: {board_text or '(none)'}   button: seat {args.button}")
        for seat, text in enumerate(holes):
            state = " (folded)" if seat in folded_set else (" (no cards)" if text is None else "")
            out.say(f"Seat {seat}: {hole_texts[seat] or '-'}{state}")
        out.say(str(result))
        out.result({"board": board_text, "holes": hole_texts, "folded": sorted(folded_set), "button": args.button,
                    **result.to_dict()})
        out.rows(_rows(result, board_text, hole_texts, folded_set))
    return 0


def _rows(result: ShowdownResult, board: str, holes: list[str], folded: set[int]) -> list[dict[str, Any]]:
    rows = []
    for seat, hand in enumerate(result.hands):
        row: dict[str, Any] = {"seat": seat, "hole": holes[seat], "board": board, "folded": seat in folded,
                               "contributed": result.contributions[seat], "uncalled": result.uncalled[seat],
                               "payout": result.payouts[seat], "net": result.net[seat],
                               "scoop": seat in result.scoops,
                               "pots_won": [index for index, pot in enumerate(result.pots) if pot.awards[seat]]}
        if hand is not None:
            row.update(hand.to_dict())
        rows.append(row)
    return rows
