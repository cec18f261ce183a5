"""A lesson as a student first sees it: opened in JupyterLab, not yet run. Its committed pictures
must show: the game trees, the boards and the rows of boards that stand in for widgets.

JupyterLab draws an SVG output (a board) only for a trusted notebook; for any other it shows the
output's plain text instead, and it strips the SVG out of HTML outputs (a row of boards keeps only
its captions). A game tree is shown from its HTML output, an SVG image with alt text, either way.
``make lab`` trusts the course's notebooks with ``jupyter trust`` before JupyterLab starts; this
test does the same, then opens each lesson that has pictures and looks at every cell whose
committed output holds one. Opening it, JupyterLab logs no error in the browser's console (the
JupyterLite kernel's extension, which would log one, is kept out of the students' JupyterLab) and
no warning that the notebook is not trusted.
"""

from __future__ import annotations

import subprocess

import nbformat
import pytest
from jupyter_pages import (
    BIN,
    NOTEBOOKS,
    course_folder,
    lab_command,
    open_in_lab,
    server,
    server_log,
    show_cell,
)
from repo import LESSONS as LESSON_PATHS

pytestmark = pytest.mark.browser

LESSONS = [path.name for path in LESSON_PATHS]
# How many pictures a cell's outputs draw: SVG outputs (JupyterLab shows them as images), SVG
# inside HTML outputs, and SVG images in HTML (a game tree, shown with its alt text).
PICTURES_SHOWN = """(i) => {
    const cell = window.jupyterapp.shell.currentWidget.content.widgets[i];
    return cell.outputArea.node.querySelectorAll(
        '.jp-RenderedSVG img, .jp-RenderedSVG svg, .jp-RenderedHTMLCommon svg, '
        + '.jp-RenderedHTMLCommon img[src^="data:image/svg+xml"]').length;
}"""
OUTPUT_TEXT = "(i) => window.jupyterapp.shell.currentWidget.content.widgets[i].outputArea.node" \
              ".innerText"


def pictures(cell) -> int:
    """How many pictures a committed cell's outputs hold: SVG outputs and SVG inside HTML."""
    count = 0
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        if "image/svg+xml" in data:
            count += 1
        elif "<svg" in data.get("text/html", ""):
            count += data["text/html"].count("<svg")
    return count


@pytest.fixture(scope="module")
def trusted_lab(chromium, tmp_path_factory):
    """JupyterLab on copies of the lessons, trusted as ``make lab`` trusts them. Trust is kept in
    Jupyter's data folder: a new one, so that no earlier trust counts."""
    folder = course_folder(tmp_path_factory.mktemp("opening"), LESSONS)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("JUPYTER_DATA_DIR", str(folder.parent / f"{folder.name}-data"))
        subprocess.run([str(BIN / "jupyter"), "trust", *LESSONS], cwd=folder, check=True,
                       capture_output=True)
        with server(lab_command(folder), folder) as url:
            yield url, folder


@pytest.mark.parametrize("lesson", [name for name in LESSONS if any(
    pictures(cell) for cell in nbformat.read(NOTEBOOKS / name, as_version=4).cells)])
def test_pictures_show_before_running(page, trusted_lab, lesson):
    url, folder = trusted_lab
    errors: list[str] = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    open_in_lab(page, url, lesson)
    cells = nbformat.read(NOTEBOOKS / lesson, as_version=4).cells
    for index, cell in enumerate(cells):
        expected = pictures(cell)
        if not expected:
            continue
        show_cell(page, index)
        where = f"{lesson} cell {index}: {page.evaluate(OUTPUT_TEXT, index)[:300]!r}"
        assert page.evaluate(PICTURES_SHOWN, index) >= expected, where
    assert not errors, errors
    log = server_log(folder, "jupyter").read_text()
    assert "is not trusted" not in log
