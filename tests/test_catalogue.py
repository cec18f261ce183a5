"""Tests of ttt.catalogue: every game and player by the name a person types, read in one place.

The terminal game, the boards and the contest ask the catalogue, so a name means the same game or
player at each of those doors; nothing registers itself by being imported, so importing a low
layer loads only that layer.
"""

import subprocess
import sys

import pytest
from repo import ROOT

from ttt.catalogue import (
    ALSO_CALLED,
    GAMES,
    LEVEL_NAMES,
    NUMBERED,
    PLAYER_NAMES,
    PLAYERS,
    TIMED,
    game_named,
    make_player,
)
from ttt.contest.games import reference_players
from ttt.course.cli import parse_args
from ttt.course.widgets import ConnectFourBoard, PlayBoard, play_board
from ttt.games.board import Board
from ttt.games.mnk import ConnectFour, connect_four, mnk
from ttt.play.players import perfect_player

# --- games ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name, empty", [("tic-tac-toe", Board()), ("tictactoe", Board()),
                                         ("3x3x3", Board()), ("Tic-Tac-Toe", Board()),
                                         ("connect-four", connect_four()),
                                         ("connect4", connect_four()),
                                         ("connect four", connect_four()),
                                         ("5x4x3", mnk(5, 4, 3))])
def test_every_door_reads_a_game_name_alike(name, empty):
    """The terminal game, the contest and the boards take the same names for the same game."""
    assert game_named(name) == empty
    assert parse_args(["--game", name]).game == empty
    assert reference_players(name) == reference_players(
        "tic-tac-toe" if isinstance(empty, Board) else name)
    if isinstance(empty, (Board, ConnectFour)):
        board = play_board(game=name, seed=1)
        assert isinstance(board, PlayBoard if isinstance(empty, Board) else ConnectFourBoard)
        assert board.board == empty


@pytest.mark.parametrize("name, message", [
    ("chess", "unknown game 'chess': choose tic-tac-toe, connect-four (7 x 6), or CxRxK"),
    ("3x3x4", "no game '3x3x4': "),
    ("0x3x3", "no game '0x3x3': "),
    ("", "unknown game ''")])
def test_an_unknown_game_is_refused_with_the_choices(name, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        game_named(name)


def test_a_game_name_is_a_str():
    with pytest.raises(TypeError, match="name is a game's name, such as 'tic-tac-toe', got 3"):
        game_named(3)


def test_the_boards_refuse_a_game_they_cannot_draw():
    with pytest.raises(ValueError, match="the boards play tic-tac-toe and Connect Four"):
        play_board(game="4x4x3")


def test_every_other_name_of_a_game_names_a_game_of_the_table():
    assert set(ALSO_CALLED.values()) <= set(GAMES)


# --- players ----------------------------------------------------------------------------------


def test_the_catalogue_lists_every_kind_of_player_once():
    kinds = [*PLAYERS, *NUMBERED, *TIMED]
    assert len(kinds) == len(set(kinds))
    assert (*PLAYERS, *(f"{kind}-N" for kind in NUMBERED),
                            *(f"{kind}-S" for kind in TIMED)) == PLAYER_NAMES
    assert {"learned", "zero-N"} <= set(PLAYER_NAMES)  # the learned players, registered by none


def test_checking_a_name_builds_no_player_that_trains():
    """'learned' trains a value table at its first call (seconds): checking the name alone, as
    the terminal game's options do, must not."""
    from ttt.learning.tabular import board_table
    board_table.cache_clear()
    parse_args(["--x", "learned", "--o", "random"])
    assert board_table.cache_info().currsize == 0


@pytest.mark.parametrize("name, refusal", [
    ("deepening-100000000", r"budget \(positions a move\) must be at most 10,000,000"),
    ("mcts-123456789", "playouts must be at most 10,000,000"),
    ("id-100000", r"budget \(seconds a move\) is a time, more than 0 and at most 600")])
def test_make_player_checks_the_number_in_a_name_as_if_given_directly(name, refusal):
    """The number read from a name is the user's input: the factory checks it in full, though
    make_player calls it from inside the package, where checks are not repeated."""
    with pytest.raises(ValueError, match=refusal):
        make_player(name)


# --- names ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [*PLAYERS, "depth-1", "depth-2", "depth-12", "mcts-1", "mcts-50",
                                  "id-0.05", "id-1", "deepening-1", "deepening-50"])
