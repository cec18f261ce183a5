"""Tests of ttt.play.players: what each player chooses, and how it does in games against the others.

Positions are drawn in the comments, cells numbered 0-8 in reading order.
"""

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import playable_positions
from time_limits import SEARCH_TIME_LIMIT

from ttt.catalogue import make_player
from ttt.core.protocol import SearchTooBigError
from ttt.games.board import Board
from ttt.games.mnk import MNK, ConnectFour, connect_four, mnk
from ttt.play.matches import play_game, tournament
from ttt.play.players import (
    alphabeta_player,
    blocking_moves,
    check_can_play,
    depth_limited_player,
    imperfect_player,
    iterative_deepening_player,
    one_layer_player,
    perfect_player,
    random_player,
    safest_moves,
    two_layer_player,
    varied_perfect_player,
    winning_moves,
)
from ttt.search.counting import reachable_positions
from ttt.search.fast import Solver
from ttt.search.minimax import alphabeta, iterative_deepening, minimax
from ttt.search.solve import solve

pytestmark = SEARCH_TIME_LIMIT

SEEDS = range(20)

#   X X .
#   O O .
#   . . .    X to move: 2 wins at once (O threatens 5)
X_CAN_WIN = Board.from_string("XX.|OO.|...")

#   X X .
#   O . .
#   . . .    O to move: nothing wins, 2 blocks X's row
O_MUST_BLOCK = Board.from_string("XX.|O..|...")

#   X X .
#   O O .
#   X . .    O to move: 5 wins at once, which beats blocking at 2
O_CAN_WIN_OR_BLOCK = Board.from_string("XX.|OO.|X..")


def best_solver_moves(board: Board) -> set[int]:
    """The moves with the best score for the player to move: same value, same number of moves."""
    scores = Solver().move_scores(board)
    best = (max if board.to_move == "X" else min)(scores.values())
    return {cell for cell, score in scores.items() if score == best}


def game_value_moves(board: Board) -> set[int]:
    """The moves that keep the game's value (+1, 0, -1) for the player to move, fast or slow."""
    solver = Solver()
    value = solver.outcome(board).value
    return {cell for cell, outcome in solver.move_outcomes(board).items()
            if outcome.value == value}


# --- simple players ---------------------------------------------------------------------------


def test_winning_and_blocking_moves():
    assert winning_moves(X_CAN_WIN) == [2]
    assert blocking_moves(X_CAN_WIN) == [5]
    assert winning_moves(O_MUST_BLOCK) == []
    assert blocking_moves(O_MUST_BLOCK) == [2]
    assert winning_moves(O_CAN_WIN_OR_BLOCK) == [5]
    assert blocking_moves(O_CAN_WIN_OR_BLOCK) == [2]
    assert winning_moves(Board()) == blocking_moves(Board()) == []


def test_random_player_is_reproducible_with_a_seed():
    assert play_game(random_player(7), random_player(8)) == play_game(random_player(7),
                                                                      random_player(8))
    games = {play_game(random_player(seed), random_player(seed + 100)).moves for seed in SEEDS}
    assert len(games) > 10


@pytest.mark.parametrize("seed", [0.5, True, "7"])
def test_a_seed_is_a_whole_number(seed):
    # A float seed is hashed, and hash() differs on the 32-bit Python of the browser build.
    with pytest.raises(TypeError, match="a seed is a whole number"):
        random_player(seed)
    with pytest.raises(TypeError, match="a seed is a whole number"):
        make_player("varied-perfect", seed)


def test_random_player_plays_every_cell():
    first_moves = {random_player(seed)(Board()) for seed in range(100)}
    assert first_moves == set(range(9))


def test_one_layer_takes_an_immediate_win():
    assert {one_layer_player(seed)(X_CAN_WIN) for seed in SEEDS} == {2}
    assert {one_layer_player(seed)(O_CAN_WIN_OR_BLOCK) for seed in SEEDS} == {5}


