"""The browser-only course (JupyterLite, ``make lite``) with no network at all: every lesson runs
in headless Chromium as Run All runs it, and lesson 11's board is played by clicking.

The site is built from this checkout and served on 127.0.0.1 (conftest.py). Every other request is
aborted and recorded: Pyodide, every wheel (``ttt`` included), Graphviz in WebAssembly and the
lessons' charts (drawn on the desktop when the site was built) come from the site itself.

In each lesson, in a fresh browser: as opened, every saved output shows the text the committed
notebook holds (not a list of lines joined with commas) and every code cell is trusted; Run All
goes through every cell; no output holds a traceback; every chart cell (one whose committed output,
the desktop run, holds a matplotlib picture) shows the same charts, each a PNG and an HTML image
with the desktop's text alternative; every picture that the committed notebook shows as SVG is an
SVG here too, and drawn by Graphviz where it was; every cell whose output nbval checks (tagged
``nbval-check-output``) shows exactly the text that the committed notebook shows; no request left
127.0.0.1, none failed (no 404) and the page logged no error. Then a whole game is played on
lesson 11's board by clicking (tests/helpers/board_game.py). Each lesson's time, from page load to
the end of Run All, is printed (``-s`` shows it).
"""

from __future__ import annotations

import html
import re
import time
import xml.etree.ElementTree as ET

import nbformat
import pytest
from board_game import play
from lesson_stats import is_output_checked
from repo import LESSONS, NOTEBOOKS
from static_site import KERNEL, KERNEL_IDLE

from ttt.pictures.browser import lesson_address
from ttt.pictures.charts import NO_MATPLOTLIB, NOT_DRAWN_FOR_THE_BROWSER

LESSON_NAMES = [path.name for path in LESSONS]
ANSI = re.compile(r"\x1b\[[0-9;]*m")

NOTEBOOK = "window.jupyterapp.shell.currentWidget"  # the open notebook's panel
# Every cell of the open notebook as it is in the browser: source, execution count, outputs.
READ_CELLS = f"""() => {{
    const model = {NOTEBOOK}.content.model, cells = [];
    for (let i = 0; i < model.cells.length; i++) {{
        const cell = model.cells.get(i), code = cell.type === 'code';
        cells.push({{type: cell.type, source: cell.sharedModel.getSource(),
                     count: code ? cell.executionCount : null, trusted: cell.trusted,
                     outputs: code ? cell.outputs.toJSON() : []}});
    }}
    return cells;
}}"""
# Start a JupyterLab command; window.ranCommand turns true (or an error's text) when it is done.
START = """(command) => {
    window.ranCommand = false;
    window.jupyterapp.commands.execute(command).then(
        () => { window.ranCommand = true; }, error => { window.ranCommand = String(error); });
}"""
COMMAND_DONE = f"() => window.ranCommand !== false && ({KERNEL_IDLE})()"


@pytest.mark.parametrize("lesson", LESSON_NAMES)
def test_lesson_runs_offline(offline, failed_requests, lesson):
    page = offline.page
    started = time.monotonic()
    page.goto(f"{offline.site}/{lesson_address(lesson)}")
    wait_for(offline, KERNEL_IDLE, 300_000, "the Python kernel (Pyodide) did not start")
    committed = nbformat.read(NOTEBOOKS / lesson, as_version=4).cells
    opened = page.evaluate(READ_CELLS)
    assert [cell["trusted"] for cell in opened if cell["type"] == "code"] == [
        True for cell in committed if cell.cell_type == "code"], "a code cell is not trusted"
    for number, (cell, desktop) in enumerate(zip(opened, committed, strict=True)):
        assert saved_streams(cell["outputs"]) == saved_streams(desktop.get("outputs", [])), (
            f"{lesson} cell {number}, as saved, shows other text than the committed notebook")
    cells = run_all(offline)
    print(f"\n{lesson}: Run All offline took {time.monotonic() - started:.0f} s from page load")
    assert [cell["source"] for cell in cells] == [cell.source for cell in committed]
    no_chart = (NOT_DRAWN_FOR_THE_BROWSER.split(":")[0], NO_MATPLOTLIB.split(":")[0])
    for number, (cell, desktop) in enumerate(zip(cells, committed, strict=True)):
        where = f"{lesson} cell {number}:\n{cell['source']}\n"
        check_errors(cell, where)
        assert not any(line in str(shown_text(cell["outputs"])) for line in no_chart), where
        desktop_charts = chart_alts(desktop.get("outputs", []))
        assert chart_alts(cell["outputs"]) == desktop_charts, where
        if desktop_charts:
            continue
        assert svg_pictures(cell["outputs"]) == svg_pictures(desktop.get("outputs", [])), where
        if cell["type"] == "code" and is_output_checked(desktop):
            assert shown_text(cell["outputs"]) == shown_text(desktop.outputs), where
    if lesson == "11_play.ipynb":
        play(page)
    assert not offline.blocked, f"{len(offline.blocked)} requests left 127.0.0.1: {offline.blocked}"
    assert not failed_requests, f"requests that failed: {failed_requests}"
    assert not offline.errors, f"the page logged errors: {offline.errors}"


