"""Tests of the class contest (ttt.contest): entering a player, running a contest from its seed,
the ratings, the report and the command. The hostile players are in test_contest_hostile.py.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import runpy
import stat
import subprocess
import sys
import textwrap

import pytest

from ttt.catalogue import game_named
from ttt.contest import enter_contest
from ttt.contest.__main__ import main
from ttt.contest.entering import entry_source, student_name
from ttt.contest.games import reference_players
from ttt.contest.rating import leaderboard
from ttt.contest.report import write_report
from ttt.contest.running import Entry, Game, collect_entries, game_seed, run_contest, swiss_round
from ttt.contest.sandbox import CannotConfine, Limits
from ttt.games.board import Board
from ttt.games.mnk import ConnectFour
from ttt.play.matches import play_game
from ttt.play.players import random_player

#: A student's player as a lesson's cells hold it: a helper, a constant, imports.
STUDENT_CELLS = textwrap.dedent("""
    import random as chance
    from ttt.play.players import winning_moves

    CENTRE = 4

    def prefer_centre(position):
        return CENTRE if CENTRE in position.legal_moves else None

    def my_player(position):
        wins = winning_moves(position)
        return wins[0] if wins else prefer_centre(position) or chance.choice(position.legal_moves)

    OPENINGS = {0: 4}

    def book_player(position):
        return OPENINGS[position.moves_made]
    """)


#: Limits no honest player meets on a machine busy with the rest of the suite: a contest's
#: results here must not depend on the machine's load.
PATIENT = Limits(move_seconds=30, start_seconds=120)


@pytest.fixture
def student_module(tmp_path):
    """The student's cells, as a module of their own (a notebook's __main__)."""
    path = tmp_path / "lesson_cells.py"
    path.write_text(STUDENT_CELLS)
    spec = importlib.util.spec_from_file_location("lesson_cells", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_an_entry_carries_the_helpers_imports_and_constants(student_module, tmp_path):
    source = entry_source(student_module.my_player)
    assert "import random as chance" in source
    assert "from ttt.play.players import winning_moves" in source
    assert "CENTRE = 4" in source and "def prefer_centre" in source
    assert source.rstrip().endswith("PLAYER = my_player")
    entry = tmp_path / "entry.py"
    entry.write_text(source)
    player = runpy.run_path(str(entry))["PLAYER"]
    # X X .
    # O O .
    # . . .    X to move wins at 2
    assert player(Board.from_string("XX.|OO.|...")) == 2
    assert player(Board()) == 4
    assert play_game(player, random_player(1)).winner in ("X", "O", None)


def test_a_course_player_made_by_a_call_travels_as_a_call_of_make_player(tmp_path):
    # lesson 6's "a player of your own": backup(board) asks two-layer
    cells = tmp_path / "lesson_6_cells.py"
    cells.write_text("from ttt.play.players import two_layer_player\n\nbackup = two_layer_player("
                     "seed=21)\n\ndef my_player(board):\n    return 4 if board[4] == '.' "
                     "else backup(board)\n")
    source = entry_source(runpy.run_path(str(cells), run_name="lesson_6_cells")["my_player"])
    assert "backup = _make_player('two-layer', seed=_random.getrandbits(32))" in source
    (tmp_path / "entry.py").write_text(source)
    player = runpy.run_path(str(tmp_path / "entry.py"))["PLAYER"]
    # X X .
    # O O .
    # . . .    X to move, the centre taken: two-layer's win at 2
    assert player(Board.from_string("XX.|OO.|...")) == 2
    assert player(Board()) == 4


def test_entering_writes_the_students_file_privately(student_module, tmp_path, monkeypatch):
    monkeypatch.setenv("JUPYTERHUB_USER", "ada")
    path = enter_contest(student_module.my_player, tmp_path)
    assert path == tmp_path / "ada.py"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert "def my_player" in path.read_text()
    enter_contest(student_module.prefer_centre, tmp_path)  # entering again replaces the entry
    assert sorted(os.listdir(tmp_path)) == ["ada.py", "lesson_cells.py"]
    assert "PLAYER = prefer_centre" in path.read_text()


def test_the_name_comes_from_the_hub_else_the_account(monkeypatch):
    monkeypatch.setenv("JUPYTERHUB_USER", "grace")
    assert student_name() == "grace"
    monkeypatch.delenv("JUPYTERHUB_USER")
    assert student_name() == __import__("getpass").getuser()
    monkeypatch.setenv("JUPYTERHUB_USER", "../etc/passwd")
    with pytest.raises(ValueError, match="cannot name a contest entry"):
        student_name()


def test_what_cannot_be_entered_says_why(student_module, tmp_path):
    with pytest.raises(TypeError, match="defined with def"):
        entry_source(lambda position: 0)
    with pytest.raises(ValueError, match="folder: there is no contest folder .*contest open"):
        enter_contest(test_what_cannot_be_entered_says_why, tmp_path / "nowhere")
    with pytest.raises(TypeError, match="cannot carry 'OPENINGS' .dict.*define it inside"):
        entry_source(student_module.book_player)
    table = {0: 1}

    def reads_a_table(position):
        return table[0]

    with pytest.raises(TypeError, match="cannot carry 'table', a variable of the function "
                                        "around reads_a_table"):
        entry_source(reads_a_table)


def test_the_games_and_their_reference_players():
    assert game_named("tic-tac-toe") == Board()
    assert isinstance(game_named("connect-four"), ConnectFour)
    assert game_named("5x4x3").columns == 5
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        game_named("chess")
    assert reference_players("tic-tac-toe") == ["random", "two-layer", "depth-2", "mcts-200",
                                                "perfect"]
    assert "perfect" not in reference_players("connect-four")  # too big to solve


def test_a_game_seed_depends_only_on_its_two_players():
    assert game_seed(1, "ada", "bob") == game_seed(1, "ada", "bob")
    assert len({game_seed(1, "ada", "bob"), game_seed(1, "bob", "ada"),
                game_seed(2, "ada", "bob")}) == 3


@pytest.fixture(scope="module")
def class_of_one(tmp_path_factory):
    """A class of one student (a random player) against the course's players, seed 3, with the
    contest's report."""
    folder = tmp_path_factory.mktemp("contest")
    (folder / "ada.py").write_text("import random\n\ndef play(position):\n    return "
                                   "random.choice(position.legal_moves)\n\nPLAYER = play\n")
    entries, left_out = collect_entries(folder)
    contest = run_contest(entries, seed=3, hidden=[folder], left_out=left_out, limits=PATIENT)
    return contest, write_report(contest, tmp_path_factory.mktemp("report"))


