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

from ..game import FixedLimit, Hand, LegalActions, MixedGame, NoLimit, PotLimit, Table
from .._support._args import brief
from .._support._text import noun
from ..pots._showdown import PotSplit
from ._options import SEED, int_option

STRUCTURES = ("pot-limit", "no-limit", "fixed-limit", "mixed")


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


def _positive(text: str) -> int:
    return _POSITIVE(text)


_positive.__name__ = "int"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play random hands and summarise them",
        description="Deal hands of Omaha Hi/Lo between players who take random legal actions, then print "
        "a summary (hands, average pot, showdown rate, scoops) or, with --verbose, every hand history.",
    )
    # the table says which counts it seats; this bound only keeps the list of stacks small
    parser.add_argument("--players", type=int_option(0, 100), default=6,
                        help="seats at the table, 2-10 (2-9 with --variant 5)")
    parser.add_argument("--structure", choices=STRUCTURES, default="pot-limit",
                        help="betting structure (mixed: an orbit of pot limit, then an orbit of limit at "
                        "doubled blinds; default pot-limit)")
    parser.add_argument("--blinds", type=_blinds, default=(1, 2), metavar="SB/BB",
                        help="small and big blind, e.g. 1/2 (fixed limit: bets of one and two big blinds)")
    parser.add_argument("--hands", type=_positive, default=1000, help="hands to play (default 1000)")
    parser.add_argument("--stack", type=_positive, default=None,
                        help="starting stack (default 100 big blinds)")
    parser.add_argument("--variant", type=int_option(4, 5), choices=(4, 5), default=None,
                        help="hole cards: 4 or 5 (default: the game's)")
    parser.add_argument("--game", choices=("omaha", "courchevel"), default="omaha",
                        help="omaha (default) or courchevel: five hole cards and the first flop card face up "
                        "before the pre-flop betting")
    parser.add_argument("--seed", type=SEED, default=None, help="seed for the deals and the players")
    parser.add_argument("--verbose", action="store_true", help="print every hand history")
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
    if args.game == "courchevel" and args.variant == 4:
        raise SystemExit("omaha8 play: error: Courchevel deals 5 hole cards: --variant 4 does not go with --game courchevel")
    table = Table([stack] * args.players, structure, variant=args.variant, seed=args.seed, max_buy_in=None,
                  game=args.game)
    rng = random.Random(None if args.seed is None else args.seed + 1)
    pots = showdowns = scooped = split_pots = largest = rebuys = 0
    start = time.perf_counter()
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
            print(f"Hand {number}")
            for seat in bought:
                print(f"Seat {seat} busted and buys in again for {stack}")
            print(hand.history.text())
            print()
    elapsed = time.perf_counter() - start
    n = args.hands
    game = "Courchevel Hi/Lo" if args.game == "courchevel" else (
        "5-card Omaha Hi/Lo" if args.variant == 5 else "Omaha Hi/Lo")
    seed = "" if args.seed is None else f", seed {args.seed}"
    print(f"{n} {noun(n, 'hand')} of {game}, {structure.name}, {args.players} players, stacks {stack}{seed}")
    print(f"average pot   {pots / n:.1f}")
    print(f"largest pot   {largest}")
    print(f"showdowns     {showdowns} ({100 * showdowns / n:.1f}% of hands)")
    print(f"scoops        {scooped} (contested pots won whole by one seat at showdown: "
          "high and low, or high when nobody had a low)")
    print(f"split pots    {split_pots} (contested pots divided between seats at showdown)")
    print(f"rebuys        {rebuys} (busted seats that bought in again for {stack})")
    print(f"speed         {n / elapsed:,.0f} hands/s")
    return 0
