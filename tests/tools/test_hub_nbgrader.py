"""The settings hub/student/ gives nbgrader in every server of the class hub, checked with the real
nbgrader on a local exchange in seconds (tests/hub runs them on a hub, with an account per user):
a notebook saved in JupyterLab leaves a checkpoint beside it, which ``nbgrader submit`` must not
call an extra notebook; and with the hub's shared account every submission has that account's
owner, which ``nbgrader collect`` must not call a cheating attempt. Each is checked in a server of
``make hub`` and in a student's pod on Kubernetes, with the settings file and environment the
chart, rendered from the README's helm command, gives the pod
(tests/helpers/kubernetes_chart.py)."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from accounts import python_open_to_every_account
from class_mode import ACCOUNT_NOTE, ensure_account
from kubernetes_chart import hub_values, student_files

# nbgrader's whole cycle in two hub layouts (half a minute): make check leaves it to make test
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
NBGRADER = Path(sys.executable).parent / "nbgrader"
NOTEBOOK = "01_the_board_exercises.ipynb"


def nbgrader(folder: Path, env: dict[str, str], *args: str) -> str:
    """What ``nbgrader ARGS`` printed, run in ``folder``; it must succeed."""
    run = subprocess.run([str(NBGRADER), *args], cwd=folder, env=env, text=True,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False)
    assert run.returncode == 0, run.stdout
    return run.stdout


@pytest.fixture(name="server", params=["make hub", "Kubernetes"])
def a_students_server(request, tmp_path: Path) -> dict[str, str]:
    """The environment in which a student's server reads nbgrader's settings, less the student's
    name and the exchange: ``make hub``'s (hub/jupyterhub_config.py) with its shared account, or a
    pod's (every pod is jovyan), whose settings file, where the chart mounts it, is stood in for
    by a folder the test points JUPYTER_CONFIG_PATH to."""
    if request.param == "make hub":
        return {"JUPYTER_CONFIG_PATH": str(ROOT / "hub" / "student"),
                "TTT_HUB_TEACHER": "teacher", "TTT_HUB_SHARED_ACCOUNT": "1"}
    singleuser = hub_values()["singleuser"]
    etc_jupyter = tmp_path / "etc-jupyter"
    etc_jupyter.mkdir()
    for key, content in student_files().items():
        mounted = Path(singleuser["extraFiles"][key]["mountPath"])
        (etc_jupyter / mounted.name).write_text(content)
    return {**singleuser["extraEnv"], "JUPYTER_CONFIG_PATH": str(etc_jupyter)}


@pytest.fixture(name="submitted")
def a_submission_from_jupyterlab(tmp_path: Path, server: dict[str, str]
                                 ) -> tuple[Path, dict[str, str]]:
    """Lesson 1 released to a local exchange, fetched by ada, saved in JupyterLab (a checkpoint
    beside it) and submitted from ``server``; the exchange, and the student's environment; what
    ``nbgrader submit`` printed is in ``submit.log``."""
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
    env = {**os.environ, **server, "HOME": str(home), "JUPYTERHUB_USER": "ada",
           "PATH": os.pathsep.join([str(NBGRADER.parent), os.environ["PATH"]]),  # as the hub's
           "TTT_EXCHANGE": str(exchange)}
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
    teacher = dict(student, HOME=str(folder / "teacher"),
                   JUPYTERHUB_USER=student["TTT_HUB_TEACHER"])
    printed = nbgrader(course, teacher, "collect", "lesson1")
    assert "WARNING" not in printed and "cheating" not in printed, printed
    assert (course / "submitted" / "ada" / "lesson1" / NOTEBOOK).exists()


# --- hand-ins nobody can forge: an account per student, as the class mode gives each ----------
VICTIM, FORGER = "tttvictim", "tttforger"  # accounts of this test's own (class_mode's note)


@pytest.fixture(name="class_accounts")
def two_students_accounts() -> Iterator[Path]:
    """Two students' system accounts (made as the class mode makes them), with their homes and a
    local exchange in a folder of their own, open to them (not under pytest's folder, which a
    second pytest closes again), and the course's Python open to them."""
    if os.getuid() != 0:
        pytest.skip("making students' accounts needs root (CI runs as root)")
    folder = Path(tempfile.mkdtemp(prefix="ttt-forgery-"))
    folder.chmod(0o711)
    with python_open_to_every_account():
        try:
            for name in (VICTIM, FORGER):
                ensure_account(name, folder / "homes")
            yield folder
        finally:
            for name in (VICTIM, FORGER):
                if pwd.getpwnam(name).pw_gecos == ACCOUNT_NOTE:
                    subprocess.run(["userdel", "--remove", name], check=False,
                                   capture_output=True)
            shutil.rmtree(folder)


