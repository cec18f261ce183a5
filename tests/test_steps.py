"""The step-by-step search tells the same story as the fast search: same nodes, same values."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import positions

from ttt.board import Board
from ttt.search import alphabeta, minimax
from ttt.steps import BACKUP, ENTER, FINAL, PRUNE, search_steps


def small(board: Board) -> bool:
    return 9 - board.moves_made <= 7


@settings(max_examples=60, deadline=None)
@given(positions().filter(small), st.booleans())
def test_minimax_steps_visit_the_same_nodes_and_find_the_same_score(board, prefer_quick):
    steps = list(search_steps(board, prefer_quick=prefer_quick))
    result = minimax(board, prefer_quick=prefer_quick)
    assert sum(step.kind == ENTER for step in steps) == result.nodes
    assert steps[-1].kind in (BACKUP, FINAL) and steps[-1].path == ()
    assert steps[-1].value == result.score
    assert not any(step.kind == PRUNE for step in steps)


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


def test_a_finished_position_is_one_enter_and_one_final_step():
    # X X X
    # O O .
    # . . .
    steps = list(search_steps(Board.from_string("XXX|OO.|...")))
    assert [(step.kind, step.value) for step in steps] == [(ENTER, None), (FINAL, 5)]


def test_backup_takes_the_max_for_x_and_the_min_for_o():
    # X O X
    # O O X
    # . X .      O to move: at 6 X then wins at 8 (+1); at 8 the game is drawn (0)
    board = Board.from_string("XOX|OOX|.X.")
    steps = list(search_steps(board, prefer_quick=False))
    root = steps[-1]
    assert root.kind == BACKUP and root.board.to_move == "O"
    assert root.children == ((6, 1), (8, 0)) and root.value == 0
    for step in steps:
        if step.kind == BACKUP:
            pick = max if step.board.to_move == "X" else min
            assert step.value == pick(value for _, value in step.children)


def test_alphabeta_prunes_and_records_the_skipped_moves():
    # X . .
    # . . .
    # O . X      O to move: every O move loses
    board = Board.from_string("X..|...|O.X")
    steps = list(search_steps(board, pruning=True))
    prunes = [step for step in steps if step.kind == PRUNE]
    assert prunes, "alpha-beta should cut something on this position"
    for step in prunes:
        assert step.alpha >= step.beta
        entered = {s.path for s in steps if s.kind == ENTER}
        assert all((*step.path, cell) not in entered for cell in step.pruned)
    kinds = Counter(step.kind for step in steps)
    assert kinds[ENTER] < minimax(board).nodes
