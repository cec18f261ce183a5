"""JupyterLab and Voilà in a real Chromium: finding Chromium, starting the servers, opening and
running a notebook, and measuring what a projector would show. Used by the browser tests (through
real_browser.py and their conftest.py) and by ``scripts/make_screenshots.py``; nothing here depends
on pytest.

Servers run on 127.0.0.1 in a folder that holds *copies* of the notebooks (JupyterLab autosaves and
must never write into the course). The page size is that of a typical projector, 1280 x 800, with
JupyterLab's file browser open: a notebook's output area is then 848 px wide.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
import uuid
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

import nbformat
from process_group import accepts, serve
from repo import KERNEL_IDLE, NOTEBOOKS
from time_limits import KERNEL_REPLY_MS

#: the servers' settings that keep their terminals quiet, as ``make lab`` and ``make play`` use them
QUIET_CONFIG = Path(__file__).resolve().parents[2] / "scripts" / "jupyter-config"
BIN = Path(sys.executable).parent  # the jupyter and voila of the running venv
TOKEN = "browser-test-token"
VIEWPORT = {"width": 1280, "height": 800}
ERROR = ".jp-OutputArea-output:has-text('Traceback (most recent call last)')"  # Lab and Voilà
#: Only 127.0.0.1 resolves: nothing the browser asks for can leave this machine.
CLOSED_NETWORK = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
CHROMIUM_ARGS = ["--disable-gpu", CLOSED_NETWORK]


def find_chromium() -> str | None:
    """The Chromium to drive: $CHROMIUM, Debian's binary, or one on the PATH (as
    scripts/setup-system looks for it). Playwright's own browser download is not used."""
    candidates = [os.environ.get("CHROMIUM"), "/usr/lib/chromium/chromium",
                  *(shutil.which(name) for name in ("chromium", "chromium-browser",
                                                    "google-chrome"))]
    return next((path for path in candidates if path and os.access(path, os.X_OK)), None)


# --- servers ------------------------------------------------------------------------------------


def course_folder(folder: Path, notebooks: Iterable[str]) -> Path:
    """``folder`` with copies of the named notebooks and JupyterLab user settings that turn off
    the "Jupyter news?" pop-up (as ``make lab`` does)."""
    for name in notebooks:
        shutil.copy(NOTEBOOKS / name, folder / name)
    settings = folder / ".us/@jupyterlab/apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    return folder


def lab_command(folder: Path) -> list[str]:
    return [str(BIN / "jupyter"), "lab", "--no-browser", "--allow-root", "--ip=127.0.0.1",
            f"--IdentityProvider.token={TOKEN}", "--expose-app-in-browser",
            "--LabApp.news_url=None", f"--LabApp.user_settings_dir={folder / '.us'}",
            f"--LabApp.workspaces_dir={folder / '.ws'}",
            "--ServerApp.port_retries=0"]  # its port or none: server() starts it on another


def voila_command(notebook: str) -> list[str]:
    return [str(BIN / "voila"), notebook, "--no-browser", "--Voila.ip=127.0.0.1",
            "--show_tracebacks=True", "--template=ttt",
            "--Voila.port_retries=0"]  # as in lab_command


@contextmanager
def server(argv: list[str], folder: Path, timeout: float = 60) -> Iterator[str]:
    """Run a server on a free port of 127.0.0.1 in ``folder``; yield its URL once it says it
    runs there and accepts connections, and stop it (and its kernels) afterwards."""
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(folder / ".cfg"),
               JUPYTER_RUNTIME_DIR=str(folder / ".rt"), JUPYTER_PLATFORM_DIRS="1",
               JUPYTER_CONFIG_PATH=str(QUIET_CONFIG),  # as make lab and make play
               PYTHONUNBUFFERED="1")  # its log is read while it runs (tests of what it prints)
    log = server_log(folder, argv[0])

    def start(port: int) -> subprocess.Popen:
        with open(log, "w") as out:
            return subprocess.Popen([*argv, f"--port={port}"], cwd=folder,
                                    env=env, start_new_session=True, stdout=out,
                                    stderr=subprocess.STDOUT)

    def ready(port: int) -> bool:
        return f"http://127.0.0.1:{port}/" in log.read_text(errors="replace") and accepts(port)

    with serve(start, log, ready, timeout=timeout) as port:
        yield f"http://127.0.0.1:{port}"


