"""How many threads a kernel call uses: ``n_threads`` resolved in Python, handed to the kernel as an int.

Every public function that takes ``n_threads`` checks it with
:func:`omaha8._support._args.check_n_threads` and turns it into a plain thread count
with :func:`threads_for`, which also caps the count by the work the call
has; the compiled kernels take that int as it is.

>>> threads_for(4, 100 * WORK_PER_THREAD)
4
>>> threads_for(8, WORK_PER_THREAD)  # too little work for a second thread
1
>>> threads_for(0)
Traceback (most recent call last):
...
omaha8.errors.ArgumentError: n_threads must be at least 1, got 0
"""

from __future__ import annotations

from ._args import check_n_threads
from ..core._core import max_threads

__all__ = ["MAX_THREADS", "WORK_PER_THREAD", "threads_for"]

#: Work each thread must have, in units of one hand's high and low. Starting a
#: second, sleeping thread costs some 10-70 us (more on a loaded machine); set
#: when a hand cost about 30 ns, where two threads paid from about 8192 units
#: (benchmarks/bench_threads.py: 8192 rows 0.19 ms on two threads, 0.25 ms on
#: one). Hands have been made faster since, which moves the break-even up;
#: it has not been measured again (bench_threads.py measures it).
WORK_PER_THREAD = 4096

#: Most threads a kernel is handed, whatever was asked.
MAX_THREADS = 1024


def threads_for(n_threads: object, work: int = -1, name: str = "n_threads") -> int:
    """Threads for a call with ``work`` units: ``n_threads`` checked (None = every
    core), then capped so each thread has at least :data:`WORK_PER_THREAD` units
    (``work`` -1: unknown, as many as asked)."""
    if n_threads is None:
        threads = max_threads()
    elif type(n_threads) is int and 1 <= n_threads <= MAX_THREADS:
        threads = n_threads  # the common case, checked without a call
    else:
        checked = check_n_threads(n_threads, name)
        assert checked is not None
        threads = min(checked, MAX_THREADS)
    if work >= 0 and threads > 1:
        most = work // WORK_PER_THREAD
        if most < threads:
            threads = max(1, most)
    return threads
