"""Where each player runs: a process of its own (``ttt.contest.seat``), confined as far as this
computer allows, and asked for each move against a clock.

Everywhere: a time limit per move (the runner stops waiting, and stops the process), and the
seat's own resource limits (memory, CPU seconds, no new processes, bytes written, which also
bound what it prints). Where bubblewrap (Debian's ``bubblewrap``) can start, each player also
runs without network, other processes or a shared ``/tmp``, with every file read-only but its own
fresh working folder, and the contest's folders hidden. Run as root (the class hub's teacher, or
CI), each player also runs as a user id of its own with no account behind it, so it can read no
student's files, and no other player's folder. ``Jail.limits_in_force`` says which of these
apply, and the report prints it.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ttt.core.arguments import at_least, checked
from ttt.contest.games import a_game

__all__ = ["Fault", "Jail", "Limits", "Seat"]

#: The user ids the players run as, when the runner is root: far above any account's.
FIRST_UID = 2_000_000_000
#: Where a player's working folder appears inside bubblewrap.
INSIDE = "/tmp/seat"
#: How much of what a player prints in a game the report keeps.
_KEPT_OUTPUT = 4096
#: The longest answer line a seat may send: more is nonsense.
_LONGEST_ANSWER = 64 * 1024


@dataclass(frozen=True)
class Limits:
    """What each player may use: seconds a move, seconds to load its file at each game's start
    (and for the process to start), megabytes of memory, CPU seconds in all (by default what
    every move of every game at the time limit would take: ``cpu_budget``), bytes written."""

    move_seconds: float = 1.0
    start_seconds: float = 30.0
    memory_mb: int = 1024
    cpu_seconds: int | None = None
    output_bytes: int = 2 ** 20

    def cpu_budget(self, games: int, moves: int) -> int:
        """The CPU seconds of a process that plays ``games`` games of at most ``moves`` moves
        each (half of them its own): every move at the time limit, a start, and a minute more.
        A player that computes outside its moves (on a timer's signal) is stopped by it."""
        if self.cpu_seconds is not None:
            return self.cpu_seconds
        return math.ceil(games * (moves / 2 * self.move_seconds + self.start_seconds) + 60)


@dataclass(frozen=True)
class Fault:
    """Why a player lost a game, as the end of a sentence ("ada (X) took longer than ...")."""

    why: str


@dataclass
class Jail:
    """How this computer confines a player: as root, a user id per player; with bubblewrap, no
    network and only its own folder writable; ``hidden`` folders (the contest's) out of sight."""

    hidden: list[Path] = field(default_factory=list)
    as_root: bool = False
    bubblewrap: str | None = None
    without_bubblewrap: str = ""

    @classmethod
    def for_this_computer(cls, hidden: list[Path]) -> Jail:
        """The strictest confinement this computer allows: bubblewrap if it starts here, and as
        root a user id per player (inside bubblewrap, which shows it the course's Python)."""
        jail = cls(hidden=[folder.resolve() for folder in hidden], as_root=os.geteuid() == 0)
        jail.bubblewrap, jail.without_bubblewrap = _try_bubblewrap(jail)
        jail.as_root = jail.as_root and jail.bubblewrap is not None
        return jail

    def limits_in_force(self, limits: Limits) -> list[str]:
        """Each limit that applies to every player here, in words."""
        said = [f"{limits.move_seconds:g} s a move (over it loses the game)",
                f"{limits.memory_mb} MB of memory", f"{limits.cpu_seconds} CPU seconds in all "
                "(every move at the time limit)",
                "no new processes", f"{limits.output_bytes // 1024} KB written (printed output "
                "is kept, up to that)"]
        if self.bubblewrap:
            said += ["no network", "no other processes in sight",
                     "every file read-only but its own fresh folder; the contest's folders hidden"]
        if self.as_root:
            said += ["a user id of its own: no student's files, no other player's folder"]
        return said

    def limits_missing(self) -> list[str]:
        """Each confinement that does not apply here, and why, in words: said in the report."""
        missing = []
        if not self.bubblewrap:
            missing += [f"network and files are NOT confined: {self.without_bubblewrap}"]
        if not self.as_root:
            missing += ["players run as this account (as root, with bubblewrap, each gets a user "
                        "id of its own): they can read the files this account can read outside "
                        "its home"]
        return missing

    def command(self, folder: Path, seat: list[str], uid: int) -> list[str]:
        """The command that runs ``seat`` (a command line) confined, in ``folder``: as root,
        bubblewrap (which can reach the course's Python in /root, and show it) hands over to
        ``setpriv``, which drops to user id ``uid`` with no capabilities and no way to regain
        any; as another account, bubblewrap runs the seat in namespaces of that account's."""
        if not self.bubblewrap:
            return seat
        hide = [arg for hidden in self.hidden for arg in ("--tmpfs", str(hidden))]
        mounts = ["--ro-bind", "/", "/", *_shown_read_only(self.as_root), "--dev", "/dev",
                  "--proc", "/proc", *hide,
                  "--bind", str(folder), INSIDE, "--chdir", INSIDE, "--die-with-parent",
                  "--new-session"]
        if not self.as_root:
            return [self.bubblewrap, *mounts, "--unshare-all", "--", *seat]
        return [self.bubblewrap, *mounts, "--unshare-ipc", "--unshare-pid", "--unshare-net",
                "--unshare-uts", "--unshare-cgroup-try",
                *(arg for cap in ("CAP_SETUID", "CAP_SETGID", "CAP_SETPCAP")
                  for arg in ("--cap-add", cap)),
                "--", "setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups",
                "--no-new-privs", "--bounding-set=-all", "--inh-caps=-all", *seat]

    def seat_folder(self, folder: Path) -> str:
        """The working folder as the player sees it."""
        return INSIDE if self.bubblewrap else str(folder)


def _shown_read_only(as_root: bool) -> list[str]:
    """bubblewrap's options that hide behind empty folders the shared /tmp and /var/tmp, the
    runner's home, and any folder other accounts may not enter, then show in them, read-only,
    what a seat needs: the course's Python (pyenv puts it in /root) and the ttt package (a clone
    in the home, with its .venv; anywhere, even in /tmp)."""
    needed = sorted({Path(sys.prefix), Path(sys.base_prefix),
                     Path(__file__).resolve().parents[2]})
    closed = {folder for path in needed for folder in path.parents
              if folder != Path("/") and not folder.stat().st_mode & 0o001}
    closed |= {Path("/tmp"), Path("/var/tmp"), *([] if as_root else [Path.home()])}
    outermost = [folder for folder in closed if not any(other in folder.parents
                                                        for other in closed)]
    return [*(arg for folder in sorted(outermost) for arg in ("--tmpfs", str(folder))),
            *(arg for path in needed for arg in ("--ro-bind", str(path), str(path)))]


def _try_bubblewrap(jail: Jail) -> tuple[str | None, str]:
    """bubblewrap's path if it runs a command here as a player would run, else None and why."""
    program = shutil.which("bwrap")
    if not program:
        return None, "bubblewrap is not installed (Debian: apt-get install bubblewrap)"
    folder = Path(tempfile.mkdtemp(prefix="ttt-seat-check-"))
    try:
        trial = Jail(jail.hidden, jail.as_root, program)
        _give(folder, FIRST_UID, jail.as_root)
        done = subprocess.run(trial.command(folder, ["/bin/true"], FIRST_UID),
                              capture_output=True, text=True, timeout=30)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if done.returncode:
        return None, f"bubblewrap cannot start here ({done.stderr.strip()[:120]})"
    return program, ""


def _give(path: Path, uid: int, as_root: bool) -> None:
    """Make ``path`` the player's alone: its owner (as root)."""
    if as_root:
        os.chown(path, uid, uid)


def _moves_so_far(value: object, name: str) -> None:
    """The argument rule of the moves of a game so far: a list of moves (whole numbers, not
    negative); the seat's player checks them against its game."""
    if not isinstance(value, list):
        raise TypeError(f"{name} is the list of the moves so far, got {value!r:.60}")
    for move in value:
        at_least(0)(move, f"each of the {name}")


@checked(uid=at_least(0), game=a_game)
class Seat:
    """One player's process: started, asked for moves against the clock, restarted after a
    failure, stopped. The player's entry file (or ``builtin:NAME``) is copied into a fresh folder
    of its own."""

    def __init__(self, entry: str, source: str | None, game: str, limits: Limits, jail: Jail,
                 uid: int) -> None:
        self.entry, self.source, self.game = entry, source, game
        self.limits, self.jail, self.uid = limits, jail, uid
        self.process: subprocess.Popen | None = None
        self.folder: Path | None = None
        self.output_fd = -1
        self.pending = b""

    def start(self) -> None:
        """A fresh process in a fresh folder."""
        self.folder = Path(tempfile.mkdtemp(prefix="ttt-seat-"))
        inside = self.jail.seat_folder(self.folder)
        entry = self.entry
        if self.source is not None:
            (self.folder / "entry.py").write_text(self.source, encoding="utf-8")
            entry = f"{inside}/entry.py"
        for path in (self.folder, *self.folder.iterdir()):
            _give(path, self.uid, self.jail.as_root)
        # the runner keeps its own handle on the output: the player may replace the file itself
        self.output_fd = os.open(self.folder / "output.txt",
                                 os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW, 0o600)
        seat = [sys.executable, "-I", "-m", "ttt.contest.seat", "--game", self.game,
                "--entry", entry, "--memory-mb", str(self.limits.memory_mb),
                "--cpu-seconds", str(self.limits.cpu_seconds),
                "--output-bytes", str(self.limits.output_bytes)]
        self.process = subprocess.Popen(
            self.jail.command(self.folder, seat, self.uid), stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=self.output_fd, cwd=self.folder, start_new_session=True,
            env={"PATH": "/usr/bin:/bin", "HOME": inside, "LANG": "C.UTF-8"})
        self.pending = b""

    @checked
    def new_game(self, seed: int) -> Fault | None:
        """Start a game: the player made afresh with ``seed``. A Fault if it cannot play."""
        if self.process is None or self.process.poll() is not None:
            self.stop()
            self.start()
        answer = self._ask({"new": seed}, self.limits.start_seconds, "to get ready")
        if isinstance(answer, Fault):
            return answer
        return _fault_of(answer.get("error")) if "error" in answer else None

    @checked(moves=_moves_so_far)
    def move(self, moves: list[Any]) -> Any:
        """The player's move after ``moves``, or a Fault saying why there is none."""
        if self.process is None:
            return Fault("was asked for a move before its game began")
        answer = self._ask({"moves": moves}, self.limits.move_seconds, "to move")
        if isinstance(answer, Fault):
            return answer
        if "move" in answer:
            return answer["move"]
        if "nonsense" in answer:
            return Fault(f"returned {answer['nonsense']}, which is not a move")
        return _fault_of(answer.get("error"))

    def printed(self) -> str:
        """The start of what the player printed this game: the report keeps ``_KEPT_OUTPUT``
        characters (the limit on bytes written bounds the whole)."""
        if self.output_fd < 0:
            return ""
        return os.pread(self.output_fd, _KEPT_OUTPUT, 0).decode("utf-8", "replace")

    def stop(self) -> None:
        """End the process (and whatever it started), remove its folder."""
        if self.process is not None:
            _kill(self.process)
            self.process = None
        if self.output_fd >= 0:
            os.close(self.output_fd)
            self.output_fd = -1
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    def _ask(self, request: dict, seconds: float, doing: str) -> dict | Fault:
        """Send ``request``; the answer within ``seconds``, or a Fault (and the process ended:
        it may still be running, or be gone)."""
        assert self.process is not None and self.process.stdin and self.process.stdout
        try:
            self.process.stdin.write((json.dumps(request) + "\n").encode())
            self.process.stdin.flush()
        except BrokenPipeError:
            return self._lost(self._ended())
        line = self._read_line(time.monotonic() + seconds)
        if isinstance(line, Fault):
            return self._lost(line)
        if line is None:
            return self._lost(Fault(f"took longer than {seconds:g} s {doing}")
                              if self.process.poll() is None else self._ended())
        try:
            answer = json.loads(line)
        except ValueError:
            return self._lost(Fault("sent nonsense instead of a move"))
        return answer if isinstance(answer, dict) else self._lost(Fault("sent nonsense"))

    def _read_line(self, deadline: float) -> bytes | Fault | None:
        """The next line from the seat by ``deadline``; None if none came (or the pipe closed)."""
        assert self.process is not None and self.process.stdout
        pipe = self.process.stdout.fileno()
        while b"\n" not in self.pending:
            if len(self.pending) > _LONGEST_ANSWER:
                return Fault("sent more than 64 KB for one move")
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([pipe], [], [], left)[0]:
                return None
            chunk = os.read(pipe, 65536)
            if not chunk:
                return None
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return line

    def _ended(self) -> Fault:
        """Why the process is gone: its exit code or signal, in words."""
        assert self.process is not None
        code = self.process.wait()
        if code < 0:
            return Fault(f"was ended by the signal {signal.Signals(-code).name} (a limit it hit)")
        return Fault(f"ended its process (exit code {code})")

    def _lost(self, fault: Fault) -> Fault:
        """End the process after a failure: it is started afresh for the next game."""
        assert self.process is not None
        _kill(self.process)
        return fault


def _kill(process: subprocess.Popen) -> None:
    """End ``process`` and its process group, and collect it."""
    with contextlib.suppress(ProcessLookupError):  # it may be gone already
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    for pipe in (process.stdin, process.stdout):
        if pipe:
            pipe.close()


#: Why an error the player raised happened, where its type or errno says: errno -> words.
_BECAUSE = {11: "it tried to start another process, which the contest forbids",
            13: "it tried to reach files that are not its own",
            2: "it looked for a file that is not in its folder",
            30: "it tried to write outside its own folder",
            27: "it wrote more than the contest allows",
            101: "it tried to use the network, which the contest cuts off",
            111: "it tried to use the network, which the contest cuts off",
            97: "it tried to use the network, which the contest cuts off"}


def _fault_of(error: dict | None) -> Fault:
    """A Fault from the seat's description of an error the player raised."""
    if not error:
        return Fault("sent an answer without a move")
    said = f"raised {error['type']}" + (f" ({error['message']})" if error["message"] else "")
    if error["type"] == "MemoryError":
        return Fault(f"{said}: it ran out of the memory the contest allows")
    because = _BECAUSE.get(error.get("errno"))
    return Fault(f"{said}: {because}" if because else said)
