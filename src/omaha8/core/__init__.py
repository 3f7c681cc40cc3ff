"""Card values: the evaluator kernel and its tables, evaluation, values and their names, starting hands.

``_core.pyx`` scores hands in nogil loops (``_core.pxd`` is the cimport
surface every kernel reads the tables through; ``_core_tables.pxi`` builds
them); ``_evaluate`` checks cards and calls it; ``_values`` names the
values; ``_starting_hands`` sorts starting hands into classes up to suit;
``_reference`` is the slow, plain-Python twin the kernels are tested
against. The public names are re-exported by :mod:`omaha8`:

>>> from omaha8.core import evaluate
>>> evaluate("As 3s Qc Jd", "Ah Kh 7c 4d 2s").high_description
'One pair, aces'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._support._lazy import lazy_names

if TYPE_CHECKING:
    from ._core import max_threads as max_threads, openmp_enabled as openmp_enabled
    from ._evaluate import (
        HandEvaluation as HandEvaluation,
        evaluate as evaluate,
        evaluate_batch as evaluate_batch,
        evaluate_high_batch as evaluate_high_batch,
        evaluate_low_batch as evaluate_low_batch,
    )
    from ._starting_hands import (
        canonical_form as canonical_form,
        canonical_hands as canonical_hands,
        canonical_index as canonical_index,
    )
    from ._values import (
        HighCategory as HighCategory,
        describe_high as describe_high,
        describe_low as describe_low,
        high_categories as high_categories,
        high_category as high_category,
    )

# The layers below (the thread count, the card checks) import the kernel of this
# package, so its names are imported on first use: loading one module of the
# package never loads the others.
_LAZY_MODULES: dict[str, tuple[str, ...]] = {
    "._core": ("max_threads", "openmp_enabled"),
    "._evaluate": ("HandEvaluation", "evaluate", "evaluate_batch", "evaluate_high_batch", "evaluate_low_batch"),
    "._starting_hands": ("canonical_form", "canonical_hands", "canonical_index"),
    "._values": ("HighCategory", "describe_high", "describe_low", "high_categories", "high_category"),
}
_LAZY, _lazy_getattr, __dir__ = lazy_names(__name__, _LAZY_MODULES, globals())
if not TYPE_CHECKING:  # type checkers read the imports above; an unknown name stays an error for them
    __getattr__ = _lazy_getattr

# every name of the table, each exported to type checkers by its ``name as name`` import above
__all__ = [name for names in _LAZY_MODULES.values() for name in names]
