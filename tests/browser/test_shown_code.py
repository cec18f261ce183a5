"""Code a lesson shows (``show_source``) in JupyterLab in a real Chromium, at a projector's
1280 x 800 with the file browser open: the function of the package with the longest line of code
is shown with every line on one line, and where a window is narrower a line may wrap between
words, never in the middle of a name (JupyterLab's own style for outputs breaks lines anywhere,
as in ``legal_move`` / ``s]``).
"""

from __future__ import annotations

import importlib
import inspect
import json
import pkgutil
import urllib.request

import nbformat
import pytest
from jupyter_pages import TOKEN, open_in_lab, run_all

import ttt

pytestmark = pytest.mark.browser

NOTEBOOK = "shown_code.ipynb"
# The shown code's <pre>: its style, and how many rows its text takes on the page.
MEASURE = """() => {
    const pre = window.jupyterapp.shell.currentWidget.content.widgets[0]
        .outputArea.node.querySelector('pre');
    const style = getComputedStyle(pre);
    const box = pre.getBoundingClientRect();
    const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    return {wordBreak: style.wordBreak, overflowWrap: style.overflowWrap,
            rows: (box.height - padding) / parseFloat(style.lineHeight),
            lines: pre.textContent.replace(/\\n$/, '').split('\\n').length};
}"""


def longest_lined_function() -> tuple[str, str, int]:
    """(module, name, length) of the function of the package with the longest line of code."""
    found = []
    for module_info in pkgutil.walk_packages(ttt.__path__, "ttt."):
        module = importlib.import_module(module_info.name)
        for name, obj in vars(module).items():
            if inspect.isfunction(obj) and obj.__module__ == module.__name__:
                longest = max(map(len, inspect.getsource(obj).splitlines()))
                found.append((longest, module.__name__, name))
    longest, module, name = max(found)
    return module, name, longest


def put_notebook(lab: str, code: str) -> None:
    """Save a notebook of one code cell in the Lab's folder, through its contents API."""
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)], metadata={
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                       "name": "python3"}})
    body = json.dumps({"type": "notebook", "content": json.loads(nbformat.writes(notebook))})
    request = urllib.request.Request(f"{lab}/api/contents/{NOTEBOOK}?token={TOKEN}",
                                     data=body.encode(), method="PUT",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        assert answer.status in (200, 201)


def test_shown_code_keeps_every_line_whole_at_1280_by_800(lab, page):
    module, name, longest = longest_lined_function()
    assert longest >= 95   # a line as long as the package's line length allows (100)
    put_notebook(lab, f"from ttt.pictures.display import show_source\nfrom {module} import {name}\n\n"
                      f"show_source({name})")
    open_in_lab(page, lab, NOTEBOOK)
    run_all(page)
    shown = page.evaluate(MEASURE)
    # a line too long for the window wraps between words only: no name is ever cut in two
    assert (shown["wordBreak"], shown["overflowWrap"]) == ("normal", "normal")
    assert round(shown["rows"]) == shown["lines"], (f"{module}.{name}: {shown['lines']} lines "
                                                    f"shown on {shown['rows']:.1f} rows")