def test_one_layer_does_not_block():
    assert len({one_layer_player(seed)(O_MUST_BLOCK) for seed in SEEDS}) > 1


def test_two_layer_blocks_and_prefers_winning():
    assert {two_layer_player(seed)(O_MUST_BLOCK) for seed in SEEDS} == {2}
    assert {two_layer_player(seed)(O_CAN_WIN_OR_BLOCK) for seed in SEEDS} == {5}
    assert {two_layer_player(seed)(X_CAN_WIN) for seed in SEEDS} == {2}


# --- perfect players --------------------------------------------------------------------------


def test_perfect_player_on_the_empty_board():
    # every move draws; like minimax, the perfect player takes the lowest cell
    assert perfect_player(Board()) == minimax(Board()).move == 0


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(playable_positions(min_moves=1))
def test_perfect_player_moves_like_minimax(board):
    assert perfect_player(board) == minimax(board).move


def test_perfect_against_perfect_draws():
    game = play_game(perfect_player, perfect_player)
    assert game.result == "draw"
    assert game.winner is None
    assert len(game.moves) == 9


@pytest.mark.parametrize("name", ["random", "one-layer", "two-layer", "imperfect",
                                  "varied-perfect", "depth-1", "depth-2", "depth-3"])
def test_perfect_never_loses(name):
    as_x = Counter(play_game(perfect_player, make_player(name, seed)).result for seed in range(50))
    as_o = Counter(play_game(make_player(name, seed), perfect_player).result for seed in range(50))
    assert as_x["O"] == 0
    assert as_o["X"] == 0


def test_perfect_beats_random_most_of_the_time():
    assert tournament(perfect_player, random_player(1), games=50)["X"] > 40


@settings(max_examples=100, deadline=None)
@given(playable_positions(), st.integers(0, 1000))
def test_varied_perfect_plays_a_best_move(board, seed):
    assert varied_perfect_player(seed)(board) in best_solver_moves(board)


def test_varied_perfect_varies():
    # . . .
    # . . .
    # . . .    all nine moves draw after nine moves, so all are equally good
    assert {varied_perfect_player(seed)(Board()) for seed in range(60)} == set(range(9))
    # X X .
    # O O .
    # . . .    X to move: only 2 wins at once; 5, 6, 7 and 8 win later or not at all
    assert {varied_perfect_player(seed)(X_CAN_WIN) for seed in SEEDS} == {2}


def test_varied_perfect_draws_against_itself():
    results = tournament(varied_perfect_player(1), varied_perfect_player(2), games=30)
    assert results == Counter(X=0, O=0, draw=30)


# --- imperfect and depth-limited players ------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(playable_positions(), st.integers(0, 1000))
def test_imperfect_with_high_trust_keeps_the_game_value(board, seed):
    # with trust above 2/3, a move of a better value always blends to a higher score
    assert imperfect_player(seed, trust=0.9)(board) in game_value_moves(board)
    assert imperfect_player(seed, trust=1)(board) in game_value_moves(board)


def test_imperfect_opens_in_a_corner():
    # . . .
    # . . .
    # . . .    every move draws, but after a corner O has 7 losing replies out of 8
    assert {imperfect_player(seed)(Board()) for seed in SEEDS} == {0, 2, 6, 8}


def test_imperfect_with_no_trust_can_blunder():
    results = tournament(imperfect_player(1, trust=0), perfect_player, games=20)
    assert results["O"] > 0


def test_imperfect_trust_is_checked():
    with pytest.raises(ValueError, match="trust"):
        imperfect_player(trust=1.5)


@settings(max_examples=40, deadline=None)
@given(playable_positions(min_moves=2), st.integers(1, 3), st.integers(0, 1000))
def test_depth_limited_plays_legal_and_reproducible_moves(board, depth, seed):
    move = depth_limited_player(depth, seed)(board)
    assert move in board.legal_moves
    assert depth_limited_player(depth, seed)(board) == move


