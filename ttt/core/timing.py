"""The course's one timer: how long a piece of code takes, measured the way ``benchmarks/run.py``
measures every search, so that a lesson's "it took 0.8 s" and the benchmarks' numbers mean the
same thing. A time depends on the computer: lessons print it, never check it.

``cpu_timed`` is the same timer on another clock: the processor time this Python spends
(``time.process_time``), which other programs running on a busy computer do not add to. A lesson
that compares methods by their times uses it, so that the comparison holds on a loaded machine.

``time_per_move`` is the other side of time: how long a player may take over a move before it is
stopped as one that never returns (``ttt.core.limits``).

This module stands on the argument rules (``ttt.core.arguments``) and the time limits alone.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ttt.core import limits
from ttt.core.arguments import a_function, as_entered, at_least, checked

__all__ = ["cpu_timed", "time_per_move", "timed"]


@checked(run=a_function, clock=a_function,
         repeats=at_least(1, 10 ** 6, " (a million calls take minutes for most functions)"))
def timed(run: Callable[[], Any], repeats: int = 1, *,
          clock: Callable[[], float] = time.perf_counter) -> tuple[float, Any]:
    """The median time in seconds of ``repeats`` calls of ``run`` (a function of no arguments),
    by ``clock`` (the wall clock unless told), and what the last call returned. Garbage is
    collected before each call, so that one call does not pay for the previous one's
    leftovers."""
    times = []
    result = None
    for _ in range(repeats):
        result = None  # let the previous result go before the next run
        gc.collect()
        start = clock()
        result = as_entered(run)  # its calls checked as the caller's own would be
        times.append(clock() - start)
    return statistics.median(times), result


@checked(repeats=at_least(1, 10 ** 6, " (a million calls take minutes for most functions)"))
def cpu_timed(run: Callable[[], Any], repeats: int = 3) -> tuple[float, Any]:
    """``timed`` by the processor time of this Python (``time.process_time``): the median of
    ``repeats`` calls, what a comparison of methods needs on a computer busy with other programs
    (their work is not counted), and what the last call returned."""
    return timed(run, repeats, clock=time.process_time)


@contextmanager
@checked
def time_per_move(seconds: float) -> Iterator[None]:
    """Within the block, each player handed to a match, a tournament or a learner gets ``seconds``
    per move (instead of ``ttt.core.limits.MOVE_SECONDS``, a minute) before it is stopped as one
    that never returns: ``with time_per_move(5): tournament(my_player, random_player())``."""
    before, limits.MOVE_SECONDS = limits.MOVE_SECONDS, float(seconds)
    try:
        yield
    finally:
        limits.MOVE_SECONDS = before
