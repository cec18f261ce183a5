"""The playable boards in a real browser at 1280 x 800: a whole game of tic-tac-toe against
"perfect", and one of Connect Four, by clicking the buttons (tests/helpers/board_game.py), in
JupyterLab (lesson 11, run with Run All) and in Voilà (the page of ``make play``); and your own disc
shown at once, before a computer that thinks a second has answered. The fixtures are in
conftest.py.
"""

from __future__ import annotations

import pytest
from board_game import disc_at_once, play, play_connect_four
from jupyter_pages import is_modified, open_in_lab, run_all

pytestmark = pytest.mark.browser


def test_a_game_in_jupyterlab(page, lab):
    open_in_lab(page, lab, "11_play.ipynb")
    assert not is_modified(page)  # opening a lesson changes nothing in it
    run_all(page)
    play(page)


def test_a_game_in_voila(page, voila):
    outside = []  # the page asks no other host for anything (Voilà's own icon font came from a CDN)
    page.on("request", lambda request: outside.append(request.url)
            if not request.url.startswith(("http://127.0.0.1", "data:", "blob:")) else None)
    page.goto(voila + "/", timeout=60_000)  # Voilà runs the page anew for each page load
    play(page)
    assert outside == []
    # every link on the page leads somewhere Voilà serves (a link to a lesson gave 403)
    links = page.eval_on_selector_all(".jp-RenderedMarkdown a[href]", "as => as.map(a => a.href)")
    for link in links:
        assert page.request.get(link).ok, link


def test_connect_four_in_jupyterlab(page, lab):
    open_in_lab(page, lab, "11_play.ipynb")
    run_all(page)
    page.locator(".connect-four").first.scroll_into_view_if_needed()
    play_connect_four(page)


def test_connect_four_in_voila(page, voila):
    page.goto(voila + "/", timeout=60_000)
    play_connect_four(page)


def test_your_disc_shows_before_the_computer_answers(page, voila):
    page.goto(voila + "/", timeout=60_000)
    disc_at_once(page)
