"""``omaha8 solve``: solve a heads-up turn or river spot between two ranges, and print the root strategy."""

from __future__ import annotations

import argparse
import math
import sys
from typing import Any

from .._support._args import brief
from .._support._progress import Progress
from .._support._text import printable
from ..ranges import Range
from ..solver.subgame import _solve
from ._options import PATH, THREADS, int_option

# a percentage as people type it: up to 10000%
_MAX_PERCENT = 10_000.0


def _percent(text: str) -> float:
    """``"50%"`` as 0.5."""
    body = text.strip()
    if not body.endswith("%") or len(body) > 30 or not body.isascii():  # only 0-9 are digits
        raise argparse.ArgumentTypeError(f"{brief(text, 40)} is not a percentage such as 50%")
    try:
        value = float(body[:-1])
    except ValueError:
        raise argparse.ArgumentTypeError(f"{brief(text, 40)} is not a percentage such as 50%") from None
    if not (math.isfinite(value) and 0.0 < value <= _MAX_PERCENT):
        raise argparse.ArgumentTypeError(f"{brief(text, 40)} must be above 0% and at most {_MAX_PERCENT:g}%")
    return value / 100.0


def _percents(text: str) -> tuple[float, ...]:
    """``"50%,100%"`` as (0.5, 1.0); an empty text is no size."""
    items = [item for item in text.split(",") if item.strip()]
    if len(items) > 20:
        raise argparse.ArgumentTypeError(f"{brief(text, 40)} has more than 20 sizes")
    return tuple(_percent(item) for item in items)


_percent.__name__ = "percentage"
_percents.__name__ = "percentages"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "solve",
        help="solve a heads-up turn or river spot between two ranges (discounted CFR)",
        description="Solve a heads-up Omaha Hi/Lo spot on the turn (every river dealt) or the river between two "
        "ranges, to a stated exploitability, and print the first player's strategy by hand class and both "
        "players' expected chips. The first player (--oop) acts first.",
    )
    parser.add_argument("--board", required=True, help='the turn or river board, e.g. "Ah 7d 4c Ks 2h"')
    parser.add_argument("--oop", required=True, metavar="RANGE", help='the first player\'s range, e.g. "AA, A2"')
    parser.add_argument("--ip", required=True, metavar="RANGE", help='the second player\'s range, e.g. "15%%"')
    parser.add_argument("--pot", required=True, type=int_option(1, 10**15), help="chips in the middle")
    parser.add_argument("--stacks", required=True, type=int_option(0, 10**15), help="chips behind, each player")
    parser.add_argument("--bets", type=_percents, default=(0.5, 1.0), metavar="SIZES",
                        help="bet sizes as percentages of the pot (default 50%%,100%%)")
    parser.add_argument("--raises", type=_percents, default=(1.0,), metavar="SIZES",
                        help="raise sizes as percentages of the pot after calling (default 100%%)")
    parser.add_argument("--structure", choices=("pot-limit", "no-limit", "fixed-limit"), default="pot-limit",
                        help="betting structure (default pot-limit; fixed-limit bets the first of --bets)")
    parser.add_argument("--no-allin", action="store_true", help="do not offer the all-in as a size of its own")
    parser.add_argument("--max-raises", type=int_option(0, 100), default=3, metavar="N",
                        help="most raises per street (default 3)")
    parser.add_argument("--rake", type=_percent, metavar="PERCENT", help="rake, a percentage of the pot")
    parser.add_argument("--rake-cap", type=int_option(0, 10**15), metavar="CHIPS", help="most chips the rake takes")
    parser.add_argument("--target", type=_percent, default=0.005,
                        help="stop at this exploitability, a percentage of the pot (default 0.5%%)")
    parser.add_argument("--max-iterations", type=int_option(0, 10**9), default=10_000, metavar="N",
                        help="stop after N iterations anyway (default 10000)")
    parser.add_argument("--cards", type=int_option(4, 5), choices=(4, 5), default=4,
                        help="hole cards of the ranges (default 4)")
    parser.add_argument("--threads", type=THREADS, metavar="N", help="threads to use (default: every core)")
    parser.add_argument("-o", "--output", type=PATH, metavar="PATH", help="also write the whole solution as JSON to PATH")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    rake = None
    if args.rake is not None:
        rake = (str(round(args.rake * 100, 12)), args.rake_cap)
    elif args.rake_cap is not None:
        raise SystemExit("omaha8 solve: error: --rake-cap needs --rake (see omaha8 solve --help)")
    ranges = (Range(args.oop, cards=args.cards), Range(args.ip, cards=args.cards))
    with Progress("solve", keep=False) as bar:
        solution = _solve(args.board, ranges, args.pot, args.stacks, args.structure, args.bets, args.raises,
                          not args.no_allin, args.max_raises, rake, args.target, args.max_iterations, args.threads,
                          bar)
    if args.output is not None:
        solution.to_json(args.output)
    n0, n1 = (len(c) for c in solution.combos)
    print(f"Board: {solution.board}   pot {solution.pot}, stacks {solution.stacks[0]}, {args.structure}")
    print(f"Ranges: OOP {n0:,} combos, IP {n1:,} combos;  tree of {len(solution.nodes):,} nodes")
    print(f"Solved: {solution.iterations:,} iterations in {solution.seconds:.1f} s, exploitability "
          f"{solution.exploitability:.3%} of the pot")
    print(f"EV: OOP {solution.values[0]:.2f}, IP {solution.values[1]:.2f} chips")
    if solution.nodes[0]["kind"] == "player":
        print(solution.format_summary(0))
    else:
        print("No betting: the stacks are all in.")
    if args.output is not None:
        print(f"Solution written to {printable(args.output)}", file=sys.stderr)
    return 0
