"""``omaha8 equity``: each hand's share of the pot over every board, or a sample.

``--samples N`` with N at least the number of boards the exact answer
counts (seats that are hands, not ranges) runs the exact enumeration
instead, and says so: sampling would cost more and answer less well.
``--json`` prints the result as one object; ``-o FILE`` writes one row per
player (:data:`omaha8.odds._equity.ROW_COLUMNS`, and the board and dead cards).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from typing import Any

from .._support._text import one_line
from ..cards import format_cards, parse_cards
from ..odds._equity import MAX_SAMPLES, ROW_COLUMNS, equity
from ._options import CARDS, QUOTING, SEED, THREADS, int_option, warn_shell
from ._output import Output, add_output_options

#: The columns of a player's row: the equity result's, and the spot's.
COLUMNS = {**ROW_COLUMNS, "board": "str", "dead": "str"}


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "equity",
        help="hi/lo equity of two or more hands or ranges",
        description="Print each hand's expected share of the pot (hi/lo split, ties shared), how often it "
        "scoops, and how often it wins or ties the high and the low: exactly over every remaining board, "
        "or over a seeded sample of boards with --samples (more samples than there are boards: the exact "
        "answer, which costs less). Players are numbered from 0 in the order the hands are given. " + QUOTING,
        epilog="examples:\n  omaha8 equity 'As Ad 2c 3d' 'Ks Kd Qh Jh' --board 'Ac Kc 4h'\n"
        "  omaha8 equity 'AA23$ds' '15%' --board 'Kh 7c 2s' --samples 200000 --seed 1",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("holes", nargs="+",
                        help="hole cards of each player, e.g. 'As Ad 2c 3d' (4 or 5 cards), or a range in the "
                        "generic syntax, e.g. 'AA23$ds', '15%%', '*'")
    parser.add_argument("--cards", **CARDS, help="hole cards of the ranges (default: those of the hands, else 4)")
    parser.add_argument("--board", default="", help="known board cards: 0, 3, 4 or 5")
    parser.add_argument("--dead", default="", help="cards out of the deck (folded or exposed)")
    parser.add_argument("--samples", type=int_option(1, MAX_SAMPLES), metavar="N",
                        help=f"sample N random boards instead of all of them (1..{MAX_SAMPLES:,}); N at least the "
                        "boards there are counts them all instead")
    parser.add_argument("--seed", type=SEED,
                        help="seed of the sample, 0..2**64-1 (default: drawn at random and printed)")
    parser.add_argument("--threads", type=THREADS, metavar="N", help="threads to use, 1 or more (default: every core)")
    add_output_options(parser, "one row per player", "the result as one JSON object")
    parser.set_defaults(func=run)


def exact_boards(seats: list[Any], board: Any, dead: Any) -> int | None:
    """The boards an exact run counts when every seat is a hand (None when a seat is a range)."""
    from ..odds._spot import is_range

    if any(is_range(seat) for seat in seats):
        return None
    used = sum(int(parse_cards(seat, name=f"holes[{i}]").size) for i, seat in enumerate(seats))
    used += int(board.size) + int(dead.size)
    missing = 5 - int(board.size)
    return math.comb(max(52 - used, 0), missing) if 0 <= missing <= 5 else None


def run(args: argparse.Namespace) -> int:
    from ..odds._spot import is_range  # seats may be range text
    from ..ranges import Range

    started = time.perf_counter()
    seats: list[Any] = [
        Range(hole, cards=args.cards) if args.cards is not None and is_range(hole) else hole for hole in args.holes
    ]
    board = parse_cards(args.board, name="board")
    dead = parse_cards(args.dead, name="dead")
    samples, note = args.samples, None
    if samples is not None:
        boards = exact_boards(seats, board, dead)
        if boards is not None and samples >= boards:
            samples = None
            note = (f"--samples {args.samples:,} is at least the {boards:,} boards there are: every board was "
                    "counted instead (exact, and cheaper)")
    with Output(args, COLUMNS) as out:
        result = equity(seats, args.board, args.dead, samples=samples, seed=args.seed, n_threads=args.threads,
                        progress=sys.stderr.isatty() and not args.json)
        elapsed = time.perf_counter() - started
        for index, hole in enumerate(args.holes):  # ranges that parsed, but may not be the ones typed
            if is_range(hole):
                warn_shell(hole, f"holes[{index}]")
        board_text, dead_text = format_cards(board), format_cards(dead)
        hands = [hole if is_range(hole) else format_cards(hole) for hole in args.holes]
        out.say(f"Board: {board_text or '(none)'}")
        if dead.size:
            out.say(f"Dead: {dead_text}")
        if note is not None:
            out.say(f"Note: {note}")
        out.say(result.table([f"{seat}  {one_line(hand, None)}" for seat, hand in enumerate(hands)]),
                f"Time: {elapsed:.3f} s")
        out.result({"holes": hands, "board": board_text, "dead": dead_text, **result.to_dict()})
        out.rows({**row, "board": board_text, "dead": dead_text} for row in result.rows(hands))
    return 0
