"""Fixtures for the real-browser tests: Chromium driven by Playwright, against a JupyterLab and a
Voilà server started on 127.0.0.1 in a temporary folder that holds copies of the notebooks (see
pages.py, which holds everything that is not a fixture).

Run with ``python -m pytest -p no:nbval --basetemp=.pytest-tmp/browser tests/browser`` (that is
what ``make test`` does). Where Chromium or Playwright is missing the tests are skipped, saying
what to install, except under CI (the ``CI`` environment variable is set), where they fail.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from pages import (
    CHROMIUM_ARGS,
    VIEWPORT,
    course_folder,
    find_chromium,
    lab_command,
    server,
    voila_command,
)

ON_CI = os.environ.get("CI", "").lower() not in ("", "0", "false")
INSTALL = ("install Chromium: 'apt-get install chromium' on Debian/Ubuntu (or run 'make test', "
           "which installs it), 'brew install --cask chromium' on macOS, or set CHROMIUM to a "
           "Chromium or Chrome executable")
#: The notebooks the tests open: the lessons with widgets, and the page of ``make play``.
LAB_NOTEBOOKS = ("03_minimax.ipynb", "05_making_search_fast.ipynb", "07_play.ipynb")
PLAY_PAGE = "play.ipynb"


def pytest_configure(config: pytest.Config) -> None:
    """Let ``--basetemp=.pytest-tmp/browser`` work in a fresh checkout: pytest makes the folder
    itself, but not its parent."""
    if config.option.basetemp:
        Path(config.option.basetemp).resolve().parent.mkdir(parents=True, exist_ok=True)


def missing(what: str) -> None:
    """Fail under CI, skip elsewhere: the browser tests need ``what``."""
    message = f"the browser tests need {what}"
    if ON_CI:
        pytest.fail(f"{message} (CI runs them always)", pytrace=False)
    pytest.skip(message)


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
def lab(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = course_folder(tmp_path_factory.mktemp("lab"), LAB_NOTEBOOKS)
    with server(lab_command(folder), folder) as url:
        yield url


@pytest.fixture(scope="session")
def voila(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = course_folder(tmp_path_factory.mktemp("voila"), [PLAY_PAGE])
    with server(voila_command(PLAY_PAGE), folder) as url:
        yield url


@pytest.fixture(scope="session")
def browser(chromium: str):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:  # do not mix with pytest-playwright's fixtures
        browser = playwright.chromium.launch(executable_path=chromium, timeout=30_000,
                                             args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(30_000)
    yield context.new_page()
    context.close()
