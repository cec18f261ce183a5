"""The contest where a teacher's course really lives: a clone in a private folder (mode 0700, its
parents closed too, as a home under /root or made by ``mktemp -d``), with a venv of its own, run
with the command the guide gives, as root and as an ordinary account.

Each test copies the course's package into such a folder and makes the venv there (its packages
are this suite's, reached through a ``.pth`` file); the teacher drops three entries into the
contest folder: ada (honest), eve (honest, but looks for the teacher's gradebook in the clone, and
prints what it finds) and loop (an infinite loop). Every game is played: the honest players never
lose by a failure, the loop loses each of its games on time, and eve sees none of the clone.
With the jail broken on purpose, the contest refuses to run, says why, and writes no report.
"""

from __future__ import annotations

import json
import os
import pwd
import shutil
import site
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import pytest
from accounts import NOT_ROOT, seen_by_every_account

import ttt

SECRET = "gradebook-" + uuid.uuid4().hex
ENTRIES = {
    "ada": """
        import random

        def pick(position):
            return random.choice(position.legal_moves)

        PLAYER = pick
        """,
    "eve": """
        import os

        def look(position):
            for path in {looked_for}:
                try:
                    print(path, open(path).read())
                except OSError as error:
                    print(path, type(error).__name__)
            return position.legal_moves[0]

        PLAYER = look
        """,
    "loop": """
        def play(position):
            while True:
                pass

        PLAYER = play
        """,
}


def private_course(tmp_path: Path, owner: str = "root") -> Path:
    """The course (its package, a venv, the teacher's gradebook) in ``tmp_path/home/course``,
    all ``owner``'s, the home and ``tmp_path`` mode 0700; the contest folder beside it, with the
    three entries."""
    home = tmp_path / "home"
    course, entries = home / "course", home / "ttt-contest"
    shutil.copytree(Path(ttt.__file__).parent, course / "ttt",
                    ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(course / ".venv")],
                   check=True, timeout=120)
    packages = next((course / ".venv" / "lib").glob("python3*/site-packages"))
    (packages / "suite.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    (course / "gradebook.db").write_text(SECRET)
    looked_for = [str(course / "gradebook.db"), str(Path(ttt.__file__).parents[1] / "README.md")]
    entries.mkdir()
    for name, source in ENTRIES.items():
        (entries / f"{name}.py").write_text(textwrap.dedent(source).format(
            looked_for=looked_for))
    if os.geteuid() == 0:
        uid = pwd.getpwnam(owner).pw_uid
        for path in (tmp_path, *tmp_path.rglob("*")):
            os.chown(path, uid, uid, follow_symlinks=False)
    for folder in (tmp_path, home):  # inside, the clone's own modes (0755, 0644: umask 022)
        folder.chmod(0o700)
    return course


def run_as_typed(course: Path, account: str | None = None) -> subprocess.CompletedProcess:
    """``.venv/bin/python -m ttt.contest run`` typed in the course's folder by the teacher (as
    root, or as ``account`` in a view of this computer where it reaches its own home)."""
    command = [str(course / ".venv" / "bin" / "python"), "-m", "ttt.contest", "run",
               "--folder", str(course.parent / "ttt-contest"), "--no-reference",
               "--move-seconds", "2", "--seed", "4"]
    if account is not None and os.geteuid() == 0:
        needed = [Path(sys.base_prefix), *map(Path, site.getsitepackages()),
                  course.parents[1]]
        command = ["bwrap", *seen_by_every_account(needed), "--", "runuser", "-u", account,
                   "--", *command]
    return subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=course,
                          env={"PATH": os.environ["PATH"], "HOME": str(course.parent)})


def played_as_it_should(course: Path, ran: subprocess.CompletedProcess) -> None:
    """Every game of the three players played; only the loop lost by a failure, on time; eve
    found neither the gradebook nor the clone's README."""
    assert ran.returncode == 0, ran.stderr
    contest = json.loads((course / "build" / "contest" / "contest.json").read_text())
    assert len(contest["games"]) == 6
    for game in contest["games"]:
        if "loop" in (game["x"], game["o"]):
            assert "loop" in game["sentence"] and "took longer than 2 s to move" in \
                game["sentence"] and game["winner"] != "loop", game
        else:
            assert not game["sentence"], game
    printed = "".join(game["printed"].get("eve", "") for game in contest["games"])
    assert "gradebook.db FileNotFoundError" in printed
    assert "README.md FileNotFoundError" in printed
    assert SECRET not in json.dumps(contest)


@pytest.mark.skipif(os.geteuid() != 0, reason="the contest as root: each player a user id")
def test_as_root_from_a_private_folder_every_game_is_played(tmp_path):
    course = private_course(tmp_path)
    played_as_it_should(course, run_as_typed(course))


def test_as_an_ordinary_account_from_its_private_home_every_game_is_played(tmp_path):
    course = private_course(tmp_path, owner=NOT_ROOT)
    played_as_it_should(course, run_as_typed(course, NOT_ROOT))


@pytest.mark.skipif(os.geteuid() != 0, reason="as root, each player is a user id of its own")
def test_a_package_closed_to_other_accounts_stops_the_contest_with_the_fix(tmp_path):
    course = private_course(tmp_path)
    (course / "ttt").chmod(0o700)  # a teacher's umask 077, say: no player could import ttt
    ran = run_as_typed(course)
    assert ran.returncode == 2
    assert "The contest did not run: no player can play here: a course player in the " \
        "contest's jail" in ran.stderr
    assert f"closed to other accounts: chmod -R a+rX {course / 'ttt'}" in ran.stderr
    assert not (course / "build").exists()  # no leaderboard


def test_a_seat_that_cannot_start_stops_the_contest_for_any_account(tmp_path):
    course = private_course(tmp_path, owner=NOT_ROOT)
    (course / "ttt" / "contest" / "seat.py").unlink()  # the jail's player cannot start
    ran = run_as_typed(course, NOT_ROOT)
    assert ran.returncode == 2, ran.stdout
    assert "no player can play here" in ran.stderr and "ttt.contest.seat" in ran.stderr
    assert not (course / "build").exists()
