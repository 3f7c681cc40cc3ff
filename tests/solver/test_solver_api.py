"""omaha8.solver.solve's surface: bad inputs, Solution's readers, to_dict / to_json, the omaha8 solve command."""

from __future__ import annotations

import json
import math
import os

import numpy as np
import pytest

from omaha8 import cli
from omaha8.cards import parse_cards
from omaha8.errors import (
    ArgumentError,
    ArgumentTypeError,
    ChipError,
    DuplicateCardError,
    EmptyRangeError,
    Omaha8Error,
    ShapeError,
)
from omaha8.ranges import Range
from omaha8.solver import Solution, solve

BOARD = "Ah 7d 4c Ks 2h"
OOP = ["As 3s Qc Jd", "5c 5d 8h 9h", "Kh Kc 6d 3d"]
IP = ["Ad Kd Qs Qh", "3c 4d 6h 6s", "8c 8d Jh Js"]


@pytest.fixture(scope="module")
def spot() -> Solution:
    return solve(BOARD, (OOP, IP), pot=100, stacks=200, target=1e-3, max_iterations=500)


@pytest.mark.parametrize(
    "kwargs, error, text",
    [
        (dict(board="Ah 7d 4c"), ShapeError, "board must have 4 cards"),
        (dict(board="Ah 7d 4c Ks Ah"), DuplicateCardError, "appears twice"),
        (dict(ranges=(["Ah 3s Qc Jd"], IP)), DuplicateCardError, "ranges[0][0] holds Ah, a board card"),
        (dict(ranges=(OOP, ["3c 4d 6h 6s", "6s 6h 4d 3c"])), ArgumentError, "ranges[1][0] and ranges[1][1]"),
        (dict(ranges=("AAAA", IP)), EmptyRangeError, "ranges[0]: the range"),  # Ah is on the board
        (dict(ranges=(["Qs Qh 3c 3d"], ["Qs Qc 3h 3s"])), EmptyRangeError, "every pair shares a card"),
        (dict(ranges=(OOP,)), ArgumentTypeError, "ranges must be a pair"),
        (dict(ranges=(Range.from_hands(OOP, weights=[1, 1e308, 1]), IP)), ArgumentError, "= 1e+308 is above"),
        (dict(pot=-1), ChipError, "pot must be at least 1"),
        (dict(pot=10.5), ChipError, "pot must be a whole number"),
        (dict(stacks=(100, -3)), ChipError, "stacks[1] must be at least 0"),
        (dict(bets=(0.5, -1.0)), ArgumentError, "bets[1] = -1.0"),
        (dict(bets=(0.5, math.nan)), ArgumentError, "bets[1] = nan"),
        (dict(raises="100%"), ArgumentTypeError, "raises must be a sequence"),
        (dict(structure="spread-limit"), ArgumentError, "structure must be one of"),
        (dict(rake="5%"), ArgumentTypeError, "rake must be None"),
        (dict(rake=(120, 3)), ArgumentError, "percent must be between 0 and 100"),
        (dict(target=0), ArgumentError, "target = 0"),
        (dict(max_iterations=-1), ArgumentError, "max_iterations"),
        (dict(max_raises=True), ArgumentTypeError, "max_raises"),
        (dict(n_threads=0), ArgumentError, "n_threads"),
    ],
)
def test_bad_inputs_raise_omaha8_errors_naming_the_argument(kwargs, error, text) -> None:
    args = dict(board=BOARD, ranges=(OOP, IP), pot=100, stacks=200)
    args.update(kwargs)
    with pytest.raises(error) as caught:
        solve(args.pop("board"), args.pop("ranges"), args.pop("pot"), args.pop("stacks"), **args)
    assert text in str(caught.value)
    assert isinstance(caught.value, Omaha8Error)


def test_nan_weights_are_refused() -> None:
    with pytest.raises(ArgumentError, match="weights"):
        solve(BOARD, (Range.from_hands(OOP, weights=[1, math.nan, 1]), IP), pot=100, stacks=200)


def test_to_dict_has_exactly_the_keys(spot: Solution) -> None:
    data = spot.to_dict()
    assert list(data) == ["board", "pot", "stacks", "combos", "weights", "exploitability", "iterations", "nodes"]
    assert data["board"] == BOARD and data["pot"] == 100 and data["stacks"] == [200, 200]
    assert data["combos"] == [OOP, IP] and data["weights"] == [[1.0] * 3, [1.0] * 3]
    kinds = {node["kind"] for node in data["nodes"]}
    assert kinds == {"player", "fold", "showdown"}
    for index, node in enumerate(data["nodes"]):
        assert len(node["invested"]) == 2
        if node["kind"] == "player":
            assert set(node) == {"kind", "invested", "player", "actions", "children", "strategy"}
            assert len(node["strategy"]) == 3 and len(node["actions"]) == len(node["children"])
            for row in node["strategy"]:
                assert sum(row) == pytest.approx(1.0, abs=1e-5)
            np.testing.assert_allclose(node["strategy"], spot.strategy(index), atol=5e-7)
        elif node["kind"] == "fold":
            assert set(node) == {"kind", "invested", "folded"}
        else:
            assert set(node) == {"kind", "invested"}
    assert data["nodes"][0]["actions"] == ["check", "bet 50", "bet 100"]


