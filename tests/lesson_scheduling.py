"""Where pytest-xdist may cut a worker's queue of tests: only between two files, never inside one
(used by the scheduler in tests/conftest.py). A lesson's cells are items of one file that nbval
runs in one kernel, in order; a test module's module-scoped fixture (the nbgrader course that
tests/lessons/test_assignments.py grades, two minutes of one core; the solved game of test_search.py) is
made once, on the one worker that runs the module."""

from __future__ import annotations


def file_of(nodeid: str) -> str:
    """The file an item comes from: ``notebooks/01_the_board.ipynb`` for
    ``notebooks/01_the_board.ipynb::Cell 3``, ``tests/games/test_board.py`` for its tests."""
    return nodeid.split("::")[0]


def whole_files(collection: list[str], queue: list[int], cut: int) -> int:
    """Move ``cut`` (a place in ``queue``, a list of indices into ``collection``) forward until it
    falls between two items of different files, or at the queue's end: cutting there keeps every
    file on one worker."""
    while 0 < cut < len(queue):
        if file_of(collection[queue[cut - 1]]) != file_of(collection[queue[cut]]):
            break
        cut += 1
    return min(cut, len(queue))
