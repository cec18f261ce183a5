"""How the test run is split: into stages by marker, and over the cores a whole file at a time.

**Stages.** The tests in a folder of tests/ that names a stage (tests/browser: JupyterLab and Voilà
in Chromium; tests/lite: the browser-only course; tests/site: the website; tests/hub: a class on
JupyterHub; tests/readme: the README's commands in a fresh clone) carry that stage's marker, given
here by the folder, so a new test file there needs nothing. ``make test`` selects each stage with
``-m`` (``-m "not (browser or lite or site or hub or readme)"`` for the desktop stage: the unit
tests and every lesson through nbval). A stage's folder is not even collected by a run whose
``-m`` cannot select its marker: its fixtures may need packages that only its stage installs (the
hub's need ``make venv-hub``). A new stage is a new folder, named in STAGES, in pyproject.toml's
markers and in the Makefile.

**Cores.** ``make test`` runs with ``-n auto --dist loadfile``: pytest-xdist's own mode that hands
each free worker a whole file at a time, so both cores stay busy to the end and a file is never
split: nbval runs a notebook's cells as items of one file that share one kernel, in order, and a
test module's module-scoped fixtures (the nbgrader course of tests/lessons/test_assignments.py: two
minutes of one core) are made once, on one worker.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from _pytest.mark.expression import Expression  # how pytest itself reads ``-m``
from repo import TESTS

#: The folders of tests/ that are stages of their own; each one's marker is its name.
STAGES = ("browser", "lite", "site", "hub", "readme")


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Skip a stage's folder when the run's ``-m`` expression leaves that stage out."""
    try:
        folder = collection_path.resolve().relative_to(TESTS).parts[0]
    except (ValueError, IndexError):
        return None
    markexpr = config.getoption("markexpr")
    if folder not in STAGES or not markexpr:
        return None
    selects = Expression.compile(markexpr).evaluate(lambda marker: marker == folder)
    return None if selects else True


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in a stage's folder with the stage's marker."""
    for item in items:
        try:
            folder = Path(item.path).resolve().relative_to(TESTS).parts[0]
        except (ValueError, IndexError):  # outside tests/: a lesson
            continue
        if folder in STAGES:
            item.add_marker(folder)
