"""Tests of the ``omaha8 hands`` command: the fixed JSON layout, rows, totals, --check, --player, errors."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from omaha8 import cli
from omaha8.histories import ROW_COLUMNS

DATA = Path(__file__).resolve().parents[1] / "data" / "hh"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(["hands", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_layout(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(DATA / "side_pots_hi_lo.txt"), str(DATA / "other_game_and_cancelled.txt"), "--json")
    assert code == 0
    hands = [json.loads(line) for line in out.splitlines()]
    assert [h["status"] for h in hands] == ["verified", "skipped: Hold'em No Limit is not Omaha Hi/Lo", "verified",
                                            "skipped: hand cancelled", "skipped: Omaha Pot Limit is not Omaha Hi/Lo",
                                            "skipped: Courchevel Pot Limit is not Omaha Hi/Lo"]
    first = hands[0]
    assert (first["id"], first["game"]) == ("900000000005", "Omaha Hi/Lo")
    assert list(first["players"][0]) == ["name", "seat", "contributed", "collected_file", "collected_replay", "net",
                                         "allin_ev_net"]
    # Ned (file seat 1, seat 0): put in $10, collected $13.50: +350 cents
    ned = first["players"][0]
    assert (ned["name"], ned["seat"], ned["contributed"], ned["collected_file"], ned["collected_replay"], ned["net"]) == (
        "Ned", 0, 1000, 1350, 1350, 350)
    assert isinstance(ned["allin_ev_net"], int)
    # a hand without all-in EV: null
    assert all(p["allin_ev_net"] is None for p in hands[2]["players"])
    assert hands[1]["players"] == [] and hands[1]["game"] is None


def test_totals_only_has_no_replayed_collection(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = (DATA / "allin_ev_turn.txt").read_text().replace(
        "Kai: shows [Ah 3d Qc Jc] (HI: a pair of Kings; LO: 7,5,3,2,A)", "Kai: mucks hand").replace(
        "showed [Ah 3d Qc Jc] and won (1000) with HI: a pair of Kings; LO: 7,5,3,2,A", "collected (1000)")
    path = tmp_path / "hidden.txt"
    path.write_text(text)
    code, out, _ = run(capsys, str(path), "--json")
    hand = json.loads(out)
    assert code == 0 and hand["status"] == "totals only"
    assert [p["collected_replay"] for p in hand["players"]] == [None, None]
    assert [p["allin_ev_net"] for p in hand["players"]] == [None, None]


def test_rows_csv_and_jsonl(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_csv = tmp_path / "hands.csv"
    code, out, _ = run(capsys, str(DATA / "allin_ev_turn.txt"), str(DATA / "five_card.txt"), "-o", str(out_csv))
    assert code == 0
    with open(out_csv, newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert tuple(rows[0]) == ROW_COLUMNS
    # allin_ev_turn: Kai -600 and Lia +600 by all-in EV (see test_histories_ev); five_card: 3 players
    assert [(r["player"], r["net"], r["allin_ev_net"]) for r in rows[:2]] == [("Kai", "0", "-600"), ("Lia", "0", "600")]
    assert [(r["id"], r["cards"], r["structure"], r["stakes"], r["seat"]) for r in rows[2:]] == [
        ("900000000008", "5", "Pot Limit", "10/25", "0"), ("900000000008", "5", "Pot Limit", "10/25", "1"),
        ("900000000008", "5", "Pot Limit", "10/25", "2")]
    # the summary: Lia (the big blind, who only checked pre-flop: no VPIP, no PFR) went to the showdown and
    # won there (the split pot): 0 net, +600 by EV: difference +600; per 100 hands a hundred times that
    line = next(x for x in out.splitlines() if x.startswith("Lia "))
    assert line.split() == ["Lia", "chips", "1", "0.0", "0.0", "100.0", "100.0", "0", "0", "0", "0.0", "600",
                            "60000.0", "600"]
    assert out.splitlines()[-1] == "2 hands in 2 file(s): 2 verified"
    out_jsonl = tmp_path / "hands.jsonl"
    code, _, _ = run(capsys, str(DATA / "five_card.txt"), "-o", str(out_jsonl))
    rows = [json.loads(x) for x in out_jsonl.read_text().splitlines()]
    assert [(r["player"], r["collected_file"], r["net"]) for r in rows] == [("Xia", 179, 4), ("Yan", 178, 3), ("Zed", 0, -25)]


def test_player_filter(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(DATA / "malformed_mid_file.txt"), str(DATA / "dead_blind.txt"), "--player", "Cal",
                       "--json")
    hands = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    # Cal is in hands 101, 103 (102 is unreadable, so nobody is known to be in it) and the dead-blind hand
    assert [h["id"] for h in hands] == ["900000000101", "900000000103", "900000000009"]
    code, out, _ = run(capsys, str(DATA / "malformed_mid_file.txt"), "--player", "Cal")
    # Cal played for chips (the tournament hand) and for cents (the cash hand): never added together
    assert [x.split()[:4] for x in out.splitlines()[1:-1]] == [["Cal", "chips", "1", "100.0"],
                                                                ["Cal", "USD", "cents", "1"]]


def test_check_lists_failures_and_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, str(DATA / "malformed_mid_file.txt"), str(DATA / "five_card.txt"), "--check")
    assert code == 1
    lines = err.splitlines()
    assert lines[0] == (f"{DATA / 'malformed_mid_file.txt'}:38: hand 900000000102: skipped: unreadable: line 38, "
                        "column 6: the action 'shoves $5' is not a PokerStars action")
    assert lines[-1] == "omaha8 hands: 1 hand(s) failed"
    code, _, err = run(capsys, str(DATA / "five_card.txt"), str(DATA / "other_game_and_cancelled.txt"), "--check")
    assert (code, err) == (0, "")  # other games and cancelled hands are not failures


def test_errors_are_messages_not_tracebacks(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, str(tmp_path / "missing.txt"))
    assert code == 2 and err.startswith("omaha8: error: ") and "missing.txt: cannot read" in err
    code, _, err = run(capsys, str(DATA / "five_card.txt"), "-o", str(tmp_path / "rows.xlsx"))
    assert code == 2 and "must end in .csv, .jsonl, .ndjson or .parquet" in err
    code, _, err = run(capsys, str(DATA / "five_card.txt"), "-o", str(tmp_path / "no" / "dir" / "rows.csv"))
    assert code == 2 and "cannot write" in err
    code, _, err = run(capsys, str(tmp_path))
    assert code == 2 and "cannot read" in err  # a folder
    copy = tmp_path / "copy.txt"
    copy.write_text((DATA / "five_card.txt").read_text())
    code, _, err = run(capsys, str(copy), "-o", str(copy))
    assert code == 2 and "is the same file as the input" in err
    assert copy.read_text() == (DATA / "five_card.txt").read_text()  # never written over
    garbage = tmp_path / "garbage.txt"
    garbage.write_bytes(b"\x00\xff PokerStars Hand #1: nonsense\n" * 3)
    code, out, err = run(capsys, str(garbage), "--check")
    assert code == 1 and "Traceback" not in err


def test_progress_on_a_terminal(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from omaha8._support import _progress

    # draw at once and at every hand, as if the run were long, on a terminal
    monkeypatch.setattr(_progress, "DRAW_AFTER_S", 0.0)
    monkeypatch.setattr(_progress, "REDRAW_EVERY_S", 0.0)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    code, out, err = run(capsys, str(DATA / "other_game_and_cancelled.txt"))
    assert code == 0
    assert "100.0%" in err and "5 hands" in err and err.endswith("\r")  # the line is wiped at the end
    assert "[" not in out
