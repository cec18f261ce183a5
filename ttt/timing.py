"""The course's one timer: how long a piece of code takes, measured the way ``benchmarks/run.py``
measures every search, so that a lesson's "it took 0.8 s" and the benchmarks' numbers mean the
same thing. A time depends on the computer: lessons print it, never check it.

``cpu_timed`` is the same timer on another clock: the processor time this Python spends
(``time.process_time``), which other programs running on a busy computer do not add to. A lesson
that compares methods by their times uses it, so that the comparison holds on a loaded machine.

This module imports nothing of the package: it is the bottom layer.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable
from typing import Any

__all__ = ["cpu_timed", "timed"]


def timed(run: Callable[[], Any], repeats: int = 1, *,
          clock: Callable[[], float] = time.perf_counter) -> tuple[float, Any]:
    """The median time in seconds of ``repeats`` calls of ``run`` (a function of no arguments),
    by ``clock`` (the wall clock unless told), and what the last call returned. Garbage is
    collected before each call, so that one call does not pay for the previous one's
    leftovers."""
    if not callable(run):
        raise TypeError(f"run is a function of no arguments to time, got {type(run).__name__}")
    if isinstance(repeats, bool) or not isinstance(repeats, int):
        raise TypeError(f"repeats is a whole number of calls, got {repeats!r}")
    if repeats < 1:
        raise ValueError(f"repeats must be at least 1, got {repeats}")
    times = []
    result = None
    for _ in range(repeats):
        result = None  # let the previous result go before the next run
        gc.collect()
        start = clock()
        result = run()
        times.append(clock() - start)
    return statistics.median(times), result


def cpu_timed(run: Callable[[], Any], repeats: int = 3) -> tuple[float, Any]:
    """``timed`` by the processor time of this Python (``time.process_time``): the median of
    ``repeats`` calls, what a comparison of methods needs on a computer busy with other programs
    (their work is not counted), and what the last call returned."""
    return timed(run, repeats, clock=time.process_time)
