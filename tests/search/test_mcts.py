"""Tests of ttt.search.mcts: Monte Carlo tree search, judged by the exact solver.

Positions are drawn in the comments, cells numbered 0-8 in reading order. A tally's mean is from
the point of view of the player who moved into the position: +1 a win for that player, -1 a loss.
"""

import math

import pytest
from time_limits import SEARCH_TIME_LIMIT
from toy_games import Heap

from ttt.catalogue import make_player
from ttt.core.protocol import opponent
from ttt.games.board import Board, IllegalMoveError
from ttt.play.matches import play_game
from ttt.play.players import mcts_player, random_player
from ttt.search.mcts import EXPLORATION, Tally, TreeNode, mcts, ucb1
from ttt.search.perfect import shared_solver
from ttt.search.trace import BACK_UP, EXPAND, PLAY_OUT, SELECT, mcts_steps

pytestmark = SEARCH_TIME_LIMIT

SEEDS = range(20)


def outcomes(board: Board) -> dict[int, int]:
    """Each move's result with perfect play after it, for the player making it: +1, 0 or -1."""
    sign = 1 if board.to_move == "X" else -1
    return {cell: sign * outcome.value
            for cell, outcome in shared_solver().move_outcomes(board).items()}


def board_at(board, path):
    for cell in path:
        board = board.play(cell)
    return board


# --- choosing well, for every seed ------------------------------------------------------------

#: With this many playouts every one of 20 seeds finds the only move that does not lose, on each of
#: the 1,616 positions that have one (checked once, in a few minutes); the hardest are the corner
#: openings, where O must take the centre (at 300 playouts some seeds still take another cell).
PLAYOUTS = 1000
#: A forced win several moves deep needs more: at 1,000 playouts 5 of the 2,380 positions where
#: some moves win and others do not were missed by one seed of 20; at this many, none of the 96
#: with six or more free cells (all those missed) was.
WIN_PLAYOUTS = 2000

ONLY_MOVE_THAT_DOES_NOT_LOSE = [
    # X X .
    # . O .
    # . . .    O to move: 2 blocks and draws; anything else loses
    ("XX.|.O.|...", 2),
    # X . .
    # . . .
    # . . .    O to move: after a corner opening only the centre draws
    ("X..|...|...", 4),
    # . . X
    # . . .
    # . . .    the same, mirrored
    ("..X|...|...", 4),
    # O . X
    # . . .
    # . X .    O to move: only 6 draws (it blocks nothing yet, but every other move lets X fork)
    ("O.X|...|.X.", 6),
    # . X .
    # . . .
    # O . X    O to move: only 0 draws
    (".X.|...|O.X", 0),
]


@pytest.mark.parametrize("text, move", ONLY_MOVE_THAT_DOES_NOT_LOSE)
def test_mcts_finds_the_only_move_that_does_not_lose_for_every_seed(text, move):
    board = Board.from_string(text)
    assert [cell for cell, result in outcomes(board).items() if result >= 0] == [move]
    assert {mcts(board, PLAYOUTS, seed).move for seed in SEEDS} == {move}


FORCED_WINS = [
    # X X .
    # O O .
    # . . .    X to move: 2 wins at once; 5 only draws, 6, 7 and 8 lose
    ("XX.|OO.|...", {2}),
    # O . .
    # X . .
    # O . X    X to move: only 5 wins (a fork: 4 and 2 both threaten); 7 even loses
    ("O..|X..|O.X", {5}),
    # O . .
    # . . .
    # . X .    X to move: only 6 wins, in 5 moves; four moves lose
    ("O..|...|.X.", {6}),
    # . . O
    # . . X
    # . . X    O to move: 0 and 1 win (O takes the top row or the centre next), 3 and 4 draw,
    #          6 and 7 lose
    ("..O|..X|..X", {0, 1}),
]


@pytest.mark.parametrize("text, wins", FORCED_WINS)
def test_mcts_plays_a_forced_win_for_every_seed(text, wins):
    board = Board.from_string(text)
    assert {cell for cell, result in outcomes(board).items() if result == 1} == wins
    assert {mcts(board, WIN_PLAYOUTS, seed).move for seed in SEEDS} <= wins


@pytest.mark.parametrize("stones", [5, 6, 7, 9, 10, 11])
def test_mcts_wins_another_game_for_every_seed(stones):
    # a heap of stones, 1-3 taken in turn, who takes the last wins: leave a multiple of 4
    assert {mcts(Heap(stones), PLAYOUTS, seed).move for seed in SEEDS} == {stones % 4}


