"""Fixtures for the test of the course's website (``make site``): the site built from this checkout
by scripts/build_site.py (in .venv-lite, where the site's tools are) into build/site/, with the
browser-only build in build/site/lite/ (reused from ``make lite`` or tests/lite when it is
current), served on 127.0.0.1, and pages of headless Chromium that can reach nothing else
(tests/static_site.py, tests/real_browser.py).

Run with ``python -m pytest -p no:nbval --basetemp=.pytest-tmp/site tests/site`` (that is what
``make test`` does, as a stage of its own). A run of the whole of tests/ leaves it out.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from real_browser import (  # noqa: F401  (fixtures and a hook, for pytest to find here)
    chromium_executable,
    launched_browser,
    new_page,
    pytest_configure,
)
from static_site import builder_python, offline, site_url  # noqa: F401  (fixtures)

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Leave these tests to their own stage: collect them only when tests/site (or a file in it)
    is named on the command line."""
    named = [Path(arg.split("::")[0]).resolve() for arg in config.args]
    if not any(path == HERE or HERE in path.parents for path in named):
        return True
    return None


@pytest.fixture(scope="session")
def site(chromium: str) -> Path:
    """The website, built from this checkout into build/site/ (after Chromium was found, so a
    skip costs nothing)."""
    build = subprocess.run([builder_python(), str(ROOT / "scripts" / "build_site.py")],
                           capture_output=True, text=True)
    if build.returncode != 0:
        pytest.fail(f"scripts/build_site.py failed:\n{build.stdout[-3000:]}{build.stderr[-3000:]}",
                    pytrace=False)
    return ROOT / "build" / "site"

