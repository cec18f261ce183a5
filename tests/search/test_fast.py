"""ttt.search.fast is the readable search of ttt.search.minimax on tic-tac-toe's bits: the same
value, score, move and number of positions, on every position a game can reach."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import positions

from ttt.core.protocol import Position
from ttt.games.board import Board, open_lines
from ttt.search import fast, minimax
from ttt.search.counting import reachable_positions
from ttt.search.perfect import shared_solver
from ttt.search.solve import solve

REACHABLE = reachable_positions()


def same(a, b) -> bool:
    return (a.value, a.score, a.move, a.nodes) == (b.value, b.score, b.move, b.nodes)


@pytest.mark.slow
@pytest.mark.parametrize("ordered", [True, False])
@pytest.mark.parametrize("prefer_quick", [True, False])
def test_alphabeta_is_the_same_everywhere(ordered, prefer_quick):
    for board in REACHABLE:
        options = {"ordered": ordered, "prefer_quick": prefer_quick}
        assert same(fast.alphabeta(board, **options), minimax.alphabeta(board, **options)), board


@pytest.mark.slow
@pytest.mark.parametrize("prefer_quick", [True, False])
def test_minimax_is_the_same_on_every_position_with_up_to_six_free_cells(prefer_quick):
    # Positions with more free cells are whole big trees each; the empty board is checked below.
    for board in REACHABLE:
        if board.free_cells <= 6:
            assert same(fast.minimax(board, prefer_quick=prefer_quick),
                        minimax.minimax(board, prefer_quick=prefer_quick)), board


def test_minimax_is_the_same_from_the_empty_board():
    # . . .
    # . . .    549,946 positions, a draw, and the first best move is the corner 0
    # . . .
    assert same(fast.minimax(Board()), minimax.minimax(Board()))
    assert fast.minimax(Board()).nodes == 549_946


@settings(max_examples=80, deadline=None)
@given(positions(), st.integers(1, 4), st.booleans(), st.booleans())
def test_depth_limited_searches_are_the_same(board, depth, ordered, prefer_quick):
    assert same(fast.minimax(board, depth=depth, prefer_quick=prefer_quick),
                minimax.minimax(board, depth=depth, prefer_quick=prefer_quick))
    options = {"depth": depth, "ordered": ordered, "prefer_quick": prefer_quick,
               "evaluate": open_lines}
    assert same(fast.alphabeta(board, **options), minimax.alphabeta(board, **options))


def test_the_solver_is_minimax_with_a_memory():
    solver = fast.Solver()
    for board in REACHABLE:
        if board.free_cells <= 6:
            expected = minimax.minimax(board)
            got = solver.look_up(board)
            assert (got.value, got.score, got.move) == (expected.value, expected.score,
                                                        expected.move), board


def test_the_solver_is_the_fast_copy_of_solve_on_every_position():
    # ttt.search.solve answers tic-tac-toe from this table: the same value and score as the readable
    # solve, and a move that solve agrees is best, on all 5,478 positions
    solver = fast.Solver()
    assert len(REACHABLE) == 5_478
    for board in REACHABLE:
        got, readable = solver.look_up(board), solve(board, prefer_quick=True)
        assert (got.value, got.score) == (solve(board).value, readable.score), board
        if board.is_over:
            assert got.move is None
        else:
            assert solve(board.play(got.move), prefer_quick=True).score == got.score, board


def test_the_shared_solver_is_one_table():
    assert shared_solver() is shared_solver()
    assert shared_solver(prefer_quick=False) is not shared_solver()
    assert not shared_solver(prefer_quick=False).prefer_quick


def test_only_boards_are_searched_here():
    class Heap:  # a position of another game: ttt.search.minimax takes it, ttt.search.fast does not
        to_move, legal_moves, is_over, winner = "X", (), True, None

        def play(self, move):
            return self

    assert isinstance(Heap(), Position)
    with pytest.raises(TypeError, match="use ttt.search.minimax for other games"):
        fast.minimax(Heap())


def centre_taken(board: Board) -> float:
    """A guess unlike the boards' own estimate (open lines): +0.5 if X holds the centre, -0.5
    if O does, else 0."""
    return {"X": 0.5, "O": -0.5}.get(board[4], 0.0)


@settings(max_examples=40, deadline=None)
@given(positions(), st.integers(1, 3), st.booleans())
def test_depth_limited_searches_guess_with_the_evaluation_they_are_given(board, depth, ordered):
    options = {"depth": depth, "ordered": ordered, "evaluate": centre_taken}
    assert same(fast.alphabeta(board, **options), minimax.alphabeta(board, **options))


def test_the_solver_stores_every_reachable_position_or_one_per_symmetry_class():
    # . . .
    # . . .    solved from the empty board: 5,478 positions, or 765 when rotations and mirror
    # . . .    images share an entry; a draw either way
    plain, symmetric = fast.Solver(), fast.Solver(symmetry=True)
    assert (plain.look_up(Board()).nodes, symmetric.look_up(Board()).nodes) == (5_478, 765)
    assert plain.look_up(Board()).value == symmetric.look_up(Board()).value == 0


def test_a_win_scores_1_plus_the_free_cells_only_when_quick_wins_are_preferred():
    # X X .
    # O O .    X to move wins at once at 2, with 4 cells still free
    # . . .
    board = Board.from_string("XX.|OO.|...")
    assert fast.Solver().look_up(board).score == 5
    assert fast.Solver(prefer_quick=False).look_up(board).score == 1
    # X X X
    # O O .    won: 1 + 4 free cells by default, 1 without quick wins
    # . . .
    won = Board.from_string("XXX|OO.|...")
    assert (fast.final_score(*won.bits), fast.final_score(*won.bits, prefer_quick=False)) == (5, 1)


def test_the_solver_counts_the_moves_to_the_end_of_perfect_play():
    # X X .
    # O O .    X to move: 2 wins at once; 5 blocks O, and the board fills with a draw 5 moves
    # . . .    on; any other move lets O complete the middle row at 5 on the next move
    board = Board.from_string("XX.|OO.|...")
    solver = fast.Solver()
    assert solver.outcome(board) == (1, 1)
    assert solver.move_outcomes(board) == {2: (1, 1), 5: (0, 5), 6: (-1, 2), 7: (-1, 2),
                                           8: (-1, 2)}
    with pytest.raises(ValueError, match="move counts need a solver with prefer_quick=True"):
        fast.Solver(prefer_quick=False).outcome(board)