# --- what the search counts -------------------------------------------------------------------


def test_one_playout_from_a_last_move():
    # X O X
    # O X O
    # O X .    X to move: 8 completes the diagonal. X moved into the new position and won (+1);
    #          the root counts it for O, who moved last before it (-1).
    result = mcts(Board.from_string("XOX|OXO|OX."), playouts=1, seed=0)
    assert result.move == 8
    assert result.moves == {8: Tally(1, 1.0)}
    assert result.tree == {(): Tally(1, -1.0), (8,): Tally(1, 1.0)}
    assert result.playouts == 1 and result.nodes == 1


def test_a_win_for_o_counts_plus_one_for_o():
    # X O .
    # X O .
    # . . X    O to move: 7 wins at once (1-4-7); from O's point of view that is +1, though the
    #          score from X's point of view is -1
    result = mcts(Board.from_string("XO.|XO.|..X"), playouts=200, seed=3)
    assert result.move == 7
    assert result.moves[7].mean == 1.0


def test_back_up_flips_the_sign_at_every_level():
    # . . X
    # . . .
    # . . .    O to move: each back-up adds the result to every position on its path, for the
    #          player who moved into it: +result for X, -result for O
    board = Board.from_string("..X|...|...")
    steps = mcts_steps(board, 60, seed=2)
    before = {(): Tally(0, None)}
    for step in steps:
        if step.kind == BACK_UP:
            for depth in range(len(step.path) + 1):
                path = step.path[:depth]
                mover = board_at(board, path[:-1]).to_move if path else opponent(board.to_move)
                old, new = before.get(path, Tally(0, None)), step.tree[path]
                added = new.mean * new.visits - (old.mean * old.visits if old.visits else 0)
                assert new.visits == old.visits + 1
                assert math.isclose(added, step.value if mover == "X" else -step.value,
                                    abs_tol=1e-9)
        before = step.tree
    assert {step.value for step in steps if step.kind == BACK_UP} == {-1, 0, 1}


def test_visits_add_up_and_means_stay_between_minus_one_and_one():
    # every playout but the first through a position goes on to one of its children; the root has
    # no playout of its own, and a finished game has no children
    result = mcts(Board(), playouts=500, seed=4)
    tree = result.tree
    assert tree[()].visits == 500 == sum(tally.visits for tally in result.moves.values())
    for path, tally in tree.items():
        below = sum(tree[p].visits for p in tree if len(p) == len(path) + 1 and p[:-1] == path)
        if board_at(Board(), path).is_over:
            assert below == 0
        else:
            assert tally.visits == below + (1 if path else 0)
        assert -1 <= tally.mean <= 1
    assert result.move == max(result.moves, key=lambda move: result.moves[move])


def test_the_chosen_move_is_the_most_visited():
    result = mcts(Board.from_string("..X|...|..."), playouts=300, seed=1)
    most = max(tally.visits for tally in result.moves.values())
    assert result.moves[result.move].visits == most


def test_with_fewer_playouts_than_moves_some_moves_are_not_tried():
    result = mcts(Board(), playouts=3, seed=1)
    assert sum(tally.visits for tally in result.moves.values()) == 3
    assert list(result.moves) == list(range(9))
    assert sum(tally == Tally(0, None) for tally in result.moves.values()) == 6


def test_ucb1_adds_a_bonus_for_rare_moves():
    parent = TreeNode(Board())
    child = TreeNode(Board().play(4), 4, parent)
    child.visits, child.total = 4, 2
    assert ucb1(child, 16) == pytest.approx(0.5 + math.sqrt(2) * math.sqrt(math.log(16) / 4))
    assert ucb1(child, 16, exploration=0) == 0.5
    assert math.sqrt(2) == EXPLORATION
    assert parent.player == "O" and child.player == "X"  # X moved into the child


# --- the same for a seed ----------------------------------------------------------------------


def test_the_same_seed_gives_the_same_search():
    board = Board.from_string("X..|.O.|...")
    assert mcts(board, 300, seed=5) == mcts(board, 300, seed=5)
    assert len({tuple(mcts(board, 300, seed).moves.values()) for seed in range(5)}) == 5


def test_the_steps_are_the_same_search():
    board = Board.from_string("X..|.O.|...")
    steps = mcts_steps(board, 40, seed=6)
    assert steps[-1].tree == mcts(board, 40, seed=6).tree
    assert [step.kind for step in steps[:4]] == [SELECT, EXPAND, PLAY_OUT, BACK_UP]
    assert [step.playout for step in steps if step.kind == BACK_UP] == list(range(1, 41))

