"""Tests of ttt.timing.timed, the one timer of the lessons and the benchmarks."""

import pytest

from ttt.timing import timed


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
