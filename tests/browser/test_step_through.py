"""The step-through widget in JupyterLab at 1280 x 800, as a class sees it on a projector: in
lesson 3 (minimax) and lesson 5 (alpha-beta, with α and β under the boards), the picture of every
step fits the output area without scrolling sideways, the current (yellow) position is on the
screen together with the controls, the slider shows the step number of the sentence, the smallest
text is big enough to read from the back of the room, and pause stops where it is.
"""

from __future__ import annotations

import re

import pytest
from board_game import MIN_TEXT_PX
from jupyter_pages import (
    ERROR,
    VIEWPORT,
    cell_index,
    layout,
    open_in_lab,
    run_all,
    show_cell,
    smallest_texts,
)
from playwright.sync_api import expect

from ttt.course.stepper import _SECONDS_PER_STEP

pytestmark = pytest.mark.browser

STEPS = 30  # the first steps of each search: down to the first finished games and back up

# The top and bottom (px from the top of the window) of the current position and of the controls.
ON_SCREEN = """(root) => {
    const edges = (el) => [el.getBoundingClientRect().top, el.getBoundingClientRect().bottom];
    return {current: edges(root.querySelector("svg polygon[fill='#f0e442']")),
            controls: edges(root.querySelector('.step-play')),
            slider: root.querySelector('.ttt-slider output').innerText.trim()};
}"""


def step_shown(widget) -> int:
    return int(re.search(r"Step (\d+) of", widget.locator(".step-sentence").inner_text())[1])


@pytest.mark.parametrize("lesson", ["03_minimax.ipynb", "05_making_search_fast.ipynb"])
def test_every_step_fits_and_can_be_read(page, lab, lesson):
    open_in_lab(page, lab, lesson)
    run_all(page)
    assert page.locator(ERROR).count() == 0, page.locator(ERROR).first.inner_text()
    show_cell(page, cell_index(page, "widget = step_through("))
    widget = page.locator(".step-through").first
    widget.evaluate("el => el.scrollIntoView({block: 'start'})")  # as a reader scrolls to it
    picture = widget.locator(".step-picture")
    total = int(re.search(r"of (\d+)", widget.locator(".step-sentence").inner_text())[1])
    for step in range(1, min(STEPS, total) + 1):
        picture.locator(f"[data-step='{step}'] svg").wait_for()
        where = layout(picture)
        assert not where["scrolls"] and max(where["pictures"]) <= where["box"], (step, where)
        left, right = where["current"]
        assert left >= 0 and right <= where["box"], (step, where)
        screen = widget.evaluate(ON_SCREEN)
        assert screen["controls"][0] >= 0 and screen["current"][1] <= VIEWPORT["height"], (
            step, screen)
        assert screen["slider"] == str(step)
        assert min(smallest_texts(picture)) >= MIN_TEXT_PX, step
        widget.locator(".widget-button:has-text('next')").click()
    # play, then pause: it stays where it paused, and does not go back to step 1
    widget.locator(".step-play").click()
    sentence = widget.locator(".step-sentence")
    expect(sentence).to_contain_text(f"Step {min(STEPS, total) + 2} of", timeout=30_000)
    widget.locator(".step-play").click()
    expect(widget.locator(".step-play")).to_contain_text("play")  # the kernel took the pause
    paused = step_shown(widget)
    assert paused > min(STEPS, total)
    # a step that still came would show within a few of the clock's steps: none may
    with pytest.raises(AssertionError):  # expect's word for a wait that ran out
        expect(sentence).not_to_contain_text(f"Step {paused} of",
                                             timeout=4_000 * _SECONDS_PER_STEP)
