"""``client=`` in omaha8.distributed: any client, an address, and the ways either can be wrong.

The functions must work with a ``distributed.Client`` that is not the
default one and with a scheduler address; an address where nothing (or
something else) answers must fail within the connect timeout with a
SchedulerError, at bounded memory; a closed client or a non-client is
refused clearly.
"""

from __future__ import annotations

import socket
import struct
import threading
import time
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")

from omaha8.cli import main  # noqa: E402
from omaha8.deals import iter_random_deals  # noqa: E402
from omaha8.distributed import (  # noqa: E402
    SchedulerError,
    equity_many,
    evaluate,
    pot_shares,
    preflop_table,
    random_batch_summary,
    random_deals,
    run_batch_on_cluster,
    winners,
)
from omaha8.errors import ArgumentError, ArgumentTypeError, Omaha8Error  # noqa: E402
from omaha8.odds._equity import equity  # noqa: E402

SPOT = (["As Ad 2c 3d", "Ks Kd Qh Jh"], "Ac Kc 4h 5s")


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    # tcp, so that the address string goes through the same probe as a remote scheduler's
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None,
                                  protocol="tcp://") as local:
        yield local


@pytest.fixture()
def client(cluster: Any) -> Iterator[Any]:
    """A client that is *not* the default one: the case that failed with 'No clients found'."""
    with distributed.Client(cluster, set_as_default=False) as c:
        yield c


