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
        HandEvaluation,
        HighCategory,
        canonical_form,
        canonical_hands,
        canonical_index,
        describe_high,
        describe_low,
        evaluate,
        evaluate_batch,
        evaluate_high_batch,
        evaluate_low_batch,
        high_categories,
        high_category,
        max_threads,
        openmp_enabled,
    )
    from .deals import (
        DealResults,
        Deals,
        analyze_deals,
        format_card_array,
        iter_deals,
        parse_card_array,
        random_deals,
        read_deals,
        write_deals,
        write_results,
    )
    from .odds import EquityResult, equity, max_players
    from .pots import (
        CardroomOddChips,
        OddChipPolicy,
        Pot,
        PotSplit,
        ShowdownResult,
        pot_shares,
        showdown,
        winners,
    )
    from .ranges import Range

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
_LAZY, _lazy_getattr, __dir__ = lazy_names(__name__, _LAZY_MODULES, globals())
if not TYPE_CHECKING:  # type checkers read the imports above; an unknown name stays an error for them
    __getattr__ = _lazy_getattr


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
    # cards
    "N_CARDS",
    "RANKS",
    "SUITS",
    "card_id",
    "format_card",
    "format_cards",
    "parse_card",
    "parse_cards",
    # evaluation
    "HandEvaluation",
    "evaluate",
    "evaluate_batch",
    "evaluate_high_batch",
    "evaluate_low_batch",
    "HighCategory",
    "describe_high",
    "describe_low",
    "high_categories",
    "high_category",
    # showdown and pot splitting
    "showdown",
    "ShowdownResult",
    "Pot",
    "PotSplit",
    "OddChipPolicy",
    "CardroomOddChips",
    "pot_shares",
    "winners",
    # batch analysis from files
    "parse_card_array",
    "format_card_array",
    "read_deals",
    "iter_deals",
    "write_deals",
    "write_results",
    "random_deals",
    "analyze_deals",
    "Deals",
    "DealResults",
    # equity
    "equity",
    "EquityResult",
    "EquityError",
    "max_players",
    # starting hands
    "canonical_hands",
    "canonical_form",
    "canonical_index",
    # runtime and compiled code
    "get_include",
    "max_threads",
    "openmp_enabled",
    # errors
    "Omaha8Error",
    "CardError",
    "CardTypeError",
    "DuplicateCardError",
    "ShapeError",
    "ChipError",
    "ShowdownError",
    "MissingExtraError",
    # ranges
    "Range",
    "RangeSyntaxError",
    "EmptyRangeError",
]
