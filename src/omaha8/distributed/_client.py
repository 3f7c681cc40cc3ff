"""Dask at arm's length: imported only when a function needs it.

omaha8 itself never imports dask; this module turns a ``client`` argument
(a :class:`distributed.Client`, a scheduler address, or None for no
cluster) into a client, and runs lists of tasks either on it or here, in
order, with one progress line on stderr.
"""

from __future__ import annotations

import importlib
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import ModuleType
from typing import Any, TextIO

from ..errors import MissingExtraError

__all__ = ["require", "connect", "run_tasks", "total_threads", "per_task", "TaskProgress"]

_INSTALL = "pip install 'omaha8[distributed]'  (dask[array] and distributed)"


def require(name: str) -> ModuleType:
    """Import ``dask``, ``dask.array`` or ``distributed``, or say how to install them."""
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise MissingExtraError(f"this part of omaha8.distributed needs {name!r}: {_INSTALL} ({exc})") from exc


@contextmanager
def connect(client: Any, *, required: bool = False) -> Iterator[Any]:
    """The client to use: ``client`` itself, or a new one for an address string (closed after).

    ``client=None`` yields None: the caller runs here, without Dask (an
    error when ``required``).
    """
    if client is None:
        if required:
            raise ValueError("no Dask client: pass a distributed.Client or a scheduler address")
        yield None
    elif isinstance(client, str):
        own = require("distributed").Client(client, set_as_default=False)
        try:
            yield own
        finally:
            own.close()
    else:
        yield client


def per_task(given: object, name: str, default: int) -> int:
    """``given`` (a positive int) or, for None, ``default``."""
    if given is None:
        return max(1, default)
    if isinstance(given, bool) or not isinstance(given, int) or given < 1:
        raise ValueError(f"{name} must be None or a positive int, not {given!r}")
    return given


def total_threads(client: Any) -> int:
    """Worker threads of the cluster behind ``client`` (at least 1)."""
    workers = client.scheduler_info(n_workers=-1).get("workers", {})
    return max(1, sum(int(w.get("nthreads", 1)) for w in workers.values()))


class TaskProgress:
    """One line on a stream: tasks done of all, elapsed and estimated time left."""

    def __init__(self, label: str, total: int, stream: TextIO | None = None, enabled: bool = True) -> None:
        self.label, self.total = label, total
        self.stream = sys.stderr if stream is None else stream
        self.enabled = enabled
        self.started = time.perf_counter()
        self.last = 0.0
        self.drawn = False

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self.last < 0.2 and done < self.total:
            return
        self.last = now
        elapsed = now - self.started
        fraction = done / self.total if self.total else 1.0
        left = elapsed * (1 - fraction) / fraction if fraction > 0 else 0.0
        bar = "#" * int(30 * fraction)
        self.stream.write(
            f"\r{self.label} [{bar:.<30}] {done}/{self.total} tasks  {elapsed:6.1f}s elapsed, {left:6.1f}s left"
        )
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()


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
            for future in distributed.as_completed(futures):
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
