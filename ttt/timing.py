"""The course's one timer: how long a piece of code takes, measured the way ``benchmarks/run.py``
measures every search, so that a lesson's "it took 0.8 s" and the benchmarks' numbers mean the
same thing. A time depends on the computer: lessons print it, never check it.

This module imports nothing of the package: it is the bottom layer.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable
from typing import Any

__all__ = ["timed"]


def timed(run: Callable[[], Any], repeats: int = 1) -> tuple[float, Any]:
    """The median wall-clock time in seconds of ``repeats`` calls of ``run`` (a function of no
    arguments), and what the last call returned. Garbage is collected before each call, so that
    one call does not pay for the previous one's leftovers."""
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
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result
