"""Range counts against an independent counter written from the syntax's English meaning.

Nothing here uses omaha8's parser, matcher or twin: every range below comes
with a numpy predicate over all 270,725 four-card hands (and, for a few, all
2,598,960 five-card hands), written straight from what the ProPokerTools-style
pages say the text means ("AA": at least two aces; "RRON": a pair and two
other ranks; "$ds": two suits of two cards ...). The hands each side finds
are compared as sets, not only counted.
"""

from __future__ import annotations

from itertools import combinations
from math import comb
from typing import Any, Callable

import numpy as np
import pytest

from omaha8 import Range

RANKS = "23456789TJQKA"
SUITS = "cdhs"
R = {c: i for i, c in enumerate(RANKS)}
S = {c: i for i, c in enumerate(SUITS)}
A, K, Q, J, T = R["A"], R["K"], R["Q"], R["J"], R["T"]


class Hands:
    """Every hand of ``n`` cards, with per-hand rank and suit counts."""

    def __init__(self, n: int) -> None:
        self.cards = np.array(list(combinations(range(52), n)), dtype=np.uint8)
        ranks, suits = self.cards >> 2, self.cards & 3
        self.n = n
        self.rc = np.stack([(ranks == r).sum(1) for r in range(13)], axis=1)  # (hands, 13)
        self.sc = np.stack([(suits == s).sum(1) for s in range(4)], axis=1)  # (hands, 4)
        self.ranks, self.suits = ranks, suits

    def has(self, card: str) -> Any:
        cid = R[card[0]] * 4 + S[card[1]]
        return (self.cards == cid).any(1)

    def nr(self, ranks: str) -> Any:
        """How many of a hand's cards have one of these ranks."""
        return sum(self.rc[:, R[c]] for c in ranks)

    def at_least(self, ranks: str) -> Any:
        """At least the multiset of ranks ``ranks`` (``"AA3"``: two aces and a three)."""
        ok = np.ones(len(self.cards), dtype=bool)
        for c in set(ranks):
            ok &= self.rc[:, R[c]] >= ranks.count(c)
        return ok

    def sorted_suits(self) -> Any:
        return np.sort(self.sc, axis=1)[:, ::-1]

    def keys(self, mask: Any) -> set[bytes]:
        return {row.tobytes() for row in np.sort(self.cards[mask], axis=1)}


@pytest.fixture(scope="module")
def h4() -> Hands:
    return Hands(4)


def pair_in(h: Hands, ranks: str) -> Any:
    return np.any([h.rc[:, R[c]] >= 2 for c in ranks], axis=0)


def any_of(h: Hands, ranks: str) -> Any:
    return h.nr(ranks) >= 1


def suited_with(h: Hands, rank: str, others: str) -> Any:
    """A card of ``rank`` and a card of one of ``others`` in the same suit (``AxKx`` ...)."""
    out = np.zeros(len(h.cards), dtype=bool)
    for s in SUITS:
        out |= h.has(rank + s) & np.any([h.has(o + s) for o in others], axis=0)
    return out


def rundown(h: Hands, top: int) -> Any:
    """Four consecutive ranks with ``top`` the highest."""
    return np.all([h.rc[:, r] >= 1 for r in range(top - 3, top + 1)], axis=0)


def classes(h: Hands, first: str, second: str, k1: int, k2: int) -> Any:
    """``k1`` distinct cards of ranks in ``first`` and ``k2`` others of ranks in ``second`` (Hall's condition)."""
    both = set(first) & set(second)
    only1 = h.nr("".join(set(first) - both))
    only2 = h.nr("".join(set(second) - both))
    shared = h.nr("".join(both)) if both else 0
    return (only1 + shared >= k1) & (only2 + shared >= k2) & (only1 + only2 + shared >= k1 + k2)


def n_suits(h: Hands) -> Any:
    return (h.sc > 0).sum(1)


def n_ranks(h: Hands) -> Any:
    return (h.rc > 0).sum(1)


def n_pairs(h: Hands) -> Any:
    return (h.rc >= 2).sum(1)