def test_depth_limited_sees_as_far_as_its_depth():
    assert {depth_limited_player(1, seed)(X_CAN_WIN) for seed in SEEDS} == {2}
    # depth 1 only sees its own move, so it does not block; depth 2 sees X's reply and blocks
    assert len({depth_limited_player(1, seed)(O_MUST_BLOCK) for seed in SEEDS}) > 1
    assert {depth_limited_player(2, seed)(O_MUST_BLOCK) for seed in SEEDS} == {2}


@settings(max_examples=30, deadline=None)
@given(playable_positions(min_moves=3), st.integers(0, 1000))
def test_depth_limited_to_the_end_plays_perfectly(board, seed):
    assert depth_limited_player(9, seed)(board) in best_solver_moves(board)


def test_depth_limited_needs_a_positive_depth():
    with pytest.raises(ValueError, match="at least 1"):
        depth_limited_player(0)


@pytest.mark.parametrize("name", ["random", "one-layer", "two-layer", "imperfect",
                                  "varied-perfect", "depth-2"])
def test_seeded_players_are_reproducible(name):
    first = tournament(make_player(name, 3), random_player(4), games=5)
    again = tournament(make_player(name, 3), random_player(4), games=5)
    assert first == again
    games = [play_game(make_player(name, seed), random_player(seed)) for seed in (5, 5)]
    assert games[0] == games[1]


# --- any game: depth-limited search and iterative deepening on Connect Four --------------------

#   . . . . . . .   (4 empty rows above)
#   O O O . . . .
#   X X X . . . .    X to move: column 3 wins at once (O threatens it too)
C4_X_CAN_WIN = ConnectFour.from_string(".......|" * 4 + "OOO....|XXX....")
#   . . . . . . .   (4 empty rows above)
#   O O . . . . .
#   X X X . . . .    O to move: nothing wins, column 3 blocks X's row
C4_O_MUST_BLOCK = ConnectFour.from_string(".......|" * 4 + "OO.....|XXX....")


class FakeClock:
    """A clock that moves on one tick each time it is read: a budget of N 'seconds' is then a
    budget of about N positions, the same on every machine."""

    def __init__(self) -> None:
        self.now = 0

    def __call__(self) -> int:
        self.now += 1
        return self.now


def test_depth_limited_plays_connect_four_with_its_estimate():
    game = play_game(depth_limited_player(2, seed=1), random_player(2), connect_four())
    assert game.board.is_over and len(game.moves) == 42 - game.board.free_cells
    assert {depth_limited_player(1, seed)(C4_X_CAN_WIN) for seed in SEEDS[:5]} == {3}
    assert {depth_limited_player(2, seed)(C4_O_MUST_BLOCK) for seed in SEEDS[:5]} == {3}


@pytest.mark.parametrize("position, move", [(C4_X_CAN_WIN, 3), (C4_O_MUST_BLOCK, 3)])
def test_iterative_deepening_wins_at_once_and_blocks(position, move):
    assert iterative_deepening(position, 2000, clock=FakeClock())[0] == move
    assert iterative_deepening_player(0.05, seed=1)(position) == move


def test_iterative_deepening_goes_deeper_with_more_time():
    depths = [iterative_deepening(connect_four(), budget, clock=FakeClock())[1]
              for budget in (20, 200, 2000, 20000)]
    assert depths == sorted(depths) and depths[0] < depths[-1]
    assert depths[0] >= 1


@pytest.mark.parametrize("budget", [5, 50, 500])
def test_iterative_deepening_abandons_an_iteration_when_time_is_up(budget):
    clock = FakeClock()
    move, depth, nodes = iterative_deepening(connect_four(), budget, clock=clock)
    assert move in connect_four().legal_moves
    # the clock is read once to start and once at each position; the first reading past the
    # deadline stops the search
    assert clock.now == nodes + 1 and clock.now <= budget + 2


