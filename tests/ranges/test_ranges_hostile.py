"""Hostile range text: long chains, many items, deep nesting, huge weights, long numbers, unicode.

Every text gives a range or one of omaha8's errors, never a builtin's; memory is measured
(tracemalloc sees numpy's buffers) under the bound :mod:`omaha8.ranges.syntax` states, and time is
bounded by counting work (passes over the hands, patterns matched), never by a clock. Results are
compared with the brute-force twin (:mod:`omaha8.ranges._reference`) on sampled hands and with a
plain, item-by-item numpy evaluation (:func:`plain`) on every hand.
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from functools import reduce
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from omaha8 import EmptyRangeError, Range, RangeSyntaxError
from omaha8.errors import Omaha8Error
from omaha8.ranges import _cache, _reference
from omaha8.ranges import match
from omaha8.ranges.combine import Work, evaluate
from omaha8.ranges.match import patterns_mask
from omaha8.ranges.ordering import percent_mask
from omaha8.ranges.syntax import (
    MAX_DEPTH,
    MAX_NESTING,
    MAX_PATTERNS,
    MAX_TEXT,
    AnyOf,
    Complement,
    Difference,
    Intersect,
    Node,
    Patterns,
    Percent,
    Weighted,
    parse,
    walk,
)
from omaha8.ranges.universe import all_hands, n_hands

#: Whole-universe arrays (one byte per hand) an evaluation may hold at once, besides the cache: the bound
#: the docs state (a tree of n items needs at most 2 + log2(n), and the kernel a few more while it runs).
ARRAYS = 20


@contextmanager
def no_cache() -> Iterator[None]:
    """Evaluate with a cache that keeps nothing, so what tracemalloc sees is the evaluation's own memory."""
    budget = _cache.CACHE.budget
    _cache.CACHE.clear()
    _cache.CACHE.budget = 0
    try:
        yield
    finally:
        _cache.CACHE.budget = budget


TABLES = (all_hands, match.hand_bits, match._rank_keys, match._rank_representatives, match._suit_classes,
          match._suit_profile, match._paired)

#: Bytes the parse may hold per character of text (tokens, the tree, its keys): 10 MB for the longest text.
PARSE_BYTES = 1_000


def measured(text: str, cards: int) -> tuple[Any, Work, int, int]:
    """Parse and evaluate ``text`` (tables built beforehand): its value or error, the work counted, and the
    peak bytes of the parse and of the evaluation (above what the parse left)."""
    for table in TABLES:  # the tables built once per hand size, outside the measure
        table(cards)
    percent_mask(cards, 0, 1)  # and the ordering's
    work = Work()
    tracemalloc.start()
    parsed = evaluated = 0
    before = -1  # the bytes held when the evaluation began; -1 while parsing
    try:
        tree = parse(text)
        parsed = tracemalloc.get_traced_memory()[1]
        tracemalloc.reset_peak()
        before = tracemalloc.get_traced_memory()[0]
        result: Any = evaluate(tree, cards, text, work)
        evaluated = tracemalloc.get_traced_memory()[1] - before
    except Omaha8Error as exc:
        # an error of the evaluation (a pattern of more cards than the hand holds: "AA!QQAAA") is counted with
        # the evaluation's arrays, not the parse's
        result = exc
        if before < 0:
            parsed = max(parsed, tracemalloc.get_traced_memory()[1])
        else:
            evaluated = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    return result, work, parsed, evaluated


def check_bounds(text: str, cards: int, result: Any, work: Work, parsed: int, evaluated: int) -> None:
    assert parsed <= PARSE_BYTES * len(text) + 200_000, (parsed, text[:80])
    # the arrays, and bookkeeping (a key and a few entries per node) of tens of bytes a character
    assert evaluated <= ARRAYS * n_hands(cards) + 100 * len(text), (evaluated, text[:80])
    if isinstance(result, RangeSyntaxError):
        assert result.text == text and 0 <= result.column <= len(text)
        return
    assert not isinstance(result, BaseException), result
    nodes = sum(1 for _ in walk(parse(text)))
    # a few passes per node of the tree (each a numpy operation or one kernel run), and no pattern
    # matched twice: time linear in the text, whatever its shape
    assert work.passes <= 3 * nodes + 2, (work, nodes)
    assert work.patterns <= MAX_PATTERNS
    assert nodes <= len(text)


