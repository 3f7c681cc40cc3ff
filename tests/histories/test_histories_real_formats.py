"""Formats met in real PokerStars files, each on a hand-made fixture (tests/data/hh/) with its payout worked by hand.

Amounts are cents in cash games and chips in tournaments.
"""

from __future__ import annotations

from pathlib import Path

from omaha8.histories import HandRecord, SkippedHand, read_pokerstars

DATA = Path(__file__).resolve().parents[1] / "data" / "hh"


def _items(name: str) -> list[HandRecord | SkippedHand]:
    return list(read_pokerstars(DATA / name))


def _nets(record: HandRecord) -> tuple[str, dict[str, int], dict[str, int]]:
    check = record.reconcile()
    return (check.status, {p.name: p.collected_replay or 0 for p in check.players},
            {p.name: p.net for p in check.players})


def test_lines_ending_in_spaces_are_read() -> None:
    # Files of 2005-2012 end nearly every line with a space ("Abe: checks "): it carries nothing.
    # Pre-flop 3 x 5c = 15c; flop Abe bets 15c, Cal calls: 45c, no rake. Cal's trip kings (Kd Ks + Kh)
    # take the high half, 23c with the odd cent; Abe's 7-6-3-2-A (Ac 2d + 3c 6d 7s) the low half 22c.
    # Abe and Cal each put in 20c: +2 and +3; Bea 5c -> -5.
    (record,) = _items("trailing_spaces.txt")
    assert isinstance(record, HandRecord)
    assert record.date == "2009/06/02 9:15:40 ET"
    assert record.table == "Quillon"
    status, collected, nets = _nets(record)
    assert status == "verified"
    assert collected == {"Abe": 22, "Bea": 0, "Cal": 23}
    assert nets == {"Abe": 2, "Bea": -5, "Cal": 3}


def test_rake_comes_from_every_pot_as_the_summary_lists_them() -> None:
    # Real 2010 files spread the rake over the main and side pots (a $3.70 pot raked $0.18 lists pots cut
    # as $2.47, $0.93 and $0.30 as $2.35, $0.88 and $0.29), not from the main pot first.
    # Here: Ava all-in for 30c, Ben 60c, Cy $1, Dee calls $1. Main pot 4 x 30 = 120, side pot-1 3 x 30 = 90,
    # side pot-2 2 x 40 = 80: 290, rake 14. The summary lists 114, 86 and 76: 6, 4 and 4 raked.
    # Board 2c 5d 9h Kc 7s. High: Ben's trip kings (Kd Kh + Kc) > Dee's trip nines > Ava's queens > Cy's
    # jacks. Low: Ava 7-5-3-2-A (As 3h) > Cy 7-6-5-4-2 (4s 6h); Ben (8c 8d) and Dee (Ad 2h, the board's
    # 2c pairs it) have none. Main 114: Ben 57 high, Ava 57 low. Side-1 86 (Ben, Cy, Dee): Ben 43 high,
    # Cy 43 low. Side-2 76 (Cy, Dee): Dee 38 high, Cy 38 low.
    # Ava 57 - 30 = +27; Ben 57 + 43 - 60 = +40; Cy 43 + 38 - 100 = -19; Dee 38 - 100 = -62; sum -14.
    (record,) = _items("rake_across_side_pots.txt")
    assert isinstance(record, HandRecord)
    assert (record.total_pot, record.pots, record.rake) == (290, (114, 86, 76), 14)
    status, collected, nets = _nets(record)
    assert status == "verified"
    assert collected == {"Ava": 57, "Ben": 100, "Cy": 81, "Dee": 38}
    assert nets == {"Ava": 27, "Ben": 40, "Cy": -19, "Dee": -62}
    hand = record.replay()
    assert hand.result.rake == (6, 4, 4)


def test_listed_pots_that_do_not_fit_fall_back_and_are_reported() -> None:
    # The same hand with the side pots' listing changed by a cent each way still sums to 276 but no
    # longer matches what the contributions cut the first way round: the pots must be said to differ.
    text = (DATA / "rake_across_side_pots.txt").read_text().replace(
        "Side pot-1 $0.86. Side pot-2 $0.76.", "Side pot-1 $0.91. Side pot-2 $0.71.")
    (record,) = list(read_pokerstars(text))
    assert isinstance(record, HandRecord)
    # side pot-1 would have lost -1 (91 listed of 90): not a rake; main-first gives 106, 90, 80
    status = record.reconcile().status
    assert status.startswith("mismatch: the summary lists pots [114, 91, 71], the replay [106, 90, 80]"), status


