"""Random objects, shapes, dtypes and huge integers fed to every public function of ``omaha8``.

Whatever a caller passes, a public function either returns or raises one of
omaha8's documented errors (subclasses of :class:`omaha8.errors.Omaha8Error`,
themselves ValueError or TypeError): never a builtin's TypeError,
OverflowError, IndexError or AttributeError, never a crash. The hand engine
(``omaha8.game``) has its own fuzz test.

Arguments are drawn for the parameters each function declares (every
required one, some optional ones), so what is tested is the values, not
Python's own handling of a wrong call.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import omaha8
from omaha8.errors import Omaha8Error

# the functions of the top-level namespace (classes and result types excepted; Deals is a constructor
# users call with their own arrays, so it is in)
FUNCTIONS = sorted(
    name for name in omaha8.__all__
    if callable(getattr(omaha8, name)) and (not inspect.isclass(getattr(omaha8, name)) or name == "Deals")
)
# functions that read a file by name: a name that is not there is the file system's FileNotFoundError
# (or IsADirectoryError, PermissionError), as for open(); every other failure is omaha8's own error
READS_FILES = {"read_deals", "iter_deals"}

HUGE = [2**63 - 1, 2**63, -(2**63) - 1, 2**64 - 1, 2**64, 2**70, -(2**70), 10**20, 2**200, 2**4000]

cards_text = st.lists(st.sampled_from([r + s for r in "23456789TJQKA" for s in "cdhs"] + ["10h", "Ax", "1s", "♠A"]),
                      max_size=12).map(" ".join)
text = st.one_of(
    cards_text,
    st.text(max_size=20),
    st.sampled_from(["", " ", "As" * 2100, "x" * 5000, "\x00", "As Kd 2c 3h", "AsKd2c3h5d", "nan", "-1"]),
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from([np.bool_(True), np.int8(-1), np.uint8(200), np.uint64(2**64 - 1), np.int64(-(2**63)),
                     np.float64(1.0), np.float32(math.nan), 1j, object(), slice(1, 3), range(4), Ellipsis]),
    st.integers(min_value=-5, max_value=60),
    st.sampled_from(HUGE),
    st.floats(allow_nan=True, allow_infinity=True),
    text,
    st.binary(max_size=12),
)
dtypes = st.one_of(hnp.integer_dtypes(), hnp.unsigned_integer_dtypes(), hnp.floating_dtypes(), hnp.boolean_dtypes(),
                   st.just(np.dtype(object)), st.just(np.dtype("U4")))


def _array(dtype: np.dtype[Any]) -> st.SearchStrategy[np.ndarray[Any, Any]]:
    shapes = hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=6)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        elements = st.integers(max(int(info.min), -3), min(int(info.max), 60)) | st.just(int(info.max))
        return hnp.arrays(dtype, shapes, elements=elements)
    if dtype.kind == "O":
        return hnp.arrays(dtype, shapes, elements=st.one_of(st.integers(0, 51), st.sampled_from(HUGE), st.none()))
    if dtype.kind == "U":
        return hnp.arrays(dtype, shapes, elements=st.sampled_from(["As", "Kd", "2c", "xx", "", "AsKd"]))
    return hnp.arrays(dtype, shapes)


arrays = dtypes.flatmap(_array)
values = st.recursive(
    st.one_of(scalars, arrays),
    lambda inner: st.one_of(
        st.lists(inner, max_size=6),
        st.lists(inner, max_size=6).map(tuple),
        st.dictionaries(st.integers(0, 5), inner, max_size=3),
        st.frozensets(st.integers(-2, 60), max_size=5),
        st.sets(st.integers(-2, 60), max_size=5),
    ),
    max_leaves=12,
)
# what a real call looks like, so that some fuzzed calls get past the first check
plausible = st.one_of(
    st.lists(st.integers(0, 51), min_size=4, max_size=5, unique=True),
    st.lists(st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True), min_size=1, max_size=3),
    st.just("Ah 2h 7c Kd Qs"),
    st.just(["Kh Ks 9c 9d", "3c 4c Jh Jd"]),
    hnp.arrays(np.uint8, st.tuples(st.integers(0, 3), st.integers(1, 3), st.just(4)), elements=st.integers(0, 51)),
)
# counts that would run for hours when valid are drawn small or invalid
bounded = st.one_of(st.none(), st.integers(-3, 40), st.sampled_from(HUGE), scalars)
BOUNDED = {"samples", "n", "n_threads", "chunk_rows", "first"}


def _draw_arguments(data: st.DataObject, func: Callable[..., Any]) -> dict[str, Any]:
    kwargs: dict[str, Any] = {}
    for parameter in inspect.signature(func).parameters.values():
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        required = parameter.default is parameter.empty
        if not required and not data.draw(st.booleans(), label=f"give {parameter.name}"):
            continue
        if parameter.name in BOUNDED:
            strategy = bounded
        else:
            strategy = st.one_of(values, plausible)
        kwargs[parameter.name] = data.draw(strategy, label=parameter.name)
    return kwargs


@pytest.mark.parametrize("name", FUNCTIONS)
def test_only_omaha8_errors_come_out(name: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    func = getattr(omaha8, name)
    monkeypatch.chdir(tmp_path)  # functions that take a path may write one: here, nowhere else

    @settings(max_examples=100, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        kwargs = _draw_arguments(data, func)
        try:
            func(**kwargs)
        except Omaha8Error:
            pass
        except (FileNotFoundError, IsADirectoryError, PermissionError):
            if name not in READS_FILES:
                raise

    check()


def test_every_public_function_is_covered() -> None:
    # a new public function is fuzzed without anyone having to remember it
    assert {"showdown", "equity", "evaluate_batch", "card_id", "format_cards", "pot_shares", "max_players",
            "describe_low"} <= set(FUNCTIONS)
    assert not {"HandEvaluation", "ShowdownResult", "Omaha8Error"} & set(FUNCTIONS)
