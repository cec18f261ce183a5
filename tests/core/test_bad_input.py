"""Bad input to the package gets a clear error of the package's own kind (or TypeError for a wrong
type), saying what was expected, and changes nothing."""

import math
import random
import re

import numpy as np
import pytest
from time_limits import SEARCH_TIME_LIMIT

from ttt.catalogue import PLAYERS, make_player
from ttt.core.protocol import SearchTooBigError, final_score, nodes_ahead, positions_ahead, value_of
from ttt.course.stepper import step_through
from ttt.games import grid
from ttt.games.board import Board, IllegalMoveError, InvalidBoardError, open_lines
from ttt.games.mnk import MAX_SIDE, MNK, ConnectFour, connect_four, mnk
from ttt.learning.tabular import Menace, epsilon_greedy, michie_update, td_update
from ttt.pictures.display import draw_tree
from ttt.play.matches import play_game, tournament
from ttt.play.players import (
    depth_limited_player,
    imperfect_player,
    lookahead_score,
    perfect_player,
    random_player,
)
from ttt.search import counting, fast, minimax, perfect
from ttt.search.expectimax import expectimax
from ttt.search.minimax import iterative_deepening
from ttt.search.solve import solve
from ttt.search.trace import search_steps
from ttt.search.tree import Node, build_tree, count_nodes

pytestmark = SEARCH_TIME_LIMIT

# X X X
# O O .
# . . .      X has won: nobody can move
OVER = Board.from_string("XXX|OO.|...")


@pytest.mark.parametrize("depth", [2.5, math.nan, math.inf, True, "2"])
@pytest.mark.parametrize("search_with", [minimax.minimax, minimax.alphabeta, fast.minimax,
                                         fast.alphabeta])
def test_a_depth_is_a_whole_number(search_with, depth):
    with pytest.raises(TypeError, match="depth is a whole number of moves"):
        search_with(Board(), depth=depth)


@pytest.mark.parametrize("depth, error", [(1.5, TypeError), (True, TypeError), (0, ValueError)])
def test_a_depth_limited_player_needs_a_whole_number_of_moves(depth, error):
    with pytest.raises(error, match="depth"):
        depth_limited_player(depth)


@pytest.mark.parametrize("name", [*PLAYERS, "depth-2", "mcts-10"])
def test_every_player_refuses_a_finished_game_as_board_play_does(name):
    player = make_player(name, seed=1)
    with pytest.raises(IllegalMoveError, match=r"the game is over \(X wins\): no more moves"):
        player(OVER)
    with pytest.raises(IllegalMoveError) as from_play:
        OVER.play(5)
    with pytest.raises(IllegalMoveError) as from_player:
        player(OVER)
    assert str(from_player.value) == str(from_play.value)


def test_a_refused_move_changes_nothing():
    refused, fresh = random_player(7), random_player(7)
    with pytest.raises(IllegalMoveError):
        refused(OVER)
    assert play_game(refused, random_player(8)) == play_game(fresh, random_player(8))
    assert perfect_player(Board()) == 0


@pytest.mark.parametrize("games, error", [(0, ValueError), (-5, ValueError), (True, TypeError),
                                          (2.0, TypeError)])
def test_a_tournament_needs_a_whole_number_of_games(games, error):
    with pytest.raises(error, match="games"):
        tournament(random_player(1), random_player(2), games=games)


@pytest.mark.parametrize("max_depth, error", [(-1, ValueError), (0, ValueError),
                                              (1.5, TypeError)])
def test_trees_and_pictures_agree_on_what_a_depth_is(max_depth, error):
    with pytest.raises(error, match="max_depth"):
        build_tree(Board(), max_depth=max_depth)
    with pytest.raises(error, match="max_depth"):
        draw_tree(Board(), max_depth=max_depth)


def test_a_picture_too_big_to_read_is_refused_at_once_with_advice():
    with pytest.raises(ValueError, match="549,946 positions.*pass max_depth=3"):
        draw_tree(Board(), max_nodes=None, max_width=None)


def test_any_whole_number_type_is_a_cell_but_not_a_bool_or_a_float():
    assert Board().play(np.int64(4)) == Board().play(4)
    assert Board()[np.int32(4)] == "."
    for bad in (True, 4.0, np.float64(4.0), "4"):
        with pytest.raises(IllegalMoveError, match="a cell is a whole number from 0 to 8"):
            Board().play(bad)


@pytest.mark.parametrize("call", [minimax.minimax, minimax.alphabeta, build_tree, draw_tree, solve,
                                  lambda text: play_game(random_player(1), random_player(2), text),
                                  lambda text: iterative_deepening(text, 0.1)])
