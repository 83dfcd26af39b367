"""The clock every benchmark reads: CPU time beside wall time (#29).

On a shared machine the wall clock measures the load as much as the code (the
published random-games figure was 332 games/s by the wall clock, about 736 by
CPU time in the same conditions), so every figure a goal is read from is CPU
time, and every goal is a ratio of two variants timed alternately in one run.
The wall clock is still reported beside it.

* :func:`timed`: a call in this thread, its thread CPU time and wall time,
  the garbage collector paused (as ``timeit`` does);
* :func:`timed_process`: a child process, its CPU time (user and system, from
  the kernel's accounting of waited-for children) and wall time;
* :func:`timed_with_children`: a call that may start worker processes: this
  process's CPU time plus that of the children it waited for;
* :func:`process_cpu`: what a running process (a server) has spent so far.
"""

from __future__ import annotations

import gc
import os
import resource
import statistics
import subprocess
import time
from collections.abc import Callable

CLOCK = "cpu"  # the JSON's "clock": which time the goals are read from


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(run: Callable[[], object]) -> tuple[float, float]:
    """(thread CPU seconds, wall seconds) of ``run()``, the GC paused."""
    gc.collect()
    gc.disable()
    try:
        cpu, wall = time.thread_time(), time.perf_counter()
        run()
        return time.thread_time() - cpu, time.perf_counter() - wall
    finally:
        gc.enable()


def timed_with_children(run: Callable[[], object]) -> tuple[float, float]:
    """(CPU seconds of this process and its reaped children, wall seconds)."""
    cpu, children, wall = time.process_time(), _children_cpu(), time.perf_counter()
    run()
    return (time.process_time() - cpu + _children_cpu() - children, time.perf_counter() - wall)


def timed_process(argv: list[str], **options) -> tuple[float, float, subprocess.CompletedProcess]:
    """(the child's CPU seconds, wall seconds, what ``subprocess.run`` gave)."""
    children, wall = _children_cpu(), time.perf_counter()
    done = subprocess.run(argv, **options)
    return _children_cpu() - children, time.perf_counter() - wall, done


def process_cpu(pid: int):
    """CPU seconds a running process has spent so far (Linux's /proc), or
    None where the system does not say."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def medians(samples: dict[str, list[float]]) -> dict[str, float]:
    return {name: statistics.median(values) for name, values in samples.items()}


def one_core() -> str:
    """Pin this process to one core where the system allows it; say how."""
    if hasattr(os, "sched_setaffinity"):
        try:
            core = min(os.sched_getaffinity(0))
            os.sched_setaffinity(0, {core})
            return f"pinned to core {core}"
        except OSError as error:
            return f"not pinned ({error.strerror})"
    return "not pinned (no sched_setaffinity on this system)"
