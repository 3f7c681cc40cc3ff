"""What players ask of their hands: a DataFrame, Parquet rows, the tracker summary, the graph, a Dask run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from omaha8 import cli
from omaha8.histories import analyze, read, to_dataframe
from omaha8.histories.report import ROW_COLUMNS
from omaha8.histories.stats import PlayerTotals

DATA = Path(__file__).resolve().parent.parent / "data" / "hh"
MIXED = sorted(p for p in DATA.glob("*/*.txt"))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(["hands", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_dataframe_one_row_per_hand_and_player() -> None:
    pytest.importorskip("pandas")
    frame = to_dataframe(read(DATA / "winamax" / "split_side_pots.txt"))
    assert list(frame.columns) == list(ROW_COLUMNS)
    # hand 1 (see test_histories_sites): Ann +5.88 scooping nothing, quartered with Bob in the main pot
    ann = frame[(frame.id == "100-1-1700000000") & (frame.player == "Ann")].iloc[0]
    assert (ann.net, ann.quartered, ann.scooped, ann.site, ann.unit) == (588, 1, 0, "Winamax", "cents")
    assert frame.groupby("id").net.sum().to_dict() == {"100-1-1700000000": -50, "100-2-1700000100": 0}


def test_parquet_has_the_csv_columns(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "hands.parquet"
    code, _, _ = run(capsys, *map(str, MIXED), "-o", str(out))
    assert code == 0
    table = pq.read_table(out)
    assert table.column_names == list(ROW_COLUMNS)
    csv_out = tmp_path / "hands.csv"
    run(capsys, *map(str, MIXED), "-o", str(csv_out))
    assert table.num_rows == len(csv_out.read_text().splitlines()) - 1
    assert set(table.column("site").to_pylist()) == {"Full Tilt", "Winamax", "Winning", "888poker", "PartyPoker",
                                                    "Bovada", "KingsClub", "Everleaf", "PKR", "Cake", "PokerStars",
                                                    "Entraction", "OnGame", "Boss Media", "Microgaming", "Merge", "iPoker"}


def test_tracker_counts_by_hand() -> None:
    # split_quartered: Ann limps from the small blind (VPIP, no PFR), goes to the showdown and wins there,
    # quartered with Bob; Cyd calls (VPIP) and loses at the showdown; Bob checks his option (no VPIP)
    totals = PlayerTotals("Ann", "USD")
    report = analyze(next(read(DATA / "split_quartered.txt")))
    for p in report.players():
        if p.name == "Ann":
            totals.add(p, report.flags["Ann"])
    assert (totals.vpip, totals.pfr, totals.showdowns, totals.won_at_showdown, totals.quartered) == (1, 0, 1, 1, 1)
    assert [report.flags[n].vpip for n in ("Ann", "Bob", "Cyd")] == [True, False, True]
    assert totals.per_100(totals.net) == 3800.0
    # a scoop: the 888 hand where Ann's raise takes the blinds is no showdown; the side-pot hand of
    # Winamax gives Cyd the whole high of the side pot only: no scoop; the RIT hand: Gil scoops
    gil = analyze([i for i in read(DATA / "run_it_twice.txt")][0]).flags["Gil"]
    assert gil.scooped and gil.won_at_showdown


def test_json_names_the_site(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(DATA / "bovada" / "split_uncalled.txt"), "--json")
    hands = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [h["site"] for h in hands] == ["Bovada", "Bovada"]
    assert list(hands[0])[:4] == ["id", "game", "status", "players"]


def test_graph_of_the_hero(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "graph.png"
    # the old-format Winning file shows Bob's cards (his "received card" lines): Bob is the default player
    code, _, err = run(capsys, str(DATA / "winning" / "old_format.txt"), "--graph", str(png))
    assert code == 0, err
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 5000
    code, _, err = run(capsys, str(DATA / "winning" / "old_format.txt"), "--graph", str(png), "--player", "Nobody")
    assert code == 2 and "'Nobody' played no hand" in err


def test_the_same_output_on_a_dask_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed")
    from distributed import LocalCluster

    files = [str(p) for p in MIXED[:4]]
    _, here, _ = run(capsys, *files, "--json")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        code, there, _ = run(capsys, *files, "--json", "--scheduler", cluster.scheduler_address)
    assert code == 0 and there == here


def test_an_unreachable_scheduler_is_an_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed")
    code, _, err = run(capsys, str(DATA / "888"), "--scheduler", "tcp://127.0.0.1:1")
    assert code == 2 and err.startswith("omaha8: error: cannot reach a Dask scheduler")