def test_a_class_of_one_plays_the_course(class_of_one):
    contest, _ = class_of_one
    assert contest.players == ["ada", "random", "two-layer", "depth-2", "mcts-200", "perfect"]
    assert len(contest.games) == 6 * 5  # every ordered pairing
    assert not [game.sentence for game in contest.games if game.sentence]
    rows = leaderboard(contest)
    assert sum(row.won for row in rows) == sum(row.lost for row in rows)
    assert all(row.won + row.drawn + row.lost == 10 for row in rows)
    perfect = next(row for row in rows if row.name == "perfect")
    assert perfect.lost == 0  # nobody beats perfect play


def test_the_same_seed_plays_the_same_contest(class_of_one, tmp_path):
    contest, _ = class_of_one
    entries = [Entry("ada", "import random\n\ndef play(position):\n    return random.choice("
                     "position.legal_moves)\n\nPLAYER = play\n")]
    again = run_contest(entries, seed=3, limits=PATIENT)
    assert again.games == contest.games
    assert leaderboard(again) == leaderboard(contest)


def test_the_report_has_a_leaderboard_chart_and_replays(class_of_one):
    contest, index = class_of_one
    page = index.read_text()
    assert '<th scope="col">Rating</th>' in page and '<th scope="row">ada</th>' in page
    assert 'alt="Bar chart of the ratings, best first: ' in page
    replays = sorted((index.parent / "games").glob("*.html"))
    assert len(replays) == len(contest.games)
    first = contest.games[0]
    replay = (index.parent / "games" / "1.html").read_text()
    assert replay.count('<figure class="frame"') == len(first.moves) + 1
    assert json.loads((index.parent / "contest.json").read_text())["seed"] == 3


