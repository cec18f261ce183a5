"""The browser version's start page, as a student first meets it: the site's address opens lesson 0,
"Start here" (not JupyterLite's launcher, issue 32), and axe-core finds in it (issue 22) no critical
or serious violation in the course's own markup: the lesson's text as rendered and its cells'
outputs. JupyterLab's own markup (menus, toolbars, the file list, the code editors) is
JupyterLab's to fix: its violations are reported as a warning, not failed on.
"""

from __future__ import annotations

import warnings

import nbformat
from axe_check import grave_violations
from repo import NOTEBOOKS

LESSON_0 = "00_start_here.ipynb"
# The course's own markup in an open lesson: its text and its cells' outputs.
OURS = [[".jp-Notebook .jp-MarkdownOutput"], [".jp-Notebook .jp-OutputArea-output"]]
# Scroll the open lesson from top to bottom, so that JupyterLab renders every cell (it renders a
# cell only when it comes into view); return how many rendered text cells it then holds.
SHOW_EVERY_CELL = """async () => {
    const notebook = window.jupyterapp.shell.currentWidget.content;
    const pause = () => new Promise(resolve => setTimeout(resolve, 100));
    for (let i = 0; i < notebook.widgets.length; i++) {
        await notebook.scrollToItem(i, 'start');
        const cell = notebook.widgets[i];
        for (let tries = 0; cell.model.type === 'markdown' && tries < 50
             && !cell.node.querySelector('.jp-MarkdownOutput'); tries++) await pause();
    }
    await pause();
    return notebook.node.querySelectorAll('.jp-MarkdownOutput').length;
}"""
OPENED = "(name) => window.jupyterapp?.shell.currentWidget?.context?.path === name"


def test_the_start_page_opens_lesson_0_with_no_grave_violation_in_the_courses_markup(offline):
    page = offline.page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{offline.site}/")
    page.wait_for_function(OPENED, arg=LESSON_0, timeout=120_000)
    page.locator(".jp-Notebook .jp-MarkdownOutput").first.wait_for()
    assert page.locator(".jp-Launcher").count() == 0, "the start page shows JupyterLite's launcher"
    lab_own = [f"start page: {line}" for line in grave_violations(page, {"include": [["body"]]})]
    cells = nbformat.read(NOTEBOOKS / LESSON_0, as_version=4).cells
    assert page.evaluate(SHOW_EVERY_CELL) == sum(cell.cell_type == "markdown" for cell in cells)
    assert grave_violations(page, {"include": OURS}) == []
    lab_own += [f"lesson 0 open: {line}"
                for line in grave_violations(page, {"include": [["body"]], "exclude": OURS})]
    if lab_own:
        warnings.warn("JupyterLab's own markup (not the course's):\n" + "\n".join(lab_own),
                      stacklevel=1)
    assert not offline.blocked, offline.blocked
