"""Fixtures for the real-browser tests: a JupyterLab and a Voilà server started on 127.0.0.1 in a
temporary folder that holds copies of the notebooks (JupyterLab autosaves, and must never write
into the course). Chromium, and skipping or failing where it is missing, are in
tests/real_browser.py; starting servers and measuring pages in tests/jupyter_pages.py.

Run with ``python -m pytest -p no:nbval --basetemp=.pytest-tmp/browser tests/browser`` (that is
what ``make test`` does).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from jupyter_pages import course_folder, lab_command, server, voila_command
from real_browser import (  # noqa: F401  (fixtures and a hook, for pytest to find here)
    chromium_executable,
    launched_browser,
    new_page,
    pytest_configure,
)

#: The notebooks the tests open: the lessons with widgets, and the page of ``make play``.
LAB_NOTEBOOKS = ("03_minimax.ipynb", "05_making_search_fast.ipynb", "10_play.ipynb")
PLAY_PAGE = "play.ipynb"


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
