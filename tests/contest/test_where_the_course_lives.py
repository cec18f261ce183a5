"""The contest where a teacher's course really lives: a clone in a private folder (mode 0700, its
parents closed too, as a home under /root or made by ``mktemp -d``), with a venv of its own, run
with the command the guide gives, as root and as an ordinary account.

Each test copies the course's package into such a folder and makes the venv there (its packages
are this suite's, reached through a ``.pth`` file); the teacher drops three entries into the
contest folder: ada (honest), eve (honest, but looks for the teacher's gradebook in the clone, and
prints what it finds) and loop (an infinite loop). Every game is played: the honest players never
lose by a failure, the loop loses each of its games on time, and eve sees none of the clone.
With the jail broken on purpose, the contest refuses to run, says why, and writes no report.

The last tests run the contest as an account that is not root (a teacher's laptop), with and
without bubblewrap: what confines the players then, and what the contest says of it.

Every test here that runs the contest as another account does it in a view of this computer of its
own (bubblewrap, then ``runuser``): they are in one file, which pytest-xdist's ``loadfile`` runs on
one worker, one after another. Two such views at once, on two workers, made the course's Python
unreadable to ``nobody`` now and then (2 runs in 25): a property of the tests' nesting, not of the
contest, which a school never nests.
"""

from __future__ import annotations

import json
import os
import pwd
import re
import shutil
import site
import socket
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


#: The Pythons a school's venv is made from: the one running these tests (pyenv's, under /root,
#: on the course's machines) and Debian's own, where it is the same version (the suite's packages
#: serve both).
PYTHONS = {"this suite's": sys.executable,
           "Debian's": f"/usr/bin/python3.{sys.version_info.minor}"}


def private_course(tmp_path: Path, owner: str = "root", python: str = sys.executable) -> Path:
    """The course (its package, a venv made by ``python``, the teacher's gradebook) in
    ``tmp_path/home/course``, all ``owner``'s, the home and ``tmp_path`` mode 0700; the contest
    folder beside it, with the three entries."""
    home = tmp_path / "home"
    course, entries = home / "course", home / "ttt-contest"
    shutil.copytree(Path(ttt.__file__).parent, course / "ttt",
                    ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run([python, "-m", "venv", "--without-pip", str(course / ".venv")], check=True,
                   timeout=120)
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
@pytest.mark.parametrize("python", PYTHONS)
def test_as_root_from_a_private_folder_every_game_is_played(tmp_path, python):
    if not Path(PYTHONS[python]).exists():
        pytest.skip(f"no {PYTHONS[python]} here")
    course = private_course(tmp_path, python=PYTHONS[python])
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
    assert "no player can play here" in ran.stderr and "ttt.contest.seat" in ran.stderr, \
        ran.stderr
    assert not (course / "build").exists()


def contest_not_as_root(tmp_path: Path, port: int, bubblewrap: bool = True) -> dict:
    """The contest of ada (who prints her user id) and mallory (who connects to ``port``), run
    by ``NOT_ROOT`` with the command a teacher types (bubblewrap out of its sight unless
    ``bubblewrap``): its contest.json."""
    folder, report = tmp_path / "contest", tmp_path / "report"
    folder.mkdir()
    (folder / "ada.py").write_text("import os, random\n\ndef pick(position):\n    print('user',"
                                   " os.getuid())\n    return random.choice(position.legal_moves)"
                                   "\n\nPLAYER = pick\n")
    (folder / "mallory.py").write_text(
        f"import socket\n\ndef play(position):\n    socket.create_connection(('127.0.0.1', "
        f"{port}), timeout=1)\n    return position.legal_moves[0]\n\nPLAYER = play\n")
    command = [*([] if bubblewrap else ["env", "PATH=/nonexistent"]), sys.executable, "-m",
               "ttt.contest", "run", "--folder", str(folder), "--out", str(report),
               "--no-reference", "--move-seconds", "30"]
    if os.geteuid() == 0:
        for path in (tmp_path, folder, *folder.iterdir()):
            path.chmod(0o777 if path.is_dir() else 0o644)
        needed = [Path(sys.executable).resolve().parent, Path(sys.prefix), Path(sys.base_prefix),
                  Path(ttt.__file__).resolve().parents[1], tmp_path]
        command = ["bwrap", *seen_by_every_account(needed), "--", "runuser", "-u", NOT_ROOT,
                   "--", *command]
    ran = subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=tmp_path,
                         env={**os.environ, "HOME": str(Path(pwd.getpwnam(NOT_ROOT).pw_dir))})
    assert ran.returncode == 0, ran.stderr
    return json.loads((report / "contest.json").read_text())


def user_ids_printed(contest: dict, name: str) -> set[int]:
    """The user ids the player ``name`` said it ran as."""
    return {int(uid) for game in contest["games"]
            for uid in re.findall(r"user (\d+)", game["printed"].get(name, ""))}


def test_a_teacher_without_root_runs_the_contest_confined_by_bubblewrap(tmp_path):
    """The contest run by an account that is not root (a teacher's laptop): no user id of its
    own for each player (setpriv needs root), but bubblewrap still cuts the network off."""
    with socket.create_server(("127.0.0.1", 0)) as server:
        contest = contest_not_as_root(tmp_path, server.getsockname()[1])
    assert "no network" in contest["in_force"] and not any(
        "user id of its own" in said for said in contest["in_force"])
    assert contest["missing"] == [
        "players run as this account (as root, with bubblewrap, each gets a user id of its own): "
        "they can read the files this account can read outside its home"]
    sentences = [game["sentence"] for game in contest["games"] if "mallory" in game["sentence"]]
    assert len(sentences) == 2 and all("use the network" in said for said in sentences)
    assert user_ids_printed(contest, "ada") == {pwd.getpwnam(NOT_ROOT).pw_uid}


def test_without_bubblewrap_a_teacher_without_root_gets_the_limits_and_is_told(tmp_path):
    """Where bubblewrap cannot start (here: not on the runner's PATH), the players run with the
    time and resource limits only, and the contest says what is not confined: a player reaches
    the network."""
    with socket.create_server(("127.0.0.1", 0)) as server:
        contest = contest_not_as_root(tmp_path, server.getsockname()[1], bubblewrap=False)
        server.setblocking(False)
        server.accept()[0].close()  # mallory connected
    assert contest["missing"][0] == ("network and files are NOT confined: bubblewrap is not "
                                     "installed (Debian: apt-get install bubblewrap)")
    assert "no new processes" in contest["in_force"] and "no network" not in contest["in_force"]
    assert not any(game["sentence"] for game in contest["games"])
    assert user_ids_printed(contest, "ada") == {pwd.getpwnam(NOT_ROOT).pw_uid}
