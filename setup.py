"""Build omaha8's Cython extensions.

Every ``.pyx`` file under ``src/omaha8`` becomes one extension module, named
from its path (``core/_core.pyx`` is ``omaha8.core._core``), so a concern's
kernels sit in its package beside the Python that calls them.
The hand engine's hot modules (``COMPILED_PYTHON``) are plain, typed Python
that Cython also compiles, with Python's semantics kept (no C types from
annotations, bounds and negative indices checked): the compiled module is
imported when it is built, the ``.py`` beside it otherwise, and the tests
compare the two. The hand-history readers' own modules (``TYPED_PYTHON``),
which only omaha8's code calls, are compiled with their annotations as types
(a ``str`` argument is a ``str``, so its methods are C calls).

Environment variables
---------------------
OMAHA8_OPENMP
    ``auto`` (default): compile with OpenMP when a probe program builds and
    links with it, otherwise build serial kernels and print a warning.
    ``off``: always build serial kernels. ``require``: fail if OpenMP is
    unavailable.
OMAHA8_EXTENSIONS
    Comma-separated module names under the package (``core._core``,
    ``game.hand``) to build only those; for development. Default: every
    ``.pyx`` and every module of ``COMPILED_PYTHON``.
OMAHA8_NATIVE
    ``1`` adds ``-march=native`` (faster, but the wheel only runs on CPUs like
    the build machine's). Default ``0``.
OMAHA8_CYTHONIZE_JOBS
    Processes that translate ``.pyx``/``.py`` to C at once (Cython's
    ``nthreads``). Default: the CPUs this process may run on; ``1`` translates
    in this process.
OMAHA8_DEBUG_SYMBOLS
    ``1`` keeps the compiler's debug information (``-g``) in the extensions,
    for a debugger or a profiler. Default ``0``: release builds carry none
    (``-g0``, and the linker strips them on Linux), which makes the installed
    extensions about five times smaller.

The C compiler runs on as many extensions at once as there are CPUs
(``build_ext --parallel``); ``python setup.py build_ext --parallel N`` (or
``-j N``) asks for N. Cython runs when a build starts, not when ``setup.py``
is read, so ``python -m build --sdist`` translates nothing. Both steps are
incremental in place: ``python setup.py build_ext --inplace`` translates only
the ``.pyx``/``.py`` files newer than their ``.c`` (or whose cimported
``.pxd``/included ``.pxi`` are), and compiles only the extensions whose
``.c`` is newer than their built module. A change of compiler flags alone is
not seen: add ``--force``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

PACKAGE_DIR = Path("src") / "omaha8"
# plain Python modules compiled for speed (about 1.3x for the engine): the engine's per-action path
COMPILED_PYTHON = ["game/hand.py", "game/state.py", "game/streets.py", "game/settlement.py", "game/dealing.py",
                   "game/_showdown_lane.py",
                   # and the hand-history readers' per-line path (about 1.3x on reading)
                   "histories/_files.py", "histories/_grammar.py", "histories/_builder.py",
                   "histories/sites/_common.py", "histories/sites/_headers.py", "histories/sites/_bovada.py",
                   "histories/sites/_cake.py", "histories/sites/_everleaf.py", "histories/sites/_fulltilt.py",
                   "histories/sites/_kingsclub.py", "histories/sites/_pacific.py", "histories/sites/_party.py",
                   "histories/sites/_pkr.py", "histories/sites/_pokerstars.py", "histories/sites/_winamax.py",
                   "histories/sites/_winning.py", "histories/sites/_winning_old.py",
                   # the XML tree and the sites read since
                   "histories/sites/_xml.py", "histories/sites/_totals.py", "histories/sites/_entraction.py",
                   "histories/sites/_ongame.py", "histories/sites/_bossmedia.py", "histories/sites/_microgaming.py",
                   "histories/sites/_merge.py", "histories/sites/_ipoker.py", "histories/sites/_ipoker_xml.py",
                   # and each hand's replay and reconciliation (about 1.2x on those)
                   "histories/records.py", "histories/replay.py", "histories/reconcile.py"]
# the modules of COMPILED_PYTHON that only omaha8's own code calls, with arguments its annotations describe exactly:
# compiled with those annotations as types (a `str` argument's methods and a `dict` local's lookups become C
# calls): a hand of a text format read, replayed and reconciled in 7 to 12% fewer instructions (callgrind; Bovada,
# 888, Winamax, PKR), an XML one in 1% fewer. A user's value never reaches them directly, so Cython's stricter check
# of an annotation (no subclass of a builtin type) cannot refuse a caller's argument.
TYPED_PYTHON = {"histories/_grammar.py", "histories/_builder.py",
                *(source for source in COMPILED_PYTHON if source.startswith("histories/sites/"))}
KERNEL_DIRECTIVES = {
    "language_level": "3",
    "boundscheck": False,
    "wraparound": False,
    "cdivision": True,
    "initializedcheck": False,
    "embedsignature": True,
}
# Python's semantics for COMPILED_PYTHON: annotations stay annotations, and Cython's default checks stay on
PYTHON_DIRECTIVES = {"language_level": "3", "annotation_typing": False}
# ... but for TYPED_PYTHON the annotations are types
TYPED_DIRECTIVES = {**PYTHON_DIRECTIVES, "annotation_typing": True}
OPENMP_FLAGS = {"unix": ["-fopenmp"], "msvc": ["/openmp"]}
OPENMP_PROBE = r"""
#include <omp.h>
int main(void) {
    int n = 0;
    #pragma omp parallel reduction(+:n)
    n += 1;
    return n > 0 ? 0 : 1;
}
"""


def _openmp_works(compiler_type: str) -> bool:
    """Compile, link and run a tiny OpenMP program with the default C compiler."""
    flags = OPENMP_FLAGS.get(compiler_type)
    cc = os.environ.get("CC", "cc")
    if flags is None or shutil.which(cc.split()[0]) is None:
        return False
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "probe.c"
        exe = Path(tmp) / "probe"
        src.write_text(OPENMP_PROBE)
        cmd = [*cc.split(), *flags, str(src), "-o", str(exe)]
        try:
            built = subprocess.run(cmd, capture_output=True, timeout=60).returncode == 0
            return built and subprocess.run([str(exe)], timeout=60).returncode == 0
        except (OSError, subprocess.SubprocessError):
            return False


def _cpus() -> int:
    """The CPUs this process may run on (a container's or a taskset's share, not the host's)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _jobs(variable: str) -> int:
    value = os.environ.get(variable, "").strip()
    if not value:
        return _cpus()
    if not value.isascii() or not value.isdigit() or int(value) < 1:
        raise SystemExit(f"{variable} must be a whole number of processes, 1 or more, not {value!r}")
    return int(value)


class BuildExt(build_ext):
    """build_ext that translates with Cython when it runs, compiles in parallel, and adds OpenMP and release flags."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:  # neither --parallel nor -j given: every CPU
            self.parallel = _cpus()

    def build_extensions(self) -> None:
        mode = os.environ.get("OMAHA8_OPENMP", "auto").lower()
        if mode not in {"auto", "off", "require"}:
            raise SystemExit(f"OMAHA8_OPENMP must be auto, off or require, not {mode!r}")
        debug_symbols = os.environ.get("OMAHA8_DEBUG_SYMBOLS", "0")
        if debug_symbols not in {"0", "1"}:
            raise SystemExit(f"OMAHA8_DEBUG_SYMBOLS must be 0 or 1, not {debug_symbols!r}")
        ctype = self.compiler.compiler_type
        use_openmp = mode != "off" and _openmp_works(ctype)
        if mode == "require" and not use_openmp:
            raise SystemExit("OMAHA8_OPENMP=require but the OpenMP probe failed")
        if mode == "auto" and not use_openmp:
            warnings.warn(
                "OpenMP not available: building serial omaha8 kernels "
                "(n_threads will have no effect)",
                stacklevel=1,
            )
        extra = ["-O3"] if ctype == "unix" else ["/O2"]
        link = []
        if ctype == "unix" and debug_symbols == "0":
            # Python's own CFLAGS carry -g: the last flag wins, and the linker drops what is left
            extra.append("-g0")
            if sys.platform.startswith("linux"):
                link.append("-s")
        if os.environ.get("OMAHA8_NATIVE", "0") == "1" and ctype == "unix":
            extra.append("-march=native")
        for ext in self.extensions:
            ext.extra_compile_args += extra
            ext.extra_link_args += link
            if use_openmp:
                ext.extra_compile_args += OPENMP_FLAGS[ctype]
                ext.extra_link_args += OPENMP_FLAGS[ctype] if ctype == "unix" else []
        self._cythonize()
        super().build_extensions()

    def _cythonize(self) -> None:
        """Replace each extension's .pyx/.py source by its C, translating only what changed since the last build."""
        import numpy
        from Cython.Build import cythonize

        jobs = _jobs("OMAHA8_CYTHONIZE_JOBS")
        compiled_python = {f"omaha8.{_name(PACKAGE_DIR / source)}" for source in COMPILED_PYTHON}
        typed_python = {f"omaha8.{_name(PACKAGE_DIR / source)}" for source in TYPED_PYTHON}
        kernels = [ext for ext in self.extensions if ext.name not in compiled_python]
        engine = [ext for ext in self.extensions if ext.name in compiled_python and ext.name not in typed_python]
        typed = [ext for ext in self.extensions if ext.name in typed_python]
        for ext in kernels:
            ext.include_dirs.append(numpy.get_include())
        translated = []
        if kernels:
            translated += cythonize(
                kernels,
                compiler_directives=KERNEL_DIRECTIVES,
                include_path=[str(PACKAGE_DIR)],
                nthreads=jobs if jobs > 1 else 0,
                force=self.force,
            )
        for modules, directives in ((engine, PYTHON_DIRECTIVES), (typed, TYPED_DIRECTIVES)):
            if modules:
                translated += cythonize(modules, compiler_directives=directives,
                                        nthreads=jobs if jobs > 1 else 0, force=self.force)
        sources = {ext.name: ext.sources for ext in translated}
        for ext in self.extensions:
            ext.sources = sources[ext.name]


def _only() -> set[str]:
    return {name for name in os.environ.get("OMAHA8_EXTENSIONS", "").split(",") if name}


def _name(source: Path) -> str:
    """The module name of a source under the package, from its path: ``core/_core.pyx`` -> ``core._core``."""
    return ".".join(source.relative_to(PACKAGE_DIR).with_suffix("").parts)


def _extensions() -> list[Extension]:
    only = _only()
    return [
        Extension(
            f"omaha8.{_name(pyx)}",
            [str(pyx)],
            define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        )
        for pyx in sorted(PACKAGE_DIR.rglob("*.pyx"))
        if not only or _name(pyx) in only
    ]


def _compiled_python() -> list[Extension]:
    only = _only()
    names = {source: _name(PACKAGE_DIR / source) for source in COMPILED_PYTHON}
    return [Extension(f"omaha8.{name}", [str(PACKAGE_DIR / source)])
            for source, name in names.items() if not only or name in only]


setup(
    # the sources as written: build_ext translates them (and the sdist carries them, not their C)
    ext_modules=_extensions() + _compiled_python(),
    cmdclass={"build_ext": BuildExt},
    package_dir={"": "src"},
)