def test_each_move_of_the_root_is_expanded_once_before_selection_goes_below_it():
    # X O X
    # . O .
    # . . .    X to move: five moves; the first five playouts select the root and expand them
    board = Board.from_string("XOX|.O.|...")
    steps = mcts_steps(board, 8, seed=1)
    selected = [step.path for step in steps if step.kind == SELECT]
    expanded = [step.path for step in steps if step.kind == EXPAND]
    assert selected[:5] == [()] * 5 and all(selected[5:])
    assert sorted(expanded[:5]) == [(move,) for move in board.legal_moves]
    assert all(steps[19].tree[(move,)].visits == 1 for move in board.legal_moves)


def test_selection_goes_to_the_child_with_the_best_ucb1_score():
    # X O X
    # . O .
    # . . .    X to move
    steps = mcts_steps(Board.from_string("XOX|.O.|..."), 30, seed=7)
    deep = [step for step in steps if step.kind == SELECT and len(step.path) >= 2]
    assert deep
    for step in deep:
        for depth in range(1, len(step.path) + 1):
            chosen = step.path[:depth]
            brothers = {path: score for path, score in step.scores.items()
                        if path[:-1] == chosen[:-1]}
            assert brothers[chosen] == max(brothers.values())


def test_a_playout_plays_to_the_end_of_the_game():
    board = Board.from_string("X..|.O.|...")
    for step in mcts_steps(board, 20, seed=8):
        if step.kind == PLAY_OUT:
            end = board_at(board, step.path + step.moves)
            assert end.is_over
            assert step.value == {"X": 1, "O": -1, None: 0}[end.winner]
        if step.kind == EXPAND:
            assert step.tree[step.path] == Tally(0, None)


# --- the player -------------------------------------------------------------------------------


def test_the_mcts_player_is_named_after_its_playouts_and_replays_with_a_seed():
    player = make_player("mcts-200", seed=1)
    assert player.__name__ == "mcts-200"
    first = play_game(player, random_player(2))
    again = play_game(make_player("mcts-200", seed=1), random_player(2))
    assert first == again


def test_the_mcts_player_takes_a_win():
    # X X .
    # O O .
    # . . .
    assert {mcts_player(200, seed)(Board.from_string("XX.|OO.|...")) for seed in SEEDS} == {2}


def test_the_mcts_player_notes_the_nodes_of_each_search_in_a_list_given():
    nodes = []
    board = Board.from_string("X..|.O.|...")
    move = mcts_player(50, seed=3, nodes=nodes)(board)
    again = mcts_player(50, seed=3)(board)
    assert move == again  # noting the nodes changes nothing of the play
    assert len(nodes) == 1 and nodes[0] >= 50  # each playout makes one new node at least
    with pytest.raises(TypeError, match="nodes is a list"):
        mcts_player(50, nodes=(1, 2))



# --- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize("playouts, error", [(0, ValueError), (-5, ValueError),
                                             (2.0, TypeError), (True, TypeError)])
def test_playouts_are_a_whole_number_of_at_least_one(playouts, error):
    with pytest.raises(error, match="playouts"):
        mcts(Board(), playouts)
    with pytest.raises(error, match="playouts"):
        mcts_player(playouts)


@pytest.mark.parametrize("name", ["mcts-0", "mcts-", "mcts-1.5", "MCTS-10"])
def test_make_player_refuses_bad_mcts_names(name):
    with pytest.raises(ValueError, match="unknown player"):
        make_player(name)


def test_a_finished_game_has_no_move_to_search():
    # X X X
    # O O .
    # . . .
    with pytest.raises(IllegalMoveError, match=r"the game is over \(X wins\)"):
        mcts(Board.from_string("XXX|OO.|..."))


def test_a_seed_is_a_whole_number():
    with pytest.raises(TypeError, match="a seed is a whole number"):
        mcts(Board(), 10, seed=0.5)


@pytest.mark.parametrize("exploration, error", [(-1, ValueError), (math.nan, ValueError),
                                                (math.inf, ValueError), ("1", TypeError),
                                                (True, TypeError), (None, TypeError)])
def test_exploration_is_a_finite_number_of_at_least_zero(exploration, error):
    with pytest.raises(error, match="exploration is a"):
        mcts(Board(), 10, exploration=exploration)
    with pytest.raises(error, match="exploration is a"):
        mcts_steps(Board(), 2, exploration=exploration)


def test_a_string_is_not_a_position():
    with pytest.raises(TypeError, match=r"Board\.from_string"):
        mcts("X..|...|...")

