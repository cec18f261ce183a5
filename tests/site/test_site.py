"""The course's website (``make site``) in headless Chromium, with every host but 127.0.0.1 blocked.

Every page of the site loads with no error logged, no request the site answers with an error
(a 404) and no request leaving the site; every picture on it has a size; every link within the
site leads to a page or file that is there, and every anchor to an element of that page. Sphinx's
own search finds lesson 5 for "alpha-beta". Lesson 1's "Run in the browser" opens lesson 1 in the
browser-only build beside the site, and a cell of it runs there. axe finds no critical or serious
problem on the start page, any lesson page or any page of the guides.
The teacher's and contributor's guides are pages of the site (issue 39): no link of the site or
the README is dead (scripts/check_links.py, which make site runs too), and the architecture page
shows the package's layers as pyproject.toml's contracts declare them, drawn by Graphviz.
Read from the built files: no lesson page shows an exercise's model answer, and every widget of a
lesson is there as a still with a link to run the lesson. Every lesson is in the navigation, in
order, each page's previous and next the lessons beside it; the lessons' closing checks cells
(tagged remove-cell) are left out. On a phone (390 x 844) and a laptop (1280 x 800) no page
scrolls sideways and no tree or chart needs panning: each fits its column, and the page may be
zoomed; the index of names does not scroll sideways in its box either.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import urldefrag, urlsplit

import nbformat
import pytest
from check_links import markdown_problems, site_problems
from layers_picture import layer_contracts
from repo import GUIDE, NOTEBOOKS, ROOT
from static_site import KERNEL_IDLE

from ttt.course.exercises import EXERCISES

# Every link of the page, every id in it, and the pictures in its article with their sizes.
READ_PAGE = """() => ({
    links: [...document.querySelectorAll('a[href]')].map(a => a.href),
    ids: [...document.querySelectorAll('[id]')].map(e => e.id),
    pictures: [...document.querySelectorAll('article img, article svg')].map(e => {
        const box = e.getBoundingClientRect();
        return {what: e.outerHTML.slice(0, 120), width: box.width, height: box.height,
                loaded: e.tagName !== 'IMG' || (e.complete && e.naturalWidth > 0)};
    }),
})"""

# Clear the notebook's outputs, run its first two code cells (the imports, then one that prints)
# and return them as they are then.
RUN_FIRST_CODE_CELLS = """async () => {
    const app = window.jupyterapp, notebook = app.shell.currentWidget.content;
    await app.commands.execute('notebook:clear-all-cell-outputs');
    const code = [...notebook.widgets].flatMap((cell, i) => cell.model.type === 'code' ? [i] : []);
    for (const index of code.slice(0, 2)) {
        notebook.activeCellIndex = index;
        await app.commands.execute('notebook:run-cell');
    }
    return code.slice(0, 2).map(i => notebook.widgets[i].model).map(cell => ({
        source: cell.sharedModel.getSource(), count: cell.executionCount,
        outputs: cell.outputs.toJSON()}));
}"""


def streamed(outputs: list) -> list[tuple[str, str]]:
    """What a cell printed, and the errors it raised."""
    text = [(o["output_type"], "".join(o["text"])) for o in outputs if o["output_type"] == "stream"]
    return text + [("error", o["evalue"]) for o in outputs if o["output_type"] == "error"]


def lessons() -> list[Path]:
    return sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


def guide_pages() -> list[str]:
    """The guides' pages, as the site names them: 'teaching.html', 'architecture.html'..."""
    return sorted(page.with_suffix(".html").name for page in GUIDE.glob("*.md")
                  if page.stem not in ("index", "api"))


def pages(site: Path) -> list[str]:
    """The site's own pages (not those of the browser-only build inside it)."""
    return sorted(path.name for path in site.glob("*.html"))


