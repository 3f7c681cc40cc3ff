"""One argument order for the whole API: the holes first, then the board, and every argument callable by name.

Every public function that takes hole cards and a board names them ``hole``/``holes`` (``hands`` and
``opponents`` where they are ranges) and ``board``/``boards``, holes first; the one exception,
``omaha8.solver.solve``, keeps the signature its own issue fixed. Each public function is called here with
every argument by keyword, in the order its signature documents, and must give what the positional call
gives; a positional call in the order omaha8 took before is refused with ArgumentOrderError.
"""

from __future__ import annotations

import importlib
import inspect
import os
from collections.abc import Callable
from dataclasses import dataclass, fields, is_dataclass
from typing import Any

import numpy as np
import pytest

import omaha8
from omaha8.errors import ArgumentOrderError, Omaha8Error

HOLE_NAMES = ("hole", "holes", "hands", "opponents", "ranges")
BOARD_NAMES = ("board", "boards")
#: Modules whose public functions the order covers (``omaha8.distributed`` needs its extra).
MODULES = ("omaha8", "omaha8.solver", "omaha8.ranges", "omaha8.deals", "omaha8.cards", "omaha8.histories",
           "omaha8.game", "omaha8.distributed")
#: The functions that keep another order, with the reason.
EXCEPTIONS = {
    "omaha8.solver.solve": "solve(board, ranges, pot, stacks, ...) is the signature its own issue fixes",
}


def _public(module: str) -> list[tuple[str, Any]]:
    if module == "omaha8.distributed":
        pytest.importorskip("dask")
        pytest.importorskip("distributed")
    mod = importlib.import_module(module)
    return [(f"{module}.{name}", getattr(mod, name)) for name in mod.__all__
            if inspect.isfunction(getattr(mod, name)) or (inspect.isclass(getattr(mod, name))
                                                          and not issubclass(getattr(mod, name), BaseException))]


def _parameters(obj: Any) -> list[str]:
    try:
        return list(inspect.signature(obj).parameters)
    except (TypeError, ValueError):
        return []


@pytest.mark.parametrize("module", MODULES)
def test_the_holes_come_before_the_board_everywhere(module: str) -> None:
    checked = 0
    for name, obj in _public(module):
        params = _parameters(obj)
        holes = [i for i, p in enumerate(params) if p in HOLE_NAMES]
        boards = [i for i, p in enumerate(params) if p in BOARD_NAMES]
        if not holes or not boards:
            continue
        checked += 1
        if name in EXCEPTIONS:
            assert boards[0] < holes[0], f"{name} is listed as an exception but takes the holes first"
            continue
        assert holes[0] < boards[0], f"{name}{inspect.signature(obj)} takes the board before the holes"
    assert checked >= {"omaha8": 8, "omaha8.solver": 2, "omaha8.deals": 2}.get(module, 0)


# ---------------------------------------------------------------- every function by keyword

HOLES = ["Kh Ks 9c 9d", "3c 4c 5d 6d", "Jh Jd 6c 6s"]
BOARD = "Ah 2h 7c Kd Qs"


