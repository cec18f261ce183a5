"""Where pytest-xdist may cut a worker's queue of tests: never inside a lesson, whose cells nbval
runs in one kernel, in order (used by the scheduler in tests/conftest.py)."""

from __future__ import annotations


def notebook_of(nodeid: str) -> str | None:
    """The notebook an item is a cell of (``notebooks/01_the_board.ipynb::Cell 3``), else None."""
    path = nodeid.split("::")[0]
    return path if path.endswith(".ipynb") else None


def whole_lessons(collection: list[str], queue: list[int], cut: int) -> int:
    """Move ``cut`` (a place in ``queue``, a list of indices into ``collection``) forward until it
    falls between two items that are not cells of one notebook, or at the queue's end: cutting
    there keeps every lesson on one worker."""
    while 0 < cut < len(queue):
        before, after = collection[queue[cut - 1]], collection[queue[cut]]
        if notebook_of(before) is None or notebook_of(before) != notebook_of(after):
            break
        cut += 1
    return min(cut, len(queue))
