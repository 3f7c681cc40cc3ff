"""The ``omaha8`` command: one subcommand per module in :mod:`omaha8.commands`.

Each module in ``COMMANDS`` exposes ``register(subparsers)``, which adds its
parser and sets ``func`` to a ``run(args) -> int`` returning the exit code.

Every failure is one line on stderr, ``omaha8: error: ...`` (a usage error
ends with where to find help: ``(see omaha8 COMMAND --help)``; a file that
cannot be read or written is ``'PATH': cannot read: REASON`` or ``-o 'PATH':
cannot write: REASON``), and one of these exit statuses; a traceback is
printed only with ``--debug`` (before or after the command) or
``OMAHA8_DEBUG=1`` in the environment:

====  =====================================================================
0     success
1     a check the command was asked for found a failure (``omaha8 hands --check``)
2     a usage error (an unknown option, a value out of range, options that
      do not go together) or a data error (cards, chips, seats or a file
      that omaha8 refuses, a file that cannot be read or written, a Dask
      scheduler that cannot be reached): the input is wrong, not omaha8
70    an internal error: a bug in omaha8, reported as its type and message
130   interrupted (Ctrl-C)
141   the reader of the output went away (``omaha8 ... | head``)
====  =====================================================================
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import textwrap
import traceback
from collections.abc import Sequence
from typing import NoReturn

from . import __version__
from ._support._args import brief
from ._support._text import one_line, printable
from .errors import Omaha8Error, RangeSyntaxError

COMMANDS: tuple[str, ...] = (
    "evaluate",
    "equity",
    "play",
    "batch",
    "showdown",
    "preflop_table",
    "range",
    "hands",
    "solve",
)

EXIT_OK = 0
EXIT_CHECK_FAILED = 1
#: Usage and data errors: what the user gave is wrong.
EXIT_ERROR = 2
EXIT_USAGE = EXIT_ERROR
EXIT_INTERNAL = 70
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141

_DEBUG_HINT = "run with --debug or OMAHA8_DEBUG=1 for the traceback"


#: Every exit status and what it means, as ``omaha8 --help`` lists them.
EXIT_STATUSES = (
    (EXIT_OK, "success"),
    (EXIT_CHECK_FAILED, "a check the command was asked for found a failure (omaha8 hands --check)"),
    (EXIT_ERROR, "a usage error (an unknown option, a value out of range, options that do not go together) or a "
                 "data error (cards, chips, seats or a file omaha8 refuses, a file that cannot be read or written, "
                 "a Dask scheduler that does not answer): the input is wrong, not omaha8"),
    (EXIT_INTERNAL, "an internal error: a bug in omaha8, one line with its type and message"),
    (EXIT_INTERRUPTED, "interrupted (Ctrl-C)"),
    (EXIT_BROKEN_PIPE, "the reader of the output went away (omaha8 ... | head)"),
)

_PREFIX = "omaha8: error: "
def printable_lines(text: object) -> str:
    """``text`` as lines, each with its control characters written as escapes."""
    return "\n".join(printable(line) for line in str(text).split("\n"))


class _Parser(argparse.ArgumentParser):
    """argparse, with each usage error on one line, in the one error form, that says where to find help."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{_PREFIX}{one_line(message)} (see {self.prog} --help)\n")


#: The name on the command line of each command module (``preflop-table`` for ``preflop_table``).
_COMMAND_NAMES = {name.replace("_", "-"): name for name in COMMANDS}


def _command_of(argv: Sequence[str]) -> str | None:
    """The module of the command ``argv`` runs, when it names one before any other option than --debug."""
    for arg in argv:
        if arg != "--debug":
            return _COMMAND_NAMES.get(arg)
    return None


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of every ``omaha8`` subcommand, or of the command module ``only``.

    A command line that names its command needs that command's parser alone: importing every
    command's modules (hand-history grammars, the solver, Dask glue) would cost more than a
    small run of the command itself.
    """
    parser = _Parser(
        prog="omaha8",
        description="Omaha Hi/Lo 8-or-better: evaluate hands, split pots, compute equity.",
        epilog="exit status:\n" + "\n".join(textwrap.fill(meaning, 100, initial_indent=f"  {code:<5}",
                                                           subsequent_indent=" " * 7)
                                             for code, meaning in EXIT_STATUSES)
        + "\n\nErrors are one line on stderr, 'omaha8: error: ...'; --debug (or OMAHA8_DEBUG=1) adds the "
        "traceback.\nQuote range text and cards in single quotes, 'AA23$ds': the shell reads $ and ! inside "
        "double\nquotes (\"AA23$ds\" reaches omaha8 as AA23). Every command takes --json and -o FILE (.csv, .jsonl, "
        ".parquet).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"omaha8 {__version__}")
    parser.add_argument("--debug", action="store_true", help="print the traceback of any error")
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND", dest="command", required=True)
    for name in COMMANDS if only is None else (only,):
        importlib.import_module(f"omaha8.commands.{name}").register(subparsers)
    for sub in subparsers.choices.values():
        # also after the command; SUPPRESS keeps a --debug given before it
        sub.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    return parser


def _debugging(args: argparse.Namespace) -> bool:
    return bool(getattr(args, "debug", False)) or os.environ.get("OMAHA8_DEBUG", "").strip() not in ("", "0")


def _os_error_text(exc: OSError) -> str:
    """``'PATH': REASON`` for an error about a file (the reason says what could not be done), else the message."""
    if exc.filename is None:
        return exc.strerror or str(exc)
    reason = exc.strerror or str(exc)
    if not reason.startswith(("cannot read", "cannot write")):
        reason = f"cannot open: {reason}"
    return f"{brief(os.fsdecode(exc.filename))}: {reason}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``omaha8`` command line; returns the exit status.

    Usage errors (and ``--help``, ``--version``) end in ``SystemExit`` with
    status 2 (0), as with any argparse program; every other outcome is returned.
    """
    # a usage error is printed on one line by _Parser.error and raises SystemExit(2), as argparse
    # does; --help and --version raise SystemExit(0)
    args = build_parser(_command_of(sys.argv[1:] if argv is None else argv)).parse_args(argv)
    prog = "omaha8"
    debug = _debugging(args)
    try:
        return int(args.func(args))
    except SystemExit as exc:
        if isinstance(exc.code, str):
            # a command's own usage error, SystemExit("omaha8: error: ... (see omaha8 CMD --help)"): Python would exit 1
            print(one_line(exc.code), file=sys.stderr)
            exc.code = EXIT_USAGE
        raise
    except RangeSyntaxError as exc:
        # the one error shown on three lines: the text and a caret under the fault
        failure: BaseException = exc
        code, message = EXIT_ERROR, f"{prog}: error: {printable_lines(exc)}"
    except Omaha8Error as exc:
        failure = exc
        code, message = EXIT_ERROR, f"{prog}: error: {one_line(exc)}"
    except KeyboardInterrupt as exc:
        failure, code, message = exc, EXIT_INTERRUPTED, f"{prog}: interrupted"
    except BrokenPipeError:
        # the reader (| head) went away: stop quietly, as other command-line tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except OSError as exc:  # a file or the network: what the user pointed at is not there
        failure, code, message = exc, EXIT_ERROR, f"{prog}: error: {one_line(_os_error_text(exc))}"
    except Exception as exc:
        failure, code = exc, EXIT_INTERNAL
        message = f"{prog}: internal error: {type(exc).__name__}: {one_line(exc, 300)} ({_DEBUG_HINT})"
    if debug:
        traceback.print_exception(failure)
    print(message, file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
