"""axe-core (through axe-playwright-python) on the course's own widgets in JupyterLab at
1280 x 800: lesson 11's two boards, with Hints and Explain on after a move, and lesson 3's
step-through. No critical or serious violation in the widgets' own markup (JupyterLab's own markup
is outside the checked context). What a screen reader reads is checked too: every board button's
name says where it is and what it holds, Connect Four's display-only discs are no Tab stops, the
step-through's slider is named and its live region reads out the sentence of the step the keyboard
moved it to. The lessons that show the package's code, opened as committed, at 1280 x 800 and on a
phone (390 x 844): no output is a box that scrolls sideways out of the keyboard's reach (axe's
scrollable-region-focusable, issue 38: shown code whose long names did not wrap on a phone).
"""

from __future__ import annotations

import pytest
from axe_check import grave_violations
from jupyter_pages import open_in_lab, run_all, wait_until_attached

from ttt.games.svg import cell_in_words

pytestmark = pytest.mark.browser

BOARD, FOUR = ".play-board:not(.connect-four)", ".play-board.connect-four"


# For each button of a board: its name (the title a button with no text of its own is read by)
# and whether Tab stops on it.
BUTTONS = """(board) => Array.from(board.querySelectorAll('button'))
    .filter(b => /(cell|drop|disc)-\\d/.test(b.className))
    .map(b => [b.className.match(/(cell|drop|disc)-\\d+/)[0], b.title, b.tabIndex])"""


def test_the_boards_of_lesson_9(page, lab):
    open_in_lab(page, lab, "11_play.ipynb")
    run_all(page)
    for selector, first_move in ((BOARD, ".cell-4"), (FOUR, ".drop-3")):
        board = page.locator(selector).first
        board.locator(".widget-checkbox:has-text('Hints') input").check()
        board.locator(".widget-checkbox:has-text('Explain') input").check()
        board.locator(first_move).click()
        board.locator(".explanation:has-text('The computer (O) played')").wait_for()
        assert grave_violations(page, {"include": [[selector]]}) == []
    names = {name: (title, tab) for name, title, tab in page.locator(BOARD).first.evaluate(BUTTONS)}
    assert names["cell-4"] == ("cell 4, row 1, column 1: X", 0)
    assert all(title.startswith(f"cell {name[5:]}, row ") and tab == 0
               for name, (title, tab) in names.items())
    four = page.locator(FOUR).first.evaluate(BUTTONS)
    discs = [(name, title, tab) for name, title, tab in four if name.startswith("disc")]
    assert len(discs) == 42 and all(
        tab == -1 and title.startswith(f"{cell_in_words(int(name[5:]), columns=7)}: ")
        for name, title, tab in discs)
    drops = [(title, tab) for name, title, tab in four if name.startswith("drop")]
    assert len(drops) == 7 and all(title.startswith("drop a disc in column ") and tab == 0
                                   for title, tab in drops)


# What a screen reader gets from the step-through's slider, and what its live region says.
SLIDER = """(widget) => {
    const slider = widget.querySelector('input[type=range]');
    return {name: slider.getAttribute('aria-label'), value: slider.getAttribute('aria-valuetext'),
            said: widget.querySelector('[aria-live=polite]').textContent.trim()};
}"""


def test_the_step_through_of_lesson_3(page, lab):
    """The step-through's own markup has no critical or serious violation; its slider is named,
    and moved from the keyboard (an arrow on the slider, Enter on "next"), its live region reads
    out the new step's sentence."""
    open_in_lab(page, lab, "03_minimax.ipynb")
    run_all(page)
    widget = page.locator(".step-through").first
    widget.scroll_into_view_if_needed()
    assert grave_violations(page, {"include": [[".step-through"]]}) == []
    first = widget.evaluate(SLIDER)
    total = int(first["value"].split(" of ")[1])
    assert first["name"] == "step" and first["value"] == f"1 of {total}"
    assert first["said"] == widget.locator(".step-sentence").text_content().strip()
    assert first["said"].startswith(f"Step 1 of {total}. ")
    widget.locator("input[type=range]").focus()
    page.keyboard.press("ArrowRight")
    widget.locator(".step-sentence:has-text('Step 2 of')").wait_for()
    second = widget.evaluate(SLIDER)
    assert second["value"] == f"2 of {total}"
    assert second["said"] == widget.locator(".step-sentence").text_content().strip()
    page.keyboard.press("Shift+Tab")  # back to "next ▶", and Enter
    assert page.evaluate("() => document.activeElement.innerText.trim()") == "next ▶"
    page.keyboard.press("Enter")
    widget.locator(".step-sentence:has-text('Step 3 of')").wait_for()
    assert widget.evaluate(SLIDER)["said"].startswith(f"Step 3 of {total}. ")


SCREENS = {"projector": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("lesson", ["03_minimax.ipynb", "10_search_and_learning.ipynb"])
def test_the_outputs_of_lessons_that_show_code(page, lab, lesson, screen):
    """Opened as committed (what a reader sees before running anything): the outputs, shown code
    among them, have no critical or serious violation at either size."""
    page.set_viewport_size(SCREENS[screen])
    open_in_lab(page, lab, lesson)
    # Lab opens with the file browser beside the lesson, leaving a phone 22 px of output width
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    assert wait_until_attached(page, lesson) > 0
    assert grave_violations(page, {"include": [[".jp-OutputArea-output"]]}) == []
