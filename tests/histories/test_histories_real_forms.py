"""Forms that real hand-history files write and the first samples did not show, on hand-made fixtures.

Each fixture (tests/data/hh/<site>/) is written in its site's format as the real files write it, with
made-up players and cards; every result below is worked out by hand.
"""

from __future__ import annotations

from pathlib import Path

from omaha8.histories import HandRecord, HandStatus, SkipKind, SkippedHand, analyze, read

DATA = Path(__file__).resolve().parent.parent / "data" / "hh"


def _reports(path: Path) -> list:  # type: ignore[type-arg]
    return [analyze(item) for item in read(path)]


def _nets(report) -> dict[str, int]:  # type: ignore[no-untyped-def]
    return {p.name: p.net for p in report.players()}


# ------------------------------------------------------------ Full Tilt, 2006


def test_full_tilt_2006_header_watchers_chat_and_low_lines() -> None:
    # Hand 1, $2/$4 limit, the stakes before the game ("- $2/$4 - Limit Omaha Hi/Lo -"); Cid sits out.
    # Pre-flop Dan, Ann and Bob put in 2 each: 6. Flop: Bob bets 2, Ann calls, Dan folds: 10. River: Ann
    # bets 4, Bob calls: 18. Rake 1: 17, halves of 8.50. High: Ann's ace-high flush (As Qs with 8s 3s 4s);
    # low: Bob's 7-4-3-2-A (Ad 2c with 7h 3s 4s) beats Ann's 8-7-4-3-A. Nets: Ann 8.50 - 8 = +0.50, Bob
    # +0.50, Dan -2, Cid 0 (not dealt in); they add to -1, the rake. The watchers' "(Observer):" chat and
    # the " (8,7,4,3,A)" lines under the shows are kept as messages.
    # Hand 2, a 2006 sit-and-go (40/80): Bob raises to 80, Ann calls, Bob's flop bet of 40 comes back;
    # the 160 pot is Bob's: +80, Ann -80. The date keeps its time.
    first, second = _reports(DATA / "fulltilt" / "old_header_and_watchers.txt")
    assert first.item.site == "Full Tilt" and first.outcome is HandStatus.VERIFIED
    assert first.item.game == "Omaha Hi/Lo" and first.item.limit == "Limit"
    assert first.item.stakes == (200, 400) and first.item.currency == "USD" and first.item.rake == 100
    assert _nets(first) == {"Ann": 50, "Bob": 50, "Dan": -200}
    assert first.item.date == "0:03:34 ET - 2006/10/11" and first.item.table == "Vero"
    assert any("(Observer)" in text for _, text in first.item.messages)
    assert second.outcome is HandStatus.VERIFIED and _nets(second) == {"Ann": -80, "Bob": 80}
    assert second.item.stakes == (40, 80) and second.item.date == "21:27:00 ET - 2006/04/19"


def test_full_tilt_chat_of_someone_not_watching_is_still_refused() -> None:
    text = (DATA / "fulltilt" / "old_header_and_watchers.txt").read_text(encoding="utf-8")
    items = list(read(text.replace("Kibitz (Observer): good luck all", "Kibitz (Dealer): good luck all", 1)))
    assert isinstance(items[0], SkippedHand) and items[0].kind is SkipKind.UNREADABLE
    assert items[0].line == 11 and "Kibitz (Dealer)" in items[0].reason, items[0]


# ------------------------------------------------------------ 888poker


def test_888_a_fold_before_the_deal_is_a_player_not_dealt_in() -> None:
    # Hand 1, $1/$2 blinds fixed limit (bets $2/$4): Dee folds before "** Dealing down cards **" and is not
    # dealt in, so Eve acts first. Eve, Ann, Bob and Cyd put in 2 each: 8. Flop: Cyd bets 2, Eve folds,
    # Ann calls, Bob folds: 12. High: Cyd's jacks and deuces (Jd 2d with Jc 2s Ks) beat Ann's aces; low:
    # Ann's 6-5-4-2-A (Ac 6c with 2s 4d 5h), Cyd has none. The collections pay 11.50: rake 0.50, halves of
    # 5.75. Nets: Ann 5.75 - 4 = +1.75, Cyd +1.75, Bob -2, Eve -2; Dee is in no row.
    # Hand 2: Cyd's flop bet of 2 is folded to and comes back, in no line ("collected [ $3.80 ]": the pot of
    # 4 less 0.20, 5%): Cyd +1.80, Ann -2, Bob 0.
    first, second = _reports(DATA / "888" / "with_a_fold_before_the_deal.txt")
    assert first.outcome is HandStatus.VERIFIED and first.item.stakes == (200, 400) and first.item.rake == 50
    assert _nets(first) == {"Ann": 175, "Bob": -200, "Cyd": 175, "Eve": -200}
    assert [seat.name for seat in first.item.in_hand()] == ["Ann", "Bob", "Cyd", "Eve"]
    assert second.outcome is HandStatus.VERIFIED and _nets(second) == {"Ann": -200, "Bob": 0, "Cyd": 180}
    assert second.item.rake == 20


def test_888_collections_leaving_more_than_its_rake_are_refused() -> None:
    # a real 2016 hand's river bet folded to "collected [ $3.25 ]" twice from a 30.00 pot, the next hand's
    # stacks showing 29.00 won: the collections contradict 888's rake (5% or less in every real cash hand; more
    # than 10% and a cent is refused). Hand 2 of the fixture: the pot of 4 paid 3.50 would be a rake of 0.50,
    # 12.5%, over 0.41: refused; 3.80 (5%) reads.
    text = (DATA / "888" / "with_a_fold_before_the_deal.txt").read_text(encoding="utf-8")
    item = list(read(text.replace("Cyd collected [ $3.80 ]", "Cyd collected [ $3.50 ]")))[1]
    assert isinstance(item, SkippedHand) and item.kind is SkipKind.UNREADABLE, item
    assert "a rake of 50, more than the 10% (and a cent) 888 could take" in item.reason
    assert isinstance(list(read(text))[1], HandRecord)
    # the edge: 3.59 paid leaves 0.41 = 10% of 4.00 and a cent (read); 3.58 leaves 0.42 (refused)
    assert isinstance(list(read(text.replace("Cyd collected [ $3.80 ]", "Cyd collected [ $3.59 ]")))[1], HandRecord)
    assert isinstance(list(read(text.replace("Cyd collected [ $3.80 ]", "Cyd collected [ $3.58 ]")))[1], SkippedHand)


def test_888_a_fold_before_the_deal_after_a_post_is_refused() -> None:
    # a player who posted is in the hand: a fold before the deal is then out of its place, not an absence
    text = (DATA / "888" / "with_a_fold_before_the_deal.txt").read_text(encoding="utf-8")
    items = list(read(text.replace("Dee folds", "Cyd folds", 1)))
    assert isinstance(items[0], SkippedHand) and items[0].kind is SkipKind.UNREADABLE
    assert items[0].line == 14 and "before the hole cards were dealt" in items[0].reason, items[0]


# ------------------------------------------------------------ PartyPoker


