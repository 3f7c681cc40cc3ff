"""Every example in README.md and in omaha8's docstrings runs as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path
from types import ModuleType

import pytest

import omaha8

README = Path(__file__).resolve().parent.parent / "README.md"


def _modules() -> list[str]:
    names = ["omaha8"]
    for info in pkgutil.walk_packages(omaha8.__path__, "omaha8."):
        if info.name != "omaha8.__main__":  # running it is the command line itself
            names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples(name: str) -> None:
    module: ModuleType = importlib.import_module(name)
    # import_module returns the module even where the package re-exports a same-named function
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False)
    assert result.failed == 0


def test_readme_examples() -> None:
    result = doctest.testfile(
        str(README), module_relative=False, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    assert result.attempted > 5
    assert result.failed == 0