def test_a_string_is_not_a_position_and_the_error_says_how_to_make_one(call):
    with pytest.raises(TypeError, match=r"Board\.from_string") as error:
        call("X..|.O.|...")
    assert "legal_moves" in str(error.value)


def test_the_bigger_boards_take_numpy_whole_numbers_but_not_floats():
    assert mnk(4, 4, 3).play(np.int64(5)) == mnk(4, 4, 3).play(5)
    assert connect_four().play(np.int32(3)) == connect_four().play(3)
    with pytest.raises(IllegalMoveError, match="a column is a whole number from 0 to 6"):
        connect_four().play(np.float64(3.0))


@pytest.mark.parametrize("name", ["random", "one-layer", "depth-2", "mcts-10", "id-0.01"])
def test_players_refuse_a_finished_connect_four_game(name):
    # X X X X   (and the rest of the 4 x 4 board empty above O's three)
    over = ConnectFour.from_string("....|....|OOO.|XXXX")
    with pytest.raises(IllegalMoveError, match=r"the game is over \(X wins\): no more moves"):
        make_player(name, seed=1)(over)


# --- sizes and searches beyond the limits -------------------------------------------------------


@pytest.mark.parametrize("make", [lambda: mnk(1000, 1000, 5), lambda: mnk(10**6, 1, 3),
                                  lambda: mnk(10**20, 1, 1), lambda: mnk(3, 20, 3),
                                  lambda: connect_four(20, 6), lambda: connect_four(7, 10**9),
                                  lambda: MNK.from_string("." * 20, k=3),
                                  lambda: ConnectFour.from_string("....|" * 20)])
def test_boards_beyond_the_size_limit_are_refused_at_once(make):
    known = grid._made_shape.cache_info().currsize
    with pytest.raises(InvalidBoardError, match="a board is at most 19 cells wide and 19 high"):
        make()
    assert grid._made_shape.cache_info().currsize == known  # no shape was made for it


def test_the_largest_boards_play():
    assert MAX_SIDE == 19
    assert mnk(19, 19, 5).play(0).play(360).free_cells == 359
    assert connect_four(19, 19).play(18).legal_moves == tuple(range(19))


TOO_BIG = [(solve, connect_four()), (solve, mnk(10, 10, 5)), (expectimax, connect_four()),
           (expectimax, mnk(4, 4, 4))]


# named by the search's name, not its repr: xdist's workers must collect the same test ids
@pytest.mark.parametrize("search_with, position", TOO_BIG,
                         ids=lambda value: getattr(value, "__name__", repr(value)))
def test_searches_to_the_end_refuse_boards_too_big_and_say_what_to_do(search_with, position):
    with pytest.raises(SearchTooBigError, match=f"{search_with.__name__} searches to the end of "
                                                r"the game.*alphabeta\(position, depth=4\), "
                                                r"iterative_deepening.*mcts.*force=True"):
        search_with(position)


@pytest.mark.parametrize("search_with, counted, ahead", [
    (minimax.minimax, "nodes of the game tree", nodes_ahead),  # each path apart: the whole tree
    (minimax.alphabeta, "positions", positions_ahead)])  # refused by the positions ahead, so named
def test_a_refusal_names_the_count_it_compared(search_with, counted, ahead):
    # 4 x 4, four in a row, empty: 1.0e7 positions may follow, in 5.7e13 nodes of the tree
    position = mnk(4, 4, 4)
    said = f"up to {ahead(position):.1e} {counted} may follow"
    with pytest.raises(SearchTooBigError, match=re.escape(said)):
        search_with(position)


def test_a_refused_expectimax_leaves_its_table_as_it_was():
    table = {}
    expectimax(Board().play(4), table=table)
    before = dict(table)
    with pytest.raises(SearchTooBigError):
        expectimax(mnk(4, 4, 4), table=table)
    assert table == before


def test_force_searches_a_big_board_that_happens_to_be_quick():
    # 6 x 4, three in a row: 24 cells, beyond the limit; X wins in a few moves all the same
    with pytest.raises(SearchTooBigError):
        solve(mnk(6, 4, 3))
    assert solve(mnk(6, 4, 3), force=True).value == 1
    with pytest.raises(TypeError, match="force is True or False, got 'yes'"):
        solve(mnk(6, 4, 3), force="yes")


