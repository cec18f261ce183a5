"""Write a copy of the lessons with every exercise answered (``make solutions``, for teachers).

In the lessons, an exercise is a stub cell followed by a check cell (``lesson_exercises`` finds
them). The copy replaces each stub with the exercise's model answer (kept beside its checks, in
``ttt/exercises/lessonN.py``) and makes each check strict, so that running the copy fails unless
every model answer passes its check. (The test suite checks the same without running the lessons:
tests/lessons/test_your_turn.py.)

    python scripts/make_solutions.py                   # into notebooks/solutions/
    python scripts/make_solutions.py OUT_DIR
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from lesson_exercises import CHECK, NOTEBOOKS, answer, lessons, strict, stub_name

from ttt.course.exercises import EXERCISES


def solve(notebook: nbformat.NotebookNode) -> tuple[nbformat.NotebookNode, set[str]]:
    """The notebook with its exercises answered, and the names of those exercises."""
    answered = set()
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        name = stub_name(cell.source)
        if name:
            answered.add(name)
        cell.source = strict(answer(cell.source))
        cell.outputs, cell.execution_count = [], None
    return notebook, answered


def main(out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    checked = set()
    for path in lessons():
        notebook = nbformat.read(path, as_version=4)
        checks = {name for cell in notebook.cells if cell.cell_type == "code"
                  for name, _ in CHECK.findall(cell.source)}
        notebook, answered = solve(notebook)
        missing = checks - answered
        if missing:
            print(f"{path.name}: no stub found for {', '.join(sorted(missing))}", file=sys.stderr)
            return 1
        checked |= checks
        nbformat.write(notebook, out / path.name)
        print(f"{out.name}/{path.name}: {len(answered)} exercises answered")
    unused = set(EXERCISES) - checked
    if unused:
        print(f"exercises no lesson uses: {', '.join(sorted(unused))}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else NOTEBOOKS / "solutions"))
