"""Build the course's website into build/site/: every lesson as a page to read, each with a button
that runs it in the browser-only build (JupyterLite) served beside it, in build/site/lite/.

    python scripts/build_site.py              # (make site)
    python -m http.server -d build/site       # then open http://localhost:8000

Sphinx with myst-nb renders the committed, executed lessons as they are (nothing is re-run), from
a staged copy of ``site/`` to which this script adds:
- each lesson with a "Run in the browser" and a "Download notebook" link under its title, its
  widgets (which need a running kernel) shown as a still with a link to run the lesson, and no
  output of a cell that asks for an exercise's model answer;
- the lesson map of the start page (title and time of each lesson, read from the lessons);
- the pictures of the package's layers, drawn from pyproject.toml's import-linter contracts
  (scripts/layers_picture.py), which the architecture page includes.
The guide's pages show the README's screenshots from ``../images/``, as GitHub does from ``site/``:
the stage has the pictures beside it, where the checkout has them.

The JupyterLite site is the one ``make lite`` builds (scripts/build_lite.py), reused when it is
current and built first otherwise; it is copied into build/site/lite/, not built again.
Then every link of the site and the README is checked (scripts/check_links.py): a dead one, or an
anchor missing from its page, fails the build; links to other hosts are counted, not fetched.
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import sys
import tempfile
from functools import partial
from pathlib import Path

import nbformat
from build_lite import SITE as LITE
from build_lite import lite_is_current
from check_links import main as check_links
from layers_picture import write_pictures

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "site"
SITE = ROOT / "build" / "site"
NOTEBOOKS = ROOT / "notebooks"
#: where a lesson opens in the browser-only build: Jupyter's Notebook view of it
RUN_URL = "lite/notebooks/index.html?path={}"
#: the widget stills: a screenshot (``make screenshots``) for each widget class, and what it shows
STILLS = {
    "StepThrough": ("screenshot_step_through.png",
                    "The step-through widget: play, previous and next buttons, a slider, a "
                    "sentence saying what the search does at this step, and the part of the game "
                    "tree it is in, the current position shaded"),
    "PlayBoard": ("screenshot_board.png",
                  "The playable board: X and O marks, the free cells labelled with hints such as "
                  "'loss in 2' and 'draw', and the controls: who plays X, the computer's level, "
                  "New game, Undo, Hints, Explain its moves"),
    "ConnectFourBoard": ("screenshot_connect_four.png",
                         "The Connect Four board: above each of the seven drop arrows "
                         "(numbered 0 to 6) the search's estimate, such as '≈ +0.15', a 7 by 6 "
                         "grid with X and O discs in the middle columns, the line 'Your move: "
                         "you are X.', and below it the same controls as the tic-tac-toe board"),
}
SVG_TITLE = re.compile(r"<title>([^<]*)</title>")
ASKS_FOR_ANSWER = re.compile(r"\.solution\(")
TITLE = re.compile(r"# Lesson (\d+): (.+)")
MINUTES = re.compile(r"about (\d+) minutes")


def main() -> int:
    """Build the site into build/site/, and the browser-only build first if it is not current."""
    if not lite_is_current():
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build_lite.py")], check=True)
    with tempfile.TemporaryDirectory(prefix="site-") as temp:
        stage = Path(temp) / "src"
        shutil.copytree(SOURCE, stage)
        stage_lessons(stage)
        stage_layers(stage)
        shutil.copytree(ROOT / "images", stage.parent / "images")
        shutil.rmtree(SITE, ignore_errors=True)
        # -W: a warning (a lesson left out of the navigation, a broken link) fails the build
        subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-q", "-W", "--keep-going",
                        "-d",
                        str(Path(temp) / "doctrees"), str(stage), str(SITE)], check=True)
    inline_imports(SITE / "_static")
    # a copy, not links: a GitHub Pages artifact must hold neither symbolic nor hard links
    shutil.copytree(LITE, SITE / "lite")
    print(f"built {SITE.relative_to(ROOT)}/ with the browser version in "
          f"{(SITE / 'lite').relative_to(ROOT)}/")
    return check_links(["--site", str(SITE)])  # 1 for a dead link (scripts/check_links.py)


#: a stylesheet's ``@import "file.css";`` (the theme's theme.css imports Sphinx's basic.css)
IMPORT = re.compile(r'''@import\s+(?:url\()?["']?([^"')]+\.css)["']?\)?\s*;''')


def inline_imports(static: Path) -> None:
    """Put each stylesheet a stylesheet of the site imports in the place of its ``@import``: a
    browser resolves the import against the stylesheet's address, but axe (the accessibility
    checker) fetched it against the page's, a 404 on every page (/basic.css for
    _static/basic.css). With no import left, every rule still comes in the same order."""
    for sheet in static.rglob("*.css"):
        text = sheet.read_text(encoding="utf-8")
        inlined = IMPORT.sub(partial(imported, sheet.parent), text)
        if inlined != text:
            sheet.write_text(inlined, encoding="utf-8")


def imported(folder: Path, found: re.Match) -> str:
    """The text of the stylesheet an ``@import`` in ``folder`` names."""
    return (folder / found[1]).read_text(encoding="utf-8")


def lessons() -> list[Path]:
    """The lessons, in order: the teacher's guide (lesson 0), then lessons 1 to 11 (the board)."""
    return sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


