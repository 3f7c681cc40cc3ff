"""Tests of omaha8.pots._showdown.pot_shares and winners: the nogil kernel against
a slow pure-Python twin built on the reference evaluator, against showdown(),
and on bad input."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from omaha8.pots import _batch_kernel as _kernel
from omaha8.core import _reference
from omaha8.cards import parse_cards
from omaha8.errors import CardError, CardTypeError, DuplicateCardError, ShapeError, ShowdownError
from omaha8.core._evaluate import evaluate_batch
from omaha8.pots._showdown import MAX_SEATS, pot_shares, showdown, winners

# ---------------------------------------------------------------- the slow twin


def reference_winners(holes: np.ndarray, boards: np.ndarray, active: np.ndarray | None = None
                      ) -> tuple[list[int], list[int]]:
    """Seat bitmasks of the high and low winners, row by row, from the reference evaluator."""
    n, p, _ = holes.shape
    boards = np.broadcast_to(boards.reshape(-1, 5), (n, 5))
    high_masks, low_masks = [], []
    for row in range(n):
        seats = [s for s in range(p) if active is None or active[row, s]]
        values = {s: _reference.evaluate(holes[row, s].tolist(), boards[row].tolist()) for s in seats}
        best_high = max(values[s][0] for s in seats)
        lows = [values[s][1] for s in seats if values[s][1] is not None]
        best_low = max(lows) if lows else None
        high_masks.append(sum(1 << s for s in seats if values[s][0] == best_high))
        low_masks.append(0 if best_low is None else sum(1 << s for s in seats if values[s][1] == best_low))
    return high_masks, low_masks


def reference_shares(high_mask: int, low_mask: int, n_seats: int) -> list[Fraction]:
    """Exact fractions of one pot: halves when there is a low, ties share a half equally."""
    highs = [s for s in range(n_seats) if high_mask >> s & 1]
    lows = [s for s in range(n_seats) if low_mask >> s & 1]
    share = [Fraction(0)] * n_seats
    high_part = Fraction(1, 2) if lows else Fraction(1)
    for s in highs:
        share[s] += high_part / len(highs)
    for s in lows:
        share[s] += Fraction(1, 2) / len(lows)
    return share


def random_deals(rng: np.random.Generator, n: int, n_seats: int, n_hole: int, deck: np.ndarray | None = None
                 ) -> tuple[np.ndarray, np.ndarray]:
    """n deals of distinct cards from ``deck`` (default: all 52)."""
    deck = np.arange(52) if deck is None else deck
    need = n_seats * n_hole + 5
    cards = np.array([rng.permutation(deck)[:need] for _ in range(n)], dtype=np.uint8).reshape(n, need)
    holes = np.ascontiguousarray(cards[:, : n_seats * n_hole].reshape(n, n_seats, n_hole))
    return holes, np.ascontiguousarray(cards[:, n_seats * n_hole:])


def tie_heavy_deck(rng: np.random.Generator) -> np.ndarray:
    """Seven ranks (28 cards) with at least five low ones: shared pairs, shared lows, common ties."""
    low = rng.choice([0, 1, 2, 3, 4, 5, 12], size=5, replace=False)
    high = rng.choice([r for r in range(13) if r not in low], size=2, replace=False)
    return np.array([r * 4 + s for r in (*low, *high) for s in range(4)])


def check_against_twin(holes: np.ndarray, boards: np.ndarray, active: np.ndarray | None = None) -> None:
    high, low = winners(holes, boards, active=active, n_threads=1)
    shares = pot_shares(holes, boards, active=active, n_threads=1)
    ref_high, ref_low = reference_winners(holes, boards, active)
    assert high.tolist() == ref_high
    assert low.tolist() == ref_low
    n_seats = holes.shape[1]
    for row in range(holes.shape[0]):
        exact = reference_shares(ref_high[row], ref_low[row], n_seats)
        assert shares[row].tolist() == pytest.approx([float(x) for x in exact], abs=1e-15)


# ---------------------------------------------------------------- against the twin


@pytest.mark.parametrize(("n_seats", "n_hole"), [(6, 4), (2, 4), (9, 5), (10, 4)])
def test_random_deals_match_the_reference(n_seats: int, n_hole: int) -> None:
    rng = np.random.default_rng(1000 + n_seats * 10 + n_hole)
    holes, boards = random_deals(rng, 2400 // n_seats, n_seats, n_hole)
    check_against_twin(holes, boards)


@pytest.mark.parametrize(("n_seats", "n_hole"), [(4, 4), (3, 5), (5, 4)])
def test_tie_heavy_deals_match_the_reference(n_seats: int, n_hole: int) -> None:
    rng = np.random.default_rng(2000 + n_seats * 10 + n_hole)
    parts = [random_deals(rng, 1, n_seats, n_hole, tie_heavy_deck(rng)) for _ in range(500 // n_seats * 2)]
    holes = np.concatenate([h for h, _ in parts])
    boards = np.concatenate([b for _, b in parts])
    high, low = winners(holes, boards)
    # the construction really produces ties on both halves
    ties_high = np.mean([bin(m).count("1") > 1 for m in high.tolist()])
    ties_low = np.mean([bin(m).count("1") > 1 for m in low.tolist()])
    assert ties_high > 0.05 and ties_low > 0.2
    check_against_twin(holes, boards)


def test_random_active_masks_match_the_reference() -> None:
    rng = np.random.default_rng(3)
    holes, boards = random_deals(rng, 400, 6, 4)
    active = rng.random((400, 6)) < 0.5
    active[np.arange(400), rng.integers(0, 6, 400)] = True
    check_against_twin(holes, boards, active)
    shares = pot_shares(holes, boards, active=active)
    assert (shares[~active] == 0).all()


def test_one_board_shared_by_every_deal() -> None:
    rng = np.random.default_rng(4)
    board = parse_cards("Ah 2h 7c Kd Qs")
    rest = np.array([c for c in range(52) if c not in board])
    holes = np.array([rng.permutation(rest)[:24].reshape(6, 4) for _ in range(300)], dtype=np.uint8)
    shared = pot_shares(holes, board)
    repeated = pot_shares(holes, np.tile(board, (300, 1)))
    assert np.array_equal(shared, repeated)
    check_against_twin(holes, board)


@pytest.mark.parametrize(("n_seats", "n_hole"), [(6, 4), (4, 5)])
def test_every_board_rank_multiset_scores_like_the_core(n_seats: int, n_hole: int) -> None:
    """The kernel keeps a copy of _core's per-board table and numbers boards itself: check
    both on every board rank multiset a deck can make (6,175), against _core's evaluator."""
    rng = np.random.default_rng(12 + n_hole)
    boards = []
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        # distinct suits for a repeated rank; random otherwise, so flush boards occur too
        cards = [rank * 4 + int(suit) for rank, count in counts.items() for suit in rng.permutation(4)[:count]]
        boards.append(rng.permutation(cards))
    assert len(boards) == 6175
    board_array = np.array(boards, dtype=np.uint8)
    holes = np.empty((len(boards), n_seats, n_hole), dtype=np.uint8)
    for row, board in enumerate(boards):
        rest = np.setdiff1d(np.arange(52), board)
        holes[row] = rng.permutation(rest)[: n_seats * n_hole].reshape(n_seats, n_hole)
    values = np.empty((len(boards), n_seats), dtype=np.uint16)
    lows = np.empty((len(boards), n_seats), dtype=np.uint8)
    assert _kernel.split(holes, board_array, None, None, None, None, 1, True, values, lows) == -1
    for seat in range(n_seats):
        high, low = evaluate_batch(holes[:, seat], board_array)
        assert np.array_equal(values[:, seat], high) and np.array_equal(lows[:, seat], low)


