"""The course as files: how long each lesson takes, which lessons draw charts, which exercises
each sets, and the tables lesson 0 prints from these (``lesson_table``, ``session_plans``,
``grading_points``).

All are read from the lesson notebooks when asked, so lesson 0's tables and the README follow the
lessons as they are edited. Nothing here imports the rest of the package but its argument rules
(``ttt.core.arguments``).

The time rule, calibrated on a student who read every lesson at 150 words a minute and did every
task (issue 18: lessons 5 to 8 and Play, now lesson 11, took 80, 75, 65, 60 and 40 minutes):
every word of a lesson, its text and its code, read at 150 words a minute, plus 10 minutes for
each "Your turn" task (a heading such as "### Your turn: write minimax yourself"), rounded up to a
multiple of 5 minutes.
On those five lessons it is within 5 minutes of the measured times. Running a cell is part of
reading it: the words of code are counted, not the cells.

A lesson may end its tasks with an optional part, a section headed "## Going further" (a challenge
for fast students or for homework): ``lesson_minutes(path, optional=False)`` leaves it out, and
lesson 0's session plans count only that.
"""

import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ttt.core.arguments import checked

__all__ = ["OPTIONAL", "Lesson", "chart_lessons", "course_lessons", "exercises_in",
           "grading_points", "imports_charts", "lesson_minutes", "lesson_number", "lesson_table",
           "session_plans", "tasks", "words"]

WORDS_PER_MINUTE = 150
MINUTES_PER_TASK = 10
_ROUND_TO = 5  # minutes: an estimate, not a stopwatch

#: A task's heading: "## Your turn: beat the computer", "### Your turn (a): ...", not the bare
#: "## Your turn" that opens the tasks' section.
_TASK_HEADING = re.compile(r"^#{2,6} Your turn\b.*\w.*$", re.MULTILINE)


#: The heading that opens a lesson's optional part, which ends at the next "## " section.
OPTIONAL = "## Going further"


def _cells(path: str | Path, optional: bool = True) -> list[dict]:
    """The notebook's cells as stored, each a dict with 'cell_type' and 'source'; without its
    optional parts unless ``optional``, and never the cells a student does not read (tagged
    ``remove-cell``: the closing checks)."""
    try:
        cells = json.loads(Path(path).read_text(encoding="utf-8"))["cells"]
    except (json.JSONDecodeError, KeyError, TypeError) as error:
        raise ValueError(f"{path} is not a Jupyter notebook (JSON with 'cells')") from error
    kept, skipping = [], False
    for cell in cells:
        if "remove-cell" in cell.get("metadata", {}).get("tags", []):
            continue  # the closing checks and their heading: the website leaves them out too
        if cell["cell_type"] == "markdown" and _source(cell).startswith("## "):
            skipping = not optional and _source(cell).startswith(OPTIONAL)
        if not skipping:
            kept.append(cell)
    return kept


def _source(cell: dict) -> str:
    """A cell's text: nbformat stores it as one string or as a list of lines."""
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def _a_notebook(value: object, name: str) -> None:
    """The argument rule of a lesson's notebook: the path of an .ipynb file that exists."""
    if not isinstance(value, (str, Path)):
        raise TypeError(f"{name} is the path of a lesson's notebook, got {value!r:.60}")
    if Path(value).suffix != ".ipynb" or not Path(value).is_file():
        raise ValueError(f"{name} is the path of a lesson's notebook (an .ipynb file), got "
                         f"{str(value)!r:.80}, which is not one")


def _a_folder(value: object, name: str) -> None:
    """The argument rule of the folder of the lessons: one that exists."""
    if not isinstance(value, (str, Path)):
        raise TypeError(f"{name} is the path of a folder, got {value!r:.60}")
    if not Path(value).is_dir():
        raise ValueError(f"{name} is the path of a folder of lessons, got {str(value)!r:.80}, "
                         f"which is not a folder")