def stage_lessons(stage: Path) -> None:
    """Each lesson as its page shows it, the notebooks as they are for downloading, the widget
    stills, and the start page's lesson map."""
    downloads = stage / "extra" / "notebooks"
    downloads.mkdir(parents=True)
    stills = stage / "_static" / "stills"
    stills.mkdir(parents=True)
    for image, _ in STILLS.values():
        shutil.copy(ROOT / "images" / image, stills / image)
    rows = []
    for path in lessons():
        shutil.copy(path, downloads / path.name)
        notebook = nbformat.read(path, as_version=4)
        nbformat.write(page_of(notebook, path.name), stage / path.name)
        rows += map_row(notebook, path.name)
    (stage / "lesson_map.md").write_text(
        "| lesson | time | |\n|---|---|---|\n" + "\n".join(rows) + "\n", encoding="utf-8")


def stage_layers(stage: Path) -> None:
    """Each layers contract's picture, and the page part that shows them with their text
    alternatives (layers.md); a contract whose layers are one module each is a line of text."""
    parts = [f"```{{figure}} {contract.file_name}\n:alt: {contract.in_words()}\n\n"
             f"`{contract.container}`: {contract.name}\n```\n" if not contract.is_chain else
             f"`{contract.container}`, {contract.name}, highest first: {contract.as_chain()}.\n"
             for contract in write_pictures(stage)]
    (stage / "layers.md").write_text("\n".join(parts), encoding="utf-8")


def page_of(notebook: nbformat.NotebookNode, name: str) -> nbformat.NotebookNode:
    """The lesson as its page shows it: the two links under the title, widgets as stills, and no
    model answer."""
    first = notebook.cells[0]
    title, _, rest = first.source.partition("\n")
    first.source = f"{title}\n\n{actions(name)}\n{rest}"
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        if ASKS_FOR_ANSWER.search(cell.source):
            cell.outputs = []
        cell.outputs = [still(output, name) if "widget" in output.get("metadata", {}) else output
                        for output in cell.outputs]
        pictures = [output for output in cell.outputs
                    if {"image/svg+xml", "image/png"} & set(output.get("data", {}))]
        if pictures:  # myst-nb makes pictures files; without this, its alt is the file's name
            cell.metadata["mystnb"] = {"image": {"alt": alt_text(pictures[0]["data"])}}
    return notebook


def alt_text(data: dict) -> str:
    """What a picture output shows, in words: the title the package gives its pictures, else
    the output's text if it is not a bare repr, else what kind of picture it is."""
    svg = data.get("image/svg+xml", "")
    svg = svg if isinstance(svg, str) else "".join(svg)
    titles = [title for title in SVG_TITLE.findall(svg) if " " in title]
    plain = data.get("text/plain", "")
    plain = plain if isinstance(plain, str) else "".join(plain)
    if titles:
        return html.unescape(titles[0])
    if plain.strip() and not plain.startswith("<"):
        return f"A picture of {plain.strip()}"
    return "A chart drawn by the code above" if "image/png" in data else \
        "A picture drawn by the code above"


def actions(name: str) -> str:
    """The lesson's two links, as HTML in its first cell."""
    return (f'<div class="lesson-actions">'
            f'<a class="run-in-browser" href="{RUN_URL.format(name)}">▶ Run in the browser</a>'
            f'<a class="download" href="notebooks/{name}" download>Download notebook</a></div>\n')


def still(output: nbformat.NotebookNode, name: str) -> nbformat.NotebookNode:
    """A widget's output made a still: its screenshot, with a link to run the lesson."""
    kind = output["metadata"]["widget"]  # set by scripts/execute_notebooks.py
    image, alt = STILLS.get(kind, (None, ""))
    # at the screenshot's own width, where its text is at least 12 px (make_screenshots.py)
    width = png_width(ROOT / "images" / image) if image else 0
    picture = (f'<img src="_static/stills/{image}" alt="{html.escape(alt)}" width="{width}">'
               if image else "")
    caption = (f'<figcaption>A still of the widget: <a href="{RUN_URL.format(name)}">run this '
               f'lesson to play</a>.</figcaption>')
    return nbformat.v4.new_output("display_data", data={
        "text/html": f'<figure class="widget-still"><div class="picture">{picture}</div>'
                     f'{caption}</figure>'})


def png_width(path: Path) -> int:
    """A PNG picture's width in pixels, from its header."""
    header = path.read_bytes()[:24]
    if header[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG picture")
    return int.from_bytes(header[16:20], "big")


def map_row(notebook: nbformat.NotebookNode, name: str) -> list[str]:
    """The lesson's row of the lesson map (none for the guide): its title, time and run link."""
    heading = notebook.cells[0].source
    title, minutes = TITLE.match(heading), MINUTES.search(heading)
    if title is None or minutes is None:
        return []
    number, text = title.groups()
    run = f'<a href="{RUN_URL.format(name)}">run it in the browser</a>'
    return [f"| {number}. [{text}]({name}) | {minutes[1]} min | {run} |"]


if __name__ == "__main__":
    sys.exit(main())
