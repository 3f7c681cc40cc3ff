"""What a release ships: the sdist check of CI, the installed package, the build's settings, optional extras.

The sdist check (``.ci/check_sdist.py``) is run on fabricated file lists and archives; the installed
package's contents and its extensions' debug information are checked where omaha8 is imported from an
installation (CI's run), not from a checkout's ``src/``.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import re
import runpy
import subprocess
import sys
import tarfile
from pathlib import Path, PurePosixPath
from typing import Any

import pytest

import omaha8

if sys.version_info >= (3, 11):
    import tomllib
else:  # the test extra brings tomli before 3.11
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("check_sdist", ROOT / ".ci" / "check_sdist.py")
assert _spec is not None and _spec.loader is not None
check_sdist = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check_sdist)

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

#: Third-party modules that only an optional extra (or the test extra's oracles) installs, and the
#: modules that sit beside them in the shared development environments.
OPTIONAL = frozenset({"pokerkit", "phevaluator", "dask", "distributed", "scipy", "numba", "gymnasium",
                      "pettingzoo", "pandas", "pyarrow", "matplotlib"})


# ---------------------------------------------------------------- the sdist check


def _tree(root: Path, files: list[str]) -> Path:
    for name in files:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"")
    return root


SOURCES = ["pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "src/omaha8/__init__.py", "src/omaha8/py.typed",
           "src/omaha8/core/_core.pyx", "src/omaha8/core/_core.pxd", "src/omaha8/core/_core.pyi",
           "src/omaha8/core/_core_tables.pxi", "src/omaha8/ranges/data/order4.npz"]
METADATA = ["PKG-INFO", "setup.cfg", "src/omaha8.egg-info/PKG-INFO", "src/omaha8.egg-info/SOURCES.txt"]


def test_expected_sources_are_the_checkouts_sources_not_its_build_output(tmp_path: Path) -> None:
    root = _tree(tmp_path, [*SOURCES, "src/omaha8/core/_core.c", "src/omaha8/core/_core.cpython-311-x86_64-linux-gnu.so",
                            "src/omaha8/__pycache__/x.cpython-311.pyc", "src/omaha8/build/lib/stray.py", "notes.txt"])
    assert check_sdist.expected_sources(root) == set(SOURCES)


def test_a_complete_sdist_has_no_problems() -> None:
    assert check_sdist.problems([*SOURCES, *METADATA, "tests/test_x.py", "docs/rules.md"], SOURCES) == []


def test_a_missing_kernel_source_and_each_generated_file_are_reported() -> None:
    # the sdist of the issue: the kernels' C instead of their .pyx, and a compiled module
    files = [name for name in SOURCES if not name.endswith(".pyx")] + METADATA + [
        "src/omaha8/core/_core.c", "src/omaha8/core/_core.cpython-311-x86_64-linux-gnu.so",
        "src/omaha8/__pycache__/cli.cpython-311.pyc", "build/lib/omaha8/cli.py"]
    assert check_sdist.problems(files, SOURCES) == [
        "missing source: src/omaha8/core/_core.pyx",
        "generated file: build/lib/omaha8/cli.py",
        "generated file: src/omaha8/__pycache__/cli.cpython-311.pyc",
        "generated file: src/omaha8/core/_core.c",
        "generated file: src/omaha8/core/_core.cpython-311-x86_64-linux-gnu.so",
    ]


@pytest.mark.parametrize("name", ["src/omaha8/core/_core.pxd", "src/omaha8/core/_core_tables.pxi", "README.md",
                                  "src/omaha8/py.typed", "src/omaha8/ranges/data/order4.npz", "pyproject.toml"])
def test_each_kind_of_source_is_required(name: str) -> None:
    files = [other for other in SOURCES if other != name]
    assert check_sdist.problems(files, SOURCES) == [f"missing source: {name}"]


def _sdist(path: Path, files: list[str], top: str = "omaha8-0.1.0") -> Path:
    with tarfile.open(path, "w:gz") as archive:
        for name in files:
            info = tarfile.TarInfo(f"{top}/{name}")
            archive.addfile(info)
    return path


def test_the_archive_is_listed_below_its_top_folder(tmp_path: Path) -> None:
    sdist = _sdist(tmp_path / "omaha8-0.1.0.tar.gz", ["PKG-INFO", "src/omaha8/__init__.py"])
    assert check_sdist.sdist_files(sdist) == ["PKG-INFO", "src/omaha8/__init__.py"]


def test_the_script_fails_on_a_bad_sdist_and_passes_a_good_one(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    expected = sorted(check_sdist.expected_sources(ROOT))
    good = _sdist(tmp_path / "good.tar.gz", [*expected, *METADATA])
    assert check_sdist.main([str(good)]) == 0
    assert "nothing generated" in capsys.readouterr().out
    pyx = next(name for name in expected if name.endswith(".pyx"))
    bad = _sdist(tmp_path / "bad.tar.gz", [*(n for n in expected if n != pyx), *METADATA, pyx[:-4] + ".c"])
    assert check_sdist.main([str(bad)]) == 1
    err = capsys.readouterr().err
    assert f"missing source: {pyx}" in err and f"generated file: {pyx[:-4]}.c" in err


def test_the_checkout_has_kernel_sources_to_require() -> None:
    kinds = {PurePosixPath(name).suffix for name in check_sdist.expected_sources(ROOT)}
    assert {".py", ".pyx", ".pxd", ".pxi", ".pyi", ".npz"} <= kinds


def test_ci_builds_and_checks_the_sdist() -> None:
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "python -m build --sdist" in run and ".ci/check_sdist.py" in run


# ---------------------------------------------------------------- what is installed


def _public_pxd() -> set[str]:
    """Every public cimport surface (a .pxd whose module path has no part starting with "_"), and what it cimports."""
    package = ROOT / "src" / "omaha8"
    surfaces = {p for p in package.rglob("*.pxd") if not any(part.startswith("_") for part in
                                                             p.relative_to(package).with_suffix("").parts)}
    found: set[Path] = set()
    while surfaces:
        pxd = surfaces.pop()
        found.add(pxd)
        for module in re.findall(r"^\s*(?:from\s+(omaha8[\w.]*)\s+cimport|cimport\s+(omaha8[\w.]*))",
                                 pxd.read_text(encoding="utf-8"), re.MULTILINE):
            name = (module[0] or module[1]).split(".")[1:]
            target = package.joinpath(*name).with_suffix(".pxd")
            if target.is_file() and target not in found:
                surfaces.add(target)
    return {p.relative_to(package).as_posix() for p in found}


def test_package_data_is_what_runs_and_the_public_cimport_surfaces() -> None:
    patterns = PYPROJECT["tool"]["setuptools"]["package-data"]["omaha8"]
    assert PYPROJECT["tool"]["setuptools"]["include-package-data"] is False  # MANIFEST.in's sources stay out
    assert {"py.typed", "**/*.pyi", "ranges/data/*.npz"} <= set(patterns)
    pxd = {p for p in patterns if p.endswith(".pxd")}
    assert pxd == _public_pxd()
    assert not [p for p in patterns if p.endswith((".pyx", ".pxi", ".c", ".h")) or p in {"*", "**/*"}]


def _installed() -> Path | None:
    package = Path(omaha8.__file__).resolve().parent
    return None if package.is_relative_to(ROOT / "src") else package


#: What an installed omaha8 may hold: what runs, its stubs, its data, its public cimport surfaces.
INSTALLED_SUFFIXES = {".py", ".pyi", ".so", ".pyd", ".npz", ".typed", ".pyc"}


def test_the_installed_package_holds_only_what_runs() -> None:
    package = _installed()
    if package is None:
        pytest.skip("omaha8 is imported from the checkout's src/, not from an installation")
    public = _public_pxd()
    files = [p.relative_to(package).as_posix() for p in package.rglob("*") if p.is_file()]
    extra = [name for name in files if PurePosixPath(name).suffix not in INSTALLED_SUFFIXES and name not in public]
    assert extra == []
    assert any(name.endswith((".so", ".pyd")) for name in files), "the extensions are not installed"
    assert "py.typed" in files and "ranges/data/order5.npz" in files


def _elf_sections(path: Path) -> set[str]:
    """The section names of a 64-bit little-endian ELF file (the extensions built on Linux x86-64 and arm64)."""
    data = path.read_bytes()
    if data[:6] != b"\x7fELF\x02\x01":
        pytest.skip(f"{path.name} is not a 64-bit little-endian ELF file")
    shoff = int.from_bytes(data[0x28:0x30], "little")
    size, count, names = (int.from_bytes(data[o:o + 2], "little") for o in (0x3A, 0x3C, 0x3E))

    def header(i: int) -> tuple[int, int, int]:
        at = shoff + i * size
        return (int.from_bytes(data[at:at + 4], "little"), int.from_bytes(data[at + 0x18:at + 0x20], "little"),
                int.from_bytes(data[at + 0x20:at + 0x28], "little"))

    _, table, _ = header(names)
    found = set()
    for i in range(count):
        name = header(i)[0]
        found.add(data[table + name:data.index(b"\0", table + name)].decode("ascii"))
    return found


def test_elf_sections_are_read() -> None:
    # the running interpreter's own extension modules, or the interpreter: both ELF on Linux
    if not sys.platform.startswith("linux"):
        pytest.skip("ELF files are Linux's")
    sections = _elf_sections(Path(sys.executable).resolve())
    assert {".text", ".dynsym", ".shstrtab"} <= sections


def test_the_installed_extensions_carry_no_debug_information() -> None:
    package = _installed()
    if package is None:
        pytest.skip("omaha8 is imported from the checkout's src/, not from an installation")
    if not sys.platform.startswith("linux"):
        pytest.skip("the release flags strip debug information on Linux")
    with_debug = [p.name for p in package.rglob("*.so") if ".debug_info" in _elf_sections(p)]
    assert with_debug == []


# ---------------------------------------------------------------- the build's settings


def test_the_setuptools_floor_is_the_first_that_takes_an_spdx_license() -> None:
    # license = "MIT" (PEP 639) is refused by setuptools 76.1 and taken from 77.0.1 on (77.0.0 is not on PyPI)
    assert PYPROJECT["project"]["license"] == "MIT"
    requires = PYPROJECT["build-system"]["requires"]
    assert "setuptools>=77.0.1" in requires


@pytest.fixture()
def setup_py(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """setup.py's globals, read with setuptools.setup() replaced by a no-op (nothing is built)."""
    import setuptools

    monkeypatch.chdir(ROOT)  # setup.py finds the sources from the checkout's root
    monkeypatch.setattr(setuptools, "setup", lambda **kwargs: None)
    return runpy.run_path(str(ROOT / "setup.py"), run_name="omaha8_setup")


