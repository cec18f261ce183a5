"""Fixtures for the real-browser tests: a JupyterLab and a Voilà server, each started once per
session (``lab``, ``voila``) on 127.0.0.1 in a temporary folder that holds copies of the notebooks
(JupyterLab autosaves, and must never write into the course). Every lesson is in the Lab's folder,
so that a test of any lesson opens it in the one server. Chromium, and skipping or failing where it
is missing, are in tests/helpers/real_browser.py; starting servers and measuring pages in
tests/helpers/jupyter_pages.py.

Run with ``python -m pytest -p no:nbval --basetemp=.pytest-tmp/browser -m browser tests`` (the
tests here carry the marker ``browser``: tests/conftest.py); ``make test`` adds ``-n auto --dist
loadfile``: each worker is a session of its own, which starts the servers its tests use, once.
Their folders (``lab_folder``, ``voila_folder``) are fixtures too: a test of what a server prints
reads its log there (``jupyter_pages.server_log``) instead of starting a server of its own.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from jupyter_pages import course_folder, lab_command, server, voila_command
from real_browser import (  # noqa: F401  (fixtures and a hook, for pytest to find here)
    browser_context_args,
    browser_type_launch_args,
    chromium_executable,
    pytest_configure,
)
from repo import LESSONS

#: The notebooks in JupyterLab's folder: every lesson (copying them all costs little). The page of
#: ``make play`` is Voilà's.
LAB_NOTEBOOKS = tuple(path.name for path in LESSONS)
PLAY_PAGE = "play.ipynb"


@pytest.fixture(scope="session")
def lab_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return course_folder(tmp_path_factory.mktemp("lab"), LAB_NOTEBOOKS)


@pytest.fixture(scope="session")
def lab(chromium: str, lab_folder: Path) -> Iterator[str]:
    with server(lab_command(lab_folder), lab_folder) as url:
        yield url


@pytest.fixture(scope="session")
def voila_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return course_folder(tmp_path_factory.mktemp("voila"), [PLAY_PAGE])


@pytest.fixture(scope="session")
def voila(chromium: str, voila_folder: Path) -> Iterator[str]:
    with server(voila_command(PLAY_PAGE), voila_folder) as url:
        yield url