# ---------------------------------------------------------------- against showdown()


@pytest.mark.parametrize(("n_seats", "n_hole"), [(6, 4), (4, 5), (2, 4)])
def test_kernel_agrees_with_showdown_on_equal_contributions(n_seats: int, n_hole: int) -> None:
    """With 120 chips a seat every half divides exactly among up to 6 winners, so shares * pot == payouts."""
    rng = np.random.default_rng(5 + n_seats)
    holes, boards = random_deals(rng, 300, n_seats, n_hole)
    active = rng.random((300, n_seats)) < 0.7
    active[:, 0] = True
    shares = pot_shares(holes, boards, active=active)
    high, low = winners(holes, boards, active=active)
    for row in range(300):
        live = [s for s in range(n_seats) if active[row, s]]
        chips = [120 if active[row, s] else 0 for s in range(n_seats)]
        hole_list = [holes[row, s].tolist() for s in range(n_seats)]
        result = showdown(hole_list, boards[row].tolist(), contributions=chips,
                          folded=[s for s in range(n_seats) if s not in live])
        pot = 120 * len(live)
        assert [Fraction(p, pot) for p in result.payouts] == [Fraction(x).limit_denominator(1000) for x in shares[row]]
        assert np.allclose(shares[row] * pot, result.payouts, rtol=0, atol=1e-9)
        if len(live) >= 2:
            assert sum(1 << s for s in result.pots[0].high_winners) == high[row]
            assert sum(1 << s for s in (result.pots[0].low_winners or ())) == low[row]


