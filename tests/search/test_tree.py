"""Tests of ttt.search.tree: building, counting and valuing the explicit game tree.

Positions are drawn in the comments, cells numbered 0-8 in reading order.
"""

from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import positions

from ttt.games.board import Board, open_lines
from ttt.search.minimax import minimax
from ttt.search.tree import (
    Node,
    best_path,
    build_tree,
    count_by_depth,
    count_games,
    count_internal,
    count_nodes,
    distinct_boards,
    fill_values,
    print_progress,
    walk,
)


@pytest.fixture(scope="module")
def full_tree() -> Node:
    """The whole game tree from the empty board, built once for this module, values filled."""
    return fill_values(build_tree(Board()))


# --- the full tree -----------------------------------------------------------------------------


@pytest.mark.slow
def test_full_tree_sizes(full_tree):
    assert count_nodes(full_tree) == 549_946
    assert count_by_depth(full_tree) == [
        1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]
    assert count_internal(full_tree) == 294_778 == 549_946 - 255_168


def test_full_tree_games(full_tree):
    assert count_games(full_tree) == Counter(X=131_184, O=77_904, draw=46_080)
    assert sum(count_games(full_tree).values()) == 255_168


def test_full_tree_shares_one_board_per_position(full_tree):
    assert len(distinct_boards(full_tree)) == 5478
    assert len({id(node.board) for node in walk(full_tree)}) == 5478


def test_full_tree_value_and_best_path(full_tree):
    # . . .
    # . . .
    # . . .    perfect play draws
    assert full_tree.value == 0
    path = best_path(full_tree)
    assert len(path) == 10
    assert path[-1].board.is_full and path[-1].board.winner is None
    for node, child in pairwise(path):
        assert child.move == minimax(node.board).move
        assert child.value == 0


def test_every_first_move_draws(full_tree):
    assert [child.value for child in full_tree.children.values()] == [0] * 9
    assert list(full_tree.children) == list(range(9))


# --- small trees, counted by hand ----------------------------------------------------------------


def test_small_tree_counted_by_hand():
    # X O X
    # O X O
    # . . .    X to move: 6 and 8 win at once; after 7, O takes 6 or 8 and X wins with the other.
    root = build_tree(Board.from_string("XOX|OXO|..."))
    assert [node.move for node in walk(root)] == [None, 6, 7, 6, 8, 8, 6, 8]
    assert count_nodes(root) == 8
    assert count_by_depth(root) == [1, 3, 2, 2]
    assert count_by_depth(root.children[7]) == [1, 2, 2]
    assert count_internal(root) == 4
    assert count_games(root) == Counter(X=4, O=0, draw=0)
    assert [node.depth for node in walk(root)] == [0, 1, 1, 2, 3, 2, 3, 1]
    assert root.children[7].children[6].board == Board.from_string("XOX|OXO|OX.")


def test_small_tree_values():
    # X O X
    # O X O
    # . . .    X to move wins; 6 wins at once and is the lowest such cell
    root = fill_values(build_tree(Board.from_string("XOX|OXO|...")))
    assert root.value == 1
    assert root.score == 3  # a win with 2 cells left free
    assert [node.move for node in best_path(root)] == [None, 6]
    assert root.children[7].value == 1
    assert root.children[7].score == 1  # the win comes two moves later, on a full board


def test_last_move_draws():
    # X O X
    # X O O
    # O X .    X to move: 8 is the only move, and it draws
    root = fill_values(build_tree(Board.from_string("XOX|XOO|OX.")))
    assert count_nodes(root) == 2
    assert count_games(root) == Counter(X=0, O=0, draw=1)
    assert root.value == 0
    assert [node.move for node in best_path(root)] == [None, 8]


def test_finished_board_is_a_single_leaf():
    # X X X
    # O O .
    # . . .    X has won
    root = fill_values(build_tree(Board.from_string("XXX|OO.|...")))
    assert root.children == {}
    assert count_nodes(root) == 1
    assert count_internal(root) == 0
    assert count_games(root) == Counter(X=1, O=0, draw=0)
    assert root.value == 1
    assert best_path(root) == [root]


