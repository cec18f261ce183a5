"""Write an nbgrader course of graded assignments from the lessons' exercises
(``make assignments``).

Every lesson with exercises of its own (a stub cell and its check cell, found by
``lesson_exercises``; the exercise's ``lesson`` is the lesson's number) becomes an assignment,
``lessonN``. Its notebook holds the lesson's imports and each "Your turn" exercise: the task's text,
the function cell, made an nbgrader solution cell with the model answer (from
``ttt/exercises/lessonN.py``) between ``### BEGIN SOLUTION`` and ``### END SOLUTION``, and the check
cell, made a locked, autograded test cell worth ``POINTS`` that runs the exercise's check and
shows its verdict. In the student's version a wrong answer's verdict is shown and Run All goes on
to the next exercise; a hidden part, which autograding puts back, fails the cell (with the verdict
naming the mistake) unless the function passes every case. The cases live in the ``ttt`` package,
so the test cell shows no answer. Every other cell is locked (read only), and autograding puts it
back as it was.

The whole lesson is not the assignment: students read and run the lesson, and answer in the
assignment; grading then runs only the exercises (seconds per student), and no demonstration in the
lesson can fail a submission. Predictions and the other tasks without a check stay in the lessons,
ungraded.

Then ``nbgrader generate_assignment`` (offline, with its SQLite gradebook) writes the student
versions into ``release/``: each function cell as the lesson has it, ending in ``return None``.

    python scripts/make_assignments.py               # into build/assignments/
    python scripts/make_assignments.py COURSE_DIR

Run again, it writes the course afresh; but once something has been handed in (``submitted/`` or
``downloaded/``), it changes nothing and says so (and succeeds: nothing was to be done): nbgrader
cannot change a handed-in assignment.

The course's ``nbgrader_config.py`` (with ``grading_hooks.py`` beside it) makes nbgrader's
commands say what a teacher needs: ``autograde`` prints each submission's score, the feedback shows
a failed check's verdict alone under a link named after the exercise, and grades.csv lists only
assignments someone has handed in.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import nbformat
import nbgrader as nbgrader_package
from IPython.core.inputtransformer2 import TransformerManager
from lesson_exercises import CHECK, ExerciseCells, exercise_cells, lessons

from ttt.course.exercises import EXERCISES

ROOT = Path(__file__).resolve().parent.parent
COURSE = ROOT / "build" / "assignments"
POINTS = 1  # per exercise (the README and lesson 0 say so; tests/lessons/test_assignments.py checks)
#: The name of a notebook uploaded to a learning platform: <student id>_<notebook>.
UPLOADED = r"(?:.*/)?(?P<student_id>[^/_]+)_(?P<file_id>[^/]+\.ipynb)$"
VERDICT = "verdict"  # the check cell's name for the check's feedback
STUB_END = "return None"  # the last line of every stub; nbgrader puts it back in the release
HOOKS = Path(__file__).with_name("grading_hooks.py")  # copied into the course, beside the config
#: Run in each grading kernel: a failed check (an AssertionError) is shown as its verdict alone
VERDICT_ALONE = ("get_ipython().set_custom_exc((AssertionError,), lambda shell, etype, value, tb, "
                 "tb_offset=None: shell._showtraceback(etype, value, str(value).splitlines()))")
CONFIG = f'''"""nbgrader's settings for the ttt course (written by scripts/make_assignments.py)."""

import sys
from pathlib import Path

from nbgrader.converters import Autograde

here = Path(__file__).resolve().parent
sys.path.insert(0, str(here))
from {HOOKS.stem} import (  # noqa: E402
    PrintScore, RestoreHiddenTests, handed_in, quiet_sqlalchemy, quiet_zip_collect)
from nbgrader.preprocessors import OverwriteCells  # noqa: E402

