"""Where the time goes when a student opens lesson 1 in the browser version and presses Run All at
once: Pyodide's runtime fetched, each wheel the kernel loads, Python ready, ``import ttt`` (the
first cell), the first output, the first picture (a board, drawn by the package), then the same
for a second lesson opened after it in the same browser, by its own address
(``ttt.browser.lesson_address``): one Python starts for it, not a second one for the lesson
before it too.

It measures and prints (``-s`` shows it, and the README's browser-version section reports it); it
does not fail on a time, which depends on the machine. It checks what can be known: every step
happens, in order; the kernel's packages are all loaded before the first output (with Pyodide, at
once, not one after another), and ``ttt`` only when the lesson imports it.

The page is not routed (Playwright turns the browser's HTTP cache off for a routed page); Chromium
itself resolves no host but 127.0.0.1 (tests/helpers/jupyter_pages.py), so nothing leaves the machine.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from jupyter_pages import NOTEBOOK, SHOWING, START_RUN_ALL, VIEWPORT

from ttt.pictures.browser import lesson_address

pytestmark = pytest.mark.browser

OPENED = (f"(name) => {NOTEBOOK}?.context?.path === name"
          f" && {NOTEBOOK}.content.model?.cells.length > 0")
ALL_RUN = f"""() => {{
    const cells = {NOTEBOOK}.content.model.cells;
    for (let i = 0; i < cells.length; i++) {{
        const cell = cells.get(i);
        if (cell.type === 'code' && cell.sharedModel.getSource().trim()
            && cell.executionCount === null) return false;
    }}
    return {NOTEBOOK}.sessionContext.session.kernel.status === 'idle';
}}"""
KERNEL_UP = (f"() => ['idle', 'busy'].includes({NOTEBOOK}?.sessionContext?.session?.kernel"
             "?.status)")
LESSONS = ("01_the_board.ipynb", "03_minimax.ipynb")
# The notebooks that have a kernel (a Python of their own) in the page
RUNNING = """async () => {
    const sessions = window.jupyterapp.serviceManager.sessions;
    await sessions.refreshRunning();
    return [...sessions.running()].map(session => session.path);
}"""
KERNEL_WHEELS = ("micropip", "piplite", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython")


class Timeline:
    """Seconds since the lesson was opened, of each step, and of each file fetched."""

    def __init__(self, page) -> None:
        self.page = page
        self.opened = time.time()
        self.steps: list[tuple[float, str]] = []
        self.fetched: list[tuple[float, str, bool]] = []  # (seconds, file, from the cache)
        # Python's file system in the lesson's folder (JupyterLite's drive) is served to the
        # kernel's worker by the page's service worker, one synchronous request per look-up:
        # the seconds of each, which Python spends waiting
        self.drive: list[float] = []
        page.on("requestfinished", self.note_fetched)

    def note_fetched(self, request) -> None:
        name = request.url.split("?")[0].rsplit("/", 1)[-1]
        if name == "drive":
            self.drive.append(time.time() - self.opened)
        if name.endswith((".whl", ".wasm", ".zip", ".mjs")) or "viz-global" in name:
            timing = request.timing
            done = (timing["startTime"] + timing["responseEnd"]) / 1000 - self.opened
            sizes = request.sizes()
            self.fetched.append((done, name, sizes["responseBodySize"] == 0))

    def wait(self, condition: str, what: str, arg=None, timeout: int = 300_000):
        """Wait for the JavaScript ``condition`` and note when it held; return its value."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            value = self.page.wait_for_function(condition, arg=arg, timeout=timeout).json_value()
        except PlaywrightTimeout:
            done = ", ".join(f"{step} at {seconds:.1f} s" for seconds, step in self.steps)
            pytest.fail(f"{self.page.url}: no '{what}' within {timeout / 1000:.0f} s "
                        f"(before it: {done or 'nothing'})", pytrace=False)
        self.steps.append((time.time() - self.opened, what))
        return value

    def when(self, what: str) -> float:
        return next(seconds for seconds, step in self.steps if step == what)

    def report(self, lesson: str) -> str:
        # the machine's load says how far the times stand from an idle machine's
        load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
        lines = [f"{lesson}, seconds after it was opened (load average {load}):"]
        events = [(s, f"fetched {name}{' (cache)' if cached else ''}")
                  for s, name, cached in self.fetched] + self.steps
        lines += [f"{seconds:7.1f}  {what}" for seconds, what in sorted(events)]
        ready = self.when("Python ready")
        lines.append(f"  Python's file look-ups in the lesson's folder before Python was ready: "
                     f"{sum(seconds <= ready for seconds in self.drive)}, after: "
                     f"{sum(seconds > ready for seconds in self.drive)}")
        return "\n".join(lines)


def loaded_with_pyodide(site: Path) -> list[str]:
    """The packages the site's kernel loads with Pyodide, before any cell runs."""
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    return kernel["loadPyodideOptions"]["packages"]


def test_the_time_to_the_first_output_of_lesson_1_is_measured(browser, site, site_url):
    context = browser.new_context(viewport=VIEWPORT)
    try:
        for lesson in LESSONS:
            page = context.new_page()
            timeline = Timeline(page)
            page.goto(f"{site_url}/{lesson_address(lesson)}")
            timeline.wait(OPENED, "lesson shown", arg=lesson)
            page.evaluate(START_RUN_ALL)  # the student presses Run All as soon as it shows
            timeline.wait(KERNEL_UP, "Python ready")
            timeline.wait(SHOWING, "first output (after import ttt)", arg="")
            timeline.wait(SHOWING, "first picture drawn", arg="image/svg+xml")
            timeline.wait(ALL_RUN, "Run All done")
            print("\n" + timeline.report(lesson))
            # one Python for the lesson: the lesson opened before it is not reopened with it
            assert page.evaluate(RUNNING) == [lesson]
            names = [name for _, name, _ in timeline.fetched]
            assert "pyodide.asm.wasm" in names
            before_ready = [name for seconds, name, _ in timeline.fetched
                            if seconds <= timeline.when("Python ready")]
            for wheel in KERNEL_WHEELS:
                assert any(name.startswith(wheel + "-") for name in before_ready), wheel
            # ttt is fetched when the first cell imports it, not with Pyodide. (Not judged by the
            # times: the page learns that Python is ready only once the worker is free, which can
            # be after that first cell has run.)
            assert "ttt" not in loaded_with_pyodide(site)
            assert any(name.startswith("ttt-") for name in names)
            page.close()
    finally:
        context.close()
