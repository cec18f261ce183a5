"""Every check of a "Your turn" exercise rejects every one-operator mutant of its model answer
that is wrong on one of its cases (issue 31). How the mutants are made and judged is in
tests/helpers/exercise_mutants.py; ``python tests/helpers/exercise_mutants.py`` writes the tally per
exercise to mutation/results/exercises.txt."""

import signal
import threading
import time

import pytest
from exercise_mutants import REPORT, WRONG_ANSWERS, mutants, rejected, report, tally, wrong_on
from repo import GUIDE

from ttt.course.exercises import EXERCISES, checking


@pytest.mark.slow
@pytest.mark.parametrize("name", list(EXERCISES))
def test_the_check_rejects_every_wrong_mutant_of_the_model_answer(name):
    found = tally(EXERCISES[name])
    assert found.wrong > 0, f"no mutant of {name}'s model answer is wrong on a case"
    assert found.missed == (), f"{name}'s check passed these wrong mutants: {found.missed}"
    assert found.caught == found.wrong


def test_the_model_answers_are_right_on_every_case_and_pass():
    for exercise in EXERCISES.values():
        assert wrong_on(exercise, exercise.answer) is None, exercise.name
        assert not rejected(exercise, exercise.answer), exercise.name


def test_the_mutants_include_the_classic_slips():
    changes = {mutant.change for mutant in mutants(EXERCISES["td_update"])}
    assert {"Add -> Sub", "Sub -> Add", "Mult -> Div"} <= changes
    changes = {mutant.change for mutant in mutants(EXERCISES["minimax_value"])}
    assert {"max -> min", "min -> max"} <= changes
    td = EXERCISES["td_update"]
    towards_the_sum = next(mutant.function for mutant in mutants(td)
                           if mutant.change == "Sub -> Add")
    # value + alpha * (next_value + value): 0.375 where the update gives 0.125
    assert towards_the_sum(0.5, -1.0, 0.25) != td.answer(0.5, -1.0, 0.25)
    assert wrong_on(td, towards_the_sum) is not None and rejected(td, towards_the_sum)


def test_the_committed_report_is_current():
    # after changing an exercise: python tests/helpers/exercise_mutants.py
    assert REPORT.read_text() == report()


# --- written wrong answers: each gets the nudge that names its mistake (issue 38) -----------------


@pytest.mark.parametrize("wrong", WRONG_ANSWERS,
                         ids=lambda wrong: f"{wrong.exercise}: {wrong.mistake}")
@pytest.mark.slow
def test_each_written_wrong_answer_fails_with_the_nudge_naming_its_mistake(wrong):
    exercise = EXERCISES[wrong.exercise]
    feedback = exercise.check(wrong.function())
    assert not feedback.passed, f"{wrong.exercise} ({wrong.mistake}) passed"
    assert wrong.words in f"{feedback.headline} {feedback.nudge}", str(feedback)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(EXERCISES))
def test_a_function_that_never_returns_is_stopped_and_told_so(name, monkeypatch):
    monkeypatch.setattr(checking, "SECONDS", 0.5)

    def never_returns(*args):
        while True:
            pass

    feedback = EXERCISES[name].check(never_returns)
    assert not feedback.passed
    assert feedback.headline.startswith(f"✗ {name} did not return within 0.5 s"), \
        feedback.headline
    assert "loop that never ends" in feedback.nudge


def test_off_the_main_thread_the_time_limit_traces_the_students_lines(monkeypatch):
    # No timer signal reaches another thread, as none can in the browser-only build (Pyodide):
    # there the trace function stops the loop.
    monkeypatch.setattr(checking, "SECONDS", 0.5)

    def winner(board):
        cells = board.cells
        while cells[0] != "#":  # never true: the loop never ends
            cells = board.cells
        return None

    found = []
    thread = threading.Thread(target=lambda: found.append(EXERCISES["winner"].check(winner)))
    thread.start()
    thread.join(timeout=60)
    assert not thread.is_alive() and found
    assert found[0].headline.startswith("✗ winner did not return within 0.5 s")
    assert "loop that never ends" in found[0].nudge


def test_the_time_limit_leaves_an_outer_timer_running():
    # the mutant tally's own limit (SIGALRM, 60 s) must still ring after a check's calls
    signal.setitimer(signal.ITIMER_REAL, 30)
    try:
        assert EXERCISES["score"].check(EXERCISES["score"].answer).passed
        left, _ = signal.getitimer(signal.ITIMER_REAL)
        assert 0 < left <= 30
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def test_a_check_of_a_slow_function_stops_after_its_time_in_all(monkeypatch):
    monkeypatch.setattr(checking, "CHECK_SECONDS", 1.0)
    evaluate = EXERCISES["evaluate"].answer

    def slow_evaluate(board):
        time.sleep(0.01)  # each call returns, but the check's thousands of calls take minutes
        return evaluate(board)

    started = time.monotonic()
    feedback = EXERCISES["evaluate"].check(slow_evaluate)
    assert time.monotonic() - started < 30
    assert feedback.headline.startswith("✗ The check of evaluate stopped after 1 s")
    assert "all together they take too long" in feedback.nudge


def test_the_guide_states_the_time_limits_the_checks_keep():
    # the module table: ttt/course/exercises/checking.py
    readme = (GUIDE / "architecture.md").read_text()
    assert (f"each call is stopped after {checking.SECONDS:g} s and a whole check after "
            f"{checking.CHECK_SECONDS:g} s") in readme


@pytest.mark.slow
def test_in_a_notebooks_kernel_a_check_of_a_function_that_never_returns_stops():
    # the kernel JupyterLab and nbval start (ipykernel), running cells as Run All does
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in (
        "from ttt.course import exercises\nfrom ttt.core import limits",
        "def count_tree_nodes(node):\n    count = 1\n    while count:\n        count += 1\n"
        "    return count",
        "print(exercises.count_tree_nodes.check(count_tree_nodes))",
        "print(limits.timer_signals_work())")])
    NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    printed = [cell.outputs[0]["text"] for cell in notebook.cells[2:]]
    # the limit as shipped: within 3 s of the check's start (issue 48)
    assert printed[0].startswith("✗ count_tree_nodes did not return within 2 s"), printed
    assert "loop that never ends" in printed[0]
    assert printed[1] == "True\n"  # the kernel runs cells in its main thread: SIGALRM