@pytest.mark.parametrize("table", [[], "abc", 0, (), {"a": 1}])
def test_an_expectimax_table_is_a_dict_of_positions(table):
    """The message says what the dict holds, so a dict of something else is not told it should
    be a dict ('table should be dict or None, got dict')."""
    with pytest.raises(TypeError, match=r"table should be dict of Position to Fraction or None, "
                                        r"got \w+ "):
        expectimax(Board(), table=table)


@pytest.mark.parametrize("call, name", [
    (lambda flag: solve(Board(), ordered=flag), "ordered"),
    (lambda flag: solve(Board(), table=flag), "table"),
    (lambda flag: solve(Board(), symmetry=flag), "symmetry"),
])
@pytest.mark.parametrize("flag", ["no", 0, None, 1.0])
def test_a_switch_is_true_or_false(call, name, flag):
    with pytest.raises(TypeError, match=f"{name} is True or False, got {flag!r}"):
        call(flag)


@pytest.mark.parametrize("trust, error", [("0.5", TypeError), (True, TypeError),
                                          (math.nan, ValueError), (1.5, ValueError)])
def test_an_imperfect_players_trust_is_a_number_from_0_to_1(trust, error):
    with pytest.raises(error, match="trust is"):
        imperfect_player(1, trust=trust)


# --- issue 31's list: each call refused at once, with an error naming what is wrong --------------

BIG = [connect_four(), mnk(4, 4, 4)]
COUNTERS = [counting.reachable_positions, counting.random_game_odds, counting.count_tree,
            counting.tree_size, counting.games_by_result, counting.nodes_by_depth,
            counting.distinct_positions, build_tree]


@pytest.mark.parametrize("position", BIG, ids=["connect_four", "mnk_4_4_4"])
@pytest.mark.parametrize("count", COUNTERS, ids=lambda count: count.__name__)
def test_counts_to_the_end_refuse_a_big_board_at_once_unless_forced(count, position):
    with pytest.raises(SearchTooBigError, match=f"{count.__name__} searches to the end.*"
                                                f"force=True"):
        count(position)
    with pytest.raises(TypeError, match="force is True or False"):
        count(position, force="yes")


@pytest.mark.parametrize("call", [
    lambda: minimax.minimax(connect_four()), lambda: minimax.alphabeta(connect_four()),
    lambda: minimax.alphabeta(connect_four(), depth=10**6),
    lambda: minimax.minimax(mnk(4, 4, 4)), lambda: minimax.alphabeta(mnk(4, 4, 4)),
], ids=["minimax", "alphabeta", "alphabeta_depth_a_million", "minimax_4_4_4",
        "alphabeta_4_4_4"])
def test_searches_of_the_whole_tree_refuse_a_big_board_and_say_to_limit_the_depth(call):
    with pytest.raises(SearchTooBigError, match=r"depth=4.*force=True"):
        call()


def test_a_depth_limit_or_force_lets_the_searches_go_ahead():
    assert minimax.alphabeta(connect_four(), depth=2).move in range(7)
    assert minimax.minimax(connect_four(), depth=1).nodes == 8
    assert minimax.alphabeta(mnk(3, 3, 3), force=True).value == 0
    assert counting.tree_size(connect_four(4, 4)) > 0  # within the limit: no force needed


def test_minimax_of_tic_tac_toe_is_within_the_limit_and_its_numbers_unchanged():
    assert minimax.minimax(Board()).nodes == 549_946


@pytest.mark.parametrize("position", [Board(), connect_four()])
def test_search_steps_refuses_what_would_be_a_million_steps_as_step_through_does(position):
    """search_steps keeps every step: tic-tac-toe's empty board would be over a million of them
    (549,946 nodes), so it is refused up front, as the step-through widget refuses it."""
    with pytest.raises(SearchTooBigError, match=r"search_steps .* a later position.*force=True"):
        search_steps(position)
    with pytest.raises(ValueError, match="free cells"):
        step_through(position)