def test_iterative_deepening_stops_once_the_game_is_solved():
    # X O X
    # X O O
    # . X .      X to move: a draw whatever happens, searched to the end in two moves
    board = Board.from_string("XOX|XOO|.X.")
    move, depth, nodes = iterative_deepening(board, 10**6, clock=FakeClock())
    assert move in (6, 8) and depth == 2 and nodes < 10
    assert iterative_deepening(X_CAN_WIN, 10**6, clock=FakeClock())[:2] == (2, 1)  # a win


def test_iterative_deepening_players_are_named_by_their_time():
    player = make_player("id-0.1", seed=3)
    assert player.__name__ == "id-0.1" and iterative_deepening_player(1).__name__ == "id-1"
    assert player(connect_four()) in range(7)


@pytest.mark.parametrize("seconds, error", [(0, ValueError), (-1, ValueError),
                                            (float("inf"), ValueError), ("1", TypeError),
                                            (True, TypeError)])
def test_iterative_deepening_needs_a_time_budget(seconds, error):
    with pytest.raises(error, match="seconds"):
        iterative_deepening(connect_four(), seconds)
    with pytest.raises(error, match="seconds"):
        iterative_deepening_player(seconds)


#   . . . . . . .
#   . . . . . . .
#   . . . . O O .
#   . . . . X X .
#   . . O . O X .
#   . O X X O X .    X to move (lesson 7's trap): column 2 loses four moves on, beyond depth 2;
#                    column 1 is the only move that loses no sooner than five moves on
C4_TRAP = ConnectFour.from_string(".......|.......|....OO.|....XX.|..O.OX.|.OXXOX.")


def test_a_deepening_player_with_a_bigger_budget_searches_deeper_and_sees_the_trap():
    def depth_reached(positions):
        return iterative_deepening(C4_TRAP, positions, clock=itertools.count().__next__)[1]

    assert (depth_reached(100), depth_reached(1000)) == (2, 4)
    def moves(positions):
        return {iterative_deepening_player(positions, seed, per_move="positions")(C4_TRAP)
                for seed in SEEDS[:5]}

    assert (moves(100), moves(1000)) == ({2}, {1})


def test_a_deepening_player_plays_the_same_game_for_the_same_seed():
    def game(seed):
        return play_game(make_player("deepening-200", seed), make_player("deepening-300", seed + 1),
                         connect_four()).moves

    first = game(1)
    assert game(1) == first and len(first) >= 7


def test_deepening_players_are_named_by_their_budget():
    player = make_player("deepening-1000", seed=3)
    assert player.__name__ == "deepening-1000" and iterative_deepening_player(
        50, per_move="positions").__name__ == "deepening-50"
    assert player(C4_O_MUST_BLOCK) == 3


@pytest.mark.parametrize("positions, error", [(0, ValueError), (-1, ValueError),
                                              (10**8, ValueError), (float("nan"), TypeError),
                                              (float("inf"), TypeError), (2.0, TypeError),
                                              ("1000", TypeError), (True, TypeError),
                                              (None, TypeError)])
def test_a_deepening_player_needs_a_budget_of_positions(positions, error):
    with pytest.raises(error, match="positions"):
        iterative_deepening_player(positions, per_move="positions")


@pytest.mark.parametrize("per_move", ["moves", "second", None, 1])
def test_an_iterative_deepening_budget_counts_seconds_or_positions(per_move):
    with pytest.raises((TypeError, ValueError), match="per_move"):
        iterative_deepening_player(1, per_move=per_move)


# --- every player on any game: the ones that solve play games small enough, refuse the rest -----

#   O . . X
#   X X . .
#   . . . .
#   . . . O    k = 3, O to move: X threatens cell 6 (and nothing else); O cannot win at once
MNK_O_MUST_BLOCK = MNK.from_string("O..X|XX..|....|...O", k=3)


