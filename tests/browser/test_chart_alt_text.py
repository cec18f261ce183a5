"""A lesson's charts as JupyterLab shows them before the lesson is run (and not trusted): each a
picture that is drawn (the PNG inside the HTML survives JupyterLab's sanitizer) and whose
accessible name is the chart's text alternative, the sentence ttt.pictures.charts wrote into its alt.
"""

from __future__ import annotations

import nbformat
import pytest
from jupyter_pages import IMAGES, NOTEBOOKS, image_alts, lesson_with_images, open_in_lab, show_cell

pytestmark = pytest.mark.browser


def test_charts_show_with_their_alt_text_in_jupyterlab(page, lab):
    lesson = lesson_with_images("image/png")
    assert lesson, "no lesson's committed outputs show a chart with alt text"
    open_in_lab(page, lab, lesson)
    cells = nbformat.read(NOTEBOOKS / lesson, as_version=4).cells
    charts = [(index, alts) for index, cell in enumerate(cells)
              if (alts := image_alts(cell, "image/png"))]
    for index, alts in charts:
        show_cell(page, index)
        assert page.evaluate(IMAGES, index) == [[alt, True] for alt in alts], (lesson, index)
        for alt in alts:  # what a screen reader is given
            assert page.get_by_role("img", name=alt, exact=True).count() == 1
