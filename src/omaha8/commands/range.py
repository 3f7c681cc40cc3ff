"""``omaha8 range``: the hands a range holds, counted, listed or summed up."""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

import numpy as np

from .._support._text import one_line
from ..cards import format_cards, parse_cards
from ..deals import format_card_array
from ..ranges.range import Range
from ..ranges.universe import n_hands
from ._options import CARDS, QUOTING, warn_shell
from ._output import Output, add_output_options

SHOWN = 5  # combos printed in the summary
#: The columns of a combo's row (``-o``).
COLUMNS = {"hand": "str", "weight": "float"}


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "range",
        help="count or list the hands of a range in the generic range syntax",
        description="Read a range in the generic syntax (AA, AA!AAA, KK-TT:$ds, RxRyOxOy, [A,2,3]*, 15%, "
        "AA@100,KK@50 ...) and print a summary of its combos, their number (--count) or every combo, one a "
        "line (--list). Board and dead cards remove the combos that hold them. -o FILE writes every combo "
        "and its weight; --json prints the summary as one object (with --list, one object per combo).",
        epilog="QUOTING\n  " + "\n  ".join(textwrap.wrap(QUOTING, 96))
        + "\n  Where the shell leaves a trace, omaha8 speaks: text that ends in an operator (KK:, AA23!) or is\n"
        "  empty is refused, and a range that ends in a space (\"AA $ds\") is read with a warning on standard "
        "error.\n\n"
        "examples:\n  omaha8 range 'AA23$ds' --count\n  omaha8 range 'AA!AAA' --board 'Ah Kd 7c' --count\n"
        "  omaha8 range 'KK-TT:$ds' --list -o kings_to_tens.csv",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("text", metavar="TEXT",
                        help="the range, in single quotes: 'AA23$ds' (see QUOTING below)")
    parser.add_argument("--cards", **CARDS, default=4, help="hole cards per hand (default 4)")
    parser.add_argument("--board", help="board cards the combos may not hold, e.g. 'Kh 7c 2s'")
    parser.add_argument("--dead", help="other cards out of the deck")
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument("--count", action="store_true", help="print the number of combos and nothing else")
    shown.add_argument("--list", action="store_true",
                       help="print every combo, one a line (with its weight, @N, in a weighted range)")
    add_output_options(parser, "every combo and its weight, one a row",
                       "the summary as one JSON object (with --list, one object per combo)")
    parser.set_defaults(func=run)


def _weight_text(weight: float) -> str:
    return f"{weight:g}"


def run(args: argparse.Namespace) -> int:
    hand_range = Range(args.text, cards=args.cards)
    warn_shell(args.text, "TEXT")  # a range that parsed, but may not be the one typed
    combos, weights = hand_range.combos(board=args.board, dead=args.dead)
    hands = format_card_array(combos, sep=" ") if len(combos) else np.zeros(0, dtype="U1")
    with Output(args, COLUMNS) as out:
        for start in range(0, len(hands), 65_536):  # in blocks: millions of combos without one huge string
            block = hands[start : start + 65_536].tolist()
            out.rows({"hand": hand, "weight": weight} for hand, weight in
                     zip(block, weights[start : start + 65_536].tolist()))
            if args.list:
                if args.json:
                    for hand, weight in zip(block, weights[start : start + 65_536].tolist()):
                        out.result({"hand": hand, "weight": weight})
                elif out.text is not None:
                    lines = block if not hand_range.weighted else [
                        f"{hand} @{_weight_text(w)}" for hand, w in zip(block, weights[start : start + 65_536].tolist())]
                    out.text.write("\n".join(lines) + "\n")
        if args.list:
            return 0
        total = n_hands(args.cards)
        # the text parsed, so it holds only ASCII: its spaces, tabs and newlines are shown as one space
        text = " ".join(args.text.split())
        board = format_cards(parse_cards(args.board or "", name="board"))
        dead = format_cards(parse_cards(args.dead or "", name="dead"))
        out.result({"range": text, "cards": args.cards, "board": board, "dead": dead, "combos": len(combos),
                    "combos_in_all": len(hand_range), "hands": total, "weighted": hand_range.weighted,
                    "weight_total": float(weights.sum())})
        if args.count:
            out.say(str(len(combos)))
            return 0
        out.say(f"Range: {one_line(args.text, None)}   ({args.cards}-card hands)")
        removed = [f"{name} {cards}" for name, cards in (("board", board), ("dead", dead)) if cards]
        if removed:
            out.say(f"Combos: {len(combos):,} without the cards of {' and '.join(removed)} "
                    f"({len(hand_range):,} in all, {len(hand_range) / total:.3%} of {total:,})")
        else:
            out.say(f"Combos: {len(combos):,} ({len(combos) / total:.3%} of {total:,})")
        if hand_range.weighted:
            out.say(f"Weights: {_weight_text(float(weights.min()))} to {_weight_text(float(weights.max()))}, "
                    f"total {float(weights.sum()):,g}")
        first = ", ".join(format_cards(hand) for hand in combos[:SHOWN])
        more = f", ... ({len(combos) - SHOWN:,} more)" if len(combos) > SHOWN else ""
        out.say(f"First: {first}{more}")
    return 0
