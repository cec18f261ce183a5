"""Tests of ttt.search.counting: tree sizes, nodes by depth, results and positions counted with a memo,
compared with the explicit tree of ttt.search.tree (whose counts walk the nodes it built: they must be the
same numbers) and with searches that walk every node; Knuth's estimate; nodes per move; the exact
odds of random play.

Positions are drawn in the comments, cells numbered 0-8 in reading order.
"""

from dataclasses import dataclass
from fractions import Fraction

import pytest
from hypothesis import given, settings
from strategies import positions
from toy_games import Heap

from ttt.games.board import Board
from ttt.search.counting import (
    TreeCount,
    TreeEstimate,
    count_tree,
    distinct_positions,
    estimate_tree_size,
    games_by_result,
    nodes_by_depth,
    nodes_per_move,
    positions_of_game,
    random_game_odds,
    reachable_positions,
    tree_size,
    tree_size_exceeds,
)
from ttt.games.mnk import MNK, ConnectFour, connect_four, mnk
from ttt.play.matches import tournament
from ttt.play.players import random_player
from ttt.core.protocol import opponent
from ttt.search.minimax import alphabeta, minimax
from ttt.search.tree import build_tree, count_by_depth, count_games, count_nodes, distinct_boards, walk

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
    assert nodes_by_depth(Board()) == nodes_by_depth(Board(), symmetry=False) \
        == tuple(count_by_depth(tree)) == (1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448,
                                           127872)
    assert set(reachable_positions()) == distinct_boards(tree)


def test_the_empty_board_reaches_every_position_once():
    assert distinct_positions(Board()) == len(reachable_positions()) == 5_478
    assert len(set(reachable_positions())) == 5_478
    assert distinct_positions(Board(), symmetry=True) \
        == len({board.canonical() for board in reachable_positions()}) == 765


def test_reachable_positions_come_breadth_first():
    reached = reachable_positions()
    assert reached[0] == Board()
    assert [board.moves_made for board in reached] \
        == sorted(board.moves_made for board in reached)


def test_reachable_positions_with_symmetry_keep_one_of_each_family():
    families = reachable_positions(Board(), symmetry=True)
    assert len({board.canonical() for board in families}) == len(families) == 765
    assert set(families) <= set(reachable_positions())


@settings(max_examples=40, deadline=None)
@given(positions(min_moves=2))
def test_a_position_counts_as_its_explicit_tree(board):
    tree = build_tree(board)
    assert tree_size(board) == tree_size(board, symmetry=False) == count_nodes(tree)
    assert games_by_result(board) == count_games(tree)
    assert nodes_by_depth(board) == nodes_by_depth(board, symmetry=False) \
        == tuple(count_by_depth(tree))
    assert distinct_positions(board) == count_tree(board, symmetry=False).positions \
        == len(distinct_boards(tree)) == len({node.board for node in walk(tree)})
    assert set(reachable_positions(board)) == distinct_boards(tree)


@settings(max_examples=20, deadline=None)
@given(positions(min_moves=1))
def test_a_cut_tree_has_the_top_levels_of_the_full_one(board):
    for depth in (1, 2, 3):
        assert count_by_depth(build_tree(board, max_depth=depth)) \
            == list(nodes_by_depth(board)[:depth + 1])


def test_a_finished_game_is_one_node_and_one_game():
    # X X X
    # O O .
    # . . .
    board = Board.from_string("XXX|OO.|...")
    assert tree_size(board) == distinct_positions(board) == 1
    assert nodes_by_depth(board) == (1,)
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
    assert sum(nodes_by_depth(position)) == walked
    assert nodes_by_depth(position) == nodes_by_depth(position, symmetry=False)


@settings(max_examples=30, deadline=None)
@given(positions(min_moves=3))
def test_a_tree_exceeds_exactly_the_limits_below_its_size(board):
    size = tree_size(board)
    assert not tree_size_exceeds(board, size)
    assert size == 1 or tree_size_exceeds(board, size - 1)


def test_a_tree_of_trillions_exceeds_a_limit_at_once():
    assert tree_size_exceeds(connect_four(), 50_000)
    assert not tree_size_exceeds(Heap(9), tree_size(Heap(9)))


# --- another game -----------------------------------------------------------------------------


@pytest.mark.parametrize("stones", [0, 1, 4, 9])
def test_a_game_without_symmetry_counts_as_its_explicit_tree(stones):
    tree = build_tree(Heap(stones))
    assert tree_size(Heap(stones)) == count_nodes(tree) == minimax(Heap(stones)).nodes
    assert games_by_result(Heap(stones)) == count_games(tree)
    assert nodes_by_depth(Heap(stones)) == tuple(count_by_depth(tree))


def test_the_heap_reaches_each_size_with_either_player_to_move():
    # 9 stones, X to move: after k moves, between k and 3k stones are gone, and X is to move
    # if k is even (so 8 stones with X to move cannot happen: one stone gone in two moves)
    expected = {Heap(9 - gone, "XO"[k % 2]) for k in range(10) for gone in range(k, 3 * k + 1)
                if gone <= 9}
    assert distinct_positions(Heap(9)) == len(expected) == 18
    assert set(reachable_positions(Heap(9))) == expected


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


