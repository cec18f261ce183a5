"""The class hub's test fixtures (tests/hub/conftest.py imports them; ``make test-hub``): the
hub of hub/jupyterhub_config.py on 127.0.0.1, with the dummy authenticator, a teacher and three
students, and the course as a git repository on this machine that the course links pull from
(there is no internet here; a school's hub pulls from its copy of the course on GitHub, which works
the same way).

Run with ``python -m pytest -p no:nbval --basetemp=.pytest-tmp/hub tests/hub``. Every test there
is marked ``hub`` (``-m hub`` picks them, ``-m "not hub"`` leaves them out); they share one hub,
started once.
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import make_assignments
import pytest
from hub_client import PROXY, Hub, TrialHub, run_async, trial_hub
from jupyter_pages import NOTEBOOKS
from real_browser import missing

TEACHER = "teacher"
STUDENTS = ("ada", "grace", "alan")
BRANCH = "main"


def git(folder: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(folder), "-c", "user.name=Teacher",
                           "-c", "user.email=teacher@example.org", *args], check=True,
                          capture_output=True, text=True).stdout


@pytest.fixture(scope="session", name="course_repo")
def course_repository(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The course's lessons as a git repository, as a school publishes it: the teacher's copy,
    from which every course link pulls (file://)."""
    repo = tmp_path_factory.mktemp("course")
    (repo / "notebooks").mkdir()
    for lesson in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        shutil.copy(lesson, repo / "notebooks" / lesson.name)
    git(repo, "init", "--quiet", f"--initial-branch={BRANCH}")
    git(repo, "add", "notebooks")
    git(repo, "commit", "--quiet", "-m", "The course")
    return repo


@pytest.fixture(scope="session", name="hub_state")
def hub_state_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The hub's state: its database, everyone's home (homes/NAME) and the exchange."""
    if not PROXY.exists():
        missing("configurable-http-proxy: run 'make hub' or 'make test-hub', which install it")
    return tmp_path_factory.mktemp("hub")


@pytest.fixture(scope="session", name="course_build")
def building_the_teachers_course(hub_state: Path) -> Iterator[Future]:
    """``make assignments`` into the teacher's home (``course/``), started at once in the
    background: it takes a while, and the browser tests need none of it."""
    course = hub_state / "homes" / TEACHER / "course"
    course.parent.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(1) as background:
        yield background.submit(make_assignments.main, course)


@pytest.fixture(scope="session", name="teacher_course")
def the_teachers_course(course_build: Future, hub_state: Path) -> Path:
    """The teacher's nbgrader course folder, once ``make assignments`` has written it."""
    assert course_build.result() == 0
    return hub_state / "homes" / TEACHER / "course"


@pytest.fixture(scope="session", name="class_hub")
def running_class_hub(hub_state: Path, course_build: Future) -> Iterator[TrialHub]:
    """The class's hub, with each student's and the teacher's server started (as the class logs
    in at the start of a lesson) and the JupyterLab app exposed to the browser tests."""
    with trial_hub(hub_state, server_args="--LabApp.expose_app_in_browser=True") as hub:
        run_async(start_everyone(hub))
        yield hub


async def start_everyone(hub: TrialHub) -> None:
    async with Hub(hub.url, hub.token) as client:
        for name in (TEACHER, *STUDENTS):
            await client.add_user(name)
        await asyncio.gather(*(client.start_server(name) for name in (TEACHER, *STUDENTS)))
