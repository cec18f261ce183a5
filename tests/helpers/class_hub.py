"""The class hub's test fixtures (tests/hub/conftest.py imports them; ``make test-hub``): the hub
of hub/jupyterhub_config.py on 127.0.0.1 set up as site/hub.md says for a class: NativeAuthenticator
(everyone signs up in Chromium, the teacher approves the students) and the local process spawner,
with a system account for the teacher and each student; and the course as a git repository that
the course links pull from, served by ``git daemon`` (there is no internet here; a school's hub
pulls from its copy of the course on GitHub, which works the same way).

The accounts are made with ``useradd`` (the tests run as root, as CI does), marked with the comment
ACCOUNT_NOTE, their homes in the hub's state folder, and removed with ``userdel`` afterwards; an
account of the same name that the tests did not make stops them.

Run with ``python -m pytest -p no:nbval --basetemp=.pytest-tmp/hub tests/hub``. Every test there
is marked ``hub`` (``-m hub`` picks them, ``-m "not hub"`` leaves them out); they share one hub,
started once.
"""

from __future__ import annotations

import asyncio
import os
import pwd
import shutil
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pytest
from course_links import lesson_link
from hub_client import PROXY, Hub, TrialHub, free_ports, run_async, trial_hub
from jupyter_pages import KERNEL_IDLE, NOTEBOOKS, _wait_for_port
from process_group import stop_process_group
from real_browser import missing
from repo import SCRIPTS

TEACHER = "teacher"
STUDENTS = ("ada", "grace", "alan")
BRANCH = "main"
LESSON = "01_the_board.ipynb"  # the course link the tests follow
MAKE_ASSIGNMENTS = "python ttt/scripts/make_assignments.py ~/course"  # the hub page's, as typed
ACCOUNT_NOTE = "ttt class hub test"  # the comment (GECOS) field of the accounts the tests make


def git(folder: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(folder), "-c", "user.name=Teacher",
                           "-c", "user.email=teacher@example.org", *args], check=True,
                          capture_output=True, text=True).stdout


