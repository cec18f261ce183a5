"""Tests of ttt.course.plan: the lessons' time rule, the chart lessons, and the README, the guide's
browser version page and lesson 0 stating what the rule and the lessons say."""

import json
import re
from pathlib import Path

import pytest
from repo import GUIDE, NOTEBOOKS, ROOT
from repo import LESSONS as ALL_LESSONS

from ttt.course.plan import (
    MINUTES_PER_TASK,
    WORDS_PER_MINUTE,
    chart_lessons,
    course_lessons,
    exercises_in,
    grading_points,
    imports_charts,
    lesson_minutes,
    lesson_number,
    lesson_table,
    session_plans,
    tasks,
    words,
)
from ttt.course.exercises import EXERCISES

LESSONS = [path for path in ALL_LESSONS if lesson_number(path) > 0]
#: Issue 18: what a student took, reading at 150 words a minute and doing every task.
MEASURED = {5: 80, 6: 75, 7: 65, 8: 60, 11: 40}  # 11, Play, was lesson 9 when measured


def notebook(tmp_path: Path, *cells: tuple[str, str], name: str = "05_x.ipynb") -> Path:
    """A notebook file holding the given (cell type, source) pairs; sources stored as nbformat
    does, as lists of lines."""
    path = tmp_path / name
    path.write_text(json.dumps({"cells": [
        {"cell_type": kind, "source": source.splitlines(keepends=True), "metadata": {}}
        for kind, source in cells], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    return path


def test_words_count_text_and_code_but_not_raw_cells(tmp_path):
    path = notebook(tmp_path, ("markdown", "one two\nthree"), ("code", "x = 1\nprint(x)"),
                    ("raw", "not read at all"))
    assert words(path) == 3 + 4


def test_a_task_is_a_heading_that_names_one_not_the_bare_section_heading(tmp_path):
    path = notebook(tmp_path, ("markdown", "## Your turn\n\n### Your turn (a): write it\n"),
                    ("markdown", "### Your turn: predict\ntext about Your turn"),
                    ("code", "# Your turn: not a heading of the text"))
    assert tasks(path) == 2


def test_the_minutes_are_words_at_the_reading_speed_plus_the_tasks_rounded_up_to_five(tmp_path):
    assert WORDS_PER_MINUTE == 150 and MINUTES_PER_TASK == 10
    text = " ".join(["word"] * 300)                               # 2 minutes of reading
    assert lesson_minutes(notebook(tmp_path, ("markdown", text))) == 5
    with_task = notebook(tmp_path, ("markdown", "### Your turn: go\n" + text), name="06_y.ipynb")
    assert words(with_task) == 304 and lesson_minutes(with_task) == 15   # 2.03 + 10, rounded up
    exact = notebook(tmp_path, ("markdown", " ".join(["w"] * 750)), name="07_z.ipynb")
    assert lesson_minutes(exact) == 5                               # 5 minutes exactly stays 5


def test_without_its_optional_part_a_lesson_leaves_out_only_the_going_further_section(tmp_path):
    path = notebook(tmp_path, ("markdown", "## 1. Read\n" + " ".join(["w"] * 600)),
                    ("markdown", "## Going further\n\n### Your turn (challenge): more"),
                    ("code", " ".join(["x"] * 300)),
                    ("markdown", "## Summary\n" + " ".join(["s"] * 150)))
    assert words(path) == 603 + 8 + 300 + 152 and tasks(path) == 1
    assert lesson_minutes(path) == 20                      # 7.09 min + 10, rounded up
    assert words(path, optional=False) == 603 + 152 and tasks(path, optional=False) == 0
    assert lesson_minutes(path, optional=False) == 10      # 5.03 min, rounded up


def test_the_rule_is_within_five_minutes_of_the_measured_times():
    # the calibration the module's docstring states; lessons may grow, so allow one more step
    for path in LESSONS:
        if lesson_number(path) in MEASURED:
            assert abs(lesson_minutes(path) - MEASURED[lesson_number(path)]) <= 10, path.name


def test_a_file_that_is_not_a_notebook_is_refused(tmp_path):
    path = tmp_path / "01_notes.ipynb"
    path.write_text("not json")
    with pytest.raises(ValueError, match="not a Jupyter notebook"):
        lesson_minutes(path)
    with pytest.raises(ValueError, match="starts with its number"):
        lesson_number("notes.ipynb")


def test_a_chart_lesson_imports_ttt_charts_in_its_code(tmp_path):
    drawing = notebook(tmp_path, ("code", "import ttt\nfrom ttt.pictures.charts import plot_x"),
                       name="02_a.ipynb")
    talking = notebook(tmp_path, ("markdown", "from ttt.pictures.charts import plot_x"),
                       ("code", "# the charts come later"), name="03_b.ipynb")
    assert imports_charts(drawing) and not imports_charts(talking)
    assert chart_lessons(tmp_path) == [2]


def table_minutes(text: str) -> dict[int, int]:
    """{lesson: minutes} from a markdown table whose rows start '| 5. [Title](...)' and hold
    '60&nbsp;min'."""
    return {int(number): int(minutes) for number, minutes in
            re.findall(r"^\| (\d+)\. \[.*?(\d+)&nbsp;min", text, re.MULTILINE)}


def honest_minutes() -> dict[int, int]:
    return {lesson_number(path): lesson_minutes(path) for path in LESSONS}


def guide() -> str:
    """Lesson 0's text: its markdown cells."""
    cells = json.loads((NOTEBOOKS / "00_start_here.ipynb").read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")


def test_the_readme_and_lesson_0_tables_state_the_rules_times():
    assert table_minutes((ROOT / "README.md").read_text(encoding="utf-8")) == honest_minutes()
    assert table_minutes(guide()) == honest_minutes()


@pytest.mark.parametrize("path", LESSONS, ids=[path.stem for path in LESSONS])
def test_each_lesson_states_the_rules_time(path):
    first = "".join(json.loads(path.read_text(encoding="utf-8"))["cells"][0]["source"])
    assert int(re.search(r"about (\d+) minutes", first)[1]) == lesson_minutes(path)
    without = re.search(r"about \d+ minutes \((\d+) without", first)
    if lesson_minutes(path, optional=False) != lesson_minutes(path):
        assert without and int(without[1]) == lesson_minutes(path, optional=False), path.name


def listed(numbers: list[int]) -> str:
    """'2, 4, 5 and 6' for [2, 4, 5, 6]."""
    return ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"


def test_the_guide_and_lesson_0_name_the_lessons_that_import_charts():
    charts = chart_lessons(NOTEBOOKS)
    assert 8 in charts and 1 not in charts
    page = " ".join((GUIDE / "browser.md").read_text(encoding="utf-8").split())
    assert f"The charts of lessons {listed(charts)} are deterministic" in page
    assert f"The lessons with charts ({listed(charts)}," in " ".join(guide().split())


# --- lesson 0's tables, computed by the package ---------------------------------------------------


def test_a_lesson_checks_the_exercises_its_code_names_each_once_in_order(tmp_path):
    path = notebook(tmp_path, ("markdown", "exercises.not_code.check(f)"),
                    ("code", "exercises.winner.check(winner)\nexercises.winner.hint()"),
                    ("code", "exercises.legal_moves.check(legal_moves)\n"
                             "exercises.winner.check(lambda board: 'X')"))
    assert exercises_in(path) == ["winner", "legal_moves"]


def test_the_lessons_check_exactly_the_packages_exercises():
    by_lesson = {lesson.number: list(lesson.exercises) for lesson in course_lessons(NOTEBOOKS)}
    for exercise in EXERCISES.values():
        assert exercise.name in by_lesson[exercise.lesson], exercise.name
    assert sum(map(len, by_lesson.values())) == len(EXERCISES)


def test_lesson_0s_table_lists_every_lesson_with_the_rules_minutes():
    table = lesson_table(NOTEBOOKS)
    listed_minutes = re.findall(r"^(\d+)\. .*? (\d+) min", table, re.MULTILINE)
    assert {int(number): int(minutes) for number, minutes in listed_minutes} == honest_minutes()
    assert "3. Minimax" in table and "11. Play" in table
    assert f"lessons with charts: {', '.join(map(str, chart_lessons(NOTEBOOKS)))}" in table


def test_a_session_plan_adds_up_the_core_minutes_and_says_when_a_session_is_too_long():
    core = {lesson.number: lesson.core_minutes for lesson in course_lessons(NOTEBOOKS)}
    plans = session_plans({"short": (core[1] + core[2], [[1, 2], [1, 2, 3]])}, NOTEBOOKS)
    first, second = plans.splitlines()[1:]
    assert first.endswith(f"{core[1] + core[2]:3} min")
    assert second.endswith(f"{core[1] + core[2] + core[3]:3} min  too long")


def test_the_points_are_one_per_exercise():
    assert grading_points(NOTEBOOKS).endswith(f"in all: {len(EXERCISES)} points")


def test_a_folder_without_lessons_is_refused(tmp_path):
    with pytest.raises(ValueError, match="no lessons .* run this in the notebooks/ folder"):
        lesson_table(tmp_path)
