"""A class on the hub of hub/jupyterhub_config.py, set up as site/hub.md says for a class, with
real parts on 127.0.0.1: JupyterHub and configurable-http-proxy, NativeAuthenticator (sign-up in
Chromium, the teacher's approval), the local process spawner with a system account per user,
nbgitpuller's course links (pulled from a git server on the machine), nbgrader's exchange,
JupyterLab's terminals, and Chromium for what students see.

A teacher and three students (conftest.py); each student follows lesson 1's course link, logs in,
and runs the lesson's first cells; in a terminal of their own, as typed, the teacher builds the
course (``python ttt/scripts/make_assignments.py ~/course``, in the course link's pull) and hands
out lesson 1's assignment, the students fetch it, answer (one with a classic mistake) and
submit, one of them hands in as another (``nbgrader submit lesson1
--CourseDirectory.student_id=ada``, from their own account), and the teacher collects (refusing
the forgery, by name, and keeping the real hand-in, plain and with ``--update`` after a genuine
resubmission), autogrades and returns feedback, no command printing any other warning;
a student's own edit survives the course link's second pull after the lesson changed.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import make_assignments
import nbformat
import nbgrader
import pytest
from class_hub import LESSON, STUDENTS, TEACHER, follow_course_link, git
from classic_mistakes import classic_mistakes, mistaken
from hub_client import Hub, TrialHub, run_async
from lesson_exercises import answer
from nbgrader.api import Gradebook

pytestmark = [pytest.mark.hub, pytest.mark.timeout(600)]

FIRST_CELLS = 5  # the lesson's first code cells, which the students run: a grid, two boards
ASSIGNMENT = "lesson1"
HANDED_OUT = f"{ASSIGNMENT}/{make_assignments.notebook_name(Path(LESSON))}"  # in the home
VICTIM, FORGER = STUDENTS[0], STUDENTS[2]  # the forger hands in as the victim, who answered right
FORGERY = f"nbgrader submit {ASSIGNMENT} --CourseDirectory.student_id={VICTIM}"  # as typed

# Run the notebook's cells up to and including its ``count``-th code cell, as Shift-Enter would.
RUN_FIRST_CELLS = """async (count) => {
    const panel = window.jupyterapp.shell.currentWidget;
    const cells = panel.content.model.cells;
    let seen = 0, last = 0;
    for (let i = 0; i < cells.length && seen < count; i++)
        if (cells.get(i).type === 'code') { seen++; last = i; }
    panel.content.activeCellIndex = last + 1;
    await window.jupyterapp.commands.execute('notebook:run-all-above');
    return last;
}"""
# Whether cells 0..last have all run and the kernel is idle again.
FIRST_CELLS_RUN = """(last) => {
    const panel = window.jupyterapp.shell.currentWidget;
    const cells = panel.content.model.cells;
    for (let i = 0; i <= last; i++)
        if (cells.get(i).type === 'code' && cells.get(i).executionCount === null) return false;
    return panel.sessionContext.session.kernel.status === 'idle';
}"""
# For each of cells 0..last: its outputs' text, and its pictures (drawn: they have a width).
OUTPUTS = """(last) => window.jupyterapp.shell.currentWidget.content.widgets.slice(0, last + 1)
    .map(cell => cell.outputArea ? [cell.outputArea.node.innerText,
        Array.from(cell.outputArea.node.querySelectorAll('img, svg'))
            .filter(picture => picture.getBoundingClientRect().width > 0).length] : ['', 0])"""


def pictured_cells(last: int) -> list[int]:
    """The cells among 0..last whose committed outputs hold a picture."""
    cells = nbformat.read(make_assignments.ROOT / "notebooks" / LESSON, as_version=4).cells
    return [i for i, cell in enumerate(cells[:last + 1])
            if any(mime.startswith("image/") for output in cell.get("outputs", [])
                   for mime in output.get("data", {}))]


@pytest.mark.parametrize("name", STUDENTS)
def test_a_student_follows_the_course_link_and_sees_lesson_1s_pictures(class_hub, course_repo,
                                                                       course_url, hub_page, name):
    follow_course_link(hub_page, class_hub, course_url, name)
    pulled = class_hub.home(name) / "ttt" / "notebooks"
    assert sorted(p.name for p in pulled.glob("*.ipynb")) == \
        sorted(p.name for p in (course_repo / "notebooks").glob("*.ipynb"))
    last = hub_page.evaluate(RUN_FIRST_CELLS, FIRST_CELLS)
    hub_page.wait_for_function(FIRST_CELLS_RUN, arg=last, timeout=120_000, polling=250)
    outputs = hub_page.evaluate(OUTPUTS, last)
    text = "\n".join(shown for shown, _ in outputs)
    assert "Traceback" not in text and "Error" not in text, text
    assert "0 | 1 | 2\n3 | 4 | 5\n6 | 7 | 8" in text  # the grid of cell numbers
    pictures = pictured_cells(last)
    assert len(pictures) >= 2  # the empty board and a position
    assert all(outputs[i][1] >= 1 for i in pictures), outputs


def answered(release: dict, mistake: str | None) -> dict:
    """The release notebook with every exercise answered by its model answer, except the
    exercise ``mistake``, answered with its classic mistake (tests/course/test_exercises.py's)."""
    notebook = nbformat.from_dict(release)
    for cell in notebook.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if cell.metadata.get("nbgrader", {}).get("solution"):
            cell.source = answer(cell.source, classic_mistakes()[grade_id]
                                 if grade_id == mistake else None)
    return json.loads(nbformat.writes(notebook))


async def hand_out_and_grade(hub: TrialHub, mistake: str, wrong: str) -> dict[str, str]:
    """Lesson 1's assignment from release to returned feedback, each command typed in a terminal
    of its user's own server, as the hub page gives it; every line the terminals showed for
    nbgrader's commands, by command."""
    shown: dict[str, list[str]] = {}

    def note(command: str, output: str) -> None:
        shown.setdefault(command.split()[-1], []).append(output)

    async with Hub(hub.url, hub.token, timeout=300) as client:
        teacher = await client.open_terminal(TEACHER)
        await teacher.run("cd ~/course")
        await teacher.run(f"nbgrader release_assignment {ASSIGNMENT}")

        async def student_works(name: str) -> None:
            fetch, = await client.typed(name, [f"nbgrader fetch_assignment {ASSIGNMENT}"])
            note("nbgrader fetch_assignment", fetch)
            release = await client.read_notebook(name, HANDED_OUT)
            await client.write_notebook(name, HANDED_OUT,
                                        answered(release, mistake if name == wrong else None))
            # JupyterLab keeps a checkpoint of each notebook it opens, in .ipynb_checkpoints/
            await client.request("POST", f"/user/{name}/api/contents/{HANDED_OUT}/checkpoints")
            assert list((hub.home(name) / ASSIGNMENT / ".ipynb_checkpoints").glob("*.ipynb"))
            submit, = await client.typed(name, [f"nbgrader submit {ASSIGNMENT}"])
            note("nbgrader submit", submit)

        await asyncio.gather(*(student_works(name) for name in STUDENTS))
        # The forger answers with the mistake and hands it in under the victim's name, from
        # their own account, as typed; the teacher collects; the victim hands in again (a
        # genuine resubmission) and the teacher collects with --update, as the hub page says.
        release = await client.read_notebook(FORGER, HANDED_OUT)
        await client.write_notebook(FORGER, HANDED_OUT, answered(release, mistake))
        note("forged", *await client.typed(FORGER, [FORGERY]))
        note("nbgrader collect", await teacher.run(f"nbgrader collect {ASSIGNMENT}"))
        note("resubmitted", *await client.typed(VICTIM, [f"nbgrader submit {ASSIGNMENT}"]))
        note("nbgrader collect", await teacher.run(f"nbgrader collect --update {ASSIGNMENT}"))
        for step in ("autograde", "generate_feedback", "release_feedback"):
            note(f"nbgrader {step}", await teacher.run(f"nbgrader {step} {ASSIGNMENT}"))
        await teacher.close()
        for name in STUDENTS:
            note("nbgrader fetch_feedback",
                 *await client.typed(name, [f"nbgrader fetch_feedback {ASSIGNMENT}"]))
    return {command: "\n".join(outputs) for command, outputs in shown.items()}


def test_the_teacher_hands_out_lesson_1_and_grades_three_submissions(class_hub, teacher_course):
    course = teacher_course  # made by make_assignments.py in the teacher's terminal
    release = course / "release" / ASSIGNMENT
    exercises = [cell.metadata["nbgrader"]["grade_id"]
                 for path in release.glob("*.ipynb")
                 for cell in nbformat.read(path, as_version=4).cells
                 if cell.metadata.get("nbgrader", {}).get("solution")]
    mistake, wrong = next(name for name in exercises if name in classic_mistakes()), STUDENTS[1]
    shown = run_async(hand_out_and_grade(class_hub, mistake, wrong))

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        scores = {name: (gradebook.find_submission(ASSIGNMENT, name).score,
                         gradebook.find_submission(ASSIGNMENT, name).max_score)
                  for name in STUDENTS}
    assert scores == {name: (len(exercises) - (name == wrong), len(exercises))
                      for name in STUDENTS}
    for name in STUDENTS:  # autograde's line per submission
        assert f"{ASSIGNMENT}, {name}: {scores[name][0]:g} of {scores[name][1]:g} points" in \
            shown["autograde"]
    # collect refused the forgery both times, by name, and took the victim's resubmission
    refusals = [line for line in shown["collect"].splitlines() if "Refused" in line]
    assert len(refusals) == 2, shown["collect"]
    for line in refusals:
        assert f"Refused {VICTIM}+{ASSIGNMENT}+" in line and \
            f"handed in as {VICTIM} by {FORGER}, so not collected" in line, line
    assert f"Updating submission: {VICTIM} {ASSIGNMENT}" in shown["collect"]
    assert f"Submitted as: ttt {ASSIGNMENT}" in shown["forged"]  # nbgrader took it in
    # two hand-ins were not graded, the victim's first and the forgery: fetch_feedback says so
    # to each of the two students, once
    first_hand_in = [line for line in shown["fetch_feedback"].splitlines()
                     if "Could not find feedback for" in line]
    assert len(first_hand_in) == 2, shown["fetch_feedback"]
    for command, output in shown.items():  # nothing else a teacher would have to explain
        kept = "\n".join(line for line in output.splitlines()
                         if line not in refusals + first_hand_in)
        assert "warning" not in kept.lower() and "cheating" not in kept, (command, output)
    feedback = {name: "\n".join(page.read_text() for page in
                                (class_hub.home(name) / ASSIGNMENT / "feedback").glob("*/*.html"))
                for name in STUDENTS}
    nudge = mistaken(mistake, classic_mistakes()[mistake]).nudge
    assert nudge and nudge in feedback[wrong]
    for name in STUDENTS:
        assert feedback[name], f"{name} fetched no feedback"
        if name != wrong:
            assert nudge not in feedback[name]


def test_a_students_terminal_has_the_courses_commands_and_only_their_own_files(class_hub):
    """Typed in a student's terminal: the course's python and nbgrader (a login shell's
    /etc/profile would have reset PATH: "command not found"), as the student's own account,
    which cannot read another student's home."""
    name, other = STUDENTS[0], STUDENTS[1]
    bin_folder = str(Path(sys.executable).parent)

    async def type_in_a_terminal() -> list[str]:
        async with Hub(class_hub.url, class_hub.token) as client:
            shown = await client.typed(name, [
                "whoami", "command -v python nbgrader",
                "python -c 'import ttt, nbgrader; print(ttt.__name__, nbgrader.__version__)'"])
            terminal = await client.open_terminal(name)
            try:
                refused = await terminal.run(f"ls {class_hub.home(other)}", check=False)
            finally:
                await terminal.close()
            return [*shown, refused]

    whoami, found, imported, refused = run_async(type_in_a_terminal())
    assert whoami.strip() == name
    assert found.split() == [f"{bin_folder}/python", f"{bin_folder}/nbgrader"]
    assert imported.strip() == f"ttt {nbgrader.__version__}"
    assert "Permission denied" in refused


def test_a_students_edit_survives_a_second_pull_after_the_lesson_changed(class_hub, course_repo,
                                                                         course_url, hub_page):
    name, path = STUDENTS[0], f"ttt/notebooks/{LESSON}"
    follow_course_link(hub_page, class_hub, course_url, name)
    hub_page.close()  # so that JupyterLab does not save its copy over the edit below

    async def edit() -> None:
        async with Hub(class_hub.url, class_hub.token) as client:
            notebook = await client.read_notebook(name, path)
            code = next(cell for cell in notebook["cells"] if cell["cell_type"] == "code")
            code["source"] = "".join(code["source"]) + "\n# my note: cells are numbered row by row"
            await client.write_notebook(name, path, notebook)

    run_async(edit())
    # The teacher changes the lesson's title upstream, and publishes it.
    lesson = course_repo / "notebooks" / LESSON
    upstream = nbformat.read(lesson, as_version=4)
    upstream.cells[0].source = upstream.cells[0].source.replace("\n", " (revised)\n", 1)
    nbformat.write(upstream, lesson)
    git(course_repo, "commit", "--quiet", "-am", "Lesson 1 revised")

    again = hub_page.context.new_page()
    follow_course_link(again, class_hub, course_url, name)
    pulled = nbformat.read(class_hub.home(name) / path, as_version=4)
    assert "# my note: cells are numbered row by row" in \
        next(cell for cell in pulled.cells if cell.cell_type == "code").source
    assert pulled.cells[0].source == upstream.cells[0].source
