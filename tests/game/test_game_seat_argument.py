"""``Hand.act(..., seat=)`` takes a seat number: False, 0.0 and Decimal(0) equal 0 but are not seat 0."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from omaha8.game import FixedLimit, Hand, IllegalActionError


def _hand() -> Hand:
    # three seats, button 0: seat 1 posts the small blind, seat 2 the big, seat 0 acts first
    return Hand([40, 40, 40], FixedLimit(2, 4), button=0, seed=5)


@pytest.mark.parametrize("seat", [False, 0.0, Decimal(0), Fraction(0), np.False_, np.float64(0.0), "0", 0j])
def test_a_value_equal_to_the_acting_seat_is_not_a_seat(seat: Any) -> None:
    hand = _hand()
    assert hand.legal_actions().seat == 0
    with pytest.raises(IllegalActionError, match="seat must be a seat number, not"):
        hand.act("call", seat=seat)
    assert hand.legal_actions().seat == 0  # nothing was applied


@pytest.mark.parametrize("seat", [0, np.int64(0), np.uint8(0)])
def test_integers_naming_the_acting_seat_act(seat: Any) -> None:
    hand = _hand()
    hand.act("call", seat=seat)
    assert hand.legal_actions().seat == 1


def test_another_seat_is_refused_with_its_number() -> None:
    with pytest.raises(IllegalActionError, match="seat 2 cannot call: it is seat 0's turn") as info:
        _hand().act("call", seat=np.int64(2))
    assert type(info.value.seat) is int
