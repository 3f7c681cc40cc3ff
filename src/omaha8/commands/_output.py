"""What every command writes: its text, ``--json`` and ``-o FILE``, the one way for all of them.

* ``--json`` prints each result as one JSON object on a line (the result's
  ``to_dict()`` fields, and what the command adds: the cards it was given)
  instead of the text.
* ``-o FILE`` writes the rows of the results (one per seat, player, deal,
  class, combo or hand, as the command says) to FILE, its kind read from
  its name: ``.csv``, ``.jsonl`` or ``.parquet`` (:mod:`omaha8.deals._row_files`;
  ``omaha8 batch`` also writes its deal-file kinds). ``-o -`` writes CSV to
  standard output; the text then goes to standard error. Any other name is
  refused with the list of kinds.
* Every output is written through the atomic writer (complete or absent),
  and none is one of the inputs, or another output, under any name: files
  are compared by device and inode before anything is written.

Files that cannot be read or written are one error each, in one form:
``'PATH': cannot read: REASON`` and ``-o 'PATH': cannot write: REASON``.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="omaha8 demo")
>>> add_output_options(parser, "one row per seat", "one JSON object per seat")
>>> args = parser.parse_args(["--json"])
>>> out = Output(args, {"seat": "int", "hand": "str"})
>>> out.result({"seat": 0, "hand": "As 3s Qc Jd"})
{"seat": 0, "hand": "As 3s Qc Jd"}
>>> out.close()
"""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TextIO

from .._support._args import brief
from .._support._text import printable
from .._support._plain import plain
from ..deals._outputs import CompleteOrAbsent
from ..deals._row_files import ROW_FORMATS, RowFile, row_format
from ..errors import InputError, OutputError
from ._options import PATH

__all__ = ["STDOUT_TWICE", "Output", "add_output_options", "check_inputs", "check_outputs", "identity", "read_error",
           "usage_error"]


#: Why ``--json`` and ``-o -`` do not go together.
STDOUT_TWICE = "--json and -o - would both write standard output: give -o a file name, or leave out --json"


def usage_error(command: str, message: str) -> SystemExit:
    """A usage error found after parsing: ``omaha8: error: MESSAGE (see omaha8 COMMAND --help)``, exit status 2.

    The command line prints the message of a ``SystemExit`` that carries text, and exits 2.
    """
    return SystemExit(f"omaha8: error: {printable(message)} (see omaha8 {command} --help)")


def read_error(path: str, exc: OSError | str) -> InputError:
    """``'PATH': cannot read: REASON``: the one form of an input that cannot be read."""
    reason = exc if isinstance(exc, str) else (exc.strerror or str(exc))
    return InputError(f"{brief(path)}: cannot read: {reason}")


def add_output_options(parser: argparse.ArgumentParser, rows: str, objects: str, *,
                       formats: Mapping[str, str] = ROW_FORMATS) -> None:
    """``--json`` and ``-o/--output FILE``, with help that says what each holds."""
    kinds = ", ".join(ending for ending in formats if ending != ".ndjson")
    parser.add_argument("--json", action="store_true",
                        help=f"print {objects} on a line instead of the text (fields: see README, 'Data out')")
    parser.add_argument("-o", "--output", metavar="FILE", type=PATH,
                        help=f"write {rows} to FILE, its kind read from its name: {kinds}; "
                        "- for CSV on standard output (the text then goes to standard error)")


def identity(path: str, fd: int) -> tuple[str, object]:
    """What a path names: ("inode", (dev, ino, is a character device)) when it exists, else ("path", its
    resolved path). ``-`` names the file open on ``fd`` (0 for an input, 1 for an output)."""
    try:
        info = os.fstat(fd) if path == "-" else os.stat(path)
    except OSError:
        return ("path", "-" if path == "-" else os.path.realpath(path))
    return ("inode", (info.st_dev, info.st_ino, stat.S_ISCHR(info.st_mode)))


def check_outputs(command: str, outputs: Sequence[tuple[str, str | None]], inputs: Sequence[str] = ()) -> None:
    """Refuse, before anything is opened for writing, an output that is an input or another output.

    ``outputs`` are ``(option, path)`` pairs (None: not given); ``inputs`` paths (``-``: standard input).
    A terminal or ``/dev/null`` holds nothing to lose and may be named twice.
    """
    named = [("the input", path, 0) for path in inputs]
    named += [(option, path, 1) for option, path in outputs if path is not None]
    seen: list[tuple[str, str, tuple[str, object]]] = []
    for what, path, fd in named:
        key = identity(path, fd)
        for other_what, other_path, other_key in seen:
            if key != other_key:
                continue
            if key[0] == "inode" and key[1][2]:  # type: ignore[index]
                continue
            if path == "-" and other_path == "-" and other_what == "the input":
                continue  # standard input and standard output are different streams
            raise usage_error(command, f"{what} {brief(path)} is the same file as {other_what} {brief(other_path)}: "
                                       "nothing would be left of one of them; choose another path")
        seen.append((what, path, key))


def check_inputs(paths: Iterable[str]) -> None:
    """Every input exists and is not a folder (``-`` is standard input), or the error says which cannot be read."""
    for path in paths:
        if path == "-":
            continue
        try:
            info = os.stat(path)
        except OSError as exc:
            raise read_error(path, exc) from None
        if stat.S_ISDIR(info.st_mode):
            raise read_error(path, "it is a folder")


class Output(CompleteOrAbsent):
    """A command's ``--json`` objects and ``-o`` rows, and where its text goes.

    Parameters
    ----------
    args
        The parsed arguments (``json`` and ``output``).
    columns
        The rows' columns and their types (:data:`omaha8.deals._row_files.COLUMN_TYPES`).
    """

    def __init__(self, args: argparse.Namespace, columns: Mapping[str, str]) -> None:
        self.json = bool(getattr(args, "json", False))
        path = getattr(args, "output", None)
        self.path: str | None = path
        self.columns = dict(columns)
        self.file: RowFile | None = None
        if self.json and path is not None and path == "-":
            raise OutputError(STDOUT_TWICE)
        if path is not None:
            row_format(path)  # an unknown kind is refused before any work
            self.file = RowFile(path, self.columns)

    @property
    def text(self) -> TextIO | None:
        """Where the human text goes: standard output, standard error when data goes there, None with --json."""
        if self.json:
            return None
        if self.path == "-":
            return sys.stderr
        return sys.stdout

    def say(self, *lines: str) -> None:
        """Print text lines (nothing with --json)."""
        out = self.text
        if out is not None:
            for line in lines:
                print(line, file=out)

    def result(self, obj: Mapping[str, Any]) -> None:
        """Print one result as a JSON object on a line (with --json)."""
        if self.json:
            print(json.dumps(plain(obj), allow_nan=False))

    def rows(self, rows: Iterable[Mapping[str, Any]]) -> None:
        """Write rows to the -o file (nothing without -o)."""
        if self.file is not None:
            self.file.write(rows)

    def close(self) -> None:
        """Finish the -o file: it appears complete under its name."""
        if self.file is not None:
            file, self.file = self.file, None
            file.close()

    def discard(self) -> None:
        """Drop the -o file being written (an older file of that name stays as it was)."""
        if self.file is not None:
            file, self.file = self.file, None
            file.discard()


