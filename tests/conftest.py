"""The order in which the test run hands out its files: the slowest first.

``make test`` runs the unit tests and the lessons together on every core (pytest-xdist, a whole
file to a worker: ``--dist loadfile --no-loadscope-reorder``), and a worker takes the next file in
the order of the collection. Starting with the longest keeps both cores busy to the end, instead
of one core working through a long lesson alone after the other has finished. Only the order
changes: a file not listed runs all the same, after these, and within a file nothing moves (a
lesson's cells run in their order, in one kernel).
"""

from __future__ import annotations

import pytest

#: The files that take longest, slowest first (as measured in ``make test`` on 2 cores).
SLOWEST_FIRST = (
    "tests/test_assignments.py",  # nbgrader generates, autogrades and exports a whole course
    "tests/test_search.py",
    "notebooks/06_opponents.ipynb",
    "tests/test_fast.py",
    "tests/test_tree.py",
    "notebooks/08_chance.ipynb",
    "tests/test_players.py",
    "notebooks/07_bigger_boards.ipynb",
    "tests/test_games.py",
    "tests/test_widgets.py",
    "notebooks/04_nodes_per_move.ipynb",
    "tests/test_solve.py",
    "tests/test_counting.py",
    "tests/test_mcts.py",
    "notebooks/10_play.ipynb",
    "notebooks/02_the_game_tree.ipynb",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The items of the slowest files first, in the order above; every file's items together and
    in their own order (the sort is stable)."""
    rank = {path: place for place, path in enumerate(SLOWEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))
