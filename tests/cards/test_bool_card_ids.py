"""True and False are not card ids, in any batch entry point: numpy alone reads ``[True, 5, 9, 13]`` as 1, 5, 9, 13.

``showdown`` refuses them through :func:`omaha8._support._args.is_int`; every
array path (``card_array`` and the id arrays of deal files) refuses them
with the same check, naming the item. Each case also runs with the bool
replaced by the int it would have been read as, which is accepted, so the
refusal is about the type and not about the value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import omaha8
from omaha8 import Deals, evaluate_batch, format_card_array, pot_shares, showdown, winners
from omaha8.errors import CardTypeError
from omaha8.solver import showdown_values

BOARD = [20, 21, 22, 23, 24]  # 7c 7d 7h 7s 8c

# (call, the argument's name and index in the message): the bool is card 1 (2d) where the int version has 1
CASES: dict[str, tuple[Callable[[Any], Any], str]] = {
    "evaluate_batch": (lambda one: evaluate_batch([[one, 5, 9, 13]], [BOARD]), r"holes\[0, 0\]"),
    "evaluate_high_batch": (lambda one: omaha8.evaluate_high_batch([[0, 5, 9, 13]], [[one, 21, 22, 23, 24]]),
                            r"boards\[0, 0\]"),
    "evaluate_low_batch": (lambda one: omaha8.evaluate_low_batch([[0, 5, 9, 13]], [one, 21, 22, 23, 24]),
                           r"boards\[0\]"),
    "pot_shares": (lambda one: pot_shares([[[0, 5, 9, 13], [30, 31, 32, one]]], [BOARD]), r"holes\[0, 1, 3\]"),
    "winners": (lambda one: winners([[[one, 5, 9, 13], [30, 31, 32, 33]]], [BOARD]), r"holes\[0, 0, 0\]"),
    "showdown_values hands": (lambda one: showdown_values(BOARD, [[one, 5, 9, 13]], [[30, 31, 32, 33]]),
                              r"hands\[0, 0\]"),
    "showdown_values opponents": (lambda one: showdown_values(BOARD, [[0, 5, 9, 13]], [[30, 31, 32, 33], [2, 3, 4, one]]),
                                  r"opponents\[1, 3\]"),
    "format_card_array": (lambda one: format_card_array([[51, one]]), r"ids\[0, 1\]"),
    "Deals": (lambda one: Deals([BOARD], [[[one, 5, 9, 13], [30, 31, 32, 33]]]), r"holes\[0, 0, 0\]"),
    "canonical_index": (lambda one: omaha8.canonical_index([[one, 5, 9, 13]]), r"holes\[0, 0\]"),
}


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("flag", [True, np.True_], ids=["bool", "numpy bool"])
def test_a_bool_among_card_ids_is_refused(name: str, flag: Any) -> None:
    call, where = CASES[name]
    call(1)  # the same call with the int 1 is a valid deal
    with pytest.raises(CardTypeError, match=where + r" = (np\.)?True_? is not a card"):
        call(flag)


def test_false_is_not_card_zero() -> None:
    evaluate_batch([[0, 5, 9, 13]], [BOARD])
    with pytest.raises(CardTypeError, match=r"holes\[0, 0\] = False is not a card"):
        evaluate_batch([[False, 5, 9, 13]], [BOARD])


def test_the_message_is_the_one_showdown_gives() -> None:
    # one rule for scalar and array paths: the same words after the place
    with pytest.raises(CardTypeError) as scalar:
        showdown(BOARD, [[True, 5, 9, 13], [30, 31, 32, 33]])
    with pytest.raises(CardTypeError) as batch:
        evaluate_batch([[True, 5, 9, 13]], [BOARD])
    assert str(scalar.value).split(" = ", 1)[1] == str(batch.value).split(" = ", 1)[1]


def test_numpy_integers_in_lists_are_card_ids() -> None:
    # numpy integer scalars are ints to is_int: a list of them is read as the array would be
    got = evaluate_batch([[np.int64(0), np.uint8(5), 9, 13]], [BOARD])
    want = evaluate_batch(np.array([[0, 5, 9, 13]], dtype=np.uint8), np.array([BOARD], dtype=np.uint8))
    assert [a.tolist() for a in got] == [b.tolist() for b in want]


def test_a_bool_array_is_refused_by_its_dtype() -> None:
    with pytest.raises(CardTypeError, match="dtype bool"):
        evaluate_batch(np.ones((1, 4), dtype=bool), [BOARD])
