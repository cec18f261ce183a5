"""Every lesson runs top to bottom the way JupyterLab's Run All runs it.

Run All stops at the first error in a cell that is not tagged ``raises-exception`` and silently
leaves the rest of the lesson unrun; nbclient does the same, so each lesson is executed with it
here. (nbval, which runs the lessons too, also accepts a ``# NBVAL_RAISES_EXCEPTION`` comment that
JupyterLab ignores; the second test keeps that comment out of the lessons.)
"""

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9]*.ipynb"))


@pytest.mark.parametrize("path", LESSONS, ids=[path.stem for path in LESSONS])
def test_run_all_goes_through_the_lesson(path):
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=300, kernel_name="python3", allow_errors=False,
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()  # raises CellExecutionError at the first untagged error, as Run All stops
    for cell in notebook.cells:  # a cell tagged to raise must still show its error
        if "raises-exception" not in cell.metadata.get("tags", ()):
            continue
        assert any(output.output_type == "error" for output in cell.outputs), cell.source


@pytest.mark.parametrize("path", LESSONS, ids=[path.stem for path in LESSONS])
def test_errors_are_expected_by_tag_not_by_comment(path):
    notebook = nbformat.read(path, as_version=4)
    assert not [cell.source for cell in notebook.cells if "NBVAL_RAISES_EXCEPTION" in cell.source]
