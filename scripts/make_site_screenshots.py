"""Take the README's three screenshots of the course's website, in Chromium at 1280 x 800: the
start page, lesson 3 at its first tree, and lesson 1 opened in the browser version by its "Run in
the browser" button, its first cells run.

    python scripts/build_site.py && python scripts/make_site_screenshots.py

The site (build/site/) is served on 127.0.0.1; nothing else is reachable from the browser.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "helpers"))

from jupyter_pages import CHROMIUM_ARGS, VIEWPORT, find_chromium  # noqa: E402
from static_site import KERNEL_IDLE, served  # noqa: E402

SITE = ROOT / "build" / "site"
IMAGES = ROOT / "images"
RUN_TWO_CELLS = """async () => {
    const app = window.jupyterapp, notebook = app.shell.currentWidget.content;
    const code = [...notebook.widgets].flatMap((cell, i) => cell.model.type === 'code' ? [i] : []);
    for (const index of code.slice(0, 2)) {
        notebook.activeCellIndex = index;
        await app.commands.execute('notebook:run-cell');
    }
}"""


def start_page(page, site: str) -> Path:
    page.goto(f"{site}/index.html")
    return shot(page, "site_start_page.png")


def lesson_3_tree(page, site: str) -> Path:
    page.goto(f"{site}/03_minimax.html")
    tree = page.locator(".cell_output img[src$='.svg']").nth(1)  # the board, then the tree
    tree.scroll_into_view_if_needed()
    page.evaluate("() => window.scrollBy(0, -120)")  # the code cell's end above the tree
    return shot(page, "site_lesson_3_tree.png")


def run_in_browser(page, site: str) -> Path:
    page.goto(f"{site}/01_the_board.html")
    page.get_by_role("link", name="Run in the browser").click()
    page.wait_for_function(KERNEL_IDLE, timeout=180_000)
    page.evaluate(RUN_TWO_CELLS)
    page.wait_for_function(KERNEL_IDLE, timeout=60_000)
    return shot(page, "site_run_in_browser.png")


def shot(page, name: str) -> Path:
    page.wait_for_timeout(500)  # fonts and the theme's scroll settle
    page.screenshot(path=IMAGES / name)
    return IMAGES / name


def main() -> int:
    from playwright.sync_api import sync_playwright

    chromium = find_chromium()
    if chromium is None or not (SITE / "index.html").exists():
        print("needs Chromium and the site: python scripts/build_site.py", file=sys.stderr)
        return 1
    with served(SITE) as site, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        for take in (start_page, lesson_3_tree, run_in_browser):
            page = browser.new_context(viewport=VIEWPORT).new_page()
            print(f"wrote {take(page, site).relative_to(ROOT)}")
            page.context.close()
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
