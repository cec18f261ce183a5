"""Noise a teacher would have to explain (issue 29): what JupyterLab and Voilà print on their
terminal, and what the Voilà page logs in the browser's console, while a student opens a lesson
or the playable board. With the settings of scripts/jupyter-config (as ``make lab`` and
``make play`` use them) neither says "Kernel is running over TCP without encryption", nor warns
about ``websocket_ping_timeout``, and the Voilà page logs no "#RUNTIME-012".

The servers are the ones the other browser tests use (conftest.py), started with those settings:
whatever they printed up to the end of a test here, for any test, counts."""

from __future__ import annotations

from pathlib import Path

import pytest
from jupyter_pages import open_in_lab, server_log

pytestmark = pytest.mark.browser

#: (that a copied notebook "is not trusted" is left aside: make lab and make play trust theirs)
NOISE = ("running over TCP without encryption", "websocket_ping_timeout")


def noise(log: Path) -> list[str]:
    """The lines of a server's terminal that a teacher would have to explain."""
    return [line for line in log.read_text().splitlines() if any(n in line for n in NOISE)]


def test_jupyterlab_starts_a_lesson_s_kernel_quietly(page, lab, lab_folder):
    open_in_lab(page, lab, "01_the_board.ipynb")  # the kernel started, its websocket open
    # one request answered through that websocket: what the server says on opening it is said
    page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel"
                  ".requestExecute({code: '1'}).done")
    assert noise(server_log(lab_folder, "jupyter")) == []


def test_the_voila_page_runs_quietly(page, voila, voila_folder):
    console: list[str] = []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    page.goto(voila + "/", timeout=60_000)
    # the board drawn: the kernel ran the page and its widgets came through the websocket
    page.locator(".cell-4").wait_for(timeout=60_000)
    assert noise(server_log(voila_folder, "voila")) == []
    assert [line for line in console if "RUNTIME-012" in line] == []
