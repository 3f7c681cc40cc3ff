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
#: README sections whose examples need an optional extra: each runs in its own test, only where the
#: extra's packages are installed.
RL_SECTION = "## Reinforcement learning"
DASK_SECTION = "## On a Dask cluster"
SECTION_EXTRAS = {RL_SECTION: ("gymnasium", "pettingzoo"), DASK_SECTION: ("dask", "distributed")}
#: Packages whose examples need an optional extra: the modules the extra's test skips without them.
NEEDS_EXTRA = {"omaha8.envs": ("gymnasium", "pettingzoo"), "omaha8.distributed": ("dask", "distributed")}
#: Packages whose examples start Dask clusters (seconds each): left out of the quick run.
SLOW_EXAMPLES = ("omaha8.distributed",)

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


def _under(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == package or name.startswith(package + ".") for package in packages)


@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow) if _under(name, SLOW_EXAMPLES) else name
                                  for name in _modules()])
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


def _readme_parts() -> tuple[str, dict[str, tuple[str, int]]]:
    """The README with each section of SECTION_EXTRAS blanked, and each such section with the line it starts on.

    Blank lines stand in for a section's, so a failure reports the README's own line numbers.
    """
    text = README.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    sections = {}
    for heading in SECTION_EXTRAS:
        start = text.index(heading)
        end = text.index("\n## ", start)
        first, last = text[:start].count("\n"), text[:end].count("\n")
        sections[heading] = (text[start:end], first)
        lines[first:last + 1] = ["\n"] * (last + 1 - first)
    return "".join(lines), sections


def _run_examples(text: str, name: str, line: int) -> doctest.TestResults:
    test = doctest.DocTestParser().get_doctest(text, {}, name, str(README), line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    return runner.summarize(verbose=False)


def test_readme_examples() -> None:
    rest, _ = _readme_parts()
    result = _run_examples(rest, "README.md", 0)
    assert result.attempted > 5
    assert result.failed == 0


def _run_section(heading: str) -> doctest.TestResults:
    for extra in SECTION_EXTRAS[heading]:
        pytest.importorskip(extra)
    _, sections = _readme_parts()
    section, line = sections[heading]
    return _run_examples(section, f"README.md ({heading.removeprefix('## ')})", line)


def test_readme_reinforcement_learning_examples() -> None:
    result = _run_section(RL_SECTION)
    assert result.attempted > 10
    assert result.failed == 0


@pytest.mark.slow
def test_readme_dask_examples() -> None:
    result = _run_section(DASK_SECTION)
    assert result.attempted > 5
    assert result.failed == 0


def test_readme_sections_are_blanked_in_place() -> None:
    rest, sections = _readme_parts()
    text = README.read_text(encoding="utf-8")
    assert rest.count("\n") == text.count("\n")
    for heading, (section, line) in sections.items():
        assert heading not in rest and section.startswith(heading)
        assert text.splitlines()[line] == heading