def test_party_announcement_before_the_first_hand_is_not_a_hand() -> None:
    # "Game #N starts." opens the file: it announces the hand that follows and is no hand to report.
    # Hand 1, $2/$4 limit: Bob (small blind) raises [$3] to 4, Ann calls [$2]: 8; Bob's flop bet of 2 is
    # folded to and comes back inside "wins $10": pot 8, no rake: Bob +4, Ann -4.
    # Hand 2: Ann folds her small blind; Bob's "wins $3" is the pot of 2 and his 1 returned: Bob +1, Ann -1.
    items = list(read(DATA / "partypoker" / "announced_first_hand.txt"))
    assert [type(item) for item in items] == [HandRecord, HandRecord]
    first, second = (analyze(item) for item in items)
    assert first.item.line == 3 and first.item.hand_id == "30000000001"
    assert first.outcome is HandStatus.VERIFIED and _nets(first) == {"Ann": -400, "Bob": 400}
    assert second.outcome is HandStatus.VERIFIED and _nets(second) == {"Ann": -100, "Bob": 100}


def test_party_announcement_alone_is_still_reported_and_a_broken_hand_keeps_its_number() -> None:
    alone = list(read("Game #30000000009 starts.\n"))
    assert len(alone) == 1 and isinstance(alone[0], SkippedHand) and alone[0].kind is SkipKind.UNREADABLE
    text = (DATA / "partypoker" / "announced_first_hand.txt").read_text(encoding="utf-8")
    # a line Party does not write, in the first hand: its number comes from "***** Hand History for Game N"
    items = list(read(text.replace("Ann checks\n", "Ann chxcks\n", 1).replace("#Game No : 30000000001 \n", "", 1)))
    assert isinstance(items[0], SkippedHand) and items[0].hand_id == "30000000001", items[0]
    assert isinstance(items[1], HandRecord)


def test_a_rake_larger_than_the_pot_is_a_mismatch_not_an_engine_error() -> None:
    # Hand 1 without its "Bob wins $10 USD" line: nothing is paid, so the rake Party leaves unstated is all
    # that was put in, 1 + 3 + 2 + 2 + 2 = $10, while the pot after Bob's folded-to bet of 2 comes back is 8.
    # The engine cannot take 10 from a pot of 8: the hand is a mismatch with that reason, and reading its
    # status or all-in EV raises nothing.
    text = (DATA / "partypoker" / "announced_first_hand.txt").read_text(encoding="utf-8")
    record = next(iter(read(text.replace("Bob wins $10 USD\n", "", 1))))
    assert isinstance(record, HandRecord) and record.rake == 1000
    assert record.status.startswith("mismatch") and "cannot settle" in record.status, record.status
    assert record.allin_ev() is None


# ------------------------------------------------------------ Bovada


def test_bovada_limit_stakes_raise_totals_without_street_lines_and_admin_forms() -> None:
    # Hand 1, a fixed-limit tournament at level (75/150): the blinds, so the bets are 150 and 300. No
    # street lines; "Raises X" is the street total X. Pre-flop: the small blind is all-in for 90 (75 +
    # 15), Big Blind and UTG 150 each. Flop: bet 150, raise to 300, call. Turn: bet 300, raises to 600,
    # 900, 1200, call 300. River: bet 300, raise to 600, call 300. Big Blind and UTG put in 150 + 300 +
    # 1200 + 600 = 2250 each. Main pot 90 x 3 = 270, side pot 4590 - 270 = 4320; both hold jacks full of
    # tens (J-T with Ts Jd Js) and split both: 135 + 2160 = 2295 each, +45; the small blind -90 (no low:
    # the board has only 5d 5c below 9). "Folds(timeout)", "Hand Result-Side Pot", "Ranking", "Stand".
    # Hand 2, 2014 cash: "Ante/Small Blind", a dealer line and "Seat stand" without a name (the button is
    # then the seat before the small blind). 0.05 each pre-flop, 0.10, 0.30 and 0.45 each after: 1.80;
    # the Small Blind's kings full take 1.71: rake 0.09; +0.81, Big Blind -0.90.
    first, second, _ = _reports(DATA / "bovada" / "limit_totals_and_nameless_lines.txt")
    assert first.outcome is HandStatus.VERIFIED and first.item.limit == "Limit" and first.item.stakes == (150, 300)
    assert _nets(first) == {"Dealer": 0, "Small Blind [ME]": -90, "Big Blind": 45, "UTG": 45}
    assert [a.to for a in first.item.actions if a.kind == "raise"] == [300, 600, 900, 1200, 600]
    assert [a.street for a in first.item.actions if a.kind == "raise"] == [1, 2, 2, 2, 3]
    assert second.outcome is HandStatus.VERIFIED and second.item.rake == 9
    assert _nets(second) == {"UTG": 0, "Small Blind": 81, "Big Blind [ME]": -90} and second.item.button == 4


def test_bovada_takes_the_rake_from_each_pot() -> None:
    # Hand 3: the Small Blind is all-in for 0.50 pre-flop, Big Blind and Dealer call: a main pot of 1.50;
    # on the flop they put in 1 each: a side pot of 2. The results pay 1.43 (main, the Small Blind's kings
    # and 8-5-3-2-A low scoop it) and 1.90 (side, the Dealer's queens and 8-5-4-2-A scoop it): rake 0.07 of
    # the main pot and 0.10 of the side pot, 0.17. Taken from the main pot first it would pay 1.33 and 2.00.
    # Nets: Small Blind 1.43 - 0.50 = +0.93, Dealer 1.90 - 1.50 = +0.40, Big Blind -1.50.
    third = _reports(DATA / "bovada" / "limit_totals_and_nameless_lines.txt")[2]
    assert third.outcome is HandStatus.VERIFIED and third.item.rake == 17 and third.item.pots == (143, 190)
    assert _nets(third) == {"Small Blind": 93, "Big Blind": -150, "Dealer [ME]": 40}


def test_bovada_a_raise_total_below_the_bet_is_refused() -> None:
    # with street lines, "Raises X" goes to X: after calling 0.10 on the flop, "Raises $0.10" raises nothing
    text = (DATA / "bovada" / "limit_totals_and_nameless_lines.txt").read_text(encoding="utf-8")
    call = "Big Blind  [ME] : Calls $0.10 \n"
    items = list(read(text.replace(call, call + "Big Blind  [ME] : Raises $0.10\n", 1)))
    assert isinstance(items[1], SkippedHand) and items[1].kind is SkipKind.UNREADABLE, items[1]
    assert "is not more than" in items[1].reason


# ------------------------------------------------------------ Everleaf


def test_everleaf_fixed_limit_names_its_bets() -> None:
    # "$0.50/$1 Omaha Hi/Lo": blinds 0.25/0.50, bets 0.50 and 1. Hand 1: Bob completes, Ann raises [0.50]
    # to 1, Bob calls: 2; Ann's flop bet of 0.50 goes back (Everleaf prints no return); she wins 1.90:
    # rake 0.10, Ann +0.90, Bob -1. Hand 2: 1 + 1 (flop) + 2 (river) = 4, rake 0.20, halves of 1.90: high to
    # Ann's three fours (4h 4d with 4s Ah Jd), low to Bob's 6-4-3-2-A (3c 6h with Ah 2s 4s): -0.10 each.
    first, second = _reports(DATA / "everleaf" / "fixed_limit.txt")
    assert first.outcome is HandStatus.VERIFIED and first.item.limit == "Limit"
    assert first.item.stakes == (50, 100) and _nets(first) == {"Ann": 90, "Bob": -100} and first.item.rake == 10
    assert second.outcome is HandStatus.VERIFIED and _nets(second) == {"Ann": -10, "Bob": -10}
    # another fixed-limit game is written the same way ("$0.05/$0.10 7 Card Stud - 2011/07/08 - 00:08:53" in a
    # real file): another game, not an unreadable hand
    text = DATA.joinpath("everleaf", "fixed_limit.txt").read_text()
    for game in ("Hold'em", "7 Card Stud", "Omaha"):
        other = list(read(text.replace("$0.50/$1 Omaha Hi/Lo", f"$0.50/$1 {game}", 1)))
        assert isinstance(other[0], SkippedHand) and other[0].kind is SkipKind.OTHER_GAME, other[0]
        assert other[0].reason == f"{game} is not Omaha Hi/Lo", other[0]
    # a label that names no game is still refused
    odd = list(read(text.replace("$0.50/$1 Omaha Hi/Lo", "$0.50/$1 Omahx Hi/Lo", 1)))
    assert isinstance(odd[0], SkippedHand) and odd[0].kind is SkipKind.UNREADABLE, odd[0]


