"""``omaha8 play``: deal hands between random players and summarise them.

Each player picks a random legal action: facing a bet it folds 30% of the
time, calls 50% and raises 20%; otherwise it checks 70% and bets 30%; bet
and raise sizes are uniform between the least and the most allowed. A seat
that goes broke buys in again for the starting stack before the next hand
(counted as a rebuy in the summary; ``--verbose`` says so before the hand).
Seats are numbered from 0, as everywhere in omaha8.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from ..cards import format_cards
from ..deals._dealing import _check_seed
from ..game import FixedLimit, Hand, LegalActions, MixedGame, NoLimit, PotLimit, Table
from .._support._args import brief
from .._support._text import noun
from ..pots._showdown import PotSplit
from ._options import CARDS, SEED, int_option, renamed
from ._output import Output, add_output_options, usage_error

STRUCTURES = ("pot-limit", "no-limit", "fixed-limit", "mixed")
#: Most hands one run plays.
MAX_HANDS = 10**9


def columns(players: int) -> dict[str, str]:
    """The columns of a hand's row (``-o``): its number, the cards (``seat0..``: each seat's hole), the chips
    (per-seat lists); ``--json`` adds the result's own fields (pots, the showdown)."""
    return {"hand": "int", "button": "int", "board": "str", **{f"seat{p}": "str" for p in range(players)},
            "pot": "int", "rake": "int", "went_to_showdown": "bool", "winners": "ints", "payouts": "ints",
            "net": "ints", "stacks": "ints", "rebuys": "ints"}


# chips and hands as people type them: past this many a count is a typing mistake
_MAX_COUNT = 10**15
_POSITIVE = int_option(1, _MAX_COUNT)


def _blinds(text: str) -> tuple[int, int]:
    parts = text.split("/")
    try:
        if len(parts) != 2:
            raise argparse.ArgumentTypeError("not two numbers")
        small, big = (_POSITIVE(part) for part in parts)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"blinds must look like 1/2 (small/big, whole numbers from 1 to "
                                         f"{_MAX_COUNT:,}), not {brief(text, 60)}") from None
    if not small <= big:
        raise argparse.ArgumentTypeError(f"blinds must be positive with small <= big, not {brief(text, 60)}")
    return small, big


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play random hands and summarise them",
        description="Deal hands of Omaha Hi/Lo between players who take random legal actions, then print "
        "a summary (hands, average pot, showdown rate, scoops) or, with --verbose, every hand history. "
        "Without --seed a seed is drawn and printed, so any run can be played again.",
        epilog="example:\n  omaha8 play --players 6 --structure pot-limit --blinds 1/2 --hands 1000 --seed 7 -o hands.csv",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    # the table says which counts it seats; this bound only keeps the list of stacks small
    parser.add_argument("--players", type=int_option(0, 100), default=6, metavar="N",
                        help="seats at the table, 2-10 (2-9 with --cards 5; default 6)")
    parser.add_argument("--structure", choices=STRUCTURES, default="pot-limit",
                        help="betting structure (mixed: an orbit of pot limit, then an orbit of limit at "
                        "doubled blinds; default pot-limit)")
    parser.add_argument("--blinds", type=_blinds, default=(1, 2), metavar="SB/BB",
                        help="small and big blind, e.g. 1/2 (fixed limit: bets of one and two big blinds)")
    parser.add_argument("--hands", type=int_option(1, MAX_HANDS), default=1000, metavar="N",
                        help="the number of hands to play (default 1000)")
    parser.add_argument("--stack", type=_POSITIVE, default=None, metavar="CHIPS",
                        help="starting stack (default 100 big blinds)")
    parser.add_argument("--cards", **CARDS, default=None, help="hole cards: 4 or 5 (default: the game's)")
    parser.add_argument("--variant", action=renamed("--cards"), help=argparse.SUPPRESS)
    parser.add_argument("--game", choices=("omaha", "courchevel"), default="omaha",
                        help="omaha (default) or courchevel: five hole cards and the first flop card face up "
                        "before the pre-flop betting")
    parser.add_argument("--seed", type=SEED, default=None,
                        help="seed for the deals and the players, 0..2**64-1 (default: drawn at random and printed)")
    parser.add_argument("--verbose", action="store_true", help="print every hand history")
    add_output_options(parser, "one row per hand", "one JSON object per hand")
    parser.set_defaults(func=run)


