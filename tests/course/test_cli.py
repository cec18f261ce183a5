"""Tests of the terminal game, ``python -m ttt``: run for real through stdin and stdout, and
in-process through ``main(argv, ask, tell)``.

Cells are typed as the lessons number them, 0-8 in reading order::

    0 | 1 | 2
    3 | 4 | 5
    6 | 7 | 8
"""

import os
import re
import signal
import subprocess
import sys
import threading

import pytest
from repo import ROOT

from ttt.course.cli import (
    COMPUTER,
    COMPUTER_ELSEWHERE,
    HUMAN,
    choose_sides,
    main,
    read_cell,
    read_column,
)
from ttt.games.board import Board
from ttt.games.mnk import ConnectFour, connect_four, mnk
from ttt.games.svg import cell_in_words
from ttt.play.matches import play_game
from ttt.play.players import perfect_player

ENV = dict(os.environ, PYTHONPATH=str(ROOT))
EVERY_CELL = "".join(f"{number}\n" for number in range(9))  # taken cells are refused


def run_ttt(*args: str, typed: str = "") -> subprocess.CompletedProcess:
    """Run ``python -m ttt args`` with ``typed`` as the keyboard input."""
    return subprocess.run([sys.executable, "-m", "ttt", *args], input=typed, capture_output=True,
                          text=True, env=ENV, timeout=60)


def lowest_free_cell(board: Board) -> int:
    """What a human typing 0, 1, 2, ... in turn ends up playing: the lowest free cell."""
    return board.legal_moves[0]


def replay(output: str) -> Board:
    """The board after the moves announced in ``output``
    ("X (random) plays cell 5, row 1, column 2")."""
    board = Board()
    for number in re.findall(r"^[XO] \(.*\) plays cell (\d), ", output, re.MULTILINE):
        board = board.play(int(number))
    return board


# --- whole games --------------------------------------------------------------------------------


def test_human_against_perfect_full_game():
    run = run_ttt("--x", "human", "--o", "perfect", typed=EVERY_CELL)
    expected = play_game(lowest_free_cell, perfect_player)
    assert run.returncode == 0
    assert run.stderr == ""
    assert run.stdout.startswith("X: human, O: perfect.\n 0 | 1 | 2\n")
    o_moves = expected.moves[1::2]
    assert re.findall(r"O \(perfect\) plays (cell .*)", run.stdout) == [
        cell_in_words(cell) for cell in o_moves]
    assert run.stdout.endswith(f"{expected.board.grid()}\nO wins.\n")
    assert "X (" not in run.stdout  # the human's own moves are not announced


def test_default_asks_the_mark_and_plays_the_computer():
    run = run_ttt("--seed", "2", typed="o\n" + EVERY_CELL)
    assert run.returncode == 0
    assert run.stdout.startswith("Play X (moves first) or O? [X/o] X: varied-perfect, O: human.")
    assert "X (varied-perfect) plays" in run.stdout
    assert "O, your move (0-8): " in run.stdout
    assert run.stdout.endswith(("X wins.\n", "Draw.\n"))  # the perfect computer never loses


def test_enter_plays_x():
    run = run_ttt("--seed", "2", typed="\n" + EVERY_CELL)
    assert "X: human, O: varied-perfect." in run.stdout
    assert run.stdout.endswith(("O wins.\n", "Draw.\n"))


def test_human_against_human():
    # X X X
    # O O .
    # . . .
    run = run_ttt("--x", "human", "--o", "human", typed="0\n3\n1\n4\n2\n")
    assert run.returncode == 0
    assert run.stdout.count("X, your move (0-8): ") == 3
    assert run.stdout.count("O, your move (0-8): ") == 2
    assert " plays " not in run.stdout
    assert run.stdout.endswith(" X | X | X\n---+---+---\n O | O |  \n---+---+---\n"
                               "   |   |  \nX wins.\n")


