"""axe-core (through axe-playwright-python) on the course's own widgets in JupyterLab at
1280 x 800: lesson 9's two boards, with Hints and Explain on after a move. No critical or serious
violation in the boards' own markup (JupyterLab's own markup is outside the checked context).
What a screen reader reads is checked too: every board button's name says where it is and what it
holds, and Connect Four's display-only discs are no Tab stops.
"""

from __future__ import annotations

import pytest
from jupyter_pages import open_in_lab, run_all

pytestmark = pytest.mark.browser

BOARD, FOUR = ".play-board:not(.connect-four)", ".play-board.connect-four"


def grave_violations(page, selector: str) -> list[str]:
    """The critical and serious axe violations inside ``selector``, one line each."""
    from axe_playwright_python.sync_playwright import Axe

    page.locator(selector).first.wait_for()
    result = Axe().run(page, context={"include": [[selector]]})
    assert result.response["passes"], "axe checked nothing"
    return [f"{v['impact']} {v['id']}: {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
            for v in result.response["violations"] if v["impact"] in ("critical", "serious")]


# For each button of a board: its name (the title a button with no text of its own is read by)
# and whether Tab stops on it.
BUTTONS = """(board) => Array.from(board.querySelectorAll('button'))
    .filter(b => /(cell|drop|disc)-\\d/.test(b.className))
    .map(b => [b.className.match(/(cell|drop|disc)-\\d+/)[0], b.title, b.tabIndex])"""


def test_the_boards_of_lesson_9(page, lab):
    open_in_lab(page, lab, "09_play.ipynb")
    run_all(page)
    for selector, first_move in ((BOARD, ".cell-4"), (FOUR, ".drop-3")):
        board = page.locator(selector).first
        board.locator(".widget-checkbox:has-text('Hints') input").check()
        board.locator(".widget-checkbox:has-text('Explain') input").check()
        board.locator(first_move).click()
        board.locator(".explanation:has-text('The computer (O) played')").wait_for()
        assert grave_violations(page, selector) == []
    names = {name: (title, tab) for name, title, tab in page.locator(BOARD).first.evaluate(BUTTONS)}
    assert names["cell-4"] == ("cell 4, row 2, column 2: X", 0)
    assert all(title.startswith(f"cell {name[5:]}, row ") and tab == 0
               for name, (title, tab) in names.items())
    four = page.locator(FOUR).first.evaluate(BUTTONS)
    discs = [(name, title, tab) for name, title, tab in four if name.startswith("disc")]
    assert len(discs) == 42 and all(tab == -1 and " from the bottom: " in title
                                    for _, title, tab in discs)
    drops = [(title, tab) for name, title, tab in four if name.startswith("drop")]
    assert len(drops) == 7 and all(title.startswith("drop a disc in column ") and tab == 0
                                   for title, tab in drops)
