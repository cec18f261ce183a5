"""The repository's paths and the constants the tests share, in one place: a test, a conftest or a
script that drives the tests' helpers imports them from here (pytest finds this module through
``pythonpath`` in pyproject.toml)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
NOTEBOOKS = ROOT / "notebooks"
SCRIPTS = ROOT / "scripts"
BUILD = ROOT / "build"
#: The website's own pages (``make site``): the teacher's and contributor's guides, as markdown
GUIDE = ROOT / "site"
#: The lessons, in order: ``NN_name.ipynb`` (not the Voilà page, play.ipynb, nor the solutions).
LESSONS = tuple(sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")))
#: ``make lite``'s own Python (.venv-lite, which sees the course's .venv), which builds the sites
LITE_VENV_PYTHON = ROOT / ".venv-lite" / "bin" / "python"

#: The state of the open notebook's kernel in a page of JupyterLab or JupyterLite (its app exposed
#: in the browser: ``--expose-app-in-browser``, or the lite build's ``exposeAppInBrowser``).
KERNEL = "window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel?.status"
#: A function for Playwright's ``page.wait_for_function``: true once that kernel is idle.
KERNEL_IDLE = f"() => {KERNEL} === 'idle'"