Predicate = Callable[[Hands], Any]
AA: Predicate = lambda h: h.rc[:, A] >= 2  # noqa: E731
KK: Predicate = lambda h: h.rc[:, K] >= 2  # noqa: E731
DS: Predicate = lambda h: (h.sorted_suits()[:, :2] == 2).all(1) & (h.sorted_suits()[:, 0] == 2)  # noqa: E731

# (range text, predicate from the documented meaning)
CASES: list[tuple[str, Predicate]] = [
    ("AsKhJd2c", lambda h: h.has("As") & h.has("Kh") & h.has("Jd") & h.has("2c")),
    ("As Kh", lambda h: h.has("As") & h.has("Kh")),
    ("AA", AA),
    ("AA!AAA", lambda h: h.rc[:, A] == 2),
    ("AKQJ", lambda h: h.at_least("AKQJ")),
    ("AA23", lambda h: h.at_least("AA23")),
    ("sshh", lambda h: (h.sc[:, S["s"]] >= 2) & (h.sc[:, S["h"]] >= 2)),
    ("ssxx", lambda h: (h.sc[:, S["s"]] >= 2) & (np.delete(h.sc, S["s"], axis=1).max(1) >= 2)),
    ("wxy", lambda h: n_suits(h) >= 3),
    ("wxyz", lambda h: n_suits(h) == 4),
    ("*", lambda h: np.ones(len(h.cards), dtype=bool)),
    ("****", lambda h: np.ones(len(h.cards), dtype=bool)),
    ("*s*s", lambda h: h.sc[:, S["s"]] >= 2),
    ("xx", lambda h: h.sc.max(1) >= 2),
    ("xy", lambda h: n_suits(h) >= 2),
    ("RR", lambda h: n_pairs(h) >= 1),
    ("RROO", lambda h: n_pairs(h) >= 2),
    ("RRON", lambda h: (n_pairs(h) >= 1) & (n_ranks(h) >= 3)),
    ("RONM", lambda h: n_ranks(h) >= 4),
    ("AARR", lambda h: (h.rc[:, A] >= 2) & (np.delete(h.rc, A, axis=1).max(1) >= 2)),
    ("RxRyOxOy", lambda h: (n_pairs(h) >= 2) & (n_suits(h) == 2)),
    ("AxAyxy", lambda h: AA(h) & DS(h)),
    ("AxKx", lambda h: suited_with(h, "A", "K")),
    ("Ax*x", lambda h: np.any([h.has("A" + s) & (h.sc[:, S[s]] >= 2) for s in SUITS], axis=0)),
    ("AsKx", lambda h: h.has("As") & (h.has("Kh") | h.has("Kd") | h.has("Kc"))),
    ("AsR", lambda h: h.has("As") & (h.rc[:, A] < 4)),
    ("RsRh", lambda h: np.any([h.has(r + "s") & h.has(r + "h") for r in RANKS], axis=0)),
    ("$ds", DS),
    ("$ss", lambda h: (h.sorted_suits()[:, 0] == 2) & (h.sorted_suits()[:, 1] <= 1)),
    ("$np", lambda h: h.rc.max(1) <= 1),
    ("$rb", lambda h: h.sc.max(1) <= 1),
    ("$s", lambda h: h.sc.max(1) >= 2),
    ("AA23$ds", lambda h: h.at_least("AA23") & DS(h)),
    ("AKQJ$np", lambda h: h.at_least("AKQJ")),
    ("KK-TT", lambda h: pair_in(h, "KQJT")),
    ("TT+", lambda h: pair_in(h, "TJQKA")),
    ("33-", lambda h: pair_in(h, "32")),
    ("A2-A5", lambda h: (h.rc[:, A] >= 1) & any_of(h, "2345")),
    ("A5-", lambda h: (h.rc[:, A] >= 1) & any_of(h, "2345")),
    ("A2+", lambda h: (h.rc[:, A] >= 1) & any_of(h, "23456789TJQK")),
    ("AKQ-AK9", lambda h: h.at_least("AK") & any_of(h, "QJT9")),
    ("JT98-5432", lambda h: np.any([rundown(h, top) for top in range(R["5"], R["J"] + 1)], axis=0)),
    ("8765+", lambda h: np.any([rundown(h, top) for top in range(R["8"], A + 1)], axis=0)),
    ("JT98-", lambda h: np.any([rundown(h, top) for top in range(R["5"], R["J"] + 1)], axis=0)),
    ("KT+", lambda h: h.at_least("KT") | h.at_least("AJ")),
    ("AsKs-AsTs", lambda h: h.has("As") & (h.has("Ks") | h.has("Qs") | h.has("Js") | h.has("Ts"))),
    ("AxKx-AxTx", lambda h: suited_with(h, "A", "KQJT")),
    ("[KK-TT][55-33]", lambda h: pair_in(h, "KQJT") & pair_in(h, "543")),
    ("[KK,QQ]5", lambda h: pair_in(h, "KQ") & (h.rc[:, R["5"]] >= 1)),
    ("[A-T]", lambda h: any_of(h, "AKQJT")),
    ("A-T", lambda h: any_of(h, "AKQJT")),
    ("[2-5]", lambda h: any_of(h, "2345")),
    ("[A,2,3,4,5][A,2,3,4,5]", lambda h: h.nr("A2345") >= 2),
    ("[A,K]s", lambda h: h.has("As") | h.has("Ks")),
    ("A[s,h]", lambda h: h.has("As") | h.has("Ah")),
    ("[As,Kh]", lambda h: h.has("As") | h.has("Kh")),
    ("$B", lambda h: any_of(h, "AKQJ")),
    ("$Bs", lambda h: h.has("As") | h.has("Ks") | h.has("Qs") | h.has("Js")),
    ("$L$L$L", lambda h: h.nr("A2345678") >= 3),
    ("$B$B$L$L", lambda h: classes(h, "AKQJ", "A2345678", 2, 2)),
    ("$W$W$W$W", lambda h: h.nr("A2345") == 4),
    ("$R$R:$Z$Z", lambda h: (h.nr("AKQJT") >= 2) & (h.nr("65432") >= 2)),
    ("$BRR", lambda h: any_of(h, "AKQJ") & pair_in(h, "T98765432")),  # a class's ranks are explicit
    ("[A,K]RR", lambda h: any_of(h, "AK") & pair_in(h, "QJT98765432")),
    ("$F$Z", lambda h: any_of(h, "KQJ") & any_of(h, "65432")),
    ("$N$M", lambda h: classes(h, "KQJT9", "T987", 1, 1)),
    ("A$L$L", lambda h: (h.rc[:, A] >= 1) & (h.nr("A2345678") >= 3)),
    ("AA:xxyy, JJ!JJJ, KK", lambda h: (AA(h) & DS(h)) | (h.rc[:, J] == 2) | KK(h)),
    ("AA,KK:xxyy", lambda h: AA(h) | (KK(h) & DS(h))),
    ("(AA,KK):xxyy", lambda h: (AA(h) | KK(h)) & DS(h)),
    ("TT+!AA", lambda h: pair_in(h, "TJQK") & ~AA(h)),
    ("!AA", lambda h: ~AA(h)),
    ("AA!KK:QQ", lambda h: AA(h) & ~KK(h) & (h.rc[:, Q] >= 2)),
    ("AA:$np", lambda h: np.zeros(len(h.cards), dtype=bool)),
    ("RR:$ds!AA", lambda h: (n_pairs(h) >= 1) & DS(h) & ~AA(h)),
]


