"""``import omaha8`` loads the card and error vocabulary only; every other public name loads on first use.

Each check runs in a fresh interpreter, because this test process has long since
imported everything. What ``import numpy`` itself loads is subtracted, so a
numpy release that starts importing, say, ``threading`` does not fail the test.
"""

from __future__ import annotations

import ast
import importlib
import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import omaha8

# the fresh interpreters import the omaha8 under test: this checkout's src/, or the installed package
ROOT = Path(omaha8.__file__).resolve().parent.parent

#: Modules that ``import omaha8`` must not load: omaha8's heavier layers, and the
#: standard-library modules that only deal files, equity seeds and the commands need.
HEAVY = [
    "omaha8.core._core",  # builds its tables at import (a few ms)
    "omaha8.core._evaluate",
    "omaha8.pots",
    "omaha8.odds",
    "omaha8.pots._showdown",
    "omaha8.deals",
    "omaha8.deals._readers",
    "omaha8.deals._writers",
    "omaha8.deals._analysis",
    "omaha8.odds._equity",
    "omaha8.odds._spot",
    "omaha8.odds._runs",
    "omaha8.ranges",
    "omaha8.core._starting_hands",
    "omaha8.game",
    "omaha8.histories",
    "omaha8.solver",
    "omaha8.distributed",
    "omaha8.envs",
    "omaha8.commands",
    "omaha8.cli",
    "argparse",
    "gzip",
    "zipfile",
    "threading",
    "concurrent.futures",
    "csv",
    "tempfile",
    "secrets",
    "hashlib",
    "dataclasses",
    "queue",
    "shutil",
    "pathlib",
    "fractions",
    # the optional extras
    "gymnasium",
    "pettingzoo",
    "dask",
]


#: The packages whose public names are imported on first use (a ``_LAZY`` table).
LAZY_PACKAGES = ["omaha8", "omaha8.core"]


def _fresh(code: str) -> dict[str, object]:
    """Run ``code`` in a new interpreter that imports the omaha8 under test; it prints one JSON value, returned."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr == "", done.stderr  # no warning either
    out: dict[str, object] = json.loads(done.stdout)
    return out


def test_import_omaha8_loads_no_heavy_module() -> None:
    seen = _fresh(
        "import json, sys\n"
        "import numpy\n"
        "before = set(sys.modules)\n"
        "import omaha8\n"
        "print(json.dumps({'before': sorted(before), 'after': sorted(sys.modules), 'file': omaha8.__file__}))\n"
    )
    assert seen["file"] == omaha8.__file__
    before, after = set(seen["before"]), set(seen["after"])  # type: ignore[call-overload]
    assert "omaha8.cards" in after and "omaha8.errors" in after  # the check sees what was imported
    loaded = [m for m in HEAVY if m in after and m not in before]
    assert loaded == [], f"import omaha8 loads {loaded}"


def test_a_lazy_name_loads_its_module_on_first_use() -> None:
    seen = _fresh(
        "import json, sys\n"
        "import omaha8\n"
        "was = 'omaha8.odds._equity' in sys.modules\n"
        "from omaha8 import EquityResult\n"
        "print(json.dumps({'was': was, 'now': 'omaha8.odds._equity' in sys.modules,\n"
        "                  'same': EquityResult is sys.modules['omaha8.odds._equity'].EquityResult}))\n"
    )
    assert seen == {"was": False, "now": True, "same": True}


def test_no_module_is_named_like_a_public_name() -> None:
    # a submodule is bound on its package when it is imported: one named like a function would replace it
    modules = {info.name for info in pkgutil.iter_modules(omaha8.__path__)}
    assert {"core", "pots", "odds", "cards"} <= modules  # the check sees the package's modules
    assert modules & set(omaha8.__all__) == set()


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_every_name_in_all_resolves_to_the_object_of_its_module(package: str) -> None:
    # every public name, read through the package, is the object its defining module holds
    module = importlib.import_module(package)
    lazy = module._LAZY  # the table of names imported on first use
    for name in module.__all__:
        value = getattr(module, name)
        if name in lazy:
            assert value is getattr(importlib.import_module(lazy[name], package), name), name
    assert set(lazy) <= set(module.__all__)


def test_all_and_dir_are_complete_in_a_fresh_interpreter() -> None:
    seen = _fresh(
        "import json\n"
        "import omaha8\n"
        "listed = sorted(dir(omaha8))\n"
        "names = {}\n"
        "exec('from omaha8 import *', names)\n"
        "print(json.dumps({'all': omaha8.__all__, 'dir': listed, 'star': sorted(set(names) - {'__builtins__'})}))\n"
    )
    names = list(seen["all"])  # type: ignore[call-overload]
    assert len(names) == len(set(names))
    assert set(names) <= set(seen["dir"])  # type: ignore[call-overload]
    assert sorted(names) == seen["star"]


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'evaluate_everything'"):
        omaha8.evaluate_everything  # type: ignore[attr-defined]  # noqa: B018


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_the_lazy_table_matches_the_typed_imports(package: str) -> None:
    # the names imported under TYPE_CHECKING (what mypy sees) are exactly the lazy ones, from the same modules
    module = importlib.import_module(package)
    tree = ast.parse(Path(str(module.__file__)).read_text(encoding="utf-8"))
    typed: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for stmt in node.body:
                assert isinstance(stmt, ast.ImportFrom)
                typed.update({alias.name: "." * stmt.level + (stmt.module or "") for alias in stmt.names})
    # the concern packages themselves are typed as imports of the package too, and reached the same lazy way
    packages = getattr(module, "SUBPACKAGES", ())
    assert {name for name, where in typed.items() if where == "."} == set(packages) - {"cards", "errors"}
    assert {name: where for name, where in typed.items() if name not in packages} == module._LAZY


def test_a_concern_package_is_an_attribute_without_an_import() -> None:
    # omaha8.histories after `import omaha8` alone, as numpy.linalg after `import numpy`; loaded only then
    code = ("import sys, omaha8; before = 'omaha8.histories' in sys.modules; "
            "reader = omaha8.histories.read_pokerstars; import json; "
            "print(json.dumps([before, 'omaha8.histories' in sys.modules, 'histories' in dir(omaha8)]))")
    assert _fresh(code) == [False, True, True]
