"""Every example in README.md and in omaha8's docstrings runs as written.

A public module (its last name does not start with ``_``) must carry at least
one docstring example, unless it is listed in :data:`WITHOUT_EXAMPLES` with
the reason why an example would not belong there.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path
from types import ModuleType

import pytest

import omaha8

README = Path(__file__).resolve().parent.parent / "README.md"
#: The README's section on omaha8.envs, run only where its optional extra (gymnasium, pettingzoo) is installed.
RL_SECTION = "## Reinforcement learning"
#: Packages whose examples need an optional extra: the modules the extra's test skips without them.
NEEDS_EXTRA = {"omaha8.envs": ("gymnasium", "pettingzoo")}

#: Public modules with no docstring examples, each with its reason.
WITHOUT_EXAMPLES: dict[str, str] = {
    "omaha8.cli": "the command-line entry point; its commands are run by the tests/cli/ files",
}
#: Packages whose every module is exempt, with the reason.
WITHOUT_EXAMPLES_UNDER: dict[str, str] = {
    "omaha8.commands": "one module per command-line command; they print and exit, and the files of tests/cli/ run them",
}


def _modules() -> list[str]:
    names = ["omaha8"]
    for info in pkgutil.walk_packages(omaha8.__path__, "omaha8."):
        if info.name != "omaha8.__main__":  # running it is the command line itself
            names.append(info.name)
    return sorted(names)


def _is_public(name: str) -> bool:
    return not name.rsplit(".", 1)[-1].startswith("_")


def _exempt(name: str) -> bool:
    return name in WITHOUT_EXAMPLES or any(
        name == package or name.startswith(package + ".") for package in WITHOUT_EXAMPLES_UNDER
    )


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples(name: str) -> None:
    for package, extras in NEEDS_EXTRA.items():
        if name == package or name.startswith(package + "."):
            for extra in extras:
                pytest.importorskip(extra)
    module: ModuleType = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False)
    assert result.failed == 0
    if _is_public(name) and not _exempt(name):
        assert result.attempted > 0, f"{name} is public and has no docstring examples (add one, or list it with a reason)"


@pytest.mark.parametrize("name", sorted(WITHOUT_EXAMPLES))
def test_exemptions_are_current(name: str) -> None:
    # a listed module that is gone, private or has gained examples no longer needs its entry
    module = importlib.import_module(name)
    assert _is_public(name)
    finder = doctest.DocTestFinder()
    assert not any(test.examples for test in finder.find(module)), f"{name} has examples now; drop it from the list"


def test_exemption_reasons_are_given() -> None:
    for reason in (*WITHOUT_EXAMPLES.values(), *WITHOUT_EXAMPLES_UNDER.values()):
        assert len(reason.split()) >= 4


def _readme_parts() -> tuple[str, str, int]:
    """The README without its reinforcement-learning section, that section, and the line it starts on."""
    text = README.read_text(encoding="utf-8")
    start = text.index(RL_SECTION)
    end = text.index("\n## ", start)
    return text[:start] + "\n" * text[start:end].count("\n") + text[end:], text[start:end], text[:start].count("\n")


def _run_examples(text: str, name: str, line: int) -> doctest.TestResults:
    test = doctest.DocTestParser().get_doctest(text, {}, name, str(README), line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    return runner.summarize(verbose=False)


def test_readme_examples() -> None:
    rest, _, _ = _readme_parts()  # the section's lines left blank: failures report the README's line numbers
    result = _run_examples(rest, "README.md", 0)
    assert result.attempted > 5
    assert result.failed == 0


def test_readme_reinforcement_learning_examples() -> None:
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    _, section, line = _readme_parts()
    result = _run_examples(section, "README.md (reinforcement learning)", line)
    assert result.attempted > 10
    assert result.failed == 0
