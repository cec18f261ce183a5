"""Tests of ttt.counting: tree sizes, results and positions counted with a memo, compared with the
explicit tree of ttt.tree and with searches that walk every node; Knuth's estimate; nodes per move.

Positions are drawn in the comments, cells numbered 0-8 in reading order.
"""

from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from strategies import positions
from toy_games import Heap

from ttt.board import Board, reachable_positions
from ttt.counting import (
    TreeCount,
    TreeEstimate,
    count_tree,
    distinct_positions,
    estimate_tree_size,
    games_by_result,
    nodes_per_move,
    positions_of_game,
    tree_size,
)
from ttt.games import MNK, ConnectFour, mnk
from ttt.protocol import opponent
from ttt.search import alphabeta, minimax
from ttt.tree import build_tree, count_games, count_nodes

PERFECT_GAME = (0, 4, 1, 2, 6, 3, 5, 7, 8)  # lesson 4's game: two perfect players draw




@dataclass(frozen=True)
class Uniform:
    """A game in which every position at depth d has ``widths[d]`` moves, and which ends in a
    draw after len(widths) moves: its tree has 1 + w0 + w0·w1 + ... nodes, and every random
    probe meets the same widths."""

    widths: tuple[int, ...]
    depth: int = 0
    to_move: str = "X"

    @property
    def legal_moves(self) -> tuple[int, ...]:
        return () if self.is_over else tuple(range(self.widths[self.depth]))

    def play(self, move: int) -> "Uniform":
        return Uniform(self.widths, self.depth + 1, opponent(self.to_move))

    @property
    def is_over(self) -> bool:
        return self.depth == len(self.widths)

    @property
    def winner(self) -> None:
        return None


# --- tic-tac-toe ------------------------------------------------------------------------------


def test_the_empty_board_has_the_tree_of_lesson_2_however_it_is_counted():
    tree = build_tree()
    assert tree_size(Board()) == tree_size(Board(), symmetry=False) == count_nodes(tree) \
        == 549_946
    assert games_by_result(Board()) == games_by_result(Board(), symmetry=False) \
        == count_games(tree)
    assert count_tree(Board(), symmetry=False) == TreeCount(549_946, count_games(tree), 5_478)
    assert count_tree(Board()).positions == 765  # families of mirror images and rotations


def test_the_empty_board_reaches_every_position_once():
    assert distinct_positions(Board()) == len(reachable_positions()) == 5_478
    assert distinct_positions(Board(), symmetry=True) \
        == len({board.canonical() for board in reachable_positions()}) == 765


@settings(max_examples=40, deadline=None)
@given(positions(min_moves=2))
def test_a_position_counts_as_its_explicit_tree(board):
    tree = build_tree(board)
    assert tree_size(board) == tree_size(board, symmetry=False) == count_nodes(tree)
    assert games_by_result(board) == count_games(tree)
    assert distinct_positions(board) == count_tree(board, symmetry=False).positions \
        == len({node.board for node in _walk(tree)})


def _walk(node):
    yield node
    for child in node.children.values():
        yield from _walk(child)


def test_a_finished_game_is_one_node_and_one_game():
    # X X X
    # O O .
    # . . .
    board = Board.from_string("XXX|OO.|...")
    assert tree_size(board) == distinct_positions(board) == 1
    assert games_by_result(board) == {"X": 1, "O": 0, "draw": 0}


def test_a_position_with_two_moves_left():
    # X O X
    # X O O
    # O X .      X to move: the last cell, and a draw
    board = Board.from_string("XOX|XOO|OX.")
    assert tree_size(board) == 2 and distinct_positions(board) == 2
    assert games_by_result(board) == {"X": 0, "O": 0, "draw": 1}


# --- bigger boards ----------------------------------------------------------------------------


def test_tic_tac_toe_as_an_mnk_game_counts_the_same():
    assert count_tree(mnk(3, 3, 3), symmetry=False) == count_tree(Board(), symmetry=False)
    assert count_tree(mnk(3, 3, 3)).positions == 765