# ------------------------------------------------------------ PKR


def test_pkr_cash_rake_line_and_tied_pots() -> None:
    # Hand 1, $1/$2 real money: Ann raises to 6, Bob calls: 12; flop 8 each: 28. "Taking Rake of $1":
    # 27, high 13.50 and low 13.50, each tied (both A-2-3-4-5 straights, both A2345 lows): 6.75 four
    # times. Ann 13.50 - 14 = -0.50, Bob -0.50; the stacks after ($99.50) agree.
    # Hand 2: 2 each pre-flop (6), Cyd bets 6 and Ann calls on the flop (18); Cyd's river bet of 10 comes
    # back; rake 0.90, Cyd wins 17.10: +9.10 (109.10 after), Ann -8, Bob -2.
    first, second = _reports(DATA / "pkr" / "cash_ties_and_rake.txt")
    assert first.outcome is HandStatus.VERIFIED and first.item.currency == "USD" and first.item.rake == 100
    assert first.item.date == "26 Aug 2011 11:24:50"
    assert _nets(first) == {"Ann": -50, "Bob": -50, "Cyd": 0}
    assert second.outcome is HandStatus.VERIFIED and second.item.rake == 90
    assert _nets(second) == {"Ann": -800, "Bob": -200, "Cyd": 910}
    text = (DATA / "pkr" / "cash_ties_and_rake.txt").read_text(encoding="utf-8")
    bad = list(read(text.replace("Seat 1: Ann - $99.50\nSeat 5", "Seat 1: Ann - $99.60\nSeat 5", 1)))
    assert isinstance(bad[0], SkippedHand) and "contradict" in bad[0].reason, bad[0]
    play = list(read(text.replace("REAL MONEY", "PLAY MONEY")))
    assert all(isinstance(i, SkippedHand) and i.kind is SkipKind.NOT_REPLAYED for i in play)


# ------------------------------------------------------------ Winning, older format


def test_winning_disconnected_all_in_protection_is_not_replayed() -> None:
    # the site keeps a disconnected player in the pots he paid into without calling a bet: the engine does
    # not play that rule, so the hand is skipped with the reason, never replayed as something else
    text = (DATA / "winning" / "old_format.txt").read_text(encoding="utf-8")
    items = list(read(text.replace("Player Bob calls (0.75)\n",
                                   "Player Bob is disconnected and ALL IN.\nPlayer Bob allin\n", 1)))
    assert isinstance(items[0], SkippedHand) and items[0].kind is SkipKind.NOT_REPLAYED, items[0]
    assert items[0].line == 29 and "all-in protection" in items[0].reason
    assert all(isinstance(item, HandRecord) for item in items[1:]) and len(items) > 1


def test_winning_all_in_no_one_can_call_is_the_call_it_amounts_to() -> None:
    # Hand 1, 1/2 pot limit. Pre-flop Ida calls 2, Jon completes, Kim checks: 6. Flop: Kim bets 6, Ida pushes her
    # last 18 (a raise to 18), Jon pushes 198: Ida is all-in at 18 and Kim can reach 6 + 8 = 14 only, so
    # no one can call more than 18: Jon calls 18 and the other 180 is no part of the hand (the file returns
    # exactly that: "Uncalled bet (180)"). Kim calls all-in for 8 (to 14).
    # Put in: Ida 20, Jon 20, Kim 16 = 56, the file's pot. Main pot 16 x 3 = 48, side pot 4 x 2 = 8.
    # Board 2c 5d 8h Kc Qs: Jon's kings win the high of both pots (24 + 4), Ida's 8-5-3-2-A low both
    # lows (24 + 4; Jon's 8-6-5-4-2 is worse, Kim has none): Ida 28 - 20 = +8, Jon +8, Kim -16 (cents x100).
    # Hand 2 (no limit, see below): antes of 1 ("Player Ida ante (1)", as the real tournament file writes
    # them), Jon raises to 10 and Ida folds her big blind: 8 comes back, Jon collects 6 (+3, Ida -3).
    # Its cards are dealt as a 2016 file (of another game) writes them: "received a card: [Jc]" for the
    # hero, "received card." for the others.
    path = DATA / "winning" / "all_in_no_one_can_call.txt"
    report = _reports(path)[0]
    assert report.outcome is HandStatus.VERIFIED, report.status
    assert _nets(report) == {"Ida": 800, "Jon": 800, "Kim": -1600}
    second = _reports(path)[1]
    assert second.outcome is HandStatus.VERIFIED and _nets(second) == {"Ida": -300, "Jon": 300}
    assert [(p.name, p.kind, p.amount) for p in second.item.posts[:2]] == [("Ida", "ante", 100), ("Jon", "ante", 100)]
    assert second.item.hero == "Ida" and len(dict(second.item.dealt)["Ida"]) == 4
    record = report.item
    assert [(a.name, a.kind, a.amount) for a in record.actions[-3:]] == [
        ("Ida", "raise", 1800), ("Jon", "call", 1800), ("Kim", "call", 800)]
    assert record.uncalled == () and record.allin_ev() is not None
    # a return smaller than the part of the push no one could call contradicts the push
    text = path.read_text(encoding="utf-8")
    item = next(read(text.replace("Uncalled bet (180)", "Uncalled bet (170)", 1)))
    assert isinstance(item, SkippedHand) and item.kind is SkipKind.UNREADABLE and item.line == 30
    assert "less than the part of his all-in no one could call" in item.reason
    # a return larger than the excess keeps the rest as a returned bet: here it contradicts the summary's bets
    item = next(read(text.replace("Uncalled bet (180)", "Uncalled bet (181)", 1)))
    assert isinstance(item, SkippedHand) and "the summary says Jon bet 20" in item.reason
    # when a player could still call more, the push stays a raise (and the engine judges it): Kim with 200
    more = text.replace("Seat 3: Kim (16).", "Seat 3: Kim (200).")
    record = next(read(more))
    assert isinstance(record, HandRecord)
    assert [(a.name, a.kind, a.to) for a in record.actions if a.name == "Jon"][-1] == ("Jon", "raise", 19800)