c = get_config()  # noqa: F821
c.CourseDirectory.course_id = "ttt"
# The student's version of a solution region: the stub's last line, so that the function cell
# reads exactly as in the lesson.
c.ClearSolutions.code_stub = {{"python": "{STUB_END}"}}
# Notebooks uploaded to a learning platform (zip_collect): name each file <student id>_<notebook>,
# e.g. ada_01_the_board_exercises.ipynb, or change this to the platform's naming.
c.FileNameCollectorPlugin.named_regexp = {UPLOADED!r}
c.ExecutePreprocessor.timeout = 120  # seconds per cell: a check takes a few
# A failed check shows its verdict alone: no traceback through the grading machine's files, and
# no "AssertionError:" before the verdict (the error stays an error, so the cell scores 0); and
# the kernel keeps its start-up warnings to itself.
c.ExecutePreprocessor.extra_arguments = [
    "--InteractiveShell.xmode=Minimal", "--IPKernelApp.log_level=ERROR",
    "--IPKernelApp.exec_lines={VERDICT_ALONE}"]
# Feedback names each graded cell after its exercise (templates/feedback, nbgrader's own template
# with that one change).
c.HTMLExporter.extra_template_basedirs = [str(here / "templates")]
# autograde puts back each check's hidden part without calling it a change, prints each
# submission's score; grades.csv holds the assignments handed in.
c.Autograde.sanitize_preprocessors = [
    RestoreHiddenTests if step is OverwriteCells else step
    for step in Autograde.class_traits()["sanitize_preprocessors"].default()]
c.Autograde.autograde_preprocessors = [
    *Autograde.class_traits()["autograde_preprocessors"].default(), PrintScore]
