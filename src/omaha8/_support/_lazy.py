"""Public names imported on first use (PEP 562), for packages whose modules load kernels or many imports.

A package lists, under each of its modules, the names it re-exports from it;
:func:`lazy_names` turns that table into the package's ``__getattr__`` and
``__dir__``, so ``import`` of the package stays cheap and each module loads
when one of its names is first read.

>>> import types
>>> package = types.ModuleType("demo")
>>> package.__all__ = ["sqrt"]
>>> where, getattr_, dir_ = lazy_names("math", {"math": ("sqrt",)}, vars(package))
>>> getattr_("sqrt")(9.0), "sqrt" in vars(package)
(3.0, True)
>>> getattr_("cube")
Traceback (most recent call last):
...
AttributeError: module 'math' has no attribute 'cube'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableMapping
from importlib import import_module

__all__ = ["lazy_names"]


def lazy_names(
    package: str, table: Mapping[str, tuple[str, ...]], namespace: MutableMapping[str, object]
) -> tuple[dict[str, str], Callable[[str], object], Callable[[], list[str]]]:
    """The module of each name, and the ``__getattr__`` and ``__dir__`` of ``package``.

    ``table`` maps a module, relative to ``package`` (``"._evaluate"``), to the
    names it gives; ``namespace`` is the package's ``globals()``: a name read
    once is kept there, so the next read costs nothing.
    """
    where = {name: module for module, names in table.items() for name in names}

    def __getattr__(name: str) -> object:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module, package), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        listed = namespace.get("__all__", ())
        assert isinstance(listed, (list, tuple))
        return sorted(set(namespace) | set(where) | set(listed))

    return where, __getattr__, __dir__
