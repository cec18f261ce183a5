"""Lesson 7's board in a real browser: a whole game against "perfect" by clicking the buttons, in
JupyterLab (the lesson run cell by cell) and in Voilà (``make play``). How the game is played and
checked is in tests/board_game.py; the fixtures (servers, Chromium) are in conftest.py.
"""

from __future__ import annotations

import uuid

import pytest
from board_game import play
from conftest import NOTEBOOK, TOKEN

pytestmark = pytest.mark.browser


def test_a_game_in_jupyterlab(page, lab):
    # A new workspace and ?reset: else Lab restores the tabs of earlier runs, and a hidden
    # second board would take the clicks.
    workspace = f"play-{uuid.uuid4().hex[:8]}"
    page.goto(f"{lab}/lab/workspaces/{workspace}/tree/{NOTEBOOK.name}?reset&token={TOKEN}")
    page.wait_for_function("() => window.jupyterapp?.shell.currentWidget?.sessionContext"
                           "?.session?.kernel?.status === 'idle'", timeout=60_000)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    play(page)


def test_a_game_in_voila(page, voila):
    page.goto(voila + "/", timeout=60_000)  # Voilà runs the whole lesson for each page load
    play(page)
