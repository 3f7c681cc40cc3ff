"""The encoding every environment shares: hand-checked raise sizes, the layout, and the extra's absence.

These tests need neither gymnasium nor pettingzoo, except the last ones, which
check what happens without them (in fresh interpreters that hide them).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from envs_reference import reference_actions, reference_observation

import omaha8
from omaha8.envs._config import table_config
from omaha8.envs._encoding import ObservationLayout, action_table, encode, observation_bounds
from omaha8.envs._tables import _FEW_ROWS, ScalarTables
from omaha8.errors import ArgumentError, ArgumentTypeError, ChipError
from omaha8.game import Hand, NoLimit, PotLimit

ROOT = Path(omaha8.__file__).resolve().parent.parent


def _amounts(hand: Hand, fractions: tuple[Fraction, ...] = (Fraction(1, 2), Fraction(1))) -> list[int]:
    config = table_config(num_players=hand.n_seats, structure=hand.structure, stack=list(hand.starting_stacks),
                          raise_fractions=fractions)
    tables = ScalarTables(config, 1)
    tables.hands[0] = hand
    mask, _, amount = action_table(tables.rows([0]), config.fractions)
    return [int(a) if m else -1 for m, a in zip(mask[0], amount[0])]


def test_raise_sizes_worked_by_hand() -> None:
    # pot limit 1/2, three seats, the button first to act pre-flop: pot 3, 2 to call, nothing in yet.
    # half pot: 0 + 2 + (3 + 2) // 2 = 4 (the minimum raise, to 2 + 2); pot: 0 + 2 + 5 = 7, the pot-limit
    # maximum; all-in 200 is clamped to 7. Fold is allowed: there is a bet to call, 2 (the call's amount)
    hand = Hand([200, 200, 200], PotLimit(1, 2), button=0, seed=1)
    assert _amounts(hand) == [0, 2, 4, 7, 7]
    # no limit, same spot: half pot 4, pot 7, all-in to 200
    assert _amounts(Hand([200, 200, 200], NoLimit(1, 2), button=0, seed=1)) == [0, 2, 4, 7, 200]
    # the button raises to 7, the small blind calls (adds 6): pot 3 + 7 + 6 = 16, the big blind faces 5 more.
    # half pot: 2 + 5 + (16 + 5) // 2 = 17; pot: 2 + 5 + 21 = 28 (7 + 16 + 5, the maximum); all-in 200 -> 28
    hand.act("raise", 7)
    hand.act("call")
    assert _amounts(hand) == [0, 5, 17, 28, 28]
    # a third of the pot: 2 + 5 + 21 // 3 = 14, but a raise must be to at least 7 + 5 = 12: 14 stands;
    # a tenth: 2 + 5 + 21 // 10 = 9, below the minimum: clamped up to 12
    assert _amounts(hand, (Fraction(1, 3), Fraction(1, 10))) == [0, 5, 14, 12, 28]
    # the big blind calls: the flop, pot 21, nothing to call: fold is masked; half pot 0 + 21 // 2 = 10,
    # pot 21, all-in 193 clamped to 21
    hand.act("call")
    assert hand.street == "flop" and _amounts(hand) == [-1, 0, 10, 21, 21]


def test_fixed_limit_sizes_are_the_limit() -> None:
    # fixed limit 2/4 (blinds 1/2): pre-flop a raise is to 4 whatever the size asked
    config = table_config(num_players=3, structure="fixed-limit", blinds=(1, 2))
    tables = ScalarTables(config, 1)
    tables.seed(0, np.random.default_rng(1))
    tables.deal(0)
    mask, kind, amount = action_table(tables.rows([0]), config.fractions)
    assert mask[0].tolist() == [1, 1, 1, 1, 1] and amount[0].tolist() == [0, 2, 4, 4, 4]
    assert kind[0].tolist() == [0, 1, 2, 2, 2]


def test_a_short_stack_raises_all_in() -> None:
    # no limit, the button has 9 chips: its raise sizes (4, 7) stand, all-in is to 9
    hand = Hand([9, 200, 200], NoLimit(1, 2), button=0, seed=3)
    assert _amounts(hand) == [0, 2, 4, 7, 9]
    # with 5 chips, the minimum raise to 4 stands, pot (7) is clamped to all-in, 5
    assert _amounts(Hand([5, 200, 200], NoLimit(1, 2), button=0, seed=3)) == [0, 2, 4, 5, 5]
    # with 3 chips it may only call 2 or go all-in: the least raise is then all of it, 3
    assert _amounts(Hand([3, 200, 200], NoLimit(1, 2), button=0, seed=3)) == [0, 2, 3, 3, 3]


def test_the_layout_covers_the_vector_once() -> None:
    for n in range(2, 11):
        layout = ObservationLayout(n)
        parts = [layout.hole, layout.board, layout.street, layout.position, layout.pot, layout.to_call,
                 layout.min_to, layout.max_to, layout.stacks, layout.bets, layout.in_hand]
        covered = np.concatenate([np.arange(p.start, p.stop) for p in parts])
        assert covered.tolist() == list(range(layout.size)) and layout.size == 112 + 4 * n
        low, high = observation_bounds(layout, total_chips=600, big_blind=2)
        assert (low == 0).all() and high[layout.pot][0] == 300 and high[layout.in_hand].tolist() == [1] * n


@pytest.mark.parametrize("n_tables", [1, 5, _FEW_ROWS, 30])
def test_both_encodings_match_the_twin(n_tables: int) -> None:
    # tables at every street, seen by the seat to act and by other seats: the vectorised encoding of rows,
    # and encoded() (per hand below _FEW_ROWS tables), give the observation and actions the twin reads
    config = table_config(num_players=4, structure="no-limit", stack=[60, 200, 200, 150])
    tables = ScalarTables(config, n_tables)
    rng = np.random.default_rng(n_tables)
    for t in range(n_tables):
        tables.seed(t, np.random.default_rng(t))
        tables.deal(t)
        for _ in range(int(rng.integers(25))):
            if tables.actor(t) < 0:
                break
            legal = tables.hand(t).legal_actions()
            kind = int(rng.choice([0, 1, 2] if legal.max_to else [0, 1]))
            tables.apply(t, kind, int(rng.integers(legal.min_to, legal.max_to + 1)))
    layout = ObservationLayout(4)
    for seats in (None, [t % 4 for t in range(n_tables)]):
        rows = tables.rows(range(n_tables), seats)
        vectorised = (encode(rows, layout, 2), *action_table(rows, config.fractions))
        read = tables.encoded(range(n_tables), seats)
        for got, want in zip(read, vectorised):
            np.testing.assert_array_equal(got, want)
        obs, mask, kind, amount = read
        for t in range(n_tables):
            hand = tables.hand(t)
            seat = int(rows.seat[t])
            np.testing.assert_array_equal(obs[t], reference_observation(hand, seat, 2))
            if hand.actor != seat:
                assert not mask[t].any()
                continue
            expected = reference_actions(hand, config.fractions)
            assert mask[t].tolist() == [int(allowed) for allowed, _, _ in expected]
            engine = {"fold": 0, "check": 1, "call": 1, "bet": 2, "raise": 2}
            for j, (allowed, action, chips) in enumerate(expected):
                if allowed:
                    assert (kind[t, j], amount[t, j]) == (engine[action], chips)
    assert any(tables.hand(t).is_over for t in range(n_tables)) or n_tables < 5


def test_table_arguments() -> None:
    config = table_config(raise_fractions=(0.33, Fraction(3, 4), 2, np.float64(1.5)))
    assert config.fractions == (Fraction(33, 100), Fraction(3, 4), Fraction(2), Fraction(3, 2))
    assert config.action_names[2:] == ("raise 33/100 pot", "raise 3/4 pot", "raise 2 pot", "raise 3/2 pot", "all-in")
    with pytest.raises(ArgumentTypeError, match=r"raise_fractions\[0\] must be a number, not '1'"):
        table_config(raise_fractions=("1",))
    with pytest.raises(ArgumentTypeError, match="raise_fractions must be a sequence of numbers, not 0.5"):
        table_config(raise_fractions=0.5)
    with pytest.raises(ArgumentError, match="raise_fractions holds at most 16 sizes, got 17"):
        table_config(raise_fractions=[i + 1 for i in range(17)])
    with pytest.raises(ChipError, match="the stacks add up to"):
        table_config(num_players=2, stack=2**40)
    with pytest.raises(ArgumentTypeError, match=r"blinds must be a pair \(small, big\), not 2"):
        table_config(blinds=2)
    with pytest.raises(ChipError, match="NoLimit: small_blind must be at least 1, got 0"):
        table_config(structure="no-limit", blinds=(0, 2))


def _fresh(code: str, hide: tuple[str, ...]) -> dict[str, object]:
    """Run ``code`` in a new interpreter where the modules ``hide`` cannot be imported; it prints JSON."""
    blocker = f"import sys\nfor name in {hide!r}:\n    sys.modules[name] = None\n"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-c", blocker + code], capture_output=True, text=True, env=env,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    out: dict[str, object] = json.loads(done.stdout)
    return out


def test_without_the_extra_the_environments_say_what_to_install() -> None:
    code = (
        "import json\n"
        "import omaha8.envs\n"
        "out = {'layout': omaha8.envs.ObservationLayout(2).size}\n"
        "for what in ('from omaha8.envs import OmahaHiLoEnv', 'from omaha8.envs import OmahaHiLoVectorEnv',\n"
        "             'from omaha8.envs import omaha_hilo_v0'):\n"
        "    try:\n"
        "        exec(what)\n"
        "    except ImportError as exc:\n"
        "        out[what] = [type(exc).__name__, str(exc)]\n"
        "print(json.dumps(out))\n"
    )
    out = _fresh(code, ("gymnasium", "pettingzoo"))
    assert out.pop("layout") == 120
    assert len(out) == 3
    for kind, message in out.values():  # type: ignore[misc]
        assert kind == "MissingExtraError"
        assert message.startswith("omaha8.envs needs gymnasium and pettingzoo: pip install 'omaha8[rl]'")


def test_pettingzoo_alone_missing() -> None:
    pytest.importorskip("gymnasium")
    code = (
        "import json\n"
        "import gymnasium, omaha8.envs\n"
        "env = gymnasium.make('omaha8/OmahaHiLo-v0', num_players=2)\n"
        "try:\n"
        "    from omaha8.envs import omaha_hilo_v0\n"
        "except ImportError as exc:\n"
        "    print(json.dumps({'error': type(exc).__name__}))\n"
    )
    assert _fresh(code, ("pettingzoo",)) == {"error": "MissingExtraError"}
