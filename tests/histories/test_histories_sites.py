"""Every site's reader on hand-made fixtures (tests/data/hh/<site>/), with the results worked out by hand.

Each fixture's hands are described in the comments of its test: the pots, the rake, the hi/lo halves
and the odd chips, so that a reader or an engine change that moves a chip fails here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from omaha8.histories import HandRecord, HandStatus, SkipKind, SkippedHand, analyze, read

DATA = Path(__file__).resolve().parent.parent / "data" / "hh"


def _reports(path: Path) -> list:  # type: ignore[type-arg]
    return [analyze(item) for item in read(path)]


def _nets(report) -> dict[str, int]:  # type: ignore[no-untyped-def]
    return {p.name: p.net for p in report.players()}


def _collected(report) -> dict[str, int]:  # type: ignore[no-untyped-def]
    return {p.name: p.collected_file for p in report.players()}


# ------------------------------------------------------------ Full Tilt


def test_full_tilt_split_quartered_rake_and_uncalled() -> None:
    # Hand 1, $0.05/$0.10 PL: 30 cents each pre-flop and 30 more on the flop: a $1.20 pot, rake $0.06,
    # $1.14 left: the high half 57 to Ann (kings full... three kings), the low half 57 tied between Ann and
    # Bob (8-5-4-3-2 each): 28 each and the odd cent to Ann, the first seat left of the button (Cid, seat
    # 4): Ann 57 + 29 = 86, Bob 28. Nets: Ann 86 - 40 = 46, Bob 28 - 40 = -12, Cid -40.
    # Hand 2, NL: Zed raises to $4 all-in, great j folds his 10-cent call: $3.90 back, the pot of 20 cents
    # (rake 0) is Zed's: +10, great j -10.
    first, second = _reports(DATA / "fulltilt" / "split_and_uncalled.txt")
    assert first.item.site == "Full Tilt" and first.outcome is HandStatus.VERIFIED
    assert _collected(first) == {"Ann": 86, "Bob": 28, "Cid": 0}
    assert _nets(first) == {"Ann": 46, "Bob": -12, "Cid": -40} and first.item.rake == 6
    assert second.outcome is HandStatus.VERIFIED and _nets(second) == {"great j": -10, "Zed": 10}
    assert second.item.uncalled == (("Zed", 390),) and second.item.hero == "great j"


# ------------------------------------------------------------ every site: a malformed hand mid-file


SITE_FIXTURES = sorted(p for p in DATA.glob("*/*.txt") if p.parent.name != "pokerstars")


@pytest.mark.parametrize("path", SITE_FIXTURES, ids=[f"{p.parent.name}/{p.name}" for p in SITE_FIXTURES])
def test_a_malformed_hand_mid_file_is_reported_and_the_rest_read(path: Path) -> None:
    hands = [item for item in read(path)]
    assert all(isinstance(h, HandRecord) for h in hands) and len(hands) >= 2, hands
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    # a line no site writes, inside the first hand's betting
    second_start = hands[1].line - 1
    cut = hands[0].line + (second_start - hands[0].line) // 2
    broken = lines[:cut] + ["@@@ this line is no part of any hand @@@"] + lines[cut:]
    items = list(read("\n".join(broken) + "\n"))
    assert isinstance(items[0], SkippedHand) and items[0].kind is SkipKind.UNREADABLE
    assert items[0].line == cut + 1 and items[0].site == hands[0].site, items[0]
    assert [type(i).__name__ for i in items[1:]] == ["HandRecord"] * (len(hands) - 1)


# ------------------------------------------------------------ Winamax


def test_winamax_side_pots_quartered_low_and_a_return_counted_in_collected() -> None:
    # Hand 1, 0.50€/1€: Ann all-in for 5€, Bob and Cyd 5€ each: a main pot of 15€ among the three; on the
    # flop Bob bets 5€, Cyd calls: a side pot of 10€. Rake 0.50€ from the main pot: 14.50€, high 7.25€ to
    # Ann (kings), low 7.25€ tied Ann/Bob (8-5-4-3-2): 3.62€ each and the odd cent to Ann (first left of
    # the button, Cyd): Ann 10.88€. The side pot: high Cyd (aces over Bob's jacks) 5€, low Bob alone 5€.
    # Nets: Ann 10.88 - 5 = +5.88, Bob 3.62 + 5 - 10 = -1.38, Cyd 5 - 10 = -5; their sum is -rake.
    # Hand 2, 0.02€/0.05€: P3 raises to 0.15€, both blinds fold: Winamax writes "collected 0.22€", the
    # 0.10€ that came back in it; the pot won is 0.12€: P3 +0.07€.
    first, second = _reports(DATA / "winamax" / "split_side_pots.txt")
    assert first.item.site == "Winamax" and first.item.currency == "EUR" and first.outcome is HandStatus.VERIFIED
    assert _nets(first) == {"Ann": 588, "Bob": -138, "Cyd": -500} and first.item.rake == 50
    assert second.outcome is HandStatus.VERIFIED and _nets(second) == {"P1": -2, "P2": -5, "P3": 7}
    assert _collected(second)["P3"] == 12 and second.item.returns == "in collected"


# ------------------------------------------------------------ Winning (ACR)


def test_winning_split_with_jackpot_fee_and_a_walk() -> None:
    # Hand 1, $1/$2 limit: 2 each pre-flop (6), 1 each on the flop from Cyd and Ann (8), 4 each on the turn
    # (16). Rake $0.76 and JP fee $0.04 take 80 cents: 15.20, high to Ann (kings) 7.60, low to Cyd
    # (8-5-3-2-A beats 8-5-4-3-2) 7.60. Nets: Ann and Cyd 7.60 - 7 = +0.60, Bob -2.
    # Hand 2, a walk: the summary's "won $9.00" counts the big blind's own 3 that came back: the pot of 6
    # is won, P2 +3, P1 -3.
    # Hand 3, run twice: Fox all-in for $40 on the flop, $80, rake $0.50: $39.75 a board; Gil scoops both
    # (three kings and 7-5-3-2-A on the first, the wheel on the second); the summary gives only the first
    # board's win, the collected lines both: Gil +39.50, Fox -40.
    first, second, third = _reports(DATA / "winning" / "split_walk.txt")
    assert third.outcome is HandStatus.VERIFIED and len(third.item.runs) == 2
    assert _nets(third) == {"Fox": -4000, "Gil": 3950}
    assert first.item.site == "Winning" and first.outcome is HandStatus.VERIFIED and first.item.rake == 80
    assert _nets(first) == {"Ann": 60, "Bob": -200, "Cyd": 60}
    assert second.outcome is HandStatus.VERIFIED and _nets(second) == {"P1": -300, "P2": 300, "P3": 0}


# ------------------------------------------------------------ 888poker


def test_888_quartered_low_derived_rake_and_a_return_outside_the_collection() -> None:
    # Hand 1, $0.50/$1: 1 each pre-flop (3), 3 each on the flop (12). 888 states no rake: the collections
    # pay 5.70 + 2.85 + 2.85 = 11.40, so the rake is 0.60 (5%); the replay splits the 11.40: high 5.70 to
    # Ann (kings), low 5.70 tied Ann/Bob (8-5-4-3-2) 2.85 each, as the file. Nets +4.55, -1.15, -4.
    # Hand 2: Ann raises [$3.50] (3.50 more chips), both blinds fold: 2.50 comes back, printed nowhere and
    # not in "collected [ $2.50 ]", the pot won (0.50 + 1 + 1; no flop, no rake): Ann +1.50.
    first, second = _reports(DATA / "888" / "split_quartered.txt")
    assert first.item.site == "888poker" and first.outcome is HandStatus.VERIFIED
    assert first.item.rake == 60 and not first.item.rake_stated
    assert _nets(first) == {"Ann": 455, "Bob": -115, "Cyd": -400}
    assert second.outcome is HandStatus.VERIFIED and _nets(second) == {"Ann": 150, "Bob": -50, "Cyd": -100}
    assert second.item.actions[0].to == 350 and second.item.rake == 0
    # the returned 2.50 counted in the collection as well would pay out more than was put in
    path = DATA / "888" / "split_quartered.txt"
    text = path.read_text(encoding="utf-8")
    over = list(read(text.replace("Ann collected [ $2.50 ]", "Ann collected [ $5 ]")))[1]
    assert isinstance(over, SkippedHand) and over.kind is SkipKind.UNREADABLE, over
    # a walk: Ann and Bob fold to Cyd's big blind, who collects the whole pot, his uncalled 0.50 with it
    # (a real 2016 file: "collected [ $3 ]" over blinds of 1 and 2): Cyd +0.50, Bob -0.50
    walk = text.replace("Ann raises [$3.50]\nBob folds\nCyd folds", "Ann folds\nBob folds").replace(
        "Ann collected [ $2.50 ]", "Cyd collected [ $1.50 ]")
    report = analyze(list(read(walk))[1])
    assert report.outcome is HandStatus.VERIFIED and _nets(report) == {"Ann": 0, "Bob": -50, "Cyd": 50}
    assert report.item.rake == 0


# ------------------------------------------------------------ Everleaf


def test_everleaf_split_quartered_derived_rake_and_an_unprinted_return() -> None:
    # Everleaf prints no pot, rake or returned bet; raises add chips ("raises [$ 0.30 USD]": 0.30 more).
    # Hand 1, $0.05/$0.10: 0.10 each pre-flop (0.30), Cyd bets 0.30 on the flop, Ann calls, Bob folds:
    # pot 0.90, wins 0.43 + 0.43 = 0.86, so the rake is 0.04 (5% of 0.90 rounded down). Cyd's three kings
    # win the high, Ann's 7-4-3-2-A the low (Cyd has no card of 8 or less). Nets +0.03, -0.10, +0.03.
    # Hand 2: button Bob raises 0.30 (to 0.30), Cyd adds 0.25, Ann 0.20 (0.90); 0.90 each on the flop
    # (3.60), 1 each on the river: pot 6.60, rake 0.33 (5%), 6.27 halved with the odd cent high: 3.14 to
    # Cyd's three kings over Bob's three queens; the low 3.13 tied 8-4-3-2-A by Cyd and Ann,
    # the odd cent to Cyd, first left of the button: 1.57 and 1.56. Nets: Cyd 4.71 - 2.20 = +2.51,
    # Ann 1.56 - 2.20 = -0.64, Bob -2.20 (sum -0.33, the rake).
    # Hand 3: Ann raises 0.35 pre-flop, both blinds fold: 0.25 of it comes back unprinted, Ann wins the
    # 0.25 in the pot (0.10 + 0.05 + her 0.10), no flop, no rake: +0.15, -0.05, -0.10.
    first, second, third = _reports(DATA / "everleaf" / "split_and_fold.txt")
    assert [r.item.site for r in (first, second, third)] == ["Everleaf"] * 3
    assert first.outcome is HandStatus.VERIFIED and first.item.rake == 4 and not first.item.rake_stated
    assert _nets(first) == {"Ann": 3, "Bob": -10, "Cyd": 3} and first.item.hero == "Ann"
    assert second.outcome is HandStatus.VERIFIED and second.item.rake == 33
    assert _collected(second) == {"Ann": 156, "Bob": 0, "Cyd": 471}
    assert _nets(second) == {"Ann": -64, "Bob": -220, "Cyd": 251}
    assert third.outcome is HandStatus.VERIFIED and third.item.rake == 0 and third.item.returns == "unprinted"
    assert _nets(third) == {"Ann": 15, "Bob": -5, "Cyd": -10} and third.item.actions[0].to == 35


def test_everleaf_refusals_name_the_line_and_column() -> None:
    text = (DATA / "everleaf" / "split_and_fold.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    at = lines.index("Ann calls [$ 0.10 USD]")
    # an action Everleaf never writes, in the first hand: reported at the action (after "Ann "), column 5
    items = list(read("\n".join(lines[:at] + ["Ann shoves [$ 1 USD]"] + lines[at + 1:]) + "\n"))
    assert isinstance(items[0], SkippedHand) and items[0].kind is SkipKind.UNREADABLE
    assert items[0].reason == ("unreadable: line 14, column 5: the action 'shoves [$ 1 USD]' is not an "
                               "Everleaf action"), items[0].reason
    assert [type(i).__name__ for i in items[1:]] == ["HandRecord", "HandRecord"]
    # the two header lines must name the same hand
    items = list(read(text.replace("***** Hand history for game #700000001", "***** Hand history for game #700000009")))
    assert isinstance(items[0], SkippedHand) and "line 1, column 23: the hand number '700000001'" in items[0].reason
    # another game, and a limit of Omaha Hi/Lo that is not read, are skipped with the reason
    held = list(read(text.replace("PL Omaha Hi/Lo - 2010/03/02 - 19:35:19", "NL Hold'em - 2010/03/02 - 19:35:19")))
    assert isinstance(held[0], SkippedHand) and held[0].kind is SkipKind.OTHER_GAME and "Hold'em" in held[0].reason
    fixed = list(read(text.replace("PL Omaha Hi/Lo - 2010/03/02 - 19:35:19", "FL Omaha Hi/Lo - 2010/03/02 - 19:35:19")))
    assert isinstance(fixed[0], SkippedHand) and fixed[0].kind is SkipKind.NOT_REPLAYED
    assert "'FL Omaha Hi/Lo' is not read" in fixed[0].reason
    # wins that pay more than the pots hold
    greedy = list(read(text.replace("Cyd wins  high ($ 0.43 USD)", "Cyd wins  high ($ 0.53 USD)")))
    assert isinstance(greedy[0], SkippedHand) and "the wins pay 96 for 90 in the pots" in greedy[0].reason


# ------------------------------------------------------------ PKR


def test_pkr_side_pot_quartered_low_calls_to_a_total_and_a_return() -> None:
    # Tournament chips, blinds 10/20; calls and raises are street totals ("Ann calls 20" after her small
    # blind of 10 adds 10). Hand 1: 20 each pre-flop (60); on the flop Ann bets 60, Bob raises to 240,
    # Cyd calls, Ann raises all-in to 480, both call: main pot 60 + 3 x 480 = 1,500. Bob bets 200 on the
    # turn, Cyd calls: a side pot of 400 for Bob and Cyd. Board Ah 2d 8c Kc Qd: Cyd's three kings beat
    # Bob's three queens; Cyd and Ann tie the low 8-4-3-2-A (Bob has none). Main pot: 750 high to Cyd,
    # 750 low quartered, 375 each; side pot: Cyd's high and only low, 400. Cyd 1,525 - 700 = +825,
    # Ann 375 - 500 = -125, Bob -700; the stacks after the hand (375, 300, 1,825) agree.
    # Hand 2: button Ann (the "Moving Button" line); 20 each pre-flop, Cyd bets 60 on the flop, Ann calls,
    # Bob folds (180); 180 each on the turn (540); Cyd bets 500 on the river, Ann calls all-in for her 115,
    # 385 come back to Cyd. Board Kh Kd 9c 7s 3d has no low; Cyd's nines full win 770:
    # +395, Ann -375, Bob -20.
    first, second = _reports(DATA / "pkr" / "side_pot_quartered.txt")
    assert first.item.site == "PKR" and first.outcome is HandStatus.VERIFIED and first.item.tournament_id == "900"
    assert _collected(first) == {"Ann": 375, "Bob": 0, "Cyd": 1525} and first.item.rake == 0
    assert _nets(first) == {"Ann": -125, "Bob": -700, "Cyd": 825} and first.item.hero == "Ann"
    assert first.item.button == 3 and second.item.button == 1
    assert second.outcome is HandStatus.VERIFIED and second.item.no_low
    assert _nets(second) == {"Ann": -375, "Bob": -20, "Cyd": 395} and second.item.uncalled == (("Cyd", 385),)


def test_pkr_refusals() -> None:
    text = (DATA / "pkr" / "side_pot_quartered.txt").read_text(encoding="utf-8")
    # the stacks after the hand must follow from its lines: Cyd's 1,825 written 1,835 on line 59, the
    # amount at column 15 (after the 14 characters of "Seat 3: Cyd - ")
    items = list(read(text.replace("Seat 3: Cyd - 1,825", "Seat 3: Cyd - 1,835", 1)))
    assert isinstance(items[0], SkippedHand) and items[0].kind is SkipKind.UNREADABLE
    assert items[0].reason == ("unreadable: line 59, column 15: the stacks after the hand give Cyd 1,835, the "
                               "hand's lines 1,825: the lines contradict each other"), items[0].reason
    assert isinstance(items[1], HandRecord)
    held = list(read(text.replace("Game Type: OMAHA HI/LO", "Game Type: HOLD'EM", 1)))
    assert isinstance(held[0], SkippedHand) and held[0].kind is SkipKind.OTHER_GAME
    play = list(read(text.replace("Money Type: TOURNAMENT CHIPS", "Money Type: PLAY MONEY", 1)))
    assert isinstance(play[0], SkippedHand) and play[0].kind is SkipKind.NOT_REPLAYED
    assert play[0].hand_id == "800000001" and "'PLAY MONEY' hands are not read" in play[0].reason
    bad = list(read(text.replace("Dealing [3 h][4 h][J c][J s] to Ann", "Dealing [3 h][4 h][J c][J x] to Ann")))
    assert isinstance(bad[0], SkippedHand) and "line 19, column 9" in bad[0].reason


# ------------------------------------------------------------ Cake


def test_cake_quartered_low_odd_chip_and_a_return() -> None:
    # Sit-and-go chips, blinds 10/20; raises to a street total, calls and bets as chips added. Hand 1:
    # 20 each pre-flop (60), Bob bets 45 on the flop and both call: pot 195, no rake. Board Ah 2d 8c Kc Qd:
    # Cyd's three kings beat Bob's three queens for the high, 98 (the odd chip to the high half); the low
    # 97 is tied 8-4-3-2-A by Ann and Cyd: 49 to Ann, first left of the button (Cyd's seat 3), 48 to Cyd.
    # Cyd 146 - 65 = +81, Ann 49 - 65 = -16, Bob -65.
    # Hand 2: a walk: Cyd's big blind takes Bob's small one, 10 of his own come back: +10, -10.
    first, second = _reports(DATA / "cake" / "split_and_return.txt")
    assert first.item.site == "Cake" and first.outcome is HandStatus.VERIFIED and first.item.tournament_id == "900"
    assert _collected(first) == {"Ann": 49, "Bob": 0, "Cyd": 146} and first.item.hand_id == "AB00000001"
    assert _nets(first) == {"Ann": -16, "Bob": -65, "Cyd": 81} and first.item.hero == "Ann"
    assert second.outcome is HandStatus.VERIFIED and second.item.no_low and second.item.uncalled == (("Cyd", 10),)
    assert _nets(second) == {"Ann": 0, "Bob": -10, "Cyd": 10}


def test_cake_refusals() -> None:
    text = (DATA / "cake" / "split_and_return.txt").read_text(encoding="utf-8")
    bad = list(read(text.replace("Bob: bets 45", "Bob: shoves 45", 1)))
    assert isinstance(bad[0], SkippedHand) and bad[0].reason == (
        "unreadable: line 14, column 6: the action 'shoves 45' is not a Cake action"), bad[0].reason
    assert isinstance(bad[1], HandRecord)
    held = list(read(text.replace("0/10/20 PL OmahaHiLo", "0/10/20 NL Holdem", 1)))
    assert isinstance(held[0], SkippedHand) and held[0].kind is SkipKind.OTHER_GAME
    limit = list(read(text.replace("0/10/20 PL OmahaHiLo", "0/10/20 FL OmahaHiLo", 1)))
    assert isinstance(limit[0], SkippedHand) and limit[0].kind is SkipKind.NOT_REPLAYED
    cash = list(read(text.replace("PL Omaha Hi-Lo T900", "PL Omaha Hi-Lo", 1)))
    assert isinstance(cash[0], SkippedHand) and cash[0].kind is SkipKind.NOT_REPLAYED and "cash-game" in cash[0].reason


# ------------------------------------------------------------ PartyPoker


def test_party_uncalled_as_a_side_pot_derived_rake_and_tournament_chips() -> None:
    # Hand 1, blinds 0.50/1 (from the posts: the header's $100 is the buy-in cap): Ann raises [$2.50] to 3,
    # Bob raises [$8] to 9, Ann is all-in with 5 more (8): Bob's 1 above it comes back, and Party writes
    # it as "wins $1 USD from the side pot 1". Pot 16, rake 0.80 (what the wins leave: 17 - 16.20):
    # 15.20, high 7.60 to Ann (kings), low 7.60 to Bob (8-5-4-3-2). Nets: Ann 7.60 - 8 = -0.40,
    # Bob 7.60 + 1 - 9 = -0.40.
    # Hand 2, a tournament: A raises [80], C calls, A bets [180] on the flop, C folds: "wins 360 chips"
    # counts the 180 that came back; the pot won is 180 (20 + 80 + 80): A +100, B -20, C -80.
    first, second = _reports(DATA / "partypoker" / "split_side_pot.txt")
    assert first.item.site == "PartyPoker" and first.outcome is HandStatus.VERIFIED
    assert first.item.stakes == (50, 100) and first.item.rake == 80
    assert _nets(first) == {"Ann": -40, "Bob": -40}
    assert second.outcome is HandStatus.VERIFIED and second.item.tournament_id == "105411156"
    assert _nets(second) == {"A": 100, "B": -20, "C": -80} and second.item.hero == "A"


# ------------------------------------------------------------ Bovada / Ignition / Bodog


def test_bovada_positions_as_names_derived_rake_and_a_return() -> None:
    # Hand 1, $0.05/$0.10 (from the posts): 30 cents each pre-flop and on the flop: $1.20. The results pay
    # $1.14: rake 6 cents. High 57 to the Dealer (kings), low 57 tied Dealer/Small Blind (8-5-4-3-2): 28
    # each and the odd cent to the Small Blind, the first seat left of the button (the Dealer, seat 1):
    # Dealer 85, Small Blind 29. Nets +45, -11, -40. "Big Blind  [ME]" (two spaces) is "Big Blind [ME]".
    # Hand 2, a tournament: the Dealer raises to 300, the Big Blind calls 200 more; on the flop the
    # Dealer's 650 comes back; the pot 650 (50 + 300 + 300) is the Dealer's: +350, SB -50, BB -300.
    first, second = _reports(DATA / "bovada" / "split_uncalled.txt")
    assert first.item.site == "Bovada" and first.outcome is HandStatus.VERIFIED and first.item.rake == 6
    assert _nets(first) == {"Dealer": 45, "Small Blind": -11, "Big Blind [ME]": -40}
    assert first.item.hero == "Big Blind [ME]" and len(first.item.known_cards()) == 3
    assert second.outcome is HandStatus.VERIFIED and second.item.uncalled == (("Dealer", 650),)
    assert _nets(second) == {"UTG [ME]": 0, "Dealer": 350, "Small Blind": -50, "Big Blind": -300}


# ------------------------------------------------------------ KingsClub


def test_kingsclub_big_o_with_antes_run_twice_and_a_return_in_the_win() -> None:
    # Hand 1, Big O (5 cards) 10/20 with antes of 10: 30 in antes, the blinds completed to 20 each by Bob
    # and Cyd (70), then both all-in on the flop for 470 more: a pot of 1010 (amounts in cents: 101000).
    # Rake 5.01: 100499 left, run twice: the first board 50250 (the odd chip), the second 50249.
    # Each board: Bob's queens win the high, Cyd's A-6 low (8-6-5-2-A on the first board 2h 5s Qd 8c Th,
    # 6-5-3-2-A on the second 2h 5s Qd 5d 3h) the low: 25125/25125 on the first, 25125/25124 on the second.
    # Bob 50250 - 50000 = +250, Cyd 50249 - 50000 = +249, Ann -1000 (her ante); they add up to -501.
    # Hand 2, limit 40/80: Hero raises to 80, Ann calls 80 (to 80: 40 more), Hero bets 40 on the flop and
    # Ann folds: "wins pot (200)" counts the 40 back; the pot won is 160: Hero +80, Ann -80.
    first, second = _reports(DATA / "kingsclub" / "antes_and_two_boards.txt")
    assert first.item.site == "KingsClub" and first.item.variant == 5 and len(first.item.runs) == 2
    assert first.outcome is HandStatus.VERIFIED and first.item.rake == 501
    assert _nets(first) == {"Ann": -1000, "Bob": 250, "Cyd": 249}
    assert [p.kind for p in first.item.posts] == ["ante"] * 3 + ["small_blind", "big_blind"]
    assert second.outcome is HandStatus.VERIFIED and _nets(second) == {"Ann": -8000, "Hero": 8000}


# ------------------------------------------------------------ Winning, the older format


def test_winning_old_format_split_jackpot_fee_and_return(tmp_path: Path) -> None:
    # Hand 1, 0.10/0.25: 0.25 each pre-flop and 0.75 each on the flop: $3.00; rake 0.12 and JP fee 0.03
    # leave 2.85: high 1.43 to Bob (kings, the odd cent high), low 1.42 tied Bob/Cyd 0.71 each.
    # Bob 2.14 - 1 = +1.14, Cyd 0.71 - 1 = -0.29, Ann -1. A ten is written 10d.
    # Hand 2: Cyd raises (0.85), Bob calls (0.60 more), Cyd's flop bet of 1.20 comes back: pot 1.80,
    # rake 0.07: Cyd collects 1.73: +0.88, Bob -0.85, Ann -0.10.
    path = DATA / "winning" / "old_format.txt"
    first, second = _reports(path)
    assert first.item.site == "Winning" and first.outcome is HandStatus.VERIFIED and first.item.rake == 15
    assert _nets(first) == {"Ann": -100, "Bob": 114, "Cyd": -29} and first.item.hero == "Bob"
    assert second.outcome is HandStatus.VERIFIED and _nets(second) == {"Ann": -10, "Bob": -85, "Cyd": 88}
    # the same file in UTF-16, as the site writes it
    utf16 = tmp_path / "old16.txt"
    utf16.write_bytes(path.read_text(encoding="utf-8").replace("\n", "\r\n").encode("utf-16"))
    assert [r.status for r in _reports(utf16)] == ["verified", "verified"]
    # a summary whose bets contradict the actions is unreadable, not reconciled
    lied = path.read_text(encoding="utf-8").replace("Bets: 0.85. Collects: 1.73", "Bets: 0.80. Collects: 1.73")
    items = list(read(lied))
    # Cyd's actions put in 0.85 (the summary's own figure before the edit); the edited line says 0.80
    assert isinstance(items[1], SkippedHand) and items[1].kind is SkipKind.UNREADABLE
    assert "the summary says Cyd bet 0.80, but the action lines put in 0.85" in items[1].reason
    summary_line = lied.splitlines()[items[1].line - 1]
    assert summary_line[items[1].column - 1:].startswith("0.80. Collects: 1.73"), (summary_line, items[1].column)


def test_hand_ids_beyond_64_bits_and_iso_codes_after_the_amount() -> None:
    # a 30-digit hand id is kept as its text; "$2 USD"-style amounts and "EUR 5" read as the currency's cents
    text = (DATA / "split_quartered.txt").read_text()
    big = "123456789012345678901234567890"
    record = next(read(text.replace("900000000001", big)))
    assert isinstance(record, HandRecord) and record.hand_id == big
    from omaha8.histories._grammar import Money

    euro = Money("EUR", 2)
    assert [euro.value(t, 1, 1) for t in ("EUR 5", "5 EUR", "5€", "€5", "1,234.50€")] == [500, 500, 500, 500, 123450]


def test_party_big_blind_and_dead_post_is_split_live_and_dead() -> None:
    # a player coming back posts "big blind + dead [$0.15]": the big blind (the 0.10 another player posted)
    # live, the missed small blind's 0.05 dead
    from omaha8.histories._builder import HandBuilder
    from omaha8.histories._grammar import Money
    from omaha8.histories.sites import _party

    b = HandBuilder("<text>", 1, "PartyPoker")
    b.money = Money("USD", 2)
    for number, name in ((1, "Ann"), (2, "Bob"), (3, "Cal")):
        b.seat(number, name, 1000, 1, 1)
    _party._post(b, "Bob", "posts big blind [$0.10 USD].", 2, 5)
    _party._post(b, "Cal", "posts big blind + dead [$0.15 USD].", 3, 5)
    assert [(p.name, p.kind, p.amount) for p in b.posts] == [("Bob", "big_blind", 10), ("Cal", "dead", 5),
                                                             ("Cal", "big_blind", 10)]