def plain(node: Node, cards: int, text: str) -> np.ndarray:
    """Weights (0 outside, 1 in an unweighted range) by the plainest numpy: every item on its own."""
    if isinstance(node, Patterns):
        return patterns_mask(node, cards, text).astype(np.int64)
    if isinstance(node, Percent):
        return percent_mask(cards, node.lo, node.hi).astype(np.int64)
    if isinstance(node, AnyOf):
        return reduce(np.maximum, (plain(item, cards, text) for item in node.items))
    if isinstance(node, Intersect):
        return plain(node.left, cards, text) * (plain(node.right, cards, text) > 0)
    if isinstance(node, Difference):
        return plain(node.left, cards, text) * (plain(node.right, cards, text) == 0)
    if isinstance(node, Complement):
        return (plain(node.node, cards, text) == 0).astype(np.int64)
    assert isinstance(node, Weighted)
    return (plain(node.node, cards, text) > 0) * node.weight


def fast(text: str, cards: int) -> np.ndarray:
    mask, weights = evaluate(parse(text), cards, text)
    return mask.astype(np.int64) if weights is None else weights.astype(np.int64)


# --- the cases the reports found -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        ", ".join(["!A"] * 1999),  # was 5 GB and a MemoryError for 5 cards
        ", ".join(["A:$ds"] * 999),  # two patterns each: A and $ds
        ", ".join(f"{i}%" for i in range(1, 101)),
        ", ".join(f"!{r}{s}" for r in "AKQJT98765432" for s in "shdc"),
        ", ".join(f"{p}%@{w}" for p, w in zip(range(1, 101), range(100, 0, -1))),
    ],
    ids=["not-A", "A-ds", "percent", "not-card", "weighted-percent"],
)
def test_many_items_take_a_few_arrays(text: str) -> None:
    with no_cache():
        result, work, parsed, evaluated = measured(text, 4)
    check_bounds(text, 4, result, work, parsed, evaluated)
    assert np.array_equal(fast(text, 4), plain(parse(text), 4, text))


@pytest.mark.slow
def test_many_items_take_a_few_arrays_of_five_card_hands() -> None:
    text = ", ".join(["!A"] * 1999)
    with no_cache():
        result, work, parsed, evaluated = measured(text, 5)
    check_bounds(text, 5, result, work, parsed, evaluated)
    # !A: the hands without an ace, C(48, 5), and A is matched once however often it is written
    assert int(result[0].sum()) == 1_712_304 and work.patterns == 1


def test_chains_are_bounded_with_a_caret() -> None:
    # a chain of 99 operators is 100 levels deep: the limit; one more is refused where it starts
    for op in ":!":
        text = "AA" + (op + "AA") * MAX_NESTING
        with pytest.raises(RangeSyntaxError, match=f"more than {MAX_NESTING} levels") as info:
            Range(text)
        assert info.value.column == 2 + 3 * (MAX_NESTING - 1)  # the operator that goes one level too deep
        assert str(info.value).splitlines()[-1].strip() == "^"
    ok = "AA" + ":AA" * (MAX_NESTING - 1)
    assert len(Range(ok)) == 6961  # AA:AA:...:AA is AA


def test_leading_bangs_and_parentheses_say_their_limit() -> None:
    with pytest.raises(RangeSyntaxError, match=f"leading '!' nest more than {MAX_DEPTH} deep"):
        Range("!" * (MAX_DEPTH + 1) + "AA")
    assert len(Range("!" * MAX_DEPTH + "AA")) == 6961  # an even number of '!': AA again


def test_balanced_tree_needs_about_log2_arrays() -> None:
    # the most demanding shape for memory: pairs of pairs of distinct items, each a complement
    leaves = [f"!{r}{s}{q}{t}" for r in "AKQJT98765432" for q in "AKQJT98765432" for s in "sh" for t in "dc"
              if r != q][:512]
    level = leaves
    while len(level) > 1:
        level = [f"({a},{b})" for a, b in zip(level[::2], level[1::2])]
    text = level[0]
    assert len(text) <= MAX_TEXT
    with no_cache():
        result, work, parsed, evaluated = measured(text, 4)
    check_bounds(text, 4, result, work, parsed, evaluated)
    assert np.array_equal(fast(text, 4), plain(parse(text), 4, text))


