"""Write a copy of the lessons with every exercise answered (``make solutions``, for teachers).

In the lessons, an exercise is a code cell defining the student's function (a stub) followed by a
cell calling ``exercises.NAME.check(NAME)``. The copy replaces each stub with the exercise's model
answer (kept beside its checks, in ``ttt/exercises/lessonN.py``) and makes each check strict, so
that running the copy (the test suite does) fails unless every model answer passes its check.

    python scripts/make_solutions.py                   # into notebooks/solutions/
    python scripts/make_solutions.py OUT_DIR
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat

from ttt.exercises import EXERCISES

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
CHECK = re.compile(r"exercises\.(\w+)\.check\((\w+)\)")
STUB = re.compile(r"^def (\w+)\(", re.MULTILINE)


def answer(source: str) -> str:
    """The cell with the model answer in place of a student's stub (the cell's last definition;
    anything before it, such as an import, is kept), or the cell unchanged."""
    stubs = [match for match in STUB.finditer(source) if match[1] in EXERCISES]
    if len(stubs) != 1:
        return source
    stub = stubs[0]
    return source[:stub.start()] + EXERCISES[stub[1]].source().rstrip()


def strict(source: str) -> str:
    """The cell with every exercise check made strict (it raises unless the answer passes)."""
    return CHECK.sub(r"exercises.\1.check(\2, strict=True)", source)


def solve(notebook: nbformat.NotebookNode) -> tuple[nbformat.NotebookNode, set[str]]:
    """The notebook with its exercises answered, and the names of those exercises."""
    answered = set()
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        new = answer(cell.source)
        if new != cell.source:
            answered.update(name for name in STUB.findall(cell.source) if name in EXERCISES)
        cell.source = strict(new)
        cell.outputs, cell.execution_count = [], None
    return notebook, answered


def main(out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    checked = set()
    for path in sorted(NOTEBOOKS.glob("[0-9]*.ipynb")):
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
