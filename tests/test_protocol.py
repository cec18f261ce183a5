"""The game protocol: a game that is not tic-tac-toe, written only against the protocol of
ttt.core.protocol, is searched, stepped through, counted and played by the same code.

The game: a heap of stones; each player in turn takes 1, 2 or 3; who takes the last stone wins.
The player to move loses exactly when the heap is a multiple of 4 (whatever they take, the other
takes the rest of 4).
"""

import pytest
from time_limits import SEARCH_TIME_LIMIT
from toy_games import Heap

from ttt.play.matches import play_game
from ttt.play.players import random_player
from ttt.core.protocol import Position, final_score
from ttt.search.minimax import alphabeta, minimax
from ttt.search.trace import ENTER, search_steps
from ttt.search.tree import best_path, build_tree, count_games, count_nodes, fill_values

pytestmark = SEARCH_TIME_LIMIT


@pytest.mark.parametrize("stones", range(1, 13))
def test_minimax_and_alphabeta_solve_the_heap(stones):
    heap = Heap(stones)
    assert isinstance(heap, Position)
    expected = -1 if stones % 4 == 0 else 1  # X moves first
    full, pruned = minimax(heap), alphabeta(heap)
    assert full.value == pruned.value == expected
    assert full.score == pruned.score == expected  # no free_cells: every win scores 1
    if expected == 1:
        assert full.move == pruned.move == stones % 4  # leave a multiple of 4
    assert pruned.nodes <= full.nodes == count_nodes(build_tree(heap))


def test_a_depth_limited_search_guesses_0_without_an_estimate():
    # Heap has no estimate(): where the search stops early the game is guessed even
    assert minimax(Heap(10), depth=2).score == 0
    assert minimax(Heap(10), depth=2, evaluate=lambda heap: 0.5).score == 0.5


def test_steps_and_trees_work_on_the_heap():
    heap = Heap(6)
    steps = search_steps(heap, pruning=True)
    assert sum(step.kind == ENTER for step in steps) == alphabeta(heap).nodes
    tree = fill_values(build_tree(heap))
    assert tree.value == 1
    line = best_path(tree)
    assert line[1].move == 2 and line[-1].board.winner == "X"
    games = count_games(tree)
    assert games["draw"] == 0 and games["X"] + games["O"] == sum(1 for _ in _leaves(tree))


def test_players_play_the_heap():
    game = play_game(random_player(1), random_player(2), Heap(9))
    assert game.board.is_over and game.winner in ("X", "O")
    assert sum(game.moves) == 9
    assert final_score(game.board) == (1 if game.winner == "X" else -1)


def _leaves(node):
    if not node.children:
        yield node
    for child in node.children.values():
        yield from _leaves(child)
