"""Where the "Your turn" exercises sit in the lessons (for ``make solutions`` and
``make assignments``).

In a lesson, an exercise is a code cell defining the student's function (a stub: the function's
first line, a docstring, ``return None``), followed by a cell calling
``exercises.NAME.check(NAME)``. The exercise itself, with its model answer, is in
``ttt/exercises/lessonN.py``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import nbformat

from ttt.course.exercises import EXERCISES

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
CHECK = re.compile(r"exercises\.(\w+)\.check\((\w+)\)")
STUB = re.compile(r"^def (\w+)\(", re.MULTILINE)


def lessons() -> list[Path]:
    """The numbered lessons, in order."""
    return sorted(NOTEBOOKS.glob("[0-9]*.ipynb"))


def stub_name(source: str) -> str | None:
    """The exercise whose stub the cell defines (its one definition of an exercise's function),
    or None."""
    names = [name for name in STUB.findall(source) if name in EXERCISES]
    return names[0] if len(names) == 1 else None


def answer(source: str, code: str | None = None) -> str:
    """The cell with ``code`` (by default the exercise's model answer) in place of a student's
    stub (the cell's definition of the exercise's function; anything before it, such as an
    import, is kept), or the cell unchanged if it holds no stub."""
    name = stub_name(source)
    if name is None:
        return source
    start = next(match.start() for match in STUB.finditer(source) if match[1] == name)
    return source[:start] + (code or EXERCISES[name].source()).rstrip()


def strict(source: str) -> str:
    """The cell with every exercise check made strict (it raises unless the answer passes)."""
    return CHECK.sub(r"exercises.\1.check(\2, strict=True)", source)


def checked_names(source: str) -> list[str]:
    """The exercises whose checks the cell runs on the student's function."""
    return [name for name, _ in CHECK.findall(source)]


@dataclass(frozen=True)
class ExerciseCells:
    """An exercise in a lesson: the indices of its stub cell and of its check cell."""

    name: str
    stub: int
    check: int


def exercise_cells(notebook: nbformat.NotebookNode) -> list[ExerciseCells]:
    """Each exercise of the notebook with a stub cell followed by its check cell, in order."""
    found, stubs = [], {}
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        name = stub_name(cell.source)
        if name:
            stubs[name] = index
        found += [ExerciseCells(checked, stubs[checked], index)
                  for checked in checked_names(cell.source) if checked in stubs]
    return found