def test_odd_pots_differ_from_shares_by_less_than_a_chip_per_division() -> None:
    rng = np.random.default_rng(6)
    holes, boards = random_deals(rng, 300, 5, 4)
    shares = pot_shares(holes, boards)
    for row in range(300):
        result = showdown([h.tolist() for h in holes[row]], boards[row].tolist(), contributions=[7] * 5)
        # at most one odd chip from each of the two divisions
        assert np.all(np.abs(np.array(result.payouts) - shares[row] * 35) < 2)


# ---------------------------------------------------------------- shape of the answer


def test_rows_sum_to_one_and_threads_do_not_matter() -> None:
    rng = np.random.default_rng(7)
    holes, boards = random_deals(rng, 20000, 6, 4)
    active = rng.random((20000, 6)) < 0.6
    active[:, 3] = True
    one = pot_shares(holes, boards, active=active, n_threads=1)
    for threads in (2, 3, None):
        assert np.array_equal(pot_shares(holes, boards, active=active, n_threads=threads), one)
        h1, l1 = winners(holes, boards, active=active, n_threads=1)
        h2, l2 = winners(holes, boards, active=active, n_threads=threads)
        assert np.array_equal(h1, h2) and np.array_equal(l1, l2)
    assert one.dtype == np.float64 and one.shape == (20000, 6)
    assert np.allclose(one.sum(axis=1), 1.0, rtol=0, atol=1e-12)


def test_doc_example_by_hand() -> None:
    # seat 0: three kings, no low; seats 1 and 2: 7-4-3-2-A each (the 8 does not play)
    holes = [["Kh Ks 9c 9d", "3c 4c Jh Jd", "3d 4d Qc Qh"]]
    assert pot_shares(holes, "Ah 2h 7c Kd 8s").tolist() == [[0.5, 0.25, 0.25]]
    high, low = winners(holes, "Ah 2h 7c Kd 8s")
    assert (high.dtype, low.dtype) == (np.uint16, np.uint16)
    assert (high.tolist(), low.tolist()) == ([0b001], [0b110])
    # with seat 1 out, seat 2 has the only low
    assert pot_shares(holes, "Ah 2h 7c Kd 8s", active=[[1, 0, 1]]).tolist() == [[0.5, 0.0, 0.5]]
    # no low on the board: the high takes everything
    assert pot_shares(holes, "Ah Jc 9h Kd 8s").tolist() == [[1.0, 0.0, 0.0]]


def test_sixteen_seats_in_the_kernel() -> None:
    """16 four-card seats need 69 cards, so a real deal has at most 11; the kernel itself takes 16
    (seats may share cards here), and every seat bit up to 15 must come out right."""
    rng = np.random.default_rng(8)
    n = 300
    boards = np.empty((n, 5), np.uint8)
    holes = np.empty((n, 16, 4), np.uint8)
    for row in range(n):
        deck = rng.permutation(tie_heavy_deck(rng))
        boards[row] = deck[:5]
        for seat in range(16):
            holes[row, seat] = rng.permutation(deck[5:])[:4]
    high = np.empty(n, np.uint16)
    low = np.empty(n, np.uint16)
    assert _kernel.split(holes, boards, None, high, low, None, 1) == -1
    ref_high, ref_low = reference_winners(holes, boards)
    assert high.tolist() == ref_high and low.tolist() == ref_low
    assert any(m >> 15 for m in ref_high) and any(m >> 15 for m in ref_low)
    shares = np.empty((n, 16))
    _kernel.split(holes, boards, None, None, None, shares, 2)
    assert np.allclose(shares.sum(axis=1), 1.0, rtol=0, atol=1e-12)
    # seats share cards here, so the kernel's own check flags the first row
    assert _kernel.split(holes, boards, None, None, None, shares, 1, True) == 0
    # the public functions accept 16 seats as a shape; the cards then cannot all be distinct
    with pytest.raises(DuplicateCardError):
        pot_shares(holes, boards)