def test_winning_old_first_line_summary_names_the_limit_and_the_tournament() -> None:
    # "Game started at: DATE *** Summary: GameType: NL, TournamentId: N, TournamentBuyIn: B" (a real 2018
    # NLO8 tournament file): no limit. Hand 2 of the fixture: Jon, small blind 1, raises 9 more to 10 heads-up,
    # over the pot limit (antes 2 and blinds 3, his call of 1: a pot of 6, so at most to 8); Ida folds.
    path = DATA / "winning" / "all_in_no_one_can_call.txt"
    text = path.read_text(encoding="utf-8")
    first, second = read(text)
    assert isinstance(first, HandRecord) and first.limit == "Pot Limit" and first.tournament_id is None
    assert isinstance(second, HandRecord) and second.limit == "No Limit" and second.tournament_id == "700000001"
    assert second.date == "2018/3/9 20:42:05" and second.reconcile().status == "verified"
    # without the summary the game is pot limit, and the engine refuses the raise to 10
    plain = text.replace(" *** Summary: GameType: NL, TournamentId: 700000001, TournamentBuyIn: 5.50", "")
    second = list(read(plain))[1]
    assert isinstance(second, HandRecord) and second.limit == "Pot Limit"
    assert "above the pot-limit maximum" in second.reconcile().status
    # fixed limit: not replayed, with the reason; a game type the format does not name is unreadable
    fixed = list(read(text.replace("GameType: NL", "GameType: FL")))[1]
    assert isinstance(fixed, SkippedHand) and fixed.kind is SkipKind.NOT_REPLAYED and "GameType: FL" in fixed.reason
    odd = text.replace("GameType: NL", "GameType: XL")
    bad = list(read(odd))[1]
    assert isinstance(bad, SkippedHand) and bad.kind is SkipKind.UNREADABLE and "XL" in bad.reason
    line = odd.splitlines()[bad.line - 1]
    assert line[bad.column - 1:].startswith("XL, TournamentId"), (line, bad.column)


# ------------------------------------------------------------ Absolute Poker


def test_absolute_poker_is_recognised_and_skipped_hand_by_hand() -> None:
    hand = ("Stage #1828549717: Omaha Hi/Lo (1 on 1)  Normal $30/$60 - 2009-12-31 18:23:36.005 (ET)\n"
            "Table: Linden Ct (Real Money) Seat #6 is the dealer\nSeat 6 - Ann ($1,000 in chips)\n")
    items = list(read(hand + "\n" + hand.replace("1828549717", "1828549718")))
    assert len(items) == 2 and all(isinstance(item, SkippedHand) for item in items)
    assert [item.kind for item in items] == [SkipKind.OTHER_FORMAT] * 2  # type: ignore[union-attr]
    assert [item.site for item in items] == ["Absolute Poker"] * 2  # type: ignore[union-attr]
    assert [item.hand_id for item in items] == ["1828549717", "1828549718"]  # type: ignore[union-attr]


# ------------------------------------------------------------ Boss Media, 2012 export


def test_boss_media_root_line_is_no_hand_and_a_call_is_read_as_its_street_total() -> None:
    # <ROOT> (never closed) then one hand, EUR 0.05/0.10: Cyd raises to 0.35, Ann (small blind 0.05) writes
    # her call as VALUE="0.35", the street total: she adds 0.30, Bob folds his 0.10. Flop POT 0.80 =
    # 0.35 + 0.35 + 0.10 (read as 0.35 added the actions would put in 0.85). Checked down; board Kh Qs Jd 9c 9h
    # has no card of 8 or lower, so no low: Cyd (Ad Ah: aces and nines) takes the 0.80 less the 0.04 rake,
    # 0.76: +0.41; Ann (2d 3h 4s 5d: nines) -0.35, Bob -0.10; 41 - 35 - 10 = -4, the rake.
    items = list(read(DATA / "bossmedia" / "root_and_call_total.xml"))
    assert len(items) == 1 and isinstance(items[0], HandRecord), items
    report = analyze(items[0])
    assert report.outcome is HandStatus.VERIFIED and items[0].rake == 4
    assert _nets(report) == {"Ann": -35, "Bob": -10, "Cyd": 41}


def test_boss_media_a_call_above_the_bet_is_still_refused() -> None:
    # a call of 0.40 to a bet of 0.35 is neither the chips the small blind owes (0.30) nor the street total
    text = (DATA / "bossmedia" / "root_and_call_total.xml").read_text(encoding="utf-8")
    bad = list(read(text.replace('PLAYER="Ann" VALUE="0.35"', 'PLAYER="Ann" VALUE="0.40"', 1)))
    assert len(bad) == 1 and isinstance(bad[0], SkippedHand) and bad[0].kind is SkipKind.UNREADABLE, bad


# ------------------------------------------------------------ Microgaming, PRIMA.DAT export


def test_microgaming_export_wrapper_lines_are_no_part_of_any_hand() -> None:
    # the first two hands of split_and_fold.txt (results worked in test_histories_more_sites.py; ids 11 and 12 here
    # for 01 and 02, so a folder holding both files has no hand twice), each
    # between "----PRIMA.DAT----" and "ExtendedTableName: ..." lines: the same two hands, verified alike
    wrapped = _reports(DATA / "microgaming" / "export_wrapped.txt")
    plain = _reports(DATA / "microgaming" / "split_and_fold.txt")[:2]
    assert [r.outcome for r in wrapped] == [HandStatus.VERIFIED, HandStatus.VERIFIED], wrapped
    assert [r.item.hand_id for r in wrapped] == ["900000011", "900000012"]
    assert [_nets(r) for r in wrapped] == [_nets(r) for r in plain]
    # hand 1: lines 3-60 (after the wrapper and a blank); 61 blank, 62 ExtendedTableName, 63 blank,
    # 64 ----PRIMA.DAT----, 65 blank: hand 2 starts on line 66
    assert [r.item.line for r in wrapped] == [3, 66]


# ------------------------------------------------------------ OnGame, 2011


def test_ongame_2011_user_hero_cards_and_two_big_blinds_at_equal_stakes() -> None:
    # $0.50/$0.50, button seat 3: Ann (seat 1, the small blind's place) and Bob both write "posts big blind
    # ($0.50)"; Ann's is the small blind. Cyd raises to 1.50, Ann calls 1 (0.50 + 1 = 1.50), Bob folds:
    # pot 1.50 + 0.50 + 1.50 = 3.50. Ann's flop bet of 3 is folded to and comes back (not written). Rake
    # 0.15: Ann wins 3.35, net 3.35 - 1.50 = +1.85 (21.85 after); Bob -0.50, Cyd -1.50; 185 - 50 - 150 = -15.
    # Hand 2, button seat 1: Bob and Cyd "post big blind", Bob's the small blind; Ann raises to 1.50 and both
    # fold: 1 of it comes back (not written), the pot 0.50 x 3 = 1.50, no rake: Ann +1 (22.85), Bob and Cyd -0.50.
    items = list(read(DATA / "ongame" / "user_and_equal_blinds.txt"))
    assert len(items) == 2 and all(isinstance(i, HandRecord) for i in items), items
    report, second = analyze(items[0]), analyze(items[1])
    assert report.outcome is HandStatus.VERIFIED and items[0].rake == 15 and items[0].hero == "Ann"
    assert [p.kind for p in items[0].posts] == ["small_blind", "big_blind"]
    assert _nets(report) == {"Ann": 185, "Bob": -50, "Cyd": -150}
    assert second.outcome is HandStatus.VERIFIED and items[1].rake == 0
    assert [(p.name, p.kind) for p in items[1].posts] == [("Bob", "small_blind"), ("Cyd", "big_blind")]
    assert _nets(second) == {"Ann": 100, "Bob": -50, "Cyd": -50}
    # a user who is not the player dealt the cards is refused, with the line
    text = (DATA / "ongame" / "user_and_equal_blinds.txt").read_text(encoding="utf-8")
    bad = list(read(text.replace("User: Ann", "User: Bob", 1)))
    assert isinstance(bad[0], SkippedHand) and bad[0].kind is SkipKind.UNREADABLE and bad[0].line == 4, bad