@pytest.mark.parametrize("call, error, words", [
    (lambda: open_lines(None), TypeError, "position"),
    (lambda: final_score(None), TypeError, "position"),
    (lambda: value_of("x"), TypeError, "score is a number"),
    (lambda: minimax.alphabeta(Board(), depth=2, evaluate="x"), TypeError,
     "evaluate is a function"),
    (lambda: minimax.alphabeta(Board(), depth=2, evaluate=lambda b: None), ValueError,
     "evaluate must return a finite number from -1 to \\+1"),
    (lambda: minimax.minimax(Board(), watch=123), TypeError, "watch should be Watch or None"),
    (lambda: count_nodes(Board()), TypeError, "node should be Node"),
    (lambda: make_player(None), TypeError,
     "name is a player's name, such as 'two-layer', got None"),
    (lambda: Menace(seed=1).box(Board.from_string("XOX|OXO|OX.")), ValueError, "forced move"),
    (lambda: epsilon_greedy({0: math.nan, 1: 0.0}, "X", 0, random.Random(1)), ValueError,
     "values"),
    (lambda: michie_update(1, "tie", 5), ValueError, "result is one of 'win', 'draw', 'loss'"),
], ids=["open_lines", "final_score", "value_of", "evaluate_str", "evaluate_none", "watch",
        "count_nodes", "make_player", "menace_forced_move", "epsilon_greedy_nan", "michie_tie"])
def test_what_were_internal_errors_are_clear_errors(call, error, words):
    with pytest.raises(error, match=words):
        call()


@pytest.mark.parametrize("call, error, words", [
    (lambda: minimax.alphabeta(Board(), depth=2, evaluate=lambda b: 5), ValueError, "got 5"),
    (lambda: minimax.alphabeta(Board(), depth=2, evaluate=lambda b: math.nan), ValueError,
     "got nan"),
    (lambda: minimax.minimax(Board(), prefer_quick="yes"), TypeError, "prefer_quick"),
    (lambda: search_steps(Board(), prefer_quick="yes"), TypeError, "prefer_quick"),
    (lambda: fast.Solver(prefer_quick="yes"), TypeError, "prefer_quick"),
    (lambda: perfect.shared_solver(prefer_quick="yes"), TypeError, "prefer_quick"),
    (lambda: counting.reachable_positions(symmetry="yes"), TypeError, "symmetry"),
    (lambda: Node(None), TypeError, "board"),
    (lambda: depth_limited_player(2, evaluate="x"), TypeError, "evaluate is a function"),
    (lambda: lookahead_score(Board(), -1), ValueError, "depth must be at least 0"),
    (lambda: lookahead_score(Board(), math.nan), TypeError, "depth is a whole number"),
    (lambda: td_update(0, 1, 2), ValueError, "alpha is a step size"),
    (lambda: michie_update(-3, "win", 5), ValueError, "beads must be at least 0"),
    (lambda: Menace(seed=1, mark="Z"), ValueError, "mark is 'X' or 'O'"),
], ids=["evaluate_5", "evaluate_nan", "minimax_flag", "search_steps_flag", "solver_flag",
        "shared_solver_flag", "reachable_flag", "node_none", "depth_limited_evaluate",
        "lookahead_negative", "lookahead_nan", "td_alpha", "michie_negative", "mark_z"])
def test_what_was_accepted_in_silence_is_refused(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_an_evaluation_is_checked_at_every_position_it_scores_and_fine_ones_pass():
    assert minimax.alphabeta(Board(), depth=2, evaluate=lambda b: 1).score == 1
    with pytest.raises(ValueError, match="got 1.5"):
        minimax.minimax(Board().play(4), depth=3, evaluate=lambda b: 1.5 if b.free_cells < 7 else 0)


# --- a student's code that calls back into the package ------------------------------------------
# The package checks a call where it is entered; a student's evaluation or player, called from
# inside a search or a match, enters it again and is checked as any call from outside.

def a_guess_that_asks_for_a_search_of_depth(depth):
    def evaluate(position):
        minimax.minimax(position, depth=depth)
        return 0.0
    return evaluate


def test_an_evaluation_that_asks_for_a_bad_search_is_refused_inside_the_search():
    # . . .
    # . X .
    # . . .
    board = Board().play(4)
    with pytest.raises(ValueError, match="depth"):
        minimax.minimax(board, depth=1, evaluate=a_guess_that_asks_for_a_search_of_depth(-1))
    asking_well = a_guess_that_asks_for_a_search_of_depth(1)
    assert minimax.minimax(board, depth=1, evaluate=asking_well).score == 0.0  # every guess 0


def test_a_player_that_plays_an_illegal_move_on_the_package_s_board_is_told():
    def cheat(board):
        board.play(-3)  # a move off the board, asked of the package
        return board.legal_moves[0]

    with pytest.raises(IllegalMoveError):
        play_game(cheat, random_player(seed=1))


def test_a_player_that_asks_for_a_bad_search_is_refused_in_a_tournament():
    def careless(board):
        minimax.minimax(board, depth=-2)
        return board.legal_moves[0]

    with pytest.raises(ValueError, match="depth"):
        tournament(careless, random_player(seed=1), games=2)