def test_one_seat_takes_everything() -> None:
    rng = np.random.default_rng(10)
    holes, boards = random_deals(rng, 50, 1, 5)
    assert (pot_shares(holes, boards) == 1.0).all()
    assert (winners(holes, boards)[0] == 1).all()


def test_empty_batch() -> None:
    out = pot_shares(np.zeros((0, 6, 4), dtype=np.uint8), np.zeros((0, 5), dtype=np.uint8))
    assert out.shape == (0, 6)
    high, low = winners(np.zeros((0, 3, 5), dtype=np.uint8), np.zeros((0, 5), dtype=np.uint8))
    assert high.shape == low.shape == (0,)


def test_one_split_call_fills_every_output_like_separate_calls() -> None:
    """The split kernel's outputs are optional: asked together or one at a time they agree."""
    rng = np.random.default_rng(21)
    holes, boards = random_deals(rng, 600, 6, 4)
    active = (rng.random((600, 6)) < 0.6).astype(np.uint8)
    active[:, 0] = 1
    high, low, shares = np.empty(600, np.uint16), np.empty(600, np.uint16), np.empty((600, 6))
    assert _kernel.split(holes, boards, active, high, low, shares, 2, True) == -1
    assert np.array_equal(shares, pot_shares(holes, boards, active=active.astype(bool), n_threads=1))
    high_alone, low_alone = winners(holes, boards, active=active.astype(bool), n_threads=1)
    assert np.array_equal(high, high_alone) and np.array_equal(low, low_alone)


def test_the_high_and_low_halves_match_the_reference() -> None:
    """high_shares/low_shares: what each seat wins by its high and by its low, exact fractions of the twin's
    winners (tie-heavy deals, some seats out), adding up to the pot's shares."""
    rng = np.random.default_rng(22)
    holes, boards = random_deals(rng, 500, 5, 4, tie_heavy_deck(rng))
    active = (rng.random((500, 5)) < 0.7).astype(np.uint8)
    active[:, 2] = 1
    shares, high_part, low_part = np.empty((500, 5)), np.empty((500, 5)), np.empty((500, 5))
    assert _kernel.split(holes, boards, active, None, None, shares, 2, True, None, None, high_part, low_part) == -1
    ref_high, ref_low = reference_winners(holes, boards, active)
    for row in range(500):
        lows = [s for s in range(5) if ref_low[row] >> s & 1]
        highs = [s for s in range(5) if ref_high[row] >> s & 1]
        high_half = (Fraction(1, 2) if lows else Fraction(1)) / len(highs)
        want_high = [float(high_half) if s in highs else 0.0 for s in range(5)]
        want_low = [float(Fraction(1, 2) / len(lows)) if s in lows else 0.0 for s in range(5)]
        assert high_part[row].tolist() == want_high and low_part[row].tolist() == want_low, row
    assert np.allclose(high_part + low_part, shares, rtol=0, atol=1e-15)
    with pytest.raises(ValueError, match="both"):
        _kernel.split(holes, boards, active, None, None, None, 1, False, None, None, high_part, None)


@pytest.mark.parametrize("n_hole", [4, 5])
def test_the_kernels_card_check_finds_the_same_first_row_as_check_deals(n_hole: int) -> None:
    """The check done inside the split pass against find_bad_card, the separate check, on
    deals with a few ids over 51 or repeated cards planted at random (inactive seats too)."""
    from omaha8.core import _core

    rng = np.random.default_rng(30 + n_hole)
    for trial in range(40):
        holes, boards = random_deals(rng, 50, 4, n_hole)
        for _ in range(int(rng.integers(0, 3))):
            row, seat, col = int(rng.integers(0, 50)), int(rng.integers(0, 4)), int(rng.integers(0, n_hole))
            if rng.random() < 0.5:
                holes[row, seat, col] = rng.integers(52, 256)
            else:  # a card of the same deal: a repeat
                holes[row, seat, col] = boards[row, int(rng.integers(0, 5))]
        # every fourth trial shares deal 0's board, which then repeats cards of most other deals
        b = boards[:1] if trial % 4 == 0 else boards
        found = _core.find_bad_card(holes.reshape(50, -1), b, 1)
        active = (rng.random((50, 4)) < 0.5).astype(np.uint8)
        kernel = _kernel.split(holes, b, active, None, None, np.empty((50, 4)), 1, True)
        assert kernel == found