def test_quick_wins_and_the_slow_win_bug():
    # . . .
    # . O O
    # X X .    X to move: 8 wins at once. Every win scoring the same, 3 looks as good (it blocks
    #          O and still wins later) and, being the lower cell, is chosen.
    board = Board.from_string("...|.OO|XX.")
    quick = fill_values(build_tree(board))
    assert quick.value == 1
    assert best_path(quick)[1].move == 8
    slow = fill_values(build_tree(board), prefer_quick=False)
    assert slow.value == 1
    assert best_path(slow)[1].move == 3


def test_best_path_needs_values():
    with pytest.raises(ValueError, match="fill_values"):
        best_path(build_tree(Board.from_string("XOX|OXO|...")))


# --- cut trees -----------------------------------------------------------------------------------


def test_cut_tree_stops_at_max_depth():
    root = build_tree(Board(), max_depth=2)
    assert count_by_depth(root) == [1, 9, 72]
    assert all(not node.children for node in walk(root) if node.depth == 2)
    assert count_games(root) == Counter(X=0, O=0, draw=0)
    assert set(count_games(root)) == {"X", "O", "draw"}


def test_max_depth_one_is_the_root_and_its_moves():
    root = build_tree(Board(), max_depth=1)
    assert list(root.children) == list(range(9))
    assert count_nodes(root) == 10  # max_depth=0 is refused, as by minimax and draw_tree


def test_cut_tree_counts_only_finished_games():
    # Games end at move 5 at the earliest (X wins, 1,440 ways) and move 6 (O wins, 5,328 ways).
    root = build_tree(Board(), max_depth=6)
    assert count_games(root) == Counter(X=1440, O=5328, draw=0)
    assert count_by_depth(root) == [1, 9, 72, 504, 3024, 15120, 54720]


def test_cut_leaves_are_estimated():
    root = fill_values(build_tree(Board(), max_depth=1))
    # X in the centre opens 4 lines, in a corner 3, on an edge 2
    assert [child.value for child in root.children.values()] == [
        open_lines(child.board) for child in root.children.values()]
    assert root.children[4].value == pytest.approx(4 / 9)
    assert root.value == pytest.approx(4 / 9)
    assert [node.move for node in best_path(root)] == [None, 4]


# --- progress ------------------------------------------------------------------------------------


def test_progress_is_reported_after_each_first_move():
    calls = []
    build_tree(Board(), max_depth=3, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(done, 9) for done in range(10)]


def test_progress_on_a_finished_board():
    # X X X
    # O O .
    # . . .
    calls = []
    build_tree(Board.from_string("XXX|OO.|..."), progress=lambda *call: calls.append(call))
    assert calls == [(0, 0)]


def test_print_progress(capsys):
    build_tree(Board.from_string("XOX|OXO|..."), progress=print_progress)
    out = capsys.readouterr().out
    assert out.endswith("\rBuilding the tree: [###] 3/3 first moves\n")
    assert "[...] 0/3" in out


# --- agreement with ttt.search.minimax
# -------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(positions(min_moves=2))
def test_tree_agrees_with_minimax(board):
    root = fill_values(build_tree(board))
    result = minimax(board)
    assert count_nodes(root) == result.nodes
    assert root.score == result.score
    assert root.value == result.value
    path = best_path(root)
    assert path[-1].board.is_over
    for node, child in pairwise(path):
        assert child.move == minimax(node.board).move


@settings(max_examples=60, deadline=None)
@given(positions(min_moves=2), st.integers(1, 4), st.booleans())
def test_cut_tree_agrees_with_depth_limited_minimax(board, depth, prefer_quick):
    root = fill_values(build_tree(board, max_depth=depth), prefer_quick=prefer_quick)
    result = minimax(board, depth=depth, prefer_quick=prefer_quick)
    assert root.score == result.score
    assert root.value == result.value
    if root.children:
        assert best_path(root)[1].move == result.move


@settings(max_examples=100, deadline=None)
@given(positions(min_moves=3))
def test_children_follow_the_rules(board):
    root = build_tree(board)
    for node in walk(root):
        assert list(node.children) == list(node.board.legal_moves)
        for cell, child in node.children.items():
            assert child.move == cell
            assert child.depth == node.depth + 1
            assert child.board == node.board.play(cell)
    assert count_internal(root) + sum(count_games(root).values()) == count_nodes(root)
