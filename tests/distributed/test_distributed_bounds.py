"""Counts and block sizes that would build millions of Dask tasks, or blocks past the array limit, are refused.

``omaha8.distributed.random_deals(2**62, chunk_rows=1)`` looped building one
task per deal; each call now counts its tasks (at most
:data:`omaha8.distributed._client.MAX_TASKS`) and the deals a block holds
before building any. Nothing here needs a cluster: the checks run first.
"""

from __future__ import annotations

import pytest

from omaha8.distributed import _client, random_batch_summary, random_deals
from omaha8.errors import ArgumentError

pytest.importorskip("dask.array")


def test_random_deals_in_too_many_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ArgumentError, match=r"n=4611686018427387904 in blocks of chunk_rows=1 makes "
                                            r"4,611,686,018,427,387,904 tasks, more than the 1,048,576"):
        random_deals(2**62, seed=1, chunk_rows=1)
    monkeypatch.setattr(_client, "MAX_TASKS", 10)  # the boundary, on a graph small enough to build
    boards, _ = random_deals(10, seed=1, chunk_rows=1)
    assert boards.numblocks[0] == 10
    with pytest.raises(ArgumentError, match="makes 11 tasks, more than the 10"):
        random_deals(11, seed=1, chunk_rows=1)


def test_random_deals_blocks_past_the_array_limit() -> None:
    with pytest.raises(ArgumentError, match=r"chunk_rows=2147483647 asks for blocks of 2,147,483,647 deals"):
        random_deals(2**40, seed=1, chunk_rows=2**31 - 1)


def test_random_batch_summary_tasks_and_chunks() -> None:
    with pytest.raises(ArgumentError, match=r"n=1099511627776 in tasks of deals_per_task=1 makes"):
        random_batch_summary(2**40, seed=1, deals_per_task=1)
    with pytest.raises(ArgumentError, match=r"chunk_rows=2147483647 asks for 2,147,483,647 deals of 6 seats a task"):
        random_batch_summary(2**40, seed=1, chunk_rows=2**31 - 1)
    summary = random_batch_summary(1000, seed=1, deals_per_task=100)
    assert summary.deals == 1000 and summary.tasks == 10
