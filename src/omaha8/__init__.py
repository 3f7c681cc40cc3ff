"""omaha8: fast, exact Omaha Hi/Lo 8-or-better for Python.

Evaluate 4- and 5-card Omaha hands for high and 8-or-better low, one at a
time or over numpy arrays of millions of deals, with Cython kernels; split
every pot and side pot to the chip (:func:`showdown`), pot shares over
batches (:func:`pot_shares`); exact and Monte Carlo hi/lo equity
(:func:`equity`); card columns and deal files at kernel speed
(:func:`read_deals`, :func:`analyze_deals`); the hand engine is
:mod:`omaha8.game`; scale-out on Dask is :mod:`omaha8.distributed`.

>>> import omaha8
>>> omaha8.evaluate("As 3s Qc Jd", "Ah Kh 7c 4d 2s").low_description
'7-4-3-2-A low'
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING

# Idle OpenMP threads sleep rather than spin, so small calls and a busy machine
# cost no extra CPU; libgomp reads this once, when the first kernel loads.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

from ._support._lazy import lazy_names
from .cards import N_CARDS, RANKS, SUITS, card_id, format_card, format_cards, parse_card, parse_cards
from .errors import (
    CardError,
    CardTypeError,
    ChipError,
    DuplicateCardError,
    EmptyRangeError,
    EquityError,
    MissingExtraError,
    Omaha8Error,
    RangeSyntaxError,
    ShapeError,
    ShowdownError,
)

if TYPE_CHECKING:
    from .core import (
        HandEvaluation as HandEvaluation,
        HighCategory as HighCategory,
        canonical_form as canonical_form,
        canonical_hands as canonical_hands,
        canonical_index as canonical_index,
        describe_high as describe_high,
        describe_low as describe_low,
        evaluate as evaluate,
        evaluate_batch as evaluate_batch,
        evaluate_high_batch as evaluate_high_batch,
        evaluate_low_batch as evaluate_low_batch,
        high_categories as high_categories,
        high_category as high_category,
        max_threads as max_threads,
        openmp_enabled as openmp_enabled,
    )
    from .deals import (
        DealResults as DealResults,
        Deals as Deals,
        analyze_deals as analyze_deals,
        format_card_array as format_card_array,
        iter_deals as iter_deals,
        parse_card_array as parse_card_array,
        random_deals as random_deals,
        read_deals as read_deals,
        write_deals as write_deals,
        write_results as write_results,
    )
    from .odds import EquityResult as EquityResult, equity as equity, max_players as max_players
    from .pots import (
        CardroomOddChips as CardroomOddChips,
        OddChipPolicy as OddChipPolicy,
        Pot as Pot,
        PotSplit as PotSplit,
        ShowdownResult as ShowdownResult,
        pot_shares as pot_shares,
        showdown as showdown,
        winners as winners,
    )
    from .ranges import Range as Range
    from . import core, deals, distributed, envs, game, histories, odds, pots, ranges, solver  # noqa: F401

# The names above that need a kernel's tables, the range parser or the deal-file
# machinery are imported on first use (PEP 562), so ``import omaha8`` stays cheap;
# each is listed under the package that gives it, as in the imports above.
_LAZY_MODULES: dict[str, tuple[str, ...]] = {
    ".core": (
        "HandEvaluation",
        "HighCategory",
        "canonical_form",
        "canonical_hands",
        "canonical_index",
        "describe_high",
        "describe_low",
        "evaluate",
        "evaluate_batch",
        "evaluate_high_batch",
        "evaluate_low_batch",
        "high_categories",
        "high_category",
        "max_threads",
        "openmp_enabled",
    ),
    ".deals": (
        "DealResults",
        "Deals",
        "analyze_deals",
        "format_card_array",
        "iter_deals",
        "parse_card_array",
        "random_deals",
        "read_deals",
        "write_deals",
        "write_results",
    ),
    ".odds": ("EquityResult", "equity", "max_players"),
    ".pots": (
        "CardroomOddChips",
        "OddChipPolicy",
        "Pot",
        "PotSplit",
        "ShowdownResult",
        "pot_shares",
        "showdown",
        "winners",
    ),
    ".ranges": ("Range",),
}
_LAZY, _lazy_getattr, _lazy_dir = lazy_names(__name__, _LAZY_MODULES, globals())
#: The concern packages, each an attribute of ``omaha8`` imported on first use (``omaha8.histories.read``
#: works after ``import omaha8`` alone, as ``numpy.linalg`` does after ``import numpy``).
SUBPACKAGES = ("cards", "core", "pots", "odds", "deals", "ranges", "solver", "game", "histories", "distributed",
               "envs", "errors")


def _package_getattr(name: str) -> object:
    if name in SUBPACKAGES:
        return importlib.import_module(f"{__name__}.{name}")  # the import sets it on this package too
    return _lazy_getattr(name)


def __dir__() -> list[str]:
    return sorted(set(_lazy_dir()) | set(SUBPACKAGES))


if not TYPE_CHECKING:  # type checkers read the imports above; an unknown name stays an error for them
    __getattr__ = _package_getattr


def get_include() -> str:
    """The folder to give Cython (``include_path=``) to ``cimport omaha8.capi``: the one holding ``omaha8/``.

    cythonize also finds ``omaha8/capi.pxd`` on ``sys.path`` without it.

    >>> import os
    >>> os.path.isfile(os.path.join(get_include(), "omaha8", "capi.pxd"))
    True
    """
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

__version__ = "0.1.0"

__all__ = [
    "__version__",
    "get_include",
    # cards
    "N_CARDS",
    "RANKS",
    "SUITS",
    "card_id",
    "format_card",
    "format_cards",
    "parse_card",
    "parse_cards",
    # errors (the rest are omaha8.errors')
    "CardError",
    "CardTypeError",
    "ChipError",
    "DuplicateCardError",
    "EmptyRangeError",
    "EquityError",
    "MissingExtraError",
    "Omaha8Error",
    "RangeSyntaxError",
    "ShapeError",
    "ShowdownError",
]
# and every name imported on first use, as the table above lists them (the TYPE_CHECKING imports export them
# to type checkers, each written ``name as name``)
__all__ += [name for names in _LAZY_MODULES.values() for name in names]