def test_run_it_twice_is_replayed_a_share_of_the_pot_per_board() -> None:
    # PokerStars writes a hand run twice with "*** FIRST TURN ***" ... "*** SECOND RIVER ***" and two
    # show-downs. Fox is all-in for $40 on the flop: $80, rake $0.50, $79.50 split between the boards,
    # $39.75 each. Board one (7h 5d 3s Kc Kd): Gil's three kings and 7-5-3-2-A scoop; board two
    # (7h 5d 3s 2s 4h): Gil's wheel is the best high and low: Gil collects 39.75 twice.
    # The next hand: Gil folds his small blind, Fox's 50c excess comes back, Fox collects the $1 pot.
    first, second = _items("run_it_twice.txt")
    assert isinstance(first, HandRecord) and len(first.runs) == 2
    status, collected, nets = _nets(first)
    assert status == "verified"
    assert collected == {"Fox": 0, "Gil": 7950} and nets == {"Fox": -4000, "Gil": 3950}
    pot = first.replay().result.pots[0]
    assert [sum(run.awards) for run in pot.runs] == [3975, 3975]
    assert isinstance(second, HandRecord)
    status, collected, nets = _nets(second)
    assert status == "verified"
    assert collected == {"Fox": 100, "Gil": 0}
    assert nets == {"Fox": 50, "Gil": -50}


def test_a_small_blind_posted_after_the_blinds_is_dead() -> None:
    # A player back from sitting out who missed only the small blind posts it after the blinds, and it is
    # dead: Lee posts 5c, then calls the whole 10c big blind (PokerStars writes "calls $0.10").
    # Pot: Jan 5 + 5, Kit 10, Lee 5 dead + 10 = 35c; Lee's flop bet of 35c comes back; rake 1c: Lee
    # collects 34c. Nets: Lee 34 - 15 = +19, Jan -10, Kit -10, Ike 0; sum -1, the rake.
    (record,) = _items("dead_small_blind.txt")
    assert isinstance(record, HandRecord)
    assert [(p.name, p.kind, p.amount) for p in record.posts] == [
        ("Jan", "small_blind", 5), ("Kit", "big_blind", 10), ("Lee", "dead", 5)]
    status, collected, nets = _nets(record)
    assert status == "verified"
    assert collected == {"Ike": 0, "Jan": 0, "Kit": 0, "Lee": 34}
    assert nets == {"Ike": 0, "Jan": -10, "Kit": -10, "Lee": 19}


def test_a_big_blind_all_in_for_less_is_still_called_in_full() -> None:
    # PokerStars: the others call, and raise from, the whole big blind when it is posted all-in for less.
    # Cash: Mo's $0.01 big blind is all-in; Otto calls $0.02, Nell completes her 1c small blind. Main pot
    # 3 x 1 = 3c, side pot (Nell, Otto) 2c; Otto's flop bet comes back, Nell folds: the side pot is Otto's.
    # Main: Otto's trip kings high 2c (the odd cent), Mo's 8-4-3-2-A low 1c. Otto 2 + 2 = 4 (put in 2:
    # +2), Mo 1 (put in 1: 0), Nell -2.
    # Tournament, blinds 15/30: Rex's 20-chip big blind is all-in; Pia "raises 60 to 90" (30 + 60) and
    # Quin folds: 70 comes back to Pia (90 - 20). Pot 15 + 20 + 20 = 55: Rex's trip kings 28 high, Pia's
    # 8-4-3-2-A 27 low. Rex +8, Pia +7, Quin -15.
    cash, tournament = _items("short_big_blind.txt")
    assert isinstance(cash, HandRecord) and isinstance(tournament, HandRecord)
    status, collected, nets = _nets(cash)
    assert status == "verified"
    assert collected == {"Mo": 1, "Nell": 0, "Otto": 4}
    assert nets == {"Mo": 0, "Nell": -2, "Otto": 2}
    assert tournament.actions[0].to == 90
    status, collected, nets = _nets(tournament)
    assert status == "verified"
    assert collected == {"Pia": 27, "Quin": 0, "Rex": 28}
    assert nets == {"Pia": 7, "Quin": -15, "Rex": 8}


def test_the_new_forms_are_written_back_as_they_were_read() -> None:
    # format_pokerstars writes what the reader reads: the dead small blind after the blinds, the raise
    # from a whole big blind posted short, the listed side pots
    from omaha8.histories import format_pokerstars

    for name in ("dead_small_blind.txt", "short_big_blind.txt", "rake_across_side_pots.txt", "trailing_spaces.txt"):
        for record in _items(name):
            assert isinstance(record, HandRecord)
            (again,) = list(read_pokerstars(format_pokerstars(record)))
            assert isinstance(again, HandRecord), again
            # everything but the file line each came from
            assert [p[:-1] for p in again.posts] == [p[:-1] for p in record.posts]
            assert [a[:-1] for a in again.actions] == [a[:-1] for a in record.actions]
            assert (again.pots, again.rake) == (record.pots, record.rake)
            assert again.reconcile().status == record.reconcile().status == "verified"


