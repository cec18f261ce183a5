"""Where each player runs: a process of its own (``ttt.contest.seat``), confined as far as this
computer allows, and asked for each move against a clock.

Everywhere: a time limit per move (the runner stops waiting, and stops the process), and the
seat's own resource limits (memory, CPU seconds, no new processes, bytes written, which also
bound what it prints). Where bubblewrap (Debian's ``bubblewrap``) can start, each player also
runs without network or other processes, in a view of the computer of its own: the system's
programs and libraries, the course's Python and the ``ttt`` package, all read-only, and its own
fresh working folder; nothing else, so none of the teacher's files, the rest of the course's
clone included. Run as root (the class hub's teacher, or CI), each player also runs as a user id
of its own with no account behind it, so it can read no other player's folder; as root without
bubblewrap nothing runs (``CannotConfine``): its players would be root.

The view is built, not borrowed: wherever the course lives (a home of mode 0700, ``/root``, a
folder of ``mktemp -d``), the folders on the way to the Python and the package are made in it
passable, since a player that runs under a user id of its own must reach them. Before the first
game, one seat loads a real player and answers a real move inside the jail; if it cannot, the
contest does not start (``CannotConfine``, saying why and what to do). ``Jail.limits_in_force``
says which limits apply, and the report prints it.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import secrets
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ttt.catalogue import a_game_name, game_named
from ttt.core.arguments import at_least, checked, within

__all__ = ["CannotConfine", "Fault", "Jail", "Limits", "Seat"]

#: The user ids the players run as, when the runner is root: far above any account's.
FIRST_UID = 2_000_000_000
#: Where a player's working folder appears inside bubblewrap.
INSIDE = "/tmp/seat"
#: How much of what a player prints in a game the report keeps.
_KEPT_OUTPUT = 4096
#: The longest answer line a seat may send: more is nonsense.
_LONGEST_ANSWER = 64 * 1024
#: How long a player whose pipe closed has to end, at least: a sandbox exits a moment after
#: the process inside it
_GRACE_SECONDS = 5.0
#: The fewest megabytes a seat's Python gets: importing the course and answering a move took 160
#: on Linux with CPython 3.11; less and every game would be lost to a MemoryError.
_LEAST_MEMORY_MB = 256
#: The system's own folders a player's Python needs, shown read-only (or as the links they are).
_SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
           "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime")
_SYSTEM_PATHS = [Path(name) for name in _SYSTEM]

_A_LIMIT_IN_SECONDS = within(0, 24 * 3600, "a number of seconds, more than 0 and at most a day",
                  low_open=True)


def _cpu_seconds(value: object, name: str) -> None:
    """The argument rule of the CPU seconds: None (the budget of every move at the time limit) or
    a whole number of at least 1."""
    if value is not None:
        at_least(1)(value, name)


@checked(move_seconds=_A_LIMIT_IN_SECONDS, start_seconds=_A_LIMIT_IN_SECONDS,
         memory_mb=at_least(_LEAST_MEMORY_MB, 1_000_000, " (a terabyte)"),
         cpu_seconds=_cpu_seconds, output_bytes=at_least(1024, 2 ** 40, " (a terabyte)"))
@dataclass(frozen=True)
class Limits:
    """What each player may use: seconds a move, seconds to load its file at each game's start
    (and for the process to start), megabytes of memory, CPU seconds in all (by default what
    every move of every game at the time limit would take: ``cpu_budget``), bytes written. A
    value that makes no sense (0 seconds, NaN, -5 MB) is refused: every game would be decided
    by failures."""

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


class CannotConfine(RuntimeError):
    """No player can play here as the contest must run it: as root without bubblewrap (every
    player would be root), or a seat that cannot load a player and answer a move in its jail."""


@dataclass(frozen=True)
class Fault:
    """Why a player lost a game, as the end of a sentence ("ada (X) took longer than ...")."""

    why: str


@dataclass
class Jail:
    """How this computer confines a player: as root, a user id per player; with bubblewrap, no
    network and a view of its own (``shown_read_only``: the Python and the package; its own
    folder writable); ``hidden`` folders (the contest's) out of sight should they lie inside."""

    hidden: list[Path] = field(default_factory=list)
    as_root: bool = False
    bubblewrap: str | None = None
    without_bubblewrap: str = ""
    shown_read_only: list[Path] = field(default_factory=list)

    @classmethod
    def for_this_computer(cls, hidden: list[Path], game: str = "tic-tac-toe",
                          limits: Limits | None = None) -> Jail:
        """The strictest confinement this computer allows, shown to work: bubblewrap if it
        starts here, and as root a user id per player; then a seat in it must load a course
        player and answer a real move of ``game`` within ``limits``. CannotConfine, saying why,
        if as root bubblewrap cannot start (the players would run as root) or if the seat fails.

        A hidden folder that is not there yet (the report's) has nothing to hide, and bubblewrap
        cannot make its mount point in the read-only root."""
        jail = cls(hidden=[folder.resolve() for folder in hidden if folder.exists()],
                   as_root=os.geteuid() == 0, shown_read_only=_python_and_course())
        jail.bubblewrap, jail.without_bubblewrap = _try_bubblewrap(jail)
        if jail.as_root and not jail.bubblewrap:
            raise CannotConfine(f"as root, every player would run as root, unconfined: "
                                f"{jail.without_bubblewrap}; make it start, or run the contest "
                                f"as an account of its own")
        _check_a_real_seat(jail, game, limits or Limits())
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
                     "only the system, the course's Python and the ttt package in sight, "
                     "read-only, and its own fresh folder"]
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
        bubblewrap hands over to ``setpriv``, which drops to user id ``uid`` with no capabilities
        and no way to regain any; as another account, bubblewrap runs the seat in namespaces of
        that account's."""
        if not self.bubblewrap:
            return seat
        hide = [arg for hidden in self.hidden if _inside_any(hidden, self.shown_read_only)
                for arg in ("--tmpfs", str(hidden))]
        mounts = [*_system_shown(), *_shown_where_they_are(self.shown_read_only), *hide,
                  "--dev", "/dev", "--proc", "/proc", "--perms", "0755", "--dir", "/tmp",
                  "--bind", str(folder), INSIDE, "--remount-ro", "/", "--chdir", INSIDE,
                  "--die-with-parent", "--new-session"]
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


