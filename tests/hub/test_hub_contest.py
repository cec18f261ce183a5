"""The class contest on the class hub, walked as site/contest.md and lesson 6 say: a student (a
system account, logged in through the hub in Chromium) writes a player of their own in lesson 6
and enters it with the lesson's cell, in a kernel of their own server; then the teacher, root on
the hub's machine, types the contest's command from site/contest.md in a terminal (a real one:
``script`` gives it a pseudo-terminal), in the hub's clone of the course. The leaderboard names
the student by their hub name, and the student's player ran as a user id of its own: neither
root, nor the teacher, nor the student.
"""

from __future__ import annotations

import json
import os
import pwd
import re
import stat
import subprocess
from pathlib import Path

import nbformat
import pytest
from class_hub import STUDENTS, TEACHER, follow_course_link
from hub_client import Hub, TrialHub, run_async
from repo import GUIDE, ROOT

from ttt.contest.sandbox import FIRST_UID

pytestmark = [pytest.mark.hub, pytest.mark.timeout(900)]

LESSON = "ttt/notebooks/06_opponents.ipynb"  # as the course link pulled it, in the home
ENTERING = "enter_contest(my_player)"  # the lesson's cell that enters the player
#: The student's answer to lesson 6's "a player of your own", as the task starts it (the centre,
#: else two-layer), saying which account it runs as.
ANSWER = """
    print('playing as user', os.getuid())
    return 4 if board[4] == '.' else backup(board)"""
STUB_BODY = "    # your code here\n    return None"


def lesson_cells(home: Path) -> tuple[str, str, str]:
    """Lesson 6 as the student has it: every import of its code cells, the cell of "a player
    of your own" answered (ANSWER), and the cell that enters the player."""
    cells = [cell.source for cell in nbformat.read(home / LESSON, as_version=4).cells
             if cell.cell_type == "code"]
    imports = "\n".join(line for source in cells for line in source.splitlines()
                        if re.match(r"(from \S+ )?import ", line))
    stub = next(source for source in cells if "def my_player(board):" in source)
    entering = next(source for source in cells if ENTERING in source)
    return f"import os\n{imports}", stub.replace(STUB_BODY, ANSWER.strip("\n")), entering


async def enter_from_the_lesson(hub: TrialHub, name: str) -> str:
    """Run lesson 6's cells in a kernel of ``name``'s server (its imports, the answered player,
    the entering cell); what the entering cell printed."""
    imports, player, entering = lesson_cells(hub.home(name))
    async with Hub(hub.url, hub.token, timeout=300) as client:
        await client.start_server(name)
        kernel = await client.start_kernel(name, "ttt/notebooks")
        try:
            shown = [await client.run(name, kernel, code) for code in (imports, player, entering)]
        finally:
            await client.stop_kernel(name, kernel)
    assert not any(run.failed for run in shown), [run.text for run in shown]
    return shown[-1].text


def contest_command(folder: Path, report: Path) -> str:
    """site/contest.md's command for the hub, with the test hub's contest folder for the default
    hub's (build/hub/contest) and the report out of the course's build/. As root already, the
    ``sudo`` in front (a teacher's own account asks root to run it) is left out: it changes
    nothing, and this machine has none."""
    typed = next(line for line in (GUIDE / "contest.md").read_text().splitlines()
                 if line.startswith("sudo make contest"))
    command = typed.removeprefix("sudo ").replace("build/hub/contest", str(folder))
    return re.sub(r'"$', f' --out {report}"', command)


def in_a_terminal(command: str, log: Path) -> str:
    """What ``command`` printed, typed in a shell with a pseudo-terminal, in the hub's clone of the
    course (root's, as the teacher runs it)."""
    done = subprocess.run(["script", "--quiet", "--return", "--command", command, str(log)],
                          cwd=ROOT, capture_output=True, text=True, timeout=840,
                          stdin=subprocess.DEVNULL)
    shown = log.read_text(errors="replace")
    assert done.returncode == 0, shown[-3000:]
    return shown


def test_a_student_enters_from_lesson_6_and_the_teacher_runs_the_contest(started_hub, course_url,
                                                                         hub_page, tmp_path):
    if os.getuid() != 0:
        pytest.skip("the teacher runs the hub's contest as root (site/contest.md), as CI does")
    name = STUDENTS[0]
    follow_course_link(hub_page, started_hub, course_url, name)  # logs in, pulls the lessons
    said = run_async(enter_from_the_lesson(started_hub, name))
    assert said.splitlines()[-1] == f"entered: {name}.py"  # after what the player printed
    folder = started_hub.state / "contest"
    entry = folder / f"{name}.py"
    student = pwd.getpwnam(name).pw_uid
    assert entry.stat().st_uid == student and stat.S_IMODE(entry.stat().st_mode) == 0o600

    report = tmp_path / "report"
    shown = in_a_terminal(contest_command(folder, report), tmp_path / "terminal.log")
    assert f"1 entries from {folder}" in shown and "left out" not in shown, shown[-3000:]
    assert "not confined" not in shown, shown[-3000:]  # bubblewrap, and a user id per player
    hub_page.goto(f"file://{report / 'index.html'}")
    rows = hub_page.locator("table th[scope='row']").all_inner_texts()
    assert name in rows and len(rows) == 1 + 5, rows  # the student, and the course's five
    contest = json.loads((report / "contest.json").read_text())
    ada_games = [game for game in contest["games"] if name in (game["x"], game["o"])]
    assert len(ada_games) == 2 * 5 and not any(game["sentence"] for game in ada_games)
    uids = {int(uid) for game in ada_games
            for uid in re.findall(r"playing as user (\d+)", game["printed"].get(name, ""))}
    assert uids and all(uid >= FIRST_UID for uid in uids), uids  # no account's: a user id apart
    assert uids.isdisjoint({0, student, pwd.getpwnam(TEACHER).pw_uid})