# --- the odds of random play ------------------------------------------------------------------


def test_random_game_odds_are_exact_probabilities():
    odds = random_game_odds()
    assert sum(odds.values()) == 1
    assert all(isinstance(chance, Fraction) for chance in odds.values())
    # X X X
    # O O .
    # . . .      finished: X has won
    assert random_game_odds(Board.from_string("XXX|OO.|...")) == {"X": 1, "O": 0, "draw": 0}
    # X O X
    # X O O
    # O X .      X to move, one cell left: X at 8 makes no line, a draw
    assert random_game_odds(Board.from_string("XOX|XOO|OX.")) == {"X": 0, "O": 0, "draw": 1}
    # X O X
    # X O O
    # . . .      X to move: 6 wins at once (1/3); after 7 or 8, O's random reply decides
    board = Board.from_string("XOX|XOO|...")
    after = [random_game_odds(board.play(cell)) for cell in (6, 7, 8)]
    odds = random_game_odds(board)
    assert after[0]["X"] == 1
    assert odds == {name: sum(a[name] for a in after) / 3 for name in odds}


def test_random_game_odds_match_a_long_simulation():
    odds = random_game_odds()
    games = 20_000
    results = tournament(random_player(seed=7), random_player(seed=8), games=games)
    for name, chance in odds.items():
        sigma = (float(chance) * (1 - float(chance)) / games) ** 0.5
        assert abs(results[name] / games - float(chance)) < 4 * sigma


def test_random_game_odds_weigh_the_games_by_their_chance():
    # X . .
    # . O .
    # . . .      every free cell equally likely: a game ending n moves later is played with
    #            chance 1/(7·6·...·(8-n)); each game weighted by its chance
    board = Board.from_string("X..|.O.|...")
    tree = build_tree(board)
    chance = {id(tree): Fraction(1)}
    for node in walk(tree):  # parents first: each node's chance is known before its children's
        for child in node.children.values():
            chance[id(child)] = chance[id(node)] / len(node.children)
    weighed = {"X": Fraction(0), "O": Fraction(0), "draw": Fraction(0)}
    for node in walk(tree):
        if not node.children:
            weighed[node.board.winner or "draw"] += chance[id(node)]
    assert random_game_odds(board) == weighed


def test_random_game_odds_of_any_game():
    assert random_game_odds(mnk(3, 3, 3)) == random_game_odds(Board())
    # a heap of 1 or 2 stones: X takes them all with chance 1 or 1/2
    assert random_game_odds(Heap(1)) == {"X": 1, "O": 0, "draw": 0}
    assert random_game_odds(Heap(2)) == {"X": Fraction(1, 2), "O": Fraction(1, 2), "draw": 0}


# --- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [tree_size, games_by_result, nodes_by_depth, distinct_positions,
                                   reachable_positions, estimate_tree_size, random_game_odds])
def test_a_string_is_not_a_position(count):
    with pytest.raises(TypeError, match="Board.from_string"):
        count("X..|...|...")


def test_a_string_has_no_tree_to_measure():
    with pytest.raises(TypeError, match="Board.from_string"):
        tree_size_exceeds("X..|...|...", 10)


@pytest.mark.parametrize(("probes", "error"), [(0, ValueError), (2.5, TypeError),
                                               (True, TypeError)])
def test_probes_are_a_whole_number_of_at_least_one(probes, error):
    with pytest.raises(error, match="probes"):
        estimate_tree_size(Board(), probes)


@pytest.mark.parametrize(("limit", "error"), [(0, ValueError), (1.5, TypeError)])
def test_a_limit_is_a_whole_number_of_at_least_one(limit, error):
    with pytest.raises(error, match="limit"):
        tree_size_exceeds(Board(), limit)


def test_a_seed_is_a_whole_number():
    with pytest.raises(TypeError, match="seed"):
        estimate_tree_size(Board(), 10, seed=0.5)


def test_an_illegal_move_in_a_game_is_refused():
    with pytest.raises(ValueError, match="4"):
        nodes_per_move(Board(), (4, 4))


def test_random_game_odds_follow_a_player_given_for_one_side():
    # X O X
    # X O O
    # . . .      X to move: a player that takes the lowest free cell wins at once at 6; one that
    #            takes the highest plays 8, then the random O wins at 7 (column 1, 4, 7) or plays
    #            6, and X's 7 fills the board: a draw
    board = Board.from_string("XOX|XOO|...")
    random_play = random_game_odds(board)
    lowest, highest = (lambda p: min(p.legal_moves)), (lambda p: max(p.legal_moves))
    assert random_game_odds(board, x_player=lowest) == {"X": 1, "O": 0, "draw": 0}
    assert random_game_odds(board, x_player=highest) == {"X": 0, "O": Fraction(1, 2),
                                                         "draw": Fraction(1, 2)}
    # a player on both sides is one game (X 8, O 7: O's column); random play's own odds are
    # not changed by the players' (each call with a player has a memo of its own)
    assert random_game_odds(board, highest, highest) == {"X": 0, "O": 1, "draw": 0}
    assert random_game_odds(board) == random_play
