"""Check an sdist's files: every source the build reads is in it, and nothing generated is.

Usage: ``python .ci/check_sdist.py dist/omaha8-X.Y.Z.tar.gz`` from the checkout it was built from.
The sources are read from the checkout: every ``.py``, ``.pyx``, ``.pxd``, ``.pxi``, ``.pyi``, data
file and ``py.typed`` under ``src/omaha8``, and the files at the root that the build reads. Generated
means what a build writes: C from Cython, compiled objects and modules, caches, build folders. The
metadata setuptools writes into every sdist (``PKG-INFO``, ``setup.cfg``, ``*.egg-info/``) is expected.
Prints one line per problem and exits 1 if there is any, else prints what it checked and exits 0.
"""

from __future__ import annotations

import sys
import tarfile
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

PACKAGE = "src/omaha8"
#: What the build reads under the package: modules, kernels and their cimport surfaces and includes, stubs, data.
SOURCE_SUFFIXES = frozenset({".py", ".pyx", ".pxd", ".pxi", ".pyi", ".npz"})
SOURCE_NAMES = frozenset({"py.typed"})
#: What the build reads at the root: the build itself, and the README that is the package's long description.
ROOT_SOURCES = frozenset({"pyproject.toml", "setup.py", "MANIFEST.in", "README.md"})
#: What a build writes. The project has no hand-written C or headers: Cython writes every .c and .h.
GENERATED_SUFFIXES = frozenset({".c", ".cpp", ".h", ".so", ".pyd", ".dll", ".dylib", ".o", ".obj", ".a", ".lib",
                                ".exp", ".html", ".pyc", ".pyo", ".whl"})
GENERATED_DIRS = frozenset({"build", "dist", "__pycache__", ".pytest_cache", ".mypy_cache", ".hypothesis",
                            ".benchmarks", ".eggs", ".tox", ".nox", ".venv", "venv"})
#: Metadata setuptools writes into every sdist and reads back when it builds from one.
METADATA = frozenset({"PKG-INFO", "setup.cfg"})


def _is_source(path: PurePosixPath) -> bool:
    return path.suffix in SOURCE_SUFFIXES or path.name in SOURCE_NAMES


def _is_generated(path: PurePosixPath) -> bool:
    if path.name in METADATA and len(path.parts) == 1:
        return False
    if any(part.endswith(".egg-info") for part in path.parts[:-1]):
        return False
    return path.suffix in GENERATED_SUFFIXES or any(part in GENERATED_DIRS for part in path.parts[:-1])


def expected_sources(root: Path) -> set[str]:
    """The files of the checkout at ``root`` that an sdist must carry, as paths relative to it."""
    package = root / PACKAGE
    found = {
        path.relative_to(root).as_posix()
        for path in package.rglob("*")
        if path.is_file() and _is_source(PurePosixPath(path.name))
        and not any(part in GENERATED_DIRS for part in path.relative_to(package).parts[:-1])
    }
    if not found:
        raise SystemExit(f"no sources under {package}: run this from the checkout the sdist was built from")
    return found | {name for name in ROOT_SOURCES if (root / name).is_file()}


def sdist_files(sdist: Path) -> list[str]:
    """The files of an sdist, as paths below its top folder (``omaha8-X.Y.Z/``)."""
    with tarfile.open(sdist) as archive:
        names = [member.name for member in archive.getmembers() if member.isfile()]
    tops = {PurePosixPath(name).parts[0] for name in names}
    if len(tops) != 1:
        raise SystemExit(f"{sdist}: an sdist has one top folder, this one has {sorted(tops)[:5]}")
    return sorted(PurePosixPath(*PurePosixPath(name).parts[1:]).as_posix() for name in names)


def problems(files: Iterable[str], expected: Iterable[str]) -> list[str]:
    """One line per source missing from ``files`` and per generated file in it, sorted."""
    present = set(files)
    missing = [f"missing source: {name}" for name in sorted(set(expected) - present)]
    generated = [f"generated file: {name}" for name in sorted(present) if _is_generated(PurePosixPath(name))]
    return missing + generated


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python .ci/check_sdist.py SDIST.tar.gz", file=sys.stderr)
        return 2
    sdist = Path(argv[0])
    files = sdist_files(sdist)
    expected = expected_sources(Path(__file__).resolve().parent.parent)
    found = problems(files, expected)
    for line in found:
        print(f"{sdist.name}: {line}", file=sys.stderr)
    if found:
        return 1
    kinds = sorted({PurePosixPath(name).suffix or PurePosixPath(name).name for name in expected})
    print(f"{sdist.name}: {len(files)} files, every one of the {len(expected)} sources ({', '.join(kinds)}), "
          "nothing generated")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
