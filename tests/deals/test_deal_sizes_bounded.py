"""Arrays whose size an argument sets (a count, ``cards=``, a separator, ``chunk_rows``) are bounded.

A request past :data:`omaha8._support._args.MAX_ARRAY_BYTES` is our
ArgumentError naming the argument and the size, raised before numpy is asked
for the memory (numpy's MemoryError, or the machine swapping, otherwise).
"""

from __future__ import annotations

import numpy as np
import pytest

from omaha8 import format_card_array, parse_card_array, random_deals
from omaha8._support._args import MAX_ARRAY_BYTES
from omaha8.deals import iter_random_deals
from omaha8.errors import ArgumentError


def test_random_deals_past_the_limit() -> None:
    # 10**12 deals of 5 + 6 x 4 = 29 bytes: 29e12 bytes, 27,008.4 GiB
    with pytest.raises(ArgumentError, match=r"n=1000000000000 asks for 1,000,000,000,000 deals of a board and 6 seats "
                                            r"of 4 cards: 27,008\.4 GiB"):
        random_deals(10**12)


def test_the_limit_is_the_size_of_the_arrays() -> None:
    rows = MAX_ARRAY_BYTES // 29  # the most deals of 29 bytes within the limit
    # the size is checked before first=: at the limit the call gets as far as first, one deal more does not
    with pytest.raises(ArgumentError, match="first must be at least 0"):
        random_deals(rows, first=-1)
    with pytest.raises(ArgumentError, match="GiB"):
        random_deals(rows + 1, first=-1)
    boards, holes = random_deals(3, seed=4)
    assert boards.shape == (3, 5) and holes.shape == (3, 6, 4)


def test_iter_random_deals_checks_at_the_call() -> None:
    # a chunk of 2**31 - 1 deals of 29 bytes is 58 GiB; the error comes from the call, not the first next()
    with pytest.raises(ArgumentError, match=r"chunk_rows=2147483647 asks for 2,147,483,647 deals"):
        iter_random_deals(10**10, chunk_rows=2**31 - 1)
    with pytest.raises(ArgumentError, match="n must be at least 0"):
        iter_random_deals(-1)
    # a chunk never holds more deals than there are
    assert [len(chunk) for chunk in iter_random_deals(3, chunk_rows=2**31 - 1, seed=1)] == [3]


def test_parse_card_array_cards_past_the_limit() -> None:
    with pytest.raises(ArgumentError, match=r"cards=32767 asks for 1,000,000 rows of 32,767 card ids: 30\.5 GiB"):
        parse_card_array(np.array(["As"] * 1_000_000), cards=32767)


def test_format_card_array_separator_past_the_limit() -> None:
    # 100,000 rows of 4 cards joined by 100,000 characters: 8 + 3 x 100,000 = 300,008 characters, 4 bytes each
    with pytest.raises(ArgumentError, match=r"sep of 100,000 characters asks for 100,000 strings of 300,008 characters"):
        format_card_array(np.zeros((100_000, 4), np.uint8), sep="x" * 100_000)
    assert format_card_array([[51, 0]], sep="x" * 1000).tolist() == ["As" + "x" * 1000 + "2c"]
