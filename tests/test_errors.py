"""The error layer: every exception class is defined once in omaha8.errors, keeps its promise, and is
still importable where callers found it before."""

from __future__ import annotations

import ast
import importlib
import inspect
import pickle
import pkgutil
from pathlib import Path

import pytest

import omaha8
from omaha8 import errors

# classes defined in omaha8.errors, found by reading its source rather than by trusting __all__ (some are
# shown under the module that documents them, so their __module__ is not omaha8.errors)
DEFINED = sorted(
    (getattr(errors, node.name) for node in ast.parse(Path(errors.__file__).read_text(encoding="utf-8")).body
     if isinstance(node, ast.ClassDef)),
    key=lambda cls: cls.__name__,
)

# where each class was importable before it moved to omaha8.errors: it must stay importable there
OLD_HOMES = [
    ("omaha8", "EquityError"),
    ("omaha8.odds._equity", "EquityError"),
    ("omaha8.core._values", "ValueRangeError"),
    ("omaha8.odds._equity", "RangeEquityError"),
    ("omaha8.ranges.ordering", "OrderingDataError"),
    ("omaha8.deals", "DealFileError"),
    ("omaha8.deals._readers", "DealFileError"),
    ("omaha8.histories", "HandReadError"),
    ("omaha8.histories.pokerstars", "HandReadError"),
    ("omaha8.commands.hands", "OutputError"),
    ("omaha8.distributed", "SchedulerError"),
    ("omaha8.distributed._client", "SchedulerError"),
    ("omaha8.distributed", "PreflopError"),
    ("omaha8.distributed.preflop", "PreflopError"),
    ("omaha8.game", "GameError"),
    ("omaha8.game", "IllegalActionError"),
    ("omaha8.game", "ReplayError"),
    ("omaha8.game", "BuyInError"),
    ("omaha8.game.errors", "GameError"),
    ("omaha8.game.errors", "IllegalActionError"),
    ("omaha8.game.errors", "ReplayError"),
    ("omaha8.game.hand", "GameError"),
    ("omaha8.game.hand", "IllegalActionError"),
    ("omaha8.game.history", "ReplayError"),
    ("omaha8.game.table", "BuyInError"),
    ("omaha8.histories", "ReplayDiscrepancy"),
    ("omaha8.histories.replay", "ReplayDiscrepancy"),
]


def test_every_class_defined_in_errors_is_exported() -> None:
    assert len(DEFINED) >= 26  # 12 before the first move, the 9 classes moved in then, and the game's 5
    assert sorted(cls.__name__ for cls in DEFINED) == sorted(errors.__all__)


@pytest.mark.parametrize("cls", DEFINED, ids=lambda cls: cls.__name__)
def test_every_error_keeps_the_promise_of_errors_docstring(cls: type[BaseException]) -> None:
    assert issubclass(cls, errors.Omaha8Error)
    if cls is errors.Omaha8Error:
        return
    if cls is errors.MissingExtraError:
        # the one documented exception: a missing package is an ImportError, not bad input
        assert issubclass(cls, ImportError)
        assert "MissingExtraError" in (errors.__doc__ or "")
        return
    assert issubclass(cls, (ValueError, TypeError)), cls


@pytest.mark.parametrize(("module", "name"), OLD_HOMES, ids=[f"{m}.{n}" for m, n in OLD_HOMES])
def test_moved_errors_are_the_same_class_at_their_old_home(module: str, name: str) -> None:
    assert getattr(importlib.import_module(module), name) is getattr(errors, name)


def test_no_error_class_is_defined_outside_errors() -> None:
    found = []
    for info in pkgutil.walk_packages(omaha8.__path__, "omaha8."):
        if info.name == errors.__name__ or info.name.rsplit(".", 1)[-1].startswith("__"):
            continue
        try:
            module = importlib.import_module(info.name)
        except ImportError:  # an optional extra that is not installed
            continue
        for obj in vars(module).values():
            if (
                inspect.isclass(obj)
                and issubclass(obj, BaseException)
                and obj.__module__.startswith("omaha8")
                and getattr(errors, obj.__name__, None) is not obj
                and not obj.__name__.startswith("_")  # a private signal caught inside its module
            ):
                found.append(f"{module.__name__}.{obj.__name__}")
    assert found == []


# the errors whose __init__ takes fields rather than a message, each built from sample fields
BUILT_FROM_FIELDS: dict[str, tuple[object, ...]] = {
    "RangeSyntaxError": ("expected a rank", "AAxx", 2),
    "HandReadError": ("hands.txt", 12, 4, "an action of no seat"),
    "IllegalActionError": (2, "check", "there is a bet of 3 to call"),
    "ReplayDiscrepancy": (7, "Bob: calls 10 is refused by the engine"),
}


@pytest.mark.parametrize("cls", DEFINED, ids=lambda cls: cls.__name__)
def test_every_error_pickles_with_its_message_and_fields(cls: type[BaseException]) -> None:
    # errors cross processes on Dask: a pickle must rebuild the same class, message and fields
    custom_init = "__init__" in vars(cls) or any("__init__" in vars(base) for base in cls.__mro__[1:]
                                                 if base.__module__ == errors.__name__)
    assert custom_init == (cls.__name__ in BUILT_FROM_FIELDS), "list the fields of a new error's __init__ above"
    err = cls(*BUILT_FROM_FIELDS.get(cls.__name__, ("a message",)))
    err.add_note("a note")
    again = pickle.loads(pickle.dumps(err))
    assert type(again) is cls
    assert str(again) == str(err) and repr(again) == repr(err)
    assert vars(again) == vars(err)  # the fields and the note


@pytest.mark.parametrize("cls", DEFINED, ids=lambda cls: cls.__name__)
def test_every_error_is_found_where_it_says_it_lives(cls: type[BaseException]) -> None:
    # a pickle names the class by __module__ and __qualname__: that module must hold it
    assert getattr(importlib.import_module(cls.__module__), cls.__qualname__) is cls