def test_the_table_is_large() -> None:
    assert len(CASES) >= 40


@pytest.mark.parametrize("text,predicate", CASES, ids=[c[0] for c in CASES])
def test_count_and_hands_match_the_meaning(h4: Hands, text: str, predicate: Predicate) -> None:
    mask = np.asarray(predicate(h4), dtype=bool)
    expected = int(mask.sum())
    if expected == 0:
        with pytest.raises(ValueError):
            Range(text).combos()
        return
    rng = Range(text)
    assert len(rng) == expected, text
    combos, _ = rng.combos()
    assert {row.tobytes() for row in np.sort(combos, axis=1)} == h4.keys(mask)


# Hand-checked counts, the arithmetic in the comments.
HAND_CHECKED = [
    ("AA", 6 * comb(48, 2) + 4 * 48 + 1),  # two, three or four aces: 6*1128 + 4*48 + 1 = 6,961
    ("AA!AAA", 6 * comb(48, 2)),  # exactly two aces: 6,768
    ("AKQJ", 4**4),  # one of each, any suits: 256
    ("$ds", 6 * comb(13, 2) ** 2),  # two suits of C(4,2)=6, two cards of each: 6*78*78 = 36,504
    ("$np", comb(13, 4) * 4**4),  # four ranks, any suits: 715*256 = 183,040
    ("$rb", 13**4),  # one card of each suit: 28,561
    ("RROO", comb(13, 2) * 6 * 6),  # two ranks, a pair of each: 78*36 = 2,808
    ("RxRyOxOy", comb(13, 2) * 6),  # two ranks, the two suits: 78*6 = 468
    ("AxAyxy", 6 * 12 * 12),  # the aces' two suits, a non-ace of each: 864
    ("8765+", 7 * 256),  # 8765, 9876, ..., AKQJ: seven rundowns, no hand in two: 1,792
    ("JT98-5432", 7 * 256),  # JT98 down to 5432: seven rundowns: 1,792
    ("$W$W$W$W", comb(20, 4)),  # four of the 20 wheel cards: 4,845
    ("$L$L$L", comb(32, 3) * 20 + comb(32, 4)),  # three or four of the 32 low cards: 4960*20 + 35960 = 135,160
    # an ace and two more of the 32 low cards (aces included), by the number of aces a:
    # a=1: 4*(C(28,2)*20 + C(28,3)); a=2: 6*(28*20 + C(28,2)); a=3: 4*48; a=4: 1
    ("A$L$L", 4 * (comb(28, 2) * 20 + comb(28, 3)) + 6 * (28 * 20 + comb(28, 2)) + 4 * 48 + 1),
    ("KT+", 2 * (comb(52, 4) - 2 * comb(48, 4) + comb(44, 4)) - (comb(52, 4) - 4 * comb(48, 4)
                                                               + 6 * comb(44, 4) - 4 * comb(40, 4)
                                                               + comb(36, 4))),
    # KT+ = KT or AJ: |KT| = |AJ| = N - 2C(48,4) + C(44,4); |KTAJ| by inclusion-exclusion over 4 ranks
]


