"""The plain C hi/lo evaluator of ``c_baseline.c``, compiled in the benchmark run and loaded with ctypes.

The kernel rows of the headline table are timed against it: a C kernel
against C, compiled by the system's compiler (``$CC``, else ``cc``, ``gcc``
or ``clang``) with ``-O3 -march=native`` (without ``-march=native`` when the
compiler refuses it) into a temporary directory.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

SOURCE = Path(__file__).with_name("c_baseline.c")
FLAGS = (["-O3", "-march=native"], ["-O3"])


class NoCompiler(RuntimeError):
    """No C compiler to build the baseline with."""


@dataclass(frozen=True)
class Baseline:
    """The loaded evaluator, the command that built it, and where its library lies."""

    library: ctypes.CDLL
    command: tuple[str, ...]
    directory: str

    def evaluate(self, holes: np.ndarray, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """High (uint16) and low (uint8, 0 = none) of each row: holes (N, 4|5), boards (N, 5)."""
        holes, boards = np.ascontiguousarray(holes, dtype=np.uint8), np.ascontiguousarray(boards, dtype=np.uint8)
        n, n_hole = holes.shape
        if boards.shape != (n, 5) or n_hole not in (4, 5):
            raise ValueError(f"holes (N, 4|5) and boards (N, 5), not {holes.shape} and {boards.shape}")
        high, low = np.empty(n, dtype=np.uint16), np.empty(n, dtype=np.uint8)
        self.library.baseline_evaluate(holes.ctypes.data, boards.ctypes.data, n, n_hole,
                                       high.ctypes.data, low.ctypes.data)
        return high, low


def compiler() -> str | None:
    """The C compiler to use: ``$CC`` (its first word), else the first of cc, gcc, clang on the path."""
    given = os.environ.get("CC", "").split()
    for name in ([given[0]] if given else []) + ["cc", "gcc", "clang"]:
        found = shutil.which(name)
        if found:
            return found
    return None


def build(directory: str | None = None) -> Baseline:
    """Compile and load the baseline; ``NoCompiler`` when there is no compiler.

    The library is built into ``directory`` (a new temporary directory by
    default), which the caller removes when done.
    """
    cc = compiler()
    if cc is None:
        raise NoCompiler("no C compiler (set CC, or install cc, gcc or clang) to build the C baseline")
    where = directory or tempfile.mkdtemp(prefix="omaha8-baseline-")
    library = os.path.join(where, "c_baseline.so")
    errors = []
    for flags in FLAGS:
        command = (cc, *flags, "-shared", "-fPIC", "-o", library, str(SOURCE))
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode == 0:
            break
        errors.append(f"{' '.join(command)}: {done.stderr.strip()[:400]}")
    else:
        raise RuntimeError("the C baseline did not compile:\n" + "\n".join(errors))
    lib = ctypes.CDLL(library)
    lib.baseline_init.restype = ctypes.c_int
    lib.baseline_init.argtypes = []
    lib.baseline_evaluate.restype = None
    lib.baseline_evaluate.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64, ctypes.c_int,
                                      ctypes.c_void_p, ctypes.c_void_p]
    classes = lib.baseline_init()
    if classes != 7462:
        raise RuntimeError(f"the C baseline built {classes} high hand classes, not 7462")
    return Baseline(lib, command, where)