def test_every_page_loads_with_its_pictures_links_and_anchors(offline, site):
    page, base = offline.page, offline.site
    read, targets = {}, set()
    for name in pages(site):
        response = page.goto(f"{base}/{name}")
        assert response is not None and response.ok, name
        page.wait_for_load_state("load")
        read[name] = page.evaluate(READ_PAGE)
        assert not offline.problems, f"{name}: {offline.problems}"
        for picture in read[name]["pictures"]:
            assert picture["loaded"] and picture["width"] > 0 and picture["height"] > 0, \
                f"{name}: a picture with no size: {picture}"
        targets |= {link for link in read[name]["links"] if link.startswith(base + "/")}
    assert len(read) >= len(lessons()) + 3, sorted(read)  # the lessons, start, grading, API
    for link in sorted(targets):
        address, anchor = urldefrag(link)
        path = urlsplit(address).path.lstrip("/") or "index.html"
        if path in read:
            assert not anchor or anchor in read[path]["ids"], f"no #{anchor} in {path}"
        else:
            response = page.request.get(address)
            assert response.ok, f"{link}: {response.status}"
            assert not anchor, f"{link}: an anchor into a file"
    assert not offline.problems, offline.problems  # late ones, after the last page's load
    assert not offline.blocked, f"requests left 127.0.0.1: {offline.blocked}"


def test_search_finds_lesson_5(offline):
    page = offline.page
    page.goto(f"{offline.site}/search.html?q=alpha-beta")
    found = page.locator("#search-results a[href*='05_making_search_fast.html']")
    found.first.wait_for(timeout=30_000)
    assert not offline.problems, offline.problems
    assert not offline.blocked, offline.blocked


def test_run_in_the_browser_opens_lesson_1_and_a_cell_runs(offline):
    page = offline.page
    page.goto(f"{offline.site}/01_the_board.html")
    page.get_by_role("link", name="Run in the browser").click()
    page.wait_for_url(re.compile(r"/lite/notebooks/index\.html\?path=01_the_board\.ipynb"))
    page.wait_for_function(KERNEL_IDLE, timeout=300_000)
    title = page.evaluate("() => window.jupyterapp.shell.currentWidget.context.path")
    assert title == "01_the_board.ipynb"
    ran = page.evaluate(RUN_FIRST_CODE_CELLS)
    committed = [cell for cell in nbformat.read(NOTEBOOKS / "01_the_board.ipynb", as_version=4)
                 .cells if cell.cell_type == "code"][:2]
    assert [cell["count"] for cell in ran] == [1, 2], ran
    for cell, desktop in zip(ran, committed, strict=True):
        assert cell["source"] == desktop.source
        assert streamed(cell["outputs"]) == streamed(desktop.outputs), (cell, desktop.outputs)
    assert not offline.blocked, offline.blocked


# The site's own markup: the theme, navigation, text, links, stills. The cells' outputs are the
# package's (tests/browser/test_pictures_accessible.py checks its pictures).
SITE_MARKUP = {"exclude": [[".cell_output"]]}
#: axe lists only what fails, not every node that passes: about half the time a page
VIOLATIONS_ONLY = {"resultTypes": ["violations"]}


def test_no_lesson_page_has_a_critical_or_serious_accessibility_problem(offline):
    from axe_playwright_python.sync_playwright import Axe

    axe, bad = Axe(), {}
    for name in ["index.html", *(lesson.with_suffix(".html").name for lesson in lessons()),
                 *guide_pages()]:
        offline.page.goto(f"{offline.site}/{name}")
        offline.page.wait_for_load_state("load")
        violations = axe.run(offline.page, context=SITE_MARKUP,
                             options=VIOLATIONS_ONLY).response["violations"]
        found = [(v["id"], v["impact"], v["help"], [node["target"] for node in v["nodes"]][:3])
                 for v in violations if v["impact"] in ("critical", "serious")]
        if found:
            bad[name] = found
    assert not bad, bad
    assert not offline.problems, offline.problems


def test_no_link_of_the_site_or_the_readme_is_dead(site):
    dead, external = site_problems(site)
    readme_dead, readme_external = markdown_problems(ROOT / "README.md")
    assert dead + readme_dead == []
    assert {"https://nbgrader.readthedocs.io/", "https://z2jh.jupyter.org/"} <= \
        external | readme_external  # the guides' links to other hosts are listed, not fetched


