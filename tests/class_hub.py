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
from pathlib import Path

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


@pytest.fixture(scope="session", name="class_hub")
def running_class_hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TrialHub]:
    """The class's hub, with each student's and the teacher's server started (as the class logs
    in at the start of a lesson) and the JupyterLab app exposed to the browser tests."""
    if not PROXY.exists():
        missing("configurable-http-proxy: run 'make hub' or 'make test-hub', which install it")
    state = tmp_path_factory.mktemp("hub")
    with trial_hub(state, server_args="--LabApp.expose_app_in_browser=True") as hub:
        run_async(start_everyone(hub))
        yield hub


async def start_everyone(hub: TrialHub) -> None:
    async with Hub(hub.url, hub.token) as client:
        for name in (TEACHER, *STUDENTS):
            await client.add_user(name)
        await asyncio.gather(*(client.start_server(name) for name in (TEACHER, *STUDENTS)))
