"""Hostile players in the class contest (ttt.contest), each in a test of its own: each is
contained, loses its games with a sentence saying why, and the games between the honest players
are the same as in the contest without it (moves and results).

The honest field: ada, a student's entry in the contest folder (its source holds a secret no other
player may learn), and the course's random player. Each test adds mallory, a hostile entry.

The contest run as an account that is not root is tested in test_where_the_course_lives.py.
"""

from __future__ import annotations

import json
import re
import shutil
import socket
import textwrap
import uuid
from pathlib import Path

import pytest

import ttt
from ttt.contest.running import Contest, Entry, run_contest
from ttt.contest.sandbox import Limits

SECRET = "ada-secret-" + uuid.uuid4().hex
HONEST = textwrap.dedent(f"""
    import random

    # {SECRET}
    def pick(position):
        return random.choice(position.legal_moves)

    PLAYER = pick
    """)
#: Limits for the hostile players: a long move and a long start, as a seat's Python starts and
#: works slowly on a machine busy with the rest of the suite (with both cores busy, a player that
#: reads /proc or imports the contest took longer than 2 s and lost on time, not by its error);
#: only the infinite loop's test, which is about time, has a short move (ON_TIME).
LIMITS = Limits(move_seconds=60, start_seconds=120, memory_mb=512, output_bytes=2 ** 20)
ON_TIME = Limits(move_seconds=2, start_seconds=120, memory_mb=512, output_bytes=2 ** 20)


@pytest.fixture(scope="module")
def contest_folder(tmp_path_factory) -> Path:
    """The contest folder, with ada's entry, readable only by its owner."""
    if not shutil.which("bwrap"):
        pytest.fail("bubblewrap confines the players and is not installed: "
                    "scripts/setup-system --contest (make test installs it)")
    folder = tmp_path_factory.mktemp("contest")
    (folder / "ada.py").write_text(HONEST)
    (folder / "ada.py").chmod(0o600)
    return folder


def contest_with(folder: Path, *hostile: Entry, limits: Limits = LIMITS) -> Contest:
    """The contest of ada, the random player and ``hostile``, seed 7."""
    return run_contest([Entry("ada", HONEST), Entry("random"), *hostile], seed=7, limits=limits,
                       references=False, hidden=[folder])


@pytest.fixture(scope="module")
def honest_games(contest_folder) -> dict:
    """The honest players' games without mallory: (X, O) -> (moves, winner)."""
    return honest_games_of(contest_with(contest_folder))


def honest_games_of(contest: Contest) -> dict:
    """The games between two honest players: (X, O) -> (moves, winner)."""
    return {(game.x, game.o): (game.moves, game.winner) for game in contest.games
            if "mallory" not in (game.x, game.o)}


def mallory_sentences(folder: Path, honest_games: dict, body: str,
                      limits: Limits = LIMITS) -> list[str]:
    """Run the contest with mallory, whose player is ``body`` (the inside of ``play``):
    check that mallory lost every game by a failure and the honest games did not change, and
    that ada's secret appears nowhere in the results; mallory's sentences."""
    source = "def play(position):\n" + textwrap.indent(textwrap.dedent(body), "    ") + \
        "\nPLAYER = play\n"
    contest = contest_with(folder, Entry("mallory", source), limits=limits)
    games = [game for game in contest.games if "mallory" in (game.x, game.o)]
    assert len(games) == 4
    assert all(game.winner != "mallory" and re.fullmatch(
        r"At move [12], mallory \([XO]\) .*, so it loses the game\.", game.sentence)
        for game in games), [game.sentence for game in games]
    assert honest_games_of(contest) == honest_games
    assert SECRET not in json.dumps(contest.as_json())
    return [game.sentence for game in games]


@pytest.mark.slow
def test_an_infinite_loop_loses_on_time(contest_folder, honest_games):
    sentences = mallory_sentences(contest_folder, honest_games, "while True:\n    pass", ON_TIME)
    assert all("took longer than 2 s to move, so" in said for said in sentences)


def test_a_memory_bomb_runs_out_of_memory(contest_folder, honest_games):
    sentences = mallory_sentences(contest_folder, honest_games, """
        hoard = []
        while True:
            hoard.append(bytearray(64 * 2 ** 20))
        """, Limits(move_seconds=20, start_seconds=120, memory_mb=512))  # time to fill 512 MB
    assert all("raised MemoryError: it ran out of the memory the contest allows" in said
               for said in sentences)


def test_a_fork_bomb_starts_no_process(contest_folder, honest_games):
    sentences = mallory_sentences(contest_folder, honest_games, """
        import os
        while True:
            os.fork()
        """)
    assert all("raised BlockingIOError" in said and "tried to start another process" in said
               for said in sentences)


