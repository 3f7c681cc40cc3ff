"""No import cycles among omaha8's modules, function-local imports included.

The graph is read from the source with :mod:`ast`, so an import hidden inside
a function (a cycle that only bites at call time) counts as much as one at
the top of a module. A parent package executed on the way to a submodule is
not an edge: a package's ``__init__`` re-exports its modules and so always
"imports" what imports it. Compiled modules (``.pyx``) are read too, line by
line: a ``cimport`` of another compiled module imports it when loaded, and
a kernel may import Python modules of the package.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path


SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "omaha8"

def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


_PYX_IMPORT = re.compile(r"^\s*(?:from\s+(?P<stem>[\w.]+)\s+c?import\s+(?P<names>[\w, (]*)|c?import\s+(?P<module>[\w.]+))",
                         re.MULTILINE)


def _modules() -> dict[str, Path]:
    """Every Python module of the package, the compiled ones (``.pyx``) and the C headers (``.pxd`` alone)."""
    found = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    for suffix in ("*.pyx", "*.pxd"):
        for p in PACKAGE.rglob(suffix):
            found.setdefault(_module_name(p), p)
    return found


def _imports(name: str, path: Path, modules: set[str]) -> set[str]:
    """The omaha8 modules ``name`` imports anywhere in its source."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def absolute(level: int, module: str | None) -> str:
        if not level:
            return module or ""
        base = package.split(".")
        base = base[: len(base) - (level - 1)]
        return ".".join(base + ([module] if module else []))

    def from_targets(stem: str, names: list[str]) -> list[str]:
        # "from . import x" imports the module x when there is one, else the name x of the package
        return [f"{stem}.{n}" if f"{stem}.{n}" in modules else stem for n in names]

    text = path.read_text(encoding="utf-8")
    found: list[str] = []
    if path.suffix in (".pyx", ".pxd"):
        for m in _PYX_IMPORT.finditer(text):
            if m.group("module"):
                found.append(m.group("module"))
                continue
            stem = m.group("stem")
            dots = len(stem) - len(stem.lstrip("."))
            names = [n.strip() for n in m.group("names").replace("(", "").split(",") if n.strip()]
            base = absolute(dots, stem[dots:] or None)
            found += from_targets(base, names) if names else [base]  # "cimport (" continues on the next lines
    else:
        for node in ast.walk(ast.parse(text, str(path))):
            if isinstance(node, ast.Import):
                found += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                found += from_targets(absolute(node.level, node.module), [alias.name for alias in node.names])
    out: set[str] = set()
    for target in found:
        while target and target not in modules:  # "import omaha8.game.hand" names the module itself
            target = target.rpartition(".")[0]
        if target and target != name:
            out.add(target)
    return out


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    names = set(modules)
    return {name: _imports(name, path, names) for name, path in modules.items()}


def _cycles(graph: dict[str, set[str]]) -> list[tuple[str, ...]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[tuple[str, ...]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(tuple(sorted(component)))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def test_the_graph_is_read() -> None:
    # the reader must see top-level, relative and function-local imports, or the cycle check proves nothing
    graph = _graph()
    assert "omaha8._support._args" in graph["omaha8.cards"]  # from ._args import ...
    assert "omaha8.game.hand" in graph["omaha8.game.replay"]  # from .hand import Hand
    assert "omaha8.core._core" in graph["omaha8.cards._validate"]  # from . import _core (a compiled module)
    assert "omaha8.core._core" in graph["omaha8._support._threads"]  # from ._core import max_threads (a compiled module)
    assert "omaha8.core._core" in graph["omaha8.pots._batch_kernel"]  # from omaha8.core._core cimport (...)


def test_a_function_local_import_is_an_edge(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("def f():\n    from .a import g\n")
    modules = {"pkg", "pkg.a", "pkg.b"}
    graph = {name: _imports(name, tmp_path / (name.replace(".", "/") + ("/__init__.py" if name == "pkg" else ".py")),
                            modules) for name in modules}
    assert _cycles(graph) == [("pkg.a", "pkg.b")]


def test_a_kernel_cimport_over_lines_is_an_edge(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "k.pyx").write_text("from libc.stdint cimport uint8_t\nfrom pkg.a cimport (\n    f,\n)\nimport numpy as np\n"
                               "from ._b import g\n")  # a kernel importing Python
    assert _imports("pkg.k", pkg / "k.pyx", {"pkg", "pkg.a", "pkg._b", "pkg.k"}) == {"pkg.a", "pkg._b"}


def test_no_import_cycles() -> None:
    cycles = _cycles(_graph())
    assert cycles == [], f"import cycles among omaha8's modules: {cycles}"


def test_argument_checks_import_no_higher_module() -> None:
    graph = _graph()
    allowed = {"omaha8.core._core", "omaha8.cards._parse_text", "omaha8.cards._format_text",
               "omaha8.cards._card_alphabet", "omaha8._support._bits", "omaha8._support._failure",
               "omaha8._support._random", "omaha8._support._args", "omaha8.errors",
               "omaha8.cards", "omaha8.cards._columns", "omaha8._support._threads", "omaha8._support._text",
               "omaha8._support._docs"}
    seen: set[str] = set()
    todo = ["omaha8.cards._validate"]
    while todo:
        for w in graph[todo.pop()] - seen:
            seen.add(w)
            todo.append(w)
    assert seen <= allowed, sorted(seen - allowed)
