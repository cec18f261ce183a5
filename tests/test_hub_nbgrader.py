"""The settings hub/student/ gives nbgrader in every server of the class hub, checked with the real
nbgrader on a local exchange in seconds (tests/hub runs them on a hub, with an account per user):
a notebook saved in JupyterLab leaves a checkpoint beside it, which ``nbgrader submit`` must not
call an extra notebook; and with the hub's shared account every submission has that account's
owner, which ``nbgrader collect`` must not call a cheating attempt."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NBGRADER = Path(sys.executable).parent / "nbgrader"
NOTEBOOK = "01_the_board_exercises.ipynb"


def nbgrader(folder: Path, env: dict[str, str], *args: str) -> str:
    """What ``nbgrader ARGS`` printed, run in ``folder``; it must succeed."""
    run = subprocess.run([str(NBGRADER), *args], cwd=folder, env=env, text=True,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False)
    assert run.returncode == 0, run.stdout
    return run.stdout


@pytest.fixture(name="submitted")
def a_submission_from_jupyterlab(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """Lesson 1 released to a local exchange, fetched by ada, saved in JupyterLab (a checkpoint
    beside it) and submitted, as under the hub's shared account; the exchange, and the student's
    environment; what ``nbgrader submit`` printed is in ``submit.log``."""
    exchange = tmp_path / "exchange"
    release = exchange / "ttt" / "outbound" / "lesson1"
    release.mkdir(parents=True)
    (exchange / "ttt" / "inbound").mkdir()
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")]),
                   release / NOTEBOOK)
    home = tmp_path / "ada"
    (home / "lesson1" / ".ipynb_checkpoints").mkdir(parents=True)
    shutil.copy(release / NOTEBOOK, home / "lesson1" / NOTEBOOK)
    shutil.copy(release / NOTEBOOK, home / "lesson1" / ".ipynb_checkpoints" /
                NOTEBOOK.replace(".ipynb", "-checkpoint.ipynb"))
    env = dict(os.environ, HOME=str(home), JUPYTER_CONFIG_PATH=str(ROOT / "hub" / "student"),
               PATH=os.pathsep.join([str(NBGRADER.parent), os.environ["PATH"]]),  # as the hub's
               TTT_EXCHANGE=str(exchange), TTT_HUB_TEACHER="teacher", JUPYTERHUB_USER="ada",
               TTT_HUB_SHARED_ACCOUNT="1")
    (tmp_path / "submit.log").write_text(nbgrader(home, env, "submit", "lesson1"))
    return tmp_path, env


def test_a_submit_from_jupyterlab_hands_in_the_notebook_and_warns_of_nothing(submitted):
    folder, _ = submitted
    printed = (folder / "submit.log").read_text()
    assert "WARNING" not in printed and "EXTRA" not in printed, printed
    [handed_in] = (folder / "exchange" / "ttt" / "inbound").iterdir()
    assert handed_in.name.startswith("ada+lesson1+")
    assert (handed_in / NOTEBOOK).exists() and not (handed_in / ".ipynb_checkpoints").exists()


def test_collect_under_the_shared_account_calls_no_submission_a_cheating_attempt(submitted):
    folder, student = submitted
    course = folder / "course"
    course.mkdir()
    teacher = dict(student, HOME=str(folder / "teacher"), JUPYTERHUB_USER="teacher")
    printed = nbgrader(course, teacher, "collect", "lesson1")
    assert "WARNING" not in printed and "cheating" not in printed, printed
    assert (course / "submitted" / "ada" / "lesson1" / NOTEBOOK).exists()
