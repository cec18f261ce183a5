"""``make assignments``, graded by the real nbgrader with its SQLite gradebook.

The course is generated once; three students hand in every assignment: ``model`` fills in each
function with the model answer, ``untouched`` hands in the release as it came, ``mistakes`` makes a
classic mistake in each exercise: the first one tests/course/test_exercises.py shows for that exercise
(a test that checks a nudge), taken from there as it is written. The first assignment arrives as
files uploaded to a learning platform (``zip_collect``), the others in ``submitted/``; the last
one is not handed out yet, and nobody hands it in. Then ``autograde``, ``generate_feedback`` and
``export``, as a teacher runs them (with nbgrader's default log level).
"""

import ast
import builtins
import csv
import html
import re
import sys
import textwrap
from collections import Counter
from functools import cache
from pathlib import Path

import nbformat
import pytest
from nbgrader.api import Gradebook
from repo import SCRIPTS

sys.path.insert(0, str(SCRIPTS))

import make_assignments  # noqa: E402
from lesson_exercises import answer, lessons  # noqa: E402

from ttt.course.exercises import EXERCISES  # noqa: E402

STUDENTS = ("model", "untouched", "mistakes")
EXERCISE_TESTS = Path(__file__).resolve().parent / "test_exercises.py"


# --- the classic mistakes, as tests/course/test_exercises.py writes them --------------------------------


