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

#: Milliseconds a browser test waits for the kernel's answer (a board shown after Run All, the reply
#: to a move, an announcement, the board redrawn). With the 2 cores under a load of 20, a Connect
#: Four board took more than 60 s to appear after Run All and a board was redrawn after its
#: announcement was read; 3 minutes passes such a machine, and a hang still fails, naming the step.
KERNEL_REPLY_MS = 180_000
