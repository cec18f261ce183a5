"""Chromium for the tests that use a real browser (tests/browser, tests/lite, tests/site), through
pytest-playwright: its ``browser``, ``context`` and ``page`` fixtures, given the system's Chromium
and the course's settings here (Playwright's own browser download is not used).

A stage's conftest.py imports what it needs from here (``from real_browser import
browser_type_launch_args, ...``); pytest finds this module through ``pythonpath`` in
pyproject.toml. Where Chromium or Playwright is missing the tests are skipped, saying what to
install, except under CI (the ``CI`` environment variable is set), where they fail. Each page is
in a new browser context (pytest-playwright's ``context``): no cookies, storage or cache from
another test.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from jupyter_pages import CHROMIUM_ARGS, VIEWPORT, find_chromium

ON_CI = os.environ.get("CI", "").lower() not in ("", "0", "false")
INSTALL = ("install Chromium: 'apt-get install chromium' on Debian/Ubuntu (or run 'make test', "
           "which installs it), 'brew install --cask chromium' on macOS, or set CHROMIUM to a "
           "Chromium or Chrome executable")


def pytest_configure(config: pytest.Config) -> None:
    """Let ``--basetemp=.pytest-tmp/<name>`` work in a fresh checkout: pytest makes the folder
    itself, but not its parent."""
    if config.option.basetemp:
        Path(config.option.basetemp).resolve().parent.mkdir(parents=True, exist_ok=True)


def missing(what: str) -> None:
    """Fail under CI, skip elsewhere: the browser tests need ``what``."""
    message = f"the browser tests need {what}"
    if ON_CI:
        pytest.fail(f"{message} (CI runs them always)", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session", name="chromium")
def chromium_executable() -> str:
    """The Chromium executable; checked before any server starts, so a skip costs nothing."""
    path = find_chromium()
    if path is None:
        missing(f"Chromium, which was not found: {INSTALL}")
    try:
        import pytest_playwright  # noqa: F401
    except ImportError:
        missing("pytest-playwright: pip install -r requirements-dev.txt")
    return path


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict, chromium: str) -> dict:
    """pytest-playwright's launch options, with the system's Chromium, which can reach only
    127.0.0.1 (CHROMIUM_ARGS)."""
    return {**browser_type_launch_args, "executable_path": chromium, "args": CHROMIUM_ARGS,
            "timeout": 30_000}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    """Every page is the size of a projector, 1280 x 800."""
    return {**browser_context_args, "viewport": VIEWPORT}


# Names kept for conftests written before pytest-playwright: importing them is harmless, as each
# only hands on pytest-playwright's own fixture.
@pytest.fixture(scope="session", name="browser")
def launched_browser(browser):
    """pytest-playwright's ``browser``."""
    return browser


@pytest.fixture(name="page")
def new_page(page):
    """pytest-playwright's ``page``."""
    return page
