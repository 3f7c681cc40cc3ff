"""The ``omaha8 equity`` command."""

from __future__ import annotations

import pytest

from omaha8.cli import main


def test_exact_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "As Ad 2c 3d", "Ks Kd Qh Jh", "--board", "Ac Kc 4h 5s"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Board: Ac Kc 4h 5s"
    assert lines[1].split() == ["player", "equity", "scoop", "high", "win", "high", "tie", "low", "win", "low", "tie"]
    # worked by hand: 35 of 40 rivers scoop for the aces, 5 split (see test_equity)
    # players are numbered from 0, as seats are everywhere
    assert lines[2].split() == ["0", "As", "Ad", "2c", "3d", "93.75%", "87.50%", "87.50%", "0.00%", "100.00%", "0.00%"]
    assert lines[3].split() == ["1", "Ks", "Kd", "Qh", "Jh", "6.25%", "0.00%", "12.50%", "0.00%", "0.00%", "0.00%"]
    assert lines[4] == "40 boards, exact; no low on 0.00%"
    assert lines[5].startswith("Time: ") and lines[5].endswith(" s")


def test_sampled_with_dead_cards_and_threads(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", "As Ad 2c 3d", "Ks Kd Qh Jh", "--dead", "2h 9c", "--samples", "5000", "--seed", "11"]
    assert main([*argv, "--threads", "1"]) == 0
    one = capsys.readouterr().out.splitlines()
    assert main([*argv, "--threads", "2"]) == 0
    two = capsys.readouterr().out.splitlines()
    assert one[:-1] == two[:-1]  # everything but the time
    assert one[0] == "Board: (none)" and one[1] == "Dead: 2h 9c"
    assert one[-2].startswith("5,000 boards, sampled (seed 11), std error up to ")


def test_bad_input_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "As Ad 2c 3d", "Ks Kd Qh Jh", "--board", "7h 8h"]) == 2
    assert "board must have 0, 3, 4 or 5 cards, got 2" in capsys.readouterr().err
    with pytest.raises(SystemExit) as info:  # a usage error, refused by the option's type as argparse does
        main(["equity", "As Ad 2c 3d", "Ks Kd Qh Jh", "--samples", "0"])
    assert info.value.code == 2
    assert "argument --samples: must be at least 1" in capsys.readouterr().err
    assert main(["equity", "As Ad 2c 3d"]) == 2
    assert "at least 2 players" in capsys.readouterr().err
