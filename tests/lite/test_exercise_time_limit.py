"""In the browser-only course (JupyterLite, Pyodide: no threads, no timer signals), a check of a
student's function that never returns stops and says so, as on the desktop: the kernel of a
lesson, opened offline in Chromium, runs what a student would type and the check's verdict is read
back. See ``ttt.core.limits`` for how: ``sys.monitoring`` there."""

from __future__ import annotations

from repo import KERNEL_IDLE
from test_lessons_offline import wait_for

from ttt.pictures.browser import lesson_address

#: What a student types: a winner that loops for ever, then the check (with the limit as shipped:
#: within 3 s of the check's start, issue 48), and which way the limit was kept.
TYPED = """
import time
from ttt.course import exercises
from ttt.core import limits

def winner(board):
    cells = board.cells
    while cells[0] != "#":  # never true
        cells = board.cells
    return None

started = time.monotonic()
feedback = exercises.winner.check(winner)
print(feedback.headline)
print(feedback.nudge)
print(f"seconds: {time.monotonic() - started:.1f}")
print("signals:", limits.timer_signals_work(), "monitoring:", limits.monitoring_is_ours())
"""

# Run code in the open notebook's kernel and return what it printed (or the error it raised).
EXECUTE = """async (code) => {
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    const future = kernel.requestExecute({code}), printed = [];
    future.onIOPub = message => {
        const content = message.content;
        if (content.text) printed.push(content.text);
        if (content.ename) printed.push(`${content.ename}: ${content.evalue}`);
    };
    await future.done;
    return printed.join('');
}"""


def test_a_check_of_a_function_that_never_returns_stops_in_the_browser(offline):
    page = offline.page
    page.goto(f"{offline.site}/{lesson_address('01_the_board.ipynb')}")
    wait_for(offline, KERNEL_IDLE, 300_000, "the Python kernel (Pyodide) did not start")
    printed = page.evaluate(EXECUTE, TYPED)
    print(f"\nin the browser-only build:\n{printed}")  # -s shows it
    lines = printed.splitlines()
    assert lines[0] == "✗ winner did not return within 2 s on X's line 0-1-2.", printed
    assert "loop that never ends" in lines[1], printed
    seconds = float(lines[2].removeprefix("seconds: "))
    assert 2 <= seconds < 60, printed
    assert lines[3] == "signals: False monitoring: True", printed
    assert not offline.blocked, offline.blocked