def test_pkr_a_hand_without_its_blinds_line_is_refused() -> None:
    # without "Blinds are now 10 / 20" the hand has no stakes: refused, never replayed at blinds of 0
    text = (DATA / "pkr" / "side_pot_quartered.txt").read_text(encoding="utf-8")
    items = list(read(text.replace("Blinds are now 10 / 20\n", "", 1)))
    assert any(isinstance(i, SkippedHand) and "Blinds are now" in i.reason for i in items), items
    assert not any(isinstance(i, HandRecord) and i.stakes == (0, 0) for i in items), items


# ------------------------------------------------------------ KingsClub, a short all-in


def test_kingsclub_chips_back_without_a_wins_line_are_read_from_the_stacks_after() -> None:
    # Hand 1, limit 40/80 (blinds 20/40): Bob calls all-in for 10, Cyd folds her small blind of 20. Ann's
    # big blind of 40 is called to 20 only: 20 comes back to her. The main pot is 10 x 3 = 30; the side pot,
    # 10 each from Ann and Cyd, is Ann's alone (Cyd folded). Board Kc 7d Jh Tc 3s: two low cards only, no
    # low; Bob's jack-high straight (9d 8h with Jh Tc 7d) beats Ann's kings: Bob wins the 30.
    # The file writes "Bob wins pot (30)" and no line for Ann's 20 + 20; her stack after, 1,000, says she
    # got all 40 back: 1,000 - 40 + 40. Nets: Bob 30 - 10 = +20, Cyd -20, Ann 0; no rake.
    # Hand 2: Ann folds her small blind of 20; "Cyd wins pot (60)" counts his 40 back: Cyd +20, Ann -20,
    # and both stacks after (980 and 2,000) agree with the lines.
    items = list(read(DATA / "kingsclub" / "short_all_in_and_unwritten_return.txt"))
    assert isinstance(items[0], HandRecord) and analyze(items[0]).outcome is HandStatus.VERIFIED
    assert _nets(analyze(items[0])) == {"Ann": 0, "Bob": 2000, "Cyd": -2000}
    assert ("Ann", 4000) in [(c.name, c.amount) for c in items[0].collected] and items[0].rake == 0
    assert isinstance(items[1], HandRecord) and analyze(items[1]).outcome is HandStatus.VERIFIED
    assert _nets(analyze(items[1])) == {"Ann": -2000, "Cyd": 2000}
    # "Limit Omaha" (high only; real files deal it on two boards) is another game
    text = (DATA / "kingsclub" / "short_all_in_and_unwritten_return.txt").read_text(encoding="utf-8")
    other = list(read(text.replace("#40000004: Limit Omaha Hi-Lo", "#40000004: Limit Omaha", 1)))
    assert isinstance(other[1], SkippedHand) and other[1].kind is SkipKind.OTHER_GAME, other[1]
    # a stack after the hand lower than the lines leave (1,000 - 40 = 960) contradicts them: refused at the
    # stack's line (19) with both amounts
    bad = list(read(text.replace("Seat 1: Ann (1,000)\nSeat 2: Bob (30)", "Seat 1: Ann (950)\nSeat 2: Bob (30)", 1)))
    assert isinstance(bad[0], SkippedHand) and bad[0].kind is SkipKind.UNREADABLE, bad[0]
    assert bad[0].line == 19 and "contradict" in bad[0].reason, bad[0]
    assert "Ann 950 after" in bad[0].reason and "lines 960:" in bad[0].reason, bad[0]


# ------------------------------------------------------------ 888poker, high-only Omaha


def test_888_fixed_limit_omaha_high_only_is_another_game() -> None:
    # 888 writes its fixed-limit high-only Omaha "Fix Limit Omaha" (hi/lo is "Fix Limit OmahaHL"): the hand
    # is another game, skipped as such, and the next hand is read as before (results in the test above)
    text = (DATA / "888" / "with_a_fold_before_the_deal.txt").read_text(encoding="utf-8")
    items = list(read(text.replace("Blinds Fix Limit OmahaHL", "Blinds Fix Limit Omaha", 1)))
    assert isinstance(items[0], SkippedHand) and items[0].kind is SkipKind.OTHER_GAME, items[0]
    assert "Fix Limit Omaha is not Omaha Hi/Lo" in items[0].reason and items[0].site == "888poker"
    assert isinstance(items[1], HandRecord) and analyze(items[1]).outcome is HandStatus.VERIFIED
    # a label that names no game is still refused, at its column
    odd = list(read(text.replace("Blinds Fix Limit OmahaHL", "Blinds Fix Limit Omahx", 1)))
    assert isinstance(odd[0], SkippedHand) and odd[0].kind is SkipKind.UNREADABLE and odd[0].column == 14, odd[0]


# ------------------------------------------------------------ Microgaming, version 2


def test_microgaming_version_2_deals_the_hero_his_cards_in_the_gameplay() -> None:
    # Hand 1, version 2, EUR 1/2 pot limit: Cyd (the hero, seat 4) gets 8d 6d Kh Qh in a DealCards action.
    # Bob's small blind 1, Cyd's big blind 2; Ann raises 6, Bob folds, Cyd calls 4: 6 + 6 + 1 = 13. Flop:
    # Ann bets 10, Cyd calls: 33. River: Cyd bets 20, Ann calls: 73. Rake 2.00 (rake="200"): 71, halves of
    # 35.50. Board 3d Kc 7s 9h 4s: Cyd's kings (Kh Qh with Kc) the high; Ann's 7-4-3-2-A (Ad 2h with 3d 7s
    # 4s) the low, Cyd's 8-7-6-4-3 second. Nets: Ann 35.50 - 36 = -0.50, Cyd -0.50, Bob -1; sum -2, the rake.
    # Hand 2: Bob raises 6 over the blinds (Cyd 1, Ann 2); both fold: version 2 writes no MoneyReturned for
    # the 4 no one called and pays it in the win, 9.00 (a 2012 hold'em file's big blind wins its own uncalled
    # part so): the pot is 5, Bob +3, Ann -2, Cyd -1. Every endbalance agrees (Bob 99 - 6 + 9 = 102).
    # Hand 3: Cyd raises 7, Ann (small blind 1) calls 6, Bob folds his 2: 16. Flop: Ann bets 16, Cyd is all-in
    # for his last 10; version 2 writes the 6 no one called as <Action type="MoneyReturned" seat="2">. The pot
    # is 17 + 17 + 2 = 36, rake 1.00: Ann's jacks (Jc Js with Jh) and 7-5-3-2-A (Ac 3d with 2c 5d 7c) take
    # 35.00 (endbalance 97.50 - 23 + 6 + 35 = 115.50): Ann +18, Bob -2, Cyd -17; sum -1, the rake.
    items = list(read(DATA / "microgaming" / "version_2.txt"))
    assert len(items) == 3 and all(isinstance(i, HandRecord) for i in items), items
    third = analyze(items[2])
    assert third.outcome is HandStatus.VERIFIED and items[2].uncalled == (("Ann", 600),) and items[2].rake == 100
    assert _nets(third) == {"Ann": 1800, "Bob": -200, "Cyd": -1700}
    first, second = analyze(items[0]), analyze(items[1])
    assert first.outcome is HandStatus.VERIFIED and items[0].rake == 200 and items[0].hero == "Cyd"
    assert _nets(first) == {"Ann": -50, "Bob": -100, "Cyd": -50}
    assert second.outcome is HandStatus.VERIFIED and _nets(second) == {"Ann": -200, "Bob": 300, "Cyd": -100}
    assert items[1].returns == "in collected" and items[2].returns == "lines"
    assert any(text == "Bob mucks" for _, text in items[1].messages)  # <Action type="MuckCards" seat="3"/>
    from omaha8.cards import format_cards
    assert format_cards(dict(items[1].dealt)["Cyd"]) == "Tc Td 5h 5c"
    text = (DATA / "microgaming" / "version_2.txt").read_text(encoding="utf-8")
    # a post to play is not replayed (the files disagree on what it puts in), with the reason
    posted = list(read(text.replace('<Action seq="2" type="BigBlind" seat="4" value="2.00"/>',
                                    '<Action seq="2" type="BigBlind" seat="4" value="2.00"/>\n'
                                    '      <Action seq="2" type="PostedToPlay" seat="2" value="2.00"/>', 1)))
    assert isinstance(posted[0], SkippedHand) and posted[0].kind is SkipKind.NOT_REPLAYED, posted[0]
    # another version, or none, is still refused by name
    other = list(read(text.replace('hhversion="2"', 'hhversion="3"', 1)))
    assert isinstance(other[0], SkippedHand) and "hhversion='3'" in other[0].reason, other[0]
    none = list(read(text.replace('<Game hhversion="2" ', '<Game ', 1)))
    assert isinstance(none[0], SkippedHand) and none[0].kind is SkipKind.UNREADABLE, none[0]
    assert "no hhversion" in none[0].reason and none[0].site == "Microgaming", none[0]
    # a hand of another game is that, whatever its version (a 2011 hold'em file's <Game> has none)
    holdem = list(read(text.replace('<Game hhversion="2" ', '<Game ', 1).replace(
        'gametypeid="51" gametype="Omaha H/L"', 'gametypeid="1" gametype="Hold&apos;em"', 1)))
    assert isinstance(holdem[0], SkippedHand) and holdem[0].kind is SkipKind.OTHER_GAME, holdem[0]


