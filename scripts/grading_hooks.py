"""What the ttt course adds to nbgrader, loaded by the course's ``nbgrader_config.py``
(``scripts/make_assignments.py`` copies this file into the course folder beside it).

- ``autograde`` says each submission's score, one line each, and no SQLAlchemy warnings (nbgrader
  0.9 trips over its own session; the grades are saved all the same).
- ``export`` writes grades.csv rows only for assignments someone has handed in: an assignment not
  handed out yet is no zero for everyone.
- ``zip_collect`` makes the folders it needs without a warning for each ("Directory not found.
  Creating"): nothing is wrong, and a teacher should not have to wonder what is.
"""

from __future__ import annotations

import logging
import warnings
from pathlib import Path

from nbgrader.api import Gradebook
from nbgrader.preprocessors import NbGraderPreprocessor


class PrintScore(NbGraderPreprocessor):
    """Print the score that autograding has just saved for a submitted notebook."""

    def preprocess(self, nb, resources):
        """Print "lessonN, student: S of M points (notebook)"; ``nb`` is returned unchanged."""
        info = resources["nbgrader"]
        with Gradebook(info["db_url"]) as gradebook:
            graded = gradebook.find_submission_notebook(info["notebook"], info["assignment"],
                                                        info["student"])
            print(f"{info['assignment']}, {info['student']}: {graded.score:g} of "
                  f"{graded.max_score:g} points ({info['notebook']})", flush=True)
        return nb, resources


def quiet_sqlalchemy() -> None:
    """Hide SQLAlchemy's warnings about nbgrader's session, which change nothing."""
    from sqlalchemy.exc import SAWarning

    warnings.filterwarnings("ignore", category=SAWarning)


def handed_in(course: Path) -> list[str]:
    """The assignments with at least one submission (autograded, or waiting to be); a name that
    matches no assignment if there is none, since an empty list would export them all."""
    names = {path.name for folder in ("submitted", "autograded")
             for path in course.glob(f"{folder}/*/*") if path.is_dir()}
    return sorted(names) or ["(none handed in yet)"]


def quiet_zip_collect() -> None:
    """Keep ``zip_collect`` from warning "Directory not found. Creating: ..." for each folder it
    makes (the extracted files', and each student's): making them is its job."""
    def not_a_problem(record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("Directory not found. Creating")

    logging.getLogger("ZipCollectApp").addFilter(not_a_problem)
