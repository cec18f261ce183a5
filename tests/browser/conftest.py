"""Fixtures for the real-browser tests: Chromium driven by Playwright, against a JupyterLab and a
Voilà server started on 127.0.0.1 in a temporary folder that holds a *copy* of the lesson
(JupyterLab autosaves, and must never write into the course).

Run with ``python -m pytest -p no:nbval --basetemp=.pytest-tmp/browser tests/browser`` (that is
what ``make test`` does). Where Chromium or Playwright is missing the tests are skipped, saying
what to install, except under CI (the ``CI`` environment variable is set), where they fail.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "07_play.ipynb"
BIN = Path(sys.executable).parent  # the jupyter and voila of the running venv
TOKEN = "browser-test-token"
ON_CI = os.environ.get("CI", "").lower() not in ("", "0", "false")
INSTALL = ("install Chromium: 'apt-get install chromium' on Debian/Ubuntu (or run 'make test', "
           "which installs it), 'brew install --cask chromium' on macOS, or set CHROMIUM to a "
           "Chromium or Chrome executable")


def pytest_configure(config: pytest.Config) -> None:
    """Let ``--basetemp=.pytest-tmp/browser`` work in a fresh checkout: pytest makes the folder
    itself, but not its parent."""
    if config.option.basetemp:
        Path(config.option.basetemp).resolve().parent.mkdir(parents=True, exist_ok=True)


def find_chromium() -> str | None:
    """The Chromium to drive: $CHROMIUM, Debian's binary, or one on the PATH (as
    scripts/setup-system looks for it). Playwright's own browser download is not used."""
    candidates = [os.environ.get("CHROMIUM"), "/usr/lib/chromium/chromium",
                  *(shutil.which(name) for name in ("chromium", "chromium-browser",
                                                    "google-chrome"))]
    return next((path for path in candidates if path and os.access(path, os.X_OK)), None)


def missing(what: str) -> None:
    """Fail under CI, skip elsewhere: the browser tests need ``what``."""
    message = f"the browser tests need {what}"
    if ON_CI:
        pytest.fail(f"{message} (CI runs them always)", pytrace=False)
    pytest.skip(message)


# --- servers ------------------------------------------------------------------------------------


def stop(proc: subprocess.Popen) -> None:
    """Stop a server started by ``serve`` (its own process group), then its kernels."""
    import psutil

    kids = psutil.Process(proc.pid).children(recursive=True) if proc.poll() is None else []
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)
    for kid in psutil.wait_procs(kids, timeout=5)[1]:  # kernels live in their own sessions
        kid.kill()


def serve(argv: list[str], cwd: Path, timeout: float = 60) -> tuple[subprocess.Popen, str]:
    """Start a server on a free port of 127.0.0.1; return it once it accepts connections."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(cwd / ".cfg"),
               JUPYTER_RUNTIME_DIR=str(cwd / ".rt"), JUPYTER_PLATFORM_DIRS="1")
    log = cwd / f"{Path(argv[0]).name}.log"
    with open(log, "w") as out:
        proc = subprocess.Popen([*argv, f"--port={port}"], cwd=cwd, env=env,
                                start_new_session=True, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + timeout
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc, f"http://127.0.0.1:{port}"
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                stop(proc)
                raise RuntimeError(f"{argv[0]} did not start:\n{log.read_text()[-3000:]}") from None
            time.sleep(0.25)


@pytest.fixture(scope="session")
def chromium() -> str:
    """The Chromium executable; checked before any server starts, so a skip costs nothing."""
    path = find_chromium()
    if path is None:
        missing(f"Chromium, which was not found: {INSTALL}")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing("Playwright: pip install -r requirements.txt")
    return path


@pytest.fixture(scope="session")
def workdir(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("play")
    shutil.copy(NOTEBOOK, folder / NOTEBOOK.name)
    settings = folder / ".us/@jupyterlab/apputils-extension"  # no "news?" toast over the page
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    return folder


@pytest.fixture(scope="session")
def lab(workdir: Path) -> Iterator[str]:
    proc, url = serve([str(BIN / "jupyter"), "lab", "--no-browser", "--allow-root",
                       "--ip=127.0.0.1", f"--IdentityProvider.token={TOKEN}",
                       "--expose-app-in-browser", "--LabApp.news_url=None",
                       f"--LabApp.user_settings_dir={workdir / '.us'}",
                       f"--LabApp.workspaces_dir={workdir / '.ws'}"], workdir)
    yield url
    stop(proc)


@pytest.fixture(scope="session")
def voila(workdir: Path) -> Iterator[str]:
    proc, url = serve([str(BIN / "voila"), NOTEBOOK.name, "--no-browser",
                       "--Voila.ip=127.0.0.1", "--show_tracebacks=True"], workdir)
    yield url
    stop(proc)


# --- the browser --------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser(chromium: str):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:  # do not mix with pytest-playwright's fixtures
        browser = playwright.chromium.launch(executable_path=chromium, timeout=30_000, args=[
            "--disable-gpu", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    yield context.new_page()
    context.close()
