"""Values as JSON holds them: what every result's ``to_dict()`` returns is built from :func:`plain`.

Tuples and arrays become lists, numpy scalars Python numbers, enums their
value, a NaN ``None`` (JSON has no NaN), and an object with ``to_dict()`` its
dict, so ``json.dumps(result.to_dict())`` always works and reads back equal.

>>> import enum, numpy as np
>>> class Split(enum.Enum):
...     HALVES = "halves"
>>> plain({"seats": (0, 5), "share": np.float64(0.5), "split": Split.HALVES, "none": float("nan")})
{'seats': [0, 5], 'share': 0.5, 'split': 'halves', 'none': None}
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import numpy as np

__all__ = ["plain"]


def plain(value: Any) -> Any:
    """``value`` as plain JSON-ready Python: dicts, lists, str, int, float, bool and None."""
    if isinstance(value, np.generic):  # before float and int: np.float64 is a float
        return plain(value.item())
    if value is None or isinstance(value, (bool, int, str)):
        return value if type(value) in (bool, int, str) or value is None else plain_scalar(value)
    if isinstance(value, float):
        return None if math.isnan(value) else float(value)
    if isinstance(value, np.ndarray):
        return plain(value.tolist())
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, Mapping):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [plain(item) for item in value]
    raise TypeError(f"no plain form for {type(value).__name__}")


def plain_scalar(value: bool | int | str) -> bool | int | str:
    """A subclass of bool, int or str (an IntEnum, a str enum) as the plain base value."""
    if isinstance(value, bool):
        return bool(value)
    return int(value) if isinstance(value, int) else str(value)