@pytest.fixture(scope="session", name="course_repo")
def course_repository(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The course's lessons and scripts as a git repository, as a school publishes it: the
    teacher's copy, which ``course_url`` serves to every course link."""
    repo = tmp_path_factory.mktemp("course")
    (repo / "notebooks").mkdir()
    for lesson in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        shutil.copy(lesson, repo / "notebooks" / lesson.name)
    # the teacher's make_assignments.py and what it uses, as in the course's repository
    shutil.copytree(SCRIPTS, repo / "scripts", ignore=shutil.ignore_patterns("__pycache__"))
    git(repo, "init", "--quiet", f"--initial-branch={BRANCH}")
    git(repo, "add", "notebooks", "scripts")
    git(repo, "commit", "--quiet", "-m", "The course")
    return repo


@pytest.fixture(scope="session", name="course_url")
def served_course(course_repo: Path) -> Iterator[str]:
    """The course repository's address on a git server (``git daemon``), as GitHub serves a
    school's copy: git refuses to pull from a folder another account owns (``file://``)."""
    port, log = free_ports(1), course_repo.parent / "git-daemon.log"
    with open(log, "w") as out:
        daemon = subprocess.Popen(
            ["git", "daemon", "--export-all", "--reuseaddr", "--listen=127.0.0.1",
             f"--port={port}", f"--base-path={course_repo.parent}", str(course_repo)],
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        _wait_for_port(daemon, port, 30, log)
        yield f"git://127.0.0.1:{port}/{course_repo.name}"
    finally:
        stop_process_group(daemon, grace=10)


@pytest.fixture(scope="session", name="hub_state")
def hub_state_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The hub's state: its database, everyone's home (homes/NAME) and the exchange; every
    account can pass through the folders above it."""
    if not PROXY.exists():
        missing("configurable-http-proxy: run 'make hub' or 'make test-hub', which install it")
    if os.getuid() != 0:
        missing("root, to make the students' system accounts (useradd), as CI runs")
    state = tmp_path_factory.mktemp("hub")
    for folder in (state, *state.parents):  # pytest makes its folders for its own account only
        folder.chmod(folder.stat().st_mode | 0o111)
    (state / "homes").mkdir()
    return state


def add_account(name: str, home: Path) -> None:
    """A system account ``name`` with a private home at ``home``, as the hub page has a school's
    server give each student; one left by an earlier run of these tests is made afresh."""
    try:
        found = pwd.getpwnam(name)
    except KeyError:
        found = None
    if found is not None:
        if found.pw_gecos != ACCOUNT_NOTE:
            pytest.fail(f"this machine has a system account {name!r} already; the hub's tests "
                        "make their own accounts of that name", pytrace=False)
        subprocess.run(["userdel", "--remove", name], check=True, capture_output=True)
    subprocess.run(["useradd", "--comment", ACCOUNT_NOTE, "--home-dir", str(home),
                    "--create-home", "--key", "HOME_MODE=0700", "--shell", "/bin/bash",
                    "--user-group", name], check=True, capture_output=True)


@pytest.fixture(scope="session", name="accounts")
def system_accounts(hub_state: Path) -> Iterator[tuple[str, ...]]:
    """The teacher's and each student's system account, removed (with their homes) at the end.
    Meanwhile every account may pass through the folders above the course's Python (a Python
    of pyenv's in /root, as on the machines this course is developed on, is else out of their
    reach; hub/jupyterhub_config.py refuses to start then, saying so)."""
    names = (TEACHER, *STUDENTS)
    closed = {folder: folder.stat().st_mode
              for path in (Path(sys.executable).resolve(), Path(sys.base_prefix))
              for folder in path.parents if not folder.stat().st_mode & 0o001}
    for folder, mode in closed.items():
        folder.chmod(mode | 0o001)
    try:
        for name in names:
            add_account(name, hub_state / "homes" / name)
        yield names
    finally:
        for name in names:
            subprocess.run(["userdel", "--remove", name], check=False, capture_output=True)
        for folder, mode in closed.items():
            folder.chmod(mode)


@pytest.fixture(scope="session", name="started_hub")
def the_hub_with_everyone_signed_up(hub_state: Path, accounts, course_url: str,
                                    browser) -> Iterator[TrialHub]:
    """The class's hub, as the hub page sets one up for a class: the teacher and every student
    signed up in Chromium, the students approved by the teacher there, and the teacher's copy of
    the course pulled by lesson 1's course link; JupyterLab's app exposed to the browser tests."""
    with trial_hub(hub_state, server_args="--LabApp.expose_app_in_browser=True", auth="native",
                   spawner="local") as hub:
        context = browser.new_context()
        try:
            page = context.new_page()
            sign_up_and_approve(page, hub)
            follow_course_link(page, hub, course_url, TEACHER)
        finally:
            context.close()
        yield hub


@pytest.fixture(scope="session", name="course_build")
def building_the_teachers_course(started_hub: TrialHub) -> Iterator[Future]:
    """The hub page's ``python ttt/scripts/make_assignments.py ~/course``, typed in the teacher's
    terminal, started at once in the background: it takes a while, and the browser tests need
    none of it. Its result: what the terminal showed."""

    async def make_assignments() -> list[str]:
        async with Hub(started_hub.url, started_hub.token, timeout=1200) as client:
            return await client.typed(TEACHER, [MAKE_ASSIGNMENTS])

    with ThreadPoolExecutor(1) as background:
        yield background.submit(run_async, make_assignments())


@pytest.fixture(scope="session", name="teacher_course")
def the_teachers_course(course_build: Future, started_hub: TrialHub) -> Path:
    """The teacher's nbgrader course folder, once ``make_assignments.py`` has written it."""
    [shown] = course_build.result()
    assert "points" in shown, shown  # a line per assignment: its exercises and points
    return started_hub.home(TEACHER) / "course"


@pytest.fixture(scope="session", name="class_hub")
def running_class_hub(started_hub: TrialHub, course_build: Future) -> TrialHub:
    """The class's hub, with each student's server started too (as the class logs in at the
    start of a lesson), while the teacher's course is being built."""
    run_async(start_everyone(started_hub))
    return started_hub


def follow_course_link(page, hub: TrialHub, course_url: str, name: str) -> None:
    """Follow lesson 1's course link as ``name``: log in, let nbgitpuller pull, and wait for
    JupyterLab to open the lesson with its kernel ready."""
    page.goto(lesson_link(hub.url, LESSON, repo=course_url, branch=BRANCH), timeout=120_000)
    if "/hub/login" in page.url:
        log_in(page, hub, name)
    page.wait_for_url(f"**/user/{name}/lab/tree/ttt/notebooks/{LESSON}*", timeout=180_000)
    page.wait_for_function(KERNEL_IDLE, timeout=120_000)


def sign_up(page, hub: TrialHub, name: str) -> str:
    """Sign ``name`` up at /hub/signup with the hub's password; what the page then says."""
    page.goto(f"{hub.url}/hub/signup")
    page.fill("#username_input", name)
    page.fill("#password_input", hub.password)
    page.fill("#password_confirmation_input", hub.password)
    page.click("#signup_submit")
    return page.locator(".alert").inner_text()


def log_in(page, hub: TrialHub, name: str) -> None:
    """Fill in and send the login form the page shows."""
    page.fill("#username_input", name)
    page.fill("#password_input", hub.password)
    page.click("#login_submit")


def sign_up_and_approve(page, hub: TrialHub) -> None:
    """The hub page's path: the teacher signs up first (an admin, approved at once), then each
    student, who cannot log in until the teacher approves them at /hub/authorize."""
    assert "The signup was successful" in sign_up(page, hub, TEACHER)
    for name in STUDENTS:
        assert "Your information has been sent to the admin" in sign_up(page, hub, name)
    page.goto(f"{hub.url}/hub/login")
    log_in(page, hub, STUDENTS[0])
    refused = page.locator(".login_error").inner_text()
    assert f"User {STUDENTS[0]} has not been authorized" in refused
    page.goto(f"{hub.url}/hub/login?next=/hub/authorize")
    log_in(page, hub, TEACHER)
    page.wait_for_url("**/hub/authorize")
    for name in STUDENTS:
        page.click(f"a[href$='/authorize/{name}']")
        page.wait_for_load_state()
        page.goto(f"{hub.url}/hub/authorize")
    page.goto(f"{hub.url}/hub/logout")


async def start_everyone(hub: TrialHub) -> None:
    async with Hub(hub.url, hub.token) as client:
        for name in (TEACHER, *STUDENTS):
            await client.add_user(name)
        await asyncio.gather(*(client.start_server(name) for name in (TEACHER, *STUDENTS)))
