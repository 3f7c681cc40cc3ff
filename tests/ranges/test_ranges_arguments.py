"""Hands, weights and range objects a caller gives: refused with omaha8's errors, naming the argument.

``Range.from_hands``, range seats of ``equity`` (arrays, ``(combos, weights)`` pairs and objects with
``combos``), percentages and ordering files.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import omaha8
from omaha8 import Range
from omaha8.errors import (
    ArgumentError,
    ArgumentTypeError,
    CardError,
    CardTypeError,
    DuplicateCardError,
    Omaha8Error,
    OrderingDataError,
    RangeEquityError,
    ShapeError,
)
from omaha8.ranges import ordering as om
from omaha8.ranges.universe import all_hands

TWO = ["As Ad 2c 3h", "Kh Kd 7c 8c"]


# --- Range.from_hands ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hands, where",
    [
        ([[True, 5, 9, 13]], r"hands\[0, 0\] = True"),
        ([[51, 47, 43, False]], r"hands\[0, 3\] = False"),
        ([(51, 47, 43, 39), (np.True_, 1, 2, 3)], r"hands\[1, 0\] = True"),
        (np.array([[51, 47, np.True_, 39]], dtype=object), r"hands\[0, 2\] = True"),
        (np.array([[True, False, True, True]]), "not dtype bool"),
    ],
)
def test_from_hands_refuses_booleans_as_cards(hands: Any, where: str) -> None:
    with pytest.raises(CardTypeError, match=where):
        Range.from_hands(hands)


def test_from_hands_takes_the_same_hands_as_ints() -> None:
    # numpy alone reads True as card 1: given as 1, it is card 1 (2d)
    r = Range.from_hands([[1, 5, 9, 13], [np.int8(51), 47, 43, 39]])
    assert "2d 3d 4d 5d" in r and "As Ks Qs Js" in r and len(r) == 2


@pytest.mark.parametrize(
    "weights, error, text",
    [
        ([True, True], ArgumentTypeError, r"weights\[0\] = True is not a number"),
        (np.array([True, False]), ArgumentTypeError, "not booleans"),
        (["1", "2"], ArgumentTypeError, "weights must be numbers, not strings"),
        (np.array(["1", "2"]), ArgumentTypeError, "not strings"),
        ([b"1", b"2"], ArgumentTypeError, "not bytes"),
        ([1, 2j], ArgumentTypeError, "not complex numbers"),
        ([1, True], ArgumentTypeError, r"weights\[1\] = True is not a number"),  # numpy alone: the ints 1, 1
        ([1, "2"], ArgumentTypeError, "not strings"),
        ([1, None], ArgumentTypeError, r"weights\[1\] = None is not a number"),
        ([1, Decimal("2")], ArgumentTypeError, r"weights\[1\] = Decimal\('2'\) is not a number"),
        ([1, 2**2000], ArgumentError, r"weights\[1\] = an int of 2,001 bits is too large"),
        ([[1], [2, 3]], ShapeError, "weights must be a flat list of numbers"),
        ([1, float("inf")], ArgumentError, "not a positive finite weight"),
    ],
)
def test_from_hands_refuses_weights_that_are_not_numbers(weights: Any, error: type, text: str) -> None:
    with pytest.raises(error, match=text):
        Range.from_hands(TWO, weights=weights)


def test_from_hands_takes_real_numbers() -> None:
    for weights in ([2, 1], [2.0, 1.0], np.array([2, 1], dtype=np.uint8), [Fraction(2), 1], [np.float32(2), 1],
                    np.array([2, 1], dtype=np.longdouble), [2**62, 2**61]):
        r = Range.from_hands(TWO, weights=weights)
        got = r.combos()[1]
        assert got[0] / got[1] == 2.0  # the aces (2c, id 0, is their lowest card) come first in the fixed order


# --- range seats of equity ----------------------------------------------------------------------------


class Returns:
    """A range object whose combos() returns ``value``."""

    def __init__(self, value: object) -> None:
        self.value = value

    def combos(self, board: object = None, dead: object = None) -> object:
        return self.value


class NoKeywords:
    def combos(self) -> object:
        return all_hands(4)[:2], np.ones(2)


class Raises:
    def combos(self, board: object = None, dead: object = None) -> object:
        raise ValueError("no combos today")


KINGS = np.array([[47, 45, 43, 39], [44, 42, 38, 34]])  # Ks Kd Qs Js, Kc Qh Jh Th: none on the board Kh 7c 2s


@pytest.mark.parametrize(
    "seat, error, text",
    [
        (Returns([KINGS, [1, 1]]), CardTypeError, r"holes\[1\].combos\(\) must return \(combos, weights\), not list"),
        (Returns(KINGS), CardTypeError, r"must return \(combos, weights\), not ndarray"),
        (Returns(None), CardTypeError, "not NoneType"),
        (Returns((KINGS, [1, 1], 3)), CardTypeError, "not tuple"),
        (Returns(([[47, 46, 43, 39], [45, 44, 42]], [1, 1])), ShapeError, r"holes\[1\] must be a rectangular"),
        (Returns(("AA", [1])), ShapeError, r"holes\[1\] must be \(combos, 4 or 5 cards\)"),
        (NoKeywords(), ArgumentTypeError, r"holes\[1\].combos\(board=..., dead=...\) failed: TypeError"),
        (Raises(), ArgumentTypeError, "failed: ValueError: 'no combos today'"),
        (([[47, 46, 43, 39], [45, 44, 42]], [1, 1]), ShapeError, r"holes\[1\] must be a rectangular"),
        (([[47, 46, 43, True], [45, 44, 42, 38]], [1, 1]), CardTypeError, r"holes\[1\]\[0, 3\] = True"),
        ((KINGS, ["1", "2"]), ArgumentTypeError, r"holes\[1\]: weights must be numbers, not strings"),
        ((KINGS, [True, True]), ArgumentTypeError, r"holes\[1\]: weights\[0\] = True is not a number"),
        ((KINGS, np.array([True, True])), ArgumentTypeError, r"holes\[1\]: weights must be numbers, not booleans"),
        ((KINGS, [1, [2]]), ShapeError, r"holes\[1\]: weights must be a flat list of numbers"),
        ((KINGS, [1, {2}]), ArgumentTypeError, r"holes\[1\]: weights\[1\] = \{2\} is not a number"),
        # 1e-300 / 1e300 is 0 in float64: the kernel's "weights[1] must be positive" before
        ((KINGS, [1e-300, 1e300]), RangeEquityError, r"holes\[1\]: weights\[0\] = 1e-300 is too small beside"),
        ((KINGS, [1e300, 1e-10]), RangeEquityError, r"weights\[1\] = 1e-10 is too small beside the largest, 1e\+300"),
    ],
)
def test_bad_range_seats_are_omaha8_errors(seat: object, error: type, text: str) -> None:
    with pytest.raises(error, match=text) as info:
        omaha8.equity(["As Ad 2c 3d", seat], board="Kh 7c 2s")
    assert isinstance(info.value, Omaha8Error)


def test_weights_far_apart_but_normal_are_taken() -> None:
    # 1e-300 beside 1: the ratio is a normal float, so the run goes on and the tiny weight counts for nothing
    small = omaha8.equity(["As Ad 2c 3d", (KINGS, [1.0, 1e-300])], board="Kh 7c 2s")
    alone = omaha8.equity(["As Ad 2c 3d", KINGS[:1]], board="Kh 7c 2s")
    assert np.allclose(small.equity, alone.equity)


def test_range_objects_that_behave_are_taken() -> None:
    got = omaha8.equity(["As Ad 2c 3d", Returns((KINGS, [1.0, 1.0]))], board="Kh 7c 2s")
    same = omaha8.equity(["As Ad 2c 3d", KINGS], board="Kh 7c 2s")
    assert np.array_equal(got.equity, same.equity)


# --- percentages and ordering files ---------------------------------------------------------------------


@pytest.mark.parametrize("cards", [np.array([4, 5]), "4", 4.0, True, None, [4]])
def test_percent_mask_refuses_cards_that_are_not_4_or_5(cards: object) -> None:
    with pytest.raises(ShapeError, match="cards must be 4 or 5"):
        om.percent_mask(cards, 0, 10)  # type: ignore[arg-type]


def test_percents_mask_is_the_union_of_its_spans() -> None:
    union = om.percents_mask(4, [(20, 30), (0, 5), (3, 12)])
    assert np.array_equal(union, om.percent_mask(4, 0, 12) | om.percent_mask(4, 20, 30))
    with pytest.raises(ArgumentError, match=r"spans\[1\]\[1\] must be a percentage"):
        om.percents_mask(4, [(0, 5), (3, 120)])


def _write_fields(path: Path, **changes: Any) -> Path:
    with np.load(Path(om.__file__).parent / "data" / "order4.npz") as data:
        fields = dict(data)
    for name, value in changes.items():
        if value is None:
            del fields[name]
        else:
            fields[name] = value
    np.savez_compressed(path, **fields)
    return path


def test_hostile_ordering_files_are_ordering_data_errors(tmp_path: Path) -> None:
    cases = {
        "cards-array": (_write_fields(tmp_path / "a.npz", cards=np.array([4, 5])), "'cards' must be a number"),
        "cards-float": (_write_fields(tmp_path / "b.npz", cards=np.float64(4.7)), "'cards' must be a number"),
        "no-seed": (_write_fields(tmp_path / "c.npz", seed=None), "no 'seed' field"),
        # a header that claims 10 million classes is refused before any of them is read
        "huge": (_write_fields(tmp_path / "d.npz", classes=np.zeros(10**7, dtype=np.int32)), "at most 134,459"),
        "floats": (_write_fields(tmp_path / "e.npz", equity=np.zeros(16_432)), "unsigned integers"),
        "samples": (_write_fields(tmp_path / "f.npz", samples=np.int64(0)), "samples must be at least 1"),
    }
    one_array = tmp_path / "g.npy"
    np.save(one_array, np.zeros(3))
    cases["npy"] = (one_array, "one array, not an .npz archive")
    broken = tmp_path / "h.npz"
    broken.write_bytes(b"PK\x03\x04" + b"\x00" * 40)
    cases["broken-zip"] = (broken, "not an ordering file")
    cases["missing"] = (tmp_path / "none.npz", "not an ordering file")
    for name, (path, text) in cases.items():
        with pytest.raises(OrderingDataError, match=text):
            om.load_ordering(path)
        assert name  # each case is its own file


def test_save_ordering_replaces_the_file_only_when_complete(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = om.ordering(4)
    path = tmp_path / "o.npz"
    path.write_bytes(b"the old file")

    def fail(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(np, "savez_compressed", fail)
    with pytest.raises(OSError):
        om.save_ordering(table, path)
    assert path.read_bytes() == b"the old file" and sorted(p.name for p in tmp_path.iterdir()) == ["o.npz"]
    monkeypatch.undo()
    om.save_ordering(table, path)
    assert np.array_equal(om.load_ordering(path).classes, table.classes)


# --- the universe, macros and the ordering's places -----------------------------------------------------


@pytest.mark.parametrize(
    "hands, error, text",
    [
        # a negative id wrapped around a table before: another hand's row, silently
        ([[51, 50, 49, -1]], CardError, r"hands\[0, 3\] = -1 is not a card id"),
        ([[52, 0, 1, 2]], CardError, r"hands\[0, 0\] = 52 is not a card id"),
        ([[1, 1, 2, 3]], DuplicateCardError, r"hands\[0\] holds a card twice"),
        ([[True, 1, 2, 3]], CardTypeError, r"hands\[0, 0\] = True is not a card"),
        ([[1.0, 2, 3, 4]], CardTypeError, "integer card ids, not float64"),
        ([["As", "Kd", "2c", "3h"]], CardTypeError, "integer card ids"),
        ([[1, 2, 3]], ShapeError, r"\(n, 4\) or \(n, 5\)"),
        ([[1, 2, 3, 4], [5, 6, 7]], ShapeError, "must be an \\(n, 4\\) or \\(n, 5\\) array"),
    ],
)
def test_hand_index_refuses_what_is_not_a_hand(hands: Any, error: type, text: str) -> None:
    from omaha8.ranges.universe import hand_index

    with pytest.raises(error, match=text):
        hand_index(hands)


def test_universe_sizes_are_checked() -> None:
    from omaha8.ranges.universe import n_hands

    assert n_hands(4) == 270_725 and n_hands(np.int64(5)) == 2_598_960
    for cards in (True, -1, 53, 4.0):
        with pytest.raises(ShapeError, match="cards must be"):
            n_hands(cards)  # type: ignore[arg-type]
    for cards in (3, True, 4.0):
        with pytest.raises(ShapeError, match="cards must be 4 or 5"):
            all_hands(cards)  # type: ignore[arg-type]


def test_macro_masks_and_places_are_checked() -> None:
    from omaha8.ranges.match import macro_mask

    for name in ("zz", ["ds"], None):
        with pytest.raises(ArgumentError, match="name must be a macro"):
            macro_mask(name, 4)  # type: ignore[arg-type]
    with pytest.raises(ShapeError):
        macro_mask("ds", 7)
    # double-suited 4-card hands: two suits of the four, two cards of each: C(4,2) * C(13,2)^2 = 36,504
    assert int(macro_mask("ds", 4).sum()) == 36_504
    table = om.ordering(4)
    for place in (-1, len(table), 2.0):
        with pytest.raises((ArgumentError, ArgumentTypeError)):
            table.hand_text(place)  # type: ignore[arg-type]
    assert table.hand_text(0) == "As Ah 3s 2h"