# ------------------------------------------------------------ Boss Media, a dead small blind


def test_boss_media_dead_small_blind_is_dead_money() -> None:
    # CAD 0.05/0.10: Ann the small blind, Bob the big blind, and Cyd, coming in, posts both a dead small blind
    # (KIND="HAND_DSB", 0.05) and a big blind (0.10). Cyd raises to 0.40 (0.30 more: the live big blind is
    # his bet, the dead 0.05 is not), Dee folds, Ann calls 0.35, Bob folds: the flop's POT 0.95 = 0.40 +
    # 0.40 + 0.10 + 0.05. Cyd's flop bet of 0.50 is folded to (not printed back). Rake 0.04: Cyd wins 0.91.
    # Nets: Cyd 0.91 - 0.45 = +0.46, Ann -0.40, Bob -0.10, Dee 0; sum -0.04, the rake.
    items = list(read(DATA / "bossmedia" / "dead_small_blind.xml"))
    assert len(items) == 1 and isinstance(items[0], HandRecord), items
    report = analyze(items[0])
    assert report.outcome is HandStatus.VERIFIED and items[0].rake == 4 and items[0].currency == "CAD"
    assert [(p.name, p.kind, p.amount) for p in items[0].posts][2:] == [("Cyd", "dead", 5), ("Cyd", "big_blind", 10)]
    assert _nets(report) == {"Ann": -40, "Bob": -10, "Cyd": 46, "Dee": 0}
    # without the dead blind the flop's POT (0.95) is more than the chips put in: refused, not replayed
    text = (DATA / "bossmedia" / "dead_small_blind.xml").read_text(encoding="utf-8")
    dead = '<ACTION TYPE="HAND_BLINDS" PLAYER="Cyd" KIND="HAND_DSB" VALUE="0.05"></ACTION>\n'
    bad = list(read(text.replace(dead, "")))
    assert isinstance(bad[0], SkippedHand) and bad[0].kind is SkipKind.UNREADABLE, bad[0]


# ------------------------------------------------------------ Merge, a fixed-limit cash game


def test_merge_fixed_limit_cash_game_derives_its_rake() -> None:
    # Hand 1, gametype 35, "Limit $0.50/$1.00" (blinds 0.25/0.50; balances written after the blinds: 20.00
    # each before). Cyd calls 0.50, Ann completes 0.25, Bob checks: 1.50. Flop Ah 2d 8c: Ann bets 0.50, Bob
    # calls, Cyd folds: 2.50. Turn Kc: Bob bets 1.00, Ann calls: 4.50. Checked down (Qd). Bob's kings (Kh Ks
    # with Kc) the high, Ann's 8-4-3-2-A (3h 4h with Ah 2d 8c) the low; the winners take 2.14 each, so the
    # rake is 4.50 - 4.28 = 0.22. Nets: Ann 2.14 - 2.00 = +0.14, Bob +0.14, Cyd -0.50; sum -0.22.
    # Hand 2, no description (the file's second): bets the big blind and twice it, 0.50/1.00. Ann raises to
    # 1.00, both blinds fold: her 0.50 no one called comes back unwritten; she wins 1.25 (0.25 + 0.50 +
    # 0.50): 1.75 in, 0.50 back, 1.25 won: no rake. Ann +0.75, Bob -0.25, Cyd -0.50.
    items = list(read(DATA / "merge" / "cash_fixed_limit.txt"))
    assert len(items) == 2 and all(isinstance(i, HandRecord) for i in items), items
    first, second = analyze(items[0]), analyze(items[1])
    assert first.outcome is HandStatus.VERIFIED and items[0].limit == "Limit" and items[0].stakes == (50, 100)
    assert items[0].rake == 22 and items[0].currency == "USD" and items[0].tournament_id is None
    assert [s.stack for s in items[0].seats] == [2000, 2000, 2000]
    assert _nets(first) == {"Ann": 14, "Bob": 14, "Cyd": -50}
    assert second.outcome is HandStatus.VERIFIED and items[1].stakes == (50, 100) and items[1].rake == 0
    assert _nets(second) == {"Ann": 75, "Bob": -25, "Cyd": -50}
    # winners paid more than the pot holds contradict the lines
    text = (DATA / "merge" / "cash_fixed_limit.txt").read_text(encoding="utf-8")
    bad = list(read(text.replace('<winner amount="1.25"', '<winner amount="1.80"', 1)))
    assert isinstance(bad[1], SkippedHand) and "contradict" in bad[1].reason, bad[1]
    # a gametype that is not the description's limit is refused
    odd = list(read(text.replace('gametype="35"', 'gametype="37"', 1)))
    assert isinstance(odd[0], SkippedHand) and odd[0].kind is SkipKind.UNREADABLE, odd[0]


# ------------------------------------------------------------ Winning, a tournament named in the header