def closed_port() -> int:
    """A local port nothing listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def fake_server(greeting: bytes, *, stream_forever: bool = False) -> Iterator[tuple[int, list[int]]]:
    """A plain TCP server on 127.0.0.1 that sends ``greeting`` (then junk, endlessly, if asked).

    Yields the port and a list that receives how many bytes each connection managed to send.
    """
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    sent: list[int] = []
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                return
            total = 0
            with conn:
                try:
                    conn.sendall(greeting)
                    total += len(greeting)
                    while stream_forever and not stop.is_set():
                        conn.sendall(b"junk" * 4096)
                        total += 4 * 4096
                    stop.wait(5)
                except OSError:
                    pass  # the client hung up: what we want
            sent.append(total)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield int(server.getsockname()[1]), sent
    finally:
        stop.set()
        server.close()
        thread.join(10)


# ---------------------------------------------------------------- clients that work


def test_functions_work_with_a_client_that_is_not_the_default(client: Any) -> None:
    with pytest.raises(ValueError):
        distributed.default_client()  # the premise: there is no default client to fall back on
    here = equity(SPOT[0], SPOT[1])
    [there] = equity_many([SPOT], client=client)
    assert there.equity.tolist() == here.equity.tolist()
    assert len(preflop_table(4, samples=50, seed=1, hands=slice(0, 3), client=client)) == 3
    summary = random_batch_summary(2000, players=3, seed=5, client=client)
    alone = random_batch_summary(2000, players=3, seed=5)
    assert (summary.deals, summary.scoops, summary.no_low) == (alone.deals, alone.scoops, alone.no_low)
    pairs = list(run_batch_on_cluster(iter_random_deals(300, seed=1, chunk_rows=100), client))
    assert [len(chunk) for chunk, _ in pairs] == [100, 100, 100]


def test_functions_work_with_a_scheduler_address(cluster: Any) -> None:
    address = cluster.scheduler_address
    assert address.startswith("tcp://")
    [result] = equity_many([SPOT], client=address, connect_timeout=5)
    assert result.equity.tolist() == [0.9375, 0.0625]  # 35 of 40 rivers to the aces, 5 split (test_equity)
    table = preflop_table(4, samples=50, seed=2, hands=slice(0, 2), client=address)
    assert bool((table.rows == preflop_table(4, samples=50, seed=2, hands=slice(0, 2)).rows).all())
    assert random_batch_summary(500, seed=3, client=address).deals == 500


# ---------------------------------------------------------------- addresses that do not work


def test_unreachable_scheduler_fails_at_once_with_a_clear_error() -> None:
    address = f"tcp://127.0.0.1:{closed_port()}"
    with pytest.raises(SchedulerError, match="cannot reach a Dask scheduler at 'tcp://127.0.0.1:"):
        equity_many([SPOT], client=address)
    with pytest.raises(SchedulerError):
        preflop_table(4, samples=10, seed=1, hands=slice(0, 2), client=address)
    with pytest.raises(SchedulerError):
        random_batch_summary(10, seed=1, client=address)
    with pytest.raises(SchedulerError):
        next(run_batch_on_cluster(iter_random_deals(10, seed=1), address))


@pytest.mark.parametrize("address", ["nonsense", "tcp://127.0.0.1:99999", "tcp://", ""])
def test_malformed_addresses(address: str) -> None:
    with pytest.raises(SchedulerError, match="is not a scheduler address"):
        equity_many([SPOT], client=address)


def test_silent_server_fails_within_the_connect_timeout() -> None:
    with socket.socket() as silent:  # listens, accepts (the backlog), never says a word
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        address = f"tcp://127.0.0.1:{silent.getsockname()[1]}"
        started = time.monotonic()
        with pytest.raises(SchedulerError, match="no Dask scheduler answered .* within 0.5 s"):
            equity_many([SPOT], client=address, connect_timeout=0.5)
        # the documented timeout is honoured (a generous margin: this is not a speed measure)
        assert time.monotonic() - started < 5


@pytest.mark.parametrize("greeting", [
    b"SSH-2.0-OpenSSH_9.6\r\n",                   # another kind of server
    b"HTTP/1.1 400 Bad Request\r\n\r\n",
    struct.pack("<Q", 2**40) + b"x" * 64,          # announces a terabyte
    struct.pack("<Q", 100) + b"\x00" * 100,        # a plausible length, then junk
    struct.pack("<Q", 16) + b"\x01" * 16,
])
def test_some_other_server_is_refused_at_bounded_memory(greeting: bytes) -> None:
    with fake_server(greeting, stream_forever=True) as (port, sent):
        tracemalloc.start()
        try:
            with pytest.raises(SchedulerError, match="is not a Dask scheduler"):
                equity_many([SPOT], client=f"tcp://127.0.0.1:{port}", connect_timeout=3)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
    assert peak < 16 << 20  # nothing sized by what the server announced
    assert sent and sent[0] < 64 << 20  # the connection was dropped, not drained


def test_command_line_scheduler_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["preflop-table", "--scheduler", f"tcp://127.0.0.1:{closed_port()}", "--slice", "0:2",
                 "--samples", "10", "--connect-timeout", "2"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("omaha8: error: cannot reach a Dask scheduler")


# ---------------------------------------------------------------- clients that do not work


def test_closed_client_is_refused(cluster: Any) -> None:
    c = distributed.Client(cluster, set_as_default=False)
    c.close()
    for call in (lambda: equity_many([SPOT], client=c),
                 lambda: preflop_table(4, samples=10, seed=1, hands=slice(0, 2), client=c),
                 lambda: random_batch_summary(10, seed=1, client=c),
                 lambda: next(run_batch_on_cluster(iter_random_deals(10, seed=1), c))):
        with pytest.raises(SchedulerError, match="is closed"):
            call()


@pytest.mark.parametrize("bad", [5, 1.5, True, object(), b"tcp://127.0.0.1:1", ["tcp://127.0.0.1:1"]])
def test_something_that_is_not_a_client_is_refused(bad: object) -> None:
    with pytest.raises(ArgumentTypeError, match="client must be a distributed.Client"):
        equity_many([SPOT], client=bad)


@pytest.mark.parametrize("timeout", [0, -1, float("nan"), float("inf"), "5", None, True, 10**6])
def test_connect_timeout_is_checked(timeout: object) -> None:
    with pytest.raises(Omaha8Error, match="connect_timeout"):
        equity_many([SPOT], client=f"tcp://127.0.0.1:{closed_port()}", connect_timeout=timeout)  # type: ignore[arg-type]


def test_run_batch_needs_a_client() -> None:
    with pytest.raises(ArgumentError, match="no Dask client"):
        next(run_batch_on_cluster(iter_random_deals(10, seed=1), None))


# ---------------------------------------------------------------- chunk sizes


@pytest.mark.parametrize("rows", [0, -1, 2**31, 2**70, 1.5, True, None])
def test_chunk_rows_is_checked_everywhere(rows: object) -> None:
    holes = np.array([[51, 47, 0, 4]])
    seats = np.array([[[51, 47, 0, 4], [50, 46, 42, 38]]])
    board = [49, 45, 41, 8, 12]
    calls = [
        lambda: evaluate(holes, board, chunk_rows=rows),
        lambda: pot_shares(seats, board, chunk_rows=rows),
        lambda: winners(seats, board, chunk_rows=rows),
        lambda: random_deals(10, seed=1, chunk_rows=rows),
        lambda: random_batch_summary(10, seed=1, chunk_rows=rows),
    ]
    for call in calls:
        with pytest.raises(Omaha8Error, match="chunk_rows"):
            call()


def test_validate_and_threads_are_checked_in_the_array_functions() -> None:
    holes = np.array([[51, 47, 0, 4]])
    with pytest.raises(ArgumentTypeError, match="validate must be True or False"):
        evaluate(holes, [49, 45, 41, 8, 12], validate=0)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="n_threads must be at least 1"):
        evaluate(holes, [49, 45, 41, 8, 12], n_threads=0)


def test_threads_per_task_and_total_threads_without_a_cluster() -> None:
    from omaha8.distributed._client import threads_per_task, total_threads

    class _Cluster:  # what total_threads reads of a client: two workers of 3 and 2 threads
        def scheduler_info(self, n_workers: int) -> dict[str, Any]:
            return {"workers": {"a": {"nthreads": 3}, "b": {"nthreads": 2}}}

    assert total_threads(None) == 1  # run here: one thread's worth of tasks to plan for
    assert total_threads(_Cluster()) == 5
    assert threads_per_task(None, None) is None  # run here: every core
    assert threads_per_task(None, _Cluster()) == 1  # a cluster: each worker thread runs one task
    assert threads_per_task(3, _Cluster()) == 3 and threads_per_task(3, None) == 3  # as given
