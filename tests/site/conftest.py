"""Fixtures for the test of the course's website (``make site``): the site built from this checkout
by scripts/build_site.py (in .venv-lite, where the site's tools are) into build/site/, with the
browser-only build in build/site/lite/ (reused from ``make lite`` or tests/lite when it is
current), served on 127.0.0.1, and pages of headless Chromium that can reach nothing else
(tests/helpers/static_site.py, tests/helpers/real_browser.py).

Run with ``python -m pytest -p no:nbval --basetemp=.pytest-tmp/site -m site tests`` (that is what
``make test`` does, as a stage of its own): the tests here carry the marker ``site``
(tests/conftest.py), and the other stages leave them out by it.
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
from static_site import (  # noqa: F401  (fixtures)
    build_lite,
    build_website,
    built_once,
    offline,
    site_url,
)


@pytest.fixture(scope="session")
def site(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The website, built from this checkout into build/site/ (after Chromium was found, so a
    skip costs nothing), once per test run: the browser version first if its files changed, as
    tests/lite builds it (so that the two stages can share a run's workers), then the website."""
    failure = built_once(tmp_path_factory, build_lite) or built_once(tmp_path_factory,
                                                                     build_website)
    if failure:
        pytest.fail(failure, pytrace=False)
    return BUILD / "site"
