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

from ttt.arguments import a_function, as_entered, at_least, checked

__all__ = ["timed"]


@checked(run=a_function,
         repeats=at_least(1, 10 ** 6, " (a million calls take minutes for most functions)"))
def timed(run: Callable[[], Any], repeats: int = 1) -> tuple[float, Any]:
    """The median wall-clock time in seconds of ``repeats`` calls of ``run`` (a function of no
    arguments), and what the last call returned. Garbage is collected before each call, so that
    one call does not pay for the previous one's leftovers."""
    times = []
    result = None
    for _ in range(repeats):
        result = None  # let the previous result go before the next run
        gc.collect()
        start = time.perf_counter()
        result = as_entered(run)  # its calls checked as the caller's own would be
        times.append(time.perf_counter() - start)
    return statistics.median(times), result