def _python_and_course() -> list[Path]:
    """What a seat needs beyond the system, outermost first: this Python (its prefixes, where its
    program really is, each ``site-packages`` on its path: a venv's, pyenv's in /root) and the
    ``ttt`` package alone, not the clone around it (an editable install finds the package by
    its path)."""
    python = {Path(sys.prefix), Path(sys.base_prefix), Path(sys.executable).resolve().parent,
              *(Path(entry) for entry in sys.path
                if Path(entry).name in ("site-packages", "dist-packages"))}
    needed = {path.resolve() for path in (*python, _package()) if path.is_dir()}
    return sorted(path for path in needed if not _inside_any(path, needed - {path}))


def _package() -> Path:
    """The folder of the ``ttt`` package this runner imported: the one its seats import too."""
    return Path(__file__).resolve().parents[1]


def _inside_any(path: Path, folders: object) -> bool:
    """Whether ``path`` is one of ``folders`` or inside one."""
    return any(path == folder or folder in path.parents for folder in folders)


def _system_shown() -> list[str]:
    """bubblewrap's options that show the system's programs and libraries read-only: a link
    (``/bin`` to ``usr/bin`` on Debian) as the same link."""
    shown = ["--perms", "0755", "--dir", "/etc"]  # for the files of it shown (made 0700 else)
    for name in _SYSTEM:
        path = Path(name)
        if path.is_symlink():
            shown += ["--symlink", os.readlink(path), name]
        elif path.exists():
            shown += ["--ro-bind", name, name]
    return shown


def _shown_where_they_are(paths: list[Path]) -> list[str]:
    """bubblewrap's options that show ``paths`` read-only where they are, each folder on the way
    made first with mode 0755: bubblewrap makes a missing one 0700, owned by root, which a player
    of a user id of its own could not pass."""
    on_the_way = sorted({folder for path in paths for folder in path.parents
                         if folder != Path("/") and not _inside_any(folder, _SYSTEM_PATHS)},
                        key=lambda folder: len(folder.parts))
    return [*(arg for folder in on_the_way for arg in ("--perms", "0755", "--dir", str(folder))),
            *(arg for path in paths for arg in ("--ro-bind", str(path), str(path)))]



def _try_bubblewrap(jail: Jail) -> tuple[str | None, str]:
    """bubblewrap's path if it starts a command here as a player would be started, else None
    and why (a computer that allows no namespaces, a container)."""
    program = shutil.which("bwrap")
    if not program:
        return None, "bubblewrap is not installed (Debian: apt-get install bubblewrap)"
    folder = Path(tempfile.mkdtemp(prefix="ttt-seat-check-"))
    try:
        trial = Jail(jail.hidden, jail.as_root, program, shown_read_only=jail.shown_read_only)
        _give(folder, FIRST_UID, jail.as_root)
        done = subprocess.run(trial.command(folder, ["/bin/true"], FIRST_UID),
                              capture_output=True, text=True, timeout=30)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if done.returncode:
        return None, f"bubblewrap cannot start here ({done.stderr.strip()[:120]})"
    return program, ""


