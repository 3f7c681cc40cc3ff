"""Typed surface of the compiled module ``omaha8.capi`` (the C functions themselves are in ``capi.pxd``)."""

from collections.abc import Callable

__all__ = ["FUNCTIONS", "MAX_SEATS", "address", "ctypes_function"]

FUNCTIONS: tuple[str, ...]
MAX_SEATS: int

def address(name: str) -> int: ...
def ctypes_function(name: str) -> Callable[..., int]: ...