def submit_as(account: str, folder: Path, *options: str) -> str:
    """``nbgrader submit lesson1 OPTIONS`` typed in ``account``'s own shell, in its home."""
    home = Path(pwd.getpwnam(account).pw_dir)
    env = [f"HOME={home}", f"JUPYTERHUB_USER={account}", f"PATH={NBGRADER.parent}:/usr/bin:/bin",
           f"JUPYTER_CONFIG_PATH={ROOT / 'hub' / 'student'}", "TTT_HUB_TEACHER=teacher",
           f"TTT_EXCHANGE={folder / 'exchange'}"]
    run = subprocess.run(["runuser", "-u", account, "--", "env", *env, "nbgrader", "submit",
                          "lesson1", *options], cwd=home, text=True, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, check=False)
    assert run.returncode == 0, run.stdout
    return run.stdout


def test_collect_refuses_a_hand_in_forged_in_a_students_name_and_keeps_the_real_one(
        class_accounts):
    folder = class_accounts
    exchange = folder / "exchange"
    release = exchange / "ttt" / "outbound" / "lesson1"
    release.mkdir(parents=True)
    (exchange / "ttt" / "inbound").mkdir()
    for shared in (exchange, exchange / "ttt" / "inbound"):  # as the hub makes them
        shared.chmod(0o1777)
    for name, answer in ((VICTIM, "'real'"), (FORGER, "'forged'")):
        home = Path(pwd.getpwnam(name).pw_dir)
        nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(answer)]),
                       release / NOTEBOOK)
        (home / "lesson1").mkdir()
        shutil.copy(release / NOTEBOOK, home / "lesson1" / NOTEBOOK)
        shutil.chown(home / "lesson1", name, name)
        shutil.chown(home / "lesson1" / NOTEBOOK, name, name)
    submit_as(VICTIM, folder)
    forged = submit_as(FORGER, folder, f"--CourseDirectory.student_id={VICTIM}")
    assert "Submitted as: ttt lesson1" in forged
    course = folder / "course"
    course.mkdir()
    teacher = {**os.environ, "HOME": str(folder), "JUPYTERHUB_USER": "teacher",
               "TTT_HUB_TEACHER": "teacher", "TTT_EXCHANGE": str(exchange),
               "JUPYTER_CONFIG_PATH": str(ROOT / "hub" / "student"),
               "PATH": os.pathsep.join([str(NBGRADER.parent), os.environ["PATH"]])}
    collected = course / "submitted" / VICTIM / "lesson1" / NOTEBOOK

    def kept() -> str:
        return nbformat.read(collected, as_version=4).cells[0].source

    for command in (["collect", "lesson1"], ["collect", "--update", "lesson1"]):
        printed = nbgrader(course, teacher, *command)
        assert f"Refused {VICTIM}+lesson1+" in printed, printed
        assert f"handed in as {VICTIM} by {FORGER}, so not collected" in printed, printed
        assert "cheating" not in printed
        assert kept() == "'real'", command
    # a genuine resubmission (the victim's, newer than the forgery) is taken by --update
    home = Path(pwd.getpwnam(VICTIM).pw_dir)
    notebook = nbformat.read(home / "lesson1" / NOTEBOOK, as_version=4)
    notebook.cells[0].source = "'real, again'"
    nbformat.write(notebook, home / "lesson1" / NOTEBOOK)
    submit_as(VICTIM, folder)
    assert "use --update" in nbgrader(course, teacher, "collect", "lesson1")
    assert kept() == "'real'"
    assert f"Updating submission: {VICTIM} lesson1" in \
        nbgrader(course, teacher, "collect", "--update", "lesson1")
    assert kept() == "'real, again'"
