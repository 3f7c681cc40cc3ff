"""``omaha8 range``: the hands a range holds, counted, listed or summed up."""

from __future__ import annotations

import argparse
import sys
from typing import Any

import numpy as np

from .._support._text import printable
from ..cards import format_cards, parse_cards
from ..deals import format_card_array
from ..ranges.range import Range
from ..ranges.universe import n_hands

SHOWN = 5  # combos printed in the summary


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "range",
        help="count or list the hands of a range in the generic range syntax",
        description="Read a range in the generic syntax (AA, AA!AAA, KK-TT:$ds, RxRyOxOy, [A,2,3]*, 15%, "
        "AA@100,KK@50 ...) and print a summary of its combos, their number (--count) or every combo, one a "
        "line (--list). Board and dead cards remove the combos that hold them.",
    )
    parser.add_argument("text", metavar="TEXT", help="the range, e.g. 'AA23$ds' (in single quotes: $ and ! are shell characters)")
    parser.add_argument("--cards", type=int, choices=(4, 5), default=4, help="hole cards per hand (default 4)")
    parser.add_argument("--board", help='board cards the combos may not hold, e.g. "Kh 7c 2s"')
    parser.add_argument("--dead", help="other cards out of the deck")
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument("--count", action="store_true", help="print the number of combos and nothing else")
    shown.add_argument("--list", action="store_true",
                       help="print every combo, one a line (with its weight, @N, in a weighted range)")
    parser.set_defaults(func=run)


def _weight_text(weight: float) -> str:
    return f"{weight:g}"


def run(args: argparse.Namespace) -> int:
    hand_range = Range(args.text, cards=args.cards)
    combos, weights = hand_range.combos(board=args.board, dead=args.dead)
    if args.count:
        print(len(combos))
        return 0
    if args.list:
        lines = format_card_array(combos, sep=" ")
        if hand_range.weighted:
            lines = np.char.add(lines, np.char.add(" @", np.array([_weight_text(w) for w in weights.tolist()])))
        out = sys.stdout
        for start in range(0, len(lines), 65_536):  # in blocks: millions of lines without one huge string
            out.write("\n".join(lines[start : start + 65_536].tolist()) + "\n")
        return 0
    total = n_hands(args.cards)
    # the text parsed, so it holds only ASCII: its spaces, tabs and newlines are shown as one space
    print(f"Range: {printable(' '.join(args.text.split()))}   ({args.cards}-card hands)")
    removed = [f"{name} {format_cards(parse_cards(cards, name=name))}"
               for name, cards in (("board", args.board), ("dead", args.dead)) if cards]
    if removed:
        print(f"Combos: {len(combos):,} without the cards of {' and '.join(removed)} "
              f"({len(hand_range):,} in all, {len(hand_range) / total:.3%} of {total:,})")
    else:
        print(f"Combos: {len(combos):,} ({len(combos) / total:.3%} of {total:,})")
    if hand_range.weighted:
        print(f"Weights: {_weight_text(float(weights.min()))} to {_weight_text(float(weights.max()))}, "
              f"total {float(weights.sum()):,g}")
    first = ", ".join(format_cards(hand) for hand in combos[:SHOWN])
    more = f", ... ({len(combos) - SHOWN:,} more)" if len(combos) > SHOWN else ""
    print(f"First: {first}{more}")
    return 0