def test_make_player_names_its_players(name):
    player = make_player(name, seed=1)
    assert player.__name__ == name
    assert player(Board()) in range(9)


def test_make_player_perfect_is_the_perfect_player():
    assert make_player("perfect") is perfect_player
    assert perfect_player.__name__ == "perfect"


@pytest.mark.parametrize("name", ["wizard", "depth-0", "depth-", "depth-x", "depth-2.5",
                                  "Perfect", "", "id-0", "id-", "id-x", "id--1", "mcts-0.5",
                                  "deepening-0", "deepening-", "deepening-1.5", "deepening-x"])
def test_make_player_rejects_unknown_names(name):
    with pytest.raises(ValueError, match="unknown player") as error:
        make_player(name)
    for choice in PLAYER_NAMES:
        assert choice in str(error.value)




def test_make_player_is_the_one_factory_of_the_boards_levels_too():
    for label, name in LEVEL_NAMES.items():
        if label != "perfect":  # a player's own name comes first: 'perfect' is perfect_player
            assert make_player(label, seed=1).__name__ == make_player(name, seed=1).__name__ \
                == name
    assert make_player("perfect") is perfect_player


def test_make_player_refuses_a_name_that_is_not_a_str():
    with pytest.raises(TypeError, match="name is a player's name, such as 'two-layer', got 2"):
        make_player(2)



# --- no registration by import ----------------------------------------------------------------


def modules_loaded_by(statement: str) -> list[str]:
    """The package's modules a fresh Python has loaded after ``statement``."""
    script = (f"import sys; {statement}; "
              f"print(*sorted(m for m in sys.modules if m.startswith('ttt')))")
    run = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    return run.stdout.split()


def test_importing_a_low_layer_loads_only_what_it_needs():
    """Before the catalogue, ``import ttt.core.arguments`` loaded 28 of the package's modules
    (ttt/__init__ imported the learners so that they could register their players); now the
    rules and the time limits they give a player handed in."""
    assert modules_loaded_by("import ttt.core.arguments") == ["ttt", "ttt.core",
                                                              "ttt.core.arguments",
                                                              "ttt.core.limits"]
    assert not any(name.startswith("ttt.learning")
                   for name in modules_loaded_by("import ttt.play.players"))


def test_the_package_still_offers_the_lessons_names():
    import ttt
    assert ttt.make_player is make_player and ttt.Board is Board
    assert set(ttt.__all__) <= set(dir(ttt))
    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        ttt.no_such_name  # noqa: B018


# --- what a player found is what Explain shows ------------------------------------------------


@pytest.mark.parametrize("level, search", [
    ("samples 50 games (MCTS)", "ttt.play.players.mcts"),
    ("looks 2 moves ahead", "ttt.play.players.lookahead_score"),
    ("self-play and search (AlphaZero)", "ttt.learning.zero.guided_mcts")])
def test_the_board_explains_by_the_moving_players_own_search(level, search, monkeypatch):
    """The board runs no search of its own for Explain: the player's search runs once per
    choice (once per move for MCTS and AlphaZero, once per free cell for the lookahead), and
    the explanation shows that search's numbers."""
    module, name = search.rsplit(".", 1)
    real, calls = getattr(sys.modules[module], name), []

    def counted(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(sys.modules[module], name, counted)
    board = play_board(level=level, seed=3)
    board.explain.value = True
    board.buttons[0].click()  # X in the corner; the computer answers as O
    _, found = board.choices[1]
    assert found.move == board.last_reply[1]
    assert len(calls) == (8 if "ahead" in level else 1)
    if "ahead" not in level:  # the most visited move's count, as the table shows it
        visits = (found.visits.values() if hasattr(found, "visits")
                  else [tally.visits for tally in found.moves.values()])
        assert f">{max(visits):,}</td>" in board.explanation.value
