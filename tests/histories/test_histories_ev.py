"""All-in EV: hand-counted spots, every pot among its own players, dead cards, and the equity twin."""

from __future__ import annotations

import math
import random
from pathlib import Path

import numpy as np
import pytest

from omaha8 import equity, parse_cards
from omaha8.histories import HandRecord, pot_equity, read_pokerstars

DATA = Path(__file__).resolve().parents[1] / "data" / "hh"


def _one(source: str | Path) -> HandRecord:
    item = next(read_pokerstars(source))
    assert isinstance(item, HandRecord), item
    return item


def _cards(text: str) -> tuple[int, ...]:
    return tuple(int(c) for c in parse_cards(text))


def test_turn_allin_by_hand() -> None:
    # Board on the turn Ks Kd 7c 2h. Lia (Kh Tc 9s 9d) has trip kings: Kai (Ah 3d Qc Jc) can never win
    # the high (two pair at best). Kai's low needs a river 4, 5, 6 or 8 (A3 + 7 2 + the river): 16 of the
    # 40 unseen cards. Kai: 16/40 x half of 2000 = 400, all low. Lia: 24/40 x 2000 + 16/40 x 1000 = 1600,
    # all high. EV nets: 400 - 1000 = -600 and +600; actual nets 0 and 0 (the river 5s split it).
    ev = _one(DATA / "allin_ev_turn.txt").allin_ev()
    assert ev is not None and ev.street == "turn" and ev.board == _cards("Ks Kd 7c 2h")
    kai, lia = ev.player("Kai"), ev.player("Lia")
    assert (kai.ev_high, kai.ev_low, kai.net) == (0.0, pytest.approx(400.0), 0)
    assert (lia.ev_high, lia.ev_low, lia.net) == (pytest.approx(1600.0), 0.0, 0)
    assert (kai.ev_net_chips, lia.ev_net_chips) == (-600, 600)


FOLDED_HERO = """PokerStars Hand #900000000020: Tournament #77777777, $1+$0.10 USD Omaha Hi/Lo No Limit - Level I (10/20) - 2024/05/10 17:00:00 ET
Table '77777777 1' 3-max Seat #3 is the button
Seat 1: Kai (1000 in chips)
Seat 2: Lia (1000 in chips)
Seat 3: Hero (1000 in chips)
Kai: posts small blind 10
Lia: posts big blind 20
*** HOLE CARDS ***
Dealt to Hero [4h 5h 6h 8h]
Hero: folds
Kai: calls 10
Lia: checks
*** FLOP *** [Ks Kd 7c]
Kai: checks
Lia: checks
*** TURN *** [Ks Kd 7c] [2h]
Kai: checks
Lia: bets 980 and is all-in
Kai: calls 980 and is all-in
*** RIVER *** [Ks Kd 7c 2h] [5s]
*** SHOW DOWN ***
Lia: shows [Kh Tc 9s 9d] (HI: three of a kind, Kings)
Kai: shows [Ah 3d Qc Jc] (HI: a pair of Kings; LO: 7,5,3,2,A)
Lia collected 1000 from pot
Kai collected 1000 from pot
*** SUMMARY ***
Total pot 2000 | Rake 0
Board [Ks Kd 7c 2h 5s]
Seat 1: Kai (small blind) showed [Ah 3d Qc Jc] and won (1000) with HI: a pair of Kings; LO: 7,5,3,2,A
Seat 2: Lia (big blind) showed [Kh Tc 9s 9d] and won (1000) with HI: three of a kind, Kings
Seat 3: Hero (button) folded before Flop (didn't bet)
"""


def test_a_folded_players_known_cards_are_dead() -> None:
    # as above, but Hero folded 4h 5h 6h 8h: 36 unseen cards, Kai's low outs 16 - 4 = 12.
    # Kai: 12/36 x 1000 = 333.33 (all low); Lia: 2000 - 333.33 = 1666.67. EV nets -666.67 and +666.67.
    record = _one(FOLDED_HERO)
    assert record.reconcile().status == "verified"
    ev = record.allin_ev()
    assert ev is not None
    assert ev.player("Kai").ev_low == pytest.approx(2000 / 6)
    assert ev.player("Lia").ev_high == pytest.approx(2000 - 2000 / 6)
    assert (ev.player("Kai").ev_net_chips, ev.player("Lia").ev_net_chips, ev.player("Hero").ev_net) == (-667, 667, 0.0)