def server_log(folder: Path, program: str) -> Path:
    """Where ``server`` writes what ``program`` (jupyter, voila) serving ``folder`` prints: beside
    the folder, not in its file browser."""
    return folder.parent / f"{folder.name}-{Path(program).name}.log"


# --- a notebook in JupyterLab -------------------------------------------------------------------

#: The lesson open in JupyterLab (the browser version exposes the app as ``window.jupyterapp``).
NOTEBOOK = "window.jupyterapp?.shell.currentWidget"
# Clear the saved outputs, then Run All (as a student presses it, before Python is ready), once
# the lesson has asked for its kernel: JupyterLab skips, silently, a cell run before the lesson's
# session has a kernel to send it to (on a busy machine the lesson can show before that)
START_RUN_ALL = f"""async () => {{
    const commands = window.jupyterapp.commands;
    await {NOTEBOOK}.sessionContext.ready;
    await commands.execute('notebook:clear-all-cell-outputs');
    commands.execute('notebook:run-all-cells');
}}"""
# True once a code cell shows an output that holds ``text`` ('' for any output)
SHOWING = f"""(text) => {{
    const cells = {NOTEBOOK}.content.model.cells;
    for (let i = 0; i < cells.length; i++) {{
        const cell = cells.get(i);
        if (cell.type === 'code' && cell.outputs.length
            && JSON.stringify(cell.outputs.toJSON()).includes(text)) return true;
    }}
    return false;
}}"""

# True once every code cell with code has run and the kernel is idle again.
ALL_RUN = """() => {
    const panel = window.jupyterapp.shell.currentWidget;
    const cells = panel.content.model.cells;
    for (let i = 0; i < cells.length; i++) {
        const cell = cells.get(i);
        if (cell.type === 'code' && cell.sharedModel.getSource().trim()
            && cell.executionCount === null) return false;
    }
    return panel.sessionContext.session.kernel.status === 'idle';
}"""


def open_in_lab(page, lab: str, notebook: str) -> None:
    """Open ``notebook`` in JupyterLab and wait for its kernel. A new workspace and ``?reset``:
    else Lab restores the tabs of earlier runs, and a hidden second copy would take the clicks."""
    workspace = f"w-{uuid.uuid4().hex[:8]}"
    page.goto(f"{lab}/lab/workspaces/{workspace}/tree/{notebook}?reset&token={TOKEN}")
    page.wait_for_function(KERNEL_IDLE, timeout=KERNEL_REPLY_MS)


def wait_until_attached(page, notebook: str) -> int:
    """Wait until JupyterLab has put every cell of ``notebook`` and every block of shown code in
    its outputs into the page (it adds them a few at a time while the browser is idle: a check
    made before then sees only the first screen); return the number of code blocks."""
    cells = nbformat.read(NOTEBOOKS / notebook, as_version=4).cells
    shown = sum(str(output.get("data", {}).get("text/html", "")).count('class="highlight"')
                for cell in cells for output in cell.get("outputs", []))
    page.wait_for_function(
        """([cells, shown]) => document.querySelectorAll('.jp-Notebook .jp-Cell').length === cells
            && document.querySelectorAll('.jp-OutputArea-output .highlight').length === shown""",
        arg=[len(cells), shown], timeout=KERNEL_REPLY_MS)
    return shown


def run_all(page, timeout: float = 180_000) -> None:
    """Run ▸ Run All Cells, and wait until every cell has run."""
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(ALL_RUN, timeout=timeout, polling=250)


def is_modified(page) -> bool:
    """Whether JupyterLab marks the open notebook as changed since it was saved."""
    return page.evaluate("() => window.jupyterapp.shell.currentWidget.context.model.dirty")


def show_cell(page, index: int) -> None:
    """Scroll the notebook so that cell ``index`` (from 0) is at the top, as a reader would."""
    page.evaluate("""async (i) => {
        const notebook = window.jupyterapp.shell.currentWidget.content;
        notebook.activeCellIndex = i;
        await notebook.scrollToItem(i, 'start');
        await notebook.widgets[i].ready;  // the cell attached and its editor rendered
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    }""", index)