def test_the_guides_are_pages_of_the_site_in_its_navigation(site):
    sidebar = SIDEBAR.search((site / "index.html").read_text(encoding="utf-8"))[0]
    linked = set(re.findall(r'href="(\w+\.html)"', sidebar))
    assert set(guide_pages()) <= linked
    assert {"teaching.html", "contributing.html", "grading.html", "hub.html", "kubernetes.html",
            "browser.html", "accessibility.html", "architecture.html", "tests.html",
            "benchmarks.html", "install.html"} <= set(guide_pages())


def test_the_architecture_page_draws_the_layers_of_pyproject(site):
    assert any(not contract.is_chain for contract in layer_contracts())  # the package's, drawn
    shown = (site / "architecture.html").read_text(encoding="utf-8")
    for contract in layer_contracts():
        if contract.is_chain:  # one module a layer: said in a line, lesson10 → lesson9 → ...
            assert contract.as_chain() in page_text(site / "architecture.html"), contract.name
            continue
        found = re.search(rf'<img alt="{re.escape(html.escape(contract.in_words()))}" '
                          rf'src="(_images/{re.escape(contract.file_name)})"', shown)
        assert found, contract.container
        drawn = (site / found[1]).read_text(encoding="utf-8")
        assert "Generated by graphviz" in drawn
        for layer in contract.layers:
            for module in layer:
                assert f">{module}</text>" in drawn, (contract.container, module)


def test_no_stylesheet_of_the_site_imports_another(site):
    # a browser resolves an @import against the stylesheet's address, axe against the page's:
    # the theme's import of basic.css was a 404 of /basic.css on every page axe checked
    importing = [str(sheet.relative_to(site)) for sheet in (site / "_static").rglob("*.css")
                 if re.search(r"@import\s", sheet.read_text(encoding="utf-8"))]
    assert importing == []


def test_no_lesson_page_shows_a_model_answer(site):
    """Each exercise's stub is on its lesson's page, and its model answer on none."""
    shown = {lesson.name: page_text(site / lesson.with_suffix(".html").name)
             for lesson in lessons()}
    for exercise in EXERCISES.values():
        answer = words(exercise.source())
        stub = f"def {exercise.name}("
        assert any(stub in text for text in shown.values()), exercise.name
        assert not [name for name, text in shown.items() if answer in text], exercise.name


def page_text(path: Path) -> str:
    """The words of an HTML page, tags left out (code is split into highlighted pieces)."""
    return words(html.unescape(re.sub(r"<[^>]+>", "", path.read_text(encoding="utf-8"))))


def words(text: str) -> str:
    return " ".join(text.split())


def test_every_widget_is_a_still_that_runs_the_lesson(site):
    stills = 0
    for lesson in lessons():
        notebook = nbformat.read(lesson, as_version=4)
        widgets = sum("widget" in output.get("metadata", {}) for cell in notebook.cells
                      if cell.cell_type == "code" for output in cell.outputs)
        shown = (site / lesson.with_suffix(".html").name).read_text(encoding="utf-8")
        run = f'href="lite/notebooks/index.html?path={lesson.name}">run this lesson to play'
        assert shown.count('class="widget-still"><div class="picture"><img') == widgets, lesson.name
        assert shown.count(run) == widgets, lesson.name
        stills += widgets
    assert stills >= 4  # the step-throughs of lessons 3 and 5, lesson 11's two boards


def test_the_api_page_documents_every_name_ttt_exports(site):
    import ttt

    shown = (site / "api.html").read_text(encoding="utf-8")
    documented = set(re.findall(r'id="ttt\.(?:\w+\.)?(\w+)"', shown))
    assert [name for name in ttt.__all__ if name not in documented] == []


# --- the navigation, the checks cells, and a phone ---------------------------------------------

SIDEBAR = re.compile(r'<nav class="[^"]*\bbd-docs-nav\b.*?</nav>', re.DOTALL)
PAGE_LINK = re.compile(r'href="(\d\d_\w+)\.html"')