def test_winning_tournament_named_before_its_number_and_a_spaced_limit() -> None:
    # Hand 1, "$1,000 GTD Tournament #90000011", level 2 (100/200), antes of 25: 75. Ann raises to 600, Bob
    # folds his 100, Cyd calls 400 more: 75 + 100 + 600 + 600 = 1,375. Ann's flop bet of 700 comes back;
    # "did not show and won 1375.00". Nets: Ann 1,375 - 625 = +750, Bob -125, Cyd -625; no rake.
    # Hand 2, "Omaha H/L (Pot Limit)" with a space (later files), " - " before the date: antes 75, three
    # players in for 200: 675. Board 2s 4c 9h Td 3d: Ann's nines (9s 9c with 9h) the high, 338 with the odd
    # chip; Bob's 7-4-3-2-A (As 7s with 2s 4c 3d) the low, 337. Ann +113, Bob +112, Cyd -225.
    # Hand 3, as 2021 tournament files write it: Dee "will be allowed to play after the button" (seated, no
    # chips written, not dealt in), the antes (75) before "*** HOLE CARDS ***" and the blinds after it. Ann
    # (small blind 150) raises to 900, Bob folds his 300: 600 comes back; the pot is 75 + 300 + 300 = 675.
    # Ann 675 - 325 = +350, Bob -325, Cyd -25 (his ante); Dee is in no row.
    items = list(read(DATA / "winning" / "named_tournament.txt"))
    assert len(items) == 3 and all(isinstance(i, HandRecord) for i in items), items
    first, second, third = analyze(items[0]), analyze(items[1]), analyze(items[2])
    assert third.outcome is HandStatus.VERIFIED and _nets(third) == {"Ann": 350, "Bob": -325, "Cyd": -25}
    assert [s.name for s in items[2].seats] == ["Ann", "Bob", "Cyd"] and items[2].stakes == (150, 300)
    assert [p.kind for p in items[2].posts] == ["ante"] * 3 + ["small_blind", "big_blind"]
    assert first.outcome is HandStatus.VERIFIED and items[0].tournament_id == "90000011" and items[0].level == "2"
    assert items[0].stakes == (100, 200) and _nets(first) == {"Ann": 750, "Bob": -125, "Cyd": -625}
    assert second.outcome is HandStatus.VERIFIED and _nets(second) == {"Ann": 113, "Bob": 112, "Cyd": -225}
    assert items[1].date == "2022/07/11 01:13:02 UTC"
    text = (DATA / "winning" / "named_tournament.txt").read_text(encoding="utf-8")
    # the summary line of a winner who did not show may carry his place: read the same
    marked = list(read(text.replace("Seat 1: Ann did not show", "Seat 1: Ann (button) did not show", 1)))
    assert analyze(marked[0]).outcome is HandStatus.VERIFIED and _nets(analyze(marked[0]))["Ann"] == 750
    # a hold'em tournament so named is another game, not an unreadable hand
    holdem = list(read(text.replace("Omaha H/L(Pot Limit)", "Holdem(No Limit)", 1)))
    assert isinstance(holdem[0], SkippedHand) and holdem[0].kind is SkipKind.OTHER_GAME, holdem[0]
    # a post after the first action is still refused, and so is an action by the waiting player
    late = list(read(text.replace("Cyd folds\nAnn raises 750.00",
                                  "Cyd folds\nCyd posts ante 25.00\nAnn raises 750.00", 1)))
    assert isinstance(late[2], SkippedHand) and "post after the hole cards" in late[2].reason, late[2]
    waiting = list(read(text.replace("Cyd folds\nAnn raises 750.00", "Cyd folds\nDee folds\nAnn raises 750.00", 1)))
    assert isinstance(waiting[2], SkippedHand) and waiting[2].kind is SkipKind.UNREADABLE, waiting[2]
    # a tournament number that is not one is still refused at its column
    bad = list(read(text.replace("Tournament #90000011 - Omaha H/L(", "Tournament #9000x011 - Omaha H/L(", 1)))
    assert isinstance(bad[0], SkippedHand) and bad[0].kind is SkipKind.UNREADABLE, bad[0]


# ------------------------------------------------------------ Winning, the pots listed as "Side pot(1)"


def test_winning_side_pot_lines_as_2023_files_write_them() -> None:
    # Hand 1, $0.10/$0.20 pot limit: Ann all-in for 0.60, Bob and Cyd call: a main pot of 1.80, rake 0.09
    # (listed "Main pot $1.71 | Rake $0.09"). Flop: Bob bets 1, Cyd calls: "Side pot(1) $2.00 | Rake $0.00",
    # as the 2023 files list their side pots. Board 3h 7d Kh 4c 9s: Cyd's straight (5h 6h with 3h 4c 7d) the
    # high of both pots; Ann's 7-4-3-2-A (As 2s) the main pot's low, Cyd's 7-6-5-4-3 the side pot's (Bob has
    # none): main 1.71 = 0.86 Cyd (odd cent high) + 0.85 Ann; side 2.00 Cyd ("from side pot-1").
    # Nets: Ann 0.85 - 0.60 = +0.25, Bob -1.60, Cyd 2.86 - 1.60 = +1.26; sum -0.09, rake 0.07 + fee 0.02.
    # Hand 2: a walk, Ann "did not show and won $0.30": +0.10, Cyd -0.10.
    first, second = _reports(DATA / "winning" / "side_pot_lines.txt")
    assert first.outcome is HandStatus.VERIFIED and first.item.rake == 9
    assert _nets(first) == {"Ann": 25, "Bob": -160, "Cyd": 126}
    assert [(c.name, c.amount, c.pot) for c in first.item.collected][2] == ("Cyd", 200, "side pot-1")
    assert any(text.startswith("Side pot(1)") for _, text in first.item.messages)
    assert second.outcome is HandStatus.VERIFIED and _nets(second) == {"Ann": 10, "Bob": 0, "Cyd": -10}


# ------------------------------------------------------------ PokerStars, an export's numbering lines


def test_pokerstars_numbering_lines_of_an_export_are_no_part_of_any_hand() -> None:
    # an exported file numbers its hands, a line before each ("*********** # 2 **************"): the same
    # hands are read, with the same results, and no line is reported as a hand of its own (the results of
    # these two hands: tests/histories/test_histories_sites.py and allin_flop_fold_turn.txt's test)
    first = (DATA / "pokerstars" / "allin_flop_fold_turn.txt").read_text(encoding="utf-8")
    second = (DATA / "malformed_mid_file.txt").read_text(encoding="utf-8").split("\n\n\n")[0]
    plain = list(read(first.rstrip("\n") + "\n\n\n" + second + "\n"))
    numbered = list(read("*********** # 1 **************\n" + first.rstrip("\n")
                         + "\n\n*********** # 2 **************\n" + second + "\n"))
    assert [type(i).__name__ for i in numbered] == ["HandRecord", "HandRecord"], numbered
    assert [(i.hand_id, i.status) for i in numbered] == [(i.hand_id, i.status) for i in plain]
    assert [_nets(analyze(i)) for i in numbered] == [_nets(analyze(i)) for i in plain]
    assert numbered[1].line == plain[1].line + 1  # its line in the file: after the numbering lines
    # a line of stars that does not number a hand is still no part of the format
    odd = list(read("*********** # two **************\n" + first))
    assert isinstance(odd[0], SkippedHand) and odd[0].kind is SkipKind.UNREADABLE, odd


# ------------------------------------------------------------ PartyPoker, stud written with no limit


def test_party_stud_written_without_a_limit_is_another_game() -> None:
    # PartyPoker writes stud with no limit word ("$0.50/$1 USD 7 Card Stud Hi-Lo - date", a real 2010 file):
    # another game, skipped as such; the hand after it is read as before (its results: test_histories_sites.py)
    text = (DATA / "partypoker" / "split_side_pot.txt").read_text(encoding="utf-8")
    for game in ("7 Card Stud Hi-Lo", "7 Card Stud", "Razz"):
        items = list(read(text.replace("$100 USD PL Omaha Hi-Lo", f"$0.50/$1 USD {game}", 1)))
        assert isinstance(items[0], SkippedHand) and items[0].kind is SkipKind.OTHER_GAME, items[0]
        assert items[0].reason == f"{game} is not Omaha Hi/Lo" and isinstance(items[1], HandRecord), items
    # Omaha Hi-Lo written without its limit is still refused: which limit cannot be told
    bad = list(read(text.replace("$100 USD PL Omaha Hi-Lo", "$100 USD Omaha Hi-Lo", 1)))
    assert isinstance(bad[0], SkippedHand) and bad[0].kind is SkipKind.UNREADABLE, bad[0]


