"""The time limit of the search tests: a search that never cuts (``alpha > beta`` for
``alpha >= beta``) or a table that never answers makes a test run for many minutes instead of
failing; with this limit it fails within a minute, naming the test. The slowest search test
takes under 10 s on a busy 2-core machine. A module of search tests sets
``pytestmark = SEARCH_TIME_LIMIT``; the notebook, nbgrader and browser tests keep no limit."""

import pytest

#: Seconds each search test may take (pytest-timeout).
SEARCH_SECONDS = 60
SEARCH_TIME_LIMIT = pytest.mark.timeout(SEARCH_SECONDS)