def test_a_2005_file_without_uncalled_lines_nets_the_excess_that_came_back() -> None:
    # 2005 files print no "Uncalled bet" line: Sal's pot-sized raise to 2100 is called for 625 by Tia's
    # all-in, and the 1475 over it came back all the same. Pot: Sal 175 + 625, Tia 800, Uri 175 = 1775.
    # Sal's trip kings take the high half 888 (the odd chip), Tia's 8-7-3-2-A (Ac 3h + 2c 7d 8s) the
    # low 887. Contributed: Sal 800 (not 2275), Tia 800, Uri 175; nets +88, +87, -175: sum 0, no rake.
    (record,) = _items("old_no_uncalled_line.txt")
    assert isinstance(record, HandRecord)
    assert record.uncalled == () and record.max_seats is None
    check = record.reconcile()
    assert check.status == "verified", check.status
    by_name = {p.name: p for p in check.players}
    assert {n: p.contributed for n, p in by_name.items()} == {"Sal": 800, "Tia": 800, "Uri": 175}
    assert {n: p.net for n, p in by_name.items()} == {"Sal": 88, "Tia": 87, "Uri": -175}
    # the all-in EV (on the flop) leaves the excess out too: the EV nets add up to the pot less what went in
    ev = record.allin_ev()
    assert ev is not None
    assert {p.name: p.contributed for p in ev.players} == {"Sal": 800, "Tia": 800, "Uri": 175}
    assert abs(sum(p.ev_net for p in ev.players)) < 1e-6


def test_a_tournament_player_sitting_out_still_posts_and_is_folded() -> None:
    # In tournaments a seat line "is sitting out" does not keep a player out: Wyn and Xan post their
    # antes and blinds and fold. Antes 3 x 5 = 15, blinds 15 + 30; Vic raises to 60, both fold: 30 comes
    # back to Vic. Pot 15 + 15 + 30 + 30 = 90 to Vic, who put in 5 + 30: +55; Wyn 5 + 15: -20; Xan -35.
    (record,) = _items("sitting_out_posts.txt")
    assert isinstance(record, HandRecord)
    assert [s.sitting_out for s in record.seats] == [False, True, True]
    status, collected, nets = _nets(record)
    assert status == "verified"
    assert collected == {"Vic": 90, "Wyn": 0, "Xan": 0}
    assert nets == {"Vic": 55, "Wyn": -20, "Xan": -35}


def test_the_button_on_an_empty_seat() -> None:
    # The button stays on seat 2 after its player left (a dead button): seat 3 posts the small blind,
    # seat 4 the big, seat 1 acts first pre-flop and last after the flop. Pot 3 x 5 = 15c; Lou's 15c flop
    # bet comes back: Lou collects 15c, +10; Mae -5, Kip -5.
    (record,) = _items("button_on_empty_seat.txt")
    assert isinstance(record, HandRecord)
    assert record.button == 2 and all(s.number != 2 for s in record.seats)
    status, collected, nets = _nets(record)
    assert status == "verified"
    assert collected == {"Kip": 0, "Lou": 15, "Mae": 0}
    assert nets == {"Kip": -5, "Lou": 10, "Mae": -5}


def test_all_in_on_a_blind_has_an_all_in_ev_at_the_deal() -> None:
    # Nia's small blind of 5 is all her chips; Ola's big blind is 15 over it and comes back. Pot 10.
    # Ola's spade flush (As Ks + 7s 8s Qs) takes the high half 5; both make 8-7-3-2-A low with A2: the
    # low half 5 splits 3/2, the odd chip to Ola, first left of the button. Ola 8 (+3), Nia 2 (-3).
    # All-in EV, at the deal: swapping hearts with spades and clubs with diamonds turns Nia's hand into
    # Ola's and back and leaves the rest of the deck as it was, so each holds half the pot's value:
    # 5 - 5 = 0 for both.
    (record,) = _items("allin_on_the_blind.txt")
    assert isinstance(record, HandRecord) and record.actions == ()
    status, collected, nets = _nets(record)
    assert status == "verified"
    assert collected == {"Nia": 2, "Ola": 8}
    assert nets == {"Nia": -3, "Ola": 3}
    ev = record.allin_ev()
    assert ev is not None and ev.street == "preflop" and ev.board == ()
    for player in ev.players:
        assert abs(player.ev_high + player.ev_low - 5) < 1e-9, player
        assert abs(player.ev_net) < 1e-9, player
