"""The step-through widget in JupyterLab at 1280 x 800, as a class sees it on a projector: in
lesson 3 (minimax) and lesson 5 (alpha-beta, with α and β under the boards), the picture of every
step fits the output area without scrolling sideways, the current (yellow) position is inside it,
and the smallest text is big enough to read from the back of the room.
"""

from __future__ import annotations

import re

import pytest
from board_game import MIN_TEXT_PX
from jupyter_pages import ERROR, cell_index, layout, open_in_lab, run_all, show_cell, smallest_texts

pytestmark = pytest.mark.browser

STEPS = 30  # the first steps of each search: down to the first finished games and back up


@pytest.mark.parametrize("lesson", ["03_minimax.ipynb", "05_making_search_fast.ipynb"])
def test_every_step_fits_and_can_be_read(page, lab, lesson):
    open_in_lab(page, lab, lesson)
    run_all(page)
    assert page.locator(ERROR).count() == 0, page.locator(ERROR).first.inner_text()
    show_cell(page, cell_index(page, "widget = step_through("))
    widget = page.locator(".step-through").first
    picture = widget.locator(".step-picture")
    total = int(re.search(r"of (\d+)", widget.locator(".step-sentence").inner_text())[1])
    for step in range(1, min(STEPS, total) + 1):
        picture.locator(f"[data-step='{step}'] svg").wait_for()
        where = layout(picture)
        assert not where["scrolls"] and max(where["pictures"]) <= where["box"], (step, where)
        left, right = where["current"]
        assert left >= 0 and right <= where["box"], (step, where)
        assert min(smallest_texts(picture)) >= MIN_TEXT_PX, step
        widget.locator(".widget-button:has-text('next')").click()