#: The rules of this module's arguments.
_FILES = {"path": _a_notebook, "folder": _a_folder}


@checked(**_FILES)
def words(path: str | Path, optional: bool = True) -> int:
    """How many words a student reads in the lesson (``optional``: its "Going further" parts
    too): its text's and its code's, split at spaces."""
    return sum(len(_source(cell).split()) for cell in _cells(path, optional)
               if cell["cell_type"] in ("markdown", "code"))


@checked(**_FILES)
def tasks(path: str | Path, optional: bool = True) -> int:
    """How many "Your turn" tasks the lesson sets (``optional``: its "Going further" parts too):
    the headings that name one."""
    return sum(len(_TASK_HEADING.findall(_source(cell))) for cell in _cells(path, optional)
               if cell["cell_type"] == "markdown")


@checked(**_FILES)
def lesson_minutes(path: str | Path, *, optional: bool = True) -> int:
    """The minutes a student new to the subject needs for the lesson in the notebook at `path`
    (``optional``: with its "Going further" parts): its words at WORDS_PER_MINUTE plus
    MINUTES_PER_TASK for each task, rounded up to ROUND_TO."""
    minutes = (words(path, optional) / WORDS_PER_MINUTE
               + MINUTES_PER_TASK * tasks(path, optional))
    return _ROUND_TO * math.ceil(minutes / _ROUND_TO)


@checked(**_FILES)
def imports_charts(path: str | Path) -> bool:
    """Whether the lesson's code imports ``ttt.pictures.charts`` (and so needs matplotlib to run)."""
    pattern = re.compile(r"^\s*(from ttt\.charts import|import ttt\.charts)", re.MULTILINE)
    return any(pattern.search(_source(cell)) for cell in _cells(path)
               if cell["cell_type"] == "code")


@checked
def lesson_number(path: str | Path) -> int:
    """The lesson's number, from its file name: 5 for '05_making_search_fast.ipynb'."""
    match = re.match(r"(\d+)_", Path(path).name)
    if not match:
        raise ValueError(f"path is a lesson's, whose file name starts with its number, like "
                         f"05_name.ipynb, got {str(path)!r:.80}")
    return int(match[1])


@checked(**_FILES)
def chart_lessons(folder: str | Path) -> list[int]:
    """The numbers of the lessons in `folder` that draw charts, in order: [2, 4, ...]."""
    return sorted(lesson_number(path) for path in Path(folder).glob("[0-9]*_*.ipynb")
                  if imports_charts(path))


# --- the lessons as lesson 0 lists them --------------------------------------------------------

#: A lesson's title, in its first cell: "# Lesson 5: Making search fast"
TITLE = re.compile(r"^# Lesson \d+: (.+)$", re.MULTILINE)
#: How a lesson checks an exercise: ``exercises.winner.check(winner)``
CHECK = re.compile(r"\bexercises\.(\w+)\.check\(")


@dataclass(frozen=True)
class Lesson:
    """What lesson 0's table says of a lesson: its number, title, minutes (with and without
    its "Going further" part) and the exercises it checks, in the order it checks them."""

    number: int
    title: str
    minutes: int
    core_minutes: int
    exercises: tuple[str, ...]


@checked(**_FILES)
def exercises_in(path: str | Path) -> list[str]:
    """The exercises the lesson checks (``exercises.NAME.check(...)`` in its code), in order,
    each once: the graded ones, as nbgrader's assignments make them."""
    names = (name for cell in _cells(path) if cell["cell_type"] == "code"
             for name in CHECK.findall(_source(cell)))
    return list(dict.fromkeys(names))