def test_turn_chance_nodes_in_the_dict() -> None:
    spot = solve("Ah 7d 4c Ks", (["As 3s Qc Jd"], ["5c 5d 8h 9h"]), pot=100, stacks=0)
    data = spot.to_dict()
    chance = data["nodes"][0]
    assert chance["kind"] == "chance" and set(chance) == {"kind", "invested", "cards", "children"}
    assert len(chance["cards"]) == 48 and "2h" in chance["cards"] and "Ah" not in chance["cards"]


def test_to_json_writes_the_dict_and_never_a_half_file(spot: Solution, tmp_path, monkeypatch) -> None:
    path = tmp_path / "solution.json"
    spot.to_json(path)
    assert json.loads(path.read_text()) == json.loads(json.dumps(spot.to_dict()))
    before = path.read_bytes()

    def broken(self, f):
        f.write('{"board": ')
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Solution, "_write_json", broken)
    with pytest.raises(OSError):
        spot.to_json(path)
    assert path.read_bytes() == before and os.listdir(tmp_path) == ["solution.json"]


def test_strategy_and_ev(spot: Solution) -> None:
    root = spot.strategy(0)
    assert root.shape == (3, 3) and np.allclose(root.sum(axis=1), 1.0)
    with pytest.raises(ArgumentError, match="node 2 is a showdown node"):
        spot.strategy(2)
    with pytest.raises(ArgumentError, match="node"):
        spot.ev(len(spot.nodes), 0)
    # the root EVs weighted by how many opponents each combo meets give the player's value
    for p in (0, 1):
        ev = spot.ev(0, p)
        meets = np.array([sum(not set(a.tolist()) & set(b.tolist()) for b in spot.combos[1 - p]) for a in spot.combos[p]])
        assert float(np.dot(ev, meets) / meets.sum()) == pytest.approx(spot.values[p], abs=1e-9)
    # a combo that cannot be at a node has no EV there
    spot2 = solve(BOARD, (["Qs Qh 3c 3d", "5c 5d 8h 9h"], ["Qs Qc 6h 6s"]), pot=100, stacks=0)
    assert math.isnan(spot2.ev(0, 0)[0]) and not math.isnan(spot2.ev(0, 0)[1])


def test_summary_by_hand_class(spot: Solution) -> None:
    rows = spot.summary(0)
    assert {row.group for row in rows} == {"made hands", "lows"}
    made = [row for row in rows if row.group == "made hands"]
    assert sum(row.combos for row in made) == 3 and sum(row.weight for row in made) == pytest.approx(1.0)
    for row in rows:
        assert sum(row.frequencies.values()) == pytest.approx(1.0)
    # the nut low is 5-4-3-2-A (a 3 and a 5); none holds it: 7-4-3-2-A, 8-7-5-4-2 and 7-6-4-3-2 are lows
    lows = {row.name: row.combos for row in rows if row.group == "lows"}
    assert lows == {"low": 3}
    text = spot.format_summary(0)
    assert "OOP (player 0) to act" in text and "  low  " in text and "bet 100" in text


def test_solve_command(tmp_path, capsys) -> None:
    out = tmp_path / "s.json"
    code = cli.main(["solve", "--board", BOARD, "--oop", "AA23", "--ip", "KK45", "--pot", "100", "--stacks", "300",
                     "--bets", "50%,100%", "--target", "1%", "-o", str(out)])
    printed = capsys.readouterr().out
    assert code == 0
    assert "EV: OOP" in printed and "made hands" in printed and "exploitability" in printed
    data = json.loads(out.read_text())
    assert data["board"] == BOARD and data["exploitability"] <= 0.01


@pytest.mark.parametrize("args, text", [
    (["--bets", "50"], "not a percentage"),
    (["--target", "0%"], "above 0%"),
    (["--pot", "-5"], "at least 1"),
])
def test_solve_command_refuses_bad_options(args, text, capsys) -> None:
    base = ["solve", "--board", BOARD, "--oop", "AA", "--ip", "KK", "--pot", "100", "--stacks", "300"]
    with pytest.raises(SystemExit) as caught:
        cli.main(base + args)
    assert caught.value.code == 2
    assert text in capsys.readouterr().err


def test_solve_command_reports_data_errors(capsys) -> None:
    code = cli.main(["solve", "--board", "Ah 7d 4c", "--oop", "AA", "--ip", "KK", "--pot", "100", "--stacks", "3"])
    assert code == 2
    assert "omaha8: error: board must have 4 cards" in capsys.readouterr().err


def test_five_card_ranges() -> None:
    spot = solve(BOARD, (["As 3s Qc Jd Tc", "5c 5d 8h 9h 9c"], ["Ad Kd Qs Qh 6c", "3c 4d 6h 6s Td"]), pot=100,
                 stacks=100, bets=(1.0,), raises=(), target=1e-3, max_iterations=2000)
    assert spot.combos[0].shape == (2, 5) and spot.exploitability <= 1e-3
    assert sum(spot.values) == pytest.approx(100.0, abs=1e-9)
    assert parse_cards(spot.board).shape == (5,)
