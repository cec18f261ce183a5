"""The time limit of the search tests: a search that never cuts (``alpha > beta`` for
``alpha >= beta``) or a table that never answers makes a test run for many minutes instead of
failing; with this limit it fails, naming the test. A module of search tests sets
``pytestmark = SEARCH_TIME_LIMIT``; the notebook, nbgrader and browser tests keep no limit.

The limit catches a hang; it does not time the machine. The slowest search test
(``test_search.py::test_solver_agrees_with_minimax``) took 41 s with the machine's 2 cores under a
load of 10 (about five times slower than idle, where it takes about 8 s); the limit is seven times
that, so the suite passes on a slow or busy machine and a hang still ends within minutes.
"""

import pytest

#: Seconds each search test may take (pytest-timeout): 7 x the slowest measured under heavy load.
SEARCH_SECONDS = 300
SEARCH_TIME_LIMIT = pytest.mark.timeout(SEARCH_SECONDS)