def test_a_file_not_named_after_a_student_is_left_out(tmp_path):
    (tmp_path / "bad name.py").write_text("PLAYER = None\n")
    (tmp_path / "ada.py").symlink_to(tmp_path / "bad name.py")
    entries, left_out = collect_entries(tmp_path)
    assert entries == []
    assert left_out == ["ada.py is left out: not a player file named after a student.",
                        "bad name.py is left out: not a player file named after a student."]


def test_the_command_opens_a_folder_and_runs_a_contest(tmp_path, capsys):
    folder = tmp_path / "contest"
    assert main(["open", str(folder)]) == 0
    assert stat.S_IMODE(folder.stat().st_mode) == 0o1777
    (folder / "ada.py").write_text("def play(position):\n    return position.legal_moves[0]\n"
                                   "\nPLAYER = play\n")
    assert main(["run", "--folder", str(folder), "--game", "connect-four", "--no-reference",
                 "--out", str(tmp_path / "report")]) == 0
    said = capsys.readouterr().out
    assert "1 entries from" in said and "game connect-four" in said
    assert (tmp_path / "report" / "index.html").exists()


def test_a_player_that_cannot_load_loses_before_the_first_move():
    contest = run_contest([Entry("ada", "PLAYER = 42\n"), Entry("random")], references=False,
                          limits=PATIENT)
    assert {game.sentence for game in contest.games} == {
        "Before the first move, ada (X) raised TypeError (its file defines no PLAYER function "
        "(got 42)), so it loses the game.",
        "Before the first move, ada (O) raised TypeError (its file defines no PLAYER function "
        "(got 42)), so it loses the game."}


def test_without_bubblewrap_the_contest_says_what_is_not_confined(monkeypatch):
    monkeypatch.setattr("ttt.contest.sandbox.shutil.which", lambda program: None)
    if os.geteuid() == 0:  # as CI runs: every player would run as root, so it plays no game
        with pytest.raises(CannotConfine, match="as root, every player would run as root, "
                           "unconfined: bubblewrap is not installed"):
            run_contest([Entry("random"), Entry("two-layer")], references=False)
        return
    contest = run_contest([Entry("random"), Entry("two-layer")], references=False,
                          limits=PATIENT)
    assert contest.missing[0] == ("network and files are NOT confined: bubblewrap is not "
                                  "installed (Debian: apt-get install bubblewrap)")
    assert "no network" not in contest.in_force and "no new processes" in contest.in_force
    assert len(contest.games) == 2 and not any(game.sentence for game in contest.games)


def test_a_report_folder_not_made_yet_leaves_bubblewrap_working(tmp_path, capsys):
    # bubblewrap cannot hide a folder that is not there: it would not start at all
    (tmp_path / "ada.py").write_text("def play(position):\n    return position.legal_moves[0]"
                                     "\n\nPLAYER = play\n")
    assert main(["run", "--folder", str(tmp_path), "--no-reference",
                 "--out", str(tmp_path / "not-yet" / "report")]) == 0
    contest = json.loads((tmp_path / "not-yet" / "report" / "contest.json").read_text())
    assert "no network" in contest["in_force"], contest["missing"]


@pytest.mark.skipif(os.geteuid() != 0, reason="only root reads every student's entry")
def test_as_root_an_entry_owned_by_another_account_is_left_out(tmp_path):
    (tmp_path / "ada.py").write_text("PLAYER = print\n")
    (tmp_path / "root.py").write_text("PLAYER = print\n")
    os.chown(tmp_path / "ada.py", 2_100_000_000, 2_100_000_000)  # no account: not ada's
    entries, left_out = collect_entries(tmp_path)
    assert [entry.name for entry in entries] == ["root"]  # root's own file, root's account
    assert left_out == ["ada.py is left out: it belongs to another account than ada's."]


