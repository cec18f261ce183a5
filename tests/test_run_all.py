"""Every lesson runs top to bottom the way JupyterLab's Run All runs it.

Run All stops at the first error and silently leaves the rest of the lesson unrun; nbclient does
the same, so each lesson is executed with it here. No cell of a lesson may raise: JupyterLab would
go on past a cell tagged ``raises-exception``, but the browser version's Run All (JupyterLite)
stops there all the same, and nbval would accept a ``# NBVAL_RAISES_EXCEPTION`` comment that both
ignore. A lesson that shows an error catches it and prints it.
"""

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("*.ipynb"))


@pytest.mark.parametrize("path", LESSONS, ids=[path.stem for path in LESSONS])
def test_run_all_goes_through_the_lesson(path):
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=300, kernel_name="python3", allow_errors=False,
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()  # raises CellExecutionError at the first error, where Run All stops


@pytest.mark.parametrize("path", LESSONS, ids=[path.stem for path in LESSONS])
def test_no_cell_is_expected_to_raise(path):
    cells = nbformat.read(path, as_version=4).cells
    assert not [cell.source for cell in cells if "NBVAL_RAISES_EXCEPTION" in cell.source
                or "raises-exception" in cell.metadata.get("tags", ())]
