"""Running independent pieces of work on many cores or on a Dask cluster.

A piece is a picklable ``task(shared, piece)`` call: ``shared`` is sent once
to each worker (the card pool and the run's settings), ``piece`` is small
(a range of game or board numbers). Results come back in the order of the
pieces whatever order they finish in, so a report built from them is the
same for one process, N processes or a cluster: the work must be seeded per
game or per board, never per worker.

* ``workers=1``, no scheduler: in this process, one piece after another;
* ``workers=N``: N processes of this machine: forked where the platform
  can and this process runs no other thread (cheap: nothing is imported
  again), else spawned (safe beside the progress bar's thread);
* ``scheduler=ADDRESS``: a Dask distributed cluster (``pip install
  'dioses-rules[distributed]'``), ``shared`` scattered to every worker once.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

from .errors import Diagnostic, DiosesError

MAX_WORKERS = 256
CONNECT_TIMEOUT = "10s"  # how long to wait for a Dask scheduler

_shared: Any = None  # a worker process's copy of ``shared``


def available_cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def pieces(count: int, parts: int) -> list[range]:
    """``range(count)`` cut into at most ``parts`` consecutive ranges."""
    parts = max(1, min(parts, count))
    size, extra = divmod(count, parts)
    out, start = [], 0
    for index in range(parts):
        stop = start + size + (index < extra)
        out.append(range(start, stop))
        start = stop
    return [piece for piece in out if len(piece)]


def _start_method() -> str:
    """fork only when it is safe: a process with other threads (a progress
    bar's) may hold a lock that the child would inherit taken."""
    if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1:
        return "fork"
    return "spawn"


def _remember(shared: Any) -> None:
    global _shared
    _shared = shared


def _call(task: Callable[[Any, Any], Any], piece: Any) -> Any:
    return task(_shared, piece)


S = TypeVar("S")  # what every piece shares
P = TypeVar("P")  # a piece of the work
R = TypeVar("R")  # a piece's result


def run_pieces(
    task: Callable[[S, P], R],
    shared: S,
    work: Sequence[P],
    workers: int = 1,
    scheduler: str | None = None,
    done: Callable[[P, R], None] | None = None,
) -> list[R]:
    """``[task(shared, piece) for piece in work]``, on the backend asked for;
    ``done(piece, result)`` after each piece, in the order they finish."""
    if scheduler is not None:
        return _on_cluster(task, shared, work, scheduler, done)
    results: list[Any] = [None] * len(work)
    if workers <= 1 or len(work) <= 1:
        for index, piece in enumerate(work):
            results[index] = task(shared, piece)
            if done is not None:
                done(piece, results[index])
        return results
    context = multiprocessing.get_context(_start_method())
    with ProcessPoolExecutor(
        max_workers=min(workers, len(work)),
        mp_context=context,
        initializer=_remember,
        initargs=(shared,),
    ) as pool:
        futures = {pool.submit(_call, task, piece): index for index, piece in enumerate(work)}
        for future in as_completed(futures):
            index = futures[future]
            results[index] = future.result()
            if done is not None:
                done(work[index], results[index])
    return results


def _on_cluster(
    task: Callable[[S, P], R],
    shared: S,
    work: Sequence[P],
    scheduler: str,
    done: Callable[[P, R], None] | None,
) -> list[R]:
    try:
        from distributed import Client
        from distributed import as_completed as finished
    except ImportError:
        raise DiosesError(
            Diagnostic(
                "E110",
                "running on a Dask cluster needs the 'distributed' package",
                "",
                help="pip install 'dioses-rules[distributed]'",
            )
        ) from None
    try:
        client = Client(scheduler, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as error:
        raise DiosesError(
            Diagnostic(
                "E111",
                f"cannot reach the Dask scheduler at {scheduler}: {error}",
                "",
                help="give the address a running scheduler prints, e.g. tcp://10.0.0.5:8786",
            )
        ) from None
    with client:
        [everywhere] = client.scatter([shared], broadcast=True)
        futures = [client.submit(task, everywhere, piece, pure=False) for piece in work]
        where = {future.key: index for index, future in enumerate(futures)}
        results: list[Any] = [None] * len(work)
        for future in finished(futures):
            index = where[future.key]
            results[index] = future.result()
            if done is not None:
                done(work[index], results[index])
        return results