@pytest.mark.parametrize("x, o", [("random", "depth-2"), ("mcts-300", "expectimax")])
def test_computer_against_computer_is_repeatable_with_a_seed(x, o):
    first = run_ttt("--x", x, "--o", o, "--seed", "7")
    again = run_ttt("--x", x, "--o", o, "--seed", "7")
    assert first.returncode == 0
    assert first.stdout == again.stdout
    final = replay(first.stdout)
    assert final.is_over
    assert first.stdout.endswith(final.result_text().capitalize() + ".\n")


def never_asked(prompt: str) -> str:
    """What two computer players' game answers a question: there is none to answer."""
    raise AssertionError(f"asked {prompt!r}")


def test_seeds_change_the_game():
    games = set()
    for seed in range(8):
        told = []
        assert main(["--x", "random", "--o", "random", "--seed", str(seed)],
                    ask=never_asked, tell=told.append) == 0
        games.add(tuple(told))
    assert len(games) > 1


def test_perfect_against_itself_draws():
    run = run_ttt("--x", "perfect", "--o", "perfect")
    assert run.stdout.endswith("Draw.\n")
    assert replay(run.stdout) == play_game(perfect_player, perfect_player).board


# --- bad input and leaving early -----------------------------------------------------------------


def test_bad_input_gets_a_message_and_a_new_prompt():
    run = run_ttt("--x", "human", "--o", "perfect", typed="x\nabc\n\n-1\n9\n4\n4\n")
    assert run.returncode == 0
    lines = run.stdout.split("X, your move (0-8): ")
    assert lines[1].startswith("'x' is not a cell number: type a number from 0 to 8.\n")
    assert lines[2].startswith("'abc' is not a cell number")
    assert lines[3].startswith("Type the number of a free cell, 0 to 8.\n")
    assert lines[4].startswith("'-1' is not a cell number: type a number from 0 to 8.\n")
    assert lines[5].startswith("There is no cell 9: the cells are numbered 0 to 8.\n")
    assert "O (perfect) plays cell 0, row 0, column 0" in lines[6]  # 4 was accepted
    assert lines[7].startswith("Cell 4 is taken by X: pick a free cell.\n")
    assert lines[8] == "\nBye.\n"  # then the input ends


def test_unclear_mark_is_asked_again():
    run = run_ttt(typed="maybe\no\n")
    assert run.stdout.count("Play X (moves first) or O? [X/o] ") == 2
    assert "Type X or O (or just press Enter to play X)." in run.stdout
    assert "X: varied-perfect, O: human." in run.stdout


@pytest.mark.parametrize("typed", ["", "x\n", "x\n5\n"])
def test_end_of_input_says_bye(typed):
    run = run_ttt(typed=typed)
    assert run.returncode == 0
    assert run.stderr == ""
    assert run.stdout.endswith("\nBye.\n")


def test_ctrl_c_says_bye_in_process():
    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    told = []
    assert main([], ask=interrupted, tell=told.append) == 0
    assert told == ["\nBye."]


@pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")
def test_ctrl_c_says_bye():
    game = subprocess.Popen([sys.executable, "-m", "ttt"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)
    watchdog = threading.Timer(60, game.kill)
    watchdog.start()
    try:
        shown = b""
        while not shown.endswith(b"[X/o] "):
            chunk = os.read(game.stdout.fileno(), 1024)
            assert chunk, "the game ended before asking for a mark"
            shown += chunk
        game.send_signal(signal.SIGINT)
        out, err = game.communicate(timeout=60)
    finally:
        watchdog.cancel()
    assert game.returncode == 0
    assert (shown + out).decode().endswith("[X/o] \nBye.\n")
    assert err == b""


# --- options -------------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [["--x", "wizard"], ["--o", "depth-0"], ["--o", "Human"]])
def test_unknown_player_is_an_error_listing_the_choices(args):
    run = run_ttt(*args)
    assert run.returncode == 2
    assert f"unknown player {args[1]!r}" in run.stderr
    for choice in ("human", "random", "one-layer", "two-layer", "imperfect", "expectimax",
                   "perfect", "varied-perfect", "depth-N", "mcts-N"):
        assert choice in run.stderr
    assert run.stdout == ""


def test_seed_must_be_a_number():
    run = run_ttt("--seed", "lucky")
    assert run.returncode == 2
    assert "--seed" in run.stderr


def test_help_lists_the_players():
    run = run_ttt("--help")
    assert run.returncode == 0
    assert "varied-perfect, learned, depth-N" in run.stdout


@pytest.mark.parametrize(("x", "o", "sides"), [
    ("perfect", None, ("perfect", HUMAN)),
    ("human", None, (HUMAN, COMPUTER)),
    (None, "random", (HUMAN, "random")),
    (None, "human", (COMPUTER, HUMAN)),
    ("depth-2", "random", ("depth-2", "random")),
])
def test_the_missing_side_is_filled_in(x, o, sides):
    assert choose_sides(x, o, ask=None, tell=None) == sides


# --- reading a cell ------------------------------------------------------------------------------


def test_read_cell():
    # X . .
    # . O .
    # . . .
    board = Board.from_string("X..|.O.|...")
    assert read_cell("1", board) == 1
    assert read_cell(" 8 \n", board) == 8
    for text, problem in [("0", "taken by X"), ("4", "taken by O"), ("9", "no cell 9"),
                          ("-3", "not a cell number"), ("²", "not a cell number"),
                          ("3.0", "not a cell number"), ("  ", "Type the number")]:
        with pytest.raises(ValueError, match=problem):
            read_cell(text, board)


# --- other games: Connect Four and the m,n,k-games ----------------------------------------------


def replay_game(output: str, start):
    """The position after the moves announced in ``output`` ("plays cell 17, row 4, column 1"
    or, in Connect Four, "plays column 3"), from ``start``."""
    for number in re.findall(r"^[XO] \(.*\) plays (?:cell|column) (\d+)", output, re.MULTILINE):
        start = start.play(int(number))
    return start


@pytest.mark.parametrize("game, start", [("connect4", connect_four()), ("4x4x3", mnk(4, 4, 3)),
                                         ("5x4x4", mnk(5, 4, 4))])
def test_other_games_play_to_the_end(game, start):
    run = run_ttt("--game", game, "--x", "random", "--o", "depth-2", "--seed", "3")
    assert run.returncode == 0 and run.stderr == ""
    final = replay_game(run.stdout, start)
    assert final.is_over
    assert run.stdout.startswith(f"X: random, O: depth-2.\n{start.grid(numbered=True)}\n")
    assert run.stdout.endswith(f"{final.grid()}\n{final.result_text().capitalize()}.\n")


def test_connect_four_asks_for_a_column_and_refuses_bad_ones():
    run = run_ttt("--game", "connect4", "--x", "human", "--o", "human",
                  typed="x\n-1\n7\n\n" + "0\n" * 7)
    assert run.returncode == 0
    lines = run.stdout.split("your column (0-6): ")
    assert lines[1].startswith("'x' is not a column number: type a number from 0 to 6.\n")
    assert lines[2].startswith("'-1' is not a column number")
    assert lines[3].startswith("There is no column 7: the columns are numbered 0 to 6.\n")
    assert lines[4].startswith("Type the number of a column, 0 to 6.\n")
    assert lines[11].startswith("Column 0 is full: pick another column.\n")
    assert run.stdout.endswith("\nBye.\n")


def test_an_mnk_game_asks_for_a_cell_of_its_board():
    run = run_ttt("--game", "4x4x3", "--x", "human", "--o", "random", typed="16\n6\n")
    lines = run.stdout.split("X, your move (0-15): ")
    assert lines[1].startswith("There is no cell 16: the cells are numbered 0 to 15.\n")
    assert "O (random) plays" in lines[2]


def test_other_games_default_to_iterative_deepening():
    told, answers = [], ["x"]

    def typed(prompt: str) -> str:
        """X when asked for a mark; then the input ends."""
        if not answers:
            raise EOFError
        return answers.pop()

    assert main(["--game", "connect4"], ask=typed, tell=told.append) == 0
    assert f"X: human, O: {COMPUTER_ELSEWHERE}." in told
    assert told[1] == connect_four().grid(numbered=True)
    assert choose_sides(None, HUMAN, None, None, COMPUTER_ELSEWHERE) == (COMPUTER_ELSEWHERE, HUMAN)


@pytest.mark.parametrize("args, message", [
    (["--game", "chess"], "unknown game 'chess': choose tic-tac-toe, connect-four (7 x 6), "
                          "or CxRxK"),
    (["--game", "3x3x4"], "no game '3x3x4': nobody can get 4 in a row"),
    (["--game", "0x3x3"], "columns must be at least 1"),
    (["--game", "connect4", "--o", "perfect"], "perfect searches to the end of the game, and "
                                                "this game is too big for that: choose one of "
                                                "human, random, one-layer, two-layer, depth-N"),
    (["--game", "4x4x4", "--x", "expectimax"], "expectimax searches to the end of the game"),
    (["--game", "connect4", "--x", "learned"], "learned knows tic-tac-toe alone (it learned on "
                                               "it), not this game: choose one of human, random"),
    (["--game", "4x4x3", "--o", "zero-10"], "zero-10 knows tic-tac-toe alone"),
    (["--game", "6x4x4", "--x", "human", "--o", "imperfect"], "imperfect searches to the end"),
])
def test_unknown_games_and_players_that_cannot_play_them_are_errors(args, message):
    run = run_ttt(*args)
    assert run.returncode == 2 and run.stdout == ""
    assert message in run.stderr


@pytest.mark.parametrize("game, size", [("99999999999999999999x1x1", "99,999,999,999,999,999,999 "
                                                                     "wide and 1 high"),
                                        ("5000x5000x3", "5,000 wide and 5,000 high"),
                                        ("300x300x5", "300 wide and 300 high"),
                                        ("20x1x3", "20 wide and 1 high")])
def test_boards_beyond_the_size_limit_are_refused_at_once_in_one_line(game, size):
    run = run_ttt("--game", game, "--x", "random", "--o", "random")
    assert run.returncode == 2 and run.stdout == ""
    usage, error, end = run.stderr.split("\n")
    assert usage.startswith("usage: python -m ttt") and end == ""
    assert error == (f"python -m ttt: error: argument --game: no game {game!r}: a board is at "
                     f"most 19 cells wide and 19 high (ttt.games.mnk.MAX_SIDE), got {size}")


def test_the_largest_board_plays():
    run = run_ttt("--game", "19x19x5", "--x", "random", "--o", "one-layer", "--seed", "1")
    assert run.returncode == 0 and run.stderr == ""
    assert replay_game(run.stdout, mnk(19, 19, 5)).is_over


def test_players_that_solve_play_a_game_small_enough():
    run = run_ttt("--game", "4x3x3", "--x", "perfect", "--o", "varied-perfect", "--seed", "2")
    assert run.returncode == 0 and run.stderr == ""
    final = replay_game(run.stdout, mnk(4, 3, 3))
    assert final.is_over and final.winner == "X"  # 4 x 3, three in a row: X wins


def test_read_column():
    # . . . .
    # O . . .
    # X . . .
    # X O . .     column 0 is full
    game = ConnectFour.from_string("X...|O...|X...|XO..")
    assert read_column("1", game) == 1
    assert read_column(" 3 ", game) == 3
    for text, problem in [("0", "Column 0 is full"), ("4", "no column 4"),
                          ("-1", "not a column number"), ("", "Type the number of a column")]:
        with pytest.raises(ValueError, match=problem):
            read_column(text, game)