@pytest.mark.parametrize("position", [
    # . . . .
    # O X . .
    # X O X O      Connect Four 4 x 3, X to move: 9 moves left at most
    ConnectFour.from_string("....|OX..|XOXO"),
    # . . . . .
    # . X O . .
    # X O O X X    Connect Four 5 x 3 (not symmetric), X to move
    ConnectFour.from_string(".....|.XO..|XOOXX"),
    # X O . X
    # . O X .
    # . . . .      4 x 3, three in a row, O to move: mirror images meet along the way
    MNK.from_string("XO.X|.OX.|....", k=3),
], ids=["c4-4x3", "c4-5x3", "mnk-4x3"])
def test_a_bigger_board_counts_as_minimax_walks_it(position):
    # minimax visits every node of the tree: an independent count of its size
    walked = minimax(position).nodes
    assert tree_size(position) == tree_size(position, symmetry=False) == walked
    assert sum(games_by_result(position).values()) == count_games(build_tree(position)).total()
    assert distinct_positions(position) == count_tree(position, symmetry=False).positions


# --- another game -----------------------------------------------------------------------------


@pytest.mark.parametrize("stones", [0, 1, 4, 9])
def test_a_game_without_symmetry_counts_as_its_explicit_tree(stones):
    tree = build_tree(Heap(stones))
    assert tree_size(Heap(stones)) == count_nodes(tree) == minimax(Heap(stones)).nodes
    assert games_by_result(Heap(stones)) == count_games(tree)


def test_the_heap_reaches_each_size_with_either_player_to_move():
    # 9 stones, X to move: after k moves, between k and 3k stones are gone, and X is to move
    # if k is even (so 8 stones with X to move cannot happen: one stone gone in two moves)
    expected = {Heap(9 - gone, "XO"[k % 2]) for k in range(10) for gone in range(k, 3 * k + 1)
                if gone <= 9}
    assert distinct_positions(Heap(9)) == len(expected) == 18


# --- estimates -------------------------------------------------------------------------------


def test_an_estimate_of_a_uniform_tree_is_exact():
    # every probe meets widths 3, 2, 4: 1 + 3 + 3·2 + 3·2·4 = 34 nodes
    start = Uniform((3, 2, 4))
    assert tree_size(start) == 34
    assert estimate_tree_size(start, probes=5, seed=1) == TreeEstimate(34, 0, 5)


def test_an_estimate_of_tic_tac_toe_is_close():
    estimate = estimate_tree_size(Board(), probes=4000, seed=7)
    assert estimate.standard_error < 0.03 * 549_946
    assert abs(estimate.nodes - 549_946) < 3 * estimate.standard_error
    assert "estimate" in str(estimate)


def test_an_estimate_repeats_with_its_seed():
    assert estimate_tree_size(Board(), 50, seed=3) == estimate_tree_size(Board(), 50, seed=3)
    assert estimate_tree_size(Board(), 50, seed=3) != estimate_tree_size(Board(), 50, seed=4)


# --- nodes per move ---------------------------------------------------------------------------


def test_nodes_per_move_of_lesson_4s_game():
    after_x = Board().play(PERFECT_GAME[0])  # minimax from the empty board is lesson 4's business
    assert nodes_per_move(after_x, PERFECT_GAME[1:], minimax) == \
        [59_705, 7_332, 935, 198, 47, 14, 5, 2]
    assert nodes_per_move(Board(), PERFECT_GAME) == [alphabeta(board).nodes for board in
                                                     positions_of_game(Board(), PERFECT_GAME)[:-1]]


def test_the_positions_of_a_game():
    # after X 0, O 4:  X . . | . O . | . . .
    assert positions_of_game(Board(), (0, 4)) == \
        [Board(), Board.from_string("X..|...|..."), Board.from_string("X..|.O.|...")]


# --- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [tree_size, games_by_result, distinct_positions,
                                   estimate_tree_size])
def test_a_string_is_not_a_position(count):
    with pytest.raises(TypeError, match="Board.from_string"):
        count("X..|...|...")


@pytest.mark.parametrize(("probes", "error"), [(0, ValueError), (2.5, TypeError),
                                               (True, TypeError)])
def test_probes_are_a_whole_number_of_at_least_one(probes, error):
    with pytest.raises(error, match="probes"):
        estimate_tree_size(Board(), probes)


def test_a_seed_is_a_whole_number():
    with pytest.raises(TypeError, match="seed"):
        estimate_tree_size(Board(), 10, seed=0.5)


def test_an_illegal_move_in_a_game_is_refused():
    with pytest.raises(ValueError, match="4"):
        nodes_per_move(Board(), (4, 4))