def _check_a_real_seat(jail: Jail, game: str, limits: Limits) -> None:
    """CannotConfine unless a seat in ``jail`` loads a course player and answers a legal first
    move of ``game``: the one check that shows the players can play, before any game counts."""
    start = game_named(game)
    limits = replace(limits, cpu_seconds=limits.cpu_budget(1, start.free_cells))
    seat = Seat("builtin:random", None, game, limits, jail, FIRST_UID)
    try:
        answer = seat.new_game(0) or seat.move([])
    finally:
        seat.stop()
    if isinstance(answer, Fault) or answer not in start.legal_moves:
        why = answer.why if isinstance(answer, Fault) else f"answered {answer!r:.40}"
        raise CannotConfine(f"no player can play here: a course player in the contest's jail "
                            f"{why}; {_what_to_do(jail, why)}")


def _what_to_do(jail: Jail, why: str) -> str:
    """The fix for a seat that cannot play, as far as this computer shows it."""
    if jail.as_root:
        closed = [path for path in jail.shown_read_only if not _open_to_all(path)]
        if closed:
            return (f"each player runs as a user id of its own, and {closed[0]} is closed to "
                    f"other accounts: chmod -R a+rX {closed[0]}")
    if "MemoryError" in why:
        return "give each player more memory (--memory-mb)"
    return ("it is not a player's fault: the words above say what this computer refuses "
            "(site/contest.md, 'When the contest refuses to run')")


def _open_to_all(folder: Path) -> bool:
    """Whether every account may read ``folder`` and what is at its top level."""
    def readable(path: Path) -> bool:
        needed = 0o005 if path.is_dir() else 0o004
        return path.stat().st_mode & needed == needed
    return all(readable(path) for path in (folder, *folder.iterdir()) if not path.is_symlink())


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


@checked(uid=at_least(0), game=a_game_name)
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
        seat = [sys.executable, "-I", "-c", _SEAT, str(_package().parent), "--game", self.game,
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
        it may still be running, or be gone). Each request carries a number drawn afresh, which
        its answer must repeat: a line the player wrote ahead into the pipe, which cannot know
        it, is an answer nobody asked for, and loses."""
        assert self.process is not None and self.process.stdin and self.process.stdout
        asked = secrets.token_hex(8)
        try:
            self.process.stdin.write((json.dumps({**request, "id": asked}) + "\n").encode())
            self.process.stdin.flush()
        except BrokenPipeError:
            return self._lost(self._ended())
        line = self._read_line(time.monotonic() + seconds)
        if isinstance(line, Fault):
            return self._lost(line)
        if line is None:
            return self._lost(Fault(f"took longer than {seconds:g} s {doing}"))
        try:
            answer = json.loads(line)
        except ValueError:
            return self._lost(Fault("sent nonsense instead of a move"))
        if not isinstance(answer, dict):
            return self._lost(Fault("sent nonsense instead of a move"))
        if answer.pop("id", None) != asked:
            return self._lost(Fault("sent an answer it was not asked for"))
        return answer

    def _read_line(self, deadline: float) -> bytes | Fault | None:
        """The next line from the seat by ``deadline``; None if none came; a Fault if the pipe
        closed (the player's process ending: its pipe can close before the sandbox around it
        has exited, so a closed pipe is never read as time running out)."""
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
                return self._ended(max(deadline - time.monotonic(), _GRACE_SECONDS))
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return line

    def _ended(self, seconds: float | None = None) -> Fault:
        """Why the process is gone: its exit code (with the last line it printed: a traceback's
        error) or signal, in words; waiting ``seconds`` at most for it to end (None: as long
        as it takes)."""
        assert self.process is not None
        try:
            code = self.process.wait(seconds)
        except subprocess.TimeoutExpired:
            return Fault("closed its output and went on running")
        if code < 0:
            return Fault(f"was ended by the signal {signal.Signals(-code).name} (a limit it hit)")
        last = self.printed().strip().splitlines()[-1:]
        said = f" (its last words: {last[0][:160]})" if last else ""
        return Fault(f"ended its process (exit code {code}){said}")

    def _lost(self, fault: Fault) -> Fault:
        """End the process after a failure: it is started afresh for the next game."""
        assert self.process is not None
        _kill(self.process)
        return fault


#: How a seat starts: the ``ttt`` package this runner imported first on the path (the seat's
#: Python is isolated, ``-I``, so nothing of the runner's environment or folder counts).
_SEAT = ("import sys; sys.path.insert(0, sys.argv.pop(1)); "
         "from ttt.contest.seat import main; main(sys.argv[1:])")


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
