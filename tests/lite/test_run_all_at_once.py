"""Run All pressed the moment a lesson shows, as a student does, before its Python is ready: every
cell runs (issue 37). JupyterLab itself skips, without a word, every cell run before the
notebook's session has a kernel to send it to; the site's scripts/lite/run-when-ready.js holds such
a run, saying so in a note, and carries it out once the session is ready.

Pressed two ways: with the command (what the keyboard shortcut and the toolbar call), and with the
mouse in the Run menu. So that the press surely comes before Python is ready, whatever the
machine's speed, the test's server holds back the kernel's scripts (the chunks of the Pyodide
kernel's extension, which the lesson's session loads to start its kernel) from the moment the
lesson's tab opens until Run All has been pressed, as a slow network would; the test checks that
the session was not ready when Run All was pressed, that the note was shown then, and that it is
gone once Python started.
"""

from __future__ import annotations

import threading

import pytest
from jupyter_pages import VIEWPORT
from static_site import SiteHandler, offline_page, served

from ttt.pictures.browser import lesson_address

LESSON = "01_the_board.ipynb"
NOTEBOOK = "window.jupyterapp?.shell.currentWidget"
# The lesson's tab is open (its notebook still empty: one blank cell until the file is read)
OPENED = f"(name) => {NOTEBOOK}?.context?.path === name"
# The lesson shows: its file is read
SHOWN = f"() => {NOTEBOOK}.context.isReady && {NOTEBOOK}.content.model.cells.length > 1"
SESSION_READY = f"() => {NOTEBOOK}.sessionContext.isReady"
# The code cells that have not run (no execution count), by number
UNRUN = f"""() => {{
    const cells = {NOTEBOOK}.content.model.cells, unrun = [];
    for (let i = 0; i < cells.length; i++) {{
        const cell = cells.get(i);
        if (cell.type === 'code' && cell.sharedModel.getSource().trim()
            && cell.executionCount === null) unrun.push(i);
    }}
    return unrun;
}}"""
# Python is idle and no cell is running or waiting to run: whatever Run All ran is done
SETTLED = f"""() => {{
    const cells = {NOTEBOOK}.content.model.cells;
    for (let i = 0; i < cells.length; i++) {{
        if (cells.get(i).type === 'code' && cells.get(i).executionState === 'running') return false;
    }}
    return {NOTEBOOK}.sessionContext.session?.kernel?.status === 'idle';
}}"""
CLEAR = "() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')"
NOTE = "Python is starting in this browser"
#: the files the lesson's session loads to start its kernel
KERNEL_SCRIPTS = "/extensions/@jupyterlite/pyodide-kernel-extension/static/"


class HoldingHandler(SiteHandler):
    """The site, with the kernel's scripts held back while ``holding`` is set."""

    holding = threading.Event()
    released = threading.Event()

    def do_GET(self) -> None:
        if (self.path.startswith(KERNEL_SCRIPTS) and "remoteEntry" not in self.path
                and self.holding.is_set()):
            self.released.wait(timeout=120)
        super().do_GET()


def press_run_all_from_the_menu(page) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-item:not(.lm-mod-disabled) .lm-Menu-itemLabel",
                 has_text="Run All Cells").first.click()


def press_run_all_command(page) -> None:
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")


@pytest.mark.parametrize("press", [press_run_all_command, press_run_all_from_the_menu],
                         ids=["command", "menu"])
def test_run_all_pressed_before_python_is_ready_runs_every_cell(browser, site, press):
    class Handler(HoldingHandler):
        holding, released = threading.Event(), threading.Event()

    context = browser.new_context(viewport=VIEWPORT)
    try:
        with served(site, Handler) as url:
            offline = offline_page(context.new_page(), url)
            page = offline.page
            page.goto(f"{url}/{lesson_address(LESSON)}")
            page.wait_for_function(OPENED, arg=LESSON, timeout=300_000, polling=20)
            Handler.holding.set()
            try:
                page.wait_for_function(SHOWN, timeout=300_000)
                page.evaluate(CLEAR)  # the saved outputs: what ran shows anew
                assert not page.evaluate(SESSION_READY), "Python was ready before Run All"
                press(page)
                page.get_by_text(NOTE).first.wait_for(timeout=10_000)
                assert not page.evaluate(SESSION_READY)
                assert page.evaluate(UNRUN), "the cells ran before Python was ready?"
            finally:
                Handler.released.set()
            page.wait_for_function(SETTLED, timeout=300_000)
            assert page.evaluate(UNRUN) == [], "Run All, pressed before Python was ready, was lost"
            page.get_by_text(NOTE).first.wait_for(state="detached", timeout=30_000)
            assert not offline.blocked, offline.blocked
            assert not offline.errors, offline.errors
    finally:
        context.close()
