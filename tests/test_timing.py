"""Tests of ttt.timing.timed, the one timer of the lessons and the benchmarks."""

import time

import pytest

from ttt.core.timing import cpu_timed, timed


def test_timed_calls_the_function_repeats_times_and_returns_the_last_result():
    calls = []
    seconds, result = timed(lambda: calls.append(len(calls)) or len(calls), repeats=3)
    assert result == 3 and calls == [0, 1, 2]
    assert seconds >= 0


@pytest.mark.parametrize(("run", "repeats", "error", "words"), [
    ("minimax", 1, TypeError, "run is a function"),
    (print, 2.0, TypeError, "repeats is a whole number"),
    (print, True, TypeError, "repeats is a whole number"),
    (print, 0, ValueError, "repeats must be at least 1"),
])
def test_bad_input_is_refused_before_anything_runs(run, repeats, error, words):
    with pytest.raises(error, match=words):
        timed(run, repeats)


def test_cpu_timed_counts_the_processor_time_of_this_python_not_the_time_asleep():
    seconds, result = cpu_timed(lambda: time.sleep(0.2) or "slept")
    assert result == "slept" and 0 <= seconds < 0.1   # asleep 0.2 s by the wall clock
    busy, _ = cpu_timed(lambda: sum(range(3_000_000)), repeats=1)
    assert busy > 0


def test_timed_reads_the_clock_it_is_given():
    ticks = iter(range(0, 100, 5))                      # each reading 5 "seconds" after the last
    seconds, _ = timed(lambda: None, repeats=3, clock=lambda: next(ticks))
    assert seconds == 5