def _same(a: Any, b: Any) -> bool:
    """Results equal as values: arrays element by element, dataclasses field by field, iterators as lists."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return bool(np.array_equal(np.asarray(a), np.asarray(b), equal_nan=np.asarray(a).dtype.kind == "f"))
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if is_dataclass(a) and type(a) is type(b):
        return all(_same(getattr(a, f.name), getattr(b, f.name)) for f in fields(a) if f.name != "seconds")
    if hasattr(a, "__next__"):
        return _same(tuple(a), tuple(b))
    if hasattr(a, "compute"):  # a dask array
        return _same(a.compute(), b.compute())
    return bool(a == b)


@dataclass
class Call:
    """A function, its arguments by keyword in the documented order, and the positional part of the same call."""

    function: Callable[..., Any]
    keywords: dict[str, Any]
    positional: int  # how many of the keywords, from the first, a positional call gives by position
    then: Callable[[Any, dict[str, Any]], Any] = lambda result, keywords: result  # what of the result to compare


def _file(result: Any, keywords: dict[str, Any]) -> str:
    with open(keywords["path"], encoding="utf-8") as f:
        return f.read()


def _calls(tmp: str) -> dict[str, Call]:
    ids = omaha8.parse_cards
    holes, boards = omaha8.random_deals(40, players=3, seed=3)
    deals_csv = os.path.join(tmp, "deals.csv")
    omaha8.write_deals(deals_csv, holes, boards)
    c = {
        "omaha8.card_id": Call(omaha8.card_id, dict(rank=12, suit=3), 2),
        "omaha8.format_card": Call(omaha8.format_card, dict(card=51), 1),
        "omaha8.format_cards": Call(omaha8.format_cards, dict(cards=[51, 0], sep="-"), 2),
        "omaha8.parse_card": Call(omaha8.parse_card, dict(text="As"), 1),
        "omaha8.parse_cards": Call(omaha8.parse_cards, dict(cards="As Kd", name="hand"), 1),
        "omaha8.evaluate": Call(omaha8.evaluate, dict(hole=HOLES[0], board=BOARD), 2),
        "omaha8.evaluate_batch": Call(omaha8.evaluate_batch, dict(holes=holes[:, 0], boards=boards, n_threads=1,
                                                                  validate=True), 2),
        "omaha8.evaluate_high_batch": Call(omaha8.evaluate_high_batch, dict(holes=holes[:, 0], boards=boards,
                                                                            n_threads=1, validate=True), 2),
        "omaha8.evaluate_low_batch": Call(omaha8.evaluate_low_batch, dict(holes=holes[:, 0], boards=boards,
                                                                          n_threads=1, validate=True), 2),
        "omaha8.describe_high": Call(omaha8.describe_high, dict(value=7462), 1),
        "omaha8.describe_low": Call(omaha8.describe_low, dict(value=56), 1),
        "omaha8.high_categories": Call(omaha8.high_categories, dict(values=[1, 7462]), 1),
        "omaha8.high_category": Call(omaha8.high_category, dict(value=7462), 1),
        "omaha8.showdown": Call(omaha8.showdown, dict(holes=HOLES, board=BOARD, contributions=[10, 10, 4],
                                                      folded=[], button=1, last_aggressor=None, odd_chips=None), 2),
        "omaha8.pot_shares": Call(omaha8.pot_shares, dict(holes=holes, boards=boards, active=None, n_threads=1,
                                                          validate=True), 2),
        "omaha8.winners": Call(omaha8.winners, dict(holes=holes, boards=boards, active=None, n_threads=1,
                                                    validate=True), 2),
        "omaha8.parse_card_array": Call(omaha8.parse_card_array, dict(strings=["AsKd2c3h"], cards=4, name="s",
                                                                      n_threads=1), 1),
        "omaha8.format_card_array": Call(omaha8.format_card_array, dict(ids=[[51, 45, 0, 6]], sep=" ",
                                                                        as_bytes=False, name="ids", n_threads=1), 1),
        "omaha8.read_deals": Call(omaha8.read_deals, dict(path=deals_csv), 1),
        "omaha8.iter_deals": Call(omaha8.iter_deals, dict(path=deals_csv, chunk_rows=7), 1,
                                  lambda result, k: [len(d) for d in result]),
        "omaha8.write_deals": Call(omaha8.write_deals, dict(path=os.path.join(tmp, "w.csv"), holes=holes,
                                                            boards=boards, header=True, chunk_rows=9, n_threads=1),
                                   3, _file),
        "omaha8.write_results": Call(
            omaha8.write_results,
            dict(path=os.path.join(tmp, "r.csv"), results=omaha8.analyze_deals(omaha8.Deals(holes, boards)),
                 columns="deal,winners", header=True, n_threads=1), 2, _file),
        "omaha8.random_deals": Call(omaha8.random_deals, dict(n=5, players=2, cards=5, seed=1, first=3,
                                                              n_threads=1), 1),
        "omaha8.analyze_deals": Call(omaha8.analyze_deals, dict(deals=omaha8.Deals(holes, boards), values=True,
                                                                shares=True, n_threads=1, validate=True), 1),
        "omaha8.equity": Call(omaha8.equity, dict(holes=HOLES[:2], board="Ah 2h 7c Kd", dead="Qs", samples=None,
                                                  seed=None, n_threads=1), 3),
        "omaha8.max_players": Call(omaha8.max_players, dict(hole_size=5), 1),
        "omaha8.canonical_hands": Call(omaha8.canonical_hands, dict(cards=4), 1, lambda result, k: result[0][:3]),
        "omaha8.canonical_form": Call(omaha8.canonical_form, dict(hole=HOLES[0]), 1),
        "omaha8.canonical_index": Call(omaha8.canonical_index, dict(holes=[ids(h) for h in HOLES]), 1),
        "omaha8.max_threads": Call(omaha8.max_threads, {}, 0),
        "omaha8.openmp_enabled": Call(omaha8.openmp_enabled, {}, 0),
        "omaha8.get_include": Call(omaha8.get_include, {}, 0),
        "omaha8.Deals": Call(omaha8.Deals, dict(holes=holes, boards=boards, lines=None, first=2), 4),
        "omaha8.Range": Call(omaha8.Range, dict(text="AA23$ds", cards=5), 2, lambda result, k: len(result)),
        "omaha8.solver.showdown_values": Call(
            omaha8.solver.showdown_values,
            dict(hands=HOLES[:2], opponents="AA, KK", board=BOARD, hand_weights=None, opponent_weights=None,
                 dead=None, cards=None, bins=3, n_threads=1), 3),
        "omaha8.ranges.hand_index": Call(omaha8.ranges.hand_index, dict(hands=[ids(h) for h in HOLES]), 1),
        "omaha8.ranges.n_hands": Call(omaha8.ranges.n_hands, dict(cards=5), 1),
        "omaha8.histories.pot_equity": Call(
            omaha8.histories.pot_equity,
            dict(holes=[tuple(ids(h)) for h in HOLES[:2]], board=tuple(ids("Ah 2h 7c Kd")), dead=()), 3),
    }
    return c


#: Public functions with no call in the table, each with its reason.
NOT_CALLED = {
    "omaha8.solver.solve": "takes seconds; tests/solver/test_solver_api.py calls it by keyword",
}


def test_every_public_function_by_keyword_in_the_documented_order(tmp_path: Any) -> None:
    calls = _calls(str(tmp_path))
    for name, call in calls.items():
        params = _parameters(call.function)
        if "options" not in params:
            order = [p for p in params if p in call.keywords]
            assert order == list(call.keywords), f"{name}: keywords not in the documented order {params}"
        by_name = call.then(call.function(**call.keywords), call.keywords)
        values, names = list(call.keywords.values()), list(call.keywords)
        by_position = call.then(call.function(*values[: call.positional],
                                              **dict(zip(names[call.positional:], values[call.positional:]))),
                                call.keywords)
        assert _same(by_name, by_position), name
    # the keywords in the reverse order give the same: a name is a name, wherever it stands
    show = calls["omaha8.showdown"]
    assert _same(show.function(**dict(reversed(show.keywords.items()))), show.function(**show.keywords))


def test_the_table_covers_every_public_function(tmp_path: Any) -> None:
    calls = _calls(str(tmp_path))
    functions = [name for module in ("omaha8", "omaha8.solver", "omaha8.ranges") for name, obj in _public(module)
                 if inspect.isfunction(obj)]
    missing = [name for name in functions if name not in calls and name not in NOT_CALLED]
    assert not missing, f"public functions without a keyword call here: {missing}"


# ---------------------------------------------------------------- the old order, refused


@pytest.mark.parametrize("call", [
    lambda: omaha8.showdown(BOARD, HOLES),
    lambda: omaha8.showdown(tuple(omaha8.parse_cards(BOARD).tolist()), [tuple(omaha8.parse_cards(h).tolist())
                                                                         for h in HOLES]),
    lambda: omaha8.showdown(None, [(), None, None], contributions=[3, 2, 1], folded=[1, 2]),
    lambda: omaha8.solver.showdown_values(BOARD, "AA", "KK"),
    lambda: omaha8.solver.showdown_values(BOARD, HOLES[:2], "15%"),
    lambda: omaha8.pot_shares(*reversed(omaha8.random_deals(4, players=3, seed=1))),
    lambda: omaha8.winners(*reversed(omaha8.random_deals(4, players=3, seed=1))),
    lambda: omaha8.Deals(*reversed(omaha8.random_deals(4, players=3, seed=1))),
])
def test_a_call_in_the_old_order_is_refused_and_says_so(call: Callable[[], Any]) -> None:
    with pytest.raises(ArgumentOrderError, match="takes the holes first, then the board"):
        call()


def test_the_old_order_by_keyword_still_works() -> None:
    # keywords are read in any order: the old order, written with names, is the same call
    assert omaha8.showdown(board=BOARD, holes=HOLES) == omaha8.showdown(HOLES, BOARD)
    assert _same(omaha8.solver.showdown_values(board=BOARD, hands="AA", opponents="KK").share,
                 omaha8.solver.showdown_values("AA", "KK", BOARD).share)


def test_what_cannot_be_told_apart_is_not_guessed() -> None:
    # a 5-card hole and a board look alike: the hole is whatever comes first, as documented
    swapped = omaha8.evaluate("3c 4h 5s Jd Qc", "As 2d Kc Kh 9s")
    assert swapped == omaha8.evaluate(hole="3c 4h 5s Jd Qc", board="As 2d Kc Kh 9s")
    assert swapped != omaha8.evaluate(hole="As 2d Kc Kh 9s", board="3c 4h 5s Jd Qc")
    # a board given where the 4-card hole goes and the hole where the board goes: the message says so
    with pytest.raises(Omaha8Error, match="swap them"):
        omaha8.evaluate("As 2d Kc Kh 9s", "3c 4h 5s Jd")
