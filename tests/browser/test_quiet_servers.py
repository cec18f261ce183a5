"""Noise a teacher would have to explain (issue 29): what JupyterLab and Voilà print on their
terminal, and what the Voilà page logs in the browser's console, while a student opens a lesson
or the playable board. With the settings of scripts/jupyter-config (as ``make lab`` and
``make play`` use them) neither says "Kernel is running over TCP without encryption", nor warns
about ``websocket_ping_timeout``, and the Voilà page logs no "#RUNTIME-012"."""

from __future__ import annotations

from pathlib import Path

import pytest
from jupyter_pages import (
    course_folder,
    lab_command,
    open_in_lab,
    server,
    voila_command,
)

pytestmark = pytest.mark.browser

#: (that a copied notebook "is not trusted" is left aside: make lab and make play trust theirs)
NOISE = ("running over TCP without encryption", "websocket_ping_timeout")


def noise(log: Path) -> list[str]:
    """The lines of a server's terminal that a teacher would have to explain."""
    return [line for line in log.read_text().splitlines() if any(n in line for n in NOISE)]


def test_jupyterlab_starts_a_lesson_s_kernel_quietly(page, tmp_path):
    (tmp_path / "lab").mkdir()
    folder = course_folder(tmp_path / "lab", ["01_the_board.ipynb"])
    with server(lab_command(folder), folder) as url:
        open_in_lab(page, url, "01_the_board.ipynb")  # the kernel started, its websocket open
        page.wait_for_timeout(1000)
    assert noise(folder.parent / f"{folder.name}-jupyter.log") == []


def test_the_voila_page_runs_quietly(page, tmp_path):
    (tmp_path / "voila").mkdir()
    folder = course_folder(tmp_path / "voila", ["play.ipynb"])
    console: list[str] = []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    with server(voila_command("play.ipynb"), folder) as url:
        page.goto(url + "/", timeout=60_000)
        page.locator(".cell-4").wait_for(timeout=60_000)  # the board ran, its websocket open
        page.wait_for_timeout(1000)
    assert noise(folder.parent / f"{folder.name}-voila.log") == []
    assert [line for line in console if "RUNTIME-012" in line] == []
