"""Every check of a "Your turn" exercise rejects every one-operator mutant of its model answer
that is wrong on one of its cases (issue 31). How the mutants are made and judged is in
tests/exercise_mutants.py; ``python tests/exercise_mutants.py`` writes the tally per exercise to
mutation/results/exercises.txt."""

import pytest
from exercise_mutants import REPORT, mutants, rejected, report, tally, wrong_on

from ttt.exercises import EXERCISES


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
    # after changing an exercise: python tests/exercise_mutants.py
    assert REPORT.read_text() == report()
