"""The lessons read like essays (issue 30): the code a student reads teaches, and the checks stand
apart. Each lesson ends with one checks cell (tagged ``checks``, collapsed in JupyterLab, left out
of the website); no other code cell holds an assert, and no number is both pinned by nbval and
asserted. Code is shown one way: ``show_source``, by name."""

import nbformat
import pytest
from lesson_stats import has_assert, is_checks_cell, is_output_checked
from repo import LESSONS

LESSON_IDS = [path.stem for path in LESSONS]


def code_cells(path):
    return [cell for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code"]


@pytest.mark.parametrize("path", LESSONS, ids=LESSON_IDS)
def test_the_lesson_ends_with_its_checks_cell_collapsed_and_off_the_website(path):
    cells = code_cells(path)
    checks = [cell for cell in cells if is_checks_cell(cell)]
    assert checks == [cells[-1]], "one checks cell, the last code cell"
    assert "remove-cell" in checks[0].metadata["tags"]
    assert checks[0].metadata.get("jupyter", {}).get("source_hidden") is True


@pytest.mark.parametrize("path", LESSONS, ids=LESSON_IDS)
def test_no_teaching_cell_asserts(path):
    asserting = [cell.source.splitlines()[0] for cell in code_cells(path)
                 if not is_checks_cell(cell) and has_assert(cell.source)]
    assert asserting == []


@pytest.mark.parametrize("path", LESSONS, ids=LESSON_IDS)
def test_no_number_is_pinned_twice(path):
    twice = [cell.source.splitlines()[0] for cell in code_cells(path)
             if is_output_checked(cell) and has_assert(cell.source)]
    assert twice == []


@pytest.mark.parametrize("path", LESSONS, ids=LESSON_IDS)
def test_code_is_shown_by_name_only(path):
    for cell in code_cells(path):
        assert "getsource" not in cell.source and ".index(" not in cell.source, cell.source


@pytest.mark.parametrize("path", LESSONS, ids=LESSON_IDS)
def test_a_checked_output_is_marked_by_a_tag_students_do_not_see(path):
    """nbval reads the cell tag ``nbval-check-output``; the comment it also reads would be the
    first line a student sees in the cell, in JupyterLab and on the website."""
    marked = [cell.source[:80] for cell in code_cells(path)
              if "NBVAL_CHECK_OUTPUT" in cell.source]
    assert marked == []


@pytest.mark.parametrize("path", LESSONS, ids=LESSON_IDS)
def test_shown_code_is_the_algorithm_alone_with_no_decorator_above_it(path):
    """What ``show_source`` prints, as committed: the ``def`` (or ``class``) and its body. The
    package's checks and watches are wrapped around a shown function below its ``def``, not
    above, so no lesson prints a line of machinery before the idea."""
    shown = [output.data["text/plain"] for cell in code_cells(path) if "show_source" in cell.source
             for output in cell.outputs if "text/plain" in output.get("data", {})]
    assert all(text.lstrip().startswith(("def ", "class ")) for text in shown), \
        [text.splitlines()[0] for text in shown if not text.lstrip().startswith(("def ", "class "))]
