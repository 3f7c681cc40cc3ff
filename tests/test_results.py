"""Every result object turns into plain data (``to_dict()``) and reads as text (``str``); batch results turn
into DataFrames with the CSV's columns."""

from __future__ import annotations

import csv
import io
import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import omaha8
from omaha8.game import PotLimit, Table


def _plain(value: Any) -> bool:
    """Only dicts with str keys, lists, str, int, float (finite), bool and None, all the way down."""
    if value is None or type(value) in (str, int, bool):
        return True
    if type(value) is float:
        return math.isfinite(value)
    if type(value) is list:
        return all(_plain(item) for item in value)
    if type(value) is dict:
        return all(type(key) is str and _plain(item) for key, item in value.items())
    return False


def _results() -> dict[str, Any]:
    holes, boards = omaha8.random_deals(50, players=3, seed=4)
    table = Table([100] * 3, PotLimit(1, 2), seed=5)
    hand = table.new_hand()
    while not hand.is_over:
        hand.act("call" if hand.legal_actions().call else "check")
    return {
        "HandEvaluation": omaha8.evaluate("As 2d Kc Kh", "3c 4h 5s Jd Qc"),
        "ShowdownResult": omaha8.showdown(["Kh Ks 9c 9d", "Jh Jd 6c 6s", "3c 4c 5d 6d", None], "Ah 2h 7c Kd Qs",
                                          contributions=[100, 100, 40, 5]),
        "Pot": omaha8.showdown(["Kh Ks 9c 9d", "3c 4c 5d 6d"], "Ah 2h 7c Kd Qs").pots[0],
        "EquityResult": omaha8.equity(["As Ad 2c 3d", "Ks Kd Qh Jh"], board="Ac Kc 4h", samples=2000, seed=1),
        "DealResults": omaha8.analyze_deals(omaha8.Deals(holes, boards)),
        "ShowdownValues": omaha8.solver.showdown_values("AA", "KK", "Ah 7d 4c Ks 2h"),
        "HandResult": hand.result,
        "PotResult": hand.result.pots[0],
    }


@pytest.mark.parametrize("name", list(_results()))
def test_to_dict_is_plain_json_and_reads_back_equal(name: str) -> None:
    result = _results()[name]
    data = result.to_dict()
    assert _plain(data), f"{name}.to_dict() holds something JSON does not"
    assert json.loads(json.dumps(data, allow_nan=False)) == data


@pytest.mark.parametrize("name", list(_results()))
def test_str_is_readable_text(name: str) -> None:
    text = str(_results()[name])
    assert text and "object at 0x" not in text and not text.startswith(name + "(")


def test_the_showdown_reads_as_a_table_of_seats_and_its_pots() -> None:
    text = str(_results()["ShowdownResult"])
    lines = text.splitlines()
    assert lines[0].split() == ["seat", "put", "in", "payout", "net", "high", "low"]
    # seat 0: trip kings win the high of both pots: 63 of the main pot's 125 (odd chip high) and the side
    # pot's 120; seat 2's 7-4-3-2-A low takes the main pot's other 62; seat 3 folded its 5
    assert lines[1].split()[:4] == ["0", "100", "183", "+83"]
    assert lines[3].split()[:4] == ["2", "40", "62", "+22"]
    assert lines[4].split()[:4] == ["3", "5", "0", "-5"]
    assert "Main pot: 125 (seats 0, 1, 2)" in text and "Side pot 1: 120 (seats 0, 1)" in text


def test_to_dict_holds_the_same_numbers_as_the_result() -> None:
    r = _results()
    showdown = r["ShowdownResult"].to_dict()
    assert showdown["payouts"] == [183, 0, 62, 0] and sum(showdown["net"]) == 0
    assert showdown["pots"][0]["high_winners"] == [0] and showdown["pots"][0]["low_winners"] == [2]
    assert showdown["hands"][3] is None and showdown["hands"][0]["high_description"].startswith("Three of a kind")
    eq = r["EquityResult"]
    assert eq.to_dict()["equity"] == eq.equity.tolist() and eq.to_dict()["seed"] == 1
    values = r["ShowdownValues"].to_dict()
    share = r["ShowdownValues"].share
    assert [v is None for v in values["share"]] == np.isnan(share).tolist()


def test_deal_results_as_a_dataframe_have_the_columns_and_values_of_the_csv(tmp_path: Path) -> None:
    pytest.importorskip("pandas")
    results = _results()["DealResults"]
    path = tmp_path / "r.csv"
    omaha8.write_results(path, results)  # the default columns, as the CSV has them
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    frame = results.to_dataframe()
    assert list(frame.columns) == rows[0]
    assert len(frame) == len(rows) - 1 == 50
    for name in rows[0]:
        column = frame[name].tolist()
        written = [row[rows[0].index(name)] for row in rows[1:]]
        if name.endswith("winners"):
            assert [" ".join(map(str, seats)) for seats in column] == written  # seat lists, "0 2" in a cell
        elif name.startswith("share"):
            assert np.allclose(column, [float(x) for x in written], atol=5e-7)  # the CSV keeps 6 decimals
        else:
            assert [str(v) for v in column] == written, name
    assert results.rows()[0] == {name: (list(v) if name.endswith("winners") else v)
                                 for name, v in frame.iloc[0].items()}


def test_deal_results_to_dict_is_the_columns_as_lists() -> None:
    results = _results()["DealResults"]
    data = results.to_dict("deal,winners")
    assert list(data) == ["deal", "high_winners", "low_winners"]
    # a seat list, never a bitmask: every seat in it set in the mask, nothing else
    for mask, seats in zip(results.high_winners.tolist(), data["high_winners"]):
        assert sum(1 << seat for seat in seats) == mask and seats == sorted(seats)


def test_showdown_values_and_preflop_tables_as_dataframes() -> None:
    pytest.importorskip("pandas")
    values = _results()["ShowdownValues"]
    frame = values.to_dataframe()
    assert len(frame) == len(values) and frame["hand"][0] == omaha8.format_cards(values.hands[0])
    pytest.importorskip("dask")
    from omaha8.distributed import preflop_table

    table = preflop_table(4, samples=200, seed=2, hands=[0, 1, 2], client=None)
    assert list(table.to_dataframe().columns) == list(table.rows.dtype.names)
    assert _plain(table.to_dict()) and json.loads(json.dumps(table.to_dict())) == table.to_dict()
    assert str(table).startswith("3 classes of 4-card hands")
    buffer = io.StringIO()
    json.dump(table.records(), buffer)
    assert json.loads(buffer.getvalue())[1]["class"] == 1
