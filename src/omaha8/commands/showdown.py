"""``omaha8 showdown``: settle one hand: pots, hi/lo winners and payouts."""

from __future__ import annotations

import argparse
from typing import Any

from ..cards import format_cards
from ..errors import ChipError, ShowdownError
from ..core._evaluate import HandEvaluation
from .._support._args import brief
from ..pots._showdown import MAX_SEATS, Pot, PotSplit, ShowdownResult, showdown
from ._options import int_option

EXAMPLE_BOARD = "Ah 2h 7c Kd Qs"
EXAMPLE_HOLES = ("Kh Ks 9c 9d", "Jh Jd 6c 6s", "3c 4c 5d 6d")
EXAMPLE_CONTRIBUTIONS = "100,100,40"
NO_CARDS = ("-", "")
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
        help='hole cards of each seat, clockwise, e.g. "As 3s Qc Jd" (4 or 5 cards); "-" for a seat '
        "with no cards (folded or empty)",
    )
    parser.add_argument("--board", help=f'the board cards (default with no holes: "{EXAMPLE_BOARD}")')
    parser.add_argument(
        "--contributions", metavar="CHIPS",
        help="chips each seat put in, comma-separated, e.g. 100,100,40 (default: 1 per live seat)",
    )
    parser.add_argument("--button", type=SEAT, default=0, metavar="SEAT", help="the button's seat (default 0)")
    parser.add_argument("--folded", metavar="SEATS", help="seats that folded, comma-separated, e.g. 2,3")
    parser.add_argument("--last-aggressor", type=SEAT, metavar="SEAT",
                        help="the seat that bet or raised last on the river (shows first)")
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


def _seats(seats: tuple[int, ...]) -> str:
    """``seat 2`` or ``seats 0, 2``."""
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(str(seat) for seat in seats)


def _hand_text(hand: HandEvaluation | None, low: bool) -> str:
    if hand is None:
        return ""
    if low:
        return f"{hand.low_description} ({format_cards(hand.low_cards)})" if hand.low_cards else "no low"
    return f"{hand.high_description} ({format_cards(hand.high_cards)})"


def _pot_lines(index: int, pot: Pot, result: ShowdownResult) -> list[str]:
    name = "Main pot" if index == 0 else f"Side pot {index}"
    lines = [f"{name}: {pot.amount} ({_seats(pot.eligible)})"]

    def winners(label: str, seats: tuple[int, ...], low: bool) -> None:
        for seat in seats:
            lines.append(f"  {label:<5} seat {seat}  {_hand_text(result.hands[seat], low)}")

    if pot.split is PotSplit.UNCONTESTED:
        lines.append(f"  seat {pot.eligible[0]} takes it uncontested")
    elif pot.split is PotSplit.HIGH_ONLY:
        winners("high", pot.high_winners, False)
        lines.append("  no qualifying low: the high takes the whole pot")
    elif pot.split is PotSplit.SAME_WINNERS:
        winners("high", pot.high_winners, False)
        winners("low", pot.high_winners, True)
        lines.append("  the same seats win both ways: the whole pot is divided once"
                     if len(pot.high_winners) > 1 else "  scoop")
    else:
        assert pot.halves is not None and pot.low_winners is not None
        lines.append(f"  halves: high {pot.halves[0]}, low {pot.halves[1]}")
        winners("high", pot.high_winners, False)
        winners("low", pot.low_winners, True)
    awards = ", ".join(f"seat {seat} {chips}" for seat, chips in enumerate(pot.awards) if chips)
    lines.append(f"  pays {awards}")
    if pot.odd_chips:
        chips = "odd chip" if len(pot.odd_chips) == 1 else "odd chips"
        lines.append(f"  {chips} to {_seats(pot.odd_chips)}")
    return lines


def run(args: argparse.Namespace) -> int:
    example = not args.holes
    texts = list(EXAMPLE_HOLES) if example else args.holes
    board = args.board if args.board is not None else (EXAMPLE_BOARD if example else None)
    chips_text = EXAMPLE_CONTRIBUTIONS if example and args.contributions is None else args.contributions
    contributions = _numbers(chips_text, "--contributions", ChipError)
    folded = _numbers(args.folded, "--folded", ShowdownError)
    holes = [None if text.strip() in NO_CARDS else text for text in texts]
    result = showdown(board, holes, contributions=contributions, folded=folded, button=args.button,
                      last_aggressor=args.last_aggressor)

    folded_set = set(folded or ())
    print(f"Board: {format_cards(board) if board else '(none)'}   button: seat {args.button}")
    for seat, text in enumerate(holes):
        cards = "-" if text is None else format_cards(text)
        state = " (folded)" if seat in folded_set else (" (no cards)" if text is None else "")
        print(f"Seat {seat}: {cards:<15} put in {result.contributions[seat]}{state}")
    if result.show_order:
        print(f"Show order: {_seats(result.show_order)}")
    for index, pot in enumerate(result.pots):
        for line in _pot_lines(index, pot, result):
            print(line)
    for seat, chips in enumerate(result.uncalled):
        if chips:
            print(f"Uncalled: {chips} returned to seat {seat}")
    print("Payouts:")
    for seat, (paid, net) in enumerate(zip(result.payouts, result.net)):
        print(f"  seat {seat}: {paid:>6}  ({net:+d})")
    return 0