def test_reading_another_students_entry_fails(contest_folder, honest_games):
    sentences = mallory_sentences(contest_folder, honest_games, f"""
        text = open({str(contest_folder / "ada.py")!r}).read()
        raise RuntimeError("stolen: " + text)
        """)
    # Not there (the contest folder is hidden), or not to be reached (a folder on the way is
    # closed to the player's account): either way ada's secret is not read (mallory_sentences).
    assert all(re.search(r"raised (FileNotFoundError|PermissionError) .*ada\.py", said)
               for said in sentences), sentences


def test_writing_outside_its_folder_fails(contest_folder, honest_games):
    target = Path(ttt.__file__).parent / f"escaped-{uuid.uuid4().hex}.txt"
    sentences = mallory_sentences(contest_folder, honest_games, f"""
        open({str(target)!r}, "w").write("escaped")
        return position.legal_moves[0]
        """)
    assert not target.exists()
    assert all("raised OSError" in said and "tried to write outside its own folder" in said
               for said in sentences)


def test_opening_a_socket_reaches_nothing(contest_folder, honest_games):
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
        sentences = mallory_sentences(contest_folder, honest_games, f"""
            import socket
            socket.create_connection(("127.0.0.1", {port}), timeout=1).sendall(b"hello")
            return position.legal_moves[0]
            """)
        server.setblocking(False)
        with pytest.raises(BlockingIOError):
            server.accept()  # nobody connected
    assert all("raised ConnectionRefusedError" in said and "use the network" in said
               for said in sentences)


def test_importing_the_contest_finds_no_opponent(contest_folder, honest_games):
    sentences = mallory_sentences(contest_folder, honest_games, f"""
        import gc, os, pathlib
        from ttt.contest.entering import contest_folder
        from ttt.contest.running import collect_entries
        found = []
        for folder in (contest_folder(), pathlib.Path({str(contest_folder)!r}),
                       pathlib.Path.home(), pathlib.Path("/tmp")):
            try:  # a folder on the way may be closed to the player: look on
                if folder.is_dir():
                    found += [entry.source for entry in collect_entries(folder)[0]]
            except (OSError, ValueError):
                pass
        found += [text for text in gc.get_objects() if isinstance(text, str) and "ada" in text]
        found += [path.read_text() for path in pathlib.Path("/proc").glob("*/cmdline")]
        raise RuntimeError(f"found {{len(found)}} clues: {{found}}")
        """)
    assert all("raised RuntimeError (found" in said for said in sentences), sentences


def test_returning_nonsense_loses(contest_folder, honest_games):
    sentences = mallory_sentences(contest_folder, honest_games, 'return {"cell": 4}')
    assert all("returned \"{'cell': 4}\", which is not a move (a whole number)" in said
               for said in sentences)


def test_printing_megabytes_is_cut_short(contest_folder, honest_games):
    sentences = mallory_sentences(contest_folder, honest_games, """
        while True:
            print("spam " * 100_000)
        """)
    assert all("raised OSError ([Errno 27] File too large): it wrote more than the contest "
               "allows" in said for said in sentences)


def test_a_crash_loses_with_its_error(contest_folder, honest_games):
    sentences = mallory_sentences(contest_folder, honest_games, "return 1 // 0")
    assert all("raised ZeroDivisionError (integer division or modulo by zero), so" in said
               for said in sentences)




def test_answers_written_ahead_into_its_pipe_are_not_taken(contest_folder, honest_games):
    # every pipe the seat holds gets a first move for each of the requests to come
    sentences = mallory_sentences(contest_folder, honest_games, """
        import os
        for descriptor in range(3, 64):
            try:
                os.write(descriptor, b'{"move": 0}\\n' * 9)
            except OSError:
                pass
        return position.legal_moves[0]
        """)
    assert all("sent an answer it was not asked for" in said for said in sentences), sentences


def test_the_course_clone_is_out_of_sight(contest_folder, honest_games):
    clone = Path(ttt.__file__).resolve().parents[1]
    sentences = mallory_sentences(contest_folder, honest_games, f"""
        import os
        seen = sorted(os.listdir({str(clone)!r}))
        try:
            read = len(open({str(clone / "README.md")!r}).read())
        except OSError as error:
            read = type(error).__name__
        raise RuntimeError(f"saw {{seen}}, README {{read}}")
        """)
    # the clone is there only as the way to the package (and its .venv): no README, tests, build
    for said in sentences:
        seen = re.search(r"saw \[(.*)\], README FileNotFoundError", said)
        assert seen and set(seen.group(1).replace("'", "").split(", ")) <= {"ttt", ".venv"}, said
