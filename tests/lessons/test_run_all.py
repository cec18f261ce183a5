"""Every lesson runs top to bottom the way JupyterLab's Run All runs it.

Run All stops at the first error and silently leaves the rest of the lesson unrun. ``make test``
executes each lesson once, with nbval, which runs every cell and fails on any that raises, unless
a mark tells it to skip the cell or to expect the error. So no cell of a lesson carries such a
mark: Run All ignores nbval's comments, and although JupyterLab goes on past a cell tagged
``raises-exception``, the browser version's Run All (JupyterLite) stops there all the same. A
lesson that shows an error catches it and prints it. Without the marks, nbval's run is Run All's.
"""


import nbformat
import pytest
from repo import NOTEBOOKS

#: nbval's marks that let a raising cell pass: comments in the cell's source, and cell tags.
COMMENTS = ("NBVAL_RAISES_EXCEPTION", "NBVAL_SKIP")
TAGS = {"raises-exception", "nbval-raises-exception", "nbval-skip"}

LESSONS = sorted(NOTEBOOKS.glob("*.ipynb"))


@pytest.mark.parametrize("path", LESSONS, ids=[path.stem for path in LESSONS])
def test_no_cell_is_expected_to_raise(path):
    cells = nbformat.read(path, as_version=4).cells
    assert not [cell.source for cell in cells
                if any(mark in cell.source for mark in COMMENTS)
                or TAGS & set(cell.metadata.get("tags", ()))]
