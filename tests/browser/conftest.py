"""Fixtures for the real-browser tests: Chromium driven by Playwright, against a JupyterLab and a
Voilà server started on 127.0.0.1 in a temporary folder that holds a *copy* of the lesson
(JupyterLab autosaves, and must never write into the course).

Run with ``python -m pytest -p no:nbval --basetemp=.pytest-tmp/browser tests/browser`` (that is
what ``make test`` does). Chromium itself, and skipping or failing where it is missing, are in
tests/real_browser.py, shared with the test of the browser-only course (tests/lite).
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
from real_browser import (  # noqa: F401  (fixtures and a hook, for pytest to find here)
    chromium_executable,
    launched_browser,
    new_page,
    pytest_configure,
)

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "07_play.ipynb"
BIN = Path(sys.executable).parent  # the jupyter and voila of the running venv
TOKEN = "browser-test-token"


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