def saved_streams(outputs: list) -> list:
    """The printed texts of a cell's outputs as they are stored: whole texts, as JupyterLab
    shows them (a list of lines would be shown with commas between them)."""
    return [output["text"] for output in outputs if output["output_type"] == "stream"]


def chart_alts(outputs: list) -> list[str]:
    """The text alternatives of the charts among the outputs: for each output that is a chart
    (matplotlib's PNG), the ``alt`` of the HTML image shown with it ('' if it has none)."""
    alts = []
    for output in outputs:
        data = output.get("data", {})
        if "image/png" in data:
            assert text(data["image/png"]).strip(), "an empty PNG"
            found = re.search(r'<img alt="([^"]+)" src="data:image/png;base64,',
                              text(data.get("text/html", "")))
            alts.append(html.unescape(found.group(1)) if found else "")
    return alts


def run_all(offline) -> list[dict]:
    """Clear the outputs, Run All, and return the cells once every one has run; fail, saying
    where, if Run All stopped before the end."""
    page = offline.page
    for command, timeout in (("notebook:clear-all-cell-outputs", 30_000),
                             ("notebook:run-all-cells", 300_000)):
        page.evaluate(START, command)
        wait_for(offline, COMMAND_DONE, timeout, f"{command} did not finish")
    cells = page.evaluate(READ_CELLS)
    waiting = [number for number, cell in enumerate(cells) if cell["type"] == "code"
               and cell["source"].strip() and cell["count"] is None]
    if waiting:
        last = max((number for number, cell in enumerate(cells[:waiting[0]])
                    if cell["type"] == "code" and cell["count"] is not None), default=None)
        shows = "nothing ran" if last is None else f"it shows {shown(cells[last]['outputs'])}"
        pytest.fail(f"Run All stopped after cell {last}, leaving cells {waiting} unrun; {shows}. "
                    f"{page_report(offline)}", pytrace=False)
    return cells


def wait_for(offline, condition: str, timeout: int, what: str) -> None:
    """Wait for the JavaScript ``condition``; if it never holds, fail with what the page shows."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        offline.page.wait_for_function(condition, timeout=timeout)
    except PlaywrightTimeout:
        pytest.fail(f"{what} within {timeout / 1000:.0f} s. {page_report(offline)}",
                    pytrace=False)


def page_report(offline) -> str:
    """What the page shows: its kernel's state, the last output, dialogs, errors it logged, and
    requests that were blocked."""
    page = offline.page
    kernel = page.evaluate(f"() => {KERNEL} ?? 'none'")
    outputs = page.locator(".jp-OutputArea-output")
    last = outputs.last.inner_text() if outputs.count() else "none"
    dialogs = page.locator(".jp-Dialog").all_inner_texts()
    return (f"Kernel: {kernel}. Last output: {last[-1500:]!r}. Dialogs: {dialogs}. "
            f"Errors logged: {offline.errors[-5:]}. Blocked requests: {offline.blocked}")


def check_errors(cell: dict, where: str) -> None:
    """No traceback anywhere: neither an error output nor one printed."""
    for error in (output for output in cell["outputs"] if output["output_type"] == "error"):
        pytest.fail(f"{where}raised {error['ename']}: {error['evalue']}\n"
                    + ANSI.sub("", "\n".join(error["traceback"])), pytrace=False)
    streams = "".join(output["text"] for output in cell["outputs"]
                      if output["output_type"] == "stream")
    assert "Traceback (most recent call last)" not in streams, f"{where}printed:\n{streams}"


def text(value: str | list[str]) -> str:
    """An output's text, stored whole or as a list of lines."""
    return value if isinstance(value, str) else "".join(value)


def shown_text(outputs: list) -> list[tuple[str, str]]:
    """The text a cell shows, as nbval compares it: its streams (consecutive ones merged) and the
    plain-text and HTML forms of its results."""
    shown: list[tuple[str, str]] = []
    for output in outputs:
        if output["output_type"] == "stream":
            if shown and shown[-1][0] == output["name"]:
                shown[-1] = (output["name"], shown[-1][1] + text(output["text"]))
            else:
                shown.append((output["name"], text(output["text"])))
        for kind in ("text/plain", "text/html"):
            if kind in output.get("data", {}):
                shown.append((kind, text(output["data"][kind])))
    return shown


def shown(outputs: list) -> str:
    """A cell's outputs in a failure message: its text, and the errors it raised."""
    errors = [f"{output['ename']}: {output['evalue']}" for output in outputs
              if output["output_type"] == "error"]
    return repr([text for _, text in shown_text(outputs)] + errors)


def svg_pictures(outputs: list) -> list[str]:
    """For each SVG picture among the outputs, who drew it: Graphviz (the trees) or not."""
    drawn = []
    for output in outputs:
        if "image/svg+xml" in output.get("data", {}):
            svg = text(output["data"]["image/svg+xml"])
            root = ET.fromstring(svg.encode())
            assert root.tag == "{http://www.w3.org/2000/svg}svg", root.tag
            drawn.append("graphviz" if "Generated by graphviz" in svg else "ttt")
    return drawn
