"""The class mode's parts (hub/class_mode.py, hub/course_server.py, make class-unit), each checked
without a hub in seconds; tests/hub starts ``make class`` itself, with real accounts and Chromium.
"""

from __future__ import annotations

import pwd
import subprocess
import sys
import urllib.request
from pathlib import Path
from types import SimpleNamespace

import pytest
from class_mode import PortRange, ensure_account, first_ordinary_uid, parse_ports, port_in
from jupyterhub.spawner import LocalProcessSpawner
from process_group import free_ports, serve
from traitlets.config import Config

ROOT = Path(__file__).resolve().parents[2]


def git(folder: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(folder), "-c", "user.name=Teacher",
                           "-c", "user.email=teacher@example.org", *args], check=check,
                          capture_output=True, text=True)


@pytest.mark.parametrize("name", ["root", "daemon"])
def test_a_sign_up_with_the_name_of_one_of_the_machines_own_accounts_is_refused(name, tmp_path):
    account = pwd.getpwnam(name)
    assert account.pw_uid < first_ordinary_uid()
    with pytest.raises(ValueError, match="one of this machine's own accounts"):
        ensure_account(name, tmp_path)
    assert not list(tmp_path.iterdir())  # nothing made


@pytest.mark.parametrize("name", ["Ada", "ada lovelace", "-ada", "a" * 33, "ada;rm"])
def test_a_name_useradd_would_not_take_is_refused_before_anything_is_made(name, tmp_path):
    with pytest.raises(ValueError, match="cannot be a system account's name"):
        ensure_account(name, tmp_path)
    assert not list(tmp_path.iterdir())


def test_a_port_range_is_read_and_a_wrong_one_named():
    assert parse_ports("9000-9099") == range(9000, 9100)
    for wrong in ("9099-9000", "80-90", "9000", "9000-70000", "a-b"):
        with pytest.raises(ValueError, match="TTT_HUB_PORTS should be a range FIRST-LAST"):
            parse_ports(wrong)


def test_a_students_server_gets_the_first_port_of_the_range_nobody_holds():
    first = free_ports(3)
    ports = range(first, first + 3)
    assert port_in(ports, set()) == first
    assert port_in(ports, {first, first + 1}) == first + 2
    with pytest.raises(RuntimeError, match="widen TTT_HUB_PORTS"):
        port_in(ports, set(ports))


@pytest.fixture(name="served")
def a_served_clone(tmp_path: Path):
    """A teacher's clone with one commit, served by hub/course_server.py; its address."""
    clone = tmp_path / "course"
    clone.mkdir()
    git(clone, "init", "--quiet", "--initial-branch=main")
    (clone / "lesson.txt").write_text("lesson 1\n")
    git(clone, "add", "lesson.txt")
    git(clone, "commit", "--quiet", "-m", "The course")
    log = tmp_path / "server.log"

    def start(port: int) -> subprocess.Popen:
        with open(log, "w") as out:
            return subprocess.Popen([sys.executable, str(ROOT / "hub" / "course_server.py"),
                                     str(clone), f"--port={port}"], stdout=out,
                                    stderr=subprocess.STDOUT, start_new_session=True)

    def serves_git(port: int) -> bool:  # this clone's refs: not whatever else has the port
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/ttt/info/refs?service="
                                   "git-upload-pack", timeout=5).close()
            return True
        except OSError:
            return False

    with serve(start, log, serves_git, timeout=30, grace=10) as port:
        yield clone, f"http://127.0.0.1:{port}"


def test_the_course_server_serves_the_clone_to_git_and_takes_no_push(served, tmp_path):
    clone, address = served
    pulled = tmp_path / "pulled"
    git(tmp_path, "clone", "--quiet", f"{address}/ttt", str(pulled))
    assert (pulled / "lesson.txt").read_text() == "lesson 1\n"
    git(tmp_path, "clone", "--quiet", f"{address}/services/course/ttt", str(tmp_path / "again"))
    (pulled / "lesson.txt").write_text("changed by a student\n")
    git(pulled, "commit", "--quiet", "-am", "a student's change")
    pushed = git(pulled, "push", "origin", "main", check=False)
    assert pushed.returncode != 0
    assert git(clone, "log", "--format=%s").stdout.split("\n")[0] == "The course"
    missing = git(tmp_path, "clone", "--quiet", f"{address}/other", str(tmp_path / "x"),
                  check=False)
    assert missing.returncode != 0 and "not found" in missing.stderr


def test_the_course_server_refuses_a_folder_that_is_not_a_clone(tmp_path):
    run = subprocess.run([sys.executable, str(ROOT / "hub" / "course_server.py"), str(tmp_path),
                          "--port=1"], capture_output=True, text=True, check=False)
    assert run.returncode == 2 and "is not a git clone" in run.stderr


def test_make_class_unit_runs_make_class_with_the_teachers_settings():
    unit = subprocess.run(["make", "--no-print-directory", "class-unit", "TEACHER=mary",
                           "HUB_URL=https://hub.school.edu", "HUB_PORTS=9000-9099"], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout
    lines = unit.splitlines()
    assert lines[0] == "[Unit]" and "[Service]" in lines and "[Install]" in lines
    assert f"WorkingDirectory={ROOT}" in lines
    [start] = [line for line in lines if line.startswith("ExecStart=")]
    assert start.split()[1:4] == ["--no-print-directory", "class", "TEACHER=mary"]
    assert "HUB_URL=https://hub.school.edu" in start.split()
    assert "HUB_PORTS=9000-9099" in start.split()
    assert "Restart=on-failure" in lines and "WantedBy=multi-user.target" in lines


def test_servers_starting_together_get_ports_of_their_own_and_a_stopped_one_frees_its_port():
    """JupyterHub's spawners, each with its own copy of the class mode's settings (as traitlets
    gives them), started before any has bound its port, as a class logging in at once does."""
    first = free_ports(3)
    config = Config()
    hook = PortRange(range(first, first + 3))
    config.Spawner.pre_spawn_hook, config.Spawner.post_stop_hook = hook, hook.release
    spawners = {name: LocalProcessSpawner(config=config, user=SimpleNamespace(name=name))
                for name in ("ada", "grace", "alan")}
    for spawner in spawners.values():
        spawner.pre_spawn_hook(spawner)
    assert sorted(spawner.port for spawner in spawners.values()) == [first, first + 1, first + 2]
    spawners["grace"].post_stop_hook(spawners["grace"])
    again = LocalProcessSpawner(config=config, user=SimpleNamespace(name="edsger"))
    again.pre_spawn_hook(again)
    assert again.port == spawners["grace"].port
