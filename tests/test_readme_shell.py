"""The README's command lines, run through a real shell (``bash -c``), so that a quoting mistake fails.

Every ``omaha8 ...`` of the README is found: the ``$ `` lines of its ``console`` blocks (their output is
compared, as doctest compares, ``...`` matching anything), the indented command blocks, and the inline
``omaha8 ...`` code spans. Each runs in a folder that holds the files the examples name (``deals.csv``,
``deals.csv.gz``) and must exit 0. A span that is a synopsis (``[--board ...]``, ``N``, ``FILE``,
``tcp://host``) or the bare name of a command in a sentence is not a command line; :data:`SYNOPSES` names the other spans that are not, each with
why. Double quotes around text with ``$``, ``!`` or a backquote are refused in any of them: the shell
would change it.
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import omaha8

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"

#: Inline spans that are references to a command, not command lines, and why they are not run.
SYNOPSES = {
    "omaha8 hands --check": "names the option; it needs files, which the sentence around it describes",
}
#: What makes a span a synopsis: placeholders in capitals, optional parts, elisions, an address to fill in.
_PLACEHOLDER = re.compile(r"\[|\.\.\.|\b[A-Z][A-Z_]*\b|\*|tcp://host|\\\|")
#: Text in double quotes that a shell changes: $ (variables), ! (history), ` (commands).
_DOUBLE_QUOTED_SHELL = re.compile(r'"[^"]*[$!`][^"]*"')


def _unquoted(command: str) -> str:
    """The command without its single-quoted parts (card and range text may hold capitals)."""
    return re.sub(r"'[^']*'", "''", command)


Example = tuple[int, str, "str | None"]


def _blocks() -> list[list[Example]]:
    """The README's command lines, ``(line, command, expected output or None)``, in blocks run in order:
    a ``console`` block is one (its commands may read what the ones before wrote), any other line its own."""
    blocks: list[list[Example]] = []
    last: int | None = None
    for line, command, want, console in _examples():
        if blocks and console is not None and console == last:
            blocks[-1].append((line, command, want))
        else:
            blocks.append([(line, command, want)])
        last = console
    return blocks


def _examples() -> list[tuple[int, str, str | None, int | None]]:
    """``(line, command, expected output or None, console block number or None)`` for every command line."""
    lines = README.read_text(encoding="utf-8").splitlines()
    found: list[tuple[int, str, str | None, int | None]] = []
    fence: str | None = None
    console = 0
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            fence = None if fence is not None else line[3:].strip() or "plain"
            console += fence == "console"
            i += 1
            continue
        if fence == "console" and line.startswith("$ "):
            start, command, want = i + 1, line[2:], []
            i += 1
            while i < len(lines) and not lines[i].startswith(("$ ", "```")):
                want.append(lines[i])
                i += 1
            found.append((start, command, "\n".join(want) + "\n" if want else "", console))
            continue
        if fence is None and line.startswith("    ") and "omaha8 " in line and not line.lstrip().startswith(">>>"):
            start, command = i + 1, line.strip()
            while command.endswith("\\"):
                i += 1
                command = command[:-1] + " " + lines[i].strip()
            found.append((start, command, None, None))
        elif fence is None:
            for span in re.findall(r"`(omaha8 [^`]*)`", line):
                found.append((i + 1, span, None, None))
        i += 1
    return found


def _is_synopsis(command: str) -> bool:
    words = command.split()
    if len(words) == 2 and not words[1].startswith("-"):
        return True  # `omaha8 batch`: the command's name in a sentence
    return command in SYNOPSES or bool(_PLACEHOLDER.search(_unquoted(command)))


EXAMPLES = [example for block in _blocks() for example in block]


def test_the_readme_has_command_lines() -> None:
    assert sum(1 for _, command, _ in EXAMPLES if not _is_synopsis(command)) >= 15
    assert sum(1 for _, _, want in EXAMPLES if want) >= 4


def test_synopses_are_current() -> None:
    commands = {command for _, command, _ in EXAMPLES}
    assert set(SYNOPSES) <= commands


@pytest.mark.parametrize("line, command", [(line, command) for line, command, _ in EXAMPLES])
def test_no_shell_text_in_double_quotes(line: int, command: str) -> None:
    assert not _DOUBLE_QUOTED_SHELL.search(command), (
        f"README.md line {line}: the shell changes $, ! and ` inside double quotes; quote in single quotes")


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the files the examples name, and ``omaha8`` on the PATH: this omaha8, by its interpreter."""
    folder = tmp_path_factory.mktemp("readme")
    bin_dir = folder / ".bin"
    bin_dir.mkdir()
    shim = bin_dir / "omaha8"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m omaha8 "$@"\n')
    shim.chmod(0o755)
    env = _env(folder)
    subprocess.run(["omaha8", "batch", "--random", "300", "--players", "6", "--seed", "11", "--deals-out",
                    "deals.csv", "-q"], cwd=folder, env=env, check=True)
    subprocess.run(["bash", "-c", "gzip -k deals.csv"], cwd=folder, env=env, check=True)
    (folder / "tests").symlink_to(ROOT / "tests")  # the README names its test data as from the checkout
    return folder


def _env(folder: Path) -> dict[str, str]:
    env = dict(os.environ)
    # the omaha8 the tests imported (an installed package, or the checkout's src/ with its kernels)
    env["PYTHONPATH"] = str(Path(omaha8.__file__).resolve().parent.parent)
    env["PATH"] = f"{folder / '.bin'}{os.pathsep}{env.get('PATH', '')}"
    env.pop("OMAHA8_DEBUG", None)
    return env


_SLOW = ("solve", "--random 1000000")


def _run(folder: Path, line: int, command: str, want: str | None) -> None:
    run = subprocess.run(["bash", "-c", f"set -o pipefail; {command}"], cwd=folder, env=_env(folder),
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, f"README.md line {line}: {command}\n{run.stderr}"
    if want is not None:
        checker = doctest.OutputChecker()
        assert checker.check_output(want, run.stdout, doctest.ELLIPSIS), (
            f"README.md line {line}: {command}\nwant:\n{want}got:\n{run.stdout}")


@pytest.mark.parametrize("block", [
    pytest.param(block, marks=[pytest.mark.slow] if any(s in c for _, c, _ in block for s in _SLOW) else [],
                 id=f"line{block[0][0]}")
    for block in _blocks() if not all(_is_synopsis(command) for _, command, _ in block)])
def test_readme_command_lines(workdir: Path, block: list[Example]) -> None:
    for line, command, want in block:
        if not _is_synopsis(command):
            _run(workdir, line, command, want)
