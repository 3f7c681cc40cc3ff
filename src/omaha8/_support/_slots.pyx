# cython: language_level=3, autotestdict=False
"""Set the slots of a frozen dataclass instance in one call.

A frozen dataclass's generated ``__init__`` goes past the frozen guard with
one ``object.__setattr__`` call per field, each looked up and called from
Python. :func:`fill_slots` sets the same attributes the same way (Python's
generic attribute setting: the slot descriptors), from C.
"""

from cpython.object cimport PyObject_GenericSetAttr


def fill_slots(object obj, tuple names, tuple values):
    """Set ``obj.<names[i]> = values[i]`` for every i, past any ``__setattr__`` of its class.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, slots=True)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> point = Point.__new__(Point)
    >>> fill_slots(point, ("x", "y"), (1, 2))
    >>> point
    Point(x=1, y=2)
    """
    cdef Py_ssize_t i
    if len(names) != len(values):
        raise ValueError(f"{len(names)} names for {len(values)} values")
    for i in range(len(names)):
        PyObject_GenericSetAttr(obj, names[i], values[i])
