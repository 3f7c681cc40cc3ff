"""Hand-made PokerStars fixtures (tests/data/hh/): every payout worked out by hand, then replayed and reconciled.

Each expected value below carries its arithmetic. Amounts are cents in cash
games and chips in tournaments; seats in ``replay`` results are engine seats
(the file's seat number minus one).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from omaha8.histories import HandRecord, SkippedHand, format_pokerstars, read_pokerstars
from omaha8.histories.replay import ReplayDiscrepancy

DATA = Path(__file__).resolve().parents[1] / "data" / "hh"


def _one(name: str) -> HandRecord:
    items = list(read_pokerstars(DATA / name))
    assert len(items) == 1 and isinstance(items[0], HandRecord), items
    return items[0]


# file -> (collected by name, net by name), worked by hand
EXPECTED: dict[str, tuple[dict[str, int], dict[str, int]]] = {
    # Quartered low. Pot 4 x 10c pre-flop... : Ann 5+5, Bob 10, Cyd 10 = 30c, flop 3 x 20c = 60c: 90c, no rake.
    # Ann: trip kings (Ks Kd + Kc Qs 8h) wins the high half 45c alone; Ann (3h 4s) and Bob (3c 4d) tie the
    # low 8-5-4-3-2 (with 2c 5d 8h): the low half 45c splits 22c each and the odd cent goes to the first
    # of them left of the button (seat 4): Ann (seat 1). Ann 45 + 23 = 68, Bob 22, Cyd (aces, no low) 0.
    # Nets: each put in 30: Ann +38, Bob -8, Cyd -30.
    "split_quartered.txt": ({"Ann": 68, "Bob": 22, "Cyd": 0}, {"Ann": 38, "Bob": -8, "Cyd": -30}),
    # Odd cent between the halves, with rake. Pre-flop 3 x 25c = 75c, flop Eve 25c + Dan 25c: 125c;
    # rake 6c leaves 119c: high half 60c (the odd cent goes high), low half 59c.
    # Dan: trip jacks (Jd Js + Jc) high; Eve 7-4-3-2-A low (2d 3h + Ah 7d 4c). Dan put in 50, Eve 50, Fay 25.
    "odd_cent_split.txt": ({"Dan": 60, "Eve": 59, "Fay": 0}, {"Dan": 10, "Eve": 9, "Fay": -25}),
    # A split high with a scoop of the low, with antes. Antes 4 x 10, blinds 50+100, Ida calls 100, Gus
    # completes 50: 340; turn Gus 200 + Ida 200: 740, no rake. Gus (Js Tc) and Ida (Jd Th) both make the
    # A-high straight with Ac Kd Qh: the high half 370 splits 185/185; only Gus has a low (3d 4h + Ac 7s 2c:
    # 7-4-3-2-A) and takes the low half 370: Gus 555, Ida 185. Put in: Gus 10+100+200 = 310 -> +245;
    # Ida 310 -> -125; Hal 10+100 = 110 -> -110; Jon 10 -> -10.
    "split_high_scoop_low.txt": ({"Gus": 555, "Ida": 185, "Hal": 0, "Jon": 0},
                                 {"Gus": 245, "Ida": -125, "Hal": -110, "Jon": -10}),
    # No low hand qualified, fixed limit (30/60 means 30/60 bets, 15/30 blinds), Home Game header.
    # Pre-flop 3 x 60 = 180; flop Lou 30 + Max 60 + Lou 30 = 120: 300; turn 60 + 60: 420. Board Kh Qd 9c
    # 3s Jh has one low card: no low; Max's A-high straight (Ah Tc + K Q J) beats Lou's trip kings:
    # Max takes 420. Put in: Max 60+60+60 = 180 -> +240; Lou 180 -> -180; Kim 60 -> -60.
    "no_low_limit_home.txt": ({"Max": 420, "Lou": 0, "Kim": 0}, {"Max": 240, "Lou": -180, "Kim": -60}),
    # Side pots won hi and lo by different players, rake from the main pot. Pre-flop all put in $10: main
    # pot $30 (Ned all-in); flop $10 + $10, turn $20 + $20: side pot $60. Rake $3 from the main pot: $27.
    # Main: Ned's quad kings high $13.50, Ola's 7-6-3-2-A low $13.50. Side (Ola, Pat): Pat's sevens full
    # high $30, Ola's low $30. Ned 1350, Ola 1350 + 3000 = 4350, Pat 3000. Put in: Ned 1000 -> +350;
    # Ola 4000 -> +350; Pat 4000 -> -1000 (the $3 rake is the missing 300 of the nets' sum).
    "side_pots_hi_lo.txt": ({"Ned": 1350, "Ola": 4350, "Pat": 3000}, {"Ned": 350, "Ola": 350, "Pat": -1000}),
    # Limit all-in for less (the half-bet rule). $1/$2, blinds 50c/$1. Ray calls $1; Sam's all-in raise to
    # $1.60 is 60c over the $1 bet, at least half of a $1 bet: it counts as a raise, so Tom may raise a
    # full bet on top, to $2.60; Ray calls. Main pot 3 x 160 = 480, side 2 x 100 = 200; flop Tom $1, Ray $1:
    # side 400; turn Tom bets $2, Ray folds: $2 back to Tom uncalled. Rake 44c from the main pot: 436,
    # halved 218/218: Sam's trip kings high, Tom's 8-4-3-2-A low; the side pot 400 goes to Tom alone.
    # Sam 218 (put in 160: +58); Tom 218 + 400 = 618 (put in 260 + 100 = 360: +258); Ray 360 -> -360.
    "limit_allin_half_bet.txt": ({"Sam": 218, "Tom": 618, "Ray": 0}, {"Sam": 58, "Tom": 258, "Ray": -360}),
    # A pot-limit raise to the maximum, an uncalled bet and rake. Blinds 50c/$1: Wes raises the pot, to
    # 1 + (0.50 + 1) + 1 = $3.50; Uma re-raises the pot: call $3 makes the pot 0.50 + 1 + 3.50 + 3 = $8,
    # raise $8 to $11.50; Vic folds, Wes calls: $24. Flop: Uma bets $5; Wes raises the pot: call $5 makes
    # 24 + 5 + 5 = $34, to 5 + 34 = $39; Uma folds: $34 back uncalled. Pot $34, rake $1.70: Wes collects
    # $32.30. Wes put in 1150 + 500 = 1650 -> +1580; Uma 1650 -> -1650; Vic 100 -> -100.
    "pot_limit_max_raise.txt": ({"Wes": 3230, "Uma": 0, "Vic": 0}, {"Wes": 1580, "Uma": -1650, "Vic": -100}),
    # 5 Card Omaha Hi/Lo. Pre-flop 3 x 25c = 75c; turn 2 x 50c, river 2 x $1: $3.75, rake 18c: 357c,
    # halves 179 (high, odd cent) / 178. Xia's trip jacks (Jc Jh + Js) high, Yan's 6-5-3-2-A low (Ac 3d +
    # 5c 6d 2h). Xia and Yan each put in 175: +4 and +3; Zed 25 -> -25.
    "five_card.txt": ({"Xia": 179, "Yan": 178, "Zed": 0}, {"Xia": 4, "Yan": 3, "Zed": -25}),
    # All-in on the turn, heads-up. Each puts in 20 + 980 = 1000: pot 2000, no rake. River 5s: Lia's trip
    # kings high 1000, Kai's 7-5-3-2-A low 1000: both nets 0.
    "allin_ev_turn.txt": ({"Kai": 1000, "Lia": 1000}, {"Kai": 0, "Lia": 0}),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_payouts_by_hand(name: str) -> None:
    record = _one(name)
    collected, nets = EXPECTED[name]
    check = record.reconcile()
    assert check.status == "verified", check.status
    by_name = {p.name: p for p in check.players}
    for player, amount in collected.items():
        assert by_name[player].collected_file == amount
        assert by_name[player].collected_replay == amount
    assert {p: by_name[p].net for p in nets} == nets
    # chips are conserved: what was put in is paid out or raked
    assert sum(p.net for p in check.players) == -record.rake


def test_quartered_low_pays_each_half_on_its_own_line() -> None:
    # Ann's high 45 and her quarter 23 are two lines, Bob's quarter 22 a third
    record = _one("split_quartered.txt")
    assert [(c.name, c.amount) for c in record.collected] == [("Ann", 45), ("Ann", 23), ("Bob", 22)]
    hand = record.replay()
    assert hand.result is not None
    pot = hand.result.pots[0]
    assert pot.high_winners == (0,) and pot.low_winners == (0, 2)  # engine seats: file seats 1 and 3


def test_identical_collected_lines_are_never_merged() -> None:
    # split_high_scoop_low: Gus 185 and Ida 185 are two lines of the same amount; a text with the same
    # line twice (two equal halves) must count twice
    text = (DATA / "five_card.txt").read_text().replace(
        "Xia collected $1.79 from pot\nYan collected $1.78 from pot",
        "Xia collected $1.79 from pot\nXia collected $1.79 from pot",
    )
    record = next(read_pokerstars(text))
    assert isinstance(record, HandRecord)
    assert record.collected_by()["Xia"] == 358
    assert record.reconcile().status.startswith("mismatch: Xia collected 358 in the file, 179 in the replay")


def test_no_low_hand_qualified_is_read() -> None:
    record = _one("no_low_limit_home.txt")
    assert record.no_low
    assert (record.header, record.club, record.mixed, record.level) == ("Home Game", "Friday Club", "8-Game", "III")
    assert record.tournament_id == "98765432109876543210"  # 20 digits
    hand = record.replay()
    assert hand.result is not None and hand.result.pots[0].low_winners is None


def test_limit_levels_are_bet_sizes() -> None:
    from omaha8.game import FixedLimit
    from omaha8.histories import structure_of

    # (30/60) in limit: bets of 30 and 60, blinds 15 and 30
    structure = structure_of(_one("no_low_limit_home.txt"))
    assert isinstance(structure, FixedLimit)
    assert (structure.small_bet, structure.big_bet, structure.small_blind, structure.big_blind) == (30, 60, 15, 30)


def test_side_pots_and_rake_from_the_main_pot() -> None:
    record = _one("side_pots_hi_lo.txt")
    hand = record.replay()
    assert hand.result is not None
    # main pot 3000 raked 300, side pot 6000 untouched: the summary's "Main pot $27. Side pot $60."
    assert [(p.amount, p.rake) for p in hand.result.pots] == [(3000, 300), (6000, 0)]
    assert record.pots == (2700, 6000)
    main, side = hand.result.pots
    assert (main.high_winners, main.low_winners) == ((0,), (1,))
    assert (side.high_winners, side.low_winners) == ((2,), (1,))


def test_the_half_bet_rule_reopens_the_betting() -> None:
    record = _one("limit_allin_half_bet.txt")
    raises = [(a.name, a.to) for a in record.actions if a.kind == "raise"]
    assert raises == [("Sam", 160), ("Tom", 260)]
    # a smaller all-in raise (40c over the $1 bet, less than half of it) is not a raise: Tom may only
    # complete the bet, to $2, not raise $1 on top of $1.40
    text = (DATA / "limit_allin_half_bet.txt").read_text()
    text = text.replace("Seat 2: Sam ($1.60 in chips)", "Seat 2: Sam ($1.40 in chips)").replace(
        "Sam: raises $0.60 to $1.60 and is all-in", "Sam: raises $0.40 to $1.40 and is all-in").replace(
        "Tom: raises $1 to $2.60", "Tom: raises $1.20 to $2.60")
    short = next(read_pokerstars(text))
    assert isinstance(short, HandRecord)
    with pytest.raises(ReplayDiscrepancy, match="line 11: Tom: raise to 260 is refused"):
        short.replay()
    status = short.reconcile().status
    assert status.startswith("mismatch: line 11: Tom: raise to 260 is refused by the engine"), status
    assert "200" in status  # the completion the rule allows


def test_pot_limit_raise_above_the_pot_is_refused() -> None:
    text = (DATA / "pot_limit_max_raise.txt").read_text().replace(
        "Wes: raises $2.50 to $3.50", "Wes: raises $2.51 to $3.51").replace(
        "Uma: raises $8 to $11.50", "Uma: raises $7.99 to $11.50")
    record = next(read_pokerstars(text))
    assert isinstance(record, HandRecord)
    status = record.reconcile().status
    assert status.startswith("mismatch: line 10: Wes: raise to 351 is refused by the engine")
    assert "350" in status  # the rule names the pot-limit maximum


def test_uncalled_bet_comes_back() -> None:
    record = _one("pot_limit_max_raise.txt")
    assert record.uncalled == (("Wes", 3400),)
    hand = record.replay()
    assert hand.result is not None
    assert hand.result.uncalled[2] == 3400 and hand.result.rake_total == 170


def test_old_file_without_uncalled_lines_still_returns_the_excess() -> None:
    items = list(read_pokerstars(DATA / "malformed_mid_file.txt"))
    old = items[2]
    assert isinstance(old, HandRecord) and old.header == "Game" and old.max_seats is None
    check = old.reconcile()
    assert check.status == "verified"
    # Cal shoved 910 on the flop; Abe could match 410: 500 comes back to Cal, though no line says so
    assert check.notes == ("the file prints no uncalled bets; the replay returned 500 to Cal",)
    hand = old.replay()
    assert hand.result is not None and hand.result.uncalled == (0, 0, 500)
    # "Total pot 1200 Main pot 600. Side pot 600.": main 3 x 200, side 2 x 300
    assert old.pots == (600, 600)
    by = {p.name: (p.collected_file, p.net) for p in check.players}
    # main 600: Bea's trip queens 300, Cal's 7-4-3-2-A 300; side 600: Abe's two pair 300, Cal's low 300.
    # Cal put in 500 once the 500 came back: 600 - 500 = +100 (nets -200 + 100 + 100 = 0, no rake)
    assert by == {"Abe": (300, -200), "Bea": (300, 100), "Cal": (600, 100)}


def test_antes_are_dead_money() -> None:
    record = _one("split_high_scoop_low.txt")
    assert [(p.name, p.kind, p.amount) for p in record.posts][:4] == [
        ("Jon", "ante", 10), ("Gus", "ante", 10), ("Hal", "ante", 10), ("Ida", "ante", 10)]
    # Ida "calls 100" facing the big blind: the ante is not part of a bet
    assert [a.amount for a in record.actions if a.name == "Ida"][0] == 100


def test_dead_blind_stays_in_the_pot() -> None:
    # Dee posts small & big blinds 15c: 5c dead + 10c live. Pre-flop 5 + 10 + 15 + 10 + 5 = 45c; Dee bets
    # 45c on the flop and everyone folds: 45c back uncalled, the pot 45c raked 2c, Dee collects 43c.
    # Dee put in 15 + 45 - 45 = 15 -> +28; Ann, Bob and Cal 10 each -> -10.
    record = _one("dead_blind.txt")
    assert [(p.name, p.kind, p.amount) for p in record.posts] == [
        ("Bob", "small_blind", 5), ("Cal", "big_blind", 10), ("Dee", "dead", 5), ("Dee", "big_blind", 10)]
    check = record.reconcile()
    assert check.status == "verified", check.status
    assert {p.name: p.net for p in check.players} == {"Ann": -10, "Bob": -10, "Cal": -10, "Dee": 28}


def test_dead_blind_hand_is_read_and_the_live_part_gives_the_option() -> None:
    record = _one("dead_blind.txt")
    assert [s.name for s in record.in_hand()] == ["Ann", "Bob", "Cal", "Dee"]  # Cyd sits out
    assert record.actions[0].name == "Dee" and record.actions[0].kind == "check"
    # the messages (timed out, chat, returned) are kept with their lines, not read as actions
    assert [line for _, line in record.messages][:3] == ["Cal has timed out", 'railbird said, "nice flop"',
                                                        "Cyd has returned"]
    # every action replays (Dee's check on its live 10c is legal); only the settlement differs
    hand = record.replay()
    assert hand.is_over


def test_cancelled_and_other_games_are_skipped_with_their_reason() -> None:
    items = list(read_pokerstars(DATA / "other_game_and_cancelled.txt"))
    assert [(i.hand_id, getattr(i, "kind", "read")) for i in items] == [
        ("900000000201", "other game"), ("900000000202", "read"), ("900000000203", "cancelled"),
        ("900000000204", "other game"), ("900000000205", "other game")]
    skipped = [i for i in items if isinstance(i, SkippedHand)]
    assert [s.reason for s in skipped] == [
        "Hold'em No Limit is not Omaha Hi/Lo", "hand cancelled", "Omaha Pot Limit is not Omaha Hi/Lo",
        "Courchevel Pot Limit is not Omaha Hi/Lo"]
    walk = items[1]
    assert isinstance(walk, HandRecord) and walk.reconcile().status == "verified"


def test_a_malformed_hand_mid_file_is_reported_and_the_rest_read() -> None:
    items = list(read_pokerstars(DATA / "malformed_mid_file.txt"))
    assert [type(i).__name__ for i in items] == ["HandRecord", "SkippedHand", "HandRecord"]
    bad = items[1]
    assert isinstance(bad, SkippedHand)
    assert (bad.hand_id, bad.kind, bad.line, bad.column) == ("900000000102", "unreadable", 38, 6)
    assert bad.where() == f"{DATA / 'malformed_mid_file.txt'}:38:6"
    # the chat line quoting an action ("Bob: folds") is chat, not Bob's action
    first = items[0]
    assert isinstance(first, HandRecord) and [a.name for a in first.actions].count("Bob") == 1


def test_records_convert_to_engine_histories_and_back() -> None:
    for name in sorted(EXPECTED):
        record = _one(name)
        history = record.to_history()
        again = HandRecord.from_history(history, names={s.number - 1: s.name for s in record.seats})
        assert again.to_history().events == history.events, name
        assert again.collected_by() == {k: v for k, v in record.collected_by().items()
                                        if k in again.collected_by()}, name
        assert again.reconcile().status == "verified", name


NEW_PLAYER_BIG_BLIND = """PokerStars Hand #900000000030:  Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD) - 2024/05/11 20:00:00 ET
Table 'Nu' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Cal ($10 in chips)
Seat 4: Dee ($10 in chips)
Bob: posts small blind $0.05
Cal: posts big blind $0.10
Dee: posts big blind $0.10
*** HOLE CARDS ***
Dee: checks
Ann: raises $0.20 to $0.30
Bob: folds
Cal: folds
Dee: calls $0.20
*** FLOP *** [2c 7d Kh]
Dee: checks
Ann: bets $0.50
Dee has timed out
Dee: folds
Uncalled bet ($0.50) returned to Ann
Ann collected $0.72 from pot
Ann: doesn't show hand
*** SUMMARY ***
Total pot $0.75 | Rake $0.03
Board [2c 7d Kh]
Seat 1: Ann (button) collected ($0.72)
Seat 2: Bob (small blind) folded before Flop
Seat 3: Cal (big blind) folded before Flop
Seat 4: Dee folded on the Flop
"""


def test_a_new_players_big_blind_is_live() -> None:
    # Dee, new to the table, posts a big blind out of position: live money. Dee acts first pre-flop and
    # may check on it; Ann raises the pot (to 10 + 25 + 10 = 45 at most) to 30, Dee calls 20 more.
    # Pot: Bob 5 + Cal 10 + Dee 30 + Ann 30 = 75, raked 3 (4%): Ann collects 72 after her 50 comes back.
    # Nets: Ann 72 - 30 = +42, Dee -30, Cal -10, Bob -5 (sum -3, the rake).
    record = next(read_pokerstars(NEW_PLAYER_BIG_BLIND))
    assert isinstance(record, HandRecord)
    assert [(p.name, p.kind) for p in record.posts] == [("Bob", "small_blind"), ("Cal", "big_blind"), ("Dee", "big_blind")]
    check = record.reconcile()
    assert check.status == "verified", check.status
    assert {p.name: p.net for p in check.players} == {"Ann": 42, "Bob": -5, "Cal": -10, "Dee": -30}


@pytest.mark.parametrize("structure_name", ["pot-limit", "no-limit", "fixed-limit"])
def test_random_engine_hands_reconcile_after_a_round_trip(structure_name: str) -> None:
    # hands played by random legal actions (4- and 5-card, with and without antes), turned into records,
    # written as PokerStars text, read back and replayed again: every one verifies, with the rake where
    # the engine took it and chips conserved
    import random

    from omaha8.game import FixedLimit, Hand, NoLimit, PercentageRake, Post, PotLimit

    rng = random.Random(2026)
    structure = {"pot-limit": PotLimit(1, 2), "no-limit": NoLimit(1, 2), "fixed-limit": FixedLimit(2, 4)}[structure_name]
    for i in range(60):
        seats = rng.randint(2, 6)
        stacks = [rng.randint(5, 120) for _ in range(seats)]
        button = i % seats
        posts = None
        if i % 2:
            # antes from everyone, then the blinds left of the button (a tournament's forced bets)
            sb, bb = (button + 1) % seats, (button + 2) % seats
            if seats == 2:
                sb, bb = button, (button + 1) % seats
            posts = [Post(s, "ante", 1) for s in range(seats)]
            posts += [Post(sb, "small_blind", structure.small_blind), Post(bb, "big_blind", structure.big_blind)]
        hand = Hand(stacks, structure, button=button, rng=rng, rake=PercentageRake(5, cap=3), posts=posts,
                    variant=5 if i % 3 == 0 else 4)
        while not hand.is_over:
            legal = hand.legal_actions()
            kind = rng.choice(legal.kinds)
            hand.act(kind, rng.randint(legal.min_to, legal.max_to) if kind in ("bet", "raise") else None)
        record = HandRecord.from_history(hand.history, hand_id=str(i))
        # and through PokerStars text: the reader gives the same record back
        text = format_pokerstars(record)
        read = next(read_pokerstars(text))
        assert isinstance(read, HandRecord), (i, read, text)
        assert (read.posts, read.actions, read.collected, read.uncalled, read.board, read.rake, read.pots) == (
            tuple(p.__class__(p.name, p.kind, p.amount, p.all_in, q.line) for p, q in zip(record.posts, read.posts)),
            tuple(a.__class__(a.street, a.name, a.kind, a.amount, a.to, a.all_in, b.line)
                  for a, b in zip(record.actions, read.actions)),
            tuple(c.__class__(c.name, c.amount, c.pot, d.line) for c, d in zip(record.collected, read.collected)),
            record.uncalled, record.board, record.rake, record.pots), (i, text)
        assert read.reconcile().status == "verified", (i, read.reconcile().status, text)
        check = record.reconcile()
        assert check.status == "verified", (i, check.status)
        assert sum(p.net for p in check.players) == -record.rake
        assert record.rake == (hand.result.rake_total if hand.result else None)


def test_rake_rule_spreads_over_the_pots() -> None:
    from omaha8.game import GameError, Hand, NoLimit
    from omaha8.game.rake import PokerStarsRake

    # stated 50 from pots (30, 100): 30 from the main pot, the other 20 from the side pot
    assert PokerStarsRake(50).take((30, 100), flop_seen=True) == (30, 20)
    # more rake than chips is asked for anyway, and the engine refuses it with its rule
    hand = Hand([100, 100], NoLimit(1, 2), holes=["As Ad 2c 3c", "Ks Kd 4h 5h"], board="7c 8d 9h Ts 2d",
                rake=PokerStarsRake(500))
    hand.act("call")
    hand.act("check")
    for _ in range(5):
        hand.act("check")
    with pytest.raises(GameError, match=r"the rake of a pot is 0\.\.4"):
        hand.act("check")  # the last check settles the hand
