"""Take the README's screenshots from a real browser (``make screenshots``): what a class sees.

Chromium (driven by Playwright) opens the course at 1280 x 800, a typical projector, and
photographs two widgets:

- ``images/screenshot_board.png``: the page of ``make play`` (Voilà) after two moves of yours,
  with Hints on;
- ``images/screenshot_connect_four.png``: the Connect Four board of the same page after your
  discs in columns 3 and 2, with Hints on;
- ``images/screenshot_step_through.png``: lesson 3's step-through widget in JupyterLab, at the
  step the lesson describes (step 32).

Each picture is cropped to what the widget draws (its buttons, labels and pictures, not the empty
width of the page) and taken at the page's own scale, so that the README, showing it at its own
width (tests/tools/test_readme.py), shows text as big as the page does: at least ``MIN_TEXT_PX``,
which the script checks as it takes each picture.

The computer at "perfect" varies its moves, so the board may differ from run to run.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "helpers"))

from jupyter_pages import (  # noqa: E402  (the helpers live with the browser tests)
    CHROMIUM_ARGS,
    VIEWPORT,
    cell_index,
    course_folder,
    find_chromium,
    lab_command,
    open_in_lab,
    run_all,
    server,
    show_cell,
    voila_command,
)

IMAGES = ROOT / "images"
MIN_TEXT_PX = 12  # the smallest text a README reader should have to read
MARGIN = 6  # px of page kept around what the widget draws
TIC_TAC_TOE = ".play-board:not(.connect-four)"  # the page shows a Connect Four board too
STEP = 32  # lesson 3 shows this step as a picture and describes it


def board(browser, folder: Path) -> Path:
    """The playable board after your moves 0 and 8 (or the next free cells), with Hints on."""
    with server(voila_command("play.ipynb"), folder) as url:
        page = browser.new_page(viewport=VIEWPORT)
        page.goto(url + "/", timeout=60_000)
        page.locator(".cell-8").wait_for(timeout=60_000)
        for _ in range(2):
            free = [cell for cell in (0, 8, 2, 6)
                    if not page.locator(f".cell-{cell}").inner_text().strip()]
            marks = _marks(page)
            page.locator(f".cell-{free[0]}").click()
            page.wait_for_function(f"() => {_MARKS_JS} >= {marks + 2}")
        page.locator(f"{TIC_TAC_TOE} .widget-checkbox:has-text('Hints') input").check()
        page.wait_for_function(f"() => /in \\d|draw/.test(document.querySelector('{TIC_TAC_TOE}')"
                               ".innerText)")
        path = photograph(page.locator(TIC_TAC_TOE), "screenshot_board.png")
        page.close()
    return path


def connect_four(browser, folder: Path) -> Path:
    """The Connect Four board after your discs in columns 3 and 2, with Hints on."""
    with server(voila_command("play.ipynb"), folder) as url:
        page = browser.new_page(viewport=VIEWPORT)
        page.goto(url + "/", timeout=60_000)
        board = page.locator(".connect-four")
        board.locator(".drop-3").wait_for(timeout=60_000)
        for column, discs in ((3, 2), (2, 4)):
            board.locator(f".drop-{column}").click()
            page.wait_for_function(f"() => {_DISCS_JS} >= {discs}")
        board.locator(".widget-checkbox:has-text('Hints') input").check()
        page.wait_for_function("() => /≈|in \\d|draw/.test(document.querySelector('.hint-0')"
                               ".innerText)")
        path = photograph(board, "screenshot_connect_four.png")
        page.close()
    return path


_DISCS_JS = ("Array.from(document.querySelectorAll('.connect-four button'))"
             ".filter(b => /^[XO]$/.test(b.innerText.trim())).length")


def step_through(browser, folder: Path) -> Path:
    """Lesson 3's step-through widget at step STEP."""
    with server(lab_command(folder), folder) as url:
        page = browser.new_page(viewport=VIEWPORT)
        open_in_lab(page, url, "03_minimax.ipynb")
        run_all(page)
        show_cell(page, cell_index(page, "widget = step_through("))
        widget = page.locator(".step-through").first
        for _ in range(STEP - 1):
            widget.locator(".widget-button:has-text('next')").click()
        widget.locator(f"[data-step='{STEP}'] svg").wait_for()
        path = photograph(widget, "screenshot_step_through.png")
        page.close()
    return path


# What a widget draws: the box around its visible texts, pictures and controls (its containers
# stretch to the page's width), and the size of its smallest text (px).
DRAWN = """(root) => {
    let left = Infinity, top = Infinity, right = -Infinity, bottom = -Infinity, smallest = Infinity;
    const add = (box) => {
        if (box.width < 1 || box.height < 1) return;
        left = Math.min(left, box.left); top = Math.min(top, box.top);
        right = Math.max(right, box.right); bottom = Math.max(bottom, box.bottom);
    };
    for (const el of root.querySelectorAll('svg, img, button, input, select, .widget-label')) {
        if (el.parentElement.closest('svg')) continue;
        add(el.getBoundingClientRect());
    }
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent.trim() || node.parentElement.closest('svg')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const box = range.getBoundingClientRect();
        if (box.width < 1) continue;
        add(box);
        smallest = Math.min(smallest, parseFloat(getComputedStyle(node.parentElement).fontSize));
    }
    for (const text of root.querySelectorAll('svg text')) {
        const height = text.getBoundingClientRect().height;
        if (height > 0) smallest = Math.min(smallest, height);
    }
    return {x: left, y: top, width: right - left, height: bottom - top, smallest};
}"""


def photograph(widget, name: str) -> Path:
    """A screenshot of what ``widget`` draws, cropped to it with a small margin, into images/;
    stop if its smallest text is under MIN_TEXT_PX."""
    widget.scroll_into_view_if_needed()
    drawn = widget.evaluate(DRAWN)
    if drawn["smallest"] < MIN_TEXT_PX:
        raise SystemExit(f"{name}: the widget's smallest text is {drawn['smallest']:.1f} px, "
                         f"under {MIN_TEXT_PX} px: the README would show it too small")
    path = IMAGES / name
    widget.page.screenshot(path=path, clip={
        "x": max(drawn["x"] - MARGIN, 0), "y": max(drawn["y"] - MARGIN, 0),
        "width": drawn["width"] + 2 * MARGIN, "height": drawn["height"] + 2 * MARGIN})
    return path


_MARKS_JS = (f"Array.from(document.querySelectorAll('{TIC_TAC_TOE} button'))"
             ".filter(b => /^[XO]$/.test(b.innerText.trim())).length")


def _marks(page) -> int:
    return page.evaluate(f"() => {_MARKS_JS}")


def main() -> int:
    from playwright.sync_api import sync_playwright

    chromium = find_chromium()
    if chromium is None:
        print("Chromium not found: run 'make test' once, or set CHROMIUM", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as temp, sync_playwright() as playwright:
        folder = course_folder(Path(temp), ["play.ipynb", "03_minimax.ipynb"])
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        for take in (board, connect_four, step_through):
            print(f"wrote {take(browser, folder).relative_to(ROOT)}")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
