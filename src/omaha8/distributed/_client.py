"""Dask at arm's length: imported only when a function needs it.

omaha8 itself never imports dask; this module turns a ``client`` argument
(a :class:`distributed.Client`, default or not, a scheduler address, or
None for no cluster) into a client, and runs lists of tasks either on it or
here, in order, with one progress line on stderr.

A scheduler address must answer within ``connect_timeout`` seconds
(:data:`CONNECT_TIMEOUT`, 10 s, by default). Before distributed connects,
a plain TCP probe reads the first message the server sends (a scheduler
greets every connection with a short handshake): nothing listening, nothing
said in time, a length no greeting has, or bytes that do not decode as one
(some other server) is a :class:`SchedulerError` at once, and nothing is
allocated from what such a server announces.
"""

from __future__ import annotations

import importlib
import operator
import socket
import struct
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import ModuleType
from typing import Any, TextIO

import numpy as np

from .._support._args import CHUNK_LIMIT, brief, is_int
from .._support._progress import Progress
from ..errors import ArgumentError, ArgumentTypeError, MissingExtraError, SchedulerError

__all__ = [
    "CONNECT_TIMEOUT",
    "DOCS",
    "SchedulerError",
    "TaskProgress",
    "check_timeout",
    "connect",
    "MAX_TASKS",
    "check_tasks",
    "per_task",
    "require",
    "run_tasks",
    "total_threads",
    "threads_per_task",
]

_INSTALL = "pip install 'omaha8[distributed]'  (dask[array] and distributed)"


def require(name: str) -> ModuleType:
    """Import ``dask``, ``dask.array`` or ``distributed``, or say how to install them."""
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise MissingExtraError(f"this part of omaha8.distributed needs {name!r}: {_INSTALL} ({exc})") from exc


#: Seconds to wait for a scheduler given by its address before giving up.
CONNECT_TIMEOUT = 10.0

#: The parameters the cluster functions describe alike (:func:`omaha8._support._docs.fill_doc` writes them in).
DOCS = {
    "client": "client\n    A ``distributed.Client``, a scheduler address, or None to run here,\n    without Dask.",
    "n_threads": "n_threads\n    Threads per task. None: 1 on a cluster, every core when run here.",
    "progress": "progress\n    Draw a progress line over the tasks on stderr.",
    "connect_timeout": "connect_timeout\n    Seconds a scheduler given by its address has to answer (default 10).",
}
#: Most tasks (or blocks of a dask array) one call makes: each costs the scheduler memory and time, so a
#: count or block size that asks for more is refused before any is built.
MAX_TASKS = 1 << 20
# the first message of a scheduler (its handshake) is under a hundred bytes
_HANDSHAKE_LIMIT = 1 << 16


