"""``omaha8 equity``: each hand's share of the pot over every board, or a sample."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from .._support._text import printable
from ..cards import format_cards, parse_cards
from ..odds._equity import MAX_SAMPLES, equity
from ._options import SEED, THREADS, int_option


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "equity",
        help="hi/lo equity of two or more hands",
        description="Print each hand's expected share of the pot (hi/lo split, ties shared), how often it "
        "scoops, and how often it wins or ties the high and the low: exactly over every remaining board, "
        "or over a seeded sample of boards with --samples. Players are numbered from 0 in the order the "
        "hands are given.",
    )
    parser.add_argument("holes", nargs="+",
                        help='hole cards of each player, e.g. "As Ad 2c 3d" (4 or 5 cards), or a range in the '
                        'generic syntax, e.g. "AA23$ds", "15%%", "*"')
    parser.add_argument("--cards", type=int_option(4, 5), choices=(4, 5),
                        help="hole cards of the ranges (default: those of the hands, else 4)")
    parser.add_argument("--board", default="", help="known board cards: 0, 3, 4 or 5")
    parser.add_argument("--dead", default="", help="cards out of the deck (folded or exposed)")
    parser.add_argument("--samples", type=int_option(1, MAX_SAMPLES), metavar="N",
                        help=f"sample N random boards instead of all of them (1..{MAX_SAMPLES:,})")
    parser.add_argument("--seed", type=SEED, help="seed of the sample, 0..2**64-1 (default: drawn at random and printed)")
    parser.add_argument("--threads", type=THREADS, metavar="N", help="threads to use, 1 or more (default: every core)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..odds._range_equity import is_range  # seats may be range text
    from ..ranges import Range

    started = time.perf_counter()
    seats: list[Any] = [
        Range(hole, cards=args.cards) if args.cards is not None and is_range(hole) else hole for hole in args.holes
    ]
    result = equity(
        seats,
        args.board,
        args.dead,
        samples=args.samples,
        seed=args.seed,
        n_threads=args.threads,
        progress=sys.stderr.isatty(),
    )
    elapsed = time.perf_counter() - started
    board = parse_cards(args.board, name="board")
    dead = parse_cards(args.dead, name="dead")
    print(f"Board: {format_cards(board) if board.size else '(none)'}")
    if dead.size:
        print(f"Dead: {format_cards(dead)}")
    hands = [printable(hole) if is_range(hole) else format_cards(hole) for hole in args.holes]
    print(result.table([f"{seat}  {hand}" for seat, hand in enumerate(hands)]))
    print(f"Time: {elapsed:.3f} s")
    return 0
