"""A static site (``make lite``'s, ``make site``'s) built once per test run, served on 127.0.0.1
from a thread of the test process, and a browser page that can reach nothing else: every other
request is aborted and recorded, as is every error the page logs. Used by tests/lite and
tests/site: their conftests import the fixtures ``site_url`` and ``offline`` from here, and each
defines its own ``site``, built with ``built_once``: the browser version (build/lite/) is built
only if its files changed (``build_lite.py --if-changed``), and the website (build/site/), which
copies it, after it, each once for all the workers of a run."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from repo import KERNEL, KERNEL_IDLE, LITE_VENV_PYTHON, ROOT, SCRIPTS  # noqa: F401  (old home)


def builder_python() -> str:
    """The Python that builds the sites: .venv-lite's where it exists, else this one."""
    return str(LITE_VENV_PYTHON if LITE_VENV_PYTHON.exists() else sys.executable)


def build_lite() -> str:
    """Build the browser version with scripts/build_lite.py if its files changed; return why the
    build failed, or '' if it did not."""
    return run_build("build_lite.py", "--if-changed")


def build_website() -> str:
    """Build the website with scripts/build_site.py (the browser version built first, if it is
    not current); return why the build failed, or '' if it did not."""
    return run_build("build_site.py")


def run_build(script: str, *args: str) -> str:
    build = subprocess.run([builder_python(), str(SCRIPTS / script), *args],
                           capture_output=True, text=True)
    if build.returncode == 0:
        return ""
    return f"scripts/{script} failed:\n{build.stdout[-3000:]}{build.stderr[-3000:]}"


def built_once(tmp_path_factory: pytest.TempPathFactory, build: Callable[[], str]) -> str:
    """``build()``'s answer, once for all the workers of a run (pytest-xdist; a run without
    workers just builds): the first worker to take the build's lock builds and writes the answer
    down; the others wait for the lock (two builds at once would delete each other's files) and
    read it. The workers' temporary folders are in the run's own, fresh at each run."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return build()
    import fcntl  # POSIX; imported here, as a run without workers needs no lock

    shared = tmp_path_factory.getbasetemp().parent
    with open(shared / f"{build.__name__}.lock", "w") as lock:
        # held until the file is closed, also if this worker dies: then another one builds
        fcntl.flock(lock, fcntl.LOCK_EX)
        answer = shared / f"{build.__name__}.outcome"
        if not answer.exists():
            answer.write_text(build())
        return answer.read_text()


class SiteHandler(SimpleHTTPRequestHandler):
    """The site's files, with the types browsers insist on for WebAssembly and JS modules."""

    extensions_map = {".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript"}

    def end_headers(self) -> None:
        """Let the browser keep what it fetched for 10 minutes, as a web host does (GitHub Pages
        sends this header): a lesson opened after another then takes Pyodide and the wheels from
        the browser's cache, and Chromium keeps Pyodide's compiled WebAssembly with them."""
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: a failing test says what the page showed."""


@contextmanager
def served(folder: Path, handler: type[SiteHandler] = SiteHandler) -> Iterator[str]:
    """The folder served on a free port of 127.0.0.1 (by ``handler``, a SiteHandler); yields the
    site's address."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@dataclass
class OfflinePage:
    """A page that can reach only the site, and what it tried beyond it, what the site answered
    with an error status (a 404...), and what it logged as an error."""

    page: object
    site: str
    blocked: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    @property
    def problems(self) -> list[str]:
        """Every error logged or thrown and every request the site failed, from the first page
        on: a test checks it after each page it opens, and once more at its end for errors that
        came late."""
        return self.errors + self.failed


def offline_page(page, site: str) -> OfflinePage:
    """``page`` (in a context of its own) made to reach only ``site``: any other request is
    aborted and recorded, and so is each error the page logs or throws (with the address it came
    from), and each answer of the site with an error status."""
    offline = OfflinePage(page, site)

    def only_the_site(route) -> None:
        if route.request.url.startswith(site + "/"):
            route.continue_()
        else:
            offline.blocked.append(route.request.url)
            route.abort()

    def note_error(message) -> None:
        if message.type == "error":
            offline.errors.append(f"{message.text} ({message.location.get('url') or page.url})")

    def note_failure(response) -> None:
        if response.status >= 400:
            offline.failed.append(f"{response.status} {response.url} (from {page.url})")

    page.context.route("**/*", only_the_site)
    page.on("console", note_error)
    page.on("pageerror", lambda error: offline.errors.append(f"{error} ({page.url})"))
    page.on("response", note_failure)
    return offline


@pytest.fixture(scope="session")
def site_url(site: Path) -> Iterator[str]:
    """The site (the conftest's ``site`` fixture) served on a free port of 127.0.0.1, from a
    thread of this process."""
    with served(site) as url:
        yield url


@pytest.fixture
def offline(page, site_url: str) -> OfflinePage:
    """A new page (a new browser context: JupyterLite keeps its notebooks in the browser's
    storage) whose requests go to the site only: any other is aborted and recorded."""
    return offline_page(page, site_url)
