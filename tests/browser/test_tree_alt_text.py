"""A lesson's game trees in JupyterLab, which shows an SVG output as an image without its title:
each tree is shown through its HTML output instead, an image whose alt is the tree's description
(``ttt.pictures.display.TreePicture``), at the SVG's own size. Checked on the committed outputs, before the
lesson is run (not trusted: the SVG inside the HTML survives JupyterLab's sanitizer), and again
after Run All (the kernel's outputs, trusted). The pictures are drawn, and their accessible names,
what a screen reader says, are the descriptions.
"""

from __future__ import annotations

import nbformat
import pytest
from jupyter_pages import (
    IMAGES,
    NOTEBOOKS,
    image_alts,
    lesson_with_images,
    open_in_lab,
    run_all,
    show_cell,
)

pytestmark = pytest.mark.browser

SVG = "image/svg+xml"
# Whether each picture in cell i's outputs is shown at its own size (a tree's text is sized for a
# projector: shrunk, it could not be read).
OWN_SIZE = """(i) => Array.from(window.jupyterapp.shell.currentWidget.content.widgets[i]
    .outputArea.node.querySelectorAll('img'))
    .map(img => Math.abs(img.getBoundingClientRect().width - img.naturalWidth) < 1)"""


def check_trees(page, lesson: str, trees: list[tuple[int, list[str]]]) -> None:
    """Each cell of ``trees`` (its index, its trees' descriptions) shows its trees drawn, named by
    their descriptions."""
    for index, alts in trees:
        show_cell(page, index)
        assert page.evaluate(IMAGES, index) == [[alt, True] for alt in alts], (lesson, index)
        assert page.evaluate(OWN_SIZE, index) == [True] * len(alts), (lesson, index)
        for alt in alts:  # what a screen reader is given
            assert page.get_by_role("img", name=alt, exact=True).count() >= 1, (lesson, alt)


def test_trees_show_with_their_alt_text_in_jupyterlab(page, lab):
    lesson = lesson_with_images(SVG)
    assert lesson, "no lesson's committed outputs show a tree with alt text"
    cells = nbformat.read(NOTEBOOKS / lesson, as_version=4).cells
    trees = [(index, alts) for index, cell in enumerate(cells) if (alts := image_alts(cell, SVG))]
    open_in_lab(page, lab, lesson)
    check_trees(page, lesson, trees)  # as committed, not trusted
    run_all(page)
    check_trees(page, lesson, trees)  # as the kernel shows them, trusted
