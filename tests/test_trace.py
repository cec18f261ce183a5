"""A search traced step by step tells the same story as the search itself: same nodes, same
values; one Recorder traces minimax, alpha-beta, expectimax and Monte Carlo tree search."""

from collections import Counter
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import positions

from ttt.games.board import Board
from ttt.search.expectimax import expectimax
from ttt.search.mcts import mcts
from ttt.search.minimax import alphabeta, minimax
from ttt.search.trace import (
    BACK_UP,
    CUT,
    ENTER,
    EXPAND,
    LEAF,
    PLAY_OUT,
    SELECT,
    Recorder,
    describe,
    mcts_steps,
    search_steps,
)


def small(board: Board) -> bool:
    return 9 - board.moves_made <= 7


@settings(max_examples=60, deadline=None)
@given(positions().filter(small), st.booleans())
def test_minimax_steps_visit_the_same_nodes_and_find_the_same_score(board, prefer_quick):
    steps = list(search_steps(board, prefer_quick=prefer_quick))
    result = minimax(board, prefer_quick=prefer_quick)
    assert sum(step.kind == ENTER for step in steps) == result.nodes
    assert steps[-1].kind in (BACK_UP, LEAF) and steps[-1].path == ()
    assert steps[-1].value == result.score
    assert not any(step.kind == CUT for step in steps)


@settings(max_examples=60, deadline=None)
@given(positions().filter(small), st.booleans(), st.booleans())
def test_alphabeta_steps_visit_the_same_nodes_and_find_the_same_score(board, ordered,
                                                                      prefer_quick):
    steps = list(search_steps(board, pruning=True, ordered=ordered, prefer_quick=prefer_quick))
    result = alphabeta(board, ordered=ordered, prefer_quick=prefer_quick)
    assert sum(step.kind == ENTER for step in steps) == result.nodes
    assert steps[-1].value == result.score


def test_every_position_is_entered_before_it_is_scored_or_backed_up():
    # X O .
    # . X .
    # . . O      X to move
    board = Board.from_string("XO.|.X.|..O")
    entered = set()
    for step in search_steps(board, pruning=True):
        if step.kind == ENTER:
            entered.add(step.path)
        else:
            assert step.path in entered


def test_a_finished_position_is_one_enter_and_one_leaf_step():
    # X X X
    # O O .
    # . . .
    steps = list(search_steps(Board.from_string("XXX|OO.|...")))
    assert [(step.kind, step.value) for step in steps] == [(ENTER, None), (LEAF, 5)]


def test_backup_takes_the_max_for_x_and_the_min_for_o():
    # X O X
    # O O X
    # . X .      O to move: at 6 X then wins at 8 (+1); at 8 the game is drawn (0)
    board = Board.from_string("XOX|OOX|.X.")
    steps = list(search_steps(board, prefer_quick=False))
    root = steps[-1]
    assert root.kind == BACK_UP and root.board.to_move == "O"
    assert root.children == ((6, 1), (8, 0)) and root.value == 0
    for step in steps:
        if step.kind == BACK_UP:
            pick = max if step.board.to_move == "X" else min
            assert step.value == pick(value for _, value in step.children)


def test_alphabeta_prunes_and_records_the_skipped_moves():
    # X . .
    # . . .
    # O . X      O to move: every O move loses
    board = Board.from_string("X..|...|O.X")
    steps = list(search_steps(board, pruning=True))
    prunes = [step for step in steps if step.kind == CUT]
    assert prunes, "alpha-beta should cut something on this position"
    for step in prunes:
        assert step.alpha >= step.beta
        entered = {s.path for s in steps if s.kind == ENTER}
        assert all((*step.path, cell) not in entered for cell in step.pruned)
    kinds = Counter(step.kind for step in steps)
    assert kinds[ENTER] < minimax(board).nodes


def test_the_same_recorder_traces_expectimax_with_chance_nodes_averaging():
    # X O X
    # . O .
    # . . .      X to move, O at random
    board = Board.from_string("XOX|.O.|...")
    recorder = Recorder()
    result = expectimax(board, "O", watch=recorder)
    steps = recorder.steps
    # every position valued is entered; one met again is entered again, its value read from
    # the table
    entered = [step.board for step in steps if step.kind == ENTER]
    assert len(set(entered)) == result.nodes < len(entered)
    assert steps[-1].kind == BACK_UP and steps[-1].path == () and steps[-1].value == result.value
    for step in steps:
        if step.kind == BACK_UP and step.board.to_move == "O":  # a chance node
            values = [value for _, value in step.children]
            assert step.value == Fraction(sum(values), len(values))


def test_mcts_steps_are_the_phases_of_the_same_search_in_order():
    board = Board.from_string("XOX|.O.|...")
    steps = mcts_steps(board, 6, seed=2)
    result = mcts(board, 6, seed=2)
    backups = [step for step in steps if step.kind == BACK_UP]
    assert [step.playout for step in backups] == list(range(1, 7))
    assert backups[-1].tree == result.tree
    assert {step.kind for step in steps} <= {SELECT, EXPAND, PLAY_OUT, BACK_UP}
    for step in steps:
        after = board
        for move in step.path:
            after = after.play(move)
        assert step.board == after


def test_describe_says_the_playout_the_phase_and_the_result():
    # . . .
    # . O .
    # X O X      X to move
    steps = mcts_steps(Board.from_string("...|.O.|XOX"), 1, seed=1)
    assert [describe(step) for step in steps] == [
        "playout 1,   select: at ()",
        "playout 1,   expand: at (1,)",
        "playout 1, play out: at (1,), random moves (0, 3, 2, 5), result +0",
        "playout 1,  back up: at (1,), result +0 counted up to the root"]
