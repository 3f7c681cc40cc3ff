"""The betting rules as methods of the structures, each checked by hand."""

from __future__ import annotations

from omaha8.game import FixedLimit, NoLimit, PotLimit
from omaha8.game.structures import FIXED_LIMIT, StructureKind


def test_the_kind_is_an_enum_that_still_compares_as_its_number() -> None:
    assert FixedLimit(2, 4).kind is StructureKind.FIXED_LIMIT is FIXED_LIMIT
    assert PotLimit(1, 2).kind == 1 and NoLimit(1, 2).kind == 2  # the old int kinds
    assert [k.label for k in StructureKind] == ["fixed limit", "pot limit", "no limit"]


def test_pot_limit_maximum() -> None:
    pl = PotLimit(1, 2)
    # pot 100 before a bet of 100: the pot with the bets is 200, calling adds 100, so at most 100 + 200 + 100 = 400
    assert pl.max_to(100, 200, 100) == 400
    # blinds 1/2, first to act: pot 3, call 2 -> 2 + 3 + 2 = 7
    assert pl.wager_range(2, 2, 100, 3, 2, 0, 2) == (4, 7)
    # a stack of 5 (all-in to 5) caps the range below the maximum and the minimum
    assert pl.wager_range(2, 2, 5, 3, 2, 0, 2) == (4, 5)
    assert pl.wager_range(2, 2, 3, 3, 2, 0, 2) == (3, 3)


def test_no_limit_range_is_a_full_raise_up_to_all_in() -> None:
    # bet 10 after a raise of 6: least 10 + 6 = 16, most the stack
    assert NoLimit(1, 2).wager_range(10, 10, 150, 25, 6, 0, 2) == (16, 150)


def test_fixed_limit_sizes_and_cap() -> None:
    fl = FixedLimit(2, 4)
    assert [fl.bet_size(street) for street in range(4)] == [2, 2, 4, 4]
    # one bet above the last full level 6: to 8; a stack all-in to 7 may only go all-in
    assert fl.wager_range(6, 6, 40, 20, 2, 6, 2) == (8, 8)
    assert fl.wager_range(6, 6, 7, 20, 2, 6, 2) == (7, 7)
    # half-bet rule on a 4 street: 2 more counts, 1 does not
    assert fl.counts_as_bet(2, 4) and not fl.counts_as_bet(1, 4)
    assert fl.reopen_refusal(2, 0, 4) == "" and "half a bet (4)" in fl.reopen_refusal(1, 0, 4)
    # two-left: three live players keep the cap, two lift it unless it was capped with three in
    assert fl.cap_holds(False, 3, False) and not fl.cap_holds(False, 2, False) and fl.cap_holds(True, 2, True)
    wsop = FixedLimit(2, 4, uncapped_heads_up="round-start")
    assert wsop.cap_holds(False, 2, False) and not wsop.cap_holds(False, 2, True)
    assert FixedLimit(2, 4, uncapped_heads_up="never").cap_holds(False, 2, True)
    assert not NoLimit(1, 2).cap_holds(True, 3, False)
