"""What the ttt course adds to nbgrader, loaded by the course's ``nbgrader_config.py``
(``scripts/make_assignments.py`` copies this file into the course folder beside it).

- ``autograde`` says each submission's score, one line each, and no SQLAlchemy warnings (nbgrader
  0.9 trips over its own session; the grades are saved all the same).
- ``export`` writes grades.csv rows only for assignments someone has handed in: an assignment not
  handed out yet is no zero for everyone.
- ``zip_collect`` makes the folders it needs without a warning for each ("Directory not found.
  Creating"): nothing is wrong, and a teacher should not have to wonder what is.
- ``autograde`` puts each check's hidden part back without warning that the check cell "has
  changed": the student's copy is the release, which leaves the hidden part out on purpose.
"""

from __future__ import annotations

import logging
import warnings
from pathlib import Path

import nbformat
from nbgrader.api import Gradebook, MissingEntry
from nbgrader.preprocessors import ClearHiddenTests, NbGraderPreprocessor, OverwriteCells
from nbgrader.utils import is_locked


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


def released(source: str) -> str:
    """The cell ``source`` as ``generate_assignment`` hands it out: without its hidden tests."""
    cell = nbformat.v4.new_code_cell(source)
    ClearHiddenTests()._remove_hidden_test_region(cell)
    return cell.source


class RestoreHiddenTests(OverwriteCells):
    """nbgrader's OverwriteCells, which puts every locked cell back as the teacher wrote it, but
    with no warning for a cell that the student handed in as released: nbgrader 0.9.6 reads a
    test cell's hidden part, left out of the release on purpose, as a change ("Attribute
    'checksum' for cell check_winner has changed!"), for every check of every submission. A
    cell that differs from its release is still reported."""

    def preprocess_cell(self, cell, resources, cell_index):
        """``cell``, its source first given back its hidden part if it is the release's."""
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if grade_id is not None and is_locked(cell):
            try:
                written = self.gradebook.find_source_cell(grade_id, self.notebook_id,
                                                          self.assignment_id).source
            except MissingEntry:
                written = None
            if written is not None and cell.source == released(written):
                cell.source = written
        return super().preprocess_cell(cell, resources, cell_index)