def test_each_pot_among_its_own_players() -> None:
    # side_pots_hi_lo: the last bet is called on the turn (board 2s 6h 7d Kc). The main pot (3000 less
    # 300 rake) is valued among Ned, Ola and Pat; the side pot 6000 among Ola and Pat only, with Ned's
    # hand dead. Ola is the only one who can make a low (As 3c + 2 6 7 is already there): she takes
    # every low half: 1350 + 3000 = 4350 of low EV.
    record = _one(DATA / "side_pots_hi_lo.txt")
    ev = record.allin_ev()
    assert ev is not None and ev.street == "turn"
    board = _cards("2s 6h 7d Kc")
    ned, ola, pat = _cards("Kd Kh Qh Qc"), _cards("As 3c 4d 9h"), _cards("7c 7s Jd Td")
    main = equity([ned, ola, pat], board=board).equity
    side = equity([ola, pat], board=board, dead=ned).equity
    assert [(p.amount, p.rake, p.eligible) for p in ev.pots] == [(2700, 300, ("Ned", "Ola", "Pat")), (6000, 0, ("Ola", "Pat"))]
    assert ev.player("Ola").ev_low == pytest.approx(4350.0)
    for name, i_main, i_side in (("Ned", 0, None), ("Ola", 1, 0), ("Pat", 2, 1)):
        p = ev.player(name)
        want = 2700 * main[i_main] + (0 if i_side is None else 6000 * side[i_side])
        assert p.ev_high + p.ev_low == pytest.approx(want)
        assert p.ev_net == pytest.approx(want - p.contributed)
    # EV is conserved: every pot's value goes to someone
    assert sum(p.ev_high + p.ev_low for p in ev.players) == pytest.approx(2700 + 6000)


def test_no_allin_ev_without_an_allin_or_without_the_cards() -> None:
    assert _one(DATA / "split_quartered.txt").allin_ev() is None  # the river was bet
    assert _one(DATA / "pot_limit_max_raise.txt").allin_ev() is None  # no showdown
    hidden = (DATA / "allin_ev_turn.txt").read_text().replace(
        "Kai: shows [Ah 3d Qc Jc] (HI: a pair of Kings; LO: 7,5,3,2,A)", "Kai: mucks hand").replace(
        "showed [Ah 3d Qc Jc] and won (1000) with HI: a pair of Kings; LO: 7,5,3,2,A", "collected (1000)")
    record = _one(hidden)
    check = record.reconcile()
    assert check.status == "totals only"
    assert check.notes[0] == "cards of Kai not shown: only the totals are checked"
    assert all(p.collected_replay is None for p in check.players)
    assert record.allin_ev() is None


def _random_spot(rng: random.Random, players: int, board_size: int, dead_size: int, k: int) -> tuple[
        list[tuple[int, ...]], tuple[int, ...], tuple[int, ...]]:
    deck = rng.sample(range(52), players * k + board_size + dead_size)
    holes = [tuple(deck[i * k:(i + 1) * k]) for i in range(players)]
    rest = deck[players * k:]
    return holes, tuple(rest[:board_size]), tuple(rest[board_size:])


@pytest.mark.parametrize("seed", range(12))
def test_pot_equity_matches_the_equity_twin(seed: int) -> None:
    rng = random.Random(seed)
    k = 4 if seed % 3 else 5
    holes, board, dead = _random_spot(rng, rng.randint(2, 4), rng.choice((3, 4, 5)), rng.randint(0, 6), k)
    shares = pot_equity(holes, board, dead)
    want = equity(holes, board=board, dead=dead)
    assert [h + lo for h, lo in shares] == pytest.approx(want.equity.tolist(), abs=1e-12)
    # the low parts are shared only on boards with a low
    assert sum(lo for _, lo in shares) == pytest.approx(0.5 * (1 - want.no_low), abs=1e-12)


