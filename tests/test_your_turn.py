"""The lessons' "Your turn" exercises, without running the lessons: each answer cell is checked by
its own exercise, and each model answer, put in the lesson in place of the stub, passes that
exercise's strict check. Also what ``make solutions`` writes.

An exercise in a lesson is a stub cell defining the student's function and, below it, a cell
calling ``exercises.NAME.check(NAME)`` (scripts/lesson_exercises.py finds them). The checks and
the model answers live in ``ttt.course.exercises``, so a model answer is checked directly, in a namespace
holding what the lesson imports up to its stub cell: what the answer would find there.
"""

from pathlib import Path

import make_solutions
import nbformat
import pytest
from lesson_exercises import CHECK, answer, exercise_cells, lessons, stub_name
from make_assignments import imports
from repo import NOTEBOOKS

from ttt.course.exercises import EXERCISES

LESSONS = sorted(NOTEBOOKS.glob("*.ipynb"))


def code_cells(path: Path) -> list[tuple[int, str]]:
    """(index, source) of each code cell of the notebook at ``path``."""
    cells = nbformat.read(path, as_version=4).cells
    return [(index, cell.source) for index, cell in enumerate(cells) if cell.cell_type == "code"]


#: (lesson, exercise, index of its stub cell) for every exercise a lesson asks for.
STUBS = [(path, found.name, found.stub) for path in lessons()
         for found in exercise_cells(nbformat.read(path, as_version=4))]


@pytest.mark.parametrize("path", LESSONS, ids=[path.stem for path in LESSONS])
def test_each_check_cell_checks_the_answer_cell_above_it(path):
    """A check cell runs the check of the function the nearest answer cell above it defines,
    on that function; and every answer cell is checked before the next one."""
    answered, unchecked = None, set()
    for index, source in code_cells(path):
        name = stub_name(source)
        if name:
            assert not unchecked, f"cell {index}: {unchecked} is never checked"
            answered, unchecked = name, {name}
        for exercise, function in CHECK.findall(source):
            assert exercise in EXERCISES, f"cell {index}: no exercise {exercise}"
            assert function == exercise == answered, \
                f"cell {index} runs exercises.{exercise}.check({function}) below the answer " \
                f"cell of {answered}"
            unchecked.discard(exercise)
    assert not unchecked, f"{unchecked} is never checked"


def test_every_exercise_is_asked_for_in_its_own_lesson():
    asked = {(int(path.name[:2]), name) for path, name, _ in STUBS}
    assert {(exercise.lesson, name) for name, exercise in EXERCISES.items()} <= asked


@pytest.mark.parametrize(("path", "name", "stub"), STUBS,
                         ids=[f"{path.name[:2]}-{name}" for path, name, _ in STUBS])
def test_the_model_answer_passes_its_strict_check_in_the_lesson(path, name, stub):
    notebook = nbformat.read(path, as_version=4)
    later = set(range(stub, len(notebook.cells)))
    namespace: dict = {}
    exec(imports(notebook, later), namespace)  # what the lesson has imported by then
    exec(answer(notebook.cells[stub].source), namespace)  # the stub cell, answered
    assert EXERCISES[name].check(namespace[name], strict=True).passed


def test_make_solutions_puts_each_model_answer_in_place_with_a_strict_check(tmp_path, capsys):
    assert make_solutions.main(tmp_path) == 0
    for path, name, stub in STUBS:
        cells = nbformat.read(tmp_path / path.name, as_version=4).cells
        assert EXERCISES[name].source().rstrip() in cells[stub].source
        assert f"exercises.{name}.check({name}, strict=True)" in \
            "\n".join(cell.source for cell in cells[stub:])
