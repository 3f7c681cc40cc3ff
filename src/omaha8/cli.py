"""The ``omaha8`` command: one subcommand per module in :mod:`omaha8.commands`.

Each module in ``COMMANDS`` exposes ``register(subparsers)``, which adds its
parser and sets ``func`` to a ``run(args) -> int`` returning the exit code.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from . import __version__
from .errors import Omaha8Error

COMMANDS: tuple[str, ...] = (
    "evaluate",
    "equity",
    "play",
    "batch",
    "showdown",
    "preflop_table",
    "hands",
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every ``omaha8`` subcommand."""
    parser = argparse.ArgumentParser(
        prog="omaha8",
        description="Omaha Hi/Lo 8-or-better: evaluate hands, split pots, compute equity.",
    )
    parser.add_argument("--version", action="version", version=f"omaha8 {__version__}")
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    for name in COMMANDS:
        importlib.import_module(f"omaha8.commands.{name}").register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``omaha8`` command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except Omaha8Error as exc:
        print(f"omaha8: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("omaha8: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader (| head) went away: stop quietly, as other command-line tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


if __name__ == "__main__":
    sys.exit(main())
