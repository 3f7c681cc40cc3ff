"""Random objects, shapes, dtypes and huge integers fed to every public function of ``omaha8``.

Whatever a caller passes, a public function either returns or raises one of
omaha8's documented errors (subclasses of :class:`omaha8.errors.Omaha8Error`,
themselves ValueError or TypeError): never a builtin's TypeError,
OverflowError, IndexError or AttributeError, never a crash. The hand engine
(``omaha8.game``), the range language (``omaha8.ranges``) and the hand-history
readers (``omaha8.histories``) have fuzz tests of their own.

Arguments are drawn for the parameters each function declares (every
required one, some optional ones), so what is tested is the values, not
Python's own handling of a wrong call.

What comes back must also be right. The second half of this module calls
each batch function on a valid deal, then on the same deal written another
way (lists, other integer dtypes, numpy scalars, non-contiguous, read-only
and Fortran-ordered arrays, card strings): the answer must be the same. The
same deal with one item that only looks like a card id (True, 1.0, "1",
Decimal(1)) must be an omaha8 error, never a result: numpy alone reads True
as card 1.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import io
import math
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import omaha8
import omaha8.deals
from omaha8.errors import Omaha8Error

# the functions of the top-level namespace (classes and result types excepted; Deals is a constructor
# users call with their own arrays, so it is in), and the public functions of the concern packages whose
# hostile input this module covers
FUNCTIONS = sorted(
    name for name in omaha8.__all__
    if callable(getattr(omaha8, name)) and (not inspect.isclass(getattr(omaha8, name)) or name == "Deals")
) + ["cards:card_rank", "cards:card_suit", "cards:text_ids", "deals:iter_random_deals", "deals:resolve_columns",
     "deals:write_rejects", "deals:DealReader", "deals:ResultWriter", "solver:showdown_values",
     "distributed:spot_seed", "distributed:read_spots"]
# functions that read a file by name: a name that is not there is the file system's FileNotFoundError
# (or IsADirectoryError, PermissionError), as for open(); every other failure is omaha8's own error
READS_FILES = {"read_deals", "iter_deals", "deals:DealReader", "distributed:read_spots"}


def _function(name: str) -> Callable[..., Any]:
    """``showdown`` is omaha8.showdown, ``solver:showdown_values`` omaha8.solver.showdown_values."""
    package, _, attribute = name.rpartition(":")
    module = importlib.import_module(f"omaha8.{package}") if package else omaha8
    found: Callable[..., Any] = getattr(module, attribute)
    return found


HUGE = [2**63 - 1, 2**63, -(2**63) - 1, 2**64 - 1, 2**64, 2**70, -(2**70), 10**20, 2**200, 2**4000]
# ints of more digits than Python turns into text (a message that quotes one without brief() fails), built
# by a map so that hypothesis never has to show the strategy's elements
too_long_to_print = st.sampled_from([5000, -5000]).map(lambda e: 10**abs(e) if e > 0 else -(10**abs(e)))


class _NoRead:
    """A file-like object without read(): something a caller may pass where a path or a stream is expected."""

    def write(self, text: str) -> int:
        return len(text)


class _BadIndex:
    """An object whose __index__ and __len__ raise: the conversions omaha8 tries must not leak them."""

    def __index__(self) -> int:
        raise RuntimeError("no index")

    def __len__(self) -> int:
        raise RuntimeError("no len")

cards_text = st.lists(st.sampled_from([r + s for r in "23456789TJQKA" for s in "cdhs"] + ["10h", "Ax", "1s", "♠A"]),
                      max_size=12).map(" ".join)
text = st.one_of(
    cards_text,
    st.text(max_size=20),
    st.sampled_from(["", " ", "As" * 2100, "x" * 5000, "\x00", "As Kd 2c 3h", "AsKd2c3h5d", "nan", "-1", "3", "\u0663",
                     "\uff11\uff15", "\x1b[2J", "=1+1"]),
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from([np.bool_(True), np.int8(-1), np.uint8(200), np.uint64(2**64 - 1), np.int64(-(2**63)),
                     np.float64(1.0), np.float32(math.nan), 1j, object(), slice(1, 3), range(4), Ellipsis,
                     Decimal(3), Decimal("nan"), Fraction(1, 2), np.int64(3), np.float64(math.inf), bytearray(b"As"),
                     memoryview(b"As"), io.StringIO("AhKh7c4d2s,As3sQcJd,5c5d8h9h\n"), _NoRead(), _BadIndex()]),
    st.integers(min_value=-5, max_value=60),
    st.sampled_from(HUGE),
    too_long_to_print,
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


def _awkward(arr: np.ndarray[Any, Any]) -> st.SearchStrategy[np.ndarray[Any, Any]]:
    """The same values as a non-contiguous, read-only, Fortran-ordered or broadcast array."""
    def read_only(a: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        a = a.copy()
        a.setflags(write=False)
        return a

    forms = [lambda a: a, read_only, np.asfortranarray]
    if arr.ndim:
        forms += [lambda a: np.repeat(a, 2, axis=-1)[..., ::2], lambda a: np.broadcast_to(a, (2, *a.shape))[1]]
    return st.sampled_from(forms).map(lambda form: form(arr))


arrays = dtypes.flatmap(_array).flatmap(_awkward)
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
bounded = st.one_of(st.none(), st.integers(-3, 40), st.sampled_from(HUGE), too_long_to_print, scalars)
BOUNDED = {"samples", "n", "n_threads", "chunk_rows", "first", "bins", "digits", "cards"}


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
    func = _function(name)
    monkeypatch.chdir(tmp_path)  # functions that take a path may write one: here, nowhere else

    @settings(max_examples=100, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        kwargs = _draw_arguments(data, func)
        try:
            result = func(**kwargs)
            if inspect.isgenerator(result) or isinstance(result, omaha8.deals.DealReader):
                for _ in zip(range(3), result):  # readers and streams raise as they are read
                    pass
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


# ---------------------------------------------------------------- the same deal written another way


def _same(a: Any, b: Any) -> bool:
    """Equal results: dataclasses field by field, arrays by value and dtype (NaN equal to NaN)."""
    if dataclasses.is_dataclass(a) and not isinstance(a, type):
        return type(a) is type(b) and all(_same(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        a, b = np.asarray(a), np.asarray(b)
        return a.dtype == b.dtype and a.shape == b.shape and bool(np.array_equal(a, b, equal_nan=a.dtype.kind == "f"))
    if isinstance(a, (tuple, list)):
        return type(a) is type(b) and len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a):
        return math.isnan(b)
    return bool(a == b)


def _nested(arr: np.ndarray[Any, Any], leaf: Callable[[int], Any], seq: type = list) -> Any:
    """``arr`` as nested sequences of ``seq`` with each id turned into ``leaf(id)``."""
    if arr.ndim == 0:
        return leaf(int(arr))
    return seq(_nested(row, leaf, seq) for row in arr)


def _read_only(arr: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    out = arr.copy()
    out.setflags(write=False)
    return out


# ways to write the same card ids: each must give the same answer as the C-contiguous uint8 array
SAME_FORMS: dict[str, Callable[[np.ndarray[Any, Any]], Any]] = {
    "list": lambda a: a.tolist(),
    "tuples": lambda a: _nested(a, int, tuple),
    "numpy ints in lists": lambda a: _nested(a, np.int64),
    "int64": lambda a: a.astype(np.int64),
    "int16": lambda a: a.astype(np.int16),
    "uint64": lambda a: a.astype(np.uint64),
    "non-contiguous": lambda a: np.repeat(a, 2, axis=-1)[..., ::2],
    "read-only": _read_only,
    "Fortran order": lambda a: np.asfortranarray(a),
    "a view of a larger array": lambda a: np.stack([a, a])[1],
}
# items that only look like a card id: numpy alone would read each as an id
FOREIGN_ITEMS = [True, False, np.True_, 1.0, np.float64(3.0), "3", "\u0663", None, Decimal(3), Fraction(3), 3 + 0j,
                 math.nan, 10**30, -1, 52, 256 + 3]


@dataclasses.dataclass(frozen=True)
class Case:
    """A public function called with card arrays first, then fixed keyword arguments."""

    call: Callable[..., Any]
    # (arrays, kwargs) of a valid call from a random generator
    make: Callable[[np.random.Generator], tuple[list[np.ndarray[Any, Any]], dict[str, Any]]]
    strings: bool = True  # also takes card strings in place of ids


def _deals(rng: np.random.Generator, players: int, rows: int = 0) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """Boards (rows, 5) and holes (rows, players, k) of random deals; rows 0: one deal, without the first axis."""
    cards = int(rng.choice([4, 5])) if 5 + players * 5 <= 52 else 4
    boards, holes = omaha8.random_deals(max(rows, 1), players=players, cards=cards, seed=int(rng.integers(2**32)))
    return (boards, holes) if rows else (boards[0], holes[0])


def _rows(rng: np.random.Generator) -> int:
    return int(rng.integers(1, 6))


CASES: dict[str, Case] = {
    "evaluate_batch": Case(omaha8.evaluate_batch,
                           lambda r: ([*(lambda b, h: (h[:, 0], b))(*_deals(r, 1, _rows(r)))], {})),
    "evaluate_high_batch": Case(omaha8.evaluate_high_batch,
                                lambda r: ([*(lambda b, h: (h[:, 0], b[0]))(*_deals(r, 1, 1))], {})),
    "evaluate_low_batch": Case(omaha8.evaluate_low_batch,
                               lambda r: ([*(lambda b, h: (h[:, 0], b))(*_deals(r, 1, _rows(r)))], {})),
    "pot_shares": Case(omaha8.pot_shares, lambda r: ([*(lambda b, h: (h, b))(*_deals(r, 3, _rows(r)))], {})),
    "winners": Case(omaha8.winners, lambda r: ([*(lambda b, h: (h, b))(*_deals(r, 2, _rows(r)))], {})),
    "canonical_index": Case(omaha8.canonical_index, lambda r: ([_deals(r, 1, _rows(r))[1][:, 0]], {})),
    "format_card_array": Case(omaha8.format_card_array, lambda r: ([_deals(r, 2, _rows(r))[1]], {"sep": " "}),
                              strings=False),
    "analyze_deals": Case(lambda b, h: omaha8.analyze_deals(omaha8.Deals(b, h)),
                          lambda r: ([*_deals(r, 3, _rows(r))], {}), strings=False),
    "showdown": Case(omaha8.showdown, lambda r: ([*_deals(r, 3)], {"contributions": [5, 5, 3], "button": 1})),
    "evaluate": Case(omaha8.evaluate, lambda r: ([*(lambda b, h: (h[0], b))(*_deals(r, 1))], {})),
    "equity": Case(lambda h, b: omaha8.equity(h, b), lambda r: ([*(lambda b, h: (h, b[:4]))(*_deals(r, 2))], {})),
    "showdown_values": Case(lambda b, h, o: __import__("omaha8.solver").solver.showdown_values(b, h, o),
                            lambda r: ([*(lambda b, h: (b, h[:2], h[2:]))(*_deals(r, 4))], {})),
    "format_cards": Case(omaha8.format_cards, lambda r: ([_deals(r, 1)[1][0]], {}), strings=False),
    "parse_cards": Case(omaha8.parse_cards, lambda r: ([_deals(r, 1)[1][0]], {}), strings=False),
}


def _as_strings(arr: np.ndarray[Any, Any]) -> Any:
    """Card ids as card strings: the last axis becomes one string (a 1-D array becomes one string)."""
    text = omaha8.format_card_array(arr, sep=" ")
    return str(text) if text.ndim == 0 else text.tolist()


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_same_cards_in_any_form_give_the_same_answer(name: str) -> None:
    case = CASES[name]
    forms = dict(SAME_FORMS, **({"card strings": _as_strings} if case.strings else {}))

    @settings(max_examples=40, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(seed=st.integers(0, 2**32 - 1), form=st.sampled_from(sorted(forms)), data=st.data())
    def check(seed: int, form: str, data: st.DataObject) -> None:
        arrays, kwargs = case.make(np.random.default_rng(seed))
        want = case.call(*arrays, **kwargs)
        which = data.draw(st.integers(0, len(arrays) - 1), label="argument")
        given_arrays = [forms[form](a) if i == which else a for i, a in enumerate(arrays)]
        got = case.call(*given_arrays, **kwargs)
        assert _same(got, want), (form, which)

    check()


@pytest.mark.parametrize("name", sorted(CASES))
def test_an_item_that_only_looks_like_a_card_id_is_refused(name: str) -> None:
    case = CASES[name]

    @settings(max_examples=40, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(seed=st.integers(0, 2**32 - 1), item=st.sampled_from(FOREIGN_ITEMS), data=st.data())
    def check(seed: int, item: Any, data: st.DataObject) -> None:
        arrays, kwargs = case.make(np.random.default_rng(seed))
        which = data.draw(st.integers(0, len(arrays) - 1), label="argument")
        flat = arrays[which].tolist()
        # the item at a random place of the nested lists (a hand's or a board's card)
        place = data.draw(st.tuples(*(st.integers(0, n - 1) for n in arrays[which].shape)), label="place")
        inner = flat
        for i in place[:-1]:
            inner = inner[i]
        inner[place[-1]] = item
        given_arrays = [flat if i == which else a for i, a in enumerate(arrays)]
        with pytest.raises(Omaha8Error):
            case.call(*given_arrays, **kwargs)

    check()


@pytest.mark.parametrize("dtype", [np.float64, np.bool_, np.complex128])
@pytest.mark.parametrize("name", sorted(CASES))
def test_an_array_of_another_kind_is_refused(name: str, dtype: Any) -> None:
    # float or bool arrays of card ids are not card ids, even when every value is one (1.0, True)
    case = CASES[name]
    arrays, kwargs = case.make(np.random.default_rng(7))
    for which in range(len(arrays)):
        given_arrays = [a.astype(dtype) if i == which else a for i, a in enumerate(arrays)]
        with pytest.raises(Omaha8Error):
            case.call(*given_arrays, **kwargs)


# integer arguments: numpy integers mean the same; bools, floats and digit strings are refused
INT_ARGUMENTS: list[tuple[str, Callable[..., Any], dict[str, Any], str, int]] = [
    ("random_deals n", omaha8.random_deals, {"seed": 5}, "n", 3),
    ("random_deals seed", lambda **k: omaha8.random_deals(3, **k), {}, "seed", 5),
    ("random_deals first", lambda **k: omaha8.random_deals(3, seed=5, **k), {}, "first", 7),
    ("random_deals players", lambda **k: omaha8.random_deals(3, seed=5, **k), {}, "players", 3),
    ("equity seed", lambda **k: omaha8.equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], samples=50, **k), {}, "seed", 9),
    ("equity samples", lambda **k: omaha8.equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], seed=9, **k), {}, "samples", 50),
    ("evaluate_batch n_threads", lambda **k: omaha8.evaluate_batch([[0, 5, 9, 13]], [20, 21, 22, 23, 24], **k), {},
     "n_threads", 2),
    ("showdown button", lambda **k: omaha8.showdown("Ah 2h 7c Kd Qs", ["3c 4c Kh Ks", "5d 8d Qc Jc"], **k), {},
     "button", 1),
    ("card_id rank", lambda **k: omaha8.card_id(suit=2, **k), {}, "rank", 11),
    ("format_card", lambda **k: omaha8.format_card(**k), {}, "card", 33),
    ("describe_high", lambda **k: omaha8.describe_high(**k), {}, "value", 4000),
    ("describe_low", lambda **k: omaha8.describe_low(**k), {}, "value", 30),
    ("max_players", lambda **k: omaha8.max_players(**k), {}, "hole_size", 5),
    ("canonical_hands", lambda **k: omaha8.canonical_hands(**k), {}, "cards", 4),
    ("showdown_values bins", lambda **k: __import__("omaha8.solver").solver.showdown_values(
        "Ah Kh 7c 4d 2s", ["As 3s Qc Jd"], ["6c 6d Ts Th"], **k), {}, "bins", 4),
]
# numpy integers of a type that holds the value (np.int8 holds the small ones: sizes computed from it must not wrap)
SAME_INTS: list[Callable[[int], Any]] = [np.int64, np.uint16, lambda v: np.array(v, dtype=np.int32)[()],
                                         lambda v: np.int8(v) if v < 128 else np.int16(v)]
FOREIGN_INTS: list[Callable[[int], Any]] = [float, np.float64, str, lambda v: Decimal(v), lambda v: Fraction(v),
                                            lambda v: complex(v), lambda v: str(v).translate({48 + d: 0x660 + d
                                                                                               for d in range(10)})]


@pytest.mark.parametrize("label, call, fixed, name, value", INT_ARGUMENTS, ids=[row[0] for row in INT_ARGUMENTS])
def test_integer_arguments(label: str, call: Callable[..., Any], fixed: dict[str, Any], name: str,
                           value: int) -> None:
    want = call(**fixed, **{name: value})
    for form in SAME_INTS:
        assert _same(call(**fixed, **{name: form(value)}), want), (label, form)
    for foreign in FOREIGN_INTS:
        with pytest.raises(Omaha8Error):
            call(**fixed, **{name: foreign(value)})
    with pytest.raises(Omaha8Error):
        call(**fixed, **{name: True})