def cell_index(page, text: str) -> int:
    """The index of the first cell whose source contains ``text``."""
    index = page.evaluate("""(text) => {
        const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
        for (let i = 0; i < cells.length; i++)
            if (cells.get(i).sharedModel.getSource().includes(text)) return i;
        return -1;
    }""", text)
    if index < 0:
        raise LookupError(f"no cell contains {text!r}")
    return index


# --- pictures with alt text ---------------------------------------------------------------------

# The pictures in cell i's outputs: each one's alt, and whether it was drawn (a drawn image has a
# width).
IMAGES = """(i) => Array.from(window.jupyterapp.shell.currentWidget.content.widgets[i]
    .outputArea.node.querySelectorAll('img')).map(img => [img.alt, img.naturalWidth > 0])"""


def image_alts(cell, mime: str) -> list[str]:
    """The alt texts of the images of type ``mime`` ('image/png': charts, 'image/svg+xml': trees)
    that a notebook cell's outputs show as an HTML ``<img alt="..." ... src="data:...">``."""
    alt = re.compile(rf'<img alt="([^"]*)"[^>]* src="data:{re.escape(mime)};base64,')
    return [html.unescape(found) for output in cell.get("outputs", [])
            for found in alt.findall("".join(output.get("data", {}).get("text/html", "")))]


def lesson_with_images(mime: str) -> str | None:
    """The first lesson whose committed outputs show images of type ``mime`` with alt text."""
    return next((path.name for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
                 if any(image_alts(cell, mime)
                        for cell in nbformat.read(path, as_version=4).cells)), None)


# --- what a projector shows ---------------------------------------------------------------------

# Widgets cut text that does not fit with an ellipsis ("loss i…"), and scrollWidth does not show it.
# Compare the width of the text (a Range over the element's contents) with the element's content
# box, from unrounded sizes: even 0.03 px over shows an ellipsis.
TRUNCATED = """(root) => {
    const cut = [];
    for (const el of root.querySelectorAll('*')) {
        const style = getComputedStyle(el);
        if (style.textOverflow !== 'ellipsis' || style.display === 'inline'
            || !el.innerText || !el.innerText.trim() || !el.getClientRects().length) continue;
        const range = document.createRange();
        range.selectNodeContents(el);
        const text = range.getBoundingClientRect().width;
        const box = el.getBoundingClientRect().width - parseFloat(style.paddingLeft)
            - parseFloat(style.paddingRight) - parseFloat(style.borderLeftWidth)
            - parseFloat(style.borderRightWidth);
        if (text > box + 0.01) cut.push(`${el.innerText.trim()} (${text.toFixed(1)} px of text `
                                        + `in ${box.toFixed(1)} px)`);
    }
    return cut;
}"""

# The rendered height of the smallest text in each SVG picture under an element.
SMALLEST_TEXT = """(root) => Array.from(root.querySelectorAll('svg')).map(svg => {
    const heights = Array.from(svg.querySelectorAll('text'))
        .filter(t => t.textContent.trim()).map(t => t.getBoundingClientRect().height);
    return heights.length ? Math.min(...heights) : null;
})"""

# How the SVG pictures under an element sit in it: their widths, the element's width, whether it
# scrolls sideways, and the left and right edges of the highlighted (current) position, if any.
LAYOUT = """(root) => {
    const box = root.getBoundingClientRect();
    const pictures = Array.from(root.querySelectorAll('svg'));
    const current = root.querySelector("svg polygon[fill='#f0e442']");
    const edges = current ? current.getBoundingClientRect() : null;
    return {
        pictures: pictures.map(svg => svg.getBoundingClientRect().width),
        box: box.width,
        scrolls: root.scrollWidth > root.clientWidth + 1,
        current: edges ? [edges.left - box.left, edges.right - box.left] : null,
    };
}"""


def truncated_texts(locator) -> list[str]:
    """The texts under ``locator`` that are cut off with an ellipsis."""
    return locator.evaluate(TRUNCATED)


def smallest_texts(locator) -> list[float | None]:
    """For each SVG under ``locator``: the height in px of its smallest text."""
    return locator.evaluate(SMALLEST_TEXT)


def layout(locator) -> dict:
    """Where the SVGs under ``locator`` sit (see LAYOUT), measured in one go."""
    return locator.evaluate(LAYOUT)
