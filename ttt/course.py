"""The course as files: how long each lesson takes, and which lessons draw charts.

Both are read from the lesson notebooks when asked, so lesson 0's table and the README follow the
lessons as they are edited. Nothing here imports the rest of the package.

The time rule, calibrated on a student who read every lesson at 150 words a minute and did every
task (issue 18: lessons 5 to 8 and Play, now lesson 10, took 80, 75, 65, 60 and 40 minutes):
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
from pathlib import Path

__all__ = ["OPTIONAL", "chart_lessons", "imports_charts", "lesson_minutes", "lesson_number",
           "tasks", "words"]

WORDS_PER_MINUTE = 150
MINUTES_PER_TASK = 10
ROUND_TO = 5  # minutes: an estimate, not a stopwatch

#: A task's heading: "## Your turn: beat the computer", "### Your turn (a): ...", not the bare
#: "## Your turn" that opens the tasks' section.
TASK_HEADING = re.compile(r"^#{2,6} Your turn\b.*\w.*$", re.MULTILINE)


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


def words(path: str | Path, optional: bool = True) -> int:
    """How many words a student reads in the lesson (``optional``: its "Going further" parts
    too): its text's and its code's, split at spaces."""
    return sum(len(_source(cell).split()) for cell in _cells(path, optional)
               if cell["cell_type"] in ("markdown", "code"))


def tasks(path: str | Path, optional: bool = True) -> int:
    """How many "Your turn" tasks the lesson sets (``optional``: its "Going further" parts too):
    the headings that name one."""
    return sum(len(TASK_HEADING.findall(_source(cell))) for cell in _cells(path, optional)
               if cell["cell_type"] == "markdown")


def lesson_minutes(path: str | Path, *, optional: bool = True) -> int:
    """The minutes a student new to the subject needs for the lesson in the notebook at `path`
    (``optional``: with its "Going further" parts): its words at WORDS_PER_MINUTE plus
    MINUTES_PER_TASK for each task, rounded up to ROUND_TO."""
    minutes = (words(path, optional) / WORDS_PER_MINUTE
               + MINUTES_PER_TASK * tasks(path, optional))
    return ROUND_TO * math.ceil(minutes / ROUND_TO)


def imports_charts(path: str | Path) -> bool:
    """Whether the lesson's code imports ``ttt.charts`` (and so needs matplotlib to run)."""
    pattern = re.compile(r"^\s*(from ttt\.charts import|import ttt\.charts)", re.MULTILINE)
    return any(pattern.search(_source(cell)) for cell in _cells(path)
               if cell["cell_type"] == "code")


def lesson_number(path: str | Path) -> int:
    """The lesson's number, from its file name: 5 for '05_making_search_fast.ipynb'."""
    match = re.match(r"(\d+)_", Path(path).name)
    if not match:
        raise ValueError(f"{path}: a lesson's file name starts with its number, like 05_name.ipynb")
    return int(match[1])


def chart_lessons(folder: str | Path) -> list[int]:
    """The numbers of the lessons in `folder` that draw charts, in order: [2, 4, ...]."""
    return sorted(lesson_number(path) for path in Path(folder).glob("[0-9]*_*.ipynb")
                  if imports_charts(path))
