"""Docstring paragraphs that several public functions share, written once (as scipy's ``_lib.doccer`` does).

A docstring holds ``%(key)s`` alone on a line where a shared paragraph goes;
:func:`fill_doc` puts the paragraph there, each of its lines indented as the
placeholder is, so the rendered ``__doc__`` (and every doctest in it) reads
exactly as if the paragraph were written out:

>>> def f(n_threads=None):
...     '''Do it.
...
...     Parameters
...     ----------
...     %(n_threads)s'''
>>> print(fill_doc(PARAMETERS)(f).__doc__)
Do it.
<BLANKLINE>
    Parameters
    ----------
    n_threads
        OpenMP threads; None uses every core.
>>> def g():
...     '''%(threads)s'''
>>> fill_doc(PARAMETERS)(g)
Traceback (most recent call last):
...
KeyError: "g's docstring asks for the paragraph 'threads', which is not given"
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

__all__ = ["PARAMETERS", "fill_doc"]

_F = TypeVar("_F", bound=Callable[..., object])

#: The parameters written alike across the package: a name, then its description (indented 4).
PARAMETERS = {
    "n_threads": "n_threads\n    OpenMP threads; None uses every core.",
    "name": "name\n    The argument's name in error messages.",
}


def fill_doc(paragraphs: Mapping[str, str]) -> Callable[[_F], _F]:
    """A decorator that puts ``paragraphs[key]`` where the docstring has a line ``%(key)s``."""

    def fill(obj: _F) -> _F:
        doc = obj.__doc__
        if doc is None:  # python -OO
            return obj
        lines: list[str] = []
        for line in doc.split("\n"):
            key = line.strip()
            if not (key.startswith("%(") and key.endswith(")s")):
                lines.append(line)
                continue
            if key[2:-2] not in paragraphs:
                raise KeyError(f"{getattr(obj, '__name__', obj)}'s docstring asks for the paragraph "
                               f"{key[2:-2]!r}, which is not given")
            indent = line[: len(line) - len(line.lstrip())]
            lines += [indent + part if part else part for part in paragraphs[key[2:-2]].split("\n")]
        obj.__doc__ = "\n".join(lines)
        return obj

    return fill
