"""What ``make hub`` says when it starts: run as root with the shared-account spawner (its default,
``TTT_HUB_SPAWNER=simple``) every student's terminal is a root shell, and the hub must say so; with
an account per student (the class hub of the other tests) it has no such thing to say."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest
from class_hub import STUDENT_PORTS, STUDENTS, TEACHER
from process_group import serve

pytestmark = [pytest.mark.hub, pytest.mark.timeout(300)]

ROOT = Path(__file__).resolve().parents[2]
ROOT_SHELLS = "WARNING: this hub runs as root"
RUNNING = "JupyterHub is now running"


def started(command: list[str], env: dict[str, str], log: Path, timeout: float = 120) -> str:
    """What ``command`` (given a free port by its ``{port}``) printed until JupyterHub said it
    runs (then it is stopped)."""
    def start(port: int) -> subprocess.Popen:
        with open(log, "w") as out:
            return subprocess.Popen([part.format(port=port) for part in command], cwd=ROOT,
                                    env=env, stdout=out, stderr=subprocess.STDOUT,
                                    start_new_session=True)

    with serve(start, log, lambda _: RUNNING in log.read_text(), ports=3, timeout=timeout,
               grace=30):
        return log.read_text()


def test_make_hub_run_as_root_says_every_students_terminal_is_a_root_shell(tmp_path):
    if os.getuid() != 0:
        pytest.skip("the warning is for a hub run as root (CI runs as root)")
    printed = started(["make", "--no-print-directory", "hub", "HUB_PORT={port}"],
                      dict(os.environ, TTT_HUB_DIR=str(tmp_path / "hub")), tmp_path / "make.log")
    warning = next(line for line in printed.splitlines() if line.startswith(ROOT_SHELLS))
    assert "every student's JupyterLab, kernels and terminals run as root" in warning
    assert "make class" in warning
    assert printed.index(ROOT_SHELLS) < printed.index(RUNNING)  # said before anyone logs in


def test_a_hub_with_an_account_per_student_says_nothing_of_root_shells(class_hub):
    assert ROOT_SHELLS not in class_hub.log.read_text()


def test_make_class_names_the_teacher_and_starts_without_a_warning(class_hub):
    """``make class``'s banner names the admin it was given and the hub's own course server in
    every link; until the hub runs, not one line is a warning (JupyterHub's ``[W``, Python's
    ``...Warning:``) or a traceback."""
    printed = class_hub.log.read_text()
    start = printed[:printed.index(RUNNING)]
    assert f"The teacher, '{TEACHER}', signs up first" in start
    assert "'teacher'" not in start
    links = [line for line in start.splitlines() if "git-pull?" in line]
    assert links and all("repo=http%3A%2F%2F127.0.0.1%3A" in line for line in links), links
    noisy = [line for line in start.splitlines()
             if line.startswith("[W ") or "Warning" in line or "WARNING" in line
             or " warn" in line or "Traceback" in line]
    assert not noisy, noisy


def test_every_server_of_the_class_is_on_a_port_of_the_teachers_range(class_hub):
    routes = dict(re.findall(r"Adding user (\w+) to proxy /user/\w+/ => http://127\.0\.0\.1:(\d+)",
                             class_hub.log.read_text()))
    assert set(routes) >= {TEACHER, *STUDENTS}, routes
    first, last = STUDENT_PORTS
    assert all(first <= int(port) <= last for port in routes.values()), routes
    assert len(set(routes.values())) == len(routes)  # one each
