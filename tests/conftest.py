"""How the test run is split: into stages by marker, and over the cores by work stealing that
keeps each file whole.

**Stages.** The tests in a folder of tests/ that names a stage (tests/browser: JupyterLab and Voilà
in Chromium; tests/lite: the browser-only course; tests/site: the website; tests/hub: a class on
JupyterHub; tests/readme: the README's commands in a fresh clone) carry that stage's marker, given
here by the folder, so a new test file there needs nothing. ``make test`` selects each stage with
``-m`` (``-m "not (browser or lite or site or hub or readme)"`` for the desktop stage: the unit
tests and every lesson through nbval). A stage's folder is not even collected by a run whose
``-m`` cannot select its marker: its fixtures may need packages that only its stage installs (the
hub's need ``make venv-hub``). A new stage is a new folder, named in STAGES, in pyproject.toml's
markers and in the Makefile.

**Cores.** ``make test`` runs with ``-n auto --dist worksteal``: pytest-xdist hands each worker
half of the tests, and a worker that runs out takes half of what another still has queued, so
both cores stay busy to the end without a hand-kept order of the slowest files. A file is never
split: nbval runs a notebook's cells as items of one file that share one kernel, in order, and a
test module's module-scoped fixtures (the nbgrader course of tests/lessons/test_assignments.py: two
minutes of one core) are then made once, on one worker; so the scheduler below cuts a worker's
queue only where two neighbouring items come from different files.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from _pytest.mark.expression import Expression  # how pytest itself reads ``-m``
from lesson_scheduling import whole_files
from repo import TESTS

#: The folders of tests/ that are stages of their own; each one's marker is its name.
STAGES = ("browser", "lite", "site", "hub", "readme")


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Skip a stage's folder when the run's ``-m`` expression leaves that stage out."""
    try:
        folder = collection_path.resolve().relative_to(TESTS).parts[0]
    except (ValueError, IndexError):
        return None
    markexpr = config.getoption("markexpr")
    if folder not in STAGES or not markexpr:
        return None
    selects = Expression.compile(markexpr).evaluate(lambda marker: marker == folder)
    return None if selects else True


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in a stage's folder with the stage's marker."""
    for item in items:
        try:
            folder = Path(item.path).resolve().relative_to(TESTS).parts[0]
        except (ValueError, IndexError):  # outside tests/: a lesson
            continue
        if folder in STAGES:
            item.add_marker(folder)


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist, which a run may leave out
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """``--dist worksteal`` that never splits a file (see the module's docstring)."""
    if config.getvalue("dist") != "worksteal":
        return None
    from xdist.scheduler.worksteal import MIN_PENDING, NodePending, WorkStealingScheduling

    class WholeLessonStealing(WorkStealingScheduling):
        """pytest-xdist's work stealing, with every cut of a queue moved to a notebook's edge."""

        def _send_tests(self, node, num: int) -> None:
            num = whole_files(self.collection, self.pending, num)
            super()._send_tests(node, num)

        def check_schedule(self) -> None:
            # pytest-xdist's own, but for where the stolen tail of a queue begins
            nodes_up = [NodePending(node, pending) for node, pending in self.node2pending.items()
                        if not node.shutting_down]

            def idle_nodes() -> list:
                return [node for node, pending in nodes_up if len(pending) < MIN_PENDING]

            if not idle_nodes():
                return
            if self.pending:  # hand out what no worker has yet, evenly
                idle = idle_nodes()
                for place, node in enumerate(idle):
                    self._send_tests(node, len(self.pending) // (len(idle) - place))
                if not idle_nodes():
                    return
            if self.steal_requested_from_node is not None:  # one request at a time
                return
            victim = max(nodes_up, key=lambda node_pending: len(node_pending.pending),
                         default=None)
            queue = victim.pending if victim else []
            # half of the longest queue, keeping its running and next item, cut at a file's edge
            steal = min(len(queue) // 2, max(0, len(queue) - MIN_PENDING))
            start = whole_files(self.collection, queue, len(queue) - steal)
            if steal == 0 or start >= len(queue):
                for node in idle_nodes():  # no more work for them: let them finish
                    node.shutdown()
                return
            victim.node.send_steal(queue[start:])
            self.steal_requested_from_node = victim.node

    return WholeLessonStealing(config, log)
