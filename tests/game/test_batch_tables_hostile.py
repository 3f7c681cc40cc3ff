"""BatchTables' arguments: True is not a chip or an action kind, and a table count sizes the memory it takes."""

from __future__ import annotations

import numpy as np
import pytest

from omaha8._support._args import MAX_ARRAY_BYTES
from omaha8.errors import ArgumentError, ArgumentTypeError, ChipError
from omaha8.game import BatchTables


def test_true_is_not_one_chip() -> None:
    BatchTables(2, 2, "pot-limit", stacks=[[3, 100], [100, 100]])  # 3 chips, more than the small blind of 1
    with pytest.raises(ChipError, match="stacks must be whole numbers of chips, not bool values"):
        BatchTables(2, 2, "pot-limit", stacks=[[True, 100], [100, 100]])
    with pytest.raises(ChipError, match="not bool values"):
        BatchTables(2, 2, "pot-limit", stacks=[100, np.True_])


def test_true_is_not_an_action_kind() -> None:
    tables = BatchTables(2, 2, "pot-limit", seed=1)
    with pytest.raises(ArgumentTypeError, match="kind must be whole numbers, not bool values"):
        tables.step([True, 1])
    finished, _ = tables.step([1, 1])  # the same actions as ints
    assert finished.shape == (2,)


def test_the_number_of_tables_is_bounded_by_the_memory_it_asks_for() -> None:
    # about 120 bytes a seat and 150 a table: 2**31 - 1 tables of 10 seats are about 2,700 GiB
    with pytest.raises(ArgumentError, match=r"n_tables=2147483647 asks for the state of 2,147,483,647 tables of "
                                            r"10 seats: 2,700\.0 GiB"):
        BatchTables(2**31 - 1, 10, "pot-limit")
    most = MAX_ARRAY_BYTES // (120 * 2 + 150)
    with pytest.raises(ArgumentError, match="asks for the state"):
        BatchTables(most + 1, 2, "pot-limit")
    assert BatchTables(1000, 10, "pot-limit").n_tables == 1000
