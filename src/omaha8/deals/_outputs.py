"""Output files that are complete or absent: built under a temporary name beside the target and moved
into place, or streamed into ``-``, a FIFO or a device, which are never renamed over.

:func:`_open_binary` is the one place output (and input) files are opened, so
tests can put a full disk in its place.

Examples
--------
>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "out.txt")
>>> _is_stream_path(path), _is_stream_path("-")  # a new file is replaced when complete; standard output is written into
(False, True)
>>> out = _Output(path)
>>> built = out.scratch("out")
>>> _ = built.write_text("done")
>>> out.commit(built)
>>> open(path).read(), os.listdir(os.path.dirname(path))
('done', ['out.txt'])
"""

from __future__ import annotations

import os
import shutil
import stat
import sys
import tempfile
from pathlib import Path
from typing import IO, Any, BinaryIO, TypeVar, Union, cast

from .._support._args import brief
from ..errors import ArgumentTypeError

PathLike = Union[str, "os.PathLike[str]"]
_W = TypeVar("_W", bound="CompleteOrAbsent")


class CompleteOrAbsent:
    """A writer used in a ``with`` block: closed, its output complete, when the block ends; discarded, its
    output absent, when the block raises. A subclass gives :meth:`close` and :meth:`discard`."""

    def close(self) -> None:
        raise NotImplementedError

    def discard(self) -> None:
        raise NotImplementedError

    def __enter__(self: _W) -> _W:
        return self

    def __exit__(self, exc_type: object, *exc: object) -> None:
        if exc_type is None:
            self.close()
        else:
            self.discard()


def _open_binary(path: Path, mode: str = "wb") -> BinaryIO:
    """Open a scratch or output file; the one place output files are opened (tests replace it)."""
    return cast(BinaryIO, open(path, mode))


def _close_quietly(f: IO[Any] | None) -> None:
    """Close ``f`` while another error is already on its way: a second one (disk full) must not hide it."""
    if f is None:
        return
    try:
        f.close()
    except (OSError, ValueError):
        pass


def _is_stream_path(path: str) -> bool:
    """Whether ``path`` is written into rather than replaced: ``-``, a device, a FIFO, a socket, /proc."""
    if path == "-":
        return True
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return False
    except OSError:
        return True  # let the open say why it cannot be written
    if not stat.S_ISREG(info.st_mode):
        return True
    # /dev/stdout redirected to a file resolves through /proc to that file (or to a name that no longer
    # exists): write into it, never rename over the link
    real = os.path.realpath(path)
    if real.startswith("/proc/") or (os.path.islink(path) and os.path.abspath(path).startswith(("/dev/", "/proc/"))):
        return True
    try:
        same = os.path.samestat(os.stat(real), info)
    except OSError:
        same = False
    return not same


def _check_path(path: object, name: str = "path") -> str:
    """``path`` as text: a str or an os.PathLike of str."""
    if isinstance(path, str) or (isinstance(path, os.PathLike) and isinstance(os.fspath(path), str)):
        text = os.fspath(path)
        if text and "\0" not in text:
            return text
    raise ArgumentTypeError(f"{name} must be a file name (str or os.PathLike), not {type(path).__name__} {brief(path)}")


class _Output:
    """Where one output file goes, and the scratch space it is built in.

    A regular file (or a new one) is built under a temporary name in a
    directory beside it and moved into place by :meth:`commit`, so a run that
    fails leaves nothing half-written and never touches the old file; a
    symlink keeps pointing at the file it names. ``-`` (standard output), a
    terminal, a FIFO or any other file that is not a regular file is written
    into, never renamed over: :meth:`stream` opens it for streaming writes,
    and scratch files (arrays need them) go to the system's temporary folder.
    """

    def __init__(self, path: PathLike) -> None:
        self.text = _check_path(path)
        self.direct = _is_stream_path(self.text)
        self.final = Path(self.text) if self.direct else Path(os.path.realpath(self.text))
        self.name = "<stdout>" if self.text == "-" else self.text
        self._scratch: Path | None = None
        self._stream: BinaryIO | None = None

    def scratch(self, name: str) -> Path:
        """A path for a temporary file (created on first use, deleted by :meth:`discard`)."""
        if self._scratch is None:
            where = None if self.direct else str(self.final.parent)
            try:
                self._scratch = Path(tempfile.mkdtemp(prefix=f".{self.final.name}.", dir=where))
            except OSError as exc:
                raise OSError(exc.errno, f"cannot write: {exc.strerror}", self.name) from None
        return self._scratch / name

    def stream(self) -> BinaryIO:
        """The output itself, for a direct output: standard output's buffer, or the file opened to write."""
        assert self.direct
        if self._stream is None:
            self._stream = sys.stdout.buffer if self.text == "-" else _open_binary(Path(self.text), "wb")
        return self._stream

    def commit(self, built: Path) -> None:
        """Put the finished file ``built`` (a scratch file) in place, then drop the scratch space."""
        try:
            if not self.direct:
                os.replace(built, self.final)
            else:
                out = self.stream()
                with open(built, "rb") as f:
                    shutil.copyfileobj(f, out, 1 << 20)
                self.finish_stream()
        finally:
            self.discard()

    def finish_stream(self) -> None:
        """Flush a direct output and close it (standard output stays open)."""
        if self._stream is None:
            return
        stream, self._stream = self._stream, None
        if stream is sys.stdout.buffer:
            stream.flush()
        else:
            stream.close()

    def discard(self) -> None:
        """Delete the scratch space; never raises, so it can run while another error is raised."""
        if self._stream is not None and self._stream is not sys.stdout.buffer:
            _close_quietly(self._stream)
        self._stream = None
        if self._scratch is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)
            self._scratch = None