@pytest.mark.slow
def test_pot_equity_preflop_matches_the_equity_twin() -> None:
    holes, board, dead = _random_spot(random.Random(99), 2, 0, 0, 4)
    shares = pot_equity(holes, board, dead)
    want = equity(holes)
    assert [h + lo for h, lo in shares] == pytest.approx(want.equity.tolist(), abs=1e-12)


PREFLOP_SHOVE = """PokerStars Hand #900000000021: Tournament #77777777, $1+$0.10 USD Omaha Hi/Lo No Limit - Level I (10/20) - 2024/05/10 17:05:00 ET
Table '77777777 1' 3-max Seat #1 is the button
Seat 1: Ann (500 in chips)
Seat 2: Bob (1000 in chips)
Seat 3: Cal (1000 in chips)
Bob: posts small blind 10
Cal: posts big blind 20
*** HOLE CARDS ***
Ann: raises 480 to 500 and is all-in
Bob: calls 490
Cal: folds
*** FLOP *** [7c 8d 9h]
*** TURN *** [7c 8d 9h] [Ts]
*** RIVER *** [7c 8d 9h Ts] [2d]
*** SHOW DOWN ***
Bob: shows [Ks Kd Qh Jh] (HI: a straight, Eight to Queen)
Ann: shows [As Ad 2c 3d] (HI: a pair of Aces; LO: 8,7,3,2,A)
Bob collected 510 from pot
Ann collected 510 from pot
*** SUMMARY ***
Total pot 1020 | Rake 0
Board [7c 8d 9h Ts 2d]
Seat 1: Ann (button) showed [As Ad 2c 3d] and won (510) with HI: a pair of Aces; LO: 8,7,3,2,A
Seat 2: Bob (small blind) showed [Ks Kd Qh Jh] and won (510) with HI: a straight, Eight to Queen
Seat 3: Cal (big blind) folded before Flop
"""


@pytest.mark.slow
def test_a_fold_after_the_call_leaves_the_moment_at_the_call() -> None:
    # Ann shoves 500 pre-flop, Bob calls, Cal folds his big blind after: the money is in at that point,
    # pre-flop. The pot 1020 (Cal's 20 dead) is valued between Ann and Bob over every board: Ann's
    # share is 1020 x her equity; Cal, folded, keeps his net -20. Actual: Bob's straight high 510,
    # Ann's 8-7-3-2-A low 510: nets +10, +10, -20.
    record = _one(PREFLOP_SHOVE)
    assert record.reconcile().status == "verified"
    ev = record.allin_ev()
    assert ev is not None and ev.street == "preflop" and ev.board == ()
    want = equity([_cards("As Ad 2c 3d"), _cards("Ks Kd Qh Jh")]).equity
    ann, bob, cal = ev.player("Ann"), ev.player("Bob"), ev.player("Cal")
    assert ann.ev_high + ann.ev_low == pytest.approx(1020 * want[0])
    assert bob.ev_high + bob.ev_low == pytest.approx(1020 * want[1])
    assert (ann.net, bob.net, cal.net, cal.ev_net) == (10, 10, -20, -20.0)


def test_no_allin_moment_after_an_uncalled_bet() -> None:
    assert _one(DATA / "pot_limit_max_raise.txt").allin_ev() is None


@pytest.mark.parametrize("k", [0, 1, 2, 3, 4, 5])
def test_lex_combinations_match_itertools(k: int) -> None:
    # the board completions pot_equity enumerates, in the same order (its float sums depend on it)
    from omaha8.histories.allin_ev import lex_combinations, lex_combinations_by_itertools
    for n in [*range(0, 31), 36, 44] if k == 5 else [*range(0, 49)]:
        fast, slow = lex_combinations(n, k), lex_combinations_by_itertools(n, k)
        assert fast.dtype == slow.dtype == np.uint8 and fast.shape == slow.shape == (math.comb(n, k), k)
        assert np.array_equal(fast, slow), (n, k)
