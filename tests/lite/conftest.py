"""Fixtures for the offline test of the browser-only course: the JupyterLite site built from this
checkout by scripts/build_lite.py (what ``make lite`` runs), served on 127.0.0.1 by Python's
http.server, and a page of headless Chromium in which every request for anything else is aborted
and counted (Chromium itself resolves no other host either: tests/helpers/real_browser.py).

Run with ``python -m pytest -p no:nbval -n auto --dist loadfile --basetemp=.pytest-tmp/lite -m lite
tests`` (what ``make test`` does; the marker ``lite`` comes with this folder): the lessons are
spread over the cores (pytest-xdist), each worker with its own Chromium and its own server of
the one build; without ``-n`` they run one after another.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from real_browser import (  # noqa: F401  (fixtures and a hook, for pytest to find here)
    browser_context_args,
    browser_type_launch_args,
    chromium_executable,
    pytest_configure,
)
from repo import BUILD
from static_site import build_lite, built_once, offline, site_url  # noqa: F401  (fixtures)


@pytest.fixture(scope="session")
def site(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site of this checkout in build/lite/, built (after Chromium was found, so a skip costs
    nothing) unless it was already built from the same files (``build_lite.py --if-changed``
    compares a digest of the lessons, the package, the build script and the requirements with
    the one the last build wrote; a fresh clone has none), once per test run: pytest-xdist's
    workers share one build (tests/helpers/static_site.py)."""
    failure = built_once(tmp_path_factory, build_lite)
    if failure:
        pytest.fail(failure, pytrace=False)
    return BUILD / "lite"


@pytest.fixture
def failed_requests(page) -> list[str]:
    """The requests of the test's page (the ``offline`` one) that the site answered with an error
    (404 ...), each as 'status url'."""
    failed: list[str] = []

    def note(response) -> None:
        if response.status >= 400:
            failed.append(f"{response.status} {response.url}")

    page.on("response", note)
    return failed