def test_extensions_compile_on_every_cpu_unless_told(setup_py: dict[str, Any]) -> None:
    from setuptools import Distribution

    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    assert setup_py["_cpus"]() == cpus
    command = setup_py["BuildExt"](Distribution({"ext_modules": []}))
    command.initialize_options()
    command.finalize_options()
    assert command.parallel == cpus
    told = setup_py["BuildExt"](Distribution({"ext_modules": []}))
    told.initialize_options()
    told.parallel = "1"  # build_ext -j 1
    told.finalize_options()
    assert told.parallel == 1


def test_cythonize_jobs_default_to_the_cpus_and_are_checked(setup_py: dict[str, Any],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    jobs = setup_py["_jobs"]
    monkeypatch.delenv("OMAHA8_CYTHONIZE_JOBS", raising=False)
    assert jobs("OMAHA8_CYTHONIZE_JOBS") == setup_py["_cpus"]()
    monkeypatch.setenv("OMAHA8_CYTHONIZE_JOBS", "3")
    assert jobs("OMAHA8_CYTHONIZE_JOBS") == 3
    for bad in ("0", "-2", "two", "\u0663", "1.5"):  # \u0663 is ARABIC-INDIC DIGIT THREE
        monkeypatch.setenv("OMAHA8_CYTHONIZE_JOBS", bad)
        with pytest.raises(SystemExit, match="OMAHA8_CYTHONIZE_JOBS"):
            jobs("OMAHA8_CYTHONIZE_JOBS")


def test_setup_py_hands_setuptools_the_sources_and_translates_nothing_when_read() -> None:
    # the sdist lists each extension's sources: they must be the .pyx and .py, never generated C; and
    # reading setup.py (as the sdist and metadata steps do) must not run Cython
    code = ("import json, runpy, setuptools\n"
            "seen, translated = {}, []\n"
            "try:\n"
            "    import Cython.Build\n"
            "    Cython.Build.cythonize = lambda *args, **kwargs: translated.append(args) or []\n"
            "except ImportError:\n"
            "    pass\n"
            "setuptools.setup = lambda **kwargs: seen.update(kwargs)\n"
            "runpy.run_path('setup.py', run_name='omaha8_setup')\n"
            "print(json.dumps({'sources': [s for e in seen['ext_modules'] for s in e.sources],"
            " 'translated': len(translated)}))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          check=True)
    seen = json.loads(done.stdout)
    package = ROOT / "src" / "omaha8"
    pyx = {p.relative_to(ROOT).as_posix() for p in package.rglob("*.pyx")}
    assert pyx and pyx <= set(seen["sources"])
    assert {PurePosixPath(name).suffix for name in seen["sources"]} == {".pyx", ".py"}
    assert seen["translated"] == 0


def _setup_variables() -> set[str]:
    """The environment variables setup.py's code names (every string constant OMAHA8_...)."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    return {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and re.fullmatch(r"OMAHA8_[A-Z0-9_]+", node.value)}


def test_every_build_variable_is_documented_in_setup_py_and_the_readme() -> None:
    setup = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    docstring = ast.get_docstring(setup) or ""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    building = readme[readme.index("## Building"):]
    variables = _setup_variables()
    assert {"OMAHA8_OPENMP", "OMAHA8_CYTHONIZE_JOBS", "OMAHA8_EXTENSIONS", "OMAHA8_DEBUG_SYMBOLS"} <= variables
    assert [v for v in sorted(variables) if v not in docstring] == []
    assert [v for v in sorted(variables) if v not in building] == []


# ---------------------------------------------------------------- tests run without the extras


def _skipped_modules(nodes: list[ast.AST], before: int) -> set[str]:
    """The top-level names of the modules that ``pytest.importorskip`` calls in ``nodes`` ask for before a line."""
    names = set()
    for root in nodes:
        for node in ast.walk(root):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute | ast.Name)
                    and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id) == "importorskip"
                    and node.args and isinstance(node.args[0], ast.Constant) and node.lineno < before):
                names.add(str(node.args[0].value).split(".")[0])
    return names


def _bare_imports(tree: ast.Module) -> list[tuple[int, str]]:
    """Each import of an optional module, as (line, module), that no importorskip runs before.

    An import at module level is covered by an importorskip earlier at module level; an import in a
    function by one anywhere at module level (it ran when the file was imported), or earlier in the
    innermost function around it.
    """
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    module_level = [s for s in tree.body if not isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)]
    bare = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules = [node.module]
        else:
            continue
        around = [f for f in functions if f.lineno <= node.lineno <= (f.end_lineno or f.lineno)]
        if around:
            innermost = max(around, key=lambda f: f.lineno)
            covered = _skipped_modules(module_level, 10**9) | _skipped_modules([innermost], node.lineno)
        else:
            covered = _skipped_modules(module_level, node.lineno)
        bare += [(node.lineno, m) for m in modules if m.split(".")[0] in OPTIONAL and m.split(".")[0] not in covered]
    return sorted(bare)


def _test_files() -> list[Path]:
    return sorted([*(ROOT / "tests").rglob("*.py"), *(ROOT / "benchmarks").rglob("*.py")])


def test_optional_modules_are_imported_only_after_importorskip() -> None:
    bare = {f"{path.relative_to(ROOT)}:{line}: {module}"
            for path in _test_files()
            for line, module in _bare_imports(ast.parse(path.read_text(encoding="utf-8")))}
    assert sorted(bare) == []


@pytest.mark.parametrize(("source", "found"), [
    ("import pokerkit\n", [(1, "pokerkit")]),
    ("import pytest\nfrom dask import array\n", [(2, "dask")]),
    ("import pytest\npytest.importorskip('pokerkit')\nimport pokerkit\n", []),
    ("import pytest\nimport pokerkit\npytest.importorskip('pokerkit')\n", [(2, "pokerkit")]),
    ("import pytest\npd = pytest.importorskip('pandas')\ndef f():\n    import pandas.api\n", []),
    ("def f():\n    import gymnasium\n", [(2, "gymnasium")]),
    ("def f():\n    pytest.importorskip('dask.array')\n    import dask.array as da\n", []),
    ("def f():\n    pytest.importorskip('dask')\ndef g():\n    import dask\n", [(4, "dask")]),
    ("import numpy\nfrom omaha8 import envs\n", []),
], ids=["module", "from", "after", "before", "function-after-module", "function", "same-function", "other-function",
        "not-optional"])
def test_the_importorskip_rule_on_fabricated_files(source: str, found: list[tuple[int, str]]) -> None:
    assert _bare_imports(ast.parse(source)) == found


# ---------------------------------------------------------------- the test command


def _readme_test_command() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"^(pip install \"\.\[test\]\" && python -m pytest[^\n]*)$", readme, re.MULTILINE)
    assert match is not None, "README.md has no test command"
    return match.group(1)


def test_ci_runs_the_readme_test_command_exactly() -> None:
    command = _readme_test_command()
    assert "-n auto" in command  # every core
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command in [line.strip() for line in lines]


def test_the_test_extra_brings_xdist() -> None:
    extra = PYPROJECT["project"]["optional-dependencies"]["test"]
    assert any(re.match(r"pytest-xdist\b", requirement) for requirement in extra)


def test_ci_benchmarks_run_outside_xdist() -> None:
    # pytest-benchmark disables itself under xdist: a benchmark step must not inherit -n
    addopts = PYPROJECT["tool"]["pytest"]["ini_options"].get("addopts", "")
    assert "-n" not in addopts.split() and "--numprocesses" not in addopts
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert [line for line in run.splitlines() if "benchmarks" in line and "pytest" in line and " -n " in line] == []