def test_every_lesson_is_in_the_navigation_in_order(site):
    order = [lesson.stem for lesson in lessons()]
    sidebar = SIDEBAR.search((site / "index.html").read_text(encoding="utf-8"))[0]
    assert list(dict.fromkeys(PAGE_LINK.findall(sidebar))) == order
    for before, page, after in zip([None, *order[:-1]], order, [*order[1:], None], strict=True):
        shown = (site / f"{page}.html").read_text(encoding="utf-8")
        if before:
            assert re.search(rf'class="left-prev"\s+href="{before}\.html"', shown), page
        if after:
            assert re.search(rf'class="right-next"\s+href="{after}\.html"', shown), page


def test_the_lessons_closing_checks_cells_are_left_out(site):
    checked = 0
    for lesson in lessons():
        for cell in nbformat.read(lesson, as_version=4).cells:
            if "remove-cell" in cell.metadata.get("tags", []):
                text = page_text(site / lesson.with_suffix(".html").name)
                last_line = words(cell.source.splitlines()[-1])
                assert last_line not in text, (lesson.name, last_line)
                checked += "checks" in cell.metadata["tags"]
    assert checked >= 3  # lessons 0, 1 and 2 at least


SCREENS = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}
# The page's sideways scroll, its viewport's zoom settings, each picture of a cell or a still
# that does not fit (wider than the article, or inside a box that scrolls sideways), and each of
# Sphinx's indexes of names (genindex.html, py-modindex.html) that scrolls sideways in its box.
READ_LAYOUT = """async () => {
    const doc = document.documentElement;
    const article = document.querySelector('article') ?? document.body;  // search.html has none
    const column = article.getBoundingClientRect(), panned = [];
    const pictures = [...article.querySelectorAll(
        '.cell_output img, .cell_output svg, .widget-still img')]
        .filter(picture => !picture.closest('svg svg'));  // not a drawing's own parts
    for (const picture of pictures) {
        if (picture.tagName === 'IMG') await picture.decode().catch(() => {});
        const box = picture.getBoundingClientRect(), scrolling = [];
        for (let e = picture.parentElement; e && e !== article; e = e.parentElement) {
            if (e.scrollWidth > e.clientWidth + 1) scrolling.push(e.className || e.tagName);
        }
        if (scrolling.length || box.left < column.left - 1 || box.right > column.right + 1) {
            panned.push({picture: (picture.getAttribute('src') || picture.outerHTML).slice(0, 60),
                         shown: box.width, column: column.width, scrolling});
        }
    }
    const indexes = [...document.querySelectorAll('table.indextable')]
        .filter(table => table.scrollWidth > table.clientWidth + 1)
        .map(table => `${table.className}: ${table.scrollWidth} px in ${table.clientWidth}`);
    return {scroll: doc.scrollWidth, width: doc.clientWidth, pictures: pictures.length, panned,
            indexes, viewport: document.querySelector('meta[name=viewport]')?.content ?? ''};
}"""
#: A viewport that stops pinch zoom, which a tree scaled to a phone's width needs
NO_ZOOM = re.compile(r"user-scalable\s*=\s*(no|0)|maximum-scale\s*=\s*1(\.0*)?(?![\d.])")


@pytest.mark.parametrize("screen", SCREENS)
def test_no_page_scrolls_sideways_and_no_tree_or_chart_needs_panning(browser, site, site_url,
                                                                      screen):
    phone = screen == "phone"
    context = browser.new_context(viewport=SCREENS[screen], is_mobile=phone, has_touch=phone)
    page = context.new_page()
    pictures = 0
    try:
        for name in pages(site):
            page.goto(f"{site_url}/{name}")
            page.wait_for_load_state("load")
            read = page.evaluate(READ_LAYOUT)
            assert read["scroll"] <= read["width"], f"{name} scrolls sideways: {read['scroll']}"
            assert not read["panned"], (name, read["panned"])
            assert not read["indexes"], (name, read["indexes"])
            assert read["viewport"] and not NO_ZOOM.search(read["viewport"]), (name, read)
            pictures += read["pictures"]
    finally:
        context.close()
    assert pictures >= 40  # the lessons' trees and charts were measured, not skipped