# ------------------------------------------------------------ other games as the sites write them


def test_other_games_as_real_files_name_them_are_skipped_as_such() -> None:
    # the game names of real files of other games (a Winamax 8-game table's "7-Card Stud fixed limit",
    # OnGame's "LIMIT FIVE_CARD_DRAW" and "SEVEN_CARD_STUD", Boss Media's GAME="GAME_FCD", Merge's "5-Draw",
    # Bovada's "7CARD HiLo Fixed Limit"):
    # another game, never an unreadable hand; the fixtures' other hands are read as before
    cases = [
        ("winamax/split_side_pots.txt", "Omaha Hi/Lo pot limit (0.50€/1€)", "7-Card Stud fixed limit (5€/25€/50€)",
         "7-Card Stud fixed limit"),
        ("ongame/split_and_fold.txt", "(POT_LIMIT OMAHA_HI_LO $0.50/$1,", "(LIMIT FIVE_CARD_DRAW $0.50/$1,",
         "FIVE_CARD_DRAW"),
        ("ongame/split_and_fold.txt", "(POT_LIMIT OMAHA_HI_LO $0.50/$1,", "(LIMIT SEVEN_CARD_STUD $0.50/$1,",
         "SEVEN_CARD_STUD"),
        ("bossmedia/split_and_fold.txt", 'GAME="GAME_OMAHL"', 'GAME="GAME_FCD"', "Five Card Draw"),
        ("bovada/split_uncalled.txt", "OMAHA HiLo Pot Limit", "7CARD HiLo Fixed Limit", "7CARD HiLo Fixed Limit"),
        ("merge/cash_fixed_limit.txt", '<description type="Omaha H/L8" stakes="Limit $0.50/$1.00"/>',
         '<description type="5-Draw" stakes="Pot Limit ($0.05/$0.10)"/>', "5-Draw"),
    ]
    for path, old, new, name in cases:
        text = (DATA / path).read_text(encoding="utf-8")
        assert old in text, path
        items = list(read(text.replace(old, new, 1)))
        assert isinstance(items[0], SkippedHand) and items[0].kind is SkipKind.OTHER_GAME, (path, items[0])
        assert items[0].reason == f"{name} is not Omaha Hi/Lo", items[0]
        assert all(isinstance(item, HandRecord) for item in items[1:]) and len(items) > 1, items


# ------------------------------------------------------------ Cake, a cash game's header


def test_cake_cash_stakes_with_a_decimal_comma_are_not_replayed_with_their_reason() -> None:
    # Cake's cash games write two stakes in a three-part header; a real 2012 file of another game writes them
    # with a decimal comma ("Hand#N - Odesa (6-Max) 13495 -- €0,04/€0,08 PL Omaha -- date"), which no Omaha
    # Hi/Lo sample shows: such a hand is skipped with that reason, not as stakes omaha8 cannot read
    text = (DATA / "cake" / "split_and_return.txt").read_text(encoding="utf-8")
    header = text.splitlines()[0]
    cash = list(read(text.replace(header, "Hand#AB00000001 - Odesa (6-Max) 13495 -- €0,04/€0,08 PL OmahaHiLo -- "
                                          "2012-06-21 - 05:30:58", 1)))
    assert isinstance(cash[0], SkippedHand) and cash[0].kind is SkipKind.NOT_REPLAYED, cash[0]
    assert "cash stakes '€0,04/€0,08'" in cash[0].reason and isinstance(cash[1], HandRecord)
    # and the other games of those files stay other games
    plo = list(read(text.replace(header, "Hand#AB00000001 - Odesa (6-Max) 13495 -- €0,04/€0,08 PL Omaha -- "
                                         "2012-06-21 - 05:30:58", 1)))
    assert isinstance(plo[0], SkippedHand) and plo[0].kind is SkipKind.OTHER_GAME, plo[0]


def test_cake_cash_game_pays_each_pot_in_a_show_down_block_of_its_own() -> None:
    # Real 2018 cash files (the network's later name, Horizon): "-- $0.02/$0.04 PL OmahaHiLo --", no rake
    # stated, "is all in $0.08" the chips the player had left, each pot paid after a "***SHOW DOWN***" line
    # of its own, the last side pot first and the main pot last, each less its rake.
    # Hand 1, $0.05/$0.10: 0.10 each pre-flop; flop Ned bets 0.30, Lea all in for her last 0.90 (to 0.90),
    # Max B calls 0.90, Ned 0.60 more; turn Max B bets 1.00, Ned calls. Put in: Lea 1.00, Max B 2.00,
    # Ned 2.00.
    # Main pot 3.00 (all three), side pot 2.00 (Max B, Ned). Board Ah 2d 8c Kc Qd: Ned's kings beat Max B's
    # queens; lows: Lea 8-4-3-2-A, Ned 8-5-3-2-A, Max B none. Side pot 2.00 less 0.10 rake = 1.90: Ned both
    # halves (0.95 + 0.95). Main 3.00 less 0.15 = 2.85: high Ned 1.43 (the odd cent), low Lea 1.42.
    # Rake 0.25 = 5.00 put in - 4.75 paid. Nets: Lea 1.42 - 1.00 = +0.42, Max B -2.00,
    # Ned 3.33 - 2.00 = +1.33.
    # Max B mucks at the showdown; his cards come after the pots, his name's space an underscore
    # ("Max_B: mucks [Qh,Qs,9h,9s] (ThreeOfAKind) .", as real files write "RONALD_11" for "RONALD 11").
    # Hand 2: Max B raises to 0.30, both blinds fold, 0.20 comes back: Max B wins 0.25 (+0.15), no rake;
    # a seated player's chat ("Lea  chats: gl") and "Player left the table" are no part of the play.
    path = DATA / "cake" / "cash_side_pot.txt"
    first, second = _reports(path)
    assert first.outcome is HandStatus.VERIFIED and second.outcome is HandStatus.VERIFIED, (first.status, second.status)
    assert first.item.currency == "USD" and first.item.stakes == (5, 10) and first.item.tournament_id is None
    assert first.item.rake == 25 and first.item.pots == (285, 190)
    assert first.item.shown[-1][0] == "Max B" and len(first.item.shown[-1][1]) == 4
    assert _nets(first) == {"Lea": 42, "Max B": -200, "Ned": 133}
    assert _nets(second) == {"Lea": -10, "Max B": 15, "Ned": -5} and second.item.rake == 0
    # read main pot first, the pots would not be the replay's
    text = path.read_text(encoding="utf-8")
    side = "Ned wins high pot $0.95 with Three of a Kind Kings \nNed wins low pot $0.95 with  \n"
    main = "Ned wins high pot $1.43 with Three of a Kind Kings \nLea wins low pot $1.42 with  \n"
    assert side in text and main in text
    swapped = text.replace(side, "@").replace(main, side).replace("@", main)
    report = analyze(next(read(swapped)))
    assert report.outcome is HandStatus.MISMATCH and "the summary lists pots [190, 285]" in report.status
    # an underscored name that is no seated player's is refused
    item = next(read(text.replace("Max_B: mucks", "Max_C: mucks")))
    assert isinstance(item, SkippedHand) and item.kind is SkipKind.UNREADABLE and "Max_C" in item.reason
    # a chat by a name no player has is refused
    item = list(read(text.replace("Lea  chats: gl", "Zed  chats: gl")))[1]
    assert isinstance(item, SkippedHand) and item.kind is SkipKind.UNREADABLE and "Zed  chats" in item.reason
