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

from ._core import max_threads, openmp_enabled
from .cards import N_CARDS, RANKS, SUITS, card_id, format_card, format_cards, parse_card, parse_cards
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
from .equity import EquityError, EquityResult, equity, max_players
from .errors import (
    CardError,
    CardTypeError,
    ChipError,
    DuplicateCardError,
    EmptyRangeError,
    MissingExtraError,
    Omaha8Error,
    RangeSyntaxError,
    ShapeError,
    ShowdownError,
)
from .evaluate import HandEvaluation, evaluate, evaluate_batch, evaluate_high_batch, evaluate_low_batch
from .ranges import Range
from .showdown import (
    CardroomOddChips,
    OddChipPolicy,
    Pot,
    PotSplit,
    ShowdownResult,
    pot_shares,
    showdown,
    winners,
)
from .starting_hands import canonical_form, canonical_hands, canonical_index
from .values import HighCategory, describe_high, describe_low, high_categories, high_category

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
    # runtime
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