def test_memory_does_not_grow_with_the_number_of_items() -> None:
    # the same items, 10 and 1,000 times: the same peak, within a few arrays
    small, large = (", ".join(f"({r}{r}:$ds)" for r in "AKQJT98765432"[: n % 13 + 1]) + ", " +
                    ", ".join(f"!({r}{s})" for r in "AKQJT98765432" for s in "sh" for _ in range(n // 26))
                    for n in (26, 26 * 40))
    peaks = []
    for text in (small, large):
        with no_cache():
            result, work, parsed, evaluated = measured(text, 4)
        check_bounds(text, 4, result, work, parsed, evaluated)
        peaks.append(evaluated)
    # the arrays stay as many; what grows is bookkeeping, a key and a few entries per item (tens of bytes a
    # character), far below one array per item (271 KB each: 280 MB for these 1,040 items)
    assert len(large) > 30 * len(small) and peaks[1] <= peaks[0] + 2 * n_hands(4) + 100 * (len(large) - len(small))


# --- generated hostile texts ------------------------------------------------------------------------

OPERAND = st.sampled_from(["AA", "KK", "A", "As", "xx", "RR", "$ds", "15%", "2.5%-7%", "(AA,KK)", "!QQ",
                           "[A,K]s", "RxRy", "*", "AsKh"])
UNICODE = st.sampled_from(["٣", "１", "¹", "\u00a0", "\u2003", "Ａ", "\u0301", "\u202e", "\x1c", "\x00", "\ud800",
                           "𝟗", "߃", "Ⅻ", "\n", "\t"])


@st.composite
def hostile(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["chain", "items", "nesting", "weight", "number", "unicode", "mixed"]))
    if kind == "chain":
        n = draw(st.integers(1, 160))
        ops = draw(st.lists(st.sampled_from(":!"), min_size=n, max_size=n))
        operands = draw(st.lists(OPERAND, min_size=n + 1, max_size=n + 1))
        return operands[0] + "".join(op + x for op, x in zip(ops, operands[1:]))
    if kind == "items":
        item = draw(st.sampled_from(["!A", "A:$ds", "{}%", "AA@{}", "!({}%)", "K{}", "[A,K]{}"]))
        n = draw(st.integers(1, 2500))
        return ", ".join(item.format(i % 100 + 1) if "{}" in item else item for i in range(n))
    if kind == "nesting":
        depth = draw(st.integers(1, 45))
        opener = draw(st.sampled_from(["(", "!(", "[", "!"]))
        closer = {"(": ")", "!(": ")", "[": "]", "!": ""}[opener]
        return opener * depth + draw(OPERAND) + closer * depth
    if kind == "weight":
        digits = draw(st.integers(1, 6000))
        return "AA@" + draw(st.sampled_from(["9", "0", "1"])) * digits + draw(st.sampled_from(["", ", KK@5"]))
    if kind == "number":
        digits = draw(st.integers(1, 6000))
        body = draw(st.sampled_from(["9", "0", "1", ".", "5"])) * digits
        return body + draw(st.sampled_from(["%", "", "%-100%", "%@5"]))
    if kind == "unicode":
        base = draw(OPERAND)
        at = draw(st.integers(0, len(base)))
        return base[:at] + draw(UNICODE) + base[at:] + draw(st.sampled_from(["", "@٣", "%", "@¹"]))
    parts = draw(st.lists(st.one_of(OPERAND, UNICODE, st.sampled_from([",", ":", "!", "@5", "(", ")", "%"])),
                          max_size=60))
    return "".join(parts)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(hostile())
@example("AA!QQAAA")  # refused by the evaluation, after it built AA's arrays
def test_hostile_text_gives_a_range_or_an_omaha8_error(text: str) -> None:
    with no_cache():
        result, work, parsed, evaluated = measured(text, 4)
    check_bounds(text, 4, result, work, parsed, evaluated)
    try:
        Range(text)
    except (RangeSyntaxError, EmptyRangeError):
        pass


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(hostile(), st.integers(0, 2**32 - 1))
def test_hostile_ranges_agree_with_both_twins(text: str, seed: int) -> None:
    try:
        tree = parse(text)
        got = fast(text, 4)
    except RangeSyntaxError:
        return
    assert np.array_equal(got, plain(tree, 4, text))
    rows = np.random.default_rng(seed).integers(0, n_hands(4), 40)
    inside = np.flatnonzero(got)
    if inside.size:
        rows = np.concatenate([rows, inside[np.random.default_rng(seed).integers(0, inside.size, 40)]])
    for row, hand in zip(rows.tolist(), all_hands(4)[rows].tolist()):
        assert _reference.weight(tree, hand, 4) == got[row], (text[:80], hand)


def test_text_past_the_limit_is_refused_before_any_work() -> None:
    text = "A" * (MAX_TEXT + 1)
    result, work, parsed, evaluated = measured(text, 4)
    assert isinstance(result, RangeSyntaxError) and work.passes == 0 and parsed < 100_000


@pytest.mark.parametrize("cards", [4, 5])
def test_patterns_run_on_the_hands_holding_their_anchors_as_on_every_hand(cards: int) -> None:
    # one anchor card, two, four (an ace of any suit), a pattern with a macro, and anchors past SUBSET_CARDS
    for text in ["As", "AsKh", "[As,Kd]Qc", "Ax As", "A[s,h]J$ss", "AsAh$ds", "2c3d, 4h5s, 6c7d, 8s9s",
                 "2c3d, 4h5s, 6c7d, 8s9s, Tc"]:
        patterns = [p for node in walk(parse(text)) if isinstance(node, Patterns) for p in node.alternatives]
        full = match._run(all_hands(cards), patterns, cards, text)
        assert np.array_equal(match._run_anchored(patterns, cards, text), full), text
        assert full.any()
