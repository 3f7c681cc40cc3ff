"""The optional extra the environments need: ``pip install 'omaha8[rl]'`` (gymnasium and pettingzoo).

>>> error = missing_extra(ModuleNotFoundError("No module named 'pettingzoo'"))
>>> isinstance(error, ImportError), str(error)
(True, "omaha8.envs needs gymnasium and pettingzoo: pip install 'omaha8[rl]' (No module named 'pettingzoo')")
"""

from __future__ import annotations

from ..errors import MissingExtraError

__all__ = ["missing_extra"]


def missing_extra(exc: ImportError) -> MissingExtraError:
    """The error for a failed import of gymnasium or pettingzoo, saying how to install them."""
    return MissingExtraError(f"omaha8.envs needs gymnasium and pettingzoo: pip install 'omaha8[rl]' ({exc})")