def _structure(name: str, small: int, big: int) -> Any:
    if name == "pot-limit":
        return PotLimit(small, big)
    if name == "no-limit":
        return NoLimit(small, big)
    if name == "fixed-limit":
        return FixedLimit(big, 2 * big, small_blind=small, big_blind=big)
    return MixedGame(PotLimit(small, big))


def choose(legal: LegalActions, rng: random.Random) -> tuple[str, int | None]:
    """A random legal action: the policy described in the module docstring."""
    roll = rng.random()
    if legal.call:
        if roll < 0.3:
            return "fold", None
        if roll < 0.8 or not legal.max_to:
            return "call", None
        return "raise", rng.randint(legal.min_to, legal.max_to)
    if roll < 0.7 or not legal.max_to:
        return "check", None
    return ("raise" if legal.raising else "bet"), rng.randint(legal.min_to, legal.max_to)


def play_hand(hand: Hand, rng: random.Random) -> None:
    """Drive ``hand`` to its end with random players."""
    while not hand.is_over:
        kind, amount = choose(hand.legal_actions(), rng)
        hand.act(kind, amount)


def run(args: argparse.Namespace) -> int:
    small, big = args.blinds
    structure = _structure(args.structure, small, big)
    stack = args.stack if args.stack is not None else 100 * big
    if args.game == "courchevel" and args.cards == 4:
        raise usage_error("play", "Courchevel deals 5 hole cards: --cards 4 does not go with --game courchevel")
    seed = _check_seed(args.seed)  # drawn when not given, and printed: the run can be played again
    table = Table([stack] * args.players, structure, variant=args.cards, seed=seed, max_buy_in=None,
                  game=args.game)
    rng = random.Random(seed + 1)
    pots = showdowns = scooped = split_pots = largest = rebuys = 0
    start = time.perf_counter()
    cards = args.cards
    with Output(args, columns(args.players)) as out:
        for number in range(1, args.hands + 1):
            bought = []
            for seat, chips in enumerate(table.stacks):
                if chips == 0:
                    table.add_chips(seat, stack)
                    bought.append(seat)
            rebuys += len(bought)
            hand = table.new_hand()
            play_hand(hand, rng)
            result = hand.result
            cards = hand.history.variant
            pots += result.pot
            largest = max(largest, result.pot)
            if result.went_to_showdown:
                showdowns += 1
                for pot in result.pots:
                    if len(pot.eligible) < 2:
                        continue
                    if pot.split in (PotSplit.HIGH_ONLY, PotSplit.SAME_WINNERS) and len(pot.high_winners) == 1:
                        scooped += 1
                    else:
                        split_pots += 1
            if args.verbose:
                out.say(f"Hand {number:,}", *(f"Seat {seat} busted and buys in again for {stack:,}" for seat in bought),
                        hand.history.text(), "")
            if out.json or out.file is not None:
                record = _record(number, hand, bought)
                out.result({**result.to_dict(), **record})
                out.rows([record])
        elapsed = time.perf_counter() - start
        n = args.hands
        game = "Courchevel Hi/Lo" if args.game == "courchevel" else (
            "5-card Omaha Hi/Lo" if cards == 5 else "Omaha Hi/Lo")
        out.say(f"{n:,} {noun(n, 'hand')} of {game}, {structure.name}, {args.players} players, stacks {stack:,}, "
                f"seed {seed}",
                f"average pot   {pots / n:,.1f}",
                f"largest pot   {largest:,}",
                f"showdowns     {showdowns:,} ({100 * showdowns / n:.1f}% of hands)",
                f"scoops        {scooped:,} (contested pots won whole by one seat at showdown: "
                "high and low, or high when nobody had a low)",
                f"split pots    {split_pots:,} (contested pots divided between seats at showdown)",
                f"rebuys        {rebuys:,} (busted seats that bought in again for {stack:,})",
                f"speed         {n / elapsed:,.0f} hands/s")
    return 0


def _record(number: int, hand: Hand, bought: list[int]) -> dict[str, Any]:
    """A hand's row: its number, the cards, the chips."""
    history, result = hand.history, hand.result
    return {"hand": number, "button": history.button, "board": format_cards(result.board),
            **{f"seat{p}": "" if hole is None else format_cards(hole) for p, hole in enumerate(history.holes)},
            "pot": result.pot, "rake": result.rake_total,
            "went_to_showdown": result.went_to_showdown, "winners": list(result.winners),
            "payouts": list(result.payouts), "net": list(result.net), "stacks": list(result.stacks),
            "rebuys": bought}

