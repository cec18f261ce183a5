"""A lesson's charts as JupyterLab shows them before the lesson is run (and not trusted): each a
picture that is drawn (the PNG inside the HTML survives JupyterLab's sanitizer) and whose
accessible name is the chart's text alternative, the sentence ttt.charts wrote into its alt.
"""

from __future__ import annotations

import html
import re

import nbformat
import pytest
from jupyter_pages import NOTEBOOKS, open_in_lab, show_cell

pytestmark = pytest.mark.browser

ALT = re.compile(r'<img alt="([^"]*)" src="data:image/png;base64,')
# The pictures in cell i's outputs: each one's alt, and whether its PNG was drawn (a drawn image
# has a width).
IMAGES = """(i) => Array.from(window.jupyterapp.shell.currentWidget.content.widgets[i]
    .outputArea.node.querySelectorAll('img')).map(img => [img.alt, img.naturalWidth > 0])"""


def chart_alts(cell) -> list[str]:
    """The alt texts of the charts that a committed cell's outputs show."""
    return [html.unescape(alt) for output in cell.get("outputs", [])
            for alt in ALT.findall("".join(output.get("data", {}).get("text/html", "")))]


def lesson_with_charts() -> str | None:
    """The first lesson whose committed outputs show charts with their alt text."""
    return next((path.name for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
                 if any(chart_alts(cell) for cell in nbformat.read(path, as_version=4).cells)),
                None)


def test_charts_show_with_their_alt_text_in_jupyterlab(page, lab):
    lesson = lesson_with_charts()
    assert lesson, "no lesson's committed outputs show a chart with alt text"
    open_in_lab(page, lab, lesson)
    cells = nbformat.read(NOTEBOOKS / lesson, as_version=4).cells
    charts = [(index, alts) for index, cell in enumerate(cells) if (alts := chart_alts(cell))]
    for index, alts in charts:
        show_cell(page, index)
        assert page.evaluate(IMAGES, index) == [[alt, True] for alt in alts], (lesson, index)
        for alt in alts:  # what a screen reader is given
            assert page.get_by_role("img", name=alt, exact=True).count() == 1
