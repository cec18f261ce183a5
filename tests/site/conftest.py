"""Fixtures for the test of the course's website (``make site``): the site built from this checkout
by scripts/build_site.py (in .venv-lite, where the site's tools are) into build/site/, with the
browser-only build in build/site/lite/ (reused from ``make lite`` or tests/lite when it is
current), served on 127.0.0.1, and pages of headless Chromium that can reach nothing else
(tests/static_site.py, tests/real_browser.py).

Run with ``python -m pytest -p no:nbval --basetemp=.pytest-tmp/site -m site tests`` (that is what
``make test`` does, as a stage of its own): the tests here carry the marker ``site``
(tests/conftest.py), and the other stages leave them out by it.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from real_browser import (  # noqa: F401  (fixtures and a hook, for pytest to find here)
    browser_context_args,
    browser_type_launch_args,
    chromium_executable,
    pytest_configure,
)
from repo import BUILD, SCRIPTS
from static_site import builder_python, offline, site_url  # noqa: F401  (fixtures)


@pytest.fixture(scope="session")
def site(chromium: str) -> Path:
    """The website, built from this checkout into build/site/ (after Chromium was found, so a
    skip costs nothing)."""
    build = subprocess.run([builder_python(), str(SCRIPTS / "build_site.py")],
                           capture_output=True, text=True)
    if build.returncode != 0:
        pytest.fail(f"scripts/build_site.py failed:\n{build.stdout[-3000:]}{build.stderr[-3000:]}",
                    pytrace=False)
    return BUILD / "site"