@pytest.mark.parametrize("text,expected", HAND_CHECKED, ids=[c[0] for c in HAND_CHECKED])
def test_hand_checked(text: str, expected: int) -> None:
    assert len(Range(text)) == expected


def test_weights_are_relative_and_the_larger_wins(h4: Hands) -> None:
    combos, weights = Range("AA@50, KK@100").combos()
    keys = [row.tobytes() for row in np.sort(combos, axis=1)]
    got = dict(zip(keys, weights.tolist()))
    aa, kk = h4.keys(AA(h4)), h4.keys(KK(h4))
    assert set(got) == aa | kk
    assert all(got[k] == 100 for k in kk)  # AAKK is weighted twice: the larger weight wins
    assert all(got[k] == 50 for k in aa - kk)


@pytest.mark.slow
def test_five_card_hands() -> None:
    h5 = Hands(5)
    for text, predicate in [
        ("AA", AA),  # C(4,2)C(48,3) + C(4,3)C(48,2) + 48 = 108,336
        ("$ds", lambda h: (h.sorted_suits()[:, :3] == [2, 2, 1]).all(1)),
        ("$np", lambda h: h.rc.max(1) <= 1),
        ("8765+", lambda h: np.any([rundown(h, top) for top in range(R["8"], A + 1)], axis=0)),
        ("$B$B$L$L", lambda h: classes(h, "AKQJ", "A2345678", 2, 2)),
        ("RRON", lambda h: (n_pairs(h) >= 1) & (n_ranks(h) >= 3)),
    ]:
        mask = np.asarray(predicate(h5), dtype=bool)
        assert len(Range(text, cards=5)) == int(mask.sum()), text
    assert len(Range("AA", cards=5)) == 6 * comb(48, 3) + 4 * comb(48, 2) + 48