def test_swiss_rounds_pair_equal_scores_who_have_not_met():
    names = ["ada", "bob", "cy", "dee", "eve", "fay", "gus"]
    games = [Game("ada", "bob", 0, winner="ada"), Game("cy", "dee", 0, winner="dee"),
             Game("eve", "fay", 0, winner=None)]
    pairs = swiss_round(names, games, random.Random(1))
    assert len(pairs) == 3  # seven players: one sits out
    paired = [name for pair in pairs for name in pair]
    assert len(set(paired)) == 6
    assert {frozenset(pair) for pair in pairs}.isdisjoint(
        {frozenset(("ada", "bob")), frozenset(("cy", "dee")), frozenset(("eve", "fay"))})
    assert set(pairs[0]) == {"ada", "dee"}  # the two winners meet


def test_a_swiss_contest_plays_its_rounds_and_repeats_from_its_seed():
    field = [Entry(name) for name in ("random", "two-layer", "depth-2", "perfect")]
    contest = run_contest(field, seed=5, references=False, swiss_rounds=2, limits=PATIENT)
    assert len(contest.games) == 2 * 2 * 2  # 2 rounds of 2 pairs, a game each as X
    met = [frozenset((game.x, game.o)) for game in contest.games]
    assert all(met.count(pair) == 2 for pair in met)  # nobody met twice in two rounds
    again = run_contest(field, seed=5, references=False, swiss_rounds=2, limits=PATIENT)
    assert again.games == contest.games


def test_the_cpu_budget_covers_every_move_at_the_time_limit():
    # 10 games of tic-tac-toe (at most 9 moves, about half of them a player's), 1 s a move
    assert Limits(move_seconds=1, start_seconds=30).cpu_budget(10, 9) == 10 * (4.5 + 30) + 60
    assert Limits(cpu_seconds=5).cpu_budget(10, 9) == 5


#: A lesson's cells as a student runs them in Jupyter: a name imported at the notebook's top, a
#: helper in a cell of its own, ``open`` (IPython's own in a notebook), then what cannot travel.
NOTEBOOK_CELLS = [
    "from ttt import LINES\nfrom ttt.contest import enter_contest",
    "def free_lines(position):\n    return [line for line in LINES\n"
    "            if all(position[cell] == '.' for cell in line)]",
    "def my_player(position):\n    try:\n        open('notes.txt').close()\n"
    "    except OSError:\n        pass\n    lines = free_lines(position)\n"
    "    return lines[0][0] if lines else position.legal_moves[0]",
    "print('entered', enter_contest(my_player, FOLDER).name)",
    "table = {0: 4}\ndef by_the_table(position):\n    return table[0]",
    "enter_contest(by_the_table, FOLDER)",
    "enter_contest(lambda position: 0, FOLDER)",
]


def test_entering_from_a_notebook_travels_or_says_one_sentence(tmp_path):
    """The cells run in IPython's shell, as a Jupyter kernel runs them: what can travel does,
    and what cannot is one sentence, no traceback."""
    script = ("import sys\nfrom IPython.core.interactiveshell import InteractiveShell\n"
              f"shell = InteractiveShell.instance()\nshell.user_ns['FOLDER'] = {str(tmp_path)!r}"
              f"\nfor cell in {NOTEBOOK_CELLS!r}:\n    shell.run_cell(cell)\n")
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=120, env={**os.environ, "JUPYTERHUB_USER": "ada"})
    assert ran.stdout.splitlines() == [
        "entered ada.py",
        "CannotEnter: enter_contest cannot carry 'table' (dict) into the contest: define it "
        "inside by_the_table",
        "CannotEnter: player: enter_contest takes a player defined with def (a function from a "
        "position to a move), got a lambda"], ran.stdout + ran.stderr
    source = (tmp_path / "ada.py").read_text()
    assert "from ttt import LINES" in source and "def free_lines" in source
    player = runpy.run_path(str(tmp_path / "ada.py"))["PLAYER"]
    # X . .
    # . O .
    # . . .    X to move: the first line of LINES with no mark is the bottom row
    assert player(Board.from_string("X..|.O.|...")) == 6
