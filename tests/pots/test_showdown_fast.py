"""The fast paths of one-hand calls against their slow twins: the settle_ids lane against
showdown(), card strings against card ids, the remembered parser against parse_cards, a
one-row evaluate_batch against the batch kernel, and the show order against its definition."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from omaha8.core import _core
from omaha8.cards import format_cards, parse_cards, text_ids
from omaha8.errors import CardError, ChipError, DuplicateCardError, ShapeError, ShowdownError
from omaha8.core._evaluate import evaluate, evaluate_batch, evaluate_high_batch, evaluate_low_batch
from omaha8.pots._odd_chips import CardroomOddChips
from omaha8.pots._showdown import settle_ids, showdown

CASES = json.loads((Path(__file__).parents[1] / "data" / "showdown_cases.json").read_text())["cases"]


def random_table(rng: random.Random) -> dict:
    """A random hand at showdown: 2-9 seats, 4 or 5 cards, some folded or empty, side pots, ties."""
    n = rng.randint(2, 9)
    k = rng.choice((4, 5)) if n * 5 + 5 <= 52 else 4
    # half the time the deck is dealt rank by rank: seats then share ranks, and ties, split lows
    # and odd chips are common
    deck = rng.sample(range(52), 52) if rng.random() < 0.5 else [c for r in rng.sample(range(13), 13) for c in
                                                                   range(r * 4, r * 4 + 4)]
    board, rest = tuple(deck[:5]), deck[5:]
    holes = [tuple(rest[s * k:(s + 1) * k]) for s in range(n)]
    folded = {s for s in range(n) if rng.random() < 0.25}
    chips = [rng.choice((0, 1, 2, 3, 5, 7, 10, 25, 100, 101)) for _ in range(n)]
    live = [s for s in range(n) if s not in folded]
    if not live:
        folded.discard(0)
        live = [0]
    if not any(chips[s] for s in live):
        chips[live[0]] = 9
    return {"board": board, "holes": holes, "folded": sorted(folded), "chips": chips, "button": rng.randrange(n),
            "last_aggressor": rng.choice([None, *[s for s in live if chips[s]]])}


def plain(result) -> tuple:  # type: ignore[no-untyped-def]
    high = tuple(0 if h is None else h.high for h in result.hands)
    low = tuple(0 if h is None or h.low is None else h.low for h in result.hands)
    return result.payouts, result.uncalled, result.pots, result.show_order, high, low


@pytest.mark.parametrize("seed", range(4))
def test_settle_ids_matches_showdown_on_random_tables(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(400):
        t = random_table(rng)
        holes = [None if s in t["folded"] else h for s, h in enumerate(t["holes"])]
        slow = showdown(t["holes"], t["board"], contributions=t["chips"], folded=t["folded"], button=t["button"],
                        last_aggressor=t["last_aggressor"])
        fast = settle_ids(holes, t["board"], t["chips"], t["button"], t["last_aggressor"])
        assert fast == plain(slow)


def test_settle_ids_matches_the_hand_checked_table() -> None:
    for case in CASES:
        board = tuple(parse_cards(case["board"]).tolist()) if case.get("board") else ()
        folded = set(case.get("folded") or ())
        holes = [None if h is None or s in folded else tuple(parse_cards(h).tolist()) if h else ()
                 for s, h in enumerate(case["holes"])]
        chips = case.get("contributions") or [0 if h is None else 1 for h in holes]
        fast = settle_ids(holes, board, list(chips), case.get("button", 0), case.get("last_aggressor"))
        assert list(fast[0]) == case["payouts"], case["id"]
        assert list(fast[3]) == case["show_order"], case["id"]


def test_settle_ids_with_a_replaced_policy_matches_showdown() -> None:
    class LowGetsOddChip(CardroomOddChips):
        def split_halves(self, amount: int) -> tuple[int, int]:
            return amount // 2, amount - amount // 2

    rng = random.Random(7)
    policy = LowGetsOddChip()
    for _ in range(200):
        t = random_table(rng)
        holes = [None if s in t["folded"] else h for s, h in enumerate(t["holes"])]
        slow = showdown(t["holes"], t["board"], contributions=t["chips"], folded=t["folded"], button=t["button"],
                        odd_chips=policy)
        assert settle_ids(holes, t["board"], t["chips"], t["button"], odd_chips=policy) == plain(slow)


def test_settle_ids_explains_broken_promises_with_showdowns_errors() -> None:
    board = tuple(parse_cards("Ah 2h 7c Kd Qs").tolist())
    kk, low = tuple(parse_cards("Kh Ks 9c 9d").tolist()), tuple(parse_cards("3c 4c 5d 6d").tolist())
    with pytest.raises(DuplicateCardError, match=r"card 'Kh' appears twice: holes\[0\]\[0\] and holes\[1\]\[0\]"):
        settle_ids([kk, kk], board, [1, 1])
    with pytest.raises(CardError, match=r"holes\[1\]"):
        settle_ids([kk, (60, 1, 2, 3)], board, [1, 1])
    with pytest.raises(ShapeError, match="holes\\[1\\] has 3 cards"):
        settle_ids([kk, low[:3]], board, [1, 1])
    with pytest.raises(ShowdownError, match="no live seat put chips in"):
        settle_ids([kk, low, None], board, [0, 0, 5])
    with pytest.raises(ShowdownError, match="last_aggressor 1 is not a live seat with chips in"):
        settle_ids([kk, low, None], board, [5, 0, 5], last_aggressor=1)


def test_show_order_is_clockwise_from_the_first_seat_left_of_the_button() -> None:
    """The rotation the settlement uses against the definition: sort by distance from that seat."""
    rng = random.Random(11)
    for _ in range(300):
        t = random_table(rng)
        result = showdown(t["holes"], t["board"], contributions=t["chips"], folded=t["folded"], button=t["button"])
        n = len(t["holes"])
        shown = [s for s in range(n) if s not in t["folded"] and t["chips"][s] > 0]
        if len(shown) < 2:
            assert result.show_order == ()
            continue
        first = min(shown, key=lambda s: (s - t["button"] - 1) % n)
        assert result.show_order == tuple(sorted(shown, key=lambda s: (s - first) % n))


# ---------------------------------------------------------------- card strings


def test_strings_settle_like_ids() -> None:
    rng = random.Random(5)
    for _ in range(300):
        t = random_table(rng)
        text_holes = [format_cards(h) if rng.random() < 0.5 else format_cards(h, sep="") for h in t["holes"]]
        args = {"contributions": t["chips"], "folded": t["folded"], "button": t["button"]}
        by_text = showdown(text_holes, format_cards(t["board"]), **args)
        assert by_text == showdown(t["holes"], t["board"], **args)


def test_bad_strings_keep_their_messages_every_time() -> None:
    # errors are never remembered: the second call explains the same way as the first
    for _ in range(2):
        with pytest.raises(CardError, match=r"holes\[1\]: 'Kx' is not a card"):
            showdown(["3c 4c Kh Ks", "5d 8d Kx Jc"], "Ah 2h 7c Kd Qs")
        with pytest.raises(DuplicateCardError, match=r"'3c' appears twice: holes\[0\]\[0\] and holes\[1\]\[0\]"):
            showdown(["3c 4c Kh Ks", "3c 8d Qc Jc"], "Ah 2h 7c Kd Qs")
        with pytest.raises(ShapeError, match="board has 4 cards"):
            showdown(["3c 4c Kh Ks", "5d 8d Qc Jc"], "Ah 2h 7c Kd")
        with pytest.raises(CardError, match="'Kx' is not a card"):
            evaluate("As Kx 2c 3h", "Qs Jd Tc 4h 5c")
        with pytest.raises(DuplicateCardError, match=r"hole\[0\] and board\[4\]"):
            evaluate("As 3s Qc Jd", "Ah Kh 7c 4d As")
        with pytest.raises(ShapeError, match="hole must have 4 or 5 cards, got 3"):
            evaluate("As 3s Qc", "Ah Kh 7c 4d 2s")
    with pytest.raises(ChipError):
        showdown(["3c 4c Kh Ks", "5d 8d Qc Jc"], "Ah 2h 7c Kd Qs", contributions=[1, -1])


def test_text_ids_reads_like_parse_cards() -> None:
    rng = random.Random(3)
    forms = [lambda ids: format_cards(ids), lambda ids: format_cards(ids, sep=""),
             lambda ids: format_cards(ids, sep=", ").lower(), lambda ids: format_cards(ids).replace("T", "10")]
    for _ in range(500):
        ids = rng.sample(range(52), rng.randint(0, 9))
        text = rng.choice(forms)(ids)
        assert text_ids(text) == tuple(parse_cards(text).tolist()) == tuple(ids)
        assert text_ids(text) == tuple(ids)  # remembered: the same answer again
    long_text = " ".join(["As"] * 40)  # longer than what is remembered
    assert text_ids(long_text) == (51,) * 40


def test_evaluate_from_strings_matches_ids() -> None:
    rng = random.Random(9)
    for _ in range(500):
        cards = rng.sample(range(52), 10)
        hole, board = cards[:rng.choice((4, 5))], cards[5:]
        assert evaluate(format_cards(hole), format_cards(board)) == evaluate(hole, board)


# ---------------------------------------------------------------- one-row batches


def test_one_row_batches_match_the_kernel() -> None:
    """One row goes through the one-hand evaluator; the batch kernel (the same row twice) is its twin."""
    rng = np.random.default_rng(17)
    for k in (4, 5):
        deals = np.argsort(rng.random((300, 52)), axis=1)[:, :k + 5].astype(np.uint8)
        for row in deals:
            hole, board = np.ascontiguousarray(row[None, :k]), np.ascontiguousarray(row[k:])
            high, low = evaluate_batch(hole, board, n_threads=1)
            twin_high, twin_low = evaluate_batch(np.repeat(hole, 2, axis=0), board, n_threads=1)
            assert high.dtype == np.uint16 and low.dtype == np.uint8 and high.shape == low.shape == (1,)
            assert high[0] == twin_high[0] and low[0] == twin_low[0]
            assert evaluate_high_batch(hole, board[None])[0] == high[0]
            assert evaluate_low_batch(hole, board[None])[0] == low[0]
            assert evaluate_batch(hole, board, validate=False)[0][0] == high[0]


def test_one_bad_row_keeps_the_batch_messages() -> None:
    with pytest.raises(DuplicateCardError, match=r"in deal 0: holes\[0, 0\] and boards\[0, 0\]"):
        evaluate_batch([[51, 47, 0, 4]], [[51, 45, 41, 8, 12]])
    with pytest.raises(CardError, match=r"holes\[0, 3\] = 60 is not a card id"):
        evaluate_batch(np.array([[51, 47, 0, 60]], np.uint8), [49, 45, 41, 8, 12])
    # unchecked garbage still gives in-range values, as the kernel does
    high, low = evaluate_batch(np.array([[200, 201, 202, 203]], np.uint8), np.full(5, 250, np.uint8), validate=False)
    twin = np.empty(1, np.uint16), np.empty(1, np.uint8)
    _core.evaluate_batch(np.array([[200, 201, 202, 203]], np.uint8), np.full((1, 5), 250, np.uint8), *twin, 1)
    assert high[0] == twin[0][0] and low[0] == twin[1][0]


def test_results_built_by_slot_equal_their_constructors() -> None:
    """_frozen sets a frozen dataclass's slots directly; the constructor is its twin."""
    import dataclasses

    from omaha8.pots._pots import _frozen
    from omaha8.core._evaluate import HandEvaluation
    from omaha8.pots._results import Pot, PotSplit, ShowdownResult

    pot_fields = (222, (0, 1, 2), PotSplit.HALVES, (0,), (2,), (111, 111), (111, 0, 111), ())
    hand_fields = (5854, 56, (51, 47, 49, 45, 41), (51, 0, 4, 8, 12))
    for cls, fields in ((Pot, pot_fields), (HandEvaluation, hand_fields)):
        built = _frozen(cls, fields)
        assert type(built) is cls and built == cls(*fields) and hash(built) == hash(cls(*fields))
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(built, dataclasses.fields(cls)[0].name, 0)  # frozen: refused like a constructed one
    result = showdown(["Kh Ks 9c 9d", "3c 4c Jh Jd"], "Ah 2h 7c Kd Qs", contributions=[10, 20])
    assert result == ShowdownResult(**{f.name: getattr(result, f.name) for f in dataclasses.fields(ShowdownResult)})
    with pytest.raises(TypeError, match="Pot has 8 fields, got 2 values"):
        _frozen(Pot, (1, 2))
