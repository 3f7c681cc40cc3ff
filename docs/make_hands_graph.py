"""Make docs/hands-graph.png, the README's picture of ``omaha8 hands --graph``.

Plays 1,500 pot-limit hands at a six-seat table with random players (``omaha8 play``'s), every hand with
stacks of 200 chips, writes them as PokerStars text (every player's cards shown), and draws Player0's
cumulative net and all-in EV net:

    python docs/make_hands_graph.py docs/hands-graph.png
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

from omaha8 import cli
from omaha8.commands.play import play_hand
from omaha8.game import Hand, PotLimit
from omaha8.histories import format_pokerstars, record_from_history


def main(out: str, hands: int = 1500, seed: int = 8) -> None:
    rng = random.Random(seed)
    names = {s: f"Player{s}" for s in range(6)}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.txt"
        with open(path, "w", encoding="utf-8") as file:
            for number in range(hands):
                hand = Hand([200] * 6, PotLimit(1, 2), button=number % 6, rng=rng)
                play_hand(hand, rng)
                record = record_from_history(hand.history, names=names, hand_id=str(10**9 + number))
                file.write(format_pokerstars(record) + "\n\n")
        cli.main(["hands", str(path), "--player", "Player0", "--graph", out])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/hands-graph.png")