c.ExportPlugin.assignment = handed_in(here)
quiet_sqlalchemy()
quiet_zip_collect()
'''
#: nbgrader's feedback template, and what this course changes in it: each graded cell's link reads
#: its exercise's name (the grade id is check_<exercise>), not "Test cell"
FEEDBACK_TEMPLATE = Path(nbgrader_package.__file__).parent / "server_extensions" / "formgrader" \
    / "templates" / "feedback"
TEST_CELL_LINK = '">Test cell</a>'
#: ... and the MathJax it loads from a CDN: no verdict holds mathematics, and a page that fetches
#: nothing opens the same offline
MATHJAX = "<!-- Loading mathjax macro -->\n{{ mathjax() }}\n"
EXERCISE_LINK = '">{{ cell.metadata.nbgrader.grade_id | replace("check_", "", 1) }}</a>'


def assignment_name(path: Path) -> str:
    """lesson1 for 01_the_board.ipynb."""
    return f"lesson{int(path.name[:2])}"


def notebook_name(path: Path) -> str:
    """01_the_board_exercises.ipynb for 01_the_board.ipynb: not the lesson's own name, so that
    downloading one never overwrites the other."""
    return f"{path.stem}_exercises.ipynb"


def graded(path: Path, notebook: nbformat.NotebookNode) -> list[ExerciseCells]:
    """The lesson's own exercises (a lesson may show another lesson's, as lesson 0 does)."""
    number = int(path.name[:2])
    return [found for found in exercise_cells(notebook) if EXERCISES[found.name].lesson == number]


def nbgrader(cell: nbformat.NotebookNode, grade_id: str, *, solution: bool = False,
             points: int | None = None) -> nbformat.NotebookNode:
    """``cell`` marked for nbgrader: a solution cell, an autograded test cell with ``points``, or
    else a read-only cell. Outputs are cleared."""
    cell.metadata = {"nbgrader": {
        "grade": points is not None, "grade_id": grade_id, "locked": not solution,
        "schema_version": 3, "solution": solution, "task": False,
        **({"points": points} if points is not None else {})}}
    if cell.cell_type == "code":
        cell.outputs, cell.execution_count = [], None
    return cell


def function_body(source: str) -> tuple[ast.FunctionDef, list[str]]:
    """The definition of the one function in ``source``, and its body's lines after the
    docstring."""
    [definition] = [node for node in ast.parse(source).body if isinstance(node, ast.FunctionDef)]
    body = definition.body
    if isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    return definition, source.splitlines()[body[0].lineno - 1:definition.end_lineno]


def solution_source(stub: str, name: str) -> str:
    """The stub cell with the model answer's body in a solution region in place of its last line,
    ``return None``."""
    *kept, last = stub.rstrip().splitlines()
    model = EXERCISES[name].source()
    definition, body = function_body(model)
    stub_definition = next(node for node in ast.parse(stub).body
                           if isinstance(node, ast.FunctionDef) and node.name == name)
    if last.strip() != STUB_END or ast.unparse(stub_definition.args) != \
            ast.unparse(definition.args):
        raise ValueError(f"the stub of {name} must take the model answer's arguments "
                         f"({ast.unparse(definition.args)}) and end with {STUB_END!r}")
    if not isinstance(definition.body[-1], ast.Return):
        raise ValueError(f"the model answer of {name} must end with a return statement")
    indent = last[:len(last) - len(last.lstrip())]
    region = textwrap.indent(textwrap.dedent("\n".join(body)), indent)
    return "\n".join([*kept, f"{indent}### BEGIN SOLUTION", region,
                      f"{indent}### END SOLUTION"])


def graded_check(source: str) -> str:
    """The check cell as an autograded test. The student's version shows the verdict and carries
    on, a wrong answer too, so that Run All checks every exercise; the hidden part (nbgrader puts
    it back to grade) fails the cell unless the verdict is ✓, with the verdict as its message. The
    verdict is displayed, not returned: nbgrader reads a returned value as partial credit."""
    return CHECK.sub(lambda check: f"{VERDICT} = {check[0]}", source) + "\n" + "\n".join([
        "### BEGIN HIDDEN TESTS", f"assert {VERDICT}, {VERDICT}", "### END HIDDEN TESTS",
        f"display({VERDICT})"])


def title(notebook: nbformat.NotebookNode) -> str:
    """The lesson's title line, without its '# '."""
    return notebook.cells[0].source.splitlines()[0].lstrip("# ")


def imports(notebook: nbformat.NotebookNode, skip: set[int]) -> str:
    """Every import statement of the notebook's code cells (but those in ``skip``), once each."""
    lines = []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code" or index in skip:
            continue
        code = TransformerManager().transform_cell(cell.source)  # magics (%%time) as Python
        lines += [ast.get_source_segment(code, node) for node in ast.parse(code).body
                  if isinstance(node, (ast.Import, ast.ImportFrom))]
    return "\n".join(dict.fromkeys(lines))


def task_cells(notebook: nbformat.NotebookNode, found: ExerciseCells) -> range:
    """The cells of an exercise: its stub's text (from a "Your turn" heading right above it, else
    the one text cell above), the stub, up to its check."""
    above = found.stub
    while above > 0 and notebook.cells[above - 1].cell_type == "markdown":
        above -= 1
    headings = [index for index in range(above, found.stub)
                if "Your turn" in notebook.cells[index].source]
    start = headings[-1] if headings else min(above, found.stub - 1)
    return range(start, found.check + 1)


def assignment(path: Path) -> nbformat.NotebookNode | None:
    """The nbgrader source version of the lesson's exercises, or None if it has none."""
    lesson = nbformat.read(path, as_version=4)
    found = graded(path, lesson)
    if not found:
        return None
    points = POINTS * len(found)
    intro = nbformat.v4.new_markdown_cell(
        f"# {title(lesson)}: graded exercises\n\n"
        f"This notebook holds the \"Your turn\" exercises of the lesson `{path.name}`, to hand in. "
        f"Work through the lesson first. Then write each function in its cell (keep its name and "
        f"arguments), run it, and run the check below it: the check is what grades it, "
        f"{POINTS} point{'s' * (POINTS != 1)} if it passes, {points} in all. Run the first cell "
        f"first: it imports what the lesson imports.")
    setup = nbformat.v4.new_code_cell(imports(lesson, {f.stub for f in found}))
    cells = [nbgrader(intro, "intro"), nbgrader(setup, "imports")]
    for exercise in found:
        for index in task_cells(lesson, exercise):
            cell = lesson.cells[index]
            if index == exercise.stub:
                cell.source = solution_source(cell.source, exercise.name)
                cells.append(nbgrader(cell, exercise.name, solution=True))
            elif index == exercise.check:
                cell.source = graded_check(cell.source)
                cells.append(nbgrader(cell, f"check_{exercise.name}", points=POINTS))
            else:
                cells.append(nbgrader(cell, f"{exercise.name}_{index}"))
    return nbformat.v4.new_notebook(cells=cells, metadata=lesson.metadata)


def write_feedback_template(folder: Path) -> None:
    """nbgrader's feedback template in ``folder``, each graded cell's link named after its
    exercise and no MathJax from a CDN; stop if nbgrader's template no longer has what this
    changes."""
    folder.mkdir(parents=True)
    for path in FEEDBACK_TEMPLATE.iterdir():
        text = path.read_text()
        if path.name == "index.html.j2":
            if TEST_CELL_LINK not in text:
                raise RuntimeError(f"{path} has no {TEST_CELL_LINK!r} to name after the exercise")
            if MATHJAX not in text:
                raise RuntimeError(f"{path} has no {MATHJAX!r} to leave out")
            text = text.replace(TEST_CELL_LINK, EXERCISE_LINK).replace(MATHJAX, "")
        (folder / path.name).write_text(text)


def nbgrader_command(course: Path, *args: str) -> str:
    """Run ``nbgrader ARGS`` in the course folder, stopping on failure; return what it printed
    (it is shown as well). nbgrader runs tools of its own (alembic) from the PATH, so this
    Python's scripts folder goes first on it."""
    scripts = str(Path(sys.executable).parent)
    run = subprocess.run([f"{scripts}/nbgrader", *args], cwd=course, check=False, text=True,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         env={**os.environ, "PATH": os.pathsep.join([scripts, os.environ["PATH"]])})
    print(run.stdout, end="")
    run.check_returncode()
    return run.stdout


def main(course: Path) -> int:
    """Write the course afresh, unless something has been handed in to it or a lesson's
    exercise cannot be graded (then nothing changes)."""
    handed_in = sorted(course.glob("submitted/*/*")) + sorted(course.glob("downloaded/*"))
    if handed_in:  # the right outcome, not a failure: nothing to do
        print(f"{course} already holds submissions ({handed_in[0].relative_to(course)}), so it "
              "is left as it is: nbgrader cannot change an assignment once it is handed in. "
              "Grade them with it, or write a new course elsewhere: "
              "python scripts/make_assignments.py NEW_FOLDER")
        return 0
    notebooks = {}
    for path in lessons():
        try:
            notebook = assignment(path)
        except ValueError as error:
            print(f"{path.name}: {error}", file=sys.stderr)
            return 1
        if notebook is not None:
            notebooks[path] = notebook
    shutil.rmtree(course, ignore_errors=True)
    (course / "source").mkdir(parents=True)
    (course / "nbgrader_config.py").write_text(CONFIG)
    shutil.copy(HOOKS, course / HOOKS.name)
    write_feedback_template(course / "templates" / "feedback")
    for path, notebook in notebooks.items():
        name = assignment_name(path)
        (course / "source" / name).mkdir()
        nbformat.write(notebook, course / "source" / name / notebook_name(path))
        graded_cells = sum(cell.metadata["nbgrader"]["grade"] for cell in notebook.cells)
        print(f"{course.name}/release/{name}/{notebook_name(path)}: {graded_cells} exercises, "
              f"{POINTS * graded_cells} points")
    nbgrader_command(course, "generate_assignment", "*", "--force", "--log-level=WARN")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else COURSE))
