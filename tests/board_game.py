"""Playing a whole game on lesson 7's board by clicking its buttons in a real browser, wherever the
lesson runs: JupyterLab, Voilà (tests/browser) or the browser-only course (tests/lite).

The human clicks the lowest free cell, reading the board from the buttons' texts, until the status
line says the game is over. Whatever the computer varies, "perfect" never loses, so the game ends
in "O wins" or "Draw". On the way: Undo removes the last two marks, and Hints label every free cell
with a win, draw or loss. The board's buttons carry the classes ``cell-0`` ... ``cell-8``, its
status line ``board-status``.
"""

from __future__ import annotations

import re

import pytest

ERROR = ".jp-OutputArea-output:has-text('Traceback (most recent call last)')"  # Lab and Voilà
HINT = re.compile(r"^(win in \d|draw|loss in \d)$")

# The nine buttons' texts, and how many hold a mark.
READ_CELLS = """() => Array.from({length: 9},
    (_, i) => document.querySelector('.cell-' + i).innerText.trim())"""
# True once the move of a click is on the board with the computer's reply, or the game is over.
REPLIED = """(before) => {
    const marks = Array.from({length: 9}, (_, i) =>
        document.querySelector('.cell-' + i).innerText.trim()).filter(t => t === 'X' || t === 'O');
    const status = document.querySelector('.board-status').innerText;
    return marks.length >= before + 2 || (marks.length > before && /wins|Draw/.test(status));
}"""
MARKS_ARE = """(n) => Array.from({length: 9}, (_, i) =>
    document.querySelector('.cell-' + i).innerText.trim()).filter(t => t === 'X' || t === 'O')
    .length === n"""


def cells(page) -> list[str]:
    return page.evaluate(READ_CELLS)


def marks(page) -> int:
    return sum(text in ("X", "O") for text in cells(page))


def status(page) -> str:
    return page.locator(".board-status").inner_text()


def game_over(page) -> bool:
    return bool(re.search(r"wins|Draw", status(page)))


def no_traceback(page) -> None:
    if page.locator(ERROR).count():
        pytest.fail("the notebook raised:\n" + page.locator(ERROR).first.inner_text())


def wait_until(page, condition: str, arg: object, what: str) -> None:
    """Wait for the JavaScript ``condition``; if it never holds, fail with what the board shows."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(condition, arg=arg, timeout=15_000)
    except PlaywrightTimeout:
        pytest.fail(f"{what}: the buttons show {cells(page)}, the status {status(page)!r}",
                    pytrace=False)


def click_lowest_free(page) -> None:
    """Your move on the lowest free cell; returns once the computer has replied (or it's over)."""
    texts = cells(page)
    before = sum(text in ("X", "O") for text in texts)
    cell = texts.index("")
    page.locator(f".cell-{cell}").click()
    wait_until(page, REPLIED, before, f"no reply to a click on cell {cell} of {texts}")


def play(page) -> None:
    """The whole check, on a page where the lesson has been run."""
    from playwright.sync_api import expect

    page.locator(".cell-8").or_(page.locator(ERROR)).first.wait_for(timeout=60_000)
    no_traceback(page)
    expect(page.locator(".cell-8")).to_have_count(1)  # one live board on the page, the lesson's
    expect(page.locator(".board-status")).to_have_text("Your move: you are X.")
    assert cells(page) == [""] * 9

    click_lowest_free(page)
    after_one = cells(page)
    assert after_one[0] == "X" and after_one.count("O") == 1
    click_lowest_free(page)
    assert marks(page) == 4

    page.locator(".undo").click()  # takes back your second move and the reply
    wait_until(page, MARKS_ARE, 2, f"Undo did not go back to {after_one}")
    assert cells(page) == after_one
    expect(page.locator(".board-status")).to_have_text("Your move: you are X.")

    hints = page.locator(".widget-checkbox:has-text('Hints') input")
    hints.check()
    free = [cell for cell, text in enumerate(after_one) if not text]
    for cell in free:
        expect(page.locator(f".cell-{cell}")).to_have_text(HINT)
    hints.uncheck()
    for cell in free:
        expect(page.locator(f".cell-{cell}")).to_have_text("")

    while not game_over(page):
        click_lowest_free(page)
    final = status(page)
    assert re.fullmatch(r"O wins: the computer wins\.|Draw: nobody wins\.", final), final
    no_traceback(page)
