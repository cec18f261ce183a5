"""Fixtures for the offline test of the browser-only course: the JupyterLite site built from this
checkout by scripts/build_lite.py (what ``make lite`` runs), served on 127.0.0.1 by Python's
http.server, and a page of headless Chromium in which every request for anything else is aborted
and counted (Chromium itself resolves no other host either: tests/real_browser.py).

Run with ``python -m pytest -p no:nbval --basetemp=.pytest-tmp/lite tests/lite`` (that is what
``make test`` does).
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from real_browser import (  # noqa: F401  (fixtures and a hook, for pytest to find here)
    chromium_executable,
    launched_browser,
    new_page,
    pytest_configure,
)

ROOT = Path(__file__).resolve().parents[2]
#: the Python that builds the site: ``make lite``'s own (.venv-lite, which sees the course's .venv)
#: where it exists, else this one
LITE_VENV_PYTHON = ROOT / ".venv-lite" / "bin" / "python"


class SiteHandler(SimpleHTTPRequestHandler):
    """The site's files, with the types browsers insist on for WebAssembly and JS modules."""

    extensions_map = {".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript"}

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: a failing test says what the page showed."""


@dataclass
class OfflinePage:
    """A page that can reach only the site, and what it tried beyond it or logged as an error."""

    page: object
    site: str
    blocked: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


@pytest.fixture(scope="session")
def site(chromium: str) -> Path:
    """The site, built afresh from this checkout into build/lite/ (after Chromium was found, so
    a skip costs nothing)."""
    python = LITE_VENV_PYTHON if LITE_VENV_PYTHON.exists() else Path(sys.executable)
    build = subprocess.run([str(python), str(ROOT / "scripts" / "build_lite.py")],
                           capture_output=True, text=True)
    if build.returncode != 0:
        pytest.fail(f"scripts/build_lite.py failed:\n{build.stdout[-3000:]}{build.stderr[-3000:]}",
                    pytrace=False)
    return ROOT / "build" / "lite"


@pytest.fixture(scope="session")
def pyodide_cdn(site: Path) -> str:
    """Where the site loads what it does not serve (matplotlib and the compiled packages it
    needs): Pyodide's CDN, as the site's lock file names it."""
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())
    return lock["packages"]["matplotlib"]["file_name"].rsplit("/", 1)[0] + "/"


@pytest.fixture(scope="session")
def site_url(site: Path) -> Iterator[str]:
    """The site served on a free port of 127.0.0.1, from a thread of this process."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(SiteHandler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()
    thread.join()


@pytest.fixture
def offline(page, site_url: str) -> OfflinePage:
    """A new page (a new browser context: JupyterLite keeps its notebooks in the browser's
    storage) whose requests go to the site only: any other is aborted and recorded."""
    offline = OfflinePage(page, site_url)

    def only_the_site(route) -> None:
        if route.request.url.startswith(site_url + "/"):
            route.continue_()
        else:
            offline.blocked.append(route.request.url)
            route.abort()

    def note_error(message) -> None:
        if message.type == "error":
            offline.errors.append(message.text)

    page.context.route("**/*", only_the_site)
    page.on("console", note_error)
    page.on("pageerror", lambda error: offline.errors.append(str(error)))
    return offline
