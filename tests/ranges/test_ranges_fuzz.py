"""Range text from a random grammar and random characters: only omaha8's errors, and agreement with the twin."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from omaha8 import EmptyRangeError, Range, RangeSyntaxError
from omaha8.ranges import _reference
from omaha8.ranges.syntax import parse
from omaha8.ranges.universe import all_hands

ALPHABET = "AKQJT98765432shdcwxyzRON*[](),:!@$%-+. 01BLW"

# pieces of patterns, combined at random into well-formed ranges
CARD = st.sampled_from(["A", "K", "T", "5", "2", "R", "O", "*", "As", "Kh", "2c", "Ax", "Ry", "Ox", "x", "y",
                        "s", "h", "[A,K]", "[s,h]", "[As,Kd]", "[K-T]", "[A,2]x", "$B", "$L", "$Wx"])
MACRO = st.sampled_from(["", "", "", "$ds", "$ss", "$np", "$s", "$rb"])


@st.composite
def patterns(draw: st.DrawFn) -> str:
    cards = draw(st.lists(CARD, min_size=1, max_size=4))
    tail = draw(st.sampled_from(["", "", "", "+", "-"]))
    text = "".join(cards) + draw(MACRO)
    return text if not tail else "".join(cards) + tail


@st.composite
def ranges(draw: st.DrawFn, depth: int = 2) -> str:
    if depth == 0 or draw(st.booleans()):
        return draw(patterns())
    left, right = draw(ranges(depth - 1)), draw(ranges(depth - 1))
    op = draw(st.sampled_from([",", ":", "!"]))
    text = f"{left}{op}{right}"
    return f"({text})" if draw(st.booleans()) else text


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=ALPHABET, max_size=30))
def test_random_text_raises_only_range_errors(text: str) -> None:
    try:
        r = Range(text)
    except (RangeSyntaxError, EmptyRangeError) as exc:
        if isinstance(exc, RangeSyntaxError):
            assert 0 <= exc.column <= len(text) and exc.text == text
        return
    assert 0 < len(r) <= 270_725


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ranges(), st.integers(0, 2**32 - 1))
def test_random_ranges_agree_with_the_twin(text: str, seed: int) -> None:
    try:
        r = Range(text)
    except (RangeSyntaxError, EmptyRangeError):
        return
    rows = np.random.default_rng(seed).integers(0, 270_725, 60)
    inside = set(map(tuple, r.combos()[0].tolist()))
    tree = parse(text)
    for hand in all_hands(4)[rows].tolist():
        assert (_reference.weight(tree, hand, 4) > 0) == (tuple(hand) in inside), (text, hand)