# ---------------------------------------------------------------- bad input


def test_inactive_seats_cards_are_still_checked() -> None:
    holes = np.array([[parse_cards("Kh Ks 9c 9d"), parse_cards("3c 4c 5d 6d")],
                      [parse_cards("Kh Ks 9c 9d"), parse_cards("3c 4c 5d Kh")]])
    board = parse_cards("Ah 2h 7c Kd Qs")
    with pytest.raises(DuplicateCardError, match=r"'Kh' appears twice in deal 1: holes\[1, 0, 0\] and holes\[1, 1, 3\]"):
        pot_shares(holes, board, active=[[True, True], [True, False]])


@pytest.mark.parametrize(
    ("holes", "boards", "active", "error", "match"),
    [
        (np.zeros((2, 3, 3), np.uint8), np.zeros((2, 5), np.uint8), None, ShapeError, "4 or 5 cards per seat"),
        (np.zeros((2, 17, 4), np.uint8), np.zeros((2, 5), np.uint8), None, ShapeError, f"1 to {MAX_SEATS} seats"),
        (np.zeros((2, 0, 4), np.uint8), np.zeros((2, 5), np.uint8), None, ShapeError, "1 to 16 seats"),
        (np.zeros((2, 4), np.uint8), np.zeros((2, 5), np.uint8), None, ShapeError, "holes must be 3-D"),
        (None, np.zeros((3, 5), np.uint8), None, ShapeError, "boards has 3 rows but holes has 2"),
        (None, np.zeros((2, 4), np.uint8), None, ShapeError, "boards must have 5 cards per row"),
        (None, None, np.ones((2, 3), bool), ShapeError, r"active must have shape \(2, 2\)"),
        (None, None, np.array([[True, True], [False, False]]), ShowdownError,
         r"active\[1\] has no active seat"),
        (None, None, np.full((2, 2), 0.5), ShowdownError, "active must hold booleans"),
        (None, None, np.full((2, 2), 2), ShowdownError, "active must hold booleans"),
        (np.full((2, 2, 4), 52, np.int64), None, None, CardError, r"holes\[0, 0, 0\] = 52 is not a card id"),
        (np.zeros((2, 2, 4), np.float64), None, None, CardTypeError, "integer card ids"),
    ],
)
def test_bad_batches_are_refused(holes, boards, active, error, match) -> None:  # type: ignore[no-untyped-def]
    good_holes = np.array([[parse_cards("Kh Ks 9c 9d"), parse_cards("3c 4c 5d 6d")]] * 2)
    good_boards = np.array([parse_cards("Ah 2h 7c Kd Qs")] * 2)
    holes = good_holes if holes is None else holes
    boards = good_boards if boards is None else boards
    for function in (pot_shares, winners):
        with pytest.raises(error, match=match):
            function(holes, boards, active=active)


def test_duplicates_name_the_row() -> None:
    rng = np.random.default_rng(9)
    holes, boards = random_deals(rng, 40, 6, 4)
    holes[17, 3, 2] = boards[17, 4]
    with pytest.raises(DuplicateCardError, match=r"in deal 17: holes\[17, 3, 2\] and boards\[17, 4\]"):
        pot_shares(holes, boards)


def test_bad_thread_counts() -> None:
    holes = [["Kh Ks 9c 9d", "3c 4c 5d 6d"]]
    with pytest.raises(ValueError, match="n_threads"):
        pot_shares(holes, "Ah 2h 7c Kd Qs", n_threads=0)
    with pytest.raises(TypeError, match="n_threads"):
        winners(holes, "Ah 2h 7c Kd Qs", n_threads=1.5)


def test_unvalidated_garbage_stays_in_range() -> None:
    # validate=False on arbitrary bytes: no crash, no read outside a table, rows still sum to 1
    rng = np.random.default_rng(13)
    for n_hole in (4, 5):
        holes = rng.integers(0, 256, (20_000, 6, n_hole), dtype=np.uint8)
        boards = rng.integers(0, 256, (20_000, 5), dtype=np.uint8)
        shares = pot_shares(holes, boards, validate=False)
        np.testing.assert_allclose(shares.sum(axis=1), 1.0)
        high, low = winners(holes, boards, validate=False)
        assert (high > 0).all() and high.max() < 64 and low.max() < 64
