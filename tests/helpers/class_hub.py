"""The class hub's test fixtures (tests/hub/conftest.py imports them; ``make test-hub``): the class
mode of site/hub.md, started as the guide says (``make class`` with the teacher's name, an HTTPS
certificate and key, a port range for the students' servers) on 127.0.0.1: NativeAuthenticator
(everyone signs up in Chromium, the teacher approves the students, which makes their system
accounts), the local process spawner, and the course served to the course links by the hub's own
course server (hub/course_server.py, ``git http-backend``) from the teacher's copy of the course.

The hub makes the accounts (``useradd``: the tests run as root, as CI does), marked with the
comment class_mode.ACCOUNT_NOTE, their homes in the hub's state folder (TTT_HUB_HOMES); the tests
remove them with ``userdel`` afterwards; an account of the same name that the hub did not make
stops them.

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
import urllib.parse
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pytest
from accounts import passable_to_every_account, python_open_to_every_account
from class_mode import ACCOUNT_NOTE
from course_links import lesson_link
from hub_client import PROXY, Hub, TrialHub, run_async, trial_hub
from jupyter_pages import KERNEL_IDLE, NOTEBOOKS
from real_browser import missing
from repo import SCRIPTS

TEACHER = "hopper"  # not the hub's default admin ("teacher"): make class is told who it is
STUDENTS = ("ada", "grace", "alan")
BRANCH = "main"
LESSON = "01_the_board.ipynb"  # the course link the tests follow
MAKE_ASSIGNMENTS = "python ttt/scripts/make_assignments.py ~/course"  # the hub page's, as typed
STUDENT_PORTS = 40100, 40199  # make class's HUB_PORTS: the students' servers stay in it


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
def served_course(started_hub: TrialHub) -> str:
    """The course repository's address in the course links ``make class`` printed (lesson 1's):
    the hub's course server, which serves the teacher's copy."""
    return course_repository_in(started_hub.log.read_text())


def course_repository_in(banner: str) -> str:
    """The repository lesson 1's course link in ``banner`` pulls from."""
    link = next(word for line in banner.splitlines() for word in line.split()
                if "git-pull?" in word and urllib.parse.quote(LESSON) in word)
    [repo] = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)["repo"]
    return repo


@pytest.fixture(scope="session", name="certificate")
def a_certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and its key (openssl), as a school has one for its hub."""
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "hub.pem", folder / "hub.key"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    return cert, key


@pytest.fixture(scope="session", name="hub_state")
def hub_state_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The hub's state: its database, everyone's home (homes/NAME) and the exchange; every
    account can pass through the folders above it while the tests run (pytest makes its folders
    for its own account only; the clone may be in a private home), and their modes are put
    back after: the teacher's folder is left as private as it was."""
    if not PROXY.exists():
        missing("configurable-http-proxy: run 'make hub' or 'make test-hub', which install it")
    if os.getuid() != 0:
        missing("root, to make the students' system accounts (useradd), as CI runs")
    state = tmp_path_factory.mktemp("hub")
    (state / "homes").mkdir()
    with passable_to_every_account((state, *state.parents)):
        yield state


def remove_account(name: str) -> None:
    """Remove the account ``name`` and its home if the hub made it (a test's leftover); stop the
    tests if the machine has an account of that name of its own."""
    try:
        found = pwd.getpwnam(name)
    except KeyError:
        return
    if found.pw_gecos != ACCOUNT_NOTE:
        pytest.fail(f"this machine has a system account {name!r} already; the hub's tests "
                    "have the hub make its own accounts of that name", pytrace=False)
    subprocess.run(["userdel", "--remove", name], check=True, capture_output=True)


@pytest.fixture(scope="session", name="accounts")
def system_accounts(hub_state: Path) -> Iterator[tuple[str, ...]]:
    """The teacher's and each student's name, none of them a system account yet (the hub makes
    them); the accounts are removed, with their homes, at the end. Meanwhile every account may
    pass through the folders above the course's Python (a Python of pyenv's in /root, as on the
    machines this course is developed on, is else out of their reach; hub/jupyterhub_config.py
    refuses to start then, saying so)."""
    names = (TEACHER, *STUDENTS)
    with python_open_to_every_account():
        try:
            for name in names:
                remove_account(name)
            yield names
        finally:
            for name in names:
                remove_account(name)


def class_command(course: Path, certificate: tuple[Path, Path]) -> list[str]:
    """The guide's command for the class mode, serving the clone ``course``, for a hub on
    127.0.0.1 at port ``{port}``."""
    cert, key = certificate
    return ["make", "--no-print-directory", "class", f"TEACHER={TEACHER}", "HUB_PORT={port}",
            f"COURSE={course}",
            "HUB_IP=127.0.0.1", "HUB_URL=https://127.0.0.1:{port}",
            f"HUB_PORTS={STUDENT_PORTS[0]}-{STUDENT_PORTS[1]}", f"HUB_CERT={cert}",
            f"HUB_KEY={key}"]


@pytest.fixture(scope="session", name="started_hub")
def the_hub_with_everyone_signed_up(hub_state: Path, accounts, course_repo: Path, certificate,
                                    browser) -> Iterator[TrialHub]:
    """The class's hub, started as the hub page says for a class (``make class``), serving the
    teacher's copy of the course: the teacher and every student signed up in Chromium, the
    students approved by the teacher there (each approval makes the student's account), and the
    course pulled by lesson 1's course link as ``make class`` printed it; JupyterLab's app
    exposed to the browser tests."""
    with trial_hub(hub_state, ports=4, server_args="--LabApp.expose_app_in_browser=True",
                   settings={"TTT_HUB_HOMES": str(hub_state / "homes")},
                   command=class_command(course_repo, certificate), scheme="https") as hub:
        context = hub_context(browser)
        try:
            page = context.new_page()
            sign_up_and_approve(page, hub)
            follow_course_link(page, hub, course_repository_in(hub.log.read_text()), TEACHER)
        finally:
            context.close()
        yield hub


def hub_context(browser):
    """A browser context for the hub, whose certificate the tests made (not a known one's)."""
    return browser.new_context(ignore_https_errors=True, viewport={"width": 1280, "height": 800})


@pytest.fixture(name="hub_page")
def a_page_of_the_hub(browser) -> Iterator:
    """A new page in a context of its own (``hub_context``), closed after the test."""
    context = hub_context(browser)
    try:
        yield context.new_page()
    finally:
        context.close()


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
        assert not account_of(name), f"{name} has an account before the teacher approved them"
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
        account = account_of(name)  # made by the approval, with a private home
        assert account and account.pw_gecos == ACCOUNT_NOTE
        assert Path(account.pw_dir) == hub.home(name)
        assert hub.home(name).stat().st_mode & 0o777 == 0o700
        assert hub.home(name).stat().st_uid == account.pw_uid
    page.goto(f"{hub.url}/hub/logout")


def account_of(name: str) -> pwd.struct_passwd | None:
    """The system account ``name``, if this machine has one."""
    try:
        return pwd.getpwnam(name)
    except KeyError:
        return None


async def start_everyone(hub: TrialHub) -> None:
    async with Hub(hub.url, hub.token) as client:
        for name in (TEACHER, *STUDENTS):
            await client.add_user(name)
        await asyncio.gather(*(client.start_server(name) for name in (TEACHER, *STUDENTS)))