def free_names(code: str) -> set[str]:
    """The names ``code`` uses but does not define (nor are built in)."""
    tree = ast.parse(code)
    used = {node.id for node in ast.walk(tree)
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)}
    bound = {node.id for node in ast.walk(tree)
             if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load)}
    bound |= {node.arg for node in ast.walk(tree) if isinstance(node, ast.arg)}
    bound |= {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    return used - bound - set(dir(builtins))


def dependencies(code: str, module: ast.Module, source: str) -> list[str] | None:
    """The imports, helper functions and constants of the test module that ``code`` needs, in an
    order that defines each before use; None if it needs something else (a test's own
    variable)."""
    imports = {alias.asname or alias.name.split(".")[0]:
               (f"from {node.module} import {alias.name}" if isinstance(node, ast.ImportFrom)
                else f"import {alias.name}") + (f" as {alias.asname}" if alias.asname else "")
               for node in module.body if isinstance(node, (ast.Import, ast.ImportFrom))
               for alias in node.names}
    helpers = {node.name: ast.get_source_segment(source, node) for node in module.body
               if isinstance(node, ast.FunctionDef) and not node.name.startswith("test_")}
    helpers |= {node.targets[0].id: ast.get_source_segment(source, node) for node in module.body
                if isinstance(node, ast.Assign) and len(node.targets) == 1 and
                isinstance(node.targets[0], ast.Name)}
    needed: list[str] = []
    for name in sorted(free_names(code)):
        if name in imports:
            needed.insert(0, imports[name])
        elif name in helpers:
            more = dependencies(helpers[name], module, source)
            if more is None:
                return None
            needed += [*more, helpers[name]]
        else:
            return None
    return list(dict.fromkeys(needed))


def candidates(test: ast.FunctionDef, module: ast.Module, source: str):
    """(exercise name, code defining the student's mistaken function) for each function a test
    writes or builds for an exercise, in the order of the test's lines."""
    factories = {node.name: name for node in module.body if isinstance(node, ast.FunctionDef)
                 for name in [inner.name for inner in node.body
                              if isinstance(inner, ast.FunctionDef)] if name in EXERCISES}
    found = []
    for node in ast.walk(test):
        if isinstance(node, ast.FunctionDef) and node is not test and node.name in EXERCISES:
            segment = ast.get_source_segment(source, node, padded=True)
            found.append((node.lineno, node.name, textwrap.dedent(segment)))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id in factories:
            name = factories[node.func.id]
            found.append((node.lineno, name, f"{name} = {ast.unparse(node)}"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr == "check" and isinstance(node.func.value, ast.Attribute) and \
                ast.unparse(node.func.value.value) == "exercises" and node.args and \
                isinstance(node.args[0], ast.Lambda):
            name, function = node.func.value.attr, node.args[0]
            found.append((node.lineno, name, f"def {name}({ast.unparse(function.args)}):\n"
                                             f"    return {ast.unparse(function.body)}"))
    return [(name, code) for _, name, code in sorted(found, key=lambda item: item[0])]


@cache
def classic_mistakes() -> dict[str, str]:
    """For each exercise, the code of the first mistake tests/course/test_exercises.py checks a nudge
    for (with the imports and helpers it needs), which the exercise's check fails."""
    source = EXERCISE_TESTS.read_text()
    module = ast.parse(source)
    mistakes: dict[str, str] = {}
    for test in module.body:
        if not (isinstance(test, ast.FunctionDef) and test.name.startswith("test_") and
                any(isinstance(node, ast.Attribute) and node.attr == "nudge"
                    for node in ast.walk(test))):
            continue
        for name, code in candidates(test, module, source):
            needed = dependencies(code, module, source)
            if name in mistakes or needed is None:
                continue
            full = "\n\n".join([*needed, code]) + "\n"
            if not mistaken(name, full).passed:
                mistakes[name] = full
    return mistakes


def mistaken(name: str, code: str):
    """The check's feedback on the function ``code`` defines."""
    namespace: dict = {}
    exec(compile(code, f"<{name} mistake>", "exec"), namespace)
    return EXERCISES[name].check(namespace[name])



# --- the course, handed in and graded ------------------------------------------------------------


def solution_cells(notebook: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [cell for cell in notebook.cells if cell.metadata.get("nbgrader", {}).get("solution")]


def handed_in(release: nbformat.NotebookNode, student: str) -> nbformat.NotebookNode:
    """What ``student`` hands in: the release with each function written their way."""
    for cell in solution_cells(release):
        name = cell.metadata["nbgrader"]["grade_id"]
        if student == "model":
            cell.source = answer(cell.source)
        elif student == "mistakes":
            cell.source = answer(cell.source, classic_mistakes()[name])
    return release


@pytest.fixture(scope="module")
def graded_course(tmp_path_factory):
    """The course, handed in and graded, and what ``autograde`` printed."""
    course = tmp_path_factory.mktemp("course")
    assert make_assignments.main(course) == 0
    releases = sorted((course / "release").glob("*/*.ipynb"),  # in the lessons' order, lesson10
                      key=lambda path: int(path.parent.name.removeprefix("lesson")))  # after 9
    releases = releases[:-1]  # the last: not handed out
    for index, path in enumerate(releases):
        assignment = path.parent.name
        for student in STUDENTS:
            notebook = handed_in(nbformat.read(path, as_version=4), student)
            if index == 0:  # downloaded from a learning platform, one file per student
                folder, name = course / "downloaded" / assignment / "archive", \
                    f"{student}_{path.name}"
            else:
                folder, name = course / "submitted" / student / assignment, path.name
            folder.mkdir(parents=True, exist_ok=True)
            nbformat.write(notebook, folder / name)
    run = make_assignments.nbgrader_command
    printed = run(course, "zip_collect", releases[0].parent.name, "--force", "--log-level=WARN")
    printed += run(course, "autograde", "*", "--force")
    run(course, "generate_feedback", "*", "--force", "--log-level=WARN")
    run(course, "export", "--log-level=WARN")
    return course, printed


@pytest.fixture(scope="module")
def course(graded_course):
    return graded_course[0]


def grades(course):
    """(assignment, student) -> (score, max score), from the exported grades.csv."""
    with open(course / "grades.csv", newline="") as file:
        return {(row["assignment"], row["student_id"]): (float(row["score"]),
                                                         float(row["max_score"]))
                for row in csv.DictReader(file)}


def assignments(handed_out: bool = True):
    """(assignment, notebook name, its exercises) for each lesson with exercises of its own: the
    ones handed out (all but the last), or the one not handed out yet."""
    found = []
    for path in lessons():
        names = [f.name for f in make_assignments.graded(path, nbformat.read(path, as_version=4))]
        if names:
            found.append((make_assignments.assignment_name(path),
                          Path(make_assignments.notebook_name(path)).stem, names))
    return found[:-1] if handed_out else found[-1:]


def feedback(course, student, assignment, notebook):
    page = course / "feedback" / student / assignment / f"{notebook}.html"
    return html.unescape(page.read_text())


def test_every_lesson_with_exercises_is_an_assignment_of_one_point_per_exercise(course):
    points = Counter(exercise.lesson for exercise in EXERCISES.values())
    assert {path.name for path in (course / "release").iterdir()} == \
        {f"lesson{lesson}" for lesson in points} == \
        {a for a, _, _ in assignments() + assignments(handed_out=False)}
    graded = grades(course)  # only what was handed in: no zero for an assignment not handed out
    assert {assignment for assignment, _ in graded} == {a for a, _, _ in assignments()}
    for (assignment, _), (_, max_score) in graded.items():  # one point each, as the guide says
        assert max_score == points[int(assignment[6:])]
    assert {student for _, student in graded} == set(STUDENTS)


def test_the_model_answers_get_full_marks(course):
    for (_, student), (score, max_score) in grades(course).items():
        if student == "model":
            assert score == max_score > 0


def test_an_untouched_release_scores_zero_and_is_told_not_yet(course):
    for assignment, notebook, names in assignments():
        assert grades(course)[assignment, "untouched"][0] == 0
        page = feedback(course, "untouched", assignment, notebook)
        assert page.count("Not yet: write") == len(names)


def test_a_classic_mistake_loses_its_points_and_the_feedback_names_it(course):
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        for assignment, notebook, names in assignments():
            page = feedback(course, "mistakes", assignment, notebook)
            for name in names:
                assert name in classic_mistakes(), \
                    f"tests/course/test_exercises.py shows no classic mistake in {name}"
                grade = gradebook.find_grade(f"check_{name}", notebook, assignment, "mistakes")
                assert grade.max_score == 1 and grade.score == 0
                nudge = mistaken(name, classic_mistakes()[name]).nudge
                assert nudge and nudge in page, name


def test_the_release_holds_the_lessons_stubs_and_no_model_answer(course):
    for path in lessons():
        assignment = make_assignments.assignment_name(path)
        release = course / "release" / assignment / make_assignments.notebook_name(path)
        if not release.exists():
            continue
        lesson = nbformat.read(path, as_version=4)
        stubs = {f.name: lesson.cells[f.stub].source
                 for f in make_assignments.graded(path, lesson)}
        notebook = nbformat.read(release, as_version=4)
        text = "\n".join(cell.source for cell in notebook.cells)
        for cell in solution_cells(notebook):
            assert cell.source == stubs[cell.metadata["nbgrader"]["grade_id"]]
        for name in stubs:
            _, body = make_assignments.function_body(EXERCISES[name].source())
            assert all(line.strip() not in text for line in body
                       if len(line.strip()) > 20), name
        assert "BEGIN SOLUTION" not in text


def test_a_course_with_submissions_is_not_written_over(course, capsys):
    release = sorted((course / "release").glob("*/*.ipynb"))
    before = [path.read_text() for path in release]
    assert make_assignments.main(course) == 0  # the right outcome: make says no error
    assert "already holds submissions" in capsys.readouterr().out
    assert [path.read_text() for path in release] == before


def test_autograde_prints_each_score_and_no_warnings(graded_course):
    course, printed = graded_course
    for (assignment, student), (score, max_score) in grades(course).items():
        notebook = next(notebook for name, notebook, _ in assignments() if name == assignment)
        assert f"{assignment}, {student}: {score:g} of {max_score:g} points ({notebook})" \
            in printed
    assert "Warning" not in printed and "WARNING" not in printed, printed


def test_feedback_shows_the_verdict_alone_under_the_exercises_name(course):
    for assignment, notebook, names in assignments():
        page = feedback(course, "mistakes", assignment, notebook)
        assert "Traceback (most recent call last)" not in page and "site-packages" not in page
        graded = nbformat.read(course / "autograded" / "mistakes" / assignment /
                               f"{notebook}.ipynb", as_version=4)
        errors = [output for cell in graded.cells for output in cell.get("outputs", [])
                  if output.output_type == "error"]
        assert len(errors) == len(names)  # each check failed, and shows its verdict alone
        for error in errors:
            verdict = "\n".join(error.traceback)
            assert re.sub(r"\x1b\[[0-9;]*m", "", verdict).startswith("✗")
        assert str(Path(make_assignments.__file__).parent.parent) not in page
        assert "Test cell" not in page
        assert "AssertionError" not in page  # the verdict alone, as the lesson shows it
        assert "mathjax" not in page.lower()  # nor anything else from the internet:
        assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)
        for name in names:
            assert f'<a href="#check_{name}">{name}</a>' in page


def test_the_teachers_version_holds_the_model_answers_and_they_pass(course):
    for path in sorted((course / "source").glob("*/*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        namespace: dict = {}
        exec(notebook.cells[1].source, namespace)  # the lesson's imports
        for cell in solution_cells(notebook):
            name = cell.metadata["nbgrader"]["grade_id"]
            assert "### BEGIN SOLUTION" in cell.source
            exec(cell.source, namespace)
            assert EXERCISES[name].check(namespace[name]).passed, name


@pytest.mark.parametrize("stub", [
    'def winner(board):\n    """Who has won."""\n    pass\n',   # no return None at the end
    "def winner(position):\n    return None\n",                # other arguments
], ids=["no-return-none", "other-arguments"])
def test_a_stub_that_nbgrader_could_not_give_back_is_refused_by_name(stub):
    with pytest.raises(ValueError, match=r"the stub of winner must take the model answer's "
                                         r"arguments \(board\) and end with 'return None'"):
        make_assignments.solution_source(stub, "winner")


def test_run_all_of_a_release_shows_every_wrong_answers_verdict_and_goes_on(course):
    """A student's Run All (nbclient stops at the first error, as JupyterLab does) of each release
    with every exercise answered by its classic mistake: no check stops it, and each shows its
    verdict, the mistake's nudge in it. Grading still fails them (the test above)."""
    from nbclient import NotebookClient

    for assignment, notebook, names in assignments() + assignments(handed_out=False):
        release = nbformat.read(course / "release" / assignment / f"{notebook}.ipynb",
                                as_version=4)
        for cell in solution_cells(release):
            cell.source = answer(cell.source, classic_mistakes()[cell.metadata["nbgrader"]
                                                                 ["grade_id"]])
        NotebookClient(release, timeout=120, kernel_name="python3",
                       resources={"metadata": {"path": str(course)}}).execute()
        for name in names:
            [check] = [cell for cell in release.cells
                       if cell.metadata["nbgrader"]["grade_id"] == f"check_{name}"]
            shown = "".join(output.get("data", {}).get("text/plain", "")
                            for output in check.outputs)
            assert shown.startswith("✗"), (assignment, name, check.outputs)
            assert mistaken(name, classic_mistakes()[name]).nudge in shown, (assignment, name)
            assert "BEGIN HIDDEN TESTS" not in check.source and "assert" not in check.source
