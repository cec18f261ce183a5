"""Tests of ttt.play.matches: one game between two players, and tournaments of many.

Positions are drawn in the comments, cells numbered 0-8 in reading order.
"""

from collections import Counter

import pytest

from ttt.games.board import Board, IllegalMoveError
from ttt.play.matches import GameRecord, mean_score, play_game, player_name, tournament
from ttt.play.players import perfect_player, random_player


def test_game_record():
    # X X .
    # O O .
    # . . .    X to move wins at once
    game = play_game(perfect_player, perfect_player, Board.from_string("XX.|OO.|..."))
    assert game == GameRecord(moves=(2,), board=Board.from_string("XXX|OO.|..."), winner="X")
    assert game.result == "X"


def test_game_starting_from_a_finished_board():
    # X X X
    # O O .
    # . . .
    game = play_game(random_player(), random_player(), Board.from_string("XXX|OO.|..."))
    assert game.moves == ()
    assert game.result == "X"


def test_illegal_move_names_the_player():
    def centre_lover(board: Board) -> int:
        return 4

    with pytest.raises(IllegalMoveError, match="centre_lover.*already taken"):
        play_game(random_player(1), centre_lover, Board.from_string("...|.X.|..."))
    with pytest.raises(IllegalMoveError, match="'<lambda>' \\(O\\).*whole number"):
        play_game(centre_lover, lambda board: None)
    with pytest.raises(IllegalMoveError, match="'centre_lover' \\(X\\)"):
        play_game(centre_lover, perfect_player)  # perfect O answers 0, then X repeats 4


def test_tournament_counts_every_result():
    assert tournament(perfect_player, perfect_player, games=3) == Counter(X=0, O=0, draw=3)
    results = tournament(random_player(1), random_player(2), games=40)
    assert list(results) == ["X", "O", "draw"]
    assert sum(results.values()) == 40
    # all three results are counted, even when none happens
    assert set(tournament(perfect_player, perfect_player, games=1)) == {"X", "O", "draw"}


def test_a_player_is_named_by_its_name_or_else_its_repr():
    class Corner:
        def __call__(self, board: Board) -> int:
            return 0

        def __repr__(self) -> str:
            return "<the corner player>"

    assert player_name(perfect_player) == "perfect"
    assert player_name(Corner()) == "<the corner player>"


def test_bad_tournament_sizes_are_refused():
    with pytest.raises(ValueError, match="games"):
        tournament(perfect_player, perfect_player, games=0)
    with pytest.raises(TypeError, match="games"):
        tournament(perfect_player, perfect_player, games=2.5)


def test_a_string_is_not_a_starting_position():
    with pytest.raises(TypeError, match="starting position"):
        play_game(perfect_player, perfect_player, "X..|...|...")



def test_mean_score_and_its_interval():
    # X X .
    # O O .
    # . . .    a perfect X wins at once every game: mean +1, no spread
    board = Board.from_string("XX.|OO.|...")
    assert mean_score(perfect_player, random_player(seed=1), 10, board) == (1, 0)
    # random against random from the empty board: the mean is near the exact 187/630 and the
    # interval is 1.96 standard deviations of one game over the square root of the games
    mean, half = mean_score(random_player(seed=1), random_player(seed=2), 400)
    assert abs(mean - 187 / 630) < 2 * half and 0.05 < half < 0.1
    with pytest.raises(ValueError, match="games must be at least 2"):
        mean_score(random_player(), random_player(), 1)
def test_a_round_robin_plays_every_ordered_pairing_and_repeats_exactly():
    from ttt.catalogue import make_player
    from ttt.play.matches import crosstable, round_robin, standings
    names = ["random", "two-layer"]
    results = round_robin(names, 10, make_player)
    assert list(results) == ["random vs random", "random vs two-layer", "two-layer vs random",
                             "two-layer vs two-layer"]
    assert results == round_robin(names, 10, make_player)
    table = standings(results)
    for name in names:
        assert sum(table[name]["X"].values()) == sum(table[name]["O"].values()) == 20
    assert crosstable(results, names).splitlines()[1].split()[1] == \
        "{X}-{draw}-{O}".format(**results["random vs random"])
