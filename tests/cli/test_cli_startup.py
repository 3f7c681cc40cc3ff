"""The command line builds the parser of the command it runs only: the same parser, without the others' imports."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from omaha8.cli import COMMANDS, _command_of, build_parser


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


@pytest.mark.parametrize("module", COMMANDS)
def test_a_commands_own_parser_is_the_one_of_the_full_parser(module: str) -> None:
    name = module.replace("_", "-")
    full = _subparsers(build_parser())[name]
    alone = _subparsers(build_parser(module))
    assert list(alone) == [name]
    assert alone[name].format_help() == full.format_help()


@pytest.mark.parametrize("argv,module", [
    (["batch", "x.csv"], "batch"),
    (["--debug", "preflop-table"], "preflop_table"),
    (["preflop_table"], None),  # not a command name: the full parser says so, listing every command
    (["--help", "batch"], None),
    (["--version"], None),
    ([], None),
    (["bat"], None),
])
def test_the_command_a_line_names(argv: list[str], module: str | None) -> None:
    assert _command_of(argv) == module


def test_batch_does_not_import_the_other_commands_modules() -> None:
    code = ("import sys; from omaha8.cli import main; code = main(['batch', '--random', '20', '--seed', '1', '-q']); "
            "print(code, sorted(m for m in ('omaha8.histories', 'omaha8.solver', 'omaha8.game', "
            "'omaha8.distributed', 'omaha8.ranges') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["0", "[]"]
