"""No module grows past what a newcomer reads in one sitting: about 600 lines of Python, 700 of Cython.

A module that outgrows the limit holds more than one concern and is split.
"""

from __future__ import annotations

from pathlib import Path


PACKAGE = Path(__file__).resolve().parent.parent / "src" / "omaha8"

LIMITS = {".py": 600, ".pyx": 700}

def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def _sources() -> list[Path]:
    return sorted(p for suffix in LIMITS for p in PACKAGE.rglob(f"*{suffix}"))


def test_the_sources_are_found() -> None:
    names = {p.relative_to(PACKAGE).as_posix() for p in _sources()}
    assert {"__init__.py", "errors.py", "game/hand.py", "core/_core.pyx"} <= names


def test_no_module_is_over_the_limit() -> None:
    over = {
        name: lines
        for p in _sources()
        if (lines := _lines(p)) > LIMITS[p.suffix] and (name := p.relative_to(PACKAGE).as_posix())
    }
    assert over == {}, f"modules over {LIMITS} lines: split them by concern: {over}"