def check_timeout(value: object, name: str = "connect_timeout") -> float:
    """A positive, finite number of seconds."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise ArgumentTypeError(f"{name} must be a number of seconds, not {type(value).__name__} {brief(value)}")
    seconds = float(value)
    if not 0 < seconds <= 24 * 3600:  # NaN fails this too
        raise ArgumentError(f"{name} must be more than 0 and at most 86400 seconds, got {brief(value)}")
    return seconds


def _receive(sock: socket.socket, n: int, deadline: float, address: str) -> bytes:
    """Exactly ``n`` bytes from ``sock`` before ``deadline`` (``time.monotonic``)."""
    data = b""
    while len(data) < n:
        left = deadline - time.monotonic()
        if left <= 0:
            raise socket.timeout
        sock.settimeout(left)
        part = sock.recv(min(n - len(data), 1 << 16))
        if not part:
            raise SchedulerError(f"the server at {brief(address)} closed the connection: it is not a Dask scheduler")
        data += part
    return data


def _is_handshake(body: bytes) -> bool:
    """Whether ``body`` decodes as the greeting a Dask scheduler sends (a dict naming its Python)."""
    try:
        frames_of = importlib.import_module("distributed.protocol.utils").unpack_frames
        msgpack = importlib.import_module("msgpack")
    except (ImportError, AttributeError):  # another distributed: the length check alone has to do
        return True
    try:
        frames, more = frames_of(body, partial=True)
        message = msgpack.unpackb(frames[0], use_list=False, strict_map_key=False)
    except Exception:  # whatever the bytes were, they were not a greeting
        return False
    return not more and isinstance(message, dict) and "python" in message


def _probe(address: str, timeout: float) -> None:
    """Check that a Dask scheduler answers at a ``tcp://`` address, reading at most its greeting.

    distributed itself would allocate whatever length the first 8 bytes from
    the server announce and wait for that many; here a server that is not a
    scheduler (or nothing at all) is found out first, at bounded cost: the
    greeting must announce at most 64 KiB and decode as a scheduler's.
    """
    comm = require("distributed.comm")
    try:
        scheme, location = comm.parse_address(address)
        if scheme != "tcp":
            return  # tls, ucx, inproc ...: left to distributed, within its timeout
        host, port = comm.parse_host_port(location)
    except ValueError as exc:
        raise SchedulerError(f"{brief(address)} is not a scheduler address like tcp://host:8786: {exc}") from None
    if not isinstance(port, int) or not 0 < port < 65536:
        raise SchedulerError(f"{brief(address)} is not a scheduler address: port {brief(port)} is not 1..65535")
    deadline = time.monotonic() + timeout
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            prefix = _receive(sock, 8, deadline, address)
            (length,) = struct.unpack("<Q", prefix)
            if not 0 < length <= _HANDSHAKE_LIMIT:
                raise SchedulerError(
                    f"the server at {brief(address)} is not a Dask scheduler: it sent {brief(prefix)} "
                    "instead of a scheduler's greeting"
                )
            body = _receive(sock, length, deadline, address)
    except socket.timeout:
        raise SchedulerError(
            f"no Dask scheduler answered at {brief(address)} within {timeout:g} s "
            "(connect_timeout; --connect-timeout on the command line)"
        ) from None
    except OSError as exc:
        raise SchedulerError(f"cannot reach a Dask scheduler at {brief(address)}: {exc.strerror or exc}") from None
    if not _is_handshake(body):
        raise SchedulerError(
            f"the server at {brief(address)} is not a Dask scheduler: its first message is not a scheduler's greeting"
        )


@contextmanager
def connect(client: Any, *, required: bool = False, timeout: object = CONNECT_TIMEOUT) -> Iterator[Any]:
    """The client to use: ``client`` itself, or a new one for an address string (closed after).

    ``client=None`` yields None: the caller runs here, without Dask (an
    error when ``required``). An address must answer as a Dask scheduler
    within ``timeout`` seconds; a client must be open.
    """
    seconds = check_timeout(timeout)
    if client is None:
        if required:
            raise ArgumentError("no Dask client: pass a distributed.Client or a scheduler address")
        yield None
    elif isinstance(client, str):
        distributed = require("distributed")
        started = time.monotonic()
        _probe(client, seconds)
        left = seconds - (time.monotonic() - started)  # the whole connect stays within the timeout
        if left <= 0:
            raise SchedulerError(f"no Dask scheduler answered at {brief(client)} within {seconds:g} s")
        try:
            own = distributed.Client(client, set_as_default=False, timeout=left)
        except Exception as exc:  # distributed's errors for a failed handshake vary: struct.error, IndexError ...
            reason = " ".join(str(exc).split()) or type(exc).__name__
            raise SchedulerError(
                f"cannot connect to a Dask scheduler at {brief(client)} within {seconds:g} s: {brief(reason, 200)}"
            ) from None
        try:
            yield own
        finally:
            own.close()
    else:
        distributed = require("distributed")
        if not isinstance(client, distributed.Client):
            raise ArgumentTypeError(
                "client must be a distributed.Client, a scheduler address such as 'tcp://host:8786' or None, "
                f"not {type(client).__name__} {brief(client)}"
            )
        if client.status in ("closing", "closed"):
            raise SchedulerError(f"the Dask client {brief(client)} is {client.status}: open a new one")
        if getattr(client, "asynchronous", False):
            raise ArgumentTypeError("client is asynchronous; omaha8 needs a synchronous distributed.Client")
        yield client


def check_tasks(count: int, asked: str) -> None:
    """Refuse ``count`` tasks, which ``asked`` (the arguments, as text) would make."""
    if count > MAX_TASKS:
        raise ArgumentError(f"{asked} makes {count:,} tasks, more than the {MAX_TASKS:,} one call may send: "
                            "give more work to each")


def per_task(given: object, name: str, default: int) -> int:
    """``given`` (a positive int) or, for None, ``default``."""
    if given is None:
        return max(1, default)
    message = f"{name} must be None or a positive int, not {brief(given)}"
    if not is_int(given):
        raise ArgumentTypeError(message)
    number = operator.index(given)  # type: ignore[arg-type]
    if not 1 <= number <= CHUNK_LIMIT:
        raise ArgumentError(message if number < 1 else f"{name} must be at most {CHUNK_LIMIT}, got {brief(number)}")
    return number


def total_threads(client: Any) -> int:
    """Worker threads of the cluster behind ``client`` (at least 1); 1 for None (running here)."""
    if client is None:
        return 1
    workers = client.scheduler_info(n_workers=-1).get("workers", {})
    return max(1, sum(int(w.get("nthreads", 1)) for w in workers.values()))


def threads_per_task(n_threads: int | None, client: Any) -> int | None:
    """The ``n_threads`` each task runs with: as given, else 1 on a cluster (each
    worker thread runs one task) and every core when run here (None)."""
    return n_threads if n_threads is not None or client is None else 1


class TaskProgress:
    """The shared progress line (:class:`omaha8._support._progress.Progress`) of a cluster run, counting tasks."""

    def __init__(self, label: str, total: int, stream: TextIO | None = None, enabled: bool = True) -> None:
        self.total = total
        self.line = Progress(label, stream=stream, enabled=enabled)

    def update(self, done: int) -> None:
        self.line.update(done / self.total if self.total else 1.0, f"{done}/{self.total} tasks")

    def close(self) -> None:
        self.line.close()


def run_tasks(
    func: Callable[..., Any],
    args: Sequence[tuple[Any, ...]],
    client: Any,
    *,
    progress: TaskProgress | None = None,
) -> list[Any]:
    """``[func(*a) for a in args]``, on the cluster when ``client`` is given, results in order.

    On a cluster every call is one task; a worker that dies takes its tasks
    with it and the scheduler runs them again elsewhere, so the results do
    not change (they depend only on the arguments).
    """
    done = 0
    if progress is not None:
        progress.update(0)
    try:
        if client is None:
            results = []
            for a in args:
                results.append(func(*a))
                done += 1
                if progress is not None:
                    progress.update(done)
            return results
        distributed = require("distributed")
        futures = [client.submit(func, *a, pure=False) for a in args]
        try:
            # the client's own loop: as_completed would otherwise look for a default client
            for future in distributed.as_completed(futures, loop=client.loop):
                if future.status == "error":
                    future.result()  # raise the task's own error at once
                done += 1
                if progress is not None:
                    progress.update(done)
            return list(client.gather(futures))
        except BaseException:
            client.cancel(futures)
            raise
    finally:
        if progress is not None:
            progress.close()