@checked(**_FILES)
def course_lessons(folder: str | Path = ".") -> list[Lesson]:
    """Lessons 1 to the last in ``folder`` (lesson 0, the guide, left out), read from their
    notebooks; a ValueError if there are none, as when a notebook runs in another folder."""
    paths = sorted(path for path in Path(folder).glob("[0-9][0-9]_*.ipynb")
                   if lesson_number(path) > 0)
    if not paths:
        raise ValueError(f"no lessons (NN_name.ipynb) in {str(folder)!r}: run this in the "
                         f"notebooks/ folder")
    return [Lesson(lesson_number(path), _title(path), lesson_minutes(path),
                   lesson_minutes(path, optional=False), tuple(exercises_in(path)))
            for path in paths]


def _title(path: Path) -> str:
    """The lesson's title, from its first cell's heading."""
    title = TITLE.search(_source(_cells(path)[0]))
    if title is None:
        raise ValueError(f"{path.name}: its first cell should start '# Lesson N: title'")
    return title[1]


@checked(**_FILES)
def lesson_table(folder: str | Path = ".") -> str:
    """Lesson 0's table: each lesson's number, title, minutes (and, in brackets, without its
    challenge) and exercises; then the total, this guide's minutes, and the chart lessons."""
    lines = []
    for lesson in course_lessons(folder):
        core = f"({lesson.core_minutes} min)" if lesson.core_minutes != lesson.minutes else ""
        lines.append(f"{lesson.number}. {lesson.title:26} {lesson.minutes:3} min {core:8} "
                     f"{', '.join(lesson.exercises) or 'none'}")
    total = sum(lesson.minutes for lesson in course_lessons(folder))
    guide = lesson_minutes(Path(folder) / "00_start_here.ipynb")
    lines += ["", f"in all: {total} minutes; this guide: {guide} minutes",
              f"lessons with charts: {', '.join(map(str, chart_lessons(folder)))}"]
    return "\n".join(lines)


def _plans_of_lessons(value: object, name: str, arguments: dict) -> None:
    """The rule of session plans: each session's lessons are lessons of the folder."""
    try:
        planned = {lesson for _, sessions in value.values() for session in sessions
                   for lesson in session}
    except (AttributeError, TypeError, ValueError):
        raise TypeError(f"{name} maps each plan's name to (minutes a session, the lessons of "
                        f"each session), e.g. {{'weekly': (45, [[1, 2], [3]])}}, got "
                        f"{value!r:.60}") from None
    known = {lesson.number for lesson in course_lessons(arguments.get("folder", "."))}
    unknown = sorted(planned - known)
    if unknown:
        raise ValueError(f"{name} plan lessons the folder does not have: {unknown}; its lessons "
                         f"are {sorted(known)}")


_plans_of_lessons.with_arguments = True  # type: ignore[attr-defined]


@checked(plans=_plans_of_lessons)
def session_plans(plans: Mapping[str, tuple[int, Sequence[Sequence[int]]]],
                  folder: str | Path = ".") -> str:
    """Each plan (name: (minutes a session, the lessons of each session)) with the minutes
    each session's lessons take without their challenges, marked "too long" where they do not
    fit."""
    core = {lesson.number: lesson.core_minutes for lesson in course_lessons(folder)}
    lines = []
    for plan, (length, sessions) in plans.items():
        lines.append(plan)
        for number, session in enumerate(sessions, start=1):
            used = sum(core[lesson] for lesson in session)
            which = ("lessons " if len(session) > 1 else "lesson ") + " and ".join(
                map(str, session))
            too_long = "  too long" if used > length else ""
            lines.append(f"  {number}: {which:16} {used:3} min{too_long}")
    return "\n".join(lines)


@checked(**_FILES)
def grading_points(folder: str | Path = ".") -> str:
    """The points of each lesson's nbgrader assignment, one per checked exercise, and in all."""
    graded = [lesson for lesson in course_lessons(folder) if lesson.exercises]
    lines = [f"lesson{lesson.number}: {len(lesson.exercises)} points  "
             f"({', '.join(lesson.exercises)})" for lesson in graded]
    total = sum(len(lesson.exercises) for lesson in graded)
    return "\n".join([*lines, f"in all: {total} points"])
