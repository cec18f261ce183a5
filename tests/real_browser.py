"""Chromium driven by Playwright, as pytest fixtures for the tests that use a real browser
(tests/browser, tests/lite).

A conftest.py imports the fixtures it needs from here (``from real_browser import new_page``: the
functions have other names than their fixtures, ``chromium``, ``browser`` and ``page``, so that a
fixture that uses one does not shadow the import); pytest finds this module through ``pythonpath``
in pyproject.toml. Where Chromium or Playwright is missing the tests are skipped, saying what to
install, except under CI (the ``CI`` environment variable is set), where they fail.
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
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing("Playwright: pip install -r requirements.txt")
    return path


@pytest.fixture(scope="session", name="browser")
def launched_browser(chromium: str):
    """Headless Chromium, started once per test session, that can reach only 127.0.0.1."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:  # do not mix with pytest-playwright's fixtures
        browser = playwright.chromium.launch(executable_path=chromium, timeout=30_000,
                                             args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(name="page")
def new_page(browser):
    """A page the size of a projector (1280 x 800) in a new browser context: no cookies, storage
    or cache from another test."""
    context = browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(30_000)
    yield context.new_page()
    context.close()