def test_two_layer_blocks_by_the_games_own_lines():
    assert winning_moves(MNK_O_MUST_BLOCK) == []
    assert safest_moves(MNK_O_MUST_BLOCK) == [6]
    assert {two_layer_player(seed)(MNK_O_MUST_BLOCK) for seed in SEEDS} == {6}
    assert {two_layer_player(seed)(C4_O_MUST_BLOCK) for seed in SEEDS} == {3}
    assert {two_layer_player(seed)(C4_X_CAN_WIN) for seed in SEEDS} == {3}


def test_two_layer_does_not_fill_the_cell_under_a_connect_four_threat():
    #   . . . .
    #   . . . .
    #   X X X .
    #   O O X O    O to move: nothing wins at once, and any move but column 3 lets X win at 3
    position = ConnectFour.from_string("....|....|XXX.|OOXO")
    assert safest_moves(position) == [3]


def test_on_tic_tac_toe_the_safest_moves_are_the_blocking_cells_or_all():
    for board in reachable_positions():
        if not board.is_over and not winning_moves(board):
            assert safest_moves(board) == (blocking_moves(board) or list(board.legal_moves))


def test_blocking_moves_reads_tic_tac_toes_lines_only():
    with pytest.raises(TypeError, match="needs a Board, got MNK: for any game, use safest_moves"):
        blocking_moves(MNK_O_MUST_BLOCK)


def keeps_the_value(position, move) -> bool:
    return solve(position.play(move)).value == solve(position).value


@pytest.mark.parametrize("start", [connect_four(4, 4), mnk(4, 3, 3),
                                   MNK_O_MUST_BLOCK], ids=repr)
@pytest.mark.slow
@pytest.mark.parametrize("name", ["perfect", "varied-perfect", "imperfect"])
def test_the_solving_players_keep_the_value_on_other_games(name, start):
    position = start
    for seed in range(3):
        if position.is_over:
            break
        move = make_player(name, seed)(position)
        assert keeps_the_value(position, move)
        position = position.play(move)
        if not position.is_over:  # another reply, so that the player meets more positions
            position = position.play(position.legal_moves[seed % len(position.legal_moves)])


def test_perfect_players_draw_connect_four_4_by_4_against_each_other():
    game = play_game(perfect_player, varied_perfect_player(1), connect_four(4, 4))
    assert game.board.is_full and game.winner is None
    won = play_game(perfect_player, imperfect_player(2), mnk(4, 3, 3))
    assert won.winner == "X"  # X wins 4 x 3, three in a row


@pytest.mark.parametrize("name, start", [("perfect", connect_four()),
                                         ("varied-perfect", connect_four()),
                                         ("imperfect", mnk(6, 4, 4)),
                                         ("expectimax", mnk(4, 4, 4))])
def test_the_solving_players_refuse_games_too_big_to_solve(name, start):
    player = make_player(name, seed=1)
    with pytest.raises(SearchTooBigError, match=f"the {name} player searches to the end of the "
                                                f"game.*depth-N, id-S or mcts-N"):
        player(start)
    with pytest.raises(SearchTooBigError):
        check_can_play(name, start)
    check_can_play(name, Board())  # tic-tac-toe is small enough for every player
    check_can_play("random", connect_four())


def test_the_alphabeta_player_plays_alphabeta_and_notes_its_nodes():
    # X O X
    # . O .
    # . . .    X must block at 7
    board = Board.from_string("XOX|.O.|...")
    nodes = []
    assert alphabeta_player(nodes=nodes)(board) == alphabeta(board).move == 7
    assert alphabeta_player(2, nodes=nodes)(board) == alphabeta(board, depth=2).move
    assert nodes == [alphabeta(board).nodes, alphabeta(board, depth=2).nodes]
    assert alphabeta_player(2).__name__ == "alphabeta-2"
    with pytest.raises(TypeError, match="nodes"):
        alphabeta_player(nodes=())
    with pytest.raises(ValueError, match="depth"):
        alphabeta_player(0)
